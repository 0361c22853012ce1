"""Reading order on hand-built text runs, no PDF at all (in the manner of pdfminer.six's
tests/test_layout.py). Boxes are in page space: points, origin top left."""

from __future__ import annotations

from dataclasses import replace

from pdfprose.model import Glyph, Line
from pdfprose.layout.xycut import reading_order

SIZE = 10.0
PITCH = 12.0


def run(text: str, x0: float, top: float, x1: float, size: float = SIZE) -> Line:
    return Line(text=text, x0=x0, top=top, x1=x1, bottom=top + size, baseline=top + 0.8 * size,
                size=size)


def column(tag: str, x0: float, x1: float, top: float, count: int) -> list[Line]:
    return [run(f"{tag}{i}", x0, top + i * PITCH, x1) for i in range(count)]


def texts(lines: list[Line]) -> list[str]:
    blocks, _ = reading_order(lines)
    return [l.text for b in blocks for l in b.lines]


def test_two_columns_read_left_then_right_even_when_drawn_row_by_row() -> None:
    left = column("L", 50, 280, 100, 6)
    right = column("R", 310, 540, 100, 6)
    interleaved = [l for pair in zip(left, right) for l in pair]
    blocks, columns = reading_order(interleaved)
    assert columns == 2
    assert texts(interleaved) == [f"L{i}" for i in range(6)] + [f"R{i}" for i in range(6)]
    assert [b.column for b in blocks] == [0, 1]


def test_full_width_title_then_two_columns_then_full_width_footer() -> None:
    title = [run("Title", 50, 60, 540, size=18)]
    body = column("L", 50, 280, 100, 5) + column("R", 310, 540, 100, 5)
    footer = [run("Footer text across", 50, 300, 540)]
    order = texts(footer + body + title)
    assert order == ["Title"] + [f"L{i}" for i in range(5)] + [f"R{i}" for i in range(5)] + [
        "Footer text across"
    ]


def test_three_columns() -> None:
    lines = column("A", 50, 200, 100, 4) + column("B", 220, 370, 100, 4) + column("C", 390, 540, 100, 4)
    blocks, columns = reading_order(lines[::-1])
    assert columns == 3
    assert texts(lines[::-1]) == [l.text for l in lines]


def test_short_last_line_of_left_column_does_not_break_the_gutter() -> None:
    left = column("L", 50, 280, 100, 5) + [run("end.", 50, 160, 90)]
    right = column("R", 310, 540, 100, 6)
    assert texts(right + left) == [l.text for l in left] + [l.text for l in right]


def test_two_runs_on_one_or_two_rows_are_not_columns() -> None:
    lines = [run("Name:", 50, 100, 100), run("Ada Lovelace", 320, 100, 400),
             run("Date:", 50, 112, 100), run("1843", 320, 112, 350)]
    blocks, columns = reading_order(lines)
    assert columns == 1
    assert texts(lines) == ["Name:", "Ada Lovelace", "Date:", "1843"]


def test_single_column_with_ragged_lines_is_one_column() -> None:
    lines = [run("long line of text", 50, 100 + i * PITCH, 540 - (i % 3) * 60) for i in range(8)]
    blocks, columns = reading_order(lines)
    assert columns == 1
    assert len(blocks) == 1


def test_narrow_diagram_labels_do_not_count_as_text_columns() -> None:
    # A two-column page whose right column holds a figure with small side-by-side labels.
    left = column("L", 50, 280, 100, 10)
    right = column("R", 310, 540, 100, 3) + [
        run(f"lab{i}{side}", x, 140 + i * 8, x + 20, size=5)
        for i in range(4)
        for side, x in (("a", 320), ("b", 380), ("c", 440))
    ]
    _, columns = reading_order(left + right)
    assert columns == 2


def test_a_sidebar_beside_one_text_column_is_an_aside_not_a_second_column() -> None:
    # sci_reports p1: a narrow sidebar (under 10 em) beside the article's one text column.
    # The page has one column, and the preview must colour one: the sidebar is an aside (-1).
    sidebar = [run(f"S{i}", 30, 155 + i * 17, 120) for i in range(8)]  # its own baseline grid
    body = column("B", 145, 550, 150, 20)
    blocks, columns = reading_order(body + sidebar)
    assert columns == 1
    assert [(b.lines[0].text, b.column, b.text_column) for b in blocks] == [("S0", 0, -1), ("B0", 1, 0)]


