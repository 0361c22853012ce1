"""Runs cut into pieces for the table stage (:func:`pdfprose.layout.tables.pieces.pieces_of`):
the column passes that tell a run of one piece at once must give what measuring it gap by gap
gives. Boxes in page space, points."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from pdfprose.layout.tables.pieces import Piece, pieces_of
from pdfprose.layout.tables.rows import text_rows
from pdfprose.model import Glyph, Line

# Gaps at size 10 around the cut (table_split_gap_em 0.6: 6 pt) and the cell gaps past it;
# negative ones overlap the glyph before (kerning, a bold face drawn twice).
GAPS = [-5.0, -0.5, 0.0, 0.5, 2.5, 5.99, 6.0, 6.01, 7.0, 12.0, 20.0]


@st.composite
def runs(draw: st.DrawFn, top: float = 92.0) -> Line:
    """A run of glyphs of one or mixed sizes, drawn spaces and blanks among them, their gaps
    near the cut, sometimes out of x order."""
    n = draw(st.integers(1, 10))
    x = draw(st.sampled_from([0.0, 72.0, 300.0]))
    glyphs = []
    for _ in range(n):
        text = draw(st.sampled_from(["a", "b", "1", "7", ".", " ", "\u00a0", "", "fi"]))
        size = draw(st.sampled_from([10.0, 10.0, 6.0, 12.0, 0.0]))
        width = draw(st.sampled_from([5.0, 2.5, 0.0]))
        glyphs.append(Glyph(text, x, top, x + width, top + 10.0, top + 8.0, size, "Times-Roman"))
        x += width + draw(st.sampled_from(GAPS))
    if draw(st.booleans()):
        glyphs = draw(st.permutations(glyphs))
    x0, x1 = min(g.x0 for g in glyphs), max(g.x1 for g in glyphs)
    return Line("".join(g.text for g in glyphs), x0, top, x1, top + 10.0, top + 8.0, 10.0,
                glyphs=list(glyphs))


@st.composite
def pages(draw: st.DrawFn) -> list[Line]:
    """Rows of one to four runs each, some rows sharing a baseline."""
    out = []
    for r in range(draw(st.integers(1, 5))):
        out.extend(draw(st.lists(runs(100.0 + 14.0 * r), min_size=1, max_size=4)))
    return out


def _fields(pieces: list[Piece], lines: list[Line]) -> list[tuple[object, ...]]:
    where = {id(line): k for k, line in enumerate(lines)}
    return [(where[id(p.line)], p.start, p.end, p.x0, p.top, p.x1, p.bottom) for p in pieces]


@settings(max_examples=400, deadline=None)
@given(pages())
def test_the_one_piece_test_agrees_with_measuring_gap_by_gap(lines: list[Line]) -> None:
    plain = copy.deepcopy(lines)
    quick = pieces_of(lines)
    slow = pieces_of(plain, by_glyph=True)
    assert _fields(quick, lines) == _fields(slow, plain)
    # Both sort each run's glyphs by x0 in place, which the later stages see.
    assert [[(g.text, g.x0) for g in line.glyphs] for line in lines] == \
        [[(g.text, g.x0) for g in line.glyphs] for line in plain]
    assert [[(p.start, p.end) for p in row.pieces] for row in text_rows(quick)] == \
        [[(p.start, p.end) for p in row.pieces] for row in text_rows(slow)]


def _glyph(text: str, x0: float, x1: float) -> Glyph:
    return Glyph(text, x0, 92.0, x1, 102.0, 100.0, 10.0, "Helvetica")


def test_a_drawn_space_inside_a_cell_gap_does_not_hide_it() -> None:
    # "12" and "34" 9 pt apart (0.9 em), a drawn space in the gap: gap by gap over all the
    # glyphs no gap reaches 6 pt, but between the visible ones it is 9 pt, a gap between cells
    # (the space goes with the piece before it).
    glyphs = [_glyph("1", 72.0, 77.0), _glyph("2", 77.0, 82.0), _glyph(" ", 84.0, 87.0),
              _glyph("3", 91.0, 96.0), _glyph("4", 96.0, 101.0)]
    line = Line("12 34", 72.0, 92.0, 101.0, 102.0, 100.0, 10.0, glyphs=glyphs)
    assert [(p.start, p.end, p.x0, p.x1) for p in pieces_of([line])] == \
        [(0, 3, 72.0, 82.0), (3, 5, 91.0, 101.0)]


def test_a_run_with_its_word_spaces_only_is_one_piece() -> None:
    glyphs = [_glyph("a", 72.0, 77.0), _glyph("b", 79.5, 84.5), _glyph("c", 87.0, 92.0)]
    line = Line("a b c", 72.0, 92.0, 92.0, 102.0, 100.0, 10.0, glyphs=glyphs)
    assert [(p.start, p.end, p.whole) for p in pieces_of([line])] == [(0, 3, True)]
