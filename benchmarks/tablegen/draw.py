"""Laying out and drawing one table on a reportlab canvas, the way real producers draw them.

A table is a grid of :class:`~benchmarks.tablegen.model.Cell` with column alignments and the
columns whose text may wrap. :func:`layout` sizes it for a width (columns from their text,
wrapped cells on several lines, rows as tall as their tallest cell); :func:`draw` paints any
sequence of its rows (a part cut by a page break, the header repeated) at a place on the page.

The :class:`Look` says how it is drawn, in the ways the corpus's tables are: every rule of a
grid (an Excel export, a Chinese financial statement), rules between rows only under a filled
header (a WHO report, a Korean brochure), booktabs' three rules, one rule under the header (a
paper), rules between columns only, each cell a box of its own, zebra-shaded rows, a shaded
label column; rules stroked as lines or filled as thin rectangles (as LaTeX and many exporters
draw them), whole or cut into one segment per cell.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .model import Cell

RULES = ("grid", "rows", "booktabs", "header", "none", "verticals", "boxes")

ASCENT = 0.75
"""Cap-height-ish share of the font size above the baseline used to place a line in its cell
(Helvetica's ascent is 0.718 em, STSong-Light's 0.752)."""

MIN_SIZE = 5.5
"""The smallest font size (pt) a table is shrunk to: dense Excel exports print at 6-7 pt
(ca_warn_report_table_16p.pdf: about 7 pt)."""


@dataclass(slots=True)
class Look:
    """How a table is drawn. Sizes in pt, colours as reportlab colours."""

    rules: str = "grid"
    rule_as_fill: bool = False  # a rule as a thin filled rectangle, not a stroked line
    segmented: bool = False  # one rule segment per cell instead of whole lines
    line_width: float = 0.5
    rule_color: Color = field(default_factory=lambda: Color(0, 0, 0))
    frame: bool = True  # the grid's outer frame
    header_fill: Color | None = None
    header_text: Color = field(default_factory=lambda: Color(0, 0, 0))
    header_bold: bool = True
    header_align: str = "same"  # "same" as the column, "left" or "center"
    zebra: Color | None = None
    zebra_first: bool = False  # the first body row shaded (else the second)
    label_fill: Color | None = None  # the first column shaded (body rows)
    box_gap: float = 0.0  # space between the boxes of "boxes"
    font: str = "Helvetica"
    bold_font: str = "Helvetica-Bold"
    size: float = 9.0
    leading: float = 1.2  # line height as a multiple of the size
    hpad: float = 4.0
    vpad: float = 2.5
    header_vpad: float | None = None  # the header rows' own padding (None: ``vpad``)
    valign: str = "top"  # "top", "middle" or "bottom": where a short cell sits in a tall row
    full_width: bool = False  # stretch the columns to the width given


@dataclass(slots=True)
class TableSpec:
    """What a table holds and how its columns read: the cells (header rows first), the
    alignment of each column (``left``, ``right``, ``center``) and whether its text may wrap."""

    cells: list[Cell]
    n_rows: int
    n_cols: int
    header_rows: int
    align: list[str]
    wrap: list[bool]


@dataclass(slots=True)
class Layout:
    """A table sized for a width: the column boundaries (``n_cols + 1`` x offsets from the
    table's left edge), each row's height, each cell's lines, and the font size used."""

    col_x: list[float]
    row_h: list[float]
    lines: dict[tuple[int, int], list[str]]
    size: float

    @property
    def width(self) -> float:
        return self.col_x[-1]

    def height(self, rows: list[int]) -> float:
        return sum(self.row_h[r] for r in rows)


class TooWide(ValueError):
    """The table cannot be set in the width given, even at the smallest size."""


def is_cjk(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def vpad_of(look: Look, header: bool) -> float:
    """The padding above and below a row's text: the header's own where it has one."""
    return look.header_vpad if header and look.header_vpad is not None else look.vpad


def _font_for(look: Look, header: bool) -> str:
    return look.bold_font if header and look.header_bold else look.font


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width``: at spaces, and between any two
    characters of CJK text (which has no spaces). A word wider than ``width`` gets a line of
    its own (the layout never lets that happen)."""
    if not text:
        return [""]
    lines: list[str] = []
    current = ""
    tokens = _tokens(text)
    for tok in tokens:
        candidate = current + tok if current else tok.lstrip(" ")
        if current and stringWidth(candidate.rstrip(" "), font, size) > width:
            lines.append(current.rstrip(" "))
            current = tok.lstrip(" ")
        else:
            current = candidate
    if current.strip() or not lines:
        lines.append(current.rstrip(" "))
    return lines


def _tokens(text: str) -> list[str]:
    """Break opportunities: each CJK character alone, each Latin word with its leading space.
    CJK punctuation stays with the character before it (no line starts with ，or 。)."""
    out: list[str] = []
    buf = ""
    for ch in text:
        if is_cjk(ch):
            if buf:
                out.append(buf)
                buf = ""
            if out and unicodedata.category(ch).startswith("P"):
                out[-1] += ch
            else:
                out.append(ch)
        elif ch == " ":
            if buf:
                out.append(buf)
            buf = " "
        else:
            buf += ch
    if buf:
        out.append(buf)
    return out


def join_lines(lines: list[str]) -> str:
    """The text of a wrapped cell: its lines joined by a space, by nothing between CJK."""
    text = ""
    for line in lines:
        if not line:
            continue
        if text and not (is_cjk(text[-1]) and is_cjk(line[0])):
            text += " "
        text += line
    return text


def _min_width(text: str, font: str, size: float) -> float:
    return max((stringWidth(t.strip(), font, size) for t in _tokens(text)), default=0.0)


def layout(spec: TableSpec, look: Look, max_width: float) -> Layout:
    """Size the table for ``max_width`` (pt), shrinking its font down to :data:`MIN_SIZE` when
    even its narrowest form is too wide; raises :class:`TooWide` when nothing fits."""
    size = look.size
    while True:
        try:
            return _layout_at(spec, look, max_width, size)
        except TooWide:
            if size - 0.5 < MIN_SIZE:
                raise
            size -= 0.5


def _layout_at(spec: TableSpec, look: Look, max_width: float, size: float) -> Layout:
    """Column widths the way HTML's automatic table layout sets them: each column's widest
    unbroken text (``maxw``) when they all fit, else each column's narrowest (``minw``: its
    longest word where text may wrap, its widest cell where not) plus a share of the rest in
    proportion to what it would still take. Text columns and header cells may wrap; numbers
    never do."""
    pad = 2 * look.hpad
    maxw = [pad + 1.0] * spec.n_cols
    minw = [pad + 1.0] * spec.n_cols
    wrappable = [spec.wrap[c] or spec.align[c] != "right" for c in range(spec.n_cols)]
    for cell in spec.cells:
        if cell.colspan != 1:
            continue
        header = cell.row < spec.header_rows
        font = _font_for(look, header)
        w = stringWidth(cell.text, font, size) + pad
        maxw[cell.col] = max(maxw[cell.col], w)
        lo = _min_width(cell.text, font, size) + pad if header or wrappable[cell.col] else w
        minw[cell.col] = max(minw[cell.col], lo)
    # A spanning cell gets the room it needs from the last column it covers.
    for cell in spec.cells:
        if cell.colspan > 1:
            font = _font_for(look, cell.row < spec.header_rows)
            last = cell.col + cell.colspan - 1
            for widths, need in ((maxw, stringWidth(cell.text, font, size) + pad),
                                 (minw, _min_width(cell.text, font, size) + pad)):
                have = sum(widths[cell.col: last + 1])
                if need > have:
                    widths[last] += need - have
    if sum(minw) > max_width + 1e-6:
        raise TooWide(f"{sum(minw):.0f} pt > {max_width:.0f} pt")
    if sum(maxw) <= max_width:
        widths = list(maxw)
        spare = max_width - sum(widths)
        if look.full_width and spare > 0:
            widths = [w + spare / spec.n_cols for w in widths]
    else:
        share = (max_width - sum(minw)) / (sum(maxw) - sum(minw))
        widths = [lo + (hi - lo) * share for lo, hi in zip(minw, maxw)]
    col_x = [0.0]
    for w in widths:
        col_x.append(col_x[-1] + w)
    lead = size * look.leading
    lines: dict[tuple[int, int], list[str]] = {}
    row_h = [lead + 2 * vpad_of(look, r < spec.header_rows) for r in range(spec.n_rows)]
    for cell in spec.cells:
        font = _font_for(look, cell.row < spec.header_rows)
        avail = col_x[cell.col + cell.colspan] - col_x[cell.col] - pad
        cell_lines = wrap_text(cell.text, font, size, avail + 0.01)
        lines[(cell.row, cell.col)] = cell_lines
        if cell.rowspan == 1:
            vpad = vpad_of(look, cell.row < spec.header_rows)
            row_h[cell.row] = max(row_h[cell.row], len(cell_lines) * lead + 2 * vpad)
    for cell in spec.cells:
        if cell.rowspan > 1:
            need = len(lines[(cell.row, cell.col)]) * lead \
                + 2 * vpad_of(look, cell.row < spec.header_rows)
            have = sum(row_h[cell.row: cell.row + cell.rowspan])
            if need > have:
                row_h[cell.row + cell.rowspan - 1] += need - have
    return Layout(col_x, row_h, lines, size)


# --------------------------------------------------------------------------------------------
# Drawing


def _rule(canvas: Canvas, look: Look, x0: float, y0: float, x1: float, y1: float,
          width: float | None = None) -> None:
    w = look.line_width if width is None else width
    if look.rule_as_fill:
        canvas.setFillColor(look.rule_color)
        if y0 == y1:
            canvas.rect(min(x0, x1), y0 - w / 2, abs(x1 - x0), w, stroke=0, fill=1)
        else:
            canvas.rect(x0 - w / 2, min(y0, y1), w, abs(y1 - y0), stroke=0, fill=1)
    else:
        canvas.setStrokeColor(look.rule_color)
        canvas.setLineWidth(w)
        canvas.line(x0, y0, x1, y1)


def _merge(segments: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Touching segments along one line joined into one."""
    out: list[tuple[float, float]] = []
    for a, b in sorted(segments):
        if out and abs(out[-1][1] - a) < 1e-6:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def draw(canvas: Canvas, spec: TableSpec, look: Look, lay: Layout, x: float, top: float,
         rows: list[int]) -> float:
    """Draw ``rows`` (indices into the table, stacked in that order) with the table's left edge
    at ``x`` and its top at ``top`` (PDF coordinates); returns the height drawn."""
    ys: dict[int, tuple[float, float]] = {}  # row -> (top, bottom) on the page
    y = top
    for r in rows:
        ys[r] = (y, y - lay.row_h[r])
        y -= lay.row_h[r]
    bottom = y
    cx = [x + v for v in lay.col_x]
    drawn = set(rows)
    cells = [c for c in spec.cells if c.row in drawn]
    body_index = {r: i for i, r in enumerate(r for r in rows if r >= spec.header_rows)}

    def cell_box(cell: Cell) -> tuple[float, float, float, float]:
        last = cell.row + cell.rowspan - 1
        bot = ys[last][1] if last in ys else ys[cell.row][1]
        return cx[cell.col], bot, cx[cell.col + cell.colspan], ys[cell.row][0]

    # Fills first: header, zebra rows, the label column.
    for r in rows:
        t, b = ys[r]
        fill = None
        if r < spec.header_rows:
            fill = look.header_fill
        elif look.zebra is not None and (body_index[r] % 2 == 0) == look.zebra_first:
            fill = look.zebra
        if fill is not None:
            canvas.setFillColor(fill)
            canvas.rect(cx[0], b, cx[-1] - cx[0], t - b, stroke=0, fill=1)
        if look.label_fill is not None and r >= spec.header_rows:
            canvas.setFillColor(look.label_fill)
            canvas.rect(cx[0], b, cx[1] - cx[0], t - b, stroke=0, fill=1)

    _draw_rules(canvas, spec, look, cx, ys, rows, cells, cell_box, bottom)

    lead = lay.size * look.leading
    for cell in cells:
        header = cell.row < spec.header_rows
        font = _font_for(look, header)
        lines = lay.lines[(cell.row, cell.col)]
        x0, b, x1, t = cell_box(cell)
        block = len(lines) * lead
        if look.valign == "top" or header:
            first = t - vpad_of(look, header) - lay.size * ASCENT - (lead - lay.size) / 2
        elif look.valign == "middle":
            first = (t + b) / 2 + block / 2 - lay.size * ASCENT - (lead - lay.size) / 2
        else:
            first = b + look.vpad + block - lay.size * ASCENT - (lead - lay.size) / 2
        align = spec.align[cell.col]
        if header and look.header_align != "same":
            align = look.header_align
        if cell.colspan > 1:
            align = "center" if header else "left"
        canvas.setFillColor(look.header_text if header else Color(0, 0, 0))
        canvas.setFont(font, lay.size)
        for i, line in enumerate(lines):
            w = stringWidth(line, font, lay.size)
            if align == "right":
                tx = x1 - look.hpad - w
            elif align == "center":
                tx = (x0 + x1 - w) / 2
            else:
                tx = x0 + look.hpad
            canvas.drawString(tx, first - i * lead, line)
    return top - bottom


def _draw_rules(canvas: Canvas, spec: TableSpec, look: Look, cx: list[float],
                ys: dict[int, tuple[float, float]], rows: list[int], cells: list[Cell],
                cell_box, bottom: float) -> None:
    top = ys[rows[0]][0]
    left, right = cx[0], cx[-1]
    rules = look.rules
    if rules == "none":
        return
    if rules == "boxes":
        g = look.box_gap / 2
        canvas.setStrokeColor(look.rule_color)
        canvas.setLineWidth(look.line_width)
        for cell in cells:
            x0, b, x1, t = cell_box(cell)
            canvas.rect(x0 + g, b + g, x1 - x0 - 2 * g, t - b - 2 * g, stroke=1, fill=0)
        return
    header_bottom = None
    if spec.header_rows and spec.header_rows - 1 in ys:
        header_bottom = ys[spec.header_rows - 1][1]
    thick = look.line_width * 2
    if rules == "booktabs":
        _rule(canvas, look, left, top, right, top, thick)
        if header_bottom is not None:
            # cmidrules under the spanning cells of all but the last header row
            for cell in cells:
                if cell.colspan > 1 and cell.row + 1 < spec.header_rows:
                    x0, b, x1, _ = cell_box(cell)
                    _rule(canvas, look, x0 + 2, b, x1 - 2, b)
            _rule(canvas, look, left, header_bottom, right, header_bottom)
        _rule(canvas, look, left, bottom, right, bottom, thick)
        return
    if rules == "header":
        if header_bottom is not None:
            _rule(canvas, look, left, header_bottom, right, header_bottom)
        return
    if rules == "verticals":
        for c in range(1, len(cx) - 1):
            _rule(canvas, look, cx[c], top, cx[c], bottom)
        if header_bottom is not None:
            _rule(canvas, look, left, header_bottom, right, header_bottom)
        return
    # "grid" and "rows": a horizontal rule at every row boundary (not through a cell spanning
    # rows), "grid" also every column boundary (not through a cell spanning columns).
    covered_h: set[tuple[int, int]] = set()  # (row, col): no rule under this row here
    covered_v: set[tuple[int, int]] = set()  # (row, boundary): no rule left of this boundary
    for cell in spec.cells:
        for r in range(cell.row, cell.row + cell.rowspan - 1):
            for c in range(cell.col, cell.col + cell.colspan):
                covered_h.add((r, c))
        for r in range(cell.row, cell.row + cell.rowspan):
            for c in range(cell.col + 1, cell.col + cell.colspan):
                covered_v.add((r, c))
    horizontal: dict[float, list[tuple[float, float]]] = {}
    for i, r in enumerate(rows):
        t, b = ys[r]
        if i == 0 and (look.frame or rules == "rows"):
            horizontal.setdefault(t, []).extend((cx[c], cx[c + 1]) for c in range(spec.n_cols))
        last = i == len(rows) - 1
        if last and not (look.frame or rules == "rows"):
            continue
        for c in range(spec.n_cols):
            if last or (r, c) not in covered_h or rows[i + 1] != r + 1:
                horizontal.setdefault(b, []).append((cx[c], cx[c + 1]))
    for y, segs in horizontal.items():
        for a, z in (segs if look.segmented else _merge(segs)):
            _rule(canvas, look, a, y, z, y)
    if rules == "rows":
        return
    vertical: dict[float, list[tuple[float, float]]] = {}
    for r in rows:
        t, b = ys[r]
        for c in range(len(cx)):
            if c in (0, len(cx) - 1) and not look.frame:
                continue
            if (r, c) in covered_v:
                continue
            vertical.setdefault(cx[c], []).append((b, t))
    for x, segs in vertical.items():
        for a, z in (segs if look.segmented else _merge(segs)):
            _rule(canvas, look, x, a, x, z)
