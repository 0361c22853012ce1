"""A table's header rows: the first rows set apart from the body by a rule, a fill or bold type
(issue 23). Page space (points, origin top left).
"""

from __future__ import annotations

from ...model import Table
from ...params import DEFAULT_PARAMS, LayoutParams
from .edges import Edge

def _parted(bounds: list[tuple[float, float]], k: int, edges: list[Edge], lo: float,
            hi: float, share: float) -> bool:
    """Whether an edge of ``edges`` runs between rows ``k - 1`` and ``k`` (``bounds``: each
    row's top and bottom)."""
    above = bounds[k - 1][1]
    below = bounds[k][0]
    reach = share * (hi - lo)
    return any(above - 1.5 <= e.pos <= below + 1.5 and min(e.end, hi) - max(e.start, lo) >= reach
               for e in edges)


def _bold_rows(table: Table) -> list[bool | None]:
    """Per row: whether every line of it is bold (None for a row without text)."""
    n = table.n_rows
    bold: list[bool | None] = [None] * n
    for c in table.cells:
        if 0 <= c.row < n:
            for line in c.lines:
                bold[c.row] = bool(line.bold) and bold[c.row] is not False
    return bold


def header_rows(table: Table, bounds: list[tuple[float, float]], horizontal: list[Edge],
                params: LayoutParams = DEFAULT_PARAMS) -> int:
    """How many of the table's first rows are its header: those above the first rule or
    shaded band's edge that parts the rows where the body's rows are not all parted so; else
    the first rows in bold over a body that is not; else 0 (none found)."""
    n = table.n_rows
    if n < 2:
        return 0
    lo, hi = table.x0, table.x1
    limit = min(params.table_max_header_rows, n - 1)
    parted = [_parted(bounds, k, horizontal, lo, hi, params.table_rule_reach) for k in range(1, n)]
    body_parted = parted[limit:]
    if not (body_parted and all(body_parted)):
        for k in range(1, limit + 1):
            if parted[k - 1]:
                return k
    bold = _bold_rows(table)
    body = [b for b in bold[1:] if b is not None]
    if bold[0] and body and not all(body):
        k = 1
        while k < limit and bold[k] and not all(b for b in bold[k + 1:] if b is not None):
            k += 1
        return k
    return 0
