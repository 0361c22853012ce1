"""Narrow gutters and letter-spaced heads on hand-built glyphs (no PDF): columns set closer
than a run cut whose baselines line up are read column by column, and a head tracked wider
than a run cut stays one line over them. Boxes in page space (points, origin top left)."""

from __future__ import annotations

import random

import pytest

from pdfprose.layout.gutters import LineGaps, narrow_gutters
from pdfprose.layout.lines import build_lines
from pdfprose.layout.tracked import tracked_cuts
from pdfprose.layout.xycut import reading_order
from pdfprose.model import Glyph

SIZE = 9.0
ADVANCE = 4.5  # points per letter: half an em


def _glyph(ch: str, x: float, baseline: float, advance: float = ADVANCE,
           size: float = SIZE) -> Glyph:
    return Glyph(text=ch, x0=x, top=baseline - 0.8 * size, x1=x + advance,
                 bottom=baseline + 0.2 * size, baseline=baseline, size=size, font="F")


def justified(words: list[str], x0: float, x1: float, baseline: float) -> list[Glyph]:
    """``words`` set from ``x0`` to ``x1``: the word spaces stretched alike (no space drawn)."""
    letters = sum(len(w) for w in words)
    space = (x1 - x0 - letters * ADVANCE) / (len(words) - 1)
    out, x = [], x0
    for word in words:
        for ch in word:
            out.append(_glyph(ch, x, baseline))
            x += ADVANCE
        x += space
    return out


def two_columns(rows: int, gutter: float, seed: int = 1, trailing_space: bool = False,
                ) -> tuple[list[Glyph], list[str], list[str]]:
    """Two justified columns 200 pt wide, ``gutter`` apart, on one baseline grid: their glyphs
    and each column's lines; with ``trailing_space``, each left line ends in a drawn space a
    third of an em wide, reaching into the gutter."""
    rng = random.Random(seed)
    vocabulary = ["river", "stone", "field", "harvest", "quiet", "morning", "lantern", "orchard",
                  "bridge", "meadow", "winter", "valley", "garden", "silver", "window"]
    glyphs: list[Glyph] = []
    left: list[str] = []
    right: list[str] = []
    for row in range(rows):
        baseline = 100 + row * 11.0
        for x0, lines in ((50.0, left), (250.0 + gutter, right)):
            words: list[str] = []
            # About 7 words of 6 letters and their spaces fill 200 pt at half an em a letter.
            while sum(map(len, words)) * ADVANCE + len(words) * 2.5 < 170:
                words.append(rng.choice(vocabulary))
            glyphs += justified(words, x0, x0 + 200.0, baseline)
            if trailing_space and lines is left:
                glyphs.append(_glyph(" ", x0 + 200.0, baseline, SIZE / 3))
            lines.append(" ".join(words))
    return glyphs, left, right


@pytest.mark.parametrize(("gutter_em", "trailing_space"), [(0.85, False), (1.2, True)])
def test_columns_closer_than_a_run_cut_are_read_one_after_the_other(
        gutter_em: float, trailing_space: bool) -> None:
    # A gutter of 0.85 em: narrower than the 1 em that cuts a run, as notices, four-column
    # pages and newspapers set theirs on a baseline grid; or of 1.2 em, narrowed by the drawn
    # space that ends each line of the left column.
    glyphs, left, right = two_columns(8, gutter_em * SIZE, trailing_space=trailing_space)
    found: list[tuple[float, float]] = []
    lines, _ = build_lines(glyphs, gutters=found)
    assert len(lines) == 16  # each row cut in two at the gutter
    assert found and all(250.0 <= a < b <= 250.0 + gutter_em * SIZE + 0.01 for a, b in found)
    blocks, columns = reading_order(lines, gutters=found)
    assert columns == 2
    assert [l.text for b in blocks for l in b.lines] == left + right


