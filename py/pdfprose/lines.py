"""Stage 2: glyphs -> words and lines (SPEC §2, §3).

Horizontal glyphs whose baselines agree form a line; a line is cut into separate *text runs*
where a horizontal gap is far wider than any word space, so that the XY-cut (stage 3) sees the
empty gutter between columns. Glyphs whose baseline is not horizontal, and vertical (writing mode
V) glyphs, are built into lines along their own direction and kept apart (SPEC §5).

All boxes are in page space (points, origin top left).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import fields
from itertools import accumulate, compress, repeat
from operator import attrgetter, gt, itemgetter, le, lt, mul, ne, not_, sub

from .characters import clean_line_text
from .equations import is_math_font
from .model import Glyph, Line
from .spans import covered, intersect

BULLET_GLYPHS = frozenset("•·▪◦‣∙●○■□")
"""SPEC §10's bullet glyphs that are never text (symbol-font bullets already arrive as •); a
dash or an asterisk alone may end or start ordinary text, so they do not hold a run together."""

BULLET_GAP_EM = 4.0
"""A bullet is at most 4 em before its item's text (Word's default hanging indent is 0.25 in)."""

SPACE_GAP_EM = 0.12
"""SPEC §2: a gap wider than 0.12 x font size between two glyphs is a word space."""

CJK_SPACE_GAP_EM = 0.22
"""SPEC §2: between two CJK characters the threshold is 0.22 x font size (CJK text is set
without spaces, with tracking that would otherwise read as spaces)."""

BASELINE_TOLERANCE_EM = 0.35
"""SPEC §3: glyphs whose baselines agree within 35 % of the font size share a line."""

LINE_SIZE_RATIO = 2.5
"""The baseline tolerance between two glyphs is taken from the larger size, but never more than
2.5 x the smaller: a superscript (0.6-0.7 x) or a heading beside body text keeps the full
tolerance, while a giant watermark glyph (a 1435 pt word over a drawing's title block, in
``drawing_titleblock_bad_xref.pdf``) no longer swallows every line within 500 pt of its
baseline."""

SCRIPT_SPACE_GAP_EM = 0.2
"""Beside a superscript or subscript the word-space threshold is 0.2 x the larger font size:
TeX sets \\scriptspace (0.5 pt) and an italic correction after a script, 0.12-0.14 em of the
base size ("k_F a" in ``cond-mat0501080``: 1.18 pt at 8.97 pt), which the 0.12 em rule took for
a word space ("kF a" for the ground truth's "kFa"). Only inside mathematics (both glyphs in
mathematics fonts, :func:`pdfprose.equations.is_math_font`): in prose the space beside a
footnote mark or an index is a word space, however narrow."""

SCRIPT_SHIFT_EM = 0.05
"""Two glyphs form a script pair (:data:`SCRIPT_SPACE_GAP_EM`) when the smaller is at most
SCRIPT_SIZE_RATIO of the larger and their baselines differ by over 0.05 x the larger size (a
smaller word on the same baseline, such as small capitals, keeps the usual threshold)."""

RUN_GAP_EM = 1.0
"""A gap wider than 1 em inside a line starts a new text run. Word spaces, even in justified
text, stay well under it; gutters between columns and gaps between table cells are wider.
Runs of one line are joined again after reading order, so a wrong cut costs nothing in a
single-column region."""

DUPLICATE_TOLERANCE_EM = 0.15
"""Fake bold draws the same glyph twice, offset by a fraction of a point: the same text within
0.15 em on both axes is one glyph (SPEC §2)."""

SCRIPT_SIZE_RATIO = 0.85
"""A run at most 85 % of its neighbour's size, inside its vertical extent, is a superscript or
subscript and joins the neighbour's line (SPEC §3)."""

SCRIPT_MIN_RATIO = 0.4
"""...and at least 40 % of it: TeX's second-level scripts are 5 pt on 10 pt (0.5), Word's 0.58-0.65;
text far smaller beside a huge glyph is a label of its own, not a script of it."""

DROP_CAP_RATIO = 1.8
"""A single letter at least 1.8 x the size of the text beside it is a drop cap: it belongs at the
start of the first line of its paragraph, whose top it shares ("S" + "calable" = "Scalable")."""

DROP_CAP_MAX_RATIO = 6.0
"""...and at most 6 x: a drop cap spans two to five lines; a letter fifty times the size of the
text beside it is a watermark or a drawing's giant label, not the start of a paragraph."""

INTERLEAVE_SHARE = 0.75
"""Lines of a chained cluster's horizontal stretch (:func:`_column_lines`) are cut apart only
where two of them overlap along at least 75 % of the length the shorter covers: two lines of
text stacked over each other, which sorted by x read letter by letter. Over the corpus such
pairs overlap 0.92-1.00 (IRS forms and instructions; the fractions of a Jacobian in
``geotopo_thesis_117p_type3``, whose numerators and denominators interleaved too). A
superscript or an index sits beside the glyphs of its line, and stacked scripts over one
another cover part of it (0.33-0.65): where another column's line chained such a script to its
line (citation marks raised 0.37 em in ``sci_reports_2col_sidebar_ligatures``, beyond the
baseline tolerance), the chain is left alone."""

HORIZONTAL_ANGLE_TOLERANCE = 2.0
"""Degrees a baseline may tilt and still count as horizontal (scanned OCR layers tilt a little)."""

_CJK_RANGES = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3130, 0x318F),  # Hangul compatibility Jamo
    (0x3190, 0x31FF),
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms (vertical punctuation)
    (0xFF00, 0xFFEF),  # half- and full-width forms
    (0x20000, 0x2FA1F),
)

_MULTISPACE = re.compile(r" {2,}")


def is_cjk(ch: str) -> bool:
    """True for Han, Hiragana, Katakana, Hangul and CJK punctuation (SPEC §2)."""
    if not ch:
        return False
    code = ord(ch[0])
    if code < 0x1100:  # Latin, Greek, Cyrillic and the rest: the common case, answered at once
        return False
    k = bisect_right(_CJK_STARTS, code) - 1  # the ranges are sorted and do not overlap
    return k >= 0 and code <= _CJK_RANGES[k][1]


_CJK_STARTS = [lo for lo, _ in _CJK_RANGES]

_CJK_CHARACTER = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CJK_RANGES) + "]")
"""Any character :func:`is_cjk` accepts: a text this never matches has no CJK at all (math
symbols and dashes lie above U+1100 too, so a text's largest character cannot tell)."""


