"""What a generated document is known to hold: its tables' cells and each page's columns.

The generators draw exactly what these records say, so a record is the ground truth of its PDF.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a table: its top-left slot (0-based ``row``, ``col``), how many rows and
    columns it spans, and its text as printed (the lines of a wrapped cell joined by one space,
    or by nothing between two CJK characters)."""

    row: int
    col: int
    text: str
    rowspan: int = 1
    colspan: int = 1


@dataclass(slots=True)
class TableTruth:
    """A table as drawn: an ``n_rows`` x ``n_cols`` grid of :class:`Cell` (a spanned slot has no
    cell of its own), the first ``header_rows`` rows being its header (0: none), the 1-based
    ``pages`` it is printed on (two for a table cut by a page break: the second part's repeated
    header is drawn but is not a row of the table) and the drawing ``style`` (rules, fills...)."""

    id: str
    n_rows: int
    n_cols: int
    cells: list[Cell]
    header_rows: int
    pages: list[int]
    style: dict = field(default_factory=dict)

    def grid(self) -> list[list[str]]:
        """The table as a GFM pipe table can hold it: a spanning cell's text in its top-left
        slot, the slots it covers empty (issue 23: "a cell spanning columns goes into its first
        column and leaves the others empty")."""
        out = [["" for _ in range(self.n_cols)] for _ in range(self.n_rows)]
        for c in self.cells:
            out[c.row][c.col] = c.text
        return out

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "TableTruth":
        data = dict(data)
        data["cells"] = [Cell(**c) for c in data["cells"]]
        return cls(**data)


@dataclass(slots=True)
class GeneratedDoc:
    """One generated PDF and its truth: the ``family`` and ``seed`` that made it, its page
    count, its tables, and for each page (1-based) its column count where it is known (the
    text's columns; a table is not a column)."""

    name: str
    family: str
    seed: int
    pdf: bytes
    n_pages: int
    tables: list[TableTruth]
    columns: dict[int, int]
    negative: bool = False

    def truth_json(self) -> dict:
        return {
            "name": self.name,
            "family": self.family,
            "seed": self.seed,
            "pages": self.n_pages,
            "negative": self.negative,
            "columns": {str(k): v for k, v in sorted(self.columns.items())},
            "tables": [t.to_json() for t in self.tables],
        }
