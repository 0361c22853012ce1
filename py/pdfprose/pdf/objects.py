"""The document's objects resolved within budgets: no reference loop, no stream that inflates
without bound, no page-label tree walked forever.

pdfminer.six's ``resolve1`` follows ``N 0 R`` while the object it finds is itself a reference,
so an object that is a reference to itself (or two that name each other) hangs every reader of
it: the page tree, ``/Contents``, ``/Encrypt``, ``/PageLabels``. Every reference is resolved
through the document's ``getobj``, which :class:`BudgetedDocument` overrides: a chain of bare
references longer than :attr:`~pdfprose.budgets.ReadBudgets.ref_chain`, or one that comes back
to an object it passed, resolves to ``null`` (ISO 32000-1, 7.3.10: a reference to a missing
object is null) and is noted. The same method hands out every stream as a
:class:`~pdfprose.pdf.streams.BoundedStream` charged to the document's inflate budget.
"""

from __future__ import annotations

from typing import Any

from pdfminer.pdfdocument import PDFNoPageLabels
from pdfminer.pdftypes import PDFObjRef, PDFStream

from ..budgets import DEFAULT_BUDGETS, ReadBudgets
from .content import FastObjectStreamDocument
from .streams import BoundedStream, InflateBudget


class BudgetedDocument(FastObjectStreamDocument):
    """pdfminer.six's document (with pdfprose's faster object streams) whose objects resolve
    within :class:`~pdfprose.budgets.ReadBudgets`. ``notes`` lists ``(code, part)`` for each
    budget that ran out while opening or reading (``reference_loop``, ``page_labels``); the
    inflate budgets' cuts are counted in ``inflate.cut`` (content, forms, everything else) and
    ``font_inflate.cut`` (font programs and CMaps, :func:`~pdfprose.pdf.streams.charge_fonts`)."""

    def __init__(self, parser: Any, password: str = "", budgets: ReadBudgets = DEFAULT_BUDGETS,
                 file_size: int = 0, **kwargs: Any) -> None:
        self.budgets = budgets
        self.parser = parser  # its ``repaired`` count, when it is a RepairingParser
        self.notes: list[tuple[str, str]] = []
        limit = max(budgets.inflate_floor_bytes, int(budgets.inflate_file_ratio * file_size))
        self.inflate = InflateBudget(limit)
        # Fonts' programs and maps draw on an allowance of their own (ReadBudgets.inflate_floor_bytes).
        self.font_inflate = InflateBudget(limit)
        super().__init__(parser, password=password, **kwargs)

    def getobj(self, objid: int) -> object:
        obj = super().getobj(objid)
        if type(obj) is PDFStream:
            obj.__class__ = BoundedStream  # the same object, its decode bounded (streams.py)
            obj.budget = self.inflate  # type: ignore[attr-defined]
        elif isinstance(obj, PDFObjRef):
            obj = self._follow(objid, obj)
        return obj

    def _follow(self, objid: int, ref: PDFObjRef) -> object:
        """What a chain of bare references starting at object ``objid`` ends on, or None
        (noted) when it loops or runs past the budget."""
        seen = {objid}
        obj: object = ref
        while isinstance(obj, PDFObjRef):
            if obj.objid in seen or len(seen) > self.budgets.ref_chain:
                self.notes.append(("reference_loop", f"object {objid}"))
                return None
            seen.add(obj.objid)
            obj = super().getobj(obj.objid)
        if type(obj) is PDFStream:
            obj.__class__ = BoundedStream
            obj.budget = self.inflate  # type: ignore[attr-defined]
        return obj

    def get_page_labels(self) -> Any:
        """pdfminer.six's page labels, once their number tree has been walked within
        :attr:`~pdfprose.budgets.ReadBudgets.page_label_nodes` nodes, each at most once; a tree
        that loops or runs past it gives no labels (noted), as a file without them."""
        root = self.catalog.get("PageLabels") if isinstance(self.catalog, dict) else None
        if root is not None and not self._small_tree(root):
            self.notes.append(("page_labels", "the page labels"))
            raise PDFNoPageLabels
        return super().get_page_labels()

    def _small_tree(self, root: object) -> bool:
        """True when the number tree at ``root`` has no node twice and at most the budget's."""
        limit = self.budgets.page_label_nodes
        seen: set[int] = set()
        stack = [root]
        nodes = 0
        while stack:
            node = stack.pop()
            if isinstance(node, PDFObjRef):
                if node.objid in seen:
                    return False
                seen.add(node.objid)
                node = self.getobj(node.objid)
            nodes += 1
            if nodes > limit:
                return False
            if isinstance(node, dict):
                kids = node.get("Kids")
                if isinstance(kids, PDFObjRef):
                    kids = self.getobj(kids.objid)
                if isinstance(kids, list):
                    stack.extend(kids)
        return True
