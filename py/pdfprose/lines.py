"""Stage 2: glyphs -> words and lines (SPEC §2, §3).

Horizontal glyphs whose baselines agree form a line; a line is cut into separate *text runs*
where a horizontal gap is far wider than any word space, so that the XY-cut (stage 3) sees the
empty gutter between columns. Glyphs whose baseline is not horizontal, and vertical (writing mode
V) glyphs, are built into lines along their own direction and kept apart (SPEC §5).

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable

from .characters import clean_line_text
from .model import Glyph, Line

SPACE_GAP_EM = 0.12
"""SPEC §2: a gap wider than 0.12 x font size between two glyphs is a word space."""

CJK_SPACE_GAP_EM = 0.22
"""SPEC §2: between two CJK characters the threshold is 0.22 x font size (CJK text is set
without spaces, with tracking that would otherwise read as spaces)."""

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

SCRIPT_SIZE_RATIO = 0.85
"""A run at most 85 % of its neighbour's size, inside its vertical extent, is a superscript or
subscript and joins the neighbour's line (SPEC §3)."""

DROP_CAP_RATIO = 1.8
"""A single letter at least 1.8 x the size of the text beside it is a drop cap: it belongs at the
start of the first line of its paragraph, whose top it shares ("S" + "calable" = "Scalable")."""

HORIZONTAL_ANGLE_TOLERANCE = 2.0
"""Degrees a baseline may tilt and still count as horizontal (scanned OCR layers tilt a little)."""

_CJK_RANGES = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3130, 0x318F),  # Hangul compatibility Jamo
    (0x3190, 0x31FF),
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms (vertical punctuation)
    (0xFF00, 0xFFEF),  # half- and full-width forms
    (0x20000, 0x2FA1F),
)

_MULTISPACE = re.compile(r" {2,}")


def is_cjk(ch: str) -> bool:
    """True for Han, Hiragana, Katakana, Hangul and CJK punctuation (SPEC §2)."""
    if not ch:
        return False
    code = ord(ch[0])
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


def glyphs_to_text(
    glyphs: list[Glyph], along: list[float] | None = None, vertical: bool = False
) -> str:
    """Join glyphs already in reading order, inserting word spaces by SPEC §2.

    ``along`` gives each glyph's (start, end) position along the line direction when it is not
    the x axis (rotated text); by default ``x0``/``x1`` are used. In ``vertical`` writing no
    space is ever put between two CJK characters (columns are set on a grid with gaps).
    """
    parts: list[str] = []
    prev: Glyph | None = None
    prev_end = 0.0
    for i, g in enumerate(glyphs):
        start, end = (along[2 * i], along[2 * i + 1]) if along is not None else (g.x0, g.x1)
        if prev is not None and g.text:
            gap = start - prev_end
            both_cjk = is_cjk(prev.text[-1:]) and is_cjk(g.text[:1])
            if vertical and both_cjk:
                gap = 0.0
            threshold = (CJK_SPACE_GAP_EM if both_cjk else SPACE_GAP_EM) * max(prev.size, g.size)
            if gap > threshold and not prev.text.endswith(" ") and not g.text.startswith(" "):
                parts.append(" ")
        parts.append(g.text)
        if g.text:
            prev, prev_end = g, end
    return clean_line_text(_MULTISPACE.sub(" ", "".join(parts)).strip())


SPACING_ACCENTS = {
    "\u00b4": "\u0301", "\u02ca": "\u0301", "`": "\u0300", "\u02cb": "\u0300",
    "\u00a8": "\u0308", "\u02c6": "\u0302", "^": "\u0302", "\u02dc": "\u0303", "~": "\u0303",
    "\u00b8": "\u0327", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u02d9": "\u0307",
    "\u02da": "\u030a", "\u02dd": "\u030b", "\u00af": "\u0304", "\u02db": "\u0328",
}
"""Spacing accents that old TeX output draws as a glyph of their own over a letter (SPEC §11:
"d´ej`a" must read "déjà"), with the combining mark each becomes."""

