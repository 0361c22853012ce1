"""Heading levels of page-opening titles (``opener_size_ratio``): a slide program's autofit
shrinks a long title a few per cent to fit its placeholder, and the shrunk titles are still
the slides' titles, not a level below them."""

from __future__ import annotations

from pdfprose.document.headings import mark_headings
from pdfprose.model import Line, PageAnalysis, Paragraph
from pdfprose.params import DEFAULT_PARAMS


def para(text: str, top: float, size: float = 24.0) -> Paragraph:
    line = Line(text=text, x0=60, top=top, x1=60 + 0.5 * size * len(text), bottom=top + size,
                baseline=top + 0.8 * size, size=size)
    return Paragraph(lines=[line], block=0)


def item(n: int, top: float, size: float = 24.0) -> Paragraph:
    return para(f"Item {n} of the slide, long enough to be read as body text here", top, size)


def slide(number: int, title: Paragraph) -> PageAnalysis:
    return PageAnalysis(number=number, width=960, height=540,
                        paragraphs=[title, item(1, 150), item(2, 200), item(3, 250)])


def test_autofitted_slide_titles_are_one_level_with_the_others() -> None:
    """A 2004 deck: titles at 50 pt, six long ones shrunk to 48 pt, came out "##" among "#"."""
    sizes = [48.0, 50.0, 50.0, 48.0, 50.0, 50.0, 48.0, 50.0]
    titles = [para(f"Slide title number {n}", 46, size) for n, size in enumerate(sizes)]
    mark_headings([slide(n + 1, t) for n, t in enumerate(titles)])
    assert [(t.kind, t.level) for t in titles] == [("heading", 1)] * len(titles)
    assert 48.0 / 50.0 >= DEFAULT_PARAMS.opener_size_ratio


def test_near_sizes_heading_sections_inside_pages_keep_two_levels() -> None:
    """Sections at 16 pt and subsections at 15 pt, each under text on its page, are two
    levels: only sizes whose every heading opens its page share one."""
    pages = []
    heads = []
    for n in range(4):
        section, sub = para(f"Section {n}", 300, 16.0), para(f"Subsection {n}.1", 400, 15.0)
        heads += [section, sub]
        pages.append(PageAnalysis(number=n + 1, width=960, height=540, paragraphs=[
            item(1, 100, 12.0), section, item(2, 350, 12.0), sub, item(3, 450, 12.0)]))
    mark_headings(pages)
    assert [(h.kind, h.level) for h in heads] == [("heading", 1), ("heading", 2)] * 4


def test_page_openers_of_clearly_different_sizes_keep_two_levels() -> None:
    """Chapter titles at 50 pt and titles at 40 pt (0.8), each opening a page, are two levels."""
    titles = [para(f"Title number {n}", 46, 50.0 if n % 2 else 40.0) for n in range(6)]
    mark_headings([slide(n + 1, t) for n, t in enumerate(titles)])
    assert [t.level for t in titles] == [2, 1] * 3


def test_lead_headlines_over_other_stories_keep_their_order() -> None:
    """A newspaper's pages each open with a lead headline (30 and 28 pt) over another story's
    (20 pt): the openers are no page titles, and each size keeps its level."""
    pages, leads = [], []
    for n, size in enumerate((30.0, 28.0)):
        lead, other = para(f"Lead story {n}", 46, size), para(f"Other story {n}", 300, 20.0)
        leads.append(lead)
        pages.append(PageAnalysis(number=n + 1, width=960, height=540, paragraphs=[
            lead, item(1, 100, 12.0), item(2, 200, 12.0), other, item(3, 350, 12.0)]))
    mark_headings(pages)
    assert [(h.kind, h.level) for h in leads] == [("heading", 1), ("heading", 2)]
