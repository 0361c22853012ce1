"""The structure tree of a tagged PDF: per page, each MCID's structure element, its type
(role-mapped to a standard type), its ancestors, /Alt and /ActualText, in the tree's order.

The tree is walked from /StructTreeRoot depth first (its order is the document's logical
order); every marked-content reference (an integer /K, or an /MCR dictionary) is recorded
under its page; object references (/OBJR: a Link element's annotation) likewise. Types go
through the /RoleMap, and PDF 2.0's namespace role maps (/RoleMapNS), until a standard type
is reached. Hostile trees loop (a /K naming an ancestor), run thousands deep or hold millions
of nodes: the walk keeps a visited set and stops at the read budgets' ``struct_nodes`` nodes
and ``struct_depth`` levels (:class:`~pdfprose.budgets.ReadBudgets`), saying so in
``problems``.

Whether to trust the tags is a later decision (:func:`tags_usable`, and page by page against
the geometry); this module only reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1

from ..budgets import DEFAULT_BUDGETS, ReadBudgets
from .pdfspace import name_of, text_of

MAX_ROLE_STEPS = 16
"""Role-map links followed at most from a custom type to a standard one (a cycle stops)."""

STANDARD_TYPES = frozenset((
    # ISO 32000-1, 14.8.4
    "Document", "Part", "Art", "Sect", "Div", "BlockQuote", "Caption", "TOC", "TOCI", "Index",
    "NonStruct", "Private", "P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "L", "LI", "Lbl",
    "LBody", "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot", "Span", "Quote", "Note",
    "Reference", "BibEntry", "Code", "Link", "Annot", "Ruby", "RB", "RT", "RP", "Warichu",
    "WT", "WP", "Figure", "Formula", "Form",
    # ISO 32000-2, 14.8.4 (PDF 2.0)
    "DocumentFragment", "Aside", "Title", "FENote", "Sub", "Em", "Strong", "Artifact",
))
"""The standard structure types of PDF 1.7 and PDF 2.0."""

HEADING_TYPES = {"H": 1, "H1": 1, "H2": 2, "H3": 3, "H4": 4, "H5": 5, "H6": 6, "Title": 1}
"""Heading types and the level each gives (H, unnumbered, counts as a first level)."""


@dataclass(frozen=True, slots=True)
class StructElement:
    """One structure element. ``kind`` is its standard type (``raw`` the type the file wrote,
    before the role map; ``kind`` is ``raw`` when no standard type is reached); ``parent`` the
    index of its parent element (-1 under the root); ``depth`` 1 under the root; ``page`` its
    /Pg page index when it has one; ``rank`` orders elements of one tree as its depth-first
    walk does (compare ranks, not indices: a tree read page by page numbers its elements in
    the order the pages were asked for)."""

    index: int
    kind: str
    raw: str
    parent: int
    depth: int
    alt: str | None = None
    actual_text: str | None = None
    lang: str | None = None
    page: int | None = None
    rank: tuple[int, ...] = ()


@dataclass(slots=True)
class StructTree:
    """A document's structure tree, read. ``elements`` in the tree's (depth-first) order;
    ``content[page][mcid]`` the element index owning that marked content; ``content_order``
    every (page, mcid) in tree order (the reading order the tags claim); ``objects`` maps an
    annotation's object number to its element (a Link's /OBJR). ``marked`` and ``suspects``
    are /MarkInfo's flags."""

    elements: list[StructElement] = field(default_factory=list)
    content: dict[int, dict[int, int]] = field(default_factory=dict)
    content_order: list[tuple[int, int]] = field(default_factory=list)
    objects: dict[int, int] = field(default_factory=dict)
    marked: bool = False
    suspects: bool = False
    problems: list[str] = field(default_factory=list)
    depth_limit: int = DEFAULT_BUDGETS.struct_depth
    """The nesting read at most (the read budgets' ``struct_depth``)."""

    def page_content(self, page: int) -> dict[int, int]:
        """MCID -> index of the element owning it, on page ``page`` (0-based)."""
        return self.content.get(page, {})

    def has_content(self) -> bool:
        """Whether the tree owns any marked content."""
        return bool(self.content_order)

    def element_of(self, page: int, mcid: int) -> StructElement | None:
        index = self.page_content(page).get(mcid)
        return None if index is None else self.elements[index]

    def ancestors(self, element: StructElement) -> list[StructElement]:
        """The element's ancestors, nearest first."""
        out = []
        seen = 0
        parent = element.parent
        while parent >= 0 and seen <= self.depth_limit:
            node = self.elements[parent]
            out.append(node)
            parent = node.parent
            seen += 1
        return out

    def kinds_on(self, page: int) -> dict[int, str]:
        """MCID -> standard type of its element, for one page."""
        return {mcid: self.elements[i].kind for mcid, i in self.content.get(page, {}).items()}


