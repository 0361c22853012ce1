"""Paragraph cues on hand-built lines (no PDF): displayed formulas, stray symbols, words broken
at a line end, captions (SPEC §6). Boxes are in page space: points, origin top left."""

from __future__ import annotations

from dataclasses import replace

from pdfprose.document.continuation import mark_continuations
from pdfprose.layout.equations import is_display_math
from pdfprose.layout.words import glyphs_to_text
from pdfprose.model import Block, Glyph, Line, PageAnalysis, Paragraph
from pdfprose.layout.paragraphs import page_paragraphs, split_paragraphs
from pdfprose.layout.strays import absorb_strays

LEFT, RIGHT, SIZE, PITCH = 72.0, 540.0, 10.0, 12.0


def glyph_run(text: str, x: float, baseline: float, font: str = "CMR10", size: float = SIZE,
              advance: float = 5.0) -> list[Glyph]:
    out = []
    for ch in text:
        if ch != " ":
            out.append(Glyph(text=ch, x0=x, top=baseline - 0.8 * size, x1=x + advance,
                             bottom=baseline + 0.2 * size, baseline=baseline, size=size, font=font))
        x += advance
    return out


def line(text: str, row: int, x0: float = LEFT, x1: float | None = None, font: str = "CMR10",
         glyphs: list[Glyph] | None = None) -> Line:
    """A line on row ``row`` (baselines PITCH apart); its glyphs are set in ``font``."""
    baseline = 100 + row * PITCH
    if glyphs is None:
        glyphs = glyph_run(text, x0, baseline, font)
    end = x1 if x1 is not None else max(x0 + 5.0 * len(text), x0)
    return Line(text=text, x0=x0, top=baseline - 0.8 * SIZE, x1=end, bottom=baseline + 0.2 * SIZE,
                baseline=baseline, size=SIZE, glyphs=glyphs)


def block(*lines: Line) -> Block:
    return Block(lines=list(lines), order=0, region=0, column=0, columns=1,
                 x0=min(l.x0 for l in lines), top=lines[0].top, x1=max(l.x1 for l in lines),
                 bottom=lines[-1].bottom)


def test_centred_formula_in_a_math_font_is_display_math() -> None:
    formula = line("σ2 = gk + k2", 0, x0=220, font="CMMI10")
    assert is_display_math(formula, LEFT, RIGHT)


def test_numbered_formula_flush_right_is_display_math_even_at_the_left_edge() -> None:
    glyphs = glyph_run("x = y", LEFT, 100, "CMMI10") + glyph_run("(4)", RIGHT - 15, 100)
    formula = line("x = y (4)", 0, x1=RIGHT, glyphs=glyphs)
    assert is_display_math(formula, LEFT, RIGHT)


def test_short_last_line_of_prose_and_a_table_row_are_not_formulas() -> None:
    assert not is_display_math(line("given by", 0), LEFT, RIGHT)
    assert not is_display_math(line("where R is the radius of the shell", 0, x0=110), LEFT, RIGHT)
    assert not is_display_math(line("0.15 0.05 0.01 0.25", 0, x0=200), LEFT, RIGHT)


def test_prose_formula_prose_makes_three_paragraphs_with_the_formula_apart() -> None:
    b = block(
        line("The deceleration of the leading shell by the ram pressure is", 0, x1=RIGHT),
        line("given by", 1),
        line("g = πR2ρ0v2/MF", 2, x0=240, font="CMMI10"),
        line("where R is the nebular radius, and MF is the mass being decel-", 3, x1=RIGHT),
        line("erated by the medium around it.", 4),
    )
    paragraphs = split_paragraphs(b)
    assert [p.kind for p in paragraphs] == ["body", "equation", "body"]
    assert paragraphs[2].lines[0].text.startswith("where R is")


def test_line_ending_in_a_hyphen_goes_on_into_a_capitalised_line() -> None:
    # "Hamilton-" / "Jacobi": a paragraph never ends in a hyphen, whatever the gap.
    b = block(line("2 Parameter transformations and the Hamilton-", 0, x1=RIGHT),
              line("Jacobi equation", 2, x0=100))
    assert len(split_paragraphs(b)) == 1


def test_a_smaller_footnote_under_a_word_broken_at_the_column_foot_is_its_own_paragraph() -> None:
    # A column's last line breaks a word ("re-"), its rest at the top of the next column; the
    # author's note set smaller under the column two lines down is no part of that word.
    body = line("como Costa Rica en una posición más vulnerable en re-", 0, x1=RIGHT)
    note = line("Paulo Manso, meteorólogo, es director general del Instituto", 2, x1=RIGHT)
    note.size = 0.73 * SIZE
    paragraphs = split_paragraphs(block(body, note))
    assert [[l.text for l in p.lines] for p in paragraphs] == [[body.text], [note.text]]
    # In the body's own size the broken word goes on, as before.
    same = line("lación con los países desarrollados.", 2, x1=RIGHT)
    assert len(split_paragraphs(block(body, same))) == 1


def test_a_bold_title_under_a_word_broken_at_the_column_foot_is_its_own_paragraph() -> None:
    # The sidebars family: a column's last line breaks a word ("simpli-"), its rest at the
    # top of the next column; a box at the column's foot opens with its title in bold, a
    # little larger than the body. The title is no part of the broken word.
    body = line("la declaración facilita esta fundación hasta un requisito y simpli-", 0, x1=RIGHT)
    title = line("Infraestructura de proyecto", 2, x0=LEFT + 6,
                 glyphs=[replace(g, bold=True) for g in glyph_run("Infraestructura de proyecto",
                                                                  LEFT + 6, 100 + 2 * PITCH)])
    title.size = 1.03 * SIZE
    paragraphs = split_paragraphs(block(body, title))
    assert [[l.text for l in p.lines] for p in paragraphs] == [[body.text], [title.text]]
    # A bold line under a bold line ending in a broken word is that word's rest (a heading).
    head = line("Parameter transformations and the Hamilton-", 0, x1=RIGHT,
                glyphs=[replace(g, bold=True) for g in glyph_run(
                    "Parameter transformations and the Hamilton-", LEFT, 100)])
    assert len(split_paragraphs(block(head, title))) == 1