def test_a_sidebar_set_smaller_beside_two_columns_is_an_aside_not_a_third_column() -> None:
    # The sidebars layout family: a shaded box as wide as a column, its text at 90 % of the
    # body size, beside a story in two columns.
    left, right = column("L", 50, 200, 100, 20), column("R", 215, 365, 100, 20)
    sidebar = [run(f"S{i}", 385, 100 + i * 11, 535, size=9) for i in range(12)]
    blocks, columns = reading_order(left + right + sidebar)
    assert columns == 2
    assert [(b.lines[0].text, b.text_column) for b in blocks] == [("L0", 0), ("R0", 1), ("S0", -1)]


def test_a_sidebar_on_the_left_is_read_after_the_story_beside_it() -> None:
    sidebar = [run(f"S{i}", 50, 100 + i * 11, 180, size=9) for i in range(12)]
    body = column("B", 200, 540, 100, 20)
    blocks, columns = reading_order(sidebar + body)
    assert columns == 1
    assert [(b.lines[0].text, b.column, b.text_column) for b in blocks] == [
        ("B0", 1, 0), ("S0", 0, -1)]


def test_a_third_column_in_the_body_size_still_counts() -> None:
    columns_of = [column(t, x, x + 150, 100, 20) for t, x in (("A", 50), ("B", 215), ("C", 385))]
    _, columns = reading_order([l for c in columns_of for l in c])
    assert columns == 3


def test_text_columns_are_numbered_past_a_narrow_column_between_them() -> None:
    left = column("L", 50, 250, 100, 6)
    middle = [run(f"M{i}", 265, 104 + i * 17, 290) for i in range(4)]  # 2.5 em wide, off the rows
    right = column("R", 310, 540, 100, 6)
    blocks, columns = reading_order(left + middle + right)
    assert columns == 2
    assert [(b.lines[0].text, b.text_column) for b in blocks] == [("L0", 0), ("M0", -1), ("R0", 1)]


def test_a_region_of_narrow_columns_only_reads_as_one_column() -> None:
    # A table of short cells: no text column, so no asides either; the drawing shows one column.
    cells = [l for x in (50, 150, 250) for l in column(f"C{x}", x, x + 40, 100, 6)]
    blocks, columns = reading_order(cells)
    assert {b.text_column for b in blocks} == {0}


def test_empty_page_has_no_columns() -> None:
    assert reading_order([]) == ([], 0)


def test_column_that_runs_on_after_its_neighbour_ends_stays_one_column() -> None:
    # A book index: the right column ends early; below a blank line the left column goes on,
    # and one of its entries reaches into the gutter (geotopo p117, probe geo-9).
    left = column("L", 90, 226, 58, 8)
    right = column("R", 332, 485, 58, 4)
    below = [run("T0 Tangentialebene", 90, 58 + 9 * PITCH, 282)] + column("T", 90, 200, 58 + 10 * PITCH, 3)[1:]
    order = texts(right + below + left)
    assert order == [l.text for l in left + below + right]


def test_title_block_beside_a_masthead_is_cut_off_above_three_columns() -> None:
    # irs_i1040nr p1: a title at the left and the agency's name at the right above a
    # three-column body; the body's sentence runs from column 2 into column 3 (probe i1040-3).
    title = [run("Instructions for", 42, 75, 226, size=28), run("Form 1040NR", 42, 103, 218, size=28),
             run("Nonresident Alien Income Tax Return", 42, 135, 310, size=14)]
    masthead = [run("Department of the Treasury", 445, 75, 567), run("Internal Revenue Service", 445, 87, 564)]
    body = column("A", 42, 210, 165, 6) + column("B", 222, 389, 165, 6) + column("C", 402, 570, 165, 6)
    blocks, columns = reading_order(body + masthead + title)
    order = [l.text for b in blocks for l in b.lines]
    assert columns == 3
    assert order.index("B5") + 1 == order.index("C0")


