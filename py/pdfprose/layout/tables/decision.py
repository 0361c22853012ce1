"""Table or not: what the rows of a candidate measure (issue 23).

Rows that line up are not always a table. Justified prose in two to four columns lines its
baselines up across the gutters; a table of contents lines its page numbers up; a list its
markers; a form its values at a tab stop. Each is told by measuring its cells, never by a rule
for one document:

- prose: a line of at least ``params.table_prose_words`` words that fills its column (its
  width at least ``params.table_full_line`` of the column's) is a line of prose, and so is one
  of ``table_prose_words_wide`` words justified in a column of text's width
  (``text_column_em``: to its far edge, its space stretched); a column
  whose cells are mostly (``table_prose_share``) such lines is a column of prose. A
  candidate needs columns that are not: two when it was found from white space alone, one
  when drawn rules or fills give its grid (a table with a column of sentences beside a
  column of labels is drawn so; without rules it reads as a glossary or a list);
- contents: its last column holds page numbers (:data:`PAGE_NUMBER`) that never go down
  beside a column of words (titles: beside figures, a rising column is a counter, years or
  a running total of a table), or
  its first column dot leaders before anything but figures (a statistical table's leaders run
  to its figures);
- list: its first column holds list markers (SPEC §10), or numbers its lines 1, 2, 3 beside
  one other column (a code listing's line numbers); or one of its gaps is only the hanging
  indent between markers and their items' words (:func:`hanging`: lists side by side on a
  slide, where the second list's markers stand in a column of their own);
- form: its first column holds labels ending in a colon ("Nombre:", "Date of birth:");
- equations: without rules, its last column holds nothing but equation numbers ("(23)",
  "(2b)": :data:`~pdfprose.layout.equations.EQUATION_NUMBER`): displayed formulas numbered at
  the column's edge, with the text between them ("and substituting (23) into (22) we have"),
  which the paragraph stage reads as formulas and prose;
- columns: two columns of words with no rule between them and neither of figures are two
  blocks of text side by side (a seller's and a buyer's address), left to the XY-cut.
"""

from __future__ import annotations

import re
from collections import Counter

from ...model import Line, Table, TableCell
from ...params import DEFAULT_PARAMS, LayoutParams
from ...text.characters import is_cjk
from ...text.markers import BULLETS, list_marker
from ..equations import EQUATION_NUMBER
from .pieces import piece_text
from .rows import Row, Span

PAGE_NUMBER = re.compile(r"(?:\d{1,4}|[ivxlcdm]{1,7})", re.I)
"""A page number in a table of contents: arabic, or roman in the front matter."""

LEADERS = re.compile(r"(?:\.\s?){4,}|…{2,}|_{4,}")
"""Dot leaders (". . . ." or "....") between a contents entry and its page number."""

MARKER_ONLY = re.compile(rf"(?:[{BULLETS}]|\(?\d{{1,3}}[.)]|\(?[a-zA-Z][.)])")
"""A cell holding nothing but a list marker (SPEC §10)."""

TABLE_CAPTION = re.compile(r"(?:table|tabla|cuadro|tableau|tabelle|tabela|表|표)\s*[\dIVX]", re.I)
"""A table's caption ("Table 3", "Tabla 2", "表 6：", "표 1"; a figure's says nothing of a
table): a candidate next to one is a table as surely as one drawn with rules."""

LABEL = re.compile(r".*\S[:：]$")
"""A form's label: text ending in a colon."""


def _text(cell: TableCell) -> str:
    return " ".join(line.text.strip() for line in cell.lines).strip()


def _columns(table: Table) -> list[list[TableCell]]:
    """The non-empty cells of each column that span it alone."""
    out: list[list[TableCell]] = [[] for _ in range(table.n_cols)]
    for cell in table.cells:
        if cell.colspan == 1 and cell.lines:
            out[cell.col].append(cell)
    return out


