"""Character classes and clean-up for one glyph's text and for finished lines (SPEC §2, §11).

Only targeted replacements: NFKC on the whole text would change ², ½, ™ and full-width forms,
which are the document's own characters.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right

LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
}
"""SPEC §11: the Latin ligatures U+FB00-U+FB06 become their letters."""

ZERO_WIDTH = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"}
"""Zero-width space, non-joiner, joiner, word joiner and BOM: invisible, dropped (SPEC §11)."""

SPACES = {
    "\u00a0", "\u2007", "\u202f", "\u2002", "\u2003", "\u2009", "\u200a", "\u3000",
    "\u2028", "\u2029",
}
"""No-break and typographic spaces that become a plain space. U+3000 (ideographic space) too:
CJK layout uses it as an indent, and a plain space keeps word boundaries."""

SYMBOL_BULLETS = {"\uf0b7", "\uf06c", "\uf0a7", "\uf0d8", "\uf076", "\uf06e", "\uf0fc", "\uf0a8"}
"""Private-use codes that symbol fonts (Symbol, Wingdings) use for list bullets: shown by Word
as •, ●, ▪, ➢, ❖, ■, ✓, □. They become • (SPEC §11)."""

SOFT_HYPHEN = "\u00ad"
REPLACEMENT = "\ufffd"


def _is_private_use(ch: str) -> bool:
    code = ord(ch)
    return 0xE000 <= code <= 0xF8FF or code >= 0xF0000


def clean_glyph_text(raw: str | None, symbolic_font: bool) -> tuple[str, bool]:
    """Clean the Unicode text pdfminer found for one glyph.

    ``raw`` is ``None`` when the glyph has no Unicode meaning. Returns ``(text, unmapped)``:
    unmapped glyphs (no mapping, U+FFFD, control characters, private-use codes that are not
    symbol-font bullets) come back as U+FFFD so that the output shows honestly where text was
    lost, and are counted by the garbled-page check (SPEC §13).
    """
    if raw is None or raw == "":
        return (REPLACEMENT, True)
    if len(raw) == 1:
        ch = raw
        if ch in LIGATURES:
            return (LIGATURES[ch], False)
        if ch in SPACES:
            return (" ", False)
        if ch in ZERO_WIDTH:
            return ("", False)
        if ch == REPLACEMENT:
            return (REPLACEMENT, True)
        code = ord(ch)
        if 0x80 <= code < 0xA0:
            # A C1 control code is a Windows-1252 byte read as Latin-1 (a font whose encoding
            # pdfminer took for the standard one): 0x95 is the bullet, 0x96 the en dash.
            try:
                return (bytes([code]).decode("cp1252"), False)
            except UnicodeDecodeError:
                return (REPLACEMENT, True)
        if code < 0x20 or code == 0x7F:
            if ch in "\t\n\r":
                return (" ", False)
            return (REPLACEMENT, True)
        if _is_private_use(ch):
            if ch in SYMBOL_BULLETS or symbolic_font:
                return ("\u2022", False) if ch in SYMBOL_BULLETS else (REPLACEMENT, True)
            return (REPLACEMENT, True)
        return (ch, False)
    # Multi-character mappings (ToUnicode to a ligature's letters, or a decomposed accent).
    out = []
    unmapped = False
    for ch in raw:
        text, bad = clean_glyph_text(ch, symbolic_font)
        out.append(text)
        unmapped = unmapped or bad
    return ("".join(out), unmapped)


def clean_line_text(text: str) -> str:
    """Compose combining accents (NFC) in a finished line; soft hyphens stay for the joiner."""
    return unicodedata.normalize("NFC", text)


CJK_RANGES = (
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
"""The code point ranges of Han, Hiragana, Katakana, Hangul and CJK punctuation (SPEC §2),
sorted and disjoint."""


def is_cjk(ch: str) -> bool:
    """True for Han, Hiragana, Katakana, Hangul and CJK punctuation (SPEC §2)."""
    if not ch:
        return False
    code = ord(ch[0])
    if code < 0x1100:  # Latin, Greek, Cyrillic and the rest: the common case, answered at once
        return False
    k = bisect_right(_CJK_STARTS, code) - 1  # the ranges are sorted and do not overlap
    return k >= 0 and code <= CJK_RANGES[k][1]


_CJK_STARTS = [lo for lo, _ in CJK_RANGES]

CJK_CHARACTER = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in CJK_RANGES) + "]")
"""Any character :func:`is_cjk` accepts: a text this never matches has no CJK at all (math
symbols and dashes lie above U+1100 too, so a text's largest character cannot tell)."""

FIRST_CJK = "\u1100"
"""No character below U+1100 is CJK (:func:`is_cjk`): a text whose largest character is below
it has none."""
