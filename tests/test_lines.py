"""Words and lines from hand-built glyphs (SPEC §2, §3); boxes in page space."""

from __future__ import annotations

from pdfprose.lines import build_lines, glyphs_to_text
from pdfprose.model import Glyph


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
