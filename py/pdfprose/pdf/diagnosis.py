"""Honest diagnostics per page (SPEC §13): is the page empty, is its text garbled, and why.

*Empty*: no visible text glyph at all (a scan without an OCR layer, or text turned into
outlines). An invisible OCR layer over a scanned image is text (:mod:`pdfprose.pdf.document` keeps it).

*Garbled*: too many of the page's glyphs carry no Unicode meaning, so the text a reader sees
cannot be extracted. A glyph counts as *bad* when

- it is unmapped: no Unicode value (pdfminer's ``(cid:N)``), U+FFFD, a control character, or a
  private-use code that is not a symbol-font bullet (:func:`pdfprose.text.characters.clean_glyph_text`
  marks these); or
- it belongs to a *letter-shifted* run: a font whose text, on this page, is a consistent shift of
  real text by a constant number of code points (see :func:`find_shift`). Such glyphs are mapped
  to characters, but to the wrong ones: ``$FWHGXSULQWHPSV`` for "Actes du printemps" (a font
  whose codes are glyph ids in the standard Macintosh order, read as Unicode). Their text is
  replaced by U+FFFD, like unmapped glyphs, so that the jumble does not reach the output.

A page is garbled when at least :data:`GARBLED_MIN_GLYPHS` glyphs are bad and they are more than
:data:`GARBLED_SHARE` of its visible glyphs. Where pdfminer recovers the text from the embedded
font's own cmap (a CID TrueType font without ToUnicode) the glyphs are mapped, and the page is
not garbled.

The *cause* is the font fact behind most of the bad glyphs (:data:`CAUSES`), reported per page as
``garbled_cause``, with a readable sentence in the document's warnings.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import accumulate, groupby
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import Glyph
from ..text.characters import REPLACEMENT

GARBLED_SHARE = 0.25
"""A page is garbled when more than a quarter of its visible glyphs have no Unicode meaning.
Measured on the corpus (40 real PDFs and 40 arXiv papers, 776 pages): clean pages stay at 12 %
or less (the worst: a thesis page of formulas in a Type3 math font without Unicode), the garbled
pages of the corpus lie between 29 % and 100 %."""

GARBLED_MIN_GLYPHS = 10
"""Below ten bad glyphs a page is not called garbled: one bad logo is not a broken page."""

SHIFT_MIN_LETTERS = 40
"""A font's text on a page is tested for a letter shift only from 40 letters on: below that the
letter frequencies say too little (a short heading could match a shift by chance)."""

SHIFT_MIN_DISTINCT = 10
"""...and only when the shifted text uses at least ten different letters (a table of codes such
as ``ACGT`` has too few letters to show a language's frequencies)."""

SHIFT_NATURAL = 0.88
"""Cosine similarity of a text's letter frequencies to :data:`LETTER_PROFILE` from which it reads
as running text of a Latin-script language. Running text of 40+ letters in English, French,
German, Spanish or Polish scores 0.88-0.98; letters drawn uniformly at random score about 0.77."""

SHIFT_UNNATURAL = 0.75
"""Mapped text is called letter-shifted only when its own letters score below this (they do not
read as a language) and a shift makes them score :data:`SHIFT_NATURAL` or more."""

SHIFT_MIN_LETTER_SHARE = 0.6
"""The shifted text must be mostly letters: 60 % of its non-space characters at least."""

CASE_SHIFTS = (-32, 32)
"""Shifts that only swap upper and lower case: the letters stay the same, so they prove nothing."""

MAX_SHIFT = 128
"""Shifts tried: -128..128 code points (glyph ids in the standard Macintosh order sit 29 below
ASCII; other orders a little more or less)."""

LETTER_PROFILE = {
    "a": 8.9, "b": 1.4, "c": 3.4, "d": 4.7, "e": 14.1, "f": 1.4, "g": 1.7, "h": 3.1, "i": 7.2,
    "j": 0.4, "k": 0.6, "l": 4.5, "m": 2.8, "n": 7.6, "o": 6.2, "p": 2.0, "q": 0.6, "r": 6.6,
    "s": 7.4, "t": 6.8, "u": 4.3, "v": 1.1, "w": 1.1, "x": 0.2, "y": 0.8, "z": 0.5,
}
"""Letter frequencies (%) averaged over English, French, German and Spanish running text: the
shape of "a Latin-script language", against which a possibly shifted text is compared."""

CAUSES = {
    "type3_no_unicode": "Type3 fonts that carry no Unicode meaning",
    "no_tounicode": "fonts without a ToUnicode map, whose characters cannot be identified",
    "no_usable_encoding": "font subsets without a usable character encoding",
    "broken_tounicode": "fonts whose ToUnicode maps are incomplete or broken",
    "shifted_encoding": (
        "fonts that map characters to the wrong codes (their letters read shifted along the "
        "alphabet)"
    ),
    "missing_font": (
        "fonts whose definitions are missing from the file (it is cut short or damaged), so "
        "letters and spaces are out of place"
    ),
    "unmapped": "characters without Unicode meaning",
}
"""The garbled causes, each with the phrase the warning uses ("its text uses ..."; English: the
page translates the code)."""

_PROFILE_NORM = math.sqrt(sum(v * v for v in LETTER_PROFILE.values()))


@dataclass(slots=True)
class PageDiagnosis:
    """The verdict on one page's text: counts of visible and bad glyphs, ``garbled`` and its
    ``cause`` (a key of :data:`CAUSES`, or None), and ``share`` (bad / visible)."""

    visible: int
    bad: int
    garbled: bool
    cause: str | None
    share: float


def letter_score(text: Iterable[str]) -> tuple[float, int, int]:
    """``(cosine similarity to LETTER_PROFILE, letters, distinct letters)`` of ``text``'s ASCII
    letters, case folded."""
    counts: Counter[str] = Counter()
    for ch in text:
        if "a" <= ch <= "z":
            counts[ch] += 1
        elif "A" <= ch <= "Z":
            counts[ch.lower()] += 1
    return (_cosine(counts), sum(counts.values()), len(counts))


def find_shift(codes: Iterable[int] | Counter[int]) -> int | None:
    """The shift ``k`` (non-zero, not a mere case swap) that turns the code points ``codes`` into running text, or
    None. ``codes`` (or their histogram) are the Unicode values of a font's mapped text, or the
    raw codes of its unmapped glyphs. The shifted text must be mostly ASCII letters
    (SHIFT_MIN_LETTER_SHARE), have SHIFT_MIN_LETTERS letters of SHIFT_MIN_DISTINCT kinds, and
    score SHIFT_NATURAL against the letter profile; the best-scoring shift wins. Codes that
    read as text unshifted give None."""
    histogram = codes if isinstance(codes, Counter) else Counter(c for c in codes if c >= 0)
    if sum(histogram.values()) < SHIFT_MIN_LETTERS:
        return None
    best: tuple[float, int] | None = None
    for k in letter_rich_shifts(histogram):
        if k in CASE_SHIFTS:
            continue  # upper case <-> lower case: the same letters, not a shifted text
        letters: Counter[str] = Counter()
        others = 0
        for code, n in histogram.items():
            value = code + k
            if 0x61 <= value <= 0x7A:
                letters[chr(value)] += n
            elif 0x41 <= value <= 0x5A:
                letters[chr(value + 0x20)] += n
            elif value != 0x20 and code >= 0:
                others += n
        count = sum(letters.values())
        if count < SHIFT_MIN_LETTERS or len(letters) < SHIFT_MIN_DISTINCT:
            continue
        if count < SHIFT_MIN_LETTER_SHARE * (count + others):
            continue
        score = _cosine(letters)
        if k == 0:
            if score >= SHIFT_NATURAL:
                return None  # the codes read as text already: nothing is shifted
            continue
        if score >= SHIFT_NATURAL and (best is None or score > best[0]):
            best = (score, k)
    return best[1] if best else None


_LOWEST_LETTER_CODE = 0x41 - MAX_SHIFT
_HIGHEST_LETTER_CODE = 0x7A + MAX_SHIFT
"""The codes that some shift of :func:`find_shift` turns into an ASCII letter."""


def letter_rich_shifts(histogram: Counter[int]) -> list[int]:
    """The shifts -MAX_SHIFT..MAX_SHIFT, in order, under which the codes of ``histogram`` that
    become ASCII letters weigh at least SHIFT_MIN_LETTERS and are at least SHIFT_MIN_DISTINCT
    different codes. Only these can pass :func:`find_shift`'s first test (fewer distinct codes
    make fewer distinct letters), so the others need not be tried letter by letter: the
    weights of the codes each shift turns into letters are read off running sums over the
    codes, two ranges (a-z, A-Z) per shift."""
    low = _LOWEST_LETTER_CODE
    size = _HIGHEST_LETTER_CODE - low + 2
    weights = [0] * size  # index code - low + 1: the running sums start with an empty range
    kinds = [0] * size
    for code, n in histogram.items():
        if low <= code <= _HIGHEST_LETTER_CODE:
            weights[code - low + 1] += n
            kinds[code - low + 1] += 1
    w = list(accumulate(weights))
    c = list(accumulate(kinds))
    # Under shift k the codes 0x61 - k..0x7A - k and 0x41 - k..0x5A - k become letters: the
    # running sums' differences over those ranges (index code - low + 1 is the sum up to code).
    a, z, big_a, big_z = 0x61 - low, 0x7A - low + 1, 0x41 - low, 0x5A - low + 1
    return [k for k in range(-MAX_SHIFT, MAX_SHIFT + 1)
            if w[z - k] - w[a - k] + w[big_z - k] - w[big_a - k] >= SHIFT_MIN_LETTERS
            and c[z - k] - c[a - k] + c[big_z - k] - c[big_a - k] >= SHIFT_MIN_DISTINCT]


def _cosine(counts: Counter[str]) -> float:
    dot = sum(n * LETTER_PROFILE[ch] for ch, n in counts.items())
    norm = math.sqrt(sum(n * n for n in counts.values()))
    return dot / (norm * _PROFILE_NORM) if norm else 0.0


FontKey = tuple[str, str, bool]


def _font_key(glyph: Glyph) -> FontKey:
    """Glyphs of one font, for the shift test: the same base font of the same kind is one font
    even when a file embeds it twice (two resources naming the same subset)."""
    return _run_key(glyph.font, glyph.source)


def _run_key(font: str, source: object) -> FontKey:
    """The :func:`_font_key` of a run of glyphs of font ``font`` whose ``source`` (their
    :class:`~pdfprose.pdf.fonts.FontFacts`, or None for hand-built glyphs) is the same."""
    if source is None:
        return (font, "", True)
    return (font, getattr(source, "kind", "simple"), getattr(source, "has_unicode_map", True))


class FontEvidence:
    """What the document's pages so far showed of each font: histograms of the code points of
    its mapped text and of the codes of its unmapped glyphs. A letter shift is judged on all of
    it (a page may show a font for one short caption only), and re-judged only when the evidence
    has doubled, so a long document costs a few tests per font.

    :class:`pdfprose.Converter` keeps one per document; without one, a page is judged alone.
    """

    def __init__(self) -> None:
        self._hist: dict[tuple[FontKey, bool], Counter[int]] = {}
        self._size: dict[tuple[FontKey, bool], int] = {}
        self._verdict: dict[tuple[FontKey, bool], tuple[int, int | None]] = {}
        self._letters: dict[FontKey, Counter[str]] = {}
        """Per font, the ASCII letters (case folded) of its mapped text's histogram, in the
        order :func:`histogram_score` would count them: kept up to date as text is added, so
        that scoring a font on each page costs 26 letters, not its whole histogram."""

    def add(self, key: FontKey, unmapped: bool, codes: Iterable[int]) -> None:
        codes = codes if isinstance(codes, list) else list(codes)
        if codes and min(codes) < 0:
            codes = [code for code in codes if code >= 0]
        self._count((key, unmapped), Counter(codes).items(), len(codes))

    def add_text(self, key: FontKey, text: str) -> None:
        """``add(key, False, map(ord, text))``: the code points of a font's mapped text, counted
        a distinct character at a time."""
        self._count((key, False), ((ord(ch), n) for ch, n in Counter(text).items()), len(text))

    def _count(self, slot: tuple[FontKey, bool], counts: Iterable[tuple[int, int]],
               size: int) -> None:
        """Add ``counts`` (code, number), the distinct codes of ``size`` glyphs' codes in order
        of first appearance, to the slot's histogram and, for mapped text, to its letters."""
        hist = self._hist.setdefault(slot, Counter())
        letters = None if slot[1] else self._letters.setdefault(slot[0], Counter())
        for code, n in counts:
            hist[code] += n  # a new code comes after the old ones, as update() would put it
            if letters is None:
                continue
            # ...so a letter first met here comes after the letters already counted, in the
            # order histogram_score would meet them in the histogram.
            if 0x61 <= code <= 0x7A:
                letters[chr(code)] += n
            elif 0x41 <= code <= 0x5A:
                letters[chr(code + 0x20)] += n
        self._size[slot] = self._size.get(slot, 0) + size

    def __deepcopy__(self, memo: dict[int, Any]) -> "FontEvidence":
        """An independent copy, the same as :func:`copy.deepcopy` would make (each histogram
        copied, in the same order; the keys and verdicts are immutable tuples) at a fraction of
        its cost: the split between two workers copies the evidence once per page
        (:meth:`pdfprose.Converter.adopt`)."""
        clone = FontEvidence.__new__(FontEvidence)
        clone._hist = {slot: hist.copy() for slot, hist in self._hist.items()}
        clone._size = dict(self._size)
        clone._verdict = dict(self._verdict)
        clone._letters = {key: letters.copy() for key, letters in self._letters.items()}
        memo[id(self)] = clone
        return clone

    def text_score(self, key: FontKey) -> tuple[float, int]:
        """``histogram_score(self.histogram(key, False))``: how the font's mapped text so far
        reads as a language, and how many ASCII letters it has."""
        letters = self._letters.get(key)
        if letters is None:
            return histogram_score(self.histogram(key, False))
        return (_cosine(letters), sum(letters.values()))

    def histogram(self, key: FontKey, unmapped: bool) -> Counter[int]:
        return self._hist.get((key, unmapped), Counter())

    def shift(self, key: FontKey, unmapped: bool) -> int | None:
        slot = (key, unmapped)
        size = self._size.get(slot, 0)
        judged = self._verdict.get(slot)
        if judged is not None and (judged[1] is not None or size < 2 * judged[0]):
            return judged[1]
        verdict = find_shift(self._hist.get(slot, Counter()))
        if size >= SHIFT_MIN_LETTERS:
            self._verdict[slot] = (size, verdict)
        return verdict


def _cause_of(glyph: Glyph) -> str:
    facts = glyph.source
    if facts is None:
        return "unmapped"
    if getattr(facts, "missing", False):
        return "missing_font"
    kind = getattr(facts, "kind", "simple")
    has_map = getattr(facts, "has_unicode_map", True)
    if has_map:
        return "broken_tounicode"
    if kind == "type3":
        return "type3_no_unicode"
    if kind == "cid":
        return "no_tounicode"
    return "no_usable_encoding"


def _font_runs(sources: list[object], fonts: list[str]) -> Iterator[tuple[FontKey, int, int]]:
    """The runs of one :func:`_font_key` in glyphs whose sources and font names are ``sources``
    and ``fonts`` (page order): ``(key, start, end)``. Glyphs come in long runs of one font: the
    key is worked out once per run. The runs are found by source alone (compared as ``groupby``
    compares; a key of two attributes would build a tuple per glyph), and split by font name
    only where a run's names differ (never for the collector's glyphs, whose font is their
    source's name): the same runs as of the pair."""
    start = 0
    for source, run in groupby(sources):
        end = start + len(list(run))
        font = fonts[start]
        if fonts[start:end].count(font) == end - start:
            yield _run_key(font, source), start, end
        else:
            i = start
            for font, part in groupby(fonts[start:end]):
                j = i + len(list(part))
                yield _run_key(font, source), i, j
                i = j
        start = end


def glyphs_by_font(glyphs: Sequence[Glyph]) -> dict[FontKey, list[Glyph]]:
    """The glyphs grouped by :func:`_font_key`, keys in order of first appearance, each group
    in page order (:func:`_font_runs`)."""
    by_font: dict[FontKey, list[Glyph]] = {}
    for key, start, end in _font_runs([g.source for g in glyphs], [g.font for g in glyphs]):
        by_font.setdefault(key, []).extend(glyphs[start:end])
    return by_font


def mark_shifted_text(glyphs: Sequence[Glyph], evidence: FontEvidence | None = None) -> set[FontKey]:
    """Find fonts whose *mapped* text is letter-shifted (see the module docstring), turn their
    glyphs on this page into unmapped U+FFFD glyphs, and return the keys of those fonts."""
    return _mark_shifted([g for g in glyphs if not g.unmapped and g.text.strip()], evidence)


def _mark_shifted(mapped: list[Glyph], evidence: FontEvidence | None) -> set[FontKey]:
    """:func:`mark_shifted_text` given ``mapped``, the page's glyphs with visible mapped text
    in page order."""
    evidence = evidence if evidence is not None else FontEvidence()
    shifted: set[FontKey] = set()
    for key, (texts, spans) in text_by_font(mapped).items():
        evidence.add_text(key, "".join(texts))
        score, letters = evidence.text_score(key)
        if letters < SHIFT_MIN_LETTERS or score >= SHIFT_UNNATURAL:
            continue
        if evidence.shift(key, False) is None:
            continue
        shifted.add(key)
        for start, end in spans:
            for glyph in mapped[start:end]:
                glyph.text = REPLACEMENT
                glyph.unmapped = True
    return shifted


def text_by_font(glyphs: Sequence[Glyph]) -> dict[FontKey, tuple[list[str], list[tuple[int, int]]]]:
    """Per :func:`_font_key` (in order of first appearance), the text of its glyphs, in pieces,
    and the spans ``(start, end)`` of ``glyphs`` they are: the groups of :func:`glyphs_by_font`,
    joined, without building a list of glyphs per group (done for every page, and only a
    letter-shifted font's glyphs are wanted one by one); each glyph's source, font and text are
    read once, into lists the runs are sliced from."""
    texts = [g.text for g in glyphs]
    by_font: dict[FontKey, tuple[list[str], list[tuple[int, int]]]] = {}
    for key, start, end in _font_runs([g.source for g in glyphs], [g.font for g in glyphs]):
        pieces, spans = by_font.setdefault(key, ([], []))
        pieces.append("".join(texts[start:end]))
        spans.append((start, end))
    return by_font


def histogram_score(histogram: Counter[int]) -> tuple[float, int]:
    letters: Counter[str] = Counter()
    for code, n in histogram.items():
        if 0x61 <= code <= 0x7A:
            letters[chr(code)] += n
        elif 0x41 <= code <= 0x5A:
            letters[chr(code + 0x20)] += n
    return (_cosine(letters), sum(letters.values()))


def diagnose(glyphs: Sequence[Glyph], evidence: FontEvidence | None = None) -> PageDiagnosis:
    """Judge one page's glyphs (all of them, as parsed; glyphs without visible text are not
    counted). Letter-shifted mapped text is turned into unmapped glyphs on the way. ``evidence``
    carries what earlier pages showed of each font (see :class:`FontEvidence`)."""
    evidence = evidence if evidence is not None else FontEvidence()
    # The visible glyphs are the mapped ones and the bad ones (unmapped): counted from the two
    # lists, without a third pass over the page. Letter-shifted glyphs move from the first to
    # the second, their text (U+FFFD) still visible, so the count holds after them.
    mapped = [g for g in glyphs if not g.unmapped and g.text.strip()]
    bad = [g for g in glyphs if g.unmapped and g.text.strip()]
    visible = len(mapped) + len(bad)
    shifted_fonts = _mark_shifted(mapped, evidence)
    if shifted_fonts:  # their glyphs are unmapped now, among the bad ones in page order
        bad = [g for g in glyphs if g.unmapped and g.text.strip()]
    by_font = glyphs_by_font(bad)
    for key, members in by_font.items():
        if key not in shifted_fonts:
            evidence.add(key, True, [g.code for g in members])
    share = len(bad) / visible if visible else 0.0
    garbled = len(bad) >= GARBLED_MIN_GLYPHS and share > GARBLED_SHARE
    cause = None
    if garbled:
        causes: Counter[str] = Counter()
        for key, members in by_font.items():
            # Unmapped codes that read as text once shifted are glyph ids in a standard order
            # (Identity-H without ToUnicode): the classic "Caesar" jumble.
            if key in shifted_fonts or evidence.shift(key, True) is not None:
                causes["shifted_encoding"] += len(members)
            else:
                for glyph in members:
                    causes[_cause_of(glyph)] += 1
        cause = causes.most_common(1)[0][0] if causes else "unmapped"
    return PageDiagnosis(visible, len(bad), garbled, cause, share)


def garbled_warnings(pages: Sequence[tuple[int, str | None]]) -> list[str]:
    """One readable sentence per garbled cause, naming its pages and the OCR way out.
    ``pages`` holds ``(number, cause)`` of the garbled pages in page order."""
    by_cause: dict[str, list[int]] = {}
    for number, cause in pages:
        by_cause.setdefault(cause or "unmapped", []).append(number)
    sentences = []
    for cause, numbers in by_cause.items():
        where = _page_list(numbers)
        verb = "is" if len(numbers) == 1 else "are"
        one = len(numbers) == 1
        pages = "this page" if one else "these pages"
        # A lost font is not OCR's to bring back: the file itself is incomplete.
        advice = (f"The text is kept as it came out; a complete copy of the file is needed to "
                  f"read {pages}." if cause == "missing_font" else
                  f"Text that could not be read is shown as \ufffd; run OCR on {pages} to get it.")
        sentences.append(
            f"{where} {verb} garbled: {'its' if one else 'their'} text uses "
            f"{CAUSES.get(cause, CAUSES['unmapped'])}. {advice}"
        )
    return sentences


def _page_list(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"Page {numbers[0]}"
    shown = [str(n) for n in numbers[:6]]
    if len(numbers) > 6:
        return f"Pages {', '.join(shown)} and {len(numbers) - 6} more"
    return f"Pages {', '.join(shown[:-1])} and {shown[-1]}"
