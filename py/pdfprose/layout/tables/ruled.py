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

@dataclass(slots=True)
class Region:
    """A box enclosed by connected edges, and those edges."""

    x0: float
    top: float
    x1: float
    bottom: float
    horizontal: list[Edge]
    vertical: list[Edge]

    @property
    def open(self) -> bool:
        """Whether no rule is drawn down the region, only the sides of fills (a shaded
        header, zebra bands: :func:`stack_bands`): its columns part by white space, and its
        table may go on above and below it, unshaded."""
        return all(e.fill for e in self.vertical)


def shaded_box(region: Region) -> bool:
    """Whether a region is one shaded box: no rule drawn in it, its four edges its fill's
    sides (a shaded header or row alone, a panel)."""
    return region.open and len(region.horizontal) == 2 and len(region.vertical) == 2


def panel(region: Region, regions: list[Region], params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether a region is a panel: one shaded box, no rule drawn in it (its four edges are
    its fill's sides), around another region (a table with its own rules or shaded header,
    set in a coloured box with the prose that introduces it). The inner region is the table;
    the panel's other text is read as text."""
    if not shaded_box(region):
        return False
    snap = params.table_snap_pt
    return any(other is not region and other.x0 >= region.x0 - snap
               and other.x1 <= region.x1 + snap and other.top >= region.top - snap
               and other.bottom <= region.bottom + snap
               and (other.x1 - other.x0) * (other.bottom - other.top)
               < (region.x1 - region.x0) * (region.bottom - region.top)
               for other in regions)


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
        least = params.table_min_region_pt
        if x1 - x0 < least or bottom - top < least:
            continue
        regions.append(Region(x0, top, x1, bottom, hs, vs))
    regions = stack_bands(regions, params)
    regions.sort(key=lambda r: (r.x1 - r.x0) * (r.bottom - r.top), reverse=True)
    return regions


def _band(region: Region) -> bool:
    """A shaded band or a boxed row: a region of two horizontal edges, its top and bottom."""
    return len(region.horizontal) == 2


def stack_bands(regions: list[Region], params: LayoutParams = DEFAULT_PARAMS) -> list[Region]:
    """Regions joined where bands are stacked down one table: zebra rows (a shaded band every
    other row, the rows between unshaded) and a shaded header over them enclose no grid each,
    only together. Two open regions (no rule drawn down them: :attr:`Region.open`; a title
    bar over a ruled grid stays apart) of one width (their sides within
    ``params.table_snap_pt``) are joined when one of them is a band and they stand at most
    ``params.table_band_gap`` of that band's height apart (the unshaded row between two
    shaded ones is as high as they are; a table below another stands a caption and a
    paragraph's spacing away)."""
    snap = params.table_snap_pt
    out: list[Region] = []
    for region in sorted(regions, key=lambda r: r.top):
        for prev in reversed(out):
            if abs(prev.x0 - region.x0) > snap or abs(prev.x1 - region.x1) > snap \
                    or not (prev.open and region.open):
                continue
            heights = [r.bottom - r.top for r in (prev, region) if _band(r)]
            if heights and region.top - prev.bottom <= params.table_band_gap * min(heights):
                out.remove(prev)
                region = Region(min(prev.x0, region.x0), prev.top, max(prev.x1, region.x1),
                                max(prev.bottom, region.bottom),
                                prev.horizontal + region.horizontal,
                                prev.vertical + region.vertical)
            break
        out.append(region)
    return out
