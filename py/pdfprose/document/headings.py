"""Headings (SPEC §9): size-ratio headings with levels, bold (or small-capitals, or italic
numbered) stand-alone headings, measured against the body size
(:class:`~pdfprose.document.statistics.DocumentStatistics`); the thresholds are fields of
:class:`~pdfprose.params.LayoutParams`.

A list is not a run of headings: a line that starts with a bullet, and numbered lines that
follow each other with nothing but their sub-items between them (a slide's "1.", "2.", "3." in
large type), are list items whatever their size. A heading wrapped onto a second line that the
reading order puts in a paragraph of its own (a title over two columns whose second line falls
into the first column; a heading cut by a column break) goes on in it: the next heading of its
level and face, starting in lowercase, or right under it at its left edge.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import islice

from ..model import PageAnalysis, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.markers import enumeration, list_marker
from ..text.vocabulary import (CAPTION, CONTENTS_ENTRY, PUNCTUATED_END, ROW_ENDS_ENTRY,
                               SENTENCE_END)
from .cues import (CJK_SENTENCE_END, after_numbered, flush_over_indented, gothic_contrast,
                   heads_prose, numbered_cjk_line, reads_as_prose, strong)
from .statistics import DocumentStatistics

NOT_A_HEADING = re.compile(
    r"@|https?://|www\.|^\W*(?:(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|"
    r"setiembre|octubre|noviembre|diciembre)\s+\d{1,2},?\s+\d{4}|\d{1,2}\.?\s+(?:de\s+)?"
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|"
    r"diciembre)(?:\s+de)?\s+\d{4})\W*$",
    re.I,
)
"""A title page's e-mail address, web address or date ("November 29, 2026", "29 de noviembre
de 2026") is set large but is no heading."""

NUMBERED = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s+\S")

LONE_CONJUNCTION = re.compile(r"^\W*(?:or|and|o|y|u|e|ni|ou|et|und|oder)\W*$", re.I)
"""A bold "OR" set alone between two alternatives of a form or a table ("Your 5-year average
annual net income tax was more than ..." / "OR" / "Your net worth equaled...", as tax forms'
instructions and questionnaires set it) is emphasis, not a heading."""


def _may_be_heading_row(para: Paragraph, text: str) -> bool:
    """Whether a paragraph may be a heading as a row of a table (:attr:`Paragraph.cells`): a
    row of one cell may ("Contents" over a table of contents), and one of two where the
    first is a section number ("1" and "Introduction" a wide gap apart); never an entry that
    ends with its page number, nor a row of several cells. Any other paragraph may."""
    if not para.cells:
        return True
    if ROW_ENDS_ENTRY.search(text):
        return False
    return para.cells == 1 or (para.cells == 2 and NUMBERED.match(text) is not None)


SUBSECTION_NUMBER = re.compile(r"^\d+(?:\.\d+)+\.?\s+\S")
"""A subsection's number ("4.2.", "3.1.2"): an italic stand-alone line that starts with one is a
heading ("4.2. The magnetic Rayleigh-Taylor instability", as papers in the AAS and Elsevier
styles set their subsections); a single
number in italics may be a list item."""

def _small_caps_heading(text: str, min_letters: int) -> bool:
    """Whether a line in small capitals may be a heading: more than one word, numbered, or a
    word of ``min_letters`` letters (``small_caps_min_letters``)."""
    words = text.split()
    return (len(words) > 1 or NUMBERED.match(text) is not None
            or sum(ch.isalpha() for ch in text) >= min_letters)


def _value_cell(page: PageAnalysis, para: Paragraph, tolerance_em: float) -> bool:
    """Whether ``para``, a row of one cell in a block of rows (:attr:`Block.rows`), stands in
    the rows' value column: the rows under it all start left of it, and one ends where it
    does (within ``tolerance_em`` of its size). A copy's name ("ORIGINAL") over an invoice's
    number and date, set flush right with them, is such a cell; a title over a table of
    contents starts at its left edge, or stands centred over it."""
    if para.cells != 1 or not 0 <= para.block < len(page.blocks):
        return False
    block = page.blocks[para.block]
    if not block.rows:
        return False
    first = para.lines[0]
    tolerance = tolerance_em * para.size
    below = [line for line in block.lines if line.top > first.bottom]
    return bool(below) and all(line.x0 < first.x0 - tolerance for line in below) \
        and any(abs(line.x1 - first.x1) <= tolerance for line in below)


