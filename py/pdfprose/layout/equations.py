"""Display equations: lines set apart from the prose as mathematics (SPEC §6).

A displayed formula stands on lines of its own between two stretches of prose ("...is given by"
/ formula / "where R is the radius..."). Left inside the paragraph it turns the sentence around
it into a jumble ("...given by g ∼ πR2ρ0v∗2/MF , (4) where R is..."), and a column or page
break after it would join the next paragraph onto the formula. So such lines become a paragraph
of their own (kind ``"equation"``), which the paragraph before ends at and the text after starts
afresh from, and which never becomes a heading, a list item or part of a continued paragraph.

A line is mathematics when it holds (almost) no prose and carries the marks of a formula:

- glyphs of a mathematics font (TeX's Computer Modern math italic and symbols ``CMMI``, ``CMSY``,
  ``CMEX``, the AMS ``MSAM``/``MSBM``, Latin Modern and STIX math, Cambria Math, Symbol...), or
  characters that only formulas use (Unicode math symbols, Greek letters, mathematical
  alphanumerics, combining accents over a variable);
- and either an equation number flush with the column's right edge ("(4)", "(2.13)", "(3b)") or
  an indent from the column's left edge (a displayed formula is centred or indented; a short
  last line of a paragraph starts at the edge).

*Prose* is counted as words of three letters or more set in a text font ("where", "for", "and");
a formula line holds at most ``max_prose_words`` of them ("for all", "sin", "cos"). That count
and the shares and distances of these tests are fields of :class:`~pdfprose.params.LayoutParams`.
Sizes and distances are in points, page space.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..model import Line
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.markers import list_marker

MATH_FONT = re.compile(
    r"^(?:cmmi|cmsy|cmex|cmbsy|cmmib|msam|msbm|eufm|eurm|eusm|rsfs|wasy|stmary|lasy|bbm|dsrom"
    r"|txmi|txsy|txex|pxmi|pxsy|pxex|mtmi|mtsy|mtex|rmtmi|lmmathitalic|lmmathsymbols"
    r"|lmmathextension|lmmi|lmsy|lmex)"
    r"|math|symbol|euclid|mt ?extra|stix|xits|asana|cambria ?math",
    re.I,
)
"""Names (subset prefix removed) of fonts that set mathematics: TeX's Computer Modern math italic,
symbols and extension (CMMI10, CMSY7, CMEX10), the AMS fonts (MSAM10, MSBM10, EUFM10), txfonts,
pxfonts and MathTime, Latin Modern math, and system math fonts (Symbol, Cambria Math, STIX,
XITS, Asana, Euclid, MT Extra)."""

EQUATION_NUMBER = re.compile(r"\(\s*(?:[A-Z]?\d{1,3}(?:\.\d{1,3}){0,2}[a-z′']?|[ivx]{1,5})\s*\)$")
"""An equation number at the end of a line: "(4)", "(2.13)", "(3b)", "(A.1)", "(iv)"."""

_PROSE_WORD = re.compile(r"[^\W\d_]{3,}")


@lru_cache(maxsize=512)
def is_math_font(name: str) -> bool:
    """True when the font named ``name`` (subset prefix removed) sets mathematics."""
    return MATH_FONT.search(name) is not None


@lru_cache(maxsize=4096)
def is_math_char(ch: str) -> bool:
    """True for characters only formulas use: Unicode math symbols (category Sm: = + − ≤ ∑ ∫),
    Greek letters, mathematical alphanumerics (U+1D400-U+1D7FF), arrows and math operators
    blocks, and combining marks (an accent set over a variable)."""
    code = ord(ch)
    if 0x391 <= code <= 0x3FF or 0x1D400 <= code <= 0x1D7FF or 0x2190 <= code <= 0x22FF:
        return True
    category = unicodedata.category(ch)
    return category == "Sm" or category == "Mn"


def prose_words(line: Line) -> int:
    """Words of three or more letters in a text font (the whole text when glyphs are gone)."""
    if not line.glyphs:
        return sum(1 for w in _PROSE_WORD.findall(line.text) if not any(map(is_math_char, w)))
    words = 0
    run = 0
    for glyph in line.glyphs:
        text = glyph.text
        if text.isalpha() and not is_math_font(glyph.font) and not is_math_char(text[0]):
            run += len(text)
            continue
        if run >= 3:
            words += 1
        run = 0
    return words + (run >= 3)


def is_formula_piece(line: Line, params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """True for a run with no word of prose and at least ``params.min_math_share`` of
    mathematics: a piece of a displayed formula (a fraction's numerator, one of two equations
    set side by side)."""
    return _math_share(line) >= params.min_math_share and prose_words(line) == 0


def _math_share(line: Line) -> float:
    """Share of the line's visible glyphs (characters, when glyphs are gone) that are math."""
    if line.glyphs:
        visible = [g for g in line.glyphs if g.text.strip()]
        if not visible:
            return 0.0
        math = sum(1 for g in visible if is_math_font(g.font) or any(map(is_math_char, g.text)))
        return math / len(visible)
    chars = [ch for ch in line.text if not ch.isspace()]
    return sum(map(is_math_char, chars)) / len(chars) if chars else 0.0


def is_display_math(line: Line, left: float, right: float, alone: bool = False,
                    params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """True when ``line`` of a column whose lines start at ``left`` and end by ``right``
    (points, page space) is a line of a displayed formula (see the module docstring): numbered
    within ``params.number_edge_em`` of the right edge or indented ``display_indent_em``, with
    at most ``max_prose_words`` and ``min_math_share`` of mathematics. ``alone``: the line's
    block holds no prose at all; then a line mostly in mathematics fonts
    (``math_font_share``) is a formula wherever it starts."""
    text = line.text.strip()
    if not text or list_marker(text) is not None:
        return False
    numbered = (EQUATION_NUMBER.search(text) is not None
                and right - line.x1 <= params.number_edge_em * line.size)
    indented = line.x0 - left >= params.display_indent_em * line.size
    if not (numbered or indented or alone):
        return False
    if prose_words(line) > params.max_prose_words:
        return False
    if not (numbered or indented):
        return _math_font_share(line) >= params.math_font_share
    return _math_share(line) >= params.min_math_share


def _math_font_share(line: Line) -> float:
    visible = [g for g in line.glyphs if g.text.strip()]
    return sum(1 for g in visible if is_math_font(g.font)) / len(visible) if visible else 0.0
