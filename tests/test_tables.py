"""The table stage (issue 23) on hand-built text runs and shapes, no PDF at all (in the manner of
pdfminer.six's tests/test_layout.py), and its output. Boxes are in page space: points, origin
top left."""

from __future__ import annotations

from pdfprose import Options
from pdfprose.layout.lines import build_lines
from pdfprose.layout.tables import find_tables
from pdfprose.layout.tables.decision import sparse, verdict
from pdfprose.layout.tables.pieces import pieces_of
from pdfprose.layout.tables.rows import Row, text_rows
from pdfprose.layout.tables.unruled import scattered
from pdfprose.model import Glyph, Line, PageAnalysis, Paragraph, Shape, Table
from pdfprose.output.render import render
from pdfprose.output.tables import gfm_table, tsv_table
from tablekit import cell_texts, run, table_of

SIZE = 10.0
CHAR = 5.0  # points per character of the hand-built runs




def grid_lines(rows: list[list[str]], xs: list[float], top: float = 100.0,
               pitch: float = 16.0) -> list[Line]:
    return [run(text, x, top + r * pitch) for r, row in enumerate(rows)
            for text, x in zip(row, xs) if text]




ROWS = [["Region", "Units", "Revenue"],
        ["North", "12", "1,204.50"],
        ["South", "7", "-88.00"],
        ["East", "", "310.75"],
        ["West", "31", "2,001.00"]]


def test_an_unruled_table_is_found_with_its_cells_and_empty_cells_stay_empty() -> None:
    lines = grid_lines(ROWS, [72.0, 200.0, 300.0])
    found = find_tables(lines, [], 612.0)
    assert len(found.tables) == 1
    assert cell_texts(found.tables[0]) == ROWS
    assert found.lines == []  # every run is the table's


def test_a_ruled_table_takes_its_grid_from_the_rules_and_its_header_from_bold_type() -> None:
    # Rules part every row, so none sets the header apart: its bold type does.
    lines = [run(text, x, 100.0 + r * 16.0, bold=r == 0) for r, row in enumerate(ROWS)
             for text, x in zip(row, [72.0, 200.0, 300.0]) if text]
    ys = [96.0, 114.0, 130.0, 146.0, 162.0, 178.0]
    xs = [68.0, 190.0, 290.0, 400.0]
    shapes = [Shape(xs[0], y, xs[-1], y, True, 0.5) for y in ys]
    shapes += [Shape(x, ys[0], x, ys[-1], True, 0.5) for x in xs]
    found = find_tables(lines, shapes, 612.0)
    assert len(found.tables) == 1
    table = found.tables[0]
    assert table.ruled and cell_texts(table) == ROWS
    assert table.header_rows == 1
    assert [round(c.x0) for c in table.cells[:3]] == [68, 190, 290]


def test_justified_prose_in_two_columns_is_notable_of() -> None:
    left = "word " * 7
    lines = [run(left.strip() + " ab", 72.0, 100.0 + k * 12.0) for k in range(12)]
    lines += [run(left.strip() + " cd", 320.0, 100.0 + k * 12.0) for k in range(12)]
    assert find_tables(lines, [], 612.0).tables == []


def test_a_table_of_contents_with_page_numbers_is_notable_of() -> None:
    entries = [["Introduction", "1"], ["Background", "4"], ["Methods", "9"], ["Results", "15"],
               ["Discussion", "22"]]
    lines = grid_lines(entries, [72.0, 500.0], pitch=14.0)
    assert find_tables(lines, [], 612.0).tables == []




def test_a_contents_column_holding_several_page_numbers_a_cell_is_still_contents() -> None:
    # A chapter's sections set without a gap between them make one row of the grid.
    rows = [["CONTENTS", ""], ["PREFACE", "vi"], ["1 INTRODUCTION 1.1 Scope 1.2 Audience", "1 1 2"],
            ["2 BACKGROUND 2.1 History", "4 4"], ["3 METHODS", "8"]]
    assert verdict(table_of(rows), ruled=False) == "contents"


def test_two_columns_of_words_without_rules_are_two_blocks_of_text() -> None:
    rows = [["Seller", "Buyer"], ["Test Ltd", "Media Company"], ["High Street", "Main Road"],
            ["London", "Warsaw"]]
    assert verdict(table_of(rows), ruled=False) == "columns"
    assert verdict(table_of(rows), ruled=True) is None


