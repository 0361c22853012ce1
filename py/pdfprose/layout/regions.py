"""What a region's columns are, beyond their gutters (stage 3, with :mod:`.xycut`): a
sidebar set smaller than the story beside it is an aside, not one of the page's columns; a
headline under an empty band across every column opens a new tier, where the columns above
it filled in reading order; a pull quote set across
columns that run on under it is a float, lifted out so that the columns are read through;
blocks side by side that end together over a band are read before a block under one of them.

Pure geometry on text runs in page space (points).
"""

from __future__ import annotations

import statistics
from bisect import bisect_left
from collections.abc import Callable
from operator import attrgetter

from ..model import Line
from ..params import LayoutParams
from ..text.vocabulary import CAPTION, SENTENCE_END
from .gaps import Gaps, crossed

_SIZE = attrgetter("size")
_TOP = attrgetter("top")
_X0 = attrgetter("x0")


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


def smaller_share(lines: list[Line], size: float, largest: float) -> float:
    """The share of ``lines``' width set under ``size`` points, leaving out the lines of a
    title: those set larger than ``largest`` points (the story's prose) and the bold lines the
    column opens with (unless it is all bold). A title names the text under it but tells
    nothing of the size that text is set in (the sidebars family's box titles, in bold at 1.0
    or 1.2 x the box's type, come over its text at 0.85-0.95 x the story's); bold lines
    further down are content (a table of contents' chapter entries)."""
    ordered = sorted(lines, key=_TOP)
    lead = 0
    while lead < len(ordered) and ordered[lead].bold:
        lead += 1
    text = ordered[lead:] if lead < len(ordered) else ordered
    total = sum(l.x1 - l.x0 for l in text if l.size <= largest)
    return sum(l.x1 - l.x0 for l in text if l.size < size) / total if total else 0.0


def opens_story(lines: list[Line], size: float, params: LayoutParams) -> bool:
    """Whether ``lines`` (the first row under a full-width empty band) are a headline only:
    every one at least ``params.tier_heading_ratio`` x the run's median ``size``."""
    return all(l.size >= params.tier_heading_ratio * size for l in lines)


def stray_edge(rows: list[list[Line]], size: float, params: LayoutParams) -> bool:
    """Whether ``rows`` (strips of lines) are one or two lines in a smaller size than ``size``,
    set off from the columns by an empty band: a running head, a footer or a catalogue number
    inside one column's width, not part of that column (``params.edge_strips``,
    ``edge_size_ratio``)."""
    if len(rows) > params.edge_strips:
        return False
    return statistics.median(l.size for row in rows for l in row) < params.edge_size_ratio * size


def _large_part(row: list[Line], least: float) -> list[Line]:
    """The lines of ``row`` set at ``least`` points or more, when they hold the row's width
    alone: no smaller line of the row reaches under their extent (a quote set across two of
    three columns shares its rows with the third column's lines, beside it); else none."""
    large = [l for l in row if l.size >= least]
    if not large or len(large) == len(row):
        return large
    x0, x1 = min(l.x0 for l in large), max(l.x1 for l in large)
    if any(l.x0 < x1 and l.x1 > x0 for l in row if l.size < least):
        return []
    return large


def floats_across(rows: list[list[Line]], frees: list[Gaps], size: float,
                  common: Callable[[list[Gaps]], Gaps], params: LayoutParams
                  ) -> list[list[Line]]:
    """The pull quotes set across columns: the lines of runs ``[i, j)`` of ``rows`` (a
    region's strips, top to bottom, with their free x-intervals ``frees``) of at most
    ``params.float_rows`` rows, whose lines at least ``params.float_size_ratio`` x the region's
    median ``size`` stand alone across their part of the row (the other columns' lines beside
    them, :func:`_large_part`, may make rows of their own between them), all in one size
    (within ``heading_size_bucket``), and make a sentence of ``params.float_words`` words or more,
    standing between columns that run on under it: ``common`` (the gaps the given rows share,
    those that can be gutters) finds a gap over the ``min_column_strips`` rows above and below
    it that a line of the run crosses. A headline is no sentence; a tier's columns under one
    rarely keep the gutters above; a figure's caption beside or under its small labels is no
    quote."""
    parts = [_large_part(row, params.float_size_ratio * size) for row in rows]
    least = params.min_column_strips
    found = []
    i = least
    while i < len(rows) - least:
        if not parts[i]:
            i += 1
            continue
        # The quote's rows, set in one size (a heading beside or under it is another), and
        # between them rows of the other columns' lines beside it (their lines, smaller, fall
        # between the quote's).
        x0, x1 = min(l.x0 for l in parts[i]), max(l.x1 for l in parts[i])
        one = parts[i][0].size
        j = end = i + 1
        while j < len(rows):
            if parts[j] and all(abs(l.size - one) <= params.heading_size_bucket
                                for l in parts[j]):
                end = j + 1
            elif parts[j] or any(l.x0 < x1 and l.x1 > x0 for l in rows[j]):
                break
            j += 1
        j = end
        quote = [l for part in parts[i:j] for l in part]
        words = " ".join(l.text for l in quote).split()
        if sum(map(bool, parts[i:j])) <= params.float_rows and len(rows) - j >= least \
                and len(words) >= params.float_words and SENTENCE_END.search(words[-1]) \
                and not CAPTION.match(quote[0].text):
            gaps = common(frees[i - least:i] + frees[j:j + least])
            if crossed([l.x0 for l in quote], [l.x1 for l in quote], gaps):
                found.append(quote)
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


