"""Stage 4: blocks -> paragraphs (SPEC §6).

Inside one XY-cut block the runs are first joined back into whole lines (runs of one strip), then
cut into paragraphs by vertical spacing and by the cues of typeset prose: a first-line indent, a
short line that ends a sentence, a change of font size. Sizes and distances are in points.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Mapping

from ..model import Block, Glyph, Line, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.faces import wide
from ..text.markers import enumeration, list_marker
from ..text.vocabulary import (CAPTION, CLAUSE_END, CONTENTS_ENTRY, HYPHEN_ENDS, HYPHENATED,
                               REFERENCE_WORD)
from .equations import EQUATION_NUMBER, is_display_math, prose_words
from .rtl import mirrored, reads_from_right
from .rows import join_table_parts, merge_rows, row_paragraphs
from .strays import absorb_in_blocks, absorb_strays

BARE_NUMBER = re.compile(r"\s*(?:\d{1,4}|[ivxlc]{1,6})\s*", re.I)
"""A line of nothing but a number, arabic or roman (a page number), set ``paragraph_gap_em``
over the next line ends its paragraph even where the block's usual pitch is wider (displayed
formulas)."""


def _pitch_samples(lines: list[Line]) -> dict[float, list[float]]:
    """Baseline distances between consecutive lines of one size, per rounded size (points)."""
    samples: dict[float, list[float]] = {}
    for a, b in zip(lines, lines[1:]):
        if 0 < b.baseline - a.baseline < 3 * a.size and abs(a.size - b.size) < 0.5:
            samples.setdefault(round(a.size), []).append(b.baseline - a.baseline)
    return samples


def _pitch(samples: dict[float, list[float]]) -> dict[float, float]:
    return {size: statistics.median(gaps) for size, gaps in samples.items() if len(gaps) >= 2}


def page_paragraphs(blocks: list[Block], params: LayoutParams = DEFAULT_PARAMS,
                    ) -> list[Paragraph]:
    """The paragraphs of a page's text blocks, in reading order (SPEC §6), by the thresholds
    of ``params``. A block too short to show its own line pitch takes the page's: a displayed
    formula or a figure may leave a column's text in blocks of two or three lines, and a
    double-spaced manuscript's 1.9 em pitch is then no paragraph break."""
    join_table_parts(blocks)
    for block in blocks:
        if not block.rows and block.table is None:
            # (a table's rows are merged by row_paragraphs, counting cells; a table found by
            # the table stage keeps its cells' lines)
            block.lines = merge_rows(block.lines, params)
    absorb_in_blocks(blocks, params)
    emptied = [b for b in blocks if not b.lines]
    if emptied:  # a block that held nothing but a stray symbol
        blocks[:] = [b for b in blocks if b.lines]
        for order, block in enumerate(blocks):
            block.order = order
    samples: dict[float, list[float]] = {}
    for block in blocks:
        if block.table is not None:
            continue
        for size, gaps in _pitch_samples(block.lines).items():
            samples.setdefault(size, []).extend(gaps)
    page_pitch = _pitch(samples)
    paragraphs: list[Paragraph] = []
    for block in blocks:
        if not block.rows and reads_from_right(block.lines):
            paragraphs.extend(_split_mirrored(block, page_pitch, params))
        else:
            paragraphs.extend(split_paragraphs(block, page_pitch, params))
    return paragraphs


def _split_mirrored(block: Block, page_pitch: dict[float, float],
                    params: LayoutParams) -> list[Paragraph]:
    """A right-to-left block's paragraphs: its lines start at the right, where a first line is
    indented and from where a short last line ends, so they are cut as their mirror images
    would be (stand-ins without glyphs, x turned into -x), then given back."""
    stand_ins = mirrored(block.lines)
    originals = {id(m): line for m, line in zip(stand_ins, block.lines)}
    mirror = Block(stand_ins, block.order, block.region, block.column, block.columns,
                   -block.x1, block.top, -block.x0, block.bottom, block.kind, block.rows,
                   block.text_column)
    paragraphs = split_paragraphs(mirror, page_pitch, params)
    for para in paragraphs:
        para.lines = [originals[id(m)] for m in para.lines]
    return paragraphs


