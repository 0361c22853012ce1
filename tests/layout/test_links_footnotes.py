"""Text-level knowledge on plain data (:mod:`pdfprose.layout.links`,
:mod:`pdfprose.layout.footnotes`): hand-built lines first, then generated pages read through
the engine's parser and line builder."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdfprose.pdf.links import page_indices, read_links
from pdfprose.layout.footnotes import FootLine, Rule, Run, find_footnotes, find_table_notes
from pdfprose.layout.links import LinkGlyph, LinkTarget, link_spans

import structgen


def _glyphs(text: str, x: float = 0.0, top: float = 0.0, width: float = 5.0) -> list[LinkGlyph]:
    return [LinkGlyph(ch, (x + width * i, top, x + width * (i + 1), top + 10))
            for i, ch in enumerate(text)]


# -- link text -----------------------------------------------------------------------------

def test_link_over_words_trims_the_full_stop() -> None:
    glyphs = _glyphs("This is a link.")
    # The rectangle catches "a link." (the stop's centre is inside).
    links = [LinkTarget(((40.0, 0.0, 75.0, 10.0),), "https://example.org/")]
    (span,) = link_spans(glyphs, links)
    assert span.text == "a link" and (span.start, span.end) == (8, 14)


def test_link_wrapping_onto_the_next_line_is_one_link() -> None:
    line1 = _glyphs("see Portable ", top=0)
    line2 = _glyphs("Document Format now", top=20)
    glyphs = line1 + line2
    links = [LinkTarget(((20.0, 0.0, 60.0, 10.0),), "u"),
             LinkTarget(((0.0, 20.0, 75.0, 30.0),), "u")]
    (span,) = link_spans(glyphs, links)
    assert span.text == "Portable Document Format"


def test_neighbouring_links_with_other_targets_stay_apart() -> None:
    glyphs = _glyphs("Slack, LinkedIn")
    links = [LinkTarget(((0.0, 0.0, 25.0, 10.0),), "a"), LinkTarget(((35.0, 0.0, 75.0, 10.0),), "b")]
    assert [(s.text, s.target) for s in link_spans(glyphs, links)] == [("Slack", "a"),
                                                                       ("LinkedIn", "b")]


def test_brackets_kept_when_balanced() -> None:
    glyphs = _glyphs("(see Slack (software)).")
    links = [LinkTarget(((25.0, 0.0, 115.0, 10.0),), "u")]
    (span,) = link_spans(glyphs, links)
    assert span.text == "Slack (software)"


def test_generated_links_cover_their_words(tmp_path: Path) -> None:
    """The generated link page through the engine's parser: each web link covers exactly its
    words (the two-line link is one), the javascript: link is not a web link."""
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    from pdfprose.layout.lines import build_lines
    from pdfprose.pdf.document import open_pdf

    truth = structgen.links_pdf(tmp_path / "links.pdf")
    document = PDFDocument(PDFParser(truth.path.open("rb")))
    pages = list(PDFPage.create_pages(document))
    annots = [l for l in read_links(pages[0], page_indices(pages), document) if l.web]
    page = next(open_pdf(truth.path.read_bytes()).iter_pages())
    lines, _ = build_lines(list(page.glyphs))
    glyphs = [LinkGlyph(g.text, (g.x0, g.top, g.x1, g.bottom))
              for line in sorted(lines, key=lambda l: l.top) for g in line.glyphs]
    spans = link_spans(glyphs, [LinkTarget(a.boxes, a.uri) for a in annots])
    got = [(" ".join(s.text.split()), s.target) for s in spans]
    expected = list(truth.facts["links"])  # type: ignore[arg-type]
    visible = truth.facts["visible_url"]
    assert got == [expected[0], expected[1], (visible, visible), expected[2]]


# -- footnotes -----------------------------------------------------------------------------

def _line(*parts: tuple[str, float, float], column: int = 0, x: float = 72.0) -> FootLine:
    """A line from (text, size, baseline) parts set side by side, 0.5 em per character."""
    runs = []
    for text, size, baseline in parts:
        width = 0.5 * size * len(text)
        runs.append(Run(text, x, x + width, baseline, size))
        x += width
    return FootLine(tuple(runs), column)


def test_footnotes_on_hand_built_page() -> None:
    lines = [
        _line(("The court held that the statute", 10, 100), ("1", 6, 96.5),
              (" applies, and the area grows as x", 10, 100)),
        _line(("as x", 10, 113), ("2", 6, 109.5), (" while water (H", 10, 113), ("2", 6, 115),
              ("O) stays level", 10, 113), ("2", 6, 109.5), (".", 10, 113)),
        _line(("1", 6, 720.5), ("See the statute at section 1.", 8, 724)),
        _line(("2", 6, 734.5), ("Measured over twenty years by the", 8, 738)),
        _line(("survey of the basin.", 8, 748)),
    ]
    found = find_footnotes(lines, [Rule(72, 200, 712)], 842)
    assert [(n.mark, n.text) for n in found.notes] == [
        ("1", "See the statute at section 1."),
        ("2", "Measured over twenty years by the survey of the basin.")]
    # The exponent after "x" and the subscript of H2O are not marks; "level" takes mark 2.
    assert [(m.line, m.run, m.mark) for m in found.marks] == [(0, 1, "1"), (1, 5, "2")]


def test_unraised_body_marks_and_no_rule() -> None:
    lines = [
        _line(("A default", 10, 100), ("6", 6, 96.5), (" is a peculiar event in the case", 10, 100)),
        _line(("of sovereigns, and the market prices it as such every day.", 10, 113)),
        _line(("6 A default is a very peculiar event for sovereigns.", 8, 760)),
    ]
    found = find_footnotes(lines, [], 842)
    assert [(n.mark, n.text) for n in found.notes] == [
        ("6", "A default is a very peculiar event for sovereigns.")]
    assert [m.mark for m in found.marks] == ["6"]


def test_notes_over_the_page_number_and_a_line_starting_with_a() -> None:
    # The page's number, in the body's size, stands under the column's notes; the note's
    # second line starts with the article "a", not a note's letter mark (the notes are
    # numbered).
    lines = [
        _line(("to give alternative texts for graphics inclusion, and", 10, 588)),
        _line(("to specify the heading rows of tables.", 10, 600), ("1", 6, 596.5),
              (" The docu-", 10, 600)),
        _line(("1", 6, 720.5), ("The current markup for tables is temporary and", 8, 724)),
        _line(("a new interface will be developed.", 8, 734)),
        _line(("7", 10, 790)),
    ]
    found = find_footnotes(lines, [], 842)
    assert [(n.mark, n.text) for n in found.notes] == [
        ("1", "The current markup for tables is temporary and a new interface will be "
              "developed.")]
    assert [m.mark for m in found.marks] == ["1"]


def test_a_caption_under_small_print_is_no_page_number() -> None:
    # Small print in the lower half, then a table's caption in the body's size standing apart
    # under it (the table itself is no text line): the caption is no page number to read the
    # notes over, and the small print stays where it is.
    lines = [
        _line(("We recommend the following regimens in adults and in", 10, 420)),
        _line(("children: SOF/DCV", 10, 432), ("1", 6, 428.5), (" for twelve weeks.", 10, 432)),
        _line(("1 Most widely used regimen in adults due to its low cost.", 7, 460)),
        _line(("TABLE 4.1. Duration of treatment", 10, 490)),
    ]
    assert not find_footnotes(lines, [], 842).notes


def test_a_sums_lower_limit_at_the_foot_is_no_note() -> None:
    # "j=1" under a sum sign, the column's last formula, in small type above the page number;
    # the index of "q_j" raised after it is no call either.
    lines = [
        _line(("Define the total number of prime factors of N as the sum", 10, 600)),
        _line(("of the exponents, over all of its distinct prime factors", 10, 612)),
        _line(("Omega(N) := a + 2 sum q", 10, 700), ("j", 6, 697), (" b", 10, 700)),
        _line(("j=1", 6, 712)),
        _line(("7", 10, 790)),
    ]
    assert not find_footnotes(lines, [], 842).notes


def test_small_print_without_marks_is_no_footnote() -> None:
    lines = [_line(("Body text of the page.", 10, 100)),
             _line(("Printed in Spain. All rights reserved.", 7, 800))]
    assert not find_footnotes(lines, [], 842).notes


def _foot_lines(path: Path, columns: int) -> tuple[list[FootLine], list[Rule], float]:
    """The generated page's lines as runs of one size and baseline, column by column, through
    the engine's parser and line builder (which hangs superscripts on their line)."""
    from pdfprose.layout.lines import build_lines
    from pdfprose.pdf.document import open_pdf

    page = next(open_pdf(path.read_bytes()).iter_pages())
    lines, _ = build_lines(list(page.glyphs))
    out: list[FootLine] = []
    for line in lines:
        runs: list[Run] = []
        for g in line.glyphs:
            if runs and runs[-1].size == g.size and abs(runs[-1].baseline - g.bottom) < 0.1:
                last = runs[-1]
                runs[-1] = Run(last.text + g.text, last.x0, g.x1, last.baseline, last.size)
            else:
                # The box's bottom moves with the text rise; Glyph.baseline does not.
                runs.append(Run(g.text, g.x0, g.x1, g.bottom, g.size))
        column = 0 if columns == 1 or line.x0 < page.width / 2 else 1
        out.append(FootLine(tuple(runs), column))
    out.sort(key=lambda l: (l.column, l.top))
    # The generator's rules, in page space (its foot rule is at y 118 of an 842 pt page).
    left = [72.0] if columns == 1 else [72.0, 313.0]
    width = 451.0 if columns == 1 else 210.0
    rules = [Rule(x, x + 0.3 * width, page.height - 118) for x in left]
    return out, rules, page.height