def test_markdown_writes_a_pipe_table_with_pipes_escaped_and_txt_tabs() -> None:
    rows = [["Name", "Value"], ["a|b", "1"], ["c", ""]]
    assert gfm_table(rows, lambda t: t) == "| Name | Value |\n| --- | --- |\n| a\\|b | 1 |\n| c |  |"
    assert tsv_table(rows) == "Name\tValue\na|b\t1\nc\t"


def _page_with(table: Table) -> PageAnalysis:
    page = PageAnalysis(number=1, width=612.0, height=792.0)
    page.paragraphs = [Paragraph(lines=table.lines(), block=0, kind="table", table=table)]
    return page


def test_the_tables_option_writes_a_table_or_its_rows_as_paragraphs() -> None:
    page = _page_with(table_of([["Item", "Qty"], ["Pens", "12"], ["Ink", "3"]]))
    assert render([page], Options(format="md")).strip() == (
        "| Item | Qty |\n| --- | --- |\n| Pens | 12 |\n| Ink | 3 |")
    assert render([page], Options(format="txt")).strip() == "Item\tQty\nPens\t12\nInk\t3"
    assert render([page], Options(format="txt", tables="text")).strip() == \
        "Item Qty\n\nPens 12\n\nInk 3"
    assert Options.from_dict({"tables": "text"}).tables == "text"


def test_a_rule_under_the_first_row_alone_sets_the_header_apart() -> None:
    lines = grid_lines(ROWS, [72.0, 200.0, 300.0])
    shapes = [Shape(68.0, y, 400.0, y, True, 0.5) for y in (96.0, 114.0, 178.0)]
    found = find_tables(lines, shapes, 612.0)
    assert len(found.tables) == 1 and found.tables[0].header_rows == 1
    assert cell_texts(found.tables[0]) == ROWS


def test_the_geometry_gives_a_table_block_its_cells_and_the_report_counts_it() -> None:
    from pdfprose.model import Block

    table = table_of([["Item", "Qty"], ["Pens", "12"], ["Ink", "3"]])
    page = _page_with(table)
    page.blocks = [Block(lines=table.lines(), order=0, region=0, column=0, columns=1,
                         x0=table.x0, top=table.top, x1=table.x1, bottom=table.bottom,
                         kind="table", table=table)]
    block = page.geometry()["blocks"][0]
    assert block["kind"] == "table"
    assert block["cells"][:2] == [[0.0, 0.0, 100.0, 20.0], [100.0, 0.0, 200.0, 20.0]]
    assert page.summary()["tables"] == 1


def test_two_blocks_of_words_side_by_side_are_read_each_as_a_whole() -> None:
    # Two addresses side by side: each is read through before the next, not line by line.
    rows = [["Seller", "Buyer"], ["Test Ltd", "Media Company Ltd"], ["12 High St", "Main Road 7"],
            ["London", "02-092 Warsaw"], ["VAT 123", "VAT 987"]]
    lines = grid_lines(rows, [72.0, 300.0])
    found = find_tables(lines, [], 612.0)
    assert found.tables == []
    assert [[l.text for l in side] for side in found.sides] == [
        [r[0] for r in rows], [r[1] for r in rows]]


def test_a_glossary_of_narrow_terms_and_wide_definitions_is_not_cut_in_two() -> None:
    rows = [["API", "an interface a program offers to the programs that use it"],
            ["CLI", "a command line through which a person types what to run"],
            ["PDF", "a file format that fixes the place of every glyph on a page"],
            ["TOC", "a list of a document's parts with the page where each starts"]]
    found = find_tables(grid_lines(rows, [72.0, 120.0]), [], 612.0)
    assert found.tables == [] and found.sides == []


