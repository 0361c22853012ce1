"""List items (SPEC §10): a line that starts with a bullet or an enumerator starts an item."""

from __future__ import annotations

from ..model import PageAnalysis
from ..text.markers import list_marker


def mark_list_items(pages: list[PageAnalysis]) -> None:
    """Set ``kind``/``marker``/``indent`` on paragraphs that start with a list marker; nesting
    depth follows the item's indentation among the items of its block."""
    for page in pages:
        lefts: dict[int, list[float]] = {}
        for para in page.paragraphs:
            if para.kind != "body" or para.furniture or para.cells:
                continue  # a table of contents' "1.1 Objectives ... 1" is an entry, not an item
            marker = list_marker(para.lines[0].text)
            if marker is None:
                continue
            para.kind = "list_item"
            para.marker = marker
            lefts.setdefault(para.block, []).append(para.lines[0].x0)
        levels = {block: _levels(xs) for block, xs in lefts.items()}
        for para in page.paragraphs:
            if para.kind == "list_item":
                para.indent = levels[para.block](para.lines[0].x0, para.size)


NEST_STEP_EM = 0.8
"""Markers further right than the previous level's by at least 0.8 em are one level deeper."""

MAX_NESTING = 3
"""Markdown nests as deep as needed, but a deeper indentation in a PDF is almost always layout."""


def _levels(lefts: list[float]):  # type: ignore[no-untyped-def]
    """A function giving the nesting level (0-based) of a marker at x (points) in a block
    whose markers stand at ``lefts``: each distinct indentation, from the left, is a level."""
    ordered = sorted(lefts)

    def level(x: float, size: float) -> int:
        depth, edge = 0, ordered[0]
        for left in ordered:
            if left > x + 0.01:
                break
            if left - edge >= NEST_STEP_EM * size:
                depth, edge = depth + 1, left
        return min(depth, MAX_NESTING)

    return level
