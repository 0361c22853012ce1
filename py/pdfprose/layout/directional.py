"""Stage 2d: rotated, mirrored and vertical text (SPEC §5).

Glyphs whose baseline is not horizontal, mirrored glyphs and vertical writing (writing mode V, or
CJK glyphs of horizontal fonts stacked in columns, found by :func:`mark_vertical_cjk`) are built
into lines in their own reading frame (:func:`frame`) and kept apart from the page's horizontal
text, which they follow.

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from ..model import Glyph, Line
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.characters import CJK_CHARACTER, FIRST_CJK, is_cjk
from .runs import make_line
from .words import glyphs_to_text

def _stacks(column: list[Glyph], stack_gap: float) -> list[list[Glyph]]:
    """Split one column's glyphs (any order) into stacks: runs top to bottom whose consecutive
    gaps are at most ``stack_gap`` em (``vertical_stack_gap_em``; overlaps included)."""
    column.sort(key=lambda g: g.top)
    stacks: list[list[Glyph]] = []
    bottom = -math.inf
    for g in column:
        if stacks and g.top - bottom <= stack_gap * g.size:
            stacks[-1].append(g)
        else:
            stacks.append([g])
            bottom = -math.inf
        bottom = max(bottom, g.bottom)
    return stacks


def _nearest_gaps(
    groups: Iterable[list[Glyph]],
    position: Callable[[Glyph], float],
    gap: Callable[[Glyph, Glyph], float],
) -> dict[int, float]:
    """For each glyph (by id), the smallest gap to its neighbour in its group, sorted by
    ``position``."""
    nearest: dict[int, float] = {}
    for group in groups:
        group.sort(key=position)
        for a, b in zip(group, group[1:]):
            d = abs(gap(a, b))
            for g in (a, b):
                nearest[id(g)] = min(nearest.get(id(g), math.inf), d)
    return nearest


def mark_vertical_cjk(glyphs: list[Glyph], texts: list[str] | None = None,
                      params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Set ``vertical`` on CJK glyphs of horizontal fonts that are set in vertical columns.

    Columns are found by glyph centre (``column_align_em``) among these glyphs and the page's
    writing-mode V glyphs, which anchor them: vertical punctuation drawn with a vertical font
    inside a column of horizontal-font kanji makes the column vertical. Within a column, stacks
    (``vertical_stack_gap_em``) are vertical when they hold an anchor, or more glyphs that are
    closer to their vertical than to their horizontal neighbours than the other way round;
    stacks that cannot tell (glyphs set on a square grid, as in a table) follow the page's
    majority. Stray glyphs across a small hole in a vertical column (``column_hole_em``) join
    it (fields of ``params``). Boxes are in page space; only glyphs at angle 0 are considered.
    ``texts``: the glyphs' texts, when read already.
    """
    if may_be_vertical_cjk([g.text for g in glyphs] if texts is None else texts, params):
        _mark_columns(glyphs, params)


