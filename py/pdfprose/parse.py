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
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, fields, replace

from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdfdocument import PDFDocument, PDFNoValidXRef, PDFPasswordIncorrect
from pdfminer.pdffont import PDFFont, PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import literal_name
from pdfminer.utils import mult_matrix, translate_matrix

from .characters import clean_glyph_text
from .content import FastObjectStreamDocument, read_to_unicode
from .errors import NotAPdfError, PasswordRequiredError, UnreadablePdfError, WrongPasswordError
from .fonts import FontFacts, font_facts, repair_encoding
from .guards import MAX_BACKGROUND_ENTRIES, PageBudget, is_damaged
from .model import Glyph

MIN_VISIBLE_SIZE = 1.0
"""SPEC §1: text smaller than 1 pt is invisible to a reader and not part of the page."""

CROPBOX_TOLERANCE = 1.0
"""Points a glyph's centre may lie outside the CropBox (or a clipping path's box) before it
counts as outside (rounding in producers' boxes puts edge glyphs a fraction of a point out)."""

HEADER_SEARCH_BYTES = 1024
"""The ``%PDF-`` header may follow some junk; readers accept it within the first 1024 bytes."""

INVISIBLE_RENDER_MODES = (3, 7)
"""Text render modes that paint nothing (ISO 32000-1, 9.3.6): 3 = invisible, 7 = clip only."""

FILL_RENDER_MODES = (0, 2, 4, 6)
STROKE_RENDER_MODES = (1, 2, 5, 6)
"""Text render modes that fill, and that stroke, the glyphs (ISO 32000-1, table 106)."""

SAME_COLOUR_TOLERANCE = 0.06
"""Text whose colour differs from the colour beneath it by at most 0.06 in every RGB channel
(0..1) cannot be seen: white on white, or black on a black box. 0.06 is about 15 of 255 levels,
under what a reader tells apart at text size; "nearly white" text producers use to hide
instructions sits at 0.98-1.0."""

MIN_BACKGROUND_EXTENT = 2.0
"""A filled shape narrower or lower than 2 pt (a table rule, an underline) is not a background
text could sit on; such shapes are not recorded, which keeps the background look-up short."""

BACKGROUND_CELL = 64.0
"""Side in points of the grid cells that index the filled shapes of a page."""

MAX_TRACKED_COLOURS = 64
"""Distinct fill colours remembered per page to skip look-ups for text that cannot vanish;
beyond (a gradient drawn as hundreds of fills) every glyph is looked up."""

UNMAPPED_SPACE_MAX_EM = 0.4
"""Code 32 of a simple font without a Unicode mapping reads as a space when its advance is at
most 0.4 em (word spaces are 0.2-0.33 em); wider, it is a real glyph that happens to sit at 32
(TeX's cmex10 draws a big parenthesis there) and stays unmapped."""

TURN_SHARE = 0.75
"""A page whose text runs mostly (over 75 % of its visible glyphs, and at least TURN_MIN_GLYPHS)
at one angle other than upright, e.g. a landscape table printed sideways on a portrait page
(``nics_background_checks_rotated_page.pdf``: 100 %), is turned as a reader turns the paper
before reading it; less uniform pages keep their orientation and read the sideways text as
rotated text after the upright text (SPEC §5): a drawing whose many dimension labels stand at
90 degrees keeps its title block first."""

TURN_MIN_GLYPHS = 20
"""A page with fewer sideways glyphs than this (a label or two) is never turned."""

RIGHT_ANGLE_TOLERANCE = 2.0
"""Degrees a page's dominant text angle may differ from a right angle to be turned upright."""

# pdfminer logs every recoverable oddity of a real-world file at WARNING; the page report carries
# what matters to a user, so keep the logs from flooding stderr and the browser console.
logging.getLogger("pdfminer").setLevel(logging.ERROR)

Box = tuple[float, float, float, float]
RGB = tuple[float, float, float]


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


