"""List items (SPEC §10): a line that starts with a bullet or an enumerator starts an item."""

from __future__ import annotations

import re

from .model import PageAnalysis

BULLETS = "•·▪◦‣∙●○■□–\\-*"
"""SPEC §10: the bullet glyphs that start a list item (symbol-font bullets arrive as •)."""

LIST_MARKER = re.compile(
    rf"^(?P<marker>[{BULLETS}]|\(?\d{{1,3}}[.)]|\(?[a-zA-Z][.)])\s+(?=\S)"
)
"""A bullet, or a number of at most three digits or a single letter followed by "." or ")",
then a space (SPEC §10). "(a)" and "(1)" are accepted too: legal and technical texts use them."""


def list_marker(text: str) -> str | None:
    """The list marker ``text`` starts with, or ``None``."""
    m = LIST_MARKER.match(text)
    if m is None:
        return None
    marker = m.group("marker")
    # "A. Smith" or "J. Doe": a capital letter and a period before a capitalized name is an
    # initial, not an enumerator; letters as enumerators are lowercase or followed by ")".
    if len(marker) == 2 and marker[0].isupper() and marker[1] == ".":
        return None
    return marker


ENUMERATOR = re.compile(r"(?P<open>\(?)(?P<value>\d{1,3}|[a-zA-Z])(?P<close>[.)])")
"""A numbered marker's parts: "(" or nothing, a number or a letter, "." or ")"."""


def enumeration(marker: str) -> tuple[str, int] | None:
    """The list a numbered ``marker`` counts in, named by its first marker, and its place
    there (1-based): ("1.", 4) for "4.", ("(a)", 2) for "(b)", ("A)", 3) for "C)"; None for a
    bullet. Items of one list share the form, so the item after "3." is "4.", not "(4)" or
    "d."."""
    m = ENUMERATOR.fullmatch(marker)
    if m is None:
        return None
    value = m.group("value")
    if value.isdigit():
        first, place = "1", int(value)
    else:
        first = "a" if value.islower() else "A"
        place = ord(value) - ord(first) + 1
    return f"{m.group('open')}{first}{m.group('close')}", place


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
