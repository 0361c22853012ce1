"""Reference lists in real documents (SPEC §6, §10): each numbered reference is one paragraph,
its lines going on at the hanging indent even after a line that ends in a full stop."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pdfprose import Conversion, convert

pytestmark = pytest.mark.corpus


def test_who_reference_split_after_a_full_stop_is_one_paragraph(
        whole_document: Callable[[str], Conversion]) -> None:
    # who_hcv_guidelines p. 134: "...meta-regression. Hepatology." runs to the references'
    # edge (x1 = 419.5) and reference 13 goes on at its hanging indent (x0 = 54) with
    # "2008;48:418-31. ..."; the page number "109" (x1 = 447.5) in the same block made the
    # line look 3 em short, so the rest of the reference was a paragraph of its own.
    pages = whole_document("real/who_hcv_guidelines_155p.pdf").pages
    texts = [" ".join(l.text for l in p.lines) for p in pages[133].paragraphs]
    assert ("13. Thein HH, Yi Q, Dore GJ, Krahn MD. Estimation of stage-specific fibrosis "
            "progression rates in chronic hepatitis C virus infection: a meta-analysis and "
            "meta-regression. Hepatology. 2008;48:418-31. doi: 10.1002/hep.22375") in texts
    # An author list ending in "et al." at the edge, and the next reference still apart.
    rutter = next(t for t in texts if t.startswith("22. Rutter K"))
    assert rutter.endswith("Aliment Pharmacol Ther. 2015;41:521-31. doi: 10.1111/apt.13085")
    assert any(t.startswith("23. Younossi ZM") for t in texts)


@pytest.mark.parametrize(("name", "page", "entries"), [
    # ieee_2col_diffprivacy p. 12: "[8]" ends "...March 4-7, 2006, pp. 265–284." 16 pt before
    # the column's edge, under 3 em of its 7.7 pt; "[13]" ends "...Apr. 2011." as near; "[27]"
    # ends with a URL and no full stop.
    ("real/ieee_2col_diffprivacy_ligatures.pdf", 12,
     [("[8] C. Dwork, F. McSherry", "pp. 265–284."),
      ("[9] J. Soria-Comas and J. Domingo-Ferrer", "pp. 200–214, 2013."),
      ("[13] R. Sarathy and K. Muralidhar", "Apr. 2011."),
      ("[14] A. Friedman and A. Schuster", "pp. 493–502."),
      ("[27] C. Dwork and G. N. Rothblum", "http://arxiv.org/abs/1603.01887"),
      ("[28] D. Kifer and B.-R. Lin", None)]),
    # tracemonkey p. 14: "[3] SPECJVM98 - http://www.spec.org/jvm98/." fills its narrow block.
    ("real/tracemonkey_pldi09_2col.pdf", 14,
     [("[3] SPECJVM98", "http://www.spec.org/jvm98/."),
      ("[4] SpiderMonkey (JavaScript-C)", None)]),
])
def test_reference_entry_after_a_full_width_line_starts_a_paragraph(
        page_paragraphs, name: str, page: int,
        entries: list[tuple[str, str | None]]) -> None:
    # A line that starts with the next bracketed number of the block's references starts an
    # entry of its own, however full the line before it is.
    paragraphs = page_paragraphs(name, page)
    for start, end in entries:
        entry = next((text for text in paragraphs if text.startswith(start)), None)
        assert entry is not None, f"no paragraph starts with {start!r}"
        if end is not None:
            assert entry.endswith(end), entry
