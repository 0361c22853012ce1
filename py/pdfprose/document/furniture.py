"""Running headers, footers and page numbers (SPEC §8).

Candidates are short paragraphs lying wholly in the top or bottom 12 % of the page
(``furniture_band`` and the other thresholds here are fields of
:class:`~pdfprose.params.LayoutParams`). Their text,
with every digit replaced by ``#``, is compared across pages: a candidate that repeats on at
least half of the pages (and at least two), or on half the pages of its parity (books alternate
left and right running heads), or on three consecutive pages (chapter titles change per chapter),
is furniture. Stand-alone page numbers in the bands are furniture too, where they stand at the
page's edge or run in step with the page index. Footnotes are never dropped for being small and
low: only repetition or a page-number shape counts.

A running head is printed once on a page, apart from the page's content, so repetition alone
is not enough where the band holds content (bad input loses nothing): text repeated across one
row of a page (a table's column headings side by side) and text that shares its row with the
page's other text (a table row atop the page, whose city repeats on other pages) are kept; a
numbered running head must be in step with the page number on ``min_numbered_heads`` different
pages, not merely on two entries of one contents page.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict

from ..layout.spans import same_row
from ..model import PageAnalysis, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from .statistics import DocumentStatistics

PAGE_NUMBER = re.compile(
    r"^(?:[-–—]\s*)?(?:(?:page|página|pág\.?|p\.|seite|s\.)\s*)?"
    r"(?:\d{1,4}|[ivxlcdm]{1,7})"
    r"(?:\s*(?:/|of|de|von|sur)\s*\d{1,4})?(?:\s*[-–—])?$",
    re.I,
)
"""SPEC §8: "12", "- 12 -", "12 / 40", "Page 12", "Página 12 de 40", "p. 12", roman numerals."""

_EDGE_NUMBER = re.compile(r"^(?P<a>\d{1,4})\s+\S|\S\s+(?P<b>\d{1,4})$")

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
    candidates: dict[str, list[tuple[int, Paragraph]]] = defaultdict(list)
    numbered: dict[int, list[tuple[Paragraph, bool]]] = defaultdict(list)  # offset -> (head, in band)
    page_of: dict[int, int] = {}  # id(paragraph) -> the index of its page
    # Page-number-shaped band text: (page index, page, paragraph, value).
    bare: list[tuple[int, PageAnalysis, Paragraph, int | None]] = []
    for index, page in enumerate(pages):
        edges = _edge_paragraphs(page, params.furniture_edge_band)
        for para in page.paragraphs:
            if para.kind in ("rotated", "vertical") or len(para.lines) > params.furniture_max_lines:
                continue
            edge = any(para is e for e in edges)
            if not (_centre_in_band(para, page, band) or edge):
                continue
            text = " ".join(l.text for l in para.lines).strip()
            page_of[id(para)] = index
            if PAGE_NUMBER.match(text) and para.size <= params.page_number_max_ratio * body:
                if _centre_in_band(para, page, band):
                    # A page number stands at the page's edge, or runs in step with the page
                    # index; a figure's axis label or a fraction's denominator ("3" of 5/3
                    # atop a page, cond-mat0501080) in the band does neither.
                    para.furniture = edge
                    bare.append((index, page, para, _number_value(text)))
                    continue
                if text.isdigit():  # a page number set higher: judged by its run of numbers
                    numbered[int(text) - page.number].append((para, False))
                continue
            number = _EDGE_NUMBER.search(text)
            in_band = _in_band(para, page, band)
            if number is not None:
                value = int(number.group("a") or number.group("b"))
                numbered[value - page.number].append((para, in_band))
            if in_band:
                candidates[_key(para)].append((index, para))
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
    # VON WEGEN", "Chapter 2 47") is a running head even when its title changes every section.
    for heads in numbered.values():
        # Outside the band only a head that stands at the same height on several pages counts:
        # over a long document, numbers at the end of a page's first or last line fall in step
        # with the page index by chance.
        heights = Counter(round(min(l.top for l in para.lines)) for para, _ in heads)

        def counts(para: Paragraph, in_band: bool) -> bool:
            top = round(min(l.top for l in para.lines))
            return in_band or sum(heights[t] for t in (top - 1, top, top + 1)) >= least

        kept = [para for para, in_band in heads if counts(para, in_band)]
        if len({page_of[id(para)] for para in kept}) >= least:
            for para in kept:
                para.furniture = True
    n = len(pages)
    by_parity = [sum(1 for i in range(n) if i % 2 == p) for p in (0, 1)]
    for hits in candidates.values():
        indices = sorted({i for i, _ in hits})
        if len(indices) < len(hits) and _side_by_side(hits, params.furniture_row_share):
            continue  # twice across one row: a table's column headings, not a running head
        if _repeats(indices, n, by_parity, params.consecutive_pages):
            # A letterhead (a form's title repeated atop each page) is set larger than the body:
            # its first occurrence is the document's title and stays.
            first = min(hits, key=lambda hit: hit[0])[1]
            title_like = first.size >= params.letterhead_ratio * body
            for _, para in hits:
                if not (title_like and para is first):
                    para.furniture = True
    for page in pages:
        _keep_rows_of_content(page, params.furniture_row_share)
    # Running heads accompany a body: where they would leave no text at all (a ticket or label
    # per page, one repeated line on every page) they are the document's text. Bare page
    # numbers stay furniture: a page that has nothing else has no text to give.
    if not any(not para.furniture for page in pages for para in page.paragraphs if para.lines):
        for page in pages:
            for para in page.paragraphs:
                if not PAGE_NUMBER.match(" ".join(l.text for l in para.lines).strip()):
                    para.furniture = False


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


def _keep_rows_of_content(page: PageAnalysis, share: float) -> None:
    """Unmark repeated band text that shares its row with text of the page that is not
    furniture: a cell of a table row ("Huntington Beach 65" beside its company and dates on
    the CA WARN report, whose columns are read as paragraphs of their own), not a running head.
    Page numbers (PAGE_NUMBER) neither count as such text nor are unmarked: a footer's number
    sits beside the footer, and may have been read into the last line of the body above it.
    Repeated until nothing changes, since a cell kept makes its row content for the cells
    beside it."""
    marked = [p for p in page.paragraphs if p.furniture and p.lines
              and not PAGE_NUMBER.match(" ".join(l.text for l in p.lines).strip())]
    if not marked:
        return
    content = [line for p in page.paragraphs if not p.furniture
               and p.kind not in ("rotated", "vertical") for line in p.lines]
    changed = True
    while changed and marked:
        changed = False
        for para in list(marked):
            # The page-number test (a regular expression) only for the lines on the row.
            if any(other.bottom > line.top and other.top < line.bottom  # overlap at all
                   and same_row(line, other, share, inclusive=True)
                   and not PAGE_NUMBER.match(other.text.strip())
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