def offset_columns(rows: int, gutter: float, shared: set[int], seed: int = 2,
                   ) -> tuple[list[Glyph], list[str], list[str]]:
    """Two justified columns 200 pt wide, ``gutter`` apart, whose baselines are not on one
    grid: the right column's lines stand half a line lower, except its rows in ``shared``,
    set on the left column's baseline (as a heading's space shifts a column of a LaTeX page
    now and then): only those rows run across the gutter."""
    rng = random.Random(seed)
    vocabulary = ["river", "stone", "field", "harvest", "quiet", "morning", "lantern", "orchard",
                  "bridge", "meadow", "winter", "valley", "garden", "silver", "window"]
    glyphs: list[Glyph] = []
    left: list[str] = []
    right: list[str] = []
    for row in range(rows):
        for x0, lines, shift in ((50.0, left, 0.0), (250.0 + gutter, right, 5.5)):
            words: list[str] = []
            while sum(map(len, words)) * ADVANCE + len(words) * 2.5 < 170:
                words.append(rng.choice(vocabulary))
            baseline = 100 + row * 11.0 + (0.0 if row in shared else shift)
            glyphs += justified(words, x0, x0 + 200.0, baseline)
            lines.append(" ".join(words))
    return glyphs, left, right


def test_columns_off_one_baseline_grid_are_cut_where_their_lines_meet() -> None:
    # A gutter of 0.66 em between columns whose lines share a baseline on two rows only:
    # too few to tell a gutter from a river of word spaces, but each column's other lines end
    # and start at the band, which no line crosses. Both shared rows are cut, and the page is
    # read column after column.
    glyphs, left, right = offset_columns(10, 0.66 * SIZE, {3, 7})
    found: list[tuple[float, float]] = []
    lines, _ = build_lines(glyphs, gutters=found)
    assert len(lines) == 20
    assert found and all(250.0 <= a < b <= 250.0 + 0.66 * SIZE + 0.01 for a, b in found)
    blocks, columns = reading_order(lines, gutters=found)
    assert columns == 2
    assert [l.text for b in blocks for l in b.lines] == left + right


def test_short_lines_beside_a_band_are_no_column_edge() -> None:
    # The same band, but the lines beside it are a table's short cells (under 5 em): two rows
    # across it are no gutter's evidence, and they stay whole.
    left_cells = [LineGaps(195.0, 249.0, SIZE, []) for _ in range(6)]
    right_cells = [LineGaps(256.0, 300.0, SIZE, []) for _ in range(6)]
    across = LineGaps(50.0, 450.0, SIZE, [(249.0, 256.0)])
    lines = [across, *[x for pair in zip(left_cells, right_cells) for x in pair], across]
    cuts, bands = narrow_gutters(lines)
    assert bands == [] and all(c == [] for c in cuts)
    # Column-wide lines (200 pt, over 20 em) ending and starting at it make it a gutter.
    left_lines = [LineGaps(50.0, 249.0, SIZE, []) for _ in range(6)]
    right_lines = [LineGaps(256.0, 450.0, SIZE, []) for _ in range(6)]
    lines = [across, *[x for pair in zip(left_lines, right_lines) for x in pair], across]
    cuts, bands = narrow_gutters(lines)
    assert bands == [(249.0, 256.0)] and cuts[0] == cuts[-1] == [(249.0, 256.0)]


def test_a_gutter_needs_five_lines_of_evidence() -> None:
    # Three rows: a gap that narrow could as well be a river of word spaces; the rows stay
    # whole, as they were before narrow gutters were looked for.
    glyphs, _, _ = two_columns(3, 0.85 * SIZE)
    found: list[tuple[float, float]] = []
    lines, _ = build_lines(glyphs, gutters=found)
    assert found == [] and len(lines) == 3


def test_ragged_cells_beside_a_narrow_gap_make_no_gutter() -> None:
    # A glossary's terms end where their words do, well before the gap: no column set to it.
    lines = [LineGaps(50.0, 400.0, SIZE, [(50.0 + 30.0 + 7 * (k % 4), 250.0)])
             for k in range(8)]
    cuts, bands = narrow_gutters(lines)
    assert bands == [] and all(c == [] for c in cuts)


def test_a_band_inside_the_page_gutter_is_no_column_beside_it() -> None:
    # A worksheet in the left column: dot leaders end at its edge and the line numbers stand
    # 0.6 em after them; on the other lines the band lies inside the page's wide gutter, with
    # the right column's text beyond it. The lines with the numbers show no column after the
    # band, and those across the gutter are cut there anyway: no narrow gutter there (the
    # page's own gutter, after the numbers, may be found: the runs are cut there anyway).
    numbered = LineGaps(54.3, 536.2, SIZE, [(321.1, 326.8), (334.3, 414.7)])
    across = LineGaps(43.8, 554.2, SIZE, [(292.1, 402.0)])
    cuts, bands = narrow_gutters([numbered, across, across, numbered, across, numbered])
    assert not [(a, b) for a, b in bands if a < 326.8 and b > 321.1]
    assert not [(a, b) for c in cuts for a, b in c if a < 326.8 and b > 321.1]


