"""Narrow gutters: the gaps between columns that are too narrow to cut a run at.

A line is cut into text runs where a gap is wider than ``params.run_gap_em`` (1 em), so that the
XY-cut (stage 3) sees the empty gutter between columns. Newspapers, notices and four-column
pages set their gutters at 0.85-1.3 em of the body size, and a heading or a pull quote beside
the body measures the gap in its own, larger em: where the columns' baselines line up (a baseline
grid), a line of one column and the line of the next on its baseline became one run across the
gutter, and the page was read across its columns, line by line.

A gutter shows as a vertical band that no glyph covers, at the same x, line after line, with text
on both sides. A wide word space in justified prose (0.5-1.5 em on a loose line of a narrow
column) never keeps its place for more than a line or two, so a band is a gutter only when it
holds between text on ``params.narrow_gutter_lines`` lines of one stretch, with a text column's
width (``text_column_em``) on both sides: a list's markers beside their items and a table's
narrow cells do not qualify.

Pure geometry on the glyphs of each line, in page space (points); the line builder
(:mod:`pdfprose.layout.lines`) cuts its runs at the bands found here.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import ge, sub

from ..params import DEFAULT_PARAMS, LayoutParams

Span = tuple[float, float]

_NONE: list[Span] = []


@dataclass(slots=True)
class LineGaps:
    """What the band search reads of one line (a baseline's glyphs, not yet cut into runs):
    where its glyphs start and end, its size (points) and the gaps between its glyphs at least
    ``narrow_gutter_em`` wide, as ``(start, end)`` x-intervals, left to right."""

    x0: float
    x1: float
    size: float
    gaps: list[Span]


@dataclass(slots=True)
class _Band:
    lo: float
    hi: float
    width: float  # the least width it may narrow to (points)
    inner: list[int] = field(default_factory=list)  # lines where it stands between text
    ends: list[float] = field(default_factory=list)  # where their text before it ends
    left: int = 0  # lines beside it (none across), narrow_gutter_edge_em long, ending at it
    right: int = 0  # ...that start at it

    def found(self, least_lines: int) -> bool:
        """Whether the band is a gutter's evidence: text on both sides on ``least_lines`` of
        its lines, or on one at least and, where the columns' baselines do not line up,
        ``least_lines`` lines of each column set flush against it."""
        return len(self.inner) >= least_lines or (
            bool(self.inner) and self.left >= least_lines and self.right >= least_lines)


def line_gaps(texts: list[str], x0s: list[float], rights: list[float], sizes: list[float],
              uniform: bool, widths: list[float] | None = None,
              params: LayoutParams = DEFAULT_PARAMS) -> LineGaps:
    """The :class:`LineGaps` of one line's glyphs, sorted by ``x0s``; ``rights[i]`` is the
    right-most end of glyphs ``0..i`` (a glyph's box may reach past the next one's start) and
    ``widths``, when known, the gaps ``x0s[i + 1] - rights[i]``. Drawn spaces are no text: a
    gap is measured between the glyphs around them (a trailing space drawn into a gutter
    narrows nothing)."""
    size = sizes[0] if uniform else statistics.median(sizes)
    least = params.narrow_gutter_em * size
    if " " in texts:
        # The marks' own starts and right-most ends (the accumulated end before a space is
        # the mark's before it, or a space's reaching further: rare, and only narrows a gap).
        keep = list(map(str.strip, texts))  # compress() keeps the non-empty ones
        x0s = list(compress(x0s, keep))
        if not x0s:
            return LineGaps(0.0, 0.0, size, _NONE)
        rights = list(compress(rights, keep))
        widths = None
    n = len(x0s)
    if n < 2:
        return LineGaps(x0s[0], rights[-1], size, _NONE)
    if widths is None:
        widths = list(map(sub, x0s[1:], rights))
    wide = list(compress(range(n - 1), map(ge, widths, repeat(least))))
    gaps = [(rights[i], x0s[i + 1]) for i in wide] if wide else _NONE
    return LineGaps(x0s[0], rights[-1], size, gaps)


def narrow_gutters(lines: list[LineGaps], params: LayoutParams = DEFAULT_PARAMS,
                   ) -> tuple[list[list[Span]], list[Span]]:
    """For each of ``lines`` (a page's, in baseline order), the gutters to cut it at: bands
    free of glyphs that hold between text on at least ``params.narrow_gutter_lines`` lines of
    one stretch (lines that do not reach the band keep it; a line across it ends it), or on
    one where ``narrow_gutter_lines`` lines of each column beside it end or start at it (two
    columns whose baselines are not on one grid share a baseline only now and then), with at
    least ``text_column_em`` of text on each side on most of them (measured to the next
    band or the line's end). Also returns the bands, as x-intervals (the XY-cut takes a gap
    that narrow for a gutter only there)."""
    least_lines = params.narrow_gutter_lines
    out: list[list[Span]] = [_NONE] * len(lines)
    if not any(l.gaps for l in lines):
        return out, []
    narrow = params.narrow_gutter_em
    fill, start = params.narrow_gutter_fill_em, params.narrow_gutter_start_em
    edge = params.narrow_gutter_edge_em
    inf = float("inf")
    active: list[_Band] = []
    found: list[_Band] = []
    for k, line in enumerate(lines):
        kept: list[_Band] = []
        if active:
            edges = [(-inf, line.x0), *line.gaps, (line.x1, inf)] if line.gaps \
                else [(-inf, line.x0), (line.x1, inf)]
            last = len(edges) - 1
            for band in active:
                piece = None
                was_lo, was_hi = band.lo, band.hi
                for j, (a, b) in enumerate(edges):
                    if b <= was_lo:
                        continue
                    if a >= was_hi:
                        break
                    lo = a if a > was_lo else was_lo
                    hi = b if b < was_hi else was_hi
                    if hi - lo < band.width:
                        continue
                    between = 0 < j < last
                    if piece is None:
                        piece = band
                        band.lo, band.hi = lo, hi
                        if between:
                            band.inner.append(k)
                            band.ends.append(a)
                        elif line.x1 - line.x0 >= edge * line.size:
                            # A column's line beside the band, none across it: at its edge?
                            if j and was_lo - a <= fill * line.size:
                                band.left += 1
                            elif not j and b - was_hi <= start * line.size:
                                band.right += 1
                        kept.append(band)
                    else:  # the band meets two free stretches of this line: both go on
                        cut = -1 if band.inner[-1:] == [k] else len(band.inner)
                        inner, ends = band.inner[:cut], band.ends[:cut]
                        if between:
                            inner.append(k)
                            ends.append(a)
                        kept.append(_Band(lo, hi, band.width, inner, ends, band.left,
                                          band.right))
                if piece is None and band.found(least_lines):
                    found.append(band)
        for a, b in line.gaps:
            if not any(band.lo < b and a < band.hi for band in kept):
                kept.append(_Band(a, b, narrow * line.size, [k], [a]))
        active = kept
    found.extend(band for band in active if band.found(least_lines))
    # The text before a gutter fills its column: justified, or ragged by a word at most. A
    # table's cells end where their words do.
    columns = [band for band in found
               if 2 * sum(band.lo - end <= fill * lines[k].size
                          for k, end in zip(band.inner, band.ends)) >= len(band.inner)]
    if not columns:
        return out, []
    # Every gap held down the lines, gutter or not: a table's cells stand apart at the same x
    # row after row, while the wide word spaces of a loosely justified column move from line to
    # line and part no cells.
    held: dict[int, list[Span]] = {}
    for band in found:
        for k in band.inner:
            held.setdefault(k, []).append((band.lo, band.hi))
    walls = _walls(lines, held, params.run_gap_em)
    bands = _with_columns(columns, lines, walls, params)
    _cut_lines(bands, lines, walls, out, params)
    return out, [(band.lo, band.hi) for band in bands]


def _sides(band: _Band, k: int, line: LineGaps, on_line: dict[int, list[_Band]],
           walls: dict[int, list[Span]]) -> tuple[float, float]:
    """Where the text of ``line`` (the ``k``-th) around ``band`` starts and ends: at the line's
    ends, at the bands of ``on_line[k]`` beside it, or at one of ``walls[k]``
    (:func:`_walls`)."""
    left, right = line.x0, line.x1
    for other in on_line.get(k, _NO_BANDS):
        if band.lo >= other.hi > left:
            left = other.hi
        elif band.hi <= other.lo < right:
            right = other.lo
    for a, b in walls.get(k, _NONE):
        if band.lo >= b > left:
            left = b
        elif band.hi <= a < right:
            right = a
    return left, right


def _walls(lines: list[LineGaps], held: dict[int, list[Span]], run_gap: float,
           ) -> dict[int, list[Span]]:
    """Per line (by index) its gaps wider than ``run_gap`` em that one of ``held[k]`` (the gaps
    held down the lines) lies in, left to right: a table's cells stand that far apart, column
    under column, and the text beside a band ends there (:func:`_sides`). A loose line of a
    justified column has word spaces that wide too (1-1.5 em in a column of 13 em), but they
    stand wherever its words put them. Worked out once per line, not once per band beside it."""
    walls: dict[int, list[Span]] = {}
    for k, kept in held.items():
        line = lines[k]
        wide = run_gap * line.size
        found = [(a, b) for a, b in line.gaps
                 if b - a > wide and any(a <= lo and hi <= b for lo, hi in kept)]
        if found:
            walls[k] = found
    return walls


def _cut_lines(bands: list[_Band], lines: list[LineGaps], walls: dict[int, list[Span]],
               out: list[list[Span]], params: LayoutParams) -> None:
    """Put each band into ``out`` for the lines it cuts: those of its lines whose text on one
    side at least covers ``params.narrow_gutter_line_share`` of that side's column (from the
    band to where the band's lines start or end, as most do)."""
    on_line: dict[int, list[_Band]] = {}
    for band in bands:
        for k in band.inner:
            on_line.setdefault(k, []).append(band)
    share = params.narrow_gutter_line_share
    for band in bands:
        sides = [_sides(band, k, lines[k], on_line, walls)
                 for k in band.inner]
        least_left = share * (band.lo - statistics.median([left for left, _ in sides]))
        least_right = share * (statistics.median([right for _, right in sides]) - band.hi)
        for k, (left, right) in zip(band.inner, sides):
            if band.lo - left >= least_left or right - band.hi >= least_right:
                out[k] = [*out[k], (band.lo, band.hi)] if out[k] else [(band.lo, band.hi)]


def _with_columns(bands: list[_Band], lines: list[LineGaps], walls: dict[int, list[Span]],
                  params: LayoutParams) -> list[_Band]:
    """The ``bands`` with a text column on each side: on at least half of the lines where one
    stands between text, the text reaches ``text_column_em`` of the line's size away on both
    sides before the line ends, meets another band kept or a gap wider than ``run_gap_em`` (a
    table's rows have their cells on both sides); a line whose text after the band starts over
    ``narrow_gutter_start_em`` past it shows no column beside it. A band that
    ``narrow_gutter_lines`` lines ``narrow_gutter_edge_em`` long end at, and as many start at,
    has its columns whatever the few lines across it hold (a contents list's page numbers
    beside a formula). The bands with the most lines are judged first: a column of equation
    numbers beside a column's formulas stands a few ems from the gutter after it, and it is
    the numbers that make no column, not the gutter."""
    column = params.text_column_em
    start = params.narrow_gutter_start_em
    least = params.narrow_gutter_lines
    kept: list[_Band] = []
    on_line: dict[int, list[_Band]] = {}
    for band in sorted(bands, key=lambda b: -len(b.inner)):
        good = 0
        lo, hi = band.lo, band.hi
        for k in band.inner:
            line = lines[k]
            after = start * line.size
            if any(a <= lo and hi <= b and b - hi > after for a, b in line.gaps):
                # The text after the band starts far to its right: the line shows no column
                # beside the band (a worksheet's line numbers over a page's wide gutter).
                continue
            left, right = _sides(band, k, line, on_line, walls)
            reach = column * line.size
            good += lo - left >= reach and right - hi >= reach
        if 2 * good >= len(band.inner) or (band.left >= least and band.right >= least):
            kept.append(band)
            for k in band.inner:
                on_line.setdefault(k, []).append(band)
    return kept


_NO_BANDS: list[_Band] = []


@dataclass(frozen=True, slots=True)
class Narrow:
    """The narrow gutters the line stage cut the page's runs at
    (:func:`narrow_gutters`), as the XY-cut (:mod:`.xycut`) reads them: a gap narrower than a gutter's usual
    width (``params.min_gutter_em``), but at least ``width`` points wide, is a gutter candidate
    where it lies on one of ``bands`` (x-intervals) for at least ``width``. (The bands are
    measured between visible glyphs, the gaps between runs, whose boxes take in a trailing
    space: a justified line drawn with one reaches a third of an em into the gutter.)"""

    width: float
    bands: list[Span]

    def admit(self, gaps: list[Span], min_width: float) -> list[Span]:
        """The ``gaps`` at least ``min_width`` wide, and the narrower ones on a band."""
        width = self.width - 0.01
        return [(a, b) for a, b in gaps if b - a >= min_width
                or any(min(b, hi) - max(a, lo) >= width for lo, hi in self.bands)]