def _rgb(space: object, colour: object) -> RGB | None:
    """A colour as RGB in 0..1, or None when it cannot be known (patterns, indexed colours, Lab,
    spot colours with ink). ``space`` is a pdfminer colour space."""
    name = getattr(space, "name", "")
    try:
        if isinstance(colour, (int, float)):
            values: tuple[float, ...] = (float(colour),)
        elif isinstance(colour, (tuple, list)) and all(isinstance(v, (int, float)) for v in colour):
            values = tuple(float(v) for v in colour)
        else:
            return None
    except (TypeError, ValueError):
        return None
    if name in ("Separation", "DeviceN"):
        # A tint of 0 puts no ink on the paper; any other tint is a spot colour we cannot see.
        return (1.0, 1.0, 1.0) if values and all(v <= 0.0 for v in values) else None
    if name in ("Pattern", "Indexed", "Lab"):
        return None
    if len(values) == 1:
        g = values[0]
        return (g, g, g)
    if len(values) == 3:
        return (values[0], values[1], values[2])
    if len(values) == 4:
        c, m, y, k = values
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return None


WHITE: RGB = (1.0, 1.0, 1.0)


class _Backgrounds:
    """The filled shapes and images a page has drawn so far, in device space, indexed by a grid
    (BACKGROUND_CELL) so that the colour beneath a point is found without scanning the page."""

    def __init__(self, bounds: Box | None = None) -> None:
        self._cells: dict[tuple[int, int], list[tuple[Box, RGB | None]]] = {}
        self._bounds = bounds
        self._entries = 0
        self.colours: set[RGB] = set()
        """The known colours recorded so far: text far from all of them (and from white) needs
        no look-up at all."""

    def add(self, box: Box, colour: RGB | None) -> None:
        x0, y0, x1, y1 = box
        if self._bounds is not None:
            # Only the page's area matters (text outside the CropBox is hidden anyway), and a
            # shape of absurd size (a damaged CTM) must not cost a grid cell per 64 pt of it.
            bx0, by0, bx1, by1 = self._bounds
            x0, y0 = max(x0, bx0 - BACKGROUND_CELL), max(y0, by0 - BACKGROUND_CELL)
            x1, y1 = min(x1, bx1 + BACKGROUND_CELL), min(y1, by1 + BACKGROUND_CELL)
            box = (x0, y0, x1, y1)
        if not (x1 - x0 >= MIN_BACKGROUND_EXTENT and y1 - y0 >= MIN_BACKGROUND_EXTENT):
            return  # also NaN coordinates
        cells = (int(x1 // BACKGROUND_CELL) - int(x0 // BACKGROUND_CELL) + 1) * (
            int(y1 // BACKGROUND_CELL) - int(y0 // BACKGROUND_CELL) + 1)
        self._entries += cells
        if self._entries > MAX_BACKGROUND_ENTRIES or cells > MAX_BACKGROUND_ENTRIES:
            return  # a runaway page: stop recording backgrounds (guards.py)
        if colour is not None and len(self.colours) <= MAX_TRACKED_COLOURS:
            self.colours.add(colour)
        for i in range(int(x0 // BACKGROUND_CELL), int(x1 // BACKGROUND_CELL) + 1):
            for j in range(int(y0 // BACKGROUND_CELL), int(y1 // BACKGROUND_CELL) + 1):
                self._cells.setdefault((i, j), []).append((box, colour))

    def may_hide(self, colours: tuple[RGB, ...]) -> bool:
        """Whether text in ``colours`` could vanish on some recorded shape (a shape of a like
        colour was painted, or too many colours were to keep track of)."""
        if len(self.colours) > MAX_TRACKED_COLOURS:
            return True
        return any(_same_colour(c, bg) for c in colours for bg in self.colours)

    def at(self, x: float, y: float) -> RGB | None:
        """The colour last painted under (x, y): white paper (the WHITE object itself) when
        nothing was, None when it cannot be known (an image, a shading, a pattern)."""
        if not self._cells:
            return WHITE
        shapes = self._cells.get((int(x // BACKGROUND_CELL), int(y // BACKGROUND_CELL)))
        if shapes:
            for (x0, y0, x1, y1), colour in reversed(shapes):
                if x0 <= x <= x1 and y0 <= y <= y1:
                    return colour
        return WHITE


def _path_box(path: object, ctm: tuple[float, ...]) -> Box | None:
    """The device-space bounding box of a pdfminer path (a list of operator tuples)."""
    xs: list[float] = []
    ys: list[float] = []
    for segment in path:  # type: ignore[attr-defined]
        numbers = [v for v in segment[1:] if isinstance(v, (int, float))]
        for k in range(0, len(numbers) - 1, 2):
            x, y = _apply(ctm, numbers[k], numbers[k + 1])
            xs.append(x)
            ys.append(y)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def _same_colour(a: RGB, b: RGB) -> bool:
    return all(abs(p - q) <= SAME_COLOUR_TOLERANCE for p, q in zip(a, b))


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


class _GlyphCollector(PDFTextDevice):
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
        self.budget = PageBudget()  # pdfprose.guards: stops runaway pages
        self._render_mode = 0
        self._colours: tuple[RGB | None, ...] = ()
        self._always_visible = True
        self._hidden_on_white = False
        self._crop = (0.0, 0.0, 0.0, 0.0)
        self._backgrounds = _Backgrounds()
        self.clip: Box | None = None
        self.form = False
        self.glyphs: list[Glyph] = []
        self.invisible: list[Glyph] = []
        self.hidden = 0
        self.has_image = False

    # -- page ------------------------------------------------------------------------------
    def start(self, page: PDFPage, ctm: tuple[float, ...]) -> tuple[float, float]:
        """Reset for ``page`` and return its displayed size (width, height) in points."""
        self.glyphs, self.invisible, self.hidden, self.has_image = [], [], 0, False
        self.budget = PageBudget()
        self.clip = None
        self.form = False
        x0, y0, x1, y1 = page.cropbox
        corners = [_apply(ctm, x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        self._crop = (min(xs), min(ys), max(xs), max(ys))
        self._backgrounds = _Backgrounds(self._crop)
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
            box = _path_box([("m", 0, 0), ("l", 1, 1)], self.ctm)
            if box is not None:
                self._backgrounds.add(box, None)

    def paint_path(self, graphicstate, stroke, fill, evenodd, path) -> None:  # type: ignore[no-untyped-def]
        if not fill or self.ctm is None:
            return
        box = _path_box(path, self.ctm)
        if box is not None:
            self._backgrounds.add(box, _rgb(graphicstate.ncs, graphicstate.ncolor))

    def paint_unknown(self, box: Box | None) -> None:
        """A shading (``sh``) painted ``box`` (the clip's box; None: the whole page) in colours
        that are not tracked: text on it counts as visible."""
        self._backgrounds.add(box or (-1e9, -1e9, 1e9, 1e9), None)

    # -- text ------------------------------------------------------------------------------
    def render_string(self, textstate, seq, ncs, graphicstate) -> None:  # type: ignore[no-untyped-def]
        self._render_mode = textstate.render
        colours: list[RGB | None] = []
        if textstate.render in FILL_RENDER_MODES:
            colours.append(_rgb(graphicstate.ncs, graphicstate.ncolor))
        if textstate.render in STROKE_RENDER_MODES:
            colours.append(_rgb(graphicstate.scs, graphicstate.scolor))
        self._colours = tuple(colours)
        # Decided once per string: text that can be seen whatever lies beneath (a colour that
        # cannot be known), and text that vanishes on white paper.
        self._always_visible = not colours or any(c is None for c in colours)
        self._hidden_on_white = not self._always_visible and all(
            _same_colour(c, WHITE) for c in colours  # type: ignore[arg-type]
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
                    _same_colour(colour, beneath) for colour in self._colours  # type: ignore[arg-type]
                )
            if hidden:
                self._hidden(text)
                return
        # Positional: a third of the cost of keywords, and this runs for every glyph
        # (_GLYPH_FIELDS, checked at import, is the order).
        glyph = Glyph(text, dx0 - cx0, cy1 - dy1, dx1 - cx0, cy1 - dy0, cy1 - f, size, facts.name,
                      facts.bold, facts.italic, angle, facts.vertical, unmapped, e - cx0, mirrored,
                      self.form, advance, cid, facts)
        if invisible:
            self.invisible.append(glyph)
        else:
            self.glyphs.append(glyph)


_GLYPH_FIELDS = ("text", "x0", "top", "x1", "bottom", "baseline", "size", "font", "bold", "italic",
                 "angle", "vertical", "unmapped", "origin_x", "mirrored", "form", "advance", "code",
                 "source")
if tuple(f.name for f in fields(Glyph)) != _GLYPH_FIELDS:  # pragma: no cover - a changed model
    raise ImportError("pdfprose.model.Glyph's fields changed: update _place() in pdfprose.parse")


def _damaged_content(page: PDFPage) -> bool:
    """True when one of the page's content streams was recovered from damaged compressed data
    (:class:`pdfprose.guards.Damaged`: zlib stopped before the stream's end or its check)."""
    try:
        streams = [resolve1(c) for c in page.contents]
    except Exception:  # noqa: BLE001 - a broken reference: said elsewhere, or not at all
        return False
    return any(is_damaged(getattr(stream, "data", None)) for stream in streams)


class _FontInfo:
    """What the collector knows of one font: its :class:`~pdfprose.fonts.FontFacts`, and per
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


class _Interpreter(PDFPageInterpreter):
    """pdfminer's interpreter, with what the collector needs to judge what a reader sees.

    - the bounding box of the current clipping path (``W``/``W*``), saved and restored with the
      graphics state, handed to the device: text outside it is not drawn;
    - shadings (``sh``) reported to the device as areas of unknown colour;
    - after a form XObject the device's CTM is restored (pdfminer leaves the form's last CTM
      there until the next ``cm`` or ``Q``, which misplaces text that follows at once), and a
      form starts from the graphics state (colours) it is invoked with (ISO 32000-1, 8.10.1).
    """

    def init_state(self, ctm):  # type: ignore[no-untyped-def]
        super().init_state(ctm)
        inherited = getattr(self, "_inherited", None)
        self._clips: list[Box | None] = []
        if inherited is not None:
            self.graphicstate = inherited[0].copy()
            self._clip: Box | None = inherited[1]
        else:
            self._clip = None
        self._set_device_clip()

    def _set_device_clip(self) -> None:
        device = self.device
        if isinstance(device, _GlyphCollector):
            device.clip = self._clip

    def subinterp(self):  # type: ignore[no-untyped-def]
        interp = super().subinterp()
        interp._inherited = (self.graphicstate.copy(), self._clip)
        return interp

    def do_q(self) -> None:
        super().do_q()
        self._clips.append(self._clip)

    def do_Q(self) -> None:
        super().do_Q()
        if self._clips:
            self._clip = self._clips.pop()
            self._set_device_clip()

    def _narrow_clip(self) -> None:
        box = _path_box(self.curpath, self.ctm)
        if box is None:
            return
        if self._clip is not None:
            x0, y0, x1, y1 = self._clip
            box = (max(x0, box[0]), max(y0, box[1]), min(x1, box[2]), min(y1, box[3]))
            if box[0] > box[2] or box[1] > box[3]:
                box = (box[0], box[1], box[0], box[1])  # empty: nothing shows
        self._clip = box
        self._set_device_clip()

    def do_W(self) -> None:
        self._narrow_clip()

    def do_W_a(self) -> None:
        self._narrow_clip()

    def do_sh(self, name: object) -> None:
        device = self.device
        if isinstance(device, _GlyphCollector):
            device.paint_unknown(self._clip)

    def do_Do(self, xobjid_arg) -> None:  # type: ignore[no-untyped-def]
        super().do_Do(xobjid_arg)
        self.device.set_ctm(self.ctm)
        self._set_device_clip()


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


COMPOSITE_FONT = "Type0"
"""pdfminer.six makes a composite font from its descendant (``PDFResourceManager.get_font``
asks itself again, the ToUnicode entry copied over): the descendant's ToUnicode is read."""

CID_FONT_SUBTYPES = frozenset(("CIDFontType0", "CIDFontType2"))
"""Descendant fonts: without a ToUnicode entry pdfminer.six falls back on other maps (the
font file's, a predefined CMap's), so theirs is made empty rather than left out."""

_EMPTY_CMAP = b""
"""The ToUnicode stream a descendant font is made with: a map, but empty (its own is read after)."""


class _ResourceManager(PDFResourceManager):
    """pdfminer's resource manager, with each simple font's encoding repaired once where its
    Differences name glyphs the Adobe glyph list does not know (see
    :func:`pdfprose.fonts.repair_encoding`), and a font's ToUnicode CMap read by
    :func:`pdfprose.content.read_to_unicode` (the same map, about twice as fast): the font is
    made from its dictionary without the ToUnicode entry (a descendant font with an empty one),
    which only sets the map, and given the map after."""

    def get_font(self, objid, spec):  # type: ignore[no-untyped-def]
        to_unicode = None
        made = spec
        if not (objid and objid in self._cached_fonts):
            try:
                subtype = literal_name(spec["Subtype"]) if "Subtype" in spec else "Type1"
                if "ToUnicode" in spec and subtype != COMPOSITE_FONT:
                    stream = resolve1(spec["ToUnicode"])
                    if isinstance(stream, PDFStream):
                        to_unicode = stream
                        made = {key: value for key, value in spec.items() if key != "ToUnicode"}
                        if subtype in CID_FONT_SUBTYPES:
                            made["ToUnicode"] = PDFStream({}, _EMPTY_CMAP)
            except Exception:  # noqa: BLE001 - pdfminer's own path then says what is wrong
                to_unicode, made = None, spec
        font = super().get_font(objid, made)
        if to_unicode is not None:
            try:
                font.unicode_map = read_to_unicode(to_unicode)
            except BaseException:
                if objid:
                    self._cached_fonts.pop(objid, None)  # pdfminer keeps no font that failed
                raise
        repair_encoding(font, spec)
        return font


class ParsedDocument:
    """An opened PDF whose pages can be parsed one at a time (see :func:`open_pdf`)."""

    def __init__(self, document: PDFDocument, pages: list[PDFPage]) -> None:
        self._pages = pages
        self._rsrcmgr = _ResourceManager(caching=True)
        self._device = _GlyphCollector(self._rsrcmgr)
        self._interpreter = _Interpreter(self._rsrcmgr, self._device)
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
            if _damaged_content(page):
                self.warnings.append(
                    f"Page {number}: the content stream is damaged (its compressed data is "
                    "corrupted); the text before the damage was kept."
                )
            _render_annotations(self._interpreter, page)
        glyphs = device.glyphs
        hidden = device.hidden
        if device.invisible:
            # Invisible text over an image is an OCR layer: the page's real text (SPEC §1).
            if device.has_image:
                glyphs = glyphs + device.invisible
            else:
                hidden += sum(1 for g in device.invisible if g.text.strip())
        glyphs, width, height, turned = turn_upright(glyphs, width, height)
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
        )


def _right_angle(angle: float) -> int | None:
    """The multiple of 90 degrees (-90, 0, 90, 180) ``angle`` is within RIGHT_ANGLE_TOLERANCE
    of, else None."""
    nearest = int(round(angle / 90.0)) * 90
    if abs(angle - nearest) > RIGHT_ANGLE_TOLERANCE:
        return None
    return 180 if nearest in (180, -180) else nearest


def turn_upright(
    glyphs: list[Glyph], width: float, height: float
) -> tuple[list[Glyph], float, float, int]:
    """Turn a page whose text mostly runs at one angle other than upright (TURN_SHARE) so that
    this text reads left to right, top to bottom, as a reader turns the paper; mirrored text
    (a reflecting text matrix) is reflected back the same way.

    ``glyphs`` are in page space (points, origin top left) of a ``width`` x ``height`` page.
    Returns ``(glyphs, width, height, turned)``: the glyphs in the turned page's space (boxes,
    origins, angles and mirroring updated; new objects), its size, and the dominant angle in
    degrees that was turned away (0 when the page was left as it is, the same glyph list).
    """
    visible = [g for g in glyphs if g.text.strip()]
    upright = sum(1 for g in visible if g.angle == 0.0 and not g.mirrored)
    if len(visible) - upright < TURN_MIN_GLYPHS or upright >= (1 - TURN_SHARE) * len(visible):
        return glyphs, width, height, 0  # the common case, decided without a census
    counts: Counter[tuple[int | None, bool]] = Counter()
    for g in visible:
        counts[(_right_angle(g.angle), g.mirrored)] += 1
    (angle, mirrored), n = counts.most_common(1)[0]
    if (
        angle is None
        or (angle == 0 and not mirrored)
        or n <= TURN_SHARE * sum(counts.values())
        or n < TURN_MIN_GLYPHS
    ):
        return glyphs, width, height, 0
    theta = math.radians(angle)
    cos, sin = round(math.cos(theta)), round(math.sin(theta))
    # Page space is y-down: the dominant baseline runs along d, the next line lies along n.
    d = (cos, -sin)
    n_vec = (-sin, -cos) if mirrored else (sin, cos)

    def move(x: float, y: float) -> tuple[float, float]:
        return (x * d[0] + y * d[1], x * n_vec[0] + y * n_vec[1])

    corners = [move(x, y) for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
    ox = min(c[0] for c in corners)
    oy = min(c[1] for c in corners)
    new_width = max(c[0] for c in corners) - ox
    new_height = max(c[1] for c in corners) - oy
    turned: list[Glyph] = []
    for g in glyphs:
        xs, ys = [], []
        for x, y in ((g.x0, g.top), (g.x1, g.top), (g.x0, g.bottom), (g.x1, g.bottom)):
            tx, ty = move(x, y)
            xs.append(tx - ox)
            ys.append(ty - oy)
        gx, gy = move(g.origin_x, g.baseline)
        rad = math.radians(g.angle)
        u, v = move(math.cos(rad), -math.sin(rad))
        new_angle = math.degrees(math.atan2(-v, u))
        if abs(new_angle - round(new_angle)) < 1e-6:
            new_angle = float(round(new_angle))
        if new_angle == -180.0:
            new_angle = 180.0
        turned.append(replace(
            g, x0=min(xs), top=min(ys), x1=max(xs), bottom=max(ys), origin_x=gx - ox,
            baseline=gy - oy, angle=new_angle + 0.0, mirrored=g.mirrored != mirrored,
        ))
    return turned, new_width, new_height, angle


class _RebuiltXRefDocument(FastObjectStreamDocument):
    """A PDFDocument that ignores the file's cross-reference table and rebuilds it by scanning
    for ``N G obj`` (pdfminer's fallback): for files whose xref offsets point at the wrong bytes,
    which pdfminer accepts silently and then finds no catalog."""

    def find_xref(self, parser: PDFParser) -> int:
        raise PDFNoValidXRef("xref ignored: rebuilding it by scanning the file")


def _open_document(data: bytes, password: str, rebuild: bool) -> tuple[PDFDocument, list[PDFPage]]:
    cls = _RebuiltXRefDocument if rebuild else FastObjectStreamDocument
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
    device = interpreter.device
    if isinstance(device, _GlyphCollector):
        device.form = True
    try:
        _render_appearances(interpreter, page, annots, ctm)
    finally:
        if isinstance(device, _GlyphCollector):
            device.form = False


def _render_appearances(interpreter: PDFPageInterpreter, page: PDFPage, annots: list,
                        ctm: tuple[float, ...]) -> None:
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
