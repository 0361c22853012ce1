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
    drawn_space_own_em=st.sampled_from([0.05, 0.0, 0.5]),
    drawn_space_cover_share=st.sampled_from([0.5, 0.1, 1.0]),
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


def _letters(text: str, x: float, width: float, size: float = 8.0,
             baseline: float = 166.16) -> list[Glyph]:
    return [Glyph(ch, x + width * i, baseline - 0.8 * size, x + width * (i + 1),
                  baseline + 0.2 * size, baseline, size, "HelveticaNeue")
            for i, ch in enumerate(text)]


def _space(x0: float, x1: float, size: float, baseline: float) -> Glyph:
    return Glyph(" ", x0, baseline - 0.8 * size, x1, baseline + 0.2 * size, baseline, size,
                 "HelveticaNeue")


def test_a_stray_space_of_another_line_over_touching_letters_is_no_word_space() -> None:
    # IRS form 1040-NR, page 1: "add" ends with d at 84.46-89.20 and "ress" starts with r at
    # 89.20-91.86 (8 pt, baseline 166.16); a 7 pt space of another text object at baseline
    # 164.04, x 88.97-90.91, lies over both letters and was read as a word space ("add ress").
    left = _letters("ad", 84.46 - 2 * 4.74, 4.74) + _letters("d", 84.46, 4.74)
    right = _letters("r", 89.20, 2.66) + _letters("ess", 91.86, 4.0)
    run = left + [_space(88.97, 90.91, 7.0, 164.04)] + right
    assert glyphs_to_text(run) == "address"
    assert general_text(run, None, False, DEFAULT_PARAMS) == "address"
    assert same_text(run, DEFAULT_PARAMS) in (None, True)


def test_a_drawn_space_in_a_gap_or_of_the_line_itself_still_splits() -> None:
    left = _letters("add", 75.0, 4.74)
    # The same foreign 7 pt space lying in a gap of the line's letters (a word space drawn by
    # other means than the letters' gap, narrower than 0.12 em here) is a word space.
    gap = left + [_space(89.22, 90.02, 7.0, 164.04)] + _letters("ress", 90.02, 4.0)
    assert glyphs_to_text(gap) == "add ress"
    # The line's own space (its size and baseline) is a word space even over touching letters.
    own = left + [_space(88.97, 90.91, 8.0, 166.16)] + _letters("ress", 89.22, 4.0)
    assert glyphs_to_text(own) == "add ress"
    assert general_text(own, None, False, DEFAULT_PARAMS) == "add ress"
    # Covered by less than half its width: the threshold is a parameter.
    stray = left + [_space(88.97, 90.91, 7.0, 164.04)] + _letters("ress", 89.22, 4.0)
    assert glyphs_to_text(stray) == "address"
    loose = LayoutParams(drawn_space_cover_share=1.0)
    assert glyphs_to_text(stray, params=loose) == "add ress"
    assert general_text(stray, None, False, loose) == "add ress"


@st.composite
def runs_with_strays(draw: st.DrawFn) -> list[Glyph]:
    """Touching letters of one line with drawn spaces of any size and baseline lying over them,
    in a gap of them, or partly over them."""
    out: list[Glyph] = []
    x = 0.0
    for _ in range(draw(st.integers(2, 10))):
        text = draw(st.sampled_from(["a", "d", "r", "7", "a", "e"]))
        out.append(Glyph(text, x, 92.0, x + 4.0, 102.0, 100.0, 10.0, "HelveticaNeue"))
        x += 4.0 + draw(st.sampled_from([0.0, 0.0, 0.5, 2.0]))
        if draw(st.booleans()):
            size = draw(st.sampled_from([10.0, 10.2, 9.0, 7.0]))
            baseline = draw(st.sampled_from([100.0, 100.3, 97.9]))
            start = x + draw(st.sampled_from([-3.0, -1.0, -0.2, 0.0, 0.5]))
            width = draw(st.sampled_from([0.0, 1.0, 1.94, 2.8]))
            out.append(Glyph(" ", start, baseline - 0.8 * size, start + width,
                             baseline + 0.2 * size, baseline, size, "HelveticaNeue"))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs_with_strays(), PARAMS)
def test_the_plain_path_skips_the_stray_spaces_the_general_one_skips(
        run: list[Glyph], params: LayoutParams) -> None:
    assert same_text(run, params) in (None, True)
