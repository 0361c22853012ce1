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
