"""Stage 2c: superscripts, subscripts and drop caps joined to the line they belong to (SPEC §3).

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

from operator import attrgetter

from ..model import Line
from .runs import make_line

_X0 = attrgetter("x0")

SCRIPT_SIZE_RATIO = 0.85
"""A run at most 85 % of its neighbour's size, inside its vertical extent, is a superscript or
subscript and joins the neighbour's line (SPEC §3)."""

SCRIPT_MIN_RATIO = 0.4
"""...and at least 40 % of it: TeX's second-level scripts are 5 pt on 10 pt (0.5), Word's 0.58-0.65;
text far smaller beside a huge glyph is a label of its own, not a script of it."""

DROP_CAP_RATIO = 1.8
"""A single letter at least 1.8 x the size of the text beside it is a drop cap: it belongs at the
start of the first line of its paragraph, whose top it shares ("S" + "calable" = "Scalable")."""

DROP_CAP_MAX_RATIO = 6.0
"""...and at most 6 x: a drop cap spans two to five lines; a letter fifty times the size of the
text beside it is a watermark or a drawing's giant label, not the start of a paragraph."""


SCRIPT_HOST_REACH = 8
"""A script's host is among the 8 lines before or after it in the order of their tops (a
script's top lies within its host's extent, and lines between them are short runs beside)."""


def attach_scripts(lines: list[Line]) -> list[Line]:
    """Merge superscript/subscript runs into the line they belong to (SPEC §3)."""
    if len(lines) < 2:
        return lines
    lines = sorted(lines, key=lambda l: l.top)
    # A script's host is at least SCRIPT_SIZE_RATIO larger: a short line with no line that
    # large among its neighbours has none (a line's size never changes below). max() is the
    # largest only when no size is NaN.
    sizes = [l.size for l in lines]
    total = sum(sizes)
    bounded = total == total
    merged: set[int] = set()
    # A host's line is made again once, with every script it takes (_with_scripts), not once
    # per script: until then the tests below read only its box, which a script can widen.
    scripts: dict[int, list[Line]] = {}
    widened: dict[int, tuple[float, float]] = {}  # host index -> (x0, x1) with its scripts
    for i, small in enumerate(lines):
        if i in scripts:  # a host, about to be tested as a script itself: made whole first
            small = lines[i] = _with_scripts(small, scripts.pop(i))
            del widened[i]
        if len(small.text) > 12:
            continue
        low, high = max(0, i - SCRIPT_HOST_REACH), min(len(lines), i + SCRIPT_HOST_REACH + 1)
        if bounded and max(sizes[low:high]) * SCRIPT_SIZE_RATIO < small.size:
            continue
        centre = (small.top + small.bottom) / 2
        best = None
        for j in range(low, high):
            host = lines[j]
            if j == i or j in merged or host.size * SCRIPT_SIZE_RATIO < small.size:
                continue
            if small.size < SCRIPT_MIN_RATIO * host.size:
                continue
            if not host.top - 0.2 * host.size <= centre <= host.bottom + 0.2 * host.size:
                continue
            reach = 0.6 * host.size
            x0, x1 = widened.get(j, (host.x0, host.x1))
            if small.x0 > x1 + reach or small.x1 < x0 - reach:
                continue
            best = j
            break
        if best is not None:
            merged.add(i)
            host = lines[best]
            x0, x1 = widened.get(best, (host.x0, host.x1))
            widened[best] = (min(x0, small.x0), max(x1, small.x1))
            scripts.setdefault(best, []).append(small)
    for j, taken in scripts.items():
        lines[j] = _with_scripts(lines[j], taken)
    return [l for k, l in enumerate(lines) if k not in merged]


def _with_scripts(host: Line, scripts: list[Line]) -> Line:
    """``host`` made again with the glyphs of ``scripts`` (merged in this order), keeping its
    box's top and bottom, its baseline and its size. Sorting all the glyphs at once gives the
    order sorting them script by script would (the sort is stable)."""
    glyphs = sorted(host.glyphs + [g for s in scripts for g in s.glyphs], key=_X0)
    return make_line(glyphs, host=host)


def attach_drop_caps(lines: list[Line]) -> list[Line]:
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
            if cap.size < DROP_CAP_RATIO * other.size or cap.size > DROP_CAP_MAX_RATIO * other.size:
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
        lines[index] = make_line(best.glyphs, text=cap.text + best.text)
        lines[index].glyphs = [cap] + best.glyphs
        rest = line.glyphs[1:]
        position = lines.index(line)
        if rest:
            lines[position] = make_line(rest)
        else:
            del lines[position]
    return lines
