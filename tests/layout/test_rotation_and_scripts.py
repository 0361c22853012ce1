"""Every direction and script, on PDFs generated with known text (issue 5; SPEC §1, §2, §3, §5).

Page /Rotate 0/90/180/270, text matrices turned or mirrored, rotated labels inside a page,
vertical Japanese (writing mode V, and CJK glyphs stacked with a horizontal font), CJK
horizontal text, the spacing traps (Tc, Tw, letter spacing, fake bold, scripts), text a reader
cannot see, and form-field appearances. reportlab draws most files; a few need operators
reportlab does not write (a Type3 font, word spacing on a glyph that is not a space), built by
:func:`raw_pdf` below.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont

from pdfgen import canvas_pdf
from pdfprose import Options, convert
from pdfprose.pdf.document import open_pdf

HORIZONTAL_CJK = "HeiseiKakuGo-W5"
VERTICAL_CJK = "HeiseiMin-W3"
pdfmetrics.registerFont(UnicodeCIDFont(HORIZONTAL_CJK))
pdfmetrics.registerFont(UnicodeCIDFont(VERTICAL_CJK, isVertical=True))

LINES = [
    "The quiet orchard stands beside the river.",
    "Copper lanterns glow along the harbor wall.",
    "Falcons circle high above the marble canyon.",
]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _paragraphs(text: str) -> list[str]:
    return [_norm(p) for p in text.split("\n\n") if p.strip()]


ALL_LINES = " ".join(LINES)
"""LINES as one text: where paragraph breaks between them are not what a test is about."""


def _glyphs(pdf: Path):  # type: ignore[no-untyped-def]
    return next(open_pdf(pdf.read_bytes()).iter_pages())


def _draw_lines(canvas, x: float = 72, y: float = 700, size: float = 12) -> None:  # type: ignore[no-untyped-def]
    """LINES as three paragraphs (2.5 em apart: over SPEC §6's 1.8 em)."""
    canvas.setFont("Helvetica", size)
    for i, line in enumerate(LINES):
        canvas.drawString(x, y - i * 2.5 * size, line)


# --------------------------------------------------------------------------------------------
# Page rotation and text matrices


def _media(canvas, rotate: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The MediaBox size reportlab will write: it swaps width and height for /Rotate 90, 270."""
    width, height = canvas._pagesize
    return (height, width) if rotate in (90, 270) else (width, height)


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_page_rotate_with_upright_content_reads_as_shown(tmp_path: Path, rotate: int) -> None:
    """/Rotate N with content drawn turned by -N: the reader sees upright text."""
    pdf = tmp_path / f"rotate{rotate}.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setPageRotation(rotate)
        mw, mh = _media(canvas, rotate)
        # Undo the page rotation in the content so that the text is upright on screen.
        if rotate == 90:
            canvas.transform(0, 1, -1, 0, mw, 0)
        elif rotate == 180:
            canvas.transform(-1, 0, 0, -1, mw, mh)
        elif rotate == 270:
            canvas.transform(0, -1, 1, 0, 0, mh)
        _draw_lines(canvas, y=(mh if rotate in (0, 180) else mw) - 100)

    canvas_pdf(pdf, draw)
    parsed = _glyphs(pdf)
    assert parsed.turned == 0
    assert {round(g.angle) for g in parsed.glyphs} == {0}
    assert _norm(convert(pdf.read_bytes()).render()) == ALL_LINES


@pytest.mark.parametrize("rotate", [90, 180, 270])
def test_page_rotate_with_sideways_text_is_turned_for_reading(tmp_path: Path, rotate: int) -> None:
    """/Rotate N over content drawn normally: the text shows sideways (or upside down); a reader
    turns the paper, and so does pdfprose (the nics_background_checks case)."""
    pdf = tmp_path / f"sideways{rotate}.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setPageRotation(rotate)
        _draw_lines(canvas, y=_media(canvas, rotate)[1] - 100)

    canvas_pdf(pdf, draw)
    parsed = _glyphs(pdf)
    assert parsed.turned in (90, -90, 180)
    assert {round(g.angle) for g in parsed.glyphs} == {0}
    assert _norm(convert(pdf.read_bytes()).render()) == ALL_LINES


@pytest.mark.parametrize("angle", [90, 180, 270])
def test_page_of_rotated_text_matrix_is_turned(tmp_path: Path, angle: int) -> None:
    """All the text set at 90/180/270 degrees by its text matrix, no /Rotate."""
    pdf = tmp_path / f"matrix{angle}.pdf"
    width, height = A4

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.translate(width / 2, height / 2)
        canvas.rotate(angle)
        _draw_lines(canvas, x=-200, y=150)

    canvas_pdf(pdf, draw)
    assert _norm(convert(pdf.read_bytes()).render()) == ALL_LINES


def test_mirrored_page_reads_in_drawing_order(tmp_path: Path) -> None:
    """Text drawn through a reflecting matrix (mirror writing, as for back-lit film): the words
    run right to left on the page; read as written, lines top to bottom."""
    pdf = tmp_path / "mirrored.pdf"
    width, _ = A4

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.transform(-1, 0, 0, 1, width, 0)
        _draw_lines(canvas)

    canvas_pdf(pdf, draw)
    parsed = _glyphs(pdf)
    assert parsed.turned == 180 or all(not g.mirrored for g in parsed.glyphs)
    assert _norm(convert(pdf.read_bytes()).render()) == ALL_LINES


def test_flipped_ctm_with_flipped_text_matrix_is_ordinary_text(tmp_path: Path) -> None:
    """A y-down CTM (cm 1 0 0 -1 0 H) undone by Tm 1 0 0 -1, as CAD exporters write it."""
    pdf = tmp_path / "flipped.pdf"
    _, height = A4

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.transform(1, 0, 0, -1, 0, height)
        text = canvas.beginText()
        text.setFont("Helvetica", 12)
        for i, line in enumerate(LINES):
            text.setTextTransform(1, 0, 0, -1, 72, 100 + i * 30)
            text.textOut(line)
        canvas.drawText(text)

    canvas_pdf(pdf, draw)
    assert _norm(convert(pdf.read_bytes()).render()) == ALL_LINES


def test_rotated_labels_follow_the_page_text_grouped_by_angle(tmp_path: Path) -> None:
    pdf = tmp_path / "labels.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        _draw_lines(canvas)
        canvas.setFont("Helvetica", 10)
        for x, label in ((500, "Sideways table header"), (540, "Second sideways header")):
            canvas.saveState()
            canvas.translate(x, 300)
            canvas.rotate(90)
            canvas.drawString(0, 0, label)
            canvas.restoreState()
        canvas.saveState()
        canvas.translate(100, 200)
        canvas.rotate(-45)
        canvas.drawString(0, 0, "Diagonal drawing label")
        canvas.restoreState()

    canvas_pdf(pdf, draw)
    conversion = convert(pdf.read_bytes())
    text = _norm(conversion.render())
    assert text.startswith(ALL_LINES)
    rest = _paragraphs(conversion.render().split(LINES[-1], 1)[1])
    # Groups by angle (-45 before 90); at 90 degrees the next line lies to the right.
    assert rest == ["Diagonal drawing label", "Sideways table header", "Second sideways header"]
    kinds = [b.kind for b in conversion.pages[0].blocks]
    assert kinds[0] == "text" and set(kinds[1:]) == {"rotated"}


def test_mirrored_label_inside_an_upright_page_is_read_as_written(tmp_path: Path) -> None:
    pdf = tmp_path / "mirror_label.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        _draw_lines(canvas)
        canvas.saveState()
        canvas.transform(-1, 0, 0, 1, 500, 0)
        canvas.setFont("Helvetica", 10)
        canvas.drawString(0, 300, "Mirror label")
        canvas.restoreState()

    canvas_pdf(pdf, draw)
    assert _norm(convert(pdf.read_bytes()).render()) == ALL_LINES + " Mirror label"


# --------------------------------------------------------------------------------------------
# Vertical writing and CJK


def test_vertical_writing_reads_columns_right_to_left_top_to_bottom(tmp_path: Path) -> None:
    pdf = tmp_path / "vertical.pdf"
    columns = ["縦書きの文章です。", "二行目の文章「引用」です。", "三行目、最後の行"]

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont(VERTICAL_CJK, 12)
        for i, text in enumerate(columns):  # 18 pt apart: 1.5 em, one paragraph
            canvas.drawString(400 - i * 18, 700, text)

    canvas_pdf(pdf, draw)
    parsed = _glyphs(pdf)
    assert all(g.vertical for g in parsed.glyphs)
    text = convert(pdf.read_bytes()).render()
    # Columns joined without a space (CJK on both sides), the punctuation as the font has it.
    assert _paragraphs(text) == ["".join(columns)]
    assert convert(pdf.read_bytes()).pages[0].blocks[0].kind == "vertical"


def test_repeated_vertical_columns_far_apart_are_separate_paragraphs(tmp_path: Path) -> None:
    """ja_vertical_kerning.pdf: the same column set nine times, 3-5 em apart."""
    pdf = tmp_path / "repeated.pdf"
    column = "あのイーハトーヴォ"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont(VERTICAL_CJK, 20)
        for i in range(3):
            canvas.drawString(450 - i * 90, 700, column)

    canvas_pdf(pdf, draw)
    text = convert(pdf.read_bytes()).render()
    assert _paragraphs(text) == [column] * 3
    assert column[-1] + column[0] not in _norm(text)


def test_vertical_columns_up_to_two_em_apart_are_one_paragraph(tmp_path: Path) -> None:
    """Books and reports set vertical columns up to 2 em apart (the japanese-vertical family
    draws 1.6-1.9 em): a paragraph is not cut at every column; a blank column ends it."""
    pdf = tmp_path / "pitch.pdf"
    first = ["一段落目の一行目です", "一段落目の二行目です"]
    second = ["二段落目の一行目です", "二段落目の二行目です"]

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont(VERTICAL_CJK, 10)
        x = 400.0
        for column in first + [""] + second:  # 1.95 em apart, a blank column between the two
            if column:
                canvas.drawString(x, 700, column)
            x -= 19.5

    canvas_pdf(pdf, draw)
    assert _paragraphs(convert(pdf.read_bytes()).render()) == ["".join(first), "".join(second)]


def test_a_vertical_column_set_large_is_a_heading(tmp_path: Path) -> None:
    """A heading of vertical writing is a column set larger than the body (the japanese-vertical
    family: 1.25 and 1.8 x), as a horizontal heading is a line set larger."""
    pdf = tmp_path / "vheading.pdf"
    body = ["本文の一行目の文章がここに続きます。", "本文の二行目の文章がここに続きます。",
            "本文の三行目の文章がここに続きます。"]

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont(VERTICAL_CJK, 15)
        canvas.drawString(450, 760, "見出しの文")
        canvas.setFont(VERTICAL_CJK, 10)
        for i, column in enumerate(body * 4):
            canvas.drawString(410 - i * 17, 760, column)

    canvas_pdf(pdf, draw)
    md = convert(pdf.read_bytes()).render(Options(format="md"))
    assert md.startswith("# 見出しの文\n\n" + "".join(body))


def test_tiers_of_vertical_columns_are_read_one_after_the_other(tmp_path: Path) -> None:
    """Vertical Japanese in two tiers (段組) whose columns stand at the same x: the upper tier's
    columns from the right, then the lower tier's, never a column of one joined to the other."""
    pdf = tmp_path / "tiers.pdf"
    upper = [f"上段の第{n}行の文章です。" for n in "一二三四五六"]
    lower = [f"下段の第{n}行の文章です。" for n in "一二三四五六"]

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont(VERTICAL_CJK, 10)
        for top, tier in ((780, upper), (600, lower)):  # a tier 120 pt tall, 6 em between
            for i, column in enumerate(tier):
                canvas.drawString(450 - i * 16, top, column)

    canvas_pdf(pdf, draw)
    assert _norm(convert(pdf.read_bytes()).render()).replace(" ", "") == "".join(upper + lower)


def test_vertical_kerning_does_not_add_spaces(tmp_path: Path) -> None:
    pdf = tmp_path / "vkern.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        text = canvas.beginText()
        text.setFont(VERTICAL_CJK, 20)
        text.setTextOrigin(400, 700)
        text.setCharSpace(-4)  # tracking -0.2 em
        text.textOut("あのイーハトーヴォ")
        text.setTextOrigin(300, 700)
        text.setCharSpace(3)  # tracking +0.15 em: still no space between CJK in a column
        text.textOut("あのイーハトーヴォ")
        canvas.drawText(text)

    canvas_pdf(pdf, draw)
    text = convert(pdf.read_bytes()).render()
    assert "あ の" not in text and _paragraphs(text) == ["あのイーハトーヴォ"] * 2


def test_cjk_glyphs_stacked_with_a_horizontal_font_read_as_columns(tmp_path: Path) -> None:
    """Vertical Japanese set glyph by glyph with a horizontal font (the Kanpo gazette), with a
    numeral one ideographic space above its column and a horizontal heading above the page."""
    pdf = tmp_path / "stacked.pdf"
    columns = ["第一条この政令は公布の日から施行する", "第二条前条の規定は次のとおりとする"]

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont(HORIZONTAL_CJK, 10)
        canvas.drawString(72, 780, "官報の見出し")
        for c, text in enumerate(columns):
            x = 400 - c * 15
            canvas.drawString(x, 740, "一")  # the item numeral, then a 1 em hole
            for i, ch in enumerate(text):
                canvas.drawString(x, 720 - i * 10, ch)

    canvas_pdf(pdf, draw)
    paragraphs = _paragraphs(convert(pdf.read_bytes()).render())
    assert paragraphs[0] == "官報の見出し"
    assert "".join(paragraphs[1:]).replace(" ", "") == "".join("一" + t for t in columns)


def test_cjk_horizontal_text_has_no_spaces_and_lines_join_without_one(tmp_path: Path) -> None:
    pdf = tmp_path / "cjk.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        text = canvas.beginText()
        text.setFont(HORIZONTAL_CJK, 12)
        text.setTextOrigin(72, 700)
        text.setCharSpace(2)  # 0.17 em tracking: under the 0.22 em CJK threshold
        text.textLine("日本語の文章は、空白なしで")
        text.textLine("書かれています。全角記号：も")
        text.setCharSpace(0)  # Tc outlives the text object (ISO 32000-1, 9.3.1)
        canvas.drawText(text)
        canvas.setFont(HORIZONTAL_CJK, 12)
        canvas.drawString(72, 600, "漢字")
        canvas.drawString(72 + 24 + 4, 600, "分離")  # 0.33 em: a real gap, a space

    canvas_pdf(pdf, draw)
    assert _paragraphs(convert(pdf.read_bytes()).render()) == [
        "日本語の文章は、空白なしで書かれています。全角記号：も",
        "漢字 分離",
    ]


# --------------------------------------------------------------------------------------------
# Spacing traps


def test_character_spacing_follows_every_glyph_including_the_last(tmp_path: Path) -> None:
    """ISO 32000-1, 9.4.4: Tc is added after each glyph, so a second Tj in the same text object
    starts Tc after the first string's last glyph (pdfminer.six's own loop loses it)."""
    pdf = tmp_path / "tc.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        text = canvas.beginText()
        text.setFont("Helvetica", 10)
        text.setTextOrigin(72, 700)
        text.setCharSpace(3)
        text.textOut("AB")
        text.textOut("CD")
        canvas.drawText(text)

    canvas_pdf(pdf, draw)
    g = _glyphs(pdf).glyphs
    gaps = [round(b.x0 - a.x1, 3) for a, b in zip(g, g[1:])]
    assert gaps == [3.0, 3.0, 3.0]


def test_letter_spaced_title_is_collapsed_and_spaced_digits_are_not(tmp_path: Path) -> None:
    """es_meditaciones_scan_ocr.pdf: 'R A M Ó N B A C H' must read 'RAMÓN BACH'."""
    pdf = tmp_path / "spaced.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        text = canvas.beginText()
        text.setFont("Helvetica", 10)
        text.setTextOrigin(72, 700)
        text.setCharSpace(2)  # 0.2 em between letters; words get a drawn space on top
        text.textOut("RAMÓN BACH PELLICER")
        text.setTextOrigin(72, 650)
        text.textOut("1 2 3 4 5 6")  # spaced digits: real spaces, kept
        text.setTextOrigin(72, 600)
        text.setCharSpace(0)
        text.textOut("Ordinary words keep their spaces.")
        canvas.drawText(text)

    canvas_pdf(pdf, draw)
    assert _paragraphs(convert(pdf.read_bytes()).render()) == [
        "RAMÓN BACH PELLICER",
        "1 2 3 4 5 6",
        "Ordinary words keep their spaces.",
    ]


def test_word_spacing_justified_text_gets_one_space(tmp_path: Path) -> None:
    pdf = tmp_path / "tw.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        text = canvas.beginText()
        text.setFont("Helvetica", 10)
        text.setTextOrigin(72, 700)
        text.setWordSpace(9)  # justified: word gaps of about 1.2 em
        text.textOut("wide justified gaps here")
        canvas.drawText(text)

    canvas_pdf(pdf, draw)
    assert convert(pdf.read_bytes()).render() == "wide justified gaps here\n"


def test_tj_kerning_is_not_a_space_but_a_wide_tj_gap_is(tmp_path: Path) -> None:
    pdf = tmp_path / "tj.pdf"
    content = (
        b"BT /F1 10 Tf 72 700 Td [(Ke) 80 (rn) -60 (ing)] TJ ET\n"
        b"BT /F1 10 Tf 72 650 Td [(word) -333 (gap)] TJ ET\n"
    )
    raw_pdf(pdf, content, fonts={"F1": HELVETICA})
    assert _paragraphs(convert(pdf.read_bytes()).render()) == ["Kerning", "word gap"]


def test_word_spacing_applies_to_single_byte_code_32_whatever_it_draws(tmp_path: Path) -> None:
    """wordspacing_fake_space_AA_A.pdf: byte 0x20 drawn as /A in a Type3 font gets Tw; the
    render shows 'AA', a gap, 'A'."""
    pdf = tmp_path / "fake_space.pdf"
    content = b"BT /T3 10 Tf 50 Tw 72 700 Td (A A) Tj ET\n"
    raw_pdf(pdf, content, fonts={"T3": type3_font({32: "A", 65: "A"})})
    assert convert(pdf.read_bytes()).render() == "AA A\n"


def test_word_spacing_never_applies_to_a_multi_byte_code(tmp_path: Path) -> None:
    """In a Type0 font the space is a two-byte code (00 20): Tw does not widen it (ISO 32000-1,
    9.3.3), so no extra gap appears after it."""
    pdf = tmp_path / "tw_cid.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        text = canvas.beginText()
        text.setFont(HORIZONTAL_CJK, 10)
        text.setTextOrigin(72, 700)
        text.setWordSpace(40)
        text.textOut("漢字 漢字")
        canvas.drawText(text)

    canvas_pdf(pdf, draw)
    g = _glyphs(pdf).glyphs
    assert [x.text for x in g] == list("漢字 漢字")
    assert abs(g[3].x0 - g[2].x1) < 0.01


def test_word_spacing_applies_to_the_one_byte_space_of_a_mixed_width_cmap(tmp_path: Path) -> None:
    """90ms-RKSJ-H mixes one-byte codes (0x20 among them) and two-byte Shift-JIS codes: Tw
    widens the one-byte 0x20 (pdfminer.six drops Tw for every multi-byte font)."""
    pdf = tmp_path / "rksj.pdf"
    font = (
        b"<< /Type /Font /Subtype /Type0 /BaseFont /Ryumin-Light-90ms-RKSJ-H "
        b"/Encoding /90ms-RKSJ-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType0 "
        b"/BaseFont /Ryumin-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) "
        b"/Supplement 2 >> /FontDescriptor << /Type /FontDescriptor /FontName /Ryumin-Light "
        b"/Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 "
        b"/CapHeight 700 /StemV 80 >> /DW 1000 >>] >>"
    )
    content = b"BT /J 10 Tf 20 Tw 72 700 Td <82A02082A0> Tj ET\n"
    raw_pdf(pdf, content, fonts={"J": font})
    g = _glyphs(pdf).glyphs
    assert [x.text for x in g] == ["あ", " ", "あ"]
    assert abs((g[2].x0 - g[1].x1) - 20.0) < 0.01
    assert convert(pdf.read_bytes()).render() == "あ あ\n"


def test_unmapped_code_32_of_a_simple_font_is_a_space(tmp_path: Path) -> None:
    """A Type3 font whose code 32 has a glyph name without Unicode, widened by Tw: the gap is a
    word space, not a replacement character."""
    pdf = tmp_path / "tw_only.pdf"
    content = b"BT /T3 10 Tf 8 Tw 72 700 Td (AA AA) Tj ET\n"
    raw_pdf(pdf, content, fonts={"T3": type3_font({32: "glyph3", 65: "A"}, widths={32: 0})})
    assert convert(pdf.read_bytes()).render() == "AA AA\n"


def test_fake_bold_is_emitted_once_also_when_rotated(tmp_path: Path) -> None:
    pdf = tmp_path / "fakebold.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont("Helvetica", 12)
        for dx in (0, 0.3, 0.6):
            canvas.drawString(72 + dx, 700, "Bold by overprinting")
        canvas.saveState()
        canvas.translate(500, 300)
        canvas.rotate(90)
        for dx in (0, 0.3):
            canvas.drawString(dx, 0, "Rotated twice")
        canvas.restoreState()

    canvas_pdf(pdf, draw)
    assert _paragraphs(convert(pdf.read_bytes()).render()) == [
        "Bold by overprinting", "Rotated twice",
    ]


def test_superscripts_and_subscripts_stay_on_their_line(tmp_path: Path) -> None:
    pdf = tmp_path / "scripts.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        text = canvas.beginText()
        text.setTextOrigin(72, 700)
        text.setFont("Helvetica", 10)
        text.textOut("Water is H")
        text.setFont("Helvetica", 6)
        text.setRise(-2)
        text.textOut("2")
        text.setRise(0)
        text.setFont("Helvetica", 10)
        text.textOut("O and area is m")
        text.setFont("Helvetica", 6)
        text.setRise(4)
        text.textOut("2")
        text.setRise(0)
        text.setFont("Helvetica", 10)
        text.textOut(" here.")
        canvas.drawText(text)

    canvas_pdf(pdf, draw)
    assert convert(pdf.read_bytes()).render() == "Water is H2O and area is m2 here.\n"


def test_a_giant_watermark_glyph_does_not_swallow_the_lines_beside_it(tmp_path: Path) -> None:
    """drawing_titleblock_bad_xref.pdf: a 1435 pt word over a title block."""
    pdf = tmp_path / "watermark.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont("Helvetica", 400)
        canvas.drawString(20, 300, "W")
        canvas.setFont("Helvetica", 8)
        canvas.drawString(380, 420, "Firm Name and Address")
        canvas.drawString(380, 400, "Project Name and Address")

    canvas_pdf(pdf, draw)
    paragraphs = _paragraphs(convert(pdf.read_bytes()).render())
    assert "Firm Name and Address" in paragraphs
    assert "Project Name and Address" in paragraphs


# --------------------------------------------------------------------------------------------
# What a reader cannot see, and form fields


def test_text_a_reader_cannot_see_is_left_out_and_counted(tmp_path: Path) -> None:
    pdf = tmp_path / "hidden.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont("Helvetica", 12)
        canvas.drawString(72, 760, "Visible body text")
        canvas.setFillColorRGB(1, 1, 1)
        canvas.drawString(72, 730, "white on white")  # 12 glyphs hidden
        canvas.setFillColorRGB(0.1, 0.1, 0.3)
        canvas.rect(60, 680, 300, 30, fill=1, stroke=0)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.drawString(72, 690, "white on a dark box")  # visible
        canvas.setFillColorRGB(0, 0, 0)
        canvas.rect(60, 620, 300, 30, fill=1, stroke=0)
        canvas.drawString(72, 630, "black on black")  # 12 glyphs hidden
        text = canvas.beginText()
        text.setTextRenderMode(3)
        text.setTextOrigin(72, 560)
        text.setFont("Helvetica", 12)
        text.textOut("invisible")  # 9 glyphs hidden: no image beneath
        text.setTextRenderMode(0)  # the render mode outlives the text object
        canvas.drawText(text)
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(60, 480, 100, 40)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(72, 495, "in clip")
        canvas.drawString(300, 495, "clipped")  # 7 glyphs hidden
        canvas.restoreState()
        canvas.setFillColorRGB(0.98, 0.98, 0.98)
        canvas.drawString(72, 440, "nearly white")  # 11 glyphs hidden

    canvas_pdf(pdf, draw)
    conversion = convert(pdf.read_bytes())
    assert _paragraphs(conversion.render()) == [
        "Visible body text", "white on a dark box", "in clip",
    ]
    assert conversion.report()["pages"][0]["hidden"] == 12 + 12 + 9 + 7 + 11


def test_invisible_text_over_an_image_is_an_ocr_layer(tmp_path: Path) -> None:
    pdf = tmp_path / "ocr.pdf"
    image = tmp_path / "scan.ppm"
    image.write_bytes(b"P6 4 4 255 " + bytes([200] * 48))

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.drawImage(str(image), 50, 500, width=400, height=300)
        text = canvas.beginText()
        text.setTextRenderMode(3)
        text.setTextOrigin(72, 700)
        text.setFont("Helvetica", 12)
        text.textOut("Recognised words of the scan")
        text.setTextRenderMode(0)
        canvas.drawText(text)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.drawString(72, 650, "white over the photo")  # visible: the image is beneath

    canvas_pdf(pdf, draw)
    conversion = convert(pdf.read_bytes())
    assert _paragraphs(conversion.render()) == [
        "Recognised words of the scan", "white over the photo",
    ]
    assert conversion.report()["pages"][0]["hidden"] == 0


def test_white_text_over_a_shading_is_visible(tmp_path: Path) -> None:
    """A gradient banner (the ``sh`` operator, clipped to a box) under white text: its colours
    are not tracked, so the text counts as seen; white text beside it on paper does not."""
    pdf = tmp_path / "shading.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        from reportlab.lib.colors import blue, navy

        canvas.saveState()
        path = canvas.beginPath()
        path.rect(50, 680, 300, 60)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.linearGradient(50, 680, 350, 740, (navy, blue), extend=False)
        canvas.restoreState()
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont("Helvetica", 14)
        canvas.drawString(72, 700, "Banner title")
        canvas.drawString(400, 700, "Ghost")

    canvas_pdf(pdf, draw)
    conversion = convert(pdf.read_bytes())
    assert _paragraphs(conversion.render()) == ["Banner title"]
    assert conversion.report()["pages"][0]["hidden"] == len("Ghost")


def test_form_field_text_comes_after_the_page_text_and_is_counted(tmp_path: Path) -> None:
    pdf = tmp_path / "form.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont("Helvetica", 12)
        canvas.drawString(72, 760, "Application form")
        canvas.drawString(72, 700, "Name of the applicant:")
        canvas.acroForm.textfield(name="applicant", value="Ada Lovelace", x=220, y=690,
                                  width=200, height=20, fontName="Helvetica", fontSize=12,
                                  borderWidth=0)
        canvas.drawString(72, 640, "Signature below.")

    canvas_pdf(pdf, draw)
    conversion = convert(pdf.read_bytes())
    assert _paragraphs(conversion.render()) == [
        "Application form", "Name of the applicant:", "Signature below.", "Ada Lovelace",
    ]
    page = conversion.pages[0]
    assert conversion.report()["pages"][0]["form"] == len("AdaLovelace")
    assert page.blocks[-1].kind == "form"
    assert page.geometry()["blocks"][-1]["kind"] == "form"


# --------------------------------------------------------------------------------------------
# Unicode from glyph names


def test_type3_glyph_names_give_unicode(tmp_path: Path) -> None:
    """fr_diacritics_type3.pdf: a Type3 font whose Differences name glyphs a224, a231...: the
    number is the character's code (Latin-1), as poppler and pdf.js read it."""
    pdf = tmp_path / "type3.pdf"
    content = b"BT /T3 10 Tf 72 700 Td [(\340) -331 (\347) -331 (\311) -331 (1)] TJ ET\n"
    names = {224: "a224", 231: "a231", 201: "a201", 49: "a49"}
    raw_pdf(pdf, content, fonts={"T3": type3_font(names)})
    conversion = convert(pdf.read_bytes())
    assert conversion.render() == "à ç É 1\n"
    assert conversion.report()["garbled_pages"] == []


# --------------------------------------------------------------------------------------------
# A minimal PDF writer for what reportlab does not write


HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"


def type3_font(names: dict[int, str], widths: dict[int, int] | None = None) -> dict:
    """A Type3 font drawing a box for each ``code: glyph name`` (600/1000 em wide unless
    ``widths`` says otherwise), as the parts :func:`raw_pdf` assembles."""
    procs = {}
    for code, name in names.items():
        w = (widths or {}).get(code, 600)
        procs[name] = f"{w} 0 0 0 {max(w, 1)} 700 d1 0 0 {max(w - 50, 1)} 700 re f".encode()
    first, last = min(names), max(names)
    width_list = " ".join(str((widths or {}).get(c, 600) if c in names else 0)
                          for c in range(first, last + 1))
    differences = " ".join(f"{code} /{name}" for code, name in sorted(names.items()))
    return {"procs": procs, "dict": (
        f"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] "
        f"/FontMatrix [0.001 0 0 0.001 0 0] /FirstChar {first} /LastChar {last} "
        f"/Widths [{width_list}] /Encoding << /Type /Encoding /Differences [{differences}] >> "
        f"/Resources << >> /CharProcs PROCS >>"
    ).encode()}


def raw_pdf(path: Path, content: bytes, fonts: dict[str, object]) -> None:
    """Write a one-page PDF (A4) whose content stream is ``content`` and whose /Font resources
    are ``fonts`` (a font dictionary as bytes, or a :func:`type3_font`)."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(data: bytes) -> bytes:
        packed = zlib.compress(data)
        return b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + \
            b"\nendstream"

    font_refs = []
    for name, font in fonts.items():
        if isinstance(font, bytes):
            ref = add(font)
        else:
            procs = " ".join(f"/{n} {add(stream(body))} 0 R" for n, body in font["procs"].items())
            ref = add(font["dict"].replace(b"PROCS", f"<< {procs} >>".encode()))
        font_refs.append(f"/{name} {ref} 0 R")
    contents = add(stream(content))
    page = add(
        f"<< /Type /Page /Parent 0 0 R /MediaBox [0 0 595 842] /Contents {contents} 0 R "
        f"/Resources << /Font << {' '.join(font_refs)} >> >> >>".encode()
    )
    pages = add(f"<< /Type /Pages /Kids [{page} 0 R] /Count 1 >>".encode())
    objects[page - 1] = objects[page - 1].replace(b"/Parent 0 0 R", f"/Parent {pages} 0 R".encode())
    catalog = add(f"<< /Type /Catalog /Pages {pages} 0 R >>".encode())
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, catalog, xref)
    path.write_bytes(bytes(out))


def test_options_do_not_change_directional_text(tmp_path: Path) -> None:
    """Rotated and vertical paragraphs render the same under every option (no new parse)."""
    pdf = tmp_path / "options.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont(VERTICAL_CJK, 12)
        canvas.drawString(400, 700, "縦書き")
        canvas.setFont("Helvetica", 10)
        canvas.saveState()
        canvas.translate(100, 300)
        canvas.rotate(90)
        canvas.drawString(0, 0, "Sideways")
        canvas.restoreState()

    canvas_pdf(pdf, draw)
    conversion = convert(pdf.read_bytes())
    for options in (Options(), Options(format="md"), Options(join_lines=False)):
        assert _paragraphs(conversion.render(options)) == ["縦書き", "Sideways"]
