"""Stage 3: reading order by recursive XY-cut (SPEC §4).

The page's horizontal text runs are stacked into *strips* (runs whose vertical extents overlap).
Where consecutive strips share an empty vertical gap at the same x position (a *gutter*) and text
stands on both sides of it, that stretch is a multi-column *region*: it is cut at its gutters and
each column is laid out the same way, recursively. Regions are read from the top; inside a
region, columns from left to right; inside a single-column stretch, strips from the top and the
runs of one strip from left to right (on a right-to-left page, columns and runs from the right).

Boxes are in page space (points, origin top left). Pure geometry: no PDF needed, so the tests
build boxes by hand (see ``tests/layout/test_xycut.py``).
"""

from __future__ import annotations

import statistics
from bisect import bisect_left
from dataclasses import dataclass, replace
from itertools import accumulate, compress, groupby, repeat
from operator import and_, attrgetter, ge, itemgetter, le

from ..model import Block, Line
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.vocabulary import SENTENCE_END
from .equations import EQUATION_NUMBER, is_formula_piece
from .gaps import Gaps, common_gaps, common_run, crossed, free, inside
from .gutters import Narrow
from .regions import (end_together, filled_in_order, floats_across, inside_one, justified_rows,
                      opens_story, paragraph_end, prose_crosses, prose_size, smaller_share,
                      story_columns, stray_edge)
from .spans import covered


@dataclass(slots=True)
class _Strip:
    lines: list[Line]
    top: float
    bottom: float
    spans: list[tuple[float, float]]  # occupied x-intervals, merged and sorted


@dataclass(slots=True)
class _Leaf:
    lines: list[Line]
    region: int
    column: int
    columns: int
    rows: bool = False
    text_column: int = 0


_TOP_X0 = attrgetter("top", "x0")
_X0 = attrgetter("x0")
_X1 = attrgetter("x1")


def make_strips(lines: list[Line]) -> list[_Strip]:
    """Group runs whose vertical extents overlap (by more than a sliver) into strips."""
    ordered = sorted(lines, key=_TOP_X0)
    strips: list[_Strip] = []
    for line in ordered:
        # Overlap is judged on the inner 60 % of the run's height: ascenders and descenders of
        # tightly set lines touch without the lines being side by side.
        inset = 0.2 * (line.bottom - line.top)
        top, bottom = line.top + inset, line.bottom - inset
        if strips and top < strips[-1].bottom:
            s = strips[-1]
            s.lines.append(line)
            s.bottom = max(s.bottom, bottom)
        else:
            strips.append(_Strip([line], top, bottom, []))
    for s in strips:
        if len(s.lines) == 1:
            s.spans = [(s.lines[0].x0, s.lines[0].x1)]
            continue
        s.spans = covered([(l.x0, l.x1) for l in s.lines])
    return strips


def find_gutters(
    strips: list[_Strip], gaps: list[tuple[float, float]], min_width: float,
    refused: list[tuple[float, float]] | None = None,
    pieces: dict[int, bool] | None = None, only: list[int] | None = None,
    params: LayoutParams = DEFAULT_PARAMS,
) -> list[tuple[float, float]]:
    """Keep the gaps that have enough text on both sides to be gutters between columns
    (``params.min_lines_per_column``); those refused only because the rows of a table line up
    across them (:func:`_rows_line_up`) are appended to ``refused`` when it is given.
    ``pieces`` remembers, per line (by ``id``), the answer of
    :func:`~pdfprose.layout.equations.is_formula_piece` across the calls of one layout.
    ``only``, when given, lists the indices of the gaps to judge (each gap is judged with its
    neighbours in ``gaps`` as they are, so its verdict is the same as among all)."""
    if not gaps:
        return []
    least = params.min_lines_per_column
    lines = [l for s in strips for l in s.lines]
    ends = [l.x1 for l in lines]
    starts = [l.x0 for l in lines]
    columns = None
    good = []
    size = 0.0  # the run's median size, worked out for the first gap that needs it
    for k, (lo, hi) in enumerate(gaps):
        if only is not None and k not in only:
            continue
        # Counted by C loops over the lines' ends and starts (operator.le and ge).
        left = sum(map(le, ends, repeat(lo + 0.01)))  # lines with x1 <= lo + 0.01
        right = sum(map(ge, starts, repeat(hi - 0.01)))  # lines with x0 >= hi - 0.01
        if left >= least and right >= least and hi - lo >= min_width:
            if columns is None:
                size = statistics.median([l.size for l in lines])
                where = [i for i, s in enumerate(strips) for _ in s.lines]
                columns = _RunLines(strips, lines, ends, starts, where, size,
                                    {} if pieces is None else pieces)
            rows = _rows_line_up(columns, gaps, k, params)
            if rows is None:
                good.append((lo, hi))
            elif refused is not None and rows == "table":
                refused.append((lo, hi))
    return good