def words_of(text: str) -> int:
    """Words of ``text``: those between spaces, each CJK character counting as one (CJK is
    written without spaces)."""
    return len(text.split()) + sum(1 for ch in text if ord(ch) >= 0x1100 and is_cjk(ch))


def _visual_lines(cell: TableCell) -> list[list[Line]]:
    """The cell's lines as a reader sees them: the pieces on one baseline together, left to
    right."""
    out: list[list[Line]] = []
    for line in sorted(cell.lines, key=lambda l: (l.baseline, l.x0)):
        if out and abs(out[-1][0].baseline - line.baseline) <= 0.3 * line.size:
            out[-1].append(line)
        else:
            out.append([line])
    return out


def _widest_space(pieces: list[Line]) -> float:
    """The widest gap between two marks of a visual line's ``pieces`` (points)."""
    marks = sorted(((g.x0, g.x1) for line in pieces for g in line.glyphs if g.text.strip()))
    if not marks:  # no glyphs kept: the gaps between the pieces
        return max((b.x0 - a.x1 for a, b in zip(pieces, pieces[1:])), default=0.0)
    widest, right = 0.0, marks[0][1]
    for x0, x1 in marks[1:]:
        widest = max(widest, x0 - right)
        right = max(right, x1)
    return widest


def _prose(cell: TableCell, lo: float, hi: float, wide: bool, params: LayoutParams) -> bool:
    """Whether ``cell`` holds a line of prose in its column, whose text spans ``lo``..``hi``;
    ``wide``: the column is a text column's width."""
    least = params.table_full_line * (hi - lo)
    for pieces in _visual_lines(cell):
        x0, x1 = min(l.x0 for l in pieces), max(l.x1 for l in pieces)
        text = " ".join(l.text for l in pieces)
        if x1 - x0 < least or not _wordy(text):
            continue
        words = words_of(text)
        if words >= params.table_prose_words:
            return True
        # Two words justified: set from edge to edge of the column with their space stretched
        # wider than any face's word space. A cell's two words that happen to fill their
        # column (the longest label, repeated) are set at their font's space.
        if wide and words >= params.table_prose_words_wide \
                and abs(x0 - lo if pieces[0].direction == "rtl" else hi - x1) \
                <= params.table_align_pt \
                and _widest_space(pieces) >= params.table_cell_gap_em * pieces[0].size:
            return True
    return False


def _wordy(text: str) -> bool:
    """Mostly letters: words, not figures."""
    chars = [ch for ch in text if not ch.isspace()]
    return 2 * sum(ch.isalpha() for ch in chars) >= len(chars)


def prose_columns(table: Table, params: LayoutParams = DEFAULT_PARAMS) -> list[bool]:
    """Per column: whether most of its cells hold lines of prose."""
    return [bool(cells) and _prose_column(cells, params) for cells in _columns(table)]