@pytest.mark.parametrize("folio", [False, True])
def test_generated_footnotes(tmp_path: Path, folio: bool) -> None:
    # With a folio: the page's number under the notes, and a note's line that starts with
    # "a", which goes on with the numbered note before it.
    for columns in (1, 2):
        truth = structgen.footnotes_pdf(tmp_path / f"fn{columns}.pdf", columns, folio)
        lines, rules, height = _foot_lines(truth.path, columns)
        found = find_footnotes(lines, rules, height)
        notes = truth.facts["notes"]
        assert [(n.mark, n.text) for n in found.notes] == [(m, t) for m, t, _ in notes]  # type: ignore[union-attr]
        # Each mark follows its word; the exponent "x2" and "H2O" gave none.
        followed = [lines[m.line].runs[m.run - 1].text.split()[-1] for m in found.marks]
        assert followed == [w for _, _, w in notes]  # type: ignore[union-attr]


def test_reference_list_under_superscript_citations_is_no_footnote() -> None:
    """A Nature-style column: superscript citation numbers in the text, the numbered
    reference list ("2. Ladd, ...") at the column's foot in small type."""
    lines = [
        _line(("Trapped ions are a leading platform", 10, 100), ("2", 6, 96.5),
              (" for quantum computing", 10, 100)),
        _line(("with long coherence times and high fidelity gates.", 10, 113)),
        _line(("2. Ladd, T. D. et al. Quantum computers. Nature 464, 45 (2010).", 8, 760)),
    ]
    assert not find_footnotes(lines, [], 842).notes


