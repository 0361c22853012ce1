"""Stage 1: open a PDF with pdfminer.six and record every glyph a page draws (SPEC §1).

pdfminer.six parses the file and interprets each page's content stream; instead of its
``LAParams`` layout analysis (slow, quadratic on some pages) a lean collecting device records one
:class:`~pdfprose.model.Glyph` per drawn glyph, already in page space: points, origin at the top
left of the page as displayed, after /Rotate and the CropBox.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdfdocument import PDFDocument, PDFNoValidXRef, PDFPasswordIncorrect
from pdfminer.pdffont import PDFFont, PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.utils import mult_matrix

from .characters import clean_glyph_text
from .errors import NotAPdfError, PasswordRequiredError, UnreadablePdfError, WrongPasswordError
from .fonts import FontFacts, font_facts
from .model import Glyph

MIN_VISIBLE_SIZE = 1.0
"""SPEC §1: text smaller than 1 pt is invisible to a reader and not part of the page."""

CROPBOX_TOLERANCE = 1.0
"""Points a glyph's centre may lie outside the CropBox before it counts as outside (rounding in
producers' boxes puts edge glyphs a fraction of a point out)."""

HEADER_SEARCH_BYTES = 1024
"""The ``%PDF-`` header may follow some junk; readers accept it within the first 1024 bytes."""

INVISIBLE_RENDER_MODES = (3, 7)
"""Text render modes that paint nothing (ISO 32000-1, 9.3.6): 3 = invisible, 7 = clip only."""

# pdfminer logs every recoverable oddity of a real-world file at WARNING; the page report carries
# what matters to a user, so keep the logs from flooding stderr and the browser console.
logging.getLogger("pdfminer").setLevel(logging.ERROR)


@dataclass(slots=True)
class ParsedPage:
    """One page's glyphs in page space, or the reason it could not be read.

    ``width``/``height`` are the displayed (cropped, rotated) page size in points.
    ``hidden_count`` counts glyphs left out as invisible (outside the CropBox, under 1 pt, or
    invisible render mode with no image beneath).
    """

    number: int
    width: float
    height: float
    glyphs: list[Glyph] = field(default_factory=list)
    hidden_count: int = 0
    has_image: bool = False
    error: str | None = None


