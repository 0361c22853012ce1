"""Character clean-up for one glyph's text and for finished lines (SPEC §11).

Only targeted replacements: NFKC on the whole text would change ², ½, ™ and full-width forms,
which are the document's own characters.
"""

from __future__ import annotations

import unicodedata

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
