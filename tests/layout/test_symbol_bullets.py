"""Bullets of symbol faces read through a standard text encoding (``symbol_bullet_gap_em``):
a WordPerfect summary's bullets in WPTypographicSymbols came out "!" in a column of their own
("! ! ! ! !" over five items); Wingdings' "l" (●) and Symbol's "·" read the same way."""

from __future__ import annotations

from pdfprose.layout.lines import build_lines
from pdfprose.model import Glyph
from pdfprose.params import DEFAULT_PARAMS
from pdfprose.pdf.fonts import FontFacts


def facts(name: str, unicode_map: bool = False, symbolic: bool = True) -> FontFacts:
    return FontFacts(name=name, bold=False, italic=False, vertical=False, symbolic=symbolic,
                     descent=-0.2, has_unicode_map=unicode_map)


def run(text: str, x: float, baseline: float, source: FontFacts, size: float = 12.0) -> list[Glyph]:
    out = []
    for ch in text:
        out.append(Glyph(text=ch, x0=x, top=baseline - 0.8 * size, x1=x + 0.5 * size,
                         bottom=baseline + 0.2 * size, baseline=baseline, size=size,
                         font=source.name, source=source))
        x += 0.5 * size
    return out


TEXT = facts("Garamond", unicode_map=True, symbolic=False)


def item(marker: str, face: FontFacts, baseline: float, gap_em: float,
         words: str = "Title II creates limitations") -> list[Glyph]:
    # The marker's glyph is 0.5 em wide; the item's text starts gap_em after it.
    return run(marker, 144, baseline, face) + run(words, 150 + gap_em * 12, baseline, TEXT)


def texts(*glyph_runs: list[Glyph]) -> list[str]:
    horizontal, _ = build_lines([g for r in glyph_runs for g in r])
    return sorted(line.text for line in horizontal)


def test_symbol_face_bullets_read_as_latin_characters_are_bullets_on_their_items_line() -> None:
    wp, wingdings, symbol = facts("WPTypographicSymbols"), facts("Wingdings-Regular"), facts("Symbol")
    assert texts(item("!", wp, 100, 2.3), item("l", wingdings, 130, 1.2),
                 item("·", symbol, 160, 1.2)) == ["• Title II creates limitations"] * 3


def test_a_symbol_face_letter_or_a_close_parenthesis_or_a_mapped_face_stays_as_drawn() -> None:
    """Symbol's letters are Greek ("a" is alpha), a parenthesis stands against what it
    encloses, and a face with a Unicode map of its own says what it draws."""
    symbol = facts("Symbol")
    mapped = facts("WPTypographicSymbols", unicode_map=True)
    lines = texts(item("a", symbol, 100, 1.2, "b = 2"), item("(", symbol, 130, 0.1, "x + y"),
                  item("!", mapped, 160, 2.3))
    assert not any(line.startswith("•") for line in lines)
    assert 0.1 < DEFAULT_PARAMS.symbol_bullet_gap_em <= 1.2
