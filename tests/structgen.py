"""PDFs that say what they are: links, bookmarks, tags, ActualText, footnotes, right-to-left
text (issue 24), written object by object at test time (no PDF is committed), each with the
answers a reader of the page would give.

reportlab draws text and annotations but not a structure tree, marked content or a chosen
drawing order, so this module writes the PDF itself: :class:`PdfBuilder` numbers objects and
writes the file, :class:`SimpleFont` is Helvetica (WinAnsi, no file embedded), :class:`EmbeddedFont`
embeds a TrueType font of Debian's (Noto Sans Hebrew, Noto Sans Arabic, DejaVu Sans) as a Type0
font with a ToUnicode map the test chooses (presentation forms or letters, or nothing for a
glyph that only ActualText explains), and :class:`Page` places every glyph with its own text
matrix, so that a test decides the order in which glyphs are drawn (visual or logical storage
of right-to-left text). Right-to-left lines are ordered by python-bidi (the Rust
``unicode-bidi`` crate), an implementation independent of :mod:`pdfprose.text.bidi`, and
Arabic is shaped into its presentation forms by :func:`shape_arabic`.

Builders at the end write whole documents and return their truth.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from bidi import get_display
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFontFile

FONT_DIRS = (Path("/usr/share/fonts/truetype/noto"), Path("/usr/share/fonts/truetype/dejavu"))
HEBREW_FONT = "NotoSansHebrew-Regular.ttf"
ARABIC_FONT = "NotoSansArabic-Regular.ttf"
LATIN_TTF = "DejaVuSans.ttf"

PAGE_W, PAGE_H = 595.0, 842.0
"""A4 in points."""


def font_path(name: str) -> Path | None:
    """Where Debian put a font file (fonts-noto-core, fonts-dejavu-core), or None."""
    for folder in FONT_DIRS:
        if (folder / name).is_file():
            return folder / name
    return None


def pdf_string(text: str) -> bytes:
    """A PDF text string: PDFDocEncoding-safe ASCII as a literal, else UTF-16BE with a BOM."""
    if all(32 <= ord(c) < 127 for c in text):
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return b"(" + escaped.encode("ascii") + b")"
    return b"<feff" + text.encode("utf-16-be").hex().encode() + b">"


def name(text: str) -> bytes:
    return b"/" + text.encode("ascii")


# -- the file ------------------------------------------------------------------------------

class PdfBuilder:
    """Numbered objects, written with a correct cross-reference table."""

    def __init__(self) -> None:
        self.objects: dict[int, bytes] = {}
        self._next = 1

    def reserve(self) -> int:
        num = self._next
        self._next += 1
        return num

    def set(self, num: int, body: bytes | str) -> int:
        self.objects[num] = body.encode("latin-1") if isinstance(body, str) else body
        return num

    def add(self, body: bytes | str) -> int:
        return self.set(self.reserve(), body)

    def stream(self, data: bytes, extra: bytes = b"") -> int:
        return self.add(b"<< /Length %d %s >>\nstream\n" % (len(data), extra) + data
                        + b"\nendstream")

    def write(self, path: Path, root: int, version: bytes = b"1.7") -> Path:
        out = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
        offsets: dict[int, int] = {}
        for num in sorted(self.objects):
            offsets[num] = len(out)
            out += b"%d 0 obj\n" % num + self.objects[num] + b"\nendobj\n"
        xref = len(out)
        size = max(self.objects) + 1
        out += b"xref\n0 %d\n0000000000 65535 f \n" % size
        for num in range(1, size):
            out += b"%010d 00000 n \n" % offsets[num] if num in offsets else b"0000000000 65535 f \n"
        out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, root, xref)
        path.write_bytes(bytes(out))
        return path


# -- fonts ---------------------------------------------------------------------------------

class SimpleFont:
    """Helvetica, WinAnsiEncoding: one byte per character, widths from the standard metrics."""

    def __init__(self, builder: PdfBuilder, bold: bool = False) -> None:
        self.base = "Helvetica-Bold" if bold else "Helvetica"
        self.ref = builder.add(f"<< /Type /Font /Subtype /Type1 /BaseFont /{self.base} "
                               "/Encoding /WinAnsiEncoding >>")

    def covers(self, ch: str) -> bool:
        try:
            ch.encode("cp1252")
        except UnicodeEncodeError:
            return False
        return True

    def width(self, ch: str, size: float) -> float:
        return stringWidth(ch, self.base, size)

    def code(self, ch: str, mapped: str | None = None) -> bytes:
        return ch.encode("cp1252")

    def finish(self, builder: PdfBuilder) -> None:
        pass


class EmbeddedFont:
    """A TrueType font embedded whole as a Type0 (Identity-H) font. Each glyph drawn records the
    text its ToUnicode entry gives (None: no entry, an unmapped glyph); :meth:`finish` writes
    the widths and the map of the glyphs used."""

    def __init__(self, builder: PdfBuilder, file: Path) -> None:
        self.file = file
        self.tt = TTFontFile(str(file))
        self.ref = builder.reserve()
        self.used: dict[int, str | None] = {}
        self.widths: dict[int, float] = {}

    def covers(self, ch: str) -> bool:
        return ord(ch) in self.tt.charToGlyph

    def width(self, ch: str, size: float) -> float:
        return self._width_units(ch) * size / 1000.0

    def _width_units(self, ch: str) -> float:
        """The advance of ``ch``'s glyph in thousandths of the font size."""
        return float(self.tt.charWidths.get(ord(ch), self.tt.defaultWidth))

    def code(self, ch: str, mapped: str | None = "") -> bytes:
        """The two-byte code (the glyph id) that draws ``ch``; ``mapped`` is what ToUnicode says
        for it ("": the character itself, None: nothing)."""
        gid = self.tt.charToGlyph[ord(ch)]
        text = ch if mapped == "" else mapped
        if gid in self.used and self.used[gid] != text:
            raise ValueError(f"glyph {gid} already maps to {self.used[gid]!r}, not {text!r}")
        self.used[gid] = text
        self.widths[gid] = self._width_units(ch)
        return b"%04x" % gid

    def finish(self, builder: PdfBuilder) -> None:
        data = self.file.read_bytes()
        file_ref = builder.stream(data, b"/Length1 %d" % len(data))
        fontname = self.file.stem.replace("-", "")
        descriptor = builder.add(
            f"<< /Type /FontDescriptor /FontName /{fontname} /Flags 4 "
            f"/FontBBox [-500 -300 1500 1000] /ItalicAngle 0 /Ascent 900 /Descent -250 "
            f"/CapHeight 700 /StemV 80 /FontFile2 {file_ref} 0 R >>")
        widths = " ".join(f"{gid} [{w:.0f}]" for gid, w in sorted(self.widths.items()))
        cid = builder.add(
            f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{fontname} "
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
            f"/FontDescriptor {descriptor} 0 R /CIDToGIDMap /Identity /DW 1000 "
            f"/W [{widths}] >>")
        lines = [f"<{gid:04x}> <{text.encode('utf-16-be').hex()}>"
                 for gid, text in sorted(self.used.items()) if text]
        cmap = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
                "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def "
                "/CMapName /Adobe-Identity-UCS def /CMapType 2 def\n"
                "1 begincodespacerange <0000> <ffff> endcodespacerange\n")
        for k in range(0, len(lines), 100):
            chunk = lines[k:k + 100]
            cmap += f"{len(chunk)} beginbfchar\n" + "\n".join(chunk) + "\nendbfchar\n"
        cmap += "endcmap CMapName currentdict /CMap defineresource pop end end"
        to_unicode = builder.stream(cmap.encode("ascii"))
        builder.set(self.ref, f"<< /Type /Font /Subtype /Type0 /BaseFont /{fontname} "
                              f"/Encoding /Identity-H /DescendantFonts [{cid} 0 R] "
                              f"/ToUnicode {to_unicode} 0 R >>")


