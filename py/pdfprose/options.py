"""Rendering options and limits: what a user can switch without a new parse."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Format = Literal["txt", "md"]
TablesAs = Literal["table", "text"]

MAX_FILE_BYTES = 25 * 1000 * 1000
"""SPEC §13: files over 25 MB are refused on the page (the message states both sizes)."""

MAX_PAGES = 500
"""SPEC §13: documents over 500 pages are refused on the page (the message states both counts)."""


@dataclass(frozen=True, slots=True)
class Options:
    """How a :class:`~pdfprose.Conversion` is rendered; changing any field needs no new parse.

    - ``format``: ``"txt"`` (plain text) or ``"md"`` (CommonMark), SPEC §12.
    - ``join_lines``: join the lines of a paragraph with one space (SPEC §6); off keeps each
      line break, paragraphs still separated by a blank line.
    - ``remove_headers``: leave out running headers, footers and page numbers (SPEC §8).
    - ``page_markers``: put ``<!-- page N -->`` (Markdown) or a marker line (TXT) before each page.
    - ``page_word``: the word of the TXT marker line, ``[page N]``, in the reader's language
      (the page sends ``"página"`` in Spanish). Markdown's marker is SPEC §12's HTML comment,
      which no reader sees, and stays English.
    - ``tables``: ``"table"`` writes each table found (issue 23) as a table (Markdown: a GFM
      pipe table; TXT: a line per row, cells apart by a tab); ``"text"`` writes each of its
      rows as a paragraph, its cells one space apart.
    """

    format: Format = "txt"
    join_lines: bool = True
    remove_headers: bool = True
    page_markers: bool = False
    page_word: str = "page"
    tables: TablesAs = "table"

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> "Options":
        """Build options from a JSON-like dict (the browser worker's message); unknown keys are
        ignored and a bad ``format`` or ``tables`` raises ``ValueError``."""
        fmt = str(data.get("format", "txt"))
        if fmt not in ("txt", "md"):
            raise ValueError(f"unknown format {fmt!r}: use 'txt' or 'md'")
        tables = str(data.get("tables", "table"))
        if tables not in ("table", "text"):
            raise ValueError(f"unknown tables {tables!r}: use 'table' or 'text'")
        return cls(
            format=fmt,  # type: ignore[arg-type]
            join_lines=bool(data.get("join_lines", True)),
            remove_headers=bool(data.get("remove_headers", True)),
            page_markers=bool(data.get("page_markers", False)),
            page_word=_page_word(data.get("page_word")),
            tables=tables,  # type: ignore[arg-type]
        )


PAGE_WORD_MAX = 20
"""Characters a TXT page marker's word may have: one word, or two ("page no"), in any language."""


def _page_word(value: object) -> str:
    """``value`` when it is a word (letters, and inner spaces) of at most PAGE_WORD_MAX
    characters, so that a marker line stays one plain ``[word N]``; ``"page"`` otherwise."""
    if isinstance(value, str) and 0 < len(value) <= PAGE_WORD_MAX and value == value.strip() \
            and value.replace(" ", "").isalpha():
        return value
    return "page"
