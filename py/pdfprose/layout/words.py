"""Stage 2a: words and spaces (SPEC §2, §11).

The text of a run of glyphs already in reading order: a word space where the gap between two
glyphs exceeds SPEC §2's threshold (another between two CJK characters, beside a script in
mathematics fonts, in a letter-spaced title), a drawn space kept and never doubled, spacing
accents composed with their letters. :func:`plain_text` decides the common run with few steps per
glyph; :func:`general_text` decides any run glyph by glyph; where the first answers, the two
agree (``tests/layout/test_words.py`` asserts it on generated runs).

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

import math
import re
import unicodedata
from itertools import accumulate, compress, islice, repeat
from operator import gt, le, ne, not_, sub

from ..model import Glyph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.characters import CJK_CHARACTER, FIRST_CJK, clean_line_text, is_cjk
from .equations import is_math_font

_MULTISPACE = re.compile(r" {2,}")

def _letter_spacing(glyphs: list[Glyph], spans: list[tuple[float, float]],
                    params: LayoutParams) -> float | None:
    """When ``glyphs`` (one run, in reading order, with their ``spans`` along the line) are a
    letter-spaced title, the gap in points above which a gap is a word space; else None.

    The evidence must be clear (SPEC §2): at least ``letter_spaced_min_letters`` letters, the
    gaps between letters all wider than a word space yet alike (``letter_spacing_spread_em``)
    and below ``letter_spaced_max_em``, and word gaps, drawn spaces or not, at least
    ``letter_word_ratio`` times wider (fields of ``params``). A single spaced word ("T I T L E")
    has no word gap to compare with and is left as it is, like spaced single letters in formulas
    ("x y z").
    """
    marks = [(g, s, e) for g, (s, e) in zip(glyphs, spans) if g.text.strip()]
    min_letters = params.letter_spaced_min_letters
    if len(marks) < min_letters:
        return None
    alpha = sum(1 for g, _, _ in marks if g.text.isalpha())
    if alpha < params.letter_spaced_alpha_share * len(marks):
        return None
    max_em = params.letter_spaced_max_em
    size = sorted(g.size for g, _, _ in marks)[len(marks) // 2]
    letter_gaps: list[float] = []
    word_gaps: list[float] = []
    index = {id(g): i for i, g in enumerate(glyphs)}
    for (a, _, a_end), (b, b_start, _) in zip(marks, marks[1:]):
        gap = b_start - a_end
        drawn_space = index[id(b)] - index[id(a)] > 1
        if drawn_space or gap > max_em * size:
            word_gaps.append(gap)
        else:
            letter_gaps.append(gap)
    if len(letter_gaps) < min_letters - 2 or not word_gaps:
        return None
    low, high = min(letter_gaps), max(letter_gaps)
    if low <= params.space_gap_em * size or high - low > params.letter_spacing_spread_em * size:
        return None
    if min(word_gaps) < params.letter_word_ratio * high:
        return None
    return (high + min(word_gaps)) / 2


class GlyphColumns:
    """A run's glyphs as columns, one list per attribute, in the run's order.

    The per-glyph work of a line is done by C loops over these (``map``, ``min``, ``count``,
    ``compress``); each attribute of a glyph is read once per run, by a list comprehension (in
    CPython 3.11 a third of the cost of ``map(attrgetter)``), not once per step."""

    __slots__ = ("texts", "x0s", "x1s", "sizes", "baselines", "bolds", "italics", "tops",
                 "bottoms")

    def __init__(self, texts: list[str], x0s: list[float], x1s: list[float], sizes: list[float],
                 baselines: list[float], bolds: list[bool], italics: list[bool],
                 tops: list[float], bottoms: list[float]) -> None:
        self.texts, self.x0s, self.x1s, self.sizes = texts, x0s, x1s, sizes
        self.baselines, self.bolds, self.italics = baselines, bolds, italics
        self.tops, self.bottoms = tops, bottoms

    @classmethod
    def of(cls, glyphs: list[Glyph], x0s: list[float] | None = None,
           sizes: list[float] | None = None, baselines: list[float] | None = None,
           ) -> "GlyphColumns":
        """The columns of ``glyphs``; those already read (in the same order) can be given."""
        return cls([g.text for g in glyphs], x0s if x0s is not None else [g.x0 for g in glyphs],
                   [g.x1 for g in glyphs], sizes if sizes is not None else [g.size for g in glyphs],
                   baselines if baselines is not None else [g.baseline for g in glyphs],
                   [g.bold for g in glyphs], [g.italic for g in glyphs],
                   [g.top for g in glyphs], [g.bottom for g in glyphs])

    def box(self, i: int) -> tuple[float, float, float, float]:
        """Glyph ``i``'s x0, x1, size and baseline."""
        return self.x0s[i], self.x1s[i], self.sizes[i], self.baselines[i]

    def part(self, start: int, end: int) -> "GlyphColumns":
        """The columns of the glyphs ``start`` to ``end`` (excluded)."""
        return GlyphColumns(self.texts[start:end], self.x0s[start:end], self.x1s[start:end],
                            self.sizes[start:end], self.baselines[start:end],
                            self.bolds[start:end], self.italics[start:end],
                            self.tops[start:end], self.bottoms[start:end])