def _prose_column(cells: list[TableCell], params: LayoutParams) -> bool:
    """Whether at least ``params.table_prose_share`` of a column's (non-empty) ``cells`` hold
    lines of prose."""
    # The column's text extent: a justified line of prose fills it.
    lines = [line for c in cells for line in c.lines]
    lo, hi = min(line.x0 for line in lines), max(line.x1 for line in lines)
    # Narrow justified columns hold two long words on most lines; a table's column of
    # labels wrapped at two words a line is narrower than a column of text.
    size = sorted(line.size for line in lines)[len(lines) // 2]
    wide = hi - lo >= params.text_column_em * size
    need = params.table_prose_share * len(cells)
    # Cells are measured only until the answer is known (measuring a cell is most of the
    # table stage's verdict on a page of prose in columns).
    prose = 0
    for left, cell in zip(range(len(cells) - 1, -1, -1), cells):
        if _prose(cell, lo, hi, wide, params):
            prose += 1
            if prose >= need:
                return True
        elif prose + left < need:
            return False
    return prose >= need


def _contents(columns: list[list[TableCell]], share: float) -> bool:
    filled = [cells for cells in columns if cells]
    if len(filled) < 2:
        return False
    # Entries with their leaders and page numbers in one cell (a contents page in two columns,
    # or its section numbers set apart from their titles): a contents, whichever its columns.
    texts = [_text(c) for cells in filled for c in cells]
    if sum(1 for t in texts if LEADERS.search(t)) >= max(3, len(texts) // 2):
        return True
    last = [_text(c) for c in filled[-1]]
    # A cell may hold the page numbers of several entries, one under the other (a chapter's
    # sections, set without a gap between them, are one row of the grid).
    numbered = [t.split() for t in last if all(PAGE_NUMBER.fullmatch(w) for w in t.split())]
    numbers = [w for words in numbered for w in words]
    if len(numbered) < share * len(last) or len(numbers) < 3:
        # Leaders run from each row's label to figures that are no page numbers (11,062.6;
        # 2,330.9): a statistical table's rows, as census and yearbook tables set them. A
        # worksheet's leaders run to its line numbers ("7.", "14."), as a contents' do.
        marks = sum(1 for t in last if PAGE_NUMBER.fullmatch(t.rstrip(".")))
        if _figures(filled[-1]) and 2 * marks < len(last):
            return False
        first = [_text(c) for c in filled[0]]
        return sum(1 for t in first if LEADERS.search(t)) >= max(3, len(first) // 2)
    # Page numbers follow the titles they number; figures that rise down the rows beside
    # other figures (a counter, years, a running total) are a table's columns.
    if _figures(filled[-2]):
        return False
    arabic = [int(t) for t in numbers if t.isdigit()]
    drops = sum(1 for a, b in zip(arabic, arabic[1:]) if b < a)
    return drops <= max(0, len(arabic) // 10)


def _figures(column: list[TableCell]) -> bool:
    """Whether at least half of a column's cells are mostly digits (amounts, dates, codes)."""
    texts = [_text(c) for c in column]
    digits = sum(1 for t in texts
                 if 2 * sum(ch.isdigit() for ch in t) >= len([ch for ch in t if not ch.isspace()]))
    return 2 * digits >= len(texts)


def side_by_side(table: Table, params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether two columns of words (the ``"columns"`` verdict) are two blocks of text side by
    side, each read as a whole: the columns are about as wide as each other (within
    ``table_side_ratio``), as two addresses or two panels are. A glossary's narrow terms
    beside their wide definitions are rows, each term with its definition; so are words beside
    their translation in a script written the other way (English beside Arabic or Hebrew,
    issue 24: each line's direction, :attr:`~pdfprose.model.Line.direction`), as a bilingual
    form or glossary sets them."""
    widths = []
    directions = []
    for cells in _columns(table):
        lines = [line for c in cells for line in c.lines]
        if lines:
            widths.append(max(l.x1 for l in lines) - min(l.x0 for l in lines))
            directions.append({l.direction for l in lines})
    if len(directions) == 2 and len(directions[0]) == len(directions[1]) == 1 \
            and directions[0] != directions[1]:
        return False
    return len(widths) == 2 and min(widths) >= params.table_side_ratio * max(widths)


def _numbered(column: list[TableCell], share: float) -> bool:
    """Whether a column numbers its rows 1, 2, 3... without marks (a code listing's or a
    poem's line numbers beside their lines): at least ``share`` of its cells are such
    integers, each one more than the one before, three or more of them."""
    texts = [_text(c) for c in column]
    numbers = [int(t) for t in texts if t.isdigit()]
    return len(numbers) >= max(3, share * len(texts)) \
        and all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def sparse(table: Table, params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether under ``params.table_filled_share`` of the table's cells hold text: the labels of
    a diagram read as a grid leave most of it empty; a table's rows leave a few cells empty
    (its spanning cells count whole)."""
    slots = sum(c.colspan for c in table.cells)
    filled = sum(c.colspan for c in table.cells if c.lines)
    return filled < params.table_filled_share * slots


def _marked(column: list[TableCell], pattern: re.Pattern[str] | None, share: float) -> bool:
    texts = [_text(c) for c in column]
    if pattern is None:
        # A wrapped item's next line, going on in lowercase, is no row of its own: a list of
        # long items (a slide's, in one of two columns) holds more of them than items.
        texts = [t for t in texts if not t[:1].islower()]
    if len(texts) < 2:
        return False
    if pattern is None:
        hits = sum(1 for t in texts if MARKER_ONLY.fullmatch(t) or list_marker(t) is not None)
    else:
        hits = sum(1 for t in texts if pattern.fullmatch(t))
    return hits >= share * len(texts)


def hanging(rows: list[Row], gap: Span, params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether the column gap ``gap`` of a candidate's ``rows`` is a list's hanging indent: in
    the rows where text stands on both sides of it at most ``params.table_hang_em`` (of the
    right-hand text's size) apart, the text on the left is a list marker alone and the text on
    the right words, in at least ``table_marked_share`` of them. Rows where the gap is wider
    (the other list's lines, set a column's width away) say nothing of it. One such row is
    enough: a column holding nothing but one marker is no column of a table."""
    lo, hi = gap
    tight = marked = 0
    for row in rows:
        left = [p for p in row.pieces if p.x1 <= lo + 1]
        right = [p for p in row.pieces if p.x0 >= hi - 1]
        if not left or not right:
            continue
        a = max(left, key=lambda p: p.x1)
        b = min(right, key=lambda p: p.x0)
        if b.x0 - a.x1 > params.table_hang_em * b.size:
            continue
        tight += 1
        after = piece_text(b, params).strip()
        if MARKER_ONLY.fullmatch(piece_text(a, params).strip()) \
                and MARKER_ONLY.fullmatch(after) is None and _wordy(after):
            marked += 1
    return marked > 0 and marked >= params.table_marked_share * tight


def verdict(table: Table, ruled: bool, params: LayoutParams = DEFAULT_PARAMS) -> str | None:
    """None when ``table`` is a table; else why not: ``"small"`` (under two columns or two
    rows with text in two columns), ``"sparse"`` (too few rows of two cells or more),
    ``"prose"``, ``"columns"`` (two columns of words, without rules: two blocks of text side by
    side, as two addresses, read each as a whole), ``"equations"``, ``"contents"``, ``"list"``
    or ``"form"``. ``ruled``: drawn rules or fills give its grid."""
    columns = _columns(table)
    filled = [k for k, cells in enumerate(columns) if cells]
    if len(filled) < 2 or table.n_rows < 2:
        return "small"
    rows_wide = {c.row for c in table.cells if c.lines and c.colspan == 1}
    filled_in = Counter(c.row for c in table.cells if c.lines)
    multi = sum(1 for r in rows_wide if filled_in[r] >= 2)
    if multi < (2 if ruled else params.table_min_rows):
        return "small"
    if multi < params.table_multi_share * len(filled_in):
        return "sparse"
    # Columns of prose are looked for only until too few plain ones can be left.
    plain, need = len(filled), (1 if ruled else 2)
    for k in filled:
        if _prose_column(columns[k], params):
            plain -= 1
            if plain < need:
                return "prose"
    if not ruled and len(filled) == 2 and not any(_figures(columns[k]) for k in filled):
        return "columns"
    if not ruled and _marked(columns[filled[-1]], EQUATION_NUMBER, 1.0):
        return "equations"
    if _contents(columns, params.table_contents_share):
        return "contents"
    first = columns[filled[0]]
    if _marked(first, None, params.table_marked_share):
        return "list"
    if _marked(first, LABEL, params.table_marked_share):
        return "form"
    if len(filled) == 2 and _numbered(first, params.table_marked_share):
        return "list"
    return None
