"""Stage 4: blocks -> paragraphs (SPEC §6).

Inside one XY-cut block the runs are first joined back into whole lines (runs of one strip), then
cut into paragraphs by vertical spacing and by the cues of typeset prose: a first-line indent, a
short line that ends a sentence, a change of font size. Sizes and distances are in points.
"""

from __future__ import annotations

import re
import statistics

from .lists import list_marker
from .model import Block, Line, Paragraph

PARAGRAPH_GAP_EM = 1.8
"""SPEC §6: a baseline-to-baseline distance over 1.8 x the line's font size starts a paragraph."""

PITCH_RATIO = 1.3
"""A baseline distance 30 % over the block's usual line pitch starts a paragraph: the extra
space publishers put between paragraphs is rarely under a third of a line."""

SIZE_CHANGE_RATIO = 0.12
"""Lines whose font sizes differ by more than 12 % are not one paragraph (a heading above its
text); footnote-sized superscripts are already inside their line."""

INDENT_MIN_EM = 0.7
INDENT_MAX_EM = 6.0
"""A first line starting 0.7-6 em right of the block's left edge (while the next line returns to
the edge) is a first-line indent: the usual 1-2 em of book and paper typesetting."""

SHORT_LINE_EM = 3.0
"""A line ending over 3 em before the block's right edge and with a sentence end is the last
line of its paragraph."""

HYPHENATED = re.compile(r"[^\W\d_][-\u00ad]$")
"""A line ending in a letter and a hyphen (or soft hyphen) breaks a word (SPEC §7)."""

_HYPHEN_ENDS = ("-", "\u00ad", "-\n", "\u00ad\n")
"""How a text that HYPHENATED matches ends (``$`` also matches before a final newline): a
cheap test first, as most lines do not."""

SENTENCE_END = re.compile(r"[.!?:;。！？」\"'”’)]\s*$")


def _same_row(a: Line, b: Line) -> bool:
    overlap = min(a.bottom, b.bottom) - max(a.top, b.top)
    return overlap > 0.5 * min(a.bottom - a.top, b.bottom - b.top)


def merge_rows(lines: list[Line]) -> list[Line]:
    """Join runs that stand on one row (consecutive in reading order) into one line, one space
    apart; the runs were cut at wide gaps only to find gutters."""
    out: list[Line] = []
    for line in lines:
        prev = out[-1] if out else None
        if prev is not None and _same_row(prev, line) and line.x0 >= prev.x1 - 0.5 * line.size:
            out[-1] = Line(
                text=f"{prev.text} {line.text}",
                x0=prev.x0,
                top=min(prev.top, line.top),
                x1=max(prev.x1, line.x1),
                bottom=max(prev.bottom, line.bottom),
                baseline=prev.baseline,
                size=prev.size if len(prev.text) >= len(line.text) else line.size,
                bold=prev.bold and line.bold,
                italic=prev.italic and line.italic,
                angle=prev.angle,
                glyphs=prev.glyphs + line.glyphs,
            )
        else:
            out.append(line)
    return out


def split_paragraphs(block: Block) -> list[Paragraph]:
    """Cut one block's lines into paragraphs (SPEC §6)."""
    lines = merge_rows(block.lines)
    block.lines = lines
    if not lines:
        return []
    # The usual pitch is measured per font size: a title's leading says nothing about the
    # body's, and the other way round.
    samples: dict[float, list[float]] = {}
    for a, b in zip(lines, lines[1:]):
        if 0 < b.baseline - a.baseline < 3 * a.size and abs(a.size - b.size) < 0.5:
            samples.setdefault(round(a.size), []).append(b.baseline - a.baseline)
    pitch = {size: statistics.median(gaps) for size, gaps in samples.items() if len(gaps) >= 2}
    left = _usual_left(lines)
    right = max(l.x1 for l in lines)

    paragraphs: list[Paragraph] = [Paragraph(lines=[lines[0]], block=block.order)]
    for i in range(1, len(lines)):
        prev, line = lines[i - 1], lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if _breaks(prev, line, nxt, pitch, left, right):
            paragraphs.append(Paragraph(lines=[line], block=block.order))
        else:
            paragraphs[-1].lines.append(line)
    return paragraphs


def _usual_left(lines: list[Line]) -> float:
    """The x where most lines start (the block's left edge, ignoring indents)."""
    starts = sorted(round(l.x0) for l in lines)
    return float(statistics.mode(starts)) if len(starts) > 2 else float(starts[0])


def _breaks(
    prev: Line, line: Line, nxt: Line | None, pitch: dict[float, float], left: float, right: float
) -> bool:
    size = max(prev.size, line.size)
    gap = line.baseline - prev.baseline
    if gap < -0.5 * size:
        return True
    if prev.text.endswith(_HYPHEN_ENDS) and HYPHENATED.search(prev.text) \
            and line.text[:1].islower() and gap < 3 * size:
        return False  # a word broken across the lines: the paragraph goes on
    # Where the block's own pitch is known it decides (a double-spaced manuscript has 2 em
    # between every line); SPEC §6's 1.8 em is the rule for blocks too short to measure.
    usual = pitch.get(round(prev.size))
    if gap > (PITCH_RATIO * usual if usual is not None else PARAGRAPH_GAP_EM * size):
        return True
    if abs(prev.size - line.size) > SIZE_CHANGE_RATIO * size:
        return True
    if not line.bold and len(prev.text) < 80 and prev.all_bold:  # all_bold reads glyphs: last
        return True
    if list_marker(line.text) is not None:
        return True
    indent = line.x0 - left
    # A first line runs on to the right edge: a centred line is not indented, it is centred.
    reaches_right = right - line.x1 < 2 * line.size
    if reaches_right and INDENT_MIN_EM * line.size <= indent <= INDENT_MAX_EM * line.size:
        prev_indent = prev.x0 - left
        back = nxt is None or abs(nxt.x0 - left) < INDENT_MIN_EM * line.size
        if back and prev_indent < INDENT_MIN_EM * line.size:
            return True
    if right - prev.x1 > SHORT_LINE_EM * size and SENTENCE_END.search(prev.text):
        return True
    return False
