"""Footnotes through the whole engine (issue 24): generated pages with superscript marks and
bodies under a short rule, on one column and on two (each column's notes at its own foot);
an exponent and a chemical formula's subscript stay text."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pdfprose import Options
from pdfprose.engine.converter import convert

if TYPE_CHECKING:
    from pdfprose.model import Block, Line

import structgen


@pytest.mark.parametrize("columns", [1, 2])
def test_generated_footnotes_in_markdown_and_text(tmp_path: Path, columns: int) -> None:
    truth = structgen.footnotes_pdf(tmp_path / "fn.pdf", columns)
    conversion = convert(truth.path.read_bytes())
    md = conversion.render(Options(format="md"))
    txt = conversion.render(Options(format="txt"))
    flat = " ".join(md.split())
    for mark, body, word in truth.facts["notes"]:  # type: ignore[attr-defined]
        assert f"\n[^{mark}]: {body}" in md
        assert f"{word}[^{mark}]" in flat
        assert f"{word}[{mark}]" in " ".join(txt.split())
        assert f"[{mark}] {body}" in txt
        # The reference comes before its definition.
        assert flat.index(f"{word}[^{mark}]") < flat.index(f"[^{mark}]: ")
    assert "as x2" in flat and "(H2O)" in flat  # not marks
    # The body text reads on over the notes: the notes are after the page's text.
    assert flat.index("across the basin.") < flat.index("[^1]: ")


def _glyph_line(*parts: tuple[str, float, float]) -> "Line":
    """A line of glyphs from (text, size, baseline) parts, 0.5 em per character."""
    from pdfprose.model import Glyph, Line

    glyphs = []
    x = 72.0
    for text, size, baseline in parts:
        for ch in text:
            w = 0.5 * size
            glyphs.append(Glyph(ch, x, baseline - 0.8 * size, x + w, baseline + 0.2 * size,
                                baseline, size, "F"))
            x += w
    return Line(text="".join(g.text for g in glyphs), x0=72.0, top=min(g.top for g in glyphs),
                x1=x, bottom=max(g.bottom for g in glyphs), baseline=parts[0][2],
                size=parts[0][1], glyphs=glyphs)


def _block(lines: list) -> "Block":  # type: ignore[type-arg]
    from pdfprose.model import Block

    return Block(lines=lines, order=0, region=0, column=0, columns=1, x0=72, top=0, x1=500,
                 bottom=842)


def test_note_taken_and_called_on_hand_built_lines() -> None:
    from pdfprose.layout.notes import take_footnotes

    call = _glyph_line(("The statute", 10, 100), ("1", 6, 96.5), (" applies here.", 10, 100))
    body = _glyph_line(("And the court agreed with the reading of it.", 10, 113))
    note = _glyph_line(("1", 6, 757), ("See the statute, as amended.", 8, 760))
    footer = _glyph_line(("Page 4 of the opinion", 8, 800))
    block = _block([call, body, note, footer])
    (taken,) = take_footnotes([block], [], 842)
    assert taken.mark == "1" and taken.lines == [note]  # the footer, 4 em lower, stays
    assert block.lines == [call, body, footer]
    (span,) = call.inline
    assert (call.text[span.start:span.end], span.kind, span.value) == ("1", "note", "1")


def test_formula_small_print_is_no_note() -> None:
    """An operator's limits under a formula ("i" then "=1") are no footnote, though "i" is
    raised after a word elsewhere."""
    from pdfprose.layout.notes import take_footnotes

    call = _glyph_line(("The union over all sets", 10, 100), ("i", 6, 96.5),
                       (" is open.", 10, 100))
    body = _glyph_line(("And the court agreed with the reading of it.", 10, 113))
    limits = _glyph_line(("i=1", 7, 760))
    block = _block([call, body, limits])
    assert take_footnotes([block], [], 842) == []
    assert not call.inline and block.lines == [call, body, limits]
