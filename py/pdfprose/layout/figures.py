"""Tagged figures (issue 24): a figure whose structure element carries an /Alt text is
written where it stands in the page's reading order as a ``kind="figure"`` paragraph holding
that text (the renderer writes it as a bracketed description).

A figure's place is where its marked content drew: the boxes of what its MCIDs painted other
than text (:attr:`pdfprose.pdf.document.ParsedPage.drawn`) and of the glyphs they drew (a
placeholder letter, a diagram's labels). Its paragraph goes before the first paragraph, in
reading order, that starts at or below the figure's top and overlaps it across: the text that
follows it in its column. The glyphs a figure draws are kept as the page's text.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Glyph, Line, Paragraph
from ..pdf.structure import StructTree

Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Figure:
    """A tagged figure on a page: its alternative text and the box (page space) it drew in."""

    alt: str
    box: Box


def tagged_figures(tree: StructTree | None, page: int, drawn: dict[int, Box],
                   glyphs: list[Glyph]) -> list[Figure]:
    """The figures with an /Alt text whose marked content page ``page`` (0-based index) drew,
    in the tree's order, each with the union of the boxes its MCIDs drew (``drawn``: MCID ->
    box of its non-text drawing; ``glyphs``: the page's glyphs, whose marks name MCIDs)."""
    if tree is None:
        return []
    content = tree.page_content(page)
    if not content:
        return []
    owner: dict[int, int] = {}  # MCID -> the index of the Figure with /Alt it belongs to
    for mcid, index in content.items():
        element = tree.elements[index]
        for node in [element, *tree.ancestors(element)]:
            if node.kind == "Figure" and node.alt and node.alt.strip():
                owner[mcid] = node.index
                break
    if not owner:
        return []
    boxes: dict[int, list[Box]] = {}
    for mcid, box in drawn.items():
        if mcid in owner:
            boxes.setdefault(owner[mcid], []).append(box)
    for g in glyphs:
        mark = g.mark
        mcid = getattr(mark, "mcid", -1)
        if mcid >= 0 and mcid in owner and g.text.strip():
            boxes.setdefault(owner[mcid], []).append((g.x0, g.top, g.x1, g.bottom))
    out: list[Figure] = []
    for index in sorted(boxes, key=lambda i: tree.elements[i].rank):
        parts = boxes[index]
        alt = " ".join((tree.elements[index].alt or "").split())
        out.append(Figure(alt, (min(b[0] for b in parts), min(b[1] for b in parts),
                                max(b[2] for b in parts), max(b[3] for b in parts))))
    return out


def place_figures(figures: list[Figure], paragraphs: list[Paragraph]) -> None:
    """Insert a ``kind="figure"`` paragraph for each figure into ``paragraphs`` (reading
    order), before the first paragraph that starts at or below the figure's top and overlaps
    it across; after the page's paragraphs when none does."""
    for figure in figures:
        x0, top, x1, _ = figure.box
        at = len(paragraphs)
        for i, para in enumerate(paragraphs):
            if not para.lines or para.kind == "figure":
                continue
            first = para.lines[0]
            if first.top >= top and min(x1, max(l.x1 for l in para.lines)) > \
                    max(x0, min(l.x0 for l in para.lines)):
                at = i
                break
        near = paragraphs[at] if at < len(paragraphs) else (paragraphs[-1] if paragraphs else None)
        size = near.lines[0].size if near is not None and near.lines else 10.0
        line = Line(text=figure.alt, x0=x0, top=top, x1=x1, bottom=figure.box[3],
                    baseline=figure.box[3], size=size, glyphs=[], tag="Figure")
        paragraphs.insert(at, Paragraph(lines=[line], block=near.block if near else 0,
                                        kind="figure"))
