"""A candidate table's grid: its columns, its rows and what each cell holds.

Columns part where the rows keep a gap free (:mod:`.rows`) or a rule is drawn down the table.
Rows part where a rule or the edge of a shaded band is drawn between two lines of text, on
ruled tables; else each line of text is a row, except the lines of a cell that wraps (set
closer than the rows, or going on under a cell whose row has no first cell). A piece reaching
across a column gap spans those columns, and so does a cell where a rule down the table breaks
off; its text goes into its first column (issue 23). Page space (points, origin top left).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import Line, Table, TableCell
from ...params import DEFAULT_PARAMS, LayoutParams
from .edges import Edge, covers
from .header import header_rows
from .pieces import Piece, piece_line, piece_text, split_piece
from .rows import Row, Span

@dataclass(slots=True)
class Separator:
    """Where two columns part: the free gap ``lo``..``hi`` between them, and the x of a rule
    drawn down it (``rule``, None for a gap of white space)."""

    lo: float
    hi: float
    rule: float | None = None


@dataclass(slots=True)
class Grid:
    """The rows of a table being built: per row, per column, the pieces of its cell; and per
    row its top and bottom (page space); ``ruled`` when rules part its rows one by one,
    ``row_rules`` how many pairs of consecutive text rows a rule parts."""

    cells: list[list[list[Piece]]] = field(default_factory=list)
    spans: list[list[int]] = field(default_factory=list)
    bounds: list[tuple[float, float]] = field(default_factory=list)
    ruled: bool = False
    row_rules: int = 0


def separators(rows: list[Row], gaps: list[Span], vertical: list[Edge], lo: float, hi: float,
               ) -> list[Separator]:
    """The column separators of a table whose rows are ``rows`` (x-range ``lo``..``hi``): its
    gaps of white space, each holding the rule drawn down it if there is one, and the rules
    drawn down the table with text on both sides where the rows keep no gap (cells set
    tightly between rules)."""
    top, bottom = rows[0].top, rows[-1].bottom
    seps = [Separator(a, b) for a, b in gaps]
    for e in vertical:
        if not lo + 1 < e.pos < hi - 1:
            continue
        crossed = [r for r in rows if e.start - 1 <= (r.top + r.bottom) / 2 <= e.end + 1]
        # A rule parts the candidate's columns where it runs down most of it: a short one
        # beside it is another thing's (a box in the next column, a figure's frame).
        if 2 * len(crossed) < len(rows) or e.end < top or e.start > bottom:
            continue
        home = next((s for s in seps if s.lo - 2 <= e.pos <= s.hi + 2), None)
        if home is not None:
            if home.rule is None:
                home.rule = e.pos
            continue
        left = any(p.x1 <= e.pos + 1 for r in crossed for p in r.pieces)
        right = any(p.x0 >= e.pos - 1 for r in crossed for p in r.pieces)
        if left and right and len(crossed) >= 2:
            seps.append(Separator(e.pos, e.pos, e.pos))
    seps.sort(key=lambda s: s.lo)
    merged: list[Separator] = []
    for s in seps:
        if merged and s.lo <= merged[-1].hi + 0.5:
            merged[-1].hi = max(merged[-1].hi, s.hi)
            merged[-1].rule = merged[-1].rule if merged[-1].rule is not None else s.rule
        else:
            merged.append(s)
    return merged


def _split_at_rules(row: Row, seps: list[Separator], vertical: list[Edge]) -> list[Piece]:
    """The row's pieces, cut where a drawn rule of a separator passes between their glyphs."""
    middle = (row.top + row.bottom) / 2
    out: list[Piece] = []
    for piece in row.pieces:
        parts = [piece]
        for s in seps:
            if s.rule is None or not covers(vertical, s.rule, middle, 2.0):
                continue
            last = parts[-1]
            if last.x0 < s.rule - 1 and last.x1 > s.rule + 1:
                cut = split_piece(last, s.rule)
                if cut is not None:
                    parts[-1:] = list(cut)
        out.extend(parts)
    return out


def _columns_of(piece: Piece, seps: list[Separator]) -> tuple[int, int]:
    """The first and last column a piece lies in."""
    first = sum(1 for s in seps if piece.x0 >= s.lo - 0.01)
    last = sum(1 for s in seps if piece.x1 > s.hi + 0.01)
    if last < first:  # wholly inside a gap: the nearer column
        s = seps[first - 1]
        middle = (piece.x0 + piece.x1) / 2
        return (first, first) if middle >= (s.lo + s.hi) / 2 else (first - 1, first - 1)
    return first, last


def _rule_between(upper: Row, lower: Row, horizontal: list[Edge], lo: float, hi: float,
                  share: float) -> bool:
    """Whether a drawn edge (a rule, or the side of a shaded band) parts two text rows over at
    least ``share`` of the table's width (``params.table_rule_reach``)."""
    reach = share * (hi - lo)
    below = upper.baseline + 0.1 * upper.size
    above = lower.baseline - 0.6 * lower.size
    for e in horizontal:
        if below - 0.5 <= e.pos <= above + 0.5 \
                and min(e.end, hi) - max(e.start, lo) >= reach:
            return True
    return False