def tags_usable(tree: StructTree | None) -> bool:
    """Whether the tags may be used at all: a tree with content, a document that says it is
    tagged (/MarkInfo /Marked true), and no /Suspects (the producer's own doubt)."""
    return tree is not None and tree.marked and not tree.suspects and tree.has_content()


def _tree_root(document: PDFDocument) -> dict | None:
    """The catalog's /StructTreeRoot dictionary, or None when it has none or it cannot be read."""
    try:
        root = resolve1(document.catalog.get("StructTreeRoot"))
    except Exception:  # noqa: BLE001
        return None
    return root if isinstance(root, dict) else None


def read_structure(document: PDFDocument, indices: Mapping[int, int],
                   budgets: ReadBudgets = DEFAULT_BUDGETS) -> StructTree | None:
    """The document's structure tree, or None when it has none. ``indices`` maps page object
    numbers to page indices."""
    root = _tree_root(document)
    if root is None:
        return None
    max_nodes, max_depth = budgets.struct_nodes, budgets.struct_depth
    tree = StructTree(depth_limit=max_depth)
    mark_info = resolve1(document.catalog.get("MarkInfo"))
    if isinstance(mark_info, dict):
        tree.marked = resolve1(mark_info.get("Marked")) is True
        tree.suspects = resolve1(mark_info.get("Suspects")) is True
    roles = _RoleMapper(root)
    seen: set[int] = set()
    count = 0
    # (kid, parent element index, depth, page inherited from the nearest /Pg)
    stack: list[tuple[object, int, int, int | None]] = [
        (kid, -1, 1, None) for kid in reversed(_kids(root.get("K")))]
    while stack:
        ref, parent, depth, page = stack.pop()
        count += 1
        if count > max_nodes:
            tree.problems.append(f"the structure tree has over {max_nodes} nodes; "
                                 "the rest were not read")
            break
        if isinstance(ref, PDFObjRef):
            if ref.objid in seen:
                tree.problems.append("the structure tree loops back on itself; the loop was cut")
                continue
            seen.add(ref.objid)
        try:
            node = resolve1(ref)
        except Exception:  # noqa: BLE001
            continue
        if isinstance(node, int) and not isinstance(node, bool):
            _record(tree, page, node, parent)
            continue
        if not isinstance(node, dict):
            continue
        kind = name_of(node.get("Type"))
        node_page = _page_of(node.get("Pg"), indices)
        if node_page is None:
            node_page = page
        if kind == "MCR" or ("MCID" in node and "S" not in node):
            mcid = resolve1(node.get("MCID"))
            if isinstance(mcid, int) and not isinstance(mcid, bool) \
                    and not isinstance(resolve1(node.get("Stm")), PDFStream):
                _record(tree, node_page, mcid, parent)
            continue
        if kind == "OBJR":
            obj = node.get("Obj")
            if isinstance(obj, PDFObjRef) and parent >= 0:
                tree.objects[obj.objid] = parent
            continue
        if "S" not in node:
            continue
        if depth > max_depth:
            tree.problems.append(f"structure deeper than {max_depth} levels was not read")
            continue
        raw = name_of(node.get("S")) or ""
        element = StructElement(
            index=len(tree.elements), kind=roles.standard(raw, node.get("NS")), raw=raw,
            parent=parent, depth=depth, alt=text_of(node.get("Alt")),
            actual_text=text_of(node.get("ActualText")), lang=text_of(node.get("Lang")),
            page=node_page, rank=(len(tree.elements),))
        tree.elements.append(element)
        for kid in reversed(_kids(node.get("K"))):
            stack.append((kid, element.index, depth + 1, node_page))
    tree.problems = list(dict.fromkeys(tree.problems))
    return tree