def test_caption_line_starting_like_a_list_item_stays_in_the_caption() -> None:
    b = block(line("Figure 1. Total luminosity for (a) 3.6 gm/s, (b) 4.5 gm/s,", 0, x1=RIGHT),
              line("(c) 4.5 gm/s and (d) 4.5 gm/s respectively.", 1))
    assert len(split_paragraphs(b)) == 1


def test_stray_radical_sign_is_put_back_into_its_line() -> None:
    # "C = (mbFb/√2)": the radical sign is drawn on a baseline of its own, 3 pt higher.
    host_glyphs = glyph_run("C = (mbFb/", LEFT, 112) + glyph_run("2);", LEFT + 60, 112)
    host = line("C = (mbFb/ 2); then the contribution", 1, glyphs=host_glyphs, x1=RIGHT)
    stray = line("√", 0, x0=LEFT + 51, x1=LEFT + 59.5,
                 glyphs=glyph_run("√", LEFT + 51, 109, "CMSY10", advance=8.5))
    stray.top, stray.bottom = 101.0, 111.0
    above = line("of the constant term, the ground state energy is shifted", 0, x1=RIGHT)
    lines = absorb_strays([above, stray, host])
    assert [l.text for l in lines] == ["of the constant term, the ground state energy is shifted",
                                       "C = (mbFb/√2); then the contribution"]


def test_stray_symbol_is_not_pushed_into_the_middle_of_a_word() -> None:
    word_line = line("the minimum of the effective potential", 0, x1=RIGHT)
    stray = line("√", 0, x0=LEFT + 101, glyphs=glyph_run("√", LEFT + 101, 104, "CMSY10"))
    assert [l.text for l in absorb_strays([word_line, stray])] == [word_line.text, "√"]


def test_short_blocks_take_the_pages_line_pitch() -> None:
    # A double-spaced manuscript (23 pt pitch at 12 pt, 1.9 em): a block of two lines cut off by
    # a formula cannot show its pitch, and the page's says the two lines are one paragraph.
    def ds(text: str, row: int) -> Line:
        l = line(text, 0, x1=RIGHT)
        for attr in ("top", "bottom", "baseline"):
            setattr(l, attr, getattr(l, attr) + row * 23.0)
        l.size = 12.0
        return l
    long_block = block(*(ds(f"line {i} of a double spaced manuscript page, set full width", i)
                         for i in range(4)))
    short = block(ds("which is usually known as the characteristic function. If we", 5),
                  ds("know how the momentum transforms under the map, then", 6))
    short.order = 1
    paragraphs = page_paragraphs([long_block, short])
    assert len([p for p in paragraphs if p.block == 1]) == 1


def _page(number: int, *paras: Paragraph) -> PageAnalysis:
    return PageAnalysis(number=number, width=600, height=800, paragraphs=list(paras))


def test_paragraph_cut_after_a_comma_goes_on_on_the_next_page_even_capitalised() -> None:
    end = Paragraph(lines=[line("(1995) for Wolf-Rayet ring nebulae, and Jones, Hyesung &", 50, x1=RIGHT)],
                    block=0)
    start = Paragraph(lines=[line("Tregillis 1994 for dense gas clouds.", 0)], block=0)
    fresh = Paragraph(lines=[line("The next paragraph starts here.", 3)], block=0)
    done = Paragraph(lines=[line("A finished sentence.", 50)], block=0)
    pages = [_page(1, end), _page(2, start), _page(3, done), _page(4, fresh)]
    mark_continuations(pages)
    assert start.continues and not fresh.continues


def test_no_space_between_a_subscript_and_the_next_letter() -> None:
    # k_F a in TeX: 1.18 pt after the 6 pt subscript on 9 pt text (cond-mat0501080).
    k = glyph_run("k", 0, 100, "CMMI9", size=8.97, advance=4.8)
    f = glyph_run("F", 4.8, 101.06, "CMMI6", size=5.98, advance=3.59)
    a = glyph_run("a", 4.8 + 3.59 + 1.18, 100, "CMMI9", size=8.97, advance=4.88)
    arrow = glyph_run("→", 4.8 + 3.59 + 1.18 + 4.88 + 3.8, 100, "CMSY9", size=8.97, advance=9.2)
    assert glyphs_to_text(k + f + a + arrow) == "kFa →"
    # ...while a word after a footnote mark keeps its space (a third of an em).
    word = glyph_run("word", 0, 100, advance=5.0)
    mark = glyph_run("1", 20.0, 96.5, size=7.0, advance=3.5)
    nxt = glyph_run("next", 23.5 + 3.3, 100, advance=5.0)
    assert glyphs_to_text(word + mark + nxt) == "word1 next"


def test_equation_number_at_a_line_start_after_eq_does_not_start_an_item() -> None:
    b = block(line("where q is a proportionality coefficient. Then, writing eq.", 0, x1=RIGHT),
              line("(2) in differential form we obtain:", 1))
    assert len(split_paragraphs(b)) == 1


def test_number_after_prose_cut_mid_sentence_does_not_start_an_item() -> None:
    # A citation "(30)" wrapped to the next line: the line before runs to the edge, unfinished.
    b = block(line("procedures such as renal dialysis, surgery, dental care and unsafe injections", 0,
                   x1=RIGHT),
              line("(30) and a reduction in unnecessary health care injections.", 1))
    assert len(split_paragraphs(b)) == 1


