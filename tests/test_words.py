"""Words and spaces (SPEC §2): the run's text is decided twice, by the common run's few-step
path (``plain_text``) and glyph by glyph (``general_text``); where the first answers, the two
must agree, on any run and with any thresholds. Boxes in page space, points."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pdfprose.layout.words import GlyphColumns, general_text, glyphs_to_text, plain_text
from pdfprose.model import Glyph
from pdfprose.params import DEFAULT_PARAMS, LayoutParams

TEXTS = ["a", "b", "e", "n", "x", "K", "7", " ", " ", "fi", ".", "−", "漢", "字", "\u0301", "", "a b"]
"""Glyph texts of every kind the two paths tell apart: letters, digits, drawn spaces, a
ligature's letters, punctuation and mathematics, CJK, a combining accent, an empty text and a
text holding a space beside other characters."""

GAPS = [-3.0, -0.6, 0.0, 0.5, 1.0, 1.1, 1.2, 1.3, 1.8, 2.0, 2.2, 2.5, 4.0, 6.0, 12.0]
"""Gaps between glyphs in points: overlaps, gaps either side of 0.12 em and 0.22 em at the
sizes below, letter spacing and word gaps."""


@st.composite
def runs(draw: st.DrawFn) -> list[Glyph]:
    """A horizontal run in reading order: glyphs of mixed texts, sizes, fonts and baselines."""
    n = draw(st.integers(1, 14))
    uniform = draw(st.booleans())
    x = 0.0
    out = []
    for _ in range(n):
        text = draw(st.sampled_from(TEXTS))
        size = 10.0 if uniform else draw(st.sampled_from([10.0, 10.0, 6.5, 8.97, 12.0]))
        baseline = 100.0 if uniform else draw(st.sampled_from([100.0, 100.0, 97.0, 101.06]))
        font = draw(st.sampled_from(["Times-Roman", "CMMI10", "CMSY10"]))
        width = draw(st.sampled_from([0.0, 2.5, 5.0])) if text == " " \
            else draw(st.sampled_from([3.0, 5.0, 10.0]))
        x += draw(st.sampled_from(GAPS) | st.floats(-1.0, 8.0, allow_nan=False))
        out.append(Glyph(text, x, baseline - 0.8 * size, x + width, baseline + 0.2 * size,
                         baseline, size, font))
        x += width
    return out


PARAMS = st.builds(
    LayoutParams,
    space_gap_em=st.sampled_from([0.12, 0.05, 0.3]),
    cjk_space_gap_em=st.sampled_from([0.22, 0.1]),
    letter_spaced_min_letters=st.sampled_from([5, 3]),
    letter_spaced_max_em=st.sampled_from([0.6, 0.3]),
)
"""The defaults and other thresholds: the two paths must read the same fields the same way."""


def same_text(run: list[Glyph], params: LayoutParams, uniform: bool | None = None) -> bool | None:
    """None when the plain path leaves ``run`` to the general one; else whether both agree (the
    text, and the visible characters it counts)."""
    plain = plain_text(run, GlyphColumns.of(run), None, uniform, params)
    if plain is None:
        return None
    text, visible = plain
    assert visible == sum(len(g.text.strip()) for g in run)
    return text == general_text(run, None, False, params)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs())
def test_the_plain_path_gives_the_general_text_with_the_default_thresholds(run: list[Glyph]) -> None:
    assert same_text(run, DEFAULT_PARAMS) in (None, True)
    if len({g.size for g in run}) == 1:
        assert same_text(run, DEFAULT_PARAMS, uniform=True) in (None, True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs(), PARAMS)
def test_the_plain_path_gives_the_general_text_with_any_thresholds(run: list[Glyph],
                                                                   params: LayoutParams) -> None:
    assert same_text(run, params) in (None, True)


def test_the_plain_path_answers_the_common_runs() -> None:
    # Both paths are asked: prose and a run with a drawn space are the plain path's.
    prose = [Glyph(ch, 5.0 * i, 92.0, 5.0 * i + 5.0, 102.0, 100.0, 10.0, "Times-Roman")
             for i, ch in enumerate("words")]
    spaced = prose + [Glyph(" ", 25.0, 92.0, 27.5, 102.0, 100.0, 10.0, "Times-Roman")] + [
        Glyph(ch, 27.5 + 5.0 * i, 92.0, 32.5 + 5.0 * i, 102.0, 100.0, 10.0, "Times-Roman")
        for i, ch in enumerate("go")]
    assert same_text(prose, DEFAULT_PARAMS) is True
    assert same_text(spaced, DEFAULT_PARAMS) is True
    assert glyphs_to_text(spaced) == "words go"


def test_the_word_space_threshold_is_a_parameter() -> None:
    # 1.5 pt at 10 pt: a word space at SPEC §2's 0.12 em, none at 0.2 em, on both paths.
    run = [Glyph("a", 0.0, 92.0, 5.0, 102.0, 100.0, 10.0, "F"),
           Glyph("b", 6.5, 92.0, 11.5, 102.0, 100.0, 10.0, "F")]
    wide = LayoutParams(space_gap_em=0.2)
    assert glyphs_to_text(run) == "a b" and glyphs_to_text(run, params=wide) == "ab"
    assert general_text(run, None, False, wide) == "ab"
