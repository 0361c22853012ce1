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

import copy
import hashlib
import io
import pickle
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pdfminer.pdfdocument import PDFEncryptionError

from .diagnostics import CAUSES, FontEvidence, garbled_warnings, mark_shifted_text
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
from .model import Block, Glyph, Line, PageAnalysis, Paragraph
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
from .render import document_vocabulary, page_vocabulary, render, render_with_page_starts

DAMAGED_PAGE_REASON = "no text could be read from this page of the damaged file"
"""A page of a damaged file that drew no text: its content (or its fonts) was lost, not a scan
to send to OCR. The page translates these words (app/i18n.js)."""

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
                 keep_glyphs: bool = False, first_page: int = 1,
                 last_page: int | None = None, backwards: bool = False) -> None:
        heap.begin(self)  # the collector is kept off the pages analysed so far (pdfprose.heap)
        self._keep_glyphs = keep_glyphs
        data = bytes(data)
        self._data = data  # pdfminer reads it as it goes anyway; hashed only for document_id()
        self._notices: list[dict[str, object]] = []
        self._warnings: list[str] = []
        self._damaged = False
        try:
            self._doc, self._page_objects = self._open(data, password)
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
        count = self._doc.page_count
        if not isinstance(first_page, int) or not 1 <= first_page <= max(1, count):
            raise ValueError(f"first_page must be 1..{count}, not {first_page!r}")
        if last_page is not None and (not isinstance(last_page, int)
                                      or not first_page - 1 <= last_page <= count):
            raise ValueError(f"last_page must be {first_page - 1}..{count}, not {last_page!r}")
        self._first = first_page
        self._last = count if last_page is None else last_page
        self._pages: list[PageAnalysis] = []
        self._next = first_page - 1
        # Backwards (the page's second worker, working towards the first): from last_page down
        # to first_page, which floor() moves; _low is the lowest page analysed so far.
        self._backwards = bool(backwards)
        self._low = self._last + 1
        # A converter that starts after page 1, or goes backwards, lacks what the earlier pages
        # showed of each font: it records what its pages asked of the evidence, so that the
        # converter adopting them can check the answers against the whole document's (adopt()).
        self._evidence: FontEvidence = FontEvidence() if first_page == 1 and not backwards \
            else _RecordingEvidence()
        self._skipped: list[int] = []  # pages where damaged drawing operations were skipped
        self._cut_short: list[tuple[int, str]] = []  # pages stopped by a guard (guards.py)
        self._page_warnings: list[tuple[int, str]] = []  # (page, parse warning), for handover()
        self._handed_over = False
        self._adopted: list[int] = []  # pages taken from batches (adopt())
        self._reanalysed: list[int] = []  # ...and those of them analysed again here
        # Each page's words for de-hyphenation (render.page_vocabulary), by page number: taken
        # as each page is analysed, so that a split document's are taken by the worker that
        # analysed the page, not all at the end by the one that renders.
        self._words: dict[int, set[str]] = {}

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
    def first_page(self) -> int:
        """The first page this converter analyses (1 unless given)."""
        return self._first

    @property
    def last_page(self) -> int:
        """The last page this converter analyses (the document's last unless given or
        :meth:`limit`-ed; pages adopted from a batch extend it)."""
        return self._last

    @property
    def adopted_pages(self) -> list[int]:
        """Numbers of the pages taken from batches (:meth:`adopt`), in page order."""
        return list(self._adopted)

    @property
    def reanalysed_pages(self) -> list[int]:
        """The adopted pages whose analysis depended on earlier pages the other converter did
        not see, and that were analysed again here (see :meth:`adopt`)."""
        return list(self._reanalysed)

    def limit(self, last_page: int) -> int:
        """Analyse no page after ``last_page`` (another converter is to take the rest, see
        :meth:`adopt`); a later ``last_page`` (up to the document's last) extends the range
        again. Returns the last page this converter will analyse: ``last_page``, or the last
        page already analysed when that is later. Raises ValueError for a page number outside
        the document."""
        if self._backwards:
            raise ValueError("a converter going backwards is limited with floor()")
        if not isinstance(last_page, int) or not 0 <= last_page <= self.page_count:
            raise ValueError(f"last_page must be 0..{self.page_count}, not {last_page!r}")
        self._last = max(last_page, self._next)
        return self._last

    def floor(self, first_page: int) -> int:
        """For a converter going backwards: analyse no page before ``first_page`` (another
        converter analyses the pages before it); a lower ``first_page`` extends the range
        again. Returns the lowest page this converter will analyse: ``first_page``, or the
        lowest page already analysed when that is lower. Raises ValueError for a converter
        going forwards (see :meth:`limit`) or a page number outside the document."""
        if not self._backwards:
            raise ValueError("a converter going forwards is limited with limit()")
        if not isinstance(first_page, int) or not 1 <= first_page <= self._last + 1:
            raise ValueError(f"first_page must be 1..{self._last + 1}, not {first_page!r}")
        self._first = min(first_page, self._low)
        return self._first

    @property
    def pages(self) -> list[PageAnalysis]:
        """The pages analysed so far, before the document passes."""
        return list(self._pages)

    def vocabulary(self) -> set[str]:
        """The words of the pages analysed so far, for de-hyphenation: the same set as
        :func:`~pdfprose.render.document_vocabulary` of :attr:`pages`."""
        return set().union(*(self._words.get(p.number, ()) for p in self._pages))

    def analyze_next(self) -> PageAnalysis | None:
        """Analyse the next page and return it, or ``None`` when every page of the range is
        done.

        Never raises for a bad page: its ``error`` says why it could not be read."""
        if self._handed_over:
            raise RuntimeError("this converter's pages were handed over")
        if self._backwards:
            if self._low <= self._first:
                return None
            self._low -= 1
            page = self._analyze(self._low)
            self._pages.append(page)  # highest first: handover() puts them in page order
            heap.settle(self)
            return page
        if self._next >= min(self._last, len(self._page_objects)):
            return None
        self._next += 1
        page = self._analyze(self._next)
        self._pages.append(page)
        heap.settle(self)
        return page

    def _analyze(self, number: int) -> PageAnalysis:
        """Parse and analyse page ``number`` (1-based) with this converter's font evidence,
        recording its skipped operations, guard stops and parse warnings."""
        page_object = self._page_objects[number - 1]
        warnings = getattr(self._doc, "warnings", [])
        warned = len(warnings)
        if isinstance(self._evidence, _RecordingEvidence):
            self._evidence.begin_page(number)
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
                parsed.error = DAMAGED_PAGE_REASON
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
        if isinstance(self._evidence, _RecordingEvidence):
            self._evidence.end_page()
        self._words[number] = page_vocabulary(page)
        self._page_warnings.extend((number, message) for message in warnings[warned:])
        return page

    def __iter__(self) -> Iterator[PageAnalysis]:
        while (page := self.analyze_next()) is not None:
            yield page

    # -- splitting a document between converters (the page's two workers) --------------------
    def document_id(self) -> str:
        """A digest of the file's bytes: batches are adopted only by a converter of the same
        file."""
        if not hasattr(self, "_digest"):
            self._digest = hashlib.sha256(self._data).hexdigest()[:32]
        return self._digest

    def handover(self) -> "PageBatch":
        """Analyse what is left of this converter's range and hand its pages over, for another
        converter of the same file to :meth:`adopt` (the converter is done after it: a further
        :meth:`analyze_next`, :meth:`finish` or :meth:`handover` raises RuntimeError).

        The batch holds the pages (glyphs released), the parse warnings, skipped operations and
        guard stops of those pages, and, when the range starts after page 1, what the pages
        asked of the font evidence (see :meth:`adopt`)."""
        if self._handed_over:
            raise RuntimeError("this converter's pages were handed over")
        for _ in self:
            pass
        recording = self._evidence if isinstance(self._evidence, _RecordingEvidence) else None
        calls = recording.calls if recording else {}
        if self._backwards:
            first, last, pages = self._low, self._last, self._pages[::-1]
        else:
            first, last, pages = self._first, self._next, self._pages
        batch = PageBatch(
            document=self.document_id(), page_count=self.page_count, first=first,
            last=last, pages=pages, warnings=sorted(self._page_warnings, key=lambda w: w[0]),
            skipped=sorted(self._skipped), cut_short=sorted(self._cut_short, key=lambda c: c[0]),
            evidence={n: list(c) for n, c in calls.items()},
            shifted=dict(recording.shifted) if recording else {},
            # One string per page: a pickle of thousands of little strings costs both workers more.
            words={p.number: "\n".join(self._words.get(p.number, ())) for p in pages},
        )
        self._handed_over = True
        self._pages = []
        heap.end(self)
        return batch

    def adopt(self, batch: "PageBatch") -> list[PageAnalysis]:
        """Take in the pages another converter of the same file analysed (its
        :meth:`handover`), as if this converter had analysed them itself: the output of
        :meth:`finish` is then the same, byte for byte, as one converter's.

        First the rest of this converter's range is analysed; the batch must start on the page
        after it (``batch.first == last_page + 1``). Pages analysed further on depend on the
        earlier pages in one way only: the font evidence of the garbled-text diagnosis
        (:class:`pdfprose.diagnostics.FontEvidence`), which the other converter lacked for the
        pages before its range. Each adopted page's questions to the evidence are asked again
        of this converter's (the whole document's so far); a page for which any answer differs
        is analysed again here (:attr:`reanalysed_pages`). Returns the pages analysed again (in
        page order; empty when all were taken as they were).

        Raises ValueError when the batch is of another file, does not follow this converter's
        range, or this converter keeps glyphs (``keep_glyphs=True``: adopted pages have none);
        RuntimeError after :meth:`handover`."""
        if self._handed_over:
            raise RuntimeError("this converter's pages were handed over")
        if self._keep_glyphs:
            raise ValueError("a converter that keeps glyphs cannot adopt pages without them")
        if self._backwards:
            raise ValueError("a converter going backwards cannot adopt pages")
        if batch.document != self.document_id() or batch.page_count != self.page_count:
            raise ValueError("the batch is of another file")
        for _ in self:
            pass
        if batch.first != self._next + 1 or batch.last < batch.first - 1 \
                or batch.last > self.page_count or len(batch.pages) != batch.last - batch.first + 1:
            raise ValueError(f"the batch holds pages {batch.first}..{batch.last}; this converter "
                             f"needs page {self._next + 1} next")
        warnings = getattr(self._doc, "warnings", None)
        by_page: dict[int, list[str]] = {}
        for number, message in batch.warnings:
            by_page.setdefault(number, []).append(message)
        skipped = set(batch.skipped)
        cut_short = dict(batch.cut_short)
        again: list[PageAnalysis] = []
        for page in batch.pages:
            number = page.number
            self._next = number
            self._last = max(self._last, number)
            if self._replay(batch.evidence.get(number, []), batch.shifted.get(number, [])):
                if warnings is not None:
                    warnings.extend(by_page.get(number, []))
                if number in cut_short:
                    self._cut_short.append((number, cut_short[number]))
                elif number in skipped:
                    self._skipped.append(number)
                words = batch.words.get(number)
                self._words[number] = page_vocabulary(page) if words is None else \
                    set(words.split("\n")) if words else set()
            else:
                page = self._analyze(number)
                again.append(page)
                self._reanalysed.append(number)
            self._pages.append(page)
            self._adopted.append(number)
        heap.settle(self)
        return again

    def _replay(self, calls: list[tuple[Any, ...]], shifted: list[Any] | None) -> bool:
        """Ask this converter's font evidence what the other converter's evidence was asked
        while analysing one page (``calls``, see :class:`_RecordingEvidence`; ``shifted``: the
        fonts it found letter-shifted there); True when every answer that steered the
        analysis is the same, so the page's analysis is too. The evidence is then as if this
        converter had analysed the page; on False it is left as it was."""
        if not calls:
            return True
        saved = copy.deepcopy(self._evidence)
        if self._replay_calls(calls, shifted):
            return True
        self._evidence = saved
        return False

    def _replay_calls(self, calls: list[tuple[Any, ...]], shifted: list[Any] | None) -> bool:
        if shifted is None:
            return False  # the other converter could not tell which fonts it found shifted
        # The letter-shift test of the page's mapped text, run again by the diagnosis itself on
        # this converter's evidence: the fonts it finds shifted must be those found before.
        mapped = [c for c in calls if not c[2]]
        if _shifted_fonts(mapped, self._evidence) != set(shifted):
            return False
        # Then the unmapped codes and the garbled cause's tests, in the same order: with the
        # same fonts shifted the same questions come, and each answer must agree on whether
        # the codes are a shift of text (what the cause depends on).
        for kind, key, flag, payload in (c for c in calls if c[2]):
            if kind == "add":
                self._evidence.add(key, flag, _expand(payload))
            elif kind == "shift":
                if (self._evidence.shift(key, flag) is None) != (payload is None):
                    return False
            else:
                return False  # an answer that was not recorded cannot be compared
        return True

    def finish(self) -> Conversion:
        """Analyse what is left of the range, run the document passes (SPEC §7-§9), return the
        result. Raises ValueError when the range does not end at the document's last page
        (:meth:`limit` it back, or :meth:`adopt` the rest, first) and RuntimeError after
        :meth:`handover`."""
        for _ in self:
            pass
        if self._backwards:
            raise ValueError("a converter going backwards hands its pages over (handover())")
        if self._first != 1 or self._next != len(self._page_objects):
            raise ValueError(f"pages {self._first}..{self._next} of {self.page_count} were analysed: "
                             "finish() needs the whole document (adopt() the other pages)")
        warnings = list(self._warnings)
        notices = list(self._notices)
        try:
            run_document_passes(self._pages)
        except Exception as exc:  # noqa: BLE001 - the safety net: the pages' text still renders
            message = (f"pdfprose could not find headings, lists and page furniture "
                       f"(internal error: {short_reason(exc)}); the text is given without them.")
            warnings.append(message)
            notices.append({"code": "internal", "message": message, "stage": "document_passes"})
        # A page whose content stream broke before it drew any text is no scan (an image drawn
        # before the break does not make it one): it could not be read.
        parse_warnings = [(message, _warned_page(message)) for message in getattr(self._doc, "warnings", [])
                          if "(PageTooComplex)" not in message]  # that one is said above, in words
        broken = {number for message, number in parse_warnings
                  if number is not None and _parse_warning_code(message) == "content_damaged"}
        for page in self._pages:
            if page.number in broken and page.empty and page.error is None:
                page.error = DAMAGED_PAGE_REASON
        # A page that could not be read at all kept nothing: "the text before the damage was
        # kept" would contradict its failed-page notice.
        unread = {p.number for p in self._pages if p.error}
        for number, why in self._cut_short:
            if number in unread:
                continue
            message = (f"Page {number} was cut short: {why} (a damaged or hostile file); "
                       "the text before that point was kept.")
            warnings.append(message)
            notices.append({"code": "content_damaged", "message": message, "pages": [number]})
        for message, number in parse_warnings:
            code = _parse_warning_code(message)
            if code == "content_damaged" and number in unread:
                continue
            warnings.append(message)
            notice: dict[str, object] = {"code": code, "message": message}
            if number is not None:
                notice["pages"] = [number]
            notices.append(notice)
        numbers = [n for n in self._skipped if n not in unread]
        if numbers:
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
        if self._damaged and failed:
            self._count_readable(warnings, notices, len(failed))
        garbled = [(p.number, p.garbled_cause) for p in self._pages if p.garbled]
        for message in garbled_warnings(garbled):
            warnings.append(message)
        by_cause: dict[str, list[int]] = {}
        for number, cause in garbled:
            by_cause.setdefault(cause or "unmapped", []).append(number)
        for (cause, numbers), message in zip(by_cause.items(), garbled_warnings(garbled)):
            notices.append({"code": "garbled", "message": message, "pages": numbers,
                            "cause": cause, "cause_text": CAUSES.get(cause, "")})
        unknown = [p for p in self._pages if p.unmapped_count and not p.garbled and not p.error]
        if unknown:
            # Too few to call the page garbled (a symbol font's Greek letters, an arrow), but each
            # is a "\ufffd" in the text where the PDF shows a character: said, not passed off.
            count = sum(p.unmapped_count for p in unknown)
            numbers = [p.number for p in unknown]
            where = f"page {numbers[0]}" if len(numbers) == 1 else _numbers(numbers)
            if count == 1:
                message = (f"1 character on {where} has no Unicode meaning in its font and is "
                           "shown as \ufffd: check it against the PDF.")
            else:
                message = (f"{count} characters on {where} have no Unicode meaning in their "
                           "fonts and are shown as \ufffd: check those symbols against the PDF.")
            warnings.append(message)
            notices.append({"code": "unmapped_glyphs", "message": message, "pages": numbers,
                            "count": count})
        partial = self._damaged or bool(failed) or any(
            n["code"] == "content_damaged" for n in notices
        )
        heap.end(self)
        return Conversion(pages=self._pages, warnings=warnings, notices=notices, partial=partial,
                          _vocab=self.vocabulary())

    @staticmethod
    def _count_readable(warnings: list[str], notices: list[dict[str, object]], failed: int) -> None:
        """The damaged file's warning and notice, said again with the pages that could be read
        (``failed`` of those found could not), now that all are analysed."""
        for index, notice in enumerate(notices):
            if notice["code"] != "damaged":
                continue
            recovered = int(notice["recovered"])  # type: ignore[call-overload]
            message = damage_warning(recovered, notice["expected"], bool(notice["truncated"]),  # type: ignore[arg-type]
                                     readable=recovered - failed)
            if notice["message"] in warnings:
                warnings[warnings.index(notice["message"])] = message
            notices[index] = {**notice, "message": message, "readable": recovered - failed}