def test_a_headline_over_three_of_four_columns_leaves_four_columns() -> None:
    # A newspaper's story in tiers: its headline spans the first three columns, the fourth
    # runs on beside it from the top. The page is cut at the fourth column's gutter first and
    # the three columns under the headline inside the first part: four columns side by side.
    headline = [run("Headline over three columns", 40, 60, 560, size=20)]
    body = (column("A", 40, 210, 100, 8) + column("B", 222, 392, 100, 8)
            + column("C", 404, 574, 100, 8) + column("D", 586, 756, 60, 12))
    blocks, columns = reading_order(body + headline)
    order = [l.text for b in blocks for l in b.lines]
    assert columns == 4
    assert order[0] == "Headline over three columns"
    assert order.index("A7") + 1 == order.index("B0") and order.index("C7") + 1 == order.index("D0")


def test_tiers_are_read_band_by_band_when_the_lower_headline_fits_in_one_column() -> None:
    # The tiers-2 and tiers-3 layout families: two stories in three columns each, one above
    # the other; the lower story's headline (2 x the body size) is no wider than its first
    # column, so no line crosses the gutters, and only the empty band over every column and
    # the headline under it tell the tiers apart.
    upper = [l for t, x in (("A", 40), ("B", 222), ("C", 404))
             for l in column(t, x, x + 170, 100, 10)]
    headline = [run("Lower story", 40, 240, 200, size=20)]
    lower = [l for t, x in (("D", 40), ("E", 222), ("F", 404))
             for l in column(t, x, x + 170, 270, 10)]
    order = texts(lower + headline + upper)
    assert order[:30] == [l.text for l in upper]
    assert order[30] == "Lower story"
    assert order[31:] == [l.text for l in lower]


def test_a_lower_tiers_first_row_that_leaves_the_upper_gutter_free_opens_that_tier() -> None:
    # tiers-3 (seeds 2026-1, 2026-12) and tiers-2 (2026-16): the upper story in two columns,
    # the lower in three under a headline no wider than the upper's first column. The lower
    # story's first row (its middle column holds only a paragraph's last word) leaves the
    # upper gutter free too, so the upper columns' run took the headline and that row in:
    # they came between the upper columns, the row read across as one line, and the
    # hyphenated word at the foot of the lower middle column ("tempo-" / "rary") was lost.
    upper = column("A", 40, 290, 100, 10) + column("B", 305, 555, 100, 10)
    headline = [run("Lower story", 40, 240, 250, size=20)]
    first = [run("Dtop", 40, 270, 200), run("Etop", 215, 270, 240), run("Ftop", 390, 270, 550)]
    lower = [l for t, x in (("D", 40), ("E", 215), ("F", 390))
             for l in column(t, x, x + 160, 270 + PITCH, 9)]
    blocks, columns = reading_order(lower + first + headline + upper)
    order = [l.text for b in blocks for l in b.lines]
    assert order[:20] == [l.text for l in upper]
    assert order[20] == "Lower story"
    assert order[21:] == [l.text for t in "DEF" for l in first + lower if l.text[0] == t]
    assert columns == 3


def test_a_subhead_under_a_band_across_both_columns_does_not_cut_the_columns() -> None:
    # A subhead at the body size's 1.2 x under an empty band that happens to cross both
    # columns stays inside its column: the columns are read top to bottom.
    left = column("L", 50, 280, 100, 6) + [run("Subhead", 50, 100 + 8 * PITCH, 200, size=12)] \
        + column("M", 50, 280, 100 + 10 * PITCH, 6)
    right = column("R", 310, 540, 100, 6) + column("S", 310, 540, 100 + 8 * PITCH, 8)
    order = texts(left + right)
    assert order == [l.text for l in left + right]


def _story_around_a_quote(quote: list[Line]) -> tuple[list[Line], list[Line]]:
    left = column("L", 50, 280, 100, 8) + column("M", 50, 280, 100 + 12 * PITCH, 8)
    right = column("R", 310, 540, 100, 8) + column("S", 310, 540, 100 + 12 * PITCH, 8)
    left[-1] = run("end.", 50, left[-1].top, 120)
    return left, right


