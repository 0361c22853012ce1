"""Document passes on hand-built pages (no PDF): running heads, continuations, headings.
Boxes are in page space: points, origin top left."""

from __future__ import annotations

from pdfprose import convert
from pdfprose.document.continuation import link_continuations, mark_continuations
from pdfprose.document.furniture import mark_furniture
from pdfprose.document.headings import mark_headings
from pdfprose.model import Line, PageAnalysis, Paragraph
from pdfprose.options import Options
from pdfprose.output.render import render

HEIGHT = 800.0


def para(text: str, top: float, size: float = 10.0, block: int = 0, x0: float = 72.0) -> Paragraph:
    line = Line(text=text, x0=x0, top=top, x1=x0 + 6 * len(text), bottom=top + size,
                baseline=top + 0.8 * size, size=size)
    return Paragraph(lines=[line], block=block)


def page(number: int, *paragraphs: Paragraph) -> PageAnalysis:
    return PageAnalysis(number=number, width=600, height=HEIGHT, paragraphs=list(paragraphs))


def body_text(n: int) -> Paragraph:
    return para(f"Body text of page {n} that is long enough to be the body of the page.", 300, block=1)


def test_numbered_running_head_whose_title_changes_per_section_is_furniture() -> None:
    # LaTeX book heads: the printed page number (index + 3) beside the current section's title.
    titles = ["3.1. HOMOTOPIE VON WEGEN", "3.1. HOMOTOPIE VON WEGEN", "3.2. GRUPPEN", "3.3. RÄUME"]
    pages = [page(i + 1, para(f"{i + 4} {t}" if i % 2 else f"{t} {i + 4}", 30), body_text(i + 1))
             for i, t in enumerate(titles)]
    mark_furniture(pages)
    assert [p.paragraphs[0].furniture for p in pages] == [True] * 4
    assert not any(p.paragraphs[1].furniture for p in pages)


def test_footer_with_page_number_as_a_separate_run_on_some_pages_is_still_furniture() -> None:
    footer = "SCIENTIFIC REPORTS | 5 : 8555 | DOI: 10.1038/srep08555"
    pages = [page(1, body_text(1), para(f"{footer} 1", 760)),
             page(2, body_text(2), para(f"{footer} 2", 760)),
             page(3, body_text(3), para(footer, 760), para("3", 760, x0=550))]
    mark_furniture(pages)
    assert all(p.paragraphs[i].furniture for p in pages for i in range(1, len(p.paragraphs)))


def test_table_row_cells_in_the_band_that_repeat_on_other_pages_are_kept() -> None:
    """CA WARN report: "Huntington Beach 65" heads the table on every second page (a city and
    a count, digits made '#') and was removed as a running head with its row's company and
    dates left behind. A cell beside other text of its row is the page's content."""
    companies = ["Boeing Company", "Oakley, Inc.", "Safeway, Inc.", "Minno, Inc.",
                 "Cisco Systems, Inc.", "Toyota Motor North America", "DS Services", "Maxim"]
    pages = []
    for n, company in enumerate(companies, start=1):
        row = [para(company, 30, x0=20),
               para(f"Huntington Beach {20 + n}" if n % 2 == 0 else f"Irvine {n}", 30, x0=300)]
        pages.append(page(n, *row, body_text(n)))
    mark_furniture(pages)
    assert not any(para.furniture for p in pages for para in p.paragraphs)


def test_running_head_beside_its_page_number_is_still_furniture() -> None:
    """The row rule above must not keep a running head because its row holds the page's
    number: the number is furniture, not content."""
    pages = [page(n, para("Instructions for Form 1040NR", 770, x0=40), para(f"-{n}-", 770, x0=300),
                  body_text(n)) for n in range(1, 5)]
    mark_furniture(pages)
    assert [(p.paragraphs[0].furniture, p.paragraphs[1].furniture) for p in pages] == [(True, True)] * 4


def test_a_tagged_figure_beside_a_running_head_does_not_keep_it() -> None:
    """A slide deck's running head beside its logo, tagged as a figure with /Alt (issue 24):
    the figure's description is no text drawn on the head's row, so the head is furniture."""
    logo = para("Logo of the association", 28, x0=420)
    logo.kind = "figure"  # (on the title slide only)
    pages = [page(n, *([logo] if n == 1 else []), para("DocEng 2019: hidden features", 30, x0=40),
                  body_text(n)) for n in range(1, 5)]
    mark_furniture(pages)
    assert [p.paragraphs[-2].furniture for p in pages] == [True] * 4


def test_column_headings_repeated_across_a_row_are_not_a_running_head() -> None:
    """Home-loan rate sheet: "Annual Comparison" heads four columns of the table on both pages;
    two pages of one table made every heading a running head and the table lost them."""
    pages = [page(n, *(para("Annual Comparison", 70, x0=x) for x in (100, 220, 340, 460)),
                  body_text(n)) for n in (1, 2)]
    mark_furniture(pages)
    assert not any(para.furniture for p in pages for para in p.paragraphs)


def test_same_text_atop_and_at_the_foot_of_each_page_is_still_furniture() -> None:
    """IRS form: "Form 1040NR (2007)" is set at the top and at the foot of each page: twice on
    a page, but not on one row."""
    pages = [page(n, para("Form 1040NR (2007)", 20), body_text(n), para("Form 1040NR (2007)", 770))
             for n in range(1, 4)]
    mark_furniture(pages)
    assert all(p.paragraphs[0].furniture and p.paragraphs[2].furniture for p in pages)


def test_contents_entries_in_step_with_the_page_number_on_two_pages_are_kept() -> None:
    """fr_eie: two contents entries at the foot of page 3 ending in 97 and one atop page 4
    ending in 98 ran in step with the page index three times and were taken for a numbered
    running head; three in step must be on three different pages."""
    pages = [page(1, body_text(1)), page(2, body_text(2)),
             page(3, body_text(3), para("5.1 CADRE REGLEMENTAIRE ........ 97", 705),
                  para("5.1 DOCUMENTATION ........ 97", 725)),
             page(4, para("5.3 PRESENTATION DE L'AIRE D'ETUDE ........ 98", 80), body_text(4))]
    mark_furniture(pages)
    assert not any(para.furniture for p in pages for para in p.paragraphs)


def test_ca_warn_table_keeps_its_cells_when_headers_are_removed(corpus_file) -> None:  # type: ignore[no-untyped-def]
    text = convert(corpus_file("real/ca_warn_report_table_16p.pdf").read_bytes()).render(
        Options(format="txt"))
    # The table stage (issue 23) writes a row's cells apart by tabs in TXT.
    for cell in ("Huntington Beach\t65", "San Jose\t11", "Mentor Worldwide LLC\tSanta Barbara\t81",
                 "December 2015\t69\t8,729"):
        assert cell in text