@dataclass(slots=True)
class _RunLines:
    """What the row-alignment test reads of a run, worked out once for all its gaps: the
    strips, their lines in strip order with each line's ``x1`` (``ends``), ``x0``
    (``starts``) and strip index (``where``), the lines' median size (points), and the
    formula-piece answers known so far (``pieces``, by ``id`` of the line)."""

    strips: list[_Strip]
    lines: list[Line]
    ends: list[float]
    starts: list[float]
    where: list[int]
    size: float
    pieces: dict[int, bool]


def _formula_pieces(near: list[Line], pieces: dict[int, bool], params: LayoutParams) -> int:
    """How many of ``near`` are pieces of formulas, each line tested once per layout."""
    count = 0
    for line in near:
        known = pieces.get(id(line))
        if known is None:
            known = pieces[id(line)] = is_formula_piece(line, params)
        count += known
    return count


def _rows_line_up(run: _RunLines, gaps: list[tuple[float, float]], k: int,
                  params: LayoutParams) -> str | None:
    """Whether rows line up across gap ``k`` of ``gaps`` (see ``params.row_aligned_min``): the
    lines between it and the gaps beside it, on either side, make no text column, and enough of
    them share a baseline with a line on the gap's other side. ``run`` holds the strips'
    lines and their median font size (see :class:`_RunLines`). Returns None where they do
    not, ``"equations"`` where the narrow side holds nothing but equation numbers, ``"prose"``
    where the rows are loosely justified lines (:func:`~.regions.justified_rows`), ``"table"``
    otherwise."""
    aligned_min, text_column = params.row_aligned_min, params.text_column_em
    row_baseline = params.row_baseline_em
    lo, hi = gaps[k]
    left_edge = gaps[k - 1][1] if k > 0 else float("-inf")
    right_edge = gaps[k + 1][0] if k + 1 < len(gaps) else float("inf")
    strips, size = run.strips, run.size
    found = None
    for near_side in ("left", "right"):
        # The near side's lines, picked by C loops over the columns: x1 <= lo + 0.01 and
        # x0 >= left_edge - 0.01 on the left, x0 >= hi - 0.01 and x1 <= right_edge + 0.01 on
        # the right.
        if near_side == "left":
            chosen = list(map(and_, map(le, run.ends, repeat(lo + 0.01)),
                              map(ge, run.starts, repeat(left_edge - 0.01))))
        else:
            chosen = list(map(and_, map(ge, run.starts, repeat(hi - 0.01)),
                              map(le, run.ends, repeat(right_edge + 0.01))))
        count = chosen.count(True)
        if count < min(aligned_min, params.row_pair_lines):
            continue
        if max(compress(run.ends, chosen)) - min(compress(run.starts, chosen)) \
                >= text_column * size:
            continue
        near = list(compress(run.lines, chosen))
        if near_side == "left" and all(l.text.strip().isdigit() for l in near):
            continue  # line numbers in the margin
        aligned = held = 0
        lined: list[list[Line]] = []  # the rows that line up, each a strip's lines
        # The near lines of each strip, strip by strip: the lines are in strip order.
        for index, group in groupby(zip(compress(run.where, chosen), near), key=_FIRST):
            s = strips[index]
            if len(s.lines) == 1:
                continue
            mine = [l for _, l in group]
            if near_side == "left":
                other = [l for l in s.lines if l.x0 >= hi - 0.01]
            else:
                other = [l for l in s.lines if l.x1 <= lo + 0.01]
            # Rows are counted, not lines: the pieces of one displayed formula stand on
            # one row beside each other.
            if any(abs(l.baseline - o.baseline) <= row_baseline * size
                   for l in mine for o in other):
                aligned += 1
                held += len(mine)
                lined.append(s.lines)
        if count < aligned_min:
            rows = held == count and _partners_held(run, near, lo, hi, near_side, left_edge,
                                                    right_edge, row_baseline * size,
                                                    text_column * size)
        else:
            rows = aligned >= aligned_min and 2 * held >= len(near)
        if rows and justified_rows(lined, min(run.starts), max(run.ends), size, params):
            return "prose"  # word gaps of loose lines: the gap is neither gutter nor cells'
        if rows:
            if all(EQUATION_NUMBER.fullmatch(l.text.strip()) for l in near):
                return "equations"
            # Pieces of formulas (two set side by side, their fractions on three rows) make
            # no table; the formulas beside a column of equation numbers are such pieces too.
            if 2 * _formula_pieces(near, run.pieces, params) < len(near):
                found = "table"
    return found