def _text_breaks(rows: list[Row], placed: list[list[tuple[int, int, Piece]]],
                 params: LayoutParams) -> list[bool]:
    """Where, between consecutive text rows of a table drawn without rules between its rows,
    a new row starts: everywhere, except between the lines of a wrapped cell (set closer than
    the rows, or going on with nothing in the first column under a row that has it, or a
    first cell alone going on in lower case on its row's line). Rows set solid (lines full
    across the table at the closest pitch, ``params.table_solid_rows``) say nothing by their
    pitch."""
    n = len(rows)
    pitches = [rows[k + 1].baseline - rows[k].baseline for k in range(n - 1)]
    breaks = [True] * (n - 1)
    if not pitches:
        return breaks
    closest = min(p for p in pitches if p > 0) if any(p > 0 for p in pitches) else 0.0
    loose = any(p >= params.table_row_pitch * closest for p in pitches)
    tight = [p <= params.table_wrap_pitch * closest for p in pitches]
    filled = [{c for c, _, _ in cells} for cells in placed]
    labelled = [0 in f and len(f) >= 2
                and all(_figure(piece_text(p, params)) for c, _, p in cells if c > 0)
                for f, cells in zip(filled, placed)]
    solid = sum(1 for k, t in enumerate(tight) if t and labelled[k] and labelled[k + 1])
    if loose and any(tight) and not all(tight) and solid < params.table_solid_rows:
        return [not t for t in tight]
    for k in range(n - 1):
        upper, lower = filled[k], filled[k + 1]
        if 0 in upper and 0 not in lower and lower and lower <= upper and len(lower) < len(upper):
            breaks[k] = False
        elif upper == {0} and 0 in lower and len(lower) > 1 and tight[k] \
                and _lower_case([p for c, _, p in placed[k + 1] if c == 0], params):
            # A label wrapped over two lines with its row's figures on the last ("Murder and
            # nonnegligent" / "manslaughter. . . 10.0 0.9"): set at the rows' own pitch,
            # only its words going on in lower case say it is one cell (a section row's
            # heading, "East:" or "华东：", is followed by a row that starts anew).
            breaks[k] = False
        elif k > 0 and not breaks[k - 1] and lower and lower <= upper \
                and _goes_on(placed[k + 1], params):
            # A cell wrapped over three lines or more, rows set at its line pitch ("boolean" /
            # "null, or" / "undefined"): its text goes on in lower case in the same column,
            # where the next row of a group ("Q3" under "Q2", a figure) starts anew.
            breaks[k] = False
    return breaks


def _lower_case(pieces: list[Piece], params: LayoutParams) -> bool:
    """Whether the first of ``pieces`` starts with a lower-case letter (a script without case
    says nothing)."""
    text = piece_text(pieces[0], params).lstrip() if pieces else ""
    return text[:1].islower()


def _figure(text: str) -> bool:
    """Whether a cell's text is a figure: digits with signs, separators and marks but no letter
    ("1,473,211.0", "+4.5 %", "(80,699.47)", "2009-12-31"), a cell that never wraps."""
    return any(ch.isdigit() for ch in text) and not any(ch.isalpha() for ch in text)


def _goes_on(cells: list[tuple[int, int, Piece]], params: LayoutParams) -> bool:
    """Whether every piece of a text row starts with a letter that is no capital (lower case,
    or a script without case): the words of a cell that wrapped, not a cell of its own (which
    starts with a capital, a figure or a sign)."""
    for _, _, piece in cells:
        text = piece_text(piece, params).lstrip()
        if not text or not text[0].isalpha() or text[0].isupper():
            return False
    return True


