"""Tables without rules: where the gaps between pieces line up down consecutive rows (camelot's
and tabula's stream modes find tables so; issue 23).

Each gap between two pieces is followed down the page (:func:`~.rows.find_tracks`); the gaps
that hold over the same rows are the column gaps of one candidate table. A gap that holds far
longer (the gutter between two columns of prose beside a table in one of them) is no column of
that table but its edge. The candidate's rows are then grown by the rows just above (its
header, whose headings may span several columns) and below that fit its columns. Whether the
candidate is a table, and not prose in columns, a table of contents, a list or a form, is for
:mod:`.decision` to say. Page space (points, origin top left).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...params import DEFAULT_PARAMS, LayoutParams
from ...text.vocabulary import CAPTION
from .pieces import Piece
from .rows import Row, Span, Track, common_gaps, find_tracks

@dataclass(slots=True)
class Window:
    """A candidate table found from text alone: its rows (the pieces of each between ``lo`` and
    ``hi``), of which ``rows[first:last]`` are those its column gaps hold over (the rest: its
    header above, rows that fit its columns below), and those gaps."""

    rows: list[Row]
    lo: float
    hi: float
    first: int
    last: int
    gaps: list[Span]


def _span(t: Track) -> tuple[int, int]:
    return t.support[0], t.support[-1]


def _together(t: Track, u: Track, params: LayoutParams) -> bool:
    (a, b), (c, d) = _span(t), _span(u)
    short = min(b - a + 1, d - c + 1)
    overlap = min(b, d) - max(a, c) + 1
    # How long each holds is the rows it stays free over, not those with text on both sides:
    # beside a table in one column of a page in two, the rows of the other column fall
    # between the table's rows, and the gutter has text on both sides in a few rows only.
    lengths = sorted((t.last - t.first + 1, u.last - u.first + 1))
    return overlap >= params.table_track_overlap * short \
        and lengths[1] <= params.table_longer_tracks * lengths[0] + params.table_track_slack


def _groups(tracks: list[Track], params: LayoutParams) -> list[list[Track]]:
    """Tracks that hold over the same rows, grouped (transitively), each group cut apart where a
    track not in it, holding over its rows and longer, stands between its tracks (two tables
    side by side, or a table beside a column of prose)."""
    parent = list(range(len(tracks)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(tracks)):
        for j in range(i + 1, len(tracks)):
            if _together(tracks[i], tracks[j], params):
                parent[find(i)] = find(j)
    by_root: dict[int, list[Track]] = {}
    for i, t in enumerate(tracks):
        by_root.setdefault(find(i), []).append(t)
    out: list[list[Track]] = []
    for group in by_root.values():
        group.sort(key=lambda t: t.lo)
        a = min(t.support[0] for t in group)
        b = max(t.support[-1] for t in group)
        barriers = [t for t in tracks if t not in group and _barrier(t, group, a, b)]
        part: list[Track] = [group[0]]
        for t in group[1:]:
            if any(part[-1].hi <= x.lo and x.hi <= t.lo for x in barriers):
                out.append(part)
                part = [t]
            else:
                part.append(t)
        out.append(part)
    return out


def _barrier(t: Track, group: list[Track], a: int, b: int) -> bool:
    """Whether a track outside ``group`` bounds it: it holds over the group's rows ``a..b``
    and over as many rows as any of the group's tracks (a gutter beside a table); a river of
    white space through prose holds over a few rows and bounds nothing."""
    # Held over them: kept free there, if not with text on both sides in those rows (beside a
    # table in one column of two, the other column's lines fall between the table's rows).
    return t.first <= b and t.last >= a \
        and len(t.support) >= max(len(g.support) for g in group)


def _bounds(group: list[Track], tracks: list[Track], a: int, b: int, lo: float,
            hi: float) -> tuple[float, float]:
    """The x-range of a group's table: up to the nearest track outside the group that bounds
    it (:func:`_barrier`), on each side, or the page's edge."""
    left, right = group[0].lo, group[-1].hi
    for t in tracks:
        if t in group or not _barrier(t, group, a, b):
            continue
        if t.hi <= left:
            lo = max(lo, t.hi)
        elif t.lo >= right:
            hi = min(hi, t.lo)
    return lo, hi


def _restricted(row: Row, lo: float, hi: float) -> Row | None:
    pieces = row.within(lo, hi)
    if not pieces:
        return None
    # The baseline of the pieces kept: a row of the whole page may stand on the baseline of a
    # line in another column, a point or two off this part's.
    return Row(pieces, min(p.baseline for p in pieces), min(p.top for p in pieces),
               max(p.bottom for p in pieces), max(p.size for p in pieces))