Font = SimpleFont | EmbeddedFont


# -- Arabic shaping ------------------------------------------------------------------------

def _presentation_table() -> tuple[dict[tuple[str, str], str], dict[tuple[str, str], str]]:
    """(letter, form) -> presentation form, and (lam + alef, form) -> ligature, read from the
    Unicode character database's compatibility decompositions."""
    single: dict[tuple[str, str], str] = {}
    pairs: dict[tuple[str, str], str] = {}
    for cp in list(range(0xFB50, 0xFE00)) + list(range(0xFE70, 0xFF00)):
        ch = chr(cp)
        dec = unicodedata.decomposition(ch).split()
        if len(dec) < 2 or dec[0] not in ("<isolated>", "<final>", "<initial>", "<medial>"):
            continue
        letters = "".join(chr(int(h, 16)) for h in dec[1:])
        form = dec[0][1:-1]
        if len(letters) == 1:
            single.setdefault((letters, form), ch)
        elif len(letters) == 2 and letters[0] == "\u0644":
            pairs.setdefault((letters, form), ch)
    return single, pairs


FORMS, LAM_ALEF = _presentation_table()


def _joins_both(ch: str) -> bool:
    return (ch, "initial") in FORMS or (ch, "medial") in FORMS


def _joins_right(ch: str) -> bool:
    return (ch, "final") in FORMS


def shape_arabic(text: str) -> list[tuple[str, str]]:
    """``text`` (logical order) as glyphs: (presentation form drawn, letters it stands for), in
    logical order; lam + alef become one ligature glyph. Other characters stand for
    themselves. Joining types come from which forms a letter has (dual-joining letters have an
    initial form, right-joining ones only a final one)."""
    out: list[tuple[str, str]] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        prev = text[i - 1] if i > 0 else ""
        joins_prev = bool(prev) and _joins_both(prev) and _joins_right(ch) and (
            not out or out[-1][1] != prev or len(out[-1][1]) == 1)
        if ch == "\u0644" and i + 1 < n and (text[i:i + 2], "isolated") in LAM_ALEF:
            form = "final" if joins_prev else "isolated"
            out.append((LAM_ALEF[(text[i:i + 2], form)], text[i:i + 2]))
            i += 2
            continue
        nxt = text[i + 1] if i + 1 < n else ""
        joins_next = bool(nxt) and _joins_both(ch) and _joins_right(nxt)
        if (ch, "isolated") not in FORMS:
            out.append((ch, ch))
        else:
            form = ("medial" if joins_prev and joins_next else "final" if joins_prev
                    else "initial" if joins_next else "isolated")
            out.append((FORMS.get((ch, form), FORMS[(ch, "isolated")]), ch))
        i += 1
    return out