def test_numbered_item_after_a_finished_sentence_starts_an_item() -> None:
    b = block(line("The conditions are the following ones, checked in this order.", 0, x1=RIGHT),
              line("(1) the group is compact;", 1),
              line("(2) the action is free.", 2))
    assert len(split_paragraphs(b)) == 3


def test_stray_symbol_is_put_back_into_a_line_of_another_block() -> None:
    # The XY-cut left a radical sign in the block above the line it belongs to.
    upper = block(line("Another important feature of eq. (6) is that it can reproduce a crater", 0,
                       x1=RIGHT))
    host_glyphs = glyph_run("in the limit", LEFT, 112)
    host = line("in the limit", 1, glyphs=host_glyphs)
    lower = block(host)
    lower.order = 1
    radical = line("√", 0, x0=LEFT + 61, x1=LEFT + 67,
                   glyphs=glyph_run("√", LEFT + 61, 108, "CMSY10", advance=6.0))
    radical.top, radical.bottom = 102.0, 114.0
    upper.lines.append(radical)
    paragraphs = page_paragraphs([upper, lower])
    assert [p.lines[0].text for p in paragraphs] == [
        "Another important feature of eq. (6) is that it can reproduce a crater",
        "in the limit√"]


def test_last_line_left_in_a_block_of_its_own_continues_its_paragraph() -> None:
    # The XY-cut ended a block above a formula, one line before the paragraph's end.
    first = Paragraph(lines=[line("Another important feature is that it can reproduce a crater",
                                  0, x0=LEFT + 17, x1=RIGHT)], block=0)
    rest = Paragraph(lines=[line("formation on the top of the pile.", 1)], block=1)
    after = Paragraph(lines=[line("which is new.", 4)], block=2)
    mark_continuations([_page(1, first, rest, after)])
    assert rest.continues and not after.continues


def test_formula_cut_off_in_a_block_of_its_own_is_display_math() -> None:
    # Not indented from its own block's edge; its mathematics fonts say what it is.
    b = block(line("≥ E , ;", 0, x0=298, font="CMSY10"))
    assert [p.kind for p in split_paragraphs(b)] == ["equation"]
    table = block(line("−0.5 1.2", 0, x0=298), line("0.7 −1.4", 1, x0=298))
    assert "equation" not in [p.kind for p in split_paragraphs(table)]


def test_exponent_on_a_row_of_its_own_goes_back_into_its_line() -> None:
    glyphs = glyph_run("ties na + nb", LEFT, 112) + glyph_run(", with the area", LEFT + 63.5, 112)
    host = line("ties na + nb , with the area", 1, x1=RIGHT, glyphs=glyphs)
    exponent = line("2", 0, x0=LEFT + 60, glyphs=glyph_run("2", LEFT + 60, 108, "CMR7", size=7.0,
                                                         advance=3.5))
    exponent.size, exponent.top, exponent.bottom = 7.0, 102.5, 109.5
    page_number = line("6", 3, x0=300)
    lines = absorb_strays([host, exponent, page_number])
    assert [l.text for l in lines] == ["ties na + nb2, with the area", "6"]


def test_sentence_cut_after_ref_goes_on_below_in_a_block_of_its_own() -> None:
    # cond-mat0001354 p4: "...as described for a similar model in ref." / "[4]), if e > U,"
    first = Paragraph(lines=[line("The evolution of the slope proceeds in the following way: if",
                                  0, x0=LEFT + 17, x1=RIGHT),
                             line("a particle arrives at x (as described for a similar model in ref.",
                                  1, x1=RIGHT)], block=0)
    rest = Paragraph(lines=[line("[4]), if e > U, it moves to x + δ, then:", 2)], block=1)
    item = Paragraph(lines=[line("(a) First item of a list.", 4)], block=2)
    mark_continuations([_page(1, first, rest, item)])
    assert rest.continues and not item.continues


def test_centred_lines_ending_in_a_period_do_not_break_an_address() -> None:
    b = block(line("Universidad de Guadalajara, a name set as wide as the column", 0, x1=RIGHT),
              line("Departamento de Matemáticas y Física, I.T.E.S.O.", 1, x0=185, x1=427),
              line("Periférico Sur 8585 C.P. 45090, Guadalajara", 2, x0=197, x1=415),
              line("Universidad de Guadalajara, a name set as wide as the column", 3, x1=RIGHT))
    paragraphs = split_paragraphs(b)
    assert not any(p.lines[0].text.startswith("Periférico") for p in paragraphs)
    # The same short line at the left edge ends its paragraph (SPEC §6's short-line cue).
    b = block(line("The first paragraph runs over the whole width of the column, like prose.", 0,
                   x1=RIGHT),
              line("It ends here, short.", 1),
              line("The next one starts at the same left edge and runs on to the right.", 2,
                   x1=RIGHT))
    assert len(split_paragraphs(b)) == 2


def test_centred_heading_in_a_face_of_its_own_is_cut_from_its_text() -> None:
    # IEEE: "II. Background on Differential Privacy" in small capitals at the body size, centred,
    # then the section's first line with its indent (ieee_2col_diffprivacy_ligatures.pdf).
    heading = line("II. Background on Differential Privacy", 0, x0=LEFT + 100, x1=RIGHT - 100,
                   font="LMRomanCaps10-Regular")
    b = block(heading,
              line("Differential privacy was originally proposed in [3] as a model", 1,
                   x0=LEFT + 10, x1=RIGHT),
              line("for the interactive setting, that is, to protect the results of", 2, x1=RIGHT),
              line("queries to a database.", 3))
    assert [len(p.lines) for p in split_paragraphs(b)] == [1, 3]
    # The same centred line in the text's own face (a ragged line of a narrow column) stays.
    b.lines[0] = line(heading.text, 0, x0=LEFT + 100, x1=RIGHT - 100)
    assert len(split_paragraphs(b)) == 1


