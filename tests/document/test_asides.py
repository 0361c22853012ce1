"""Pull quotes and sidebars inside a paragraph's flow (issue 22, pdfprose.document.asides), and
the words broken around them, on hand-built pages (page space: points, origin top left)."""

from __future__ import annotations

from pdfprose.document.passes import run_document_passes
from pdfprose.model import Line, PageAnalysis, Paragraph
from pdfprose.options import Options
from pdfprose.output.render import document_vocabulary, render

PROSE = ("The committee examined every proposal of the council and then it reported on the "
         "matter to the assembly of the region.")


def lines(texts: list[str], top: float, size: float = 10.0, x0: float = 72.0,
          bold: bool = False, italic: bool = False) -> Paragraph:
    out = []
    for k, text in enumerate(texts):
        y = top + k * 1.2 * size
        line = Line(text=text, x0=x0, top=y, x1=x0 + 250, bottom=y + size,
                    baseline=y + 0.8 * size, size=size, bold=bold, italic=italic)
        line.released_all_bold = bold  # (no glyphs: what they said)
        out.append(line)
    return Paragraph(lines=out, block=0)


def pages_of(*paragraphs: Paragraph) -> list[PageAnalysis]:
    return [PageAnalysis(number=1, width=600, height=800, paragraphs=list(paragraphs))]


def markdown(pages: list[PageAnalysis]) -> str:
    return render(pages, Options(format="md"), document_vocabulary(pages))


def test_a_pull_quote_inside_a_broken_word_is_no_heading_and_the_word_is_joined() -> None:
    before = lines([PROSE, PROSE, "the new committee which every international secretary ex-"], 100)
    quote = lines(["The hearing actually defines every", "popular machine by 159."], 150,
                  size=15.0, italic=True)
    after = lines(["tends the relevant council from an ordinary registration beside the valley.",
                   PROSE], 200)
    pages = pages_of(before, quote, after, lines([PROSE, PROSE], 300))
    run_document_passes(pages)
    assert quote.aside and quote.kind == "body"
    assert after.continues and after.continues_from == (1, 0)
    md = markdown(pages)
    assert "secretary extends the relevant council" in md
    assert "#" not in md


def test_a_sidebar_between_a_broken_word_and_its_rest_is_stepped_over() -> None:
    """A sidebar at a column's foot: a bold title at the body size and a paragraph a little
    smaller than the story's type (95 %); the story goes on in the next column."""
    before = lines([PROSE, PROSE, "the assembly of the region while an industry nor-"], 100)
    title = lines(["Detailed permit social record"], 160, size=9.5, bold=True)
    box = lines(["The village determines the brief worker beside every economy on 5 August.",
                 "The authority regulates the central river from this territory."], 180, size=9.5)
    after = lines(["mally records the new annual resolution and supports the family.", PROSE],
                  100, x0=330)
    pages = pages_of(before, title, box, after, lines([PROSE, PROSE], 300, x0=330))
    run_document_passes(pages)
    assert title.aside and box.aside
    assert after.continues_from == (1, 0)
    md = markdown(pages)
    assert "industry normally records" in md
    assert "nor-Detailed" not in md
    # The box's title names the box: a heading still, read after the story's paragraph.
    assert title.kind == "heading"
    assert md.index("supports the family.") < md.index("Detailed permit social record")


def test_a_one_line_paragraph_broken_at_a_column_foot_before_a_sidebar_is_joined() -> None:
    """The sidebars family: a paragraph starts on a column's last line and breaks a word
    there ("es-"), too short a line to pass for prose by its length; a box (a bold title and
    text at 91 % of the story's size) stands between it and its rest on the next page."""
    head = lines([PROSE, PROSE, "the assembly of the region and the council."], 100)
    before = lines(["Cada documento de Ourense es-"], 160)
    title = lines(["Ayuntamiento para subvención"], 60, size=9.1, bold=True, x0=330)
    box = lines(["Un instrumento estructural regularmente impulsa cada financiación.",
                 "Una evaluación relevante define cada frontera previa."], 75, size=9.1, x0=330)
    after = lines(["tima este órgano de Jaén desde esta solicitud y prepara la frontera.", PROSE],
                  56)
    pages = pages_of(head, before, title, box)
    pages.append(PageAnalysis(number=2, width=600, height=800, paragraphs=[after]))
    run_document_passes(pages)
    assert title.aside and box.aside
    assert after.continues and after.continues_from == (1, 1)
    assert "Ourense estima este" in markdown(pages)


def test_the_next_paragraph_of_the_story_ends_the_search_for_an_interrupted_one() -> None:
    """A paragraph set as the story's that starts in a capital is the story's next paragraph:
    nothing before it is an aside, however the paragraph before ended."""
    before = lines([PROSE, "the committee examined every proposal of the council and"], 100)
    head = lines(["Results of the survey"], 140, size=14.0)
    nxt = lines([PROSE, PROSE], 170)
    lower = lines(["and so on, as the text goes on in lowercase after all.", PROSE], 220)
    pages = pages_of(before, head, nxt, lower)
    run_document_passes(pages)
    assert not head.aside


def test_a_large_sentence_between_paragraphs_is_no_heading_but_a_question_is() -> None:
    quote = lines(["Every substantial property regulates the new traffic."], 150, size=15.0,
                  italic=True)
    question = lines(["Why is the interaction important?"], 250, size=15.0)
    pages = pages_of(lines([PROSE, PROSE], 100), quote, lines([PROSE, PROSE], 200), question,
                     lines([PROSE, PROSE], 300), lines([PROSE], 350))
    run_document_passes(pages)
    assert quote.aside and quote.kind == "body"
    assert question.kind == "heading" and question.level == 1


