"""The collecting device: one :class:`~pdfprose.model.Glyph` per drawn glyph, in page space
(SPEC §1), instead of pdfminer.six's ``LTChar`` layout objects.

The device places glyphs itself (Tc after every glyph, Tw after every single-byte code 32) and
leaves out what a reader cannot see (:mod:`pdfprose.pdf.visibility`), counting it as hidden.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import fields

from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdffont import PDFFont, PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFStream
from pdfminer.utils import mult_matrix, translate_matrix

from ..model import Glyph
from ..budgets import DEFAULT_BUDGETS
from ..text.characters import clean_glyph_text
from .drawing import MAX_RULES, RULE_MAX_THICKNESS, RULE_MIN_WIDTH, Drawing
from .fonts import FontFacts, font_facts
from .guards import PageBudget
from .marked import MarkedContent, MarkState
from .visibility import (CROPBOX_TOLERANCE, FILL_RENDER_MODES, INVISIBLE_RENDER_MODES,
                         MIN_VISIBLE_SIZE, RGB, STROKE_RENDER_MODES, WHITE, Backgrounds, Box,
                         apply_matrix, path_box, rgb, same_colour)

UNMAPPED_SPACE_MAX_EM = 0.4
"""Code 32 of a simple font without a Unicode mapping reads as a space when its advance is at
most 0.4 em (word spaces are 0.2-0.33 em); wider, it is a real glyph that happens to sit at 32
(TeX's cmex10 draws a big parenthesis there) and stays unmapped."""

def _codes(font: PDFFont, data: bytes) -> Iterator[tuple[int, bool]]:
    """The glyphs of a string: ``(cid, word space)`` per character code, where ``word space``
    says the code is the single-byte code 32 that Tw widens (ISO 32000-1, 9.3.3): every byte
    32 of a simple font, the one-byte code 32 of a CMap that has it, never a byte 32 inside a
    multi-byte code (Identity-H's 00 20)."""
    if not font.is_multibyte():
        for code in data:
            yield code, code == 32
        return
    code2cid = getattr(getattr(font, "cmap", None), "code2cid", None)
    if not isinstance(code2cid, dict) or not isinstance(code2cid.get(32), int):
        for cid in font.decode(data):
            yield cid, False
        return
    # pdfminer's CMap.decode, keeping track of where each code starts.
    table = code2cid
    for byte in data:
        entry = table.get(byte)
        if isinstance(entry, int):
            yield entry, table is code2cid and byte == 32
            table = code2cid
        elif isinstance(entry, dict):
            table = entry
        else:
            table = code2cid


class GlyphCollector(PDFTextDevice):
    """A pdfminer device that records glyphs instead of building ``LTChar`` layout objects.

    Glyphs are placed by this device's own text-showing loop (ISO 32000-1, 9.4.4): the
    character spacing Tc follows every glyph, the word spacing Tw follows every single-byte
    code 32 of a simple font (whatever glyph it draws) and never a code of a multi-byte font.
    pdfminer.six's loop instead puts Tc before each glyph but the first of a string, which loses
    one Tc at the end of every string.
    """

    def __init__(self, rsrcmgr: PDFResourceManager) -> None:
        super().__init__(rsrcmgr)
        self._fonts: dict[PDFFont, _FontInfo] = {}
        self.limits = DEFAULT_BUDGETS  # the document's ReadBudgets, set by its reader
        self.budget = PageBudget()  # pdfprose.pdf.guards: stops runaway pages
        self._render_mode = 0
        self._colours: tuple[RGB | None, ...] = ()
        self._always_visible = True
        self._hidden_on_white = False
        self._crop = (0.0, 0.0, 0.0, 0.0)
        self._backgrounds = Backgrounds()
        self.clip: Box | None = None
        self.form = False
        self.glyphs: list[Glyph] = []
        self.invisible: list[Glyph] = []
        self.hidden = 0
        self.has_image = False
        self.drawing = Drawing()
        # What the page says of itself (issue 24): marked content (MCIDs, ActualText, artifacts)
        # and the state glyphs are drawn in (None outside anything that says something), the
        # horizontal rules, and per MCID the box of what it drew other than text (a figure).
        self.marked = MarkedContent()
        self.mark: MarkState | None = None
        self.rules: list[tuple[float, float, float]] = []
        self.drawn: dict[int, Box] = {}

    # -- page ------------------------------------------------------------------------------
    def start(self, page: PDFPage, ctm: tuple[float, ...]) -> tuple[float, float]:
        """Reset for ``page`` and return its displayed size (width, height) in points."""
        self.glyphs, self.invisible, self.hidden, self.has_image = [], [], 0, False
        self.budget = PageBudget(self.limits)
        self.marked.reset()
        self.mark = None
        self.rules, self.drawn = [], {}
        self.clip = None
        self.form = False
        x0, y0, x1, y1 = page.cropbox
        corners = [apply_matrix(ctm, x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        self._crop = (min(xs), min(ys), max(xs), max(ys))
        self._backgrounds = Backgrounds(self._crop)
        self.drawing = Drawing((self._crop[0], self._crop[3]))
        return (max(xs) - min(xs), max(ys) - min(ys))

    def begin_figure(self, name, bbox, matrix) -> None:  # type: ignore[no-untyped-def]
        self.budget.enter_figure()  # a form drawing itself must not recurse forever

    def end_figure(self, name) -> None:  # type: ignore[no-untyped-def]
        self.budget.leave_figure()

    def render_image(self, name: str, stream: PDFStream) -> None:
        self.has_image = True
        if self.ctm is not None:
            # An image fills the unit square of its CTM; what colour lies under text there is
            # unknown, so text over an image is always visible.
            box = path_box([("m", 0, 0), ("l", 1, 1)], self.ctm)
            if box is not None:
                self._backgrounds.add(box, None)
                self._drawn(box)

    def paint_path(self, graphicstate, stroke, fill, evenodd, path) -> None:  # type: ignore[no-untyped-def]
        if self.ctm is None:
            return
        if not self.form:  # (an annotation's appearance draws a form field's box, no table)
            self.drawing.add_path(
                path, self.ctm, stroke, fill, graphicstate.linewidth,
                rgb(graphicstate.scs, graphicstate.scolor) if stroke else None,
                rgb(graphicstate.ncs, graphicstate.ncolor) if fill else None, self.clip)
        if not (fill or stroke):
            return
        box = path_box(path, self.ctm)
        if box is None:
            return
        if fill:
            self._backgrounds.add(box, rgb(graphicstate.ncs, graphicstate.ncolor))
        self._drawn(box)
        if box[3] - box[1] <= RULE_MAX_THICKNESS and box[2] - box[0] >= RULE_MIN_WIDTH \
                and len(self.rules) < MAX_RULES:
            cx0, _, _, cy1 = self._crop
            self.rules.append((box[0] - cx0, cy1 - (box[1] + box[3]) / 2, box[2] - cx0))

    def _drawn(self, box: Box) -> None:
        """Add ``box`` (device space) to what the current MCID drew, in page space."""
        mark = self.mark
        if mark is None or mark.mcid < 0:
            return
        cx0, _, _, cy1 = self._crop
        box = (box[0] - cx0, cy1 - box[3], box[2] - cx0, cy1 - box[1])
        known = self.drawn.get(mark.mcid)
        self.drawn[mark.mcid] = box if known is None else (
            min(known[0], box[0]), min(known[1], box[1]), max(known[2], box[2]),
            max(known[3], box[3]))

    # -- marked content (ISO 32000-1, 14.6) --------------------------------------------------
    def begin_tag(self, tag, props=None) -> None:  # type: ignore[no-untyped-def]
        """``BMC``/``BDC``: ``props`` is the property list (a name of the resources'
        /Properties is looked up by :class:`~pdfprose.pdf.interpreter.PageInterpreter`)."""
        self.marked.begin(tag, props)
        self._marked_state()

    def end_tag(self) -> None:
        self.marked.end()
        self._marked_state()

    def close_marked(self) -> None:
        """Close every sequence the page's content left open (before annotations are drawn:
        they are no part of it)."""
        self.marked.close()
        self.mark = None

    def _marked_state(self) -> None:
        state = self.marked.state
        self.mark = None if state.mcid < 0 and state.actual < 0 and state.artifact is None \
            else state

    def paint_unknown(self, box: Box | None) -> None:
        """A shading (``sh``) painted ``box`` (the clip's box; None: the whole page) in colours
        that are not tracked: text on it counts as visible."""
        self._backgrounds.add(box or (-1e9, -1e9, 1e9, 1e9), None)

    # -- text ------------------------------------------------------------------------------
    def render_string(self, textstate, seq, ncs, graphicstate) -> None:  # type: ignore[no-untyped-def]
        self._render_mode = textstate.render
        colours: list[RGB | None] = []
        if textstate.render in FILL_RENDER_MODES:
            colours.append(rgb(graphicstate.ncs, graphicstate.ncolor))
        if textstate.render in STROKE_RENDER_MODES:
            colours.append(rgb(graphicstate.scs, graphicstate.scolor))
        self._colours = tuple(colours)
        # Decided once per string: text that can be seen whatever lies beneath (a colour that
        # cannot be known), and text that vanishes on white paper.
        self._always_visible = not colours or any(c is None for c in colours)
        self._hidden_on_white = not self._always_visible and all(
            same_colour(c, WHITE) for c in colours  # type: ignore[arg-type]
        )
        if not self._always_visible and not self._hidden_on_white \
                and not self._backgrounds.may_hide(self._colours):  # type: ignore[arg-type]
            self._always_visible = True  # e.g. black text on a page without black boxes
        # pdfminer.six's render_string drops Tw for every multi-byte font; Tw belongs to each
        # single-byte code 32, which a mixed-width CMap (90ms-RKSJ-H) has too.
        matrix = mult_matrix(textstate.matrix, self.ctm)
        font = textstate.font
        if font is None:
            return
        fontsize = textstate.fontsize
        scaling = textstate.scaling * 0.01
        charspace = textstate.charspace * scaling
        wordspace = textstate.wordspace * scaling
        dxscale = 0.001 * fontsize * scaling
        args = (matrix, textstate.linematrix, font, fontsize, scaling, charspace, wordspace,
                textstate.rise, dxscale, ncs, graphicstate)
        if font.is_vertical():
            textstate.linematrix = self.render_string_vertical(seq, *args)
        else:
            textstate.linematrix = self.render_string_horizontal(seq, *args)

    def render_string_horizontal(self, seq, matrix, pos, font, fontsize, scaling, charspace,  # type: ignore[no-untyped-def]
                                 wordspace, rise, dxscale, ncs, graphicstate):
        """The text-showing loop of a horizontal font.

        The rules are :meth:`render_char`'s, glyph for glyph and float for float; what is the
        same for every glyph of the string (the font's facts, the size, the corner terms of the
        box, the angle) is worked out once, and each code's text and width come from the font's
        :class:`_FontInfo`: the collector's per-glyph work is most of the time spent parsing."""
        (x, y) = pos
        a, b, c, d, e0, f0 = matrix
        budget = self.budget
        place = self._place
        info: _FontInfo | None = None
        facts: FontFacts | None = None
        size = a0 = b0 = cby0 = cby1 = dby0 = dby1 = angle = hab = 0.0
        mirrored = False
        for obj in seq:
            if isinstance(obj, (int, float)):
                x -= obj * dxscale
            elif isinstance(obj, bytes):
                if font.is_multibyte():
                    codes: Iterator[tuple[int, bool]] | list[tuple[int, bool]] = _codes(font, obj)
                    single = False
                else:
                    codes = [(code, code == 32) for code in obj]
                    single = True
                for cid, space in codes:
                    budget.glyph()
                    if info is None:
                        info = self._font_info(font)
                        facts = info.facts
                        if not facts.vertical:
                            size = fontsize * math.hypot(c, d)
                            descent = facts.descent * fontsize
                            by0 = descent + rise
                            by1 = descent + rise + fontsize
                            a0, b0 = a * 0.0, b * 0.0
                            cby0, cby1, dby0, dby1 = c * by0, c * by1, d * by0, d * by1
                            angle = 0.0 if (b == 0 and a > 0) else math.degrees(math.atan2(b, a))
                            mirrored = (a * d - b * c) < 0
                            hab = math.hypot(a, b)
                    if facts.vertical:  # type: ignore[union-attr]  # a font that says both
                        x += self.render_char((a, b, c, d, x * a + y * c + e0, x * b + y * d + f0),
                                              font, fontsize, scaling, rise, cid, ncs,
                                              graphicstate, counted=True)
                        x += charspace
                        if space:
                            x += wordspace
                        continue
                    entry = info.codes.get(cid)
                    if entry is None:
                        entry = info.lookup(font, cid)
                    text, unmapped, width = entry
                    adv = width * fontsize * scaling
                    if unmapped and cid == 32 and single \
                            and abs(adv) <= UNMAPPED_SPACE_MAX_EM * fontsize * scaling:
                        # Code 32 of a simple font is the space by convention (and the code Tw widens).
                        text, unmapped = " ", False
                    if size < MIN_VISIBLE_SIZE:
                        self._hidden(text)
                    else:
                        e = x * a + y * c + e0
                        f = x * b + y * d + f0
                        # The corners' extremes, picked as min() and max() of the corners would.
                        aa = a * adv
                        p0, p1, p2, p3 = a0 + cby0, aa + cby0, a0 + cby1, aa + cby1
                        lo = hi = p0
                        if p1 < lo:
                            lo = p1
                        if p2 < lo:
                            lo = p2
                        if p3 < lo:
                            lo = p3
                        if p1 > hi:
                            hi = p1
                        if p2 > hi:
                            hi = p2
                        if p3 > hi:
                            hi = p3
                        dx0, dx1 = e + lo, e + hi
                        ba = b * adv
                        p0, p1, p2, p3 = b0 + dby0, ba + dby0, b0 + dby1, ba + dby1
                        lo = hi = p0
                        if p1 < lo:
                            lo = p1
                        if p2 < lo:
                            lo = p2
                        if p3 < lo:
                            lo = p3
                        if p1 > hi:
                            hi = p1
                        if p2 > hi:
                            hi = p2
                        if p3 > hi:
                            hi = p3
                        place(text, unmapped, cid, dx0, f + lo, dx1, f + hi, e, f, size, angle,
                              mirrored, abs(adv) * hab, facts)  # type: ignore[arg-type]
                    x += adv
                    x += charspace
                    if space:
                        x += wordspace
        return (x, y)

    def render_string_vertical(self, seq, matrix, pos, font, fontsize, scaling, charspace,  # type: ignore[no-untyped-def]
                               wordspace, rise, dxscale, ncs, graphicstate):
        (x, y) = pos
        for obj in seq:
            if isinstance(obj, (int, float)):
                y -= obj * dxscale
            elif isinstance(obj, bytes):
                for cid, space in _codes(font, obj):
                    # In vertical writing the advance runs down the page: a negative step.
                    y += self.render_char(translate_matrix(matrix, (x, y)), font, fontsize,
                                          scaling, rise, cid, ncs, graphicstate)
                    y += charspace
                    if space:
                        y += wordspace
        return (x, y)

    def _hidden(self, text: str) -> None:
        if text.strip():
            self.hidden += 1

    def _font_info(self, font: PDFFont) -> "_FontInfo":
        """The font's :class:`_FontInfo`, made on its first glyph (kept by font object, so that
        a font dropped with its page cannot pass its facts on to a new one at the same id)."""
        info = self._fonts.get(font)
        if info is None:
            info = self._fonts[font] = _FontInfo(font_facts(font))
        return info

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
        counted: bool = False,
    ) -> float:
        """Place one glyph (any font; the loop of :meth:`render_string_horizontal` is this,
        unrolled) and return its advance. ``counted``: the budget was charged already."""
        if not counted:
            self.budget.glyph()
        info = self._font_info(font)
        facts = info.facts
        entry = info.codes.get(cid)
        if entry is None:
            entry = info.lookup(font, cid)
        text, unmapped, width = entry
        # For a vertical font pdfminer's width is the vertical displacement w1y, negative: the
        # advance runs down the page.
        adv = width * fontsize * (1.0 if facts.vertical else scaling)
        if unmapped and cid == 32 and not font.is_multibyte() and not facts.vertical \
                and abs(adv) <= UNMAPPED_SPACE_MAX_EM * fontsize * scaling:
            # Code 32 of a simple font is the space by convention (and the code Tw widens).
            text, unmapped = " ", False

        a, b, c, d, e, f = matrix
        size = fontsize * math.hypot(c, d)
        if size < MIN_VISIBLE_SIZE:
            self._hidden(text)
            return adv

        if facts.vertical:
            disp = font.char_disp(cid)
            vx = disp[0] if isinstance(disp, tuple) else None
            vy = disp[1] if isinstance(disp, tuple) else 880.0
            vx = fontsize * 0.5 if vx is None else vx * fontsize * 0.001
            vy = (1000 - vy) * fontsize * 0.001
            bx0, by0, bx1, by1 = -vx, vy + rise + adv, -vx + fontsize, vy + rise
        else:
            descent = facts.descent * fontsize
            bx0, by0, bx1, by1 = 0.0, descent + rise, adv, descent + rise + fontsize
        xs = (a * bx0 + c * by0, a * bx1 + c * by0, a * bx0 + c * by1, a * bx1 + c * by1)
        ys = (b * bx0 + d * by0, b * bx1 + d * by0, b * bx0 + d * by1, b * bx1 + d * by1)
        angle = 0.0 if (b == 0 and a > 0) else math.degrees(math.atan2(b, a))
        self._place(text, unmapped, cid, e + min(xs), f + min(ys), e + max(xs), f + max(ys), e, f,
                    size, angle, (a * d - b * c) < 0,
                    abs(adv) * (math.hypot(c, d) if facts.vertical else math.hypot(a, b)), facts)
        return adv

    def _place(self, text: str, unmapped: bool, cid: int, dx0: float, dy0: float, dx1: float,
               dy1: float, e: float, f: float, size: float, angle: float, mirrored: bool,
               advance: float, facts: FontFacts) -> None:
        """Record a glyph whose box in device space is ``(dx0, dy0, dx1, dy1)`` and origin
        ``(e, f)``, unless a reader cannot see it (outside the CropBox or the clip, or in the
        colour of what lies beneath): then it is only counted as hidden."""
        cx0, cy0, cx1, cy1 = self._crop
        mx, my = (dx0 + dx1) / 2, (dy0 + dy1) / 2
        if not (
            cx0 - CROPBOX_TOLERANCE <= mx <= cx1 + CROPBOX_TOLERANCE
            and cy0 - CROPBOX_TOLERANCE <= my <= cy1 + CROPBOX_TOLERANCE
        ):
            self._hidden(text)
            return
        clip = self.clip
        if clip is not None and not (
            clip[0] - CROPBOX_TOLERANCE <= mx <= clip[2] + CROPBOX_TOLERANCE
            and clip[1] - CROPBOX_TOLERANCE <= my <= clip[3] + CROPBOX_TOLERANCE
        ):
            self._hidden(text)
            return
        invisible = self._render_mode in INVISIBLE_RENDER_MODES
        if not invisible and not self._always_visible and text.strip():
            beneath = self._backgrounds.at(mx, my)
            if beneath is WHITE:
                hidden = self._hidden_on_white
            else:
                hidden = beneath is not None and all(
                    same_colour(colour, beneath) for colour in self._colours  # type: ignore[arg-type]
                )
            if hidden:
                self._hidden(text)
                return
        # Positional: a third of the cost of keywords, and this runs for every glyph
        # (_GLYPH_FIELDS, checked at import, is the order).
        glyph = Glyph(text, dx0 - cx0, cy1 - dy1, dx1 - cx0, cy1 - dy0, cy1 - f, size, facts.name,
                      facts.bold, facts.italic, angle, facts.vertical, unmapped, e - cx0, mirrored,
                      self.form, advance, cid, facts, self.mark)
        if invisible:
            self.invisible.append(glyph)
        else:
            self.glyphs.append(glyph)


_GLYPH_FIELDS = ("text", "x0", "top", "x1", "bottom", "baseline", "size", "font", "bold", "italic",
                 "angle", "vertical", "unmapped", "origin_x", "mirrored", "form", "advance", "code",
                 "source", "mark")
if tuple(f.name for f in fields(Glyph)) != _GLYPH_FIELDS:  # pragma: no cover - a changed model
    raise ImportError("pdfprose.model.Glyph's fields changed: update _place() in pdfprose.pdf.collector")


class _FontInfo:
    """What the collector knows of one font: its :class:`~pdfprose.pdf.fonts.FontFacts`, and per
    character code its cleaned text, whether it is unmapped, and pdfminer's width (text space
    units), each worked out on the code's first glyph."""

    __slots__ = ("facts", "codes")

    def __init__(self, facts: FontFacts) -> None:
        self.facts = facts
        self.codes: dict[int, tuple[str, bool, float]] = {}

    def lookup(self, font: PDFFont, cid: int) -> tuple[str, bool, float]:
        try:
            raw = font.to_unichr(cid)
        except PDFUnicodeNotDefined:
            raw = None
        except Exception:  # a broken CMap must cost one glyph, not the page
            raw = None
        width = font.char_width(cid)  # may raise: then nothing is kept, as before
        text, unmapped = clean_glyph_text(raw, self.facts.symbolic)
        # A lost font's characters may be right, their places are not: the glyphs count as
        # bad for the garbled-page diagnosis, but their text is kept (it may still be of use).
        unmapped = unmapped or self.facts.missing
        entry = self.codes[cid] = (text, unmapped, width)
        return entry