def _fits(row: Row, all_pieces: list[Piece], lo: float, hi: float) -> bool:
    """Whether a row next to a candidate may be one of its rows: no piece of it reaches out of
    the candidate's x-range (a paragraph beside or across it), and it is no caption."""
    for p in all_pieces:
        if p.x1 > lo + 1 and p.x0 < hi - 1 and (p.x0 < lo - 1 or p.x1 > hi + 1):
            return False
    first = row.pieces[0]
    return CAPTION.match(first.line.text) is None


def text_windows(rows: list[Row], lo: float, hi: float,
                 params: LayoutParams = DEFAULT_PARAMS) -> list[Window]:
    """The candidate tables among a page's ``rows`` (page x-range ``lo``..``hi``)."""
    tracks = find_tracks(rows, lo, hi, params)
    if not tracks:
        return []
    row_gap, min_gap_em = params.table_row_gap_em, params.table_min_gap_em
    windows: list[Window] = []
    for group in _groups(tracks, params):
        a = min(t.support[0] for t in group)
        b = max(t.support[-1] for t in group)
        left, right = _bounds(group, tracks, a, b, lo, hi)
        core = [r for r in (_restricted(rows[k], left, right) for k in range(a, b + 1)) if r]
        if len(core) < params.table_min_rows:
            continue
        gaps = [g for g in common_gaps(core, left, right, min_gap_em)
                if aligned(core, g, params)]
        gaps = under_header(core, gaps, left, right, params)
        if not gaps:
            continue
        # The core's own extent and line pitch: rows above and below must keep to them.
        x0 = min(p.x0 for r in core for p in r.pieces)
        x1 = max(p.x1 for r in core for p in r.pieces)
        pitches = sorted(q.baseline - r.baseline for r, q in zip(core, core[1:]))
        reach = (x0, x1, params.table_grow_pitch * pitches[len(pitches) // 2])
        above, stop_above = grow_rows(rows, a - 1, -1, core[0], left, right, gaps, reach, params)
        below, stop_below = grow_rows(rows, b + 1, 1, core[-1], left, right, gaps, reach, params)
        table = above + core + below
        if _prose_around(table, stop_above, stop_below, gaps, params):
            continue
        windows.append(Window(table, left, right, len(above), len(above) + len(core), gaps))
    return windows


def under_top_rule(window: Window, rules: list[tuple[float, float, float]],
                   tolerance: float) -> tuple[Window, bool]:
    """``window`` without the rows grown above it that stand over the topmost drawn rule (or
    fill edge) across its core (``rules``: ``(y, x0, x1)``, page space), and whether such a
    rule tops it: a table's top rule bounds it, and what stands over it is the heading or
    caption above the table (a tagged report's H3 over its table, a caption over booktabs' top
    rule), not its header row. Header rows under that rule (a grid's, booktabs') stay; a window
    so topped is a drawn table, whose rules between rows part its rows. ``tolerance``: points
    of snapping."""
    core = window.rows[window.first:window.last]
    if not core:
        return window, False
    x0 = min(p.x0 for r in core for p in r.pieces)
    x1 = max(p.x1 for r in core for p in r.pieces)
    lowest = window.rows[0].top - tolerance
    across = [y for y, a, b in rules if a <= x0 + tolerance and b >= x1 - tolerance
              and lowest <= y <= core[0].top + tolerance]
    if not across:
        return window, False
    top = min(across)
    drop = sum(1 for r in window.rows[:window.first] if r.bottom <= top + tolerance)
    if not drop:
        return window, True
    return Window(window.rows[drop:], window.lo, window.hi, window.first - drop,
                  window.last - drop, window.gaps), True


def under_header(rows: list[Row], gaps: list[Span], lo: float, hi: float,
                 params: LayoutParams = DEFAULT_PARAMS) -> list[Span]:
    """``gaps``, the column gaps all of a table's ``rows`` keep, with those its body keeps and
    its header does not: a heading spanning two columns (issue 23's spanning cells) covers
    the gap between them. The header is the rows over the first with as many pieces as any
    (at most ``params.table_max_header_rows``), the body the rest (at least
    ``table_min_rows`` of them); a gap of the body
    alone counts where its text lines up on it (:func:`aligned`) and a row of the header
    parts it too (the columns' own headings under the spanning one)."""
    # The header: the rows over the first that has as many cells as any (a body row).
    most = max((len(r.pieces) for r in rows), default=0)
    skip = next((k for k, r in enumerate(rows) if len(r.pieces) == most), 0)
    if not 1 <= skip <= params.table_max_header_rows or len(rows) - skip < params.table_min_rows:
        return gaps
    # Rows of one cell across the table (a section's heading) keep no gap.
    body = [r for r in rows[skip:] if len(r.pieces) > 1]
    if len(body) < params.table_min_rows:
        return gaps
    found = common_gaps(body, lo, hi, params.table_min_gap_em)
    # The gap of a heading over two columns: a row of the header under it (their own
    # headings) keeps the gap too, with text on both sides; a unit set apart under a heading
    # ("0.32  %", "VAT" over both) has no heading of its own.
    head = rows[:skip]
    extra = [g for g in found if not any(a < g[1] and g[0] < b for a, b in gaps)
             and any(_parts(row, g, params) for row in head)
             and aligned(body, g, params)]
    return sorted(gaps + extra) if extra else gaps


def _parts(row: Row, gap: Span, params: LayoutParams) -> bool:
    """Whether two consecutive pieces of ``row`` stand apart by ``table_min_gap_em`` or more
    across ``gap``, each within ``table_grow_em`` of it (a heading may reach into the gap its
    column's figures leave, or stop short of it)."""
    a, b = gap
    near = params.table_grow_em * row.size
    min_gap = params.table_min_gap_em * row.size
    return any(a - near <= p.x1 < b and a < q.x0 <= b + near and q.x0 - p.x1 >= min_gap
               for p, q in zip(row.pieces, row.pieces[1:]))


def grow_rows(rows: list[Row], k: int, step: int, edge: Row, lo: float, hi: float,
          gaps: list[Span], reach: tuple[float, float, float],
          params: LayoutParams) -> tuple[list[Row], Row | None]:
    """The rows next to a candidate (from row ``k`` on, going ``step`` = -1 up or 1 down from
    its ``edge`` row) that are its rows too: up, at most ``table_max_header_rows`` (its header,
    whose headings may reach across its columns, but not one line across all of them: a
    title); down, those that keep its gaps. Either way a row must keep within the candidate's
    text extent (``reach``: its x0, x1, and how far apart two of its rows may stand, points)
    give or take ``table_grow_em``. Also the first row that is not one (None if none stands
    within ``table_row_gap_em``)."""
    out: list[Row] = []
    row_gap = params.table_row_gap_em
    x0, x1, pitch = reach
    while 0 <= k < len(rows):
        row = rows[k]
        near = _restricted(row, lo, hi)
        k += step
        if near is None:
            continue
        distance = abs(near.baseline - edge.baseline)
        if distance > row_gap * max(edge.size, near.size):
            return out, None
        slack = params.table_grow_em * near.size
        outside = min(p.x0 for p in near.pieces) < x0 - slack \
            or max(p.x1 for p in near.pieces) > x1 + slack
        ratio = params.table_size_ratio
        if outside or distance > pitch or not _fits(near, row.pieces, lo, hi) \
                or not edge.size / ratio <= near.size <= edge.size * ratio or (
                _crosses(near, gaps) if step > 0 else (
                    len(out) >= params.table_max_header_rows or _across(near, gaps)
                    or _sentence_end(near))):
            return out, near
        if step < 0:
            out.insert(0, near)
        else:
            out.append(near)
        edge = near
    return out, None


def scattered(rows: list[Row], params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether a candidate's rows overlap one another: over a quarter of its consecutive rows
    stand under ``params.table_min_pitch_em`` apart (the labels of a diagram, set wherever its
    boxes and arrows put them; or a table's short cells set in the middle of rows whose
    other cells wrap, which :func:`~.decision.sparse` tells apart)."""
    close = sum(1 for r, q in zip(rows, rows[1:])
                if q.baseline - r.baseline < params.table_min_pitch_em * max(r.size, q.size))
    return close > params.table_scattered_share * (len(rows) - 1)


SENTENCE_END = ".。!?！？"
"""What ends a sentence, in Latin and CJK script."""


def _sentence_end(row: Row) -> bool:
    """Whether ``row`` is one piece ending a sentence: a paragraph's last line ("延。"), which
    a table's header never is (its headings name columns, they do not end sentences)."""
    return len(row.pieces) == 1 and _text(row.pieces[0]).rstrip().endswith(tuple(SENTENCE_END))


def _across(row: Row, gaps: list[Span]) -> bool:
    """Whether one piece of ``row`` reaches across every gap (a title over a table, a line
    of prose)."""
    return any(p.x0 < gaps[0][0] and p.x1 > gaps[-1][1] for p in row.pieces)


def _prose_around(table: list[Row], above: Row | None, below: Row | None, gaps: list[Span],
                  params: LayoutParams) -> bool:
    """Whether the candidate is a river of white space through prose: right above or right
    below it, at its own line pitch, stands a line of prose that reaches across its gaps and
    spans its width, and no further (justified lines around a few lines whose word spaces
    happen to line up). A table stands apart from the text around it, or has a caption or a
    heading over it, or is narrower than the paragraph next to it."""
    if len(table) < 2:
        return False
    pitches = sorted(b.baseline - a.baseline for a, b in zip(table, table[1:]))
    pitch = pitches[len(pitches) // 2]
    x0 = min(p.x0 for r in table for p in r.pieces)
    x1 = max(p.x1 for r in table for p in r.pieces)
    for row, edge in ((above, table[0]), (below, table[-1])):
        reach = params.table_prose_pitch * pitch
        if row is None or abs(row.baseline - edge.baseline) > reach \
                or not _crosses(row, gaps) or CAPTION.match(row.pieces[0].line.text):
            continue
        left, right = min(p.x0 for p in row.pieces), max(p.x1 for p in row.pieces)
        words = sum(len(p.line.text.split()) for p in row.pieces)
        # The prose a river runs through is set in the candidate's own column: its lines
        # reach no further than the candidate's rows (give or take an em); a paragraph
        # over a narrower table reaches past it on either side.
        within = left >= x0 - edge.size and right <= x1 + edge.size
        if right - left >= params.table_full_line * (x1 - x0) and within \
                and words >= params.table_prose_words:
            return True
    return False


def _text(piece: Piece) -> str:
    return piece.line.text if piece.whole else "".join(
        g.text for g in piece.line.glyphs[piece.start:piece.end])


def _numeric(piece: Piece) -> bool:
    text = _text(piece)
    chars = [ch for ch in text if not ch.isspace()]
    return bool(chars) and 2 * sum(ch.isdigit() for ch in chars) >= len(chars)


def _lined_up(values: list[float], within: float) -> int:
    """The most of ``values`` within ``within`` of one another."""
    values = sorted(values)
    best = j = 0
    for i in range(len(values)):
        while values[i] - values[j] > within:
            j += 1
        best = max(best, i - j + 1)
    return best


def aligned(rows: list[Row], gap: Span, params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether a gap's columns line their text up on the gap (issue 23: text edges, left,
    right or centre, aligned in three or more rows): the column after it starts its cells at
    one x, or centres them on one x; or the column before it ends or centres them so; or the
    column after it is of figures right-aligned. The words on either side of a river of white
    space through justified prose line up on none of these."""
    least = params.table_min_rows
    if _aligned(rows, gap, least, params):
        return True
    # A header's headings may sit otherwise than the cells under them (left over right-aligned
    # figures): the rows under it then line up alone, as many as the rule asks but one.
    return len(rows) >= least and _aligned(rows[1:], gap, least - 1, params)


def _aligned(rows: list[Row], gap: Span, least: int, params: LayoutParams) -> bool:
    a, b = gap
    lefts: list[Piece] = []
    rights: list[Piece] = []
    for row in rows:
        before = [p for p in row.pieces if p.x1 <= a + 0.01]
        after = [p for p in row.pieces if p.x0 >= b - 0.01]
        if before and after:
            lefts.append(before[-1])
            rights.append(after[0])
    n = len(lefts)
    need = max(least, params.table_aligned_share * n)
    within = params.table_align_pt
    if n < need:
        return False
    if _lined_up([p.x0 for p in rights], within) >= need \
            or _lined_up([p.x1 for p in lefts], within) >= need:
        return True
    if _lined_up([(p.x0 + p.x1) / 2 for p in rights], within) >= need \
            or _lined_up([(p.x0 + p.x1) / 2 for p in lefts], within) >= need:
        return True
    figures = [p for p in rights if _numeric(p)]
    return len(figures) >= need and _lined_up([p.x1 for p in figures], within) >= need


def _crosses(row: Row, gaps: list[Span]) -> bool:
    """Whether a piece of ``row`` reaches across one of ``gaps``."""
    return any(p.x0 < a and p.x1 > b for p in row.pieces for a, b in gaps)
