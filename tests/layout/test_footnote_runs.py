"""A line cut into runs of one size and baseline for the footnote stage
(:func:`pdfprose.layout.notes.line_runs`): the column passes that tell a line of one run at once
must give what grouping glyph by glyph gives. Boxes in page space, points."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pdfprose.layout.notes import line_runs
from pdfprose.layout.textmap import follows, glyph_spans
from pdfprose.layout.runs import make_line
from pdfprose.model import Glyph


@st.composite
def lines(draw: st.DrawFn) -> list[Glyph]:
    """Glyphs left to right: all of one size, baseline and bottom, or not; fonts mixed."""
    n = draw(st.integers(1, 12))
    uniform = draw(st.booleans())
    x = 0.0
    out = []
    for _ in range(n):
        text = draw(st.sampled_from(["a", "b", "1", "*", " ", "fi", "é"]))
        size = 10.0 if uniform else draw(st.sampled_from([10.0, 6.0, 0.0]))
        baseline = 100.0 if uniform else draw(st.sampled_from([100.0, 96.5]))
        hang = 2.0 if uniform else draw(st.sampled_from([2.0, 1.2, -0.5]))
        font = draw(st.sampled_from(["Times-Roman", "Times-Bold", "CMR7"]))
        x += draw(st.sampled_from([0.0, 0.5, 2.5]))
        out.append(Glyph(text, x, baseline - 0.8 * size, x + 5.0, baseline + hang, baseline,
                         size, font))
        x += 5.0
    return out


@settings(max_examples=300, deadline=None)
@given(lines())
def test_the_one_run_path_agrees_with_glyph_by_glyph(glyphs: list[Glyph]) -> None:
    line = make_line(glyphs)
    assert line_runs(line) == line_runs(line, by_glyph=True)


def test_a_line_of_one_size_and_baseline_is_one_run_at_its_raised_baseline() -> None:
    # Every glyph hangs 1.5 pt under its baseline: the font's descent, so no rise is read.
    glyphs = [Glyph(t, 6.0 * k, 92.0, 6.0 * k + 6.0, 101.5, 100.0, 10.0, "Times-Roman")
              for k, t in enumerate("Note")]
    runs, spans = line_runs(make_line(glyphs))
    assert len(runs) == 1
    assert (runs[0].text, runs[0].x0, runs[0].x1, runs[0].baseline, runs[0].size) == \
        ("Note", 0.0, 24.0, 100.0, 10.0)
    assert spans == [(0, 4)]


def test_a_raised_mark_is_a_run_of_its_own() -> None:
    glyphs = [Glyph(t, 6.0 * k, 92.0, 6.0 * k + 6.0, 101.5, 100.0, 10.0, "Times-Roman")
              for k, t in enumerate("text")]
    glyphs.append(Glyph("1", 24.5, 91.0, 28.0, 97.5, 96.5, 6.0, "Times-Roman"))
    runs, _ = line_runs(make_line(glyphs))
    assert [(r.text, r.size) for r in runs] == [("text", 10.0), ("1", 6.0)]


@st.composite
def texts_and_glyphs(draw: st.DrawFn) -> tuple[str, list[Glyph]]:
    """Glyph texts of one character, several, a drawn space or an odd blank, and a text made
    from them with word spaces here and there, sometimes with a character changed, dropped or
    put in."""
    texts = draw(st.lists(st.sampled_from(["a", "b", "1", " ", "\u00a0", "fi", "e\u0301"]),
                          min_size=1, max_size=10))
    parts = []
    for t in texts:
        core = t.strip()
        parts.append(core + (" " if draw(st.booleans()) else ""))
    text = "".join(parts).strip()
    if text and draw(st.booleans()):
        k = draw(st.integers(0, len(text) - 1))
        text = text[:k] + draw(st.sampled_from(["x", " ", ""])) + text[k + draw(st.integers(0, 1)):]
    glyphs = [Glyph(t, 5.0 * k, 92.0, 5.0 * k + 5.0, 101.5, 100.0, 10.0, "Times-Roman")
              for k, t in enumerate(texts)]
    return text, glyphs


@settings(max_examples=400, deadline=None)
@given(texts_and_glyphs())
def test_follows_says_yes_only_where_the_walk_finds_every_glyph(
        case: tuple[str, list[Glyph]]) -> None:
    text, glyphs = case
    if follows(text, glyphs):
        assert glyph_spans(text, glyphs) is not None
    elif all(len(g.text.strip()) <= 1 for g in glyphs) \
            and text.replace(" ", "") == "".join(g.text.strip() for g in glyphs):
        raise AssertionError("a text of one character a glyph should be told at once")


def test_a_glyph_of_two_characters_goes_to_the_walk() -> None:
    glyphs = [Glyph(t, 5.0 * k, 92.0, 5.0 * k + 5.0, 101.5, 100.0, 10.0, "Times-Roman")
              for k, t in enumerate(["fi", "n", "d"])]
    assert not follows("find", glyphs)
    assert glyph_spans("find", glyphs) == [(0, 2), (2, 3), (3, 4)]
    assert follows("f i n d", glyphs[1:]) is False and follows("n d", glyphs[1:])
