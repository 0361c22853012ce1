"""Paragraphs that go on across a column or page break, stepping over a figure's caption, a
footnote or a running head (SPEC §6: the lines of one paragraph are joined).

The XY-cut ends a block at the foot of a column; a reader carries on at the top of the next
column or page. A body paragraph *continues* the previous body paragraph of about the same size
when that one does not end a sentence and this one starts in lowercase (or, atop the next
column or page, with a number after a word: "en un" / "685. No obstante"); a list item goes
on the same way into lowercase text across a break ("ex-" / "Syllabus", a running head
not found as one, is no item's end; "(i) ... at random," / "(ii) let" is the next step).
Captions, footnotes in a smaller size, running heads, a pull quote (a sentence set at least
``float_size_ratio`` x larger) and a box (a title over text in a smaller size: a sidebar at a
column's foot) in between are stepped over. The thresholds are fields of
:class:`~pdfprose.params.LayoutParams`.
"""

from __future__ import annotations

import re

from ..model import PageAnalysis, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.markers import enumeration
from ..text.vocabulary import CAPTION, HYPHENATED, REFERENCE_WORD, SENTENCE_END

BRACKETED_LOWER = re.compile(r"^[\[(][^\])\n]{1,20}[\])]+[,;:.)]*\s+[a-zß-ÿ]")
"""A first line that opens with a bracketed reference and goes on in lowercase ("[4]), if
e > U") goes on a sentence as a lowercase letter does."""

UNFINISHED = ",;&"
"""A paragraph's last line ending in one of these is cut off, not finished."""

NUMBER_GOES_ON = re.compile(r"^\d+(?:[.,]\d+)*[.,;]?\s+\S")
"""A first line opening with a number (digits, decimal or thousands marks, a closing
punctuation) and going on after a space: "685. No obstante", "217 de esta", "2010 sobre"."""


def stepped_over(para: Paragraph, size: float, tolerance: float) -> bool:
    """True for what may stand between two parts of a paragraph of font size ``size``
    (points): furniture, a pull quote (``aside``), a caption, a footnote in a smaller size (by
    more than ``tolerance``, ``continuation_size_tolerance``)."""
    if para.furniture or para.aside:
        return True
    text = para.lines[0].text if para.lines else ""
    return bool(CAPTION.match(text)) or para.size < (1 - tolerance) * size


def prose_end(para: Paragraph, prose_chars: int) -> bool:
    """The paragraph's last line is prose: long (``prose_chars``, ``prose_line_chars``), or
    running to the paragraph's right edge (a narrow column's lines are short)."""
    last = para.lines[-1]
    if len(last.text) >= prose_chars:
        return True
    return len(para.lines) > 1 and max(l.x1 for l in para.lines) - last.x1 <= last.size


def _next_line(prev: Paragraph, para: Paragraph, params: LayoutParams) -> bool:
    """Whether ``para`` is the next line of ``prev``'s prose (``params.next_line_em`` below,
    within ``next_line_indent_em`` of its left edge)."""
    last, first = prev.lines[-1], para.lines[0]
    size = max(last.size, first.size)
    return (prose_end(prev, params.prose_line_chars)  # prose, not a table's cell
            and 0 < first.baseline - last.baseline <= params.next_line_em * size
            and abs(first.x0 - min(l.x0 for l in prev.lines))
            <= params.next_line_indent_em * size)


def _box_title(ordered: list[tuple[int, Paragraph]], at: int, size: float,
               params: LayoutParams) -> int | None:
    """The index of the title of a box that ends at ``ordered[at]``, or None: body
    paragraphs in a smaller type than ``size`` (under ``aside_size_ratio`` of it) going back
    to a heading, on one page. A sidebar set at a column's foot interrupts the text there
    (the sidebars family breaks a word over it: "em-" / box / "ployee"), and its title
    must not end the paragraph it interrupted."""
    page = ordered[at][0]
    k = at
    while k >= 0 and ordered[k][0] == page:
        para = ordered[k][1]
        if para.kind == "heading" and k < at:
            return k
        if para.kind != "body" or para.furniture or para.cells or not para.lines \
                or para.size >= params.aside_size_ratio * size:
            return None
        k -= 1
    return None


def _box_ahead(paragraphs: list[Paragraph], at: int, size: float, params: LayoutParams) -> bool:
    """Whether ``paragraphs[at]``, a heading, is the title of a box (see :func:`_box_title`)
    that interrupts a paragraph of ``size``: smaller body paragraphs follow it, and then a
    paragraph that goes on from an earlier one."""
    inside = 0
    for para in paragraphs[at + 1:]:
        if para.furniture or para.kind in ("footnote", "figure"):
            continue  # the page's foot and the next one's head, stepped over
        if para.kind == "body" and para.lines and para.size < params.aside_size_ratio * size:
            inside += 1
            continue
        return inside > 0 and para.continues
    return False


