"""The plain data that flows between the engine's stages.

Coordinates: every box here is in *page space*: points (1/72 in), origin at the TOP LEFT of the
page as displayed (after /Rotate and the CropBox are applied), x to the right, y downwards. A box
is ``(x0, top, x1, bottom)`` with ``x0 <= x1`` and ``top <= bottom``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from .text.faces import cjk_gothic


SMALL_CAPS_NAME = re.compile(r"caps|cmcsc|smallcap|(?<=[a-z0-9])SC$|-SC\b", re.I)
"""Font names of small-capitals faces: Latin Modern's ``LMRomanCaps10``, TeX's ``CMCSC10``,
OpenType families' ``...SC``/``-SC`` (``MinionPro-RegularSC``)."""

_small_caps_names: dict[str, bool] = {}
""":data:`SMALL_CAPS_NAME`'s answer per font name met so far (a document has a few dozen)."""

SMALL_CAPS_NAMES_KEPT = 4096
"""...forgotten all at once beyond this many names, so that a long-lived worker's cache stays
small."""


def _is_small_caps_name(font: str) -> bool:
    """Whether ``font`` names a small-capitals face (:data:`SMALL_CAPS_NAME`), remembered."""
    known = _small_caps_names.get(font)
    if known is None:
        if len(_small_caps_names) >= SMALL_CAPS_NAMES_KEPT:
            _small_caps_names.clear()
        known = _small_caps_names[font] = SMALL_CAPS_NAME.search(font) is not None
    return known


@dataclass(slots=True)
class Glyph:
    """One drawn glyph (SPEC §1).

    ``x0..x1`` spans the glyph's advance along the baseline (not its ink), ``top..bottom`` spans
    the font's ascent-descent box. ``baseline`` is the y of the baseline in page space. ``size``
    is the effective font size in points (text matrix and CTM applied). ``angle`` is the direction
    of the baseline in degrees, counter-clockwise as seen on the page (0 = left to right).
    ``unmapped`` is true when the glyph has no Unicode meaning (``(cid:N)``, U+FFFD, stray
    private-use codes).

    ``origin_x`` with ``baseline`` is the glyph's origin (where its advance starts on the
    baseline) in page space; for text that is not horizontal it places the glyph's baseline.
    ``advance`` is the length of the glyph's advance along its baseline in points (0 when not
    known: then the box stands for it).
    ``vertical`` marks vertical writing (a writing-mode V font, or CJK glyphs set in columns).
    ``mirrored`` marks a glyph drawn with a reflecting text matrix (its "up" is on the other side
    of its baseline). ``form`` marks glyphs drawn by an annotation's appearance (a filled-in form
    field, a widget caption) rather than by the page's content.

    ``code`` is the character code the PDF drew (the CID of a multi-byte font), ``source`` the
    :class:`~pdfprose.pdf.fonts.FontFacts` of its font: the garbled-page diagnosis
    (:mod:`pdfprose.pdf.diagnosis`) reads both. ``mark`` is the marked-content state it was
    drawn in (:class:`pdfprose.pdf.marked.MarkState`: its MCID, ActualText span, artifact), or
    None outside any sequence that says something.
    """

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    baseline: float
    size: float
    font: str
    bold: bool = False
    italic: bool = False
    angle: float = 0.0
    vertical: bool = False
    unmapped: bool = False
    origin_x: float = 0.0
    mirrored: bool = False
    form: bool = False
    advance: float = 0.0
    code: int = -1
    source: object = field(default=None, repr=False, compare=False)
    mark: object = field(default=None, repr=False, compare=False)


RGB = tuple[float, float, float]
"""A colour, red, green and blue in 0..1."""


@dataclass(slots=True)
class Shape:
    """A straight line or a rectangle the page draws (the rules, boxes and shading of tables),
    in page space.

    ``stroke`` True: a stroked segment, horizontal (``top == bottom``) or vertical (``x0 ==
    x1``), ``width`` its line width in points; False: a filled rectangle (``width`` 0).
    ``colour`` is the stroke's or the fill's colour, None when it cannot be known (a pattern,
    a spot colour).
    """

    x0: float
    top: float
    x1: float
    bottom: float
    stroke: bool
    width: float = 0.0
    colour: RGB | None = None


