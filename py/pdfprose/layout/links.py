"""Which text a link covers: glyph boxes against link rectangles, in reading order.

A glyph belongs to a link when its centre lies inside one of the link's boxes; the glyphs of
one link run from its first to its last covered glyph in reading order, so a link whose text
wraps onto the next line (two annotations with one URI, as Chrome writes them) is one link.
White space at either end, and a sentence's punctuation that producers' rectangles often catch
(the full stop or comma after the link text), are trimmed; a closing bracket stays when the
link's text opened it ("Slack (software)").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]

EDGE_TOLERANCE = 0.5
"""Points a glyph's centre may lie outside a link's box and still count (producers round the
rectangle to whole points)."""

TRAILING_PUNCTUATION = ".,;:!?"
"""Punctuation that ends a sentence or a clause after a link, never part of its text."""


@dataclass(frozen=True, slots=True)
class LinkGlyph:
    """A glyph of the page in reading order: its text and box (page space)."""

    text: str
    box: Box


@dataclass(frozen=True, slots=True)
class LinkTarget:
    """A link to place: its boxes (page space) and where it leads (a URI, or any key)."""

    boxes: tuple[Box, ...]
    target: str


@dataclass(frozen=True, slots=True)
class LinkSpan:
    """A link found in the text: ``start``..``end`` (exclusive) are indices into the glyphs in
    reading order; ``text`` what they read (inner white space kept as it was, a space where
    the link wraps onto the next line)."""

    target: str
    start: int
    end: int
    text: str


def _inside(box: Box, x: float, y: float) -> bool:
    return (box[0] - EDGE_TOLERANCE <= x <= box[2] + EDGE_TOLERANCE
            and box[1] - EDGE_TOLERANCE <= y <= box[3] + EDGE_TOLERANCE)


def link_spans(glyphs: Sequence[LinkGlyph], links: Sequence[LinkTarget]) -> list[LinkSpan]:
    """The links of a page as spans of its glyphs (in reading order). Links with the same
    target whose glyphs follow each other with only white space between become one; links that
    cover no visible glyph are left out. Spans are returned in reading order and never
    overlap (a glyph under two links goes to the first)."""
    owner: list[int] = [-1] * len(glyphs)
    for k, link in enumerate(links):
        for i, g in enumerate(glyphs):
            if owner[i] >= 0 or not g.text.strip():
                continue
            x = (g.box[0] + g.box[2]) / 2
            y = (g.box[1] + g.box[3]) / 2
            if any(_inside(b, x, y) for b in link.boxes):
                owner[i] = k
    spans: list[LinkSpan] = []
    i = 0
    n = len(glyphs)
    while i < n:
        k = owner[i]
        if k < 0:
            i += 1
            continue
        target = links[k].target
        j = i + 1
        last = i
        while j < n:
            o = owner[j]
            if o >= 0 and links[o].target == target:
                last = j
            elif o >= 0 or glyphs[j].text.strip():
                break
            j += 1
        start, end = _trimmed(glyphs, i, last + 1, target)
        if end > start:
            spans.append(LinkSpan(target, start, end, _text(glyphs[start:end])))
        i = last + 1
    return spans


def _text(glyphs: Sequence[LinkGlyph]) -> str:
    """The glyphs' text, a space where the link goes on to the next line (glyphs that do not
    overlap vertically: a line break is a word break)."""
    parts: list[str] = []
    prev: LinkGlyph | None = None
    for g in glyphs:
        if prev is not None and (g.box[1] >= prev.box[3] or g.box[3] <= prev.box[1]) \
                and parts and not parts[-1].endswith(" ") and g.text.strip():
            parts.append(" ")
        parts.append(g.text)
        prev = g
    return "".join(parts)


def _trimmed(glyphs: Sequence[LinkGlyph], start: int, end: int, target: str) -> tuple[int, int]:
    while start < end and not glyphs[start].text.strip():
        start += 1
    while end > start:
        text = glyphs[end - 1].text
        if not text.strip():
            end -= 1
        elif text in TRAILING_PUNCTUATION and not target.endswith(text):
            end -= 1
        elif text == ")" and _unbalanced_close(glyphs[start:end]):
            end -= 1
        else:
            break
    return start, end


def _unbalanced_close(glyphs: Sequence[LinkGlyph]) -> bool:
    text = "".join(g.text for g in glyphs)
    return text.count(")") > text.count("(")
