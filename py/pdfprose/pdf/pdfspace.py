"""From a PDF page's user space to pdfprose's page space, and small readers of PDF values.

Page space (:mod:`pdfprose.model`): points, origin at the top left of the page as displayed
(after /Rotate and the CropBox), y downwards. The glyph collector maps glyphs the same way
(:func:`page_ctm`); annotation rectangles must land in the same space to meet the glyphs.
"""

from __future__ import annotations

import math

from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import resolve1
from pdfminer.psparser import PSLiteral
from pdfminer.utils import decode_text

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]


def page_ctm(page: PDFPage) -> Matrix:
    """The CTM pdfminer.six's interpreter starts a page with (it applies /Rotate, which
    pdfminer keeps in 0..359, and the MediaBox origin); the glyph collector maps the CropBox
    the same way, and so do the readers of annotation rectangles."""
    x0, y0, x1, y1 = page.mediabox
    if page.rotate == 90:
        return (0, -1, 1, 0, -y0, x1)
    if page.rotate == 180:
        return (-1, 0, 0, -1, x1, y1)
    if page.rotate == 270:
        return (0, 1, -1, 0, y1, -x0)
    return (1, 0, 0, 1, -x0, -y0)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n``."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def page_space(page: PDFPage) -> Matrix:
    """The matrix from the page's user space to page space."""
    ctm = page_ctm(page)
    x0, y0, x1, y1 = page.cropbox
    corners = [apply(ctm, x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
    left = min(c[0] for c in corners)
    top = max(c[1] for c in corners)
    return multiply(ctm, (1.0, 0.0, 0.0, -1.0, -left, top))


def box_in(m: Matrix, rect: Box) -> Box:
    """A rectangle of user space as a box of page space (x0, top, x1, bottom)."""
    x0, y0, x1, y1 = rect
    corners = [apply(m, x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def number(value: object) -> float | None:
    value = resolve1(value)
    if isinstance(value, (int, float)) and value == value:
        return float(value)
    return None


def rect_of(value: object) -> Box | None:
    """A PDF rectangle (four numbers, any corner order), or None."""
    value = resolve1(value)
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        return None
    numbers = [number(v) for v in value]
    if any(n is None for n in numbers):
        return None
    a, b, c, d = numbers  # type: ignore[misc]
    return (min(a, c), min(b, d), max(a, c), max(b, d))  # type: ignore[type-var]


def text_of(value: object) -> str | None:
    """A PDF text string (PDFDocEncoding or UTF-16 with a BOM), or a name, as str."""
    value = resolve1(value)
    if isinstance(value, bytes):
        return decode_text(value)
    if isinstance(value, str):
        return value
    if isinstance(value, PSLiteral):
        return name_of(value)
    return None


def name_of(value: object) -> str | None:
    value = resolve1(value)
    if isinstance(value, PSLiteral):
        n = value.name
        return n.decode("latin-1") if isinstance(n, bytes) else str(n)
    return None


def usable_box(box: object) -> bool:
    """True for a rectangle of four finite numbers with a width and a height."""
    if not isinstance(box, (list, tuple)) or len(box) != 4:
        return False
    try:
        x0, y0, x1, y1 = (float(resolve1(v)) for v in box)
    except (TypeError, ValueError):
        return False
    return all(math.isfinite(v) for v in (x0, y0, x1, y1)) and x0 != x1 and y0 != y1


def shown_box(box: object) -> str:
    """A page box as a notice shows it (``[0 0 612 792]``), or 'missing'."""
    try:
        return "[" + " ".join(f"{float(v):g}" for v in box) + "]"  # type: ignore[union-attr]
    except (TypeError, ValueError):
        return "missing"