@dataclass(slots=True)
class Line:
    """A horizontal text line: glyphs whose baselines agree, read left to right (SPEC §3).

    ``text`` already holds the spaces SPEC §2 inserts between words. ``size`` is the dominant font
    size in points (by characters); ``bold`` is true when most characters are bold. Lines of
    rotated text (SPEC §5) carry their baseline's ``angle`` in degrees (counter-clockwise as seen
    on the page); a column of vertical writing is a line with ``vertical`` set, read top to
    bottom. Their boxes are still in page space.
    """

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    baseline: float
    size: float
    bold: bool = False
    italic: bool = False
    angle: float = 0.0
    glyphs: list[Glyph] = field(default_factory=list, repr=False)
    vertical: bool = False
    released_all_bold: bool | None = field(default=None, repr=False, compare=False)
    """``all_bold`` as it was when the glyphs were released (:meth:`release_glyphs`)."""
    # ``small_caps`` and ``cjk_gothic`` as they were when the glyphs were released:
    released_small_caps: bool | None = field(default=None, repr=False, compare=False)
    released_cjk_gothic: bool | None = field(default=None, repr=False, compare=False)
    direction: Literal["ltr", "rtl"] = "ltr"
    """The line's paragraph direction: ``"rtl"`` for a line read from the right (Hebrew,
    Arabic), whose ``text`` is then in reading (logical) order (:mod:`pdfprose.layout.rtl`)."""
    inline: tuple["Inline", ...] = ()
    """Stretches of ``text`` the PDF says more of: links and footnote marks, in text order."""
    tag: str = ""
    """The structure type of the tagged element the line belongs to (``"P"``, ``"H2"``,
    ``"LI"``, ``"Artifact"`` for page furniture the file marked as such; "" untagged)."""
    unit: int = -1
    """The index of that element in the document's structure tree (lines of one element share
    it); -1 untagged."""

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def all_bold(self) -> bool:
        """True when every visible glyph is bold (a run-in bold phrase does not count)."""
        if self.released_all_bold is not None:
            return self.released_all_bold
        glyphs = self.glyphs
        if not glyphs:
            return self.bold
        # Asked of every line (release_glyphs): the common answers, no bold glyph or every
        # glyph bold, come from one column of flags; only a mixed line looks at the texts.
        bolds = [g.bold for g in glyphs]
        if not any(bolds):
            return False
        if all(bolds):
            return any(g.text.strip() for g in glyphs)
        marks = [b for g, b in zip(glyphs, bolds) if g.text.strip()]
        return bool(marks) and all(marks)

    @property
    def cjk_gothic(self) -> bool:
        """True when the line's CJK characters are all set in a gothic face, CJK type's
        bold (:func:`pdfprose.text.faces.cjk_gothic`)."""
        if self.released_cjk_gothic is not None:
            return self.released_cjk_gothic
        return cjk_gothic(self.glyphs, self.text)

    @property
    def small_caps(self) -> bool:
        """True when most visible glyphs are set in a small-capitals face (by font name:
        ``LMRomanCaps10``, TeX's ``CMCSC10``, ``...SC``; :data:`SMALL_CAPS_NAME`)."""
        if self.released_small_caps is not None:
            return self.released_small_caps
        glyphs = self.glyphs
        # Asked of every line: the name test once per distinct font (a line has one or two),
        # the names gathered straight into a set (the list of every glyph's font is only
        # wanted for a line with a small-capitals font).
        names = {g.font for g in glyphs}
        caps_names = [f for f in names if _is_small_caps_name(f)]
        if not caps_names:
            return False
        fonts = [g.font for g in glyphs]
        # Only the visible glyphs count: blank texts are found once per distinct text.
        texts = [g.text for g in glyphs]
        blanks = {t for t in set(texts) if not t.strip()}
        if blanks:
            fonts = [f for f, t in zip(fonts, texts) if t not in blanks]
        if not fonts:
            return False
        caps = sum(map(fonts.count, caps_names))
        return 2 * caps > len(fonts)

    def release_glyphs(self) -> None:
        """Let the glyphs go, keeping what the document passes still read of them
        (``all_bold``, ``small_caps``, ``cjk_gothic``): a document's glyphs are most of the
        memory its analysis takes."""
        if self.glyphs:
            self.released_all_bold = self.all_bold
            self.released_small_caps = self.small_caps
            self.released_cjk_gothic = self.cjk_gothic
            self.glyphs = []


