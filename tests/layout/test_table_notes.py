"""A table's notes (:mod:`pdfprose.layout.tables.notes`): the lines set under a table that start
with a note mark or label are text after it, not its last row. Hand-built runs, page space in
points, glyphs 5 pt wide."""

from __future__ import annotations

from pdfprose.layout.tables import find_tables
from pdfprose.layout.tables.notes import notes_start
from pdfprose.layout.tables.pieces import pieces_of
from pdfprose.layout.tables.rows import Row, text_rows
from pdfprose.model import Line, Shape
from tablekit import cell_texts
from tablekit import run as kit_run

SIZE = 10.0
CHAR = 5.0
XS = [72.0, 200.0, 300.0]
def run(text: str, x0: float, top: float, size: float = SIZE) -> Line:
    return kit_run(text, x0, top, size, char=CHAR)


ROWS = [["Region", "Units", "Revenue"],
        ["North", "12", "1,204.50"],
        ["South", "7", "-88.00"],
        ["West", "31", "2,001.00"]]




def table_lines(rows: list[list[str]], top: float = 100.0, pitch: float = 16.0) -> list[Line]:
    return [run(text, x, top + r * pitch) for r, row in enumerate(rows)
            for text, x in zip(row, XS) if text]


def rows_of(lines: list[Line]) -> list[Row]:
    return text_rows(pieces_of(lines))




NOTES = ["* Units sold in the year, returns not counted", "  and exchanges within a month",
         "Source: regional offices"]


def with_notes(notes: list[str]) -> list[Line]:
    below = 100.0 + len(ROWS) * 16.0
    return table_lines(ROWS) + [run(t, XS[0], below + k * 12.0, 8.0) for k, t in enumerate(notes)]


def test_marked_lines_under_the_last_row_and_their_wrapped_lines_are_notes() -> None:
    rows = rows_of(with_notes(NOTES))
    assert len(rows) == 7
    assert notes_start(rows) == 4


def test_a_marked_row_of_several_cells_is_a_row_of_the_table() -> None:
    rows = rows_of(table_lines(ROWS + [["* Total", "50", "3,117.50"]]))
    assert notes_start(rows) == 5


def test_a_marked_line_with_cells_after_it_is_no_note() -> None:
    # A mark in the first column of a row whose other cells are empty, rows of cells below it.
    rows = rows_of(table_lines(ROWS[:2] + [["† revised", "", ""]] + ROWS[2:]))
    assert notes_start(rows) == 5


def test_labels_and_marks_of_several_scripts_start_a_note() -> None:
    for lead in ("† est.", "※ 제외", "¹ 2019", "Notes: x", "주: 단위", "注：单位", "출처: 통계청"):
        rows = rows_of(table_lines(ROWS) + [run(lead, XS[0], 180.0)])
        assert notes_start(rows) == 4, lead
    rows = rows_of(table_lines(ROWS) + [run("Total over all", XS[0], 180.0)])
    assert notes_start(rows) == 5


def test_notes_inside_a_table_s_frame_are_text_after_the_table() -> None:
    lines = with_notes(NOTES)
    frame = [Shape(66.0, 94.0, 420.0, 94.0, True, 0.5), Shape(66.0, 200.0, 420.0, 200.0, True, 0.5),
             Shape(66.0, 94.0, 66.0, 200.0, True, 0.5), Shape(420.0, 94.0, 420.0, 200.0, True, 0.5),
             Shape(66.0, 114.0, 420.0, 114.0, True, 0.5)]
    found = find_tables(lines, frame, 612.0)
    assert len(found.tables) == 1
    assert cell_texts(found.tables[0]) == ROWS
    assert sorted(l.text.strip() for l in found.lines) == sorted(t.strip() for t in NOTES)


def test_a_line_under_the_last_row_across_the_column_gaps_is_a_note() -> None:
    # A wrapped cell's next line keeps within its column and stays; the note under it spans
    # the gaps between the columns (132-200 and 245-300 pt).
    lines = table_lines(ROWS) + [run("mid", XS[0], 164.0),
                                 run("Figures for the year, unaudited", XS[0], 180.0, 8.0)]
    rows = rows_of(lines)
    assert notes_start(rows, gaps=[(132.0, 200.0), (245.0, 300.0)]) == 5
    assert notes_start(rows) == 6
