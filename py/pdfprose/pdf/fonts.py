"""Font facts the engine needs per glyph, computed once per font (SPEC §1)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from io import BytesIO

from pdfminer.encodingdb import name2unicode
from pdfminer.pdffont import (CFFFont, PDFCIDFont, PDFFont, PDFSimpleFont, PDFType1Font,
                               PDFType3Font)
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import PSEOF, PSLiteral, literal_name

from .content import FastType1HeaderParser
from .glyph_names import glyph_unicode

BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|[-,]bd\b|cmbx|cmb\d|\bmedi\b|\.BI?$", re.I)
"""Font-name fragments that mark a bold face: Adobe's ``-Bold``/``,Bold``, ``Black``, ``Heavy``,
``Semibold``, ``Demi``, TeX's bold extended Computer Modern (``CMBX10``), and the ``.B`` /
``.BI`` suffix of Arbortext's Advent fonts (``AdvOTf32ed098.B``, Nature's journals)."""

ITALIC_NAME = re.compile(r"italic|oblique|slanted|[-,]it\b|cmti|cmsl|\.B?I$", re.I)
"""Font-name fragments that mark an italic or slanted face (TeX: ``CMTI``, ``CMSL``)."""

FLAG_ITALIC = 1 << 6
"""FontDescriptor /Flags bit 7 (ISO 32000-1, table 123): Italic."""

FLAG_SYMBOLIC = 1 << 2
"""FontDescriptor /Flags bit 3: Symbolic (glyphs outside the standard Latin set)."""

FLAG_FORCE_BOLD = 1 << 18
"""FontDescriptor /Flags bit 19: ForceBold."""

BOLD_STEM_V = 140
"""A /StemV this thick marks a bold face when the name says nothing (regular text faces sit near
80-100, bold near 140-170 in Adobe's core fonts' descriptors)."""

SYMBOL_FONT_NAME = re.compile(r"symbol|dingbat|wingding|webding", re.I)


@dataclass(frozen=True, slots=True)
class FontFacts:
    """What the pipeline needs to know about one font.

    ``name`` drops the subset prefix (``ABCDEF+``); ``descent`` is in units of the font size
    (negative below the baseline); ``symbolic`` marks symbol fonts whose private-use codes may be
    bullets. For the garbled-page diagnosis (SPEC §13): ``kind`` is ``"type3"``, ``"cid"``
    (Type0, multi-byte) or ``"simple"`` (Type1, TrueType); ``has_unicode_map`` says whether the
    font has a code-to-Unicode map of its own (a ToUnicode CMap, or for a CID font the embedded
    TrueType's cmap or a registered CJK CMap), beyond a simple font's encoding. ``missing``: the
    font's dictionary could not be read (see :data:`MISSING_FONT_NAME`), so its widths, and with
    them every letter's and space's position, are unknown.
    """

    name: str
    bold: bool
    italic: bool
    vertical: bool
    symbolic: bool
    descent: float
    kind: str = "simple"
    has_unicode_map: bool = True
    missing: bool = False


def _font_kind(font: PDFFont) -> str:
    if isinstance(font, PDFType3Font):
        return "type3"
    if isinstance(font, PDFCIDFont):
        return "cid"
    return "simple"


MISSING_FONT_NAME = "unknown"
"""The name pdfminer.six gives a font built from an empty dictionary: a font object lost in a
cut-short or damaged file, or a ``Tf`` naming a font the page's resources lack (pdfminer then
uses ``get_font(None, {})``). Every Type1 and TrueType font must have a ``BaseFont`` (ISO
32000-1, 9.6.2), so a simple font with this name and no descriptor is one whose definition is
gone: its glyph widths are 0 or guessed, and its text comes out with letters piled up, dropped
as duplicates and words run together (tracemonkey cut at 120 kB: "race-basedT imeust-inTJ")."""


def font_facts(font: PDFFont) -> FontFacts:
    """Read a pdfminer font's name, descriptor flags and metrics into :class:`FontFacts`."""
    raw_name = font.fontname if isinstance(font.fontname, str) else str(font.fontname)
    name = raw_name.split("+", 1)[1] if "+" in raw_name[:7] else raw_name
    descriptor = getattr(font, "descriptor", None) or {}
    try:
        flags = int(descriptor.get("Flags", 0) or 0)
    except (TypeError, ValueError):
        flags = 0
    try:
        stem_v = float(descriptor.get("StemV", 0) or 0)
    except (TypeError, ValueError):
        stem_v = 0.0
    bold = bool(BOLD_NAME.search(name)) or bool(flags & FLAG_FORCE_BOLD) or stem_v >= BOLD_STEM_V
    italic = bool(ITALIC_NAME.search(name)) or bool(flags & FLAG_ITALIC)
    try:
        descent = float(font.get_descent())
    except Exception:  # noqa: BLE001 - broken metrics: assume a common Latin descent
        descent = -0.2
    if not -1.0 <= descent <= 0.0:
        descent = -0.2
    try:
        vertical = bool(font.is_vertical())
    except Exception:  # noqa: BLE001
        vertical = False
    return FontFacts(
        name=name,
        bold=bold,
        italic=italic,
        vertical=vertical,
        symbolic=bool(SYMBOL_FONT_NAME.search(name)) or bool(flags & FLAG_SYMBOLIC),
        descent=descent,
        kind=_font_kind(font),
        has_unicode_map=getattr(font, "unicode_map", None) is not None,
        missing=raw_name == MISSING_FONT_NAME and not descriptor and _font_kind(font) == "simple",
    )


