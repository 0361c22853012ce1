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
from ..text.characters import CJK_CHARACTER, FIRST_CJK, is_cjk
from .runs import make_line
from .words import glyphs_to_text

BASELINE_TOLERANCE_EM = 0.35
"""SPEC §3: glyphs whose baselines agree within 35 % of the font size share a line."""

RUN_GAP_EM = 1.0
"""A gap wider than 1 em inside a line starts a new text run. Word spaces, even in justified
text, stay well under it; gutters between columns and gaps between table cells are wider.
Runs of one line are joined again after reading order, so a wrong cut costs nothing in a
single-column region."""

DUPLICATE_TOLERANCE_EM = 0.15
"""Fake bold draws the same glyph twice, offset by a fraction of a point: the same text within
0.15 em on both axes is one glyph (SPEC §2)."""

VERTICAL_STACK_GAP_EM = 0.25
"""CJK glyphs drawn with a horizontal font but stacked in columns (vertical Japanese set glyph
by glyph): a glyph whose neighbour above or below is at most 0.25 em away, closer than any
neighbour on its baseline, is set vertically. Glyphs chained by such gaps form a stack."""

MIN_VERTICAL_CJK = 20
"""Pages with fewer CJK glyphs are not searched for vertical stacks (a stray kanji label)."""

COLUMN_ALIGN_EM = 0.2
"""Glyphs whose centres lie within 0.2 em across share a vertical column (the column pitch of
vertical Japanese is at least 1 em, glyph centres in a column agree to a fraction of a point)."""

COLUMN_HOLE_EM = 1.6
"""A vertical column may hold a gap of up to 1.6 em (one ideographic space after an item
numeral, "一　法第五十一条"); a glyph or short stack across such a gap from a vertical stack of
its column, and of its size, belongs to the column unless it sits in tight horizontal text."""

TIGHT_ROW_EM = 0.1
"""A CJK glyph with a neighbour on its baseline at most 0.1 em away is set in horizontal text
(CJK horizontal text is set solid or with tracking of a few hundredths of an em)."""

SAME_SIZE_RATIO = 0.85
"""Two glyphs whose sizes differ by less than 15 % count as the same size."""


def _stacks(column: list[Glyph]) -> list[list[Glyph]]:
    """Split one column's glyphs (any order) into stacks: runs top to bottom whose consecutive
    gaps are at most VERTICAL_STACK_GAP_EM (overlaps included)."""
    column.sort(key=lambda g: g.top)
    stacks: list[list[Glyph]] = []
    bottom = -math.inf
    for g in column:
        if stacks and g.top - bottom <= VERTICAL_STACK_GAP_EM * g.size:
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


def mark_vertical_cjk(glyphs: list[Glyph], texts: list[str] | None = None) -> None:
    """Set ``vertical`` on CJK glyphs of horizontal fonts that are set in vertical columns.

    Columns are found by glyph centre (COLUMN_ALIGN_EM) among these glyphs and the page's
    writing-mode V glyphs, which anchor them: vertical punctuation drawn with a vertical font
    inside a column of horizontal-font kanji makes the column vertical. Within a column, stacks
    (VERTICAL_STACK_GAP_EM) are vertical when they hold an anchor, or more glyphs that are closer
    to their vertical than to their horizontal neighbours than the other way round; stacks that
    cannot tell (glyphs set on a square grid, as in a table) follow the page's majority. Stray
    glyphs across a small hole in a vertical column (COLUMN_HOLE_EM) join it. Boxes are in page
    space; only glyphs at angle 0 are considered. ``texts``: the glyphs' texts, when read already.
    """
    if may_be_vertical_cjk([g.text for g in glyphs] if texts is None else texts):
        _mark_columns(glyphs)


def may_be_vertical_cjk(texts: list[str]) -> bool:
    """Whether texts (a page's) hold MIN_VERTICAL_CJK CJK characters: fewer, and no glyph is
    set vertically by :func:`mark_vertical_cjk` (which counts the glyphs that start with
    one)."""
    joined = "".join(texts)
    # isascii() is answered at once (a string knows its widest character), max() reads them all.
    if joined.isascii() or max(texts) < FIRST_CJK:
        return False  # no text starts with a character from U+1100 on: none is CJK
    return len(CJK_CHARACTER.findall(joined)) >= MIN_VERTICAL_CJK