def test_hanging_indent_after_a_bullet_continues_the_item() -> None:
    # tracemonkey p2: "• We explain an algorithm for dynamically forming trace trees to" /
    # "cover a program, ..." at the item's text indent, then the next bullet.
    b = block(line("• We explain an algorithm for dynamically forming trace trees to", 0, x1=RIGHT),
              line("cover a program, representing nested loops as nested trace trees.", 1,
                   x0=LEFT + 8, x1=RIGHT),
              line("• We explain how to speculatively generate efficient code", 2, x1=RIGHT))
    assert [len(p.lines) for p in split_paragraphs(b)] == [2, 1]


def _rows_block(*rows: tuple[str, ...], bold: bool = False) -> Block:
    """A table-of-contents block (``rows``): each row's cells 1 em and more apart."""
    lines = []
    for r, cells in enumerate(rows):
        x = LEFT
        for cell in cells:
            if cell.isdigit() or cell in ("vi", "xii"):
                x = RIGHT - 5 * len(cell)
            cell_line = line(cell, r, x0=x)
            cell_line.bold = bold
            lines.append(cell_line)
            x += 5 * len(cell) + 20
    b = block(*lines)
    b.rows = True
    return b


def test_each_row_of_a_table_of_contents_is_a_paragraph_and_a_wrapped_entry_one() -> None:
    b = _rows_block(("Acknowledgements", "vi"), ("1.1", "Objectives and scope", "1"),
                    ("4.1 New recommendations: treatment of adolescents, older children",),
                    ("(6–11 years) and younger children", "18"),
                    ("4.2 Background", "20"))
    paragraphs = split_paragraphs(b)
    assert [" ".join(l.text for l in p.lines) for p in paragraphs] == [
        "Acknowledgements vi", "1.1 Objectives and scope 1",
        "4.1 New recommendations: treatment of adolescents, older children "
        "(6–11 years) and younger children 18", "4.2 Background 20"]
    assert [p.cells for p in paragraphs] == [2, 3, 2, 2]


def test_a_running_head_over_a_rows_block_is_no_entry_wrapped_onto_its_first_row() -> None:
    """A report's running head cut into one block with the first row of a balance sheet three
    lines below it (a Chinese quarterly report's pages of tables) was one paragraph with it,
    so that the furniture pass could not take it out: an entry wraps onto the next line,
    never onto a row further than SPEC §6's paragraph gap below."""
    def rows_at(*rows: tuple[int, tuple[str, ...]]) -> Block:
        lines = []
        for r, cells in rows:
            x = LEFT
            for cell in cells:
                lines.append(line(cell, r, x0=x))
                x += 5 * len(cell) + 40
        b = block(*lines)
        b.rows = True
        return b

    title = "Annual report of the company, first quarter"
    head = rows_at((0, (title,)), (3, ("40,017.86", "40,017.86")), (4, ("365,680.80", "365,420.42")))
    assert [p.lines[0].text for p in split_paragraphs(head)] == [
        title, "40,017.86 40,017.86", "365,680.80 365,420.42"]
    wrapped = rows_at((0, (title,)), (1, ("40,017.86", "40,017.86")))
    assert len(split_paragraphs(wrapped)) == 1


def test_rows_of_code_and_comment_stay_one_line_each() -> None:
    # tracemonkey p. 3: "v0 := ld state[748]   // load primes", each row its own line.
    b = _rows_block(("v0 := ld state[748]", "// load primes"), ("st sp[0], v0", "// store"),
                    ("v1 := ld state[764]", "// load k"))
    assert [p.lines[0].text for p in split_paragraphs(b)] == [
        "v0 := ld state[748] // load primes", "st sp[0], v0 // store", "v1 := ld state[764] // load k"]


def test_a_page_number_over_widely_spaced_lines_is_a_paragraph_of_its_own() -> None:
    # hep-ph0501282 p. 3: "3" over text and formulas whose usual pitch is 2 em; it was read
    # as the first word of the page's first paragraph ("3 quarks can be introduced").
    number = line("3", -2, x0=RIGHT - 5)
    prose = [line("quarks can be introduced assuming that they transform as a", 0, x1=RIGHT),
             line("Gglobal (the so-called constituent gauge). The quark kinetic term", 2),
             line("can be made invariant under the group, under which quarks move", 4),
             line("by introducing the covariant derivative defined in the section", 6)]
    paragraphs = split_paragraphs(block(number, *prose))
    assert paragraphs[0].lines == [number]


def test_a_centred_title_on_three_lines_is_one_paragraph_but_an_indent_still_breaks() -> None:
    # WHO p. 42: "ADOLESCENTS AND", as far in from the left as it stops short of the right,
    # was read as an indented first line ("# TREATMENT OF ADULTS," / "# ADOLESCENTS AND...").
    title = [line("TREATMENT OF ADULTS,", 0, x0=125, x1=334),
             line("ADOLESCENTS AND", 1, x0=145, x1=314),
             line("CHILDREN 3 YEARS", 2, x0=130, x1=329)]
    assert len(split_paragraphs(block(*title))) == 1
    # tracemonkey p. 2: a first-line indent of 12 pt in a justified column whose longest line
    # runs 10.7 pt past the others still starts a paragraph.
    column = [line("trace starting at the exit to cover the new path.", 0, x0=54, x1=293.1),
              line("records a trace tree covering all the hot paths.", 1, x0=54, x1=279.4),
              line("Nested loops can be difficult to optimize for tracing", 2, x0=66, x1=293.1),
              line("a naive implementation, inner loops would become hot", 3, x0=54, x1=303.8),
              line("first, and the VM would start tracing there at once", 4, x0=54, x1=293.1)]
    assert [p.lines[0].text[:6] for p in split_paragraphs(block(*column))] == ["trace ", "Nested"]