def test_only_a_line_with_a_small_mark_glyph_may_call_a_note() -> None:
    """The footnote stage cuts a page into runs only when some line has a glyph small enough
    to be a raised mark and made of a mark's characters: small capitals ("NASA" set with
    reduced capitals) call no note, a raised "1" or "†" may."""
    from pdfprose.layout.notes import may_hold_mark
    from pdfprose.model import Glyph, Line

    def line(*parts: tuple[str, float]) -> Line:
        glyphs = [Glyph(text=ch, x0=5.0 * i, top=90.0 - size, x1=5.0 * i + 5, bottom=92.0,
                        baseline=90.0, size=size, font="F")
                  for i, (ch, size) in enumerate(parts)]
        return Line("".join(ch for ch, _ in parts), 0.0, 80.0, 5.0 * len(parts), 92.0, 90.0, 10.0,
                    glyphs=glyphs)

    small_caps = line(("N", 10.0), ("A", 7.0), ("S", 7.0), ("A", 7.0))
    assert not may_hold_mark(small_caps, 0.85)
    for mark in ("1", "†", "a"):
        assert may_hold_mark(line(("w", 10.0), ("o", 10.0), (mark, 6.0)), 0.85)
    assert not may_hold_mark(line(("w", 10.0), ("1", 9.5)), 0.85)  # not smaller enough


