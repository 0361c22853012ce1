"""Pieces: a page's text runs cut where a table's cells could part, the unit the table stage
finds columns with and fills cells with.

The line builder cuts a baseline into runs at gaps over ``run_gap_em`` (1 em); the cells of a
tightly set table (4 pt of padding each side at 9 pt: 0.9 em) can share one run. A run is cut
again here at gaps over ``params.table_split_gap_em`` between its visible glyphs (word spaces are
0.25-0.33 em, stretched to about half an em in loosely justified lines), and at a drawn rule
between its glyphs. Page space (points, origin top left).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate, compress, islice, repeat
from operator import attrgetter, gt, mul, sub

from ...model import Glyph, Line
from ...params import DEFAULT_PARAMS, LayoutParams
from ..runs import make_line

_X0 = attrgetter("x0")
_X1 = attrgetter("x1")
_SIZE = attrgetter("size")
_TEXT = attrgetter("text")


@dataclass(slots=True)
class Piece:
    """Glyphs ``start:end`` of ``line.glyphs`` (sorted by x0), with their box, baseline and
    size (the run's)."""

    line: Line
    start: int
    end: int
    x0: float
    top: float
    x1: float
    bottom: float
    made: Line | None = None

    @property
    def baseline(self) -> float:
        return self.line.baseline

    @property
    def size(self) -> float:
        return self.line.size

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.end == len(self.line.glyphs)

    @property
    def width(self) -> float:
        return self.x1 - self.x0


def _one_piece(glyphs: list[Glyph], x0s: list[float], factor: float) -> bool:
    """Whether a run's glyphs (sorted by x0, ``x0s`` theirs) make one piece: under two of
    them visible, or no gap between one visible glyph and the next over ``factor`` of the
    smallest size. A glyph's gap to the furthest right end before it is no wider than to the
    end of the glyph before it, so then no gap passes the test :func:`pieces_of` makes glyph
    by glyph. Told in a few passes in C; most runs of a page are one piece."""
    shown = list(map(str.strip, map(_TEXT, glyphs)))
    if not all(shown):
        glyphs = list(compress(glyphs, shown))
        if len(glyphs) < 2:
            return True
        x0s = list(map(_X0, glyphs))
    widest = max(map(sub, islice(x0s, 1, None), map(_X1, glyphs)))
    return widest <= factor * min(map(_SIZE, glyphs))


def _piece(line: Line, start: int, end: int) -> Piece | None:
    glyphs = [g for g in line.glyphs[start:end] if g.text.strip()]
    if not glyphs:
        return None
    return Piece(line, start, end, min(g.x0 for g in glyphs), line.top,
                 max(g.x1 for g in glyphs), line.bottom)


def pieces_of(lines: list[Line], params: LayoutParams = DEFAULT_PARAMS,
              by_glyph: bool = False) -> list[Piece]:
    """Every run of ``lines`` as one or more pieces, cut at gaps over
    ``params.table_split_gap_em`` of its size between visible glyphs (its glyphs sorted by
    x0 in place). ``by_glyph``: every run measured gap by gap, without telling first the
    runs that are one piece (:func:`_one_piece`; the two must agree)."""
    factor = params.table_split_gap_em
    out: list[Piece] = []
    for line in lines:
        glyphs = line.glyphs
        if len(glyphs) < 2:
            out.append(Piece(line, 0, len(glyphs), line.x0, line.top, line.x1, line.bottom))
            continue
        x0s = list(map(_X0, glyphs))
        if x0s != sorted(x0s):
            glyphs.sort(key=_X0)
            x0s = list(map(_X0, glyphs))
        if not by_glyph and _one_piece(glyphs, x0s, factor):
            out.append(Piece(line, 0, len(glyphs), line.x0, line.top, line.x1, line.bottom))
            continue
        visible = [i for i, g in enumerate(glyphs) if g.text.strip()]
        if len(visible) < 2:
            out.append(Piece(line, 0, len(glyphs), line.x0, line.top, line.x1, line.bottom))
            continue
        x0s = [glyphs[i].x0 for i in visible]
        rights = list(accumulate((glyphs[i].x1 for i in visible), max))
        gaps = list(map(sub, x0s[1:], rights))
        sizes = [glyphs[i].size for i in visible[1:]]
        wide = list(compress(range(1, len(visible)), map(gt, gaps, map(mul, sizes, repeat(factor)))))
        if wide:
            wide = _cell_gaps(glyphs, visible, gaps, wide, line.size, params)
        if not wide:
            out.append(Piece(line, 0, len(glyphs), line.x0, line.top, line.x1, line.bottom))
            continue
        start = 0
        for k in wide:
            cut = visible[k]
            piece = _piece(line, start, cut)
            if piece is not None:
                out.append(piece)
            start = cut
        piece = _piece(line, start, len(glyphs))
        if piece is not None:
            out.append(piece)
    return out


def _cell_gaps(glyphs: list[Glyph], visible: list[int], gaps: list[float], wide: list[int],
               size: float, params: LayoutParams) -> list[int]:
    """Of a run's wide gaps (indices into ``visible``), those that part cells rather than
    words: wider than ``params.table_cell_gap_ratio`` x the run's word spaces (the median of
    its other gaps over ``table_word_gap_em``). A justified line stretches all its spaces
    alike, so none of its gaps stands out; a run without narrow spaces parts cells only where
    it is all numbers (a row of figures set a little under an em apart), or two words
    ``table_cell_gap_em`` or more apart (wider than any word space), not more words (a loose
    line of prose)."""
    wide_set = set(wide)
    word = params.table_word_gap_em * size
    spaces = [g for k, g in enumerate(gaps, start=1) if k not in wide_set and g > word]
    if spaces:
        spaces.sort()
        space = spaces[len(spaces) // 2]
        return [k for k in wide if gaps[k - 1] >= params.table_cell_gap_ratio * space]
    text = "".join(glyphs[i].text for i in visible)
    letters = sum(1 for ch in text if ch.isalpha())
    if letters <= len(text) // 3:
        return wide
    # Two words a gap wider than any word space apart (a header's "Valor  Motivo"): two
    # cells. More words all spaced so are a loosely justified line (a monospaced font's
    # spaces, 0.6 em, stretch past 0.75); two single characters so are one word spaced out
    # (a CJK heading's "项    目").
    if len(wide) != 1 or gaps[wide[0] - 1] < params.table_cell_gap_em * size:
        return []
    return wide if 2 <= wide[0] <= len(visible) - 2 else []


def split_piece(piece: Piece, x: float) -> tuple[Piece, Piece] | None:
    """``piece`` cut at ``x`` (a drawn rule or a column's edge) between glyphs whose middles lie
    on either side, or None when all its glyphs lie on one side."""
    glyphs = piece.line.glyphs
    for k in range(piece.start + 1, piece.end):
        g = glyphs[k]
        if (g.x0 + g.x1) / 2 >= x:
            left = _piece(piece.line, piece.start, k)
            right = _piece(piece.line, k, piece.end)
            if left is None or right is None:
                return None
            return left, right
    return None


def piece_line(piece: Piece, params: LayoutParams = DEFAULT_PARAMS) -> Line:
    """The :class:`~pdfprose.model.Line` of a piece: the run itself when the piece is all of
    it, else a line made of its glyphs (made once)."""
    if piece.whole or not piece.line.glyphs:
        return piece.line
    if piece.made is None:
        piece.made = make_line(piece.line.glyphs[piece.start:piece.end], params=params)
    return piece.made


def piece_text(piece: Piece, params: LayoutParams = DEFAULT_PARAMS) -> str:
    """The text of a piece, spaced as its line's (:func:`piece_line`)."""
    return piece_line(piece, params).text
