"""CJK headings (pdfprose.document.headings): a line in a gothic face over a body in a mincho /
myeongjo / song face, and numbered headings in the body's own face, on hand-built paragraphs
(the korean, japanese and chinese families of the layout benchmark set them so)."""

from __future__ import annotations

import pytest

from pdfprose.document.headings import mark_headings
from pdfprose.model import Glyph, Line, PageAnalysis, Paragraph

SIZE = 10.0
LEFT = 72.0
PROSE_KO = "지방자치단체는 자료의 2024년까지 기반을 신속하게 도입하였다. 그 결과 사회가 계획을 조정하였다."
PROSE_ZH = "同时，文件积极组织主要的服务研究。根据报告，建设及时规范主要的农村服务，提供变化工作。"
PROSE_JA = "学校が社会の製品を規則に向けて推進している。事業は変化の会社を支援した。"


def cjk_line(text: str, top: float, font: str, x0: float = LEFT, size: float = SIZE) -> Line:
    """A line of ``text`` whose glyphs are set in ``font`` (one em each)."""
    glyphs = []
    x = x0
    for ch in text:
        if ch != " ":
            glyphs.append(Glyph(text=ch, x0=x, top=top, x1=x + size, bottom=top + size,
                                baseline=top + 0.88 * size, size=size, font=font))
        x += size
    return Line(text=text, x0=x0, top=top, x1=x, bottom=top + size, baseline=top + 0.88 * size,
                size=size, glyphs=glyphs)


def para(text: str, top: float, font: str, x0: float = LEFT, cells: int = 0) -> Paragraph:
    return Paragraph(lines=[cjk_line(text, top, font, x0)], block=0, cells=cells)


def page(*paragraphs: Paragraph) -> PageAnalysis:
    return PageAnalysis(number=1, width=600, height=800, paragraphs=list(paragraphs))


def kinds(pg: PageAnalysis) -> list[str]:
    return [p.kind for p in pg.paragraphs]


def test_a_gothic_line_at_the_body_size_over_myeongjo_prose_is_a_heading() -> None:
    body, gothic = "HYSMyeongJo-Medium", "HYGothic-Medium"
    pg = page(para(PROSE_KO, 100, body, LEFT + SIZE), para("규정의 사회 연구", 120, gothic),
              para(PROSE_KO, 140, body, LEFT + SIZE), para(PROSE_KO, 160, body, LEFT + SIZE),
              para("조사의 목표 기반", 180, gothic), para(PROSE_KO, 200, body, LEFT + SIZE))
    mark_headings([pg])
    assert kinds(pg) == ["body", "heading", "body", "body", "heading", "body"]
    assert pg.paragraphs[1].level == 1


def test_a_gothic_line_in_a_document_set_all_in_gothic_is_no_heading() -> None:
    # A brochure set in gothic throughout (the Korean card brochure of the corpus): the face
    # marks nothing.
    gothic = "YoonGothicPro740"
    pg = page(para(PROSE_KO, 100, gothic), para("규정의 사회 연구", 120, gothic),
              para(PROSE_KO, 140, gothic), para(PROSE_KO, 160, gothic))
    mark_headings([pg])
    assert kinds(pg) == ["body"] * 4


def test_a_gothic_label_over_a_short_value_is_no_heading() -> None:
    # A form's field name in gothic over its value: the Latin bold rule's condition holds
    # (it heads no prose).
    body, gothic = "HeiseiMin-W3", "HeiseiKakuGo-W5"
    pg = page(para(PROSE_JA, 100, body), para(PROSE_JA, 120, body),
              para("申請者氏名", 140, gothic), para("山田太郎", 160, body),
              para(PROSE_JA, 180, body))
    mark_headings([pg])
    assert kinds(pg) == ["body"] * 5


@pytest.mark.parametrize("head", ["一、总则", "第1章 总则", "第二条 适用范围", "1. 标准任务的预算",
                                  "3 规定情况农村", "（一）工作目标", "① 基本情况", "Ⅱ. 主要内容"])
def test_a_numbered_chinese_line_in_the_body_face_over_prose_is_a_heading(head: str) -> None:
    song = "STSong-Light"
    pg = page(para(PROSE_ZH, 100, song, LEFT + SIZE), para(head, 120, song),
              para(PROSE_ZH, 140, song, LEFT + SIZE))
    mark_headings([pg])
    assert kinds(pg) == ["body", "heading", "body"]


