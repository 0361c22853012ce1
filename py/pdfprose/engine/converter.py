"""The converter: open a PDF, analyse it page by page, run the document passes (see
:class:`Converter`).

The browser worker and the command line both go through :class:`Converter`, so they give the same
text for the same file and options.

Failure is contained at the right depth (SPEC §13): a file that cannot be opened raises one
:class:`~pdfprose.errors.PdfProseError` with a clear message; a page that cannot be read becomes a
failed page (``failed_pages``, with its reason) and the other pages go on; a damaged or truncated
file is recovered as far as it goes (:mod:`pdfprose.pdf.recover`), with a warning. No other
exception type escapes: an unexpected one is a bug in pdfprose, reported as
:class:`~pdfprose.errors.InternalError` (opening, rendering) or as a failed page whose reason
starts with ``"internal error"``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from pdfminer.pdfdocument import PDFEncryptionError

from ..document.passes import run_document_passes
from ..errors import (
    InternalError,
    NotAPdfError,
    PasswordRequiredError,
    PdfProseError,
    TooManyPagesError,
    UnreadablePdfError,
    UnsupportedEncryptionError,
    WrongPasswordError,
)
from ..layout.page_pipeline import analyze_page
from ..model import PageAnalysis
from ..notice import Notice
from ..output.render import page_vocabulary
from ..params import DEFAULT_PARAMS, LayoutParams
from ..pdf.diagnosis import FontEvidence
from ..pdf.document import ParsedDocument, ParsedPage, open_pdf
from ..pdf.guards import GuardStop
from ..pdf.recover import (
    expected_page_count,
    looks_truncated,
    missing_content,
    open_damaged,
    unsupported_encryption,
)
from . import heap
from .conversion import Conversion
from .notices import DAMAGED_PAGE_REASON, document_notices, page_reason, short_reason
from .split import PageBatch, RecordingEvidence, replay


class Converter:
    """Incremental conversion of one PDF: open it, analyse its pages one by one, finish.

    ``data`` is the whole file. ``password`` opens a file encrypted with a user password.
    ``max_pages``, when given, refuses larger documents before any page is analysed.
    Each page's glyphs are let go once the page is analysed (its lines keep their boxes, text
    and styles: all the document passes and rendering read); ``keep_glyphs=True`` keeps them
    in ``Line.glyphs`` for a caller that wants them. ``params`` are the layout thresholds
    (:class:`~pdfprose.params.LayoutParams`, SPEC's defaults when not given).

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
                 last_page: int | None = None, backwards: bool = False,
                 params: LayoutParams = DEFAULT_PARAMS) -> None:
        heap.begin(self)  # the collector is kept off the pages analysed so far (engine.heap)
        self._keep_glyphs = keep_glyphs
        self._params = params
        data = bytes(data)
        self._data = data  # pdfminer reads it as it goes anyway; hashed only for document_id()
        self._notices: list[Notice] = []  # the file's own (damaged), before any page's
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
            else RecordingEvidence()
        self._skipped: list[int] = []  # pages where damaged drawing operations were skipped
        self._cut_short: list[tuple[int, GuardStop]] = []  # pages stopped by a guard (guards.py)
        self._page_notices: list[Notice] = []  # the parse's notices of each page, for handover()
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
            pages = list(doc.pages)
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
        self._notices.append(Notice("damaged", recovered=recovered, expected=expected,
                                    truncated=truncated))

    # -- pages -----------------------------------------------------------------------------
    @property
    def page_count(self) -> int:
        """Number of pages in the document's page tree."""
        return self._doc.page_count

    @property
    def params(self) -> LayoutParams:
        """The layout thresholds this converter analyses with."""
        return self._params

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
        :func:`~pdfprose.output.render.document_vocabulary` of :attr:`pages`."""
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
        recording its skipped operations, guard stops and parse notices."""
        page_object = self._page_objects[number - 1]
        said = self._doc.notices
        noticed = len(said)
        if isinstance(self._evidence, RecordingEvidence):
            self._evidence.begin_page(number)
        try:
            parsed = self._doc.parse_page(number, page_object)  # type: ignore[arg-type]
        except Exception as exc:  # noqa: BLE001 - the safety net: a bug, reported per page
            parsed = ParsedPage(number, 0.0, 0.0,
                                error=f"internal error: the page could not be read ({short_reason(exc)})")
        budget = self._doc.budget
        stop = budget.stop
        if stop and parsed.error is None:
            self._cut_short.append((number, stop))
        elif budget.skipped and parsed.error is None:
            self._skipped.append(number)
        if stop and parsed.error is not None:
            parsed.error = f"{stop.words} (a damaged or hostile file)"
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
            parsed.error = page_reason(parsed.error)
        # The page's glyphs (and what pdfminer made while reading it) are frozen too before the
        # layout stages run: their allocations would otherwise start collector passes that
        # walk all of them again and again (a third of the collector's time in a conversion).
        heap.settle(self)
        try:
            page = analyze_page(parsed, self._evidence, self._params)
        except Exception as exc:  # noqa: BLE001 - the safety net: a bug, reported per page
            page = PageAnalysis(
                number=number, width=parsed.width, height=parsed.height,
                error=f"internal error: the page's layout could not be analysed ({short_reason(exc)})",
            )
        if stop and page.error is not None and not page.error.startswith("internal error"):
            page.stopped = (stop.part, stop.limit)  # each edge words the limit (web page: i18n)
        if not self._keep_glyphs:
            page.release_glyphs()  # most of the memory a page's analysis holds (model.Line)
        if isinstance(self._evidence, RecordingEvidence):
            self._evidence.end_page()
        self._words[number] = page_vocabulary(page)
        self._page_notices.extend(said[noticed:])
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

        The batch holds the pages (glyphs released), the parse notices, skipped operations and
        guard stops of those pages, and, when the range starts after page 1, what the pages
        asked of the font evidence (see :meth:`adopt`)."""
        if self._handed_over:
            raise RuntimeError("this converter's pages were handed over")
        for _ in self:
            pass
        recording = self._evidence if isinstance(self._evidence, RecordingEvidence) else None
        calls = recording.calls if recording else {}
        if self._backwards:
            first, last, pages = self._low, self._last, self._pages[::-1]
        else:
            first, last, pages = self._first, self._next, self._pages
        batch = PageBatch(
            document=self.document_id(), page_count=self.page_count, first=first,
            last=last, pages=pages, notices=sorted(self._page_notices, key=lambda n: n.pages[0]),
            skipped=sorted(self._skipped), cut_short=sorted(self._cut_short, key=lambda c: c[0]),
            evidence={n: list(c) for n, c in calls.items()},
            shifted=dict(recording.shifted) if recording else {},
            # One string per page: a pickle of thousands of little strings costs both workers more.
            words={p.number: "\n".join(self._words.get(p.number, ())) for p in pages},
            params=self._params,
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
        (:class:`pdfprose.pdf.diagnosis.FontEvidence`), which the other converter lacked for the
        pages before its range. Each adopted page's questions to the evidence are asked again
        of this converter's (the whole document's so far); a page for which any answer differs
        is analysed again here (:attr:`reanalysed_pages`). Returns the pages analysed again (in
        page order; empty when all were taken as they were).

        Raises ValueError when the batch is of another file, was analysed with other
        :attr:`params`, does not follow this converter's range, or this converter keeps glyphs
        (``keep_glyphs=True``: adopted pages have none); RuntimeError after :meth:`handover`."""
        if self._handed_over:
            raise RuntimeError("this converter's pages were handed over")
        if self._keep_glyphs:
            raise ValueError("a converter that keeps glyphs cannot adopt pages without them")
        if self._backwards:
            raise ValueError("a converter going backwards cannot adopt pages")
        if batch.document != self.document_id() or batch.page_count != self.page_count:
            raise ValueError("the batch is of another file")
        if batch.params != self._params:
            raise ValueError("the batch was analysed with other layout parameters")
        for _ in self:
            pass
        if batch.first != self._next + 1 or batch.last < batch.first - 1 \
                or batch.last > self.page_count or len(batch.pages) != batch.last - batch.first + 1:
            raise ValueError(f"the batch holds pages {batch.first}..{batch.last}; this converter "
                             f"needs page {self._next + 1} next")
        said = self._doc.notices
        by_page: dict[int, list[Notice]] = {}
        for notice in batch.notices:
            by_page.setdefault(notice.pages[0], []).append(notice)
        skipped = set(batch.skipped)
        cut_short = dict(batch.cut_short)
        again: list[PageAnalysis] = []
        for page in batch.pages:
            number = page.number
            self._next = number
            self._last = max(self._last, number)
            same, self._evidence = replay(self._evidence, batch.evidence.get(number, []),
                                          batch.shifted.get(number, []))
            if same:
                said.extend(by_page.get(number, []))
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
        notices = list(self._notices)
        try:
            run_document_passes(self._pages, self._params, self._doc.outline())
        except Exception as exc:  # noqa: BLE001 - the safety net: the pages' text still renders
            notices.append(Notice("internal", reason=short_reason(exc), stage="document_passes"))
        partial = document_notices(self._pages, self._doc.notices, self._cut_short, self._skipped,
                                   self._damaged, notices)
        heap.end(self)
        return Conversion(pages=self._pages, records=notices, partial=partial,
                          vocabulary=self.vocabulary(), params=self._params)


def convert(data: bytes, password: str = "", max_pages: int | None = None,
            params: LayoutParams = DEFAULT_PARAMS) -> Conversion:
    """Convert a whole PDF at once; see :class:`Converter` for the arguments and errors."""
    return Converter(data, password=password, max_pages=max_pages, params=params).finish()