def plain_text(glyphs: list[Glyph], columns: GlyphColumns, gaps: list[float] | None = None,
               uniform: bool | None = None, params: LayoutParams = DEFAULT_PARAMS,
               ) -> tuple[str, int] | None:
    """:func:`glyphs_to_text` of a horizontal run in the common case, computed with fewer
    steps per glyph: every glyph has text, which is either one drawn space or has no white space
    at all, no character is CJK, and the run is plainly not letter-spaced (two of its letters
    stand no further apart than a word space's threshold). Returns None when any of this does
    not hold (the general loop then decides); otherwise exactly the general loop's text, and
    the number of visible characters (``len(text.strip())`` summed over the glyphs).

    ``columns`` are the :class:`GlyphColumns` of ``glyphs``; ``gaps``, when known, are the
    run's ``x0s[i + 1] - x1s[i]``; ``uniform`` True when all sizes are known to be equal (then
    the marks' are too).

    The glyphs that are not drawn spaces (the *marks*) are what the text is made of. A word
    space stands between two consecutive marks where the loop would put one: where a drawn
    space between them reaches further right than the mark before it (a space drawn under that
    mark, its string's leading space, is no gap), or else where the gap between the two marks
    exceeds the threshold of SPEC §2. Leading and trailing drawn spaces never show."""
    texts, x0s, x1s, sizes = columns.texts, columns.x0s, columns.x1s, columns.sizes
    if "" in texts:
        return None
    joined = "".join(texts)
    spaces = texts.count(" ")
    core = joined.replace(" ", "") if spaces else joined
    if not core or len(core) != len(joined) - spaces:
        return None  # only blanks, or a glyph whose text holds a space beside other characters
    words = core.split()
    if len(words) != 1 or len(words[0]) != len(core):
        return None  # other white space
    n = len(texts)
    if gaps is None:
        gaps = list(map(sub, x0s[1:], x1s))
    if spaces:
        is_mark = list(map(ne, texts, repeat(" ")))
        marks, mark_x0s, mark_x1s, mark_sizes = (list(compress(column, is_mark))
                                                 for column in (texts, x0s, x1s, sizes))
        mark_gaps = list(map(sub, mark_x0s[1:], mark_x1s))
        spaced = spaced_pairs(is_mark, x1s, sizes, mark_x1s, columns, params)
    else:
        marks, mark_x0s, mark_x1s, mark_sizes = texts, x0s, x1s, sizes
        mark_gaps = gaps
        spaced = {}
    m = n - spaces
    if not uniform:
        uniform = mark_sizes.count(mark_sizes[0]) == m
    space_gap = params.space_gap_em
    if m >= params.letter_spaced_min_letters and not has_narrow_gap(
            mark_sizes, mark_gaps, spaced, uniform, params):
        # _letter_spacing would look further, unless the run is not mostly letters.
        if sum(map(str.isalpha, marks)) >= params.letter_spaced_alpha_share * m:
            return None
    if not core.isascii() and max(core) >= FIRST_CJK and CJK_CHARACTER.search(core):
        # Between two CJK characters the word-space threshold is cjk_space_gap_em.
        cjk_gap = params.cjk_space_gap_em
        firsts = list(map(is_cjk, marks))
        lasts = firsts if len(core) == m else [is_cjk(t[-1:]) for t in marks]
        cut = [gap > (cjk_gap if a and b else space_gap) * size for gap, size, a, b
               in zip(mark_gaps, map(max, mark_sizes, mark_sizes[1:]), lasts, firsts[1:])]
        if not uniform:
            _script_spaces(cut, glyphs, is_mark if spaces else None, mark_gaps, mark_sizes,
                           params, [not (a and b) for a, b in zip(lasts, firsts[1:])])
    elif uniform:
        # The common run: the marks after which a space goes, found at once (counted as the
        # marks before each space, what _joined wants).
        ends = list(compress(range(1, m), map(gt, mark_gaps,
                                              repeat(space_gap * mark_sizes[0]))))
        if spaced:
            shown = [pair + 1 for pair, kept in spaced.items() if kept]
            if shown:
                ends = sorted(set(ends).union(shown))
        return _joined(core, marks, ends), len(core)
    else:
        cut = [gap > space_gap * size
               for gap, size in zip(mark_gaps, map(max, mark_sizes, mark_sizes[1:]))]
        _script_spaces(cut, glyphs, is_mark if spaces else None, mark_gaps, mark_sizes, params)
    for pair, kept in spaced.items():
        if kept:
            cut[pair] = True
    return _joined(core, marks, list(compress(range(1, m), cut))), len(core)


