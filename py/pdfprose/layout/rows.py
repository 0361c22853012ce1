"""Rows: the runs of one row joined into one line, and the rows of a table read as its
paragraphs (SPEC §4, §6).

The line builder cut each baseline into runs at wide gaps so that the XY-cut could see gutters;
once the reading order is known, the runs of one row (of one block) are one line again. A block
whose rows line up across a refused gutter (a table of contents, a glossary, a table:
:attr:`~pdfprose.model.Block.rows`) is read row by row, one paragraph per row, its cells counted.
Boxes are in page space (points, origin top left).
"""

from __future__ import annotations

import re

from ..model import Block, Line, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.vocabulary import ROW_ENDS_ENTRY
from .spans import same_row


def merge_rows(lines: list[Line], params: LayoutParams = DEFAULT_PARAMS) -> list[Line]:
    """Join runs that stand on one row (``params.row_merge_share``; consecutive in reading
    order) into one line, one space apart; the runs were cut at wide gaps only to find
    gutters. Runs of text each set in one size, sizes that differ by more than
    ``params.size_change_ratio``, stay apart: a title and a label beside it ("INVOICE" at
    20 pt right of the seller's name at 14 pt, a form's title beside "Copy A" at 9 pt) are two
    things, as they would be one over the other (SPEC §6); a formula's pieces and a table's
    cells with indices ("Tc1") mix sizes within a run."""
    share, size_change = params.row_merge_share, params.size_change_ratio
    out: list[Line] = []
    for line in lines:
        prev = out[-1] if out else None
        # A right-to-left row's runs come from the right (pdfprose.layout.xycut).
        rtl = prev is not None and prev.direction == "rtl" and line.direction == "rtl"
        if prev is not None and same_row(prev, line, share) \
                and (line.x1 <= prev.x0 + 0.5 * line.size if rtl
                     else line.x0 >= prev.x1 - 0.5 * line.size) \
                and not (abs(prev.size - line.size) > size_change * max(prev.size, line.size)
                         and _one_size_text(prev) and _one_size_text(line)):
            out[-1] = Line(
                text=f"{prev.text} {line.text}",
                x0=line.x0 if rtl else prev.x0,
                top=min(prev.top, line.top),
                x1=max(prev.x1, line.x1),
                bottom=max(prev.bottom, line.bottom),
                baseline=prev.baseline,
                size=prev.size if len(prev.text) >= len(line.text) else line.size,
                bold=prev.bold and line.bold,
                # Italic like most of its characters: "4.2." in bold before an italic title.
                italic=(len(prev.text) * prev.italic + len(line.text) * line.italic
                        > (len(prev.text) + len(line.text)) / 2),
                angle=prev.angle,
                glyphs=prev.glyphs + line.glyphs,
                direction=prev.direction,
                tag=prev.tag,
                unit=prev.unit,
            )
        else:
            out.append(line)
    return out


def _one_size_text(line: Line) -> bool:
    """Whether a run is text set in one size: two letters or more, every visible glyph within
    half a point of the run's size."""
    visible = [g for g in line.glyphs if g.text.strip()]
    return sum(g.text.isalpha() for g in visible) >= 2 \
        and all(abs(g.size - line.size) < 0.5 for g in visible)


def join_table_parts(blocks: list[Block]) -> None:
    """Join two parts of one table (:attr:`~pdfprose.model.Block.rows` blocks) and the single
    line between them into one block: a row too long to leave the gap free ("(6–11 years) and
    younger children (3–5 years); and existing 2018 recommendations" in the WHO contents) ends
    the XY-cut's run, though it is an entry of the table like the others."""
    i = 0
    joined = False
    while i + 2 < len(blocks):
        first, middle, last = blocks[i:i + 3]
        if first.rows and last.rows and not middle.rows and middle.kind == "text" \
                and len(middle.lines) == 1:
            first.lines += middle.lines + last.lines
            first.x0, first.x1 = min(first.x0, middle.x0, last.x0), max(first.x1, middle.x1, last.x1)
            first.top, first.bottom = min(first.top, middle.top), max(first.bottom, last.bottom)
            del blocks[i + 1:i + 3]
            joined = True
        else:
            i += 1
    if joined:
        for order, block in enumerate(blocks):
            block.order = order


ENTRY_NUMBER = re.compile(r"(?:\d+[.)]|\d+(?:\.\d+)+|[A-Z]\.)(?:\s|$)")
"""A row that starts with an entry's number ("1.1 Objectives", "10. Was", "A. Annex") starts
an entry of its own: it does not carry on the row before ("1987, skip lines 6" does)."""


_ROW_SENTENCE_ENDS = (".", ":", ";", "!", "?")
"""A row ending a sentence ends its entry too ("G1u occur with equal frequency." over a table)."""


def row_paragraphs(block: Block, params: LayoutParams = DEFAULT_PARAMS) -> list[Paragraph]:
    """A :attr:`~pdfprose.model.Block.rows` block's paragraphs: one per row, its cells (the
    runs on one baseline) joined into one line (:func:`merge_rows`), except where an entry
    wraps onto the next row set like it where the row before ends neither with a page number
    (:data:`ROW_ENDS_ENTRY`) nor a sentence: from a row of one cell to one that starts in lower
    case, with a bracket or a dash, or else ends the entry without starting one of its own
    (:data:`ENTRY_NUMBER`) ("CHAPTER 4. TREATMENT FOR ADULTS" / "(≥3 YEARS) 18"); from any row
    to a row of one cell in lower case (a glossary's definition going on under its term). A
    code listing's rows, code and comment, are rows of two cells: each stays a line. A size
    change over ``params.size_change_ratio`` or a change of boldness ends an entry, and so
    does a gap: an entry wraps onto the next line, never onto a row further below than SPEC
    §6's ``params.paragraph_gap_em`` (a running head over the first row of a table it is cut
    into the same block with, as in a quarterly report's balance sheets)."""
    share, size_change = params.row_merge_share, params.size_change_ratio
    gap = params.paragraph_gap_em
    rows: list[list[Line]] = []
    for line in block.lines:
        if rows and same_row(rows[-1][-1], line, share):
            rows[-1].append(line)
        else:
            rows.append([line])
    block.lines = []
    paragraphs: list[Paragraph] = []
    cells = 0
    for row in rows:
        merged = merge_rows(row, params)
        block.lines.extend(merged)
        line = merged[0] if len(merged) == 1 else None
        if line is None:  # runs that overlap along the row: laid out as they stand
            paragraphs.extend(Paragraph(lines=[l], block=block.order, cells=1) for l in merged)
            cells = 2
            continue
        text = line.text.strip()
        last = paragraphs[-1].lines[-1] if paragraphs else None
        ended = last is None or ROW_ENDS_ENTRY.search(last.text.rstrip()) is not None \
            or last.text.rstrip().endswith(_ROW_SENTENCE_ENDS) \
            or abs(last.size - line.size) > size_change * line.size or last.bold != line.bold \
            or line.baseline - last.baseline > gap * max(line.size, last.size)
        if not ended and (
                (cells == 1 and not ENTRY_NUMBER.match(text)
                 and (text[:1].islower() or text[:1] in "([–—-" or ROW_ENDS_ENTRY.search(text)))
                or (len(row) == 1 and text[:1].islower())):
            paragraphs[-1].lines.append(line)
            paragraphs[-1].cells = max(paragraphs[-1].cells, len(row))
        else:
            paragraphs.append(Paragraph(lines=[line], block=block.order, cells=len(row)))
        cells = len(row)
    return paragraphs