def _page_reason(error: str) -> str:
    """A parse failure's reason, worded for a reader, on one line."""
    text = " ".join(error.split())
    if len(text) > MAX_REASON_CHARS:
        text = text[: MAX_REASON_CHARS - 1] + "…"
    if text.startswith(("unreadable page box", "its content")):
        return text
    return f"its content could not be read: {text}"


def _warned_page(message: str) -> int | None:
    """The page a parse warning names ("Page 3: ..."), if any."""
    match = re.match(r"Page (\d+):", message)
    return int(match.group(1)) if match else None


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


class _FontKeyFacts:
    """What the diagnosis reads of a font (:func:`pdfprose.diagnostics._font_key`), for the
    stand-in glyphs of :meth:`Converter._replay_calls`."""

    __slots__ = ("kind", "has_unicode_map")

    def __init__(self, kind: str, has_unicode_map: bool) -> None:
        self.kind = kind
        self.has_unicode_map = has_unicode_map


def _compact(codes: list[int]) -> tuple[tuple[int, int], ...]:
    """``codes`` as ``(code, count)`` pairs in order of first appearance: the same histogram,
    counted in the same order, when expanded again (:func:`_expand`)."""
    return tuple(Counter(codes).items())


def _expand(pairs: tuple[tuple[int, int], ...]) -> list[int]:
    return [code for code, n in pairs for _ in range(n)]


