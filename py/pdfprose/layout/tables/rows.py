"""Text rows and the gaps they share: the geometry both ways of finding tables read.

A row is the pieces (:mod:`.pieces`) whose baselines agree; its free space is what its pieces
leave empty across the page. A gap that consecutive rows keep free, with text on both sides in
several of them, is a column gap (camelot's and tabula's stream modes find columns so). Page
space (points, origin top left).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from ...params import DEFAULT_PARAMS, LayoutParams
from .pieces import Piece

Span = tuple[float, float]

_BASELINE = attrgetter("line.baseline")
_X0 = attrgetter("x0")

@dataclass(slots=True)
class Row:
    """Pieces on one baseline, sorted by x0, with their extent and the largest size."""

    pieces: list[Piece]
    baseline: float
    top: float
    bottom: float
    size: float

    def free(self, lo: float, hi: float) -> list[Span]:
        """The x-intervals of [lo, hi] no piece covers."""
        out: list[Span] = []
        x = lo
        for p in self.pieces:
            if p.x0 > x:
                out.append((x, min(p.x0, hi)))
            x = max(x, p.x1)
            if x >= hi:
                break
        if hi > x:
            out.append((x, hi))
        return [(a, b) for a, b in out if b > a]

    def within(self, lo: float, hi: float) -> list[Piece]:
        """The pieces lying between ``lo`` and ``hi`` (a point of slack)."""
        return [p for p in self.pieces if p.x0 >= lo - 1 and p.x1 <= hi + 1]


def text_rows(pieces: list[Piece], params: LayoutParams = DEFAULT_PARAMS) -> list[Row]:
    """``pieces`` grouped into rows by baseline (within ``params.table_baseline_share`` of the
    smaller size), top to bottom."""
    share = params.table_baseline_share
    rows: list[Row] = []
    row: Row | None = None
    # Asked of every page: the minima and maxima are taken by comparisons written out (each
    # keeping what min() and max() keep on ties), not by calls.
    for p in sorted(pieces, key=_BASELINE):
        line = p.line
        baseline, size = line.baseline, line.size
        if row is not None and abs(baseline - row.baseline) \
                <= share * (row.size if row.size < size else size):
            row.pieces.append(p)
            if p.top < row.top:
                row.top = p.top
            if p.bottom > row.bottom:
                row.bottom = p.bottom
            if size > row.size:
                row.size = size
        else:
            row = Row([p], baseline, p.top, p.bottom, size)
            rows.append(row)
    for row in rows:
        row.pieces.sort(key=_X0)
    return rows


def internal_gaps(row: Row, min_gap: float) -> list[Span]:
    """The gaps between consecutive pieces of ``row`` at least ``min_gap`` wide."""
    pieces = row.pieces
    out = []
    right = pieces[0].x1 if pieces else 0.0
    for p in pieces[1:]:
        if p.x0 - right >= min_gap:
            out.append((right, p.x0))
        right = max(right, p.x1)
    return out


@dataclass(slots=True)
class Track:
    """A gap kept free by consecutive rows: its interval (narrowed to what all its rows keep
    free), its first and last row (indices), and the rows in which it has text on both sides
    (``support``)."""

    lo: float
    hi: float
    first: int
    last: int
    support: list[int] = field(default_factory=list)


def find_tracks(rows: list[Row], lo: float, hi: float,
                params: LayoutParams = DEFAULT_PARAMS) -> list[Track]:
    """Follow every gap between pieces down the rows (each started where a row has text on
    both sides of it, ended where a row covers it or the rows stand over
    ``params.table_row_gap_em`` apart): the tracks with at least ``params.table_min_rows`` rows
    of support."""
    min_gap_em, row_gap = params.table_min_gap_em, params.table_row_gap_em
    active: list[Track] = []
    done: list[Track] = []
    prev: Row | None = None
    for k, row in enumerate(rows):
        if prev is not None and row.baseline - prev.baseline > row_gap * max(row.size, prev.size):
            done.extend(active)
            active = []
        min_gap = min_gap_em * row.size
        # Most rows of a page are one piece under no track: nothing to measure.
        internal = internal_gaps(row, min_gap) if len(row.pieces) > 1 else []
        free = row.free(lo, hi) if active else []
        going: list[Track] = []
        for t in active:
            best: Span | None = None
            for a, b in free:
                a, b = max(a, t.lo), min(b, t.hi)
                if b - a >= min_gap and (best is None or b - a > best[1] - best[0]):
                    best = (a, b)
            if best is None:
                done.append(t)
                continue
            t.lo, t.hi = best
            t.last = k
            if any(a < t.hi and t.lo < b for a, b in internal):
                t.support.append(k)
            going.append(t)
        for a, b in internal:
            if not any(t.lo < b and a < t.hi for t in going):
                going.append(Track(a, b, k, k, [k]))
        active = going
        prev = row
    done.extend(active)
    return [t for t in done if len(t.support) >= params.table_min_rows]


def common_gaps(rows: list[Row], lo: float, hi: float, min_gap_em: float) -> list[Span]:
    """The x-intervals inside (lo, hi) that every row keeps free, at least ``min_gap_em`` of
    the rows' median size wide, with text on both sides in at least one row."""
    if not rows:
        return []
    sizes = sorted(r.size for r in rows)
    min_gap = min_gap_em * sizes[len(sizes) // 2]
    gaps = [(lo, hi)]
    for row in rows:
        free = row.free(lo, hi)
        narrowed = []
        for a, b in gaps:
            for c, d in free:
                x, y = max(a, c), min(b, d)
                if y - x >= min_gap:
                    narrowed.append((x, y))
        gaps = narrowed
        if not gaps:
            return []
    inner = [(a, b) for a, b in gaps if a > lo + 0.01 and b < hi - 0.01]
    out = []
    for a, b in inner:
        for row in rows:
            if any(p.x1 <= a + 0.01 for p in row.pieces) and any(p.x0 >= b - 0.01 for p in row.pieces):
                out.append((a, b))
                break
    return out
