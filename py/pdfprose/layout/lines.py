"""Stage 2: glyphs -> words and lines (SPEC §2, §3, §5).

Horizontal glyphs whose baselines agree form a line; a line is cut into separate *text runs*
where a horizontal gap is far wider than any word space, so that the XY-cut (stage 3) sees the
empty gutter between columns. Each run's text and :class:`~pdfprose.model.Line` are made by
:mod:`~pdfprose.layout.words` and :mod:`~pdfprose.layout.runs`; scripts and drop caps join their
lines (:mod:`~pdfprose.layout.scripts`). Glyphs whose baseline is not horizontal, and vertical
glyphs, are built into lines along their own direction and kept apart
(:mod:`~pdfprose.layout.directional`, SPEC §5).

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable
from itertools import accumulate, compress, repeat
from operator import attrgetter, gt, itemgetter, lt, mul, ne, sub

from ..model import Glyph, Line
from ..params import DEFAULT_PARAMS, LayoutParams
from ..pdf.fonts import FontFacts
from ..text.bidi import Direction
from ..text.markers import BULLET_GLYPHS, DASH_BULLETS, ENUMERATOR
from .bullets import read_leading_bullet, symbol_bullet, word_bullet
from .directional import directional_lines, mark_vertical_cjk
from .gutters import LineGaps, line_gaps, narrow_gutters
from .rtl import page_direction, read_right_to_left
from .runs import make_line
from .scripts import attach_drop_caps, attach_scripts
from .spans import covered, intersect
from .tracked import tracked_cuts
from .words import SPACING_ACCENTS, GlyphColumns, compose_accents

_X0 = attrgetter("x0")
_BASELINE = attrgetter("baseline")


def _dedupe(glyphs: list[Glyph], tolerance: float) -> list[Glyph]:
    """Drop glyphs drawn twice at almost the same place (fake bold: the same text within
    ``tolerance`` em, ``duplicate_tolerance_em``); input sorted by x0."""
    kept: list[Glyph] = []
    for g in glyphs:
        tol = tolerance * g.size
        if kept and kept[-1].x0 < g.x0 - tol:
            kept.append(g)  # the loop below would stop at once: the common case
            continue
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


def _split_runs(columns: GlyphColumns, gaps: list[float], uniform: bool,
                rights: list[float], gutters: list[tuple[float, float]],
                params: LayoutParams, glyphs: list[Glyph] | None = None) -> list[tuple[int, int]]:
    """Cut one baseline's glyphs (sorted by x0) where the gap exceeds ``params.run_gap_em``
    and at the narrow ``gutters`` found across the page's lines
    (:func:`~pdfprose.layout.gutters.narrow_gutters`): the runs as ``(start, end)`` index
    ranges, leaving out runs that hold nothing but spaces (a bullet stays with its item's text
    up to ``bullet_gap_em`` away). ``gaps`` are the glyphs' ``x0s[i + 1] - rights[i]``, where
    ``rights[i]`` is the right-most end of glyphs ``0..i``; ``uniform`` says all glyphs have the
    same size; ``glyphs`` the glyphs themselves, for the fonts of Word's "o" bullets
    (:func:`word_bullet`)."""
    run_gap = params.run_gap_em
    texts, x0s, sizes = columns.texts, columns.x0s, columns.sizes
    n = len(texts)
    if uniform:
        wide = compress(range(1, n), map(gt, gaps, repeat(run_gap * sizes[0])))
    else:
        wide = compress(range(1, n), map(gt, gaps, map(mul, repeat(run_gap), sizes[1:])))
    wide = list(wide)
    if gutters:
        # The first glyph at or past each gutter's end, unless a wide gap cuts there already.
        for _, end in gutters:
            i = bisect_left(x0s, end - 0.01)
            if 0 < i < n:
                wide.append(i)
        wide = sorted(set(wide))
    if len(wide) >= params.letter_spaced_min_letters - 1:
        # Tracking wider than a run cut (a letter-spaced head) is no gap between runs.
        wide = tracked_cuts(texts, gaps, sizes, wide, params)
    if not wide:  # the common line: one run (unless it holds nothing but spaces)
        return [(0, n)] if any(map(str.strip, texts)) else []
    runs: list[tuple[int, int]] = []
    start = 0
    bullet_gap = params.bullet_gap_em
    for i in wide:
        if not texts[i].strip():
            continue
        # A bullet stays with its item's text however far the item is indented after it:
        # cut apart, the bullets of a list would line up as a column of their own. So do a
        # dash and an item's number or letter ("1.", "a)") before a word (a dash or a number
        # alone in a table's cell stands before a number or another cell's text; "(1)" may
        # be an equation's number at a column's edge, before the next column's text).
        if i - start <= 4 and x0s[i] - rights[i - 1] <= bullet_gap * sizes[i]:
            marker = "".join(texts[start:i]).strip()
            if marker in BULLET_GLYPHS or (
                    len(marker) == 1 and glyphs is not None
                    and symbol_bullet(glyphs[texts.index(marker, start, i)],
                                      glyphs[i], params)) or (texts[i][:1].isalpha() and (
                    marker in DASH_BULLETS
                    or (marker[:1] != "(" and ENUMERATOR.fullmatch(marker) is not None)
                    or (marker == "o" and glyphs is not None
                        and word_bullet(glyphs[texts.index("o", start, i)], glyphs[i])))):
                continue
        runs.append((start, i))
        start = i
    runs.append((start, n))
    # A run holding nothing but spaces carries no text.
    return [(a, b) for a, b in runs if any(map(str.strip, texts[a:b]))]


def build_lines(glyphs: Iterable[Glyph], params: LayoutParams = DEFAULT_PARAMS,
                gutters: list[tuple[float, float]] | None = None,
                ) -> tuple[list[Line], list[Line]]:
    """Group glyphs into lines (text runs), by the thresholds of ``params``.

    Returns ``(horizontal, other)``: horizontal text runs for the XY-cut, in no particular
    order; and lines of rotated, mirrored or vertical text, each read along its own direction,
    grouped by direction (SPEC §5): ``angle`` set, ``vertical`` set on columns of vertical
    writing. All boxes in page space. ``gutters``, when given, receives the narrow gutters the
    horizontal runs were cut at (:func:`~pdfprose.layout.gutters.narrow_gutters`), for the
    XY-cut. A horizontal line holding right-to-left letters has its text in reading order and,
    read from the right, ``direction="rtl"`` (:mod:`pdfprose.layout.rtl`; ``glyphs`` are in
    drawing order).
    """
    horizontal: list[Glyph] = []
    other: list[Glyph] = []
    glyphs = list(glyphs)
    # The page's texts, read in one pass: the tests for CJK, accents and empty texts read
    # them here rather than the glyphs again (a page's glyphs seldom fit in the processor's
    # caches: every pass over them is memory traffic).
    texts = [g.text for g in glyphs]
    direction: Direction | None = None
    # A page of ASCII text (isascii() is answered at once: a string knows its widest
    # character) has no CJK character and no right-to-left letter: both tests would say so
    # after joining and reading its texts again.
    if not "".join(texts).isascii():
        mark_vertical_cjk(glyphs, texts, params)
        # Right-to-left lines are read from the glyphs' positions, and their drawing order
        # (the glyphs come in drawing order) where positions cannot tell (layout.rtl).
        direction = page_direction(texts, params)
    order = {id(g): i for i, g in enumerate(glyphs)} if direction is not None else None
    if not [g for g in glyphs if g.angle or g.vertical or g.mirrored]:  # no list of flags
        # Every glyph upright (the common page): the loop below would keep all with text.
        lines = _horizontal_lines([g for g in glyphs if g.text] if "" in texts else glyphs,
                                  params, texts, gutters)
        if order is not None:
            read_right_to_left(lines, order, direction, params)  # type: ignore[arg-type]
        return lines, []
    tilt = params.horizontal_angle_tolerance
    for g in glyphs:
        if not g.text:
            continue
        if g.vertical or g.mirrored or abs(g.angle) > tilt:
            other.append(g)
        else:
            horizontal.append(g)
    lines = _horizontal_lines(horizontal, params, None, gutters)
    if order is not None:
        read_right_to_left(lines, order, direction, params)  # type: ignore[arg-type]
    return lines, directional_lines(other, params)


def line_clusters(baselines: list[float], sizes: list[float],
                  params: LayoutParams = DEFAULT_PARAMS,
                  ) -> tuple[list[tuple[int, int]], list[int]]:
    """The lines of glyphs sorted by baseline, as ``(start, end)`` index ranges: a glyph joins
    the line before it when its baseline is within ``params.baseline_tolerance_em`` of the
    line's anchor (the baseline of its largest glyph so far), the size taken from the larger of
    the glyph and the anchor but at most ``line_size_ratio`` times the smaller
    (:func:`baseline_tolerance`).

    Glyphs of one string share their baseline exactly, so they are taken a baseline at a time:
    once the anchor stands on a baseline, the rest of its glyphs join (only the anchor's size
    can grow); and glyphs of one size after one that joined without moving the anchor join the
    same way. Each glyph is decided as the glyph-by-glyph rule would decide it. ``baselines``
    and ``sizes`` are the glyphs' (sorted by baseline).

    Also returns the lines that may be *chained* (increasing, each once): those where a glyph
    joined through a moved anchor though the line's first anchor would not have taken it. Only
    there can two lines of one column have joined through a larger glyph elsewhere on the page
    (see :func:`_unchained`); a line that merely starts with a superscript is not one."""
    n = len(baselines)
    tolerance, ratio = params.baseline_tolerance_em, params.line_size_ratio
    total = sum(sizes)
    shortcut = total == total  # no NaN size: max() gives the largest, as the rule's ">" does
    starts: list[int] = []
    chained: list[int] = []
    anchor = first = -math.inf
    anchor_size = first_size = 0.0
    group_ends = list(compress(range(1, n), map(ne, baselines[1:], baselines)))
    group_ends.append(n)
    i = 0
    for end in group_ends:
        baseline = baselines[i]
        while i < end:
            if shortcut and starts and anchor == baseline:
                largest = max(sizes[i:end])
                if largest > anchor_size:
                    anchor_size = largest
                i = end
                break
            gs = sizes[i]
            # min(max(gs, anchor_size), ratio * min(gs, anchor_size)), spelt out
            high = anchor_size if anchor_size > gs else gs
            low = ratio * (anchor_size if anchor_size < gs else gs)
            size = low if low < high else high
            if starts and abs(baseline - anchor) <= tolerance * size:
                # Taken only because the anchor moved (the line's first anchor would not have
                # taken it): the line may be two lines chained by a larger glyph.
                if anchor != first and (not chained or chained[-1] != len(starts) - 1) \
                        and abs(baseline - first) > baseline_tolerance(gs, first_size, params):
                    chained.append(len(starts) - 1)
                if gs > anchor_size:
                    anchor, anchor_size = baseline, gs
                elif shortcut and sizes[i + 1:end].count(gs) == end - i - 1:
                    i = end  # the rest are this size: each joins, the anchor stays
                    break
            else:
                starts.append(i)
                anchor = first = baseline
                anchor_size = first_size = gs
            i += 1
    starts.append(n)
    return list(zip(starts, starts[1:])), chained


def baseline_tolerance(a: float, b: float, params: LayoutParams = DEFAULT_PARAMS) -> float:
    """How far apart (in points) the baselines of two glyphs of sizes ``a`` and ``b`` may be on
    one line: ``params.baseline_tolerance_em`` of the larger size, at most ``line_size_ratio``
    x the smaller (the rule :func:`line_clusters` spells out for speed)."""
    return params.baseline_tolerance_em * min(max(a, b), params.line_size_ratio * min(a, b))


def _unchained(glyphs: list[Glyph], baselines: list[float], sizes: list[float],
               clusters: list[tuple[int, int]], chained: list[int],
               params: LayoutParams) -> list[tuple[int, int]]:
    """``clusters`` (of :func:`line_clusters`) with each chained one that holds two lines of
    one column cut into its true lines (:func:`_column_lines`). The glyphs of a cut cluster are
    reordered in place (``glyphs``, ``baselines`` and ``sizes`` alike) so that each of its lines
    is again an index range."""
    out = clusters[:chained[0]]
    suspects = set(chained)
    for k in range(chained[0], len(clusters)):
        start, end = clusters[k]
        parts = _column_lines(glyphs[start:end], baselines[start:end], sizes[start:end],
                              params) if k in suspects else None
        if parts is None:
            out.append((start, end))
            continue
        order = [start + i for part in parts for i in part]
        for column in (glyphs, baselines, sizes):
            column[start:end] = [column[i] for i in order]
        for part in parts:
            out.append((start, start + len(part)))
            start += len(part)
    return out


def _column_lines(cluster: list[Glyph], baselines: list[float], sizes: list[float],
                  params: LayoutParams) -> list[list[int]] | None:
    """The true lines of a chained cluster (sorted by baseline), as lists of its indices, or
    None when it is one line after all.

    A larger glyph can move a line's anchor so that the next line of *another* column joins
    (on IRS forms, "2007" in 22 pt to the right of "Department of the Treasury" and "Internal
    Revenue Service" in 7 pt, 7.5 pt apart, made one line read letter by letter,
    "DInetepranratml Reenvt"). So the rule is applied again within each horizontal stretch of
    the cluster (glyphs separated by no gap wider than ``run_gap_em``, where no gutter parts them),
    among its own glyphs only. A stretch is cut into its own lines only where they overlap
    (:func:`_interleaved`): the letter-by-letter case. Then the pieces of all stretches are
    gathered again into lines by their anchors, the same rule, never two pieces of one stretch
    together (they would interleave again)."""
    x0s = [g.x0 for g in cluster]
    x1s = [g.x1 for g in cluster]
    stretch_of = [0] * len(cluster)
    stretch = 0
    right = -math.inf
    run_gap = params.run_gap_em
    for i in sorted(range(len(cluster)), key=x0s.__getitem__):
        if not x0s[i] - right <= run_gap * sizes[i]:
            stretch += 1
        stretch_of[i] = stretch
        if x1s[i] > right:
            right = x1s[i]
    members: dict[int, list[int]] = {}
    for i, s in enumerate(stretch_of):  # in baseline order
        members.setdefault(s, []).append(i)
    # A piece: (its anchor's baseline, its largest size, its stretch, its indices).
    pieces: list[tuple[float, float, int, list[int]]] = []
    for s, indices in members.items():
        bs = [baselines[i] for i in indices]
        ss = [sizes[i] for i in indices]
        ranges = [(0, len(indices))] if bs.count(bs[0]) == len(bs) \
            else line_clusters(bs, ss, params)[0]
        if len(ranges) > 1 and not _interleaved([indices[a:b] for a, b in ranges], x0s, x1s,
                                                params.interleave_share):
            ranges = [(0, len(indices))]  # scripts beside their line: the chain kept them on it
        for a, b in ranges:
            largest = max(ss[a:b])
            pieces.append((bs[a + ss[a:b].index(largest)], largest, s, indices[a:b]))
    if len(pieces) == len(members):
        return None  # no stretch holds two lines
    pieces.sort(key=itemgetter(0))
    lines: list[list[int]] = []
    anchor, anchor_size = -math.inf, 0.0
    taken: set[int] = set()
    for baseline, size, s, indices in pieces:
        if lines and s not in taken \
                and abs(baseline - anchor) <= baseline_tolerance(size, anchor_size, params):
            lines[-1].extend(indices)
            taken.add(s)
            if size > anchor_size:
                anchor, anchor_size = baseline, size
        else:
            lines.append(list(indices))
            taken = {s}
            anchor, anchor_size = baseline, size
    return lines


def _interleaved(lines: list[list[int]], x0s: list[float], x1s: list[float],
                 share: float) -> bool:
    """Whether two of ``lines`` (lists of indices into ``x0s`` and ``x1s``, the glyphs' spans)
    overlap along at least ``share`` (``interleave_share``) of the length the shorter covers."""
    covers = [covered([(x0s[i], x1s[i]) for i in line]) for line in lines]
    lengths = [_length(cover) for cover in covers]
    for j in range(len(covers)):
        for k in range(j):
            shorter = min(lengths[j], lengths[k])
            if shorter > 0 and _length(intersect(covers[j], covers[k], 0.0)) \
                    >= share * shorter:
                return True
    return False


def _length(spans: list[tuple[float, float]]) -> float:
    """The length disjoint ``spans`` cover together, in points."""
    return sum(b - a for a, b in spans)


def _horizontal_lines(glyphs: list[Glyph], params: LayoutParams,
                      texts: list[str] | None = None,
                      gutters: list[tuple[float, float]] | None = None) -> list[Line]:
    """The lines of upright glyphs (all with text); ``texts``: the glyphs' texts (in any order,
    empty ones too), when read already; ``gutters`` receives the narrow gutters found."""
    if not glyphs:
        return []
    baselines = [g.baseline for g in glyphs]
    in_order = sorted(baselines)
    if in_order != baselines:  # pages set in one column come in order already
        glyphs.sort(key=_BASELINE)
        baselines = in_order
    sizes = [g.size for g in glyphs]
    if texts is None:
        texts = [g.text for g in glyphs]
    accents = not SPACING_ACCENTS.keys().isdisjoint(texts)
    lines: list[Line] = []
    # Each line is anchored on the baseline of its largest glyph so far: a small prime or
    # superscript that sorts first must not become the anchor and strand the line's letters
    # (an accent raised 1 pt by TeX then joins them), while glyphs of a formula set between
    # two lines cannot chain them together. A larger glyph in another column can: such lines
    # are cut again where their columns' own glyphs say so (_unchained).
    clusters, chained = line_clusters(baselines, sizes, params)
    if chained:
        clusters = _unchained(glyphs, baselines, sizes, clusters, chained, params)
    duplicate = params.duplicate_tolerance_em
    # Each line's glyphs made ready, then the narrow gutters found across all of them (a
    # gutter is known only from the lines above and below), then the lines cut into runs.
    ready: list[tuple[list[Glyph], GlyphColumns, list[float], bool, list[float], list[float],
                      bool]] = []
    found: list[LineGaps] = []
    for start, end in clusters:
        cluster = glyphs[start:end]
        x0s = [g.x0 for g in cluster]
        in_order = sorted(x0s)
        columns: GlyphColumns | None
        if in_order == x0s:  # drawn from left to right: the page's columns are the line's
            columns = GlyphColumns.of(cluster, x0s, sizes[start:end], baselines[start:end])
        else:
            cluster.sort(key=_X0)
            columns = GlyphColumns.of(cluster, in_order)
        sizes_here = columns.sizes
        uniform = sizes_here.count(sizes_here[0]) == len(sizes_here)
        if may_repeat(columns, uniform, params):
            cluster = _dedupe(cluster, duplicate)
            columns = None
        if accents and not SPACING_ACCENTS.keys().isdisjoint(
                columns.texts if columns is not None else [g.text for g in cluster]):
            cluster = compose_accents(cluster, params)  # accents in letters: texts changed
            columns = None
        if columns is None:
            columns = GlyphColumns.of(cluster)
            sizes_here = columns.sizes
            uniform = sizes_here.count(sizes_here[0]) == len(sizes_here)
        x0s, x1s = columns.x0s, columns.x1s
        gaps = list(map(sub, x0s[1:], x1s))
        x1s_sorted = sorted(x1s) == x1s
        # The cluster is sorted by x0: when its ends are sorted too, and no x0 or x1 is NaN
        # (a NaN would make its gap NaN, and so the gaps' sum), each run's box spans from its
        # first x0 to its last x1 (make_line's ``ordered``).
        total = sum(gaps)
        ordered = x1s_sorted and total == total and x0s[0] == x0s[0] and x1s[-1] == x1s[-1]
        # The gap before each glyph is measured from the right-most end of the glyphs before it
        # (mostly the glyph just before: the ends of glyphs sorted by x0 seldom go back).
        if x1s_sorted:
            rights, spaced = x1s, gaps
        else:
            rights = list(accumulate(x1s, max))
            spaced = list(map(sub, x0s[1:], rights))
        found.append(line_gaps(columns.texts, x0s, rights, columns.sizes, uniform, spaced,
                               params))
        ready.append((cluster, columns, gaps, uniform, rights, spaced, ordered))
    cuts, bands = narrow_gutters(found, params)
    if gutters is not None:
        gutters.extend(bands)
    for (cluster, columns, gaps, uniform, rights, spaced, ordered), cut_at in zip(ready, cuts):
        # A run of a cluster of one size is of one size; a run of a mixed cluster may not be.
        known = True if uniform else None
        for a, b in _split_runs(columns, spaced, uniform, rights, cut_at, params, cluster):
            if a == 0 and b == len(cluster):
                line = make_line(cluster, 0.0, None, columns, gaps, known, None, ordered, params)
            else:
                line = make_line(cluster[a:b], 0.0, None, columns.part(a, b), gaps[a:b - 1],
                                 known, None, ordered, params)
            first = line.glyphs[0].source if line.glyphs else None
            if line.text[:2] == "o " or (isinstance(first, FontFacts) and first.symbolic):
                read_leading_bullet(line, params)
            if line.text:
                lines.append(line)
    return attach_drop_caps(attach_scripts(lines, params), params)


def may_repeat(columns: GlyphColumns, uniform: bool | None = None,
               params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether :func:`_dedupe` could find a glyph drawn twice: it keeps every glyph when each
    starts further right than the tolerance of its successor beyond it (its first comparison
    then stops), tested here for all at once. ``uniform``: whether all sizes are equal, when
    known."""
    x0s, sizes = columns.x0s, columns.sizes
    factor = params.duplicate_tolerance_em
    if uniform is None:
        uniform = sizes.count(sizes[0]) == len(sizes)
    if uniform:
        tolerance = factor * sizes[0]
        return not all(map(lt, x0s, map(sub, x0s[1:], repeat(tolerance))))
    return not all(map(lt, x0s, map(sub, x0s[1:], map(mul, repeat(factor), sizes[1:]))))
