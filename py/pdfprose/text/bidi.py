"""Right-to-left text: a line's glyphs in page order -> its text in reading (logical) order.

A PDF draws glyphs where they look right; Hebrew and Arabic read from the right. Most producers
(Word, browsers' print to PDF, Quartz, Adobe's PDF library) draw an RTL line in *visual* order,
left to right as it shows; Acrobat draws it in *logical* order, the pen moving leftwards. The
line builder sorts glyphs by x either way, so a line arrives here in visual order and its
reading order is rebuilt from positions: the Unicode bidirectional algorithm (UAX #9) resolves
each glyph's embedding level on the visual sequence, and reversing the runs of odd level (rule
L2, which undoes itself) turns the visual order into the logical one. Numbers and Latin words
inside an RTL line sit at an even level and keep their own left-to-right order. The drawing
order is still read (:func:`storage_order`) to say which kind of file it was and to order
glyphs that positions cannot (marks drawn over their letter).

Units are glyphs, not characters: a glyph whose text is several characters (Word's lam-alef
ligature maps to "لا" in reading order) keeps them in order when its run is reversed, where
reversing characters would spell "ال" (pdfminer.six issue 850).

Why our own code and not python-bidi: the browser engine loads its dependencies as
py3-none-any wheels, and python-bidi from 0.5 on is a Rust extension (its last pure-Python
release, 0.4.2 of 2019, predates bracket pairs and needs ``six``). What is needed here is
the algorithm without explicit embeddings (a PDF's text carries no embedding controls; any
that appear are kept as neutrals), about 200 lines on the standard library's
``unicodedata.bidirectional``. The test suite checks it against python-bidi (the Rust
``unicode-bidi`` crate) with hypothesis: both must display the same logical string the same
way, and the logical text made of a visual line must display as that line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Literal

Direction = Literal["ltr", "rtl"]

RTL_RANGES = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\U00010800-\U00010fff\U0001e800-\U0001efff"
"""Hebrew, Arabic (with Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic Extended), their
presentation forms, and the historic RTL scripts of planes 1: where a strong RTL letter can be."""

_HAS_RTL = re.compile(f"[{RTL_RANGES}]")

PRESENTATION_FORMS = re.compile("[\ufb1d-\ufb4f\ufb50-\ufdff\ufe70-\ufeff]")
"""Hebrew (U+FB1D-FB4F) and Arabic (U+FB50-FDFF, U+FE70-FEFF) presentation forms: shaped
glyph codes that some producers map glyphs to; a reader searching the text types the letters."""

BOM = "\ufeff"

ALEFS = "\u0622\u0623\u0625\u0627"
"""Alef with madda, with hamza above, with hamza below, and plain: the second letter of the
lam-alef ligature."""

LAM = "\u0644"

MIRROR_PAIRS = "()<>[]{}«»‹›⁅⁆⁽⁾₍₎≤≥≦≧≪≫⊂⊃⊆⊇∈∋〈〉《》「」『』【】〔〕〖〗〘〙〚〛⟨⟩⟪⟫⦃⦄⦅⦆"
"""Characters with the Bidi_Mirrored property and their mirror image (BidiMirroring.txt), the
pairs found in text: at an odd level a PDF draws '(' where the reader reads ')'."""

MIRROR = {a: b for a, b in zip(MIRROR_PAIRS[::2], MIRROR_PAIRS[1::2])}
MIRROR.update({b: a for a, b in MIRROR.items()})

BRACKETS = {"(": ")", "[": "]", "{": "}", "〈": "〉", "《": "》", "「": "」", "『": "』",
            "【": "】", "〔": "〕", "〖": "〗", "〘": "〙", "〚": "〛", "⟨": "⟩", "⟪": "⟫",
            "⦃": "⦄", "⦅": "⦆", "⁅": "⁆", "⁽": "⁾", "₍": "₎"}
"""Bidi_Paired_Bracket opening -> closing (BidiBrackets.txt, the pairs met in text), for rule
N0."""

CLOSING = {b: a for a, b in BRACKETS.items()}

MAX_BRACKET_DEPTH = 63
"""BD16: the bracket-pair stack holds 63 openings; past that pairing stops (a hostile line of
ten thousand '(' costs nothing)."""

STRONG = frozenset(("L", "R", "AL"))
ISOLATES = frozenset(("LRI", "RLI", "FSI", "PDI"))
NEUTRAL_OR_ISOLATE = frozenset(("B", "S", "WS", "ON")) | ISOLATES
EXPLICIT = frozenset(("LRE", "RLE", "LRO", "RLO", "PDF", "BN"))


def has_rtl(text: str) -> bool:
    """Whether ``text`` holds a character of a right-to-left script (Persian, Urdu and the
    other Arabic-script languages count as Arabic)."""
    return _HAS_RTL.search(text) is not None


def bidi_class(ch: str) -> str:
    """The Bidi_Class of one character; unassigned code points in RTL blocks are R (UAX #9's
    default for those blocks), elsewhere L."""
    cls = unicodedata.bidirectional(ch)
    if cls:
        return cls
    return "R" if _HAS_RTL.match(ch) else "L"


def unit_class(text: str) -> str:
    """The class of a glyph's text taken as one unit: its first strong character's (a ligature
    "fi" is L, "لا" is AL), else a digit's (EN, AN), else its first character's."""
    if len(text) == 1:
        return bidi_class(text)
    first = ""
    number = ""
    for ch in text:
        cls = bidi_class(ch)
        if cls in STRONG:
            return cls
        if not number and cls in ("EN", "AN"):
            number = cls
        if not first and cls != "NSM":
            first = cls
    return number or first or "ON"


def letters(text: str) -> str:
    """``text`` with presentation forms turned back into their letters (NFKC on those code points
    alone: "ﻣﺮﺣﺒﺎ" -> "مرحبا", "ﻻ" -> "لا"; the isolated-mark forms U+FE70-FE7F lose the space
    NFKC gives them) and a lam-alef glyph whose text came alef first put in reading order."""
    if PRESENTATION_FORMS.search(text):
        text = PRESENTATION_FORMS.sub(_letters_of, text)
    if len(text) == 2 and text[0] in ALEFS and text[1] == LAM:
        text = text[1] + text[0]  # one glyph: the ligature is always lam then alef
    return text


def _letters_of(match: re.Match[str]) -> str:
    ch = match.group(0)
    if ch == BOM:
        return ""
    return unicodedata.normalize("NFKC", ch).strip(" ") or ch


# -- the algorithm (UAX #9 without explicit embeddings) ------------------------------------

def weak_types(classes: Sequence[str], base: int, visual: bool = False) -> list[str]:
    """The types of a line's units after rules W1-W7.

    Explicit embedding and isolate controls are taken as neutrals: text from a PDF carries none
    that mean anything. ``visual``: the units are in visual order (a line from a page), so the
    rules that look back along the logical order for the last strong type (W1, W2, W7) look
    where the reader came from: to the right between two right-to-left neighbours, to the left
    between two left-to-right ones, and else towards the line's start (:func:`_before`)."""
    n = len(classes)
    e = "R" if base & 1 else "L"
    types = ["ON" if c in EXPLICIT or c in ISOLATES else c for c in classes]
    if visual:
        before = _before(types, e)
    else:
        before = _previous(types, e)
    # W1: a mark takes the type of the unit before it (sos at the start).
    for i in range(n):
        if types[i] == "NSM":
            b = before[i]
            types[i] = b if b is not None else e
    # W2: a European number after Arabic letters is an Arabic number. W3: AL is R.
    for i in range(n):
        if types[i] == "EN" and before[i] == "AL":
            types[i] = "AN"
    types = ["R" if t == "AL" else t for t in types]
    # W4: one separator between two numbers of a kind joins them.
    for i in range(1, n - 1):
        t = types[i]
        if t == "ES" and types[i - 1] == "EN" and types[i + 1] == "EN":
            types[i] = "EN"
        elif t == "CS" and types[i - 1] in ("EN", "AN") and types[i + 1] == types[i - 1]:
            types[i] = types[i - 1]
    # W5: terminators beside a European number join it. W6: other separators are neutral.
    i = 0
    while i < n:
        if types[i] != "ET":
            i += 1
            continue
        j = i
        while j < n and types[j] == "ET":
            j += 1
        if (i > 0 and types[i - 1] == "EN") or (j < n and types[j] == "EN"):
            types[i:j] = ["EN"] * (j - i)
        i = j
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]
    # W7: a European number in Latin context is Latin.
    for i in range(n):
        if types[i] == "EN" and before[i] == "L":
            types[i] = "L"
    return types


