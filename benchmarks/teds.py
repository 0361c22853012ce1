"""TEDS, the tree-edit-distance similarity of two tables (Zhong et al., "Image-based table
recognition: data, model, and evaluation", 2020: PubTabNet's metric), computed with the
``apted`` package's APTED algorithm.

A table is compared as the tree of its HTML form: ``table`` > ``thead`` / ``tbody`` > ``tr`` >
``td``. As in PubTabNet, inserting or deleting a node costs 1; renaming a node costs 1 when the
tags (or spans) differ, and for two ``td`` the normalized Levenshtein distance of their texts;
TEDS = 1 - distance / (the larger tree's node count, the root left out as PubTabNet's
``xpath(".//*")`` does). TEDS-structure ignores the cells' text.

The tables compared here are grids as a GFM pipe table holds them (every row as wide as the
table, a spanning cell's text in its first slot, the others empty), so every ``td`` spans one
row and one column; ``thead`` holds the first row, which Markdown always makes the header (issue
23: "a table with no header row gets its first row as the header").
"""

from __future__ import annotations

from apted import APTED, Config
from rapidfuzz.distance import Levenshtein

Grid = list[list[str]]


class Node:
    """One node of a table's HTML tree: its tag, its text (``td`` only) and its children."""

    __slots__ = ("tag", "text", "children")

    def __init__(self, tag: str, text: str = "", children: list["Node"] | None = None) -> None:
        self.tag = tag
        self.text = text
        self.children = children or []

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children)


class TableConfig(Config):
    """PubTabNet's costs (``CustomConfig`` of its ``metric.py``)."""

    def __init__(self, structure_only: bool = False) -> None:
        self.structure_only = structure_only

    def rename(self, node1: Node, node2: Node) -> float:
        if node1.tag != node2.tag:
            return 1.0
        if node1.tag == "td" and not self.structure_only and (node1.text or node2.text):
            return Levenshtein.normalized_distance(node1.text, node2.text)
        return 0.0

    def children(self, node: Node) -> list[Node]:
        return node.children


def html_tree(grid: Grid) -> Node:
    """The HTML tree of a table: its first row in ``thead``, the rest in ``tbody``."""
    rows = [Node("tr", children=[Node("td", text) for text in row]) for row in grid]
    parts = []
    if rows:
        parts.append(Node("thead", children=rows[:1]))
    if len(rows) > 1:
        parts.append(Node("tbody", children=rows[1:]))
    return Node("table", children=parts)


def teds(predicted: Grid, truth: Grid, structure_only: bool = False) -> float:
    """TEDS of ``predicted`` against ``truth`` (1.0: the same table; 0.0: nothing in common, or
    a table missing). Equal tables are 1.0 without running APTED."""
    if not truth and not predicted:
        return 1.0
    if structure_only:
        if [len(r) for r in predicted] == [len(r) for r in truth]:
            return 1.0
    elif predicted == truth:
        return 1.0
    a, b = html_tree(predicted), html_tree(truth)
    nodes = max(a.size(), b.size()) - 1
    if nodes <= 0:
        return 0.0
    distance = APTED(a, b, TableConfig(structure_only)).compute_edit_distance()
    return max(0.0, 1.0 - distance / nodes)
