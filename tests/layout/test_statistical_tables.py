"""The table stage's rows and verdicts on statistical tables, on hand-built text runs (no PDF):
rows of figures set solid under a padded header, labels that wrap onto their figures' line, dot
leaders that run to figures, and a grid of figures alone. Page space: points, origin top left.
"""

from __future__ import annotations

from pdfprose.layout.tables import find_tables
from pdfprose.layout.tables.decision import verdict
from pdfprose.model import Line
from tablekit import cell_texts, table_of
from tablekit import run as kit_run

SIZE = 7.0
CHAR = 3.5  # points per character of the hand-built runs


def run(text: str, x0: float, top: float) -> Line:
    return kit_run(text, x0, top, SIZE, char=CHAR)






XS = [72.0, 200.0, 260.0, 320.0]
HEADER = ["Offense", "Total", "Male", "Female"]
BODY = [["Burglary", "240.9", "205.0", "35.9"], ["Larceny", "1,080.1", "608.8", "471.3"],
        ["Arson", "9.8", "8.1", "1.7"], ["Fraud", "173.7", "98.4", "75.3"],
        ["Vagrancy", "26.6", "20.9", "5.7"]]


def _page(body: list[list[str]], pitch: float, header_gap: float) -> list[Line]:
    """A header, then ``body`` rows ``pitch`` apart, the first ``header_gap`` under it."""
    lines = [run(t, x, 100.0) for t, x in zip(HEADER, XS)]
    top = 100.0 + header_gap
    for r, row in enumerate(body):
        lines += [run(t, x, top + r * pitch) for t, x in zip(row, XS) if t]
    return lines


def test_rows_of_figures_set_solid_under_a_padded_header_are_each_a_row() -> None:
    # A statistical abstract's table: figures 6.5 pt apart at 7 pt (the text's own pitch), the
    # header 9 pt over them. The closest pitch is not a wrapped cell's: each line fills every
    # column, where a wrapped cell's next line leaves the figures' cells empty.
    found = find_tables(_page(BODY, 6.5, 9.0), [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [[HEADER] + BODY]


def test_solid_rows_with_an_empty_cell_and_signed_percentages_are_each_a_row() -> None:
    # Figures with signs, marks and parentheses have no letters; an empty cell leaves the
    # row a row (the benchmark's ``dense`` family: a cell in twenty empty).
    body = [["Burglary", "+4.5 %", "(205.0)", "35.9"], ["Larceny", "", "608.8", "-1.3 %"],
            ["Arson", "+0.8 %", "8.1", "1.7"], ["Fraud", "-12.0 %", "", "75.3"],
            ["Vagrancy", "+2.6 %", "(20.9)", "5.7"]]
    found = find_tables(_page(body, 6.5, 9.0), [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [[HEADER] + body]


def test_a_wrapped_cell_in_rows_padded_apart_is_still_one_cell() -> None:
    # Rows 12 pt apart, a label's second line 8.4 pt under its first, nothing beside it.
    lines = _page(BODY[:2], 12.0, 12.0)
    lines += [run("Motor vehicle", 72.0, 136.0), run("3.1", 200.0, 136.0),
              run("2.0", 260.0, 136.0), run("1.1", 320.0, 136.0), run("theft", 72.0, 144.4),
              run("Robbery", 72.0, 156.4), run("102.1", 200.0, 156.4), run("90.0", 260.0, 156.4),
              run("12.1", 320.0, 156.4)]
    found = find_tables(lines, [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [[HEADER] + BODY[:2] + [
        ["Motor vehicle theft", "3.1", "2.0", "1.1"], ["Robbery", "102.1", "90.0", "12.1"]]]


def test_a_label_wrapped_onto_its_figures_line_in_solid_rows_is_one_cell() -> None:
    # "Murder and nonnegligent" alone on its line, "manslaughter. . ." going on in lower case
    # with the row's figures: one row, where the rows around it start anew.
    body = BODY[:2] + [["Murder and", "", "", ""], ["manslaughter", "10.0", "9.0", "1.1"]] \
        + BODY[2:]
    found = find_tables(_page(body, 6.5, 9.0), [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [[HEADER] + BODY[:2] + [
        ["Murder and manslaughter", "10.0", "9.0", "1.1"]] + BODY[2:]]




def test_dot_leaders_running_to_figures_are_a_statistical_table_not_contents() -> None:
    rows = [[f"{label} . . . . . . . .", *figures] for label, *figures in BODY]
    assert verdict(table_of(rows), ruled=False) is None
    # Leaders running to words (a contents whose page numbers sit in the entries' cells)
    # stay contents.
    rows = [[f"{label} . . . . . . . . {p}", "Part one", "Annex"]
            for (label, *_), p in zip(BODY, range(3, 9))]
    assert verdict(table_of(rows), ruled=False) == "contents"
    # A worksheet's leaders run to its line numbers ("7.", "8."): no table either (an IRS
    # worksheet, its lines' numbers in a column of their own).
    rows = [[f"{label} . . . . . . . .", "Part I", f"{n}."]
            for (label, *_), n in zip(BODY, range(7, 13))]
    assert verdict(table_of(rows), ruled=False) == "contents"


def test_a_grid_of_figures_whose_last_column_rises_is_a_table_not_contents() -> None:
    # Counters, years or running totals rise down the last column as page numbers do; beside
    # figures they are a table's column (the tablegen ``numbers`` family's rising grids).
    rows = [[str(r), str(100 + r), str(200 + r), str(24 + r)] for r in range(1, 13)]
    assert verdict(table_of(rows), ruled=False) is None
    rows = [[f"{r * 7 % 31}.{r}", f"{1990 + r}"] for r in range(1, 9)]
    assert verdict(table_of(rows), ruled=False) is None
    # Page numbers beside titles, without leaders, stay a contents.
    rows = [[str(r), f"{label} and its sources", str(3 + 4 * r)]
            for r, (label, *_) in enumerate(BODY * 2, 1)]
    assert verdict(table_of(rows), ruled=False) == "contents"