def test_home_loan_and_contents_entries_survive_removing_headers(corpus_file) -> None:  # type: ignore[no-untyped-def]
    loans = convert(corpus_file("real/home_loan_rates_rc4_nocopy.pdf").read_bytes()).render(
        Options(format="txt"))
    # Each page's table repeats its header; the table stage writes its cells apart (issue 23),
    # "Annual" and "Comparison" heading two columns: every repeated heading is kept.
    assert (loans.count("Annual"), loans.count("Reference Rate"),
            loans.count("percentage rate")) == (8, 6, 8)
    conversion = convert(corpus_file("real/fr_eie_rotated_landscape.pdf").read_bytes())
    eie = conversion.render(Options(format="txt"))
    assert "5.1 CADRE REGLEMENTAIRE" in eie and "5.3 PRESENTATION DE L’AIRE D’ETUDE IMMEDIATE" in eie
    # ...while its true running head, atop every page, is still removed.
    head = "Parc photovoltaïque au sol"
    assert head not in eie and head in conversion.render(Options(format="txt", remove_headers=False))


def test_a_figure_label_or_denominator_in_the_band_is_no_page_number() -> None:
    """Remove headers dropped a plot's top axis label "4" (geotopo p10, under its running
    head) and the "3" of 5/3 atop cond-mat0501080 p2: a bare number in the band is a page
    number at the page's edge, or in step with the page index, not anywhere in the band."""
    pages = []
    for n in range(8, 13):
        head = para(f"{n - 3} 1.2. METRISCHE RÄUME", 20)
        label = para("4" if n == 10 else "1", 60, x0=200)
        pages.append(page(n, head, label, body_text(n), para(str(n), 770, x0=300)))
    mark_furniture(pages)
    assert [p.paragraphs[0].furniture for p in pages] == [True] * 5  # the numbered head
    assert [p.paragraphs[1].furniture for p in pages] == [False] * 5  # the labels
    assert [p.paragraphs[3].furniture for p in pages] == [True] * 5  # the page numbers


def test_page_numbers_off_the_edge_in_step_with_the_heads_numbers_are_furniture() -> None:
    """IRS form: "Form 1040NR (2007) Page 2" atop some pages, a bare "Page 3" under a line of
    the form on others; sci_reports: the footer's number beside it on four pages, alone above
    the licence on the fifth."""
    pages = []
    for n in range(1, 6):
        if n % 2:
            top = [para(f"Form 1040NR (2007) Page {n}", 20)]
        else:
            top = [para("Form fields of this page over the whole width", 20), para(f"Page {n}", 40)]
        pages.append(page(n, *top, body_text(n)))
    mark_furniture(pages)
    assert all(p.paragraphs[-2].furniture for p in pages)  # "Page N", alone or in the head
    assert not any(p.paragraphs[-1].furniture for p in pages)


def test_page_one_of_one_beside_the_printout_header_is_furniture() -> None:
    """zen_of_python: "Mittwoch Mai 30, 2018" / "Page 1/1" / "zen_of_python.txt" atop a
    one-page printout: one page, its number equal to the page's."""
    pages = [page(1, para("Mittwoch Mai 30, 2018", 20, x0=40), para("Page 1/1", 20, x0=280),
                  body_text(1), body_text(1))]
    mark_furniture(pages)
    assert pages[0].paragraphs[1].furniture


def test_cond_mat_formula_keeps_its_denominator_when_headers_are_removed(corpus_file) -> None:  # type: ignore[no-untyped-def]
    conversion = convert(corpus_file("arxiv/cond-mat0501080.pdf").read_bytes())
    second = conversion.pages[1]
    # The denominator "3" stands on a line of its own under the formula "(1)", whose paragraph
    # it belongs to (a line overlapping a formula's line).
    threes = [p for p in second.paragraphs if any(l.text.strip() == "3" for l in p.lines)]
    assert threes and not any(p.furniture for p in threes)
    assert threes[0].kind == "equation"


def test_letterhead_repeated_on_each_page_keeps_its_first_occurrence() -> None:
    title = "Verificación de Elegibilidad de Empleo"
    pages = [page(i, para(title, 30, size=14), body_text(i), body_text(i)) for i in (1, 2, 3)]
    mark_furniture(pages)
    assert [p.paragraphs[0].furniture for p in pages] == [False, True, True]


def test_a_repeated_line_that_is_all_the_text_is_not_a_running_head() -> None:
    """One line per ticket, atop each page: all of it was removed as a running head, and the
    page showed 'Done' over an empty text. The page numbers under it stay furniture."""
    pages = [page(n, para(f"Admission ticket number {n} for the spring concert", 30), para(str(n), 770))
             for n in range(1, 13)]
    mark_furniture(pages)
    assert [p.paragraphs[0].furniture for p in pages] == [False] * 12
    assert [p.paragraphs[1].furniture for p in pages] == [True] * 12


def test_only_page_numbers_stay_furniture() -> None:
    pages = [page(n, para(str(n), 770)) for n in range(1, 5)]
    mark_furniture(pages)
    assert all(p.paragraphs[0].furniture for p in pages)


def test_japanese_and_chinese_folios_between_dashes_are_page_numbers() -> None:
    """Folios printed "－ 12 －" (fullwidth hyphen), "― 12 ―" (horizontal bar) or with minus
    signs, as the japanese-vertical family and Japanese and Chinese reports print them, are
    page numbers like "- 12 -"."""
    for dash in ("-", "－", "―", "−"):  # on a one-page document: no repetition to go by
        pages = [page(1, body_text(1), para(f"{dash} 1 {dash}", 770))]
        mark_furniture(pages)
        assert pages[0].paragraphs[1].furniture, dash
        assert not pages[0].paragraphs[0].furniture


def test_a_year_set_large_in_the_top_band_is_not_a_page_number() -> None:
    pages = [page(1, para("2007", 20, size=39), body_text(1), body_text(1)), page(2, body_text(2))]
    mark_furniture(pages)
    assert not pages[0].paragraphs[0].furniture


def test_paragraph_continues_at_the_top_of_the_next_column_and_over_a_caption() -> None:
    first = para("the first column ends in the middle of a sen-", 700, block=0)
    caption = para("Figure 2. A caption between the parts.", 100, block=1, x0=320)
    rest = para("tence that goes on in the next column.", 130, block=2, x0=320)
    after_eq = para("where x is the unknown.", 730, block=0)
    pages = [page(1, first, caption, rest), page(2, para("x = y + z", 100, block=0), after_eq)]
    mark_continuations(pages)
    assert rest.continues and not caption.continues
    assert not after_eq.continues  # below a display equation, on the same column: a new paragraph
    text = render(pages, Options(remove_headers=False))
    assert text.split("\n\n")[:2] == [
        "the first column ends in the middle of a sentence that goes on in the next column.",
        "Figure 2. A caption between the parts.",
    ]


