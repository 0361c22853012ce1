"""Scoring predicted tables against the truth of a generated document (issue 23).

- Cell texts are compared after :func:`normalize_cell` (Unicode NFKC, white space collapsed, no
  space between two CJK characters: a wrapped Chinese cell reads the same on one line or two).
- Tables are matched one to one within a *unit* of pages (one page, or the pages a table cut by
  a page break is printed on), greedily by the Dice overlap of their words (the words of all
  cells, as multisets); a pair is matched when it reaches :data:`MATCH_MIN`. A truth table with
  no match is missed (TEDS 0); a predicted table with no match is a false table.
- Cell precision and recall: the rows of a matched pair are aligned (a weighted longest common
  subsequence, a row pair weighing the cell texts it shares), then its columns (a column pair
  weighing the aligned rows in which its cells are equal); a predicted cell matches when its
  aligned truth cell has the same text. Only non-empty cells count (an empty cell's place is
  TEDS's business); the cells of missed and false tables count against recall and precision.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from .teds import Grid, teds

MATCH_MIN = 0.5
"""Least word-Dice overlap for a predicted table to be the truth table's: a table cut in half
still matches (2 x 0.5 / 1.5 = 0.67); a whole page read as one table (its prose words outnumber
the table's) does not."""

_WS = re.compile(r"\s+")
_CJK_SPACE = re.compile(r"(?<=[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef\uac00-\ud7af]) "
                        r"(?=[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef\uac00-\ud7af])")
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))


def normalize_cell(text: str | None) -> str:
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).translate(_INVISIBLE)
    text = _WS.sub(" ", text).strip()
    return _CJK_SPACE.sub("", text)


def normalize_grid(grid: list[list[str | None]]) -> Grid:
    """Every cell normalized, ``None`` (a slot a spanning cell covers) as empty, rows padded to
    the widest row (a grid, as TEDS compares it)."""
    width = max((len(r) for r in grid), default=0)
    return [[normalize_cell(c) for c in row] + [""] * (width - len(row)) for row in grid]


def _words(grid: Grid) -> Counter:
    out: Counter = Counter()
    for row in grid:
        for cell in row:
            out.update(cell.split())
    return out


def dice(a: Grid, b: Grid) -> float:
    wa, wb = _words(a), _words(b)
    total = sum(wa.values()) + sum(wb.values())
    return 2 * sum((wa & wb).values()) / total if total else 0.0


def match_tables(predicted: list[Grid], truth: list[Grid]) -> list[tuple[int, int, float]]:
    """One-to-one pairs ``(predicted index, truth index, dice)``, best overlap first."""
    pairs = sorted(((dice(p, t), i, j) for i, p in enumerate(predicted)
                    for j, t in enumerate(truth)), reverse=True)
    used_p: set[int] = set()
    used_t: set[int] = set()
    out = []
    for d, i, j in pairs:
        if d < MATCH_MIN or i in used_p or j in used_t:
            continue
        used_p.add(i)
        used_t.add(j)
        out.append((i, j, d))
    return out


def _lcs(n: int, m: int, weight) -> list[tuple[int, int]]:
    """The index pairs of a longest common subsequence weighted by ``weight(i, j)`` (pairs of
    weight 0 are never taken)."""
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            w = weight(i, j)
            best = max(score[i + 1][j], score[i][j + 1])
            if w > 0:
                best = max(best, w + score[i + 1][j + 1])
            score[i][j] = best
    out = []
    i = j = 0
    while i < n and j < m:
        w = weight(i, j)
        if w > 0 and abs(score[i][j] - (w + score[i + 1][j + 1])) < 1e-9:
            out.append((i, j))
            i += 1
            j += 1
        elif score[i + 1][j] >= score[i][j + 1]:
            i += 1
        else:
            j += 1
    return out


def align(predicted: Grid, truth: Grid) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Aligned (predicted, truth) row pairs and column pairs."""
    prow = [Counter(c for c in row if c) for row in predicted]
    trow = [Counter(c for c in row if c) for row in truth]
    rows = _lcs(len(predicted), len(truth),
                lambda i, j: sum((prow[i] & trow[j]).values()))
    pcols = max((len(r) for r in predicted), default=0)
    tcols = max((len(r) for r in truth), default=0)

    def column_weight(a: int, b: int) -> int:
        return sum(1 for i, j in rows
                   if a < len(predicted[i]) and b < len(truth[j])
                   and predicted[i][a] and predicted[i][a] == truth[j][b])

    cols = _lcs(pcols, tcols, column_weight)
    return rows, cols


def cell_matches(predicted: Grid, truth: Grid) -> int:
    """Non-empty predicted cells with the same text as their aligned truth cell."""
    rows, cols = align(predicted, truth)
    return sum(1 for i, j in rows for a, b in cols
               if a < len(predicted[i]) and b < len(truth[j])
               and predicted[i][a] and predicted[i][a] == truth[j][b])


def filled(grid: Grid) -> int:
    return sum(1 for row in grid for c in row if c)


@dataclass(slots=True)
class TableScore:
    """One truth table's scores for one tool (``matched`` False: missed, all zero)."""

    truth_id: str
    matched: bool
    teds: float = 0.0
    teds_struct: float = 0.0
    cells_matched: int = 0
    truth_cells: int = 0
    shape: tuple[int, int] = (0, 0)  # the matched prediction's rows x columns
    truth_shape: tuple[int, int] = (0, 0)
    split: int = 0  # other predicted tables that share at least a fifth of its words


@dataclass(slots=True)
class UnitScore:
    """Scores of one tool on one unit of pages: each truth table's, and the predicted tables
    nothing matched (``false_tables``, with ``false_cells`` non-empty cells)."""

    tables: list[TableScore] = field(default_factory=list)
    predicted_tables: int = 0
    predicted_cells: int = 0
    false_tables: int = 0


def score_unit(predicted: list[Grid], truth: list[tuple[str, Grid]]) -> UnitScore:
    """Score the tables a tool found on a unit of pages against the unit's truth tables
    ``(id, grid)``; every grid already normalized."""
    out = UnitScore(predicted_tables=len(predicted),
                    predicted_cells=sum(filled(p) for p in predicted))
    pairs = match_tables(predicted, [g for _, g in truth])
    by_truth = {j: i for i, j, _ in pairs}
    for j, (tid, grid) in enumerate(truth):
        score = TableScore(tid, j in by_truth, truth_cells=filled(grid),
                           truth_shape=(len(grid), len(grid[0]) if grid else 0))
        score.split = sum(1 for k, p in enumerate(predicted)
                          if k != by_truth.get(j) and dice(p, grid) >= 0.2)
        if j in by_truth:
            p = predicted[by_truth[j]]
            score.teds = teds(p, grid)
            score.teds_struct = teds(p, grid, structure_only=True)
            score.cells_matched = cell_matches(p, grid)
            score.shape = (len(p), max((len(r) for r in p), default=0))
        out.tables.append(score)
    out.false_tables = len(predicted) - len(pairs)
    return out