def is_rtl_char(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


# -- pages ---------------------------------------------------------------------------------

@dataclass
class Placed:
    """One glyph put on the page: where (x of its origin, baseline y in PDF space), its box's
    right end, what it draws."""

    font: Font
    size: float
    x: float
    y: float
    code: bytes
    width: float
    text: str


@dataclass
class Page:
    """A page being drawn: content operators in order, annotations, its MCIDs."""

    builder: PdfBuilder
    ref: int = 0
    ops: list[bytes] = field(default_factory=list)
    annots: list[int] = field(default_factory=list)
    fonts: dict[int, Font] = field(default_factory=dict)
    mcid_owners: list[int | None] = field(default_factory=list)
    struct_parents: int | None = None
    placed: list[Placed] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.ref:
            self.ref = self.builder.reserve()

    def font_name(self, font: Font) -> bytes:
        self.fonts[font.ref] = font
        return b"/F%d" % font.ref

    def glyph(self, font: Font, size: float, x: float, y: float, ch: str,
              mapped: str | None = "", rise: float = 0.0) -> float:
        """Draw one glyph with its own text matrix; returns its advance."""
        code = font.code(ch, mapped)
        width = font.width(ch, size)
        hexed = code if isinstance(font, EmbeddedFont) else code.hex().encode()
        rise_op = b" %.2f Ts" % rise  # Ts outlives BT/ET: every glyph sets its own
        self.ops.append(b"BT %s %.2f Tf%s 1 0 0 1 %.3f %.3f Tm <%s> Tj ET" % (
            self.font_name(font), size, rise_op, x, y, hexed))
        self.placed.append(Placed(font, size, x, y, code, width,
                                  ch if mapped == "" else (mapped or "")))
        return width

    def text(self, font: Font, size: float, x: float, y: float, text: str,
             rise: float = 0.0) -> float:
        """Draw ``text`` left to right from ``x`` on baseline ``y`` (PDF space), glyph by glyph;
        returns the end x."""
        for ch in text:
            x += self.glyph(font, size, x, y, ch, rise=rise)
        return x

    def width(self, font: Font, size: float, text: str) -> float:
        return sum(font.width(ch, size) for ch in text)

    def line(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.5) -> None:
        self.ops.append(b"%.2f w %.2f %.2f m %.2f %.2f l S" % (width, x0, y0, x1, y1))

    def begin(self, tag: str, props: bytes = b"") -> None:
        self.ops.append(name(tag) + (b" " + props + b" BDC" if props else b" BMC"))

    def end(self) -> None:
        self.ops.append(b"EMC")

    def mcid(self, tag: str, owner: int | None, extra: bytes = b"") -> int:
        """Begin a marked-content sequence with the next MCID, owned by structure element
        ``owner`` (its object number; None: a parent-tree entry of null)."""
        number = len(self.mcid_owners)
        self.mcid_owners.append(owner)
        self.begin(tag, b"<< /MCID %d %s>>" % (number, extra))
        return number

    def finish(self, parent: int, extra: bytes = b"") -> None:
        content = self.builder.stream(b"\n".join(self.ops))
        fonts = b" ".join(b"/F%d %d 0 R" % (ref, ref) for ref in self.fonts)
        annots = b" /Annots [%s]" % b" ".join(b"%d 0 R" % a for a in self.annots) \
            if self.annots else b""
        sp = b" /StructParents %d" % self.struct_parents if self.struct_parents is not None \
            else b""
        self.builder.set(self.ref, b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] "
                                   b"/Resources << /Font << %s >> >> /Contents %d 0 R%s%s%s >>"
                         % (parent, PAGE_W, PAGE_H, fonts, content, annots, sp, extra))


class Document:
    """Pages, fonts, and the catalog's optional parts (outline, structure tree, names)."""

    def __init__(self) -> None:
        self.builder = PdfBuilder()
        self.pages: list[Page] = []
        self.fonts: list[Font] = []
        self.catalog_extra: list[bytes] = []
        self.pages_ref = self.builder.reserve()
        self.page_extra: dict[int, bytes] = {}

    def page(self) -> Page:
        page = Page(self.builder)
        self.pages.append(page)
        return page

    def helvetica(self, bold: bool = False) -> SimpleFont:
        font = SimpleFont(self.builder, bold)
        self.fonts.append(font)
        return font

    def embedded(self, file_name: str) -> EmbeddedFont:
        path = font_path(file_name)
        if path is None:
            raise FileNotFoundError(f"font {file_name} is not installed (fonts-noto-core, "
                                    "fonts-dejavu-core)")
        font = EmbeddedFont(self.builder, path)
        self.fonts.append(font)
        return font

    def write(self, path: Path, version: bytes = b"1.7") -> Path:
        for font in self.fonts:
            font.finish(self.builder)
        for index, page in enumerate(self.pages):
            page.finish(self.pages_ref, self.page_extra.get(index, b""))
        kids = b" ".join(b"%d 0 R" % p.ref for p in self.pages)
        self.builder.set(self.pages_ref, b"<< /Type /Pages /Kids [%s] /Count %d >>"
                         % (kids, len(self.pages)))
        root = self.builder.add(b"<< /Type /Catalog /Pages %d 0 R %s >>"
                                % (self.pages_ref, b" ".join(self.catalog_extra)))
        return self.builder.write(path, root, version)


# -- right-to-left lines -------------------------------------------------------------------

def rtl_line(page: Page, text: str, y: float, right: float, rtl_font: EmbeddedFont,
             latin: Font, size: float = 12.0, storage: str = "visual",
             forms: bool = False, base: str = "R") -> tuple[float, float]:
    """Set one logical line ``text`` right-aligned at ``right`` (base ``R``) or left-aligned
    at ``right`` (base ``L``: then ``right`` is the left margin), Arabic shaped, in visual order
    from python-bidi. ``storage``: "visual" draws the glyphs left to right, "logical" draws
    each RTL run right to left and the runs from the line's reading start (Acrobat's order).
    ``forms``: ToUnicode maps Arabic glyphs to their presentation forms (else to letters).
    Returns the line's (x0, x1)."""
    shaped = shape_arabic(text)
    drawn = "".join(g for g, _ in shaped)
    letters_of = {}
    for g, letters in shaped:
        letters_of.setdefault(g, letters)
    visual = get_display(drawn, base_dir=base)
    fonts = [rtl_font if (rtl_font.covers(ch) and (is_rtl_char(ch) or not latin.covers(ch)))
             else latin for ch in visual]
    widths = [f.width(ch, size) for f, ch in zip(fonts, visual)]
    total = sum(widths)
    x = right - total if base == "R" else right
    x0 = x
    slots = []
    for ch, f, w in zip(visual, fonts, widths):
        slots.append((ch, f, x))
        x += w
    # Drawing order.
    if storage == "visual":
        order = list(range(len(slots)))
    else:
        runs: list[list[int]] = []
        for i, (ch, _, _) in enumerate(slots):
            rtl = is_rtl_char(ch) or ch == " "
            if runs and (is_rtl_char(slots[runs[-1][0]][0]) or slots[runs[-1][0]][0] == " ") == rtl:
                runs[-1].append(i)
            else:
                runs.append([i])
        order = []
        for run in reversed(runs) if base == "R" else runs:
            rtl = is_rtl_char(slots[run[0]][0]) or slots[run[0]][0] == " "
            order.extend(reversed(run) if rtl else run)
    for i in order:
        ch, f, gx = slots[i]
        if isinstance(f, EmbeddedFont):
            mapped = ch if forms else letters_of.get(ch, ch)
            if ch == " ":
                mapped = " "
            page.glyph(f, size, gx, y, ch, mapped)
        else:
            page.glyph(f, size, gx, y, ch)
    return x0, x0 + total


# -- whole documents -----------------------------------------------------------------------

