"""The type families the generators set text in: reportlab's standard fonts (not embedded, as in
many office PDFs), TrueType fonts from Debian's packages (embedded as subsets, as most PDFs
are) and the Adobe CID fonts that Chinese, Japanese and Korean documents often name without
embedding them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import CIDFontInfo, UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont


@dataclass(frozen=True, slots=True)
class Face:
    """One type family's four styles, by their reportlab names."""

    regular: str
    bold: str
    italic: str
    bold_italic: str

    def style(self, bold: bool = False, italic: bool = False) -> str:
        if bold and italic:
            return self.bold_italic
        return self.bold if bold else self.italic if italic else self.regular


STANDARD = {
    "times": Face("Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic"),
    "helvetica": Face("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique"),
}

_DEBIAN = Path("/usr/share/fonts/truetype")
TRUETYPE = {  # family -> (Debian package, directory, file stem per style)
    "dejavu-serif": ("fonts-dejavu-core", "dejavu", ("DejaVuSerif", "DejaVuSerif-Bold",
                                                     "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic")),
    "dejavu-sans": ("fonts-dejavu-core", "dejavu", ("DejaVuSans", "DejaVuSans-Bold",
                                                    "DejaVuSans-Oblique", "DejaVuSans-BoldOblique")),
    "liberation-serif": ("fonts-liberation", "liberation", (
        "LiberationSerif-Regular", "LiberationSerif-Bold", "LiberationSerif-Italic",
        "LiberationSerif-BoldItalic")),
    "liberation-sans": ("fonts-liberation", "liberation", (
        "LiberationSans-Regular", "LiberationSans-Bold", "LiberationSans-Italic",
        "LiberationSans-BoldItalic")),
    "noto-serif": ("fonts-noto-core", "noto", ("NotoSerif-Regular", "NotoSerif-Bold",
                                               "NotoSerif-Italic", "NotoSerif-BoldItalic")),
    "noto-sans": ("fonts-noto-core", "noto", ("NotoSans-Regular", "NotoSans-Bold",
                                              "NotoSans-Italic", "NotoSans-BoldItalic")),
}

WESTERN = tuple(STANDARD) + tuple(TRUETYPE)
SERIF = ("times", "dejavu-serif", "liberation-serif", "noto-serif")
SANS = ("helvetica", "dejavu-sans", "liberation-sans", "noto-sans")

CID = {  # language -> Adobe CID faces (serif, sans) that reportlab names without embedding
    "ja": ("HeiseiMin-W3", "HeiseiKakuGo-W5"),
    "ko": ("HYSMyeongJo-Medium", "HYGothic-Medium"),
    "zh": ("STSong-Light", "STSong-Light"),
}

SYMBOLS = "dejavu-sans"
"""The family bullets are drawn in when the text face lacks the glyph (DejaVu has them all)."""


class MissingFontError(RuntimeError):
    pass


def face(name: str) -> Face:
    """The family ``name`` (a key of STANDARD or TRUETYPE), registered with reportlab."""
    if name in STANDARD:
        return STANDARD[name]
    package, folder, stems = TRUETYPE[name]
    names = []
    for stem in stems:
        if stem not in pdfmetrics.getRegisteredFontNames():
            path = _DEBIAN / folder / f"{stem}.ttf"
            if not path.exists():
                raise MissingFontError(f"{path} is missing: install Debian's {package} "
                                       f"(./dev test installs it)")
            pdfmetrics.registerFont(TTFont(stem, str(path)))
        names.append(stem)
    return Face(*names)


def _mend_descriptor(base: str) -> None:
    """Give ``base``'s font descriptor its own name where reportlab's data names another face:
    HYGothic-Medium's says /HYSMyeongJo-Medium (reportlab 4-5's _cidfontdata), so that a
    reader taking the descriptor's FontName (pdfminer.six and pdfprose do) saw the Korean
    family's gothic headings as set in the body's myeongjo face. ISO 32000-1, 9.8.1: the
    FontName is the BaseFont of the font that refers to it."""
    descriptor = CIDFontInfo[base]["DescendantFonts"][0]["FontDescriptor"]
    own = str(descriptor["FontName"]).lstrip("/")
    if own != base and own in {face for pair in CID.values() for face in pair}:
        descriptor["FontName"] = "/" + base


def cid_face(lang: str, sans: bool = False, vertical: bool = False) -> str:
    """A CID font for ``lang`` registered with reportlab; ``vertical`` for writing mode V."""
    base = CID[lang][1 if sans else 0]
    # a registry name of our own: reportlab's registry is one per process, and another
    # caller may have registered the face's own name in the other writing mode (the PDF's
    # BaseFont stays the face's name whatever the registry calls it)
    name = f"layoutgen-{base}-{'V' if vertical else 'H'}"
    if name not in pdfmetrics.getRegisteredFontNames():
        _mend_descriptor(base)
        font = UnicodeCIDFont(base, isVertical=vertical)
        font.name = font.fontName = name
        font.unicodeWidths = UnicodeCIDFont(base).unicodeWidths
        pdfmetrics.registerFont(font)
    return name


def has_glyph(font: str, char: str) -> bool:
    """Whether ``font`` can draw ``char`` (standard fonts: WinAnsi only)."""
    f = pdfmetrics.getFont(font)
    if isinstance(f, TTFont):
        return ord(char) in f.face.charToGlyph
    try:
        char.encode("cp1252")
        return True
    except UnicodeEncodeError:
        return False