def test_a_pull_quote_across_both_columns_is_lifted_and_the_columns_read_through() -> None:
    # The pull-quotes layout family: a quote in 1.5 x the body size across the gutter, the
    # columns running on under it; read each column whole, the quote where a column's text
    # ends a sentence.
    quote = [run("Nobody reads a page across its columns,", 60, 100 + 9 * PITCH, 530, size=15),
             run("not even around a quote.", 60, 100 + 9 * PITCH + 18, 400, size=15)]
    left, right = _story_around_a_quote(quote)
    order = texts(right + quote + left)
    assert order == [l.text for l in left] + [l.text for l in quote] + [l.text for l in right]


def test_a_pull_quote_is_read_after_the_paragraph_it_interrupted_not_the_column() -> None:
    # The left column runs on into the right one (no sentence ends at its foot); its
    # paragraph under the quote ends short of the column's edge a few lines further down:
    # the quote is read there (the pull-quotes family read it 8 paragraphs late).
    quote = [run("Nobody reads a page across its columns,", 60, 100 + 9 * PITCH, 530, size=15),
             run("not even around a quote.", 60, 100 + 9 * PITCH + 18, 400, size=15)]
    left, right = _story_around_a_quote(quote)
    left[-1] = run("L-last", 50, left[-1].top, 280)
    left[10] = run("short end.", 50, left[10].top, 150)
    order = texts(right + quote + left)
    names = [l.text for l in left]
    assert order == names[:11] + [l.text for l in quote] + names[11:] + [l.text for l in right]


def test_a_pull_quote_across_two_of_three_columns_is_lifted_beside_the_first() -> None:
    # The pull-quotes family: the quote crosses the second gutter only; the first column's
    # lines stand beside it, in rows of their own between the quote's (its leading is larger),
    # and a paragraph's gap in it lines up with the space under the quote: an empty band
    # across the page, which must not cut the page into an upper and a lower band.
    first = column("A", 50, 200, 100, 14) + column("F", 50, 200, 100 + 16 * PITCH, 8)
    second = column("B", 220, 370, 100, 8) + column("C", 220, 370, 100 + 16 * PITCH, 8)
    third = column("D", 390, 540, 100, 8) + column("E", 390, 540, 100 + 16 * PITCH, 8)
    second[-1] = run("end.", 220, second[-1].top, 260)
    quote = [run(text, 230, 100 + 9 * PITCH + k * 20, 530, size=17) for k, text in
             enumerate(["Nobody reads a page across", "its columns, not even around",
                        "a quote."])]
    order = texts(third + quote + second + first)
    assert order == [l.text for l in first + second + quote + third]


def test_a_headline_across_both_columns_still_cuts_them_into_tiers() -> None:
    headline = [run("Council Agrees New Budget For Harbour", 60, 100 + 9 * PITCH, 530, size=15)]
    left, right = _story_around_a_quote(headline)
    order = texts(right + headline + left)
    assert order.index("L7") + 1 == order.index("R0")
    assert order.index("R7") + 1 == order.index(headline[0].text)


# -- the helpers behind the cut ------------------------------------------------------------


def test_covered_merges_spans_in_any_order_touching_ones_included() -> None:
    from pdfprose.layout.spans import covered

    assert covered([(30.0, 40.0), (0.0, 10.0), (5.0, 12.0), (12.0, 15.0), (35.0, 38.0)]) == [
        (0.0, 15.0), (30.0, 40.0)]
    assert covered([]) == []


def test_intersect_keeps_the_overlaps_at_least_min_width_wide_in_order() -> None:
    from pdfprose.layout.spans import intersect as _intersect

    a = [(0.0, 10.0), (20.0, 30.0), (40.0, 50.0)]
    b = [(5.0, 22.0), (29.5, 45.0)]
    assert _intersect(a, b, 1.0) == [(5.0, 10.0), (20.0, 22.0), (40.0, 45.0)]
    assert _intersect(b, a, 1.0) == _intersect(a, b, 1.0)
    assert _intersect(a, [], 1.0) == [] and _intersect([], b, 1.0) == []