CODE_NAMED_GLYPH = re.compile(r"^(?:[A-Za-z]{1,5})?([0-9]{2,3}|[0-9A-Fa-f]{2})$")
"""Glyph names made of a short prefix and the glyph's own character code, decimal (``a224``,
``C65``, ``g36``) or two hex digits (``G41``): Type3 fonts (TeX bitmap fonts, PDF.js test
``french_diacritics.pdf``) name glyphs this way. When the number is the code the name sits at in
the Differences array, the code is read as a Windows-1252 (Latin-1) character code, as poppler
and pdf.js do."""


def _code_named(name: str, code: int) -> str | None:
    """The character of a code-named glyph (CODE_NAMED_GLYPH) at ``code``, or None."""
    m = CODE_NAMED_GLYPH.match(name)
    if m is None or not 32 <= code <= 255:
        return None
    digits = m.group(1)
    numbers = {int(digits, 10)} if digits.isdigit() else set()
    if len(digits) == 2:
        numbers.add(int(digits, 16))
    if code not in numbers:
        return None
    try:
        return bytes([code]).decode("cp1252")
    except UnicodeDecodeError:
        return None


def _cff_builtin_encoding(font: PDFFont, spec: dict) -> dict[int, str | None] | None:  # type: ignore[type-arg]
    """Per character code, the Unicode text of the glyph an embedded CFF (Type1C) font's own
    encoding puts there (None: a glyph name without Unicode meaning), or None when the font
    has no such encoding to read: pdfminer.six reads a Type 1 font file's builtin encoding but
    not a CFF one's, and falls back on StandardEncoding ("2" for ∈, ";" for ∅ in TeX's CMSY).

    pdfminer.six's ``CFFFont`` reads the font's header, INDEXes and Top DICT; the Encoding and
    the charset (Adobe Technical Note #5176, sections 12 and 13) are read here, since its own
    reading of them swaps codes and glyph indices. Predefined encodings (Standard, Expert) and
    the Expert charsets are left to pdfminer's reading."""
    descriptor = getattr(font, "descriptor", None) or {}
    fontfile = resolve1(descriptor.get("FontFile3")) if isinstance(descriptor, dict) else None
    if not isinstance(fontfile, PDFStream) or literal_name(fontfile.get("Subtype")) != "Type1C":
        return None
    data = fontfile.get_data()
    cff = CFFFont(str(getattr(font, "basefont", "")), BytesIO(data))
    (encoding_at,) = cff.top_dict.get(16, [0])
    (charset_at,) = cff.top_dict.get(15, [0])
    if encoding_at in (0, 1) or charset_at in (1, 2):
        return None  # a predefined encoding or Expert charset: nothing of the font's own
    names = cff_charset(data, int(charset_at), cff.nglyphs, cff.getstr)
    by_code: dict[int, str] = {}
    for code, gid_or_name in cff_encoding(data, int(encoding_at), cff.getstr):
        name = gid_or_name if isinstance(gid_or_name, str) else names.get(gid_or_name)
        if name is not None:
            by_code.setdefault(code, name)
    return {code: glyph_unicode(name) for code, name in by_code.items()}


