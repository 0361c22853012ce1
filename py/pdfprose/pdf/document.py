"""Stage 1: open a PDF with pdfminer.six and record every glyph a page draws (SPEC §1).

pdfminer.six parses the file and interprets each page's content stream; instead of its
``LAParams`` layout analysis (slow, quadratic on some pages) a lean collecting device
(:mod:`pdfprose.pdf.collector`) records one :class:`~pdfprose.model.Glyph` per drawn glyph,
already in page space: points, origin at the top left of the page as displayed, after /Rotate
and the CropBox; a page whose text runs mostly sideways is turned upright
(:mod:`pdfprose.pdf.orientation`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from pdfminer.pdfdocument import PDFDocument, PDFNoValidXRef, PDFPasswordIncorrect
from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdffont import PDFCIDFont
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import literal_name

from ..errors import (
    EmptyFileError,
    NotAPdfError,
    PasswordRequiredError,
    UnreadablePdfError,
    WrongPasswordError,
)
from ..budgets import DEFAULT_BUDGETS, ReadBudgets
from ..model import Glyph, OutlineEntry, Shape
from ..notice import Notice
from ..text.characters import REPLACEMENT, SOFT_HYPHEN, clean_glyph_text
from .collector import GlyphCollector
from .content import read_to_unicode
from .drawing import MAX_SHAPES
from .embedded_cmaps import read_embedded_encoding
from .fonts import clip_cid_widths, repair_encoding
from .guards import PageBudget, PageTooComplex, is_damaged
from .fields import needs_appearances
from .interpreter import PageInterpreter, render_annotations
from .limits import limit_notice, read_code, unreadable
from .links import LinkAnnotation, page_indices, read_links
from .marked import apply_actual_text
from .nesting import BoundedNesting
from .objects import BudgetedDocument
from .orientation import Turn, page_turn, turn_glyphs, turn_shapes
from .outline import read_outline
from .pdfspace import Box, page_ctm, shown_box, usable_box
from .streams import InflateBudget, RepairingParser, charge_fonts
from .structure import StructTree, open_structure, tags_usable

HEADER_SEARCH_BYTES = 1024
"""The ``%PDF-`` header may follow some junk; readers accept it within the first 1024 bytes."""

log = logging.getLogger("pdfprose")


@dataclass(slots=True)
class ParsedPage:
    """One page's glyphs in page space, or the reason it could not be read.

    ``width``/``height`` are the displayed (cropped, rotated) page size in points. When the
    page's text runs mostly sideways (see TURN_SHARE), page space is that of the page turned
    upright for reading, and ``turned`` is the angle at which that text ran on the displayed
    page (degrees, counter-clockwise: -90 for text running down the page; 180 also for mirrored
    text); 0 when the page was left as displayed.
    ``hidden_count`` counts glyphs left out as invisible (outside the CropBox or a clipping path,
    under 1 pt, in the colour of what lies beneath, or invisible render mode with no image
    beneath); ``form_count`` the glyphs drawn by annotation appearances (form fields).
    ``shapes`` are the straight lines and rectangles the page draws (:mod:`pdfprose.pdf.drawing`),
    in the same page space; ``shapes_cut`` counts those not kept past its budget.
    """

    number: int
    width: float
    height: float
    glyphs: list[Glyph] = field(default_factory=list)
    hidden_count: int = 0
    form_count: int = 0
    has_image: bool = False
    turned: int = 0
    error: str | None = None
    shapes: list[Shape] = field(default_factory=list)
    shapes_cut: int = 0
    links: list[LinkAnnotation] = field(default_factory=list)
    rules: list[tuple[float, float, float]] = field(default_factory=list)
    drawn: dict[int, Box] = field(default_factory=dict)
    tags: StructTree | None = None
    index: int = 0


def _damaged_content(page: PDFPage) -> bool:
    """True when one of the page's content streams was recovered from damaged compressed data
    (:class:`pdfprose.pdf.guards.Damaged`: zlib stopped before the stream's end or its check)."""
    try:
        streams = [resolve1(c) for c in page.contents]
    except Exception:  # noqa: BLE001 - a broken reference: said elsewhere, or not at all
        return False
    return any(is_damaged(getattr(stream, "data", None)) and not getattr(stream, "truncated", False)
               for stream in streams)


COMPOSITE_FONT = "Type0"
"""pdfminer.six makes a composite font from its descendant, ToUnicode copied over: that is read."""

CID_FONT_SUBTYPES = frozenset(("CIDFontType0", "CIDFontType2"))
"""Descendant fonts: without a ToUnicode entry pdfminer.six falls back on other maps (the
font file's, a predefined CMap's), so theirs is made empty rather than left out."""

_EMPTY_CMAP = b""  # a descendant font is made with an empty map; its own is read after


class ResourceManager(PDFResourceManager):
    """pdfminer's resource manager, with each simple font's encoding repaired once where its
    Differences name glyphs the Adobe glyph list does not know (see
    :func:`pdfprose.pdf.fonts.repair_encoding`), and a font's ToUnicode CMap read by
    :func:`pdfprose.pdf.content.read_to_unicode` (the same map, about twice as fast): the font is
    made from its dictionary without the ToUnicode entry (a descendant font with an empty one),
    which only sets the map, and given the map after."""

    budgets: ReadBudgets = DEFAULT_BUDGETS
    font_inflate: InflateBudget | None = None
    """The fonts' own inflate allowance (:func:`pdfprose.pdf.streams.charge_fonts`)."""
    cut_fonts: int = 0
    """Fonts whose ToUnicode map or widths were cut at the budgets (:class:`ReadBudgets`)."""
    deep_fonts: int = 0
    """Fonts whose ToUnicode map or Type 1 program nests arrays or dictionaries past
    ``ReadBudgets.object_depth``: what lies deeper was dropped (:mod:`pdfprose.pdf.nesting`)."""

    def get_font(self, objid, spec):  # type: ignore[no-untyped-def]
        to_unicode = None
        made = spec
        if fresh := not (objid and objid in self._cached_fonts):
            try:
                if self.font_inflate is not None:
                    charge_fonts(spec, self.font_inflate)
                subtype = literal_name(spec["Subtype"]) if "Subtype" in spec else "Type1"
                if subtype in CID_FONT_SUBTYPES:
                    clipped = clip_cid_widths(spec, self.budgets.cid_range)
                    if clipped is not spec:
                        made = clipped
                        self.cut_fonts += 1
                if "ToUnicode" in spec and subtype != COMPOSITE_FONT:
                    stream = resolve1(spec["ToUnicode"])
                    if isinstance(stream, PDFStream):
                        to_unicode = stream
                        made = {key: value for key, value in made.items() if key != "ToUnicode"}
                        if subtype in CID_FONT_SUBTYPES:
                            made["ToUnicode"] = PDFStream({}, _EMPTY_CMAP)
            except Exception:  # noqa: BLE001 - pdfminer's own path then says what is wrong
                to_unicode, made = None, spec
        font = super().get_font(objid, made)
        if to_unicode is not None:
            try:
                font.unicode_map = read_to_unicode(to_unicode, self.budgets.cmap_entries)
                if getattr(font.unicode_map, "cut", False):
                    self.cut_fonts += 1
            except BaseException:
                if objid:
                    self._cached_fonts.pop(objid, None)  # pdfminer keeps no font that failed
                raise
        if fresh and isinstance(font, PDFCIDFont):
            read_embedded_encoding(font, spec, self.budgets.cmap_entries)
        repair_encoding(font, spec)
        if not getattr(font, "deep_counted", False) and (
                getattr(font.unicode_map, "too_deep", 0) or getattr(font, "too_deep", 0)):
            font.deep_counted = True  # once per font object (pdfminer caches it)
            self.deep_fonts += 1
        return font


class ParsedDocument:
    """An opened PDF whose pages can be parsed one at a time (see :func:`open_pdf`)."""

    def __init__(self, document: PDFDocument, pages: list[PDFPage]) -> None:
        self._document = document
        self._pages = pages
        self._regenerate = needs_appearances(document.catalog)
        self._indices = page_indices(pages)
        self._tree: StructTree | None = None
        self._tree_read = False
        self._outline: list[OutlineEntry] | None = None
        self._rsrcmgr = ResourceManager(caching=True)
        self._device = GlyphCollector(self._rsrcmgr)
        budgets = getattr(document, "budgets", DEFAULT_BUDGETS)
        self._rsrcmgr.budgets = self._device.limits = budgets
        self._rsrcmgr.font_inflate = getattr(document, "font_inflate", None)
        self._interpreter = PageInterpreter(self._rsrcmgr, self._device)
        self.notices: list[Notice] = []  # what the parse could not read, as it went (notice.py)
        self._said: dict[str, int] = {}  # per document-wide limit, what was said of it
        self._say_document_limits()
        if not document.is_extractable:
            self.notices.append(Notice("copy_restricted"))

    @property
    def page_count(self) -> int:
        return len(self._pages)

    @property
    def pages(self) -> list[PDFPage]:
        """The document's pages (pdfminer's objects), in page order."""
        return self._pages

    @property
    def budget(self) -> PageBudget:
        """The work budget of the page parsed last (:mod:`pdfprose.pdf.guards`): what it
        skipped, and why it was stopped, if it was."""
        return self._device.budget

    @property
    def structure(self) -> StructTree | None:
        """The document's structure tree when its tags may be used at all (a tagged PDF that
        does not doubt its own tags, :func:`pdfprose.pdf.structure.tags_usable`), read on the
        first call; None otherwise."""
        if not self._tree_read:
            self._tree_read = True
            try:
                tree = open_structure(self._document, self._pages, self._indices,
                                      self._device.limits)
            except Exception:  # noqa: BLE001 - broken tags cost the tags, not the document
                tree = None
            self._tree = tree if tags_usable(tree) else None
        return self._tree

    def outline(self) -> list[OutlineEntry]:
        """The document's bookmarks in outline order (:mod:`pdfprose.pdf.outline`), read once."""
        if self._outline is None:
            try:
                self._outline = read_outline(self._document, self._indices,
                                             self._device.limits).entries
            except Exception:  # noqa: BLE001 - a broken outline costs the bookmarks
                self._outline = []
        return self._outline

    def iter_pages(self) -> Iterator[ParsedPage]:
        """Parse the pages in order; a page that fails yields a ParsedPage with ``error``."""
        for number, page in enumerate(self._pages, start=1):
            yield self.parse_page(number, page)

    def parse_page(self, number: int, page: PDFPage) -> ParsedPage:
        device = self._device
        self._mend_page_box(number, page)
        try:
            width, height = device.start(page, page_ctm(page))
        except Exception as exc:  # noqa: BLE001 - a bad box must not stop the other pages
            log.info("page %d: its box: %s: %s", number, type(exc).__name__, exc)
            return ParsedPage(number, 0.0, 0.0, error=f"unreadable page box: {unreadable(exc)}")
        try:
            self._interpreter.process_page(page)
            error = None
        except MemoryError:
            raise  # the process's memory limit: the caller's to report (batch, command line)
        except Exception as exc:  # noqa: BLE001 - keep what the page drew before the fault
            # Never the exception's own text in a message (issue 25): its kind as a code, the
            # detail to the log (--verbose).
            log.info("page %d: %s: %s", number, type(exc).__name__, exc)
            error = unreadable(exc) if not device.glyphs else None
            if error is None and not isinstance(exc, PageTooComplex):  # said by the converter
                self.notices.append(Notice("content_damaged", (number,), kind="broken",
                                           reason=f"code {read_code(exc)}"))
        if error is None:
            if _damaged_content(page):
                self.notices.append(Notice("content_damaged", (number,), kind="corrupted"))
            render_annotations(self._interpreter, page, self._regenerate)
        self._say_page_limits(number, page)
        self._say_document_limits()
        glyphs = device.glyphs
        hidden = device.hidden
        if device.marked.spans:
            _actual_text(glyphs + device.invisible, device)
        if device.invisible:
            # Invisible text over an image is an OCR layer: the page's real text (SPEC §1).
            if device.has_image:
                glyphs = glyphs + device.invisible
            else:
                hidden += sum(1 for g in device.invisible if g.text.strip())
        drawing = device.drawing
        if drawing.cut:
            self.notices.append(limit_notice("shapes", number, limit=f"{MAX_SHAPES:,}",
                                             count=f"{drawing.cut:,}"))
        shapes = drawing.shapes
        links = read_links(page, self._indices, self._document,
                           self._device.limits.annotations_per_page)
        rules, drawn = device.rules, device.drawn
        turn = page_turn(glyphs, width, height)
        turned = 0
        if turn is not None:
            glyphs, width, height, turned = turn_glyphs(glyphs, turn), turn.width, turn.height, \
                turn.angle
            shapes = turn_shapes(shapes, turn)
            links = [link.moved(turn.box) for link in links]
            rules = _turned_rules(rules, turn)
            drawn = {mcid: turn.box(box) for mcid, box in drawn.items()}
        return ParsedPage(
            number=number,
            width=width,
            height=height,
            glyphs=glyphs,
            hidden_count=hidden,
            form_count=sum(1 for g in glyphs if g.form and g.text.strip()),
            has_image=device.has_image,
            turned=turned,
            error=error,
            shapes=shapes,
            shapes_cut=drawing.cut,
            links=links,
            rules=rules,
            drawn=drawn,
            tags=self.structure,
            index=number - 1,
        )

    def _mend_page_box(self, number: int, page: PDFPage) -> None:
        """A MediaBox that is NaN, infinite or empty does not lose the page: the CropBox, the
        parent's MediaBox or the budgets' fallback box stands for it, and the page says so."""
        if usable_box(page.mediabox):
            return
        parent = resolve1(page.attrs.get("Parent")) if isinstance(page.attrs, dict) else None
        inherited = resolve1(parent.get("MediaBox")) if isinstance(parent, dict) else None
        candidates = [(page.cropbox, "its CropBox"), (inherited, "the parent's MediaBox")]
        box, used = next(((b, name) for b, name in candidates if usable_box(b)),
                         (self._device.limits.fallback_page_box, "US Letter"))
        self.notices.append(limit_notice("page_box", number, box=shown_box(page.mediabox),
                                          used=used))
        page.mediabox = [float(v) for v in box]
        if not usable_box(page.cropbox):
            page.cropbox = page.mediabox

    def _say_page_limits(self, number: int, page: PDFPage) -> None:
        """Warn of the page's budgets that ran out without stopping it (ReadBudgets)."""
        budget = self._device.budget
        limits = budget.limits
        if budget.states_dropped:
            self.notices.append(limit_notice("graphics_states", number,
                                              limit=f"{limits.state_depth:,}",
                                              count=f"{budget.states_dropped:,}"))
        if budget.annotations:
            self.notices.append(limit_notice("annotations", number,
                                              count=f"{budget.annotations:,}",
                                              limit=f"{limits.annotations_per_page:,}"))
        inflate = getattr(self._document, "inflate", None)
        if inflate is not None and _truncated_content(page):
            self._said["stream_size"] = self._inflate_cuts()
            self.notices.append(limit_notice("stream_size", number,
                                              limit=f"{inflate.limit / 2**20:,.0f} MiB"))

    def _inflate_cuts(self) -> int:
        """Streams cut at the file's inflate allowances so far, the fonts' own included."""
        budgets = (getattr(self._document, "inflate", None), self._rsrcmgr.font_inflate)
        return sum(budget.cut for budget in budgets if budget is not None)

    def _say_document_limits(self) -> None:
        """Warn, once each, of the file's budgets that ran out (loops, fonts, lengths)."""
        notes = getattr(self._document, "notes", [])
        for code in ("reference_loop", "page_labels"):
            if any(c == code for c, _ in notes) and code not in self._said:
                self._said[code] = 1
                self.notices.append(limit_notice(code))
        depth = next((part for code, part in notes if code == "nesting"), None)
        if depth is not None and "nesting" not in self._said:
            self._said["nesting"] = 1
            self.notices.append(limit_notice("nesting", limit=depth))
        inflate = getattr(self._document, "inflate", None)
        cuts = self._inflate_cuts()
        if inflate is not None and cuts > self._said.get("stream_size", 0):
            # A form, font or map (not the page's own content) was cut at the budget.
            self._said["stream_size"] = cuts
            self.notices.append(limit_notice("stream_size",
                                              limit=f"{inflate.limit / 2**20:,.0f} MiB"))
        cut = self._rsrcmgr.cut_fonts
        if cut > self._said.get("fonts", 0):
            self._said["fonts"] = cut
            self.notices.append(limit_notice("fonts", count=str(cut)))
        deep = self._rsrcmgr.deep_fonts
        if deep > self._said.get("font_nesting", 0):
            self._said["font_nesting"] = deep
            self.notices.append(limit_notice("font_nesting", count=str(deep),
                                              limit=f"{BoundedNesting.max_depth:,}"))
        repaired = getattr(getattr(self._document, "parser", None), "repaired", 0)
        if repaired > self._said.get("repaired", 0):
            self._said["repaired"] = repaired
            self.notices.append(Notice("repaired", count=repaired))


def _truncated_content(page: PDFPage) -> bool:
    """True when one of the page's content streams was cut at the document's inflate budget."""
    try:
        streams = [resolve1(c) for c in page.contents]
    except Exception:  # noqa: BLE001
        return False
    return any(getattr(stream, "truncated", False) for stream in streams)


def _turned_rules(rules: list[tuple[float, float, float]],
                  turn: Turn) -> list[tuple[float, float, float]]:
    """The rules that are still horizontal on the turned page, in its space."""
    out = []
    for x0, y, x1 in rules:
        a, top, b, bottom = turn.box((x0, y, x1, y))
        if bottom - top < 0.5:
            out.append((a, (top + bottom) / 2, b))
    return out


def actual_text(text: str) -> str:
    """An /ActualText as a glyph's text: cleaned as a glyph's own (:func:`clean_glyph_text`:
    typographic spaces and tabs are spaces, ligatures letters), control characters dropped
    (InDesign and Word put BEL and BS in the ActualText of the spaces they draw), and white
    space alone one space."""
    out = []
    for ch in text:
        cleaned, bad = clean_glyph_text(ch, False)
        out.append("" if bad and ch != REPLACEMENT else cleaned)
    cleaned = "".join(out)
    return " " if cleaned and not cleaned.strip() and "\u00ad" not in cleaned else cleaned


def _actual_text(glyphs: list[Glyph], device: GlyphCollector) -> None:
    """Put each /ActualText in place of the glyphs its sequence covers (ISO 32000-1, 14.9.4):
    the first glyph drawn carries the text, the others none; what it replaces is read, no more
    unmapped (Chrome draws every digit from a glyph without Unicode, carried by ActualText)."""
    spans = [replace(span, text=actual_text(span.text)) for span in device.marked.spans]
    actual = [g.mark.actual if g.mark is not None else -1 for g in glyphs]  # type: ignore[attr-defined]
    texts = apply_actual_text([g.text for g in glyphs], actual, spans)
    for glyph, text, span in zip(glyphs, texts, actual):
        if span >= 0:
            if not glyph.text.strip() and not text.replace(SOFT_HYPHEN, "").strip():
                # White space or a soft hyphen over a space (InDesign, Word: where a word may
                # break, not broken here) says no more than the space: the hyphen a broken
                # word shows is drawn, and read as a soft hyphen.
                continue
            glyph.text = text
            glyph.unmapped = False


class _RebuiltXRefDocument(BudgetedDocument):
    """A PDFDocument that ignores the file's cross-reference table and rebuilds it by scanning
    for ``N G obj`` (pdfminer's fallback): for files whose xref offsets point at the wrong bytes,
    which pdfminer accepts silently and then finds no catalog."""

    def find_xref(self, parser: PDFParser) -> int:
        raise PDFNoValidXRef("xref ignored: rebuilding it by scanning the file")


def _open_document(data: bytes, password: str, rebuild: bool,
                   budgets: ReadBudgets) -> tuple[PDFDocument, list[PDFPage]]:
    cls = _RebuiltXRefDocument if rebuild else BudgetedDocument
    document = cls(RepairingParser(io.BytesIO(data)), password=password, budgets=budgets,
                   file_size=len(data))
    return document, list(PDFPage.create_pages(document))


def _without_password(data: bytes, budgets: ReadBudgets) -> ParsedDocument:
    """A password that opens nothing may be one the file never needed: one given for a whole
    folder, or for a file encrypted only against copying or printing (an owner password, the
    user's empty), which every reader opens without asking. Such a file opens as it would
    without the password; a file that needs one is told the given one is wrong."""
    try:
        return open_pdf(data, "", budgets)
    except PasswordRequiredError:
        raise WrongPasswordError("the password is wrong for this PDF") from None


def open_pdf(data: bytes, password: str = "", budgets: ReadBudgets = DEFAULT_BUDGETS) -> ParsedDocument:
    """Open ``data`` (a whole PDF file) and list its pages; no page content is parsed yet.

    Raises :class:`EmptyFileError` (no byte), :class:`NotAPdfError` (no ``%PDF-`` header in
    the first 1024 bytes),
    :class:`PasswordRequiredError`, :class:`WrongPasswordError`, or :class:`UnreadablePdfError`
    (a PDF in which no page can be found).
    """
    if not data:
        # The page says it in the same words (error_empty_file).
        raise EmptyFileError("this file is empty (0 bytes): there is nothing to convert")
    if b"%PDF-" not in data[:HEADER_SEARCH_BYTES]:
        raise NotAPdfError("this file is not a PDF (it has no %PDF- header)")
    failure: Exception | None = None
    for rebuild in (False, True):
        try:
            document, pages = _open_document(data, password, rebuild, budgets)
        except PDFPasswordIncorrect:
            if password:
                return _without_password(data, budgets)
            raise PasswordRequiredError("this PDF is protected by a password") from None
        except Exception as exc:  # noqa: BLE001 - pdfminer raises many kinds for broken files
            failure = exc
            continue
        if pages:
            break
    else:
        if failure is not None:
            log.info("opening: %s: %s", type(failure).__name__, failure)
            raise UnreadablePdfError(f"this PDF cannot be read: {unreadable(failure)}") from failure
        raise UnreadablePdfError("this PDF has no pages that can be found")
    return ParsedDocument(document, pages)
