"""Right-to-left lines: a line's glyphs in page order -> its text in reading (logical) order,
by :mod:`pdfprose.text.bidi`'s algorithm, and how the file stored the line (visual or logical
drawing order); the page's direction, which decides a line whose two ends disagree and in
which order the XY-cut reads columns (SPEC §4, issue 24).

The line builder makes each line's text in visual order, left to right (spaces in gaps by SPEC
§2's rules); on a page with right-to-left letters, :func:`read_right_to_left` turns each line
that holds any into its logical text and marks it ``direction="rtl"`` where it reads from the
right."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..model import Glyph, Line
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.bidi import MIRROR, Direction, bidi_class, has_rtl, letters, levels_of, reorder
from .textmap import glyph_spans

FIRST_RTL = "\u0590"
"""No character below U+0590 (the Hebrew block) is right-to-left: a page whose texts' largest
character is below it has none, known from one ``max`` over them."""

Storage = Literal["visual", "logical", "unknown"]


@dataclass(frozen=True, slots=True)
class BidiGlyph:
    """What the reordering needs of one glyph of a line: its text, its horizontal extent in
    page space (points), and its drawing order on the page (-1 for a space the line builder
    put in a gap, which was never drawn)."""

    text: str
    x0: float
    x1: float
    order: int = -1


@dataclass(frozen=True, slots=True)
class LogicalLine:
    """A line in reading order. ``text`` is what the reader reads; ``glyphs`` the indices of
    the input glyphs in that order (a mark drawn over a letter follows it), so that later
    stages keep knowing which glyph stands where in the text; ``direction`` the line's
    paragraph direction; ``storage`` how the file drew it (:func:`storage_order`)."""

    text: str
    glyphs: tuple[int, ...]
    direction: Direction
    storage: Storage


def storage_order(glyphs: Sequence[BidiGlyph], min_pairs: int = 2) -> Storage:
    """Whether the file drew the right-to-left glyphs of a line in visual order (left to right
    on the page: Word, Chrome, Quartz) or in logical order (right to left: Acrobat): from the
    drawing order of neighbours, taken left to right, between letters of RTL scripts. A line
    with fewer than ``min_pairs`` such neighbours, or as many each way, is "unknown"."""
    rtl = [g for g in glyphs if g.order >= 0 and has_rtl(g.text)]
    rtl.sort(key=lambda g: (g.x0 + g.x1, g.order))
    forward = backward = 0
    for a, b in zip(rtl, rtl[1:]):
        if b.order > a.order:
            forward += 1
        elif b.order < a.order:
            backward += 1
    if forward + backward < min_pairs or forward == backward:
        return "unknown"
    return "visual" if forward > backward else "logical"


def direction_of(texts: Sequence[str], fallback: Direction | None = None) -> Direction:
    """The paragraph direction of a line (or of a paragraph's lines) given in visual order: the
    direction of the strong characters at both ends when they agree (an RTL line starts at its
    right end, an LTR line at its left); else ``fallback`` when the caller knows the page's
    direction (a Hebrew CV's line "test@test.com :מייל" reads from the right, although most of
    its letters are Latin); else the direction of most strong characters, ties going to right
    to left when the line's rightmost strong character is RTL."""
    first = last = None
    ltr = rtl = 0
    for text in texts:
        for ch in text:
            cls = bidi_class(ch)
            if cls == "L":
                ltr += 1
            elif cls in ("R", "AL"):
                rtl += 1
            else:
                continue
            if first is None:
                first = cls
            last = cls
    if first is None:
        return "ltr"
    start_rtl, end_rtl = first != "L", last != "L"
    if start_rtl == end_rtl:
        return "rtl" if start_rtl else "ltr"
    if fallback is not None:
        return fallback
    if rtl != ltr:
        return "rtl" if rtl > ltr else "ltr"
    return "rtl" if end_rtl else "ltr"


def is_mark(text: str) -> bool:
    """A glyph that is only combining marks (Hebrew points, Arabic harakat): it belongs to the
    letter it is drawn over."""
    return bool(text) and all(unicodedata.combining(ch) or unicodedata.category(ch) == "Me"
                              for ch in text)


def logical_line(glyphs: Sequence[BidiGlyph], direction: Direction | None = None,
                 fallback: Direction | None = None) -> LogicalLine:
    """The reading order of one line's glyphs (any order in, page space x positions).

    Glyphs are taken left to right; a combining mark joins the letter whose box holds its
    centre (the one drawn nearest it when several do); presentation forms become letters
    (:func:`letters`); then the bidirectional algorithm orders the units and mirrors brackets
    at odd levels. ``direction`` is the paragraph's, when the caller knows it (a paragraph's
    lines share one, :func:`direction_of` over all of them); else the line's own, with
    ``fallback`` (the page's direction) deciding a line whose two ends disagree."""
    storage = storage_order(glyphs)
    tiebreak = -1 if storage == "logical" else 1
    by_x = sorted(range(len(glyphs)),
                  key=lambda i: (glyphs[i].x0 + glyphs[i].x1, tiebreak * glyphs[i].order))
    units: list[list[int]] = []
    for i in by_x:
        g = glyphs[i]
        if units and is_mark(g.text):
            host = _host_of(glyphs, units, g)
            if host is not None:
                host.append(i)
                continue
        units.append([i])
    texts = [letters("".join(glyphs[i].text for i in unit)) for unit in units]
    if direction is None:
        direction = direction_of(texts, fallback)
    base = 1 if direction == "rtl" else 0
    levels = levels_of(texts, base, visual=True)
    order = reorder(levels)
    text = "".join(
        MIRROR.get(texts[u], texts[u]) if levels[u] & 1 else texts[u] for u in order
    )
    return LogicalLine(text, tuple(i for u in order for i in units[u]), direction, storage)


def _host_of(glyphs: Sequence[BidiGlyph], units: list[list[int]],
             mark: BidiGlyph) -> list[int] | None:
    """The unit (among the last few placed) whose first glyph's box holds the mark's centre."""
    centre = (mark.x0 + mark.x1) / 2
    best: list[int] | None = None
    best_distance = float("inf")
    for unit in units[-3:]:
        g = glyphs[unit[0]]
        if g.x0 - 0.01 <= centre <= g.x1 + 0.01:
            distance = abs(g.order - mark.order) if g.order >= 0 and mark.order >= 0 else 0
            if distance < best_distance:
                best, best_distance = unit, distance
    return best


def page_direction(texts: Sequence[str],
                   params: LayoutParams = DEFAULT_PARAMS) -> Direction | None:
    """None for a page without right-to-left letters (the common page, told at once); else
    ``"rtl"`` when more than ``params.rtl_page_share`` of its strong letters are
    right-to-left, ``"ltr"`` otherwise."""
    joined = "".join(texts)
    if not joined or max(joined) < FIRST_RTL or not has_rtl(joined):
        return None
    rtl = ltr = 0
    for ch in joined:
        cls = bidi_class(ch)
        if cls == "L":
            ltr += 1
        elif cls in ("R", "AL"):
            rtl += 1
    return "rtl" if rtl > params.rtl_page_share * (rtl + ltr) else "ltr"


def rtl_page(lines: Sequence[Line], params: LayoutParams = DEFAULT_PARAMS) -> bool:
    """Whether a page of these lines reads from the right (:func:`page_direction`; only a page
    with a right-to-left line is asked)."""
    if not any(line.direction == "rtl" for line in lines):
        return False
    return page_direction([line.text for line in lines], params) == "rtl"


def reads_from_right(lines: Sequence[Line]) -> bool:
    """Whether most of the characters of ``lines`` are in right-to-left lines."""
    rtl = sum(len(line.text) for line in lines if line.direction == "rtl")
    return rtl > 0 and 2 * rtl > sum(len(line.text) for line in lines)


def mirrored(lines: Sequence[Line]) -> list[Line]:
    """Stand-ins for ``lines`` reflected about x = 0 (x0 = -x1), without glyphs, read left to
    right: the paragraph rules, which measure indents and short lines from the left, read a
    right-to-left block through them."""
    return [Line(line.text, -line.x1, line.top, -line.x0, line.bottom, line.baseline, line.size,
                 line.bold, line.italic, line.angle, [], line.vertical,
                 line.all_bold, line.small_caps) for line in lines]


def read_right_to_left(lines: list[Line], order: Mapping[int, int], fallback: Direction,
                       params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Give each line that holds right-to-left letters its logical text and direction, in
    place (:func:`logical_line`). ``order`` maps ``id(glyph)`` to its drawing order on the
    page; ``fallback`` is the page's direction (:func:`page_direction`)."""
    for line in lines:
        if not has_rtl(line.text):
            continue
        glyphs = bidi_glyphs(line.text, line.glyphs, order, params.space_gap_em)
        result = logical_line(glyphs, fallback=fallback)
        line.text = result.text
        line.direction = result.direction


def bidi_glyphs(text: str, glyphs: Sequence[Glyph], order: Mapping[int, int],
                space_gap: float = DEFAULT_PARAMS.space_gap_em) -> list[BidiGlyph]:
    """A line's visual text as :class:`BidiGlyph` units: each glyph's characters in ``text``
    (:func:`~pdfprose.layout.textmap.glyph_spans`) with its box and drawing order, and each
    word space the text put between glyphs as a unit of its own (never drawn), unless the
    glyphs before it reach within ``space_gap`` em (``space_gap_em``) of the next one. Where the text
    cannot be followed glyph by glyph, its characters are the units, spread evenly over the
    line."""
    spans = glyph_spans(text, glyphs)
    if spans is None:
        x0 = min((g.x0 for g in glyphs), default=0.0)
        x1 = max((g.x1 for g in glyphs), default=x0)
        step = (x1 - x0) / max(len(text), 1)
        return [BidiGlyph(ch, x0 + k * step, x0 + (k + 1) * step) for k, ch in enumerate(text)]
    units: list[BidiGlyph] = []
    pos = 0
    left = glyphs[0].x0 if glyphs else 0.0
    for g, (start, end) in zip(glyphs, spans):
        if start > pos and (g.x0 - left > space_gap * g.size or text[pos:start].strip()):
            units.extend(BidiGlyph(ch, left, g.x0) for ch in text[pos:start])
        # (else a word space the line put after a mark drawn inside its letter, measured
        # from the mark's zero width: no gap is left after the letter itself)
        if start >= pos and end > start:
            units.append(BidiGlyph(text[start:end], g.x0, g.x1, order.get(id(g), -1)))
            pos = end
        left = max(left, g.x1)
    if pos < len(text):
        units.extend(BidiGlyph(ch, left, left) for ch in text[pos:])
    return units