_FIRST = itemgetter(0)


def _partners_held(run: _RunLines, near: list[Line], lo: float, hi: float, near_side: str,
                   left_edge: float, right_edge: float, tolerance: float,
                   text_width: float) -> bool:
    """Whether at least half the lines across gap ``(lo, hi)`` from ``near`` (those up to the
    next gap, ``left_edge`` or ``right_edge``) share a baseline with one of ``near``, and
    they make no text column (``text_width`` wide, points) unless ``near`` are equation
    numbers (see ``params.row_pair_lines``): the last two short lines of a paragraph stand on
    the baselines of the column beside them too."""
    if near_side == "left":
        far = [l for l in run.lines if l.x0 >= hi - 0.01 and l.x1 <= right_edge + 0.01]
    else:
        far = [l for l in run.lines if l.x1 <= lo + 0.01 and l.x0 >= left_edge - 0.01]
    if not far:
        return False
    if max(l.x1 for l in far) - min(l.x0 for l in far) >= text_width \
            and not all(EQUATION_NUMBER.fullmatch(l.text.strip()) for l in near):
        return False
    held = sum(any(abs(l.baseline - n.baseline) <= tolerance for n in near) for l in far)
    return 2 * held >= len(far)


def _section_cut(run: list[_Strip], frees: list[Gaps], prefixes: list[Gaps], lo: float,
                 hi: float, min_width: float, pieces: dict[int, bool] | None,
                 params: LayoutParams, narrow: Narrow | None = None,
                 after: list[Line] | None = None, rtl: bool = False) -> int:
    """The number of leading strips to split off the run, or 0 (``params.section_gap_em``).

    A cut is made at a full-width empty band where a line on one side crosses a gutter that the
    other side, taken alone, has: the two parts are laid out differently. ``frees`` are the
    free intervals of the run's strips, ``prefixes`` the gaps common to each leading part of
    the run (:func:`common_run`); ``pieces`` as for :func:`find_gutters`; ``narrow`` as for
    :func:`common_run`; ``after``: the lines of the strip that ended the run; ``rtl``: the
    columns read from the right."""
    size = statistics.median(l.size for s in run for l in s.lines)
    # The run's line boxes as columns, and where each strip's lines start among them: a part's
    # lines are a slice. Only a gap that a line of the other part crosses can be a crossed
    # gutter (the gutters are among the gaps): only those gaps are judged.
    x0s = [l.x0 for s in run for l in s.lines]
    x1s = [l.x1 for s in run for l in s.lines]
    starts = list(accumulate((len(s.lines) for s in run), initial=0))
    section_gap, min_strips = params.section_gap_em, params.min_column_strips
    least = min_width if narrow is None else narrow.width
    for k in range(1, len(run)):
        above_bottom = max(l.bottom for l in run[k - 1].lines)
        below_top = min(l.top for l in run[k].lines)
        if below_top - above_bottom < section_gap * size:
            continue
        head, tail = run[:k], run[k:]
        split = starts[k]
        if len(tail) >= min_strips:
            gaps = common_gaps(frees[k:], lo, hi, min_width, narrow)
            across = crossed(x0s[:split], x1s[:split], gaps)
            if across and find_gutters(tail, gaps, least, None, pieces, across, params):
                return k
        # The head's common gaps are a prefix of the run's, known already.
        if len(head) >= min_strips:
            gaps = inside(prefixes[k - 1], lo, hi)
            across = crossed(x0s[split:], x1s[split:], gaps)
            if across and find_gutters(head, gaps, least, None, pieces, across, params):
                return k
        if stray_edge([s.lines for s in head], size, params) \
                or stray_edge([s.lines for s in tail], size, params):
            return k
        if min_strips <= len(head) <= params.head_band_strips:
            gutters = find_gutters(head, inside(prefixes[k - 1], lo, hi), least, None, pieces,
                                   None, params)
            if gutters and inside_one(x0s[split:], x1s[split:], gutters) \
                    and end_together([s.lines for s in head], gutters,
                                     params.head_band_end_em * size):
                return k
        if len(head) >= min_strips and len(tail) >= min_strips \
                and opens_story(tail[0].lines, size, params):
            gutters = find_gutters(head, inside(prefixes[k - 1], lo, hi), least, None, pieces,
                                   None, params)
            below = find_gutters(tail, common_gaps(frees[k:], lo, hi, min_width, narrow),
                                 least, None, pieces, None, params) if gutters else []
            if below and filled_in_order([s.lines for s in head], gutters,
                                         params.tier_fill_em * size, rtl) \
                    and story_columns([s.lines for s in tail], below,
                                      params.aside_size_ratio * size) >= 2:
                return k
        if after and len(tail) < min_strips and len(head) >= min_strips \
                and opens_story(tail[0].lines, size, params) and prose_crosses(after, find_gutters(
                    head, inside(prefixes[k - 1], lo, hi), least, None, pieces, None, params),
                    params.text_column_em * size):
            return k  # a tier's headline and first lines that left the gutter above free
    return 0