def test_run_keeps_the_common_gaps_of_every_leading_part() -> None:
    from pdfprose.layout.spans import intersect as _intersect
    from pdfprose.layout.xycut import common_gaps, common_run

    lo, hi = 0.0, 100.0
    frees = [[(40.0, 60.0)], [(30.0, 55.0), (80.0, 100.0)], [(45.0, 70.0)], [(0.0, 20.0)],
             [(48.0, 52.0)]]
    end, prefixes = common_run(frees, 0, lo, hi, 2.0)
    assert end == 3  # the fourth strip has nothing inside the common gap (45, 55)
    assert prefixes == [frees[0], _intersect(frees[0], frees[1], 2.0), [(45.0, 55.0)]]
    assert common_gaps(frees[:3], lo, hi, 2.0) == prefixes[-1]
    assert common_run(frees, 3, lo, hi, 2.0) == (4, [frees[3]])  # (0, 20) touches the edge


def test_gutters_need_two_lines_on_each_side() -> None:
    from pdfprose.layout.xycut import find_gutters, make_strips

    lines = column("L", 50, 280, 100, 3) + column("R", 310, 540, 100, 3)
    assert find_gutters(make_strips(lines), [(280.0, 310.0)], 10.0) == [(280.0, 310.0)]
    one_right = column("L", 50, 280, 100, 3) + [run("R", 310, 100, 540)]
    assert find_gutters(make_strips(one_right), [(280.0, 310.0)], 10.0) == []
    assert find_gutters(make_strips(lines), [(280.0, 285.0)], 10.0) == []  # narrower than min_width


def _math_run(text: str, x0: float, top: float, font: str = "CMMI10") -> Line:
    """A run set in a mathematics font, its glyphs 5 pt apart."""
    glyphs = [Glyph(ch, x0 + 5 * i, top, x0 + 5 * i + 5, top + SIZE, top + 0.8 * SIZE, SIZE, font)
              for i, ch in enumerate(text)]
    return Line(text=text, x0=x0, top=top, x1=x0 + 5 * len(text), bottom=top + SIZE,
                baseline=top + 0.8 * SIZE, size=SIZE, glyphs=glyphs)


def test_a_table_of_contents_is_read_row_by_row_not_as_two_columns() -> None:
    # SPEC §4: the page numbers line up with their entries across the gap; it used to be cut
    # as a gutter, all the entries coming first and then all the page numbers (WHO p. 4).
    entries = ["Acknowledgements", "1.1 Objectives and scope", "1.2 Related guidelines",
               "1.3 Intended audience", "2 Background", "2.1 Epidemiology of HCV"]
    lines = []
    for i, entry in enumerate(entries):
        lines.append(run(entry, 50, 100 + i * 14, 50 + 6 * len(entry)))
        lines.append(run(str(i + 1), 520, 100 + i * 14, 530))
    blocks, columns = reading_order(lines[::-1])
    assert columns == 1
    assert len(blocks) == 1 and blocks[0].rows
    assert [l.text for l in blocks[0].lines][:4] == ["Acknowledgements", "1",
                                                    "1.1 Objectives and scope", "2"]


def test_two_columns_of_prose_on_one_baseline_grid_are_no_table() -> None:
    left = column("L", 50, 280, 100, 6)
    right = column("R", 310, 540, 100, 6)
    blocks, columns = reading_order(left + right)
    assert columns == 2 and not any(b.rows for b in blocks)


def test_line_numbers_in_the_margin_stay_apart_from_the_text() -> None:
    numbers = [run(str(i + 1), 20, 100 + i * PITCH, 30) for i in range(6)]
    text = column("T", 50, 540, 100, 6)
    blocks, _ = reading_order(text + numbers)
    assert [l.text for l in blocks[0].lines] == [str(i + 1) for i in range(6)]
    assert not any(b.rows for b in blocks)


def test_equation_numbers_stay_on_the_rows_of_their_formulas() -> None:
    lines = []
    for i in range(3):
        lines.append(_math_run("x=y+z", 200, 100 + i * 20))
        lines.append(run(f"({i + 1})", 520, 100 + i * 20, 540))
    blocks, columns = reading_order(lines[::-1])
    assert columns == 1 and not any(b.rows for b in blocks)
    assert [l.text for b in blocks for l in b.lines] == [
        "x=y+z", "(1)", "x=y+z", "(2)", "x=y+z", "(3)"]


