"""A composite font's encoding given as an embedded CMap stream (PDF 32000 §9.7.5.3).

pdfminer.six reads a Type0 font's ``Encoding`` by name only (``Identity-H``, ``UniJIS-UCS2-H``):
given a stream it looks for the stream's ``CMapName``, finds no such predefined CMap and decodes
every string to nothing. mPDF and fpdf2 embed their CJK fonts' encodings so (codes 1, 2, 3...
for the glyphs in order of use, mapped to the font's CIDs), and a page of Japanese then had no
text at all and was reported as a scan. :func:`read_embedded_encoding` reads the stream's
``cidchar`` and ``cidrange`` entries into pdfminer's CMap, and gives the font a Unicode map by
CID: the ToUnicode CMap maps the font's codes (§9.10.3), and pdfminer asks it by CID.
"""

from __future__ import annotations

import re

from pdfminer.cmapdb import CMap, CMapDB, FileUnicodeMap
from pdfminer.pdffont import PDFCIDFont
from pdfminer.pdftypes import PDFStream, resolve1

_CID_CHARS = re.compile(rb"begincidchar(.*?)endcidchar", re.S)
_CID_RANGES = re.compile(rb"begincidrange(.*?)endcidrange", re.S)
_CHAR = re.compile(rb"<([0-9A-Fa-f\s]+)>\s*(\d+)")
_RANGE = re.compile(rb"<([0-9A-Fa-f\s]+)>\s*<([0-9A-Fa-f\s]+)>\s*(\d+)")
_USE_CMAP = re.compile(rb"/([^\s/<>\[\]()]+)\s+usecmap")


def _code(hex_digits: bytes) -> bytes:
    """The code a hex string spells; empty for an odd number of digits (a damaged map)."""
    digits = re.sub(rb"\s", b"", hex_digits)
    return bytes.fromhex(digits.decode("ascii")) if len(digits) % 2 == 0 else b""


def _add(cmap: CMap, code: bytes, cid: int) -> None:
    table = cmap.code2cid
    for byte in code[:-1]:
        inner = table.get(byte)
        if not isinstance(inner, dict):
            inner = table[byte] = {}
        table = inner
    table[code[-1]] = cid


def parse_cid_cmap(data: bytes, limit: int) -> tuple[CMap, list[tuple[bytes, int]]] | None:
    """The code-to-CID map of an embedded CMap stream's ``data``, and its (code, CID) pairs; at
    most ``limit`` codes are read (a range over the whole code space is a budget's matter).
    ``None`` when the stream maps no code (a ToUnicode map passed as an encoding)."""
    cmap = CMap()
    pairs: list[tuple[bytes, int]] = []
    used = _USE_CMAP.search(data)
    if used is not None:
        try:
            cmap.use_cmap(CMapDB.get_cmap(used.group(1).decode("latin-1")))
        except (CMapDB.CMapNotFound, ValueError):
            pass
    for section in _CID_CHARS.findall(data):
        for hex_code, cid in _CHAR.findall(section):
            code = _code(hex_code)
            if code and len(pairs) < limit:
                _add(cmap, code, int(cid))
                pairs.append((code, int(cid)))
    for section in _CID_RANGES.findall(data):
        for low, high, cid in _RANGE.findall(section):
            start, end = _code(low), _code(high)
            if not start or len(start) != len(end):
                continue
            first, last = int.from_bytes(start, "big"), int.from_bytes(end, "big")
            for n in range(first, min(last, first + limit - len(pairs) - 1) + 1):
                code = n.to_bytes(len(start), "big")
                _add(cmap, code, int(cid) + n - first)
                pairs.append((code, int(cid) + n - first))
    if not pairs and used is None:
        return None
    return cmap, pairs


def read_embedded_encoding(font: PDFCIDFont, spec: dict, limit: int) -> None:  # type: ignore[type-arg]
    """Give ``font`` (made from ``spec``, a Type0 font's dictionary) the encoding its embedded
    CMap stream says, where pdfminer found none by name, and a Unicode map by CID composed from
    the ToUnicode map by code (at most ``limit`` codes)."""
    encoding = resolve1(spec.get("Encoding")) if isinstance(spec, dict) else None
    if not isinstance(encoding, PDFStream):
        return
    if font.cmap.code2cid:
        return  # pdfminer knew the CMap's name
    try:
        read = parse_cid_cmap(encoding.get_data(), limit)
    except Exception:  # noqa: BLE001 - a damaged stream leaves the font as pdfminer made it
        return
    if read is None:
        return
    cmap, pairs = read
    font.cmap = cmap
    by_code = getattr(font.unicode_map, "cid2unichr", None)
    if by_code:
        by_cid = FileUnicodeMap()
        for code, cid in pairs:
            text = by_code.get(int.from_bytes(code, "big"))
            if text is not None:
                by_cid.cid2unichr[cid] = text
        font.unicode_map = by_cid
