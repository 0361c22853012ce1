"""Footnotes: bodies at a page's foot and the marks in the text that call them.

A footnote body sits at the foot of its column, in smaller type than the body text, often
under a short rule, and starts with its mark (a number, a letter or a symbol, often raised).
A mark in the text is a superscript (smaller, raised) number or symbol right after a word.
A superscript is a mark only when a body with that mark is on the page and what it follows
is a word: an exponent follows a single letter or a number ("x²", "10³"), and a formula's
subscript is lowered, not raised ("H₂O"). Everything here is plain data: lines as runs of
one size and baseline, in page space (points, y downwards). The thresholds are the
``footnote_*`` fields of :class:`~pdfprose.params.LayoutParams`; :mod:`pdfprose.layout.notes`
runs this on a page's lines.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..params import DEFAULT_PARAMS, LayoutParams


MARK = re.compile(r"^(\d{1,3}|[*†‡§¶‖#]{1,3}|[a-z])$")
"""What a footnote mark may be: a number up to 999, one to three symbols, or a lowercase letter."""

BODY_START = re.compile(r"^\s*(\d{1,3}|[*†‡§¶‖#]{1,3}|[a-z])(?=\s|[^\w\s.)=<>+−]|[A-Z])")
"""A footnote body's opening mark when it is not raised: "1 See ...", "* Note", "6A default".
A number followed by "." or ")" numbers a list: the reference list at the foot of a Nature or
Science column ("2. Ladd, T. D. et al.", called by superscript citations) is no footnote,
nor is a sum's lower limit under its sign ("j=1", called by nothing but an index "q_j");
footnotes are set "1 Text" (Word, LaTeX, Distiller and iText in the corpus's court opinion,
EU report, PLDI paper and tagged LaTeX sample) or with a raised mark."""


FOLIO = re.compile(r"^\W*(\d{1,4}|[ivxlcdm]{1,7}|page \d{1,4}( of \d{1,4})?)\W*$", re.I)
"""A page number as printed under a column's notes: "7", "- 7 -", "xii", "Page 7 of 9"."""


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive glyphs of one size and baseline: text, horizontal extent, baseline (page
    space, y downwards) with the text rise applied (a superscript's is raised: the glyph
    collector's ``Glyph.baseline`` is the text matrix's and leaves rise out, so the caller
    gives the rise-adjusted one, or the bottom of the glyphs' box, which moves with it),
    size in points."""

    text: str
    x0: float
    x1: float
    baseline: float
    size: float


@dataclass(frozen=True, slots=True)
class FootLine:
    """A line of the page as runs left to right; ``column`` numbers the column it is in."""

    runs: tuple[Run, ...]
    column: int = 0

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)

    @property
    def top(self) -> float:
        return min(r.baseline - r.size for r in self.runs)

    @property
    def x0(self) -> float:
        return min(r.x0 for r in self.runs)

    @property
    def size(self) -> float:
        """The size of most characters."""
        weights: Counter[float] = Counter()
        for r in self.runs:
            weights[r.size] += len(r.text.strip()) or 1
        return weights.most_common(1)[0][0]

    @property
    def baseline(self) -> float:
        main = self.size
        return next(r.baseline for r in self.runs if r.size == main)


@dataclass(frozen=True, slots=True)
class Rule:
    """A horizontal rule drawn on the page (page space)."""

    x0: float
    x1: float
    y: float


@dataclass(frozen=True, slots=True)
class Note:
    """A footnote body: its mark, its text without the mark, the indices of its lines."""

    mark: str
    text: str
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MarkRef:
    """A footnote mark in the text: line index, run index, the mark, the note's index."""

    line: int
    run: int
    mark: str
    note: int


@dataclass(slots=True)
class Footnotes:
    notes: list[Note] = field(default_factory=list)
    marks: list[MarkRef] = field(default_factory=list)


def body_size(lines: Sequence[FootLine]) -> float:
    """The size of most characters of the page."""
    weights: Counter[float] = Counter()
    for line in lines:
        for r in line.runs:
            weights[round(r.size, 1)] += len(r.text.strip())
    return weights.most_common(1)[0][0] if weights else 0.0


def is_superscript(run: Run, line: FootLine, params: LayoutParams) -> bool:
    size = line.size
    return (run.size <= params.footnote_script_ratio * size
            and line.baseline - run.baseline >= params.footnote_raise_em * size)


def find_footnotes(lines: Sequence[FootLine], rules: Sequence[Rule], page_height: float,
                   params: LayoutParams = DEFAULT_PARAMS) -> Footnotes:
    """The footnotes of one page. ``lines`` in reading order (columns one after another);
    ``rules`` the page's horizontal rules."""
    result = Footnotes()
    body = body_size(lines)
    if not body:
        return result
    for column in dict.fromkeys(line.column for line in lines):
        members = [i for i, line in enumerate(lines) if line.column == column]
        zone = _foot_zone(lines, members, rules, page_height, body, params)
        _split_notes(lines, zone, result, params)
    _find_marks(lines, result, body, params)
    return result


def find_table_notes(table: Sequence[FootLine], under: Sequence[FootLine], body: float,
                     params: LayoutParams = DEFAULT_PARAMS) -> Footnotes:
    """The notes of a table: ``under``, the lines right under it (reading order), are its notes
    from the first that opens one while they are smaller than ``body`` (the page's body size)
    and follow each other closely (``footnote_line_gap_em``); the marks are looked for in the
    table's cells, ``table``. Indices in the result count ``table`` first, then ``under``."""
    result = Footnotes()
    lines = [*table, *under]
    zone: list[int] = []
    for k, line in enumerate(under):
        if line.size > params.footnote_small_ratio * body:
            break
        if zone and line.top - under[k - 1].baseline > params.footnote_line_gap_em * line.size:
            break
        if zone or _opens_note(line, params):
            zone.append(len(table) + k)
        else:
            break
    if not zone:
        return result
    _split_notes(lines, zone, result, params)
    _find_marks(lines, result, body, params)
    return result


def _foot_zone(lines: Sequence[FootLine], members: list[int], rules: Sequence[Rule],
               page_height: float, body: float, params: LayoutParams) -> list[int]:
    """The footnote lines at the foot of one column: the longest run of small lines ending
    the column (or over a page number under it, :data:`FOLIO`, standing more than
    ``footnote_line_gap_em`` apart from the line above: set under every column, it is read
    with the column), below the zone's top, that starts under a short rule or with a mark."""
    by_y = sorted(members, key=lambda i: lines[i].top)
    zone: list[int] = []
    for n in range(len(by_y) - 1, -1, -1):
        line = lines[by_y[n]]
        if line.top < params.footnote_zone_top * page_height:
            break
        if line.size > params.footnote_small_ratio * body:
            if not zone and n and FOLIO.match(line.text) and line.top \
                    - lines[by_y[n - 1]].baseline > params.footnote_line_gap_em * line.size:
                continue  # the page's number, standing apart under the notes
            break
        zone.insert(0, by_y[n])
    # Start the zone at its first line that opens a note.
    while zone and not _opens_note(lines[zone[0]], params):
        zone.pop(0)
    if not zone:
        return []
    first = lines[zone[0]]
    width = max((lines[i].runs[-1].x1 for i in members), default=0.0) - \
        min((lines[i].x0 for i in members), default=0.0)
    ruled = any(r.x1 - r.x0 <= params.footnote_rule_max_width * max(width, 1.0)
                and 0 <= first.top - r.y <= params.footnote_rule_gap_em * body
                and r.x0 - body <= first.x0 <= r.x1 for r in rules)
    if not ruled and len(zone) == len(by_y):
        return []  # a page of small type only: nothing is "at the foot"
    return zone


def _opens_note(line: FootLine, params: LayoutParams) -> bool:
    first = line.runs[0]
    if MARK.match(first.text.strip()) and (len(line.runs) > 1 or is_superscript(first, line, params)):
        return True
    return BODY_START.match(line.text) is not None


def _split_notes(lines: Sequence[FootLine], zone: list[int], result: Footnotes,
                 params: LayoutParams) -> None:
    current: list[int] = []
    lettered = False
    for i in zone:
        if _opens_note(lines[i], params) and current:
            # A line of a note marked by a number or a symbol that starts with the article
            # "a" goes on with it: a page's letter marks are all letters.
            if lettered or not _note(lines, [i]).mark.isalpha():
                result.notes.append(_note(lines, current))
                current = []
        if not current:
            lettered = _note(lines, [i]).mark.isalpha()
        current.append(i)
    if current:
        result.notes.append(_note(lines, current))


def _note(lines: Sequence[FootLine], members: list[int]) -> Note:
    first = lines[members[0]]
    head = first.runs[0].text.strip()
    if MARK.match(head) and len(first.runs) > 1:
        mark, rest = head, "".join(r.text for r in first.runs[1:])
    else:
        match = BODY_START.match(first.text)
        mark = match.group(1) if match else ""
        rest = first.text[match.end():] if match else first.text
    texts = [rest.strip()] + [lines[i].text.strip() for i in members[1:]]
    return Note(mark, " ".join(t for t in texts if t), tuple(members))


_WORD_BEFORE = re.compile(r"(\S+)$")


def _find_marks(lines: Sequence[FootLine], result: Footnotes, body: float,
                params: LayoutParams) -> None:
    in_notes = {i for note in result.notes for i in note.lines}
    wanted = {note.mark: k for k, note in enumerate(result.notes)}
    for li, line in enumerate(lines):
        if li in in_notes:
            continue
        for ri, run in enumerate(line.runs):
            mark = run.text.strip()
            if ri == 0 or mark not in wanted or not is_superscript(run, line, params):
                continue
            before = "".join(r.text for r in line.runs[:ri])
            if before.endswith(" ") and run.x0 - line.runs[ri - 1].x1 > 0.25 * line.size:
                continue
            word = _WORD_BEFORE.search(before)
            if word is None or not _is_word(word.group(1)):
                continue  # an exponent: x², 10³
            result.marks.append(MarkRef(li, ri, mark, wanted.pop(mark)))


def _is_word(token: str) -> bool:
    """What a footnote mark may follow: a token with at least two letters once quotes,
    brackets and punctuation around it are stripped ("“default”", "equilibria)", "Total")."""
    core = token.strip("\"'“”‘’()[]{}.,;:!?«»")
    return sum(ch.isalpha() for ch in core) >= 2
