"""One page through the page-level stages: glyphs -> lines -> tables -> reading order ->
paragraphs.

The table stage (:mod:`pdfprose.layout.tables`) takes the page's tables out of its text runs;
the XY-cut orders the rest with a stand-in over each table, which is then replaced by the
table's block (:mod:`pdfprose.layout.tables.placement`)."""

from __future__ import annotations

from ..model import Block, Glyph, Line, PageAnalysis, Paragraph, ParagraphKind
from ..params import DEFAULT_PARAMS, LayoutParams
from ..pdf.diagnosis import FontEvidence, diagnose
from ..pdf.document import ParsedPage
from .directional import frame
from .lines import build_lines
from .figures import place_figures, tagged_figures
from .links import place_links
from .notes import gather_foot_band, insert_notes, note_paragraphs, take_footnotes
from .paragraphs import page_paragraphs
from .rtl import rtl_page
from .tables import find_tables
from .tables.placement import place_tables, with_stand_ins
from .tagged import tag_lines
from .xycut import reading_order


def analyze_page(parsed: ParsedPage, evidence: FontEvidence | None = None,
                 params: LayoutParams = DEFAULT_PARAMS) -> PageAnalysis:
    """Run the page-level stages on one parsed page (see :mod:`pdfprose.pdf.document`), by
    the thresholds of ``params``. ``evidence`` carries what the document's earlier pages showed
    of each font, for the garbled-page diagnosis (:class:`pdfprose.pdf.diagnosis.FontEvidence`;
    the Converter keeps one)."""
    page = PageAnalysis(
        number=parsed.number,
        width=parsed.width,
        height=parsed.height,
        hidden_count=parsed.hidden_count,
        form_count=parsed.form_count,
        has_image=parsed.has_image,
        error=parsed.error,
    )
    # SPEC §13: empty and garbled pages (pdfprose.pdf.diagnosis); letter-shifted text is turned
    # into unmapped glyphs here, before lines are built, so the jumble never reaches the output.
    diagnosis = diagnose(parsed.glyphs, evidence)
    page.glyph_count = diagnosis.visible
    page.unmapped_count = diagnosis.bad
    page.empty = parsed.error is None and not diagnosis.visible
    page.garbled = diagnosis.garbled
    page.garbled_cause = diagnosis.cause
    if not diagnosis.visible:
        return page
    form = [g for g in parsed.glyphs if g.form]
    gutters: list[tuple[float, float]] = []
    horizontal, directional = build_lines([g for g in parsed.glyphs if not g.form] if form
                                          else parsed.glyphs, params, gutters)
    rtl = rtl_page(horizontal, params)
    found = find_tables(horizontal, parsed.shapes, parsed.width, params)
    if found.tables or found.sides:
        lines, stand_ins = with_stand_ins(found.lines, found.tables, found.sides)
        blocks, columns = reading_order(lines, params, gutters, rtl)
        blocks = place_tables(blocks, stand_ins)
    else:
        blocks, columns = reading_order(horizontal, params, gutters, rtl)
    blocks = gather_foot_band(blocks, params)
    notes = take_footnotes(blocks, parsed.rules, parsed.height, params)
    paragraphs = page_paragraphs(blocks, params)
    if notes:  # each after its column's text (issue 24)
        insert_notes(note_paragraphs(notes, blocks), paragraphs)
    if parsed.tags is not None:
        page.tags = tag_lines([line for para in paragraphs for line in para.lines],
                              parsed.tags, parsed.index, params)
        place_figures(tagged_figures(parsed.tags, parsed.index, parsed.drawn, parsed.glyphs),
                      paragraphs)
    vertical = [l for l in directional if l.vertical]
    rotated = [l for l in directional if not l.vertical]
    if vertical:
        _append_vertical(vertical, blocks, paragraphs, params)
    if rotated:
        _append_rotated(rotated, blocks, paragraphs, params)
    if form:
        _append_form(form, blocks, paragraphs, params)
    if parsed.links:
        place_links(paragraphs, parsed.links, params)
    page.blocks = blocks
    page.paragraphs = paragraphs
    page.columns = max(columns, 1)
    return page


def _new_block(lines: list[Line], blocks: list[Block], kind: str = "text") -> Block:
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
        kind=kind,
    )
    blocks.append(block)
    return block


def _to_frame(lines: list[Line], d: tuple[float, float], n: tuple[float, float]) -> list[Line]:
    """Stand-ins for ``lines`` in a frame whose x runs along ``d`` and y along ``n`` (unit
    vectors in page space): there each line is horizontal and the XY-cut can order them."""
    virtual = []
    for l in lines:
        us = [x * d[0] + y * d[1] for x in (l.x0, l.x1) for y in (l.top, l.bottom)]
        vs = [x * n[0] + y * n[1] for x in (l.x0, l.x1) for y in (l.top, l.bottom)]
        virtual.append(Line(text=l.text, x0=min(us), top=min(vs), x1=max(us), bottom=max(vs),
                            baseline=max(vs), size=l.size, glyphs=[]))
    return virtual