def split_paragraphs(block: Block, page_pitch: dict[float, float] | None = None,
                     params: LayoutParams = DEFAULT_PARAMS) -> list[Paragraph]:
    """Cut one block's lines into paragraphs (SPEC §6). ``page_pitch`` (per rounded font size,
    the usual baseline distance in points) stands in where the block is too short to measure
    its own."""
    if block.table is not None:
        return [Paragraph(lines=list(block.lines), block=block.order, kind="table",
                          table=block.table)]
    if block.rows:
        return row_paragraphs(block, params)
    lines = absorb_strays(merge_rows(block.lines, params), params)
    block.lines = lines
    if not lines:
        return []
    # The usual pitch is measured per font size: a title's leading says nothing about the
    # body's, and the other way round.
    pitch = _pitch(_pitch_samples(lines))
    fallback = page_pitch or {}
    left = _usual_left(lines)
    right = max(l.x1 for l in lines)
    # Where most lines end (a justified column's edge), when two or more end at one x.
    end, count = Counter(round(l.x1) for l in lines).most_common(1)[0]
    usual_right = float(end) if count > 1 else right

    prose_right = _prose_right(lines, right, params.prose_line_chars)

    math = _display_math(lines, left, right, params)
    paragraphs: list[Paragraph] = [Paragraph(lines=[lines[0]], block=block.order)]
    caption = CAPTION.match(lines[0].text) is not None
    # The current paragraph's first line when it is a list item (its marker read once).
    item = lines[0] if list_marker(lines[0].text) is not None else None
    # The place of the latest numbered paragraph of each list form started in the block
    # ("1." -> 3, "[1]" -> 8).
    numbers: dict[str, int] = {}
    if not math[0]:
        _count_number(numbers, lines[0])
    for i in range(1, len(lines)):
        prev, line = lines[i - 1], lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if math[i] != math[i - 1]:
            new = True  # a displayed formula is a paragraph of its own
        elif math[i]:
            new = line.baseline - prev.baseline < -0.5 * line.size  # one display, unless it jumps back
        else:
            new = _breaks(prev, line, nxt, pitch, left, right, params, in_caption=caption,
                          usual_right=usual_right, page_pitch=fallback, item=item,
                          prose_right=prose_right, numbers=numbers)
        if new:
            paragraphs.append(Paragraph(lines=[line], block=block.order))
            caption = CAPTION.match(line.text) is not None
            item = line if list_marker(line.text) is not None else None
            if not math[i]:  # an equation's number "(1)" at a display's left numbers no list
                _count_number(numbers, line)
        else:
            paragraphs[-1].lines.append(line)
    start = 0
    for para in paragraphs:
        if math[start]:
            para.kind = "equation"
        start += len(para.lines)
    return paragraphs


def _display_math(lines: list[Line], left: float, right: float,
                  params: LayoutParams) -> list[bool]:
    """Per line, whether it belongs to a displayed formula (:mod:`pdfprose.layout.equations`);
    an equation number standing on a row of its own belongs to the formula beside it, and so
    does an indented line without a word of prose that overlaps a formula's line next to it
    (a fraction's numerator or denominator set on a baseline of its own: "z +" over "2", in
    a text font, which once the formula's number stands on its line would start the next
    paragraph: "2 whith t < 0...")."""
    # A block of nothing but formula lines (a display the XY-cut cut off on its own) is not
    # indented from its own left edge: there the evidence of a mathematics font suffices.
    most = params.max_prose_words
    alone = all(prose_words(line) <= most for line in lines)
    math = [is_display_math(line, left, right, alone, params) for line in lines]
    indent = params.display_indent_em
    for i, line in enumerate(lines):
        if math[i]:
            continue
        beside = [lines[k] for k in (i - 1, i + 1) if 0 <= k < len(lines) and math[k]]
        if EQUATION_NUMBER.fullmatch(line.text.strip()) is not None:
            math[i] = bool(beside)
        elif line.x0 - left >= indent * line.size and prose_words(line) == 0 \
                and list_marker(line.text.strip()) is None \
                and any(line.top < b.bottom and b.top < line.bottom for b in beside):
            math[i] = True
    return math


def _prose_right(lines: list[Line], right: float, prose_chars: int) -> float:
    """Where the block's prose ends: the right end of its longest-reaching line of at least
    ``prose_chars`` characters (``prose_line_chars``; ``right``, the block's edge, when it has
    none). A page
    number or a label in the margin that the XY-cut left in the block ("109" 16 pt right of the
    WHO guidelines' references, which end at x = 419.5) stands out past the column, and measured
    from it a line that runs to the column's edge would be 3 em short."""
    return max((l.x1 for l in lines if len(l.text) >= prose_chars), default=right)