def _name(value: str | bytes) -> str:
    return value.decode("latin-1") if isinstance(value, bytes) else value


def cff_charset(data: bytes, at: int, nglyphs: int, getstr) -> dict[int, str]:  # type: ignore[no-untyped-def]
    """Glyph index -> glyph name from a CFF charset at offset ``at`` (0: ISOAdobe)."""
    if at == 0:
        return {gid: _name(getstr(gid)) for gid in range(1, min(nglyphs, 229))}
    names: dict[int, str] = {}
    fmt = data[at]
    pos, gid = at + 1, 1
    while gid < nglyphs and pos < len(data):
        if fmt == 0:
            names[gid] = _name(getstr(int.from_bytes(data[pos:pos + 2], "big")))
            pos, gid = pos + 2, gid + 1
            continue
        first = int.from_bytes(data[pos:pos + 2], "big")
        size = 1 if fmt == 1 else 2
        left = int.from_bytes(data[pos + 2:pos + 2 + size], "big")
        pos += 2 + size
        for sid in range(first, first + left + 1):
            names[gid] = _name(getstr(sid))
            gid += 1
    return names


def cff_encoding(data: bytes, at: int, getstr) -> list[tuple[int, int | str]]:  # type: ignore[no-untyped-def]
    """(code, glyph index) pairs of a CFF Encoding at offset ``at``, then (code, glyph name)
    for its supplements."""
    fmt = data[at]
    pairs: list[tuple[int, int | str]] = []
    pos = at + 1
    if fmt & 0x7F == 0:
        count = data[pos]
        pairs = [(data[pos + 1 + i], i + 1) for i in range(count)]
        pos += 1 + count
    elif fmt & 0x7F == 1:
        ranges = data[pos]
        pos += 1
        gid = 1
        for _ in range(ranges):
            first, left = data[pos], data[pos + 1]
            pos += 2
            for code in range(first, first + left + 1):
                pairs.append((code, gid))
                gid += 1
    else:
        raise ValueError(f"unknown CFF encoding format {fmt}")
    if fmt & 0x80:
        for i in range(data[pos]):
            code = data[pos + 1 + 3 * i]
            sid = int.from_bytes(data[pos + 2 + 3 * i:pos + 4 + 3 * i], "big")
            pairs.append((code, _name(getstr(sid))))
    return pairs


def apply_builtin_encoding(font: PDFFont, spec: object) -> None:
    """Give a simple font without a ToUnicode map and without a base encoding of its own the
    encoding of its embedded CFF font program (:func:`_cff_builtin_encoding`; the PDF's
    /Differences still win, ISO 32000-1 9.6.6.1). Codes whose glyph names mean nothing become
    unmapped."""
    if not isinstance(font, PDFSimpleFont) or getattr(font, "unicode_map", None) is not None:
        return
    if not isinstance(spec, dict):
        return
    encoding = resolve1(spec.get("Encoding"))
    differences: set[int] = set()
    if isinstance(encoding, dict):
        if "BaseEncoding" in encoding:
            return
        code = 0
        for item in resolve1(encoding.get("Differences")) or []:
            item = resolve1(item)
            if isinstance(item, (int, float)):
                code = int(item)
            elif isinstance(item, PSLiteral):
                differences.add(code)
                code += 1
    elif encoding is not None:
        return  # a named encoding (WinAnsi, MacRoman...) is the PDF's word
    try:
        builtin = _cff_builtin_encoding(font, spec)
    except Exception:  # noqa: BLE001 - a damaged font program: pdfminer's reading stands
        return
    if not builtin:
        return
    # pdfminer.six hands every font without Differences the same StandardEncoding table: a
    # copy of its own, or this font's encoding would become every font's.
    table = font.cid2unicode = dict(font.cid2unicode)
    for code, char in builtin.items():
        if code in differences:
            continue
        if char is None:
            table.pop(code, None)
        else:
            table[code] = char