def _layout(lines: list[Line], depth: int, leaves: list[_Leaf], region: list[int],
            pieces: dict[int, bool], params: LayoutParams, bands: Gaps,
            rtl: bool = False) -> int:
    """Append the reading-order leaves of ``lines`` to ``leaves``; return the largest column
    count found. ``region`` is a one-element counter shared through the recursion, and so is
    ``pieces``, the formula-piece answers per line (see :func:`find_gutters`), and ``bands``,
    the page's narrow gutters (:class:`Narrow`); ``rtl``: read columns and the runs of a strip
    from the right."""
    if not lines:
        return 0
    max_depth, min_strips = params.max_depth, params.min_column_strips
    lo = min([l.x0 for l in lines])
    hi = max([l.x1 for l in lines])
    size = statistics.median([l.size for l in lines])
    min_width = params.min_gutter_em * size
    narrow = None
    if bands:
        on_page = [(a, b) for a, b in bands if lo < a and b < hi]
        if on_page:
            narrow = Narrow(min(min_width, params.narrow_gutter_em * size), on_page)
    least = min_width if narrow is None else narrow.width
    strips = make_strips(lines)
    most = 1
    pending: list[_Strip] = []  # single-column strips waiting to be emitted as one leaf

    def flush(rows: bool = False) -> None:
        if pending:
            ordered = [l for s in pending for l in (sorted(s.lines, key=_X1, reverse=True)
                                                    if rtl else sorted(s.lines, key=_X0))]
            leaves.append(_Leaf(ordered, region[0], 0, 1, rows=rows))
            region[0] += 1
            pending.clear()

    # Each strip's free intervals, worked out once: the runs below intersect them.
    frees = [free(s.spans, lo, hi) for s in strips] if depth < max_depth else []
    if depth < max_depth and len(strips) > 2 * min_strips:
        found = floats_across([s.lines for s in strips], frees, size,
                              lambda f: common_gaps(f, lo, hi, min_width, narrow), params)
        if found:
            return _lift(lines, found, depth, leaves, region, pieces, params, bands, rtl)
    i = 0
    while i < len(strips):
        if depth < max_depth:
            end, prefixes = common_run(frees, i, lo, hi, min_width, narrow)
        else:
            end, prefixes = i + 1, []
        gutters: list[tuple[float, float]] = []
        refused: list[tuple[float, float]] = []
        if end - i >= min_strips:
            run = strips[i:end]
            gutters = find_gutters(run, inside(prefixes[-1], lo, hi), least, refused, pieces,
                                   None, params)
            if gutters:
                cut = _section_cut(run, frees[i:end], prefixes, lo, hi, min_width, pieces, params,
                                   narrow, strips[end].lines if end < len(strips) else None,
                                   rtl)
                if cut:
                    end = i + cut
                    run = strips[i:end]
                    gutters = []
                    if len(run) >= min_strips:
                        gutters = find_gutters(run, inside(prefixes[cut - 1], lo, hi),
                                               least, None, pieces, None, params)
        if refused and narrow is not None:
            # A narrow band is taken for a gutter between columns, never for the gap between
            # a table's cells: those are as wide as before narrow gutters were looked for.
            refused = [(a, b) for a, b in refused if b - a >= min_width]
        if not gutters and refused:
            # Rows lined up across the gap (contents, a table): read row by row, a block.
            flush()
            pending.extend(strips[i:end])
            flush(rows=True)
            i = end
            continue
        if not gutters:
            pending.append(strips[i])
            i += 1
            continue
        flush()
        run_lines = [l for s in strips[i:end] for l in s.lines]
        cuts = [(a + b) / 2 for a, b in gutters]
        columns: list[list[Line]] = [[] for _ in range(len(cuts) + 1)]
        for line in run_lines:
            # The cuts rise from left to right: the column is the number of cuts left of the
            # line's middle.
            columns[bisect_left(cuts, (line.x0 + line.x1) / 2)].append(line)
        columns = [c for c in columns if c]
        size = statistics.median(l.size for l in run_lines)
        is_text = [
            len(c) >= params.text_column_lines
            and max(l.x1 for l in c) - min(l.x0 for l in c) >= params.text_column_em * size
            for c in columns
        ]
        order = list(range(len(columns)))[::-1] if rtl else list(range(len(columns)))
        if sum(is_text) > 1:
            # A sidebar set smaller than the story beside it is an aside, not one of its
            # columns, and is read after the story.
            sizes = [prose_size(c) if t else 0.0 for c, t in zip(columns, is_text)]
            body = max(sizes) * params.aside_size_ratio
            largest = max(sizes) / params.aside_size_ratio
            kept = [t and (s >= body or smaller_share(c, body, largest) < params.aside_share)
                    for t, s, c in zip(is_text, sizes, columns)]
            order.sort(key=lambda k: is_text[k] and not kept[k])
            is_text = kept
        textual = sum(is_text)
        # The preview colours text columns only: beside text columns a narrow one (a sidebar,
        # line numbers) is an aside (-1); a region with no text column reads as one column.
        ranks = list(accumulate(is_text, initial=-1))[1:] if textual else [0] * len(columns)
        region_id = region[0]
        region[0] += 1
        # The region's text columns side by side: one cut into columns again (a headline over
        # some of a story's columns, its last column beside them, as tiers set them) counts
        # as those.
        across = 0
        for col_index in order:
            col_lines = columns[col_index]
            first = len(leaves)
            inner = _layout(col_lines, depth + 1, leaves, region, pieces, params, bands, rtl)
            across += inner if is_text[col_index] else 0
            most = max(most, inner)
            text_column = ranks[col_index] if not textual or is_text[col_index] else -1
            for leaf in leaves[first:]:
                if leaf.columns == 1:
                    leaf.region, leaf.column, leaf.columns = region_id, col_index, len(columns)
                    leaf.text_column = text_column
        most = max(most, across, textual)
        i = end
    flush()
    return most