def test_no_continuation_after_a_finished_sentence() -> None:
    first = para("A finished sentence.", 700, block=0)
    nxt = para("lowercase start of a new block.", 100, block=1, x0=320)
    pages = [page(1, first, nxt)]
    mark_continuations(pages)
    assert not nxt.continues


def test_a_list_item_cut_by_a_page_break_goes_on_over_the_running_head() -> None:
    # columns-1 (seed 2026-11): an item's last line "... y evalúa una indus-" ends page 2, the
    # next page opens with its running head and "tria." under the item's text. The item
    # joins it ("industria"); a lowercase paragraph under a finished item does not, nor
    # does a capital after an item (scotus_tarrant: "5's ex-" / "Syllabus", its running head).
    item = para("- Una responsabilidad reconoce un territorio y evalúa una indus-", 740)
    item.kind, item.marker = "list_item", "-"
    head = para("Asociación para consulta patrimonio", 30)
    head.furniture = True
    rest = para("tria.", 60, x0=90)
    done = para("- Un patrimonio reduce el contrato de Teruel.", 80)
    done.kind, done.marker = "list_item", "-"
    below = para("sin esta tecnología, un párrafo propio.", 100, x0=90)
    pages = [page(2, item), page(3, head, rest, done, below)]
    mark_continuations(pages)
    assert rest.continues and rest.continues_from == (2, 0)
    assert not below.continues
    cut = para("(4) Tarrant's remaining arguments on each State's access to subbasin 5's ex-", 740)
    cut.kind, cut.marker = "list_item", "(4)"
    syllabus = para("Syllabus", 30, x0=280)
    mark_continuations([page(1, cut), page(2, syllabus)])
    assert not syllabus.continues
    text = render(pages, Options(format="md"))
    assert text.split("\n\n")[0] == \
        "- Una responsabilidad reconoce un territorio y evalúa una industria."