class Type1Names(FastType1HeaderParser):
    """pdfminer.six's reader of a Type 1 font program's /Encoding, keeping the glyph names (with
    the batch tokenizer in front: :class:`pdfprose.pdf.content.FastType1HeaderParser`)."""

    def names(self) -> dict[int, str]:
        out: dict[int, str] = {}
        while True:
            try:
                code, name = self.nextobject()
            except PSEOF:
                return out
            if isinstance(code, int) and isinstance(name, str):
                out[code] = name


def _add_type1_tex_names(font: PDFFont) -> None:
    """Where pdfminer.six read an embedded Type 1 font's builtin encoding (no /Encoding in the
    PDF), it kept only the names the Adobe glyph list knows: TeX's CMEX10 lost all of its big
    delimiters, sums and integrals (``parenleftBig``, ``summationtext``), which came out as
    U+FFFD, for pdfTeX's ToUnicode maps leave them out too. Those codes get their character
    from the TeX names (:mod:`pdfprose.pdf.glyph_names`); a ToUnicode map still wins where it has
    the code (pdfminer.six's ``to_unichr`` falls back on this table only where it has not)."""
    if not isinstance(font, PDFType1Font) or not isinstance(getattr(font, "fontfile", None), PDFStream):
        return
    try:
        stream = font.fontfile
        data = stream.get_data()[: stream.get("Length1")]  # the clear-text part, as pdfminer reads it
        parser = Type1Names(data)
        names = parser.names()
    except Exception:  # noqa: BLE001 - a damaged font program: pdfminer's reading stands
        return
    # Structures nested past the depth budget were dropped: the document says so (document.py).
    font.too_deep = parser.too_deep  # type: ignore[attr-defined]
    table = font.cid2unicode
    for code, name in names.items():
        if code not in table:
            char = glyph_unicode(name)
            if char is not None:
                table[code] = char


WINANSI_UNUSED = frozenset((0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D))
"""The codes above 0o40 that WinAnsiEncoding leaves unused (ISO 32000-1, Annex D.2), which
pdfminer.six's table leaves out."""

WINANSI_UNUSED_BULLET = "\u2022"
"""ISO 32000-1, Annex D.2, note 6: "In WinAnsiEncoding, all unused codes greater than 40 (octal)
map to the bullet character". Without it a bullet drawn at such a code came out as U+FFFD:
reportlab writes "•" in the standard Helvetica and Times as 0x7F, and poppler's and pdf.js's
WinAnsi tables read it as "•"."""


def _winansi_bullets(font: PDFSimpleFont, spec: dict) -> None:  # type: ignore[type-arg]
    """Map the unused codes (:data:`WINANSI_UNUSED`) of a font whose encoding is
    WinAnsiEncoding (named so, or as the base of its Differences) to the bullet. Codes the
    Differences name keep their glyph; a ToUnicode map is still read first."""
    encoding = resolve1(spec.get("Encoding"))
    base = resolve1(encoding.get("BaseEncoding")) if isinstance(encoding, dict) else encoding
    if not isinstance(base, PSLiteral) or literal_name(base) != "WinAnsiEncoding":
        return
    missing = [code for code in sorted(WINANSI_UNUSED) if code not in font.cid2unicode]
    if not missing:
        return
    # pdfminer.six shares one WinAnsi table among the fonts without Differences: a copy of its
    # own for this font, never the library's table changed.
    table = font.cid2unicode = dict(font.cid2unicode)
    for code in missing:
        table[code] = WINANSI_UNUSED_BULLET