FULL_STOP_END = re.compile(r"[^\W_][\"'”’»)\]]*\.[\"'”’»)\]]*$")


def _set_large_sentence(text: str, least: int) -> bool:
    """Whether ``text`` set large is a sentence rather than a heading: ``least`` words or more
    (``float_words``), not numbered, in lowercase and capitals, ending in a full stop right
    after a word or a number. Pull quotes and a lead's opening sentence are set so (the
    pull-quotes family: 1.3-1.8 x the body); a heading ends in no full stop, or is numbered,
    or set in capitals ("2 BASE DE DONNEES ET ORGANISMES CONSULTES .")."""
    return len(text.split()) >= least and FULL_STOP_END.search(text) is not None \
        and NUMBERED.match(text) is None and any(ch.islower() for ch in text)


def _fewer_than_two_letters(text: str) -> bool:
    """``sum(map(str.isalpha, text)) < 2``, reading only up to the second letter (asked of
    every paragraph of the document, whose first two characters are mostly letters)."""
    return next(islice(filter(str.isalpha, text), 1, None), None) is None


def _text(para: Paragraph) -> str:
    return " ".join(line.text for line in para.lines)


def _bulleted(text: str) -> bool:
    """Whether ``text`` starts with a bullet (a list marker that is no number or letter)."""
    marker = list_marker(text)
    return marker is not None and enumeration(marker) is None


def _heads_text(after: list[Paragraph], min_chars: int, gothic: bool = False) -> bool:
    """Whether a bold line at the body size followed by the paragraphs ``after`` (the rest of
    its page) heads text: the next one is prose (:func:`reads_as_prose`), a table, a list item, a
    table's row, a heading below it (bold, italic or a numbered subsection; a number over a
    bold title, "Section 1" / "General obligations", as regulations set them), or there is
    none. A bold label over a few short lines of its own ("Bill to" or "Cliente" over a
    customer's name and address, "ORIGINAL" over an invoice's number and date: the invoices
    family; a form's field names) is a form's field, not a heading, whether the reading
    order made those lines one paragraph or one each. ``gothic``: a CJK gothic line counts
    as bold (:func:`gothic_contrast`)."""
    for para in after:
        if para.furniture or not para.lines:
            continue
        text = para.lines[0].text
        return para.kind == "table" or reads_as_prose(para, min_chars) or para.cells > 1 \
            or list_marker(text) is not None \
            or any(strong(line, gothic) for line in para.lines) \
            or para.lines[0].italic or SUBSECTION_NUMBER.match(text) is not None
    return True


def _numbered_lists(pages: list[PageAnalysis], candidates: set[int], nest_em: float) -> set[int]:
    """The ``candidates`` (paragraph ids) that are items of a numbered list: a numbered
    paragraph followed by the next number of its list, at its left edge (within ``nest_em``
    of its size), with nothing between them but lines that start with list markers (its
    sub-items)."""
    items: set[int] = set()
    for page in pages:
        paragraphs = [p for p in page.paragraphs if p.lines and not p.furniture]
        for i, para in enumerate(paragraphs):
            if id(para) not in candidates:
                continue
            marker = list_marker(para.lines[0].text)
            place = enumeration(marker) if marker is not None else None
            if place is None:
                continue
            for later in paragraphs[i + 1:]:
                first = later.lines[0]
                marker = list_marker(first.text)
                if marker is None:
                    break
                if abs(first.x0 - para.lines[0].x0) > nest_em * para.size:
                    continue  # a sub-item
                if enumeration(marker) == (place[0], place[1] + 1) and id(later) in candidates:
                    items.update((id(para), id(later)))
                break
    return items


