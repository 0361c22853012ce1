"""Bullets drawn as letters or punctuation of a face of their own (SPEC §10): Word's
second-level "o" in Courier New, and the bullets of symbol faces (Symbol, Wingdings,
WordPerfect's typographic symbols) whose codes a standard text encoding read as Latin
characters ("!", "l", "§", "·"). Read as the bullets they draw, they stay with their item's
text on the line, and the list pass finds the items.
"""

from __future__ import annotations

import re

from ..model import Glyph, Line
from ..params import LayoutParams
from ..pdf.fonts import SYMBOL_FONT_NAME, FontFacts

MONO_OR_SYMBOL_FONT = re.compile(r"courier|mono|symbol|wingding|dingbat", re.I)
"""The faces Word and other producers draw the letter "o" in as a second-level bullet
(Courier New), or symbol faces: an "o" in one of them before text in another face is a
bullet, not a word."""

WORD_BULLET = "\u25e6"
"""What such an "o" reads as: the hollow bullet it draws (◦)."""

PICTURE_FONT = re.compile(r"dingbat|wingding|webding", re.I)
"""Faces that hold pictures only: every glyph of one is a shape, its letters included
(Wingdings' "l" draws ●, "n" ■, "Ø" ➢, "ü" ✓)."""

SYMBOL_BULLET = "\u2022"
"""What a symbol face's bullet reads as (•), as its private-use codes already do
(:data:`~pdfprose.text.characters.SYMBOL_BULLETS`)."""


def word_bullet(marker: Glyph, after: Glyph) -> bool:
    """Whether ``marker``, an "o" starting a line, is a bullet: drawn in a monospace or symbol
    face (:data:`MONO_OR_SYMBOL_FONT`) that the text after it (``after``, its next visible
    glyph) is not set in. Spanish "o" ("or") and code set in Courier are set in their text's
    face."""
    return (marker.text == "o" and after.font != marker.font
            and MONO_OR_SYMBOL_FONT.search(marker.font) is not None)


def symbol_bullet(marker: Glyph, after: Glyph, params: LayoutParams) -> bool:
    """Whether ``marker``, the first visible glyph of a line, is a symbol face's bullet read
    as a Latin character: its face is a symbol face (:data:`SYMBOL_FONT_NAME`) with no
    Unicode map of its own, so that its text is a standard encoding's reading of the code
    (a character under U+0100), not what it draws; the text after it (``after``) is in
    another face, at least ``symbol_bullet_gap_em`` away (a hanging indent: an equation's
    parenthesis in Symbol stands close to what it encloses). In a picture face
    (:data:`PICTURE_FONT`) any such glyph is a shape; in Symbol itself letters are Greek and
    digits digits, so only other characters are."""
    source = marker.source
    text = marker.text
    if not (isinstance(source, FontFacts) and source.symbolic and not source.has_unicode_map
            and len(text) == 1 and ord(text) < 0x100
            and after.font != marker.font
            and after.x0 - marker.x1 >= params.symbol_bullet_gap_em * marker.size
            and SYMBOL_FONT_NAME.search(marker.font) is not None):
        return False
    return PICTURE_FONT.search(marker.font) is not None or not text.isalnum()


def read_leading_bullet(line: Line, params: LayoutParams) -> None:
    """Read a line's leading bullet drawn as a character (:func:`word_bullet`,
    :func:`symbol_bullet`) as the bullet it is: its text and its glyph's become
    :data:`WORD_BULLET` or :data:`SYMBOL_BULLET`, so every stage after sees a bullet."""
    visible = [g for g in line.glyphs[:4] if g.text.strip()]
    if len(visible) < 2:
        return
    first = visible[0]
    if word_bullet(first, visible[1]):
        bullet = WORD_BULLET
    elif symbol_bullet(first, visible[1], params):
        bullet = SYMBOL_BULLET
    else:
        return
    at = line.text.find(first.text)
    first.text = bullet
    line.text = line.text[:at] + bullet + line.text[at + 1:]
