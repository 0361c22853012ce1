"""A Type0 font whose encoding is an embedded CMap stream (mPDF's and fpdf2's CJK fonts): codes
1, 2, 3... mapped to the font's CIDs, and a ToUnicode map by code (PDF 32000 §9.7.5.3, §9.10.3).
pdfminer.six reads such an encoding by name only, and decoded every string to nothing: a page of
Japanese was empty and called a scan."""

from __future__ import annotations

from pdfgen import build_pdf

from pdfprose import Options, convert
from pdfprose.pdf.embedded_cmaps import parse_cid_cmap

# Codes 1-7 for 日 本 語 テ キ ス ト, code 0x20 a space; the CIDs are the font's own.
CIDS = {0x0001: 20220, 0x0002: 20758, 0x0003: 37860, 0x0004: 1591, 0x0005: 1566,
        0x0006: 1578, 0x0007: 1593, 0x0020: 1}
UNICODE = {0x0001: 0x65E5, 0x0002: 0x672C, 0x0003: 0x8A9E, 0x0004: 0x30C6, 0x0005: 0x30AD,
           0x0006: 0x30B9, 0x0007: 0x30C8, 0x0020: 0x20}


def _cmap(kind: str, entries: list[str]) -> bytes:
    body = "\n".join(entries)
    return (f"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            f"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n"
            f"<0000> <FFFF>\nendcodespacerange\n{len(entries)} begin{kind}\n{body}\n"
            f"end{kind}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
            ).encode()


def _stream(data: bytes, extra: str = "") -> bytes:
    return b"<< /Length %d %s >>\nstream\n" % (len(data), extra.encode()) + data + b"\nendstream"


def _pdf() -> bytes:
    encoding = _cmap("cidchar", [f"<{code:04X}> {cid}" for code, cid in CIDS.items()])
    to_unicode = _cmap("bfchar", [f"<{code:04X}> <{u:04X}>" for code, u in UNICODE.items()])
    widths = " ".join(f"{cid} {cid} {1000 if cid > 1 else 224}" for cid in sorted(CIDS.values()))
    text = bytes.fromhex("0001 0002 0003 0020 0004 0005 0006 0007".replace(" ", ""))
    content = b"BT /F1 24 Tf 100 700 Td <" + text.hex().encode() + b"> Tj ET"
    return build_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
           b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        4: b"<< /Type /Font /Subtype /Type0 /BaseFont /MPDFAA+NotoSansCJKJP "
           b"/Encoding 6 0 R /DescendantFonts [7 0 R] /ToUnicode 8 0 R >>",
        5: _stream(content),
        6: _stream(encoding, "/Type /CMap /CMapName /Adobe-Identity-UCS "
                   "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"),
        7: b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MPDFAA+NotoSansCJKJP "
           b"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
           b"/DW 1000 /W [" + widths.encode() + b"] /FontDescriptor 9 0 R >>",
        8: _stream(to_unicode),
        9: b"<< /Type /FontDescriptor /FontName /MPDFAA+NotoSansCJKJP /Flags 4 "
           b"/FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 "
           b"/CapHeight 700 /StemV 80 >>",
    })


def test_a_type0_font_with_an_embedded_cid_cmap_reads_its_text() -> None:
    conversion = convert(_pdf())
    assert conversion.render(Options()).strip() == "日本語 テキスト"
    assert not conversion.all_empty


def test_embedded_cmap_ranges_and_chars_map_codes_to_cids() -> None:
    data = _cmap("cidrange", ["<0010> <0012> 500"]) + _cmap("cidchar", ["<0001> 7"])
    read = parse_cid_cmap(data, limit=100)
    assert read is not None
    cmap, pairs = read
    assert list(cmap.decode(bytes.fromhex("0001 0011 0012".replace(" ", "")))) == [7, 501, 502]
    assert sorted(pairs) == [(b"\x00\x01", 7), (b"\x00\x10", 500), (b"\x00\x11", 501),
                             (b"\x00\x12", 502)]


def test_an_embedded_cmap_range_is_read_up_to_the_budget() -> None:
    read = parse_cid_cmap(_cmap("cidrange", ["<0000> <FFFF> 0"]), limit=1000)
    assert read is not None and len(read[1]) == 1000


def test_a_stream_that_maps_no_code_changes_nothing() -> None:
    assert parse_cid_cmap(_cmap("bfchar", ["<0001> <65E5>"]), limit=100) is None


def test_a_damaged_code_is_skipped() -> None:
    read = parse_cid_cmap(_cmap("cidchar", ["<001> 5", "<0002> 6"]), limit=100)
    assert read is not None and read[1] == [(b"\x00\x02", 6)]