def may_be_vertical_cjk(texts: list[str], params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether texts (a page's) hold ``params.min_vertical_cjk`` CJK characters: fewer, and no
    glyph is set vertically by :func:`mark_vertical_cjk` (which counts the glyphs that start
    with one)."""
    joined = "".join(texts)
    # isascii() is answered at once (a string knows its widest character), max() reads them all.
    if joined.isascii() or max(texts) < FIRST_CJK:
        return False  # no text starts with a character from U+1100 on: none is CJK
    return len(CJK_CHARACTER.findall(joined)) >= params.min_vertical_cjk


def _mark_columns(glyphs: list[Glyph], params: LayoutParams) -> None:
    """:func:`mark_vertical_cjk` on a page that has CJK characters."""
    cjk = [
        g for g in glyphs
        if g.text >= FIRST_CJK  # a quick test first: nothing below U+1100 is CJK
        and not g.vertical and g.angle == 0.0 and not g.mirrored and is_cjk(g.text[:1])
    ]
    if len(cjk) < params.min_vertical_cjk:
        return
    stack_gap, align, hole = params.vertical_stack_gap_em, params.column_align_em, \
        params.column_hole_em
    tight, same_size = params.tight_row_em, params.stack_same_size_ratio
    anchors = [g for g in glyphs if g.vertical and g.angle == 0.0 and g.text.strip()]
    anchor_ids = {id(g) for g in anchors}
    rows: dict[int, list[Glyph]] = {}
    for g in cjk:
        rows.setdefault(round(g.baseline * 2), []).append(g)
    hgap = _nearest_gaps(rows.values(), lambda g: g.x0, lambda a, b: b.x0 - a.x1)

    members = sorted(cjk + anchors, key=lambda g: (g.x0 + g.x1) / 2)
    columns: list[list[Glyph]] = []
    start = -math.inf
    for g in members:
        centre = (g.x0 + g.x1) / 2
        if columns and centre - start <= align * g.size:
            columns[-1].append(g)
        else:
            columns.append([g])
            start = centre
    column_stacks = [_stacks(column, stack_gap) for column in columns]
    vgap = _nearest_gaps(
        (s for stacks in column_stacks for s in stacks if len(s) > 1),
        lambda g: g.top, lambda a, b: b.top - a.bottom,
    )

    def leaning(g: Glyph) -> int:
        """+1 when g's vertical neighbour is clearly the closer, -1 when its horizontal one."""
        v = vgap.get(id(g), math.inf)
        h = hgap.get(id(g), math.inf)
        if v <= stack_gap * g.size and h > v + 0.1 * g.size:
            return 1
        if h <= stack_gap * g.size and v > h + 0.1 * g.size:
            return -1
        return 0

    decisions: list[list[int]] = []  # per column, per stack: 1 vertical, -1 horizontal, 0 unsure
    votes = 0
    for stacks in column_stacks:
        row = []
        for stack in stacks:
            if any(id(g) in anchor_ids for g in stack):
                row.append(1)
                votes += len(stack)
                continue
            score = sum(leaning(g) for g in stack) if len(stack) > 1 else 0
            row.append(1 if score > 0 else (-1 if score < 0 else 0))
            votes += len(stack) * row[-1]
        decisions.append(row)
    page_vertical = votes > 0
    for stacks, row in zip(column_stacks, decisions):
        for k, stack in enumerate(stacks):
            if row[k] == 0 and len(stack) > 1 and page_vertical:
                row[k] = 1
        # Bridge small holes: a stack next to a vertical one, across at most column_hole_em,
        # of the same size, not sitting in tight horizontal text, is part of the column.
        changed = True
        while changed:
            changed = False
            for k, stack in enumerate(stacks):
                if row[k] == 1:
                    continue
                if any(hgap.get(id(g), math.inf) <= tight * g.size for g in stack):
                    continue
                for j in (k - 1, k + 1):
                    if not 0 <= j < len(stacks) or row[j] != 1:
                        continue
                    near, far = (stacks[j], stack) if j < k else (stack, stacks[j])
                    gap = far[0].top - max(g.bottom for g in near)
                    a, b = stack[0].size, stacks[j][0].size
                    if gap <= hole * max(a, b) and min(a, b) >= same_size * max(a, b):
                        row[k] = 1
                        changed = True
                        break
        for k, stack in enumerate(stacks):
            if row[k] == 1:
                for g in stack:
                    g.vertical = True


def frame(angle: float, mirrored: bool = False, vertical: bool = False) -> tuple[
    tuple[float, float], tuple[float, float]
]:
    """The reading frame of text in page space (y down): ``(d, n)``, unit vectors along the
    baseline in reading direction and across it towards the next line. ``angle`` is in degrees,
    counter-clockwise as seen on the page; mirrored text has its next line on the other side;
    vertical writing reads down, its next column to the left."""
    if vertical:
        return (0.0, 1.0), (-1.0, 0.0)
    theta = math.radians(angle)
    cos, sin = math.cos(theta), math.sin(theta)
    d = (cos, -sin)
    n = (-sin, -cos) if mirrored else (sin, cos)
    return d, n


def directional_lines(glyphs: list[Glyph], params: LayoutParams = DEFAULT_PARAMS) -> list[Line]:
    """Lines of rotated, mirrored or vertical glyphs, built in each direction's own frame
    (:func:`frame`): clustered across the baseline (the glyph origins' distance, within
    ``params.baseline_tolerance_em``), read along it, cut into runs at gaps over
    ``run_gap_em``."""
    if not glyphs:
        return []
    tolerance, run_gap = params.baseline_tolerance_em, params.run_gap_em
    groups: dict[tuple[bool, int, bool], list[Glyph]] = {}
    for g in glyphs:
        key = (True, -90, False) if g.vertical else (False, int(round(g.angle)), g.mirrored)
        groups.setdefault(key, []).append(g)
    lines: list[Line] = []
    for (vertical, angle, mirrored) in sorted(groups):
        d, n = frame(angle, mirrored, vertical)
        placed = []
        for g in groups[(vertical, angle, mirrored)]:
            if vertical or g.advance <= 0:
                cx, cy = (g.x0 + g.x1) / 2, (g.top + g.bottom) / 2
                across = cx * n[0] + cy * n[1]
                centre = cx * d[0] + cy * d[1]
                half = (g.bottom - g.top if vertical or abs(d[1]) > 0.5 else g.x1 - g.x0) / 2
                start, end = centre - half, centre + half
            else:
                across = g.origin_x * n[0] + g.baseline * n[1]
                start = g.origin_x * d[0] + g.baseline * d[1]
                end = start + g.advance
            placed.append((across, start, end, g))
        placed.sort(key=lambda t: t[0])
        clusters: list[list[tuple[float, float, float, Glyph]]] = []
        ref = -math.inf
        for item in placed:
            if clusters and item[0] - ref <= tolerance * item[3].size:
                clusters[-1].append(item)
            else:
                clusters.append([item])
                ref = item[0]
        for cluster in clusters:
            cluster.sort(key=lambda t: t[1])
            cluster = _dedupe_along(cluster, params.duplicate_tolerance_em)
            run = [cluster[0]]
            runs = [run]
            end = cluster[0][2]
            for item in cluster[1:]:
                if item[1] - end > run_gap * item[3].size and item[3].text.strip():
                    run = [item]
                    runs.append(run)
                else:
                    run.append(item)
                end = max(end, item[2])
            for r in runs:
                gl = [t[3] for t in r]
                along: list[float] = []
                for t in r:
                    along.extend((t[1], t[2]))
                text = glyphs_to_text(gl, along, vertical, params)
                if text:
                    line = make_line(gl, angle=float(angle), text=text)
                    line.vertical = vertical
                    lines.append(line)
    return lines


def _dedupe_along(items: list[tuple[float, float, float, Glyph]], tolerance: float) -> list[
    tuple[float, float, float, Glyph]
]:
    """Drop glyphs drawn twice at almost the same place along a directional line (fake bold:
    within ``tolerance`` em, ``duplicate_tolerance_em``); ``items`` are (across, start, end,
    glyph) sorted by start."""
    kept: list[tuple[float, float, float, Glyph]] = []
    for item in items:
        g = item[3]
        tol = tolerance * g.size
        if any(
            p[3].text == g.text and abs(p[1] - item[1]) <= tol and abs(p[0] - item[0]) <= tol
            for p in kept[-4:]
        ):
            continue
        kept.append(item)
    return kept