def _at_hanging_indent(item: Line, prev: Line, line: Line, params: LayoutParams) -> bool:
    """Whether ``line`` stands at the hanging indent of the list item whose first line is
    ``item`` (``prev`` being the item's line above it): ``params.indent_min_em`` to
    ``indent_max_em`` right of the marker, and, below the item's second line, where ``prev``
    starts too."""
    hang = line.x0 - item.x0
    low = params.indent_min_em
    return (low * line.size <= hang <= params.indent_max_em * line.size
            and (prev is item or abs(prev.x0 - line.x0) < low * line.size))


def _usual_left(lines: list[Line]) -> float:
    """The x where most lines start (the block's left edge, ignoring indents)."""
    starts = sorted(round(l.x0) for l in lines)
    return float(statistics.mode(starts)) if len(starts) > 2 else float(starts[0])


ABBREVIATION = re.compile(
    r"(?:(?:^|[\s(\[“‘\"'])(?:[^\W\d_]\.){2,}"
    r"|\b(?:etc|vs|approx|Inc|Corp|Co|Ltd|Jr|Sr|Mr|Mrs|Ms|Dr|Prof|St|Pub|Dept)\.)$")
"""A line ending in an abbreviation: an initialism ("U.S.", "U.S.A.", "e.g.", "i.e.") or a word
cut short ("etc.", "Inc.", "Pub."). Its full stop may end a sentence or not ("...a former U.S."
/ "long-term resident if you were..."), so alone it says nothing of where a paragraph ends:
:func:`_abbreviation_goes_on`."""


def _abbreviation_goes_on(prev: Line, line: Line) -> bool:
    """Whether ``prev`` ends in an :data:`ABBREVIATION` whose full stop ends no sentence, as
    ``line`` shows: it goes on in lower case ("Different U.S." / "income tax rules apply"), or
    the quotation the abbreviation stands in is still open ("premiums you paid to “U.S." /
    "Treasury-HCTC,” or"). A capitalised line after it may start a new sentence and paragraph
    ("...Austin, TX 73301-0215 U.S.A." / "Estates and trusts."): the full stop is believed."""
    text = prev.text.rstrip()
    if ABBREVIATION.search(text) is None:
        return False
    return line.text[:1].islower() or text.rfind("“") > text.rfind("”")


_BARE_CLOSING_PARENTHESIS = re.compile(r"(?<![.!?:;])\)\s*$")


def _parenthesis_goes_on(prev: Line, line: Line, size_change: float) -> bool:
    """Whether ``prev`` ends in a closing parenthesis that ends no sentence, as ``line`` shows
    by going on in lower case in the bold face ``prev`` ends in: a run-in bold heading wrapped
    after its parenthesis ("Health savings account (HSA)" / "funding distributions. You may
    be", IRS instructions p1), not a paragraph's end ("(see Table 2.)" or "...(HSA)." end one).
    Only bold: in a code listing "if (!primes[i])" / "continue;" are two lines."""
    if _BARE_CLOSING_PARENTHESIS.search(prev.text) is None or not line.text[:1].islower():
        return False
    pair = _face_goes_on(prev, line, size_change)
    return pair is not None and pair[0].bold


REFERENCE_ENTRY = re.compile(r"\[(?P<number>\d{1,4})\]\s+(?=\S)")
"""A reference's number in brackets at a line's start, then its text ("[9] J. Soria-Comas and
J. Domingo-Ferrer, ...": IEEE and ACM styles). No list marker (SPEC §10): the entry stays a
paragraph, but it is numbered like an item, in the list form :data:`REFERENCE_FORM`."""

REFERENCE_FORM = "[1]"
"""The form (:func:`~pdfprose.text.markers.enumeration`) of the numbers :data:`REFERENCE_ENTRY` reads."""


def _numbering(text: str) -> tuple[str, int] | None:
    """The list form and place a line's number gives it: a list marker's
    (:func:`~pdfprose.text.markers.enumeration`) or a bracketed reference number's
    (:data:`REFERENCE_ENTRY`); None for a bullet or no number."""
    entry = REFERENCE_ENTRY.match(text)
    if entry is not None:
        return REFERENCE_FORM, int(entry.group("number"))
    marker = list_marker(text)
    return enumeration(marker) if marker is not None else None


