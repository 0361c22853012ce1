"""Text cut by a column or page break and footnotes at a page's foot (issue 22, the layout
benchmark's footnotes and wrapped-headings families): a list item goes on across the break, an
amount at the top of the next column ends the sentence before it, footnotes set side by side
under two columns are read column by column, and a footnote is never a running footer."""

from __future__ import annotations

from pdfprose.document.continuation import link_continuations, mark_continuations
from pdfprose.document.furniture import mark_furniture
from pdfprose.layout.notes import gather_foot_band
from pdfprose.model import Block, Line, PageAnalysis, Paragraph
from pdfprose.options import Options
from pdfprose.output.render import render

HEIGHT = 800.0


def line(text: str, top: float, size: float = 10.0, x0: float = 72.0,
         x1: float | None = None) -> Line:
    return Line(text=text, x0=x0, top=top, x1=x0 + 5 * len(text) if x1 is None else x1,
                bottom=top + size, baseline=top + 0.8 * size, size=size)


def para(text: str, top: float, size: float = 10.0, block: int = 0, x0: float = 72.0,
         kind: str = "body", marker: str = "") -> Paragraph:
    return Paragraph(lines=[line(text, top, size, x0)], block=block, kind=kind,  # type: ignore[arg-type]
                     marker=marker)


def page(number: int, *paragraphs: Paragraph) -> PageAnalysis:
    return PageAnalysis(number=number, width=600, height=HEIGHT, paragraphs=list(paragraphs))


def body_text(n: int) -> Paragraph:
    return para(f"Body text of page {n} that is long enough to be the body of the page.", 300,
                block=1)


def test_footnotes_in_one_place_numbered_in_step_with_the_page_are_not_furniture() -> None:
    """One two-line note per page, numbered 1, 2, 3 on pages 1-3, each at the same height: as
    a numbered footer would stand. The footnote stage took them (the text calls their marks):
    they are content; the same lines as plain text are a numbered footer."""
    notes = ["The survey was repeated in spring.", "See the appendix for the full table.",
             "Two orchards declined to answer."]

    def pages(kind: str) -> list[PageAnalysis]:
        return [page(n, body_text(n), para(f"{n} {notes[n - 1]}", 740, size=8, kind=kind,
                                           marker=str(n) if kind == "footnote" else ""))
                for n in (1, 2, 3)]

    taken = pages("footnote")
    mark_furniture(taken)
    assert not any(p.furniture for pg in taken for p in pg.paragraphs)
    plain = pages("body")
    mark_furniture(plain)
    assert all(pg.paragraphs[1].furniture for pg in plain)


def test_a_list_item_goes_on_across_a_page_break() -> None:
    item = para("4. Each provisional machine publicly expands each education without this ship-",
                700, kind="list_item", marker="4.")
    folio = para("Page 1 of 5", 770)
    folio.furniture = True
    rest = para("ment of Thornbury.", 72, x0=90)
    after = para("The new traditional difference confirms this education.", 100)
    pages = [page(1, para("3. The ministry by 21.1 million", 680, kind="list_item", marker="3."),
                  item, folio), page(2, rest, after)]
    mark_continuations(pages)
    assert rest.continues and not after.continues
    md = render(pages, Options(format="md"))
    assert "4. Each provisional machine publicly expands each education without this shipment " \
           "of Thornbury.\n" in md


def test_an_amount_atop_the_next_column_ends_the_sentence_cut_before_it() -> None:
    """"...en un" at a column's foot, "685. No obstante" atop the next: a number no list starts
    with, after prose cut mid-sentence, is the sentence's last word, not a list item."""
    cut = para("el proceso contribuye este archivo internacional en un", 700)
    amount = para("685. No obstante, el órgano nacional modifica la obligación.", 72, block=1,
                  x0=320, kind="list_item", marker="685.")
    year = para("2010 sobre cada requisito central el 17 de febrero.", 72, block=1, x0=320)
    cut_before_year = para("Un servicio el 23 de septiembre de cada año y cada día de", 700)
    pages = [page(1, cut, amount), page(2, cut_before_year, year)]
    mark_continuations(pages)
    assert amount.continues and amount.kind == "body" and year.continues
    assert render(pages[:1], Options(format="md")).startswith(
        "el proceso contribuye este archivo internacional en un 685. No obstante")


