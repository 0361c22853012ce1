"""Rows that line up across a gap are read row by row (SPEC §4): tables of contents, tables
and glossaries in real documents, each pinned where it showed. They used to be cut as columns:
all of a table of contents' entries came first, then all of its page numbers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pdfprose import Conversion, Options
from pdfprose.model import PageAnalysis

pytestmark = pytest.mark.corpus


@pytest.fixture
def document(whole_document: Callable[[str], Conversion]) -> Callable[[str], tuple[list[PageAnalysis], str]]:
    def pages_and_markdown(name: str) -> tuple[list[PageAnalysis], str]:
        conversion = whole_document(name)
        return conversion.pages, conversion.render(Options(format="md"))

    return pages_and_markdown


def _texts(page: PageAnalysis) -> list[str]:
    return [" ".join(l.text for l in p.lines) for p in page.paragraphs if not p.furniture]


def test_who_table_of_contents_entries_keep_their_page_numbers(document) -> None:
    pages, markdown = document("real/who_hcv_guidelines_155p.pdf")
    contents = _texts(pages[3])
    assert contents[:3] == ["CONTENTS", "ACKNOWLEDGEMENTS vi", "ABBREVIATIONS x"]
    assert "1.1 Objectives and scope of updated HCV guidelines 1" in contents
    # An entry wrapped onto two rows is one paragraph.
    assert ("4.1 New recommendations: treatment of adolescents (12–17 years), older children "
            "(6–11 years) and younger children (3–5 years); and existing 2018 recommendations "
            "for adults 18") in contents
    # Entries are neither headings nor list items; the title above them is a heading.
    kinds = {p.kind for p in pages[3].paragraphs
             if not p.furniture and p.lines[0].text != "CONTENTS"}
    assert kinds == {"body"}
    assert "# CONTENTS\n\nACKNOWLEDGEMENTS vi\n\nABBREVIATIONS x\n" in markdown


def test_thesis_table_of_contents_with_dot_leaders(document) -> None:
    pages, _ = document("real/geotopo_thesis_117p_type3.pdf")
    entries = [t for page in pages[:6] for t in _texts(page)]
    assert any(t.startswith("1.1 Topologische Räume .") and t.endswith(" 2") for t in entries)
    assert any(t.startswith("1.2 Metrische Räume .") and t.endswith(" 6") for t in entries)


def test_table_rows_are_read_across_the_columns(document) -> None:
    # The table stage (issue 23) reads the rows as a table: each row's cells, in its columns.
    pages, markdown = document("real/ca_warn_report_table_16p.pdf")
    tables = [p.table for p in pages[0].paragraphs if p.table is not None]
    assert len(tables) == 1 and pages[0].summary()["tables"] == 1
    rows = [[" ".join(l.text for l in c.lines) if c is not None else "" for c in row]
            for row in tables[0].grid()]
    assert ["06/22/2015", "03/25/2016", "07/01/2015", "Maxim Integrated Product", "San Jose",
            "150", "Closure Permanent"] in rows
    assert ["06/30/2015", "08/29/2015", "07/01/2015", "McGraw-Hill Education", "Monterey",
            "137", "Layoff Unknown at this time"] in rows
    assert ("| 06/22/2015 | 03/25/2016 | 07/01/2015 | Maxim Integrated Product | San Jose | 150 "
            "| Closure Permanent |") in markdown


def test_equation_numbers_stand_at_the_end_of_their_formulas(document) -> None:
    pages, markdown = document("arxiv/hep-ph0501282.pdf")
    assert "Lq = ψ̄iγµ∂µψ (9)" in _texts(pages[2])
    # The page number over the page's first line is furniture, not its first word.
    assert "3 quarks can be introduced" not in markdown
    assert "Following in particular Ref. \\[17\\], quarks can be introduced" in markdown