@dataclass
class Truth:
    """What a reader of a generated document knows: free-form facts per builder."""

    path: Path
    facts: dict[str, object] = field(default_factory=dict)


HEBREW_LINES = (
    "נובמבר 2020 - עד היום: עובד בנמל חיפה",
    "התמצאות טובה בתוכנות מחשב AutoCAD ו-Office.",
    "שלום עולם, מה שלום כולם?",
)
"""Hebrew lines (logical order) with a number, a date range and Latin words inside."""

ARABIC_LINES = (
    "يمكن استخدام مكتبة pandas في Python لإدارة البيانات",
    "تحسين الإنتاجية وحل المشكلات عام 2020",
    "مرحبا بالعالم",
)
"""Arabic lines with Latin words, a lam-alef ligature (الإنتاجية, المشكلات) and a year."""

PERSIAN_LINES = (
    "این یک آزمایش کوچک است",
    "پژوهشگران گزارش ۱۴۰۲ را خواندند",
)
"""Persian: peh, zheh, gaf, keheh and Farsi yeh, and Extended Arabic-Indic digits."""

RTL_PARAGRAPH = (
    "הפסקה הזאת נמשכת על פני",
    "שלוש שורות שונות כדי לבדוק",
    "שהן מחוברות בסדר הנכון.",
)
"""One Hebrew paragraph set on three lines (reading order top to bottom)."""


def rtl_pdf(path: Path, script: str, storage: str = "visual", forms: bool = False) -> Truth:
    """One page of right-to-left lines in ``script`` ("hebrew", "arabic", "persian"), stored in
    ``storage`` order ("visual" or "logical"), Arabic ToUnicode giving presentation ``forms``
    or letters; then an English line with one RTL word inside (LTR base). Facts: ``lines``,
    the logical text of each line top to bottom; ``paragraph``: the Hebrew paragraph's lines
    (Hebrew only)."""
    doc = Document()
    page = doc.page()
    latin = doc.helvetica()
    font = doc.embedded(HEBREW_FONT if script == "hebrew" else ARABIC_FONT)
    lines = {"hebrew": HEBREW_LINES, "arabic": ARABIC_LINES, "persian": PERSIAN_LINES}[script]
    y = 760.0
    truth: list[str] = []
    for text in lines:
        rtl_line(page, text, y, 540.0, font, latin, storage=storage, forms=forms)
        truth.append(text)
        y -= 24.0
    embedded = {"hebrew": "שלום", "arabic": "العربية", "persian": "فارسی"}[script]
    english = f"A line with the word {embedded} embedded."
    rtl_line(page, english, y, 56.0, font, latin, storage=storage, forms=forms, base="L")
    truth.append(english)
    y -= 40.0
    paragraph: list[str] = []
    if script == "hebrew":
        for text in RTL_PARAGRAPH:
            rtl_line(page, text, y, 540.0, font, latin, storage=storage)
            paragraph.append(text)
            y -= 15.0
    doc.write(path)
    return Truth(path, {"lines": truth, "paragraph": paragraph})


RTL_COLUMNS = (
    ("העמודה הימנית נקראת ראשונה", "והיא ממשיכה כאן בשורה", "שלישית ועוד אחת אחריה",
     "עד שהעמודה נגמרת", "בשורה החמישית שלה."),
    ("העמודה השמאלית נקראת שנייה", "והיא ממשיכה גם היא", "בשורות רבות אחת אחרי",
     "השנייה עד שהיא מסיימת", "את הדף כולו."),
)
"""The lines of a two-column Hebrew page, right column first (reading order)."""


def rtl_columns_pdf(path: Path) -> Truth:
    """A two-column Hebrew page: the right column is read first. Facts: ``columns``, each
    column's lines in reading order, right column first; ``boxes``: each column's x range."""
    doc = Document()
    page = doc.page()
    latin = doc.helvetica()
    font = doc.embedded(HEBREW_FONT)
    boxes = []
    for lines, right in zip(RTL_COLUMNS, (540.0, 280.0)):
        y = 760.0
        for text in lines:
            rtl_line(page, text, y, right, font, latin)
            y -= 15.0
        boxes.append((right - 220.0, right))
    doc.write(path)
    return Truth(path, {"columns": [list(c) for c in RTL_COLUMNS], "boxes": boxes})


def _link(doc: Document, page: Page, rect: tuple[float, float, float, float],
          action: bytes) -> int:
    ref = doc.builder.add(b"<< /Type /Annot /Subtype /Link /Rect [%.2f %.2f %.2f %.2f] "
                          b"/Border [0 0 0] %s >>" % (*rect, action))
    page.annots.append(ref)
    return ref


def uri_action(uri: str) -> bytes:
    return b"/A << /S /URI /URI " + pdf_string(uri) + b" >>"


def _word_rect(page: Page, start: int, end: int, size: float) -> tuple[float, float, float, float]:
    """The rectangle (PDF space) over glyphs ``start``..``end``-1 placed on the page."""
    glyphs = page.placed[start:end]
    x0 = min(g.x for g in glyphs)
    x1 = max(g.x + g.width for g in glyphs)
    y = glyphs[0].y
    return (x0 - 0.5, y - 0.25 * size, x1 + 0.5, y + 0.9 * size)