def _count_number(numbers: dict[str, int], line: Line) -> None:
    """Note in ``numbers`` (list form -> place, :func:`_numbering`) the number of the paragraph
    ``line`` starts, if it has one."""
    place = _numbering(line.text)
    if place is not None:
        numbers[place[0]] = place[1]


def _continues_numbering(line: Line, numbers: Mapping[str, int] | None) -> bool:
    """Whether ``line`` starts with the next number of a list the block has started: the
    latest numbered paragraph of its form (``numbers``, :func:`_count_number`) has the number
    before it ("45." after "44.", "c." after "b.", "[9]" after "[8]")."""
    place = _numbering(line.text)
    return place is not None and numbers is not None and numbers.get(place[0]) == place[1] - 1


def _item_may_start(marker: str, prev: Line, right: float, short_line: float,
                    continues: bool = False) -> bool:
    """Whether a line starting with the list ``marker`` begins an item after ``prev`` (SPEC §10).
    A bullet always does. A number or letter ("2.", "(2)", "b)") does after a sentence end;
    never after a word that refers to it ("eq.", "Fig."): in mathematics "(2)" at a line start
    is most often the number of an equation the sentence names. After prose cut in
    mid-sentence it does when it numbers the next item of a list the block has started
    (``continues``: an item's last line may run full width without a full stop, a reference
    ending in its DOI), or else when that line stops ``short_line`` em (``short_line_em``)
    short of ``right``, where the block's prose ends (:func:`_prose_right`): a number wrapped
    inside a sentence ("...genotypes 1, 2,
    3 and" / "4. Data from", "2017;377:1448-" / "55. doi:") follows a line that runs to that
    edge, and a page number or label in the margin further right does not make it short."""
    if not marker[:1].isalnum() and marker[:1] != "(":
        return True
    text = prev.text.rstrip()
    if REFERENCE_WORD.search(text):
        return False
    if CLAUSE_END.search(text) or list_marker(prev.text) is not None or prev.all_bold:
        return True
    return continues or right - prev.x1 > short_line * prev.size


def _wrapped_entry(prev: Line, line: Line) -> bool:
    """Whether ``line`` ends the entry of an index or contents that ``prev`` began: ``line``
    runs to its leaders and pages (:data:`CONTENTS_ENTRY`) from a start in lowercase (or a
    parenthesis), while ``prev`` has neither and ends in no pause. An entry ending in a colon
    heads sub-entries; a capital or a number starts an entry of its own."""
    first = line.text[:1]
    if first.isupper() or first.isdigit() or not ("...." in line.text or ". ." in line.text):
        return False
    return CONTENTS_ENTRY.search(line.text) is not None \
        and CONTENTS_ENTRY.search(prev.text) is None and not CLAUSE_END.search(prev.text)


def _short_cjk_item(prev: Line, right: float, short_line: float) -> bool:
    """Whether ``prev`` is a numbered line of Chinese or Japanese (wide characters, no space
    after the marker) that stops ``short_line`` em (``short_line_em``) short of ``right``:
    text that breaks at any character fills its lines, so the line is whole, a numbered
    heading ("1. 标准任务的预算", the chinese family's) or a one-line item, and the line under
    it, at what would be the item's hanging indent, is no part of it."""
    marker = list_marker(prev.text)
    if marker is None or right - prev.x1 <= short_line * prev.size:
        return False
    rest = prev.text[len(marker):].strip()
    return bool(rest) and " " not in rest and 2 * sum(map(wide, rest)) > len(rest)


def _main_font(line: Line) -> str | None:
    """The font most of the line's visible glyphs are set in (None without glyphs)."""
    fonts = Counter(g.font for g in line.glyphs if g.text.strip())
    return fonts.most_common(1)[0][0] if fonts else None


def _goes_on_in_face(prev: Line, line: Line, size_change: float) -> bool:
    """Whether ``line`` starts in the face and size ``prev`` ends in, after no sentence end: a
    heading's second line ("4.3 Summary of the evidence for treatment in adolescents and" /
    "children (Web Annex C)", its smaller light tail making most of that line), so neither
    the size nor the boldness of the line as a whole ends the paragraph."""
    if CLAUSE_END.search(prev.text):
        return False
    pair = _face_goes_on(prev, line, size_change)
    return pair is not None and pair[1].text[:1].islower()


