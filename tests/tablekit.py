"""Hand-built runs and tables for the table stage's tests: glyphs of a fixed width (the stage
cuts runs at wide gaps between glyphs, so the runs need their glyphs), and tables made from a
grid of strings."""

from __future__ import annotations

from pdfprose.model import Glyph, Line, Table, TableCell


def run(text: str, x0: float, top: float, size: float = 10.0, bold: bool = False,
        char: float = 5.0) -> Line:
    """A run whose glyphs are ``char`` points wide, spaces included."""
    glyphs = [Glyph(text=ch, x0=x0 + i * char, top=top, x1=x0 + (i + 1) * char,
                    bottom=top + size, baseline=top + 0.8 * size, size=size, font="Helvetica",
                    bold=bold, origin_x=x0 + i * char, advance=char)
              for i, ch in enumerate(text)]
    return Line(text=text, x0=x0, top=top, x1=x0 + len(text) * char, bottom=top + size,
                baseline=top + 0.8 * size, size=size, bold=bold, glyphs=glyphs)


def cell_texts(table: Table) -> list[list[str]]:
    """The table's grid as the texts of its cells ("" for an empty or spanned one)."""
    return [[" ".join(l.text for l in c.lines) if c is not None else "" for c in row]
            for row in table.grid()]


def table_of(rows: list[list[str]]) -> Table:
    """A table of 100 x 20 pt cells holding ``rows``' texts (an empty string: an empty cell)."""
    cells = [TableCell(r, c, 100.0 * c, 20.0 * r, 100.0 * (c + 1), 20.0 * (r + 1),
                       [run(text, 100.0 * c + 2, 20.0 * r + 2)] if text else [])
             for r, row in enumerate(rows) for c, text in enumerate(row)]
    return Table(cells, len(rows), len(rows[0]), 0, 0.0, 0.0, 100.0 * len(rows[0]),
                 20.0 * len(rows))