def links_pdf(path: Path) -> Truth:
    """Links of every kind on two pages. Facts: ``links``, (text, url) pairs a Markdown writer
    must link; ``text_only``: link texts that must stay plain (javascript:, a GoTo);
    ``visible_url``: a URL printed on the page and linked to itself; ``rects``: per link
    annotation in page order, (page index, PDF rect, target) with target a URI or
    ("goto", page index)."""
    doc = Document()
    font = doc.helvetica()
    size = 11.0
    p1, p2 = doc.page(), doc.page()
    rects: list[tuple[int, tuple[float, float, float, float], object]] = []

    def put(page: Page, x: float, y: float, text: str) -> tuple[float, int, int]:
        start = len(page.placed)
        end_x = page.text(font, size, x, y, text)
        return end_x, start, len(page.placed)

    x, _, _ = put(p1, 72, 760, "Read ")
    x, a, b = put(p1, x, 760, "the manual")
    rect = _word_rect(p1, a, b, size)
    _link(doc, p1, rect, uri_action("https://example.org/manual"))
    rects.append((0, rect, "https://example.org/manual"))
    put(p1, x, 760, ", then continue.")
    # A link over two words wrapping onto the next line: two annotations, one URI.
    x, _, _ = put(p1, 72, 740, "The reference is the Portable")
    line1_start = len(p1.placed) - len("Portable")
    rect = _word_rect(p1, line1_start, len(p1.placed), size)
    _link(doc, p1, rect, uri_action("https://example.org/pdf"))
    rects.append((0, rect, "https://example.org/pdf"))
    x, a, b = put(p1, 72, 726, "Document Format")
    rect = _word_rect(p1, a, b, size)
    _link(doc, p1, rect, uri_action("https://example.org/pdf"))
    rects.append((0, rect, "https://example.org/pdf"))
    put(p1, x, 726, " of the office.")
    # A visible URL, linked to itself, with the sentence's full stop outside the rectangle.
    x, _, _ = put(p1, 72, 700, "See ")
    x, a, b = put(p1, x, 700, "https://example.org/docs")
    rect = _word_rect(p1, a, b, size)
    _link(doc, p1, rect, uri_action("https://example.org/docs"))
    rects.append((0, rect, "https://example.org/docs"))
    put(p1, x, 700, ".")
    # A javascript: link and a mail link.
    x, _, _ = put(p1, 72, 680, "Do not ")
    x, a, b = put(p1, x, 680, "click here")
    rect = _word_rect(p1, a, b, size)
    _link(doc, p1, rect, uri_action("javascript:alert(1)"))
    rects.append((0, rect, "javascript:alert(1)"))
    x, _, _ = put(p1, x, 680, " or write to ")
    x, a, b = put(p1, x, 680, "the office")
    rect = _word_rect(p1, a, b, size)
    _link(doc, p1, rect, uri_action("mailto:office@example.org"))
    rects.append((0, rect, "mailto:office@example.org"))
    put(p1, x, 680, ".")
    # An internal link to page 2.
    x, _, _ = put(p1, 72, 660, "Details are in ")
    x, a, b = put(p1, x, 660, "the appendix")
    rect = _word_rect(p1, a, b, size)
    _link(doc, p1, rect, b"/Dest [%d 0 R /XYZ 72 780 0]" % p2.ref)
    rects.append((0, rect, ("goto", 1)))
    put(p1, x, 660, ".")
    put(p2, 72, 780, "Appendix")
    x, _, _ = put(p2, 72, 760, "Back to ")
    x, a, b = put(p2, x, 760, "the start")
    rect = _word_rect(p2, a, b, size)
    _link(doc, p2, rect, b"/A << /S /GoTo /D [%d 0 R /Fit] >>" % p1.ref)
    rects.append((1, rect, ("goto", 0)))
    doc.write(path)
    return Truth(path, {
        "links": [("the manual", "https://example.org/manual"),
                  ("Portable Document Format", "https://example.org/pdf"),
                  ("the office", "mailto:office@example.org")],
        "text_only": ["click here", "the appendix", "the start"],
        "visible_url": "https://example.org/docs",
        "rects": rects,
    })


def infobox_pdf(path: Path) -> Truth:
    """A wiki-style page: a column of prose, and beside it, less than an em away, an infobox,
    a ruled table of two columns whose cells' text stands 4.5 pt inside its frame, under its
    title, which sits on a row between the column's first two lines. A link over "Portable
    Document" wraps onto the next line ("Format"): two annotations, one URI. Facts: ``link``,
    (text, url); ``paragraph``, the column's first paragraph as one line; ``title`` and
    ``cells``, the infobox's title and its first row's cells."""
    doc = Document()
    font, bold = doc.helvetica(), doc.helvetica(bold=True)
    page = doc.page()
    size = 11.0
    url = "https://example.org/wiki/Portable_Document_Format"
    words = ("The viewer is a library that renders Portable Document|Format (PDF) files "
             "with the web standards of the browser|and its canvas. The project is led by "
             "the foundation after|a team of engineers began it as an experiment in|the "
             "year before the first release of the browser.").split("|")
    y = 760.0
    ends = []
    for k, text in enumerate(words):
        start = len(page.placed)
        ends.append(page.text(font, size, 72, y, text))
        if k == 0:
            first = text.index("Portable")
            rect = _word_rect(page, start + first, len(page.placed), size)
            _link(doc, page, rect, uri_action(url))
        elif k == 1:
            rect = _word_rect(page, start, start + len("Format"), size)
            _link(doc, page, rect, uri_action(url))
        y -= 15
    frame = max(ends) + 9.0  # under a 11 pt em from the column's longest line
    page.text(bold, 12, frame + 60, 753, "Viewer")  # between the column's first two lines
    rows = [("Author", "A. Engineer"), ("Developer", "The foundation"),
            ("Release", "2 July 2011"), ("License", "Apache License")]
    top = 735.0
    pitch = 18.0
    split = frame + 80
    right = frame + 180
    for k, (key, value) in enumerate(rows):
        base = top - k * pitch - 13
        page.text(bold, 9, frame + 4.5, base, key)
        page.text(font, 9, split + 4.5, base, value)
    bottom = top - len(rows) * pitch
    for k in range(len(rows) + 1):
        page.line(frame, top - k * pitch, right, top - k * pitch)
    for x in (frame, split, right):
        page.line(x, top, x, bottom)
    doc.write(path)
    paragraph = " ".join(w for w in words)
    return Truth(path, {"link": ("Portable Document Format", url), "paragraph": paragraph,
                        "title": "Viewer", "cells": rows[0]})


