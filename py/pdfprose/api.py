"""The public API: open a PDF, analyse it page by page, render it with any options.

The browser worker and the command line both go through :class:`Converter`, so they give the same
text for the same file and options.

Failure is contained at the right depth (SPEC §13): a file that cannot be opened raises one
:class:`~pdfprose.errors.PdfProseError` with a clear message; a page that cannot be read becomes a
failed page (``failed_pages``, with its reason) and the other pages go on; a damaged or truncated
file is recovered as far as it goes (:mod:`pdfprose.recover`), with a warning. No other exception
type escapes: an unexpected one is a bug in pdfprose, reported as
:class:`~pdfprose.errors.InternalError` (opening, rendering) or as a failed page whose reason
starts with ``"internal error"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from pdfminer.pdfdocument import PDFEncryptionError

from .diagnostics import CAUSES, FontEvidence, garbled_warnings
from .document_passes import run_document_passes
from .errors import (
    InternalError,
    NotAPdfError,
    PasswordRequiredError,
    PdfProseError,
    TooManyPagesError,
    UnreadablePdfError,
    UnsupportedEncryptionError,
    WrongPasswordError,
)
from . import heap
from .model import PageAnalysis
from .options import Options
from .page_pipeline import analyze_page
from .parse import ParsedDocument, ParsedPage, open_pdf
from .recover import (
    damage_warning,
    expected_page_count,
    looks_truncated,
    missing_content,
    open_damaged,
    unsupported_encryption,
)
from .render import document_vocabulary, render, render_with_page_starts

MAX_REASON_CHARS = 200
"""A failed page's reason is one line of at most 200 characters (pdfminer's messages can hold a
whole dictionary's repr)."""