def _steering(call: tuple[Any, ...]) -> tuple[Any, ...]:
    """What of a recorded call steers the diagnosis: which question about which font, and the
    answer of a shift test (a histogram's content shows in which questions follow it)."""
    kind, key, flag, payload = call
    return (kind, key, flag, payload if kind == "shift" else None)


def _shifted_fonts(mapped: list[tuple[Any, ...]], evidence: Any,
                   log: list[tuple[Any, ...]] | None = None) -> set[Any]:
    """The fonts :func:`~pdfprose.diagnostics.mark_shifted_text` finds letter-shifted on a page
    whose mapped text gave the recorded ``mapped`` calls, asked of ``evidence`` (which it
    updates as the page would): run on stand-in glyphs, one per font, carrying that font's
    text of the page. ``log``, when given, receives the questions it asked."""
    stand_ins = []
    for kind, key, _, payload in mapped:
        if kind == "add":
            text = "".join(chr(code) * n for code, n in payload)
            stand_ins.append(Glyph(text, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, key[0],
                                   source=_FontKeyFacts(key[1], key[2])))
    if log is None:
        # Nothing to log (the replay of adopt()): asked of the evidence itself, which answers
        # the same without a recorder's copy of every histogram.
        return mark_shifted_text(stand_ins, evidence)  # type: ignore[arg-type]
    recorder = _RecordingEvidence(evidence)
    found = mark_shifted_text(stand_ins, recorder)  # type: ignore[arg-type]
    log.extend(recorder.calls.get(0, []))
    return found