def table_note_pdf(path: Path) -> Truth:
    """A ruled table in 10 pt amid 12 pt prose; its header cell "Total" carries a raised mark
    "1", and the note it calls is set in 10 pt right under the table's bottom rule, starting
    with the raised mark; the prose goes on under it. Facts: ``mark``, ``note`` (the note's
    text), ``cell`` (the header cell's word), ``after`` (the prose after the table)."""
    doc = Document()
    font, bold = doc.helvetica(), doc.helvetica(bold=True)
    page = doc.page()
    page.text(font, 12, 72, 760, "The following table gives the funding of the program for")
    page.text(font, 12, 72, 745, "each year, with the total of the initiative in its last column.")
    header = ("Program", "2006", "2007", "Total")
    rows = [("Human drugs", "$62,567", "$64,600", "$70,161"),
            ("Field", "$7,130", "$6,600", "$6,600"),
            ("User fees", "0", "0", "$15,701")]
    xs = [100.0, 220.0, 300.0, 380.0, 470.0]
    top, pitch = 725.0, 16.0
    for r, cells in enumerate([header, *rows]):
        base = top - r * pitch - 12
        for c, cell in enumerate(cells):
            end = page.text(bold if r == 0 else font, 10, xs[c] + 4, base, cell)
            if r == 0 and c == len(cells) - 1:
                page.text(font, 6.5, end + 0.3, base, "1", rise=3.5)
    bottom = top - (len(rows) + 1) * pitch
    for k in range(len(rows) + 2):
        page.line(xs[0], top - k * pitch, xs[-1], top - k * pitch)
    for x in xs:
        page.line(x, top, x, bottom)
    note = "The 2008 total includes the pay increase of the staff."
    page.text(font, 6.5, xs[0], bottom - 11, "1", rise=3.5)
    page.text(font, 10, xs[0] + 4, bottom - 11, note)
    after = "Generic drugs cost less than the brands they replace, and the savings grow."
    page.text(font, 12, 72, bottom - 40, after)
    page.text(font, 12, 72, bottom - 55, "Timely review of the applications is a priority.")
    doc.write(path)
    return Truth(path, {"mark": "1", "note": note, "cell": "Total", "after": after})


def _outline_items(doc: Document, parent: int, items: list[dict]) -> tuple[int, int, int]:
    """Write outline items (dicts: title, dest bytes, children) under ``parent``; returns
    (first, last, count of visible descendants)."""
    refs = [doc.builder.reserve() for _ in items]
    count = 0
    for k, (ref, item) in enumerate(zip(refs, items)):
        parts = [b"/Title " + pdf_string(item["title"]), b"/Parent %d 0 R" % parent, item["dest"]]
        if k > 0:
            parts.append(b"/Prev %d 0 R" % refs[k - 1])
        if k + 1 < len(refs):
            parts.append(b"/Next %d 0 R" % refs[k + 1])
        children = item.get("children") or []
        if children:
            first, last, sub = _outline_items(doc, ref, children)
            parts.append(b"/First %d 0 R /Last %d 0 R /Count %d" % (first, last, sub))
            count += sub
        count += 1
        doc.builder.set(ref, b"<< " + b" ".join(parts) + b" >>")
    return refs[0], refs[-1], count


def outline_pdf(path: Path, cyclic: bool = False) -> Truth:
    """Three pages of headings and body text with bookmarks: nested levels whose titles are
    lines of their pages, one whose title is on no page ("Summary for the board"), one that
    points at a named destination, one with a GoTo action. ``cyclic``: the last item's /Next
    points back at the first (a hostile file). Facts: ``entries``, (title, page index,
    depth) in outline order; ``headings``: (line text, level) the outline makes headings."""
    doc = Document()
    font, bold = doc.helvetica(), doc.helvetica(bold=True)
    pages = [doc.page() for _ in range(3)]
    body = "Body text of ordinary size fills the page between the headings here."
    pages[0].text(bold, 16, 72, 760, "1 Introduction")
    pages[0].text(font, 11, 72, 730, body)
    pages[0].text(bold, 13, 72, 700, "1.1 Scope")
    pages[0].text(font, 11, 72, 680, body)
    pages[1].text(bold, 13, 72, 760, "1.2 Terms")
    pages[1].text(font, 11, 72, 740, body)
    pages[1].text(bold, 11, 72, 710, "1.2.1 Defined words")
    pages[1].text(font, 11, 72, 690, body)
    pages[2].text(bold, 16, 72, 760, "2 Method")
    pages[2].text(font, 11, 72, 740, body)

    def xyz(page: int, y: float) -> bytes:
        return b"/Dest [%d 0 R /XYZ 72 %d 0]" % (pages[page].ref, y + 14)

    named = doc.builder.add(b"[%d 0 R /XYZ 72 774 0]" % pages[2].ref)
    names = doc.builder.add(b"<< /Names [(sec.method) %d 0 R] >>" % named)
    doc.catalog_extra.append(b"/Names << /Dests %d 0 R >>" % names)
    items = [
        {"title": "1 Introduction", "dest": xyz(0, 760), "children": [
            {"title": "1.1 Scope", "dest": xyz(0, 700)},
            {"title": "1.2 Terms", "dest": b"/A << /S /GoTo /D [%d 0 R /Fit] >>" % pages[1].ref,
             "children": [{"title": "1.2.1 Defined words", "dest": xyz(1, 710)}]},
        ]},
        {"title": "Summary for the board", "dest": xyz(1, 500)},
        {"title": "2 Method", "dest": b"/Dest (sec.method)"},
    ]
    root = doc.builder.reserve()
    first, last, count = _outline_items(doc, root, items)
    doc.builder.set(root, b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>"
                    % (first, last, count))
    if cyclic:
        body_last = doc.builder.objects[last]
        doc.builder.objects[last] = body_last[:-2] + b"/Next %d 0 R >>" % first
    doc.catalog_extra.append(b"/Outlines %d 0 R /PageMode /UseOutlines" % root)
    doc.write(path)
    return Truth(path, {
        "entries": [("1 Introduction", 0, 1), ("1.1 Scope", 0, 2), ("1.2 Terms", 1, 2),
                    ("1.2.1 Defined words", 1, 3), ("Summary for the board", 1, 1),
                    ("2 Method", 2, 1)],
        "headings": [("1 Introduction", 1), ("1.1 Scope", 2), ("1.2 Terms", 2),
                     ("1.2.1 Defined words", 3), ("2 Method", 1)],
    })


