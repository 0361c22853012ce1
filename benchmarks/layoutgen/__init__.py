"""Seeded generators of documents with known reading order and known elements, for the layout
benchmark (``python -m benchmarks.layouts``) and the table benchmark's prose-in-columns pages.

``generate(family, seed, path)`` draws the PDF at ``path`` and returns its
:class:`~.truth.Document` (elements in reading order, pages with their column counts). The same
family and seed give the same bytes and the same truth. :data:`FAMILIES` names every family
with what it exercises; :data:`PROSE_COLUMNS` are the families of plain prose in columns (never a
table). Modules: :mod:`.columns` (columns, floats, footnotes, furniture), :mod:`.tiers`,
:mod:`.slides`, :mod:`.reports`, :mod:`.forms`, :mod:`.cjk`; under them :mod:`.typeset` (line
breaking and drawing), :mod:`.builder` (pages, flow, truth), :mod:`.text` (prose),
:mod:`.fonts`, :mod:`.common`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import cjk, columns, forms, reports, slides, tiers
from .truth import Document, Element, PageTruth

__all__ = ["FAMILIES", "PROSE_COLUMNS", "Document", "Element", "Family", "PageTruth",
           "generate"]


@dataclass(frozen=True, slots=True)
class Family:
    name: str
    make: Callable[[Path, str, str], Document]
    about: str


_LIST = [
    Family("columns-1", columns.columns_1, "one justified column, subheads, lists, running heads"),
    Family("columns-2", columns.columns_2, "two justified columns on a baseline grid"),
    Family("notice-3", columns.notice_3, "a notice: full-width title, three narrow justified "
           "columns with aligned baselines, bold numbered heads"),
    Family("columns-4", columns.columns_4, "four narrow justified columns"),
    Family("unequal", columns.unequal, "two or three columns of unequal widths"),
    Family("title-abstract", columns.title_abstract, "a paper: title, authors, abstract across "
           "the page over two columns"),
    Family("figures", columns.figures, "drawn figures and captions across the columns or in one"),
    Family("pull-quotes", columns.pull_quotes, "pull quotes in a column or across two"),
    Family("sidebars", columns.sidebars, "shaded sidebars at a column's foot or beside the text"),
    Family("footnotes-column", columns.footnotes_column, "footnotes under one column, marks in "
           "the text"),
    Family("footnotes-page", columns.footnotes_page, "footnotes across the page under a short "
           "rule"),
    Family("running-heads", columns.running_heads, "books: verso and recto heads, letter-spaced "
           "heads, folios outside, centred, in the head's line or in the gutter"),
    Family("tiers-2", tiers.tiers_2, "two tiers of columns, a story each"),
    Family("tiers-3", tiers.tiers_3, "three tiers of columns, as newspapers"),
    Family("slides-bullets", slides.slides_bullets, "16:9 slides: large type, bullets of every "
           "common glyph, nesting, wrapped items"),
    Family("slides-numbered", slides.slides_numbered, "16:9 slides with numbered and lettered "
           "items, some in two columns"),
    Family("bold-headings", reports.bold_headings, "Word or Google Docs reports: bold headings at "
           "the body's size"),
    Family("wrapped-headings", reports.wrapped_headings, "long headings wrapped onto two lines"),
    Family("invoices", forms.invoices, "an invoice printed as original, duplicate, triplicate"),
    Family("forms", forms.boxed_forms, "a boxed form printed as copies A, B, C, D"),
    Family("korean", cjk.korean, "Korean reports (spaces between words), CID fonts"),
    Family("japanese", cjk.japanese, "horizontal Japanese, CID fonts"),
    Family("japanese-vertical", cjk.japanese_vertical, "vertical Japanese in two or three tiers"),
    Family("chinese", cjk.chinese, "simplified Chinese, CID fonts"),
]
FAMILIES: dict[str, Family] = {f.name: f for f in _LIST}

PROSE_COLUMNS = ("columns-1", "columns-2", "notice-3", "columns-4", "unequal")
"""Justified prose in one to four columns and nothing else that could be a table: the table
benchmark's pages that must never hold a table."""


def generate(family: str, seed: str, path: Path) -> Document:
    """Draw document ``seed`` of ``family`` at ``path``; its truth."""
    return FAMILIES[family].make(Path(path), family, str(seed))
