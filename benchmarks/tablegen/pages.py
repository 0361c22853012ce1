"""Placing prose, captions and tables on the pages of a generated document.

A :class:`Writer` owns one reportlab canvas and a cursor in each column of the current page; the
families ask it to put a paragraph or a table in a column (or across the page) and it says
whether the thing fitted, so every page's content, and so its truth, is known exactly. The PDF is
made with reportlab's ``invariant`` mode: a seed gives the same bytes every time.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from .draw import Layout, Look, TableSpec, draw

CJK_FONT = "STSong-Light"
"""reportlab's built-in CID font for simplified Chinese (not embedded: readers and pdfminer.six
use the Adobe-GB1 CMaps)."""

LATIN_FONTS = (("Helvetica", "Helvetica-Bold"), ("Times-Roman", "Times-Bold"),
               ("Courier", "Courier-Bold"))


def register_cjk() -> None:
    if CJK_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))


@dataclass(frozen=True, slots=True)
class Fonts:
    regular: str
    bold: str
    cjk: bool


def pick_fonts(rng: random.Random, locale: str) -> Fonts:
    if locale == "zh":
        register_cjk()
        return Fonts(CJK_FONT, CJK_FONT, True)
    regular, bold = LATIN_FONTS[rng.choices((0, 1, 2), weights=(6, 4, 1))[0]]
    return Fonts(regular, bold, False)


def page_size(rng: random.Random, wide: bool = False) -> tuple[float, float]:
    size = rng.choice((A4, LETTER))
    return landscape(size) if wide else size


@dataclass(slots=True)
class Column:
    x: float
    width: float
    y: float  # the cursor: the top of the free space


class Writer:
    """A document being written page by page, with ``columns`` columns of text below
    ``top_used`` points of the page (a title, a table across the page)."""

    def __init__(self, rng: random.Random, fonts: Fonts, size: tuple[float, float],
                 margin: float, body_size: float, *, furniture: str = "") -> None:
        self.rng = rng
        self.fonts = fonts
        self.width, self.height = size
        self.margin = margin
        self.body_size = body_size
        self.leading = round(body_size * rng.choice((1.2, 1.25, 1.3)), 1)
        self.furniture = furniture
        self.buffer = io.BytesIO()
        self.canvas = Canvas(self.buffer, pagesize=size, invariant=1)
        self.canvas.setTitle("generated")
        self.page = 1
        self.columns: list[Column] = []
        self.set_columns(1)

    # ---- page geometry

    @property
    def top(self) -> float:
        return self.height - self.margin

    @property
    def bottom(self) -> float:
        return self.margin

    @property
    def text_width(self) -> float:
        return self.width - 2 * self.margin

    def set_columns(self, n: int, gutter: float = 18.0, y: float | None = None) -> None:
        """Split the page below ``y`` (default: below what the columns already hold) into
        ``n`` columns."""
        if y is None:
            y = min((c.y for c in self.columns), default=self.top)
        w = (self.text_width - (n - 1) * gutter) / n
        self.columns = [Column(self.margin + i * (w + gutter), w, y) for i in range(n)]

    def new_page(self) -> None:
        self._furniture()
        self.canvas.showPage()
        self.page += 1
        for c in self.columns:
            c.y = self.top

    def _furniture(self) -> None:
        if not self.furniture:
            return
        c = self.canvas
        c.setFillColor(Color(0.3, 0.3, 0.3))
        size = max(6.0, self.body_size - 2)
        font = self.fonts.regular
        c.setFont(font, size)
        c.drawString(self.margin, self.height - self.margin / 2, self.furniture)
        c.drawRightString(self.width - self.margin, self.margin / 2, str(self.page))
        c.setFillColor(Color(0, 0, 0))

    def finish(self) -> bytes:
        self._furniture()
        self.canvas.showPage()
        self.canvas.save()
        return self.buffer.getvalue()

    # ---- text

    def style(self, *, size: float | None = None, bold: bool = False, align: str = "justify",
              indent: float = 0.0, leading: float | None = None) -> ParagraphStyle:
        size = size or self.body_size
        return ParagraphStyle(
            "p",
            fontName=self.fonts.bold if bold else self.fonts.regular,
            fontSize=size,
            leading=leading or (self.leading if size == self.body_size else size * 1.25),
            alignment={"justify": TA_JUSTIFY, "left": TA_LEFT, "center": TA_CENTER}[align],
            firstLineIndent=indent,
            wordWrap="CJK" if self.fonts.cjk else None,
        )

    def paragraph(self, text: str, style: ParagraphStyle, column: int = 0,
                  space_after: float = 0.0, force: bool = False) -> bool:
        """Set ``text`` at the cursor of ``column``; False (nothing drawn) when it does not fit
        above the bottom margin, unless ``force``."""
        col = self.columns[column]
        para = Paragraph(escape(text), style)
        _, h = para.wrap(col.width, 10_000)
        if col.y - h < self.bottom and not force:
            return False
        para.drawOn(self.canvas, col.x, col.y - h)
        col.y -= h + space_after
        return True

    def lines_left(self, column: int = 0) -> int:
        return int((self.columns[column].y - self.bottom) // self.leading)

    def fill_prose(self, column: int, make_text, style: ParagraphStyle,
                   space_after: float = 0.0, stop: float | None = None) -> None:
        """Paragraphs from ``make_text()`` down the column until the next would not fit
        (above ``stop`` when given)."""
        floor = self.bottom if stop is None else stop
        for _ in range(200):
            col = self.columns[column]
            para = Paragraph(escape(make_text()), style)
            _, h = para.wrap(col.width, 10_000)
            if col.y - h < floor:
                # a shorter paragraph to use the rest of the column, as a real one would
                lines = int((col.y - floor) // style.leading)
                if lines >= 2:
                    text = make_text()
                    for _ in range(40):
                        p = Paragraph(escape(text), style)
                        _, h = p.wrap(col.width, 10_000)
                        if col.y - h >= floor:
                            p.drawOn(self.canvas, col.x, col.y - h)
                            col.y -= h + space_after
                            break
                        text = " ".join(text.split(" ")[:-3]) if " " in text else text[:-4]
                        if not text:
                            break
                return
            para.drawOn(self.canvas, col.x, col.y - h)
            col.y -= h + space_after

    # ---- tables

    def place_table(self, spec: TableSpec, look: Look, lay: Layout, rows: list[int],
                    column: int | None = 0, align: str = "left") -> bool:
        """Draw ``rows`` of a laid-out table at the cursor of ``column`` (None: across the
        whole text width, below every column's cursor); False when they do not fit."""
        if column is None:
            x0, width = self.margin, self.text_width
            y = min(c.y for c in self.columns)
        else:
            col = self.columns[column]
            x0, width, y = col.x, col.width, col.y
        h = lay.height(rows)
        if y - h < self.bottom:
            return False
        x = x0 + (width - lay.width) / 2 if align == "center" else x0
        draw(self.canvas, spec, look, lay, x, y, rows)
        if column is None:
            for c in self.columns:
                c.y = y - h
        else:
            self.columns[column].y = y - h
        return True

    def skip(self, points: float, column: int | None = 0) -> None:
        for i, c in enumerate(self.columns):
            if column is None or i == column:
                c.y -= points
