"""Orientation: a page whose text runs mostly sideways is turned upright, as a reader turns the
paper, before its lines are built (SPEC §5).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace

from ..model import Glyph, Shape

TURN_SHARE = 0.75
"""A page whose text runs mostly (over 75 % of its visible glyphs, and at least TURN_MIN_GLYPHS)
at one angle other than upright, e.g. a landscape table printed sideways on a portrait page
(``nics_background_checks_rotated_page.pdf``: 100 %), is turned as a reader turns the paper
before reading it; less uniform pages keep their orientation and read the sideways text as
rotated text after the upright text (SPEC §5): a drawing whose many dimension labels stand at
90 degrees keeps its title block first."""

TURN_MIN_GLYPHS = 20
"""A page with fewer sideways glyphs than this (a label or two) is never turned."""

RIGHT_ANGLE_TOLERANCE = 2.0
"""Degrees a page's dominant text angle may differ from a right angle to be turned upright."""


def _right_angle(angle: float) -> int | None:
    """The multiple of 90 degrees (-90, 0, 90, 180) ``angle`` is within RIGHT_ANGLE_TOLERANCE
    of, else None."""
    nearest = int(round(angle / 90.0)) * 90
    if abs(angle - nearest) > RIGHT_ANGLE_TOLERANCE:
        return None
    return 180 if nearest in (180, -180) else nearest


@dataclass(frozen=True, slots=True)
class Turn:
    """How a page is turned upright: page-space points (of the page as displayed) go along
    ``d`` (the dominant baseline) and ``n`` (towards the next line), less ``origin``; the
    turned page is ``width`` x ``height``. ``angle`` is the dominant text angle turned away,
    ``mirrored`` whether that text was mirrored (reflected back)."""

    angle: int
    mirrored: bool
    d: tuple[float, float]
    n: tuple[float, float]
    origin: tuple[float, float]
    width: float
    height: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        d, n = self.d, self.n
        return (x * d[0] + y * d[1] - self.origin[0], x * n[0] + y * n[1] - self.origin[1])

    def box(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A box ``(x0, top, x1, bottom)`` of the displayed page, on the turned page (a link's
        rectangle must meet the glyphs it covers)."""
        corners = [self.point(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        return (min(xs), min(ys), max(xs), max(ys))


def page_turn(glyphs: list[Glyph], width: float, height: float) -> Turn | None:
    """The :class:`Turn` that makes a page whose text mostly runs at one angle other than
    upright (TURN_SHARE) read left to right, top to bottom, as a reader turns the paper
    (mirrored text reflected back the same way); None for a page to leave as it is.
    ``glyphs`` are in page space (points, origin top left) of a ``width`` x ``height`` page."""
    visible = [g for g in glyphs if g.text.strip()]
    upright = sum(1 for g in visible if g.angle == 0.0 and not g.mirrored)
    if len(visible) - upright < TURN_MIN_GLYPHS or upright >= (1 - TURN_SHARE) * len(visible):
        return None  # the common case, decided without a census
    counts: Counter[tuple[int | None, bool]] = Counter()
    for g in visible:
        counts[(_right_angle(g.angle), g.mirrored)] += 1
    (angle, mirrored), n = counts.most_common(1)[0]
    if (
        angle is None
        or (angle == 0 and not mirrored)
        or n <= TURN_SHARE * sum(counts.values())
        or n < TURN_MIN_GLYPHS
    ):
        return None
    theta = math.radians(angle)
    cos, sin = round(math.cos(theta)), round(math.sin(theta))
    # Page space is y-down: the dominant baseline runs along d, the next line lies along n.
    d = (cos, -sin)
    n_vec = (-sin, -cos) if mirrored else (sin, cos)

    def move(x: float, y: float) -> tuple[float, float]:
        return (x * d[0] + y * d[1], x * n_vec[0] + y * n_vec[1])

    corners = [move(x, y) for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
    ox = min(c[0] for c in corners)
    oy = min(c[1] for c in corners)
    return Turn(angle, mirrored, d, n_vec, (ox, oy), max(c[0] for c in corners) - ox,
                max(c[1] for c in corners) - oy)


def turn_upright(
    glyphs: list[Glyph], width: float, height: float
) -> tuple[list[Glyph], float, float, int]:
    """:func:`turn_page` for a page's glyphs alone."""
    turned, _, new_width, new_height, angle = turn_page(glyphs, [], width, height)
    return turned, new_width, new_height, angle


def turn_page(
    glyphs: list[Glyph], shapes: list[Shape], width: float, height: float
) -> tuple[list[Glyph], list[Shape], float, float, int]:
    """Turn a page whose text mostly runs at one angle other than upright (:func:`page_turn`)
    so that this text reads left to right, top to bottom, as a reader turns the paper.

    ``glyphs`` and the drawn ``shapes`` are in page space (points, origin top left) of a
    ``width`` x ``height`` page. Returns ``(glyphs, shapes, width, height, turned)``: the glyphs
    and shapes in the turned page's space (boxes, origins, angles and mirroring updated; new
    objects), its size, and the dominant angle in degrees that was turned away (0 when the page
    was left as it is, the same lists).
    """
    turn = page_turn(glyphs, width, height)
    if turn is None:
        return glyphs, shapes, width, height, 0
    return (turn_glyphs(glyphs, turn), turn_shapes(shapes, turn), turn.width, turn.height,
            turn.angle)


def turn_glyphs(glyphs: list[Glyph], turn: Turn) -> list[Glyph]:
    """The glyphs on the turned page (new objects, in the same order)."""
    move = turn.point
    turned: list[Glyph] = []
    for g in glyphs:
        xs, ys = [], []
        for x, y in ((g.x0, g.top), (g.x1, g.top), (g.x0, g.bottom), (g.x1, g.bottom)):
            tx, ty = move(x, y)
            xs.append(tx)
            ys.append(ty)
        gx, gy = move(g.origin_x, g.baseline)
        rad = math.radians(g.angle)
        u, v = turn.d[0] * math.cos(rad) - turn.d[1] * math.sin(rad), \
            turn.n[0] * math.cos(rad) - turn.n[1] * math.sin(rad)
        new_angle = math.degrees(math.atan2(-v, u))
        if abs(new_angle - round(new_angle)) < 1e-6:
            new_angle = float(round(new_angle))
        if new_angle == -180.0:
            new_angle = 180.0
        turned.append(replace(
            g, x0=min(xs), top=min(ys), x1=max(xs), bottom=max(ys), origin_x=gx,
            baseline=gy, angle=new_angle + 0.0, mirrored=g.mirrored != turn.mirrored,
        ))
    return turned


def turn_shapes(shapes: list[Shape], turn: Turn) -> list[Shape]:
    """The drawn shapes on the turned page (new objects, in the same order)."""
    return [replace(shape, x0=x0, top=top, x1=x1, bottom=bottom)
            for shape in shapes
            for x0, top, x1, bottom in (turn.box((shape.x0, shape.top, shape.x1, shape.bottom)),)]
