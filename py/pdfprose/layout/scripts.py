"""Stage 2c: superscripts, subscripts and drop caps joined to the line they belong to (SPEC §3).

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

from operator import attrgetter

from ..model import Line
from ..params import DEFAULT_PARAMS, LayoutParams
from .runs import make_line

_X0 = attrgetter("x0")


def attach_scripts(lines: list[Line], params: LayoutParams = DEFAULT_PARAMS) -> list[Line]:
    """Merge superscript/subscript runs into the line they belong to (SPEC §3): a short run of
    ``params.script_size_ratio`` to ``script_min_ratio`` of a line's size, its centre inside
    that line's height, beside it, among the ``script_host_reach`` lines before or after it."""
    if len(lines) < 2:
        return lines
    ratio, least, reach_lines = params.script_size_ratio, params.script_min_ratio, \
        params.script_host_reach
    lines = sorted(lines, key=lambda l: l.top)
    # A script's host is at least script_size_ratio larger: a short line with no line that
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
            small = lines[i] = _with_scripts(small, scripts.pop(i), params)
            del widened[i]
        if len(small.text) > 12:
            continue
        low, high = max(0, i - reach_lines), min(len(lines), i + reach_lines + 1)
        if bounded and max(sizes[low:high]) * ratio < small.size:
            continue
        centre = (small.top + small.bottom) / 2
        best = None
        for j in range(low, high):
            host = lines[j]
            if j == i or j in merged or host.size * ratio < small.size:
                continue
            if small.size < least * host.size:
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
        lines[j] = _with_scripts(lines[j], taken, params)
    return [l for k, l in enumerate(lines) if k not in merged]


def _with_scripts(host: Line, scripts: list[Line], params: LayoutParams) -> Line:
    """``host`` made again with the glyphs of ``scripts`` (merged in this order), keeping its
    box's top and bottom, its baseline and its size. Sorting all the glyphs at once gives the
    order sorting them script by script would (the sort is stable)."""
    glyphs = sorted(host.glyphs + [g for s in scripts for g in s.glyphs], key=_X0)
    return make_line(glyphs, host=host, params=params)


def attach_drop_caps(lines: list[Line], params: LayoutParams = DEFAULT_PARAMS) -> list[Line]:
    """Move each drop cap (``params.drop_cap_ratio`` to ``drop_cap_max_ratio`` of the size of
    the text beside it) to the start of the line whose top it shares."""
    low, high = params.drop_cap_ratio, params.drop_cap_max_ratio
    caps = [
        l
        for l in lines
        if l.glyphs
        and len(l.glyphs[0].text) == 1
        and l.glyphs[0].text.isalpha()
        and (len(l.glyphs) == 1 or l.glyphs[0].size >= low * l.size)
    ]
    for line in caps:
        cap = line.glyphs[0]
        best: Line | None = None
        for other in lines:
            if other is line and len(line.glyphs) == 1:
                continue
            if cap.size < low * other.size or cap.size > high * other.size:
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
            lines[position] = make_line(rest, params=params)
        else:
            del lines[position]
    return lines
