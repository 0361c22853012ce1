"""Font encodings: glyph names, and the builtin encoding of embedded CFF fonts (SPEC §1)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pdfprose import Options, convert
from pdfprose.pdf.fonts import cff_charset, cff_encoding
from pdfprose.pdf.glyph_names import glyph_unicode


def test_tex_and_adobe_glyph_names() -> None:
    assert glyph_unicode("element") == "∈"  # Adobe Glyph List
    assert glyph_unicode("emptyset") == "∅"
    assert glyph_unicode("asteriskmath") == "∗"  # TeX's CMSY, not in the AGL
    assert glyph_unicode("epsilon1") == "ϵ"
    assert glyph_unicode("summationdisplay") == "∑"
    assert glyph_unicode("uni2124") == "ℤ"
    assert glyph_unicode("bullet") == "•"  # the AGL's reading stands for text fonts
    assert glyph_unicode("a194") is None
    assert glyph_unicode("ceilingleftbig") == "⌈"  # CMEX, missing from pdfTeX's ToUnicode too
    assert glyph_unicode("parenlefttp") == "\u239b"  # not the AGL's private-use U+F8EB
    assert glyph_unicode("subsetnoteql") == "⊊"  # MSBM10 in geotopo: "V � R" before


def test_cff_encoding_formats_and_supplements() -> None:
    # Format 0: the codes of glyphs 1..3; format 1: ranges of codes for consecutive glyphs;
    # the high bit adds supplements, (code, string id) pairs (Adobe TN #5176, section 12).
    names = {0: ".notdef", 390: "element", 391: "emptyset"}
    getstr = lambda sid: names.get(sid, f"sid{sid}")  # noqa: E731
    assert cff_encoding(bytes([0, 3, 50, 59, 65]), 0, getstr) == [(50, 1), (59, 2), (65, 3)]
    assert cff_encoding(bytes([1, 2, 48, 1, 97, 0]), 0, getstr) == [(48, 1), (49, 2), (97, 3)]
    data = bytes([0x80, 1, 50, 1, 51, 0x01, 0x86])
    assert cff_encoding(data, 0, getstr) == [(50, 1), (51, "element")]


def test_cff_charset_formats() -> None:
    # Offset 0 means the predefined ISOAdobe charset, so each table here starts at offset 1.
    getstr = lambda sid: f"sid{sid}"  # noqa: E731
    assert cff_charset(bytes([9, 0, 0, 5, 0, 9]), 1, 3, getstr) == {1: "sid5", 2: "sid9"}
    assert cff_charset(bytes([9, 1, 0, 10, 2]), 1, 4, getstr) == {1: "sid10", 2: "sid11",
                                                                3: "sid12"}
    assert cff_charset(bytes([9, 2, 0, 10, 0, 1]), 1, 3, getstr) == {1: "sid10", 2: "sid11"}
    assert cff_charset(b"", 0, 3, getstr) == {1: "sid1", 2: "sid2"}  # ISOAdobe: sid = gid


@pytest.mark.corpus
def test_tex_math_in_cff_fonts_without_tounicode_reads_as_mathematics(
        corpus_file: Callable[[str], Path]) -> None:
    # geotopo: CMSY10 and friends embedded as Type1C, builtin encoding, no ToUnicode: pdfminer
    # read them with StandardEncoding ("X 2 T" for X ∈ T, ";" for ∅), and no warning said so.
    conversion = convert(corpus_file("real/geotopo_thesis_117p_type3.pdf").read_bytes())
    text = conversion.render(Options())
    assert "Quantoren (∀, ∃), Mengenschreibweisen (∪, ∩," in text
    assert "Betrachte ∅ und X mit der trivialen Topologie Ttriv = { ∅, X }." in text
    assert "(i) ∅, X ∈ T" in text
    assert "X 2 T" not in text


@pytest.mark.corpus
def test_tex_big_operators_missing_from_pdftex_tounicode_read_by_their_glyph_names(
        corpus_file: Callable[[str], Path]) -> None:
    # cond-mat0001220: CMEX10 as an embedded Type 1 font whose ToUnicode map (pdfTeX's
    # TeX-cmex10-builtin) leaves out the sums and big delimiters; pdfminer.six's reading of the
    # font program's encoding keeps only names the Adobe list knows, so they came out as U+FFFD.
    text = convert(corpus_file("arxiv/cond-mat0001220.pdf").read_bytes()).render(Options())
    assert "entropy S1 = −k ∑ pi ln pi when q → 1" in text
    assert "\ufffd" not in text
