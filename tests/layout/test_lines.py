"""Words and lines from hand-built glyphs (SPEC §2, §3); boxes in page space."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pdfprose.layout.lines import build_lines
from pdfprose.layout.words import glyphs_to_text
from pdfprose.model import Glyph
from pdfprose.params import DEFAULT_PARAMS, LayoutParams


def glyphs(text: str, x: float, baseline: float, size: float = 10.0, advance: float = 5.0,
           gap: float = 0.0) -> list[Glyph]:
    out = []
    for ch in text:
        out.append(Glyph(text=ch, x0=x, top=baseline - 0.8 * size, x1=x + advance,
                         bottom=baseline + 0.2 * size, baseline=baseline, size=size, font="F"))
        x += advance + gap
    return out


def test_space_inserted_above_012_em_and_not_below() -> None:
    a = glyphs("ab", 0, 100)
    b = glyphs("cd", a[-1].x1 + 1.3, 100)  # 0.13 em
    c = glyphs("ef", b[-1].x1 + 1.1, 100)  # 0.11 em
    assert glyphs_to_text(a + b + c) == "ab cdef"


def test_cjk_threshold_is_022_em() -> None:
    a = glyphs("漢字", 0, 100, advance=10)
    b = glyphs("文", a[-1].x1 + 2.0, 100, advance=10)  # 0.2 em: tracking, not a space
    c = glyphs("書", b[-1].x1 + 2.5, 100, advance=10)  # 0.25 em
    assert glyphs_to_text(a + b + c) == "漢字文 書"


def test_drawn_space_is_never_doubled() -> None:
    g = glyphs("a b", 0, 100, gap=2.0)
    assert glyphs_to_text(g) == "a b"


def test_fake_bold_duplicates_are_dropped() -> None:
    first = glyphs("Bold", 0, 100)
    shadow = glyphs("Bold", 0.3, 100.2)
    horizontal, _ = build_lines(first + shadow)
    assert [l.text for l in horizontal] == ["Bold"]


def test_baselines_within_35_percent_share_a_line_and_wider_do_not() -> None:
    a = glyphs("one", 0, 100)
    b = glyphs("two", 20, 103)  # 0.3 em lower
    c = glyphs("three", 60, 104.5)  # 0.45 em below the line's start
    horizontal, _ = build_lines(a + b + c)
    assert sorted(l.text for l in horizontal) == ["one two", "three"]


def test_superscript_stays_on_its_line() -> None:
    word = glyphs("mass", 0, 100)
    sup = glyphs("2", word[-1].x1 + 0.2, 95.5, size=6, advance=3)
    rest = glyphs("kg", sup[-1].x1 + 3, 100)
    horizontal, _ = build_lines(word + sup + rest)
    assert [l.text for l in horizontal] == ["mass2 kg"]


def test_wide_gap_cuts_a_line_into_runs() -> None:
    left = glyphs("left", 0, 100)
    right = glyphs("right", left[-1].x1 + 25, 100)  # 2.5 em: a gutter
    horizontal, _ = build_lines(left + right)
    assert sorted(l.text for l in horizontal) == ["left", "right"]


def test_rotated_glyphs_are_kept_apart() -> None:
    flat = glyphs("flat", 0, 100)
    up = []
    for i, ch in enumerate("up"):
        up.append(Glyph(text=ch, x0=200, top=300 - (i + 1) * 5, x1=210, bottom=300 - i * 5,
                        baseline=0, size=10, font="F", angle=90.0))
    horizontal, other = build_lines(flat + up)
    assert [l.text for l in horizontal] == ["flat"]
    assert [l.text for l in other] == ["up"]


def test_accent_drawn_as_its_own_glyph_composes_with_its_letter() -> None:
    # Old TeX output: "d´ej`a" with each accent drawn over the letter that follows it.
    letters = glyphs("deja", 0, 100)
    acute = Glyph(text="\u00b4", x0=letters[1].x0 + 0.5, top=92, x1=letters[1].x1 - 0.5,
                  bottom=95, baseline=100, size=10, font="F")
    grave = Glyph(text="`", x0=letters[3].x0 + 0.5, top=92, x1=letters[3].x1 - 0.5, bottom=95,
                  baseline=100, size=10, font="F")
    horizontal, _ = build_lines(letters[:1] + [acute] + letters[1:3] + [grave] + letters[3:])
    assert [l.text for l in horizontal] == ["déjà"]


def test_ascii_caret_between_letters_stays_a_caret() -> None:
    a = glyphs("x", 0, 100)
    caret = glyphs("^", a[-1].x1, 100)
    b = glyphs("2", caret[-1].x1, 100)
    horizontal, _ = build_lines(a + caret + b)
    assert [l.text for l in horizontal] == ["x^2"]


# -- the column-wise fast paths give the glyph-by-glyph loop's answers ------------------------


def _general(run: list[Glyph]) -> str:
    from pdfprose.layout.words import general_text

    return general_text(run, None, False)


def test_drawn_spaces_show_only_where_they_reach_past_the_letter_before() -> None:
    from pdfprose.layout.words import GlyphColumns, plain_text

    word = glyphs("ab", 0, 100)
    under = Glyph(" ", 8.0, 92, 10.0, 102, 100, 10.0, "F")  # ends inside "b": a leading space
    later = glyphs("cd", 10.0, 100)
    past = Glyph(" ", 20.0, 92, 22.5, 102, 100, 10.0, "F")
    last = glyphs("ef", 22.5, 100)
    for run in (word + [under] + later, word + [under] + later + [past] + last,
                [past] + word + [past, past] + later + [under]):
        text, visible = plain_text(run, GlyphColumns.of(run))  # type: ignore[misc]
        assert text == _general(run)
        assert visible == len([g for g in run if g.text.strip()])
    run = word + [under] + later
    assert plain_text(run, GlyphColumns.of(run))[0] == "abcd"  # type: ignore[index]


def test_spaced_pairs_name_the_marks_a_space_stands_between() -> None:
    from pdfprose.layout.words import spaced_pairs

    texts = [" ", "a", " ", " ", "b", "c", " "]
    is_mark = [t != " " for t in texts]
    x1s = [1.0, 5.0, 5.02, 7.0, 10.0, 15.0, 16.0]
    sizes = [10.0] * len(texts)
    mark_x1s = [5.0, 10.0, 15.0]
    # Between "a" and "b": the first space ends 0.02 past "a" (less than 1 % of 10 pt), the
    # second shows. The leading and the trailing space stand beside one mark only.
    assert spaced_pairs(is_mark, x1s, sizes, mark_x1s) == {0: True}
    assert spaced_pairs(is_mark, [1.0, 5.0, 5.02, 5.05, 10.0, 15.0, 16.0], sizes, mark_x1s) \
        == {0: False}


def test_a_letter_spaced_title_is_left_to_the_general_loop() -> None:
    from pdfprose.layout.words import GlyphColumns, plain_text

    title = glyphs("TITLE", 0, 100, gap=3.0) + glyphs("PAGE", 60, 100, gap=3.0)
    assert plain_text(title, GlyphColumns.of(title)) is None
    assert _general(title) == "TITLE PAGE"
    prose = glyphs("Title", 0, 100, gap=0.2) + glyphs("page", 40, 100, gap=0.2)
    assert plain_text(prose, GlyphColumns.of(prose))[0] == _general(prose) == "Title page"  # type: ignore[index]


def test_math_symbols_above_u1100_are_not_cjk() -> None:
    from pdfprose.layout.words import GlyphColumns, plain_text

    run = glyphs("a−b", 0, 100) + glyphs("∗", 17.0, 100)  # U+2212, U+2217: gaps of 0.2 em
    assert plain_text(run, GlyphColumns.of(run))[0] == _general(run) == "a−b ∗"  # type: ignore[index]


def test_the_quick_path_keeps_the_script_rule_of_mathematics_fonts() -> None:
    # k_F a in TeX (cond-mat0501080): 1.18 pt after the 6 pt subscript is no word space in
    # CMMI, though it is over space_gap_em of the 9 pt letters; the same gap in a text font is.
    from pdfprose.layout.words import GlyphColumns, plain_text

    def run(font: str, script_font: str) -> list[Glyph]:
        k = Glyph("k", 0.0, 92.8, 4.8, 101.8, 100.0, 8.97, font)
        f = Glyph("F", 4.8, 96.3, 8.39, 102.3, 101.06, 5.98, script_font)
        a = Glyph("a", 9.57, 92.8, 14.45, 101.8, 100.0, 8.97, font)
        return [k, f, a]

    math = run("CMMI9", "CMMI6")
    assert plain_text(math, GlyphColumns.of(math))[0] == _general(math) == "kFa"  # type: ignore[index]
    prose = run("Times-Roman", "Times-Roman")
    assert plain_text(prose, GlyphColumns.of(prose))[0] == _general(prose) == "kF a"  # type: ignore[index]


def test_a_page_needs_twenty_cjk_characters_to_be_searched_for_vertical_columns() -> None:
    from pdfprose.layout.directional import may_be_vertical_cjk

    least = DEFAULT_PARAMS.min_vertical_cjk
    assert not may_be_vertical_cjk([])
    assert not may_be_vertical_cjk(["a", "−", "≤"] * 50)  # math, no CJK
    assert not may_be_vertical_cjk(["漢"] * (least - 1) + ["a"])
    assert may_be_vertical_cjk(["漢"] * least)


def test_duplicates_are_looked_for_only_where_glyphs_stand_close() -> None:
    from pdfprose.layout.words import GlyphColumns
    from pdfprose.layout.lines import may_repeat

    assert not may_repeat(GlyphColumns.of(glyphs("Bold", 0, 100)))
    assert may_repeat(GlyphColumns.of(sorted(glyphs("Bold", 0, 100) + glyphs("Bold", 0.3, 100),
                                          key=lambda g: g.x0)))


def test_a_line_with_several_scripts_is_made_once_with_all_of_them() -> None:
    base = glyphs("x", 0, 100) + glyphs("plus", 12, 100) + glyphs("y", 40, 100)
    sup1 = glyphs("2", 5.5, 96, size=6.0, advance=3.0)
    sup2 = glyphs("3", 45.5, 96, size=6.0, advance=3.0)
    lines, _ = build_lines(base + sup1 + sup2)
    assert [l.text for l in lines] == ["x2 plus y3"]
    assert lines[0].size == 10.0 and lines[0].baseline == 100.0


def test_remembered_rounding_keeps_type_and_sign() -> None:
    from pdfprose.layout.runs import round_to_tenth

    for value in (9.96, 9.96, 12.05, -3.25, 5.0, 5, 0.0, -0.0, 1e300, float("inf")):
        rounded = round_to_tenth(value)
        assert repr(rounded) == repr(round(value, 1))
    assert repr(round_to_tenth(5)) == "5" and repr(round_to_tenth(5.0)) == "5.0"  # equal keys, other types
    assert repr(round_to_tenth(-0.0)) == "-0.0" and repr(round_to_tenth(0.0)) == "0.0"


def test_fast_space_cuts_match_the_general_loop() -> None:
    from pdfprose.layout.words import GlyphColumns, plain_text

    # One size, word gaps of 0.13 em and letter gaps of 0.11 em, ligatures of two characters.
    run = glyphs("ab", 0, 100) + glyphs("cd", 11.3, 100) + glyphs("ef", 22.4, 100)
    run += [Glyph("fi", 33.7, 92, 38.7, 102, 100, 10.0, "F"), Glyph("g", 38.7, 92, 43.7, 102,
                                                                   100, 10.0, "F")]
    run += glyphs("h", 45.0, 100)
    text, visible = plain_text(run, GlyphColumns.of(run), uniform=True)  # type: ignore[misc]
    assert text == _general(run) == "ab cdef fig h"
    assert visible == 10


def test_lines_do_not_depend_on_drawing_order() -> None:
    # A page drawn bottom line first and each line right to left gives the lines of the page
    # drawn in order (the sorts by baseline and by x0 are what make them).
    top = glyphs("Two words", 0, 100) + glyphs("x", 46, 96, size=6.0)
    bottom = glyphs("next line", 0, 114) + glyphs("right", 200, 114)
    in_order, _ = build_lines(top + bottom)
    shuffled, _ = build_lines(list(reversed(bottom)) + list(reversed(top)))

    def seen(lines):
        return sorted((l.text, l.x0, l.top, l.x1, l.bottom, l.baseline, l.size,
                       [(g.text, g.x0) for g in l.glyphs]) for l in lines)

    assert seen(shuffled) == seen(in_order)
    assert sorted(l.text for l in in_order) == ["Two wordsx", "next line", "right"]


def test_narrow_gap_test_leaves_out_pairs_with_drawn_spaces() -> None:
    from pdfprose.layout.words import has_narrow_gap

    # Gaps 0.1 em (narrow) and 0.5 em at size 10: the narrow one counts unless a space is
    # drawn in it; a NaN or infinite threshold never makes a left-out gap count.
    assert has_narrow_gap([10.0] * 3, [1.0, 5.0], {}, True)
    assert has_narrow_gap([10.0] * 3, [1.0, 5.0], {1: True}, True)
    assert not has_narrow_gap([10.0] * 3, [1.0, 5.0], {0: False}, True)
    assert not has_narrow_gap([float("inf")] * 3, [1.0, 5.0], {0: True, 1: True}, True)


def test_a_larger_glyph_in_another_column_does_not_merge_two_lines_letter_by_letter() -> None:
    # IRS Form 1040NR, page 1: "Department of the Treasury" and "Internal Revenue Service"
    # (7 pt, baselines 7.5 pt apart) beside "2007" in 22.4 pt far to the right, its baseline
    # between them. The year became the line's anchor and took the second line in too; sorted
    # by x, the two lines read "DInetepranratml Reenvt eonfuteh eSeTrrveiacseury".
    top = glyphs("Department of the Treasury", 34.7, 63.72, size=7.0, advance=3.4)
    year = glyphs("2007", 500.0, 66.89, size=22.4, advance=11.5)
    bottom = glyphs("Internal Revenue Service", 34.7, 71.22, size=7.0, advance=3.3)
    horizontal, _ = build_lines(top + year + bottom)
    assert sorted(l.text for l in horizontal) == [
        "2007", "Department of the Treasury", "Internal Revenue Service"]


def test_lines_cut_apart_keep_their_bullets_and_scripts() -> None:
    # The same chain (a 14 pt heading in the next column, between two bulleted lines of 9 pt)
    # cut apart: each bullet stays with its item across its indent (gathered again by baseline
    # with the item, from another horizontal stretch), and a superscript on a line stays on it.
    first = glyphs("•", 42, 673.6, size=9.0) + glyphs("Pub. 552", 60, 673.6, size=9.0) \
        + glyphs("1", 100, 670.6, size=5.6, advance=3.0)
    heading = glyphs("Who Must File", 402, 678.4, size=14.0, advance=7.0)
    second = glyphs("•", 42, 683.2, size=9.0) + glyphs("Pub. 597", 60, 683.2, size=9.0)
    horizontal, _ = build_lines(first + second + heading)
    assert sorted(l.text for l in horizontal) == ["Who Must File", "• Pub. 5521", "• Pub. 597"]


def test_irs_lines_beside_a_larger_glyph_read_whole(corpus_file: Callable[[str], Path]) -> None:
    # The real pages of the two tests above: the lines of one column used to come out merged
    # letter by letter ("PPuubb.. 555927 RInefocromrdaktieoenpoinngt hfoer UInndiitveidduals").
    from pdfprose.engine.converter import Converter

    def text(name: str, last_page: int) -> str:
        """The text lines of the file's first pages as the page stages leave them, one a line
        (runs of one baseline joined: "Internal Revenue Service beginning" on the form)."""
        converter = Converter(corpus_file(f"real/{name}").read_bytes(), last_page=last_page)
        for _ in converter:
            pass
        return "\n".join(line.text for page in converter.pages for block in page.blocks
                         for line in block.lines)

    form = text("irs_f1040nr_form_acroform.pdf", 1)
    assert "Department of the Treasury" in form
    assert "Internal Revenue Service" in form
    instructions = text("irs_i1040nr_instructions_50p.pdf", 3)
    for line in ("Pub. 552 Recordkeeping for Individuals", "Pub. 597 Information on the United",
                 "Page 4, lines 76a through 85. Enter", "the amounts of gross income you"):
        assert line in instructions


def reference_clusters(baselines: list[float], sizes: list[float],
                       params: LayoutParams) -> list[tuple[int, int]]:
    """SPEC §3's line rule glyph by glyph, for glyphs sorted by baseline: a glyph joins the
    line before it when its baseline is within the tolerance (``baseline_tolerance``) of the
    line's anchor, the baseline of its largest glyph so far; else it starts a line."""
    from pdfprose.layout.lines import baseline_tolerance

    starts: list[int] = []
    anchor, anchor_size = 0.0, 0.0
    for i, (baseline, size) in enumerate(zip(baselines, sizes)):
        if starts and abs(baseline - anchor) <= baseline_tolerance(size, anchor_size, params):
            if size > anchor_size:
                anchor, anchor_size = baseline, size
        else:
            starts.append(i)
            anchor, anchor_size = baseline, size
    starts.append(len(baselines))
    return list(zip(starts, starts[1:]))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from([100.0, 100.0, 101.0, 102.5, 104.0, 106.0, 110.0])
                          | st.floats(95.0, 115.0, allow_nan=False),
                          st.sampled_from([10.0, 10.0, 6.0, 7.0, 22.0, 40.0])
                          | st.floats(1.0, 60.0, allow_nan=False)),
                min_size=1, max_size=40),
       st.sampled_from([DEFAULT_PARAMS, LayoutParams(baseline_tolerance_em=0.2),
                        LayoutParams(line_size_ratio=1.5)]))