def test_a_letter_spaced_head_over_the_gutter_stays_one_line_above_the_columns() -> None:
    # A running head in capitals tracked by 1.9 em: every gap is wider than a run cut, but all
    # alike, and the head was shared out letter by letter among the columns under it.
    glyphs, left, right = two_columns(8, 1.5 * SIZE)
    head = "TEMA DE PORTADA"
    x, tracking, size = 76.0, 23.0, 12.0
    for ch in head:
        glyphs.append(_glyph(ch if ch != " " else " ", x, 80.0, 6.0 if ch != " " else 3.0, size))
        x += (6.0 if ch != " " else 3.0) + tracking
    lines, _ = build_lines(glyphs)
    blocks, columns = reading_order(lines)
    texts = [l.text for b in blocks for l in b.lines]
    assert texts[0].replace(" ", "") == "TEMADEPORTADA"
    assert texts[1:] == left + right and columns == 2


def test_tracking_is_told_from_a_row_of_one_letter_cells() -> None:
    params_cuts = list(range(1, 7))
    texts = list("TEMADE")
    # Letter-spaced: the gaps from one letter's end to the next one's start are alike.
    assert tracked_cuts(texts, [23.0, 23.1, 23.0, 23.2, 23.0], [12.0] * 6, params_cuts[:5]) == []
    # Cells centred on a grid: the gaps differ by the letters' widths (an M, an I).
    cells = list("YNMIYN")
    gaps = [20.0, 18.5, 21.6, 19.1, 20.0]
    assert tracked_cuts(cells, gaps, [12.0] * 6, params_cuts[:5]) == params_cuts[:5]
    # A column's words after the head keep their cut.
    words = [*"TEMADE", "c", "o", "l"]
    assert tracked_cuts(words, [23.0] * 5 + [40.0, 0.1, 0.1], [12.0] * 9, [1, 2, 3, 4, 5, 6]) \
        == [6]


def loose_columns(rows: int, n: int, width: float, gutter: float, seed: int = 1,
                  ) -> tuple[list[Glyph], list[list[str]]]:
    """``n`` justified columns ``width`` wide, ``gutter`` apart, of long words two or three to a
    line: their word spaces stretched to 1-3 em, wider than the gutter and than a run cut, and
    each column's lines."""
    rng = random.Random(seed)
    vocabulary = ["harvest", "lanterns", "orchards", "meadows", "windowsill", "riverbank",
                  "stonework", "quietude", "mornings", "valleys", "silverware", "gardening"]
    glyphs: list[Glyph] = []
    texts: list[list[str]] = [[] for _ in range(n)]
    for row in range(rows):
        baseline = 100 + row * 11.0
        for c in range(n):
            x0 = 50.0 + c * (width + gutter)
            words: list[str] = []
            while True:
                word = rng.choice(vocabulary)
                if sum(map(len, [*words, word])) * ADVANCE + len(words) * 0.3 * SIZE > width:
                    break
                words.append(word)
            glyphs += justified(words, x0, x0 + width, baseline)
            texts[c].append(" ".join(words))
    return glyphs, texts


def test_loose_justified_columns_keep_their_narrow_gutters() -> None:
    # Three columns 13 em wide, 0.9 em apart, two or three long words a line: the word spaces
    # (1-3 em) are wider than the gutters but stand wherever the words put them, so they part
    # no cells and the text on each side of a gutter is a column's width.
    glyphs, texts = loose_columns(12, 3, 13 * SIZE, 0.9 * SIZE)
    found: list[tuple[float, float]] = []
    lines, _ = build_lines(glyphs, gutters=found)
    assert len(found) == 2
    blocks, columns = reading_order(lines, gutters=found)
    assert columns == 3
    assert " ".join(l.text for b in blocks for l in b.lines) == " ".join(sum(texts, []))


def test_figures_set_over_an_em_apart_column_under_column_make_no_gutter() -> None:
    # Six columns of right-aligned figures 40 pt wide, 1.3 em apart, at the same x row after
    # row: each gap has text ending at it, but the gaps beside it part the figures into cells
    # that no text column's width reaches across.
    gaps = [(90.0 + 52.0 * k, 102.0 + 52.0 * k) for k in range(5)]
    lines = [LineGaps(50.0, 350.0, SIZE, gaps) for _ in range(8)]
    cuts, bands = narrow_gutters(lines)
    assert bands == [] and all(c == [] for c in cuts)
