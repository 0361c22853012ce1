"""Document passes on hand-built pages (no PDF): running heads, continuations, headings.
Boxes are in page space: points, origin top left."""

from __future__ import annotations

from pdfprose import convert
from pdfprose.document.continuation import mark_continuations
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
    for cell in ("Huntington Beach 65", "San Jose 11", "Mentor Worldwide LLC Santa Barbara 81",
                 "December 2015 69 8,729"):
        assert cell in text


def test_home_loan_and_contents_entries_survive_removing_headers(corpus_file) -> None:  # type: ignore[no-untyped-def]
    loans = convert(corpus_file("real/home_loan_rates_rc4_nocopy.pdf").read_bytes()).render(
        Options(format="txt"))
    assert loans.count("Annual Comparison") == 8
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
    threes = [p for p in second.paragraphs if " ".join(l.text for l in p.lines).strip() == "3"]
    assert threes and not any(p.furniture for p in threes)


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


def test_a_bug_in_the_engine_fails_the_page_instead_of_passing_for_damage(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A method called but never defined once made every glyph vanish while the page was
    # reported as a damaged file with no text layer: the operator guard took it for damage.
    from pdfgen import columns_pdf
    from pdfprose import convert
    from pdfprose.pdf.collector import GlyphCollector

    pdf = tmp_path / "one.pdf"
    columns_pdf(pdf, 1)
    monkeypatch.delattr(GlyphCollector, "_place")
    conversion = convert(pdf.read_bytes())
    page = conversion.pages[0]
    assert not page.empty
    assert page.error is not None and "AttributeError" in page.error


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
    text = render([page(1, cell, note, rest)], Options())
    assert text.split("\n\n") == ["12 weeks", note.lines[0].text + " " + rest.lines[0].text + "\n"]


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
