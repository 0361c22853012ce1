"""A table's notes: the lines set under a table that qualify it ("* 전월 이용금액 40만원 이상 시
제공", "† estimated", "Source: OECD", "주: …") belong after it as text, not as its last row.

Reports, statistics and brochures end tables so, often inside the table's frame or shading: the
rows the table stage gathers run on into them, and the grid reads them as one more row with one
filled cell. A note starts with a marker; its wrapped lines are runs of one piece, like it.
"""

from __future__ import annotations

import re

from ...params import DEFAULT_PARAMS, LayoutParams
from .pieces import piece_line
from .rows import Row

__all__ = ["NOTE_MARKER", "notes_start"]

NOTE_MARKER = re.compile(
    r"\s*(?:[*†‡※¹²³⁴⁵⁶⁷⁸⁹]"
    r"|(?:Notes?|Sources?|Nota|Notas|Quelle|Fuente|주|注|출처|资料来源|資料來源|出典|出所)\s*[:：])",
    re.IGNORECASE)
"""What a table's note starts with: a footnote mark (*, †, ‡, ※, a superscript digit) or a
label and its colon."""


def notes_start(rows: list[Row], params: LayoutParams = DEFAULT_PARAMS,
                gaps: list[tuple[float, float]] | None = None) -> int:
    """The index of the first of ``rows`` (a table's, top to bottom) that are its notes, or
    ``len(rows)``. Notes are told only after at least ``params.table_notes_min_rows`` rows,
    and every row from the first note on is one piece (the note's wrapped lines, the next
    notes). The first note is a row of one piece starting with a :data:`NOTE_MARKER` or,
    below the last row of several cells, one whose text runs across one of the table's column
    ``gaps`` (x-intervals): a cell's wrapped lines keep within its column. A row of cells
    starting with a mark ("* Total  12") is several pieces and stays in."""
    first = params.table_notes_min_rows
    for k in range(first, len(rows)):
        row = rows[k]
        if len(row.pieces) == 1 and NOTE_MARKER.match(piece_line(row.pieces[0], params).text):
            return k if all(len(r.pieces) == 1 for r in rows[k + 1:]) else len(rows)
    if not gaps:
        return len(rows)
    several = [k for k, r in enumerate(rows) if len(r.pieces) > 1]
    for k in range(max(first, several[-1] + 1 if several else first), len(rows)):
        p = rows[k].pieces[0]
        if any(p.x0 < a and p.x1 > b for a, b in gaps):
            return k
    return len(rows)