def _joined(core: str, marks: list[str], ends: list[int]) -> str:
    """The text of ``marks`` (``core`` is ``"".join(marks)``) with a word space after the first
    ``k`` marks for each ``k`` in ``ends`` (increasing, each from 1 to ``len(marks) - 1``),
    cleaned (:func:`clean_line_text`)."""
    if not ends:
        return clean_line_text(core)
    if len(core) != len(marks):
        # Where each space falls in ``core`` (every mark one character: at ``k`` itself).
        ends = list(map(list(accumulate(map(len, marks), initial=0)).__getitem__, ends))
    words = map(core.__getitem__, map(slice, [0] + ends, ends + [len(core)]))  # C loops
    return clean_line_text(" ".join(words))


def _script_spaces(cut: list[bool], glyphs: list[Glyph], is_mark: list[bool] | None,
                   gaps: list[float], sizes: list[float], params: LayoutParams,
                   eligible: list[bool] | None = None) -> None:
    """Redecide in place the word spaces ``cut`` between consecutive marks of different sizes
    with :func:`_space_factor` (a script in mathematics fonts has a threshold of its own), as
    the general loop does; ``eligible`` leaves out the pairs another rule decided (two CJK
    characters)."""
    pairs = [i for i, (a, b) in enumerate(zip(sizes, sizes[1:])) if a != b
             and (eligible is None or eligible[i])]
    if not pairs:
        return
    marks = glyphs if is_mark is None else list(compress(glyphs, is_mark))
    space_gap = params.space_gap_em
    for i in pairs:
        factor = _space_factor(marks[i], marks[i + 1], params)
        if factor != space_gap:
            cut[i] = gaps[i] > factor * max(sizes[i], sizes[i + 1])


def spaced_pairs(is_mark: list[bool], x1s: list[float], sizes: list[float],
                 mark_x1s: list[float], columns: GlyphColumns | None = None,
                 params: LayoutParams = DEFAULT_PARAMS) -> dict[int, bool]:
    """For each pair of consecutive marks (numbered by the first) with drawn spaces between
    them: whether one of those spaces shows, reaching further right than the mark before it
    by more than 1 % of its size and, given the run's ``columns``, not a stray of another line
    (:func:`is_stray_space`; the general loop skips the others)."""
    spaced: dict[int, bool] = {}
    last = len(mark_x1s) - 1
    at: list[int] | None = None
    baselines = columns.baselines if columns is not None else []
    for rank, i in enumerate(compress(range(len(is_mark)), map(not_, is_mark))):
        pair = i - rank - 1  # the marks before the space, less one
        if 0 <= pair < last and not spaced.get(pair):
            shows = not x1s[i] <= mark_x1s[pair] + 0.01 * sizes[i]
            # The common drawn space has the size and baseline of the mark before it: its own.
            if shows and columns is not None and not (
                    sizes[i - 1] == sizes[i] and baselines[i - 1] == baselines[i]
                    and is_mark[i - 1]):
                if at is None:
                    at = list(compress(range(len(is_mark)), is_mark))
                shows = not is_stray_space(columns.box(i), columns.box(at[pair]),
                                           columns.box(at[pair + 1]), params)
            spaced[pair] = shows
    return spaced


Box = tuple[float, float, float, float]
"""A glyph's x0, x1, size and baseline."""