def _hangs_under(item: Paragraph, x0: float) -> bool:
    """Whether a line at ``x0`` (points) stands at the hanging indent of ``item``'s lines
    after its first, right of its marker (within half the item's size), where the item does
    not end with a colon: its next line, cut off by the reading order into a block of its own."""
    lines = item.lines
    half = 0.5 * item.size
    return len(lines) > 1 and lines[-1].x0 - lines[0].x0 >= half \
        and abs(x0 - lines[-1].x0) <= half and not lines[-1].text.rstrip().endswith(":")


def _number_in_text(marker: str) -> bool:
    """Whether a list item's ``marker`` may be a number ending a sentence cut by a column or
    page break ("en un" / "685. No obstante"): a number followed by a full stop that no list
    starts with (a list's first item is 1)."""
    place = enumeration(marker)
    return place is not None and place[0] == "1." and place[1] > 1


def mark_continuations(pages: list[PageAnalysis], params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Set ``continues`` on paragraphs that go on from an earlier one (see module doc)."""
    tolerance, lookback = params.continuation_size_tolerance, params.continuation_lookback
    ordered = [(n, p) for n, page in enumerate(pages) for p in page.paragraphs]
    for index, (page_no, para) in enumerate(ordered):
        if para.kind not in ("body", "list_item") or para.furniture or para.cells \
                or not para.lines or not para.lines[0].text or para.aside:
            continue  # (a table's row goes on from nothing: its rows are its own)
        if para.kind == "list_item" and not _number_in_text(para.marker):
            continue
        prev: Paragraph | None = None
        prev_page = page_no
        steps, back = 0, index
        quoted = False  # a pull quote stands between: the column goes on under it
        while back > 0 and steps < lookback:
            back -= 1
            candidate = ordered[back][1]
            if candidate.kind in ("footnote", "figure"):
                continue  # a page's notes and tagged figures stand outside its text's flow
            steps += 1
            if candidate.aside:
                quoted = True  # (a sidebar's title, which may be a heading, too)
                continue
            if candidate.cells and not candidate.furniture:
                break  # nor does prose go on from a table's row
            if candidate.kind == "body" and candidate.size >= params.float_size_ratio * para.size \
                    and candidate.lines and SENTENCE_END.search(candidate.lines[-1].text.rstrip()):
                continue  # a pull quote set large, lifted out of the text it interrupts
            title = _box_title(ordered, back, para.size, params)
            if title is not None:
                steps += back - title
                back = title
                continue
            if candidate.kind in ("body", "list_item") \
                    and not stepped_over(candidate, para.size, tolerance):
                prev, prev_page = candidate, ordered[back][0]
                break
            if candidate.kind != "body" and not candidate.furniture:
                break
        if prev is None or not prev.lines:
            continue
        last = prev.lines[-1].text.rstrip()
        broken_word = HYPHENATED.search(last) is not None
        first = para.lines[0].text
        # Text flows on across a break only where reading jumps back up: to the next column or
        # page; or where a word was broken at the line end ("dis-" / "tribution"): the XY-cut
        # may end a block under such a line, above a displayed formula; or where reading
        # steps over a pull quote set inside the column.
        below = prev_page == page_no and para.lines[0].top >= prev.lines[-1].top and not quoted
        lower = first[0].islower() or BRACKETED_LOWER.match(first) is not None
        if below and not (lower and (broken_word or _next_line(prev, para, params))):
            continue
        if prev.kind == "list_item" and below and not broken_word \
                and not _hangs_under(prev, para.lines[0].x0):
            continue  # under an item, in its column: a displayed formula's text, a definition
        if (prev.kind == "list_item" or para.kind == "list_item") and not lower:
            # A list item goes on across a break into lowercase text only (the rest of a word
            # or a sentence: "...without this ship-" / "ment of Thornbury."); after prose cut
            # mid-sentence, "685. No obstante" is an amount ending the sentence, no item.
            if not (para.kind == "list_item" and prev.kind == "body" and not below
                    and not last.endswith((":", ";")) and prose_end(prev, params.prose_line_chars)
                    and not SENTENCE_END.search(last)):
                continue
        if abs(prev.size - para.size) > tolerance * max(prev.size, para.size):
            continue
        if prev.kind == "list_item" and not first[0].islower():
            continue  # after an item, a capital or "(ii)" opens something else
        if SENTENCE_END.search(last) and not REFERENCE_WORD.search(last):
            continue  # "...a similar model in ref." / "[4])" is no sentence end
        # A paragraph of prose never ends in a comma, a semicolon, an ampersand or a broken
        # word: what follows goes on with it even when it starts with a capital ("Jones,
        # Hyesung &" / "Tregillis 1994"). A short line so cut may be a table cell.
        unfinished = (broken_word or last[-1:] in UNFINISHED) \
            and prose_end(prev, params.prose_line_chars)
        # A number atop the next column ends a sentence cut after a word ("en un" / "685. No
        # obstante", "el Artículo" / "217 de esta"): not after a number (a contents entry's
        # page, "25" / "7 DEMANTELEMENT"; an author's affiliation mark, "Zöller.1" / "1 I.
        # Physikalisches"), nor a label ("7a", "1-Mar-09"), nor a listing's
        # numbered line ("based on" / "1 for (var i = 2; ...) {"): prose, a sentence's end.
        digit = first[0].isdigit() and not below and prose_end(prev, params.prose_line_chars) \
            and NUMBER_GOES_ON.match(first) is not None and not last.endswith((":", ";")) \
            and len(word := last.rsplit(None, 1)[-1].rstrip(",")) >= 2 and word.isalpha() \
            and (len(para.lines) > 1 or SENTENCE_END.search(first.rstrip()) is not None)
        if (lower or digit or (unfinished and first[0].isalpha())) and not CAPTION.match(first):
            para.continues = True
            if para.kind == "list_item":
                para.kind, para.marker, para.indent = "body", "", 0
    link_continuations(pages, params)


def link_continuations(pages: list[PageAnalysis], params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Set ``continues_from`` on each continued paragraph: the paragraph whose text it joins,
    so that rendering only follows links.

    The body paragraphs still open to a continuation are the latest ``continuation_lookback``
    (a caption, a footnote or a tagged figure is stepped over; a heading closes them all, a
    list item all but itself); a paragraph that goes
    on joins the latest open one of its own size (within ``continuation_size_tolerance``: a
    footnote's second part joins the footnote, not the body text the footnote interrupted),
    else the latest one. Furniture is stepped over."""
    tolerance, lookback = params.continuation_size_tolerance, params.continuation_lookback
    open_heads: list[tuple[tuple[int, int], Paragraph]] = []
    # The first part of the heading just before, which a wrapped heading's next line joins.
    heading: tuple[int, int] | None = None
    box = 0.0  # the size of the paragraph a box interrupts, inside that box
    flat = [para for page in pages for para in page.paragraphs]
    position = -1
    for page in pages:
        for index, para in enumerate(page.paragraphs):
            position += 1
            para.continues_from = None
            if para.furniture:
                continue
            if para.table is not None:  # a table's parts are joined by the table pass
                open_heads, heading = [], None
                continue
            if para.aside:
                continue  # stepped over, as a caption
            if para.kind == "heading":
                if open_heads and not para.continues \
                        and _box_ahead(flat, position, open_heads[-1][1].size, params):
                    box = open_heads[-1][1].size  # a box's title: what it interrupts stays open
                    continue
                if para.continues and heading is not None:
                    para.continues_from = heading
                else:
                    heading = (page.number, index)
                open_heads = []
                continue
            heading = None
            if box and para.kind == "body" and para.size < params.aside_size_ratio * box:
                continue  # the box's own text, which nothing outside it goes on from
            box = 0.0
            if para.continues and open_heads:
                para.continues_from = _host(open_heads, para.size, tolerance)
                continue
            if para.kind == "body":
                first = para.lines[0].text if para.lines else ""
                if not CAPTION.match(first):
                    open_heads = open_heads[-(lookback - 1):] + [((page.number, index), para)]
            elif para.kind == "list_item":
                # An item closes what was open before it, and may go on itself across a
                # column or page break (the rest of its last sentence).
                open_heads = [((page.number, index), para)]
            elif para.kind not in ("footnote", "figure"):
                open_heads = []  # (a footnote or a figure is stepped over, as a caption)


def _host(open_heads: list[tuple[tuple[int, int], Paragraph]], size: float,
          tolerance: float) -> tuple[int, int]:
    """The latest open paragraph of ``size`` (points, within ``tolerance``), else the latest."""
    for key, head in reversed(open_heads):
        if abs(head.size - size) <= tolerance * max(head.size, size):
            return key
    return open_heads[-1][0]
