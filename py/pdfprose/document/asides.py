"""Asides: pull quotes and sidebars that the reading order puts inside the text's flow
(SPEC §6, §9).

A magazine lifts a sentence of the story and sets it larger, between rules, inside a column;
a sidebar (a shaded box under a bold title, in smaller type) stands at a column's foot. The
column's paragraph stops above either in mid-sentence, often in a broken word ("ex-", "nor-"),
and goes on under the quote or at the top of the next column. By its size the quote would pass
for a heading, which closes the paragraph and loses the word broken around it; a box's title
at the body size would be joined to the broken word as its rest ("nor-Detailed"). No section
starts inside a sentence, so what the reading order puts between a paragraph of prose left
unfinished and the next paragraph set as it is that goes on with a word in lowercase (within
``continuation_lookback`` paragraphs) is an *aside*: the paragraph is joined across it
(:mod:`pdfprose.document.continuation` steps over it as over a caption), and one that is a
sentence (a quote) is no heading; a box's title, which names the box, may still be one. Only
paragraphs of body text stand between (a formula, a list or a table's row ends the search),
and none set as the paragraph is (its size within ``aside_size_ratio``, its face): that would
be the paragraph's own next paragraph. Nor is body text ever an aside of a paragraph set
smaller than the body (a footnote, a caption): that paragraph is itself outside the story,
and the body text between its two parts (a footnote cut by the page's foot and ending under
the next page's text) is the story; a table's header cell between a caption's two parts is
still an aside of it.

Where a quote happens to stand between two paragraphs (or was set across two columns and
lifted out by the reading order, :func:`pdfprose.layout.regions.floats_across`), its shape
alone tells it: a heading names a section, it is no sentence; a paragraph set larger than the
body that is a whole sentence of ``float_words`` words or more, ending in a full stop
(:data:`STATEMENT_END`), and not numbered, is an aside too (a bold line at the body size
ending in punctuation is refused as a heading for the same reason,
:mod:`pdfprose.document.headings`). A question ("What DAA regimens to use?") is a heading's
form and stays one.
"""

from __future__ import annotations

import re

from ..model import PageAnalysis, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.markers import list_marker
from ..text.vocabulary import HYPHENATED, SENTENCE_END
from .continuation import prose_end, stepped_over
from .headings import NUMBERED
from .statistics import DocumentStatistics

STATEMENT_END = re.compile(r"(?:[^\W_]{2}|\d ?%)\.[\"'”’»]*$")
"""A text ending in a word or number of two characters or more (or a percentage) and a full
stop, then any closing quotes: a statement. A question, a parenthesis closed after its full
stop, a section number ("2.1."), a table of contents' leader dots are none."""


FIRST_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?[,;:.!?)]?(?:\s|$)")
"""A first line's opening word, letters only (a web address, "www.pdfa.org" under a slide's
author, is none)."""


def _goes_on(text: str) -> bool:
    """Whether a first line ``text`` goes on a sentence: it opens with a word in lowercase."""
    return text[:1].islower() and FIRST_WORD.match(text) is not None


def _flow(pages: list[PageAnalysis]) -> list[Paragraph]:
    """The paragraphs of the text's flow, in reading order: furniture, footnotes and tagged
    figures stand outside it."""
    return [p for page in pages for p in page.paragraphs
            if p.lines and not p.furniture and p.kind not in ("footnote", "figure")]


def _sentence(quote: Paragraph, body: float, params: LayoutParams) -> bool:
    """Whether ``quote`` is a sentence set larger than the ``body`` size (see the module
    docstring)."""
    if quote.kind != "body" or quote.cells or quote.size < params.float_size_ratio * body \
            or len(quote.lines) > params.float_rows:
        return False
    text = " ".join(line.text for line in quote.lines)
    return len(text.split()) >= params.float_words and STATEMENT_END.search(text) is not None \
        and NUMBERED.match(text) is None


def _face(para: Paragraph) -> tuple[bool, bool]:
    first = para.lines[0]
    return first.all_bold, first.italic


def _same_set(a: Paragraph, b: Paragraph, ratio: float) -> bool:
    """Whether ``a`` and ``b`` are set alike: the smaller size at least ``ratio`` x the larger
    (``aside_size_ratio``: a sidebar's type is a few per cent smaller than the story's, more
    than the continuation's tolerance tells), the same face."""
    return min(a.size, b.size) >= ratio * max(a.size, b.size) and _face(a) == _face(b)


def _interrupted(flow: list[Paragraph], i: int, body: float,
                 params: LayoutParams) -> list[Paragraph]:
    """The paragraphs between ``flow[i]``, when it is prose left unfinished, and the rest of it
    (see the module docstring); none when it is finished, its rest is not found, or it is set
    smaller than the ``body`` size and body text stands between."""
    before = flow[i]
    last = before.lines[-1].text.rstrip()
    # A word broken at the line's end is prose left unfinished however short the line: a
    # paragraph's first line at a column's foot ("Cada documento de Ourense es-").
    if before.kind != "body" or before.cells or not last or SENTENCE_END.search(last) \
            or not (prose_end(before, params.prose_line_chars) or HYPHENATED.search(last)):
        return []
    # Text set smaller than the body (a note, a caption, a box) is outside the story: the
    # body text between its two parts (a footnote cut by the page's foot and ending under the
    # next page's text) is the story, never an aside of it.
    story = before.size >= params.aside_size_ratio * body
    tolerance = params.continuation_size_tolerance
    between: list[Paragraph] = []
    for para in flow[i + 1:i + 1 + params.continuation_lookback]:
        if para.kind != "body" or para.cells or list_marker(para.lines[0].text) is not None:
            return []  # a formula, a list, a table's row: not a paragraph interrupted
        if stepped_over(para, before.size, tolerance):
            continue
        if _same_set(para, before, params.aside_size_ratio):
            return between if _goes_on(para.lines[0].text.lstrip()) else []
        if not story and para.size >= params.aside_size_ratio * body:
            return []
        between.append(para)
    return []


def mark_asides(pages: list[PageAnalysis], statistics: DocumentStatistics,
                params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Set ``aside`` on the pull quotes and sidebars (see the module docstring), before
    headings are looked for: a quote is never one, nor does its size make a level.
    ``statistics`` give the body size."""
    flow = _flow(pages)
    body = statistics.body_size
    for i, para in enumerate(flow):
        if para.aside:
            continue
        if body > 0 and _sentence(para, body, params):
            para.aside = True
            continue
        for inside in _interrupted(flow, i, body, params):
            inside.aside = True