def is_stray_space(space: Box, before: Box, after: Box,
                   params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether a drawn space between the marks ``before`` and ``after`` is a stray of another
    text object rather than a word space: neither of the marks has its size and baseline
    (``params.drawn_space_own_em``), and more than ``params.drawn_space_cover_share`` of its
    width lies over their boxes, not in a gap between them (a form's 7 pt space merged into an
    8 pt line over the touching letters of "address")."""
    x0, x1, size, baseline = space
    own = params.drawn_space_own_em * size
    for _, _, mark_size, mark_baseline in (before, after):
        if abs(mark_size - size) <= own and abs(mark_baseline - baseline) <= own:
            return False
    covered = sum(max(0.0, min(x1, b1) - max(x0, b0)) for b0, b1, _, _ in (before, after))
    return covered > params.drawn_space_cover_share * (x1 - x0)


def _stray_before_mark(space: Glyph, mark: Glyph, glyphs: list[Glyph], k: int,
                       params: LayoutParams) -> bool:
    """:func:`is_stray_space` of the drawn space ``glyphs[k]`` after ``mark``, with the next
    glyph that has text other than a drawn space (none: no stray, it never shows)."""
    for nxt in islice(glyphs, k + 1, None):
        if nxt.text and nxt.text != " ":
            return is_stray_space((space.x0, space.x1, space.size, space.baseline),
                                  (mark.x0, mark.x1, mark.size, mark.baseline),
                                  (nxt.x0, nxt.x1, nxt.size, nxt.baseline), params)
    return False


def has_narrow_gap(sizes: list[float], gaps: list[float], spaced: dict[int, bool],
                   uniform: bool, params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether two marks with nothing drawn between them stand no further apart than a word
    space's threshold (``params.space_gap_em`` of the marks' middle size): then
    :func:`_letter_spacing` finds no letter-spaced title."""
    m = len(sizes)
    size = sizes[0] if uniform else sorted(sizes)[m // 2]
    threshold = params.space_gap_em * size
    if not size > 0:
        return False
    if not spaced:
        return bool(gaps) and min(gaps) <= threshold
    # The gaps with drawn spaces are left out: NaN compares false with any threshold.
    open_gaps = gaps.copy()
    for pair in spaced:
        open_gaps[pair] = math.nan
    return any(map(le, open_gaps, repeat(threshold)))


def _space_factor(a: Glyph, b: Glyph, params: LayoutParams) -> float:
    """The word-space threshold in em between glyph ``a`` and the horizontal non-CJK glyph
    ``b`` after it when both are set in mathematics fonts: ``script_space_gap_em`` before a
    superscript or subscript and after a subscript (``script_shift_em``); ``space_gap_em``
    otherwise, after a superscript too. In prose a script is a footnote mark or a variable's
    index, and the word space beside it is an ordinary one ("V0 being", "USA, 2Center")."""
    if not (is_math_font(a.font) and is_math_font(b.font)):
        return params.space_gap_em
    ratio, shift = params.script_size_ratio, params.script_shift_em
    size_a, base_a, size_b, base_b = a.size, a.baseline, b.size, b.baseline
    if size_b <= ratio * size_a:
        return params.script_space_gap_em if abs(base_b - base_a) > shift * size_a \
            else params.space_gap_em
    if size_a <= ratio * size_b and base_a - base_b > shift * size_b:
        return params.script_space_gap_em  # a is a subscript (lower on the page: a larger y)
    return params.space_gap_em


def glyphs_to_text(glyphs: list[Glyph], along: list[float] | None = None,
                   vertical: bool = False, params: LayoutParams = DEFAULT_PARAMS) -> str:
    """Join glyphs already in reading order, inserting word spaces by SPEC §2.

    ``along`` gives each glyph's (start, end) position along the line direction, in points,
    when it is not the x axis of page space (rotated and vertical text); by default ``x0``/``x1``
    are used. In ``vertical`` writing no space is ever put between two CJK characters (columns
    are set on a grid with gaps). A letter-spaced run (see :func:`_letter_spacing`) is read
    with its letters together and its words apart.
    """
    if along is None and not vertical and glyphs:
        plain = plain_text(glyphs, GlyphColumns.of(glyphs), None, None, params)
        if plain is not None:
            return plain[0]
    return general_text(glyphs, along, vertical, params)


def general_text(glyphs: list[Glyph], along: list[float] | None, vertical: bool,
                 params: LayoutParams = DEFAULT_PARAMS) -> str:
    """:func:`glyphs_to_text`, glyph by glyph: any run (:func:`plain_text` decides the common
    ones with fewer steps)."""
    spans = [
        (along[2 * i], along[2 * i + 1]) if along is not None else (g.x0, g.x1)
        for i, g in enumerate(glyphs)
    ]
    spaced = _letter_spacing(glyphs, spans, params)
    space_gap, cjk_gap = params.space_gap_em, params.cjk_space_gap_em
    parts: list[str] = []
    prev: Glyph | None = None
    prev_end = 0.0
    mark: Glyph | None = None  # the last glyph with text other than a drawn space
    strays = along is None and not vertical
    for k, (g, (start, end)) in enumerate(zip(glyphs, spans)):
        if g.text == " " and prev is not None:
            if end <= prev_end + 0.01 * g.size:
                continue  # a space drawn under the previous glyph (a string's leading space)
            if strays and mark is not None and (
                    mark.size != g.size or mark.baseline != g.baseline) \
                    and _stray_before_mark(g, mark, glyphs, k, params):
                continue  # another line's space lying over this line's letters
        if prev is not None and g.text:
            gap = start - prev_end
            both_cjk = is_cjk(prev.text[-1:]) and is_cjk(g.text[:1])
            if vertical and both_cjk:
                gap = 0.0
            if both_cjk:
                factor = cjk_gap
            elif along is None and prev.size != g.size:
                factor = _space_factor(prev, g, params)
            else:
                factor = space_gap
            threshold = factor * max(prev.size, g.size)
            # A letter-spaced run's gap between words decides between CJK characters too
            # where it is wider than theirs: a Korean running head tracked 0.25 em
            # ("정부의 사회 능력") keeps its syllables together and its words apart.
            if spaced is not None and (not both_cjk or spaced > threshold):
                threshold = spaced
            if gap > threshold and not prev.text.endswith(" ") and not g.text.startswith(" "):
                parts.append(" ")
        parts.append(g.text)
        if g.text:
            prev, prev_end = g, end
            if g.text != " ":
                mark = g
    return clean_line_text(_MULTISPACE.sub(" ", "".join(parts)).strip())


SPACING_ACCENTS = {
    "\u00b4": "\u0301", "\u02ca": "\u0301", "`": "\u0300", "\u02cb": "\u0300",
    "\u00a8": "\u0308", "\u02c6": "\u0302", "^": "\u0302", "\u02dc": "\u0303", "~": "\u0303",
    "\u00b8": "\u0327", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u02d9": "\u0307",
    "\u02da": "\u030a", "\u02dd": "\u030b", "\u00af": "\u0304", "\u02db": "\u0328",
}
"""Spacing accents that old TeX output draws as a glyph of their own over a letter (SPEC §11:
"d´ej`a" must read "déjà"), with the combining mark each becomes."""

_DOTLESS = {"\u0131": "i", "\u0237": "j"}


def compose_accents(glyphs: list[Glyph], params: LayoutParams = DEFAULT_PARAMS) -> list[Glyph]:
    """Fold spacing-accent glyphs into the letter they sit over (input sorted by x0; an accent
    takes the letter its box overlaps by ``params.accent_overlap`` of the narrower width)."""
    if not any(g.text in SPACING_ACCENTS for g in glyphs):
        return glyphs
    share = params.accent_overlap
    dropped: set[int] = set()
    for i, g in enumerate(glyphs):
        mark = SPACING_ACCENTS.get(g.text)
        if mark is None:
            continue
        best, best_overlap = None, 0.0
        for j in (i - 1, i + 1, i - 2, i + 2):
            if not 0 <= j < len(glyphs) or j in dropped:
                continue
            letter = glyphs[j]
            if len(letter.text) != 1 or not letter.text.isalpha():
                continue
            overlap = min(g.x1, letter.x1) - max(g.x0, letter.x0)
            narrower = min(g.x1 - g.x0, letter.x1 - letter.x0)
            if narrower > 0 and overlap >= share * narrower and overlap > best_overlap:
                best, best_overlap = j, overlap
        if best is not None:
            letter = glyphs[best]
            base = _DOTLESS.get(letter.text, letter.text)
            letter.text = unicodedata.normalize("NFC", base + mark)
            dropped.add(i)
    return [g for k, g in enumerate(glyphs) if k not in dropped]
