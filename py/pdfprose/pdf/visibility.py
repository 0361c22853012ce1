"""What a reader can see of a page's text (SPEC §1): the CropBox and clipping-path boxes, the
render modes that paint nothing, text under 1 pt, and text in the colour of what lies beneath it
(white on white, black on a black box), found through a grid of the filled shapes a page has
drawn so far.

Boxes here are in device space (points, origin at the bottom left of the page as displayed).
"""

from __future__ import annotations

from .guards import MAX_BACKGROUND_ENTRIES

MIN_VISIBLE_SIZE = 1.0
"""SPEC §1: text smaller than 1 pt is invisible to a reader and not part of the page."""

CROPBOX_TOLERANCE = 1.0
"""Points a glyph's centre may lie outside the CropBox (or a clipping path's box) before it
counts as outside (rounding in producers' boxes puts edge glyphs a fraction of a point out)."""

INVISIBLE_RENDER_MODES = (3, 7)
"""Text render modes that paint nothing (ISO 32000-1, 9.3.6): 3 = invisible, 7 = clip only."""

FILL_RENDER_MODES = (0, 2, 4, 6)
STROKE_RENDER_MODES = (1, 2, 5, 6)
"""Text render modes that fill, and that stroke, the glyphs (ISO 32000-1, table 106)."""

SAME_COLOUR_TOLERANCE = 0.06
"""Text whose colour differs from the colour beneath it by at most 0.06 in every RGB channel
(0..1) cannot be seen: white on white, or black on a black box. 0.06 is about 15 of 255 levels,
under what a reader tells apart at text size; "nearly white" text producers use to hide
instructions sits at 0.98-1.0."""

MIN_BACKGROUND_EXTENT = 2.0
"""A filled shape narrower or lower than 2 pt (a table rule, an underline) is not a background
text could sit on; such shapes are not recorded, which keeps the background look-up short."""

BACKGROUND_CELL = 64.0
"""Side in points of the grid cells that index the filled shapes of a page."""

MAX_TRACKED_COLOURS = 64
"""Distinct fill colours remembered per page to skip look-ups for text that cannot vanish;
beyond (a gradient drawn as hundreds of fills) every glyph is looked up."""

Box = tuple[float, float, float, float]
RGB = tuple[float, float, float]


def rgb(space: object, colour: object) -> RGB | None:
    """A colour as RGB in 0..1, or None when it cannot be known (patterns, indexed colours, Lab,
    spot colours with ink). ``space`` is a pdfminer colour space."""
    name = getattr(space, "name", "")
    try:
        if isinstance(colour, (int, float)):
            values: tuple[float, ...] = (float(colour),)
        elif isinstance(colour, (tuple, list)) and all(isinstance(v, (int, float)) for v in colour):
            values = tuple(float(v) for v in colour)
        else:
            return None
    except (TypeError, ValueError):
        return None
    if name in ("Separation", "DeviceN"):
        # A tint of 0 puts no ink on the paper; any other tint is a spot colour we cannot see.
        return (1.0, 1.0, 1.0) if values and all(v <= 0.0 for v in values) else None
    if name in ("Pattern", "Indexed", "Lab"):
        return None
    if len(values) == 1:
        g = values[0]
        return (g, g, g)
    if len(values) == 3:
        return (values[0], values[1], values[2])
    if len(values) == 4:
        c, m, y, k = values
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return None


WHITE: RGB = (1.0, 1.0, 1.0)


class Backgrounds:
    """The filled shapes and images a page has drawn so far, in device space, indexed by a grid
    (BACKGROUND_CELL) so that the colour beneath a point is found without scanning the page."""

    def __init__(self, bounds: Box | None = None) -> None:
        self._cells: dict[tuple[int, int], list[tuple[Box, RGB | None]]] = {}
        self._bounds = bounds
        self._entries = 0
        self.colours: set[RGB] = set()
        """The known colours recorded so far: text far from all of them (and from white) needs
        no look-up at all."""

    def add(self, box: Box, colour: RGB | None) -> None:
        x0, y0, x1, y1 = box
        if self._bounds is not None:
            # Only the page's area matters (text outside the CropBox is hidden anyway), and a
            # shape of absurd size (a damaged CTM) must not cost a grid cell per 64 pt of it.
            bx0, by0, bx1, by1 = self._bounds
            x0, y0 = max(x0, bx0 - BACKGROUND_CELL), max(y0, by0 - BACKGROUND_CELL)
            x1, y1 = min(x1, bx1 + BACKGROUND_CELL), min(y1, by1 + BACKGROUND_CELL)
            box = (x0, y0, x1, y1)
        if not (x1 - x0 >= MIN_BACKGROUND_EXTENT and y1 - y0 >= MIN_BACKGROUND_EXTENT):
            return  # also NaN coordinates
        cells = (int(x1 // BACKGROUND_CELL) - int(x0 // BACKGROUND_CELL) + 1) * (
            int(y1 // BACKGROUND_CELL) - int(y0 // BACKGROUND_CELL) + 1)
        self._entries += cells
        if self._entries > MAX_BACKGROUND_ENTRIES or cells > MAX_BACKGROUND_ENTRIES:
            return  # a runaway page: stop recording backgrounds (guards.py)
        if colour is not None and len(self.colours) <= MAX_TRACKED_COLOURS:
            self.colours.add(colour)
        for i in range(int(x0 // BACKGROUND_CELL), int(x1 // BACKGROUND_CELL) + 1):
            for j in range(int(y0 // BACKGROUND_CELL), int(y1 // BACKGROUND_CELL) + 1):
                self._cells.setdefault((i, j), []).append((box, colour))

    def may_hide(self, colours: tuple[RGB, ...]) -> bool:
        """Whether text in ``colours`` could vanish on some recorded shape (a shape of a like
        colour was painted, or too many colours were to keep track of)."""
        if len(self.colours) > MAX_TRACKED_COLOURS:
            return True
        return any(same_colour(c, bg) for c in colours for bg in self.colours)

    def at(self, x: float, y: float) -> RGB | None:
        """The colour last painted under (x, y): white paper (the WHITE object itself) when
        nothing was, None when it cannot be known (an image, a shading, a pattern)."""
        if not self._cells:
            return WHITE
        shapes = self._cells.get((int(x // BACKGROUND_CELL), int(y // BACKGROUND_CELL)))
        if shapes:
            for (x0, y0, x1, y1), colour in reversed(shapes):
                if x0 <= x <= x1 and y0 <= y <= y1:
                    return colour
        return WHITE


def path_box(path: object, ctm: tuple[float, ...]) -> Box | None:
    """The device-space bounding box of a pdfminer path (a list of operator tuples)."""
    xs: list[float] = []
    ys: list[float] = []
    for segment in path:  # type: ignore[attr-defined]
        numbers = [v for v in segment[1:] if isinstance(v, (int, float))]
        for k in range(0, len(numbers) - 1, 2):
            x, y = apply_matrix(ctm, numbers[k], numbers[k + 1])
            xs.append(x)
            ys.append(y)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def same_colour(a: RGB, b: RGB) -> bool:
    return all(abs(p - q) <= SAME_COLOUR_TOLERANCE for p, q in zip(a, b))


def apply_matrix(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)