def test_two_formulas_side_by_side_keep_their_gutter() -> None:
    # dx/dt = v,   dv/dt = F(x, v): numerators, main rows and denominators line up on three
    # rows, but they are pieces of two formulas, each read whole (math-ph0501061 eq. 1).
    left = [_math_run("dx", 200, 100), _math_run("=v,", 215, 107), _math_run("dt", 200, 114)]
    right = [_math_run("dv", 330, 100), _math_run("=F(x,v),", 345, 107),
             _math_run("dt", 330, 114)]
    blocks, _ = reading_order(left + right)
    assert [[l.text for l in b.lines] for b in blocks] == [["dx", "=v,", "dt"],
                                                          ["dv", "=F(x,v),", "dt"]]


def _invoice_head() -> list[Line]:
    # An invoice's head (the invoices layout family): the seller's name and address at the
    # left; at the right the title, the copy's name flush right, and two labels beside their
    # values on the rows under it; below a blank band, the client's block under the seller's.
    left = [run("Seller", 50, 52, 150, 12.6)] + column("A", 50, 180, 70, 3)
    right = [run("INVOICE", 470, 48, 545, 18.0), run("ORIGINAL", 500, 73, 545),
             run("Invoice No.", 425, 88, 470), run("2026-0663", 502, 88, 545),
             run("Date", 425, 100, 445), run("17/06/2019", 500, 100, 545)]
    client = column("C", 50, 130, 136, 4)
    return left + right + client


def test_labels_beside_their_values_on_two_rows_are_read_row_by_row() -> None:
    order = texts(_invoice_head()[::-1])
    assert order[order.index("ORIGINAL"):order.index("ORIGINAL") + 5] == [
        "ORIGINAL", "Invoice No.", "2026-0663", "Date", "17/06/2019"]


def test_a_block_under_one_of_two_side_by_side_blocks_is_read_after_both() -> None:
    order = texts(_invoice_head())
    assert order.index("17/06/2019") < order.index("C0")
    assert order[:4] == ["Seller", "A0", "A1", "A2"]
    assert order[-4:] == ["C0", "C1", "C2", "C3"]


def test_a_two_line_margin_note_beside_a_paragraph_keeps_its_gutter() -> None:
    # Only two of the paragraph's lines have a partner across the gap: no rows.
    note = column("N", 20, 60, 100, 2)
    text = column("T", 90, 540, 100, 6)
    blocks, _ = reading_order(text + note)
    assert not any(b.rows for b in blocks)
    assert [l.text for l in blocks[0].lines] == ["N0", "N1"]


def test_a_short_sidebar_under_a_large_title_beside_one_column_is_still_an_aside() -> None:
    # The sidebars family: a box's bold title at 1.2 x its type (larger than the story's),
    # wrapped on three lines over seven lines of text at 0.9 x the story's size. The title
    # is over a fifth of the box's width; it names the box, it is no sign of the body size.
    title = [run(f"T{i}", 400, 100 + i * 14, 500, size=11.5) for i in range(3)]
    sidebar = [run(f"S{i}", 400, 142 + i * 11, 520, size=9) for i in range(7)]
    body = column("B", 50, 380, 100, 30)
    blocks, columns = reading_order(body + title + sidebar)
    assert columns == 1
    assert [(b.lines[0].text, b.text_column) for b in blocks] == [("B0", 0), ("T0", -1)]


def test_a_subhead_beside_a_figure_in_the_first_column_opens_no_tier() -> None:
    # The figures family: a figure in the first of two columns leaves that column empty from
    # line 6 to line 16; the second column's subhead (1.5 x the body size) stands under an
    # empty band across both columns at line 12. A story fills its columns in order, so the
    # first column, short before a full one, goes on under the band: no tier, and the first
    # column is read whole before the second.
    left = column("A", 50, 280, 100, 6) + column("B", 50, 280, 100 + 17 * PITCH, 6)
    right = column("R", 310, 540, 100, 11) \
        + [run("Subhead", 310, 100 + 12 * PITCH, 450, size=15)] \
        + column("S", 310, 540, 100 + 14 * PITCH, 9)
    order = texts(right + left)
    assert order == [l.text for l in left] + [l.text for l in right]
    # Columns that end together over the band still open a tier under a headline there.
    full = column("C", 50, 280, 100, 11)
    under = column("D", 50, 280, 100 + 14 * PITCH, 9)
    assert texts(right + full + under) == [l.text for l in full + right[:11] + under + right[11:]]


