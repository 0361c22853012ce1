"""One PDF's bytes in, its text (or why there is none) out: the unit of work of a batch.

:func:`convert_bytes` runs in the process that converts (a worker child of a batch, the command
line for one file, a user's own Dask task) and returns plain data, never raises for a bad file:
each failure is a stable ``code`` and a message a reader can act on. An unexpected exception is
a bug in pdfprose, not a fault of the file: its message is the same generic sentence for every
such bug, and its detail (the exception's type and text) goes to ``detail``, for ``--verbose``
and for whoever reports the bug, never into the message.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pdfprose import InternalError, Options, PdfProseError, convert

UNEXPECTED = "pdfprose could not read this part of the file"
"""The message of every unexpected error (issue 25): the reader learns that this file, not their
machine, is the problem, and the code says which kind; internal text stays in ``detail``."""

MEMORY_CODE = "memory"
"""The code of a file that needed more memory than the worker's limit."""

NO_TEXT = "no_text"
"""The code of a document read whole that has no text layer (a scan): converted, no text
written, as the page counts it (converted, with its "no text layer" notice)."""

MEMORY_ERROR = MemoryError.__name__
"""How a page that ran out of memory shows in the engine's reason for failing it."""


@dataclass(slots=True)
class Outcome:
    """What became of one file's bytes.

    ``code`` is None when there is a text; :data:`NO_TEXT` for a document read whole without a
    text layer (converted, no text); otherwise a stable word of a failure (an engine error's
    code such as ``not_pdf`` or ``password_required``, ``unreadable`` when every page failed
    (the page's list counts it so too: app/shell/queue.js), ``internal`` for a bug in pdfprose, ``memory``,
    and, set by the batch around this function, ``timeout``, ``crashed``, ``too_large``,
    ``read_error``, ``write_error``). ``report`` is the document's JSON report whenever the
    document could be analysed (also when it has no text). Page lists hold page numbers.
    """

    code: str | None = None
    message: str | None = None
    detail: str | None = None
    text: str | None = None
    report: dict[str, Any] | None = None
    pages: int | None = None
    empty_pages: list[int] = field(default_factory=list)
    garbled_pages: list[int] = field(default_factory=list)
    failed_pages: list[int] = field(default_factory=list)
    partial: bool = False
    warnings: list[str] = field(default_factory=list)

    @property
    def converted(self) -> bool:
        """The document was read (with a text, or :data:`NO_TEXT` without one)."""
        return self.code is None or self.code == NO_TEXT

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def failure(cls, code: str, message: str, detail: str | None = None) -> "Outcome":
        return cls(code=code, message=" ".join(message.split()), detail=detail)


def describe(exc: BaseException) -> str:
    """``Type: message`` on one line, for ``detail`` (never shown as a message)."""
    return " ".join(f"{type(exc).__name__}: {exc}".split())[:500]


def unexpected(stage: str | None, exc: BaseException | None = None,
               memory_mb: int | None = None) -> Outcome:
    """The outcome of an unexpected error at ``stage`` (``open``, ``render``, ...): the generic
    message with its code, or ``memory`` when it was the memory limit that ran out."""
    cause = exc.__cause__ if isinstance(exc, InternalError) and exc.__cause__ else exc
    kind = exc.params.get("type") if isinstance(exc, InternalError) else type(exc).__name__
    if kind == "MemoryError" or isinstance(cause, MemoryError):
        limit = f"the limit of {memory_mb} MB (--memory-limit)" if memory_mb \
            else "the machine could give it"
        return Outcome.failure(MEMORY_CODE, f"the file needs more memory than {limit}",
                               describe(cause) if cause else None)
    where = f", stage {stage}" if stage else ""
    return Outcome.failure("internal", f"{UNEXPECTED} (code internal{where}); "
                           "--verbose shows the detail",
                           describe(cause) if cause is not None else None)


def convert_bytes(data: bytes, options: Options | None = None, password: str = "",
                  memory_mb: int | None = None) -> Outcome:
    """Convert one PDF and render it with ``options``; never raises for a bad file.

    ``memory_mb`` only words the message of a file that ran out of memory (the limit itself is
    set on the process by whoever runs it).
    """
    options = options or Options()
    try:
        conversion = convert(data, password=password)
        report = conversion.report()
    except InternalError as exc:
        return unexpected(str(exc.params.get("stage") or "open"), exc, memory_mb)
    except PdfProseError as exc:
        hint = " (give it with --password)" if exc.code == "password_required" else ""
        return Outcome.failure(exc.code, str(exc) + hint)
    except MemoryError as exc:
        return unexpected("open", exc, memory_mb)
    except Exception as exc:  # noqa: BLE001 - convert lets none out; if one does, it is a bug
        return unexpected(None, exc, memory_mb)
    outcome = Outcome(
        report=report,
        pages=len(conversion.pages),
        empty_pages=list(conversion.empty_pages),
        garbled_pages=list(conversion.garbled_pages),
        failed_pages=[int(f["number"]) for f in conversion.failed_pages],  # type: ignore[call-overload]
        partial=bool(conversion.partial),
        warnings=list(conversion.warnings),
    )
    if conversion.all_empty:
        failed = conversion.failed_pages
        if failed and len(failed) == len(conversion.pages) and memory_mb \
                and all(MEMORY_ERROR in str(f["reason"]) for f in failed):
            # The engine fails a page that runs out of memory and goes on; when that was every
            # page, the file as a whole needed more than the limit. (Its reason is words only:
            # the type's name is the one mark it leaves.)
            limited = unexpected("pages", MemoryError(), memory_mb)
            outcome.code, outcome.message = limited.code, limited.message
        elif failed and len(failed) == len(conversion.pages):
            outcome.code, outcome.message = "unreadable", f"no page could be read ({failed[0]['reason']})"
        elif failed:
            outcome.code, outcome.message = NO_TEXT, (
                f"no page has text: {len(conversion.empty_pages)} without a text layer "
                f"(a scan? use OCR), {len(failed)} could not be read")
        elif len(conversion.empty_pages) < len(conversion.pages):
            # Pages whose text is all drawn invisibly have a text layer: no scan (OCR would
            # find nothing); their notice says what was left out and why.
            hidden = next(w for n, w in zip(conversion.records, conversion.warnings)
                          if n.code == "hidden_text")
            scans = len(conversion.empty_pages)
            outcome.code, outcome.message = NO_TEXT, f"no page has visible text: {hidden}" + (
                f" {scans} other page(s) have no text layer (a scan? use OCR)." if scans else "")
        else:
            outcome.code, outcome.message = NO_TEXT, "no page has a text layer (a scan?): use OCR"
        outcome.message = " ".join(outcome.message.split())
        return outcome
    try:
        outcome.text = conversion.render(options)
    except InternalError as exc:
        failed_render = unexpected("render", exc, memory_mb)
        outcome.code, outcome.message, outcome.detail = (
            failed_render.code, failed_render.message, failed_render.detail)
    except PdfProseError as exc:
        outcome.code, outcome.message = exc.code, " ".join(str(exc).split())
    except MemoryError as exc:
        failed_render = unexpected("render", exc, memory_mb)
        outcome.code, outcome.message, outcome.detail = (
            failed_render.code, failed_render.message, failed_render.detail)
    return outcome
