"""The straight lines and rectangles a page draws, recorded in page space for the table stage
(:mod:`pdfprose.layout.tables`): the rules between a table's rows and columns, the boxes around
its cells, the shading of its header and of every other row.

Only what a table can be made of is kept: stroked segments that run horizontally or vertically
and filled rectangles. Curves, slanted segments and other filled outlines (a chart's markers, a
logo) are passed over. The record is bounded (:data:`MAX_SHAPES`): a page that draws more keeps
the first ones and counts the rest, and the parser says so.
"""

from __future__ import annotations

import math

from ..model import RGB, Shape
from .visibility import Box

MAX_SHAPES = 20_000
"""Shapes one page keeps. A dense ruled table (40 rows of 12 columns, every cell's four sides
drawn as segments of their own, as some exporters do) draws about 2,000; the corpus's densest
page about 3,200 (measured with ``benchmarks.stages``-style counting over ``shared/corpus``).
Beyond this a page is a chart or a map drawing its markers one by one (or a hostile file): the
shapes past it are counted, not kept, so that a page drawing a million paths costs a counter."""

AXIS_TOLERANCE = 0.5
"""Points a segment's two ends may differ across its direction and still run horizontally or
vertically (producers round coordinates; a rule drawn at a slant of a degree over 30 pt
differs by 0.5 pt)."""

MIN_FILL = 0.1
"""Points a filled rectangle must measure both ways to be kept (a zero-height fill paints
nothing)."""

RULE_MAX_THICKNESS = 2.0
"""A path at most 2 pt high is a horizontal rule (footnote separators: Word's 0.5 pt stroke,
LaTeX's 0.4 pt filled rectangle, Distiller's 0.5-1 pt); the page's rules are kept for the
footnote finder (:mod:`pdfprose.layout.footnotes`) apart from the shapes (a rule is any
painted path that thin and wide, curves and outlines included)."""

RULE_MIN_WIDTH = 10.0
"""...and at least 10 pt wide (shorter marks are underlines of a word or a dash)."""

MAX_RULES = 5_000
"""Rules kept per page at most: a table's grid has a few hundred; a hostile page's million
would cost memory for nothing."""


class Drawing:
    """The shapes one page has drawn so far, in page space (points, origin top left).

    ``origin`` is the device-space point that becomes page space's (0, 0): the CropBox's left
    edge and top. ``cut`` counts the shapes not kept once :data:`MAX_SHAPES` were."""

    __slots__ = ("shapes", "cut", "_x0", "_y1")

    def __init__(self, origin: tuple[float, float] = (0.0, 0.0)) -> None:
        self.shapes: list[Shape] = []
        self.cut = 0
        self._x0, self._y1 = origin

    def _keep(self, shape: Shape) -> None:
        if len(self.shapes) >= MAX_SHAPES:
            self.cut += 1
        else:
            self.shapes.append(shape)

    def add_path(self, path: list[tuple], ctm: tuple[float, ...], stroke: bool, fill: bool,
                 line_width: float, stroke_colour: RGB | None, fill_colour: RGB | None,
                 clip: Box | None = None) -> None:
        """Record what a painted pdfminer path (``('m', x, y)``, ``('l', x, y)``, curves,
        ``('h',)``; ``re`` arrives as m, l, l, l, h) draws under ``ctm``: each horizontal or
        vertical segment when it is stroked (``line_width`` in user space), each rectangle of
        it when it is filled. ``clip``: the clipping path's box (device space); shapes wholly
        outside it are not seen and not kept."""
        if self.cut:
            self.cut += 1
            return
        a, b, c, d, e, f = ctm
        x0, y1 = self._x0, self._y1
        width = abs(line_width) * math.sqrt(abs(a * d - b * c)) if stroke else 0.0
        points: list[tuple[float, float]] = []  # the current subpath's corners, page space
        straight = True  # the current subpath has no curve
        start = current = (0.0, 0.0)
        subpaths: list[tuple[list[tuple[float, float]], bool]] = []
        for segment in path:
            op = segment[0]
            if op == "h":
                if stroke and current != start:
                    self._segment(current, start, width, stroke_colour, clip)
                current = start
                if points:
                    subpaths.append((points, straight))
                points, straight = [], True
                continue
            numbers = segment[1:]
            if len(numbers) < 2:
                continue
            ux, uy = numbers[-2], numbers[-1]
            if not isinstance(ux, (int, float)) or not isinstance(uy, (int, float)):
                continue
            point = (a * ux + c * uy + e - x0, y1 - (b * ux + d * uy + f))
            if op == "m":
                if points:
                    subpaths.append((points, straight))
                points, straight = [point], True
                start = current = point
                continue
            if op == "l":
                if stroke:
                    self._segment(current, point, width, stroke_colour, clip)
            else:
                straight = False  # a curve: its subpath is no rectangle
            points.append(point)
            current = point
        if points:
            subpaths.append((points, straight))
        if fill:
            for corners, plain in subpaths:
                if plain:
                    box = _rectangle(corners)
                    if box is not None:
                        self._box(box, fill_colour, clip)

    def _segment(self, p: tuple[float, float], q: tuple[float, float], width: float,
                 colour: RGB | None, clip: Box | None) -> None:
        (px, py), (qx, qy) = p, q
        if abs(py - qy) <= AXIS_TOLERANCE:
            y = (py + qy) / 2
            box = (min(px, qx), y, max(px, qx), y)
        elif abs(px - qx) <= AXIS_TOLERANCE:
            x = (px + qx) / 2
            box = (x, min(py, qy), x, max(py, qy))
        else:
            return
        if clip is not None and not self._inside(box, clip):
            return
        if box[2] - box[0] + box[3] - box[1] > 0:
            self._keep(Shape(box[0], box[1], box[2], box[3], True, width, colour))

    def _box(self, box: tuple[float, float, float, float], colour: RGB | None,
             clip: Box | None) -> None:
        if box[2] - box[0] < MIN_FILL or box[3] - box[1] < MIN_FILL:
            return
        if clip is not None and not self._inside(box, clip):
            return
        self._keep(Shape(box[0], box[1], box[2], box[3], False, 0.0, colour))

    def _inside(self, box: tuple[float, float, float, float], clip: Box) -> bool:
        """Whether ``box`` (page space) meets the clip's box (device space)."""
        cx0, cy0, cx1, cy1 = clip
        top, bottom = self._y1 - cy1, self._y1 - cy0
        left, right = cx0 - self._x0, cx1 - self._x0
        return box[2] >= left - 1 and box[0] <= right + 1 and box[3] >= top - 1 \
            and box[1] <= bottom + 1


def _rectangle(corners: list[tuple[float, float]]) -> tuple[float, float, float, float] | None:
    """The box of a subpath that outlines a rectangle with horizontal and vertical sides (four
    corners, the first repeated at the end or not), else None."""
    if len(corners) == 5 and _near(corners[0], corners[4]):
        corners = corners[:4]
    if len(corners) != 4:
        return None
    for k in range(4):
        (px, py), (qx, qy) = corners[k], corners[(k + 1) % 4]
        if abs(px - qx) > AXIS_TOLERANCE and abs(py - qy) > AXIS_TOLERANCE:
            return None
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def _near(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return abs(p[0] - q[0]) <= AXIS_TOLERANCE and abs(p[1] - q[1]) <= AXIS_TOLERANCE
