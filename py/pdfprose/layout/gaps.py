"""The gaps a stack of strips (rows of text runs, :mod:`.xycut`) keeps free in common: where
gutters between columns can be. Pure interval arithmetic on x-intervals in points."""

from __future__ import annotations

from itertools import repeat
from operator import and_, gt, lt

from .gutters import Narrow
from .spans import intersect

Gaps = list[tuple[float, float]]
"""Free x-intervals of strips, sorted and disjoint (see :func:`free`)."""


def free(spans: list[tuple[float, float]], lo: float, hi: float) -> list[tuple[float, float]]:
    """The complement of ``spans`` inside [lo, hi]."""
    out = []
    x = lo
    for a, b in spans:
        if a > x:
            out.append((x, a))
        x = max(x, b)
    if hi > x:
        out.append((x, hi))
    return out


def common_run(
    frees: list[Gaps], start: int, lo: float, hi: float, min_width: float,
    narrow: Narrow | None = None,
) -> tuple[int, list[Gaps]]:
    """The longest run of strips from ``start`` that keeps a common gap inside (lo, hi), given
    each strip's free intervals ``frees``: ``(end, prefixes)``, where ``end`` is one past the
    run's last strip and ``prefixes[k]`` holds the gaps common to the run's first k + 1 strips.
    Gaps are at least ``min_width`` wide, or hold one of ``narrow``'s gutters.

    Each prefix's gaps are kept because they are asked for again: the whole run's are the
    candidates for its gutters, and a section cut (:func:`pdfprose.layout.xycut`'s section cut) looks at the gutters
    of each leading part of the run. Kept, they are never intersected a second time.
    """
    gaps = frees[start]
    prefixes = [gaps]
    end = start + 1
    while end < len(frees):
        if narrow is None:
            narrowed = intersect(gaps, frees[end], min_width)
        else:
            narrowed = narrow.admit(intersect(gaps, frees[end], narrow.width), min_width)
        if not any(lo < a and b < hi for a, b in narrowed):
            break
        gaps = narrowed
        prefixes.append(gaps)
        end += 1
    return end, prefixes


def inside(gaps: Gaps, lo: float, hi: float) -> Gaps:
    """The gaps that touch neither edge of [lo, hi]: only those can be gutters."""
    return [(a, b) for a, b in gaps if lo < a and b < hi]


def common_gaps(frees: list[Gaps], lo: float, hi: float, min_width: float,
                narrow: Narrow | None = None) -> Gaps:
    """The gaps inside (lo, hi) that strips with free intervals ``frees`` have in common (at
    least ``min_width`` wide, or holding one of ``narrow``'s gutters)."""
    gaps = frees[0]
    for free in frees[1:]:
        if narrow is None:
            gaps = intersect(gaps, free, min_width)
        else:
            gaps = narrow.admit(intersect(gaps, free, narrow.width), min_width)
    return inside(gaps, lo, hi)


def crossed(x0s: list[float], x1s: list[float], gaps: Gaps) -> list[int]:
    """The indices of the gaps that a line (left edges ``x0s``, right edges ``x1s``) spans
    from one side to the other (a line merely reaching into a gutter, past where the column's
    other lines end, is still in its column)."""
    return [k for k, (a, b) in enumerate(gaps)
            if any(map(and_, map(lt, x0s, repeat(a)), map(gt, x1s, repeat(b))))]