class Elem:
    """A structure element being built: its type, kids (elements or MCIDs on ``page``), /Alt,
    /ActualText; its object number is reserved at once so content can name it."""

    def __init__(self, doc: Document, kind: str, alt: str | None = None,
                 actual: str | None = None) -> None:
        self.doc = doc
        self.kind = kind
        self.alt = alt
        self.actual = actual
        self.ref = doc.builder.reserve()
        self.kids: list[Elem | tuple[Page, int]] = []
        self.parent: int = 0

    def add(self, kind: str, **kw: str | None) -> "Elem":
        child = Elem(self.doc, kind, **kw)
        self.kids.append(child)
        return child

    def mark(self, page: Page, tag: str | None = None) -> int:
        """Begin a marked-content sequence of this element on ``page`` (end it with
        ``page.end()``)."""
        mcid = page.mcid(tag or self.kind, self.ref)
        self.kids.append((page, mcid))
        return mcid

    def write(self, parent: int, extra_kids: list[bytes] | None = None) -> None:
        self.parent = parent
        kids: list[bytes] = []
        for kid in self.kids:
            if isinstance(kid, Elem):
                kid.write(self.ref)
                kids.append(b"%d 0 R" % kid.ref)
            else:
                page, mcid = kid
                kids.append(b"%d" % mcid)
        kids.extend(extra_kids or [])
        pages = [k[0] for k in self.kids if not isinstance(k, Elem)]
        pg = b" /Pg %d 0 R" % pages[0].ref if pages else b""
        alt = b" /Alt " + pdf_string(self.alt) if self.alt is not None else b""
        actual = b" /ActualText " + pdf_string(self.actual) if self.actual is not None else b""
        self.doc.builder.set(self.ref, b"<< /Type /StructElem /S /%s /P %d 0 R%s /K [%s]%s%s >>"
                             % (self.kind.encode(), parent, pg, b" ".join(kids), alt, actual))


def _struct_root(doc: Document, top: Elem, role_map: dict[str, str], suspects: bool,
                 extra_kids: list[bytes] | None = None) -> None:
    root = doc.builder.reserve()
    top.write(root, extra_kids)
    nums = []
    for index, page in enumerate(doc.pages):
        if not page.mcid_owners:
            continue
        page.struct_parents = index
        owners = b" ".join(b"%d 0 R" % o if o else b"null" for o in page.mcid_owners)
        nums.append(b"%d [%s]" % (index, owners))
    parent_tree = doc.builder.add(b"<< /Nums [%s] >>" % b" ".join(nums))
    roles = b" ".join(b"/%s /%s" % (k.encode(), v.encode()) for k, v in role_map.items())
    doc.builder.set(root, b"<< /Type /StructTreeRoot /K [%d 0 R] /ParentTree %d 0 R "
                          b"/ParentTreeNextKey %d /RoleMap << %s >> >>"
                    % (top.ref, parent_tree, len(doc.pages), roles))
    mark = b"/MarkInfo << /Marked true%s >>" % (b" /Suspects true" if suspects else b"")
    doc.catalog_extra.append(b"/StructTreeRoot %d 0 R %s /Lang (en)" % (root, mark))


def tagged_pdf(path: Path, lying: bool = False, suspects: bool = False,
               hostile: bool = False) -> Truth:
    """A tagged report page: a title (custom type "Title1" role-mapped to H1), paragraphs, an
    H2 and an H3, a numbered list (L/LI/Lbl/LBody), a table (Table/TR/TH/TD), a figure with
    /Alt, and a running header and page number drawn as pagination /Artifacts.

    ``lying``: every body paragraph is tagged H1, and one line is drawn outside any tag.
    ``suspects``: /MarkInfo says /Suspects true. ``hostile``: the tree also holds an element
    whose kids name its own ancestor (a cycle) and a chain of 400 nested elements.
    Facts: ``elements``, (structure type, text) per marked element in tree order;
    ``artifacts``: texts drawn as artifacts; ``alt``: the figure's /Alt; ``untagged``: text
    outside any tag (lying only)."""
    doc = Document()
    font, bold = doc.helvetica(), doc.helvetica(bold=True)
    page = doc.page()
    top = Elem(doc, "Document")
    elements: list[tuple[str, str]] = []

    def block(kind: str, text: str, y: float, f: Font = font, size: float = 11.0,
              x: float = 72.0, parent: Elem = top) -> Elem:
        elem = parent.add(kind)
        elem.mark(page)
        page.text(f, size, x, y, text)
        page.end()
        elements.append((kind, text))
        return elem

    page.begin("Artifact", b"<< /Type /Pagination /Subtype /Header >>")
    page.text(font, 9, 72, 800, "Quarterly report - draft")
    page.end()
    body = "H1" if lying else "P"
    title = top.add("Title1")
    title.mark(page)
    page.text(bold, 18, 72, 760, "Sales in the north")
    page.end()
    elements.append(("H1", "Sales in the north"))
    block(body, "Sales rose in every month of the quarter.", 735)
    block(body, "The north region led the growth again.", 720)
    block("H2", "Background", 690, bold, 14)
    block(body, "Figures come from the regional offices.", 670)
    if lying:
        page.text(font, 11, 72, 655, "This line belongs to no tag at all.")
    lst = top.add("L")
    for k, item in enumerate(("First item of the list", "Second item of the list"), 1):
        li = lst.add("LI")
        lbl = li.add("Lbl")
        lbl.mark(page)
        page.text(font, 11, 80, 635 - 16 * k, f"{k}.")
        page.end()
        lbody = li.add("LBody")
        lbody.mark(page)
        page.text(font, 11, 96, 635 - 16 * k, item)
        page.end()
        elements.append(("Lbl", f"{k}."))
        elements.append(("LBody", item))
    block("H3", "Details", 580, bold, 12)
    table = top.add("Table")
    for r, row in enumerate((("Name", "Value"), ("alpha", "1"), ("beta", "2"))):
        tr = table.add("TR")
        for c, cell in enumerate(row):
            kind = "TH" if r == 0 else "TD"
            block(kind, cell, 555 - 16 * r, bold if r == 0 else font, 11, 72 + 120 * c, tr)
    figure = top.add("Figure", alt="A bar chart of sales by month")
    figure.mark(page)
    page.ops.append(b"0.8 g 72 380 200 100 re f 0 g")
    page.end()
    page.begin("Artifact", b"<< /Type /Pagination /Subtype /Footer >>")
    page.text(font, 9, 290, 40, "1")
    page.end()
    extra: list[bytes] = []
    if hostile:
        loop = Elem(doc, "Sect")
        doc.builder.set(loop.ref, b"<< /Type /StructElem /S /Sect /P %d 0 R /K [%d 0 R] >>"
                        % (top.ref, top.ref))
        extra.append(b"%d 0 R" % loop.ref)
        chain = [doc.builder.reserve() for _ in range(400)]
        for k, ref in enumerate(chain):
            kid = b"%d 0 R" % chain[k + 1] if k + 1 < len(chain) else b""
            doc.builder.set(ref, b"<< /Type /StructElem /S /Div /P %d 0 R /K [%s] >>"
                            % (chain[k - 1] if k else top.ref, kid))
        extra.append(b"%d 0 R" % chain[0])
    _struct_root(doc, top, {"Title1": "H1"}, suspects, extra)
    doc.write(path)
    return Truth(path, {
        "elements": elements,
        "artifacts": ["Quarterly report - draft", "1"],
        "alt": "A bar chart of sales by month",
        "untagged": ["This line belongs to no tag at all."] if lying else [],
    })


