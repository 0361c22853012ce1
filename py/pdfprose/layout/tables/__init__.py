"""The table stage (issue 23): between the lines and the reading order, a page's tables are
found, made into grids of cells and taken out of the text the XY-cut orders; each goes back into
the reading order where it stands (:mod:`.placement`).

Tables are found two ways and what both see is merged: from drawn rules (:mod:`.ruled`: the
regions the page's edges enclose) and from text alone (:mod:`.unruled`: gaps that rows keep
free). Either way the candidate's grid is read by :mod:`.grid` from its white space, its rules
and its fills together, and :mod:`.decision` says whether it is a table at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import Line, Shape, Table, TableCell
from ...params import DEFAULT_PARAMS, LayoutParams
from .decision import TABLE_CAPTION, hanging, side_by_side, sparse, verdict
from .edges import Edge, page_edges
from .notes import notes_start
from .grid import build_grid, header_only_separators, separators, to_table
from .pieces import Piece, piece_line, pieces_of
from .rows import Row, common_gaps, text_rows
from .ruled import panel, ruled_regions, shaded_box
from .unruled import grow_rows, scattered, text_windows, under_header, under_top_rule

__all__ = ["Found", "find_tables"]


@dataclass(slots=True)
class Found:
    """A page's tables, top to bottom, and its text runs outside them (a run cut by a table's
    edge is given as its pieces outside it); ``sides`` are the blocks of text set side by side
    that a candidate turned out to be (:func:`~.decision.side_by_side`), each a list of its
    lines top to bottom, read each as a whole."""

    tables: list[Table]
    lines: list[Line]
    sides: list[list[Line]] = field(default_factory=list)


def _inside(h: list[Edge], lo: float, hi: float, top: float, bottom: float,
            margin: float) -> list[Edge]:
    """The horizontal edges over ``lo``..``hi`` from ``margin`` above ``top`` to ``margin``
    below ``bottom`` (``params.table_rule_margin_pt``)."""
    return [e for e in h if e.end > lo and e.start < hi
            and top - margin <= e.pos <= bottom + margin]


def _candidate(rows: list[Row], gaps: list[tuple[float, float]], horizontal: list[Edge],
               vertical: list[Edge], lo: float, hi: float, box: tuple[float, float, float, float],
               drawn: bool, params: LayoutParams, captioned: bool = False,
               ) -> tuple[Table | None, str | None]:
    """The table of ``rows`` and the verdict on it (:func:`~.decision.verdict`: None when it
    is a table); (None, None) when no grid is found. ``captioned``: a table's caption stands
    next to it, which says as much as drawn rules do."""
    seps = separators(rows, gaps, vertical, lo, hi)
    if not seps:
        return None, None
    x0, top, x1, bottom = box
    near = _inside(horizontal, x0, x1, top, bottom, params.table_rule_margin_pt)
    grid = build_grid(rows, seps, near, vertical, x0, x1, params)
    loose = header_only_separators(grid, seps, params)
    if loose:
        seps = [s for k, s in enumerate(seps) if k not in loose]
        grid = build_grid(rows, seps, near, vertical, x0, x1, params)
    # Drawn edges make a ruled table where they part its columns or its rows; a frame or a
    # shaded panel around two blocks of text side by side does neither.
    ruled = grid.ruled or any(s.rule is not None for s in seps) or (drawn and grid.row_rules > 0)
    table = to_table(grid, rows, seps, near, x0, x1, ruled, params)
    # Two lists side by side keep the second list's markers in a column of their own; white
    # space alone gives no other reason to read the gap between them and their words as one.
    if not ruled and any(s.rule is None and hanging(rows, (s.lo, s.hi), params) for s in seps):
        return table, "list"
    return table, verdict(table, ruled or captioned, params)


def find_tables(lines: list[Line], shapes: list[Shape], width: float,
                params: LayoutParams = DEFAULT_PARAMS) -> Found:
    """The tables among a page's horizontal text runs ``lines``, given the ``shapes`` it
    draws; ``width`` is the page's (points)."""
    if not lines:
        return Found([], lines)
    horizontal, vertical, _ = page_edges(shapes, params) if shapes else ([], [], [])
    pieces = pieces_of(lines, params)
    rows = text_rows(pieces, params)
    if not horizontal and not any(len(r.pieces) > 1 for r in rows):
        return Found([], lines)
    used: set[int] = set()
    tables: list[Table] = []
    sides: list[list[Line]] = []
    regions = ruled_regions(horizontal, vertical, params)
    for region in regions:
        if panel(region, regions, params):
            continue
        inside = [p for p in pieces if id(p) not in used
                  and region.x0 <= (p.x0 + p.x1) / 2 <= region.x1
                  and region.top <= (p.top + p.bottom) / 2 <= region.bottom]
        if not inside:
            continue
        found = text_rows(inside, params)
        if shaded_box(region):
            # A shaded box holds a table and may hold the heading, prose and caption that
            # introduce it (a sidebar, a "key figures" panel): its rows of one run above the
            # table's first row of cells and below its last are that text, not the table's.
            multi = [k for k, r in enumerate(found) if len(r.pieces) > 1]
            if not multi:
                continue
            found = found[multi[0]:multi[-1] + 1]
            inside = [p for r in found for p in r.pieces]
        found, inside = _without_notes(found, inside, params)
        several = [r for r in found if len(r.pieces) > 1]
        gaps = common_gaps(several if len(several) >= 2 else found, region.x0, region.x1,
                           params.table_min_gap_em)
        found, inside = _without_notes(found, inside, params, gaps)
        box = (region.x0, region.top, region.x1, region.bottom)
        if region.open and gaps:
            found = _grown(rows, found, region.x0, region.x1, gaps, params)
            found, inside = _without_notes(found, [p for r in found for p in r.pieces], params)
            several = [r for r in found if len(r.pieces) > 1]
            gaps = under_header(several, common_gaps(several, region.x0, region.x1,
                                                     params.table_min_gap_em),
                                region.x0, region.x1, params)
            found, inside = _without_notes(found, inside, params, gaps)
            box = (region.x0, min(region.top, found[0].top), region.x1,
                   max(region.bottom, found[-1].bottom))
        table, why = _candidate(found, gaps, horizontal, vertical, region.x0, region.x1, box,
                                True, params)
        if table is not None and why is None:
            tables.append(table)
            used.update(id(p) for p in inside)
    rest = [r for r in (Row([p for p in row.pieces if id(p) not in used], row.baseline, row.top,
                            row.bottom, row.size) for row in rows) if r.pieces] if used else rows
    rules = [(e.pos, e.start, e.end) for e in horizontal]
    windows = sorted((under_top_rule(w, rules, params.table_snap_pt) if rules else (w, False)
                      for w in text_windows(rest, 0.0, width, params)),
                     key=lambda w: len(w[0].rows))
    for window, framed in windows:
        found, members = _without_notes(window.rows, [p for r in window.rows for p in r.pieces],
                                        params, window.gaps)
        if any(id(p) in used for p in members):
            continue
        box = (min(p.x0 for p in members), min(r.top for r in found),
               max(p.x1 for p in members), max(r.bottom for r in found))
        table, why = _candidate(found, window.gaps, horizontal, vertical, window.lo,
                                window.hi, box, framed, params, _captioned(lines, box, params))
        if why is None and table is not None and scattered(found, params) \
                and sparse(table, params):
            why = "diagram"
        if table is not None and why is None:
            tables.append(table)
            used.update(id(p) for p in members)
        elif table is not None and why == "columns" and side_by_side(table):
            sides.extend([line for cell in sorted(column, key=lambda c: c.row)
                          for line in cell.lines] for column in _by_column(table))
            used.update(id(p) for p in members)
    if not tables and not sides:
        return Found([], lines)
    tables.sort(key=lambda t: (t.top, t.x0))
    return Found(tables, _outside(lines, pieces, used, params), sides)


