"""Footnotes through the whole engine (issue 24): generated pages with superscript marks and
bodies under a short rule, on one column and on two (each column's notes at its own foot);
an exponent and a chemical formula's subscript stay text."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdfprose import Options
from pdfprose.engine.converter import convert

import structgen


@pytest.mark.parametrize("columns", [1, 2])
def test_generated_footnotes_in_markdown_and_text(tmp_path: Path, columns: int) -> None:
    truth = structgen.footnotes_pdf(tmp_path / "fn.pdf", columns)
    conversion = convert(truth.path.read_bytes())
    md = conversion.render(Options(format="md"))
    txt = conversion.render(Options(format="txt"))
    flat = " ".join(md.split())
    for mark, body, word in truth.facts["notes"]:  # type: ignore[attr-defined]
        assert f"\n[^{mark}]: {body}" in md
        assert f"{word}[^{mark}]" in flat
        assert f"{word}[{mark}]" in " ".join(txt.split())
        assert f"[{mark}] {body}" in txt
        # The reference comes before its definition.
        assert flat.index(f"{word}[^{mark}]") < flat.index(f"[^{mark}]: ")
    assert "as x2" in flat and "(H2O)" in flat  # not marks
    # The body text reads on over the notes: the notes are after the page's text.
    assert flat.index("across the basin.") < flat.index("[^1]: ")
