"""One page through the page-level stages: glyphs -> lines -> reading order -> paragraphs."""

from __future__ import annotations

from .lines import build_lines
from .model import Block, PageAnalysis, Paragraph
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
    if directional:
        # SPEC §5: rotated and vertical text follows the page's horizontal text, one paragraph
        # per direction and block of lines.
        order = len(blocks)
        block = Block(
            lines=directional,
            order=order,
            region=(blocks[-1].region + 1) if blocks else 0,
            column=0,
            columns=1,
            x0=min(l.x0 for l in directional),
            top=min(l.top for l in directional),
            x1=max(l.x1 for l in directional),
            bottom=max(l.bottom for l in directional),
        )
        blocks.append(block)
        current: Paragraph | None = None
        for line in directional:
            if current is None or line.angle != current.lines[-1].angle:
                kind = "vertical" if any(g.vertical for g in line.glyphs) else "rotated"
                current = Paragraph(lines=[], block=order, kind=kind)
                paragraphs.append(current)
            current.lines.append(line)
    page.blocks = blocks
    page.paragraphs = paragraphs
    page.columns = max(columns, 1)
    return page
