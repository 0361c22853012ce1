"""Ground truth of a generated document: its elements in reading order and its pages.

Reading order (the same rule for every family, decided here once):

- the text of a story is read column by column, each column top to bottom, columns left to
  right; a paragraph that goes on in the next column or on the next page is one element;
- full-width titles, abstracts and headlines come where they stand, before the columns under
  them; tiers (bands of columns, one story each) are read upper band first;
- a *float* (figure caption, pull quote, sidebar, footnote) is never inside a sentence: it is
  read after the paragraph that was being set when it was placed (``host``), or, equally right,
  just before that paragraph; a float placed between paragraphs has no host and one place;
  footnotes are placed at the end of their column (under one column) or of their page (across
  it);
- running heads, folios and page numbers are *furniture*: they are elements (so that a tool
  that leaves them in, or splices them into a sentence, is seen doing it) but not part of the
  text whose order is scored;
- vertical Japanese is read column by column from the right, each top to bottom, tier by tier
  from the top.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

KINDS = ("title", "heading", "paragraph", "list_item", "caption", "footnote", "pull_quote",
         "sidebar", "furniture", "label", "field", "table_row", "author", "abstract")
HEADING_KINDS = ("title", "heading")
FLOAT_KINDS = ("caption", "footnote", "pull_quote", "sidebar")


@dataclass(slots=True)
class Element:
    """One thing a reader reads, with its text as the reader reads it (hyphenated words whole,
    list markers and footnote marks in ``marker`` and ``mark``, not in ``text``, except a
    numbered item's number, which is text a reader reads and Markdown keeps).

    ``level``: a heading's level, 1 for the largest type in the document. ``depth``: a list
    item's nesting, 0 for the outermost. ``host``: for a float, the index of the paragraph it
    interrupted (see the module docstring). ``page``: where the element starts (1-based)."""

    kind: str
    text: str
    page: int
    level: int | None = None
    marker: str | None = None
    depth: int = 0
    mark: str | None = None
    host: int | None = None


@dataclass(slots=True)
class PageTruth:
    number: int
    width: float
    height: float
    columns: int | None
    """Text columns a reader sees (the largest number side by side in any band of the page;
    sidebars, pull quotes and footnotes not counted); None where columns mean nothing (a form,
    an invoice, vertical writing), and then not scored."""


@dataclass(slots=True)
class Document:
    family: str
    seed: str
    lang: str
    pages: list[PageTruth] = field(default_factory=list)
    elements: list[Element] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "Document":
        data = json.loads(text)
        return cls(data["family"], data["seed"], data["lang"],
                   [PageTruth(**p) for p in data["pages"]],
                   [Element(**e) for e in data["elements"]])