def test_line_clusters_take_the_glyphs_the_rule_takes_one_by_one(
        glyphs: list[tuple[float, float]], params: LayoutParams) -> None:
    # line_clusters takes the glyphs of one baseline, or of one size after a glyph that joined
    # without moving the anchor, all at once: the lines must be those of the plain rule.
    from pdfprose.layout.lines import line_clusters

    glyphs.sort(key=lambda g: g[0])
    baselines = [b for b, _ in glyphs]
    sizes = [s for _, s in glyphs]
    assert line_clusters(baselines, sizes, params)[0] == reference_clusters(baselines, sizes,
                                                                              params)


def font(glyph_list: list[Glyph], name: str) -> list[Glyph]:
    for g in glyph_list:
        g.font = name
    return glyph_list


def test_items_keep_their_markers_across_a_hanging_indent() -> None:
    # A slide's or Word's list: the marker and its text 1.6-1.9 em apart (wider than a run's
    # 1 em gap) are one run, so the markers do not line up as a column of their own.
    lines = [glyphs("►", 40, 100, size=10) + glyphs("Shape bullet", 58, 100),
             glyphs("–", 40, 120) + glyphs("Dash bullet", 58, 120),
             glyphs("12.", 40, 140) + glyphs("Numbered item", 68, 140),
             glyphs("b)", 40, 160) + glyphs("Lettered item", 63, 160)]
    horizontal, _ = build_lines([g for line in lines for g in line])
    assert sorted(l.text for l in horizontal) == [
        "12. Numbered item", "b) Lettered item", "– Dash bullet", "► Shape bullet"]