def _kids(value: object) -> list[object]:
    """/K as a list: one kid (an integer, a dictionary, a reference) or an array of them."""
    try:
        resolved = resolve1(value)
    except Exception:  # noqa: BLE001
        return []
    if value is None:
        return []
    if isinstance(resolved, list):
        return list(resolved)
    return [value]


def _page_of(value: object, indices: Mapping[int, int]) -> int | None:
    return indices.get(value.objid) if isinstance(value, PDFObjRef) else None


def _record(tree: StructTree, page: int | None, mcid: int, parent: int) -> None:
    if page is None or parent < 0:
        return
    owners = tree.content.setdefault(page, {})
    if mcid not in owners:
        owners[mcid] = parent
        tree.content_order.append((page, mcid))


class _RoleMapper:
    """Custom structure types -> standard ones: the root's /RoleMap, and PDF 2.0 namespaces
    whose /RoleMapNS map a type to [type namespace]."""

    def __init__(self, root: dict) -> None:  # type: ignore[type-arg]
        role_map = resolve1(root.get("RoleMap"))
        self.role_map = role_map if isinstance(role_map, dict) else {}
        self.cache: dict[tuple[str, int], str] = {}

    def standard(self, raw: str, namespace: object) -> str:
        key = (raw, namespace.objid if isinstance(namespace, PDFObjRef) else 0)
        known = self.cache.get(key)
        if known is None:
            known = self.cache[key] = self._resolve(raw, namespace)
        return known

    def _resolve(self, kind: str, namespace: object) -> str:
        for _ in range(MAX_ROLE_STEPS):
            ns = resolve1(namespace) if namespace is not None else None
            ns_map = resolve1(ns.get("RoleMapNS")) if isinstance(ns, dict) else None
            if isinstance(ns_map, dict) and kind in ns_map:
                target = resolve1(ns_map[kind])
                if isinstance(target, list) and target:
                    kind = name_of(target[0]) or kind
                    namespace = target[1] if len(target) > 1 else None
                    continue
                mapped = name_of(target)
                if mapped:
                    kind, namespace = mapped, None
                    continue
            if kind in STANDARD_TYPES and not isinstance(ns_map, dict):
                return kind
            if kind in STANDARD_TYPES and kind not in (ns_map or {}):
                return kind
            mapped = name_of(self.role_map.get(kind))
            if not mapped or mapped == kind:
                return kind
            kind, namespace = mapped, None
        return kind


