"""What a tagged page's structure tree says of its lines (issue 24), and whether to believe it.

Each line takes the structure type of the element most of its glyphs were drawn for
(:attr:`~pdfprose.model.Line.tag`, with the element's index as :attr:`~pdfprose.model.Line.unit`):
the nearest block-level element (an inline ``Span``, ``Link`` or ``Em`` says nothing of the
line), or ``"Artifact"`` for glyphs the file marked as page furniture. The page's tags are then
judged against the page, and the verdict goes into its report
(:attr:`~pdfprose.model.PageAnalysis.tags`): tags are distrusted when much of the page's text
lies outside them, or when heading tags cover most of its text (a producer that tags every
paragraph a heading). Only a page whose tags are ``"used"`` lets them set headings
(:mod:`pdfprose.document.tags`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import compress

from ..model import Line
from ..params import DEFAULT_PARAMS, LayoutParams
from ..pdf.structure import HEADING_TYPES, StructTree

INLINE_TYPES = frozenset((
    "Span", "Link", "Annot", "Em", "Strong", "Sub", "Quote", "Code", "Reference", "BibEntry",
    "Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP", "NonStruct", "Private", "Formula",
))
"""Structure types that live inside a block's text (ISO 32000-1 14.8.4.4, 32000-2 14.8.4.7):
a line takes the type of the block around them."""

USED = "used"


def heading_level(tag: str) -> int | None:
    """The heading level a line's structure type gives (H1..H6, H and Title), or None."""
    return HEADING_TYPES.get(tag)


def _block_element(tree: StructTree, index: int) -> tuple[str, int]:
    element = tree.elements[index]
    for node in [element, *tree.ancestors(element)]:
        if node.kind not in INLINE_TYPES:
            return node.kind, node.index
    return element.kind, element.index


def _vote(mark: object, content: dict[int, int], tree: StructTree,
          cache: dict[int, tuple[str, int]]) -> tuple[str, int]:
    """What a glyph drawn in marked-content state ``mark`` votes for: ("Artifact", -1), its
    block element's (type, index), or ("", -1) outside the page's tags."""
    if mark is not None and getattr(mark, "artifact", None) is not None:
        return ("Artifact", -1)
    mcid = getattr(mark, "mcid", -1) if mark is not None else -1
    index = content.get(mcid) if mcid >= 0 else None
    if index is None:
        return ("", -1)
    found = cache.get(index)
    if found is None:
        found = cache[index] = _block_element(tree, index)
    return found


def tag_lines(lines: Sequence[Line], tree: StructTree, page: int,
              params: LayoutParams = DEFAULT_PARAMS) -> str:
    """Set ``tag`` and ``unit`` on ``lines`` (glyphs still held) from the structure tree's
    content of page ``page`` (0-based), and return the page's verdict on its tags: ``"used"``
    or ``"distrusted: ..."`` saying why (:func:`verdict`)."""
    content = tree.page_content(page)
    cache: dict[int, tuple[str, int]] = {}
    # A line's glyphs share a handful of marked-content states (most lines one): the votes are
    # counted per state object in C, and each state's vote is worked out once for the page.
    # Counting states in order of first appearance keeps the votes' order, so ties go as a
    # glyph-by-glyph count would send them.
    votes_of: dict[int, tuple[str, int]] = {}
    strip = str.strip
    for line in lines:
        glyphs = line.glyphs
        marks = list(compress([g.mark for g in glyphs], map(strip, [g.text for g in glyphs])))
        if not marks:
            continue
        ids = list(map(id, marks))
        votes: Counter[tuple[str, int]] = Counter()
        for key, count in Counter(ids).items():
            vote = votes_of.get(key)
            if vote is None:
                vote = votes_of[key] = _vote(marks[ids.index(key)], content, tree, cache)
            votes[vote] += count
        line.tag, line.unit = votes.most_common(1)[0][0]
    return verdict(lines, params)


def verdict(lines: Sequence[Line], params: LayoutParams = DEFAULT_PARAMS) -> str:
    """Whether the tags set on ``lines`` (:func:`tag_lines`) agree with the page: distrusted
    when more than ``tags_untagged_share`` of the text (artifacts aside) is in no tag, or when
    heading tags sit mostly on text set like the body (the body's size, not bold: more than
    ``tags_heading_share`` of the heading-tagged text, at least ``tags_heading_min_chars``)."""
    sizes: Counter[float] = Counter()
    for line in lines:
        if line.tag != "Artifact":
            sizes[round(line.size, 1)] += len(line.text)
    if not sizes:
        return USED
    body = sizes.most_common(1)[0][0]
    tagged = untagged = heading = plain = 0
    for line in lines:
        chars = len(line.text.strip())
        if line.tag == "Artifact":
            continue
        if not line.tag:
            untagged += chars
            continue
        tagged += chars
        if line.tag in HEADING_TYPES:
            heading += chars
            if round(line.size, 1) <= body and not line.all_bold:
                plain += chars
    total = tagged + untagged
    if total and untagged > params.tags_untagged_share * total:
        return "distrusted: text outside the tags"
    if plain >= params.tags_heading_min_chars and plain > params.tags_heading_share * heading:
        return "distrusted: heading tags on body text"
    return USED
