"""Stage 2b: a run of glyphs made into a :class:`~pdfprose.model.Line` (SPEC §2, §3): its
text (:mod:`pdfprose.layout.words`), box, baseline, size and styles, worked out column-wise.

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from itertools import compress
from operator import itemgetter

from ..model import Glyph, Line
from ..params import DEFAULT_PARAMS, LayoutParams
from .words import GlyphColumns, general_text, plain_text

_COUNT = itemgetter(1)
"""The count of a (size, count) pair."""


_ROUNDED: dict[float, float] = {}
"""``round(v, 1)`` of the non-zero floats met so far (a document's lines share a few sizes and
baselines; round() to a number of digits costs half a microsecond)."""

ROUNDED_KEPT = 4096
"""...forgotten all at once beyond this many values, so that a long-lived worker's cache stays
small."""


def round_to_tenth(value: float) -> float:
    """``round(value, 1)``, remembered for floats. Only non-zero floats are kept: an int equal to
    a float, or -0.0 and 0.0, would find each other's entry (they are equal keys) though
    round() keeps their type and sign."""
    if type(value) is float and value:
        known = _ROUNDED.get(value)
        if known is None:
            if len(_ROUNDED) >= ROUNDED_KEPT:
                _ROUNDED.clear()
            known = _ROUNDED[value] = round(value, 1)
        return known
    return round(value, 1)


def _rounded(values: list[float]) -> list[float]:
    """``[round(v, 1) for v in values]``, rounding each distinct value once (round() to a
    number of digits is slow, and a line's glyphs share a few sizes and baselines)."""
    first = values[0]
    if values.count(first) == len(values):
        return [round_to_tenth(first)] * len(values)
    table = {v: round_to_tenth(v) for v in set(values)}
    return list(map(table.__getitem__, values))


def make_line(glyphs: list[Glyph], angle: float = 0.0, text: str | None = None,
              columns: GlyphColumns | None = None, gaps: list[float] | None = None,
              uniform: bool | None = None, host: Line | None = None,
              ordered: bool = False, params: LayoutParams = DEFAULT_PARAMS) -> Line:
    """The line of a run of glyphs; ``columns`` are the run's :class:`GlyphColumns` and
    ``gaps`` its gaps (see :func:`~pdfprose.layout.words.plain_text`), when known; ``uniform``
    True when all its sizes are known to be equal (None: not known). ``text``: the line's text,
    when known (else it is made by SPEC §2's rules with ``params``). ``host``: a line whose box
    top and bottom, baseline and size the new line takes (superscripts merged into their line),
    so they are not worked out. ``ordered``: the run's x0s and x1s are known to be in increasing
    order, none NaN."""
    # Column-wise (C loops over attribute columns); the same values as glyph-by-glyph loops:
    # sizes weighted by visible characters (len(text.strip())), the first-seen size winning a
    # tie; bold and italic when most visible characters are.
    if columns is None:
        columns = GlyphColumns.of(glyphs)
    texts, raw_sizes = columns.texts, columns.sizes
    n = len(texts)
    visible: int | None = None
    if text is None:
        plain = plain_text(glyphs, columns, gaps, uniform, params)
        if plain is None:
            text = general_text(glyphs, None, False, params)
        else:
            text, visible = plain
    sizes: list[float] | None = None
    if host is not None:
        pass  # its size is the host's
    elif uniform or raw_sizes.count(raw_sizes[0]) == n:  # one size: one weight
        uniform, size = True, round_to_tenth(raw_sizes[0])
    else:
        sizes = _rounded(raw_sizes)
        size = sizes[0]
        uniform = sizes.count(size) == n
    weighted = sizes is not None and not uniform  # the size most visible characters have
    counts: list[int] | None = None
    if visible is None or weighted:
        counts = list(map(len, map(str.strip, texts)))
        visible = sum(counts)
    if weighted:
        weights: dict[float, int] = {}
        for key, count in zip(sizes, counts):  # type: ignore[arg-type]
            weights[key] = weights.get(key, 0) + count
        size = max(weights.items(), key=_COUNT)[0]
    # Bold and italic: the visible characters of the flagged glyphs (all or none, mostly);
    # spelt out for each rather than called, as this runs for every line.
    bolds, italics = columns.bolds, columns.italics
    if not any(bolds):
        bold = 0
    elif all(bolds):
        bold = visible
    else:
        if counts is None:
            counts = list(map(len, map(str.strip, texts)))
        bold = sum(compress(counts, bolds))
    if not any(italics):
        italic = 0
    elif all(italics):
        italic = visible
    else:
        if counts is None:
            counts = list(map(len, map(str.strip, texts)))
        italic = sum(compress(counts, italics))
    total = visible or 1
    x0s, x1s = columns.x0s, columns.x1s
    if ordered:
        # What min() and max() would return: the first x0 (the first of the smallest), the
        # last x1 when it is larger than the one before it (else the first of the largest).
        x0 = x0s[0]
        x1 = x1s[-1] if len(x1s) == 1 or x1s[-2] != x1s[-1] else max(x1s)
    else:
        x0, x1 = min(x0s), max(x1s)
    if host is not None:
        return Line(text, x0, host.top, x1, host.bottom,
                    host.baseline, host.size, bold * 2 > total, italic * 2 > total, angle,
                    glyphs)
    # The glyphs of the line's size give its box and baseline (every glyph's size rounds to
    # ``size`` when the sizes are uniform: all are within 0.5).
    raw_baselines, tops, bottoms = columns.baselines, columns.tops, columns.bottoms
    if not uniform:
        main = [abs(s - size) < 0.5 for s in raw_sizes]
        if any(main):
            raw_baselines, tops, bottoms = (list(compress(column, main))
                                            for column in (raw_baselines, tops, bottoms))
    if raw_baselines.count(raw_baselines[0]) == len(raw_baselines):
        baseline = round_to_tenth(raw_baselines[0])
    else:
        baselines = _rounded(raw_baselines)
        if baselines.count(baselines[0]) == len(baselines):
            baseline = baselines[0]
        else:
            baseline = Counter(baselines).most_common(1)[0][0]
    # Positional: keywords cost as much again, and this runs for every line (the order is
    # _LINE_FIELDS, checked at import).
    return Line(text, x0, min(tops), x1, max(bottoms), baseline, size, bold * 2 > total,
                italic * 2 > total, angle, glyphs)


_LINE_FIELDS = ("text", "x0", "top", "x1", "bottom", "baseline", "size", "bold", "italic",
                "angle", "glyphs")
if tuple(f.name for f in fields(Line))[:len(_LINE_FIELDS)] != _LINE_FIELDS:  # pragma: no cover
    raise ImportError("pdfprose.model.Line's fields changed: update make_line() in "
                      "pdfprose.layout.runs")