def test_link_wrapping_beside_a_ruled_infobox_stays_one_paragraph(tmp_path: Path) -> None:
    """An infobox's title on a row between the column's first two lines, its ruled frame
    under an em from the column's text (its cells' text further): the column is read whole,
    its wrapped link is one, and the title comes with its table after it."""
    from pdfprose import Options
    from pdfprose.engine.converter import convert

    truth = structgen.infobox_pdf(tmp_path / "infobox.pdf")
    md = convert(truth.path.read_bytes()).render(Options(format="md"))
    text, url = truth.facts["link"]  # type: ignore[misc]
    assert f"[{text}]({url})" in md
    paragraphs = md.split("\n\n")
    first = paragraphs[0].replace(f"[{text}]({url})", text)
    assert first == truth.facts["paragraph"]
    title = truth.facts["title"]
    key, value = truth.facts["cells"]  # type: ignore[misc]
    assert md.index(f"{title}\n") < md.index(f"| {key} | {value} |")


def test_table_notes_under_the_table_called_from_its_cells() -> None:
    # A table's header cell "Total" carries a raised 1; its note stands right under the table
    # in smaller type than the page's 12 pt body, then the prose goes on.
    cells = [_line(("Program", 10, 470), x=100), _line(("Total", 10, 470), ("1", 6.5, 466.5), x=380),
             _line(("Human drugs", 10, 486), x=100), _line(("$70,161", 10, 486), x=380)]
    under = [_line(("1", 6.5, 506.5), ("The 2008 total includes the pay increase.", 10, 510)),
             _line(("Generic drugs cost less than the brands they replace.", 12, 540))]
    found = find_table_notes(cells, under, 12.0)
    assert [(n.mark, n.text) for n in found.notes] == [
        ("1", "The 2008 total includes the pay increase.")]
    assert [(m.line, m.run, m.mark) for m in found.marks] == [(1, 1, "1")]
    # Prose in the body's size under the table is no note, whatever it starts with.
    prose = [_line(("1 The 2008 total includes the pay increase.", 12, 510))]
    assert not find_table_notes(cells, prose, 12.0).notes


def test_generated_table_note_is_a_footnote_of_its_cell(tmp_path: Path) -> None:
    from pdfprose import Options
    from pdfprose.engine.converter import convert

    truth = structgen.table_note_pdf(tmp_path / "table_note.pdf")
    conversion = convert(truth.path.read_bytes())
    md = conversion.render(Options(format="md"))
    txt = conversion.render(Options(format="txt"))
    mark, note, cell = truth.facts["mark"], truth.facts["note"], truth.facts["cell"]
    assert f"| {cell}[^{mark}] |" in md
    assert f"\n[^{mark}]: {note}\n" in md
    assert f"\t{cell}[{mark}]\n" in txt and f"\n[{mark}] {note}\n" in txt
    # The prose after the table is no longer cut by the note.
    assert md.index(f"| {cell}") < md.index(str(truth.facts["after"])) < md.index(f"[^{mark}]:")
