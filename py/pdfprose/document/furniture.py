"""Running headers, footers and page numbers (SPEC §8).

Candidates are short paragraphs lying wholly in the top or bottom 12 % of the page
(``furniture_band`` and the other thresholds here are fields of
:class:`~pdfprose.params.LayoutParams`). Their text,
with every digit replaced by ``#``, is compared across pages: a candidate that repeats on at
least half of the pages (and at least two), or on half the pages of its parity (books alternate
left and right running heads), or on three consecutive pages (chapter titles change per chapter),
is furniture. Stand-alone page numbers in the bands are furniture too, where they stand at the
page's edge or run in step with the page index. Footnotes are never dropped for being small and
low: only repetition or a page-number shape counts, and a footnote whose mark the text calls
(``kind="footnote"``) is never a candidate.

A running head is printed once on a page, apart from the page's content, in the same place on
every page, so repetition alone is not enough where the band holds content (bad input loses
nothing): repetition counts only among occurrences in one place (``furniture_place_em``) and on
distinct pages, never across copies of one page (an invoice printed as original, duplicate and
triplicate repeats its totals because the whole page repeats: :mod:`.copies`); text repeated
across one row of a page (a table's column headings side by side) and text that shares its row
with the page's other text (a table row atop the page, whose city repeats on other pages) are
kept; a numbered running head must be in step with the page number, in one place, on
``min_numbered_heads`` different pages, not merely on two entries of one contents page; and a
line set larger than the body (a letterhead, an invoice's title) takes as many pages to be one,
since two documents printed together repeat their titles.

Small print (``small_print_ratio`` of the body size: a slide deck's 16 pt footer and presenter
line beside 50 pt items) is furniture a little further from the edge, within
``furniture_edge_band``, and on up to ``small_print_max_lines`` lines (a margin strip is
narrow), where it stands in one place on half the distinct pages, alone on its row or beside
much larger type: a table's cells share one size.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict

from ..layout.spans import same_row
from ..model import PageAnalysis, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from .copies import copy_classes
from .statistics import DocumentStatistics

PAGE_NUMBER = re.compile(
    r"^(?:[-–—―－−]\s*)?(?:(?:page|página|pág\.?|p\.|seite|s\.)\s*)?"
    r"(?:\d{1,4}|[ivxlcdm]{1,7})"
    r"(?:\s*(?:/|of|de|von|sur)\s*\d{1,4})?(?:\s*[-–—―－−])?$",
    re.I,
)
"""SPEC §8: "12", "- 12 -", "12 / 40", "Page 12", "Página 12 de 40", "p. 12", roman numerals;
the dashes also as Japanese and Chinese folios print them ("－ 12 －", "― 12 ―", "− 12 −")."""

_EDGE_NUMBER = re.compile(r"^(?:[-–—]\s*)?(?P<a>\d{1,4})(?:\s*[-–—])?\s+\S"
                          r"|\S\s+(?:[-–—]\s*)?(?P<b>\d{1,4})(?:\s*[-–—])?$")
"""A page number at either end of a head or footer, bare or between dashes ("46 3.1.
HOMOTOPIE", "Chapter 2 47", "- 2 - NETWORK YEAR", "FACILITY IN COUNCIL - 3 -")."""

_DIGITS = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


_EDGE_NUMBERS = re.compile(r"^(?:#\s+)+|(?:\s+#)+$")


def _key(para: Paragraph) -> str:
    """The text with digits as ``#``; a page number at either end is dropped, since on some
    pages it is a run of its own (a footer and its page number far apart on the line)."""
    text = " ".join(line.text for line in para.lines)
    key = _SPACE.sub(" ", _DIGITS.sub("#", text)).strip().lower()
    return _EDGE_NUMBERS.sub("", key) or key


def _in_band(para: Paragraph, page: PageAnalysis, band: float) -> bool:
    """The paragraph lies wholly in the top or bottom ``band`` (``furniture_band``) of the
    page's height."""
    top = min(l.top for l in para.lines)
    bottom = max(l.bottom for l in para.lines)
    return bottom <= band * page.height or top >= (1 - band) * page.height


def _centre_in_band(para: Paragraph, page: PageAnalysis, band: float) -> bool:
    """The paragraph's middle lies in a band: enough for a page number, whose box may reach out
    of the band (LaTeX sets it 11-12 % above the foot of a letter page, ``math0501443``)."""
    middle = (min(l.top for l in para.lines) + max(l.bottom for l in para.lines)) / 2
    return middle <= band * page.height or middle >= (1 - band) * page.height


def _edge_paragraphs(page: PageAnalysis, edge_band: float) -> list[Paragraph]:
    """The page's topmost and bottommost horizontal-text paragraphs, where they lie within
    ``edge_band`` (``furniture_edge_band``) of the page's top or bottom edge."""
    text = [p for p in page.paragraphs if p.lines and p.kind not in ("rotated", "vertical", "form")]
    if not text:
        return []
    top = min(text, key=lambda p: min(l.top for l in p.lines))
    bottom = max(text, key=lambda p: max(l.bottom for l in p.lines))
    out = []
    if max(l.bottom for l in top.lines) <= edge_band * page.height:
        out.append(top)
    if min(l.top for l in bottom.lines) >= (1 - edge_band) * page.height:
        out.append(bottom)
    return out


def mark_furniture(pages: list[PageAnalysis], statistics: DocumentStatistics | None = None,
                   params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Set ``furniture`` on running headers, footers and page numbers across ``pages`` (the
    whole document; ``statistics``: its
    :class:`~pdfprose.document.statistics.DocumentStatistics`, measured here when not given),
    by the thresholds of ``params``."""
    body = (statistics or DocumentStatistics.of(pages)).body_size or math.inf
    band, least = params.furniture_band, params.min_numbered_heads
    # (let in as small print, text key) -> (page index, paragraph)
    candidates: dict[tuple[bool, str], list[tuple[int, Paragraph]]] = defaultdict(list)
    numbered: dict[int, list[tuple[Paragraph, bool]]] = defaultdict(list)  # offset -> (head, in band)
    page_of: dict[int, int] = {}  # id(paragraph) -> the index of its page
    # Page-number-shaped band text: (page index, page, paragraph, value).
    bare: list[tuple[int, PageAnalysis, Paragraph, int | None]] = []
    for index, page in enumerate(pages):
        edges = _edge_paragraphs(page, params.furniture_edge_band)
        for para in page.paragraphs:
            # A footnote (the footnote stage took it because the text calls its mark) is
            # content, though one two-line note per page, numbered in step with the page
            # index, stands in one place at every page's foot as a numbered footer would.
            if para.kind in ("rotated", "vertical", "footnote"):
                continue
            edge = any(para is e for e in edges)
            gathered = len(para.lines) <= params.furniture_max_lines \
                and (_centre_in_band(para, page, band) or edge)
            if gathered:
                _gather(para, index, page, params, body, edge, candidates, numbered, bare)
                page_of[id(para)] = index
            # Small print (a slide's footer beside a 50 pt body) may stand above the band, in
            # a margin strip, wrapped onto a third line; it must then keep one place. Only
            # repetition counts there, never a number in step with the page's.
            if (not gathered or not _in_band(para, page, band)) \
                    and para.size <= params.small_print_ratio * body \
                    and len(para.lines) <= params.small_print_max_lines \
                    and _in_band(para, page, params.furniture_edge_band) \
                    and not _beside_its_size(para, page, params):
                candidates[(True, _key(para))].append((index, para))
    # Pages on which a page number, alone or at the end of a head or footer ("Form 1040NR
    # (2007) Page 2"), stands at each offset from the page index.
    steps_at = {(value - page.number, index) for index, page, _, value in bare
                if value is not None}
    steps_at.update((offset, page_of[id(para)]) for offset, heads in numbered.items()
                    for para, _ in heads)
    in_step = Counter(offset for offset, _ in steps_at)
    # In a document shorter than min_numbered_heads pages, a number equal to its page's
    # ("Page 1/1" atop a one-page printout) on every page is enough.
    short = min(least, len(pages))
    for _, page, para, value in bare:
        if value is None:
            continue
        steps = in_step[value - page.number]
        if steps >= least or (value == page.number and steps >= short):
            para.furniture = True
    # A band line carrying the printed page number (one more on each page: "46 3.1. HOMOTOPIE
    # VON WEGEN", "Chapter 2 47") is a running head even when its title changes every section:
    # where it stands in one place on min_numbered_heads pages (footnotes numbered one per
    # page fall in step with the page index by chance, and so, over a long document, do
    # numbers at the end of a page's first or last line outside the band).
    # In a document shorter than min_numbered_heads pages, a head in the top band on every
    # page, carrying its page's own number, in one place and set smaller than the body, is one
    # too (a two-page article's verso and recto heads, "Title - 1 -" / "- 2 - Title"); not at
    # the foot, where footnotes numbered one per page fall in step with the page by chance.
    place_em = params.furniture_place_em
    for offset, heads in numbered.items():
        located = [(page_of[id(para)], para) for para, _ in heads]
        for group in _places(located, pages, place_em):
            on = {index for index, _ in group}
            if len(on) >= least or (offset == 0 and len(on) == len(pages) < least
                                    and all(max(l.bottom for l in para.lines)
                                            <= band * pages[index].height
                                            and para.size < body for index, para in group)):
                for _, para in group:
                    para.furniture = True
    # Repetition is counted over distinct pages: the copies of one page count once.
    copy_of = copy_classes(pages, params)
    rank = {root: k for k, root in enumerate(sorted(set(copy_of)))}
    distinct = [rank[root] for root in copy_of]
    n = len(rank)
    by_parity = [sum(1 for i in range(n) if i % 2 == p) for p in (0, 1)]
    for (placed, _), hits in candidates.items():
        if len({i for i, _ in hits}) < len(hits) and _side_by_side(hits, params.furniture_row_share):
            continue  # twice across one row: a table's column headings, not a running head
        # Identical text in the bands of many pages is evidence enough of its place (a form
        # sets its head a few points higher or lower from page to page, atop some pages and at
        # the foot of others). Small print let in by its size (above the bands, or on a third
        # line) must show its place, and stand there on half the pages: a deck's footer is on
        # every slide, its footnotes that differ only in their numbers on a few.
        for group in (_places(hits, pages, place_em) if placed else (hits,)):
            indices = sorted({distinct[i] for i, _ in group})
            if not (_repeats(indices, n, by_parity, params.consecutive_pages) if not placed
                    else 2 <= len(indices) and 2 * len(indices) >= n) \
                    or not _same_numbers(group, pages):
                continue
            # A letterhead (a form's title repeated atop each page) is set larger than the body:
            # its first occurrence is the document's title and stays, on every copy of its
            # page; two pages are not enough to tell it from the titles of two documents
            # printed together (two invoices).
            first = min(group, key=lambda hit: hit[0])
            if first[1].size >= params.letterhead_ratio * body:
                if len(indices) < least:
                    continue
                group = [hit for hit in group if distinct[hit[0]] != distinct[first[0]]]
            for _, para in group:
                para.furniture = True
    for page in pages:
        _keep_rows_of_content(page, params, params.small_print_ratio * body)
    # Running heads accompany a body: where they would leave no text at all (a ticket or label
    # per page, one repeated line on every page) they are the document's text. Bare page
    # numbers stay furniture: a page that has nothing else has no text to give.
    if not any(not para.furniture for page in pages for para in page.paragraphs if para.lines):
        for page in pages:
            for para in page.paragraphs:
                if not PAGE_NUMBER.match(" ".join(l.text for l in para.lines).strip()):
                    para.furniture = False


def _gather(para: Paragraph, index: int, page: PageAnalysis, params: LayoutParams, body: float,
            edge: bool, candidates: dict[tuple[bool, str], list[tuple[int, Paragraph]]],
            numbered: dict[int, list[tuple[Paragraph, bool]]],
            bare: list[tuple[int, PageAnalysis, Paragraph, int | None]]) -> None:
    """File a short paragraph in or at the edge of a band (on page ``index``): a page number
    into ``bare`` (or ``numbered`` when set higher), a band line ending or starting with a
    number into ``numbered`` by its offset from the page number, band text into
    ``candidates`` by its :func:`_key`."""
    band = params.furniture_band
    text = " ".join(l.text for l in para.lines).strip()
    if PAGE_NUMBER.match(text) and para.size <= params.page_number_max_ratio * body:
        if _centre_in_band(para, page, band):
            # A page number stands at the page's edge, or runs in step with the page
            # index; a figure's axis label or a fraction's denominator ("3" of 5/3
            # atop a page, cond-mat0501080) in the band does neither.
            para.furniture = edge
            bare.append((index, page, para, _number_value(text)))
        elif text.isdigit():  # a page number set higher: judged by its run of numbers
            numbered[int(text) - page.number].append((para, False))
        return
    number = _EDGE_NUMBER.search(text)
    in_band = _in_band(para, page, band)
    if number is not None:
        value = int(number.group("a") or number.group("b"))
        numbered[value - page.number].append((para, in_band))
    if in_band:
        candidates[(False, _key(para))].append((index, para))


def _places(hits: list[tuple[int, Paragraph]], pages: list[PageAnalysis],
            place_em: float) -> list[list[tuple[int, Paragraph]]]:
    """``hits`` (page index, paragraph) grouped by where they stand: their first baseline's
    distance from the nearer of the page's top and bottom edges, within ``place_em`` of their
    size (``furniture_place_em``) of the group's first. Heads and footers are apart."""
    def place(hit: tuple[int, Paragraph]) -> tuple[bool, float]:
        page, para = pages[hit[0]], hit[1]
        baseline = para.lines[0].baseline
        low = baseline > page.height / 2
        return low, (page.height - baseline) if low else baseline

    groups: list[list[tuple[int, Paragraph]]] = []
    start: tuple[bool, float] | None = None
    for hit, where in sorted(((hit, place(hit)) for hit in hits), key=lambda h: h[1]):
        if start is None or where[0] != start[0] \
                or where[1] - start[1] > place_em * hit[1].size:
            groups.append([])
            start = where
        groups[-1].append(hit)
    return groups


_LONG_NUMBER = re.compile(r"(?<![\d.,])(?:\d{1,2}([/-])\d{1,2}\1\d{2,4}\b|\d(?:[.,]?\d){3,})")
"""A number of four digits or more, thousands and decimal separators included ("2007",
"1,234.50", "08555"), or a date ("26/07/2025", "3-12-24"): an invoice's date differs from the
next invoice's in its day and month, not its year."""


def _value(number: str) -> int:
    """The integer a :data:`_LONG_NUMBER` reads as, separators left out."""
    return int(re.sub(r"\D", "", number))


def _same_numbers(hits: list[tuple[int, Paragraph]], pages: list[PageAnalysis]) -> bool:
    """Whether repeated band text (``hits``: page index, paragraph) prints the same long
    numbers (:data:`_LONG_NUMBER`) on every page, but for one in step with the page index (a
    court filing's "PageID #: 1234"). A running head repeats its numbers (a year, a volume, a
    document number); an invoice's payment note at the foot of each invoice of a file carries
    each invoice's own account and authorisation numbers: the same text with other numbers is
    content."""
    found = [(pages[index].number, [m.group() for m in _LONG_NUMBER.finditer(
                  " ".join(l.text for l in para.lines))])
             for index, para in hits]
    if not any(numbers for _, numbers in found):
        return True
    # The step: the offset from the page number that the numbers of most pages share.
    on_page: dict[int, set[int]] = defaultdict(set)
    for number, numbers in found:
        on_page[number].update(_value(v) - number for v in numbers)
    offsets = Counter(d for steps in on_page.values() for d in steps)
    step, count = offsets.most_common(1)[0]
    fixed = {frozenset(v for v in numbers if count < 2 or _value(v) - number != step)
             for number, numbers in found}
    return len(fixed) == 1


_FIRST_NUMBER = re.compile(r"\b(?:\d{1,4}|[ivxlcdm]{1,7})\b", re.I)
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def _number_value(text: str) -> int | None:
    """The number a PAGE_NUMBER-shaped text prints ("- 12 -", "Página 12 de 40", "xiv"), as an
    int (roman numerals read as such), or None when there is none."""
    for m in _FIRST_NUMBER.finditer(text):
        token = m.group().lower()
        if token.isdigit():
            return int(token)
        values = [_ROMAN[ch] for ch in token]
        return sum(-v if i + 1 < len(values) and v < values[i + 1] else v
                   for i, v in enumerate(values))
    return None


def _side_by_side(hits: list[tuple[int, Paragraph]], share: float) -> bool:
    """Whether two of ``hits`` (page index, paragraph) stand on one row of one page. The same
    text atop and at the foot of a page (a form's "Form 1040NR (2007)") is still a running
    head and footer."""
    by_page: dict[int, list[Paragraph]] = defaultdict(list)
    for index, para in hits:
        by_page[index].append(para)
    return any(same_row(la, lb, share, inclusive=True)
               for paras in by_page.values() if len(paras) > 1
               for i, a in enumerate(paras) for b in paras[:i] for la in a.lines for lb in b.lines)


def _beside_its_size(para: Paragraph, page: PageAnalysis, params: LayoutParams) -> bool:
    """Whether another paragraph of the page has a line on a row of ``para``'s set at less
    than ``small_print_row_ratio`` times its size: a table's cells share one size, while a
    slide's margin strip stands alone or beside larger type."""
    share, ratio = params.furniture_row_share, params.small_print_row_ratio
    return any(other is not para and line.bottom > mine.top and line.top < mine.bottom
               and line.size < ratio * para.size and same_row(mine, line, share, inclusive=True)
               for other in page.paragraphs for line in other.lines for mine in para.lines)


def _keep_rows_of_content(page: PageAnalysis, params: LayoutParams, small: float) -> None:
    """Unmark repeated band text that shares its row with text of the page that is not
    furniture: a cell of a table row ("Huntington Beach 65" beside its company and dates on
    the CA WARN report, whose columns are read as paragraphs of their own), not a running head.
    Page numbers (PAGE_NUMBER) neither count as such text nor are unmarked: a footer's number
    sits beside the footer, and may have been read into the last line of the body above it.
    Repeated until nothing changes, since a cell kept makes its row content for the cells
    beside it. Small print (at most ``small`` points) shares its row with content set much
    larger (``small_print_row_ratio``) as a slide's margin strip does its footnotes: a table's
    cells are set in one size."""
    share, ratio = params.furniture_row_share, params.small_print_row_ratio
    marked = [p for p in page.paragraphs if p.furniture and p.lines
              and not PAGE_NUMBER.match(" ".join(l.text for l in p.lines).strip())]
    if not marked:
        return
    # (A tagged figure's description, issue 24, is no text drawn on the row: a logo beside a
    # running head does not make it content.)
    content = [line for p in page.paragraphs if not p.furniture
               and p.kind not in ("rotated", "vertical", "figure") for line in p.lines]
    changed = True
    while changed and marked:
        changed = False
        for para in list(marked):
            # The page-number test (a regular expression) only for the lines on the row.
            if any(other.bottom > line.top and other.top < line.bottom  # overlap at all
                   and same_row(line, other, share, inclusive=True)
                   and not PAGE_NUMBER.match(other.text.strip())
                   and (para.size > small or other.size < ratio * para.size)
                   for line in para.lines for other in content):
                para.furniture = False
                marked.remove(para)
                content.extend(para.lines)
                changed = True


def _repeats(indices: list[int], n: int, by_parity: list[int], consecutive: int) -> bool:
    """Whether a candidate on the pages ``indices`` (of ``n``) repeats as a running head does:
    on half the pages, or half of one parity's (``by_parity`` counts them), or on
    ``consecutive`` pages in a row (``consecutive_pages``)."""
    if len(indices) < 2:
        return False
    if 2 * len(indices) >= n:
        return True
    for parity in (0, 1):
        same = [i for i in indices if i % 2 == parity]
        if len(same) >= 2 and 2 * len(same) >= by_parity[parity]:
            return True
    run = best = 1
    for a, b in zip(indices, indices[1:]):
        run = run + 1 if b == a + 1 else 1
        best = max(best, run)
    return best >= consecutive
