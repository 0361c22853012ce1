"""The value of a filled-in form field whose widget shows none: a content stream that draws it.

A form filled by a program that leaves the drawing to the viewer (pypdf's field filling,
LibreOffice, Evince: the AcroForm's /NeedAppearances) holds the value in the field's /V and
gives the widget no appearance, or one that draws nothing (``/Tx BMC EMC``). A viewer draws the
value then (ISO 32000-1, 12.7.3.3: the field's default appearance /DA over its /Rect), and so
does this: the value is text a reader sees on the page. An appearance that draws no text where
the form does not ask for new ones shows no value, and none is read. Only text and choice
fields are drawn (a check box's state is no text), never a password field.
"""

from __future__ import annotations

import re

from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import LIT, PSLiteral
from pdfminer.utils import decode_text

FIELD_MULTILINE = 1 << 12
FIELD_PASSWORD = 1 << 13
"""Text field flags (/Ff, ISO 32000-1, table 228): bit 13 Multiline, bit 14 Password."""

DEFAULT_SIZE = 12.0
"""The size a field set to auto size (``0 Tf``) or without a /DA is drawn at, in points, at
most (viewers fit the text to the box; 12 pt is Acrobat's largest auto size for one line)."""

PADDING = 2.0
"""Points between a field's box and its text (Acrobat's and pdf.js' 2 pt inset)."""

STREAM_ID = -1
"""The object number of a drawn value's stream: none a file can use (numbers are positive)."""

_SIZE = re.compile(rb"(\d+(?:\.\d*)?|\.\d+)\s+Tf")

_FONT = {"Type": LIT("Font"), "Subtype": LIT("Type1"), "BaseFont": LIT("Helvetica"),
         "Encoding": LIT("WinAnsiEncoding")}


def needs_appearances(catalog: object) -> bool:
    """Whether a document's AcroForm asks the viewer to draw its fields anew (/NeedAppearances,
    ISO 32000-1, table 218)."""
    try:
        form = resolve1(catalog.get("AcroForm")) if isinstance(catalog, dict) else None
        return isinstance(form, dict) and resolve1(form.get("NeedAppearances")) is True
    except Exception:  # noqa: BLE001 - a broken AcroForm asks for nothing
        return False


def _inherited(annot: dict, key: str) -> object:
    """A field attribute from the widget or the field above it (/Parent, up to 32 levels)."""
    node: object = annot
    for _ in range(32):
        if not isinstance(node, dict):
            return None
        if key in node:
            return resolve1(node[key])
        node = resolve1(node.get("Parent"))
    return None


def field_value(annot: dict) -> list[str]:
    """The lines of the value a text or choice field's widget ``annot`` holds (empty: none
    to draw: another kind of annotation or field, a password, no value)."""
    kind = resolve1(annot.get("Subtype"))
    if not isinstance(kind, PSLiteral) or kind.name != "Widget":
        return []
    ft = _inherited(annot, "FT")
    if not isinstance(ft, PSLiteral) or ft.name not in ("Tx", "Ch"):
        return []
    flags = _inherited(annot, "Ff")
    if isinstance(flags, int) and flags & FIELD_PASSWORD and ft.name == "Tx":
        return []
    value = _inherited(annot, "V")
    items = [resolve1(v) for v in value] if isinstance(value, list) else [value]
    texts = [decode_text(v) for v in items if isinstance(v, bytes)]
    lines = [line for text in texts for line in re.split(r"\r\n|\r|\n", text)]
    return lines if any(line.strip() for line in lines) else []


def value_stream(annot: dict, lines: list[str], width: float, height: float,
                 ) -> tuple[PDFStream, dict]:
    """A content stream drawing ``lines`` in a box ``width`` x ``height`` (the field's /Rect,
    origin at its lower left) as a viewer would, and the resources it needs: Helvetica at the
    /DA's size; one line centred in the box's height, several from its top. Text Helvetica's
    encoding cannot draw is carried as /ActualText (ISO 32000-1, 14.9.4)."""
    da = _inherited(annot, "DA")
    found = _SIZE.search(da) if isinstance(da, bytes) else None
    size = float(found.group(1)) if found else 0.0
    if size <= 0:
        size = max(4.0, min(DEFAULT_SIZE, height - 2 * PADDING))
    flags = _inherited(annot, "Ff")
    several = len(lines) > 1 or (isinstance(flags, int) and bool(flags & FIELD_MULTILINE))
    out = bytearray()
    for i, line in enumerate(lines):
        if several:
            y = height - PADDING - size * (0.8 + 1.15 * i)
        else:
            y = (height - 0.7 * size) / 2
        encoded = line.encode("cp1252", "replace")
        shown = encoded.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
        text = b"BT /Helv %.2f Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET" % (size, PADDING, y, shown)
        if encoded.decode("cp1252", "replace") != line:
            actual = ("\ufeff" + line).encode("utf-16-be").hex().encode()
            text = b"/Span <</ActualText <%s>>> BDC %s EMC" % (actual, text)
        out += text + b"\n"
    stream = PDFStream({"Length": len(out)}, bytes(out))
    # The interpreter runs streams it can tell apart (form cycles): one no file holds.
    stream.set_objid(STREAM_ID, 0)
    return stream, {"Font": {"Helv": dict(_FONT)}}
