"""Issue 25's read budgets (``pdfprose.budgets.ReadBudgets``), each stage on hand-built data: the
bounded inflate and the ``/Length`` repair (pdf.streams), reference loops and page labels
(pdf.objects), widths and CMaps clipped (pdf.fonts, pdf.content), the page's operators, saved
states, inline images and annotations (pdf.guards, pdf.interpreter), a page box that is not a
size, the typed notices (pdf.limits) and messages without an exception's text. The files are
the hostile suite's generated classes at small sizes (``benchmarks/hostile_cases.py``), built
in memory; each converts in well under a second.
"""

from __future__ import annotations

import dataclasses
import io
import sys
import zlib
from pathlib import Path

import pytest
from pdfminer import pdfinterp, pdftypes
from pdfminer.pdftypes import PDFStream

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pdfprose  # noqa: E402
from benchmarks import sandbox  # noqa: E402
from benchmarks.hostile_cases import build  # noqa: E402
from pdfprose.budgets import DEFAULT_BUDGETS, ReadBudgets  # noqa: E402
from pdfprose.pdf.content import read_to_unicode  # noqa: E402
from pdfprose.pdf.document import open_pdf  # noqa: E402
from pdfprose.pdf.fonts import clip_cid_widths  # noqa: E402
from pdfprose.pdf.guards import Damaged  # noqa: E402
from pdfprose.pdf.limits import LIMIT_SENTENCES, limit_part, limit_sentence  # noqa: E402
from pdfprose.pdf.streams import BoundedStream, InflateBudget, RepairingParser  # noqa: E402


def _convert(name: str, size: float = 1.0) -> tuple[pdfprose.Conversion, dict[int, str]]:
    built = build(name, 0, size)
    return pdfprose.convert(built.data), built.markers


def _codes(conversion: pdfprose.Conversion) -> list[tuple[str, object]]:
    return [(n["code"], n.get("part")) for n in conversion.report()["notices"]]


# -- pdfminer.six is left as it is ----------------------------------------------------------

def test_importing_pdfprose_leaves_pdfminer_as_it_was() -> None:
    assert pdfinterp.PDFPageInterpreter.execute.__module__ == "pdfminer.pdfinterp"
    assert pdfinterp.PDFPageInterpreter.init_resources.__module__ == "pdfminer.pdfinterp"
    assert pdftypes.decompress_corrupted.__module__ == "pdfminer.pdftypes"
    assert pdftypes.PDFStream.decode.__module__ == "pdfminer.pdftypes"


# -- streams: inflate within the budget; /Length repaired -----------------------------------

def test_a_bomb_inflates_only_to_the_budget() -> None:
    stream = BoundedStream({"Filter": pdftypes.LITERALS_FLATE_DECODE[0]},
                           zlib.compress(b"\0" * 8_000_000, 9))
    budget = InflateBudget(1_000_000)
    stream.budget = budget
    assert len(stream.get_data()) == 1_000_000
    assert stream.truncated and budget.cut == 1 and budget.left == 0


def test_a_stream_within_the_budget_decodes_as_pdfminer_does() -> None:
    raw = zlib.compress(b"BT /F1 12 Tf (Hello) Tj ET" * 100)
    mine = BoundedStream({"Filter": pdftypes.LITERALS_FLATE_DECODE[0]}, raw)
    mine.budget = InflateBudget(10_000)
    theirs = PDFStream({"Filter": pdftypes.LITERALS_FLATE_DECODE[0]}, raw)
    assert mine.get_data() == theirs.get_data() and not mine.truncated
    assert mine.budget.left == 10_000 - len(theirs.get_data())