@dataclass(frozen=True, slots=True)
class Inline:
    """A stretch ``start``..``end`` (code points, end excluded) of a line's text that the PDF
    says more of. ``kind`` ``"link"``: a web link, ``value`` its URL, ``key`` shared by the
    pieces of one link that wraps over lines; ``"note"``: a footnote mark, ``value`` the mark
    ("1", "*") of the note it calls."""

    start: int
    end: int
    kind: Literal["link", "note"]
    value: str
    key: int = 0


@dataclass(slots=True)
class TableCell:
    """One cell of a :class:`Table`: its top-left slot of the grid (0-based ``row``, ``col``),
    the rows and columns it spans, its box (page space) and its text lines, top to bottom (an
    empty cell has none)."""

    row: int
    col: int
    x0: float
    top: float
    x1: float
    bottom: float
    lines: list[Line] = field(default_factory=list)
    rowspan: int = 1
    colspan: int = 1


@dataclass(slots=True)
class Table:
    """A table found on a page (:mod:`pdfprose.layout.tables`): an ``n_rows`` x ``n_cols`` grid
    of :class:`TableCell` in row-major order (every slot has its cell, empty ones too, except a
    slot covered by a spanning cell), its first ``header_rows`` rows being its header (0: none found), its box (page
    space) and ``ruled`` when drawn rules or fills gave its grid.

    ``repeats_header`` is set by the document pass that joins a table cut by a page break
    (:mod:`pdfprose.document.tables`): on the part that goes on from the page before, the
    number of its first rows that repeat that part's header (left out when the parts are
    written as one table).
    """

    cells: list[TableCell]
    n_rows: int
    n_cols: int
    header_rows: int
    x0: float
    top: float
    x1: float
    bottom: float
    ruled: bool = False
    repeats_header: int = 0

    def grid(self) -> list[list[TableCell | None]]:
        """The cells by slot: ``grid()[row][col]`` is the cell whose top-left slot that is
        (an empty cell has no lines), None for a slot a spanning cell covers."""
        out: list[list[TableCell | None]] = [[None] * self.n_cols for _ in range(self.n_rows)]
        for cell in self.cells:
            if 0 <= cell.row < self.n_rows and 0 <= cell.col < self.n_cols:
                out[cell.row][cell.col] = cell
        return out

    def lines(self) -> list[Line]:
        """The text lines of every cell, row by row, each cell's from the top."""
        return [line for cell in self.cells for line in cell.lines]


@dataclass(slots=True)
class Block:
    """A leaf of the XY-cut: consecutive lines of one column of one region, in reading order.

    ``order`` is the block's position in the page's reading order (0-based); ``region`` numbers
    the page's horizontal regions from the top; ``column`` is the column inside the region (0 =
    leftmost); ``columns`` is how many columns that region has. ``kind`` says what the block
    holds: ``"text"`` (the page's horizontal text, from the XY-cut), ``"table"`` (a table, its
    grid in ``table``, put in the reading order where it stands), ``"rotated"`` (text at
    another angle), ``"vertical"`` (vertical writing) or ``"form"`` (text of form fields and
    annotation appearances); the last three follow the page's text (SPEC §5). ``rows`` is True
    for a block whose lines are rows read across a gap that was refused as a gutter because
    rows line up across it (a table of contents, a glossary, a table: SPEC §4). ``text_column``
    numbers the block's column among its region's text columns (those counted in the page's
    column number, :attr:`~pdfprose.params.LayoutParams.text_column_em`), 0 = leftmost; -1 for a column too
    narrow or too short to count, beside text columns (a sidebar, line numbers); 0 for every
    column of a region with no text column (a diagram's labels).
    """

    lines: list[Line]
    order: int
    region: int
    column: int
    columns: int
    x0: float
    top: float
    x1: float
    bottom: float
    kind: str = "text"
    rows: bool = False
    text_column: int = 0
    table: Table | None = None


