"""GFM pipe tables read back from Markdown, as a GitHub renderer would show them.

A table is a header row (a line starting with ``|``), a delimiter row (``|---|:--:|``) with as
many cells, then every following line that starts with ``|``. Body rows are cut or padded to the
header's width (GFM ignores extra cells and adds empty ones). Each cell is read by
:func:`benchmarks.probes.table_cells` (escapes undone, ``\\|`` a pipe inside the cell, white
space collapsed), then its inline markup taken off: ``<br>`` as a space (pymupdf4llm writes a
cell's line breaks so), inline HTML tags such as ``<sup>`` dropped (their text kept) and
emphasis wrapping the whole cell (``**Total**``).
"""

from __future__ import annotations

import re

from .probes import is_delimiter_row, normalize, table_cells

_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_INLINE_HTML = re.compile(r"</?(?:sup|sub|b|i|em|strong|span|u|s|code)\b[^>]*>",
                          re.IGNORECASE)
_EMPHASIS = re.compile(r"^(\*\*|__|\*|_)(.+?)\1$")


def clean_cell(text: str) -> str:
    text = normalize(_INLINE_HTML.sub("", _BR.sub(" ", text)))
    while True:
        m = _EMPHASIS.match(text)
        if m is None:
            return text
        text = m.group(2).strip()


def parse_tables(markdown: str) -> list[list[list[str]]]:
    """Every GFM pipe table of ``markdown``, each a list of rows of cell texts (header first)."""
    lines = markdown.split("\n")
    tables: list[list[list[str]]] = []
    i = 0
    while i + 1 < len(lines):
        head = table_cells(lines[i])
        delimiter = table_cells(lines[i + 1])
        if head is None or delimiter is None or not is_delimiter_row(delimiter) \
                or is_delimiter_row(head) or len(head) != len(delimiter):
            i += 1
            continue
        width = len(head)
        rows = [[clean_cell(c) for c in head]]
        j = i + 2
        while j < len(lines):
            cells = table_cells(lines[j])
            if cells is None:
                break
            cells = [clean_cell(c) for c in cells[:width]]
            rows.append(cells + [""] * (width - len(cells)))
            j += 1
        tables.append(rows)
        i = j
    return tables