def _lift(lines: list[Line], floats: list[list[Line]], depth: int, leaves: list[_Leaf],
          region: list[int], pieces: dict[int, bool], params: LayoutParams, bands: Gaps,
          rtl: bool) -> int:
    """Lay out ``lines`` without the pull quotes ``floats`` (see :func:`_layout`), each then
    read after the first leaf, from the one that holds the line just above its left end, whose
    last line ends a sentence (the paragraph it interrupted is finished)."""
    lifted = {id(l) for f in floats for l in f}
    first = len(leaves)
    most = _layout([l for l in lines if id(l) not in lifted], depth, leaves, region, pieces,
                   params, bands, rtl)
    for quote in floats:
        top, x0 = min(l.top for l in quote), min(l.x0 for l in quote)
        above = [l for l in lines if l.top < top and id(l) not in lifted]
        near = max(above, key=lambda l: (l.x0 <= x0 + 1.0, l.x1 > x0, l.bottom))
        at = next(k for k in range(first, len(leaves)) if any(l is near for l in leaves[k].lines))
        leaf = leaves[at]
        end = paragraph_end(leaf.lines, near, params.float_end_em)
        if end is not None:  # the paragraph's end inside the block: the block is cut there
            leaves[at] = replace(leaf, lines=leaf.lines[:end + 1])
            leaves.insert(at + 1, replace(leaf, lines=leaf.lines[end + 1:]))
        while end is None and at + 1 < len(leaves) \
                and not SENTENCE_END.search(leaves[at].lines[-1].text.rstrip()):
            at += 1
        leaves.insert(at + 1, _Leaf(sorted(quote, key=_TOP_X0), region[0], 0, 1))
        region[0] += 1
    return most