LETTER_SPACED_MIN_LETTERS = 5
"""Letter-spaced titles (SPEC §2): a run is examined when it has at least five letters."""

LETTER_SPACED_MAX_EM = 0.6
"""Gaps between the letters of a letter-spaced word stay under 0.6 em (OCR layers of spaced
titles: 0.2 em in ``es_meditaciones_scan_ocr.pdf``; typographic tracking rarely exceeds 0.5 em);
wider gaps, or gaps holding a drawn space, are word gaps."""

LETTER_SPACING_SPREAD_EM = 0.1
"""The letter gaps of a letter-spaced run are all alike: they differ by at most 0.1 em."""

LETTER_WORD_RATIO = 2.0
"""... and its word gaps are clearly wider: at least twice the widest letter gap."""

LETTER_SPACED_ALPHA_SHARE = 0.8
"""At least 80 % of the run's glyphs are letters: spaced digits are table cells or codes
("1 2 3"), whose spaces are real."""


def _letter_spacing(glyphs: list[Glyph], spans: list[tuple[float, float]]) -> float | None:
    """When ``glyphs`` (one run, in reading order, with their ``spans`` along the line) are a
    letter-spaced title, the gap in points above which a gap is a word space; else None.

    The evidence must be clear (SPEC §2): at least LETTER_SPACED_MIN_LETTERS letters, the gaps
    between letters all wider than a word space yet alike (LETTER_SPACING_SPREAD_EM) and below
    LETTER_SPACED_MAX_EM, and word gaps, drawn spaces or not, at least LETTER_WORD_RATIO times
    wider. A single spaced word ("T I T L E") has no word gap to compare with and is left as it
    is, like spaced single letters in formulas ("x y z").
    """
    marks = [(g, s, e) for g, (s, e) in zip(glyphs, spans) if g.text.strip()]
    if len(marks) < LETTER_SPACED_MIN_LETTERS:
        return None
    alpha = sum(1 for g, _, _ in marks if g.text.isalpha())
    if alpha < LETTER_SPACED_ALPHA_SHARE * len(marks):
        return None
    size = sorted(g.size for g, _, _ in marks)[len(marks) // 2]
    letter_gaps: list[float] = []
    word_gaps: list[float] = []
    index = {id(g): i for i, g in enumerate(glyphs)}
    for (a, _, a_end), (b, b_start, _) in zip(marks, marks[1:]):
        gap = b_start - a_end
        drawn_space = index[id(b)] - index[id(a)] > 1
        if drawn_space or gap > LETTER_SPACED_MAX_EM * size:
            word_gaps.append(gap)
        else:
            letter_gaps.append(gap)
    if len(letter_gaps) < LETTER_SPACED_MIN_LETTERS - 2 or not word_gaps:
        return None
    low, high = min(letter_gaps), max(letter_gaps)
    if low <= SPACE_GAP_EM * size or high - low > LETTER_SPACING_SPREAD_EM * size:
        return None
    if min(word_gaps) < LETTER_WORD_RATIO * high:
        return None
    return (high + min(word_gaps)) / 2


_X0 = attrgetter("x0")
_BASELINE = attrgetter("baseline")
_COUNT = itemgetter(1)
"""Sort keys (a glyph's x0 and baseline) and the count of a (size, count) pair."""

class _Columns:
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
           ) -> "_Columns":
        """The columns of ``glyphs``; those already read (in the same order) can be given."""
        return cls([g.text for g in glyphs], x0s if x0s is not None else [g.x0 for g in glyphs],
                   [g.x1 for g in glyphs], sizes if sizes is not None else [g.size for g in glyphs],
                   baselines if baselines is not None else [g.baseline for g in glyphs],
                   [g.bold for g in glyphs], [g.italic for g in glyphs],
                   [g.top for g in glyphs], [g.bottom for g in glyphs])

    def part(self, start: int, end: int) -> "_Columns":
        """The columns of the glyphs ``start`` to ``end`` (excluded)."""
        return _Columns(self.texts[start:end], self.x0s[start:end], self.x1s[start:end],
                        self.sizes[start:end], self.baselines[start:end],
                        self.bolds[start:end], self.italics[start:end], self.tops[start:end],
                        self.bottoms[start:end])


_FIRST_CJK = "\u1100"
"""No character below U+1100 is CJK (:func:`is_cjk`): a text whose largest character is below
it has none."""


def _plain_line_text(glyphs: list[Glyph]) -> str | None:
    """The text of :func:`_plain` alone."""
    plain = _plain(glyphs, _Columns.of(glyphs))
    return None if plain is None else plain[0]