class PageStructTree(StructTree):
    """A structure tree read page by page through /ParentTree (ISO 32000-1, 14.7.4.4): a page's
    /StructParents key names the array of the elements owning its MCIDs, and each element's
    /P chain its ancestors. Converting two pages of a long tagged report reads their few dozen
    elements, not the whole tree (pdf.js reads a page's tags the same way). Elements are
    numbered as they are met; their ``rank`` (the kid positions from the root) keeps the
    tree's depth-first order."""

    def __init__(self, document: PDFDocument, root: dict,  # type: ignore[type-arg]
                 pages: Sequence[PDFPage], indices: Mapping[int, int],
                 budgets: ReadBudgets = DEFAULT_BUDGETS) -> None:
        super().__init__(depth_limit=budgets.struct_depth)
        self._budgets = budgets
        self._root = root
        self._pages = pages
        self._indices = indices
        self._roles = _RoleMapper(root)
        self._parent_tree = resolve1(root.get("ParentTree"))
        self._known: dict[int, int] = {}  # element object number -> index
        self._document = document
        self._whole = False
        self._nodes: list[dict] = []  # type: ignore[type-arg]  # each element's dictionary

    def page_content(self, page: int) -> dict[int, int]:
        found = self.content.get(page)
        if found is None:
            try:
                found = self._read_page(page)
            except Exception:  # noqa: BLE001 - a damaged tree costs the page its tags, not its text
                # Read during the page's layout, not while parsing: an object the tree names
                # that cannot be resolved (pdfminer asserts on a broken object stream, raises on
                # a bad xref entry) would otherwise fail the whole page's analysis.
                self.problems.append(f"the structure tree of page {page + 1} could not be read; "
                                     "its tags were not used")
                found = {}
            self.content[page] = found
        return found

    def has_content(self) -> bool:
        # Read page by page, the tree is known to own content only once a page is read; a
        # root with kids and a parent tree claims it (checked by :func:`open_structure`).
        return True

    def _read_page(self, page: int) -> dict[int, int]:
        if self._whole or not 0 <= page < len(self._pages):
            return {}
        key = resolve1(self._pages[page].attrs.get("StructParents"))
        if not isinstance(key, int) or isinstance(key, bool):
            return {}
        owners = resolve1(_number_tree_get(self._parent_tree, key,
                                           self._budgets.parent_tree_nodes))
        if not isinstance(owners, list):
            return {}
        out: dict[int, int] = {}
        for mcid, ref in enumerate(owners):
            if ref is None:
                continue
            if mcid not in _claimed(resolve1(ref)):
                # The array is not indexed by MCID (PowerPoint lists a page's owners without
                # the gaps): only the whole tree says who owns what.
                self._read_whole()
                return self.content.get(page, {})
            index = self._element(ref)
            if index is not None:
                out[mcid] = index
        return out

    def _read_whole(self) -> None:
        """Give up reading page by page: every page not yet read takes its content from the
        whole tree, read now (its elements appended after those already read)."""
        if self._whole:
            return
        self._whole = True
        whole = read_structure(self._document, self._indices, self._budgets)
        if whole is None:
            return
        offset = len(self.elements)
        for e in whole.elements:
            self.elements.append(replace(e, index=e.index + offset,
                                         parent=e.parent + offset if e.parent >= 0 else -1))
        for page, owners in whole.content.items():
            if page not in self.content:
                self.content[page] = {mcid: i + offset for mcid, i in owners.items()}
        self.problems.extend(whole.problems)

    def _element(self, ref: object) -> int | None:
        """The index of the element ``ref`` names, read with its ancestors; None when it is
        not an element under the root."""
        chain: list[tuple[object, dict]] = []  # type: ignore[type-arg]
        seen: set[int] = set()
        parent = -1
        while True:
            if isinstance(ref, PDFObjRef):
                if ref.objid in self._known:
                    parent = self._known[ref.objid]
                    break
                if ref.objid in seen:
                    return None  # /P loops
                seen.add(ref.objid)
            node = resolve1(ref)
            if not isinstance(node, dict) or node is self._root:
                break
            if "S" not in node or len(chain) >= self.depth_limit:
                return None
            chain.append((ref, node))
            ref = node.get("P")
        if not chain:
            return parent if parent >= 0 else None
        if parent < 0 and resolve1(ref) is not self._root:
            return None  # not reachable from the root: the depth-first walk never meets it
        for ref, node in reversed(chain):
            up = self.elements[parent] if parent >= 0 else None
            holder = self._root if up is None else self._nodes[parent]
            position = _position(_kids(holder.get("K")), ref, node)
            raw = name_of(node.get("S")) or ""
            node_page = _page_of(node.get("Pg"), self._indices)
            if node_page is None and up is not None:
                node_page = up.page
            element = StructElement(
                index=len(self.elements), kind=self._roles.standard(raw, node.get("NS")),
                raw=raw, parent=parent, depth=(up.depth + 1) if up is not None else 1,
                alt=text_of(node.get("Alt")), actual_text=text_of(node.get("ActualText")),
                lang=text_of(node.get("Lang")), page=node_page,
                rank=(up.rank if up is not None else ()) + (position,))
            self.elements.append(element)
            self._nodes.append(node)
            if isinstance(ref, PDFObjRef):
                self._known[ref.objid] = element.index
            parent = element.index
        return parent