def _previous(types: Sequence[str], e: str) -> list[str | None]:
    """For each unit, the last strong type (L, R, AL) before it in logical order, sos (``e``)
    at the start; a mark's own type counts for the units after it as its resolved type does."""
    out: list[str | None] = []
    last = e
    for t in types:
        out.append(last)
        if t in STRONG:
            last = t
    return out


def _before(types: Sequence[str], e: str) -> list[str | None]:
    """:func:`_previous` for units in visual order: the nearest strong type on the side the
    reader came from. Between two RTL neighbours (R or AL) that is the right one, between two
    L neighbours the left one, else the side the paragraph starts from (the right when ``e``
    is R); a line's end counts as sos."""
    n = len(types)
    left: list[str] = []
    last = e
    for t in types:
        left.append(last)
        if t in STRONG:
            last = t
    right: list[str] = [e] * n
    last = e
    for i in range(n - 1, -1, -1):
        right[i] = last
        if types[i] in STRONG:
            last = types[i]
    out: list[str | None] = []
    for a, b in zip(left, right):
        a_rtl, b_rtl = a != "L", b != "L"
        if a_rtl and b_rtl:
            out.append(b)
        elif not a_rtl and not b_rtl:
            out.append(a)
        else:
            out.append(b if e == "R" else a)
    return out