def _plain(glyphs: list[Glyph], columns: _Columns, gaps: list[float] | None = None,
           uniform: bool | None = None) -> tuple[str, int] | None:
    """:func:`glyphs_to_text` of a horizontal run in the common case, computed with fewer
    steps per glyph: every glyph has text, which is either one drawn space or has no white space
    at all, no character is CJK, and the run is plainly not letter-spaced (two of its letters
    stand no further apart than a word space's threshold). Returns None when any of this does
    not hold (the general loop then decides); otherwise exactly the general loop's text, and
    the number of visible characters (``len(text.strip())`` summed over the glyphs).

    ``columns`` are the :class:`_Columns` of ``glyphs``; ``gaps``, when known, are the run's
    ``x0s[i + 1] - x1s[i]``; ``uniform`` True when all sizes are known to be equal (then the
    marks' are too).

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
        spaced = _spaced_pairs(is_mark, x1s, sizes, mark_x1s)
    else:
        marks, mark_x0s, mark_x1s, mark_sizes = texts, x0s, x1s, sizes
        mark_gaps = gaps
        spaced = {}
    m = n - spaces
    if not uniform:
        uniform = mark_sizes.count(mark_sizes[0]) == m
    if m >= LETTER_SPACED_MIN_LETTERS and not _has_narrow_gap(mark_sizes, mark_gaps, spaced,
                                                               uniform):
        # _letter_spacing would look further, unless the run is not mostly letters.
        if sum(map(str.isalpha, marks)) >= LETTER_SPACED_ALPHA_SHARE * m:
            return None
    if not core.isascii() and max(core) >= _FIRST_CJK and _CJK_CHARACTER.search(core):
        # Between two CJK characters the word-space threshold is CJK_SPACE_GAP_EM.
        firsts = list(map(is_cjk, marks))
        lasts = firsts if len(core) == m else [is_cjk(t[-1:]) for t in marks]
        cut = [gap > (CJK_SPACE_GAP_EM if a and b else SPACE_GAP_EM) * size for gap, size, a, b
               in zip(mark_gaps, map(max, mark_sizes, mark_sizes[1:]), lasts, firsts[1:])]
        if not uniform:
            _script_spaces(cut, glyphs, is_mark if spaces else None, mark_gaps, mark_sizes,
                           [not (a and b) for a, b in zip(lasts, firsts[1:])])
    elif uniform:
        # The common run: the marks after which a space goes, found at once (counted as the
        # marks before each space, what _joined wants).
        ends = list(compress(range(1, m), map(gt, mark_gaps,
                                              repeat(SPACE_GAP_EM * mark_sizes[0]))))
        if spaced:
            shown = [pair + 1 for pair, kept in spaced.items() if kept]
            if shown:
                ends = sorted(set(ends).union(shown))
        return _joined(core, marks, ends), len(core)
    else:
        cut = [gap > SPACE_GAP_EM * size
               for gap, size in zip(mark_gaps, map(max, mark_sizes, mark_sizes[1:]))]
        _script_spaces(cut, glyphs, is_mark if spaces else None, mark_gaps, mark_sizes)
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
                   gaps: list[float], sizes: list[float], eligible: list[bool] | None = None,
                   ) -> None:
    """Redecide in place the word spaces ``cut`` between consecutive marks of different sizes
    with :func:`_space_factor` (a script in mathematics fonts has a threshold of its own), as
    the general loop does; ``eligible`` leaves out the pairs another rule decided (two CJK
    characters)."""
    pairs = [i for i, (a, b) in enumerate(zip(sizes, sizes[1:])) if a != b
             and (eligible is None or eligible[i])]
    if not pairs:
        return
    marks = glyphs if is_mark is None else list(compress(glyphs, is_mark))
    for i in pairs:
        factor = _space_factor(marks[i], marks[i + 1])
        if factor != SPACE_GAP_EM:
            cut[i] = gaps[i] > factor * max(sizes[i], sizes[i + 1])


def _spaced_pairs(is_mark: list[bool], x1s: list[float], sizes: list[float],
                  mark_x1s: list[float]) -> dict[int, bool]:
    """For each pair of consecutive marks (numbered by the first) with drawn spaces between
    them: whether one of those spaces shows, reaching further right than the mark before it
    by more than 1 % of its size (the general loop skips the others)."""
    spaced: dict[int, bool] = {}
    last = len(mark_x1s) - 1
    for rank, i in enumerate(compress(range(len(is_mark)), map(not_, is_mark))):
        pair = i - rank - 1  # the marks before the space, less one
        if 0 <= pair < last and not spaced.get(pair):
            spaced[pair] = not x1s[i] <= mark_x1s[pair] + 0.01 * sizes[i]
    return spaced


def _has_narrow_gap(sizes: list[float], gaps: list[float], spaced: dict[int, bool],
                    uniform: bool) -> bool:
    """Whether two marks with nothing drawn between them stand no further apart than a word
    space's threshold (SPACE_GAP_EM of the marks' middle size): then :func:`_letter_spacing`
    finds no letter-spaced title."""
    m = len(sizes)
    size = sizes[0] if uniform else sorted(sizes)[m // 2]
    threshold = SPACE_GAP_EM * size
    if not size > 0:
        return False
    if not spaced:
        return bool(gaps) and min(gaps) <= threshold
    # The gaps with drawn spaces are left out: NaN compares false with any threshold.
    open_gaps = gaps.copy()
    for pair in spaced:
        open_gaps[pair] = math.nan
    return any(map(le, open_gaps, repeat(threshold)))


def _space_factor(a: Glyph, b: Glyph) -> float:
    """The word-space threshold in em between glyph ``a`` and the horizontal non-CJK glyph
    ``b`` after it when both are set in mathematics fonts: SCRIPT_SPACE_GAP_EM before a
    superscript or subscript and after a subscript (SCRIPT_SHIFT_EM); SPACE_GAP_EM otherwise,
    after a superscript too. In prose a script is a footnote mark or a variable's index, and
    the word space beside it is an ordinary one ("V0 being", "USA, 2Center")."""
    if not (is_math_font(a.font) and is_math_font(b.font)):
        return SPACE_GAP_EM
    size_a, base_a, size_b, base_b = a.size, a.baseline, b.size, b.baseline
    if size_b <= SCRIPT_SIZE_RATIO * size_a:
        return SCRIPT_SPACE_GAP_EM if abs(base_b - base_a) > SCRIPT_SHIFT_EM * size_a \
            else SPACE_GAP_EM
    if size_a <= SCRIPT_SIZE_RATIO * size_b and base_a - base_b > SCRIPT_SHIFT_EM * size_b:
        return SCRIPT_SPACE_GAP_EM  # a is a subscript (lower on the page: a larger y)
    return SPACE_GAP_EM


def glyphs_to_text(
    glyphs: list[Glyph], along: list[float] | None = None, vertical: bool = False
) -> str:
    """Join glyphs already in reading order, inserting word spaces by SPEC §2.

    ``along`` gives each glyph's (start, end) position along the line direction, in points,
    when it is not the x axis of page space (rotated and vertical text); by default ``x0``/``x1``
    are used. In ``vertical`` writing no space is ever put between two CJK characters (columns
    are set on a grid with gaps). A letter-spaced run (see :func:`_letter_spacing`) is read
    with its letters together and its words apart.
    """
    if along is None and not vertical and glyphs:
        text = _plain_line_text(glyphs)
        if text is not None:
            return text
    return _general_text(glyphs, along, vertical)


def _general_text(glyphs: list[Glyph], along: list[float] | None, vertical: bool) -> str:
    """:func:`glyphs_to_text`, glyph by glyph."""
    spans = [
        (along[2 * i], along[2 * i + 1]) if along is not None else (g.x0, g.x1)
        for i, g in enumerate(glyphs)
    ]
    spaced = _letter_spacing(glyphs, spans)
    parts: list[str] = []
    prev: Glyph | None = None
    prev_end = 0.0
    for g, (start, end) in zip(glyphs, spans):
        if prev is not None and g.text == " " and end <= prev_end + 0.01 * g.size:
            continue  # a space drawn under the previous glyph (a string's leading space) is no gap
        if prev is not None and g.text:
            gap = start - prev_end
            both_cjk = is_cjk(prev.text[-1:]) and is_cjk(g.text[:1])
            if vertical and both_cjk:
                gap = 0.0
            if both_cjk:
                factor = CJK_SPACE_GAP_EM
            elif along is None and prev.size != g.size:
                factor = _space_factor(prev, g)
            else:
                factor = SPACE_GAP_EM
            threshold = factor * max(prev.size, g.size)
            if spaced is not None and not both_cjk:
                threshold = spaced
            if gap > threshold and not prev.text.endswith(" ") and not g.text.startswith(" "):
                parts.append(" ")
        parts.append(g.text)
        if g.text:
            prev, prev_end = g, end
    return clean_line_text(_MULTISPACE.sub(" ", "".join(parts)).strip())


SPACING_ACCENTS = {
    "\u00b4": "\u0301", "\u02ca": "\u0301", "`": "\u0300", "\u02cb": "\u0300",
    "\u00a8": "\u0308", "\u02c6": "\u0302", "^": "\u0302", "\u02dc": "\u0303", "~": "\u0303",
    "\u00b8": "\u0327", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u02d9": "\u0307",
    "\u02da": "\u030a", "\u02dd": "\u030b", "\u00af": "\u0304", "\u02db": "\u0328",
}
"""Spacing accents that old TeX output draws as a glyph of their own over a letter (SPEC §11:
"d´ej`a" must read "déjà"), with the combining mark each becomes."""

ACCENT_OVERLAP = 0.3
"""An accent composes with the letter its box overlaps by at least 30 % of the narrower width;
an ASCII ^, ~ or ` standing between letters overlaps neither."""

_DOTLESS = {"\u0131": "i", "\u0237": "j"}


def _compose_accents(glyphs: list[Glyph]) -> list[Glyph]:
    """Fold spacing-accent glyphs into the letter they sit over (input sorted by x0)."""
    if not any(g.text in SPACING_ACCENTS for g in glyphs):
        return glyphs
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
            if narrower > 0 and overlap >= ACCENT_OVERLAP * narrower and overlap > best_overlap:
                best, best_overlap = j, overlap
        if best is not None:
            letter = glyphs[best]
            base = _DOTLESS.get(letter.text, letter.text)
            letter.text = unicodedata.normalize("NFC", base + mark)
            dropped.add(i)
    return [g for k, g in enumerate(glyphs) if k not in dropped]


def _dedupe(glyphs: list[Glyph]) -> list[Glyph]:
    """Drop glyphs drawn twice at almost the same place (fake bold); input sorted by x0."""
    kept: list[Glyph] = []
    for g in glyphs:
        tol = DUPLICATE_TOLERANCE_EM * g.size
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


_ROUNDED: dict[float, float] = {}
"""``round(v, 1)`` of the non-zero floats met so far (a document's lines share a few sizes and
baselines; round() to a number of digits costs half a microsecond)."""

ROUNDED_KEPT = 4096
"""...forgotten all at once beyond this many values, so that a long-lived worker's cache stays
small."""


def _round1(value: float) -> float:
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
        return [_round1(first)] * len(values)
    table = {v: _round1(v) for v in set(values)}
    return list(map(table.__getitem__, values))


def _make_line(glyphs: list[Glyph], angle: float = 0.0, text: str | None = None,
               columns: _Columns | None = None, gaps: list[float] | None = None,
               uniform: bool | None = None, host: Line | None = None,
               ordered: bool = False) -> Line:
    """The line of a run of glyphs; ``columns`` are the run's :class:`_Columns` and ``gaps``
    its gaps (see :func:`_plain`), when known; ``uniform`` True when all its sizes are known
    to be equal (None: not known). ``host``: a line whose box top and bottom, baseline and size
    the new line takes (:func:`_with_scripts`), so they are not worked out. ``ordered``: the
    run's x0s and x1s are known to be in increasing order, none NaN."""
    # Column-wise (C loops over attribute columns); the same values as glyph-by-glyph loops:
    # sizes weighted by visible characters (len(text.strip())), the first-seen size winning a
    # tie; bold and italic when most visible characters are.
    if columns is None:
        columns = _Columns.of(glyphs)
    texts, raw_sizes = columns.texts, columns.sizes
    n = len(texts)
    visible: int | None = None
    if text is None:
        plain = _plain(glyphs, columns, gaps, uniform)
        if plain is None:
            text = _general_text(glyphs, None, False)
        else:
            text, visible = plain
    sizes: list[float] | None = None
    if host is not None:
        pass  # its size is the host's
    elif uniform or raw_sizes.count(raw_sizes[0]) == n:  # one size: one weight
        uniform, size = True, _round1(raw_sizes[0])
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
        baseline = _round1(raw_baselines[0])
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
    raise ImportError("pdfprose.model.Line's fields changed: update _make_line() in pdfprose.lines")


def _split_runs(columns: _Columns, gaps: list[float], uniform: bool,
                x1s_sorted: bool) -> list[tuple[int, int]]:
    """Cut one baseline's glyphs (sorted by x0) where the gap exceeds RUN_GAP_EM: the runs as
    ``(start, end)`` index ranges, leaving out runs that hold nothing but spaces. ``gaps`` are
    the glyphs' ``x0s[i + 1] - x1s[i]``; ``uniform`` says all glyphs have the same size;
    ``x1s_sorted`` whether ``sorted(x1s) == x1s``."""
    texts, x0s, x1s, sizes = columns.texts, columns.x0s, columns.x1s, columns.sizes
    n = len(texts)
    # The gap before each glyph is measured from the right-most end of the glyphs before it
    # (mostly the glyph just before: the ends of glyphs sorted by x0 seldom go back).
    if x1s_sorted:
        rights = x1s
    else:
        rights = list(accumulate(x1s, max))
        gaps = list(map(sub, x0s[1:], rights))
    if uniform:
        wide = compress(range(1, n), map(gt, gaps, repeat(RUN_GAP_EM * sizes[0])))
    else:
        wide = compress(range(1, n), map(gt, gaps, map(mul, repeat(RUN_GAP_EM), sizes[1:])))
    wide = list(wide)
    if not wide:  # the common line: one run (unless it holds nothing but spaces)
        return [(0, n)] if any(map(str.strip, texts)) else []
    runs: list[tuple[int, int]] = []
    start = 0
    for i in wide:
        if not texts[i].strip():
            continue
        # A bullet stays with its item's text however far the item is indented after it:
        # cut apart, the bullets of a list would line up as a column of their own.
        if i - start <= 2 and "".join(texts[start:i]).strip() in BULLET_GLYPHS \
                and x0s[i] - rights[i - 1] <= BULLET_GAP_EM * sizes[i]:
            continue
        runs.append((start, i))
        start = i
    runs.append((start, n))
    # A run holding nothing but spaces carries no text.
    return [(a, b) for a, b in runs if any(map(str.strip, texts[a:b]))]


SCRIPT_HOST_REACH = 8
"""A script's host is among the 8 lines before or after it in the order of their tops (a
script's top lies within its host's extent, and lines between them are short runs beside)."""


def _attach_scripts(lines: list[Line]) -> list[Line]:
    """Merge superscript/subscript runs into the line they belong to (SPEC §3)."""
    if len(lines) < 2:
        return lines
    lines = sorted(lines, key=lambda l: l.top)
    # A script's host is at least SCRIPT_SIZE_RATIO larger: a short line with no line that
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
            small = lines[i] = _with_scripts(small, scripts.pop(i))
            del widened[i]
        if len(small.text) > 12:
            continue
        low, high = max(0, i - SCRIPT_HOST_REACH), min(len(lines), i + SCRIPT_HOST_REACH + 1)
        if bounded and max(sizes[low:high]) * SCRIPT_SIZE_RATIO < small.size:
            continue
        centre = (small.top + small.bottom) / 2
        best = None
        for j in range(low, high):
            host = lines[j]
            if j == i or j in merged or host.size * SCRIPT_SIZE_RATIO < small.size:
                continue
            if small.size < SCRIPT_MIN_RATIO * host.size:
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
        lines[j] = _with_scripts(lines[j], taken)
    return [l for k, l in enumerate(lines) if k not in merged]


def _with_scripts(host: Line, scripts: list[Line]) -> Line:
    """``host`` made again with the glyphs of ``scripts`` (merged in this order), keeping its
    box's top and bottom, its baseline and its size. Sorting all the glyphs at once gives the
    order sorting them script by script would (the sort is stable)."""
    glyphs = sorted(host.glyphs + [g for s in scripts for g in s.glyphs], key=_X0)
    return _make_line(glyphs, host=host)


VERTICAL_STACK_GAP_EM = 0.25
"""CJK glyphs drawn with a horizontal font but stacked in columns (vertical Japanese set glyph
by glyph): a glyph whose neighbour above or below is at most 0.25 em away, closer than any
neighbour on its baseline, is set vertically. Glyphs chained by such gaps form a stack."""

MIN_VERTICAL_CJK = 20
"""Pages with fewer CJK glyphs are not searched for vertical stacks (a stray kanji label)."""

COLUMN_ALIGN_EM = 0.2
"""Glyphs whose centres lie within 0.2 em across share a vertical column (the column pitch of
vertical Japanese is at least 1 em, glyph centres in a column agree to a fraction of a point)."""

COLUMN_HOLE_EM = 1.6
"""A vertical column may hold a gap of up to 1.6 em (one ideographic space after an item
numeral, "一　法第五十一条"); a glyph or short stack across such a gap from a vertical stack of
its column, and of its size, belongs to the column unless it sits in tight horizontal text."""

TIGHT_ROW_EM = 0.1
"""A CJK glyph with a neighbour on its baseline at most 0.1 em away is set in horizontal text
(CJK horizontal text is set solid or with tracking of a few hundredths of an em)."""

SAME_SIZE_RATIO = 0.85
"""Two glyphs whose sizes differ by less than 15 % count as the same size."""


def _stacks(column: list[Glyph]) -> list[list[Glyph]]:
    """Split one column's glyphs (any order) into stacks: runs top to bottom whose consecutive
    gaps are at most VERTICAL_STACK_GAP_EM (overlaps included)."""
    column.sort(key=lambda g: g.top)
    stacks: list[list[Glyph]] = []
    bottom = -math.inf
    for g in column:
        if stacks and g.top - bottom <= VERTICAL_STACK_GAP_EM * g.size:
            stacks[-1].append(g)
        else:
            stacks.append([g])
            bottom = -math.inf
        bottom = max(bottom, g.bottom)
    return stacks


def _nearest_gaps(
    groups: Iterable[list[Glyph]],
    position: Callable[[Glyph], float],
    gap: Callable[[Glyph, Glyph], float],
) -> dict[int, float]:
    """For each glyph (by id), the smallest gap to its neighbour in its group, sorted by
    ``position``."""
    nearest: dict[int, float] = {}
    for group in groups:
        group.sort(key=position)
        for a, b in zip(group, group[1:]):
            d = abs(gap(a, b))
            for g in (a, b):
                nearest[id(g)] = min(nearest.get(id(g), math.inf), d)
    return nearest


def mark_vertical_cjk(glyphs: list[Glyph]) -> None:
    """Set ``vertical`` on CJK glyphs of horizontal fonts that are set in vertical columns.

    Columns are found by glyph centre (COLUMN_ALIGN_EM) among these glyphs and the page's
    writing-mode V glyphs, which anchor them: vertical punctuation drawn with a vertical font
    inside a column of horizontal-font kanji makes the column vertical. Within a column, stacks
    (VERTICAL_STACK_GAP_EM) are vertical when they hold an anchor, or more glyphs that are closer
    to their vertical than to their horizontal neighbours than the other way round; stacks that
    cannot tell (glyphs set on a square grid, as in a table) follow the page's majority. Stray
    glyphs across a small hole in a vertical column (COLUMN_HOLE_EM) join it. Boxes are in page
    space; only glyphs at angle 0 are considered.
    """
    if _may_be_vertical_cjk([g.text for g in glyphs]):
        _mark_vertical_cjk(glyphs)


def _may_be_vertical_cjk(texts: list[str]) -> bool:
    """Whether texts (a page's) hold MIN_VERTICAL_CJK CJK characters: fewer, and no glyph is
    set vertically by :func:`mark_vertical_cjk` (which counts the glyphs that start with
    one)."""
    joined = "".join(texts)
    # isascii() is answered at once (a string knows its widest character), max() reads them all.
    if joined.isascii() or max(texts) < _FIRST_CJK:
        return False  # no text starts with a character from U+1100 on: none is CJK
    return len(_CJK_CHARACTER.findall(joined)) >= MIN_VERTICAL_CJK


def _mark_vertical_cjk(glyphs: list[Glyph]) -> None:
    """:func:`mark_vertical_cjk` on a page that has CJK characters."""
    cjk = [
        g for g in glyphs
        if g.text >= _FIRST_CJK  # a quick test first: nothing below U+1100 is CJK
        and not g.vertical and g.angle == 0.0 and not g.mirrored and is_cjk(g.text[:1])
    ]
    if len(cjk) < MIN_VERTICAL_CJK:
        return
    anchors = [g for g in glyphs if g.vertical and g.angle == 0.0 and g.text.strip()]
    anchor_ids = {id(g) for g in anchors}
    rows: dict[int, list[Glyph]] = {}
    for g in cjk:
        rows.setdefault(round(g.baseline * 2), []).append(g)
    hgap = _nearest_gaps(rows.values(), lambda g: g.x0, lambda a, b: b.x0 - a.x1)

    members = sorted(cjk + anchors, key=lambda g: (g.x0 + g.x1) / 2)
    columns: list[list[Glyph]] = []
    start = -math.inf
    for g in members:
        centre = (g.x0 + g.x1) / 2
        if columns and centre - start <= COLUMN_ALIGN_EM * g.size:
            columns[-1].append(g)
        else:
            columns.append([g])
            start = centre
    column_stacks = [_stacks(column) for column in columns]
    vgap = _nearest_gaps(
        (s for stacks in column_stacks for s in stacks if len(s) > 1),
        lambda g: g.top, lambda a, b: b.top - a.bottom,
    )

    def leaning(g: Glyph) -> int:
        """+1 when g's vertical neighbour is clearly the closer, -1 when its horizontal one."""
        v = vgap.get(id(g), math.inf)
        h = hgap.get(id(g), math.inf)
        if v <= VERTICAL_STACK_GAP_EM * g.size and h > v + 0.1 * g.size:
            return 1
        if h <= VERTICAL_STACK_GAP_EM * g.size and v > h + 0.1 * g.size:
            return -1
        return 0

    decisions: list[list[int]] = []  # per column, per stack: 1 vertical, -1 horizontal, 0 unsure
    votes = 0
    for stacks in column_stacks:
        row = []
        for stack in stacks:
            if any(id(g) in anchor_ids for g in stack):
                row.append(1)
                votes += len(stack)
                continue
            score = sum(leaning(g) for g in stack) if len(stack) > 1 else 0
            row.append(1 if score > 0 else (-1 if score < 0 else 0))
            votes += len(stack) * row[-1]
        decisions.append(row)
    page_vertical = votes > 0
    for stacks, row in zip(column_stacks, decisions):
        for k, stack in enumerate(stacks):
            if row[k] == 0 and len(stack) > 1 and page_vertical:
                row[k] = 1
        # Bridge small holes: a stack next to a vertical one, across at most COLUMN_HOLE_EM,
        # of the same size, not sitting in tight horizontal text, is part of the column.
        changed = True
        while changed:
            changed = False
            for k, stack in enumerate(stacks):
                if row[k] == 1:
                    continue
                if any(hgap.get(id(g), math.inf) <= TIGHT_ROW_EM * g.size for g in stack):
                    continue
                for j in (k - 1, k + 1):
                    if not 0 <= j < len(stacks) or row[j] != 1:
                        continue
                    near, far = (stacks[j], stack) if j < k else (stack, stacks[j])
                    gap = far[0].top - max(g.bottom for g in near)
                    a, b = stack[0].size, stacks[j][0].size
                    if gap <= COLUMN_HOLE_EM * max(a, b) and min(a, b) >= SAME_SIZE_RATIO * max(a, b):
                        row[k] = 1
                        changed = True
                        break
        for k, stack in enumerate(stacks):
            if row[k] == 1:
                for g in stack:
                    g.vertical = True


def build_lines(glyphs: Iterable[Glyph]) -> tuple[list[Line], list[Line]]:
    """Group glyphs into lines (text runs).

    Returns ``(horizontal, other)``: horizontal text runs for the XY-cut, in no particular
    order; and lines of rotated, mirrored or vertical text, each read along its own direction,
    grouped by direction (SPEC §5): ``angle`` set, ``vertical`` set on columns of vertical
    writing. All boxes in page space.
    """
    horizontal: list[Glyph] = []
    other: list[Glyph] = []
    glyphs = list(glyphs)
    # The page's texts, read in one pass: the tests for CJK, accents and empty texts read
    # them here rather than the glyphs again (a page's glyphs seldom fit in the processor's
    # caches: every pass over them is memory traffic).
    texts = [g.text for g in glyphs]
    if _may_be_vertical_cjk(texts):
        _mark_vertical_cjk(glyphs)
    if not [g for g in glyphs if g.angle or g.vertical or g.mirrored]:  # no list of flags
        # Every glyph upright (the common page): the loop below would keep all with text.
        return _horizontal_lines([g for g in glyphs if g.text] if "" in texts else glyphs,
                                 texts), []
    for g in glyphs:
        if not g.text:
            continue
        if g.vertical or g.mirrored or abs(g.angle) > HORIZONTAL_ANGLE_TOLERANCE:
            other.append(g)
        else:
            horizontal.append(g)
    return _horizontal_lines(horizontal), _directional_lines(other)


def _line_clusters(baselines: list[float], sizes: list[float],
                   ) -> tuple[list[tuple[int, int]], list[int]]:
    """The lines of glyphs sorted by baseline, as ``(start, end)`` index ranges: a glyph joins
    the line before it when its baseline is within BASELINE_TOLERANCE_EM of the line's anchor
    (the baseline of its largest glyph so far), the size taken from the larger of the glyph and
    the anchor but at most LINE_SIZE_RATIO times the smaller (:func:`_baseline_tolerance`).

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
            # min(max(gs, anchor_size), LINE_SIZE_RATIO * min(gs, anchor_size)), spelt out
            high = anchor_size if anchor_size > gs else gs
            low = LINE_SIZE_RATIO * (anchor_size if anchor_size < gs else gs)
            size = low if low < high else high
            if starts and abs(baseline - anchor) <= BASELINE_TOLERANCE_EM * size:
                # Taken only because the anchor moved (the line's first anchor would not have
                # taken it): the line may be two lines chained by a larger glyph.
                if anchor != first and (not chained or chained[-1] != len(starts) - 1) \
                        and abs(baseline - first) > _baseline_tolerance(gs, first_size):
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


def _baseline_tolerance(a: float, b: float) -> float:
    """How far apart (in points) the baselines of two glyphs of sizes ``a`` and ``b`` may be on
    one line: BASELINE_TOLERANCE_EM of the larger size, at most LINE_SIZE_RATIO x the smaller
    (the rule :func:`_line_clusters` spells out for speed)."""
    return BASELINE_TOLERANCE_EM * min(max(a, b), LINE_SIZE_RATIO * min(a, b))


def _unchained(glyphs: list[Glyph], baselines: list[float], sizes: list[float],
               clusters: list[tuple[int, int]], chained: list[int]) -> list[tuple[int, int]]:
    """``clusters`` (of :func:`_line_clusters`) with each chained one that holds two lines of
    one column cut into its true lines (:func:`_column_lines`). The glyphs of a cut cluster are
    reordered in place (``glyphs``, ``baselines`` and ``sizes`` alike) so that each of its lines
    is again an index range."""
    out = clusters[:chained[0]]
    suspects = set(chained)
    for k in range(chained[0], len(clusters)):
        start, end = clusters[k]
        parts = _column_lines(glyphs[start:end], baselines[start:end], sizes[start:end]) \
            if k in suspects else None
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


def _column_lines(cluster: list[Glyph], baselines: list[float],
                  sizes: list[float]) -> list[list[int]] | None:
    """The true lines of a chained cluster (sorted by baseline), as lists of its indices, or
    None when it is one line after all.

    A larger glyph can move a line's anchor so that the next line of *another* column joins
    (on IRS forms, "2007" in 22 pt to the right of "Department of the Treasury" and "Internal
    Revenue Service" in 7 pt, 7.5 pt apart, made one line read letter by letter,
    "DInetepranratml Reenvt"). So the rule is applied again within each horizontal stretch of
    the cluster (glyphs separated by no gap wider than RUN_GAP_EM, where no gutter parts them),
    among its own glyphs only. A stretch is cut into its own lines only where they overlap
    (:func:`_interleaved`): the letter-by-letter case. Then the pieces of all stretches are
    gathered again into lines by their anchors, the same rule, never two pieces of one stretch
    together (they would interleave again)."""
    x0s = [g.x0 for g in cluster]
    x1s = [g.x1 for g in cluster]
    stretch_of = [0] * len(cluster)
    stretch = 0
    right = -math.inf
    for i in sorted(range(len(cluster)), key=x0s.__getitem__):
        if not x0s[i] - right <= RUN_GAP_EM * sizes[i]:
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
        ranges = [(0, len(indices))] if bs.count(bs[0]) == len(bs) else _line_clusters(bs, ss)[0]
        if len(ranges) > 1 and not _interleaved([indices[a:b] for a, b in ranges], x0s, x1s):
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
                and abs(baseline - anchor) <= _baseline_tolerance(size, anchor_size):
            lines[-1].extend(indices)
            taken.add(s)
            if size > anchor_size:
                anchor, anchor_size = baseline, size
        else:
            lines.append(list(indices))
            taken = {s}
            anchor, anchor_size = baseline, size
    return lines


def _interleaved(lines: list[list[int]], x0s: list[float], x1s: list[float]) -> bool:
    """Whether two of ``lines`` (lists of indices into ``x0s`` and ``x1s``, the glyphs' spans)
    overlap along at least INTERLEAVE_SHARE of the length the shorter covers."""
    covers = [covered([(x0s[i], x1s[i]) for i in line]) for line in lines]
    lengths = [_length(cover) for cover in covers]
    for j in range(len(covers)):
        for k in range(j):
            shorter = min(lengths[j], lengths[k])
            if shorter > 0 and _length(intersect(covers[j], covers[k], 0.0)) \
                    >= INTERLEAVE_SHARE * shorter:
                return True
    return False


def _length(spans: list[tuple[float, float]]) -> float:
    """The length disjoint ``spans`` cover together, in points."""
    return sum(b - a for a, b in spans)


def _horizontal_lines(glyphs: list[Glyph], texts: list[str] | None = None) -> list[Line]:
    """The lines of upright glyphs (all with text); ``texts``: the glyphs' texts (in any order,
    empty ones too), when read already."""
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
    clusters, chained = _line_clusters(baselines, sizes)
    if chained:
        clusters = _unchained(glyphs, baselines, sizes, clusters, chained)
    for start, end in clusters:
        cluster = glyphs[start:end]
        x0s = [g.x0 for g in cluster]
        in_order = sorted(x0s)
        columns: _Columns | None
        if in_order == x0s:  # drawn from left to right: the page's columns are the line's
            columns = _Columns.of(cluster, x0s, sizes[start:end], baselines[start:end])
        else:
            cluster.sort(key=_X0)
            columns = _Columns.of(cluster, in_order)
        sizes_here = columns.sizes
        uniform = sizes_here.count(sizes_here[0]) == len(sizes_here)
        if _may_repeat(columns, uniform):
            cluster = _dedupe(cluster)
            columns = None
        if accents and not SPACING_ACCENTS.keys().isdisjoint(
                columns.texts if columns is not None else [g.text for g in cluster]):
            cluster = _compose_accents(cluster)  # accents folded into letters: texts changed
            columns = None
        if columns is None:
            columns = _Columns.of(cluster)
            sizes_here = columns.sizes
            uniform = sizes_here.count(sizes_here[0]) == len(sizes_here)
        x0s, x1s = columns.x0s, columns.x1s
        gaps = list(map(sub, x0s[1:], x1s))
        x1s_sorted = sorted(x1s) == x1s
        # The cluster is sorted by x0: when its ends are sorted too, and no x0 or x1 is NaN
        # (a NaN would make its gap NaN, and so the gaps' sum), each run's box spans from its
        # first x0 to its last x1 (_make_line's ``ordered``).
        total = sum(gaps)
        ordered = x1s_sorted and total == total and x0s[0] == x0s[0] and x1s[-1] == x1s[-1]
        # A run of a cluster of one size is of one size; a run of a mixed cluster may not be.
        known = True if uniform else None
        for a, b in _split_runs(columns, gaps, uniform, x1s_sorted):
            if a == 0 and b == len(cluster):
                line = _make_line(cluster, columns=columns, gaps=gaps, uniform=known,
                                  ordered=ordered)
            else:
                line = _make_line(cluster[a:b], columns=columns.part(a, b), gaps=gaps[a:b - 1],
                                  uniform=known, ordered=ordered)
            if line.text:
                lines.append(line)
    return _attach_drop_caps(_attach_scripts(lines))


def _may_repeat(columns: _Columns, uniform: bool | None = None) -> bool:
    """Whether :func:`_dedupe` could find a glyph drawn twice: it keeps every glyph when each
    starts further right than the tolerance of its successor beyond it (its first comparison
    then stops), tested here for all at once. ``uniform``: whether all sizes are equal, when
    known."""
    x0s, sizes = columns.x0s, columns.sizes
    if uniform is None:
        uniform = sizes.count(sizes[0]) == len(sizes)
    if uniform:
        tolerance = DUPLICATE_TOLERANCE_EM * sizes[0]
        return not all(map(lt, x0s, map(sub, x0s[1:], repeat(tolerance))))
    return not all(map(lt, x0s, map(sub, x0s[1:], map(mul, repeat(DUPLICATE_TOLERANCE_EM),
                                                        sizes[1:]))))


def _attach_drop_caps(lines: list[Line]) -> list[Line]:
    """Move each drop cap to the start of the line whose top it shares (see DROP_CAP_RATIO)."""
    caps = [
        l
        for l in lines
        if l.glyphs
        and len(l.glyphs[0].text) == 1
        and l.glyphs[0].text.isalpha()
        and (len(l.glyphs) == 1 or l.glyphs[0].size >= DROP_CAP_RATIO * l.size)
    ]
    for line in caps:
        cap = line.glyphs[0]
        best: Line | None = None
        for other in lines:
            if other is line and len(line.glyphs) == 1:
                continue
            if cap.size < DROP_CAP_RATIO * other.size or cap.size > DROP_CAP_MAX_RATIO * other.size:
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
        lines[index] = _make_line(best.glyphs, text=cap.text + best.text)
        lines[index].glyphs = [cap] + best.glyphs
        rest = line.glyphs[1:]
        position = lines.index(line)
        if rest:
            lines[position] = _make_line(rest)
        else:
            del lines[position]
    return lines


def frame(angle: float, mirrored: bool = False, vertical: bool = False) -> tuple[
    tuple[float, float], tuple[float, float]
]:
    """The reading frame of text in page space (y down): ``(d, n)``, unit vectors along the
    baseline in reading direction and across it towards the next line. ``angle`` is in degrees,
    counter-clockwise as seen on the page; mirrored text has its next line on the other side;
    vertical writing reads down, its next column to the left."""
    if vertical:
        return (0.0, 1.0), (-1.0, 0.0)
    theta = math.radians(angle)
    cos, sin = math.cos(theta), math.sin(theta)
    d = (cos, -sin)
    n = (-sin, -cos) if mirrored else (sin, cos)
    return d, n


def _directional_lines(glyphs: list[Glyph]) -> list[Line]:
    """Lines of rotated, mirrored or vertical glyphs, built in each direction's own frame
    (:func:`frame`): clustered across the baseline (the glyph origins' distance, within
    BASELINE_TOLERANCE_EM), read along it, cut into runs at gaps over RUN_GAP_EM."""
    if not glyphs:
        return []
    groups: dict[tuple[bool, int, bool], list[Glyph]] = {}
    for g in glyphs:
        key = (True, -90, False) if g.vertical else (False, int(round(g.angle)), g.mirrored)
        groups.setdefault(key, []).append(g)
    lines: list[Line] = []
    for (vertical, angle, mirrored) in sorted(groups):
        d, n = frame(angle, mirrored, vertical)
        placed = []
        for g in groups[(vertical, angle, mirrored)]:
            if vertical or g.advance <= 0:
                cx, cy = (g.x0 + g.x1) / 2, (g.top + g.bottom) / 2
                across = cx * n[0] + cy * n[1]
                centre = cx * d[0] + cy * d[1]
                half = (g.bottom - g.top if vertical or abs(d[1]) > 0.5 else g.x1 - g.x0) / 2
                start, end = centre - half, centre + half
            else:
                across = g.origin_x * n[0] + g.baseline * n[1]
                start = g.origin_x * d[0] + g.baseline * d[1]
                end = start + g.advance
            placed.append((across, start, end, g))
        placed.sort(key=lambda t: t[0])
        clusters: list[list[tuple[float, float, float, Glyph]]] = []
        ref = -math.inf
        for item in placed:
            if clusters and item[0] - ref <= BASELINE_TOLERANCE_EM * item[3].size:
                clusters[-1].append(item)
            else:
                clusters.append([item])
                ref = item[0]
        for cluster in clusters:
            cluster.sort(key=lambda t: t[1])
            cluster = _dedupe_along(cluster)
            run = [cluster[0]]
            runs = [run]
            end = cluster[0][2]
            for item in cluster[1:]:
                if item[1] - end > RUN_GAP_EM * item[3].size and item[3].text.strip():
                    run = [item]
                    runs.append(run)
                else:
                    run.append(item)
                end = max(end, item[2])
            for r in runs:
                gl = [t[3] for t in r]
                along: list[float] = []
                for t in r:
                    along.extend((t[1], t[2]))
                text = glyphs_to_text(gl, along, vertical=vertical)
                if text:
                    line = _make_line(gl, angle=float(angle), text=text)
                    line.vertical = vertical
                    lines.append(line)
    return lines


def _dedupe_along(items: list[tuple[float, float, float, Glyph]]) -> list[
    tuple[float, float, float, Glyph]
]:
    """Drop glyphs drawn twice at almost the same place along a directional line (fake bold,
    DUPLICATE_TOLERANCE_EM); ``items`` are (across, start, end, glyph) sorted by start."""
    kept: list[tuple[float, float, float, Glyph]] = []
    for item in items:
        g = item[3]
        tol = DUPLICATE_TOLERANCE_EM * g.size
        if any(
            p[3].text == g.text and abs(p[1] - item[1]) <= tol and abs(p[0] - item[0]) <= tol
            for p in kept[-4:]
        ):
            continue
        kept.append(item)
    return kept