def build_grid(rows: list[Row], seps: list[Separator], horizontal: list[Edge],
               vertical: list[Edge], lo: float, hi: float,
               params: LayoutParams = DEFAULT_PARAMS) -> Grid:
    """The cells of a table whose text rows are ``rows`` and whose columns part at ``seps``:
    rows of cells, each a list of pieces, a span per cell (1, or the columns a cell covers,
    0 for a slot covered), and each row's vertical extent."""
    n_cols = len(seps) + 1
    placed: list[list[tuple[int, int, Piece]]] = []
    for row in rows:
        pieces = _split_at_rules(row, seps, vertical) if any(s.rule for s in seps) else row.pieces
        placed.append([(*_columns_of(p, seps), p) for p in pieces])
    ruled = [_rule_between(rows[k], rows[k + 1], horizontal, lo, hi, params.table_rule_reach)
             for k in range(len(rows) - 1)]
    grid = Grid(ruled=sum(ruled) >= max(2, params.table_row_rules * (len(rows) - 1)),
                row_rules=sum(ruled))
    if grid.ruled:
        breaks = list(ruled)
        # Rows above every drawn edge or below every one (a header and first row over zebra
        # bands, unshaded) are parted as rows without rules are; a header's lines inside its
        # shaded band stay one row until the band's edge.
        reach = params.table_rule_reach * (hi - lo)
        drawn = [e.pos for e in horizontal if min(e.end, hi) - max(e.start, lo) >= reach]
        outside = [k for k in range(len(ruled)) if drawn and not ruled[k] and (
            rows[k + 1].bottom < min(drawn) or rows[k].top > max(drawn))]
        if outside:
            text = _text_breaks(rows, [list(c) for c in placed], params)
            for k in outside:
                breaks[k] = text[k]
    else:
        breaks = [r or t for r, t in zip(ruled, _text_breaks(rows, [[(a, b, p) for a, b, p in c]
                                                                    for c in placed], params))]
    groups: list[list[int]] = [[0]]
    for k, new in enumerate(breaks):
        if new:
            groups.append([k + 1])
        else:
            groups[-1].append(k + 1)
    for group in groups:
        cells: list[list[Piece]] = [[] for _ in range(n_cols)]
        span = [1] * n_cols
        for k in group:
            for first, last, piece in placed[k]:
                cells[first].append(piece)
                if last > first:
                    span[first] = max(span[first], last - first + 1)
        for c in range(n_cols):
            if span[c] > 1:
                end = min(n_cols, c + span[c])
                if any(cells[d] for d in range(c + 1, end)):
                    span[c] = 1  # the columns it reaches over hold cells of their own
                    continue
                for d in range(c + 1, end):
                    span[d] = 0
        for c in range(n_cols):
            if span[c] == 0:
                continue
            # A rule down the table that breaks off in this row: the cell goes on beyond it.
            end = c + span[c]
            while end < n_cols and seps[end - 1].rule is not None and not cells[end] \
                    and not covers(vertical, seps[end - 1].rule,
                                   sum((rows[k].top + rows[k].bottom) / 2 for k in group) / len(group),
                                   2.0) and cells[c]:
                span[end] = 0
                end += 1
            span[c] = end - c
        grid.cells.append(cells)
        grid.spans.append(span)
        grid.bounds.append((min(rows[k].top for k in group), max(rows[k].bottom for k in group)))
    return grid


def to_table(grid: Grid, rows: list[Row], seps: list[Separator], horizontal: list[Edge],
             lo: float, hi: float, ruled: bool, params: LayoutParams = DEFAULT_PARAMS) -> Table:
    """The :class:`~pdfprose.model.Table` of a grid: each cell's lines (its pieces as lines,
    top to bottom, left to right), boxes from the column and row boundaries, the header rows
    (:func:`~.header.header_rows`)."""
    xs = [lo] + [(s.lo + s.hi) / 2 if s.rule is None else s.rule for s in seps] + [hi]
    cells: list[TableCell] = []
    n_rows = len(grid.cells)
    n_cols = len(seps) + 1
    for r, (row_cells, spans, (top, bottom)) in enumerate(zip(grid.cells, grid.spans, grid.bounds)):
        upper = top if r == 0 else (grid.bounds[r - 1][1] + top) / 2
        lower = bottom if r == n_rows - 1 else (bottom + grid.bounds[r + 1][0]) / 2
        for c in range(n_cols):
            if spans[c] == 0:
                continue
            pieces = sorted(row_cells[c], key=lambda p: (round(p.baseline, 1), p.x0))
            lines: list[Line] = [piece_line(p, params) for p in pieces]
            cells.append(TableCell(r, c, xs[c], upper, xs[min(c + spans[c], n_cols)], lower, lines,
                                   1, spans[c]))
    table = Table(cells, n_rows, n_cols, 0, lo, grid.bounds[0][0] if grid.bounds else 0.0, hi,
                  grid.bounds[-1][1] if grid.bounds else 0.0, ruled)
    table.header_rows = header_rows(table, grid.bounds, horizontal, params)
    return table


def header_only_separators(grid: Grid, seps: list[Separator],
                           params: LayoutParams = DEFAULT_PARAMS) -> list[int]:
    """Separators parting a column whose text stands only in the first rows (at most
    ``table_max_header_rows``) from a neighbour with none there: a heading set wider than, or
    off, the figures under it (centred over right-aligned numbers) is their column's heading,
    not a column of its own. Drawn rules are kept."""
    n_rows = len(grid.cells)
    if n_rows < 3:
        return []
    limit = min(params.table_max_header_rows, n_rows - 1)

    def rows_of(c: int) -> set[int]:
        return {r for r in range(n_rows) if grid.cells[r][c] and grid.spans[r][c] == 1}

    out: list[int] = []
    for k, sep in enumerate(seps):
        if sep.rule is not None:
            continue
        left, right = rows_of(k), rows_of(k + 1)
        if not left or not right or left & right:
            continue
        # A column joins one neighbour: of two loose separators around one column, the
        # second parts it from another heading's figures (left-aligned headings over
        # right-aligned figures: heading, figures, heading, figures).
        if out and out[-1] == k - 1:
            continue
        for head, body in ((left, right), (right, left)):
            if max(head) < limit and min(body) > max(head) and len(body) >= 2:
                out.append(k)
                break
    return out
