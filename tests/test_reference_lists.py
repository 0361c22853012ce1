"""Reference lists in real documents (SPEC §6, §10): each numbered reference is one paragraph,
its lines going on at the hanging indent even after a line that ends in a full stop."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pdfprose import convert

pytestmark = pytest.mark.corpus


def test_who_reference_split_after_a_full_stop_is_one_paragraph(
        corpus_file: Callable[[str], Path]) -> None:
    # who_hcv_guidelines p. 134: "...meta-regression. Hepatology." runs to the references'
    # edge (x1 = 419.5) and reference 13 goes on at its hanging indent (x0 = 54) with
    # "2008;48:418-31. ..."; the page number "109" (x1 = 447.5) in the same block made the
    # line look 3 em short, so the rest of the reference was a paragraph of its own.
    pages = convert(corpus_file("real/who_hcv_guidelines_155p.pdf").read_bytes()).pages
    texts = [" ".join(l.text for l in p.lines) for p in pages[133].paragraphs]
    assert ("13. Thein HH, Yi Q, Dore GJ, Krahn MD. Estimation of stage-specific fibrosis "
            "progression rates in chronic hepatitis C virus infection: a meta-analysis and "
            "meta-regression. Hepatology. 2008;48:418-31. doi: 10.1002/hep.22375") in texts
    # An author list ending in "et al." at the edge, and the next reference still apart.
    rutter = next(t for t in texts if t.startswith("22. Rutter K"))
    assert rutter.endswith("Aliment Pharmacol Ther. 2015;41:521-31. doi: 10.1111/apt.13085")
    assert any(t.startswith("23. Younossi ZM") for t in texts)