def bracket_pairs(texts: Sequence[str], types: Sequence[str]) -> list[tuple[int, int]]:
    """BD16: the paired brackets of a line (units whose text is one bracket and whose type is
    still neutral), as (opening, closing) indices sorted by opening. ``texts`` in logical
    order, or in visual order of an LTR line; for a visual RTL line the caller mirrors."""
    stack: list[tuple[str, int]] = []
    pairs: list[tuple[int, int]] = []
    for i, text in enumerate(texts):
        if types[i] != "ON":
            continue
        if text in BRACKETS:
            if len(stack) == MAX_BRACKET_DEPTH:
                break
            stack.append((BRACKETS[text], i))
        elif text in CLOSING:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == text:
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    pairs.sort()
    return pairs


def resolve_brackets(types: list[str], texts: Sequence[str], base: int,
                     visual: bool = False) -> None:
    """Rule N0, in place: a pair of brackets takes the embedding direction when it encloses
    text of that direction, else the other direction when it encloses that and the text
    before it runs that way too. Numbers count as R."""
    e = "R" if base & 1 else "L"
    backwards = bool(visual and base & 1)
    if backwards:
        # A visual RTL line read from its right end: the logical sequence is the mirror image.
        logical_texts = [MIRROR.get(t, t) for t in reversed(texts)]
        logical_types = list(reversed(types))
    else:
        logical_texts, logical_types = list(texts), types
    for open_i, close_i in bracket_pairs(logical_texts, logical_types):
        found_e = found_o = False
        for k in range(open_i + 1, close_i):
            s = _direction_of(logical_types[k])
            if s == e:
                found_e = True
                break
            if s is not None:
                found_o = True
        if found_e:
            fill = e
        elif found_o:
            # N0 c: the first strong type before the opening bracket (sos when none) decides.
            fill = e
            for k in range(open_i - 1, -1, -1):
                s = _direction_of(logical_types[k])
                if s is not None:
                    fill = s
                    break
        else:
            continue
        logical_types[open_i] = logical_types[close_i] = fill
    if backwards:
        types[:] = list(reversed(logical_types))


