"""The sentences that say a read budget ran out (:class:`pdfprose.budgets.ReadBudgets`), one per
part of the file it hit, and the part a sentence names: the converter's notices give each as
``{"code": "limit_reached", "part": ...}`` (or ``"repaired"`` for a mended stream length).

The parser records each as a typed notice (:func:`limit_notice`, in
:attr:`pdfprose.pdf.document.ParsedDocument.notices`); the sentence is made from it at the edge
(:mod:`pdfprose.engine.wording`), with ``Page N:`` before it when it concerns one page.
"""

from __future__ import annotations

import re

from ..notice import Notice

LIMIT_SENTENCES = {
    "reference_loop": "some of its objects refer to themselves in a loop; they were read as "
                      "empty (a damaged or hostile file)",
    "page_labels": "its page labels loop or never end; they were left out",
    "nesting": "some of its arrays or dictionaries nest more than {limit} levels deep; what "
               "lies deeper was read as empty (a damaged or hostile file)",
    "stream_size": "a stream inflates past what the whole file may decompress to ({limit}); "
                   "it was cut there and the text after that point is lost",
    "fonts": "{count} of its fonts map or size more codes than a font can address; "
             "the extra codes were left out",
    "font_nesting": "{count} of its fonts nest arrays or dictionaries more than {limit} levels "
                    "deep in their character maps or programs; what lies deeper was left out "
                    "(a damaged or hostile file)",
    "graphics_states": "it saves more graphics states than {limit} without restoring them; "
                       "{count} were ignored",
    "annotations": "it has {count} annotations; only the first {limit} were drawn",
    "shapes": "it draws more than {limit} lines and boxes; tables were looked for among the "
              "first {limit} ({count} more not kept)",
    "page_box": "its page size (MediaBox) is not a size ({box}); {used} was used instead",
}
"""Per part, the sentence (a format string) after ``The file:`` or ``Page N:``."""

REPAIRED_SENTENCE = ("{count} of its streams declared a wrong length; each was read up to "
                     "its 'endstream' instead")


def limit_sentence(part: str, page: int | None = None, **values: object) -> str:
    """The warning for ``part``'s budget, on page ``page`` (or the whole file)."""
    where = f"Page {page}: " if page is not None else "The file: "
    return where + LIMIT_SENTENCES[part].format(**values) + "."


def limit_notice(part: str, page: int | None = None, **values: str) -> Notice:
    """The typed notice that ``part``'s budget ran out, on page ``page`` (or the whole file),
    with the ``values`` (already formatted) its sentence names."""
    return Notice("limit_reached", (page,) if page is not None else (), part=part,
                  values=tuple(sorted(values.items())))


def _pattern(sentence: str) -> re.Pattern[str]:
    pieces = re.split(r"\{[^}]*\}", sentence)
    return re.compile("^(?:Page \\d+|The file): " + ".+?".join(map(re.escape, pieces)) + "\\.$")


_PATTERNS = {part: _pattern(sentence) for part, sentence in LIMIT_SENTENCES.items()}


def limit_part(message: str) -> str | None:
    """The part a warning made by :func:`limit_sentence` names, else None."""
    for part, pattern in _PATTERNS.items():
        if pattern.match(message):
            return part
    return None


UNREADABLE_PART = "pdfprose could not read this part of the file"
"""What an unexpected failure while reading the file says, never the exception's own text (the
detail goes to the ``pdfprose`` logger, which ``--verbose`` shows), with :func:`read_code`."""


def read_code(exc: BaseException) -> str:
    """A short code for the kind of failure: ``syntax`` (pdfminer.six's parser gave up),
    ``encryption`` (decryption failed), ``memory``, ``depth`` (nesting too deep), ``data``
    (a value of the wrong kind or out of range), else ``internal``."""
    module = type(exc).__module__ or ""
    if isinstance(exc, MemoryError):
        return "memory"
    if isinstance(exc, RecursionError):
        return "depth"
    if module.startswith("cryptography") or "IV" in str(exc)[:40]:
        return "encryption"
    if module.startswith("pdfminer"):
        return "syntax"
    if isinstance(exc, (ValueError, TypeError, KeyError, IndexError, ArithmeticError)):
        return "data"
    return "internal"


def unreadable(exc: BaseException) -> str:
    """:data:`UNREADABLE_PART` with the failure's code, e.g. ``... (code syntax)``."""
    return f"{UNREADABLE_PART} (code {read_code(exc)})"