def actualtext_pdf(path: Path) -> Truth:
    """/ActualText at work: a word hyphenated at a line's end whose hyphen is a soft hyphen by
    ActualText ("transla-" / "tion" reads "translation"); a ligature glyph with no Unicode
    mapping carried by ActualText ("Pro" + fi + "le"); digits drawn as unmapped glyphs each
    carried by ActualText (Chrome's way); an ActualText on a structure element (a decorative
    initial). Facts: ``words``, what a reader reads; ``spans``: (ActualText, number of glyphs
    it covers) in drawing order."""
    doc = Document()
    font = doc.helvetica()
    ttf = doc.embedded(LATIN_TTF)
    page = doc.page()
    spans: list[tuple[str, int]] = []

    def actual(text: str) -> bytes:
        return b"<< /ActualText " + pdf_string(text) + b" >>"

    x = page.text(font, 11, 72, 760, "The careful transla")
    page.begin("Span", actual("\u00ad"))
    page.text(font, 11, x, 760, "-")
    page.end()
    spans.append(("\u00ad", 1))
    page.text(font, 11, 72, 746, "tion of the text was done.")
    x = page.text(ttf, 11, 72, 720, "Pro")
    page.begin("Span", actual("fi"))
    x += page.glyph(ttf, 11, x, 720, "\ufb01", None)
    page.end()
    spans.append(("fi", 1))
    page.text(ttf, 11, x, 720, "le and history")
    x = page.text(font, 11, 72, 700, "Total: ")
    for digit in "14,918,000":
        page.begin("Span", actual(digit))
        # Chrome draws each digit from a font whose glyph has no ToUnicode entry.
        x += page.glyph(ttf, 11, x, 700, digit, None if digit.isdigit() else ",")
        page.end()
        spans.append((digit, 1))
    doc.write(path)
    return Truth(path, {"words": ["translation", "Profile", "14,918,000"], "spans": spans})


FOOTNOTE_BODY = 10.0
FOOTNOTE_SMALL = 8.0
MARK_SIZE = 6.0
MARK_RISE = 3.5


def footnotes_pdf(path: Path, columns: int = 1, folio: bool = False) -> Truth:
    """Footnotes: marks set as superscripts after words, bodies at the page's foot in smaller
    type under a short rule, each starting with its mark; on one column, or two columns with
    each column's notes at its own foot. The text also holds an exponent (x²) and a chemical
    formula with a subscript (H₂O), which are not marks. With ``folio``, each column's last
    note runs on to a line that starts with the article "a", and the page's number is centred
    under the notes, in the body's size. Facts: ``notes``, (mark, body text, the word the mark
    follows) in order; ``not_marks``: the exponent and the subscript."""
    doc = Document()
    font = doc.helvetica()
    page = doc.page()
    notes: list[tuple[str, str, str]] = []
    width = 451.0 if columns == 1 else 210.0
    lefts = [72.0] if columns == 1 else [72.0, 313.0]
    n = 0
    for col, left in enumerate(lefts):
        y = 760.0
        x = page.text(font, FOOTNOTE_BODY, left, y, "The court held that the")
        x = page.text(font, FOOTNOTE_BODY, x, y, " statute")
        n += 1
        page.text(font, MARK_SIZE, x + 0.3, y, str(n), rise=MARK_RISE)
        notes.append((str(n), f"See the statute at section {n}, as amended.", "statute"))
        y -= 13
        x = page.text(font, FOOTNOTE_BODY, left, y, "applies, and the area grows as x")
        page.text(font, MARK_SIZE, x + 0.2, y, "2", rise=MARK_RISE)
        y -= 13
        x = page.text(font, FOOTNOTE_BODY, left, y, "while water (H")
        x += page.glyph(font, MARK_SIZE, x, y, "2", rise=-2.0)
        x = page.text(font, FOOTNOTE_BODY, x, y, "O) stays level")
        n += 1
        page.text(font, MARK_SIZE, x + 0.3, y, str(n), rise=MARK_RISE)
        notes.append((str(n), f"Measured over {n * 10} years by the survey.", "level"))
        y -= 13
        page.text(font, FOOTNOTE_BODY, left, y, "across the basin.")
        # The foot: a short rule, then the bodies in smaller type, each starting with its mark.
        page.line(left, 118, left + 0.3 * width, 118)
        fy = 106.0
        if folio:
            mark, body, word = notes[-1]
            notes[-1] = (mark, f"{body} a second line of the note.", word)
        for mark, body, _ in notes[-2:]:
            page.text(font, MARK_SIZE, left, fy, mark, rise=MARK_RISE)
            first, _, rest = body.partition(" a second")
            page.text(font, FOOTNOTE_SMALL, left + 5, fy, first)
            fy -= 10
            if rest:
                page.text(font, FOOTNOTE_SMALL, left, fy, "a second" + rest)
                fy -= 10
    if folio:
        page.text(font, FOOTNOTE_BODY, PAGE_W / 2 - 3, 50, "7")
    doc.write(path)
    return Truth(path, {"notes": notes, "not_marks": ["x2", "H2O"]})