def test_a_stream_cut_short_keeps_what_inflated_and_says_it_is_damaged() -> None:
    raw = zlib.compress(b"(text) Tj " * 5000)
    stream = BoundedStream({"Filter": pdftypes.LITERALS_FLATE_DECODE[0]}, raw[: len(raw) // 2])
    stream.budget = InflateBudget(10**6)
    data = stream.get_data()
    assert isinstance(data, Damaged) and 0 < len(data) < 50_000 and data.startswith(b"(text) Tj")


@pytest.mark.parametrize("length", [5, 40, 400, -3])
def test_a_length_that_lies_is_read_up_to_endstream(length: int) -> None:
    body = b"BT /F1 12 Tf 72 700 Td (a line of text) Tj ET"
    pdf = b"5 0 obj\n<< /Length %d >>\nstream\n" % length + body + b"\nendstream\nendobj\n"
    parser = RepairingParser(io.BytesIO(pdf))

    class Doc:
        decipher = None

    parser.set_document(Doc())  # type: ignore[arg-type]
    stream = parser.nextobject()[1]
    assert isinstance(stream, PDFStream) and stream.rawdata == body
    assert parser.repaired == 1


def test_a_true_length_is_left_alone() -> None:
    body = b"BT (x) Tj ET\nendstream in the data"
    pdf = b"5 0 obj\n<< /Length %d >>\nstream\n" % len(body) + body + b"\nendstream\nendobj\n"
    parser = RepairingParser(io.BytesIO(pdf))

    class Doc:
        decipher = None

    parser.set_document(Doc())  # type: ignore[arg-type]
    stream = parser.nextobject()[1]
    assert stream.rawdata == body and parser.repaired == 0


@pytest.mark.parametrize("name", ["length_short", "length_long_flate", "length_negative"])
def test_length_lies_keep_the_text(name: str) -> None:
    conversion, markers = _convert(name)
    assert markers[1] in " ".join(conversion.render(pdfprose.Options()).split())
    assert ("repaired", None) in _codes(conversion)


# -- objects: loops and page labels ---------------------------------------------------------

def test_a_page_whose_contents_loops_fails_alone() -> None:
    conversion, markers = _convert("three_pages_contents_self")
    text = " ".join(conversion.render(pdfprose.Options()).split())
    assert markers[1] in text and markers[3] in text
    assert ("limit_reached", "reference_loop") in _codes(conversion)


@pytest.mark.parametrize("name", ["self_ref_object", "encrypt_self", "pagelabels_self",
                                  "pagelabels_kids_doubling"])
def test_reference_loops_end(name: str) -> None:
    data = build(name, 0, 1.0).data
    try:
        conversion = pdfprose.convert(data)
    except pdfprose.PdfProseError as exc:  # a refusal is a typed one, in words
        assert not sandbox.leaked([str(exc)])
        return
    assert any(code == "limit_reached" for code, _ in _codes(conversion))


# -- fonts: widths and CMaps ----------------------------------------------------------------

def test_widths_over_the_whole_cid_space_are_clipped() -> None:
    spec = {"Subtype": "CIDFontType2", "W": [0, 4294967295, 500, 70000, [1, 2]]}
    clipped = clip_cid_widths(spec, 65_536)
    assert clipped["W"] == [0, 65535, 500] and spec["W"][1] == 4294967295
    ordinary = {"Subtype": "CIDFontType2", "W": [1, [500, 600], 10, 20, 250]}
    assert clip_cid_widths(ordinary, 65_536) is ordinary


def test_a_cmap_past_its_budget_is_cut_quickly() -> None:
    ranges = b"".join(b"<0000> <0FFF> <%04X>\n" % i for i in range(50))
    cmap = b"begincmap\n50 beginbfrange\n" + ranges + b"endbfrange\nendcmap\n"
    mapped = read_to_unicode(PDFStream({}, cmap), limit=20_000)
    assert mapped.cut and len(mapped.cid2unichr) == 4096  # type: ignore[attr-defined]
    small = read_to_unicode(PDFStream({}, b"begincmap 1 beginbfchar <41> <0042> endbfchar endcmap"),
                            limit=100_000)
    assert not small.cut and small.get_unichr(0x41) == "B"  # type: ignore[attr-defined]


# -- the page: operators, states, inline images, annotations --------------------------------

def _parse_page(name: str, size: float, budgets: ReadBudgets, number: int = 1):  # type: ignore[no-untyped-def]
    doc = open_pdf(build(name, 0, size).data, budgets=budgets)
    page = doc.parse_page(number, doc.pages[number - 1])
    return doc, page


def test_a_page_past_its_operators_is_stopped() -> None:
    budgets = dataclasses.replace(DEFAULT_BUDGETS, operators_per_page=5_000)
    doc, page = _parse_page("cm_ten_million", 0.001, budgets)
    assert doc.budget.exceeded and "5,000 drawing operations" in doc.budget.exceeded


def test_a_page_a_guard_stopped_before_it_drew_anything_fails_with_the_limit() -> None:
    """Forms nested past the depth budget before the page drew anything: the page fails, and
    its entry says which limit (``part``, ``limit``) besides the reason, so that the page can
    word it in its languages (it showed the English reason on the Spanish page)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from pdfgen import deep_forms_pdf

    failed = pdfprose.convert(deep_forms_pdf(1, 0)).failed_pages
    assert failed == [{"number": 1, "reason": "its content could not be read: it nests forms more "
                                              "than 24 deep (a damaged or hostile file)",
                       "part": "figure_depth", "limit": "24"}]


def test_unmatched_saves_past_the_depth_are_ignored_and_said() -> None:
    budgets = dataclasses.replace(DEFAULT_BUDGETS, state_depth=100)
    doc, page = _parse_page("q_ten_million", 0.001, budgets)
    assert doc.budget.states_dropped == 10_000 - 100
    assert [n.part for n in doc.notices if n.code == "limit_reached"] == ["graphics_states"]
    assert page.glyphs  # the text after the saves still comes out


def test_inline_images_are_operators_of_the_page() -> None:
    """An inline image costs what its bytes cost (pdf.content), so a page of them is bounded by
    the page's operator budget (and its figures), not by a count of its own."""
    budgets = dataclasses.replace(DEFAULT_BUDGETS, operators_per_page=1_000)
    doc, page = _parse_page("inline_images_million", 0.005, budgets)
    assert doc.budget.exceeded and "1,000 drawing operations" in doc.budget.exceeded
    assert page.glyphs  # the text before the images
    doc, _ = _parse_page("inline_images_million", 0.005, DEFAULT_BUDGETS)
    assert doc.budget.exceeded is None and doc.budget.figures == 5_000


def test_operands_no_operator_takes_are_bounded_and_charged() -> None:
    """Empty arrays and no operator: only the last operands are kept, the rest are charged to
    the page's operations (the whole page held them all and took minutes)."""
    budgets = dataclasses.replace(DEFAULT_BUDGETS, operators_per_page=5_000)
    doc, page = _parse_page("operands_no_operator", 0.002, budgets)
    # The page runs almost no operator: the message names what it piled up instead.
    assert doc.budget.exceeded == ("it piles up more than 5,000 operands with no drawing "
                                   "operation to take them")
    assert page.glyphs  # the text before them


def test_an_operator_takes_its_operands_off_in_place() -> None:
    """One operand too many before each operator stays behind; taking an operator's operands
    must not copy the rest (pdfminer's pop did: quadratic, minutes for ``cm_extra_operand``)."""
    from pdfminer.pdfinterp import PDFResourceManager
    from pdfminer.pdfdevice import PDFDevice

    from pdfprose.pdf.interpreter import PageInterpreter

    interpreter = PageInterpreter(PDFResourceManager(), PDFDevice(PDFResourceManager()))
    interpreter.init_state((1, 0, 0, 1, 0, 0))
    stack = interpreter.argstack
    stack.extend([9, 1, 0, 0, 1, 5, 6])
    assert interpreter.pop(6) == [1, 0, 0, 1, 5, 6]
    assert interpreter.argstack is stack and stack == [9]
    assert interpreter.pop(0) == [] and interpreter.pop(4) == [9] and stack == []
    doc, page = _parse_page("cm_extra_operand", 0.0005, DEFAULT_BUDGETS)
    assert doc.budget.exceeded is None and page.glyphs


def test_a_content_array_past_its_bytes_is_dropped() -> None:
    """An array of a content stream open through more than its bytes is dropped as damage (its
    elements held ~60 bytes each: an array of ten million numbers took a gigabyte); what
    follows it is read as operands, and the page goes on."""
    from pdfminer.pdftypes import PDFStream as Stream
    from pdfminer.psparser import PSEOF, PSKeyword

    from pdfprose.pdf.content import FastContentParser
    from pdfprose.pdf.content_reads import StructureTooLarge

    data = b"(before) Tj [" + b"0 " * 20_000 + b"] TJ (after) Tj"
    stream = Stream({}, data)
    stream.objid, stream.data, stream.rawdata = 1, data, None
    parser = FastContentParser([stream])
    parser.structure_bytes = 10_000
    seen: list[object] = []
    errors = []
    while True:
        try:
            seen.append(parser.nextobject()[1])
        except PSEOF:
            break
        except StructureTooLarge as exc:
            errors.append(str(exc))
    assert errors == ["an array or dictionary spans more than 10,000 bytes of content"]
    operators = [o.name for o in seen if isinstance(o, PSKeyword)]
    assert seen[0] == b"before" and seen[-2] == b"after" and operators[-1] == b"Tj"
    assert not any(isinstance(o, list) for o in seen)  # the array never came out whole
    assert parser.structure_bytes < len(data)
    ordinary = FastContentParser([stream])
    assert any(isinstance(o, list) and len(o) == 20_000 for o in _all_objects(ordinary))


def _all_objects(parser) -> list[object]:  # type: ignore[no-untyped-def]
    from pdfminer.psparser import PSEOF

    out: list[object] = []
    while True:
        try:
            out.append(parser.nextobject()[1])
        except PSEOF:
            return out


def test_only_the_budgets_annotations_are_drawn() -> None:
    budgets = dataclasses.replace(DEFAULT_BUDGETS, annotations_per_page=10)
    doc, page = _parse_page("annots_million", 0.001, budgets)
    assert doc.budget.annotations == 1000 and page.glyphs
    assert "annotations" in [n.part for n in doc.notices if n.code == "limit_reached"]


# -- page boxes and messages ----------------------------------------------------------------

@pytest.mark.parametrize("name", ["mediabox_nan", "mediabox_infinite", "mediabox_zero"])
def test_a_page_box_that_is_not_a_size_keeps_the_page(name: str) -> None:
    conversion, markers = _convert(name)
    assert markers[1] in " ".join(conversion.render(pdfprose.Options()).split())
    assert ("limit_reached", "page_box") in _codes(conversion)
    page = conversion.pages[0]
    assert (page.width, page.height) == (612.0, 792.0)


def test_a_failed_page_says_no_exception_text() -> None:
    conversion, markers = _convert("aes_bad_iv")
    report = conversion.report()
    shown = list(conversion.warnings) + [str(f["reason"]) for f in report["failed_pages"]]
    assert report["failed_pages"] and not sandbox.leaked(shown), shown
    assert all("pdfprose could not read this part of the file (code encryption)" in str(f["reason"])
               for f in report["failed_pages"])
    assert markers[1] in conversion.render(pdfprose.Options())


def test_every_limit_sentence_names_its_part() -> None:
    values = {"limit": 10, "count": 3, "box": "[0 0 0 0]", "used": "US Letter"}
    for part in LIMIT_SENTENCES:
        for page in (None, 4):
            assert limit_part(limit_sentence(part, page, **values)) == part
    assert limit_part("Page 2: the content stream is damaged (code syntax); the text before") is None


# -- nesting: no structure deeper than the budget is built ----------------------------------

def _depth(obj: object) -> int:
    """How deep arrays and dictionaries nest in ``obj`` (iteratively: it may be deep)."""
    deepest = 0
    stack = [(obj, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def test_an_object_nested_past_the_depth_reads_as_null_there() -> None:
    """An object stream's dictionary holding arrays 300 deep: the 256 outer levels are kept,
    the rest is read through and stands as null; the dictionary's next entry is still read.
    (Freeing such a structure 50,000 deep killed the browser's interpreter.)"""
    from pdfprose.pdf.content import FastObjectStreamParser

    data = b"<< /A " + b"[" * 300 + b"1 2 R" + b"]" * 300 + b" /B 7 >> [3]"
    parser = FastObjectStreamParser(data)
    parser.set_document(None)  # type: ignore[arg-type]
    first, second = _all_objects(parser)
    assert first["B"] == 7 and second == [3]
    assert _depth(first) == DEFAULT_BUDGETS.object_depth == 256
    inner = first["A"]
    while isinstance(inner, list) and inner and isinstance(inner[0], list):
        inner = inner[0]
    assert inner == [None] and parser.too_deep == 1


def test_the_file_parser_and_the_plain_path_bound_nesting_too() -> None:
    from pdfprose.pdf.plain import NOT_PLAIN, plain_object_at

    deep = b"[" * 300 + b"]" * 300
    assert plain_object_at(deep, 0, len(deep), None)[0] is NOT_PLAIN  # left to the parser
    assert plain_object_at(b"[[1]]", 0, 5, None)[0] == [[1]]
    parser = RepairingParser(io.BytesIO(b"1 0 obj << /A " + deep + b" /B 7 >> endobj\n"))
    obj = next(o for o in _all_objects(parser) if isinstance(o, dict))
    assert obj["B"] == 7 and _depth(obj) == 256 and parser.too_deep == 1


def test_a_content_array_nested_past_the_depth_is_damage_and_the_page_goes_on() -> None:
    from pdfminer.pdftypes import PDFStream as Stream
    from pdfminer.psparser import PSEOF

    from pdfprose.pdf.content import FastContentParser
    from pdfprose.pdf.nesting import StructureTooDeep

    data = b"(before) Tj [" + b"[" * 300 + b"]" * 300 + b"] TJ (after) Tj"
    stream = Stream({}, data)
    stream.objid, stream.data, stream.rawdata = 1, data, None
    parser = FastContentParser([stream])
    seen: list[object] = []
    errors = 0
    while True:
        try:
            seen.append(parser.nextobject()[1])
        except PSEOF:
            break
        except StructureTooDeep:
            errors += 1
    assert errors == 1 and seen[0] == b"before" and seen[-2] == b"after"
    assert max(_depth(o) for o in seen) == 256


def test_arrays_nested_100000_deep_keep_the_page_and_are_said() -> None:
    conversion, markers = _convert("deep_arrays")
    assert markers[1] in " ".join(conversion.render(pdfprose.Options()).split())
    assert ("limit_reached", "nesting") in _codes(conversion)
    doc = open_pdf(build("deep_arrays", 0, 1.0).data)
    assert _depth(doc.pages[0].attrs) == DEFAULT_BUDGETS.object_depth


def _font_page_pdf(font: bytes, **more: bytes) -> bytes:
    """One page drawing "A" in font ``font`` (object 5); ``more`` objects 6 on (``o6=...``)."""
    from pdfgen import build_pdf

    content = b"BT /F1 12 Tf 72 700 Td (A) Tj ET"
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >>"
                  b" /Contents 4 0 R >>",
               4: _stream(content), 5: font}
    objects.update({int(name[1:]): body for name, body in more.items()})
    return build_pdf(objects)


def _stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s>>\nstream\n" % (len(data), extra) + data + b"\nendstream"


DEEP = b"[" * 300 + b"]" * 300


def test_a_font_s_map_or_program_nested_past_the_depth_is_said() -> None:
    """The ToUnicode CMap's and the Type 1 program's parsers dropped structures nested past the
    depth budget without a word: each font is counted and the document says how many, with
    the depth; the rest of the map is still read."""
    from pdfprose.pdf.fonts import Type1Names

    cmap = b"begincmap\n1 beginbfchar <41> <0042> endbfchar\n" + DEEP + b"\nendcmap\n"
    mapped = read_to_unicode(PDFStream({}, cmap))
    assert mapped.get_unichr(0x41) == "B" and mapped.too_deep == 1  # type: ignore[attr-defined]
    assert read_to_unicode(PDFStream({}, b"begincmap endcmap")).too_deep == 0  # type: ignore[attr-defined]
    header = (b"%!PS-AdobeFont-1.0: Deep\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n"
              b"dup 65 /A put\n" + DEEP + b"\nreadonly def\ncurrentfile eexec\n")
    names = Type1Names(header)
    assert names.names()[65] == "A" and names.too_deep == 1

    with_map = pdfprose.convert(_font_page_pdf(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>", o6=_stream(cmap)))
    program = header + b"\0" * 4
    with_program = pdfprose.convert(_font_page_pdf(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Deep /FirstChar 65 /LastChar 65 /Widths [600]"
        b" /FontDescriptor 7 0 R >>",
        o6=_stream(program, b"/Length1 %d /Length2 4 /Length3 0 " % len(header)),
        o7=b"<< /Type /FontDescriptor /FontName /Deep /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0"
           b" /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 /FontFile 6 0 R >>"))
    for conversion in (with_map, with_program):
        said = [n for n in conversion.report()["notices"] if n.get("part") == "font_nesting"]
        assert said == [{"code": "limit_reached", "part": "font_nesting",
                         "values": {"count": "1", "limit": "256"},
                         "message": "The file: 1 of its fonts nest arrays or dictionaries more than 256 "
                                    "levels deep in their character maps or programs; what lies deeper "
                                    "was left out (a damaged or hostile file)."}], conversion.warnings
    assert with_map.render().strip() == "B"