def test_a_web_address_after_an_unfinished_line_does_not_make_the_lines_between_asides() -> None:
    """A slide's author block ("Klaas Posselt, / Member of the / PDF Association") and the
    address under the next slide's heading: a web address is no sentence going on."""
    author = lines(["Klaas Posselt,", "Member of the", "PDF Association"], 600, size=40.0)
    for line in author.lines:
        line.x1 = line.x0 + 300  # (each line runs to the block's right edge)
    title = lines(["Topics of the talk"], 100, size=80.0)
    site = lines(["www.pdfa.org"], 700, size=40.0)
    pages = pages_of(lines(["Tagged PDF"], 100, size=140.0), author)
    pages.append(PageAnalysis(number=2, width=600, height=800, paragraphs=[title, site]))
    run_document_passes(pages)
    assert not title.aside


def test_a_tables_title_before_its_rows_is_not_taken_for_an_aside() -> None:
    """Instructions whose sentence goes on after a table (its title, its rows): a table's row
    ends the search, so its title stays a heading."""
    before = lines([PROSE, "your residency was more than $124,000. This amount is adjusted for"],
                   100)
    title = lines(["Inflation-Adjusted Amounts for Expatriation"], 140, size=13.0, bold=True)
    row = lines(["2004 .............. $124,000"], 170)
    row.cells = 2
    after = lines(["inflation every year, as the table shows for the years before.", PROSE], 200)
    pages = pages_of(before, title, row, after, lines([PROSE, PROSE], 300))
    run_document_passes(pages)
    assert not title.aside


def test_a_list_between_two_parts_of_a_footnote_is_no_aside() -> None:
    """A footnote cut by the column ("...is temporary and" / "a new interface..."), a list of
    the text between its parts: a list ends the search, its items stay items (and the text's
    paragraph broken before the footnote is not joined across them)."""
    note = lines(["1The current tagging markup for tables is temporary and it will change"],
                 100, size=8.0)
    items = [lines(["• They may be unordered bullet lists"], 130),
             lines(["• Or may be numbered lists."], 145)]
    rest = lines(["a new interface for tagging tables will be developed."], 100, size=8.0,
                 x0=330)
    pages = pages_of(lines([PROSE, PROSE], 60), note, *items, rest, lines([PROSE], 300))
    run_document_passes(pages)
    assert not any(item.aside for item in items)
    assert all(item.kind == "list_item" for item in items)


BODY = ("Dark-matter particles collide often enough at the centre of a galaxy that a core forms "
        "there, as the simulations of the last decade have shown for many of them.")


def footnote_across_a_page() -> tuple[list[PageAnalysis], dict[str, Paragraph]]:
    """astro-ph0501021 p3-p4: a footnote in a smaller type (its mark not recognised, so a
    body paragraph) is cut by the page's foot and ends under the next page's text; the text's
    own paragraph, cut before the footnote, goes on at the top of the next page."""
    text = lines([BODY, "galaxies [9,10]. At larger distances from"], 500, size=12.0)
    note = lines(["F 3For our hypothetical, very massive dark-matter particles, a",
                  "characteristic galactic number"], 700, size=10.0)
    rest = lines(["the center, other possible structure effects have been the subject of",
                  "conflicting claims [11-14]."], 80, size=12.0)
    nxt = lines([BODY, BODY, "We consider the possibility that the particles are stable."], 130,
                size=12.0)
    tail = lines(["density is 10-12 cm-3. For a significant contribution to the total energy",
                  "density a larger number is necessary."], 700, size=10.0)
    pages = [PageAnalysis(number=1, width=600, height=800, paragraphs=[text, note]),
             PageAnalysis(number=2, width=600, height=800, paragraphs=[rest, nxt, tail])]
    return pages, {"text": text, "note": note, "rest": rest, "next": nxt, "tail": tail}


def test_body_text_between_the_two_parts_of_a_footnote_is_no_aside() -> None:
    """Text set smaller than the body is outside the story: the body text between its parts
    is the story, never an aside (it was, and the text's paragraph cut before the footnote
    no longer went on over the page break)."""
    pages, p = footnote_across_a_page()
    run_document_passes(pages)
    assert not p["rest"].aside and not p["next"].aside


def test_the_texts_paragraph_cut_by_a_footnote_still_goes_on_at_the_next_page() -> None:
    pages, p = footnote_across_a_page()
    run_document_passes(pages)
    assert p["rest"].continues_from == (1, 0)
    md = markdown(pages)
    assert "At larger distances from the center, other possible" in md
    # The story's next paragraph starts a paragraph of its own.
    assert "\n\nDark-matter particles collide often" in md


def test_a_cell_between_the_two_parts_of_a_small_caption_is_still_an_aside() -> None:
    """ieee_2col_diffprivacy p9: a table's caption set smaller than the body goes on under
    the table's header cell ("...where the query is the median, e = 1 and" / "Privacy model"
    / "sensitivities are 1."): the cell, in the caption's size and another face, is no body
    text, and stays an aside of the caption."""
    body = lines([PROSE, PROSE, PROSE], 400)
    caption = lines(["95% confidence intervals of the noise distributions required by",
                     "calibration to the local sensitivity, where the query is the median, and"],
                    100, size=7.7)
    cell = lines(["Privacy model", "95% interval"], 160, size=7.7, bold=True)
    rest = lines(["sensitivities are 1."], 143, size=7.7)
    for line in caption.lines:
        line.x1 = line.x0 + 250  # (the caption's lines run to its right edge)
    pages = pages_of(caption, cell, rest, body)
    run_document_passes(pages)
    assert cell.aside
    assert rest.continues_from == (1, 0)  # the caption goes on, past the cell