ParagraphKind = Literal["body", "heading", "list_item", "equation", "rotated", "vertical", "form",
                        "table", "footnote", "figure"]


@dataclass(slots=True)
class Paragraph:
    """A paragraph: the unit the renderers emit, separated from the next by a blank line.

    ``lines`` keep their own text; joining them (SPEC §6-7) is the renderer's job so that the
    "join line breaks" option needs no new analysis. The paragraph stage sets ``kind`` to
    ``"equation"`` for a displayed formula (:mod:`pdfprose.layout.equations`), ``"footnote"``
    for a footnote's body (``marker``: its mark, :mod:`pdfprose.layout.footnotes`) and
    ``"figure"`` for a tagged figure's alternative text (one line, no glyphs); document passes
    set ``aside`` (a pull quote inside a paragraph's flow, :mod:`pdfprose.document.asides`),
    ``kind``, ``level`` (heading level 1-6), ``marker`` (the list item's original marker),
    ``indent`` (list nesting depth), ``furniture`` (a running header, footer or page number,
    SPEC §8) and ``continues`` (the paragraph goes on from the previous one across a column,
    page, figure or footnote, so the renderer joins them) with ``continues_from``, the
    ``(page number, index in that page's paragraphs)`` of the paragraph it is joined to (the
    first of the chain; None when none is open to it, and it stands alone). ``cells`` is, for a row of a table or
    table of contents (a :attr:`Block.rows` block), the number of its cells (runs on its
    baseline, the most of its rows where an entry wraps); 0 for any other paragraph. A row
    is never a list item, and a heading only where it has one cell. A paragraph of ``kind``
    ``"table"`` is a whole table (``table``; ``lines`` are its cells' lines, row by row): the
    renderers write its grid, and ``continues`` says it goes on from a table on the page before.
    """

    lines: list[Line]
    block: int
    kind: ParagraphKind = "body"
    level: int = 0
    marker: str = ""
    indent: int = 0
    furniture: bool = False
    continues: bool = False
    cells: int = 0
    continues_from: tuple[int, int] | None = None
    table: Table | None = None
    aside: bool = False

    @property
    def size(self) -> float:
        """Dominant font size in points, weighted by characters."""
        if len(self.lines) == 1:
            return self.lines[0].size  # asked of every paragraph, most of them one line
        weights: dict[float, int] = {}
        for line in self.lines:
            weights[line.size] = weights.get(line.size, 0) + len(line.text)
        return max(weights, key=weights.__getitem__) if weights else 0.0

    @property
    def text_length(self) -> int:
        return sum(len(line.text) for line in self.lines)


