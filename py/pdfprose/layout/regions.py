"""What a region's columns are, beyond their gutters (stage 3, with :mod:`.xycut`): a
sidebar set smaller than the story beside it is an aside, not one of the page's columns; a
headline under an empty band across every column opens a new tier; a pull quote set across
columns that run on under it is a float, lifted out so that the columns are read through;
blocks side by side that end together over a band are read before a block under one of them.

Pure geometry on text runs in page space (points).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from operator import attrgetter

from ..model import Line
from ..params import LayoutParams
from ..text.vocabulary import SENTENCE_END
from .gaps import Gaps, crossed

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


def smaller_share(lines: list[Line], size: float) -> float:
    """The share of ``lines``' width set under ``size`` points."""
    total = sum(l.x1 - l.x0 for l in lines)
    return sum(l.x1 - l.x0 for l in lines if l.size < size) / total if total else 0.0


def opens_story(lines: list[Line], size: float, params: LayoutParams) -> bool:
    """Whether ``lines`` (the first row under a full-width empty band) are a headline only:
    every one at least ``params.tier_heading_ratio`` x the run's median ``size``."""
    return all(l.size >= params.tier_heading_ratio * size for l in lines)


def floats_across(rows: list[list[Line]], frees: list[Gaps], size: float,
                  common: Callable[[list[Gaps]], Gaps], params: LayoutParams
                  ) -> list[tuple[int, int]]:
    """The pull quotes set across columns: runs ``[i, j)`` of ``rows`` (a region's strips, top
    to bottom, with their free x-intervals ``frees``) of at most ``params.float_rows`` rows,
    every line at least ``params.float_size_ratio`` x the region's median ``size``, whose text
    is a sentence of ``params.float_words`` words or more, standing between columns that run on
    under it: ``common`` (the gaps the given rows share, those that can be gutters) finds a gap
    over the ``min_column_strips`` rows above and below it that a line of the run crosses. A
    headline is no sentence; a tier's columns under one rarely keep the gutters above."""
    large = [all(l.size >= params.float_size_ratio * size for l in row) for row in rows]
    least = params.min_column_strips
    found = []
    i = least
    while i < len(rows) - least:
        if not large[i]:
            i += 1
            continue
        j = i
        while j < len(rows) and large[j]:
            j += 1
        words = " ".join(l.text for row in rows[i:j] for l in row).split()
        if j - i <= params.float_rows and len(rows) - j >= least \
                and len(words) >= params.float_words and SENTENCE_END.search(words[-1]):
            gaps = common(frees[i - least:i] + frees[j:j + least])
            if crossed([l.x0 for row in rows[i:j] for l in row],
                       [l.x1 for row in rows[i:j] for l in row], gaps):
                found.append((i, j))
        i = j
    return found


def inside_one(x0s: list[float], x1s: list[float], gutters: list[tuple[float, float]]) -> bool:
    """Whether the boxes from ``x0s`` to ``x1s`` all stand between the same two of
    ``gutters`` (sorted), none crossing one (see ``params.head_band_strips``)."""
    cuts = [(a + b) / 2 for a, b in gutters]
    return len({bisect_left(cuts, x0) for x0 in x0s} | {bisect_left(cuts, x1) for x1 in x1s}) == 1


def end_together(rows: list[list[Line]], gutters: list[tuple[float, float]],
                 within: float) -> bool:
    """Whether the ``rows`` (strips) of lines cut at ``gutters`` are blocks side by side that
    end together: each row holds at most two lines of each column (a label and its value; a
    table's rows hold many), and every column ends within ``within`` points of the lowest
    line (see ``params.head_band_strips``)."""
    cuts = [(a + b) / 2 for a, b in gutters]
    bottoms: dict[int, float] = {}
    for row in rows:
        where = [bisect_left(cuts, (line.x0 + line.x1) / 2) for line in row]
        if max(map(where.count, where)) > 2:
            return False
        for k, line in zip(where, row):
            bottoms[k] = max(bottoms.get(k, line.bottom), line.bottom)
    return max(bottoms.values()) - min(bottoms.values()) <= within


def paragraph_end(lines: list[Line], near: Line, end_em: float) -> int | None:
    """The index in a block's ``lines`` of the first line from ``near`` on, before the last,
    that ends a paragraph: a sentence's end at least ``end_em`` of its size short of the
    block's right edge (``params.float_end_em``); None where none does."""
    start = next(i for i, line in enumerate(lines) if line is near)
    right = max(line.x1 for line in lines)
    return next((i for i in range(start, len(lines) - 1)
                 if SENTENCE_END.search(lines[i].text.rstrip())
                 and right - lines[i].x1 >= end_em * lines[i].size), None)
