"""What the heading pass (:mod:`pdfprose.document.headings`) reads of a paragraph besides its
size: whether it reads as prose, and the cues of Chinese, Japanese and Korean headings, which
stand apart by a gothic face rather than bold, by a number in the body's own face, or by standing
flush left over paragraphs that open indented."""

from __future__ import annotations

import re
from unicodedata import east_asian_width

from ..model import Line, PageAnalysis, Paragraph
from ..params import LayoutParams
from ..text.faces import wide
from ..text.markers import list_marker
from ..text.vocabulary import SENTENCE_END

CJK_SENTENCE_END = re.compile(r"[。！？][」』”’）)]*$")
"""A paragraph ending in a CJK full stop, question or exclamation mark is a sentence: Chinese
and Japanese headings carry none (the chinese and japanese families of the layout benchmark,
the Chinese quarterly report and the Japanese reports of the corpus), so a sentence set a size
larger (a report's opening statement) is no heading."""


CJK_HEADING_NUMBER = re.compile(
    r"^(?:第[0-9０-９一二三四五六七八九十百千〇零]+[章節节条條款編编部篇項项]"
    r"|[一二三四五六七八九十]+[、．.]|[0-9０-９]{1,3}(?:[.．][0-9０-９]{1,3})*(?:[.．、)）]|\s)"
    r"|[(（][0-9０-９一二三四五六七八九十]{1,3}[)）]|[①-⑳㉑-㉟]"
    r"|[가나다라마바사아자차카타파하][.)]|[ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ]+[.．、]?)\s*[^\W\d_]"
)
"""The number a Chinese, Japanese or Korean heading starts with: 第1章, 第二条, 一、, 1., 1.2,
1 (then a space), (1), （一）, ①, 가., Ⅰ. (Chinese and Japanese laws and reports, Korean
public documents; the korean, japanese and chinese families number their sections "1." or
"1"). A year ("2022年") is no number of this kind: a bare number needs a space after it."""


def numbered_cjk_line(para: Paragraph, text: str, min_chars: int) -> bool:
    """Whether ``para`` is a numbered CJK heading in the body's face: one line outside any
    table, starting with a heading number (:data:`CJK_HEADING_NUMBER`), mostly wide
    characters, and no prose itself (:func:`reads_as_prose`: shorter than ``min_chars`` cells
    and no sentence's end). A list's items follow each other; such a heading stands over prose
    and after no numbered line (asked by the caller)."""
    return len(para.lines) == 1 and not para.cells \
        and CJK_HEADING_NUMBER.match(text) is not None \
        and 2 * sum(map(wide, text)) > len(text.replace(" ", "")) \
        and not reads_as_prose(para, min_chars)


def spans_cells(text: str, least: int) -> bool:
    """Whether ``text`` spans ``least`` character cells or more, a wide (CJK) character
    counting two as a terminal counts it: a line of Korean or Chinese prose holds half the
    characters of a Latin one of its width."""
    if len(text) >= least:
        return True
    return len(text) + sum(east_asian_width(ch) in "WF" for ch in text) >= least


def reads_as_prose(para: Paragraph, min_chars: int) -> bool:
    """Whether ``para`` reads as prose: a line of ``min_chars`` character cells or more
    (prose fills its measure, and a one-line answer is a sentence), a sentence's end, or a
    sentence wrapped in a narrow column (a line after the first going on in lowercase, or a
    word broken at a line's end: columns of 25 to 35 characters in the footnotes-column and
    sidebars families). The short lines of an address, a name, a date or a number under a
    form's label are none of these."""
    lines = para.lines
    return any(spans_cells(line.text, min_chars) for line in lines) \
        or SENTENCE_END.search(lines[-1].text.rstrip()) is not None \
        or any(line.text.lstrip()[:1].islower() for line in lines[1:]) \
        or any(line.text.rstrip().endswith("-") for line in lines[:-1])


CJK_PUNCTUATION = re.compile(r"[，。、；：！？,.;:!?]")


def flush_over_indented(para: Paragraph, text: str, after: list[Paragraph],
                         before: list[Paragraph], params: LayoutParams) -> bool:
    """Whether ``para``, one line of CJK text in the body's face that is no prose and holds no
    punctuation at all, stands flush left over a paragraph of CJK prose whose first line is
    indented (``indent_min_em`` to ``indent_max_em``) and whose next line comes back to the
    heading's edge, after a paragraph that ended a sentence: the section heads of Chinese,
    Japanese and Korean documents set in their body's face, over paragraphs that open with
    a one- or two-character indent (the chinese family; the korean and japanese ones where
    the heading is in gothic besides)."""
    if len(para.lines) != 1 or para.cells or CJK_PUNCTUATION.search(text) \
            or 2 * sum(map(wide, text)) <= len(text.replace(" ", "")) \
            or reads_as_prose(para, params.min_heading_section_chars):
        return False
    nxt = next((p for p in after if not p.furniture and p.lines), None)
    if nxt is None or nxt.kind != "body" or nxt.cells or len(nxt.lines) < 2 \
            or not reads_as_prose(nxt, params.min_heading_section_chars) \
            or 2 * sum(map(wide, nxt.lines[0].text)) <= len(nxt.lines[0].text):
        return False
    size, x0 = para.size, para.lines[0].x0
    indent = nxt.lines[0].x0 - x0
    if not params.indent_min_em * size <= indent <= params.indent_max_em * size \
            or abs(nxt.lines[1].x0 - x0) > params.indent_min_em * size / 2:
        return False
    prev = next((p for p in reversed(before) if not p.furniture and p.lines), None)
    return prev is None or prev.kind != "body" \
        or CJK_SENTENCE_END.search(prev.lines[-1].text.rstrip()) is not None


def after_numbered(before: list[Paragraph]) -> bool:
    """Whether the last paragraph of ``before`` that is no furniture starts with a number or a
    list marker: the numbered line after it is the next item of a list ("1. 项目名称" /
    "2. 项目地点" over prose), not a heading."""
    for para in reversed(before):
        if para.furniture or not para.lines:
            continue
        text = para.lines[0].text
        return CJK_HEADING_NUMBER.match(text) is not None or list_marker(text) is not None
    return False


def heads_prose(after: list[Paragraph], min_chars: int) -> bool:
    """Whether the first paragraph of ``after`` that is no furniture is prose
    (:func:`reads_as_prose`)."""
    for para in after:
        if para.furniture or not para.lines:
            continue
        return para.kind == "body" and not para.cells and reads_as_prose(para, min_chars)
    return False


def strong(line: Line, gothic: bool) -> bool:
    """Whether ``line`` is set apart by its face: bold, or with ``gothic`` (the body is in
    no gothic face: :func:`gothic_contrast`) its CJK characters in a gothic face."""
    return line.all_bold or (gothic and line.cjk_gothic)


def gothic_contrast(pages: list[PageAnalysis], body: float, bucket: float,
                     share: float) -> bool:
    """Whether a CJK line in a gothic face stands out from the body: some line is so set,
    and less than ``share`` (``cjk_gothic_body_share``) of the characters of the body-size
    text (within ``bucket``) are."""
    gothic = total = 0
    some = False
    for page in pages:
        for para in page.paragraphs:
            if para.furniture or para.kind != "body":
                continue
            at_body = abs(para.size - body) <= bucket
            for line in para.lines:
                if line.cjk_gothic:
                    some = True
                    gothic += len(line.text) if at_body else 0
                total += len(line.text) if at_body else 0
    return some and gothic < share * total