def test_a_table_in_one_column_of_a_two_column_page_is_found() -> None:
    # Justified prose fills the left column at its own pitch (12 pt), so its lines fall
    # between the table's rows (16 pt); the gutter holds down the whole page.
    prose = [run("word " * 8 + "ab", x, 100.0 + k * 12.0) for k in range(24)
             for x in ((72.0, 330.0) if k < 2 or k > 10 else (72.0,))]
    table = grid_lines(ROWS, [330.0, 420.0, 480.0], top=130.0)
    found = find_tables(prose + table, [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [ROWS]
    assert len(found.lines) == len(prose)


def test_zebra_bands_and_the_unshaded_rows_around_them_are_onetable_of() -> None:
    # Rows 2 and 4 shaded: the header and the first row stand above the first band.
    lines = grid_lines(ROWS, [72.0, 200.0, 300.0])
    grey = (0.9, 0.9, 0.9)
    shapes = [Shape(68.0, 100.0 + r * 16.0 - 3.0, 400.0, 100.0 + r * 16.0 + 13.0, False, 0.0, grey)
              for r in (2, 4)]
    found = find_tables(lines, shapes, 612.0)
    assert [cell_texts(t) for t in found.tables] == [ROWS]


def test_a_numbered_code_listing_is_notable_of() -> None:
    rows = [["1", "for (var i = 2; i < 100; ++i) {"], ["2", "if (!primes[i])"],
            ["3", "continue;"], ["4", "primes[k] = false;"], ["5 }", ""]]
    assert verdict(table_of(rows), ruled=False) == "list"
    # An invoice numbers its lines too, beside more than one column: a table.
    rows = [["1", "Widget", "3"], ["2", "Bolt", "10"], ["3", "Nut", "2"]]
    assert verdict(table_of(rows), ruled=False) is None


def test_the_labels_of_a_diagram_set_closer_than_a_line_are_notable_of() -> None:
    rows = [["loop", "edge", "", ""], ["", "cold", "", "Native"], ["abort", "", "exit", ""],
            ["", "", "trace", "ready"], ["Record", "hot", "", ""], ["", "", "Enter", "Done"],
            ["LIR", "", "", ""], ["", "Trace", "", ""]]
    xs = [330.0, 390.0, 450.0, 510.0]

    def rows_of(pitch: float) -> list[Row]:
        return text_rows(pieces_of(grid_lines(rows, xs, pitch=pitch)))

    assert scattered(rows_of(5.0)) and not scattered(rows_of(12.0))
    assert sparse(table_of(rows)) and not sparse(table_of(ROWS))


def test_two_words_an_em_apart_are_two_cells_and_a_spaced_out_word_is_one() -> None:
    texts = [[p.line.text[p.start:p.end].strip() for p in pieces_of([run(t, 72.0, 100.0)])]
             for t in ("Valor  Motivo", "Valor Motivo", "项  目", "one  two  three  four")]
    assert texts == [["Valor", "Motivo"], ["Valor Motivo"], ["项  目"], ["one  two  three  four"]]


def test_two_columns_of_words_under_a_table_caption_are_atable_of() -> None:
    rows = [["Segment", "Company"], ["Resource", "Springfield Land Partners"],
            ["Account", "Springfield Demand"], ["Change", "Winchester Weight LLC"],
            ["Branch", "Jackson Water Partners"]]
    lines = grid_lines(rows, [330.0, 400.0])
    assert find_tables(lines, [], 612.0).tables == []  # two blocks of words side by side
    caption = run("Table 3 Segments and companies", 330.0, 84.0)
    found = find_tables(lines + [caption], [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [rows]


def test_a_shaded_header_takes_the_rows_of_sentences_under_it() -> None:
    sentence = "word " * 8 + "end."
    lines = [run("Customer", 65.0, 100.0), run("Comment", 172.0, 100.0)]
    for k, name in enumerate(["Franklin", "Jackson", "Manchester", "Marion"]):
        top = 120.0 + k * 24.0
        lines += [run(name, 65.0, top), run(sentence, 172.0, top),
                  run(sentence[:20], 172.0, top + 10.0)]
    header = Shape(60.0, 97.0, 400.0, 113.0, False, 0.0, (0.3, 0.4, 0.6))
    assert find_tables(lines, [], 612.0).tables == []  # a column of sentences: prose
    found = find_tables(lines, [header], 612.0)
    assert len(found.tables) == 1
    assert [row[0] for row in cell_texts(found.tables[0])] == [
        "Customer", "Franklin", "Jackson", "Manchester", "Marion"]


def test_a_paragraph_s_last_line_over_a_table_is_not_its_header() -> None:
    paragraph = [run("word " * 12 + "end", 72.0, 70.0), run("gone.", 72.0, 86.0)]
    found = find_tables(paragraph + grid_lines(ROWS, [72.0, 200.0, 300.0]), [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [ROWS]


def test_words_beside_their_translation_in_the_other_direction_are_read_row_by_row() -> None:
    # A bilingual form (issue 24): English on the left, its Arabic on the right, each row a
    # pair; columns written in opposite directions are no two addresses side by side.
    rows = [["test", "Arabic one"], ["14 april 1434", "Arabic two"], ["(january)", "Arabic 3"],
            ["self test", "Arabic four"], ["first day", "Arabic five"]]
    lines = grid_lines(rows, [72.0, 300.0])
    for line in lines:
        if line.x0 >= 300.0:
            line.direction = "rtl"
    found = find_tables(lines, [], 612.0)
    assert found.tables == [] and found.sides == []
    # The same columns written one way are still two blocks side by side.
    for line in lines:
        line.direction = "ltr"
    assert len(find_tables(lines, [], 612.0).sides) == 2


def test_a_heading_over_the_top_rule_of_a_table_is_no_header_row() -> None:
    # A word processor's table under its heading: rules across the table at its top, under its
    # header and at its foot, none down it; the heading stands over the top rule, in one
    # column's place. The rule bounds the table: the heading stays text, the header row and the
    # body rows are the table's (issue 24's tagged report, where the heading is tagged H3).
    heading = run("Quarter", 72.0, 70.0, size=14.0, bold=True)
    rows = [["Thing", "Stuff"], ["Thing 1", "Stuff 1"], ["Thing 2", "Stuff 2"]]
    lines = [heading] + grid_lines(rows, [72.0, 220.0], top=96.0, pitch=14.0)
    shapes = [Shape(68.0, y, 400.0, y, True, 0.5) for y in (93.0, 108.5, 140.0)]
    found = find_tables(lines, shapes, 612.0)
    assert len(found.tables) == 1
    assert cell_texts(found.tables[0]) == rows
    assert [l.text for l in found.lines] == ["Quarter"]



def test_a_cell_wrapped_over_three_lines_in_rows_set_at_its_line_pitch_is_one_cell() -> None:
    # No padding: the rows stand at the text's own pitch, so only the empty key column and the
    # words going on in lower case say the third line is still the cell's (the table
    # benchmark's ``tight`` family; a paper's table of type tags). A third line that starts
    # anew with a capital is a row of its own.
    rows = [["Tag", "Type", "Meaning"], ["001", "number", "an integer"],
            ["010", "string", "a pointer"], ["110", "boolean", "null or true"],
            ["", "null, or", ""], ["", "undefined", ""], ["111", "Object", "a handle"],
            ["", "or its", ""], ["", "Proto", ""]]
    found = find_tables(grid_lines(rows, [72.0, 160.0, 260.0], pitch=12.0), [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [
        rows[:3] + [["110", "boolean null, or undefined", "null or true"],
                    ["111", "Object or its", "a handle"], ["", "Proto", ""]]]


def _panel_page(rules: list[Shape]) -> tuple[list[Line], list[Shape]]:
    """A shaded box holding a heading, two lines of prose, a caption and a table."""
    text = [run("Key figures", 72.0, 90.0, bold=True),
            run("The survey counted the units sold in each region over the year and", 72.0, 104.0),
            run("found the south behind the others.", 72.0, 116.0),
            run("Table 2 Units by region", 72.0, 132.0)]
    box = Shape(60.0, 80.0, 420.0, 200.0, False, 0.0, (0.99, 0.92, 0.9))
    return text + grid_lines(ROWS, [72.0, 200.0, 300.0], top=148.0, pitch=10.0), [box] + rules


def test_a_table_in_a_shaded_box_with_the_prose_that_introduces_it_leaves_the_prose_out() -> None:
    # The table benchmark's ``panel`` family: the box is no table's frame, the text above the
    # table's first row of cells is read as text. With rules between the rows only, and with
    # a ruled grid of its own inside the box.
    ys = [146.0, 156.5, 166.5, 176.5, 186.5, 196.0]
    between = [Shape(68.0, y, 400.0, y, True, 0.5) for y in ys]
    grid = between + [Shape(x, ys[0], x, ys[-1], True, 0.5) for x in (68.0, 190.0, 290.0, 400.0)]
    for rules in (between, grid):
        lines, shapes = _panel_page(rules)
        found = find_tables(lines, shapes, 612.0)
        assert [cell_texts(t) for t in found.tables] == [ROWS]
        assert [l.text for l in found.lines] == [l.text for l in lines[:4]]


def placed(text: str, x0: float, x1: float, top: float, size: float) -> Line:
    """A run of ``text`` from ``x0`` to ``x1``, its glyphs of one width."""
    step = (x1 - x0) / len(text)
    glyphs = [Glyph(text=ch, x0=x0 + i * step, top=top, x1=x0 + (i + 1) * step,
                    bottom=top + size, baseline=top + 0.8 * size, size=size, font="Helvetica",
                    origin_x=x0 + i * step, advance=step) for i, ch in enumerate(text)]
    return Line(text=text, x0=x0, top=top, x1=x1, bottom=top + size, baseline=top + 0.8 * size,
                size=size, glyphs=glyphs)


SLIDE = [("Science in county application", 45, 359, 33, 24.3),
         ("–", 45, 54, 104, 15.8), ("The province among every critical article", 70, 352, 104, 15.8),
         ("–", 371, 380, 104, 15.8), ("The inspection by 57", 396, 542, 104, 15.8),
         ("•", 69, 74, 132, 13.4), ("However, the social inspection enables the", 91, 344, 132, 13.4),
         ("–", 371, 380, 133, 15.8), ("In particular, each various period", 396, 625, 133, 15.8),
         ("social coast across each previous", 91, 291, 149, 13.4),
         ("generally establishes the temporary", 396, 645, 153, 15.8),
         ("municipality and reduces this formal", 91, 303, 165, 13.4),
         ("implementation on 12 October 2005.", 396, 651, 172, 15.8),
         ("interpretation.", 91, 172, 182, 13.4),
         ("–", 371, 380, 201, 15.8), ("A social organisation on 9", 396, 577, 201, 15.8),
         ("–", 45, 54, 205, 15.8), ("This rural position of", 70, 212, 205, 15.8),
         ("–", 371, 380, 228, 15.8), ("An environmental shipment steadily", 396, 645, 228, 15.8),
         ("–", 45, 54, 231, 15.8), ("Every territory between", 70, 232, 231, 15.8),
         ("affects each considerable visitor during", 396, 669, 247, 15.8),
         ("–", 45, 54, 259, 15.8), ("The independent authority on 19 May", 70, 331, 259, 15.8),
         ("the new official implementation on this", 396, 663, 267, 15.8),
         ("payment.", 396, 461, 287, 15.8),
         ("–", 45, 54, 288, 15.8), ("Each sufficient river simplifies each", 70, 315, 288, 15.8),
         ("vehicle into the new authority among the", 70, 352, 307, 15.8),
         ("–", 371, 380, 315, 15.8), ("Each sufficient research into each", 396, 633, 315, 15.8),
         ("resource.", 70, 136, 327, 15.8), ("competent interpretation", 396, 566, 334, 15.8),
         ("Certificate generation evidence hospital", 45, 189, 383, 8.2), ("1", 670, 675, 383, 8.2)]
"""A 16:9 slide (720 x 405 pt) with two lists side by side at 15.8 pt, as the layout
benchmark's ``slides-bullets`` family draws it: each marker a run of its own, set 1 em before
its item's words; a second-level bullet under the first list's words; the gutter 19 pt."""


def test_two_lists_side_by_side_on_a_slide_are_notable_of() -> None:
    # The second list's markers stand in a column of their own between the gutter and its
    # words: that gap is the items' hanging indent, not a column of a table.
    lines = [placed(*piece) for piece in SLIDE]
    found = find_tables(lines, [], 720.0)
    assert found.tables == [] and found.sides == []
    assert len(found.lines) == len(lines)


def test_a_column_of_marks_set_apart_from_the_words_after_it_stays_atable_of() -> None:
    # A feature matrix: its marks stand a column's width from the notes, not an item's
    # hanging indent.
    rows = [["Feature", "Basic", "Notes"], ["Export", "●", "Included in every plan"],
            ["Import", "●", "Only from files"], ["Sync", "○", "Paid plans only"],
            ["Share", "●", "With a link"]]
    found = find_tables(grid_lines(rows, [72.0, 200.0, 300.0]), [], 612.0)
    assert [cell_texts(t) for t in found.tables] == [rows]


def test_two_lists_of_wrapped_items_side_by_side_are_notable_of() -> None:
    # A slide's two columns of long items (slides-bullets family): the first column's wrapped
    # lines, going on in lowercase, are no rows of their own; its items carry their markers.
    rows = [["– The province among every", "–", "The inspection by 57"],
            ["• However, the social inspection", "–", "In particular, each period"],
            ["social coast across each", "", "generally establishes the"],
            ["municipality and reduces this", "", "implementation in October."],
            ["interpretation.", "–", "A social organisation"],
            ["– This rural position of", "–", "An environmental shipment"],
            ["– Every territory between", "", "affects each visitor."]]
    assert verdict(table_of(rows), ruled=False) == "list"


def _narrow_justified_columns(n: int, rows: int, width: float, gutter: float,
                              ) -> tuple[list[Line], int]:
    """The runs of ``n`` columns of justified prose ``width`` points wide in a fixed-pitch face at 9 pt
    (0.6 em a letter), on one baseline grid: long words, two or three to a line, their spaces
    stretched to fill it; a paragraph's last line every seventh, one word at a plain space. Also how many of their lines hold two words."""
    size, advance = 9.0, 5.4
    vocabulary = ["license", "liability", "committee", "security", "national", "standard",
                  "inventory", "research", "equipment", "transport", "property", "delivery",
                  "provider", "volume", "account", "storage", "initial", "network", "deposit"]
    glyphs: list[Glyph] = []
    k = two = 0
    for c in range(n):
        x0 = 72.0 + c * (width + gutter)
        for r in range(rows):
            baseline = 100.0 + r * 10.8
            words: list[str] = []
            while True:
                k += 1
                word = vocabulary[(7 * k + c) % len(vocabulary)]
                if (sum(map(len, [*words, word])) + len(words)) * advance > width:
                    break
                words.append(word)
            if r % 7 == 6:
                words = words[:1]
            two += len(words) == 2
            letters = sum(map(len, words)) * advance
            space = (width - letters) / (len(words) - 1) if len(words) > 1 else 0.0
            x = x0
            for word in words:
                for ch in word:
                    glyphs.append(Glyph(text=ch, x0=x, top=baseline - 0.8 * size, x1=x + advance,
                                        bottom=baseline + 0.2 * size, baseline=baseline,
                                        size=size, font="Courier", origin_x=x, advance=advance))
                    x += advance
                x += space
    return build_lines(glyphs)[0], two


def test_justified_prose_in_four_narrow_columns_of_two_words_a_line_is_notable_of() -> None:
    # Four columns of 20 letters a line hold two long words on most lines: lines of two words
    # filling their column are prose as surely as lines of three.
    lines, two = _narrow_justified_columns(4, 40, 110.0, 10.0)
    assert two >= 40  # of 160 lines: the page this test is about
    assert find_tables(lines, [], 612.0).tables == []


def test_a_ruled_table_whose_longest_two_word_label_repeats_is_still_atable_of() -> None:
    # The label column is a text column wide (over 10 em) and its longest label, two words at
    # the font's own space, ends on its edge in four rows of six: no justified prose.
    label = "Economiser/Rate Saver"
    rate = "Investment Home Loan Base Variable Rate {} p.a. (Comparison Rate {} p.a.)"
    rows = [["Loan Type", "Reference Rates"], [label, rate.format("5.49%", "5.63%")],
            ["No Fee", rate.format("5.25%", "5.25%")], [label, rate.format("5.12%", "5.53%")],
            [label, rate.format("4.95%", "5.01%")], [label, rate.format("5.69%", "5.81%")]]
    assert verdict(table_of(rows), ruled=True) is None


def test_numbered_formulas_with_their_numbers_in_a_column_are_notable_of() -> None:
    # math-ph0501061 p8: three displayed formulas numbered at the column's edge, the text
    # between them ("and substituting (23) into (22) we have") in the first column.
    rows = [["p̃ = e−γ̃x/m", "2mE − m2λ", "(23)"],
            ["and substituting (23) into (22) we have", "", ""],
            ["p(x, p̃(x, E)) =", "I0(λα2x/m) + I1(λα2x/m)", "(24)"],
            ["S =", "dx − Et.", "(25)"]]
    assert verdict(table_of(rows), ruled=False) == "equations"
    # A table whose last column holds amounts in parentheses (losses) stays a table, and so
    # does one drawn with rules whatever its last column holds.
    rows = [["Region", "Units", "Net"], ["North", "12", "(4)"], ["South", "7", "18"],
            ["West", "31", "(2)"]]
    assert verdict(table_of(rows), ruled=False) is None
    assert verdict(table_of([["a", "x = 1", "(1)"], ["b", "y = 2", "(2)"], ["c", "z = 3", "(3)"]]),
                   ruled=True) is None
