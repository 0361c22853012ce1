"""Font facts the engine needs per glyph, computed once per font (SPEC §1)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pdfminer.pdffont import PDFFont

BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|[-,]bd\b|cmbx|cmb\d|\bmedi\b", re.I)
"""Font-name fragments that mark a bold face: Adobe's ``-Bold``/``,Bold``, ``Black``, ``Heavy``,
``Semibold``, ``Demi``, and TeX's bold extended Computer Modern (``CMBX10``)."""

ITALIC_NAME = re.compile(r"italic|oblique|slanted|[-,]it\b|cmti|cmsl", re.I)
"""Font-name fragments that mark an italic or slanted face (TeX: ``CMTI``, ``CMSL``)."""

FLAG_ITALIC = 1 << 6
"""FontDescriptor /Flags bit 7 (ISO 32000-1, table 123): Italic."""

FLAG_SYMBOLIC = 1 << 2
"""FontDescriptor /Flags bit 3: Symbolic (glyphs outside the standard Latin set)."""

FLAG_FORCE_BOLD = 1 << 18
"""FontDescriptor /Flags bit 19: ForceBold."""

BOLD_STEM_V = 140
"""A /StemV this thick marks a bold face when the name says nothing (regular text faces sit near
80-100, bold near 140-170 in Adobe's core fonts' descriptors)."""

SYMBOL_FONT_NAME = re.compile(r"symbol|dingbat|wingding|webding", re.I)


@dataclass(frozen=True, slots=True)
class FontFacts:
    """What the pipeline needs to know about one font.

    ``name`` drops the subset prefix (``ABCDEF+``); ``descent`` is in units of the font size
    (negative below the baseline); ``symbolic`` marks symbol fonts whose private-use codes may be
    bullets.
    """

    name: str
    bold: bool
    italic: bool
    vertical: bool
    symbolic: bool
    descent: float


def font_facts(font: PDFFont) -> FontFacts:
    """Read a pdfminer font's name, descriptor flags and metrics into :class:`FontFacts`."""
    raw_name = font.fontname if isinstance(font.fontname, str) else str(font.fontname)
    name = raw_name.split("+", 1)[1] if "+" in raw_name[:7] else raw_name
    descriptor = getattr(font, "descriptor", None) or {}
    try:
        flags = int(descriptor.get("Flags", 0) or 0)
    except (TypeError, ValueError):
        flags = 0
    try:
        stem_v = float(descriptor.get("StemV", 0) or 0)
    except (TypeError, ValueError):
        stem_v = 0.0
    bold = bool(BOLD_NAME.search(name)) or bool(flags & FLAG_FORCE_BOLD) or stem_v >= BOLD_STEM_V
    italic = bool(ITALIC_NAME.search(name)) or bool(flags & FLAG_ITALIC)
    try:
        descent = float(font.get_descent())
    except Exception:  # noqa: BLE001 - broken metrics: assume a common Latin descent
        descent = -0.2
    if not -1.0 <= descent <= 0.0:
        descent = -0.2
    try:
        vertical = bool(font.is_vertical())
    except Exception:  # noqa: BLE001
        vertical = False
    return FontFacts(
        name=name,
        bold=bold,
        italic=italic,
        vertical=vertical,
        symbolic=bool(SYMBOL_FONT_NAME.search(name)) or bool(flags & FLAG_SYMBOLIC),
        descent=descent,
    )
