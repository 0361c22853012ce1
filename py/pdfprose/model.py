"""The plain data that flows between the engine's stages.

Coordinates: every box here is in *page space*: points (1/72 in), origin at the TOP LEFT of the
page as displayed (after /Rotate and the CropBox are applied), x to the right, y downwards. A box
is ``(x0, top, x1, bottom)`` with ``x0 <= x1`` and ``top <= bottom``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(slots=True)
class Glyph:
    """One drawn glyph (SPEC §1).

    ``x0..x1`` spans the glyph's advance along the baseline (not its ink), ``top..bottom`` spans
    the font's ascent-descent box. ``baseline`` is the y of the baseline in page space. ``size``
    is the effective font size in points (text matrix and CTM applied). ``angle`` is the direction
    of the baseline in degrees, counter-clockwise as seen on the page (0 = left to right).
    ``unmapped`` is true when the glyph has no Unicode meaning (``(cid:N)``, U+FFFD, stray
    private-use codes).
    """

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    baseline: float
    size: float
    font: str
    bold: bool = False
    italic: bool = False
    angle: float = 0.0
    vertical: bool = False
    unmapped: bool = False


@dataclass(slots=True)
class Line:
    """A horizontal text line: glyphs whose baselines agree, read left to right (SPEC §3).

    ``text`` already holds the spaces SPEC §2 inserts between words. ``size`` is the dominant font
    size in points (by characters); ``bold`` is true when most characters are bold.
    """

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    baseline: float
    size: float
    bold: bool = False
    italic: bool = False
    angle: float = 0.0
    glyphs: list[Glyph] = field(default_factory=list, repr=False)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def all_bold(self) -> bool:
        """True when every visible glyph is bold (a run-in bold phrase does not count)."""
        marks = [g.bold for g in self.glyphs if g.text.strip()]
        return bool(marks) and all(marks) if self.glyphs else self.bold


@dataclass(slots=True)
class Block:
    """A leaf of the XY-cut: consecutive lines of one column of one region, in reading order.

    ``order`` is the block's position in the page's reading order (0-based); ``region`` numbers
    the page's horizontal regions from the top; ``column`` is the column inside the region (0 =
    leftmost); ``columns`` is how many columns that region has.
    """

    lines: list[Line]
    order: int
    region: int
    column: int
    columns: int
    x0: float
    top: float
    x1: float
    bottom: float


ParagraphKind = Literal["body", "heading", "list_item", "rotated", "vertical"]


@dataclass(slots=True)
class Paragraph:
    """A paragraph: the unit the renderers emit, separated from the next by a blank line.

    ``lines`` keep their own text; joining them (SPEC §6-7) is the renderer's job so that the
    "join line breaks" option needs no new analysis. Document passes set ``kind``, ``level``
    (heading level 1-4), ``marker`` (the list item's original marker), ``indent`` (list nesting
    depth) and ``furniture`` (a running header, footer or page number, SPEC §8).
    """

    lines: list[Line]
    block: int
    kind: ParagraphKind = "body"
    level: int = 0
    marker: str = ""
    indent: int = 0
    furniture: bool = False

    @property
    def size(self) -> float:
        """Dominant font size in points, weighted by characters."""
        weights: dict[float, int] = {}
        for line in self.lines:
            weights[line.size] = weights.get(line.size, 0) + len(line.text)
        return max(weights, key=weights.__getitem__) if weights else 0.0

    @property
    def text_length(self) -> int:
        return sum(len(line.text) for line in self.lines)


@dataclass(slots=True)
class PageAnalysis:
    """Everything the engine knows about one page, kept so re-rendering needs no new parse.

    ``number`` is 1-based. ``width`` and ``height`` are the displayed page size in points.
    ``columns`` is the largest column count over the page's regions (SPEC §4). ``empty`` means no
    text glyphs at all; ``garbled`` means too many glyphs without Unicode meaning; ``error`` holds
    the reason when the page failed to parse (its other fields are then empty).
    """

    number: int
    width: float
    height: float
    blocks: list[Block] = field(default_factory=list)
    paragraphs: list[Paragraph] = field(default_factory=list)
    columns: int = 0
    glyph_count: int = 0
    unmapped_count: int = 0
    hidden_count: int = 0
    empty: bool = False
    garbled: bool = False
    error: str | None = None

    def summary(self) -> dict[str, object]:
        """The page's entry in the JSON report: ``number``, ``columns``, ``empty``, ``garbled``,
        ``error``, plus counts of glyphs, unmapped and hidden glyphs."""
        return {
            "number": self.number,
            "columns": self.columns,
            "empty": self.empty,
            "garbled": self.garbled,
            "error": self.error,
            "glyphs": self.glyph_count,
            "unmapped": self.unmapped_count,
            "hidden": self.hidden_count,
        }

    def geometry(self) -> dict[str, object]:
        """What the page's schematic preview draws, JSON-ready: page size in points and, per
        block in reading order, its box and column/region, and its lines' boxes (page space)."""
        return {
            "number": self.number,
            "width": round(self.width, 1),
            "height": round(self.height, 1),
            "columns": self.columns,
            "empty": self.empty,
            "garbled": self.garbled,
            "blocks": [
                {
                    "order": b.order,
                    "region": b.region,
                    "column": b.column,
                    "box": [round(b.x0, 1), round(b.top, 1), round(b.x1, 1), round(b.bottom, 1)],
                    "lines": [
                        [round(l.x0, 1), round(l.top, 1), round(l.x1, 1), round(l.bottom, 1)]
                        for l in b.lines
                    ],
                }
                for b in self.blocks
            ],
        }