def _append_in_frame(lines: list[Line], d: tuple[float, float], n: tuple[float, float],
                     kind: ParagraphKind, blocks: list[Block], paragraphs: list[Paragraph],
                     params: LayoutParams, vertical: bool = False) -> None:
    """Order ``lines`` by the XY-cut in their own frame (``d`` along, ``n`` across) and append
    them as blocks of ``kind`` after the page's text, split into paragraphs where consecutive
    lines stand further apart than ``params.directional_paragraph_gap_em`` (columns of vertical
    writing: :func:`_vertical_gap_em`), change size
    (``directional_same_size_ratio``) or, in vertical writing, at an indented column after a
    short one (``vertical_indent_em``)."""
    virtual = _to_frame(lines, d, n)
    originals = {id(v): l for v, l in zip(virtual, lines)}
    ordered, _ = reading_order(virtual, params)
    gap_em, same_size = params.directional_paragraph_gap_em, params.directional_same_size_ratio
    indent = params.vertical_indent_em
    for vblock in ordered:
        pairs = [(v, originals[id(v)]) for v in vblock.lines if id(v) in originals]
        if not pairs:
            continue
        if vertical:
            gap_em = _vertical_gap_em([v for v, _ in pairs], params)
        block = _new_block([l for _, l in pairs], blocks, kind=kind)
        start = min(v.x0 for v, _ in pairs)
        end = max(v.x1 for v, _ in pairs)
        current: Paragraph | None = None
        prev: Line | None = None
        for v, line in pairs:
            new = current is None
            if prev is not None:
                size = max(prev.size, v.size)
                pitch = (v.top + v.bottom) / 2 - (prev.top + prev.bottom) / 2
                if pitch > gap_em * size or v.size < same_size * prev.size \
                        or prev.size < same_size * v.size:
                    new = True
                elif vertical and v.x0 - start >= indent * v.size \
                        and end - prev.x1 >= indent * v.size:
                    new = True
            if new:
                current = Paragraph(lines=[], block=block.order, kind=kind)
                paragraphs.append(current)
            current.lines.append(line)  # type: ignore[union-attr]
            prev = v


def _vertical_gap_em(columns: list[Line], params: LayoutParams) -> float:
    """The pitch (em) over which consecutive columns of one block of vertical writing start a
    new paragraph: ``directional_paragraph_gap_em``, or ``vertical_pitch_ratio`` times the
    block's median column pitch where its columns are set wider apart, up to
    ``vertical_paragraph_gap_em``. ``columns`` are in the turned frame, in reading order."""
    pitches = sorted(
        ((b.top + b.bottom) - (a.top + a.bottom)) / 2 / max(a.size, b.size)
        for a, b in zip(columns, columns[1:]) if a.size > 0 and b.size > 0)
    pitches = [p for p in pitches if p > 0]
    if not pitches:
        return params.directional_paragraph_gap_em
    median = pitches[len(pitches) // 2]
    return max(params.directional_paragraph_gap_em,
               min(params.vertical_pitch_ratio * median, params.vertical_paragraph_gap_em))


def _append_rotated(lines: list[Line], blocks: list[Block], paragraphs: list[Paragraph],
                    params: LayoutParams) -> None:
    """SPEC §5: rotated (and mirrored) text follows the page's horizontal text, grouped by
    angle, each group read in its own frame: along the baseline, lines in the order a reader
    turning the page would read them."""
    groups: dict[tuple[float, bool], list[Line]] = {}
    for line in lines:
        mirrored = bool(line.glyphs) and line.glyphs[0].mirrored
        groups.setdefault((line.angle, mirrored), []).append(line)
    for (angle, mirrored), group in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        d, n = frame(angle, mirrored)
        _append_in_frame(group, d, n, "rotated", blocks, paragraphs, params)


def _append_vertical(lines: list[Line], blocks: list[Block], paragraphs: list[Paragraph],
                     params: LayoutParams) -> None:
    """SPEC §5: vertical writing, columns from the right, each from the top.

    The XY-cut runs in a turned frame where a vertical column becomes a horizontal line (its
    top-to-bottom extent becomes left-to-right, columns further left come lower), so tiers of
    columns are found like columns of lines and read one tier after another.
    """
    d, n = frame(-90.0, vertical=True)
    _append_in_frame(lines, d, n, "vertical", blocks, paragraphs, params, vertical=True)


def _append_form(glyphs: list[Glyph], blocks: list[Block], paragraphs: list[Paragraph],
                 params: LayoutParams) -> None:
    """Text of form fields and annotation appearances (filled-in values, widget captions),
    after the page's text, read like the page: horizontal lines by the XY-cut, then any rotated
    or vertical ones."""
    horizontal, directional = build_lines(glyphs, params)
    if horizontal:
        _append_in_frame(horizontal, (1.0, 0.0), (0.0, 1.0), "form", blocks, paragraphs, params)
    for line in directional:
        d, n = frame(line.angle, bool(line.glyphs) and line.glyphs[0].mirrored, line.vertical)
        _append_in_frame([line], d, n, "form", blocks, paragraphs, params)