def test_a_heading_goes_on_into_a_line_in_its_own_face_with_a_smaller_tail() -> None:
    # WHO p. 46: "children (Web Annex C)" starts in the heading's bold 13 pt, most of it is
    # 9.5 pt light; the size of the line as a whole made it a paragraph of its own.
    head = glyph_run("4.3 Summary of the evidence for treatment and", LEFT, 100, "Gothic-Bd",
                     size=13.0, advance=6.5)
    tail = glyph_run("children", LEFT, 115.6, "Gothic-Bd", size=13.0, advance=6.5) + \
        glyph_run(" (Web Annex C)", LEFT + 52, 115.6, "Gothic-Lt", size=9.5, advance=4.75)
    first = Line(text="4.3 Summary of the evidence for treatment and", x0=LEFT, top=89.6,
                 x1=LEFT + 292, bottom=102.6, baseline=100, size=13.0, bold=True, glyphs=head)
    second = Line(text="children (Web Annex C)", x0=LEFT, top=105.2, x1=LEFT + 118,
                  bottom=118.2, baseline=115.6, size=9.5, glyphs=tail)
    assert len(split_paragraphs(block(first, second))) == 1


def _references_under_a_margin_number() -> list[Line]:
    # who_hcv_guidelines p. 134 (x0, x1 in points, 9 pt text there, 10 pt here): the page number
    # "109" stands in the margin 16 pt right of the references' edge, in their XY-cut block;
    # each reference's marker is at 36, its text goes on at the hanging indent, 54.
    number = line("109", -4, x0=RIGHT - 15, x1=RIGHT)
    edge = RIGHT - 40  # where the references' full lines end
    return [number,
            line("13. Thein HH, Yi Q, Dore GJ, Krahn MD. Estimation of stage-specific fibrosis",
                 0, x1=edge),
            line("in chronic hepatitis C virus infection: a meta-analysis. Hepatology.", 1,
                 x0=LEFT + 18, x1=edge),
            line("2008;48:418-31. doi: 10.1002/hep.22375", 2, x0=LEFT + 18, x1=LEFT + 200),
            line("22. Rutter K, Stättermayer AF, Beinhardt S, Scherzer TM, Trauner M et al.", 3,
                 x1=edge),
            line("Successful anti-viral treatment improves survival of patients with advanced", 4,
                 x0=LEFT + 18, x1=edge),
            line("liver disease due to chronic hepatitis C. Aliment Pharmacol Ther.", 5,
                 x0=LEFT + 18, x1=LEFT + 330)]


def test_reference_split_after_a_full_stop_goes_on_at_its_hanging_indent() -> None:
    # The bug: a reference whose line ends in "." at the column's edge ("Hepatology.", "et al.")
    # lost its next line, 3 em short of the page number that only made it look short.
    paragraphs = split_paragraphs(block(*_references_under_a_margin_number()))
    assert [p.lines[0].text[:4] for p in paragraphs] == ["109", "13. ", "22. "]
    assert [len(p.lines) for p in paragraphs] == [1, 3, 3]


def test_reference_split_after_a_full_stop_fix_keeps_short_lines_ending_items() -> None:
    # A line short of the references' edge still ends its item before a line at the hanging
    # indent, and a line at the left edge after an item is no part of it.
    number, first = _references_under_a_margin_number()[:2]
    b = block(number, first,
              line("2008;48:418-31.", 1, x0=LEFT + 18, x1=LEFT + 90),
              line("A note set at the hanging indent, as wide as the references are.", 2,
                   x0=LEFT + 18, x1=RIGHT - 40),
              line("The references end here and the text goes on at the left edge, in full.", 3,
                   x1=RIGHT - 40))
    assert [p.lines[0].text[:4] for p in split_paragraphs(b)] == ["109", "13. ", "A no", "The "]


def test_false_paragraph_break_after_us_abbreviation() -> None:
    # irs_i1040nr p. 4: "Different U.S." stops 30 pt short of the column's edge because
    # "income" did not fit after it; its full stop is the abbreviation's, and the sentence goes
    # on in lower case on the next line.
    b = block(line("A dual-status year is one in which you change status between", 0, x1=RIGHT),
              line("nonresident and resident alien. Different U.S.", 1, x1=RIGHT - 60),
              line("income tax rules apply to each status. Most dual-status years", 2, x1=RIGHT),
              line("are the years of arrival or departure.", 3, x1=RIGHT - 200),
              line("Before you arrive in the United States, you are a nonresident", 4, x1=RIGHT))
    assert [len(p.lines) for p in split_paragraphs(b)] == [4, 1]


def test_false_paragraph_break_after_us_abbreviation_inside_open_quotation() -> None:
    # irs_i1040nr p. 24: "...premiums you paid to “U.S." / "Treasury-HCTC,” or": the quotation
    # is still open, so its capitalised next line goes on with the sentence.
    b = block(line("Any qualified health insurance premiums you paid to “U.S.", 0, x1=RIGHT - 100),
              line("Treasury-HCTC,” or the amount of any advance payments made for you", 1,
                   x1=RIGHT))
    assert len(split_paragraphs(b)) == 1


