"""Letter-spaced lines whose tracking is wider than a run cut.

A line is cut into text runs where a gap is wider than ``params.run_gap_em`` (1 em), so that the
XY-cut sees the gutters between columns. A magazine's running head or a section title set in
capitals with tracking of 1-2 em has a gap that wide between every two letters: cut letter by
letter, its letters were shared out among the columns below it, and the half of a head that
fell into the next column was read between the last line of one column and the first of the
next, inside a word hyphenated across them.

Tracking shows as gaps that are all alike, measured from one letter's end to the next one's
start (the tracking is added after each glyph's advance), between pieces of one letter each. A
row of a table whose cells hold one letter each is centred cell by cell, so its gaps differ by
the letters' widths (an M is twice an I), and a column beside a letter-spaced head holds words,
not single letters: both keep their cuts.

Pure geometry on one baseline's glyphs; the line builder (:mod:`pdfprose.layout.lines`) asks.
"""

from __future__ import annotations

from ..params import DEFAULT_PARAMS, LayoutParams


def tracked_cuts(texts: list[str], gaps: list[float], sizes: list[float], cuts: list[int],
                 params: LayoutParams = DEFAULT_PARAMS) -> list[int]:
    """``cuts`` (indices of the glyphs that start a new run, rising) without those inside a
    letter-spaced stretch: at least ``params.letter_spaced_min_letters`` consecutive pieces of
    one letter each (pieces holding only drawn spaces may stand between them), whose gaps
    (``gaps[i - 1]`` before glyph ``i``) are alike within ``letter_spacing_spread_em`` on at
    least two thirds of the cuts, the others (word gaps without a drawn space: twice the
    tracking and a space) at most ``letter_word_ratio`` times the tracking and an em more."""
    least = params.letter_spaced_min_letters
    if len(cuts) < least - 1:
        return cuts
    bounds = [0, *cuts, len(texts)]
    # Each piece: 1 for one letter, 0 for drawn spaces only, -1 otherwise.
    kinds = []
    for a, b in zip(bounds, bounds[1:]):
        marks = "".join(texts[a:b]).replace(" ", "").replace("\u00a0", "")
        kinds.append(1 if len(marks) == 1 and marks.isalpha() else 0 if not marks else -1)
    if kinds.count(1) < least:
        return cuts
    drop: set[int] = set()
    start = 0
    while start < len(kinds):
        if kinds[start] != 1:
            start += 1
            continue
        end = start
        while end + 1 < len(kinds) and kinds[end + 1] >= 0:
            end += 1
        while kinds[end] != 1:  # the stretch ends on a letter
            end -= 1
        if kinds[start:end + 1].count(1) >= least and _alike(
                [gaps[bounds[k] - 1] for k in range(start + 1, end + 1)],
                sizes[bounds[start]], params):
            drop.update(bounds[k] for k in range(start + 1, end + 1))
        start = end + 1
    return [i for i in cuts if i not in drop] if drop else cuts


def _alike(gaps: list[float], size: float, params: LayoutParams) -> bool:
    """Whether ``gaps`` (points, at a ``size`` pt letter) are one tracking: two thirds of them
    within ``letter_spacing_spread_em`` of the narrowest, none wider than a word gap."""
    if not gaps:
        return False
    tracking = min(gaps)
    spread = params.letter_spacing_spread_em * size
    word = params.letter_word_ratio * tracking + size
    letters = sum(1 for g in gaps if g <= tracking + spread)
    return 3 * letters >= 2 * len(gaps) and max(gaps) <= word