@dataclass(slots=True)
class PageAnalysis:
    """Everything the engine knows about one page, kept so re-rendering needs no new parse.

    ``number`` is 1-based. ``width`` and ``height`` are the displayed page size in points.
    ``columns`` is the largest column count over the page's regions (SPEC §4). ``empty`` means no
    text glyphs at all; ``garbled`` means too many glyphs without Unicode meaning, and
    ``garbled_cause`` says why (a key of :data:`pdfprose.pdf.diagnosis.CAUSES`, such as
    ``"no_tounicode"``); ``error`` holds the reason when the page failed to parse (its other
    fields are then empty). ``tags`` says what the page made of a tagged document's structure
    tree (:mod:`pdfprose.layout.tagged`): ``"used"``, or why it was distrusted
    (``"distrusted: ..."``); None when the document has no tags to use. ``has_image``: the page
    draws an image (a page whose only text is hidden over one may be a scan; over none, not).
    """

    number: int
    width: float
    height: float
    blocks: list[Block] = field(default_factory=list)
    paragraphs: list[Paragraph] = field(default_factory=list)
    columns: int = 0
    glyph_count: int = 0
    unmapped_count: int = 0
    hidden_count: int = 0
    form_count: int = 0
    has_image: bool = False
    empty: bool = False
    garbled: bool = False
    garbled_cause: str | None = None
    error: str | None = None
    stopped: tuple[str, str] | None = None
    """The guard that stopped a failed page before it drew anything (``part`` and ``limit`` of
    :class:`pdfprose.pdf.guards.GuardStop`), for the page to word ``error`` in its languages."""
    tags: str | None = None

    def release_glyphs(self) -> None:
        """Release the glyphs of every line of the page (:meth:`Line.release_glyphs`): after
        the page-level stages only the lines' boxes, text and styles are read."""
        for block in self.blocks:
            for line in block.lines:
                line.release_glyphs()
        for paragraph in self.paragraphs:
            for line in paragraph.lines:
                line.release_glyphs()

    def summary(self) -> dict[str, object]:
        """The page's entry in the JSON report: ``number``, ``columns``, ``empty``, ``garbled``,
        ``garbled_cause``, ``error``, plus counts of glyphs, unmapped glyphs, ``hidden`` glyphs (text a reader
        cannot see, left out: outside the CropBox, under 1 pt, invisible or in the colour of its
        background, SPEC §1), ``form`` glyphs (text of form fields and annotation
        appearances, emitted after the page's text), ``tables``, the tables found on the
        page (:mod:`pdfprose.layout.tables`), and ``furniture_chars``: the characters of
        the lines marked as running heads, footers and page numbers (SPEC §8), which "remove
        headers" leaves out of the text (0 until the document passes have run); and, in a
        tagged document, ``tags`` (:attr:`tags`)."""
        summary: dict[str, object] = {
            "number": self.number,
            "columns": self.columns,
            "empty": self.empty,
            "garbled": self.garbled,
            "garbled_cause": self.garbled_cause,
            "error": self.error,
            "glyphs": self.glyph_count,
            "unmapped": self.unmapped_count,
            "hidden": self.hidden_count,
            "form": self.form_count,
            "tables": sum(1 for b in self.blocks if b.table is not None),
            "furniture_chars": sum(len(line.text) for para in self.paragraphs if para.furniture
                                   for line in para.lines),
        }
        if self.tags is not None:
            summary["tags"] = self.tags
        return summary

    def geometry(self) -> dict[str, object]:
        """What the page's schematic preview draws, JSON-ready: page size in points and, per
        block in reading order, its box, column/region and ``kind`` (text, table, rotated,
        vertical, form), and its lines' boxes (page space).

        The contract with the page (``app/preview.js``) for tables: a table is a block of
        ``kind: "table"``, in its place in the reading order, whose ``box`` is the table's and
        which carries ``cells``, the boxes ``[x0, top, x1, bottom]`` of its grid's cells (a
        spanning cell's box covers the slots it spans), in page space and rounded to 0.1 pt
        like every box here; its ``lines`` are its cells' lines. The report's page entry
        (:meth:`summary`) counts them as ``tables``."""
        return {
            "number": self.number,
            "width": round(self.width, 1),
            "height": round(self.height, 1),
            "columns": self.columns,
            "empty": self.empty,
            "garbled": self.garbled,
            "garbled_cause": self.garbled_cause,
            "blocks": [
                {
                    "order": b.order,
                    "region": b.region,
                    "column": b.column,
                    "columns": b.columns,
                    "text_column": b.text_column,
                    "kind": b.kind,
                    "box": [round(b.x0, 1), round(b.top, 1), round(b.x1, 1), round(b.bottom, 1)],
                    "lines": [
                        [round(l.x0, 1), round(l.top, 1), round(l.x1, 1), round(l.bottom, 1)]
                        for l in b.lines
                    ],
                    **({"cells": [[round(c.x0, 1), round(c.top, 1), round(c.x1, 1),
                                   round(c.bottom, 1)] for c in b.table.cells]}
                       if b.table is not None else {}),
                }
                for b in self.blocks
            ],
        }


@dataclass(frozen=True, slots=True)
class OutlineEntry:
    """One bookmark of the document's outline (/Outlines): ``title`` as the reader sees it,
    ``page`` the 0-based index of its target page (None when it leads nowhere that can be
    found), ``depth`` 1 for a top-level entry. Read by :mod:`pdfprose.pdf.outline`, matched
    with the pages' lines by :mod:`pdfprose.document.bookmarks`."""

    title: str
    page: int | None
    depth: int