class _RecordingEvidence:
    """A :class:`~pdfprose.diagnostics.FontEvidence` (its own, or ``inner``) that records, per
    page (``page``, set by the converter), each question asked of it: ``("add", key, unmapped,
    (code, count) pairs)``, ``("histogram", key, unmapped, None)`` and ``("shift", key,
    unmapped, answer)``."""

    def __init__(self, inner: FontEvidence | None = None) -> None:
        self.inner = inner if inner is not None else FontEvidence()
        self.page = 0
        self.calls: dict[int, list[tuple[Any, ...]]] = {}
        self.shifted: dict[int, list[Any] | None] = {}
        """Per page, the fonts found letter-shifted there (None: not known for sure)."""
        self._before: FontEvidence | None = None

    def begin_page(self, number: int) -> None:
        """Page ``number``'s questions follow (the evidence as it is now is kept, to tell
        afterwards which fonts the page found shifted)."""
        self.page = number
        self._before = copy.deepcopy(self.inner)

    def end_page(self) -> None:
        """Work out which fonts the page found shifted: the stand-in test
        (:func:`_shifted_fonts`) on the evidence as it was before the page, which counts only
        if it asked exactly the questions the page's own diagnosis asked."""
        calls = self.calls.get(self.page, [])
        mapped = [c for c in calls if not c[2]]
        if self._before is None or not calls:
            self.shifted[self.page] = [] if not calls else None
        else:
            asked: list[tuple[Any, ...]] = []
            found = _shifted_fonts(mapped, self._before, asked)
            same = [_steering(c) for c in asked] == [_steering(c) for c in mapped]
            self.shifted[self.page] = sorted(found) if same else None
        self._before = None

    def _log(self, call: tuple[Any, ...]) -> None:
        self.calls.setdefault(self.page, []).append(call)

    def add(self, key: Any, unmapped: bool, codes: Any) -> None:
        codes = codes if isinstance(codes, list) else list(codes)
        self._log(("add", key, unmapped, _compact(codes)))
        self.inner.add(key, unmapped, codes)

    def add_text(self, key: Any, text: str) -> None:
        self.add(key, False, list(map(ord, text)))

    def histogram(self, key: Any, unmapped: bool) -> Counter[int]:
        self._log(("histogram", key, unmapped, None))
        return self.inner.histogram(key, unmapped)

    def text_score(self, key: Any) -> tuple[float, int]:
        # Recorded as the histogram it stands for: the replay asks the same questions.
        self._log(("histogram", key, False, None))
        return self.inner.text_score(key)

    def shift(self, key: Any, unmapped: bool) -> int | None:
        answer = self.inner.shift(key, unmapped)
        self._log(("shift", key, unmapped, answer))
        return answer

    def __deepcopy__(self, memo: dict[int, Any]) -> "_RecordingEvidence":
        clone = _RecordingEvidence(copy.deepcopy(self.inner, memo))
        clone.page = self.page
        clone.calls = {n: list(c) for n, c in self.calls.items()}
        clone.shifted = dict(self.shifted)
        return clone