def _direction_of(t: str) -> str | None:
    if t == "L":
        return "L"
    if t in ("R", "AL", "EN", "AN"):
        return "R"
    return None


def implicit_levels(types: Sequence[str], classes: Sequence[str], base: int) -> list[int]:
    """Rules N1-N2 (neutrals between like strong types, numbers counting as R, take that
    type; the rest the embedding direction), I1-I2 and L1 (separators, and white space before
    them or at the line's end, at the paragraph level): the units' levels."""
    n = len(types)
    e = "R" if base & 1 else "L"
    resolved = list(types)
    i = 0
    while i < n:
        if resolved[i] not in NEUTRAL_OR_ISOLATE:
            i += 1
            continue
        j = i
        while j < n and resolved[j] in NEUTRAL_OR_ISOLATE:
            j += 1
        before = e if i == 0 else ("L" if resolved[i - 1] == "L" else "R")
        after = e if j == n else ("L" if resolved[j] == "L" else "R")
        resolved[i:j] = [before if before == after else e] * (j - i)
        i = j
    if base & 1:
        levels = [base + 1 if t in ("L", "EN", "AN") else base for t in resolved]
    else:
        levels = [base + 1 if t == "R" else base + 2 if t in ("EN", "AN") else base
                  for t in resolved]
    trailing = True
    for i in range(n - 1, -1, -1):
        c = classes[i]
        if c in ("S", "B"):
            levels[i] = base
            trailing = True
        elif trailing and (c == "WS" or c in EXPLICIT or c in ISOLATES):
            levels[i] = base
        else:
            trailing = False
    return levels


def levels_of(texts: Sequence[str], base: int, visual: bool = False) -> list[int]:
    """Embedding levels of a line of units (one glyph's text each, or one character each) with
    paragraph level ``base`` (0: left to right, 1: right to left). ``visual``: the units are in
    visual order (see :func:`weak_types`)."""
    classes = [unit_class(t) if t else "BN" for t in texts]
    types = weak_types(classes, base, visual)
    if any(t in BRACKETS or t in CLOSING for t in texts):
        resolve_brackets(types, texts, base, visual)
    return implicit_levels(types, classes, base)


def reorder(levels: Sequence[int]) -> list[int]:
    """Rule L2: the order in which to take units at ``levels`` (from the highest level to the
    lowest odd one, every run at that level or above is reversed). The same reversal turns
    logical into visual order and back."""
    order = list(range(len(levels)))
    if not levels:
        return order
    highest = max(levels)
    lowest_odd = min((lv for lv in levels if lv & 1), default=1)
    if highest < lowest_odd:
        return order
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        n = len(order)
        while i < n:
            if levels[order[i]] >= level:
                j = i
                while j < n and levels[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


def display(text: str, base: int, mirror: bool = True) -> str:
    """The visual order of a logical ``text`` (one line) at paragraph level ``base``, characters
    at odd levels mirrored when ``mirror``: what a PDF producer draws left to right."""
    chars = list(text)
    levels = levels_of(chars, base)
    return "".join(
        MIRROR.get(chars[i], chars[i]) if mirror and levels[i] & 1 else chars[i]
        for i in reorder(levels)
    )


def logical(texts: Sequence[str], base: int) -> list[int]:
    """The reading order of a line's units given in visual order (left to right on the page):
    their indices, first read first. Units at odd levels are read mirrored (see
    :func:`logical_text`)."""
    return reorder(levels_of(texts, base, visual=True))


def logical_text(visual: str, base: int) -> str:
    """The logical text of a line drawn as ``visual`` (characters left to right), at paragraph
    level ``base``: the inverse of :func:`display` wherever the page leaves no doubt."""
    chars = list(visual)
    levels = levels_of(chars, base, visual=True)
    return "".join(
        MIRROR.get(chars[i], chars[i]) if levels[i] & 1 else chars[i] for i in reorder(levels)
    )
