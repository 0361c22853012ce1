"""List items (SPEC §10): a line that starts with a bullet or an enumerator starts an item."""

from __future__ import annotations

from collections.abc import Callable

from ..model import PageAnalysis
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.markers import list_marker


def mark_list_items(pages: list[PageAnalysis], params: LayoutParams = DEFAULT_PARAMS) -> None:
    """Set ``kind``/``marker``/``indent`` on paragraphs that start with a list marker; nesting
    depth follows the item's indentation among the items of its block (a level deeper for
    each ``params.nest_step_em`` further right, at most ``max_nesting``)."""
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
        levels = {block: _levels(xs, params) for block, xs in lefts.items()}
        for para in page.paragraphs:
            if para.kind == "list_item":
                para.indent = levels[para.block](para.lines[0].x0, para.size)


def _levels(lefts: list[float], params: LayoutParams) -> Callable[[float, float], int]:
    """A function giving the nesting level (0-based) of a marker at x (points) of font size
    ``size`` in a block whose markers stand at ``lefts``: each distinct indentation, from the
    left, is a level."""
    ordered = sorted(lefts)
    step, deepest = params.nest_step_em, params.max_nesting

    def level(x: float, size: float) -> int:
        depth, edge = 0, ordered[0]
        for left in ordered:
            if left > x + 0.01:
                break
            if left - edge >= step * size:
                depth, edge = depth + 1, left
        return min(depth, deepest)

    return level
