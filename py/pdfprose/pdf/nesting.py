"""Arrays and dictionaries nested deeper than :attr:`~pdfprose.budgets.ReadBudgets.object_depth`
are not built: what lies deeper is read through and dropped.

pdfminer.six's parsers nest without bound (their stack is a list, not the call stack), so a
page dictionary holding arrays 100,000 deep (the hostile suite's ``deep_arrays``) opens, and
CPython frees it again. In the browser it did not: freeing a structure that deep recurses in
the interpreter's deallocator past what WebAssembly's stack holds, and Pyodide died with a fatal
"Maximum call stack size exceeded" while collecting the previous document's garbage at the start
of the next one (50,000 levels in Node; 20,000 freed cleanly), so that the page failed the next,
ordinary file.

An object parser (the file's, an object stream's) puts ``null`` where the dropped structure
stood (ISO 32000-1, 7.3.9: a dictionary entry whose value is null is absent) and notes it on its
document; a content stream's parser raises :class:`StructureTooDeep` instead, which the content
loop (:func:`pdfprose.pdf.guards.execute`) counts as damage, as any syntax error.
"""

from __future__ import annotations

from typing import Any

from pdfminer.pdfparser import PDFParser
from pdfminer.psparser import (
    KEYWORD_ARRAY_BEGIN, KEYWORD_ARRAY_END, KEYWORD_DICT_BEGIN, KEYWORD_DICT_END, KEYWORD_PROC_BEGIN,
    KEYWORD_PROC_END, PSSyntaxError)

from ..budgets import DEFAULT_BUDGETS

OPENERS = frozenset({KEYWORD_ARRAY_BEGIN, KEYWORD_DICT_BEGIN, KEYWORD_PROC_BEGIN})
CLOSERS = frozenset({KEYWORD_ARRAY_END, KEYWORD_DICT_END, KEYWORD_PROC_END})


class StructureTooDeep(PSSyntaxError):
    """An array or dictionary of a content stream nested past the budget; the page goes on
    after it."""


def drop_structure(parser: Any, pos: int) -> None:
    """The structure just opened at ``pos`` is one level too deep: read its tokens through its
    end (any closing bracket closes a level, as a mismatched one does in pdfminer), count it
    (``parser.too_deep``), and put ``null`` in its place, or raise :class:`StructureTooDeep`
    for a parser with ``deep_is_damage``."""
    depth = 1
    while depth:
        token = parser.nexttoken()[1]
        if token in OPENERS:
            depth += 1
        elif token in CLOSERS:
            depth -= 1
    parser.too_deep += 1
    if parser.deep_is_damage:
        raise StructureTooDeep(f"arrays or dictionaries nested more than {parser.max_depth} deep")
    notes = getattr(getattr(parser, "doc", None), "notes", None)
    if isinstance(notes, list):
        notes.append(("nesting", f"{parser.max_depth:,}"))  # the depth, said in the notice
    parser.curstack.append((pos, None))


class BoundedNesting:
    """For a subclass of one of pdfminer.six's stack parsers (mixed in before it): its arrays
    and dictionaries nest at most ``max_depth`` deep (see the module's docstring)."""

    max_depth = DEFAULT_BUDGETS.object_depth
    too_deep = 0
    """Structures dropped for their depth."""
    deep_is_damage = False
    """Raise :class:`StructureTooDeep` (content) rather than read the structure as null."""

    context: list[Any]

    def start_type(self, pos: int, type: str) -> None:
        if len(self.context) >= self.max_depth:
            drop_structure(self, pos)
            return
        super().start_type(pos, type)  # type: ignore[misc]


class BoundedPDFParser(BoundedNesting, PDFParser):
    """pdfminer.six's file parser, its nesting bounded."""
