"""Which text a link covers: glyph boxes against link rectangles, in reading order; the links
of a page put on its lines as :class:`~pdfprose.model.Inline` spans (:func:`place_links`) for
the renderer to write (issue 24).

A glyph belongs to a link when its centre lies inside one of the link's boxes; the glyphs of
one link run from its first to its last covered glyph in reading order, so a link whose text
wraps onto the next line (two annotations with one URI, as Chrome writes them) is one link.
White space at either end, and a sentence's punctuation that producers' rectangles often catch
(the full stop or comma after the link text), are trimmed; a closing bracket stays when the
link's text opened it ("Slack (software)").
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Inline, Line, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams
from ..pdf.links import LinkAnnotation
from .textmap import glyph_spans

Box = tuple[float, float, float, float]

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


def link_spans(glyphs: Sequence[LinkGlyph], links: Sequence[LinkTarget],
               tolerance: float = DEFAULT_PARAMS.link_edge_tolerance) -> list[LinkSpan]:
    """The links of a page as spans of its glyphs (in reading order). Links with the same
    target whose glyphs follow each other with only white space between become one; links that
    cover no visible glyph are left out. Spans are returned in reading order and never
    overlap (a glyph under two links goes to the first). ``tolerance``: points a glyph's
    centre may lie outside a box (``link_edge_tolerance``)."""
    owner: list[int] = [-1] * len(glyphs)
    # Glyph centres sorted by height, so that each box looks only at the glyphs level with it
    # (a Wikipedia page has 500 glyphs and 60 links; a long index, thousands of each).
    centres = sorted(((g.box[1] + g.box[3]) / 2, (g.box[0] + g.box[2]) / 2, i)
                     for i, g in enumerate(glyphs) if g.text.strip())
    heights = [c[0] for c in centres]
    for k, link in enumerate(links):
        for x0, top, x1, bottom in link.boxes:
            lo = bisect_left(heights, top - tolerance)
            hi = bisect_right(heights, bottom + tolerance)
            for _, x, i in centres[lo:hi]:
                if owner[i] < 0 and x0 - tolerance <= x <= x1 + tolerance:
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


def place_links(paragraphs: Sequence[Paragraph], annotations: Sequence[LinkAnnotation],
                params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Put the page's web links (:attr:`~pdfprose.pdf.links.LinkAnnotation.web`: a
    ``javascript:`` action, a file or an internal jump is never written as a link, its text
    stays text) on the lines of ``paragraphs`` (in reading order, glyphs still held) as
    ``Inline(kind="link")`` spans of their text; the pieces of one link that wraps onto the
    next line share a ``key``. Right-to-left lines, whose text is not in glyph order, and
    lines whose text cannot be followed glyph by glyph keep their links' text only."""
    targets = [LinkTarget(a.boxes, a.uri) for a in annotations if a.web]
    if not targets:
        return
    glyphs: list[LinkGlyph] = []
    where: list[tuple[Line, int, int]] = []  # per glyph: its line, its start and end in the text
    for para in paragraphs:
        if para.kind in ("rotated", "vertical", "figure"):
            continue
        for line in para.lines:
            if line.direction == "rtl" or not line.glyphs:
                continue
            spans = glyph_spans(line.text, line.glyphs)
            if spans is None:
                continue
            for g, (start, end) in zip(line.glyphs, spans):
                glyphs.append(LinkGlyph(g.text, (g.x0, g.top, g.x1, g.bottom)))
                where.append((line, start, end))
    pieces: dict[int, list[Inline]] = {}
    lines: dict[int, Line] = {}
    for key, span in enumerate(link_spans(glyphs, targets, params.link_edge_tolerance)):
        for i in range(span.start, span.end):
            line, start, end = where[i]
            if end <= start:
                continue
            own = pieces.setdefault(id(line), [])
            lines[id(line)] = line
            if own and own[-1].key == key:
                own[-1] = Inline(own[-1].start, max(own[-1].end, end), "link", span.target, key)
            else:
                own.append(Inline(start, end, "link", span.target, key))
    for ident, own in pieces.items():
        line = lines[ident]
        line.inline = tuple(sorted(line.inline + tuple(own), key=lambda s: s.start))