def test_an_item_atop_the_next_column_stays_an_item() -> None:
    """The next item of a list ("3." after "2."), a list's first item, or an item after a
    finished sentence, atop the next column, starts an item of its own."""
    second = para("2. The second item of the list goes on to the foot of the column", 700,
                  kind="list_item", marker="2.")
    third = para("3. The third item atop the next column.", 72, block=1, x0=320,
                 kind="list_item", marker="3.")
    intro = para("The committee adopted the following measures in its meeting of", 700)
    first = para("1. Measures for the harbour.", 72, block=1, x0=320, kind="list_item",
                  marker="1.")
    done = para("The committee adopted the following measures in its last meeting.", 700)
    numbered = para("5. Measures for the harbour.", 72, block=1, x0=320, kind="list_item",
                    marker="5.")
    pages = [page(1, second, third), page(2, intro, first), page(3, done, numbered)]
    mark_continuations(pages)
    link_continuations(pages)
    assert not any(p.continues for p in (third, first, numbered))
    assert [p.kind for p in (third, first, numbered)] == ["list_item"] * 3


def _block(lines: list[Line], order: int, region: int, column: int, columns: int) -> Block:
    return Block(lines=lines, order=order, region=region, column=column, columns=columns,
                 x0=min(l.x0 for l in lines), top=min(l.top for l in lines),
                 x1=max(l.x1 for l in lines), bottom=max(l.bottom for l in lines))


def test_footnotes_side_by_side_under_two_columns_go_back_to_their_columns() -> None:
    """Two notes of two lines each under two columns, at one height: two strips, which the
    XY-cut reads row by row as one block; each line goes back to the column it stands in."""
    left = _block([line("Each community announces the provisional", 100, x1=300),
                   line("justice against the authority.", 112, x1=300)], 0, 0, 0, 2)
    right = _block([line("The survey of Calder assesses the minister", 100, x0=310, x1=540),
                    line("inside this programme by 32.5 million.", 112, x0=310, x1=540)],
                   1, 0, 1, 2)
    notes = [line("4 A company illustrates this review on 14 Janu-", 760, 7.6, x1=290),
             line("3 The popular protection supports every information", 760, 7.6, x0=310,
                  x1=530),
             line("ary 2000 through every proportional payment.", 769, 7.6, x0=81, x1=280),
             line("behind this reservoir.", 769, 7.6, x0=318, x1=400)]
    band = _block(notes, 2, 1, 0, 1)
    blocks = gather_foot_band([left, right, band])
    assert blocks == [left, right] and [b.order for b in blocks] == [0, 1]
    assert left.lines[2:] == [notes[0], notes[2]] and right.lines[2:] == [notes[1], notes[3]]
    assert left.bottom == notes[2].bottom


def test_a_note_across_the_page_under_two_columns_stays_whole() -> None:
    left = _block([line("Each community announces the provisional", 100, x1=300)] * 3, 0, 0, 0, 2)
    right = _block([line("The survey of Calder assesses the minister", 100, x0=310, x1=540)] * 3,
                   1, 0, 1, 2)
    notes = [line("1 A note set across the whole page under both columns of the text", 760, 7.6,
                  x1=540),
             line("and its second line.", 769, 7.6, x0=81, x1=200)]
    band = _block(list(notes), 2, 1, 0, 1)
    assert gather_foot_band([left, right, band]) == [left, right, band]
    assert band.lines == notes and len(left.lines) == 3


