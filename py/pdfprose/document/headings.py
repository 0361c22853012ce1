"""Headings (SPEC §9): body size, size-ratio headings with levels, bold (or small-capitals, or
italic numbered) stand-alone headings."""

from __future__ import annotations

import re
from itertools import islice

from ..model import PageAnalysis, Paragraph
from .statistics import DocumentStatistics
from ..text.vocabulary import CAPTION, PUNCTUATED_END, ROW_ENDS_ENTRY

HEADING_SIZE_RATIO = 1.15
"""SPEC §9: a paragraph at least 1.15 x the body size is a heading candidate."""

MAX_HEADING_LINES = 3
MAX_HEADING_CHARS = 160
"""SPEC §9: a heading is short: at most 3 lines and 160 characters."""

DISPLAY_SIZE_RATIO = 1.8
"""A title set at 1.8 x the body size or more wraps sooner: at that size the 160 characters
alone make it short, whatever its lines (the WHO report's cover title: four lines at 25 pt over
a 10 pt body)."""

MAX_LEVELS = 4
"""SPEC §9: heading sizes map to Markdown levels 1-4; all smaller ones are level 4."""

MAX_BOLD_HEADING_CHARS = 80
"""A bold stand-alone line longer than this is emphasis inside prose, not a heading."""

_LONGEST_HEADING = max(MAX_HEADING_CHARS, MAX_BOLD_HEADING_CHARS)
"""The most characters any heading may have (by size, bold or italic)."""

SIZE_BUCKET = 0.5
"""Heading sizes within half a point are one level (producers round sizes differently)."""

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

SMALL_CAPS_MIN_LETTERS = 5
"""A single word in small capitals is a heading ("References", "Contents") when it has at
least five letters: shorter ones are pieces of a name on a title page ("Andr" of a broken
"András")."""


def _small_caps_heading(text: str) -> bool:
    words = text.split()
    return (len(words) > 1 or NUMBERED.match(text) is not None
            or sum(ch.isalpha() for ch in text) >= SMALL_CAPS_MIN_LETTERS)


def _fewer_than_two_letters(text: str) -> bool:
    """``sum(map(str.isalpha, text)) < 2``, reading only up to the second letter (asked of
    every paragraph of the document, whose first two characters are mostly letters)."""
    return next(islice(filter(str.isalpha, text), 1, None), None) is None


def _text(para: Paragraph) -> str:
    return " ".join(line.text for line in para.lines)


def mark_headings(pages: list[PageAnalysis],
                  statistics: DocumentStatistics | None = None) -> None:
    """Set ``kind="heading"`` and ``level`` on heading paragraphs of the whole document
    (``statistics``: its :class:`~pdfprose.document.statistics.DocumentStatistics`, measured
    here when not given)."""
    body = (statistics or DocumentStatistics.of(pages)).body_size
    if body <= 0:
        return
    by_size: list[Paragraph] = []
    by_bold: list[Paragraph] = []
    by_italic: list[Paragraph] = []  # numbered subsections under bold or larger sections
    for page in pages:
        for para in page.paragraphs:
            if para.kind != "body" or para.furniture:
                continue
            text = _text(para)
            # No kind of heading below is longer than _LONGEST_HEADING: a longer paragraph
            # (most of them) is not searched for what would refuse it.
            if len(text) > _LONGEST_HEADING or _fewer_than_two_letters(text) \
                    or CAPTION.match(text) or NOT_A_HEADING.search(text) \
                    or LONE_CONJUNCTION.match(text) \
                    or not _may_be_heading_row(para, text):
                continue
            short = len(text) <= MAX_HEADING_CHARS and (
                len(para.lines) <= MAX_HEADING_LINES or para.size >= DISPLAY_SIZE_RATIO * body)
            if short and para.size >= HEADING_SIZE_RATIO * body:
                by_size.append(para)
            elif (
                len(para.lines) == 1
                and (para.lines[0].all_bold
                     or (para.lines[0].small_caps and _small_caps_heading(text)))
                and para.size >= body - SIZE_BUCKET
                and len(text) <= MAX_BOLD_HEADING_CHARS
                and (not PUNCTUATED_END.search(text) or NUMBERED.match(text))
            ):
                by_bold.append(para)
            elif (
                len(para.lines) == 1
                and para.lines[0].italic
                and SUBSECTION_NUMBER.match(text) is not None
                and para.size >= body - SIZE_BUCKET
                and len(text) <= MAX_BOLD_HEADING_CHARS
            ):
                by_italic.append(para)
    sizes = sorted({round(p.size / SIZE_BUCKET) * SIZE_BUCKET for p in by_size}, reverse=True)
    level_of = {s: min(i + 1, MAX_LEVELS) for i, s in enumerate(sizes)}
    for para in by_size:
        para.kind = "heading"
        para.level = level_of[round(para.size / SIZE_BUCKET) * SIZE_BUCKET]
    lowest = min(len(sizes) + 1, MAX_LEVELS)
    for para in by_bold:
        para.kind = "heading"
        para.level = lowest
    for para in by_italic:
        para.kind = "heading"
        para.level = min(lowest + 1, MAX_LEVELS) if by_bold else lowest
