"""Spans along one axis: ``(start, end)`` pairs of floats, in points of page space.

The line builder and the XY-cut both measure how runs cover an axis and where two coverings
meet; the two operations live here so that both stages read them from one place.
"""

from __future__ import annotations

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
