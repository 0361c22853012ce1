"""What a region's columns are, beyond their gutters (stage 3, with :mod:`.xycut`): a
sidebar set smaller than the story beside it is an aside, not one of the page's columns; a
headline under an empty band across every column opens a new tier.

Pure geometry on text runs in page space (points).
"""

from __future__ import annotations

from operator import attrgetter

from ..model import Line
from ..params import LayoutParams

_SIZE = attrgetter("size")


def prose_size(lines: list[Line]) -> float:
    """The size most of a column's text is set in: the median of its lines' sizes weighted by
    their widths (a figure's small labels, a headline over columns nested in this one, are few
    points of width against the column's prose)."""
    ordered = sorted(lines, key=_SIZE)
    half = sum(l.x1 - l.x0 for l in ordered) / 2
    for line in ordered:
        half -= line.x1 - line.x0
        if half <= 0:
            return line.size
    return ordered[-1].size


def opens_story(lines: list[Line], size: float, params: LayoutParams) -> bool:
    """Whether ``lines`` (the first row under a full-width empty band) are a headline only:
    every one at least ``params.tier_heading_ratio`` x the run's median ``size``."""
    return all(l.size >= params.tier_heading_ratio * size for l in lines)
