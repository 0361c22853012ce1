"""Bookmarks as headings through the whole engine (issue 24): a generated document whose
outline names its headings (one bookmark's title is on no page), and the matching rules on
hand-built pages."""

from __future__ import annotations

from pathlib import Path

from pdfprose import Options
from pdfprose.document.bookmarks import apply_outline, match_headings
from pdfprose.engine.converter import convert
from pdfprose.model import Line, OutlineEntry, PageAnalysis, Paragraph

import structgen


def test_outline_levels_in_markdown(tmp_path: Path) -> None:
    truth = structgen.outline_pdf(tmp_path / "outline.pdf")
    md = convert(truth.path.read_bytes()).render(Options(format="md"))
    headings = [line for line in md.splitlines() if line.startswith("#")]
    assert headings == ["#" * level + " " + text
                        for text, level in truth.facts["headings"]]  # type: ignore[attr-defined]
    assert "Summary for the board" not in md


def test_contents_line_gives_way_to_the_heading() -> None:
    entries = [OutlineEntry("Introduction", 0, 1)]
    lines = {0: ["Contents", "1 Introduction", "Body text.", "1 Introduction"]}
    assert match_headings(entries, lines) == [(0, 0, 1)]
    assert match_headings(entries, lines, preferred={0: [3]}) == [(0, 0, 3)]


def _para(text: str, kind: str = "body", level: int = 0, size: float = 10.0) -> Paragraph:
    line = Line(text=text, x0=0, top=0, x1=100, bottom=size, baseline=size, size=size)
    return Paragraph(lines=[line], block=0, kind=kind, level=level)  # type: ignore[arg-type]


def test_size_levels_follow_the_outline() -> None:
    """Two headings of one size whose bookmarks say 1 and 2 take those levels; a smaller
    heading the outline does not name goes one level under the size level it sat under."""
    a, b = _para("Part one", "heading", 1, 14), _para("Detail", "heading", 1, 14)
    c = _para("Minor point", "heading", 2, 12)
    page = PageAnalysis(number=1, width=600, height=800)
    page.paragraphs = [a, _para("Body."), b, c]
    entries = [OutlineEntry("Part one", 0, 1), OutlineEntry("Detail", 0, 2)]
    assert apply_outline([page], entries) == 2
    assert (a.level, b.level, c.level) == (1, 2, 2)
