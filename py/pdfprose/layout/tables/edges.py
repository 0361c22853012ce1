"""Rules and fills: the drawn :class:`~pdfprose.model.Shape` objects of a page made into the
edges a table's grid is read from, the way pdfplumber's table finder makes them (its
``utils/clustering.py`` and ``table.py``): every horizontal or vertical stroke, a thin filled
rectangle (a rule drawn as a fill, as LaTeX and many exporters do) as its middle line, and the
four sides of a larger filled rectangle (a shaded header, a zebra row, a cell's box); edges along
one line are snapped to one position and joined where they touch.

Page space throughout (points, origin top left).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Shape
from ...params import DEFAULT_PARAMS, LayoutParams

@dataclass(slots=True)
class Edge:
    """A horizontal (``horizontal``: at y ``pos`` from x ``start`` to ``end``) or vertical (at
    x ``pos`` from top ``start`` to bottom ``end``) edge, in page space. ``fill`` marks the
    side of a filled area rather than a drawn rule."""

    horizontal: bool
    pos: float
    start: float
    end: float
    fill: bool = False

    @property
    def length(self) -> float:
        return self.end - self.start


@dataclass(slots=True)
class Fill:
    """A filled area (a shaded cell, row, column or header) with its colour (RGB or None)."""

    x0: float
    top: float
    x1: float
    bottom: float
    colour: tuple[float, float, float] | None


def _paper(colour: tuple[float, float, float] | None, white: float) -> bool:
    return colour is not None and min(colour) >= white


def page_edges(shapes: list[Shape], params: LayoutParams = DEFAULT_PARAMS,
               ) -> tuple[list[Edge], list[Edge], list[Fill]]:
    """The page's horizontal and vertical edges (snapped and joined, each at least
    ``params.table_edge_min_pt`` long) and its coloured fills, from its drawn ``shapes``."""
    thin = params.table_thin_fill_pt
    horizontal: list[Edge] = []
    vertical: list[Edge] = []
    fills: list[Fill] = []
    for s in shapes:
        w, h = s.x1 - s.x0, s.bottom - s.top
        if s.stroke:
            if h == 0:
                horizontal.append(Edge(True, s.top, s.x0, s.x1))
            else:
                vertical.append(Edge(False, s.x0, s.top, s.bottom))
        elif h <= thin and w > h:
            horizontal.append(Edge(True, (s.top + s.bottom) / 2, s.x0, s.x1))
        elif w <= thin and h > w:
            vertical.append(Edge(False, (s.x0 + s.x1) / 2, s.top, s.bottom))
        elif not _paper(s.colour, params.table_white_level):
            fills.append(Fill(s.x0, s.top, s.x1, s.bottom, s.colour))
            horizontal.append(Edge(True, s.top, s.x0, s.x1, True))
            horizontal.append(Edge(True, s.bottom, s.x0, s.x1, True))
            vertical.append(Edge(False, s.x0, s.top, s.bottom, True))
            vertical.append(Edge(False, s.x1, s.top, s.bottom, True))
    least = params.table_edge_min_pt
    return ([e for e in merge_edges(horizontal, params) if e.length >= least],
            [e for e in merge_edges(vertical, params) if e.length >= least], fills)


def merge_edges(edges: list[Edge], params: LayoutParams = DEFAULT_PARAMS) -> list[Edge]:
    """Edges of one direction snapped and joined: positions within ``params.table_snap_pt``
    of each other (chained) become their mean, then edges along one position that overlap or
    lie within ``params.table_join_pt`` of each other become one (a rule drawn one segment per
    cell, the boxes of cells set a point or two apart). An edge is a drawn rule (``fill``
    false) when any of its parts is."""
    if not edges:
        return []
    snap, join = params.table_snap_pt, params.table_join_pt
    edges = sorted(edges, key=lambda e: e.pos)
    clusters: list[list[Edge]] = [[edges[0]]]
    for e in edges[1:]:
        if e.pos - clusters[-1][-1].pos <= snap:
            clusters[-1].append(e)
        else:
            clusters.append([e])
    out: list[Edge] = []
    for cluster in clusters:
        pos = sum(e.pos for e in cluster) / len(cluster)
        current: Edge | None = None
        for e in sorted(cluster, key=lambda e: e.start):
            if current is not None and e.start <= current.end + join:
                current.end = max(current.end, e.end)
                current.fill = current.fill and e.fill
            else:
                current = Edge(cluster[0].horizontal, pos, e.start, e.end, e.fill)
                out.append(current)
    return out


def covers(edges: list[Edge], pos: float, at: float, tolerance: float) -> bool:
    """Whether one of ``edges`` lies at ``pos`` (within ``tolerance``) and reaches over
    ``at`` along its length."""
    for e in edges:
        if abs(e.pos - pos) <= tolerance and e.start - tolerance <= at <= e.end + tolerance:
            return True
    return False