def _face_goes_on(prev: Line, line: Line, size_change: float) -> tuple[Glyph, Glyph] | None:
    """``prev``'s last and ``line``'s first visible glyph when the second is set in the font
    and size (within ``size_change``, ``size_change_ratio``) of the first, else None (also when
    either line's glyphs are let go)."""
    last = next((g for g in reversed(prev.glyphs) if g.text.strip()), None)
    first = next((g for g in line.glyphs if g.text.strip()), None)
    if last is None or first is None or first.font != last.font \
            or abs(first.size - last.size) > size_change * last.size:
        return None
    return last, first


def _centred(line: Line, left: float, right: float, params: LayoutParams) -> bool:
    """Whether ``line`` is centred in a block from ``left`` to ``right``: at least
    ``params.centred_em`` free on both sides, the two margins within ``centred_balance_em``."""
    before, after = line.x0 - left, right - line.x1
    return (min(before, after) >= params.centred_em * line.size
            and abs(before - after) <= params.centred_balance_em * line.size)


def _breaks(
    prev: Line, line: Line, nxt: Line | None, pitch: dict[float, float], left: float, right: float,
    params: LayoutParams, in_caption: bool = False, page_pitch: dict[float, float] | None = None,
    usual_right: float | None = None, item: Line | None = None,
    prose_right: float | None = None, numbers: Mapping[str, int] | None = None,
) -> bool:
    """Whether a paragraph starts at ``line`` after ``prev`` (SPEC §6); ``left`` is where most
    of the block's lines start, ``right`` its right edge, ``usual_right`` where most of its
    lines end and ``prose_right`` where its prose lines end (:func:`_prose_right`; points, page
    space). ``item`` is the first line of the paragraph ``prev`` belongs to when that paragraph
    is a list item; ``numbers`` the place of the latest numbered paragraph (a list item, a
    bracketed reference) of each list form started in the block so far
    (:func:`_count_number`). The thresholds are ``params``' (SPEC §6's paragraph gap, the
    pitch ratio, indents, short lines, size changes)."""
    size = max(prev.size, line.size)
    gap = line.baseline - prev.baseline
    if gap < -0.5 * size:
        return True
    paragraph_gap, size_change = params.paragraph_gap_em, params.size_change_ratio
    if gap > paragraph_gap * size and BARE_NUMBER.fullmatch(prev.text):
        return True  # a page number over the text, whatever the block's pitch
    text = prev.text
    if text[-1:].isalnum() and ("...." in text or ". . ." in text) \
            and CONTENTS_ENTRY.search(text):
        # A contents entry ends at its page number: entries set at the body's pitch, flush
        # or indented by level, are cut by nothing else (a wrapped entry's first line has no
        # leaders yet, and goes on).
        return True
    if prev.text.endswith(HYPHEN_ENDS) and HYPHENATED.search(prev.text) \
            and line.text[:1].isalpha() and gap < 3 * size \
            and abs(prev.size - line.size) <= size_change * size \
            and (prev.all_bold or not line.all_bold):
        # A word broken across the lines ("dis-" / "tribution", "Hamilton-" / "Jacobi"): a
        # paragraph never ends in a hyphen, so the paragraph goes on, in its own size: a
        # footnote set smaller under a column whose last line breaks a word is no part of that
        # word, which goes on at the top of the next column. Nor is a line all in bold under
        # one in the regular face: the title of a box set at the column's foot (the sidebars
        # family: "simpli-" / "Infraestructura de proyecto" / the box / "fica" at the top of
        # the next column).
        return False
    # Where the block's own pitch is known it decides (a double-spaced manuscript has 2 em
    # between every line); SPEC §6's 1.8 em is the rule for blocks too short to measure,
    # unless the page's lines already stand that far apart (double spacing) and these are
    # prose (table cells and form fields stand in short blocks too, at pitches of their own).
    usual = pitch.get(round(prev.size))
    if usual is None and page_pitch and len(prev.text) >= params.prose_line_chars \
            and not prev.text.rstrip()[-1:].isdigit():  # a table of contents' entry ends so
        spaced = page_pitch.get(round(prev.size))
        if spaced is not None and spaced >= paragraph_gap * prev.size:
            usual = spaced
    if gap > (params.pitch_ratio * usual if usual is not None else paragraph_gap * size):
        return True
    # A change of size, or bold giving way to regular (all_bold reads glyphs: asked last),
    # or CJK gothic to the mincho / myeongjo / song of the text under a heading (CJK type's
    # bold: :mod:`pdfprose.text.faces`), unless the line starts in the face the line before
    # ends in.
    if (abs(prev.size - line.size) > size_change * size
            or (not line.bold and len(prev.text) < 80
                and (prev.all_bold or (prev.cjk_gothic and not line.cjk_gothic)))) \
            and not _goes_on_in_face(prev, line, size_change):
        return True
    marker = list_marker(line.text)
    continues = not in_caption and _continues_numbering(line, numbers)
    short_line = params.short_line_em
    if marker is not None and not in_caption and _item_may_start(
            marker, prev, right if prose_right is None else prose_right, short_line, continues):
        return True
    if marker is None and continues and not REFERENCE_WORD.search(prev.text.rstrip()):
        # The next entry of a reference list numbered in brackets ("[8] C. Dwork, ..." then
        # "[9] J. Soria-Comas"), whatever the entry before ends in: a line as full as the
        # column ("...March 4-7, 2006, pp. 265–284.") or a URL without a full stop. A citation
        # wrapped to a line's start ("...see ref." / "[9] for") is no entry.
        return True
    if _short_cjk_item(prev, right, short_line):
        return True
    indent = line.x0 - left
    prev_centred = _centred(prev, left, right, params)
    if prev_centred and not _centred(line, left, right, params) \
            and _main_font(prev) != _main_font(line):
        # A centred line in a face of its own over text set to the column: a centred heading
        # in small capitals at the body size ("II. Background on Differential Privacy").
        return True
    # A first line runs on to the right edge: a centred line is not indented, it is centred
    # (as far in from the left as it stops short of the right: "TREATMENT OF ADULTS," /
    # "ADOLESCENTS AND", a title in a block of its own).
    reaches_right = right - line.x1 < 2 * line.size
    short_by = (right if usual_right is None else usual_right) - line.x1
    balanced = short_by > 0 and abs(indent - short_by) <= 0.25 * line.size
    indent_min = params.indent_min_em
    if reaches_right and not balanced \
            and indent_min * line.size <= indent <= params.indent_max_em * line.size:
        prev_indent = prev.x0 - left
        back = nxt is None or abs(nxt.x0 - left) < indent_min * line.size
        # After a list item's first line, the indent is the item's hanging indent; so it is
        # after an index's entry wrapped before its pages ("Capital gains and" / "(losses)
        # . . . 12, 19"), which goes on there in lowercase.
        if back and prev_indent < indent_min * line.size and list_marker(prev.text) is None \
                and not _wrapped_entry(prev, line):
            return True
    # A line without a marker at a list item's hanging indent goes on in the item (a new item
    # would start at the marker's x, with a marker): a reference's author list or title ends
    # in a full stop often, and only a line that stops short of the prose before the column's
    # edge ends the item there. Elsewhere the measure stays the block's edge, a margin's page
    # number included: the WHO guidelines' body paragraphs, set without spacing or indent, end
    # on full lines too: measured from the column's edge, 11 of the 16 cuts that only this
    # makes in that file's body text (each after a full stop) would be lost, for 5 set right
    # (four after ")", one after "GmbH & Co.").
    edge = right
    if item is not None and prose_right is not None \
            and _at_hanging_indent(item, prev, line, params):
        edge = prose_right
    if edge - prev.x1 > short_line * size and CLAUSE_END.search(prev.text) \
            and not REFERENCE_WORD.search(prev.text.rstrip()) \
            and not (prev_centred and _centred(line, left, right, params)) \
            and not _abbreviation_goes_on(prev, line) \
            and not _parenthesis_goes_on(prev, line, size_change):
        # "...model in ref." / "[4]), if" goes on; so do the centred lines of an address
        # ("Departamento de Física, I.T.E.S.O." / "Periférico Sur 8585"), and a sentence after
        # an abbreviation: a narrow column leaves "...nonresident aliens who lost U.S." short
        # when "citizenship" does not fit after it.
        return True
    return False