def test_a_number_or_dash_cell_and_an_equation_number_stay_runs_of_their_own() -> None:
    # A dash or a number before another number is a table's cell; "(1)" at a column's edge
    # is an equation's number before the next column's text.
    cells = glyphs("–", 40, 100) + glyphs("12.5", 58, 100)
    equation = glyphs("x = y", 40, 120) + glyphs("(1)", 200, 120) + glyphs("the next column", 232, 120)
    horizontal, _ = build_lines(cells + equation)
    assert sorted(l.text for l in horizontal) == ["(1)", "12.5", "the next column", "x = y", "–"]


def test_word_o_in_courier_before_text_in_another_face_is_a_bullet() -> None:
    # Word's second-level bullet is the letter "o" in Courier New; the Spanish word "o" and
    # code in Courier are set in their text's face.
    bullet = font(glyphs("o", 40, 100), "CourierNewPSMT") + font(glyphs("Second level", 58, 100), "Calibri")
    near = font(glyphs("o", 40, 120), "Courier") + font(glyphs(" Close item", 45, 120), "Helvetica")
    spanish = font(glyphs("o bien la otra", 40, 140), "Calibri")
    code = font(glyphs("o = read()", 40, 160), "CourierNewPSMT")
    horizontal, _ = build_lines(bullet + near + spanish + code)
    assert sorted(l.text for l in horizontal) == [
        "o = read()", "o bien la otra", "◦ Close item", "◦ Second level"]


