"""Headings (SPEC §9): size-ratio headings with levels, bold (or small-capitals, or italic
numbered) stand-alone headings, measured against the body size
(:class:`~pdfprose.document.statistics.DocumentStatistics`); the thresholds are fields of
:class:`~pdfprose.params.LayoutParams`."""

from __future__ import annotations

import re
from itertools import islice

from ..model import PageAnalysis, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.vocabulary import CAPTION, PUNCTUATED_END, ROW_ENDS_ENTRY
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
annual net income tax was more than ..." / "OR" / "Your net worth equaled...", IRS
instructions p34) is emphasis, not a heading."""


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
heading ("4.2. The magnetic Rayleigh-Taylor instability", ``astro-ph0001004``); a single
number in italics may be a list item."""

def _small_caps_heading(text: str, min_letters: int) -> bool:
    """Whether a line in small capitals may be a heading: more than one word, numbered, or a
    word of ``min_letters`` letters (``small_caps_min_letters``)."""
    words = text.split()
    return (len(words) > 1 or NUMBERED.match(text) is not None
            or sum(ch.isalpha() for ch in text) >= min_letters)


def _fewer_than_two_letters(text: str) -> bool:
    """``sum(map(str.isalpha, text)) < 2``, reading only up to the second letter (asked of
    every paragraph of the document, whose first two characters are mostly letters)."""
    return next(islice(filter(str.isalpha, text), 1, None), None) is None


def _text(para: Paragraph) -> str:
    return " ".join(line.text for line in para.lines)


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
    for page in pages:
        for para in page.paragraphs:
            if para.kind != "body" or para.furniture:
                continue
            text = _text(para)
            if len(text) > longest or _fewer_than_two_letters(text) \
                    or CAPTION.match(text) or NOT_A_HEADING.search(text) \
                    or LONE_CONJUNCTION.match(text) \
                    or not _may_be_heading_row(para, text):
                continue
            short = len(text) <= max_chars and (
                len(para.lines) <= params.max_heading_lines
                or para.size >= params.display_size_ratio * body)
            if short and para.size >= params.heading_size_ratio * body:
                by_size.append(para)
            elif (
                len(para.lines) == 1
                and (para.lines[0].all_bold
                     or (para.lines[0].small_caps
                         and _small_caps_heading(text, params.small_caps_min_letters)))
                and para.size >= body - bucket
                and len(text) <= max_bold_chars
                and (not PUNCTUATED_END.search(text) or NUMBERED.match(text))
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
    sizes = sorted({round(p.size / bucket) * bucket for p in by_size}, reverse=True)
    level_of = {s: min(i + 1, max_levels) for i, s in enumerate(sizes)}
    for para in by_size:
        para.kind = "heading"
        para.level = level_of[round(para.size / bucket) * bucket]
    lowest = min(len(sizes) + 1, max_levels)
    for para in by_bold:
        para.kind = "heading"
        para.level = lowest
    for para in by_italic:
        para.kind = "heading"
        para.level = min(lowest + 1, max_levels) if by_bold else lowest