def _heading_sizes(pages: list[PageAnalysis], by_size: list[Paragraph], bucket: float,
                   least: int, min_chars: int) -> set[float]:
    """The sizes (``bucket``-rounded) of ``by_size`` whose paragraphs head text: a heading
    is followed by the text it heads, up to the next heading of its size or larger. Where
    ``least`` or more paragraphs of one size head fewer than ``min_chars`` characters each,
    three in four of them or more, that size is a form's values over their labels, a table's,
    not a heading's (a report's section heads often stand over a one-line "not applicable",
    but a quarter or more of them head real text; ``heading_section_count``,
    ``min_heading_section_chars``)."""
    rank = {id(p): round(p.size / bucket) * bucket for p in by_size}
    counts: dict[float, int] = {}
    for size in rank.values():
        counts[size] = counts.get(size, 0) + 1
    sizes = set(counts)
    if all(count < least for count in counts.values()):
        return sizes
    sections: dict[float, list[int]] = {}
    open_heads: list[tuple[float, list[int]]] = []  # (size, [characters headed so far])
    smallest = min(sizes)
    for page in pages:
        for para in page.paragraphs:
            if para.furniture or not para.lines:
                continue
            size = rank.get(id(para))
            if size is None:
                size = round(para.size / bucket) * bucket
                if size < smallest or not open_heads:
                    chars = para.text_length
                    for head_size, headed in open_heads:
                        headed[0] += chars if head_size > size else 0
                    continue
            # Text of a heading's size (a heading, or a form's value without letters) closes
            # the headings of its size, and larger text those smaller; a heading closed at
            # once (a seller's name right before "INVOICE", a kicker over a title, the first
            # line of a heading the reading order cut in two) says nothing of what it heads.
            for head_size, headed in open_heads:
                if head_size <= size and headed[0]:
                    sections.setdefault(head_size, []).append(headed[0])
            open_heads = [(s, h) for s, h in open_heads if s > size]
            if id(para) in rank:
                open_heads.append((size, [0]))
            else:
                for _, headed in open_heads:
                    headed[0] += para.text_length
    for head_size, headed in open_heads:
        sections.setdefault(head_size, []).append(headed[0])
    for size, headed in sections.items():
        if counts[size] >= least and sorted(headed)[3 * len(headed) // 4] < min_chars:
            sizes.discard(size)
    return sizes


def _side_labels(pages: list[PageAnalysis], by_size: list[Paragraph]) -> set[int]:
    """The ``by_size`` candidates (paragraph ids) in a regular face that stand on the row of a
    larger candidate of their block (their baseline within its line's box), beside it (apart
    along the row, not under it): a title's row may carry a smaller label at
    the far margin (a form's "Copy B — For the recipient", a memo's date, a report's reference
    number; the forms family), which heads nothing; a heading holds its row alone, or shares
    it only in a bold face (an invoice's seller beside "INVOICE", the invoices family)."""
    labels: set[int] = set()
    candidates = {id(p) for p in by_size}
    for page in pages:
        heads = [p for p in page.paragraphs if id(p) in candidates]
        if len(heads) < 2:
            continue
        for para in heads:
            first = para.lines[0]
            if first.all_bold:
                continue
            for other in heads:
                if other is para or other.block != para.block or other.size <= para.size:
                    continue
                if any(line.top < first.baseline < line.bottom
                       and (line.x1 < first.x0 or first.x1 < line.x0)
                       for line in other.lines):
                    labels.add(id(para))
                    break
    return labels


def _join_wrapped(pages: list[PageAnalysis], params: LayoutParams, gothic: bool) -> None:
    """Set ``continues`` on a heading that goes on from the heading before it (see the module
    docstring): of its level and face, and starting in lowercase, or on the same page right
    under it (its baseline within ``paragraph_gap_em`` of its size below the other's last
    line), at its left edge (within ``indent_min_em``), neither numbered nor after a sentence
    end. ``gothic``: a CJK gothic face is as bold (:func:`strong`)."""
    prev: Paragraph | None = None
    prev_page = -1
    for index, page in enumerate(pages):
        for para in page.paragraphs:
            if para.furniture or not para.lines:
                continue
            if para.kind == "heading" and prev is not None and prev.level == para.level \
                    and strong(prev.lines[-1], gothic) == strong(para.lines[0], gothic):
                first, last = para.lines[0], prev.lines[-1]
                size = max(para.size, prev.size)
                text = first.text.lstrip()
                below = (index == prev_page
                         and 0 < first.baseline - last.baseline <= params.paragraph_gap_em * size
                         and abs(first.x0 - prev.lines[0].x0) <= params.indent_min_em * size
                         and NUMBERED.match(text) is None
                         and SENTENCE_END.search(last.text.rstrip()) is None)
                if text[:1].islower() or below:
                    para.continues = True
            prev, prev_page = (para, index) if para.kind == "heading" else (None, -1)


def _vertical_body(pages: list[PageAnalysis]) -> bool:
    """Whether most of the document's text is vertical writing (by characters)."""
    vertical = other = 0
    for page in pages:
        for para in page.paragraphs:
            chars = sum(len(line.text) for line in para.lines)
            if para.kind == "vertical":
                vertical += chars
            else:
                other += chars
    return vertical > other


def _bold_levels(by_bold: list[Paragraph], bucket: float,
                 least: int) -> Callable[[Paragraph], int]:
    """How many levels under the first bold one a bold heading stands: as many as there are
    sizes (``bucket``-rounded) larger than its own among those that ``least`` bold headings or
    more share. Sections a point over the body and subsections at its size, both bold and both
    under ``heading_size_ratio`` (ACL's 12 and 11 pt), were one level; a size only one bold line
    has (a cover's) makes no level of its own."""
    counts = Counter(round(p.size / bucket) * bucket for p in by_bold)
    shared = sorted((size for size, n in counts.items() if n >= least), reverse=True)
    if len(shared) < 2:
        return lambda para: 0

    def level(para: Paragraph) -> int:
        size = round(para.size / bucket) * bucket
        return min(sum(1 for s in shared if s > size), len(shared) - 1)

    return level


def _size_levels(pages: list[PageAnalysis], by_size: list[Paragraph], sizes: list[float],
                 bucket: float, ratio: float, max_levels: int) -> dict[float, int]:
    """The level of each heading size (``sizes``, ``bucket``-rounded, largest first): one per
    size, except that a size within ``ratio`` of the next larger one (``opener_size_ratio``)
    shares its level where every heading of both is its page's title (opens its page, with no
    other heading by size on the page), as autofitted slide titles are. A size is compared
    with the largest of its level, so that sizes do not chain."""
    # A page's opener: its first paragraph after the furniture, and the lines of its size
    # right after it (a wrapped title's second line that the reading order set apart).
    openers: set[int] = set()
    for page in pages:
        first: float | None = None
        for para in page.paragraphs:
            if para.furniture:
                continue
            size = round(para.size / bucket) * bucket
            if first is not None and size != first:
                break
            first = size
            openers.add(id(para))
    # A page's title: its opener where no other heading by size stands on the page (a
    # newspaper page's lead headline stands over the other stories' headlines).
    headed = {id(para) for para in by_size}
    titles: set[int] = set()
    for page in pages:
        heads = [id(para) for para in page.paragraphs if id(para) in headed]
        if heads and all(h in openers for h in heads):
            titles.update(heads)
    only_titles = {s: True for s in sizes}
    for para in by_size:
        size = round(para.size / bucket) * bucket
        only_titles[size] = only_titles[size] and id(para) in titles
    level_of: dict[float, int] = {}
    level, top = 0, 0.0  # top: the largest size of the current level
    for k, size in enumerate(sizes):
        if not (k and only_titles[size] and only_titles[top] and size >= ratio * top):
            level, top = level + 1, size
        level_of[size] = min(level, max_levels)
    return level_of


def mark_headings(pages: list[PageAnalysis], statistics: DocumentStatistics | None = None,
                  params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Set ``kind="heading"`` and ``level`` on heading paragraphs of the whole document
    (``statistics``: its :class:`~pdfprose.document.statistics.DocumentStatistics`, measured
    here when not given), by the thresholds of ``params``."""
    body = (statistics or DocumentStatistics.of(pages)).body_size
    if body <= 0:
        return
    max_chars, max_bold_chars = params.max_heading_chars, params.max_bold_heading_chars
    # No kind of heading below is longer than this: a longer paragraph (most of them) is not
    # searched for what would refuse it.
    longest = max(max_chars, max_bold_chars)
    bucket, max_levels = params.heading_size_bucket, params.max_heading_levels
    by_size: list[Paragraph] = []
    by_bold: list[Paragraph] = []
    by_italic: list[Paragraph] = []  # numbered subsections under bold or larger sections
    # Sentences set large: measured with the other large text (what a size heads), never
    # headings themselves.
    sentences: set[int] = set()
    # Where vertical writing is the body, a column of it set large is a heading as a line set
    # large is (by size only); a vertical label on a horizontal page stays a label.
    kinds = ("body", "vertical") if _vertical_body(pages) else ("body",)
    # Where the body is set in a mincho / myeongjo / song face, CJK type in gothic is its bold.
    gothic = gothic_contrast(pages, body, bucket, params.cjk_gothic_body_share)
    min_section = params.min_heading_section_chars
    for page in pages:
        for k, para in enumerate(page.paragraphs):
            if para.kind not in kinds or para.furniture:
                continue
            text = _text(para)
            if para.aside and SENTENCE_END.search(text):
                continue  # a pull quote (a sidebar's title names the box: a heading)
            if len(text) > longest or _fewer_than_two_letters(text) \
                    or CAPTION.match(text) or NOT_A_HEADING.search(text) \
                    or LONE_CONJUNCTION.match(text) or _bulleted(text) \
                    or CJK_SENTENCE_END.search(text) \
                    or not _may_be_heading_row(para, text) \
                    or (". ." in text or "...." in text) and CONTENTS_ENTRY.search(text):
                continue  # (a contents entry names a heading; set large or bold, it is none)
            short = len(text) <= max_chars and (
                len(para.lines) <= params.max_heading_lines
                or para.size >= params.display_size_ratio * body)
            if short and para.size >= params.heading_size_ratio * body:
                by_size.append(para)
                if _set_large_sentence(text, params.float_words):
                    sentences.add(id(para))
            elif para.kind == "vertical":
                continue  # by size only: a column in a bold face is how the body is set too
            elif (
                (len(para.lines) == 1
                 or (len(para.lines) <= params.max_bold_heading_lines
                     and all(strong(line, gothic) for line in para.lines)))
                and (strong(para.lines[0], gothic)
                     or (para.lines[0].small_caps
                         and _small_caps_heading(text, params.small_caps_min_letters)))
                and para.size >= body - bucket
                and len(text) <= max_bold_chars
                and (not PUNCTUATED_END.search(text) or NUMBERED.match(text))
                and not _value_cell(page, para, params.row_baseline_em)
                and (not strong(para.lines[0], gothic)
                     or _heads_text(page.paragraphs[k + 1:], min_section, gothic))
            ):
                by_bold.append(para)
            elif (
                # A numbered CJK heading in the body's face and size (Chinese reports and
                # laws set "一、总则" or "1. 标准" so): over prose, not in a list of such lines.
                para.size >= body - bucket
                and numbered_cjk_line(para, text, min_section)
                and heads_prose(page.paragraphs[k + 1:], min_section)
                and not after_numbered(page.paragraphs[:k])
            ):
                by_bold.append(para)
            elif (
                para.size >= body - bucket
                and flush_over_indented(para, text, page.paragraphs[k + 1:],
                                         page.paragraphs[:k], params)
            ):
                by_bold.append(para)
            elif (
                len(para.lines) == 1
                and para.lines[0].italic
                and SUBSECTION_NUMBER.match(text) is not None
                and para.size >= body - bucket
                and len(text) <= max_bold_chars
            ):
                by_italic.append(para)
    listed = _numbered_lists(pages, {id(p) for p in by_size + by_bold}, params.nest_step_em)
    if listed:
        by_size = [p for p in by_size if id(p) not in listed]
        by_bold = [p for p in by_bold if id(p) not in listed]
    labels = _side_labels(pages, by_size)
    if labels:
        by_size = [p for p in by_size if id(p) not in labels]
    if by_size:
        heading_sizes = _heading_sizes(pages, by_size, bucket, params.heading_section_count,
                                       params.min_heading_section_chars)
        by_size = [p for p in by_size if round(p.size / bucket) * bucket in heading_sizes
                   and id(p) not in sentences]
    sizes = sorted({round(p.size / bucket) * bucket for p in by_size}, reverse=True)
    level_of = _size_levels(pages, by_size, sizes, bucket, params.opener_size_ratio, max_levels)
    for para in by_size:
        para.kind = "heading"
        para.level = level_of[round(para.size / bucket) * bucket]
    lowest = min(max(level_of.values(), default=0) + 1, max_levels)
    bold_levels = _bold_levels(by_bold, bucket, params.bold_level_min_heads)
    for para in by_bold:
        para.kind = "heading"
        para.level = min(lowest + bold_levels(para), max_levels)
    below = max((para.level for para in by_bold), default=lowest - 1)
    for para in by_italic:
        para.kind = "heading"
        para.level = min(below + 1, max_levels)
    if by_size or by_bold or by_italic:
        _join_wrapped(pages, params, gothic)