def test_runs_on_one_row_in_sizes_far_apart_stay_two_lines() -> None:
    """"INVOICE" at 20 pt right of the seller's name at 14 pt (the invoices family), a form's
    title beside "Copy A" at 9 pt: two things on one row, as they would be one over the
    other; runs of one size, or a run that mixes sizes (a formula's index), still join."""
    from pdfprose.layout.rows import merge_rows
    from pdfprose.model import Line

    def run(text: str, x: float, size: float, mixed: bool = False) -> Line:
        gs = glyphs(text, x, 100, size=size, advance=0.5 * size)
        if mixed:
            gs[-1].size = 0.6 * size
        return Line(text=text, x0=gs[0].x0, top=min(g.top for g in gs), x1=gs[-1].x1,
                    bottom=max(g.bottom for g in gs), baseline=100, size=size, glyphs=gs)

    assert [l.text for l in merge_rows([run("Redhill", 0, 14), run("INVOICE", 300, 20)])] == \
        ["Redhill", "INVOICE"]
    assert [l.text for l in merge_rows([run("Total", 0, 10), run("amount", 100, 10)])] == \
        ["Total amount"]
    assert [l.text for l in merge_rows([run("Tc1", 0, 10, mixed=True), run("Dose", 100, 16)])] == \
        ["Tc1 Dose"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(
    ["a", "Z", " ", "~", "\x7f", "é", "ﬁ", "\u05d0", "\u0627", "\u0590", "\u1100", "漢", "あ",
     "\u3000", "\U00020000"]), max_size=3), max_size=40))
