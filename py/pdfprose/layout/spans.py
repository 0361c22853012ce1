"""Spans along one axis: ``(start, end)`` pairs of floats, in points of page space.

The line builder and the XY-cut both measure how runs cover an axis and where two coverings
meet; the two operations live here so that both stages read them from one place, as does the
test of two lines standing on one row (their vertical spans overlapping), which the paragraph
stage and the running-head pass both ask.
"""

from __future__ import annotations

from ..model import Line

Span = tuple[float, float]


def covered(spans: list[Span]) -> list[Span]:
    """The union of ``spans`` (any order): the disjoint stretches they cover, left to right.
    Spans that touch (one starts where another ends) are one stretch."""
    out: list[Span] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            if b > out[-1][1]:
                out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def intersect(a: list[Span], b: list[Span], min_width: float) -> list[Span]:
    """The pieces at least ``min_width`` wide where spans of ``a`` and of ``b`` (each sorted
    and disjoint, as :func:`covered` gives them) overlap, in order."""
    out: list[Span] = []
    if not a or not b:
        return out
    i = j = 0
    (a0, a1), (b0, b1) = a[0], b[0]
    while True:
        lo = b0 if b0 > a0 else a0  # max(a0, b0)
        hi = b1 if b1 < a1 else a1  # min(a1, b1)
        if hi - lo >= min_width:
            out.append((lo, hi))
        if a1 < b1:
            i += 1
            if i == len(a):
                return out
            a0, a1 = a[i]
        else:
            j += 1
            if j == len(b):
                return out
            b0, b1 = b[j]


def same_row(a: Line, b: Line, share: float, inclusive: bool = False) -> bool:
    """Whether lines ``a`` and ``b`` stand on one row: their boxes overlap vertically by more
    than ``share`` of the shorter one's height, or by that much or more when ``inclusive``.

    The paragraph stage joins runs on one row strictly (``row_merge_share``), the running-head
    pass asks at least half (``furniture_row_share``, ``inclusive``): the two rules have always
    differed for an overlap of exactly half, and each keeps its own. A line without height
    stands on no row either way."""
    overlap = min(a.bottom, b.bottom) - max(a.top, b.top)
    shorter = min(a.bottom - a.top, b.bottom - b.top)
    if inclusive:
        return shorter > 0 and overlap >= share * shorter
    return overlap > share * shorter
