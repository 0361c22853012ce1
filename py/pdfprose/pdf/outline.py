"""The document's outline (/Outlines, "bookmarks"): each entry's title, target page, depth.

A bookmark whose title is a line of its target page says that line is a heading and how deep
(:mod:`pdfprose.document.bookmarks` matches them); this module only reads the entries.

Hostile outlines loop (/Next back to an earlier item, /First to an ancestor) or run deep; the
walk keeps a visited set and stops at the read budgets' ``outline_entries`` entries and
``outline_depth`` levels (:class:`~pdfprose.budgets.ReadBudgets`), saying so.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdftypes import PDFObjRef, resolve1

from ..budgets import DEFAULT_BUDGETS, ReadBudgets
from ..model import OutlineEntry
from .links import destination_page
from .pdfspace import name_of, text_of


@dataclass(slots=True)
class Outline:
    """The entries in outline order; ``problems`` says what was cut short (a loop, too many,
    too deep) so the report can tell the reader."""

    entries: list[OutlineEntry] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read_outline(document: PDFDocument, indices: Mapping[int, int],
                 budgets: ReadBudgets = DEFAULT_BUDGETS) -> Outline:
    """Walk the document's /Outlines depth first. ``indices`` maps page object numbers to page
    indices (:func:`pdfprose.pdf.links.page_indices`)."""
    max_entries, max_depth = budgets.outline_entries, budgets.outline_depth
    outline = Outline()
    try:
        root = resolve1(document.catalog.get("Outlines"))
    except Exception:  # noqa: BLE001
        return outline
    if not isinstance(root, dict):
        return outline
    seen: set[int] = set()
    # The stack holds (next item to read, its depth): siblings are reached by /Next, children
    # by /First, so a visited set catches a loop through either.
    stack: list[tuple[object, int]] = [(root.get("First"), 1)]
    while stack:
        ref, depth = stack.pop()
        if ref is None:
            continue
        key = ref.objid if isinstance(ref, PDFObjRef) else id(ref)
        if key in seen:
            outline.problems.append("the outline loops back on itself; the loop was cut")
            continue
        seen.add(key)
        try:
            item = resolve1(ref)
        except Exception:  # noqa: BLE001
            continue
        if not isinstance(item, dict):
            continue
        if len(outline.entries) >= max_entries:
            outline.problems.append(f"the outline has over {max_entries} entries; "
                                    "the rest were not read")
            break
        # /Next is pushed first so that the children (pushed after) are read before it.
        stack.append((item.get("Next"), depth))
        if depth > max_depth:
            outline.problems.append(f"outline entries deeper than {max_depth} levels skipped")
            continue
        title = clean_title(text_of(item.get("Title")) or "")
        target = item.get("Dest")
        if target is None:
            action = resolve1(item.get("A"))
            if isinstance(action, dict) and name_of(action.get("S")) == "GoTo":
                target = action.get("D")
        page = destination_page(target, indices, document) if target is not None else None
        outline.entries.append(OutlineEntry(title, page, depth))
        stack.append((item.get("First"), depth + 1))
    outline.problems = list(dict.fromkeys(outline.problems))
    return outline


def clean_title(title: str) -> str:
    """A bookmark title as text: control characters (some producers end titles with \\r or
    pad with NULs) become spaces, runs of white space one space, trimmed."""
    title = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in title)
    return " ".join(title.split())
