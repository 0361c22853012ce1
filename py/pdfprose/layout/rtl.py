"""A line's glyphs in page order -> its text in reading (logical) order, by
:mod:`pdfprose.text.bidi`'s algorithm, and how the file stored the line (visual or logical
drawing order)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..text.bidi import MIRROR, Direction, bidi_class, has_rtl, letters, levels_of, reorder

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