def short_reason(exc: BaseException) -> str:
    """``Type: message`` on one line, cut to MAX_REASON_CHARS."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= MAX_REASON_CHARS else text[: MAX_REASON_CHARS - 1] + "…"


@dataclass(slots=True)
class Conversion:
    """The analysis of a whole document, after the document passes.

    ``pages`` holds every page's :class:`~pdfprose.model.PageAnalysis` in page order. Rendering is
    pure: :meth:`render` can be called again with other :class:`Options` at no parsing cost.
    ``warnings`` are readable English sentences; ``notices`` the same facts for a caller that
    words them itself (each ``{"code", "message", ...}``, see :meth:`report`); ``partial`` is
    true when some of the document's text could not be read (failed pages, a damaged file).
    """

    pages: list[PageAnalysis]
    warnings: list[str] = field(default_factory=list)
    notices: list[dict[str, object]] = field(default_factory=list)
    partial: bool = False
    _vocab: set[str] | None = field(default=None, repr=False)

    def render(self, options: Options | None = None) -> str:
        """The document as UTF-8-ready text (TXT or Markdown, per ``options.format``)."""
        try:
            if self._vocab is None:
                self._vocab = document_vocabulary(self.pages)
            return render(self.pages, options or Options(), self._vocab)
        except Exception as exc:  # noqa: BLE001 - the safety net: a bug, reported clearly
            raise InternalError(
                f"pdfprose failed while writing the text (internal error: {short_reason(exc)})",
                stage="render", type=type(exc).__name__,
            ) from exc

    def render_pages(self, options: Options | None = None) -> tuple[str, list[tuple[int, int]]]:
        """The text (as :meth:`render`) and, per page that starts a paragraph, ``(page number,
        code-point offset of its first paragraph)`` for jumping to a page."""
        if self._vocab is None:
            self._vocab = document_vocabulary(self.pages)
        return render_with_page_starts(self.pages, options or Options(), self._vocab)

    def furniture_boxes(self) -> dict[int, list[list[float]]]:
        """Per page number, the boxes ``[x0, top, x1, bottom]`` (page space, points, rounded to
        0.1) of the lines marked as running headers, footers or page numbers (SPEC §8)."""
        return {
            page.number: [
                [round(l.x0, 1), round(l.top, 1), round(l.x1, 1), round(l.bottom, 1)]
                for para in page.paragraphs
                if para.furniture
                for l in para.lines
            ]
            for page in self.pages
            if any(para.furniture for para in page.paragraphs)
        }

    @property
    def empty_pages(self) -> list[int]:
        return [p.number for p in self.pages if p.empty and p.error is None]

    @property
    def garbled_pages(self) -> list[int]:
        return [p.number for p in self.pages if p.garbled]

    @property
    def failed_pages(self) -> list[dict[str, object]]:
        return [{"number": p.number, "reason": p.error} for p in self.pages if p.error]

    @property
    def all_empty(self) -> bool:
        """True when no page has any text (a scan without OCR layer, or every page failed):
        nothing worth offering."""
        return bool(self.pages) and all(p.empty or p.error for p in self.pages)

    def report(self) -> dict[str, object]:
        """The JSON report of the command line's ``--report`` (and the page's notices).

        ``pages`` (each page's summary, with ``garbled_cause``), ``empty_pages``,
        ``garbled_pages``, ``failed_pages`` (``{"number", "reason"}``), ``warnings`` (sentences),
        and, added for the page: ``partial`` and ``notices`` (``{"code", "message", ...}``:
        ``garbled`` with ``pages`` and ``cause``; ``failed_pages`` with ``pages``; ``damaged``
        with ``recovered``, ``expected`` and ``truncated``; ``copy_restricted``;
        ``content_damaged`` with ``pages``; ``internal`` with ``stage``).
        """
        return {
            "pages": [p.summary() for p in self.pages],
            "empty_pages": self.empty_pages,
            "garbled_pages": self.garbled_pages,
            "failed_pages": self.failed_pages,
            "warnings": list(self.warnings),
            "partial": self.partial,
            "notices": [dict(n) for n in self.notices],
        }


class Converter:
    """Incremental conversion of one PDF: open it, analyse its pages one by one, finish.

    ``data`` is the whole file. ``password`` opens a file encrypted with a user password.
    ``max_pages``, when given, refuses larger documents before any page is analysed.
    Each page's glyphs are let go once the page is analysed (its lines keep their boxes, text
    and styles: all the document passes and rendering read); ``keep_glyphs=True`` keeps them
    in ``Line.glyphs`` for a caller that wants them.

    Raises on construction: :class:`~pdfprose.errors.NotAPdfError`,
    :class:`~pdfprose.errors.UnreadablePdfError` (:class:`~pdfprose.errors.TruncatedPdfError`
    for a cut-short file with nothing left to recover),
    :class:`~pdfprose.errors.PasswordRequiredError`,
    :class:`~pdfprose.errors.WrongPasswordError`,
    :class:`~pdfprose.errors.UnsupportedEncryptionError`,
    :class:`~pdfprose.errors.TooManyPagesError`. A page that fails to parse never raises: it is
    recorded in its :class:`PageAnalysis` (``error``) and the other pages go on.
    """

    def __init__(self, data: bytes, password: str = "", max_pages: int | None = None,
                 keep_glyphs: bool = False) -> None:
        heap.begin(self)  # the collector is kept off the pages analysed so far (pdfprose.heap)
        self._keep_glyphs = keep_glyphs
        self._notices: list[dict[str, object]] = []
        self._warnings: list[str] = []
        self._damaged = False
        try:
            self._doc, self._page_objects = self._open(bytes(data), password)
        except PdfProseError:
            raise
        except Exception as exc:  # noqa: BLE001 - the safety net: a bug, reported clearly
            raise InternalError(
                f"pdfprose failed while opening this PDF (internal error: {short_reason(exc)})",
                stage="open", type=type(exc).__name__,
            ) from exc
        if max_pages is not None and self._doc.page_count > max_pages:
            raise TooManyPagesError(
                f"the document has {self._doc.page_count} pages; the limit is {max_pages}",
                pages=self._doc.page_count,
                limit=max_pages,
            )
        self._pages: list[PageAnalysis] = []
        self._next = 0
        self._evidence = FontEvidence()
        self._skipped: list[int] = []  # pages where damaged drawing operations were skipped
        self._cut_short: list[tuple[int, str]] = []  # pages stopped by a guard (guards.py)

    # -- opening ---------------------------------------------------------------------------
    def _open(self, data: bytes, password: str) -> tuple[ParsedDocument, list[object]]:
        truncated = looks_truncated(data)
        try:
            doc = open_pdf(data, password)
            pages = list(getattr(doc, "_pages", []))
        except (NotAPdfError, PasswordRequiredError, WrongPasswordError, UnsupportedEncryptionError):
            raise
        except UnreadablePdfError as exc:
            if isinstance(exc.__cause__, PDFEncryptionError):
                raise unsupported_encryption(exc.__cause__) from None
            # The last resort for truncated files and broken cross-reference tables.
            document, pages = open_damaged(data, password)
            doc = ParsedDocument(document, pages)
            self._damage(len(pages), expected_page_count(document), truncated)
            return doc, list(pages)
        if truncated:
            document = getattr(pages[0], "doc", None) if pages else None
            expected = expected_page_count(document) if document is not None else None
            self._damage(len(pages), expected, True)
        return doc, pages

    def _damage(self, recovered: int, expected: int | None, truncated: bool) -> None:
        self._damaged = True
        message = damage_warning(recovered, expected, truncated)
        self._warnings.append(message)
        self._notices.append({"code": "damaged", "message": message, "recovered": recovered,
                              "expected": expected, "truncated": truncated})

    # -- pages -----------------------------------------------------------------------------
    @property
    def page_count(self) -> int:
        """Number of pages in the document's page tree."""
        return self._doc.page_count

    @property
    def pages_done(self) -> int:
        return len(self._pages)

    @property
    def pages(self) -> list[PageAnalysis]:
        """The pages analysed so far, before the document passes."""
        return list(self._pages)

    def analyze_next(self) -> PageAnalysis | None:
        """Analyse the next page and return it, or ``None`` when every page is done.

        Never raises for a bad page: its ``error`` says why it could not be read."""
        if self._next >= len(self._page_objects):
            return None
        number = self._next + 1
        page_object = self._page_objects[self._next]
        self._next += 1
        try:
            parsed = self._doc.parse_page(number, page_object)  # type: ignore[arg-type]
        except Exception as exc:  # noqa: BLE001 - the safety net: a bug, reported per page
            parsed = ParsedPage(number, 0.0, 0.0,
                                error=f"internal error: the page could not be read ({short_reason(exc)})")
        budget = getattr(getattr(self._doc, "_device", None), "budget", None)
        exceeded = getattr(budget, "exceeded", None)
        if exceeded and parsed.error is None:
            self._cut_short.append((number, exceeded))
        elif getattr(budget, "skipped", 0) and parsed.error is None:
            self._skipped.append(number)
        if exceeded and parsed.error is not None:
            parsed.error = f"{exceeded} (a damaged or hostile file)"
        if parsed.error is None and not parsed.glyphs:
            try:
                reason = missing_content(page_object)  # type: ignore[arg-type]
            except Exception:  # noqa: BLE001
                reason = None
            if reason:
                parsed.error = reason
            elif self._damaged and not parsed.has_image:
                # In a damaged file a page that draws neither text nor an image has most likely
                # lost its content (or its fonts): not a scan to send to OCR.
                parsed.error = "no text could be read from this page of the damaged file"
        elif parsed.error is not None and not parsed.error.startswith("internal error"):
            parsed.error = _page_reason(parsed.error)
        # The page's glyphs (and what pdfminer made while reading it) are frozen too before the
        # layout stages run: their allocations would otherwise start collector passes that
        # walk all of them again and again (a third of the collector's time in a conversion).
        heap.settle(self)
        try:
            page = analyze_page(parsed, self._evidence)
        except Exception as exc:  # noqa: BLE001 - the safety net: a bug, reported per page
            page = PageAnalysis(
                number=number, width=parsed.width, height=parsed.height,
                error=f"internal error: the page's layout could not be analysed ({short_reason(exc)})",
            )
        if not self._keep_glyphs:
            page.release_glyphs()  # most of the memory a page's analysis holds (model.Line)
        self._pages.append(page)
        heap.settle(self)
        return page

    def __iter__(self) -> Iterator[PageAnalysis]:
        while (page := self.analyze_next()) is not None:
            yield page

    def finish(self) -> Conversion:
        """Analyse what is left, run the document passes (SPEC §7-§9), return the result."""
        for _ in self:
            pass
        warnings = list(self._warnings)
        notices = list(self._notices)
        try:
            run_document_passes(self._pages)
        except Exception as exc:  # noqa: BLE001 - the safety net: the pages' text still renders
            message = (f"pdfprose could not find headings, lists and page furniture "
                       f"(internal error: {short_reason(exc)}); the text is given without them.")
            warnings.append(message)
            notices.append({"code": "internal", "message": message, "stage": "document_passes"})
        for number, why in self._cut_short:
            message = (f"Page {number} was cut short: {why} (a damaged or hostile file); "
                       "the text before that point was kept.")
            warnings.append(message)
            notices.append({"code": "content_damaged", "message": message, "pages": [number]})
        for message in getattr(self._doc, "warnings", []):
            if "(PageTooComplex)" in message:
                continue  # said above, in words
            warnings.append(message)
            notice: dict[str, object] = {"code": _parse_warning_code(message), "message": message}
            page_number = re.match(r"Page (\d+):", message)
            if page_number:
                notice["pages"] = [int(page_number.group(1))]
            notices.append(notice)
        if self._skipped:
            numbers = self._skipped
            if len(numbers) == 1:
                message = (f"Page {numbers[0]}: some of its drawing operations are damaged and were "
                           "skipped; the rest of the page was read.")
            else:
                message = (f"{len(numbers)} pages ({_numbers(numbers)}) have damaged drawing "
                           "operations that were skipped; the rest of each page was read.")
            warnings.append(message)
            notices.append({"code": "content_damaged", "message": message, "pages": list(numbers)})
        failed = [p for p in self._pages if p.error]
        if failed:
            numbers = [p.number for p in failed]
            if len(failed) == 1:
                message = (f"Page {failed[0].number} could not be read ({failed[0].error}); "
                           "the other pages were converted.")
            else:
                message = (f"{len(failed)} pages could not be read ({_numbers(numbers)}); "
                           "the other pages were converted.")
            warnings.append(message)
            notices.append({"code": "failed_pages", "message": message, "pages": numbers})
        garbled = [(p.number, p.garbled_cause) for p in self._pages if p.garbled]
        for message in garbled_warnings(garbled):
            warnings.append(message)
        by_cause: dict[str, list[int]] = {}
        for number, cause in garbled:
            by_cause.setdefault(cause or "unmapped", []).append(number)
        for (cause, numbers), message in zip(by_cause.items(), garbled_warnings(garbled)):
            notices.append({"code": "garbled", "message": message, "pages": numbers,
                            "cause": cause, "cause_text": CAUSES.get(cause, "")})
        partial = self._damaged or bool(failed) or any(
            n["code"] == "content_damaged" for n in notices
        )
        heap.end(self)
        return Conversion(pages=self._pages, warnings=warnings, notices=notices, partial=partial)


def _page_reason(error: str) -> str:
    """A parse failure's reason, worded for a reader, on one line."""
    text = " ".join(error.split())
    if len(text) > MAX_REASON_CHARS:
        text = text[: MAX_REASON_CHARS - 1] + "…"
    if text.startswith(("unreadable page box", "its content")):
        return text
    return f"its content could not be read: {text}"


def _parse_warning_code(message: str) -> str:
    if "permissions" in message:
        return "copy_restricted"
    if "content stream is damaged" in message:
        return "content_damaged"
    return "warning"


def _numbers(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:6])
    return f"pages {shown} and {len(numbers) - 6} more" if len(numbers) > 6 else f"pages {shown}"


def convert(data: bytes, password: str = "", max_pages: int | None = None) -> Conversion:
    """Convert a whole PDF at once; see :class:`Converter` for the arguments and errors."""
    return Converter(data, password=password, max_pages=max_pages).finish()