def _claimed(node: object) -> set[int]:
    """The MCIDs an element's /K names (integers, and marked-content references)."""
    out: set[int] = set()
    if not isinstance(node, dict):
        return out
    for kid in _kids(node.get("K")):
        try:
            kid = resolve1(kid)
        except Exception:  # noqa: BLE001
            continue
        if isinstance(kid, dict) and "S" not in kid:
            kid = resolve1(kid.get("MCID"))
        if isinstance(kid, int) and not isinstance(kid, bool):
            out.add(kid)
    return out


def _position(kids: list[object], ref: object, node: object) -> int:
    """Where ``ref`` (resolving to ``node``) stands among its parent's kids; after them all
    when the parent does not list it."""
    objid = ref.objid if isinstance(ref, PDFObjRef) else None
    for i, kid in enumerate(kids):
        if (objid is not None and isinstance(kid, PDFObjRef) and kid.objid == objid) \
                or kid is node:
            return i
    return len(kids)


def _number_tree_get(tree: object, key: int, max_nodes: int) -> object:
    """The value of ``key`` in a number tree (ISO 32000-1, 7.9.7), or None; /Limits steer the
    descent, a loop or a tree of more than ``max_nodes`` nodes ends it."""
    stack = [tree]
    seen: set[int] = set()
    visited = 0
    while stack and visited < max_nodes:
        ref = stack.pop()
        visited += 1
        if isinstance(ref, PDFObjRef):
            if ref.objid in seen:
                continue
            seen.add(ref.objid)
        node = resolve1(ref)
        if not isinstance(node, dict):
            continue
        limits = resolve1(node.get("Limits"))
        if isinstance(limits, list) and len(limits) == 2:
            low, high = resolve1(limits[0]), resolve1(limits[1])
            if isinstance(low, int) and isinstance(high, int) and not low <= key <= high:
                continue
        nums = resolve1(node.get("Nums"))
        if isinstance(nums, list):
            for i in range(0, len(nums) - 1, 2):
                if resolve1(nums[i]) == key:
                    return nums[i + 1]
        kids = resolve1(node.get("Kids"))
        if isinstance(kids, list):
            stack.extend(reversed(kids))
    return None


def open_structure(document: PDFDocument, pages: Sequence[PDFPage],
                   indices: Mapping[int, int],
                   budgets: ReadBudgets = DEFAULT_BUDGETS) -> StructTree | None:
    """The document's structure tree, read lazily page by page (:class:`PageStructTree`) when
    it has a /ParentTree and every page a /StructParents key; otherwise read whole
    (:func:`read_structure`). None when it has no tree. Only /MarkInfo and the root are read
    here."""
    root = _tree_root(document)
    if root is None:
        return None
    if not isinstance(resolve1(root.get("ParentTree")), dict) or not _kids(root.get("K")) \
            or not all(isinstance(resolve1(p.attrs.get("StructParents")), int) for p in pages):
        return read_structure(document, indices, budgets)
    tree = PageStructTree(document, root, pages, indices, budgets)
    mark_info = resolve1(document.catalog.get("MarkInfo"))
    if isinstance(mark_info, dict):
        tree.marked = resolve1(mark_info.get("Marked")) is True
        tree.suspects = resolve1(mark_info.get("Suspects")) is True
    return tree