_BATCH_CLASSES = {
    ("pdfprose.api", "PageBatch"), ("pdfprose.model", "PageAnalysis"),
    ("pdfprose.model", "Block"), ("pdfprose.model", "Paragraph"), ("pdfprose.model", "Line"),
    ("pdfprose.model", "Glyph"), ("builtins", "set"), ("builtins", "frozenset"),
}


class _BatchUnpickler(pickle.Unpickler):
    """Loads only what a :class:`PageBatch` is made of (plain data and pdfprose's dataclasses)."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _BATCH_CLASSES:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a page batch")


@dataclass(slots=True)
class PageBatch:
    """Pages one :class:`Converter` analysed for another to adopt (:meth:`Converter.handover`,
    :meth:`Converter.adopt`): the page's second worker analyses the second part of a long
    document and hands it to the first.

    ``document`` is the file's digest (:meth:`Converter.document_id`) and ``page_count`` its
    pages; ``first``..``last`` the range (1-based, inclusive; ``last == first - 1`` when empty)
    and ``pages`` its :class:`~pdfprose.model.PageAnalysis` list in page order, glyphs released.
    ``warnings`` holds ``(page, message)`` for each parse warning of those pages, ``skipped``
    the pages where damaged operations were skipped, ``cut_short`` ``(page, reason)`` for pages
    a guard stopped, and ``evidence`` per page number the font-evidence questions and answers
    (see :class:`_RecordingEvidence`; empty for a range starting at page 1) and ``shifted``
    per page the fonts found letter-shifted there (``None`` when that could not be told), and
    ``words`` per page its words for de-hyphenation (:func:`~pdfprose.render.page_vocabulary`),
    one a line (a word never holds a line break).
    """

    document: str
    page_count: int
    first: int
    last: int
    pages: list[PageAnalysis]
    warnings: list[tuple[int, str]] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    cut_short: list[tuple[int, str]] = field(default_factory=list)
    evidence: dict[int, list[tuple[Any, ...]]] = field(default_factory=dict)
    shifted: dict[int, list[Any] | None] = field(default_factory=dict)
    words: dict[int, str] = field(default_factory=dict)

    def to_bytes(self) -> bytes:
        """The batch as bytes (a pickle), to cross from one worker to another."""
        return pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_bytes(cls, data: bytes) -> "PageBatch":
        """The batch :meth:`to_bytes` made. Only pdfprose's own data classes are loaded;
        anything else raises ValueError."""
        try:
            batch = _BatchUnpickler(io.BytesIO(bytes(data))).load()
        except Exception as exc:  # noqa: BLE001 - a broken batch is one clear error
            raise ValueError(f"not a page batch ({short_reason(exc)})") from exc
        if not isinstance(batch, cls):
            raise ValueError("not a page batch")
        return batch
