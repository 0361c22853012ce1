"""One page through the page-level stages: glyphs -> lines -> reading order -> paragraphs."""

from __future__ import annotations

from .lines import build_lines
from .model import Block, Line, PageAnalysis, Paragraph
from .paragraphs import split_paragraphs
from .parse import ParsedPage
from .xycut import reading_order

GARBLED_SHARE = 0.25
"""A page is garbled when over a quarter of its visible glyphs have no Unicode meaning (SPEC §13):
a few unmapped math symbols in clean text stay far below it, a font without ToUnicode far above."""

GARBLED_MIN_GLYPHS = 10
"""Below ten unmapped glyphs a page is not called garbled: one bad logo is not a broken page."""


def analyze_page(parsed: ParsedPage) -> PageAnalysis:
    """Run the page-level stages on one parsed page (see :mod:`pdfprose.parse`)."""
    page = PageAnalysis(
        number=parsed.number,
        width=parsed.width,
        height=parsed.height,
        hidden_count=parsed.hidden_count,
        error=parsed.error,
    )
    visible = [g for g in parsed.glyphs if g.text.strip()]
    page.glyph_count = len(visible)
    page.unmapped_count = sum(1 for g in visible if g.unmapped)
    page.empty = parsed.error is None and not visible
    page.garbled = (
        page.unmapped_count >= GARBLED_MIN_GLYPHS
        and page.unmapped_count > GARBLED_SHARE * page.glyph_count
    )
    if not visible:
        return page
    horizontal, directional = build_lines(parsed.glyphs)
    blocks, columns = reading_order(horizontal)
    paragraphs: list[Paragraph] = []
    for block in blocks:
        paragraphs.extend(split_paragraphs(block))
    vertical = [l for l in directional if l.angle == -90.0]
    rotated = [l for l in directional if l.angle != -90.0]
    if vertical:
        _append_vertical(vertical, blocks, paragraphs)
    if rotated:
        _append_rotated(rotated, blocks, paragraphs)
    page.blocks = blocks
    page.paragraphs = paragraphs
    page.columns = max(columns, 1)
    return page


def _new_block(lines: list[Line], blocks: list[Block]) -> Block:
    block = Block(
        lines=lines,
        order=len(blocks),
        region=(blocks[-1].region + 1) if blocks else 0,
        column=0,
        columns=1,
        x0=min(l.x0 for l in lines),
        top=min(l.top for l in lines),
        x1=max(l.x1 for l in lines),
        bottom=max(l.bottom for l in lines),
    )
    blocks.append(block)
    return block


def _append_rotated(lines: list[Line], blocks: list[Block], paragraphs: list[Paragraph]) -> None:
    """SPEC §5: rotated text follows the page's horizontal text, a paragraph per angle."""
    block = _new_block(lines, blocks)
    current: Paragraph | None = None
    for line in lines:
        if current is None or line.angle != current.lines[-1].angle:
            current = Paragraph(lines=[], block=block.order, kind="rotated")
            paragraphs.append(current)
        current.lines.append(line)


def _append_vertical(lines: list[Line], blocks: list[Block], paragraphs: list[Paragraph]) -> None:
    """SPEC §5: vertical writing, columns from the right, each from the top.

    The XY-cut runs in a turned frame where a vertical column becomes a horizontal line (its
    top-to-bottom extent becomes left-to-right, columns further left come lower), so tiers of
    columns are found like columns of lines and read one tier after another.
    """
    virtual = [
        Line(text=l.text, x0=l.top, top=-l.x1, x1=l.bottom, bottom=-l.x0, baseline=-l.x0,
             size=l.size, glyphs=[])
        for l in lines
    ]
    originals = {id(v): l for v, l in zip(virtual, lines)}
    ordered, _ = reading_order(virtual)
    for vblock in ordered:
        real = [originals[id(v)] for v in vblock.lines if id(v) in originals]
        if not real:
            continue
        block = _new_block(real, blocks)
        paragraphs.append(Paragraph(lines=real, block=block.order, kind="vertical"))