def filled_in_order(rows: list[list[Line]], gutters: list[tuple[float, float]],
                    within: float, rtl: bool = False) -> bool:
    """Whether the columns of ``rows`` (strips of lines cut at ``gutters``) fill in reading
    order: no column ends more than ``within`` points above the lowest line before a column,
    later in reading order (``rtl``: further left), that reaches within ``within`` of it (see
    ``params.tier_fill_em``)."""
    cuts = [(a + b) / 2 for a, b in gutters]
    bottoms: dict[int, float] = {}
    for row in rows:
        for line in row:
            k = bisect_left(cuts, (line.x0 + line.x1) / 2)
            bottoms[k] = max(bottoms.get(k, line.bottom), line.bottom)
    low = max(bottoms.values())
    reached = False
    for k in sorted(bottoms, reverse=not rtl):  # from the last column in reading order back
        if bottoms[k] >= low - within:
            reached = True
        elif reached:
            return False
    return True


def story_columns(rows: list[list[Line]], gutters: list[tuple[float, float]],
                  least: float) -> int:
    """How many of the columns of ``rows`` (strips of lines cut at ``gutters``) are set in the
    story's type: their prose (:func:`prose_size`) at ``least`` points or more. A tier's
    columns are its story's; a box set smaller beside one column under a headline is an aside
    (the sidebars family: a subhead at a column's foot beside a box at the next column's foot
    was taken for a tier's headline, and the column's text over it read after the next
    column)."""
    cuts = [(a + b) / 2 for a, b in gutters]
    columns: dict[int, list[Line]] = {}
    for row in rows:
        for line in row:
            columns.setdefault(bisect_left(cuts, (line.x0 + line.x1) / 2), []).append(line)
    return sum(prose_size(c) >= least for c in columns.values())


def paragraph_end(lines: list[Line], near: Line, end_em: float) -> int | None:
    """The index in a block's ``lines`` of the first line from ``near`` on, before the last,
    that ends a paragraph: a sentence's end at least ``end_em`` of its size short of the
    block's right edge (``params.float_end_em``); None where none does."""
    start = next(i for i, line in enumerate(lines) if line is near)
    right = max(line.x1 for line in lines)
    return next((i for i in range(start, len(lines) - 1)
                 if SENTENCE_END.search(lines[i].text.rstrip())
                 and right - lines[i].x1 >= end_em * lines[i].size), None)


def prose_crosses(after: list[Line], gutters: Gaps, least: float) -> bool:
    """True when a line of ``after`` at least ``least`` long crosses one of ``gutters``: a tier's
    headline no wider than a column above, and its story's first lines where they leave the
    gutter above free, open the tier whose prose crosses that gutter next (read with the columns
    above, they would come between them)."""
    wide = [l for l in after if l.x1 - l.x0 >= least]
    return bool(wide) and bool(crossed([l.x0 for l in wide], [l.x1 for l in wide], gutters))


def justified_rows(rows: list[list[Line]], x0: float, x1: float, size: float,
                   params: LayoutParams) -> bool:
    """Whether every row (a strip's runs) is a loosely justified line of prose cut at its word
    gaps (see ``params.justified_spread_em``): it runs from ``x0`` to ``x1``, the run's edges,
    its runs are words and the gaps between them are even."""
    edge, spread = params.justified_edge_em * size, params.justified_spread_em * size
    for row in rows:
        row = sorted(row, key=_X0)
        gaps = [b.x0 - a.x1 for a, b in zip(row, row[1:])]
        if len(row) < params.justified_runs or row[0].x0 > x0 + edge \
                or row[-1].x1 < x1 - edge or max(gaps) - min(gaps) > spread \
                or not all(any(c.isalpha() for c in l.text) for l in row):
            return False
    return bool(rows)
