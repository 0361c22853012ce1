"""A page's link annotations: where they are in page space and where they lead (the text they
cover is found by :mod:`pdfprose.layout.links`).

Only ``http``, ``https``, ``mailto`` and ``ftp`` targets become links in the output
(:data:`WEB_SCHEMES`): a ``javascript:`` action, a file on the reader's disk or a launch
command is never written as a link, its text stays text. Internal links (GoTo, a /Dest) keep
their target page so that a renderer may one day link to it; today they stay text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFObjRef, resolve1

from .pdfspace import Box, box_in, name_of, number, page_space, rect_of, text_of

WEB_SCHEMES = ("http", "https", "mailto", "ftp")
"""The schemes a converted document may link to; anything else is text only."""

MAX_LINKS_PER_PAGE = 5_000
"""Link annotations read per page at most: a Wikipedia print has a few hundred; a hostile
file's hundred thousand would cost memory for nothing. The parser passes its budget instead
(:attr:`pdfprose.budgets.ReadBudgets.annotations_per_page`, the same figure), so that links and
annotation appearances stop at one limit, said once."""

MAX_QUADS = 64
"""Quadrilaterals read per annotation at most (a link wrapping over many lines has a few)."""

LinkKind = Literal["uri", "internal", "other"]


@dataclass(frozen=True, slots=True)
class LinkAnnotation:
    """One /Link annotation. ``boxes`` are its areas in page space (its /QuadPoints when it has
    them, which follow text wrapped over lines, else its /Rect); ``kind`` is "uri" (``uri``
    set), "internal" (``page``: the 0-based target page index, or None when it cannot be
    found) or "other" (a launch, a remote file, a script); ``objid`` the annotation's object
    number (structure elements of type Link name it)."""

    boxes: tuple[Box, ...]
    kind: LinkKind
    uri: str = ""
    page: int | None = None
    objid: int = 0

    @property
    def web(self) -> bool:
        """Whether the output may write this link: a URI of one of :data:`WEB_SCHEMES`."""
        return self.kind == "uri" and is_web_uri(self.uri)

    def moved(self, move: Callable[[Box], Box]) -> "LinkAnnotation":
        """The same link with each box moved (a page turned upright)."""
        return replace(self, boxes=tuple(move(box) for box in self.boxes))


def is_web_uri(uri: str) -> bool:
    """Whether ``uri`` has one of :data:`WEB_SCHEMES` (case-insensitive; leading white space
    ignored, as browsers ignore it: "  JavaScript:" is not a web link either)."""
    head, sep, _ = uri.strip().partition(":")
    return bool(sep) and head.lower() in WEB_SCHEMES


def page_indices(pages: list[PDFPage]) -> dict[int, int]:
    """Page object number -> 0-based page index."""
    return {page.pageid: index for index, page in enumerate(pages)}


def read_links(page: PDFPage, indices: Mapping[int, int],
               document: PDFDocument | None = None,
               limit: int = MAX_LINKS_PER_PAGE) -> list[LinkAnnotation]:
    """The /Link annotations of ``page`` in the order the page lists them. ``indices`` maps
    page object numbers to indices (:func:`page_indices`); ``document`` resolves named
    destinations. A broken annotation is skipped, never the page."""
    try:
        annots = resolve1(page.annots) if page.annots else None
    except Exception:  # noqa: BLE001 - a broken /Annots costs the links, not the page
        return []
    if not isinstance(annots, list):
        return []
    matrix = page_space(page)
    links: list[LinkAnnotation] = []
    for ref in annots[:limit]:
        try:
            link = _read_link(ref, matrix, indices, document)
        except Exception:  # noqa: BLE001
            continue
        if link is not None:
            links.append(link)
    return links


def _read_link(ref: object, matrix, indices: Mapping[int, int],  # type: ignore[no-untyped-def]
               document: PDFDocument | None) -> LinkAnnotation | None:
    annot = resolve1(ref)
    if not isinstance(annot, dict) or name_of(annot.get("Subtype")) != "Link":
        return None
    rect = rect_of(annot.get("Rect"))
    if rect is None:
        return None
    boxes = _quads(annot.get("QuadPoints"), matrix) or (box_in(matrix, rect),)
    objid = ref.objid if isinstance(ref, PDFObjRef) else 0
    action = resolve1(annot.get("A"))
    if isinstance(action, dict):
        kind = name_of(action.get("S"))
        if kind == "URI":
            uri = action.get("URI")
            uri = resolve1(uri)
            if isinstance(uri, bytes):
                # URIs are 7-bit ASCII (ISO 32000-1, 12.6.4.7); producers that write UTF-8 get it.
                text = uri.decode("utf-8", "replace")
            else:
                text = text_of(uri) or ""
            return LinkAnnotation(boxes, "uri", uri=text.strip(), objid=objid)
        if kind == "GoTo":
            return LinkAnnotation(boxes, "internal",
                                  page=destination_page(action.get("D"), indices, document),
                                  objid=objid)
        return LinkAnnotation(boxes, "other", objid=objid)
    if "Dest" in annot:
        return LinkAnnotation(boxes, "internal",
                              page=destination_page(annot.get("Dest"), indices, document),
                              objid=objid)
    return None


def _quads(value: object, matrix) -> tuple[Box, ...]:  # type: ignore[no-untyped-def]
    """/QuadPoints (8 numbers per quadrilateral) as boxes in page space."""
    value = resolve1(value)
    if not isinstance(value, list) or len(value) < 8 or len(value) % 8:
        return ()
    numbers = [number(v) for v in value[:8 * MAX_QUADS]]
    if any(n is None for n in numbers):
        return ()
    boxes = []
    for k in range(0, len(numbers), 8):
        xs = numbers[k:k + 8:2]
        ys = numbers[k + 1:k + 8:2]
        boxes.append(box_in(matrix, (min(xs), min(ys), max(xs), max(ys))))  # type: ignore[type-var]
    return tuple(boxes)


MAX_NAME_LOOKUPS = 8
"""Named destinations that name another destination, followed at most (a cycle stops)."""


def destination_page(dest: object, indices: Mapping[int, int],
                     document: PDFDocument | None) -> int | None:
    """The 0-based page index a destination points at: an explicit destination array (its
    first element a page reference, or a page number), a name or string looked up in the
    document's named destinations, or a dictionary with /D."""
    for _ in range(MAX_NAME_LOOKUPS):
        dest = resolve1(dest)
        if isinstance(dest, dict):
            dest = dest.get("D")
            continue
        if isinstance(dest, (bytes, str)) or name_of(dest) is not None:
            if document is None:
                return None
            key = dest if isinstance(dest, (bytes, str)) else name_of(dest)
            try:
                dest = document.get_dest(key)
            except Exception:  # noqa: BLE001 - pdfminer raises KeyError or PDFDestinationNotFound
                return None
            continue
        if isinstance(dest, list) and dest:
            target = dest[0]
            if isinstance(target, PDFObjRef):
                return indices.get(target.objid)
            if isinstance(target, int) and not isinstance(target, bool):
                return target if 0 <= target < max(len(indices), 1) else None
        return None
    return None