def repair_encoding(font: PDFFont, spec: object) -> None:
    """Fix a simple font's code-to-Unicode table where its Differences array names glyphs that
    the Adobe glyph list does not know (SPEC §1: Unicode from glyph names / Differences).

    pdfminer.six keeps the base encoding's character for such a code (StandardEncoding's ´ for
    a Type3 glyph named ``a194``), which is wrong text that does not even count as unmapped.
    Here a code-named glyph (CODE_NAMED_GLYPH) gets its code's character, and any other unknown
    name leaves the code unmapped, except in TrueType fonts, whose codes readers map through the
    base encoding when the names mean nothing (poppler's "map unknown char names"). Runs once
    per font object; fonts with a ToUnicode CMap keep it first.
    """
    if not isinstance(font, PDFSimpleFont) or getattr(font, "_pdfprose_repaired", False):
        return
    try:
        font._pdfprose_repaired = True  # type: ignore[attr-defined]
    except AttributeError:  # pragma: no cover - a slotted font class
        return
    if isinstance(spec, dict) and spec.get("Encoding") is None:
        _add_type1_tex_names(font)
    apply_builtin_encoding(font, spec)
    if isinstance(spec, dict):
        try:
            _winansi_bullets(font, spec)
        except Exception:  # noqa: BLE001 - a broken encoding: pdfminer's reading stands
            pass
    try:
        encoding = resolve1(spec.get("Encoding")) if isinstance(spec, dict) else None  # type: ignore[union-attr]
        if not isinstance(encoding, dict):
            return
        differences = resolve1(encoding.get("Differences"))
        if not isinstance(differences, list):
            return
        truetype = literal_name(spec.get("Subtype")) == "TrueType"  # type: ignore[union-attr]
    except Exception:  # noqa: BLE001 - a broken encoding: pdfminer's reading stands
        return
    table = font.cid2unicode
    code = 0
    for item in differences:
        item = resolve1(item)
        if isinstance(item, (int, float)):
            code = int(item)
            continue
        if not isinstance(item, PSLiteral):
            continue
        name = item.name if isinstance(item.name, str) else str(item.name)
        try:
            name2unicode(name)
        except Exception:  # noqa: BLE001 - unknown to the glyph list
            char = _code_named(name, code)
            if char is not None:
                table[code] = char
            elif not truetype:
                table.pop(code, None)
        code += 1


MAX_CID = 65_535
"""The largest CID (ISO 32000-1, annex C, table C.1: CIDs are at most 65,535)."""


def clip_cid_widths(spec: dict, limit: int) -> dict:  # type: ignore[type-arg]
    """``spec`` (a CIDFont dictionary) with its ``/W`` and ``/W2`` ranges clipped to the CIDs a
    font can address (0-65,535) and to ``limit`` CIDs in all; ``spec`` itself when nothing was
    cut. pdfminer.six expands each ``c_first c_last w`` range CID by CID, so one range over the
    32-bit space asked for four billion dictionary entries."""
    clipped = {}
    for key, per in (("W", 3), ("W2", 5)):
        if key not in spec:
            continue
        seq = resolve1(spec[key])
        if isinstance(seq, list):
            kept, cut = _clip_ranges(seq, per, limit)
            if cut:
                clipped[key] = kept
    return {**spec, **clipped} if clipped else spec


def _clip_ranges(seq: list, per: int, limit: int) -> tuple[list, bool]:  # type: ignore[type-arg]
    """The entries of a ``/W`` (``per`` 3) or ``/W2`` (``per`` 5) array within ``limit`` CIDs,
    and whether any was cut."""
    kept: list = []  # type: ignore[type-arg]
    numbers: list = []  # type: ignore[type-arg]
    left = limit
    cut = False
    for value in seq:
        value = resolve1(value)
        if isinstance(value, list):
            if numbers:
                count = len(value) // max(1, per - 2)
                if left - count < 0 or not isinstance(numbers[-1], int) or numbers[-1] > MAX_CID:
                    cut = True
                else:
                    kept.extend([*numbers, value])
                    left -= count
            numbers = []
        elif isinstance(value, (int, float)):
            numbers.append(value)
            if len(numbers) == per:
                first, last = numbers[0], numbers[1]
                if isinstance(first, int) and isinstance(last, int):
                    top = min(last, MAX_CID, first + left - 1)
                    if top != last:
                        cut = True
                    if top >= first:
                        kept.extend([first, top, *numbers[2:]])
                        left -= top - first + 1
                else:
                    kept.extend(numbers)
                numbers = []
    return kept, cut