ACCENT_OVERLAP = 0.3
"""An accent composes with the letter its box overlaps by at least 30 % of the narrower width;
an ASCII ^, ~ or ` standing between letters overlaps neither."""

_DOTLESS = {"\u0131": "i", "\u0237": "j"}


def _compose_accents(glyphs: list[Glyph]) -> list[Glyph]:
    """Fold spacing-accent glyphs into the letter they sit over (input sorted by x0)."""
    if not any(g.text in SPACING_ACCENTS for g in glyphs):
        return glyphs
    dropped: set[int] = set()
    for i, g in enumerate(glyphs):
        mark = SPACING_ACCENTS.get(g.text)
        if mark is None:
            continue
        best, best_overlap = None, 0.0
        for j in (i - 1, i + 1, i - 2, i + 2):
            if not 0 <= j < len(glyphs) or j in dropped:
                continue
            letter = glyphs[j]
            if len(letter.text) != 1 or not letter.text.isalpha():
                continue
            overlap = min(g.x1, letter.x1) - max(g.x0, letter.x0)
            narrower = min(g.x1 - g.x0, letter.x1 - letter.x0)
            if narrower > 0 and overlap >= ACCENT_OVERLAP * narrower and overlap > best_overlap:
                best, best_overlap = j, overlap
        if best is not None:
            letter = glyphs[best]
            base = _DOTLESS.get(letter.text, letter.text)
            letter.text = unicodedata.normalize("NFC", base + mark)
            dropped.add(i)
    return [g for k, g in enumerate(glyphs) if k not in dropped]


def _dedupe(glyphs: list[Glyph]) -> list[Glyph]:
    """Drop glyphs drawn twice at almost the same place (fake bold); input sorted by x0."""
    kept: list[Glyph] = []
    for g in glyphs:
        tol = DUPLICATE_TOLERANCE_EM * g.size
        duplicate = False
        for p in reversed(kept[-4:]):
            if p.x0 < g.x0 - tol:
                break
            if p.text == g.text and abs(p.x0 - g.x0) <= tol and abs(p.baseline - g.baseline) <= tol:
                duplicate = True
                break
        if not duplicate:
            kept.append(g)
    return kept


def _make_line(glyphs: list[Glyph], angle: float = 0.0, text: str | None = None) -> Line:
    weights: Counter[float] = Counter()
    bold = italic = 0
    for g in glyphs:
        n = len(g.text.strip())
        weights[round(g.size, 1)] += n
        bold += n if g.bold else 0
        italic += n if g.italic else 0
    total = sum(weights.values()) or 1
    size = weights.most_common(1)[0][0] if weights else glyphs[0].size
    main = [g for g in glyphs if abs(g.size - size) < 0.5] or glyphs
    return Line(
        text=glyphs_to_text(glyphs) if text is None else text,
        x0=min(g.x0 for g in glyphs),
        top=min(g.top for g in main),
        x1=max(g.x1 for g in glyphs),
        bottom=max(g.bottom for g in main),
        baseline=Counter(round(g.baseline, 1) for g in main).most_common(1)[0][0],
        size=size,
        bold=bold * 2 > total,
        italic=italic * 2 > total,
        angle=angle,
        glyphs=glyphs,
    )