class _GlyphCollector(PDFTextDevice):
    """A pdfminer device that records glyphs instead of building ``LTChar`` layout objects."""

    def __init__(self, rsrcmgr: PDFResourceManager) -> None:
        super().__init__(rsrcmgr)
        self._fonts: dict[int, FontFacts] = {}
        self._render_mode = 0
        self._crop = (0.0, 0.0, 0.0, 0.0)
        self.glyphs: list[Glyph] = []
        self.invisible: list[Glyph] = []
        self.hidden = 0
        self.has_image = False

    # -- page ------------------------------------------------------------------------------
    def start(self, page: PDFPage, ctm: tuple[float, ...]) -> tuple[float, float]:
        """Reset for ``page`` and return its displayed size (width, height) in points."""
        self.glyphs, self.invisible, self.hidden, self.has_image = [], [], 0, False
        x0, y0, x1, y1 = page.cropbox
        corners = [_apply(ctm, x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        self._crop = (min(xs), min(ys), max(xs), max(ys))
        return (max(xs) - min(xs), max(ys) - min(ys))

    def render_image(self, name: str, stream: PDFStream) -> None:
        self.has_image = True

    def render_string(self, textstate, seq, ncs, graphicstate) -> None:  # type: ignore[no-untyped-def]
        self._render_mode = textstate.render
        super().render_string(textstate, seq, ncs, graphicstate)

    # -- glyph -----------------------------------------------------------------------------
    def render_char(  # type: ignore[override]
        self,
        matrix: tuple[float, float, float, float, float, float],
        font: PDFFont,
        fontsize: float,
        scaling: float,
        rise: float,
        cid: int,
        ncs: object,
        graphicstate: object,
    ) -> float:
        facts = self._fonts.get(id(font))
        if facts is None:
            facts = self._fonts[id(font)] = font_facts(font)
        try:
            raw = font.to_unichr(cid)
        except PDFUnicodeNotDefined:
            raw = None
        except Exception:  # a broken CMap must cost one glyph, not the page
            raw = None
        width = font.char_width(cid)
        adv = width * fontsize * scaling
        text, unmapped = clean_glyph_text(raw, facts.symbolic)

        a, b, c, d, e, f = matrix
        size = fontsize * math.hypot(c, d)
        if size < MIN_VISIBLE_SIZE:
            if text.strip():
                self.hidden += 1
            return adv
        cx0, cy0, cx1, cy1 = self._crop

        if facts.vertical:
            disp = font.char_disp(cid)
            vx = disp[0] if isinstance(disp, tuple) else None
            vy = disp[1] if isinstance(disp, tuple) else 880.0
            vx = fontsize * 0.5 if vx is None else vx * fontsize * 0.001
            vy = (1000 - vy) * fontsize * 0.001
            bx0, by0, bx1, by1 = -vx, vy + rise + adv, -vx + fontsize, vy + rise
            ox, oy = e, f
        else:
            descent = facts.descent * fontsize
            bx0, by0, bx1, by1 = 0.0, descent + rise, adv, descent + rise + fontsize
            ox, oy = e, f
        xs = (a * bx0 + c * by0, a * bx1 + c * by0, a * bx0 + c * by1, a * bx1 + c * by1)
        ys = (b * bx0 + d * by0, b * bx1 + d * by0, b * bx0 + d * by1, b * bx1 + d * by1)
        dx0, dx1 = e + min(xs), e + max(xs)
        dy0, dy1 = f + min(ys), f + max(ys)

        mx, my = (dx0 + dx1) / 2, (dy0 + dy1) / 2
        if not (
            cx0 - CROPBOX_TOLERANCE <= mx <= cx1 + CROPBOX_TOLERANCE
            and cy0 - CROPBOX_TOLERANCE <= my <= cy1 + CROPBOX_TOLERANCE
        ):
            if text.strip():
                self.hidden += 1
            return adv

        angle = 0.0 if (b == 0 and a > 0) else math.degrees(math.atan2(b, a))
        glyph = Glyph(
            text=text,
            x0=dx0 - cx0,
            top=cy1 - dy1,
            x1=dx1 - cx0,
            bottom=cy1 - dy0,
            baseline=cy1 - oy,
            size=size,
            font=facts.name,
            bold=facts.bold,
            italic=facts.italic,
            angle=angle,
            vertical=facts.vertical,
            unmapped=unmapped,
        )
        if self._render_mode in INVISIBLE_RENDER_MODES:
            self.invisible.append(glyph)
        else:
            self.glyphs.append(glyph)
        return adv


def _apply(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _page_ctm(page: PDFPage) -> tuple[float, ...]:
    """The CTM pdfminer's interpreter starts a page with (it applies /Rotate and the MediaBox
    origin); repeated here so the collector can map the CropBox the same way."""
    x0, y0, x1, y1 = page.mediabox
    if page.rotate == 90:
        return (0, -1, 1, 0, -y0, x1)
    if page.rotate == 180:
        return (-1, 0, 0, -1, x1, y1)
    if page.rotate == 270:
        return (0, 1, -1, 0, y1, -x0)
    return (1, 0, 0, 1, -x0, -y0)


class ParsedDocument:
    """An opened PDF whose pages can be parsed one at a time (see :func:`open_pdf`)."""

    def __init__(self, document: PDFDocument, pages: list[PDFPage]) -> None:
        self._pages = pages
        self._rsrcmgr = PDFResourceManager(caching=True)
        self._device = _GlyphCollector(self._rsrcmgr)
        self._interpreter = PDFPageInterpreter(self._rsrcmgr, self._device)
        self.warnings: list[str] = []
        if not document.is_extractable:
            self.warnings.append(
                "The document's permissions ask readers not to copy its text; "
                "pdfprose extracts it for your own use."
            )

    @property
    def page_count(self) -> int:
        return len(self._pages)

    def iter_pages(self) -> Iterator[ParsedPage]:
        """Parse the pages in order; a page that fails yields a ParsedPage with ``error``."""
        for number, page in enumerate(self._pages, start=1):
            yield self.parse_page(number, page)

    def parse_page(self, number: int, page: PDFPage) -> ParsedPage:
        device = self._device
        try:
            width, height = device.start(page, _page_ctm(page))
        except Exception as exc:  # noqa: BLE001 - a bad box must not stop the other pages
            return ParsedPage(number, 0.0, 0.0, error=f"unreadable page box: {exc}")
        try:
            self._interpreter.process_page(page)
            error = None
        except Exception as exc:  # noqa: BLE001 - keep what the page drew before the fault
            error = f"{type(exc).__name__}: {exc}" if not device.glyphs else None
            if error is None:
                self.warnings.append(
                    f"Page {number}: the content stream is damaged ({type(exc).__name__}); "
                    "the text before the damage was kept."
                )
        if error is None:
            _render_annotations(self._interpreter, page)
        glyphs = device.glyphs
        hidden = device.hidden
        if device.invisible:
            # Invisible text over an image is an OCR layer: the page's real text (SPEC §1).
            if device.has_image:
                glyphs = glyphs + device.invisible
            else:
                hidden += sum(1 for g in device.invisible if g.text.strip())
        return ParsedPage(
            number=number,
            width=width,
            height=height,
            glyphs=glyphs,
            hidden_count=hidden,
            has_image=device.has_image,
            error=error,
        )


class _RebuiltXRefDocument(PDFDocument):
    """A PDFDocument that ignores the file's cross-reference table and rebuilds it by scanning
    for ``N G obj`` (pdfminer's fallback): for files whose xref offsets point at the wrong bytes,
    which pdfminer accepts silently and then finds no catalog."""

    def find_xref(self, parser: PDFParser) -> int:
        raise PDFNoValidXRef("xref ignored: rebuilding it by scanning the file")


def _open_document(data: bytes, password: str, rebuild: bool) -> tuple[PDFDocument, list[PDFPage]]:
    cls = _RebuiltXRefDocument if rebuild else PDFDocument
    document = cls(PDFParser(io.BytesIO(data)), password=password)
    return document, list(PDFPage.create_pages(document))


ANNOT_HIDDEN = 1 << 1
ANNOT_NOVIEW = 1 << 5
"""Annotation /F flags (ISO 32000-1, 12.5.3): Hidden and NoView annotations are not shown."""


def _render_annotations(interpreter: PDFPageInterpreter, page: PDFPage) -> None:
    """Render the normal appearance of the page's visible annotations (filled-in form fields,
    widget captions, stamps) after its content, as a viewer does: text a reader sees on the page
    is part of it even when it lives in an annotation (ISO 32000-1, 12.5.5)."""
    try:
        annots = resolve1(page.annots) if page.annots else None
    except Exception:  # noqa: BLE001
        return
    if not isinstance(annots, list):
        return
    ctm = _page_ctm(page)
    for ref in annots:
        try:
            annot = resolve1(ref)
            if not isinstance(annot, dict):
                continue
            if int(resolve1(annot.get("F", 0)) or 0) & (ANNOT_HIDDEN | ANNOT_NOVIEW):
                continue
            ap = resolve1(annot.get("AP"))
            if not isinstance(ap, dict):
                continue
            normal = resolve1(ap.get("N"))
            if isinstance(normal, dict) and not isinstance(normal, PDFStream):
                state = resolve1(annot.get("AS"))
                name = getattr(state, "name", None)
                normal = resolve1(normal.get(name)) if name else None
            if not isinstance(normal, PDFStream):
                continue
            rect = [float(resolve1(v)) for v in resolve1(annot.get("Rect"))]
            bbox = [float(resolve1(v)) for v in resolve1(normal.get("BBox", rect))]
            matrix = tuple(float(resolve1(v)) for v in resolve1(normal.get("Matrix", [1, 0, 0, 1, 0, 0])))
            # Map the appearance's transformed BBox onto the annotation's Rect (12.5.5, step 2).
            corners = [_apply(matrix, x, y) for x, y in ((bbox[0], bbox[1]), (bbox[2], bbox[3]),
                                                         (bbox[0], bbox[3]), (bbox[2], bbox[1]))]
            tx0, ty0 = min(c[0] for c in corners), min(c[1] for c in corners)
            tx1, ty1 = max(c[0] for c in corners), max(c[1] for c in corners)
            rx0, ry0, rx1, ry1 = min(rect[0], rect[2]), min(rect[1], rect[3]), max(rect[0], rect[2]), max(rect[1], rect[3])
            sx = (rx1 - rx0) / (tx1 - tx0) if tx1 > tx0 else 1.0
            sy = (ry1 - ry0) / (ty1 - ty0) if ty1 > ty0 else 1.0
            fit = (sx, 0.0, 0.0, sy, rx0 - tx0 * sx, ry0 - ty0 * sy)
            full = mult_matrix(mult_matrix(matrix, fit), ctm)
            resources = resolve1(normal.get("Resources")) or page.resources
            interpreter.render_contents(resources, [normal], ctm=full)
        except Exception:  # noqa: BLE001 - a broken annotation costs itself, not the page
            continue


def open_pdf(data: bytes, password: str = "") -> ParsedDocument:
    """Open ``data`` (a whole PDF file) and list its pages; no page content is parsed yet.

    Raises :class:`NotAPdfError` (empty, or no ``%PDF-`` header in the first 1024 bytes),
    :class:`PasswordRequiredError`, :class:`WrongPasswordError`, or :class:`UnreadablePdfError`
    (a PDF in which no page can be found).
    """
    if not data:
        raise NotAPdfError("the file is empty")
    if b"%PDF-" not in data[:HEADER_SEARCH_BYTES]:
        raise NotAPdfError("this file is not a PDF (it has no %PDF- header)")
    failure: Exception | None = None
    for rebuild in (False, True):
        try:
            document, pages = _open_document(data, password, rebuild)
        except PDFPasswordIncorrect:
            if password:
                raise WrongPasswordError("the password is wrong for this PDF") from None
            raise PasswordRequiredError("this PDF is protected by a password") from None
        except Exception as exc:  # noqa: BLE001 - pdfminer raises many kinds for broken files
            failure = exc
            continue
        if pages:
            break
    else:
        if failure is not None:
            raise UnreadablePdfError(
                f"this PDF cannot be read: {type(failure).__name__}: {failure}"
            ) from failure
        raise UnreadablePdfError("this PDF has no pages that can be found")
    return ParsedDocument(document, pages)
