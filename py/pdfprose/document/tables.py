"""Tables cut by a page break (issue 23): a table that ends its page and a table that starts the
next one, with as many columns, standing where its columns stand or repeating its header, are
one table. The later part is marked ``continues`` (the renderers write its rows after the first
part's), with the header rows it repeats counted in ``repeats_header`` (left out then). Nothing
is moved or removed: the pages keep their own tables.
"""

from __future__ import annotations

from ..model import PageAnalysis, Paragraph, Table
from ..text.vocabulary import CAPTION

COLUMN_SLACK_PT = 8.0
"""Two parts of one table set their columns at the same x, within 8 pt (a table without rules
has its column edges where its text leaves them, a few points apart from page to page)."""


def _texts(table: Table, row: int) -> list[str]:
    return [" ".join(line.text.strip() for line in cell.lines) for cell in table.cells
            if cell.row == row]


def _column_lefts(table: Table) -> list[float]:
    lefts: list[float] = []
    for col in range(table.n_cols):
        xs = [c.x0 for c in table.cells if c.col == col and c.colspan == 1]
        lefts.append(min(xs) if xs else float("nan"))
    return lefts


def _repeated(first: Table, second: Table) -> int:
    """How many of ``second``'s first rows repeat ``first``'s header (its header rows, or its
    first row when none was found)."""
    rows = first.header_rows or 1
    if second.n_rows <= rows:
        return 0
    for r in range(rows):
        texts = _texts(first, r)
        if not any(texts) or texts != _texts(second, r):
            return 0
    return rows


def _same_columns(first: Table, second: Table) -> bool:
    pairs = list(zip(_column_lefts(first), _column_lefts(second)))
    known = [(a, b) for a, b in pairs if a == a and b == b]
    return len(known) >= 2 and all(abs(a - b) <= COLUMN_SLACK_PT for a, b in known)


def _edge_table(paragraphs: list[Paragraph], last: bool) -> Paragraph | None:
    """The page's last (or first) paragraph of content when it is a table; furniture and, at
    the top, a caption ("Table 3 (continued)") are passed over."""
    ordered = reversed(paragraphs) if last else iter(paragraphs)
    for para in ordered:
        if para.furniture or not para.lines:
            continue
        if para.table is not None:
            return para
        if not last and para.kind == "body" and CAPTION.match(para.lines[0].text):
            continue
        return None
    return None


def mark_table_continuations(pages: list[PageAnalysis]) -> None:
    """Mark each table that goes on from a table ending the page before (see module doc)."""
    for before, after in zip(pages, pages[1:]):
        tail = _edge_table(before.paragraphs, last=True)
        head = _edge_table(after.paragraphs, last=False)
        if tail is None or head is None or tail.table is None or head.table is None:
            continue
        first, second = tail.table, head.table
        if first.n_cols != second.n_cols:
            continue
        repeated = _repeated(first, second)
        if repeated or _same_columns(first, second):
            head.continues = True
            second.repeats_header = repeated
