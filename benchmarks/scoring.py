"""Text-quality metrics of issue 3: how close an extracted text is to a ground truth.

Everything here is pure Python and needs no engine. The entry point is :func:`score`; the pieces
(:func:`tokenize`, :func:`lcs_length`, :func:`lcs_alignment`, :func:`bag_scores`,
:func:`broken_words`, :func:`paragraph_scores`) are public so the tests can prove each one.

Words
-----
A text becomes a list of *words* (:func:`normalize_word` on every white-space separated token):

1. Unicode NFKC (ligatures such as ``ﬁ`` become ``fi``, no-break and thin spaces become spaces);
2. soft hyphens (U+00AD) and zero-width characters (U+200B-U+200D, U+2060, U+FEFF, U+180E) are
   removed;
3. every dash (U+2010-U+2015, U+2E3A, U+2E3B, U+FE58, U+FE63, U+FF0D) and the minus sign (U+2212)
   becomes ``-``; the typographic apostrophe (U+2019, U+02BC) becomes ``'``: the ground truth
   comes from LaTeX sources, where ``l'espace`` is typed with the ASCII apostrophe that the
   PDF shows as ``l’espace`` (in the French paper ``math0001080`` one word in twenty);
4. lower case;
5. punctuation is stripped at both ends: every Unicode punctuation (``P*``) or symbol (``S*``)
   character, which covers all ASCII punctuation, quotes, ``∗``, ``±``, ``→``, ``=``; inner
   punctuation stays (``non-zero``, ``e.g``, ``tsallis's``, ``1/2``);
6. tokens left empty are dropped (so a lone ``=`` or ``→`` is no word).

Nothing else is normalized (curly quotation marks stay, but are punctuation and stripped at
word ends anyway).
Stripping symbols as well as punctuation reproduces the ``gt_words`` counts of the corpus's
``MANIFEST.csv`` to within 0.1 % over the corpus, 1.2 % at worst for one paper (stripping
punctuation alone leaves some 100 more words in a formula-heavy paper: the lone ``→``, ``×``,
``≥`` of inline math).

Markdown output (``markdown=True``) has its markup removed first, line by line, keeping the line
and blank-line structure: HTML comments (``<!-- page 3 -->``); heading markers (``#``..``######``
and a closing ``#`` run); bullet list markers (``-``, ``*``, ``+``) and block quote markers at line
starts; thematic breaks; unescaped emphasis and code delimiters (every ``*`` and backtick, and
``_`` runs that are not inside a word); backslash escapes (``\\*`` becomes ``*``); HTML character
references (``&amp;``). Ordered list markers (``3.``, ``3)``) are the document's own text (the
number is printed in the PDF), so they are kept, exactly as a TXT output keeps them.

Ground truth (``ground_truth=True``) has its placeholders dropped: ``[formula]`` and the LaTeX
leftovers ``[\\cite=...]``, ``[\\ref=...]``, ``[\\eqref=...]`` (any ``[\\name=...]``).

Blocks
------
The blocks of a text are its runs of lines separated by blank lines (lines with nothing but white
space); blocks without words are dropped. In the ground truth every block is a paragraph (title,
heading or body paragraph).

Metrics (see :class:`Scores`)
-----------------------------
- ``order_recall``: LCS(ground-truth words, output words) / ground-truth words. The LCS is the
  bit-parallel algorithm of Allison-Dix / Crochemore et al. / Hyyrö on Python ints,
  O(n*m/wordsize), about 0.1 s for 10,000 x 10,000 words.
- ``bag_recall`` / ``bag_precision``: size of the multiset intersection of the two word lists
  divided by the ground-truth / output word count.
- ``broken_per_1000``: broken ground-truth words (:func:`broken_words`) per 1,000 ground-truth
  words.
- ``para_recall`` / ``para_precision``: :func:`paragraph_scores`.
- ``para_recall_aligned`` / ``para_precision_aligned``: :func:`aligned_paragraph_scores`, the
  same question asked of the word alignment instead of five literal words: the ground truth
  leaves out what LaTeX generates or typesets as mathematics (section and theorem numbers,
  "Theorem"/"Proof" labels, item labels, citation and equation numbers, inline formulas), so
  about one paragraph start in five appears in no output as five consecutive words (pdftotext
  and pdfprose alike), whatever the paragraph boundaries.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = [
    "BrokenWord",
    "Scores",
    "aligned_paragraph_scores",
    "Tokenized",
    "bag_scores",
    "broken_words",
    "is_letter_word",
    "lcs_alignment",
    "lcs_length",
    "normalize_word",
    "paragraph_scores",
    "score",
    "split_blocks",
    "strip_markdown",
    "strip_placeholders",
    "tokenize",
    "words",
]

# --------------------------------------------------------------------------------------------
# Words

_REMOVED = "\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e"
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d"
_APOSTROPHES = "\u2019\u02bc"
_TRANSLATE = ({ord(c): None for c in _REMOVED} | {ord(c): "-" for c in _DASHES}
              | {ord(c): "'" for c in _APOSTROPHES})
_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


@functools.lru_cache(maxsize=4096)
def _is_punct(ch: str) -> bool:
    """Punctuation or symbol (Unicode ``P*`` / ``S*``; every ASCII punctuation char is one)."""
    return ch in _ASCII_PUNCT or unicodedata.category(ch)[0] in "PS"


def _strip_punct(token: str) -> str:
    i, j = 0, len(token)
    while i < j and _is_punct(token[i]):
        i += 1
    while j > i and _is_punct(token[j - 1]):
        j -= 1
    return token[i:j]


def _prepare(text: str) -> str:
    """Steps 1-4 of the word normalization, on a whole text (white space is kept)."""
    return unicodedata.normalize("NFKC", text).translate(_TRANSLATE).lower()


def normalize_word(token: str) -> str:
    """One token as a word (steps 1-5 of the module docstring); ``""`` means dropped.

    A token that NFKC splits (``"a\u00a0b"``) is not split here: use :func:`words` on texts.
    """
    return _strip_punct(_prepare(token))


# --------------------------------------------------------------------------------------------
# Markup and placeholders

_COMMENT = re.compile(r"<!--.*?-->", re.S)
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]+|$)")
_HEADING_CLOSE = re.compile(r"[ \t]+#+[ \t]*$")
_BULLET = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*[-*+][ \t]+")
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_BREAK = re.compile(r"^[ \t]*(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|=+)[ \t]*$")
_INLINE = re.compile(r"\\([!-/:-@\[-`{-~])|(\*+|`+)|(_+)")
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_PLACEHOLDER = re.compile(r"\[formula\]|\[\\[A-Za-z]+=[^\]\n]*\]")


def _inline(match: re.Match[str]) -> str:
    if match.group(1) is not None:  # a backslash escape: the character itself
        return match.group(1)
    if match.group(2) is not None:  # emphasis or code delimiters: always markup in our output
        return ""
    s, e = match.span(3)  # an underscore run is markup unless it sits inside a word
    text = match.string
    inside = 0 < s and e < len(text) and text[s - 1].isalnum() and text[e].isalnum()
    return match.group(3) if inside else ""


def strip_markdown(text: str) -> str:
    """The text of a Markdown document without its markup (module docstring), lines kept."""
    text = _COMMENT.sub(" ", text)
    out = []
    for line in text.split("\n"):
        if _BREAK.match(line):
            out.append("")
            continue
        if _HEADING.match(line):
            line = _HEADING_CLOSE.sub("", _HEADING.sub("", line, count=1))
        elif _BULLET.match(line):
            line = _BULLET.sub("", line, count=1)
        else:
            line = _QUOTE.sub("", line, count=1)
        line = _INLINE.sub(_inline, line)
        out.append(_ENTITY.sub(lambda m: html.unescape(m.group(0)), line))
    return "\n".join(out)


def strip_placeholders(text: str) -> str:
    """Ground-truth placeholders (``[formula]``, ``[\\cite=...]``...) replaced by a space."""
    return _PLACEHOLDER.sub(" ", text)


_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")


def split_blocks(text: str) -> list[str]:
    """Runs of lines separated by one or more blank lines (the raw block texts)."""
    return _BLANK_LINE.split(text.replace("\r\n", "\n"))


# --------------------------------------------------------------------------------------------
# Tokenized texts


@dataclass(slots=True)
class Tokenized:
    """A text as words. ``blocks`` holds the words of each non-empty block (their concatenation
    is ``words``); ``hyphen_end`` the indices of words whose token ended with ``-`` before the
    punctuation was stripped (a hyphen left at a line end: ``exam-`` of ``exam- ple``)."""

    words: list[str]
    blocks: list[list[str]]
    hyphen_end: frozenset[int] = frozenset()


def tokenize(text: str, *, markdown: bool = False, ground_truth: bool = False) -> Tokenized:
    """Words and blocks of a text (see the module docstring)."""
    if markdown:
        text = strip_markdown(text)
    if ground_truth:
        text = strip_placeholders(text)
    all_words: list[str] = []
    blocks: list[list[str]] = []
    hyphen_end: set[int] = set()
    for block in split_blocks(text):
        block_words = []
        for raw in _prepare(block).split():
            word = _strip_punct(raw)
            if word:
                if raw.endswith("-"):
                    hyphen_end.add(len(all_words) + len(block_words))
                block_words.append(word)
        if block_words:
            blocks.append(block_words)
            all_words.extend(block_words)
    return Tokenized(all_words, blocks, frozenset(hyphen_end))


def words(text: str, *, markdown: bool = False, ground_truth: bool = False) -> list[str]:
    """The words of a text (see the module docstring)."""
    return tokenize(text, markdown=markdown, ground_truth=ground_truth).words


# --------------------------------------------------------------------------------------------
# Longest common subsequence, bit-parallel


def _masks(a: Sequence[str]) -> dict[str, int]:
    positions: dict[str, list[int]] = {}
    for i, x in enumerate(a):
        positions.setdefault(x, []).append(i)
    masks = {}
    for x, where in positions.items():
        m = 0
        for i in where:
            m |= 1 << i
        masks[x] = m
    return masks


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of ``a`` and ``b``.

    Bit-parallel (Crochemore, Iliopoulos, Pinzon & Reid 2001; Hyyrö 2004): bit ``i`` of ``V`` is 0
    where the LCS column grows at row ``i``; for each symbol ``y`` of the other sequence,
    ``U = V & M[y]; V = (V + U) | (V - U)``. O(len(a) * len(b) / wordsize) in C big-int
    arithmetic, one Python step per symbol of the shorter sequence.
    """
    if len(a) < len(b):
        a, b = b, a
    m = len(a)
    if m == 0 or not b:
        return 0
    masks = _masks(a)
    full = (1 << m) - 1
    v = full
    get = masks.get
    for y in b:
        mask = get(y)
        if mask:
            u = v & mask
            v = ((v + u) | (v - u)) & full
    return m - v.bit_count()