def _without_notes(found: list[Row], inside: list[Piece], params: LayoutParams,
                   gaps: list[tuple[float, float]] | None = None,
                   ) -> tuple[list[Row], list[Piece]]:
    """A table's rows and pieces without the notes set under it (:func:`~.notes.notes_start`,
    ``gaps`` its column gaps): those stay out of it, read as text after it."""
    cut = notes_start(found, params, gaps or [])
    if cut == len(found):
        return found, inside
    found = found[:cut]
    return found, [p for r in found for p in r.pieces]


def _captioned(lines: list[Line], box: tuple[float, float, float, float],
               params: LayoutParams) -> bool:
    """Whether a table's caption ("Table 3", "Tabla 2", "表 6") stands right above or below
    ``box``, over it (within ``params.table_caption_em`` of its own size)."""
    x0, top, x1, bottom = box
    for line in lines:
        if line.x1 <= x0 or line.x0 >= x1 or TABLE_CAPTION.match(line.text) is None:
            continue
        reach = params.table_caption_em * line.size
        if 0 <= top - line.bottom <= reach or 0 <= line.top - bottom <= reach:
            return True
    return False


def _grown(page_rows: list[Row], found: list[Row], lo: float, hi: float,
           gaps: list[tuple[float, float]], params: LayoutParams) -> list[Row]:
    """The rows of a table whose region is open (:attr:`~.ruled.Region.open`: a shaded header,
    zebra bands), with the rows above and below it that are its rows too
    (:func:`~.unruled.grow_rows`: its header, an unshaded first or last row)."""
    where = {id(p): k for k, row in enumerate(page_rows) for p in row.pieces}
    first = where[id(found[0].pieces[0])]
    last = where[id(found[-1].pieces[0])]
    # The shading spans the table: its rows keep within it (a header's words may not).
    x0 = min([lo] + [p.x0 for r in found for p in r.pieces])
    x1 = max([hi] + [p.x1 for r in found for p in r.pieces])
    pitches = sorted(q.baseline - r.baseline for r, q in zip(found, found[1:]))
    # A shaded header alone gives no pitch: its body's rows stand within a table's row gap.
    pitch = params.table_grow_pitch * pitches[len(pitches) // 2] if pitches \
        else params.table_row_gap_em * found[0].size
    reach = (x0, x1, pitch)
    above, _ = grow_rows(page_rows, first - 1, -1, found[0], lo, hi, gaps, reach, params)
    below, _ = grow_rows(page_rows, last + 1, 1, found[-1], lo, hi, gaps, reach, params)
    return above + found + below


def _by_column(table: Table) -> list[list[TableCell]]:
    out: list[list[TableCell]] = [[] for _ in range(table.n_cols)]
    for cell in table.cells:
        out[cell.col].append(cell)
    return [cells for cells in out if any(c.lines for c in cells)]


def _outside(lines: list[Line], pieces: list[Piece], used: set[int],
             params: LayoutParams) -> list[Line]:
    """The runs no table took; of a run cut by a table's edge, its pieces outside the table."""
    by_line: dict[int, list[Piece]] = {}
    for p in pieces:
        by_line.setdefault(id(p.line), []).append(p)
    out: list[Line] = []
    for line in lines:
        parts = by_line.get(id(line), [])
        taken = [p for p in parts if id(p) in used]
        if not taken:
            out.append(line)
        elif len(taken) < len(parts):
            out.extend(piece_line(p, params) for p in parts if id(p) not in used)
    return out
