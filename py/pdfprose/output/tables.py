"""Tables written out (issue 23): Markdown as a GFM pipe table, plain text as one line per row
with its cells apart by a tab (a paste into a spreadsheet fills its cells), or, when asked for
(``Options.tables == "text"``), each row as a paragraph of its own.

A table cut by a page break is written as one: its parts' rows one after another, a header
repeated at the top of a later part left out (:mod:`pdfprose.document.tables` marks it).
"""

from __future__ import annotations

import re

from ..model import Table, TableCell
from .hyphenation import join_lines
from .inline import InlineWriter

_PIPE = re.compile(r"\|")
_SPACES = re.compile(r"\s+")


def cell_text(cell: TableCell | None, vocab: set[str], inline: InlineWriter | None = None,
              ) -> str:
    """A cell's text on one line: its lines joined (SPEC §6-7: de-hyphenated, no space between
    CJK), white space collapsed; with ``inline``, its links and footnote marks marked for
    :meth:`~pdfprose.output.inline.InlineWriter.finish`."""
    if cell is None or not cell.lines:
        return ""
    if inline is not None and any(line.inline for line in cell.lines):
        text = inline.join(inline.texts(cell.lines), lambda plain: join_lines(plain, vocab))
    else:
        text = join_lines([line.text for line in cell.lines], vocab)
    return _SPACES.sub(" ", text).strip()


def table_rows(parts: list[Table], vocab: set[str], inline: InlineWriter | None = None,
               ) -> list[list[str]]:
    """The rows of a table (its parts across page breaks, in order) as cell texts, every row as
    wide as the widest part; a later part's repeated header and rows without text left out.
    ``inline``: see :func:`cell_text`."""
    width = max(t.n_cols for t in parts)
    rows: list[list[str]] = []
    for k, table in enumerate(parts):
        skip = table.repeats_header if k else 0
        for r, row in enumerate(table.grid()):
            if r < skip:
                continue
            texts = [cell_text(cell, vocab, inline) for cell in row]
            if any(texts):
                rows.append(texts + [""] * (width - len(texts)))
    return rows


def gfm_table(rows: list[list[str]], escape) -> str:  # type: ignore[no-untyped-def]
    """A GFM pipe table: the first row as the header (a table without a header row gets its
    first row as one), the delimiter row, the rest; ``escape`` makes a cell's text safe as
    Markdown inline text, and ``|`` inside a cell is escaped as ``\\|``."""
    if not rows:
        return ""

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(_PIPE.sub(r"\\|", escape(c)) for c in cells) + " |"

    out = [line(rows[0]), "|" + "|".join(" --- " for _ in rows[0]) + "|"]
    out.extend(line(row) for row in rows[1:])
    return "\n".join(out)


def tsv_table(rows: list[list[str]]) -> str:
    """One line per row, cells apart by a tab (a tab inside a cell becomes a space)."""
    return "\n".join("\t".join(c.replace("\t", " ") for c in row) for row in rows)


def row_paragraphs(rows: list[list[str]]) -> list[str]:
    """Each row as a paragraph: its non-empty cells one space apart (the table read as text)."""
    return [" ".join(c for c in row if c) for row in rows if any(row)]