@pytest.mark.parametrize("line", ["2022年增长23%", "单位城市委员会", "1. 项目的目标。"])
def test_a_year_an_unnumbered_line_or_a_sentence_in_the_body_face_is_no_heading(line: str) -> None:
    song = "STSong-Light"
    pg = page(para(PROSE_ZH, 100, song, LEFT + SIZE), para(line, 120, song),
              para(PROSE_ZH, 140, song, LEFT + SIZE))
    mark_headings([pg])
    assert kinds(pg) == ["body"] * 3


def test_numbered_chinese_lines_in_a_run_or_over_a_value_are_no_headings() -> None:
    song = "STSong-Light"
    # A list: the numbers follow each other.
    listed = page(para(PROSE_ZH, 100, song, LEFT + SIZE), para("1. 项目名称", 120, song),
                  para("2. 项目地点", 140, song), para(PROSE_ZH, 160, song, LEFT + SIZE))
    # A table's row, and a number over a short value.
    row = page(para(PROSE_ZH, 100, song), para("1 营业收入 1,234", 120, song, cells=2),
               para(PROSE_ZH, 140, song))
    value = page(para(PROSE_ZH, 100, song), para("1. 申请人", 120, song),
                 para("张三", 140, song), para(PROSE_ZH, 160, song))
    for pg in (listed, row, value):
        mark_headings([pg])
        assert "heading" not in kinds(pg)


def test_line_cjk_gothic_reads_the_face_of_the_wide_characters() -> None:
    gothic = cjk_line("第1章 概要", 100, "HeiseiKakuGo-W5")
    gothic.glyphs[1].font = "Helvetica"  # the digit from a Latin font, as CJK typesetting does
    assert gothic.cjk_gothic
    assert not cjk_line("第1章 概要", 100, "HeiseiMin-W3").cjk_gothic
    # A Latin line in a face called Gothic is no CJK gothic line.
    assert not cjk_line("Annual report", 100, "CenturyGothic").cjk_gothic
    mixed = cjk_line("概要と目的", 100, "HeiseiKakuGo-W5")
    mixed.glyphs[3].font = "HeiseiMin-W3"
    assert not mixed.cjk_gothic
    gothic.release_glyphs()
    assert gothic.cjk_gothic and not gothic.glyphs


def indented(text: str, top: float, font: str, lines: int = 3) -> Paragraph:
    """A paragraph of ``lines`` lines whose first is indented one character."""
    rows = [cjk_line(text, top + SIZE * 1.6 * i, font, LEFT + (SIZE if i == 0 else 0.0))
            for i in range(lines)]
    return Paragraph(lines=rows, block=0)


def test_an_unnumbered_line_flush_left_over_indented_prose_is_a_heading() -> None:
    # The chinese family: section heads in the body's face and size, flush with the column's
    # edge, over paragraphs that open with a one-character indent.
    song = "STSong-Light"
    pg = page(indented(PROSE_ZH, 100, song), para("单位城市委员会", 160, song),
              indented(PROSE_ZH, 180, song), para("能源安全的程序", 240, song),
              indented(PROSE_ZH, 260, song))
    mark_headings([pg])
    assert kinds(pg) == ["body", "heading", "body", "heading", "body"]
    # ...and so is one set a little larger, short of a size heading's 1.15 x the body.
    larger = Paragraph(lines=[cjk_line("结果网络预算", 160, song, size=1.1 * SIZE)], block=0)
    pg = page(indented(PROSE_ZH, 100, song), larger, indented(PROSE_ZH, 180, song))
    mark_headings([pg])
    assert kinds(pg) == ["body", "heading", "body"]


def test_a_label_a_cut_paragraph_or_block_paragraphs_make_no_flush_heading() -> None:
    song = "STSong-Light"
    # A label with a colon ("单位：元" over a table's note).
    label = page(indented(PROSE_ZH, 100, song), para("单位：元 币种：人民币", 160, song),
                 indented(PROSE_ZH, 180, song))
    # The last line of a paragraph that ends in no sentence's end, set apart.
    cut = page(indented(PROSE_ZH[:-1], 100, song), para("单位城市委员会", 160, song),
               indented(PROSE_ZH, 180, song))
    # Paragraphs that open flush left (no indent to stand against).
    flush = Paragraph(lines=[cjk_line(PROSE_ZH, 180 + 16 * i, song) for i in range(3)], block=0)
    block_style = page(indented(PROSE_ZH, 100, song), para("单位城市委员会", 160, song), flush)
    for pg in (label, cut, block_style):
        mark_headings([pg])
        assert "heading" not in kinds(pg)
