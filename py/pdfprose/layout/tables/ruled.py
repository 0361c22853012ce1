"""Tables drawn with rules: the regions the page's edges enclose (pdfplumber's table finder and
tabula's lattice mode find tables so).

Horizontal and vertical edges (:mod:`.edges`) that cross or touch are one structure; one with
two edges each way (a grid, boxes around cells, a frame with rules inside it) bounds a region
whose text is a candidate table. Page space (points, origin top left).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ...params import DEFAULT_PARAMS, LayoutParams
from .edges import Edge

MIN_REGION_PT = 10.0
"""A region narrower or lower than 10 pt holds no table (an underline meeting a tick)."""


@dataclass(slots=True)
class Region:
    """A box enclosed by connected edges, and those edges."""

    x0: float
    top: float
    x1: float
    bottom: float
    horizontal: list[Edge]
    vertical: list[Edge]


def _touch(h: Edge, v: Edge, tolerance: float) -> bool:
    return h.start - tolerance <= v.pos <= h.end + tolerance \
        and v.start - tolerance <= h.pos <= v.end + tolerance


def ruled_regions(horizontal: list[Edge], vertical: list[Edge],
                  params: LayoutParams = DEFAULT_PARAMS) -> list[Region]:
    """The regions bounded by structures of at least two horizontal and two vertical edges
    that touch (within ``params.table_snap_pt``), largest first."""
    tolerance = params.table_snap_pt
    n = len(horizontal)
    edges = horizontal + vertical
    parent = list(range(len(edges)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_x = sorted(range(len(vertical)), key=lambda j: vertical[j].pos)
    xs = [vertical[j].pos for j in by_x]
    for i, h in enumerate(horizontal):
        a = bisect_left(xs, h.start - tolerance)
        b = bisect_right(xs, h.end + tolerance)
        for j in by_x[a:b]:
            if _touch(h, vertical[j], tolerance):
                parent[find(i)] = find(n + j)
    groups: dict[int, list[int]] = {}
    for i in range(len(edges)):
        groups.setdefault(find(i), []).append(i)
    regions: list[Region] = []
    for members in groups.values():
        hs = [edges[i] for i in members if i < n]
        vs = [edges[i] for i in members if i >= n]
        if len(hs) < 2 or len(vs) < 2:
            continue
        x0 = min(min(e.start for e in hs), min(e.pos for e in vs))
        x1 = max(max(e.end for e in hs), max(e.pos for e in vs))
        top = min(min(e.pos for e in hs), min(e.start for e in vs))
        bottom = max(max(e.pos for e in hs), max(e.end for e in vs))
        if x1 - x0 < MIN_REGION_PT or bottom - top < MIN_REGION_PT:
            continue
        regions.append(Region(x0, top, x1, bottom, hs, vs))
    regions.sort(key=lambda r: (r.x1 - r.x0) * (r.bottom - r.top), reverse=True)
    return regions