def lcs_alignment(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    """One longest common subsequence as ``(i, j)`` pairs with ``a[i] == b[j]``, both increasing.

    Same recurrence as :func:`lcs_length` (bits over ``a``), keeping every column's vector
    (``len(b) * len(a)`` bits of memory) and tracing back: bit ``i-1`` of column ``j`` set means
    ``L(i-1, j) == L(i, j)``. Ties go to the latest possible match.
    """
    m, n = len(a), len(b)
    if m == 0 or n == 0:
        return []
    masks = _masks(a)
    full = (1 << m) - 1
    v = full
    columns = [v]
    get = masks.get
    for y in b:
        mask = get(y)
        if mask:
            u = v & mask
            v = ((v + u) | (v - u)) & full
        columns.append(v)
    pairs: list[tuple[int, int]] = []
    i, j = m, n
    while i > 0 and j > 0:
        if a[i - 1] == b[j - 1]:
            i -= 1
            j -= 1
            pairs.append((i, j))
        elif (columns[j] >> (i - 1)) & 1:
            i -= 1
        else:
            j -= 1
    pairs.reverse()
    return pairs


# --------------------------------------------------------------------------------------------
# Bag of words


def bag_scores(gt: Sequence[str], out: Sequence[str]) -> tuple[float | None, float | None]:
    """(recall, precision) of the multiset of words; ``None`` where the denominator is 0."""
    common = sum((Counter(gt) & Counter(out)).values())
    return (common / len(gt) if gt else None, common / len(out) if out else None)


# --------------------------------------------------------------------------------------------
# Broken words


@dataclass(frozen=True, slots=True)
class BrokenWord:
    """One broken ground-truth word occurrence: ``word`` (normalized) at ``index`` in the
    ground-truth words, its ``kind`` and how the output shows it (``seen``)."""

    index: int
    word: str
    kind: str  # "split" | "merged" | "hyphen_kept" | "hyphen_lost"
    seen: str


_LETTER_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def is_letter_word(word: str) -> bool:
    """True for a word of letters (any script, 2+), with optional inner hyphens/apostrophes."""
    return _LETTER_WORD.fullmatch(word) is not None and sum(c.isalpha() for c in word) >= 2


def _dehyphen(word: str) -> str:
    return word.replace("-", "")


def broken_words(gt: Tokenized | Sequence[str], out: Tokenized | Sequence[str],
                 alignment: list[tuple[int, int]] | None = None) -> list[BrokenWord]:
    """Ground-truth words missing from the output where the output shows them broken.

    *Missing*: the words are aligned by one longest common subsequence (:func:`lcs_alignment`,
    the one behind ``order_recall``); a ground-truth occurrence ``g[i]`` is missing when the
    alignment leaves it unmatched. Its *gap* is the run of output words strictly between the
    output words matched to the nearest matched ground-truth words before and after ``i`` (the
    place where the output should show it). ``g[i] = w`` is *broken* when its gap shows, first
    rule that applies:

    - ``hyphen_kept`` (a line-end hyphen left in): one gap word ``t`` with more hyphens than
      ``w`` that equals ``w`` once hyphens are removed (``exam-ple`` for ``example``); or two
      consecutive gap words ``a b`` with ``a + b == w`` where ``a`` was printed with a trailing
      hyphen (``exam- ple``: the hyphen kept and the lines not joined);
    - ``hyphen_lost`` (a real hyphen lost): one gap word with fewer hyphens than ``w`` equal to
      ``w`` once hyphens are removed (``nonzero`` or ``peer-topeer`` for ``non-zero``,
      ``peer-to-peer``); or two consecutive gap words ``a b`` with ``a + "-" + b == w`` where
      ``a`` had no trailing hyphen (``non zero``);
    - ``split`` (split in two): two consecutive gap words ``a b`` with ``a + b == w``
      (``exam ple``), or ``a + "-" + b == w`` where ``a`` kept its trailing hyphen (``non- zero``:
      the hyphen is right but the word is cut in two);
    - ``merged`` (merged with a neighbour): a gap word equal to ``g[i-1] + w`` or ``w + g[i+1]``,
      or the same with one of ``.,;:()'’`` between the two (``ofthe``, ``words.the``; not ``-``,
      a hyphen case, nor ``/``, which makes fractions such as ``ρs/ρn``). Both words of a merged
      pair are counted when both are missing.

    Only *letter words* are judged: ground-truth words made of letters of any script (at least
    two), optionally joined by inner hyphens or apostrophes (``example``, ``non-zero``,
    ``tsallis's``, ``σ-algebra``); formula fragments such as ``104k``, ``2gm/c2``, ``c2`` or
    ``t̂ab`` are not words, and a merge counts only when both words are letter words. Two-piece
    splits only; a word shown broken in the wrong place (outside its gap) is not counted, nor is
    a missing word the output does not show at all.
    """
    g = gt if isinstance(gt, Tokenized) else Tokenized(list(gt), [list(gt)])
    o = out if isinstance(out, Tokenized) else Tokenized(list(out), [list(out)])
    G, O = g.words, o.words
    if not G:
        return []
    if alignment is None:
        alignment = lcs_alignment(G, O)
    matched_out = [-1] * len(G)
    for i, j in alignment:
        matched_out[i] = j
    # For every gt index, the output index matched at or before it (and at or after it).
    prev_out = [-1] * len(G)
    last = -1
    for i in range(len(G)):
        if matched_out[i] >= 0:
            last = matched_out[i]
        prev_out[i] = last
    next_out = [len(O)] * len(G)
    nxt = len(O)
    for i in range(len(G) - 1, -1, -1):
        if matched_out[i] >= 0:
            nxt = matched_out[i]
        next_out[i] = nxt

    result: list[BrokenWord] = []
    gap_cache: dict[tuple[int, int], dict[str, list[tuple[str, str]]]] = {}
    for i, w in enumerate(G):
        if matched_out[i] >= 0 or not is_letter_word(w):
            continue
        lo, hi = prev_out[i] + 1, next_out[i]
        if lo >= hi:
            continue
        found = gap_cache.get((lo, hi))
        if found is None:
            found = gap_cache[(lo, hi)] = _gap_forms(O, o.hyphen_end, lo, hi)
        before = G[i - 1] if i > 0 and is_letter_word(G[i - 1]) else None
        after = G[i + 1] if i + 1 < len(G) and is_letter_word(G[i + 1]) else None
        hit = _classify(w, before, after, found)
        if hit is not None:
            result.append(BrokenWord(i, w, hit[0], hit[1]))
    return result


def _gap_forms(O: list[str], hyphen_end: frozenset[int], lo: int,
               hi: int) -> dict[str, list[tuple[str, str]]]:
    """Everything a gap O[lo:hi] could show a word as: key -> [(form, seen)].

    Keys: ``"1:" + word`` (a single word), ``"d:" + dehyphenated word``, ``"2:" + a+b``,
    ``"h:" + a-b`` (pairs, form tells whether ``a`` had a trailing hyphen).
    """
    forms: dict[str, list[tuple[str, str]]] = {}
    for k in range(lo, hi):
        t = O[k]
        forms.setdefault("1:" + t, []).append(("single", t))
        forms.setdefault("d:" + _dehyphen(t), []).append(("single", t))
        if k + 1 < hi:
            a, b = t, O[k + 1]
            kept = k in hyphen_end
            seen = f"{a}{'-' if kept else ''} {b}"
            form = "kept" if kept else "plain"
            forms.setdefault("2:" + a + b, []).append((form, seen))
            forms.setdefault("h:" + a + "-" + b, []).append((form, seen))
    return forms


def _classify(w: str, before: str | None, after: str | None,
              forms: dict[str, list[tuple[str, str]]]) -> tuple[str, str] | None:
    hyphens = w.count("-")
    for _, t in forms.get("d:" + _dehyphen(w), ()):
        if t != w and t.count("-") > hyphens:
            return ("hyphen_kept", t)
    for form, seen in forms.get("2:" + w, ()):
        if form == "kept":
            return ("hyphen_kept", seen)
    for _, t in forms.get("d:" + _dehyphen(w), ()):
        if t != w and t.count("-") < hyphens:
            return ("hyphen_lost", t)
    if hyphens:
        for form, seen in forms.get("h:" + w, ()):
            if form == "plain":
                return ("hyphen_lost", seen)
    for form, seen in forms.get("2:" + w, ()):
        return ("split", seen)
    if hyphens:
        for form, seen in forms.get("h:" + w, ()):
            return ("split", seen)
    candidates = []
    if before is not None:
        candidates.append(before + w)
        candidates.extend(before + p + w for p in _MERGE_PUNCT)
    if after is not None:
        candidates.append(w + after)
        candidates.extend(w + p + after for p in _MERGE_PUNCT)
    for c in candidates:
        if "1:" + c in forms:
            return ("merged", c)
    return None


_MERGE_PUNCT = (".", ",", ";", ":", ")", "(", "'", "’")  # not "/": x/y is a fraction, not a merge


# --------------------------------------------------------------------------------------------
# Paragraphs


def paragraph_scores(gt_blocks: Sequence[Sequence[str]], out_blocks: Sequence[Sequence[str]],
                     n: int = 5) -> tuple[float | None, float | None]:
    """(paragraph recall, paragraph precision) from the words of each block.

    - recall: share of ground-truth paragraphs of ``n``+ words whose first ``n`` words are the
      first ``n`` words of an output block (each output block counts for one paragraph);
    - precision: among the output blocks whose first ``n`` words occur as ``n`` consecutive
      ground-truth words (blocks that start inside the ground-truth text; blocks of words the
      ground truth lacks, such as page furniture and captions, are not judged), the share whose
      first ``n`` words start a ground-truth paragraph (the ``n`` words from a paragraph's first
      word on, running into the next paragraph when the paragraph is shorter, as a heading is).

    ``None`` where the denominator is 0.
    """
    out_starts = Counter(tuple(b[:n]) for b in out_blocks if len(b) >= n)
    gt_starts = Counter(tuple(b[:n]) for b in gt_blocks if len(b) >= n)
    total = sum(gt_starts.values())
    recall = (sum(min(c, out_starts[k]) for k, c in gt_starts.items()) / total) if total else None

    gt_words = [w for b in gt_blocks for w in b]
    grams = {tuple(gt_words[p:p + n]) for p in range(len(gt_words) - n + 1)}
    para_grams = set()
    p = 0
    for b in gt_blocks:
        if p + n <= len(gt_words):
            para_grams.add(tuple(gt_words[p:p + n]))
        p += len(b)
    judged = [tuple(b[:n]) for b in out_blocks if len(b) >= n and tuple(b[:n]) in grams]
    precision = (sum(k in para_grams for k in judged) / len(judged)) if judged else None
    return recall, precision


LABEL_WORDS = 3
"""At most three words that the other side lacks may stand before a paragraph's first matched
word: a label ("Theorem 2.1.", "(iii)", "2.3"), a citation or equation number, a formula
fragment. A longer stretch (a displayed formula run into the next sentence) is no boundary."""

MIN_MATCHED = 3
"""A paragraph start (and a block start) is judged only where at least three of its first
``n`` words are in the alignment: fewer say too little about where it is."""


def aligned_paragraph_scores(gt_blocks: Sequence[Sequence[str]], out_blocks: Sequence[Sequence[str]],
                             alignment: Sequence[tuple[int, int]],
                             n: int = 5) -> tuple[float | None, float | None]:
    """(paragraph recall, paragraph precision) judged on the LCS ``alignment`` of the flattened
    ground-truth and output words (``(gt index, out index)`` pairs, as :func:`lcs_alignment`
    gives).

    - recall: among ground-truth paragraphs of ``n``+ words with at least MIN_MATCHED of their
      first ``n`` words aligned, the share whose first aligned word stands in an output block
      preceded there only by unaligned words, at most LABEL_WORDS of them;
    - precision: among output blocks of ``n``+ words with at least MIN_MATCHED of their first
      ``n`` words aligned, the share whose first aligned word stands in a ground-truth
      paragraph preceded there only by unaligned words, at most LABEL_WORDS of them.

    ``None`` where the denominator is 0.
    """
    gmap = dict(alignment)
    omap = {o: g for g, o in alignment}

    def starts(blocks: Sequence[Sequence[str]]) -> tuple[list[int], list[int]]:
        """Each block's first index in the flattened words, and per word its block's."""
        firsts, owner = [], []
        p = 0
        for b in blocks:
            firsts.append(p)
            owner.extend([p] * len(b))
            p += len(b)
        return firsts, owner

    def judge(blocks: Sequence[Sequence[str]], mine: dict[int, int], other_owner: list[int],
              other_map: dict[int, int]) -> float | None:
        firsts, _ = starts(blocks)
        judged = hits = 0
        for first, block in zip(firsts, blocks):
            if len(block) < n:
                continue
            matched = [k for k in range(first, first + n) if k in mine]
            if len(matched) < MIN_MATCHED:
                continue
            judged += 1
            there = mine[matched[0]]
            start = other_owner[there]
            before = there - start
            if before <= LABEL_WORDS and not any(k in other_map for k in range(start, there)):
                hits += 1
        return hits / judged if judged else None

    _, gt_owner = starts(gt_blocks)
    _, out_owner = starts(out_blocks)
    recall = judge(gt_blocks, gmap, out_owner, omap)
    precision = judge(out_blocks, omap, gt_owner, gmap)
    return recall, precision


# --------------------------------------------------------------------------------------------
# Everything


@dataclass(slots=True)
class Scores:
    """All metrics of one output against one ground truth (``None``: undefined, e.g. an empty
    output has no precision)."""

    gt_words: int
    out_words: int
    lcs: int
    order_recall: float | None
    bag_recall: float | None
    bag_precision: float | None
    broken: int
    broken_per_1000: float | None
    para_recall: float | None
    para_precision: float | None
    para_recall_aligned: float | None = None
    para_precision_aligned: float | None = None
    broken_list: list[BrokenWord] = field(default_factory=list, repr=False)

    METRICS = ("order_recall", "bag_recall", "bag_precision", "broken_per_1000", "para_recall",
               "para_precision", "para_recall_aligned", "para_precision_aligned")

    def as_dict(self) -> dict[str, object]:
        return {
            "gt_words": self.gt_words,
            "out_words": self.out_words,
            "lcs": self.lcs,
            **{k: getattr(self, k) for k in self.METRICS},
            "broken": self.broken,
            "broken_words": [
                {"word": b.word, "kind": b.kind, "seen": b.seen} for b in self.broken_list
            ],
        }


def score(gt_text: str, out_text: str, *, markdown: bool = False) -> Scores:
    """Score ``out_text`` (Markdown when ``markdown``) against a ground-truth text."""
    gt = tokenize(gt_text, ground_truth=True)
    out = tokenize(out_text, markdown=markdown)
    alignment = lcs_alignment(gt.words, out.words)
    lcs = len(alignment)
    broken = broken_words(gt, out, alignment)
    n = len(gt.words)
    recall, precision = bag_scores(gt.words, out.words)
    para_recall, para_precision = paragraph_scores(gt.blocks, out.blocks)
    aligned_recall, aligned_precision = aligned_paragraph_scores(gt.blocks, out.blocks, alignment)
    return Scores(
        gt_words=n,
        out_words=len(out.words),
        lcs=lcs,
        order_recall=lcs / n if n else None,
        bag_recall=recall,
        bag_precision=precision,
        broken=len(broken),
        broken_per_1000=1000 * len(broken) / n if n else None,
        para_recall=para_recall,
        para_precision=para_precision,
        para_recall_aligned=aligned_recall,
        para_precision_aligned=aligned_precision,
        broken_list=broken,
    )