def test_false_paragraph_break_after_us_abbreviation_fix_keeps_true_breaks() -> None:
    # An abbreviation's full stop before a capitalised line outside any quotation still ends the
    # paragraph (an address "...TX 73301-0215 U.S.A." over "Estates and trusts."), and so does
    # a full stop after a word that is no abbreviation, whatever follows it.
    b = block(line("Internal Revenue Service Center, Austin, TX 73301-0215 U.S.A.", 0,
                   x1=RIGHT - 100),
              line("Estates and trusts. File Form 1040NR for a nonresident alien estate", 1,
                   x1=RIGHT),
              line("or trust by the due date of the return.", 2, x1=RIGHT - 200),
              line("income is reported on the lines below, where it is due.", 3, x1=RIGHT))
    assert [len(p.lines) for p in split_paragraphs(b)] == [1, 2, 1]


def test_wrapped_number_inside_a_sentence_is_not_a_list_item() -> None:
    # who_hcv_guidelines p. 60: "...for infection with genotypes 1, 2, 3 and" runs to the prose's
    # edge (x1 = 402.5), but the page number "35" in the margin, in the same XY-cut block
    # (x1 = 445.5), made it look 43 pt short, so the wrapped "4. Data from..." was a list item.
    edge = RIGHT - 40
    b = block(line("35", -4, x0=RIGHT - 15, x1=RIGHT),
              line("In combined treatment-naive and treatment-experienced persons treated", 0,
                   x1=edge),
              line("with sofosbuvir/daclatasvir, the pooled SVR rates exceeded 92% for", 1,
                   x1=edge),
              line("infection with genotypes 1, 2, 3 and", 2, x1=edge),
              line("4. Data from an observational study (manuscript in preparation) provided", 3,
                   x1=edge),
              line("information on the less commonly reported genotypes 5 and 6.", 4,
                   x1=LEFT + 300))
    paragraphs = split_paragraphs(b)
    assert [p.lines[0].text[:4] for p in paragraphs] == ["35", "In c"]
    assert len(paragraphs[1].lines) == 5


def test_wrapped_number_inside_a_sentence_fix_keeps_the_next_item_after_a_full_line() -> None:
    # who_hcv_guidelines p. 112 (references): "44." ends on a full line without a full stop (its
    # DOI), and "45." numbers the list's next item all the same; in "45.", a page range wrapped
    # after "1448-" puts "55." at a line start: no item, 55 is not 46.
    edge = RIGHT - 40
    b = block(line("109", -4, x0=RIGHT - 15, x1=RIGHT),
              line("44. Asselah T, Kowdley KV, Zadeikis N, Wang S, Hassanein T, Horsmans Y", 0,
                   x1=edge),
              line("et al. Efficacy of glecaprevir/pibrentasvir for 8 or 12 weeks in patients", 1,
                   x0=LEFT + 18, x1=edge),
              line("2018;16:417-26. doi: 10.1016/j.cgh.2017.09.027 and more of the same", 2,
                   x0=LEFT + 18, x1=edge),
              line("45. Gane E, Lawitz E, Pugatch D, Papatheodoridis G, Bräu N, Brown A", 3,
                   x1=edge),
              line("et al. Glecaprevir and pibrentasvir in patients with HCV and severe renal", 4,
                   x0=LEFT + 18, x1=edge),
              line("impairment. N Engl J Med. 2017;377:1448-", 5, x0=LEFT + 18, x1=edge),
              line("55. doi: 10.1056/NEJMoa1704053", 6, x0=LEFT + 18, x1=LEFT + 150))
    paragraphs = split_paragraphs(b)
    assert [p.lines[0].text[:4] for p in paragraphs] == ["109", "44. ", "45. "]
    assert [len(p.lines) for p in paragraphs] == [1, 3, 4]


def _ieee_references() -> list[Line]:
    # ieee_2col_diffprivacy p. 12 (7.7 pt text there, 10 pt here): each reference's number at
    # the column's left, its text going on at a hanging indent 14 pt in.
    hang = LEFT + 14
    return [line("[8] C. Dwork, F. McSherry, K. Nissim, and A. D. Smith, “Calibrating noise to", 0,
                 x1=RIGHT),
            line("sensitivity in private data analysis,” in Theory of Cryptography, TCC", 1,
                 x0=hang, x1=RIGHT),
            line("2006, New York, NY, USA, March 4-7, 2006, pp. 265–284.", 2, x0=hang,
                 x1=RIGHT - 16),
            line("[9] J. Soria-Comas and J. Domingo-Ferrer, “Optimal data-independent noise", 3,
                 x1=RIGHT),
            line("for differential privacy.” Information Sciences, vol. 250, pp. 200–214, 2013.",
                 4, x0=hang, x1=RIGHT - 100),
            line("[10] C. Dwork and G. N. Rothblum, “Concentrated differential privacy,” CoRR,", 5,
                 x1=RIGHT),
            line("2016. [Online]. Available: http://arxiv.org/abs/1603.01887", 6, x0=hang,
                 x1=RIGHT - 150),
            line("[11] D. Kifer and B.-R. Lin, “Towards an axiomatization of statistical privacy",
                 7, x1=RIGHT)]


def test_reference_entry_after_a_full_width_line_starts_a_paragraph() -> None:
    # The bug: "[9]" went on in "[8]", whose last line ends 16 pt (under 3 em) before the
    # column's edge, and "[11]" in "[10]", whose last line, a URL, ends no sentence.
    paragraphs = split_paragraphs(block(*_ieee_references()))
    assert [p.lines[0].text.split()[0] for p in paragraphs] == ["[8]", "[9]", "[10]", "[11]"]
    assert [len(p.lines) for p in paragraphs] == [3, 2, 2, 1]