def test_an_ascii_page_asks_neither_the_cjk_nor_the_right_to_left_test(texts: list[str]) -> None:
    # build_lines skips both tests on a page whose texts join to ASCII: each must then answer
    # "none" as it would have after reading the texts itself.
    from pdfprose.layout.directional import may_be_vertical_cjk
    from pdfprose.layout.rtl import page_direction

    if "".join(texts).isascii():
        assert not may_be_vertical_cjk(texts, DEFAULT_PARAMS)
        assert page_direction(texts, DEFAULT_PARAMS) is None
    elif any(t and t[0] in "漢あ\u05d0\u0627" for t in texts):
        assert may_be_vertical_cjk(texts, LayoutParams(min_vertical_cjk=1)) \
            or page_direction(texts, DEFAULT_PARAMS) is not None


def test_a_letter_spaced_korean_head_keeps_its_syllables_together_and_its_words_apart() -> None:
    # The korean family's running head, tracked 0.25 em with its word spaces drawn: the 2.5 pt
    # between syllables is over the 0.22 em CJK threshold, but the run's word gaps are wider.
    run: list[Glyph] = []
    x = 0.0
    for word in ("정부의", "사회", "능력"):
        if run:
            run.append(Glyph(" ", x, 92, x + 2.5, 102, 100, 10.0, "HYSMyeongJo-Medium"))
            x += 5.0
        for g in glyphs(word, x, 100, advance=10.0, gap=2.5):
            run.append(Glyph(g.text, g.x0, g.top, g.x1, g.bottom, g.baseline, g.size,
                             "HYSMyeongJo-Medium"))
        x = run[-1].x1 + 2.5
    assert _general(run) == "정부의 사회 능력"
    # Chinese tracked the same without word gaps is no letter-spaced run: the CJK rule holds.
    assert _general(glyphs("重要提示", 0, 100, advance=10.0, gap=1.0)) == "重要提示"