def _split_runs(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """Cut one baseline's glyphs (sorted by x0) where the gap exceeds RUN_GAP_EM."""
    runs: list[list[Glyph]] = [[glyphs[0]]]
    right = glyphs[0].x1
    for g in glyphs[1:]:
        if g.x0 - right > RUN_GAP_EM * g.size and g.text.strip():
            runs.append([g])
        else:
            runs[-1].append(g)
        right = max(right, g.x1)
    # A run holding nothing but spaces carries no text.
    return [r for r in runs if any(g.text.strip() for g in r)]


def _attach_scripts(lines: list[Line]) -> list[Line]:
    """Merge superscript/subscript runs into the line they belong to (SPEC §3)."""
    if len(lines) < 2:
        return lines
    lines = sorted(lines, key=lambda l: l.top)
    merged: set[int] = set()
    for i, small in enumerate(lines):
        if len(small.text) > 12:
            continue
        centre = (small.top + small.bottom) / 2
        best = None
        for j in range(max(0, i - 8), min(len(lines), i + 9)):
            host = lines[j]
            if j == i or j in merged or host.size * SCRIPT_SIZE_RATIO < small.size:
                continue
            if not host.top - 0.2 * host.size <= centre <= host.bottom + 0.2 * host.size:
                continue
            reach = 0.6 * host.size
            if small.x0 > host.x1 + reach or small.x1 < host.x0 - reach:
                continue
            best = j
            break
        if best is not None:
            merged.add(i)
            host = lines[best]
            glyphs = sorted(host.glyphs + small.glyphs, key=lambda g: g.x0)
            lines[best] = _make_line(glyphs)
            lines[best].top, lines[best].bottom = host.top, host.bottom
            lines[best].baseline, lines[best].size = host.baseline, host.size
    return [l for k, l in enumerate(lines) if k not in merged]


VERTICAL_STACK_GAP_EM = 0.25
"""CJK glyphs drawn with a horizontal font but stacked in columns (vertical Japanese set glyph
by glyph): a glyph whose neighbour below is at most 0.25 em away, closer than any neighbour on
its baseline, is set vertically."""

MIN_VERTICAL_CJK = 20
"""Pages with fewer CJK glyphs are not searched for vertical stacks (a stray kanji label)."""


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


def mark_vertical_cjk(glyphs: list[Glyph]) -> None:
    """Set ``vertical`` on CJK glyphs that are set in vertical columns (VERTICAL_STACK_GAP_EM)."""
    cjk = [g for g in glyphs if not g.vertical and g.angle == 0.0 and is_cjk(g.text[:1])]
    if len(cjk) < MIN_VERTICAL_CJK:
        return
    columns: dict[int, list[Glyph]] = {}
    rows: dict[int, list[Glyph]] = {}
    for g in cjk:
        columns.setdefault(round(g.x0 * 2), []).append(g)
        rows.setdefault(round(g.baseline * 2), []).append(g)
    vgap = _nearest_gaps(columns.values(), lambda g: g.top, lambda a, b: b.top - a.bottom)
    hgap = _nearest_gaps(rows.values(), lambda g: g.x0, lambda a, b: b.x0 - a.x1)
    for g in cjk:
        v = vgap.get(id(g), math.inf)
        h = hgap.get(id(g), math.inf)
        if v <= VERTICAL_STACK_GAP_EM * g.size and h > v + 0.1 * g.size:
            g.vertical = True
    # A column is vertical as a whole: spread the decision along each tight stack, both ways,
    # to the glyphs whose neighbour in the next column happened to sit closer.
    for stack in columns.values():
        if not any(g.vertical for g in stack):
            continue
        pairs = [
            (a, b) for a, b in zip(stack, stack[1:])
            if abs(b.top - a.bottom) <= VERTICAL_STACK_GAP_EM * a.size
        ]
        for a, b in pairs + pairs[::-1]:
            if a.vertical or b.vertical:
                a.vertical = b.vertical = True


def build_lines(glyphs: Iterable[Glyph]) -> tuple[list[Line], list[Line]]:
    """Group glyphs into lines (text runs).

    Returns ``(horizontal, other)``: horizontal text runs for the XY-cut, in no particular
    order; and lines of rotated or vertical text, each read along its own direction, ordered by
    angle and position (SPEC §5).
    """
    horizontal: list[Glyph] = []
    other: list[Glyph] = []
    glyphs = list(glyphs)
    mark_vertical_cjk(glyphs)
    for g in glyphs:
        if not g.text:
            continue
        if g.vertical or abs(g.angle) > HORIZONTAL_ANGLE_TOLERANCE:
            other.append(g)
        else:
            horizontal.append(g)
    return _horizontal_lines(horizontal), _directional_lines(other)


def _horizontal_lines(glyphs: list[Glyph]) -> list[Line]:
    if not glyphs:
        return []
    glyphs.sort(key=lambda g: g.baseline)
    clusters: list[list[Glyph]] = []
    ref = -math.inf
    ref_size = 0.0
    for g in glyphs:
        if clusters and g.baseline - ref <= BASELINE_TOLERANCE_EM * max(g.size, ref_size):
            clusters[-1].append(g)
        else:
            clusters.append([g])
            ref, ref_size = g.baseline, g.size
    lines: list[Line] = []
    for cluster in clusters:
        cluster.sort(key=lambda g: g.x0)
        for run in _split_runs(_compose_accents(_dedupe(cluster))):
            line = _make_line(run)
            if line.text:
                lines.append(line)
    return _attach_drop_caps(_attach_scripts(lines))


def _attach_drop_caps(lines: list[Line]) -> list[Line]:
    """Move each drop cap to the start of the line whose top it shares (see DROP_CAP_RATIO)."""
    caps = [
        l
        for l in lines
        if l.glyphs
        and len(l.glyphs[0].text) == 1
        and l.glyphs[0].text.isalpha()
        and (len(l.glyphs) == 1 or l.glyphs[0].size >= DROP_CAP_RATIO * l.size)
    ]
    for line in caps:
        cap = line.glyphs[0]
        best: Line | None = None
        for other in lines:
            if other is line and len(line.glyphs) == 1:
                continue
            if cap.size < DROP_CAP_RATIO * other.size:
                continue
            near = cap.x1 - 0.5 * other.size <= other.x0 <= cap.x1 + 1.5 * other.size
            if other is line:
                rest = line.glyphs[1:]
                near = bool(rest) and cap.x1 - 0.5 * other.size <= rest[0].x0 <= cap.x1 + 1.5 * other.size
            aligned = cap.top - other.size <= other.top <= cap.top + 1.5 * other.size
            if near and aligned and (best is None or other.top < best.top):
                best = other
        if best is None or best is line:
            continue
        index = lines.index(best)
        lines[index] = _make_line(best.glyphs, text=cap.text + best.text)
        lines[index].glyphs = [cap] + best.glyphs
        rest = line.glyphs[1:]
        position = lines.index(line)
        if rest:
            lines[position] = _make_line(rest)
        else:
            del lines[position]
    return lines


def _directional_lines(glyphs: list[Glyph]) -> list[Line]:
    """Lines of rotated or vertical glyphs, built in each angle's own frame: ``u`` along the
    baseline, ``v`` across it (towards the next line)."""
    if not glyphs:
        return []
    groups: dict[int, list[Glyph]] = {}
    for g in glyphs:
        angle = -90 if g.vertical else int(round(g.angle))
        groups.setdefault(angle, []).append(g)
    lines: list[Line] = []
    for angle in sorted(groups):
        theta = math.radians(angle)
        cos, sin = math.cos(theta), math.sin(theta)
        placed = []
        for g in groups[angle]:
            cx, cy = (g.x0 + g.x1) / 2, (g.top + g.bottom) / 2
            placed.append((cx * sin + cy * cos, cx * cos - cy * sin, g))
        placed.sort(key=lambda t: t[0])
        clusters: list[list[tuple[float, float, Glyph]]] = []
        ref = -math.inf
        for item in placed:
            if clusters and item[0] - ref <= BASELINE_TOLERANCE_EM * item[2].size:
                clusters[-1].append(item)
            else:
                clusters.append([item])
                ref = item[0]
        for cluster in clusters:
            cluster.sort(key=lambda t: t[1])
            run: list[tuple[float, float, Glyph]] = [cluster[0]]
            runs = [run]
            for item in cluster[1:]:
                extent = item[2].size
                if item[1] - run[-1][1] > (1.0 + RUN_GAP_EM) * extent:
                    run = [item]
                    runs.append(run)
                else:
                    run.append(item)
            for r in runs:
                gl = [t[2] for t in r]
                along: list[float] = []
                for u, g in ((t[1], t[2]) for t in r):
                    half = (g.x1 - g.x0 if abs(sin) < 0.5 else g.bottom - g.top) / 2
                    along.extend((u - half, u + half))
                text = glyphs_to_text(gl, along, vertical=angle == -90)
                if text:
                    lines.append(_make_line(gl, angle=float(angle), text=text))
    return lines