def test_web_session_reports_furniture_boxes_and_page_starts(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from pdfgen import canvas_pdf
    from pdfprose.engine.web import WebSession

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont("Helvetica", 9)
        canvas.drawString(72, 800, "Quarterly Orchard Review")
        canvas.setFont("Helvetica", 11)
        canvas.drawString(72, 600, f"Body of page {index + 1}.")

    pdf = tmp_path / "heads.pdf"
    canvas_pdf(pdf, draw, pages=3)
    session = WebSession()
    assert json.loads(session.open(pdf.read_bytes()))["page_count"] == 3
    while session.next_page():
        pass
    report = json.loads(session.finish())
    assert [len(p["furniture"]) for p in report["pages"]] == [1, 1, 1]
    x0, top, x1, bottom = report["pages"][0]["furniture"][0]
    assert x0 == 72.0 and 30 < top < bottom < 50  # A4: 842 pt high, baseline 800 pt up
    answer = json.loads(session.render_pages("{}"))
    assert answer["text"] == "Body of page 1.\n\nBody of page 2.\n\nBody of page 3.\n"
    assert answer["pages"] == [{"number": 1, "start": 0}, {"number": 2, "start": 17},
                               {"number": 3, "start": 34}]


def test_a_bug_in_the_engine_fails_the_page_instead_of_passing_for_damage(tmp_path, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    # A method called but never defined once made every glyph vanish while the page was
    # reported as a damaged file with no text layer: the operator guard took it for damage.
    # The page's message says it is an internal failure, never the exception's own text
    # (issue 25); the detail goes to the log, which --verbose shows.
    import logging

    from pdfgen import columns_pdf
    from pdfprose import convert
    from pdfprose.pdf.collector import GlyphCollector

    pdf = tmp_path / "one.pdf"
    columns_pdf(pdf, 1)
    monkeypatch.delattr(GlyphCollector, "_place")
    with caplog.at_level(logging.INFO, logger="pdfprose"):
        conversion = convert(pdf.read_bytes())
    page = conversion.pages[0]
    assert not page.empty
    assert page.error == "pdfprose could not read this part of the file (code internal)"
    assert "AttributeError" in caplog.text


def test_numbered_running_head_just_below_the_band_is_furniture() -> None:
    # AMS-LaTeX: "2 HAROLD P. BOAS" 96-105 pt below the top of a 792 pt page (the band ends at 95).
    pages = []
    for n in range(1, 7):
        head = f"{n} HAROLD P. BOAS" if n % 2 == 0 else f"LU QI-KENG'S PROBLEM {n}"
        pages.append(PageAnalysis(number=n, width=612, height=792, paragraphs=[
            para(head, 96), body_text(n)]))
    mark_furniture(pages)
    assert [p.paragraphs[0].furniture for p in pages[1:]] == [True] * 5
    assert not any(p.paragraphs[1].furniture for p in pages)


def test_numbers_at_the_end_of_first_lines_below_the_band_are_not_heads_by_chance() -> None:
    # "= 0", "... for n ≥ 1": edge numbers that fall in step with the page index by chance,
    # each at another height, are not running heads.
    pages = [PageAnalysis(number=n, width=612, height=792, paragraphs=[
        para(f"a formula ending in {n + 3}", 110 + 9 * n), body_text(n)]) for n in range(1, 7)]
    mark_furniture(pages)
    assert not any(p.paragraphs[0].furniture for p in pages)


def test_page_number_whose_box_reaches_out_of_the_band_is_furniture() -> None:
    # LaTeX on letter paper: the page number's top at 695 pt, the band starting at 697 pt.
    pages = [PageAnalysis(number=n, width=612, height=792, paragraphs=[
        body_text(n), para(str(n), 695)]) for n in (1, 2)]
    mark_furniture(pages)
    assert all(p.paragraphs[1].furniture for p in pages)


def test_second_part_of_a_footnote_joins_the_footnote_not_the_text_it_interrupts() -> None:
    # who_hcv_guidelines p44: a table cell, then a footnote whose second line was cut off into
    # a paragraph of its own.
    cell = para("12 weeks", 465, size=9.0)
    note = para("1 In those without cirrhosis. Treatment for 24 weeks is recommended in those who are "
                "treatment experienced or with", 557, size=7.5)
    rest = para("compensated cirrhosis. May be considered in some settings.", 566, size=7.5)
    rest.continues = True
    pages = [page(1, cell, note, rest)]
    link_continuations(pages)
    assert rest.continues_from == (1, 1)
    text = render(pages, Options())
    assert text.split("\n\n") == ["12 weeks", note.lines[0].text + " " + rest.lines[0].text + "\n"]


def test_continued_paragraphs_are_linked_to_the_first_of_their_chain_and_rendered_by_the_links() -> None:
    # A paragraph broken at a column foot and again at the next page's: both later parts are
    # linked to the first (rendering joins them in one unit); a footnote between keeps its
    # place after the paragraph; a heading closes what is open, so a "continued" paragraph
    # after it stands alone.
    start = para("The committee met in the spring to discuss the harvest and the", 600)
    note = para("1 A footnote set smaller than the text.", 700, size=8)
    second = para("price of grain in the northern valleys where the rivers had", 100)
    third = para("flooded the fields twice in one season, as they do.", 100, block=1, x0=320)
    heading = para("2 Results", 400)
    heading.kind = "heading"
    alone = para("and so it stands alone after a heading.", 420)
    pages = [page(1, start, note), page(2, second, third, heading, alone)]
    for p in (second, third, alone):
        p.continues = True
    link_continuations(pages)
    assert [p.continues_from for p in (start, note, second, third, alone)] == \
        [None, None, (1, 0), (1, 0), None]
    text = render(pages, Options(format="txt"))
    assert text.split("\n\n")[:2] == [
        " ".join(p.lines[0].text for p in (start, second, third)), note.lines[0].text]
    assert text.endswith("2 Results\n\nand so it stands alone after a heading.\n")
    # With page markers the paragraph stands after the marker: its parts on page 2 join there.
    marked = render(pages, Options(format="txt", page_markers=True)).split("\n\n")
    assert marked[1:3] == [start.lines[0].text, note.lines[0].text]
    assert marked[4] == second.lines[0].text + " " + third.lines[0].text


def test_page_number_set_above_the_band_is_found_by_its_run_of_numbers() -> None:
    # Some LaTeX styles set the page number 14 % above the foot of the page.
    pages = [PageAnalysis(number=n, width=612, height=792, paragraphs=[
        body_text(n), para(str(n), 683)]) for n in range(1, 5)]
    mark_furniture(pages)
    assert all(p.paragraphs[1].furniture for p in pages)
    assert not any(p.paragraphs[0].furniture for p in pages)


def test_paragraph_goes_on_over_several_footnotes_a_page_number_and_a_running_head() -> None:
    # math0001036 p1-p2: three footnotes, the page number and the next page's running head
    # stand between "...the problem of determining" and "when a series has zeroes...".
    start = para("In the class of holomorphic functions the problem of determining", 640)
    notes = [para(f"{n} A footnote set smaller than the text, number {n}.", 700 + 10 * n, size=8)
             for n in (1, 2, 3)]
    number = para("1", 780, size=9)
    number.furniture = True
    head = para("2 HAROLD P. BOAS", 40, size=9)
    head.furniture = True
    rest = para("when a series has zeroes is essentially equivalent to the problem.", 100)
    mark_continuations([page(1, start, *notes, number), page(2, head, rest)])
    assert rest.continues


def test_small_capitals_stand_alone_lines_are_headings_and_title_page_dates_are_not() -> None:
    from pdfprose.model import Glyph

    def caps(text: str, top: float, font: str = "LMRomanCaps10-Regular") -> Paragraph:
        p = para(text, top)
        p.lines[0].glyphs = [Glyph(text=ch, x0=72 + 6 * i, top=top, x1=78 + 6 * i, bottom=top + 10,
                                   baseline=top + 8, size=10, font=font)
                             for i, ch in enumerate(text) if ch != " "]
        return p

    heading, name, plain = caps("II. Background on Differential Privacy", 100), \
        caps("Andr", 130), caps("An ordinary line in the text's own face", 160, font="LMRoman10")
    date = para("November 29, 2026", 200, size=14.3)
    mail = para("melmorabity@fedoraproject.org", 230, size=14.3)
    title = para("Models for the evolution of free granular surfaces", 40, size=20.7)
    pages = [page(1, title, date, mail, heading, name, plain, body_text(1), body_text(1))]
    for p in pages[0].paragraphs:
        p.lines[0].release_glyphs()  # the document passes see released lines
    mark_headings(pages)
    assert [p.kind for p in (title, date, mail, heading, name, plain)] == \
        ["heading", "body", "body", "heading", "body", "body"]


def test_a_bold_or_between_two_alternatives_is_no_heading() -> None:
    """IRS instructions p34: a bold "OR" between the two tests of a table came out "#### OR"."""
    pages = []
    for word in ("OR", "O", "and"):
        alone = para(word, 130)
        alone.lines[0].bold = True
        alone.lines[0].released_all_bold = True
        section = para("Expatriation tax", 100)
        section.lines[0].bold = True
        section.lines[0].released_all_bold = True
        pages.append(page(len(pages) + 1, section, alone, body_text(1), body_text(1)))
    mark_headings(pages)
    assert [(p.paragraphs[0].kind, p.paragraphs[1].kind) for p in pages] == [("heading", "body")] * 3


def test_italic_numbered_subsections_are_headings_below_the_bold_sections() -> None:
    section = para("2. Preliminary Considerations", 100)
    section.lines[0].bold = True
    section.lines[0].released_all_bold = True
    sub = para("2.1. Why is the interaction important?", 130)
    sub.lines[0].italic = True
    item = para("1. An italic list item, not a subsection", 160)
    item.lines[0].italic = True
    pages = [page(1, section, sub, item, body_text(1), body_text(1))]
    mark_headings(pages)
    assert (section.kind, section.level, sub.kind, sub.level, item.kind) == \
        ("heading", 1, "heading", 2, "body")


def test_a_table_of_contents_entry_is_no_heading_nor_list_item_but_its_title_is() -> None:
    from pdfprose.document.lists import mark_list_items

    title = para("Contents", 60, size=14.3)
    title.cells = 1
    entry = para("1 Introduction 1", 90)
    entry.cells = 3
    entry.lines[0].bold = True
    entry.lines[0].released_all_bold = True
    item = para("1. Enter the total pension received 1.", 120)
    item.cells = 2
    row = para("1 Year Fixed Rate 4.04% 5.38% 3.89% 5.18%", 150, size=14.3)
    row.cells = 5
    section = para("1 Introduction", 300, size=14.3)
    section.cells = 2  # "1" and "Introduction" a wide gap apart, below the table
    pages = [page(1, title, entry, item, row, section, body_text(1), body_text(1))]
    mark_list_items(pages)
    mark_headings(pages)
    assert [p.kind for p in (title, entry, item, row, section)] == \
        ["heading", "body", "body", "body", "heading"]


def test_prose_does_not_go_on_from_or_into_a_table_row() -> None:
    prose = para("the sentence at the foot of the page runs on and", 700)
    row = para("continues like a sentence but is a row of a table 12", 60)
    row.cells = 2
    after = para("and then the prose starts again in lower case", 300, block=1)
    pages = [page(1, prose), page(2, row, after)]
    mark_continuations(pages)
    assert not row.continues and not after.continues


def test_a_cover_title_wrapped_on_four_lines_in_a_display_size_is_a_heading() -> None:
    # The WHO report's cover: four lines at 25 pt over a 10 pt body were one body paragraph.
    def lines(texts: list[str], top: float, size: float) -> Paragraph:
        return Paragraph(lines=[para(t, top + i * 1.2 * size, size=size).lines[0]
                                for i, t in enumerate(texts)], block=0)

    title = lines(["TREATMENT OF ADOLESCENTS AND", "CHILDREN WITH CHRONIC HCV",
                   "INFECTION, AND HCV SIMPLIFIED", "SERVICE DELIVERY"], 100, 25.0)
    quote = lines(["A pull quote set a little larger", "than the text runs on over",
                   "four lines of the page as", "prose does."], 300, 12.0)
    pages = [page(1, title, quote, body_text(1), body_text(1), body_text(1))]
    mark_headings(pages)
    assert (title.kind, title.level, quote.kind) == ("heading", 1, "body")


def invoice_page(number: int, copy: str, account: str, rows: int = 4) -> PageAnalysis:
    """An invoice page: its copy label and seller atop, a table, the totals and the payment
    note with its account and authorisation numbers at the foot, in the bottom band."""
    paragraphs = [para("Harbor Supplies", 30, size=13), para(copy, 30, x0=450),
                  para("Invoice No. 2024-0113", 110)]
    paragraphs += [para(f"Item {k} {k * 3} {k * 12.5:.2f}", 200 + 20 * k) for k in range(rows)]
    paragraphs += [para(f"Total {rows * 308.5:,.2f}", 720), para(f"Payment to IBAN {account}", 745),
                   para(f"Authorisation No. 4417-2290-{3381 + rows}", 760)]
    return page(number, *paragraphs)


def test_an_invoice_printed_as_original_duplicate_and_triplicate_keeps_everything() -> None:
    """Every line of a copy repeats on the other copies, totals and authorisation number in
    the bottom band included: repetition across copies of one page is no running head."""
    pages = [invoice_page(n, copy, "ES12 3456 7890")
             for n, copy in enumerate(["ORIGINAL", "DUPLICATE", "TRIPLICATE"], start=1)]
    mark_furniture(pages)
    assert not any(p.furniture for pg in pages for p in pg.paragraphs)
    assert [pg.summary()["furniture_chars"] for pg in pages] == [0, 0, 0]


def test_two_invoices_keep_the_payment_notes_whose_numbers_differ() -> None:
    """Two invoices of one file, each printed twice: the payment note at the foot is the same
    text but for each invoice's own account number, so it is no running footer; a footer with
    the same numbers on each page (a DOI) still is."""
    pages = [invoice_page(1, "ORIGINAL", "ES12 3456 7890"), invoice_page(2, "DUPLICATE", "ES12 3456 7890"),
             invoice_page(3, "ORIGINAL", "ES98 7654 3210", rows=6),
             invoice_page(4, "DUPLICATE", "ES98 7654 3210", rows=6)]
    for n, pg in enumerate(pages, start=1):
        pg.paragraphs.append(para(f"Journal 12 | DOI: 10.1038/srep08555 | {n}", 780))
    mark_furniture(pages)
    notes = [p for pg in pages for p in pg.paragraphs if p.lines[0].text.startswith("Payment")]
    assert len(notes) == 4 and not any(p.furniture for p in notes)
    assert all(pg.paragraphs[-1].furniture for pg in pages)
    assert [pg.summary()["furniture_chars"] for pg in pages] == [
        len(pg.paragraphs[-1].lines[0].text) for pg in pages]


def test_footnotes_numbered_in_step_with_the_page_are_not_numbered_heads() -> None:
    """One footnote per page, numbered 1, 2, 3 on pages 1-3: numbers at the start of band
    lines in step with the page index, but each footnote starts where its page's notes do, not
    in one place as a running head."""
    notes = ["The survey was repeated in spring.", "See the appendix for the full table.",
             "Two orchards declined to answer."]
    pages = [page(n, body_text(n), para(f"{n} {notes[n - 1]}", 700 + 14 * n, size=8))
             for n in (1, 2, 3)]
    mark_furniture(pages)
    assert not any(p.furniture for pg in pages for p in pg.paragraphs)
    # ...while a footer numbered in step, in one place, is one.
    pages = [page(n, body_text(n), para(f"{n} Annual report of the orchard society", 770, size=8))
             for n in (1, 2, 3)]
    mark_furniture(pages)
    assert all(pg.paragraphs[1].furniture for pg in pages)


def test_copy_classes_join_exact_and_near_copies_only() -> None:
    from pdfprose.document.copies import copy_classes

    def form(n: int, label: str, value: str) -> PageAnalysis:
        return page(n, para(f"Copy {label}", 20), *(para(f"Box {k} holds {value}", 200 + 20 * k)
                                                     for k in range(8)))

    pages = [form(1, "A", "Calder"), form(2, "B", "Calder"), body_page := page(3, body_text(3)),
             form(4, "C", "Calder"), form(5, "A", "Larkfield")]
    # A near copy: one box of ten differs.
    near = form(6, "B", "Larkfield")
    near.paragraphs[3] = para("Box 2 holds a value changed by hand", 240)
    pages.append(near)
    assert body_page.number == 3
    assert copy_classes(pages) == [0, 0, 2, 0, 4, 4]


def bold(p: Paragraph) -> Paragraph:
    for line in p.lines:
        line.bold = True
        line.released_all_bold = True
    return p


def lines_para(texts: list[str], top: float, size: float = 10.0, x0: float = 72.0) -> Paragraph:
    return Paragraph(lines=[para(t, top + i * 1.2 * size, size=size, x0=x0).lines[0]
                            for i, t in enumerate(texts)], block=0)


def test_numbered_and_bulleted_items_in_large_type_are_no_headings() -> None:
    """A slide's items at 24 pt under its 32 pt title came out "#### 1. Short intro" (the
    slides families): numbered paragraphs in sequence at one left edge, and a bulleted line,
    are list items whatever their size; the title stays a heading."""
    title = para("Hidden features of the format", 40, size=32)
    items = [para(f"{n}. Item number {n} of the slide", 60 + 40 * n, size=24) for n in (1, 2, 3)]
    sub = para("- a sub-item under the third", 240, size=20, x0=110)
    bullet = para("• All elements must be tagged", 280, size=24)
    body = [para("Body text set at the size of the notes, long enough to outweigh the slide.",
                 400 + 20 * i) for i in range(4)]
    pages = [page(1, title, *items[:2], items[2], sub, bullet, *body)]
    mark_headings(pages)
    assert title.kind == "heading"
    assert [p.kind for p in (*items, bullet)] == ["body"] * 4


def test_form_values_over_small_labels_are_no_headings_but_sections_are() -> None:
    """A form's values at 10 pt over its 6.5 pt labels (the forms family invented 901
    headings): a size whose paragraphs head a median of under 40 characters each is no
    heading size; headings over paragraphs of prose still are."""
    form = []
    for k in range(5):
        form += [para(f"Name and address of the recipient {k}", 100 + 40 * k, size=6.5),
                 para(f"Maria Walsh {k}", 110 + 40 * k, size=10)]
    form_pages = [page(1, *form, para("Signature of the official of the registry", 400, size=6.5))]
    mark_headings(form_pages)
    assert not any(p.kind == "heading" for p in form_pages[0].paragraphs)
    report = []
    for k in range(4):
        report += [para(f"Section {k} of the report", 100 + 120 * k, size=14),
                   lines_para(["The prose of the section runs on for a few lines of text",
                               "at the body size, as sections of a report do."], 120 + 120 * k)]
    report_pages = [page(1, *report)]
    mark_headings(report_pages)
    assert [p.kind for p in report_pages[0].paragraphs] == ["heading", "body"] * 4


def test_a_bold_heading_at_body_size_wrapped_onto_two_lines_is_one_heading() -> None:
    """Word's and Google Docs' narrow columns wrap a bold module title at the body size
    (bold-headings and wrapped-headings families); a third bold line makes it emphasis."""
    module = bold(lines_para(["Module One - Introduction to Product",
                              "Development and Quality Assurance"], 100))
    long_bold = bold(lines_para(["A bold paragraph of three lines", "is emphasis set in bold",
                                 "rather than a heading"], 200))
    pages = [page(1, module, long_bold, body_text(1), body_text(1), body_text(1))]
    mark_headings(pages)
    assert (module.kind, long_bold.kind) == ("heading", "body")


def test_a_heading_cut_into_two_paragraphs_renders_as_one_heading() -> None:
    """A heading whose second line the reading order puts in a paragraph of its own (the
    wrapped-headings family) goes on in it: right under it at its left edge, or of its level
    starting in lowercase; a numbered heading under it starts a heading of its own."""
    first = para("Results of the survey of the", 100, size=16)
    second = para("Coastal Towns and Villages", 119, size=16)
    numbered = para("2 Methods", 138, size=16)
    pages = [page(1, first, second, numbered, *(body_text(1) for _ in range(3)))]
    mark_headings(pages)
    assert [p.kind for p in (first, second, numbered)] == ["heading"] * 3
    assert (second.continues, numbered.continues) == (True, False)
    link_continuations(pages)  # rendering follows the links the continuation pass makes
    assert (second.continues_from, numbered.continues_from) == ((1, 0), None)
    markdown = render(pages, Options(format="md"))
    assert "# Results of the survey of the Coastal Towns and Villages\n" in markdown
    assert "# 2 Methods" in markdown


def test_a_slide_decks_running_head_that_outweighs_its_items_sets_no_body_size() -> None:
    """A deck's running head on every slide can hold more characters than the slide's own
    large items: the body is then the size of what remains once the head is furniture, so
    that the items at that size are no headings ("#### Item 1") and the slide's title is."""
    from pdfprose.document.passes import run_document_passes

    head = "DocEng 2019: More than just digital paper - hidden features of the PDF format"
    pages = [page(n, para(head, 20, size=16), para(f"Slide {n} title", 80, size=40),
                  para(f"Item {n} of the slide, in a few words", 200, size=28),
                  para(f"Another item {n} on it", 260, size=28))
             for n in range(1, 9)]
    run_document_passes(pages)
    assert all(p.paragraphs[0].furniture for p in pages)
    assert not any(para.furniture for p in pages for para in p.paragraphs[1:])
    assert [para.kind for para in pages[0].paragraphs[1:]] == ["heading", "body", "body"]


def test_a_cjk_sentence_set_a_size_larger_is_no_heading() -> None:
    """A report's opening statement set larger than its body ends in "。": Chinese and
    Japanese headings never do (chinese and japanese families)."""
    heading = para("第一节 重要提示", 60, size=14)
    sentence = para("所有董事均已出席了审议本次季报的董事会会议。", 90, size=14)
    body = [para("公司董事会、监事会及董事、监事、高级管理人员保证季度报告内容的真实、准确、完整。" * 2,
                 120 + 20 * i) for i in range(3)]
    pages = [page(1, heading, sentence, *body)]
    mark_headings(pages)
    assert (heading.kind, sentence.kind) == ("heading", "body")


def test_a_bold_label_over_short_lines_of_its_own_is_no_heading() -> None:
    """"Bill to" in bold over a customer's name and address lines (the invoices family) is a
    field's label; a bold line over prose or a list heads it."""
    label = bold(para("Bill to", 100))
    name, street = para("John Lambert", 112), para("90 Modest software", 124)
    section = bold(para("Terms of payment", 200))
    prose = lines_para(["Payment is due within thirty days of the date of the invoice,",
                        "by transfer to the account below."], 212)
    pages = [page(1, label, name, street, section, prose, body_text(1), body_text(1))]
    mark_headings(pages)
    assert (label.kind, section.kind) == ("body", "heading")


def test_each_invoices_own_date_in_the_band_is_content() -> None:
    """Invoices of one file, each printed twice, carry their own date atop ("Fecha
    26/07/2025" then "Fecha 11/12/2025", the invoices family): the same text with another date
    is content; a printout's date that is the same on every page is still a running head."""
    pages = []
    copies = ["ORIGINAL", "DUPLICATE", "ORIGINAL", "DUPLICATE", "TRIPLICATE"]
    for n, (copy, date) in enumerate(zip(copies, ["26/07/2025"] * 2 + ["11/12/2025"] * 3), start=1):
        pg = invoice_page(n, copy, "ES12 3456 7890", rows=4 if n < 3 else 6)
        pg.paragraphs.insert(2, para(f"Fecha {date}", 45))
        pg.paragraphs.append(para(f"Printed 03/12/2026 {n}", 780, x0=400))
        pages.append(pg)
    mark_furniture(pages)
    dates = [p for pg in pages for p in pg.paragraphs if p.lines[0].text.startswith("Fecha")]
    assert len(dates) == 5 and not any(p.furniture for p in dates)
    assert all(pg.paragraphs[-1].furniture for pg in pages)


def test_a_bold_label_over_its_address_made_one_paragraph_is_no_heading() -> None:
    """Since the table stage, an invoice's customer block is one paragraph of short lines
    ("Cliente" over name, street and town; "ORIGINAL" over the invoice's number and date: the
    invoices family invented 60 headings in 30 pages): short lines without a sentence's end
    are a field's value, not prose; a bold line over Korean prose, whose lines hold half the
    characters of Latin ones, heads it, and so does one over a narrow column's prose, whose
    sentence goes on in lowercase (the footnotes-column family)."""
    label = bold(para("Cliente", 100))
    address = lines_para(["Maria Irving", "95 Protección", "27411 Málaga"], 112)
    copy = bold(para("ORIGINAL", 160, x0=400))
    numbers = lines_para(["2027-5496", "08/11/2022"], 172, x0=400)
    narrow = bold(para("Sistema para municipio", 400))
    column = lines_para(["Este servicio informa esta fi-", "nanciación bajo esta biblio-",
                         "teca durante este servicio"], 412)
    korean = bold(para("적립 제외 대상", 300))
    prose = lines_para(["무이자할부, 다이어트할부, 삼성카드 할인이 적용된 일시불 및",
                        "할부 이용금액, 기프트/선불카드 구매 및 충전, 상품권 구매건"], 312)
    pages = [page(1, label, address, copy, numbers, korean, prose, narrow, column, body_text(1),
                  body_text(1))]
    mark_headings(pages)
    assert (label.kind, copy.kind, korean.kind, narrow.kind) == ("body", "body", "heading",
                                                                 "heading")


def test_a_regular_label_beside_a_larger_title_is_no_heading() -> None:
    """A form's "Copy B — For the recipient" set at the far margin of its title's row, in a
    regular face a size above the body (the forms family invented one heading a page): a
    heading holds its row alone; the title is one, and a bold seller beside "INVOICE" is too."""
    title = bold(para("Budget of the regional department", 40, size=13))
    label = para("Copy B — For the recipient", 42, size=9, x0=420)
    seller = bold(para("Harbor Supplies", 120, size=13, block=1))
    invoice = bold(para("INVOICE", 118, size=19, block=1, x0=420))
    notes = [para("Instructions for the recipient of this form, at the size of the body text.",
                  300 + 12 * k, size=7.5, block=2) for k in range(6)]
    pages = [page(1, title, label, seller, invoice, *notes)]
    mark_headings(pages)
    assert [p.kind for p in (title, label, seller, invoice)] == ["heading", "body", "heading",
                                                                   "heading"]


def test_a_bold_copy_name_flush_right_over_rows_of_labels_and_values_is_no_heading() -> None:
    """The reading order reads an invoice's "Invoice No." and "Date" beside their values row
    by row, under the copy's name set flush right with the values (the invoices family):
    that name is a cell of the rows' value column, not a heading over them; a bold title at
    the rows' left edge over a table of contents still heads it."""
    from pdfprose.model import Block

    def rows_page(title: Paragraph, rows: list[tuple[str, str]]) -> tuple[PageAnalysis, Paragraph]:
        paras = [title]
        for i, (label, value) in enumerate(rows):
            top = title.lines[0].top + 14 * (i + 1)
            line = para(label, top, x0=425).lines[0]
            end = para(value, top, x0=545 - 6 * len(value)).lines[0]
            line.text, line.x1 = f"{label} {value}", end.x1
            paras.append(Paragraph(lines=[line], block=0, cells=2))
        title.cells = 1
        lines = [l for p in paras for l in p.lines]
        block = Block(lines=lines, order=0, region=0, column=0, columns=1, rows=True,
                      x0=min(l.x0 for l in lines), top=min(l.top for l in lines),
                      x1=max(l.x1 for l in lines), bottom=max(l.bottom for l in lines))
        pg = page(1, *paras, body_text(1), body_text(1))
        pg.blocks = [block]
        return pg, title

    copy = bold(para("ORIGINAL", 73, x0=545 - 6 * len("ORIGINAL")))
    invoice, copy = rows_page(copy, [("Invoice No.", "2026-0663"), ("Date", "17/06/2019")])
    contents = bold(para("Contents", 73, x0=425))
    toc, contents = rows_page(contents, [("Introduction", "1"), ("Methods", "4"),
                                         ("Results", "9")])
    mark_headings([invoice])
    mark_headings([toc])
    assert (copy.kind, contents.kind) == ("body", "heading")


def test_a_paragraph_goes_on_over_a_sidebar_box_at_the_column_foot() -> None:
    """A shaded box at a column's foot (a bold title over text in a smaller size, the
    sidebars family) interrupts the paragraph above it, which goes on at the top of the next
    column: the broken word is made whole, and the box follows the paragraph."""
    first = para("the report specifically identifies the em-", 500, block=0)
    title = bold(para("Parliament assessment", 600, size=11.0, block=0))
    title.kind, title.level = "heading", 3  # as the heading pass, which runs first, finds it
    box = para("Each surface observes the new research under this building.", 620, size=9.0,
               block=0)
    rest = para("ployee through this experimental development.", 100, block=1, x0=320)
    pages = [page(1, first, title, box, rest)]
    mark_continuations(pages)
    assert rest.continues and rest.continues_from == (1, 0)
    text = render(pages, Options(remove_headers=False, format="txt"))
    assert text.split("\n\n")[0] == ("the report specifically identifies the employee through "
                                     "this experimental development.")


def test_a_paragraph_goes_on_over_a_pull_quote_set_large() -> None:
    """A pull quote (a sentence set 1.3-1.8 x the body, the pull-quotes family) stands between
    the parts of the paragraph it interrupts; it is no heading, and the paragraph's broken word
    is made whole over it."""
    first = para("This professional association calculates the citizen near each in-", 500)
    quote = para("Each supplier evaluates the experience of the new owner.", 560, size=15.0,
                 block=1)
    rest = para("strument by 62 % with the building.", 100, block=2, x0=320)
    pages = [page(1, first, quote, rest, body_text(1), body_text(1))]
    mark_headings(pages)
    mark_continuations(pages)
    assert quote.kind == "body"
    assert rest.continues and rest.continues_from == (1, 0)


def test_a_two_page_articles_heads_with_folios_between_dashes_are_furniture() -> None:
    """The sidebars family: a two-page article, its verso and recto heads set small, each with
    its page's number between dashes ("Responsibility municipal - 1 -" / "- 2 - Previous
    digital ..."). Too few pages to repeat, they carry their page's number in one place; the
    second, taken for a list item, had ended the paragraph that went on across the page."""
    pages = [page(1, para("Responsibility municipal - 1 -", 30, size=8.5), body_text(1)),
             page(2, para("- 2 - Previous digital in competent comparable", 30, size=8.5),
                  body_text(2))]
    mark_furniture(pages)
    assert [[q.furniture for q in p.paragraphs] for p in pages] == [[True, False]] * 2
    # Set in the body's size they may be a page's first lines ("1 Introduction" atop page 1):
    # kept; so are numbers that are not the page's.
    for size, numbers in ((10.0, (1, 2)), (8.5, (2, 3))):
        pages = [page(1, para(f"Responsibility municipal - {numbers[0]} -", 30, size=size),
                      body_text(1)),
                 page(2, para(f"- {numbers[1]} - Previous digital in competent", 30, size=size),
                      body_text(2))]
        mark_furniture(pages)
        assert not any(q.furniture for p in pages for q in p.paragraphs)
    # At the foot, a two-page document's footnotes numbered one per page run in step with the
    # page by chance (the footnotes-page family): they stay.
    pages = [page(1, body_text(1), para("1 A note on the council of the region.", 760, size=8)),
             page(2, body_text(2), para("2 Another note on the same council.", 760, size=8))]
    mark_furniture(pages)
    assert not any(q.furniture for p in pages for q in p.paragraphs)


def deck_slide(n: int, footnote: bool) -> PageAnalysis:
    """A slide (800 pt high) whose margin strip holds small print outside the 12 % bands: the
    site's address under the logo (15 % from the top) and the presenter wrapped on three
    lines (83-87 %), above the date and footer in the bottom band; some slides have a 24 pt
    footnote on the presenter's rows (pdfua_presentation_slides)."""
    strip = [para("www.example.org", 118, size=12, x0=40),
             lines_para(["Ann Author,", "Member of the", "Example Society"], 664, size=12, x0=20)]
    body = [para(f"Slide {n} title", 130, size=60, x0=200),
            para(f"Item {n} of the slide, in a few words", 260, size=40, x0=200),
            para(f"Another item {n} on the slide", 330, size=40, x0=200)]
    note = [para(f"* See the reference of slide {n}", 672, size=24, x0=200)] if footnote else []
    footer = [para("2019-09-23 An Example Society Presentation", 765, size=12, x0=20)]
    return page(n, *strip, *body, *note, *footer)


def test_a_decks_small_print_in_its_margin_strip_is_furniture_and_counted() -> None:
    """"www.pdfa.org" and "Klaas Posselt, Member of the PDF Association" stayed on all 8
    slides with headers removed: they stand in one place on every slide, in small print, 13-18 %
    from the edge, the presenter on three lines, and a footnote beside it on some slides."""
    from pdfprose.document.passes import run_document_passes

    pages = [deck_slide(n, footnote=n in (3, 6, 7)) for n in range(1, 9)]
    run_document_passes(pages)
    assert all(p.paragraphs[i].furniture for p in pages for i in (0, 1, -1))
    assert not any(para.furniture for p in pages for para in p.paragraphs[2:-1])
    small = len("www.example.org") + len("Ann Author, Member of the Example Society") - 2
    assert [p.summary()["furniture_chars"] for p in pages] == [
        small + len(p.paragraphs[-1].lines[0].text) for p in pages]


def test_repeated_text_above_the_band_is_kept_unless_small_print_in_one_place() -> None:
    """Outside the 12 % bands only small print in one place is furniture: an invoice's labels
    at body size 15 % from the top, small print that moves from page to page, and a table of
    small print whose cells share one size all stay."""
    pages = []
    for n in range(1, 7):
        pages.append(page(n, para("Bill to:", 115, x0=40), para(f"Customer {n} Ltd", 115, x0=200),
                          para("Prices in euros, VAT included", 640 + 12 * n, size=5, x0=40),
                          para("Net weight", 670, size=5, x0=300),
                          para("Gross weight", 670, size=5, x0=400),
                          body_text(n), body_text(n), body_text(n)))
    mark_furniture(pages)
    assert not any(para.furniture for p in pages for para in p.paragraphs)


def test_a_bold_contents_entry_with_leaders_and_its_page_is_no_heading() -> None:
    # A contents page sets its chapters' entries in bold, like the chapters' heads: an entry
    # run to its page number past dot leaders names a heading and is none.
    section = para("Chapter II: Presentation", 100)
    entries = [para(f"{n} LOCALISATION DU PROJET ........................ {13 + n}", 130 + 30 * n)
               for n in range(3)]
    for p in [section, *entries]:
        p.lines[0].bold = True
        p.lines[0].released_all_bold = True
    pages = [page(1, section, *entries, body_text(1), body_text(1))]
    mark_headings(pages)
    assert [p.kind for p in [section, *entries]] == ["heading", "body", "body", "body"]


def test_bold_sections_a_point_over_the_body_stand_over_bold_subsections_at_its_size() -> None:
    # ACL's style: sections bold at 11.95 pt, subsections bold at the 10.91 pt body, both under
    # the size ratio of a heading by size; a single bold line larger still makes no level.
    def bold(text: str, top: float, size: float) -> Paragraph:
        p = para(text, top, size=size)
        p.lines[0].bold = True
        p.lines[0].released_all_bold = True
        return p

    def body(top: float) -> Paragraph:
        return para("Body text of the section, long enough to be the body of the page at its "
                    "size, and set in the regular face.", top, size=10.91)

    cover = bold("A cover line in bold", 40, 12.6)
    sections = [bold("3 Implementation", 100, 11.95), bold("4 Experiment", 400, 11.95)]
    subsections = [bold("3.1 Web Crawling", 200, 10.91), bold("3.2 Parsing", 300, 10.91),
                   bold("4.1 Evaluation Method", 500, 10.91)]
    pages = [page(1, cover, body(60), sections[0], body(130), subsections[0], body(230),
                  subsections[1], body(330), sections[1], body(430), subsections[2], body(530))]
    mark_headings(pages)
    assert [(p.kind, p.level) for p in [cover, *sections, *subsections]] == \
        [("heading", 1)] * 3 + [("heading", 2)] * 3


def test_a_required_fields_asterisk_before_a_numbered_label_is_no_bullet() -> None:
    # A form marks its required fields with an asterisk before the field's numbered label
    # (SF-424's "* 10. Name of Federal Agency:"); an asterisk before words is a bullet.
    from pdfprose.document.lists import mark_list_items

    label = para("* 10. Name of Federal Agency:", 100)
    paren = para("* (3) Applicant's address", 130)
    bullet = para("* Attach supporting documents", 160)
    pages = [page(1, label, paren, bullet)]
    mark_list_items(pages)
    assert [(p.kind, p.marker) for p in (label, paren, bullet)] == \
        [("body", ""), ("body", ""), ("list_item", "*")]