def test_a_sidebars_bold_title_at_the_body_size_does_not_make_it_a_column() -> None:
    # The sidebars family: a box's title in bold at its own type's 1.2 x, which lands at the
    # story's size (9.2 pt beside 9 pt), wrapped on two lines over a short box.
    title = [replace(run(f"T{i}", 400, 100 + i * 12, 510, size=10.2), bold=True) for i in range(2)]
    sidebar = [run(f"S{i}", 400, 126 + i * 10, 520, size=8.5) for i in range(6)]
    left, right = column("L", 50, 200, 100, 30), column("R", 215, 380, 100, 30)
    blocks, columns = reading_order(left + right + title + sidebar)
    assert columns == 2
    assert [(b.lines[0].text, b.text_column) for b in blocks] == [("L0", 0), ("R0", 1), ("T0", -1)]
    # Bold lines further down a column are its content, not a title (fr_eie's contents: its
    # chapters in bold at 12 pt among sections at 10 pt): such a column still counts.
    chapters = [replace(run(f"K{i}", 50, 100 + i * 14, 280, size=12), bold=True) if i % 3 == 1
                else run(f"K{i}", 50, 100 + i * 14, 280, size=10) for i in range(12)]
    pages = [run(f"P{i}", 310, 100 + i * 14, 540, size=12) for i in range(12)]
    _, columns = reading_order(chapters + pages)
    assert columns == 2


def test_a_subhead_beside_a_box_at_the_next_columns_foot_opens_no_tier() -> None:
    # The sidebars family: under an empty band across both columns, a subhead (1.5 x the body
    # size) opens the first column's last section, beside a box set smaller at the second
    # column's foot. A tier's columns are its story's: with the box the only column beside
    # the headline's, the columns are read through.
    left = column("L", 50, 280, 100, 10) + [run("Subhead", 50, 100 + 11 * PITCH, 200, size=15)] \
        + column("M", 50, 280, 100 + 13 * PITCH, 4)
    right = column("R", 310, 540, 100, 10)
    box = [run(f"B{i}", 316, 100 + 12 * PITCH + i * 10, 534, size=8.5) for i in range(6)]
    assert texts(box + right + left) == [l.text for l in left + right + box]
    # Beside a column of the story's type the headline still opens a tier.
    story = column("S", 310, 540, 100 + 13 * PITCH, 4)
    assert texts(story + right + left) == [l.text for l in left[:10] + right + left[10:] + story]


def test_loose_justified_lines_sharing_a_gap_are_no_table_rows() -> None:
    # Two loosely justified lines of a narrow column (word gaps 1.15 em, so every word is a
    # run of its own) and the paragraph's short last line share one gap by chance: three
    # strips, a narrow side of two lines on the other rows' baselines. Full-measure lines,
    # evenly spaced words ending flush at the column's edge, are prose, not a table's rows
    # (footnotes-column seed 2026-2 lost 'departamento' and 'producción' so).
    words = [[("ción", 63.8, 84.6), ("hacia", 95.9, 122.8), ("cada", 134.2, 158.3),
              ("departa-", 169.7, 212.4)],
             [("mento", 63.8, 96.1), ("según", 108.1, 138.5), ("el", 150.5, 159.4),
              ("procedi-", 171.4, 212.4)],
             [("miento.", 63.8, 102.0)]]
    lines = [run(t, x0, 100 + i * PITCH, x1) for i, row in enumerate(words) for t, x0, x1 in row]
    blocks, columns = reading_order(lines)
    assert columns == 1 and not any(b.rows for b in blocks)
    assert [l.text for b in blocks for l in b.lines] == [l.text for l in lines]