def test_reference_entry_after_a_full_width_line_fix_keeps_citations_in_their_sentence() -> None:
    # A citation wrapped to a line's start in prose numbers no entry: no paragraph of the block
    # starts with the number before it ("[5]" after "[4]"), and after "ref." it is named.
    prose = block(line("Several mechanisms were proposed for the non-interactive setting in", 0,
                       x1=RIGHT),
                  line("[5] and [6], which seek to provide absolute guarantees on the data.", 1,
                       x1=RIGHT - 60))
    assert len(split_paragraphs(prose)) == 1
    references = _ieee_references()[:3] + [
        line("as the survey in ref.", 3, x0=LEFT + 14, x1=LEFT + 120),
        line("[9] and the references there show in full detail for the general case.", 4,
             x0=LEFT + 14, x1=RIGHT - 60)]
    assert [len(p.lines) for p in split_paragraphs(block(*references))] == [5]


def test_run_in_bold_heading_wrapped_after_its_parenthesis_stays_one_paragraph() -> None:
    # irs_i1040nr p1: "Health savings account (HSA)" (all bold, short, ending in ")") over
    # "funding distributions. You may be" (its bold tail first) was cut into a heading and a
    # paragraph starting "funding distributions.".
    def bold(text: str, x: float, row: int, font: str = "Helvetica-Bold") -> list[Glyph]:
        out = glyph_run(text, x, 100 + row * PITCH, font)
        for g in out:
            g.bold = font.endswith("Bold")
        return out

    head = line("Health savings account (HSA)", 0, x1=LEFT + 140,
                glyphs=bold("Health savings account (HSA)", LEFT, 0))
    head.bold = True
    tail_glyphs = bold("funding distributions.", LEFT, 1) + \
        bold("You may be able to elect to exclude", LEFT + 115, 1, font="Helvetica")
    tail = line("funding distributions. You may be able to elect to exclude", 1, x1=RIGHT,
                glyphs=tail_glyphs)
    tail.bold = True  # as the PDF's: most of its characters are bold
    rest = line("from income a distribution made from your IRA to your HSA.", 2, x1=RIGHT - 60,
                font="Helvetica")
    assert [len(p.lines) for p in split_paragraphs(block(head, tail, rest))] == [3]
    # A parenthesis that a full stop closes ends its paragraph as before.
    done = line("as the table shows (see Table 2.)", 0, x1=LEFT + 170,
                glyphs=bold("as the table shows (see Table 2.)", LEFT, 0))
    done.bold = True
    nxt = line("funding for the next year is given below.", 1, x1=RIGHT,
               glyphs=bold("funding for the next year is given below.", LEFT, 1))
    assert len(split_paragraphs(block(done, nxt))) == 2
    # A listing's line in a regular face goes on as before (tracemonkey's "if (!primes[i])" /
    # "continue;", two paragraphs in a block as wide as the column).
    code = line("if (!primes[i])", 0, x1=LEFT + 75, font="Courier")
    wide = line("for (var i = 2; i < 100; ++i) { the loop of the listing, wide as its column", 2,
                x1=RIGHT, font="Courier")
    assert len(split_paragraphs(block(code, line("continue;", 1, x1=LEFT + 45, font="Courier"),
                                      wide))) >= 2


def test_irs_run_in_heading_is_one_paragraph(whole_document) -> None:  # type: ignore[no-untyped-def]
    from pdfprose import Options

    text = whole_document("real/irs_i1040nr_instructions_50p.pdf").render(Options(format="md"))
    assert "Health savings account (HSA) funding distributions. You may be able to elect" in text
    assert "#### Health savings account (HSA)\n" not in text


def test_a_fractions_denominator_under_a_numbered_formula_does_not_start_the_next_paragraph() -> None:
    # hep-th0001173 p2: "b : z ↦→ z + 1/2 (5)", the fraction's "1" and "2" set in a text font
    # on baselines of their own; the "2" overlaps the formula's line and the prose after it
    # starts at the column's edge. The "2" is the formula's, not the first word of "whith t".
    def number_line(text: str, x0: float, baseline: float) -> Line:
        return Line(text=text, x0=x0, top=baseline - 8, x1=x0 + 5, bottom=baseline + 2,
                    baseline=baseline, size=SIZE, glyphs=glyph_run(text, x0, baseline))

    glyphs = glyph_run("b : z 7→ z +", 270, 140, "CMMI10") + glyph_run("(5)", RIGHT - 15, 140)
    formula = Line(text="b : z 7→ z + (5)", x0=270, top=132, x1=RIGHT, bottom=142,
                   baseline=140, size=SIZE, glyphs=glyphs)
    b = block(
        line("and one antiholomorphic affine transformation that satisfy the relation:", 0,
             x1=RIGHT),
        number_line("1", 336, 133.5),
        formula,
        number_line("2", 336, 147.0),
        line("whith t < 0. The meaning of the parameter t may be recovered by consider-", 5,
             x1=RIGHT),
        line("ing the oriented cover of the Klein-bottle.", 6),
    )
    paragraphs = split_paragraphs(b)
    assert [p.kind for p in paragraphs] == ["body", "equation", "body"]
    assert [l.text for l in paragraphs[1].lines] == ["1", "b : z 7→ z + (5)", "2"]
    assert paragraphs[2].lines[0].text.startswith("whith t")
    # A short line of figures at the column's edge under a formula is prose's, not the
    # formula's: only an indented line is taken.
    b = block(line("and one antiholomorphic affine transformation that satisfy the relation:", 0,
                   x1=RIGHT), formula, line("42, 17.", 4))
    assert [p.kind for p in split_paragraphs(b)] == ["body", "equation", "body"]


