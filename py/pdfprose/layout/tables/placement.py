"""Tables in the reading order: the XY-cut orders the page without its tables, each table
standing in as one line over its box (the masked region of XY-Cut++), and each stand-in is then
replaced by a block holding its table, where the XY-cut put it: in its column, between the text
above and below it, or across the page between the regions it parts.
"""

from __future__ import annotations

import statistics

from ...model import Block, Line, Table

STAND_IN = "\ufffc"
"""The text of a table's stand-in line (U+FFFC OBJECT REPLACEMENT CHARACTER): no word, no
formula, no marker."""


def with_stand_ins(lines: list[Line], tables: list[Table], sides: list[list[Line]] | None = None,
                   ) -> tuple[list[Line], dict[int, Table | list[Line]]]:
    """``lines`` and one stand-in line per table, over the table's box (across, its text's),
    at the median size of its text, and one per block of text set side by side (``sides``:
    each a list of lines read as a whole); and the tables and blocks by ``id`` of their
    stand-ins."""
    out = list(lines)
    stand_ins: dict[int, Table | list[Line]] = {}
    for table in tables:
        text = table.lines()
        sizes = [line.size for line in text] or [10.0]
        # Across, the stand-in covers the table's text, not its frame: the XY-cut measures
        # gutters between texts, and a ruled frame's cell padding (a third of an em and more)
        # narrowed the gap beside the table below a gutter's width.
        x0 = max(table.x0, min((line.x0 for line in text), default=table.x0))
        x1 = min(table.x1, max((line.x1 for line in text), default=table.x1))
        if x1 <= x0:
            x0, x1 = table.x0, table.x1
        line = Line(text=STAND_IN, x0=x0, top=table.top, x1=x1, bottom=table.bottom,
                    baseline=table.bottom, size=statistics.median(sizes), glyphs=[])
        stand_ins[id(line)] = table
        out.append(line)
    for side in sides or []:
        line = Line(text=STAND_IN, x0=min(l.x0 for l in side), top=min(l.top for l in side),
                    x1=max(l.x1 for l in side), bottom=max(l.bottom for l in side),
                    baseline=max(l.baseline for l in side),
                    size=statistics.median(l.size for l in side), glyphs=[])
        stand_ins[id(line)] = side
        out.append(line)
    return out, stand_ins


def _part(block: Block, lines: list[Line]) -> Block:
    return Block(lines=lines, order=0, region=block.region, column=block.column,
                 columns=block.columns, x0=min(l.x0 for l in lines), top=min(l.top for l in lines),
                 x1=max(l.x1 for l in lines), bottom=max(l.bottom for l in lines),
                 kind=block.kind, rows=block.rows, text_column=block.text_column)


def place_tables(blocks: list[Block], stand_ins: dict[int, Table | list[Line]]) -> list[Block]:
    """The blocks with each table's stand-in replaced by a block of kind ``"table"`` holding
    it, and each side-by-side block's by a text block of its lines (the lines before and after
    it in its block become blocks of their own), numbered again in reading order."""
    out: list[Block] = []
    for block in blocks:
        marks = [i for i, line in enumerate(block.lines) if id(line) in stand_ins]
        if not marks:
            out.append(block)
            continue
        start = 0
        for i in marks:
            if i > start:
                out.append(_part(block, block.lines[start:i]))
            table = stand_ins[id(block.lines[i])]
            if isinstance(table, list):
                out.append(_part(block, table))
                start = i + 1
                continue
            out.append(Block(lines=table.lines(), order=0, region=block.region,
                             column=block.column, columns=block.columns, x0=table.x0,
                             top=table.top, x1=table.x1, bottom=table.bottom, kind="table",
                             text_column=block.text_column, table=table))
            start = i + 1
        if start < len(block.lines):
            out.append(_part(block, block.lines[start:]))
    for order, block in enumerate(out):
        block.order = order
    return out
