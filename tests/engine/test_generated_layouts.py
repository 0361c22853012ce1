"""The whole engine on PDFs generated with known text: columns, titles, justified text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pdfprose import Options, convert
from pdfgen import canvas_pdf, columns_pdf


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _paragraphs(text: str) -> list[str]:
    return [_norm(p) for p in text.split("\n\n") if p.strip()]


@pytest.mark.parametrize("columns", [1, 2, 3])
def test_columns_read_in_order_with_their_paragraphs(tmp_path: Path, columns: int) -> None:
    pdf = tmp_path / f"cols{columns}.pdf"
    truth = columns_pdf(pdf, columns)
    conversion = convert(pdf.read_bytes())
    assert _paragraphs(conversion.render()) == [_norm(t) for t in truth]
    assert conversion.report()["pages"][0]["columns"] == columns


def test_full_width_title_over_two_columns_comes_first(tmp_path: Path) -> None:
    pdf = tmp_path / "title.pdf"
    truth = columns_pdf(pdf, 2, title="A Survey of Quiet Orchards")
    conversion = convert(pdf.read_bytes())
    assert _paragraphs(conversion.render()) == [_norm(t) for t in truth]
    assert conversion.pages[0].columns == 2
    assert conversion.render(Options(format="md")).startswith("# A Survey of Quiet Orchards\n\n")


def test_justified_two_columns_keep_single_spaces(tmp_path: Path) -> None:
    pdf = tmp_path / "justified.pdf"
    truth = columns_pdf(pdf, 2, justify=True)
    text = convert(pdf.read_bytes()).render()
    assert _paragraphs(text) == [_norm(t) for t in truth]
    assert "  " not in text


def test_no_join_lines_keeps_line_breaks_inside_paragraphs(tmp_path: Path) -> None:
    pdf = tmp_path / "cols1.pdf"
    truth = columns_pdf(pdf, 1)
    text = convert(pdf.read_bytes()).render(Options(join_lines=False))
    paragraphs = text.strip().split("\n\n")
    assert len(paragraphs) == len(truth)
    assert all("\n" in p for p in paragraphs)
    assert _norm(paragraphs[0]) == _norm(truth[0])


def test_page_without_text_is_empty_and_others_are_not(tmp_path: Path) -> None:
    pdf = tmp_path / "mixed.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        if index != 1:
            canvas.setFont("Helvetica", 12)
            canvas.drawString(72, 700, f"Page body number {index + 1}")
        else:
            canvas.rect(72, 500, 200, 100, fill=1)

    canvas_pdf(pdf, draw, pages=3)
    conversion = convert(pdf.read_bytes())
    assert conversion.empty_pages == [2]
    assert not conversion.all_empty
    assert "Page body number 3" in conversion.render()


def test_word_spaces_come_from_gaps_when_no_space_is_drawn(tmp_path: Path) -> None:
    pdf = tmp_path / "gaps.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont("Helvetica", 10)
        x = 72.0
        for word in ("glyphs", "without", "spaces"):
            canvas.drawString(x, 700, word)
            # 0.3 em past the word's advance: a word space by SPEC §2 (> 0.12 em)
            x += canvas.stringWidth(word, "Helvetica", 10) + 3.0
        x = 72.0
        for part in ("kern", "ed"):
            canvas.drawString(x, 680, part)
            # 0.05 em: kerning, not a space
            x += canvas.stringWidth(part, "Helvetica", 10) + 0.5

    canvas_pdf(pdf, draw)
    # 20 pt between the baselines (2 em) is over SPEC §6's 1.8 em: two paragraphs.
    assert convert(pdf.read_bytes()).render() == "glyphs without spaces\n\nkerned\n"


def test_text_outside_the_cropbox_and_tiny_text_are_hidden(tmp_path: Path) -> None:
    pdf = tmp_path / "crop.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setCropBox((50, 50, 545, 792))
        canvas.setFont("Helvetica", 12)
        canvas.drawString(72, 700, "Visible body text")
        canvas.drawString(5, 700, "SLUG")  # left of the CropBox
        canvas.setFont("Helvetica", 0.5)
        canvas.drawString(72, 650, "hidden instruction")

    canvas_pdf(pdf, draw)
    conversion = convert(pdf.read_bytes())
    assert conversion.render() == "Visible body text\n"
    assert conversion.pages[0].hidden_count == len("SLUG") + len("hiddeninstruction")
