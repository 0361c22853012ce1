"""What a tagged PDF's structure tree gives the output (issue 24), on generated tagged pages:
a figure's /Alt text where the figure stands; nothing from tags the file itself doubts."""

from __future__ import annotations

from pathlib import Path

from pdfprose import Options
from pdfprose.engine.converter import convert

import structgen


def test_figure_alt_text_where_the_figure_stands(tmp_path: Path) -> None:
    truth = structgen.tagged_pdf(tmp_path / "tagged.pdf")
    conversion = convert(truth.path.read_bytes())
    md = conversion.render(Options(format="md"))
    txt = conversion.render(Options(format="txt"))
    alt = truth.facts["alt"]
    assert f"\n*\\[{alt}\\]*\n" in md
    assert f"\n[{alt}]\n" in txt
    # The figure is drawn under the table: it follows the table's text.
    assert md.index("beta") < md.index(alt)


def test_doubted_tags_give_no_figure(tmp_path: Path) -> None:
    truth = structgen.tagged_pdf(tmp_path / "suspect.pdf", suspects=True)
    md = convert(truth.path.read_bytes()).render(Options(format="md"))
    assert str(truth.facts["alt"]) not in md


def _line(text: str, tag: str, unit: int, size: float = 10.0, bold: bool = False):  # type: ignore[no-untyped-def]
    from pdfprose.model import Line

    return Line(text=text, x0=0, top=0, x1=100, bottom=size, baseline=size, size=size,
                released_all_bold=bold, tag=tag, unit=unit)


def test_tags_verdicts_on_hand_built_lines() -> None:
    from pdfprose.layout.tagged import verdict

    body = "Body text of the page set in the size of the body, long enough to count."
    honest = [_line("Results", "H2", 1, 14, True), _line(body, "P", 2), _line(body, "P", 3),
              _line("3", "Artifact", -1)]
    assert verdict(honest) == "used"
    lying = [_line("Results", "H1", 1, 14, True), _line(body, "H1", 2), _line(body, "H1", 3)]
    assert verdict(lying) == "distrusted: heading tags on body text"
    # A run-in heading in body type is a heading still.
    assert verdict([_line("Scope.", "H3", 1), _line(body, "P", 2)]) == "used"
    missed = honest + [_line(body, "", -1)]
    assert verdict(missed) == "distrusted: text outside the tags"


def test_tag_headings_only_on_pages_that_use_them() -> None:
    from pdfprose.document.tags import apply_tags
    from pdfprose.model import PageAnalysis, Paragraph

    def page(verdict: str) -> tuple[PageAnalysis, Paragraph, Paragraph]:
        head = Paragraph(lines=[_line("Background", "H2", 4)], block=0)
        two = Paragraph(lines=[_line("Sales rose.", "H1", 2), _line("Then fell.", "H1", 3)],
                        block=0)
        p = PageAnalysis(number=1, width=600, height=800, tags=verdict)
        p.paragraphs = [head, two]
        return p, head, two

    used, head, two = page("used")
    assert apply_tags([used]) == 1
    assert (head.kind, head.level) == ("heading", 2)
    assert two.kind == "body"  # two heading elements in one paragraph: geometry disagrees
    doubted, head, _ = page("distrusted: heading tags on body text")
    assert apply_tags([doubted]) == 0 and head.kind == "body"


def test_lying_tags_are_distrusted_in_the_report(tmp_path: Path) -> None:
    truth = structgen.tagged_pdf(tmp_path / "lying.pdf", lying=True)
    conversion = convert(truth.path.read_bytes())
    assert conversion.pages[0].summary()["tags"].startswith("distrusted")
    md = conversion.render(Options(format="md"))
    assert "# Sales rose" not in md and "\nSales rose in every month" in md
    honest = convert(structgen.tagged_pdf(tmp_path / "honest.pdf").path.read_bytes())
    assert honest.pages[0].summary()["tags"] == "used"