def _mark_columns(glyphs: list[Glyph]) -> None:
    """:func:`mark_vertical_cjk` on a page that has CJK characters."""
    cjk = [
        g for g in glyphs
        if g.text >= FIRST_CJK  # a quick test first: nothing below U+1100 is CJK
        and not g.vertical and g.angle == 0.0 and not g.mirrored and is_cjk(g.text[:1])
    ]
    if len(cjk) < MIN_VERTICAL_CJK:
        return
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
        if columns and centre - start <= COLUMN_ALIGN_EM * g.size:
            columns[-1].append(g)
        else:
            columns.append([g])
            start = centre
    column_stacks = [_stacks(column) for column in columns]
    vgap = _nearest_gaps(
        (s for stacks in column_stacks for s in stacks if len(s) > 1),
        lambda g: g.top, lambda a, b: b.top - a.bottom,
    )

    def leaning(g: Glyph) -> int:
        """+1 when g's vertical neighbour is clearly the closer, -1 when its horizontal one."""
        v = vgap.get(id(g), math.inf)
        h = hgap.get(id(g), math.inf)
        if v <= VERTICAL_STACK_GAP_EM * g.size and h > v + 0.1 * g.size:
            return 1
        if h <= VERTICAL_STACK_GAP_EM * g.size and v > h + 0.1 * g.size:
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
        # Bridge small holes: a stack next to a vertical one, across at most COLUMN_HOLE_EM,
        # of the same size, not sitting in tight horizontal text, is part of the column.
        changed = True
        while changed:
            changed = False
            for k, stack in enumerate(stacks):
                if row[k] == 1:
                    continue
                if any(hgap.get(id(g), math.inf) <= TIGHT_ROW_EM * g.size for g in stack):
                    continue
                for j in (k - 1, k + 1):
                    if not 0 <= j < len(stacks) or row[j] != 1:
                        continue
                    near, far = (stacks[j], stack) if j < k else (stack, stacks[j])
                    gap = far[0].top - max(g.bottom for g in near)
                    a, b = stack[0].size, stacks[j][0].size
                    if gap <= COLUMN_HOLE_EM * max(a, b) and min(a, b) >= SAME_SIZE_RATIO * max(a, b):
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


def directional_lines(glyphs: list[Glyph]) -> list[Line]:
    """Lines of rotated, mirrored or vertical glyphs, built in each direction's own frame
    (:func:`frame`): clustered across the baseline (the glyph origins' distance, within
    BASELINE_TOLERANCE_EM), read along it, cut into runs at gaps over RUN_GAP_EM."""
    if not glyphs:
        return []
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
            if clusters and item[0] - ref <= BASELINE_TOLERANCE_EM * item[3].size:
                clusters[-1].append(item)
            else:
                clusters.append([item])
                ref = item[0]
        for cluster in clusters:
            cluster.sort(key=lambda t: t[1])
            cluster = _dedupe_along(cluster)
            run = [cluster[0]]
            runs = [run]
            end = cluster[0][2]
            for item in cluster[1:]:
                if item[1] - end > RUN_GAP_EM * item[3].size and item[3].text.strip():
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
                text = glyphs_to_text(gl, along, vertical=vertical)
                if text:
                    line = make_line(gl, angle=float(angle), text=text)
                    line.vertical = vertical
                    lines.append(line)
    return lines


def _dedupe_along(items: list[tuple[float, float, float, Glyph]]) -> list[
    tuple[float, float, float, Glyph]
]:
    """Drop glyphs drawn twice at almost the same place along a directional line (fake bold,
    DUPLICATE_TOLERANCE_EM); ``items`` are (across, start, end, glyph) sorted by start."""
    kept: list[tuple[float, float, float, Glyph]] = []
    for item in items:
        g = item[3]
        tol = DUPLICATE_TOLERANCE_EM * g.size
        if any(
            p[3].text == g.text and abs(p[1] - item[1]) <= tol and abs(p[0] - item[0]) <= tol
            for p in kept[-4:]
        ):
            continue
        kept.append(item)
    return kept