def test_contents_entries_ending_in_leaders_and_a_page_number_are_one_paragraph_each() -> None:
    # A table of contents set at the body's pitch, each entry a line run to a page number past
    # its dot leaders, some indented, some at the edge: nothing but the leaders tells entry
    # from entry, and read as prose the whole contents was one paragraph.
    leaders = " " + "." * 60 + " "
    b = block(line("3 MODEL" + leaders + "8", 0, x1=RIGHT),
              line("3.1 LRS MODEL" + leaders + "9", 1, x0=LEFT + 10, x1=RIGHT),
              line("3.1.1 Logical view" + leaders + "9", 2, x0=LEFT + 20, x1=RIGHT),
              line("Overview . . . . . . . . . . . . . . . . MS-2", 3, x1=RIGHT),
              line("Appendix" + leaders + "iv", 4, x1=RIGHT),
              # an index's entries end in their pages so
              line("Annuities . . . . . . . . . . . . . . . 13, 29", 5, x1=RIGHT),
              line("Income to be reported . . . . . . 9-15, 29", 6, x1=RIGHT),
              line("Tax table . . . . . . . . . . . . . . . . . 18", 7, x1=RIGHT))
    paragraphs = split_paragraphs(b)
    assert [len(p.lines) for p in paragraphs] == [1] * 8


def test_a_contents_entry_wrapped_before_its_leaders_stays_one_paragraph() -> None:
    # The first line of a long entry has no leaders yet: it goes on into the line that ends in
    # them, and the next entry starts after.
    leaders = " " + "." * 40 + " "
    b = block(line("Metastatic Disease Not Amenable to Radioactive Iodine Therapy and", 0,
                   x1=RIGHT - 30),
              line("External Beam Radiation" + leaders + "26", 1, x1=RIGHT),
              line("Follicular Thyroid Carcinoma" + leaders + "27", 2, x1=RIGHT))
    paragraphs = split_paragraphs(b)
    assert [len(p.lines) for p in paragraphs] == [2, 1]


def test_an_index_entry_wrapped_to_its_hanging_indent_goes_on_to_its_pages() -> None:
    # An index's entry too long for its column goes on, indented, in lowercase, to its leaders
    # and pages: no first-line indent of a new paragraph. A sub-entry under a heading entry
    # ending in a colon, or a numbered entry, starts one.
    b = block(line("Capital gains and", 0, x1=LEFT + 90),
              line("(losses) . . . . . . . . . . . . . . . . 12, 19, 29", 1, x0=LEFT + 10,
                   x1=RIGHT),
              line("Casualty and theft", 2, x1=LEFT + 90),
              line("losses . . . . . . . . . . . . . . . . . . . . 27", 3, x0=LEFT + 10,
                   x1=RIGHT),
              line("Child and dependent care expenses:", 4, x1=LEFT + 170),
              line("credit for . . . . . . . . . . . . . . . . . 20", 5, x0=LEFT + 10,
                   x1=RIGHT),
              line("Chapter II: the project", 6, x1=LEFT + 120),
              line("1 localisation . . . . . . . . . . . . . . . 14", 7, x0=LEFT + 10,
                   x1=RIGHT))
    paragraphs = split_paragraphs(b)
    assert [len(p.lines) for p in paragraphs] == [2, 2, 1, 1, 1, 1]


def cjk_row(text: str, row: int, font: str, x0: float = LEFT) -> Line:
    """A line of CJK ``text`` on row ``row``, one em a character, set in ``font``."""
    baseline = 100 + row * PITCH
    glyphs = glyph_run(text, x0, baseline, font, advance=SIZE)
    return Line(text=text, x0=x0, top=baseline - 0.8 * SIZE, x1=x0 + SIZE * len(text),
                bottom=baseline + 0.2 * SIZE, baseline=baseline, size=SIZE, glyphs=glyphs)


def test_a_numbered_gothic_heading_over_myeongjo_text_at_its_hanging_indent_stands_alone() -> None:
    # The korean family: "1. 건강의 문화 과제" in gothic at the body size, the paragraph under it
    # in myeongjo opening with a one-character indent, where an item's text would go on. CJK
    # gothic giving way to myeongjo ends the paragraph as bold giving way to regular does.
    head = cjk_row("1. 건강의 문화 과제", 0, "HYGothic-Medium")
    text = "이에 따라 교육은 병원을 마련하였다 기술이 문화를 검토하고 있다 주민이"
    first = cjk_row(text[:40], 1, "HYSMyeongJo-Medium", x0=LEFT + SIZE)
    first.x1 = RIGHT
    second = cjk_row(text[:40], 2, "HYSMyeongJo-Medium")
    second.x1 = RIGHT
    paragraphs = split_paragraphs(block(head, first, second))
    assert [len(p.lines) for p in paragraphs] == [1, 2]
    # In one face (a brochure set all in gothic) the item goes on.
    same = [cjk_row(l.text, r, "HYGothic-Medium", x0=l.x0) for r, l in enumerate((head, first, second))]
    for mine, theirs in zip(same, (head, first, second)):
        mine.x1 = theirs.x1
    assert len(split_paragraphs(block(*same))) == 1


def test_a_short_numbered_chinese_line_is_whole_and_a_full_one_goes_on() -> None:
    # The chinese family: "1. 标准任务的预算" stops far short of the column's edge; Chinese breaks
    # at any character, so the indented line under it starts a paragraph of its own.
    song = "STSong-Light"
    prose = "技术进一步协调基本的居民单位推动预算体系在此基础上结果明显审查长期的工作科技"
    head = cjk_row("1. 标准任务的预算", 0, song)
    first = cjk_row(prose[:45], 1, song, x0=LEFT + SIZE)
    first.x1 = RIGHT
    last = cjk_row(prose[:20], 2, song)
    assert [len(p.lines) for p in split_paragraphs(block(head, first, last))] == [1, 2]
    # A numbered item whose first line runs to the edge wraps into the next line.
    item = cjk_row("1. " + prose[:44], 0, song)
    item.x1 = RIGHT
    rest = cjk_row(prose[:20], 1, song, x0=LEFT + 3 * SIZE)
    assert len(split_paragraphs(block(item, rest))) == 1
