"""The footnote stage of a page (issue 24): between the reading order and the paragraphs, the
footnote bodies at the foot of each column leave the body's flow, and the marks in the text
that call them become ``Inline(kind="note")`` spans of their lines; after the paragraphs, each
column's notes follow its text (:func:`insert_notes`).

The rules are :mod:`pdfprose.layout.footnotes`' (on plain runs of one size and baseline); here
the page's lines are cut into those runs and the findings put back on the lines. A note is
taken only when its mark is found in the page's text: a definition nobody calls would be shown
by no Markdown reader, and small print that merely starts with a number (a table's notes, a
figure's source) stays where it is.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..model import Block, Glyph, Inline, Line, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from .footnotes import (BODY_START, FootLine, Footnotes, Rule, Run, find_footnotes,
                        find_table_notes)
from .textmap import follows, glyph_spans


@dataclass(slots=True)
class TakenNote:
    """A footnote body taken out of its block: its lines (in reading order), its mark, and
    the block it was in."""

    lines: list[Line]
    mark: str
    block: Block


def line_runs(line: Line, by_glyph: bool = False,
              ) -> tuple[tuple[Run, ...], list[tuple[int, int]]]:
    """The line as runs of glyphs of one size and baseline, and each run's span of the line's
    text (the runs' texts put together are the line's text). A line whose text cannot be
    followed glyph by glyph is one run. ``by_glyph``: group glyph by glyph even where column
    passes can tell the line is one run (the plain path, which the fast one must agree with)."""
    glyphs = line.glyphs
    if not glyphs or line.direction != "ltr":
        return (Run(line.text, line.x0, line.x1, line.baseline, line.size),), \
            [(0, len(line.text))]
    one = None if by_glyph else _one_run(line, glyphs)
    # The spans are wanted only to cut a line into runs; for a line of one run, only whether
    # its text follows its glyphs, told at once where every glyph is one character or blank.
    if one is not None and follows(line.text, glyphs):
        return one
    spans = glyph_spans(line.text, glyphs)
    if not spans:
        return (Run(line.text, line.x0, line.x1, line.baseline, line.size),), \
            [(0, len(line.text))]
    if one is not None:
        return one
    # Glyph.baseline is the text matrix's and leaves the text rise (Ts) out; the box moves
    # with it. A font's glyphs drawn without rise hang the same share of their size below the
    # baseline (its descent), so a glyph hanging less is raised by the difference.
    descent: dict[str, float] = {}
    for g in glyphs:
        if g.size > 0:
            descent[g.font] = max(descent.get(g.font, 0.0), (g.bottom - g.baseline) / g.size)
    baselines = [g.baseline - (descent.get(g.font, 0.0) * g.size - (g.bottom - g.baseline))
                 if g.size > 0 else g.baseline for g in glyphs]
    groups: list[list[int]] = []
    key = None
    for i, g in enumerate(glyphs):
        if not g.text.strip() and groups:
            groups[-1].append(i)  # a space goes with the run before it
            continue
        k = (round(g.size, 1), round(baselines[i], 1))
        if k != key or not groups:
            groups.append([])
            key = k
        groups[-1].append(i)
    runs: list[Run] = []
    bounds: list[tuple[int, int]] = []
    for n, group in enumerate(groups):
        start = spans[group[0]][0] if n else 0
        end = spans[groups[n + 1][0]][0] if n + 1 < len(groups) else len(line.text)
        first = next((i for i in group if glyphs[i].text.strip()), group[0])
        runs.append(Run(line.text[start:end], min(glyphs[i].x0 for i in group),
                        max(glyphs[i].x1 for i in group), baselines[first], glyphs[first].size))
        bounds.append((start, end))
    return tuple(runs), bounds


def _one_run(line: Line, glyphs: list[Glyph],
             ) -> tuple[tuple[Run, ...], list[tuple[int, int]]] | None:
    """:func:`line_runs` of a line whose glyphs all have one size, baseline and bottom (most
    lines), found by column passes in C: every font's descent is then the same share, every
    glyph's raised baseline the same, so the line is one run, with the values the glyph by
    glyph grouping gives it. None for any other line (or a NaN among those values)."""
    n = len(glyphs)
    sizes = [g.size for g in glyphs]
    size = sizes[0]
    if size != size or sizes.count(size) != n:
        return None
    baselines = [g.baseline for g in glyphs]
    baseline = baselines[0]
    if baseline != baseline or baselines.count(baseline) != n:
        return None
    bottoms = [g.bottom for g in glyphs]
    bottom = bottoms[0]
    if bottom != bottom or bottoms.count(bottom) != n:
        return None
    if size > 0:
        descent = max(0.0, (bottom - baseline) / size)
        baseline = baseline - (descent * size - (bottom - baseline))
        if baseline != baseline:
            return None  # an infinite size: the grouping's keys never match
    text = line.text
    return (Run(text[0:len(text)], min([g.x0 for g in glyphs]), max([g.x1 for g in glyphs]),
                baseline, size),), [(0, len(text))]


_MARK_CHARS = frozenset("0123456789*†‡§¶‖#abcdefghijklmnopqrstuvwxyz")
"""The characters of :data:`~pdfprose.layout.footnotes.MARK`."""


def may_hold_mark(line: Line, ratio: float) -> bool:
    """Whether a glyph of ``line`` may be a footnote mark: a glyph made only of a mark's
    characters, at most ``ratio`` of the line's largest glyph (a superscript run is at most
    that of the line's main size, which is one of its glyphs')."""
    glyphs = line.glyphs
    if not glyphs:
        return False
    largest = max(g.size for g in glyphs)
    limit = ratio * largest
    return any(g.size <= limit and (core := g.text.strip()) and _MARK_CHARS.issuperset(core)
               for g in glyphs)


def gather_foot_band(blocks: list[Block], params: LayoutParams = DEFAULT_PARAMS,
                     ) -> list[Block]:
    """The page's blocks (reading order) with a band under its columns that the XY-cut read
    across them given back to the columns its lines stand in.

    Footnotes set under two columns at one height, two lines each, are two strips: too few
    for the XY-cut to call them columns (``min_column_strips``: a label beside its value), so
    their lines were read row by row, one column's note into the other's ("14 Janu-" / "3
    The popular..." / "ary 2000"); a column's last line beside the other column's note is
    pulled into that band too. Where every line of a one-column block under a region of
    columns, holding a line in a note's small type (``footnote_small_ratio`` of the columns'
    median size) and a line that opens a note with its mark, lies inside one of those columns (crossing no gutter: a note across the page
    stays whole) and the lines stand in two columns or more, each goes to the end of the
    last block of its column, and the band's block is dropped."""
    moved = False
    for band in list(blocks):
        if band.kind != "text" or band.columns > 1 or band.rows or not band.lines:
            continue
        above = [b for b in blocks if b.kind == "text" and b.columns > 1 and b.lines
                 and b.region < band.region]
        if not above:
            continue
        region = max(b.region for b in above)
        region_blocks = [b for b in above if b.region == region]
        if band.top < max(b.bottom for b in region_blocks) - 1.0:
            continue  # beside the columns, not under them
        sizes = sorted(l.size for b in region_blocks for l in b.lines)
        body = sizes[len(sizes) // 2]
        if all(l.size > params.footnote_small_ratio * body for l in band.lines) \
                or not any(BODY_START.match(l.text) for l in band.lines):
            continue  # no note: a glossary's terms beside their definitions, a footer
        spans: dict[int, tuple[float, float]] = {}
        last: dict[int, Block] = {}
        for b in region_blocks:
            x0, x1 = spans.get(b.column, (b.x0, b.x1))
            spans[b.column] = (min(x0, b.x0), max(x1, b.x1))
            if b.column not in last or b.bottom > last[b.column].bottom:
                last[b.column] = b
        homes: list[int] = []
        for line in band.lines:
            inside = [c for c, (x0, x1) in spans.items() if min(line.x1, x1) > max(line.x0, x0)]
            if len(inside) != 1 or line.x0 < spans[inside[0]][0] - line.size \
                    or line.x1 > spans[inside[0]][1] + line.size:
                break
            homes.append(inside[0])
        if len(homes) != len(band.lines) or len(set(homes)) < 2:
            continue
        for line, column in zip(band.lines, homes):
            target = last[column]
            target.lines.append(line)
            target.x0, target.x1 = min(target.x0, line.x0), max(target.x1, line.x1)
            target.top, target.bottom = min(target.top, line.top), max(target.bottom, line.bottom)
        blocks.remove(band)
        moved = True
    if moved:
        for order, block in enumerate(blocks):
            block.order = order
    return blocks


def take_footnotes(blocks: list[Block], rules: list[tuple[float, float, float]],
                   page_height: float, params: LayoutParams = DEFAULT_PARAMS,
                   ) -> list[TakenNote]:
    """Find the page's footnotes in its text ``blocks`` (reading order; ``rules``: the
    page's horizontal rules as (x0, y, x1), page space), and the notes set right under its
    tables, take each called note's lines out of its block and mark its calls on their lines.
    Returns the notes taken, in reading order (a table's first)."""
    sizes: Counter[float] = Counter()
    for block in blocks:
        for line in block.lines:
            sizes[round(line.size, 1)] += len(line.text)
    if not sizes:
        return []
    body = sizes.most_common(1)[0][0]
    taken = _table_notes(blocks, body, params)
    return taken + _foot_notes(blocks, rules, page_height, body, params)


def _table_notes(blocks: list[Block], body: float, params: LayoutParams) -> list[TakenNote]:
    """The notes under each table: the small lines that start the text block right after it
    in the reading order, within ``footnote_rule_gap_em`` of the table's foot (its bottom rule
    stands where a footnote's separator would), called from the table's cells."""
    ratio = params.footnote_script_ratio
    taken: list[TakenNote] = []
    for table, under in zip(blocks, blocks[1:]):
        if table.kind != "table" or under.kind != "text" or under.rows or not under.lines:
            continue
        first = under.lines[0]
        if first.size > params.footnote_small_ratio * body \
                or first.top - table.bottom > params.footnote_rule_gap_em * body \
                or not any(may_hold_mark(line, ratio) for line in table.lines):
            continue
        cells = [line for line in table.lines if line.text.strip()]
        notes = [line for line in under.lines if line.text.strip()]
        cut = [line_runs(line) for line in (*cells, *notes)]
        found = find_table_notes([FootLine(runs) for runs, _ in cut[:len(cells)]],
                                 [FootLine(runs) for runs, _ in cut[len(cells):]], body, params)
        taken += _take(found, [*cells, *notes], [table] * len(cells) + [under] * len(notes),
                       [spans for _, spans in cut], blocks, params)
    return taken


def _foot_notes(blocks: list[Block], rules: list[tuple[float, float, float]],
                page_height: float, body: float, params: LayoutParams) -> list[TakenNote]:
    """The notes at the foot of the page's columns (:func:`take_footnotes`)."""
    # Most pages have no small type in their lower part: they are not cut into runs at all
    # (cutting every line into runs costs as much as building the lines).
    if not any(line.size <= params.footnote_small_ratio * body
               and line.top >= params.footnote_zone_top * page_height
               for block in blocks if block.kind == "text" and not block.rows
               for line in block.lines):
        return []
    # A note is taken only where its mark is called, raised and smaller, in a line of larger
    # type: a page none of whose lines mixes sizes that far apart calls no note, and is not cut
    # either (a run's size is one of its glyphs', so the line's glyph sizes bound them all).
    # Sharper, and as cheap: a mark's run (glyphs of one size) reads as a mark (MARK: digits,
    # symbols, a lowercase letter), so one of its glyphs holds nothing else.
    ratio = params.footnote_script_ratio
    if not any(may_hold_mark(line, ratio)
               for block in blocks if block.kind == "text" and not block.rows
               for line in block.lines):
        return []
    lines: list[Line] = []
    owners: list[Block] = []
    foot: list[FootLine] = []
    bounds: list[list[tuple[int, int]]] = []
    for block in blocks:
        if block.kind != "text" or block.rows:
            continue
        column = block.column if block.columns > 1 else 0
        for line in block.lines:
            if not line.text.strip():
                continue
            runs, spans = line_runs(line)
            lines.append(line)
            owners.append(block)
            foot.append(FootLine(runs, column))
            bounds.append(spans)
    if len(foot) < 2:
        return []
    found = find_footnotes(foot, [Rule(x0, x1, y) for x0, y, x1 in rules], page_height, params)
    return _take(found, lines, owners, bounds, blocks, params)


def _take(found: Footnotes, lines: list[Line], owners: list[Block],
          bounds: list[list[tuple[int, int]]], blocks: list[Block],
          params: LayoutParams) -> list[TakenNote]:
    """Mark the calls of ``found``'s notes on their ``lines`` (``bounds``: each line's runs'
    spans of its text) and take the called notes' lines out of their blocks (``owners``)."""
    # A note says something: a body without two letters ("i" + "=1" under a formula's
    # operator, a stray digit) is a formula's or a table's small print.
    worded = {k for k, note in enumerate(found.notes)
              if sum(ch.isalpha() for ch in note.text) >= 2}
    called = {ref.note for ref in found.marks if ref.note in worded}
    if not called:
        return []
    for ref in found.marks:
        if ref.note not in called:
            continue
        line = lines[ref.line]
        start, end = bounds[ref.line][ref.run]
        text = line.text[start:end]
        start += len(text) - len(text.lstrip())
        end -= len(text) - len(text.rstrip())
        line.inline = tuple(sorted(line.inline + (Inline(start, end, "note", ref.mark),),
                                   key=lambda s: s.start))
    taken: list[TakenNote] = []
    gone: set[int] = set()
    for k, note in enumerate(found.notes):
        if k not in called:
            continue
        members = [lines[note.lines[0]]]
        for i in note.lines[1:]:
            line = lines[i]
            gap = line.top - members[-1].bottom
            if owners[i] is not owners[note.lines[0]] \
                    or gap > params.footnote_line_gap_em * line.size:
                break  # the page's footer or number, under the notes: left in the text
            members.append(line)
        taken.append(TakenNote(members, note.mark, owners[note.lines[0]]))
        gone.update(id(line) for line in members)
    for block in blocks:
        if any(id(line) in gone for line in block.lines):
            block.lines = [line for line in block.lines if id(line) not in gone]
    return taken


def note_paragraphs(taken: list[TakenNote], blocks: list[Block]) -> list[Paragraph]:
    """The taken notes as ``kind="footnote"`` paragraphs (``marker``: the mark), each in the
    block it came from, or in a block of its own appended to ``blocks`` when the paragraph
    stage let that block go (it held nothing but notes)."""
    out: list[Paragraph] = []
    for note in taken:
        block = note.block
        if not any(b is block for b in blocks):
            block.lines = [line for other in taken if other.block is block
                           for line in other.lines]
            block.order = len(blocks)
            blocks.append(block)
        out.append(Paragraph(lines=note.lines, block=block.order, kind="footnote",
                             marker=note.mark))
    return out


def insert_notes(notes: list[Paragraph], paragraphs: list[Paragraph]) -> None:
    """Put each footnote paragraph after the last paragraph of the block (the column) it was
    at the foot of, in order: a column's notes follow its text, before the next column's (a
    paragraph that goes on into the next column is joined over them by the renderer); a note
    whose block held nothing else follows the page's text."""
    for note in notes:
        at = len(paragraphs)
        for i in range(len(paragraphs) - 1, -1, -1):
            if paragraphs[i].block == note.block and paragraphs[i].kind != "footnote":
                at = i + 1
                while at < len(paragraphs) and paragraphs[at].kind == "footnote":
                    at += 1  # after the notes already placed there
                break
        paragraphs.insert(at, note)