def test_a_number_atop_the_next_column_after_a_number_or_a_label_starts_anew() -> None:
    """A contents entry ends in its page number ("... 25" / "7 DEMANTELEMENT ..."), an author
    list in an affiliation mark ("M.Zöller.1" / "1 I. Physikalisches"); a form's box label
    ("7a") is no sentence going on."""
    entry = para("6.2 ENTRETIEN DU SITE ..................................... 25", 700)
    chapter = para("7 DEMANTELEMENT ET REMISE EN ETAT .......... 26", 72, block=1, x0=320)
    box = para("1 Single resident of Canada or Mexico, or a single U.S. national", 700)
    label = para("7a", 72, block=1, x0=320)
    authors = para("Yu.Zalite,36 Z.P.Zhang,20 G.Y.Zhu,7 R.Y.Zhu,31 G.Zilizi4, M.Zöller.1", 700)
    affiliations = para("1 I. Physikalisches Institut, RWTH, D-52056 Aachen, FRG.", 72, block=1,
                        x0=320)
    pages = [page(1, entry, chapter), page(2, box, label), page(3, authors, affiliations)]
    mark_continuations(pages)
    assert not chapter.continues and not label.continues and not affiliations.continues


def test_lowercase_text_under_an_item_in_its_column_is_not_its_rest() -> None:
    """Under an item, in the same column, lowercase text that is the item's next line but
    no rest of a broken word (a definition under "...the following:", the sentence going on
    after a displayed formula numbered "(6)") stays a paragraph of its own."""
    item = Paragraph(lines=[line("1. The outcome of the tournament. This may be one of the "
                                 "following:", 100),
                            line("the test organism never calls the divide instruction and", 112)],
                     block=0, kind="list_item", marker="1.")
    definition = para("infertile The test organism never calls the divide instruction.", 124)
    pages = [page(1, item, definition)]
    mark_continuations(pages)
    assert not definition.continues


def test_a_glossary_under_two_columns_keeps_its_rows() -> None:
    """Terms beside their definitions at the body's size under two columns (a glossary at the
    foot of the WHO guidelines' page): no note's small type, read row by row as before."""
    left = _block([line("Each community announces the provisional", 100, x1=300)] * 3, 0, 0, 0, 2)
    right = _block([line("The survey of Calder assesses the minister", 100, x0=310, x1=540)] * 3,
                   1, 0, 1, 2)
    rows = [line("Decentralization", 700, x1=200), line("The process of delegating", 700,
                                                        x0=310, x1=540),
            line("Integration", 712, x1=160), line("The co-location of services", 712, x0=310,
                                                   x1=540)]
    band = _block(list(rows), 2, 1, 0, 1)
    assert gather_foot_band([left, right, band]) == [left, right, band] and band.lines == rows


def test_a_numbered_listing_line_atop_the_next_column_is_no_sentences_end() -> None:
    prose = para("In Section 7 we evaluate our dynamic compiler based on", 700)
    listing = para("1 for (var i = 2; i < 100; ++i) {", 72, block=1, x0=320)
    pages = [page(1, prose, listing)]
    mark_continuations(pages)
    assert not listing.continues


def test_an_items_next_line_at_its_hanging_indent_goes_on_with_it() -> None:
    """The reading order cut an item's last line into a block of its own, right under it at
    the item's hanging indent: it is the item's, not a paragraph (wrapped-headings 2026-2)."""
    item = Paragraph(lines=[line("3. However, the new justice of Wex-", 208),
                            line("ford considers the university", 223, x0=90.4),
                            line("under a critical traffic during", 238, x0=90.4)],
                     block=0, kind="list_item", marker="3.")
    rest = para("every reservoir.", 253, block=1, x0=90.4)
    pages = [page(1, item, rest)]
    mark_continuations(pages)
    assert rest.continues


def test_a_footer_and_its_page_number_under_two_columns_stay_one_band() -> None:
    """A journal's footer under the left column and the page number under the right one
    (Scientific Reports), in small type: no line opens a note, the band stays as it was."""
    left = _block([line("Each community announces the provisional", 100, x1=300)] * 3, 0, 0, 0, 2)
    right = _block([line("The survey of Calder assesses the minister", 100, x0=310, x1=540)] * 3,
                   1, 0, 1, 2)
    rows = [line("SCIENTIFIC REPORTS | 5 : 8555 | DOI: 10.1038/srep08555", 762, 7.0, x1=257),
            line("3", 762, 7.0, x0=547, x1=553)]
    band = _block(list(rows), 2, 1, 0, 1)
    assert gather_foot_band([left, right, band]) == [left, right, band] and band.lines == rows