def reading_order(lines: list[Line], params: LayoutParams = DEFAULT_PARAMS,
                  gutters: Gaps | None = None, rtl: bool = False) -> tuple[list[Block], int]:
    """Order a page's horizontal text runs into blocks (SPEC §4), by the thresholds of
    ``params``; ``gutters`` are the narrow gutters the line stage cut the runs at
    (:func:`pdfprose.layout.lines.build_lines`), gaps that narrow are gutters only there;
    ``rtl`` for a page that reads from the right (:func:`pdfprose.layout.rtl.page_direction`):
    its columns, and the runs of a row, are read right to left.

    ``lines`` are runs in page space, in any order. Returns ``(blocks, columns)``: the blocks in
    reading order, each holding its runs in reading order, and the largest number of columns of
    any region of the page (0 for a page without text).
    """
    if not lines:
        return [], 0
    leaves: list[_Leaf] = []
    columns = _layout(lines, 0, leaves, [0], {}, params, sorted(gutters) if gutters else [], rtl)
    blocks = []
    for order, leaf in enumerate(leaves):
        blocks.append(Block(
            lines=leaf.lines, order=order, region=leaf.region, column=leaf.column,
            columns=leaf.columns, text_column=leaf.text_column,
            x0=min(l.x0 for l in leaf.lines), top=min(l.top for l in leaf.lines),
            x1=max(l.x1 for l in leaf.lines), bottom=max(l.bottom for l in leaf.lines),
            rows=leaf.rows))
    return blocks, columns
