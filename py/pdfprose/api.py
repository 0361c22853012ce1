"""The public API: open a PDF, analyse it page by page, render it with any options.

The browser worker and the command line both go through :class:`Converter`, so they give the same
text for the same file and options.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .document_passes import run_document_passes
from .errors import TooManyPagesError
from .model import PageAnalysis
from .options import Options
from .page_pipeline import analyze_page
from .parse import ParsedDocument, open_pdf
from .render import document_vocabulary, render


@dataclass(slots=True)
class Conversion:
    """The analysis of a whole document, after the document passes.

    ``pages`` holds every page's :class:`~pdfprose.model.PageAnalysis` in page order. Rendering is
    pure: :meth:`render` can be called again with other :class:`Options` at no parsing cost.
    """

    pages: list[PageAnalysis]
    warnings: list[str] = field(default_factory=list)
    _vocab: set[str] | None = field(default=None, repr=False)

    def render(self, options: Options | None = None) -> str:
        """The document as UTF-8-ready text (TXT or Markdown, per ``options.format``)."""
        if self._vocab is None:
            self._vocab = document_vocabulary(self.pages)
        return render(self.pages, options or Options(), self._vocab)

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
        """True when no page has any text (a scan without OCR layer): nothing worth offering."""
        return bool(self.pages) and all(p.empty or p.error for p in self.pages)

    def report(self) -> dict[str, object]:
        """The JSON report of the command line's ``--report`` (and the page's notices)."""
        return {
            "pages": [p.summary() for p in self.pages],
            "empty_pages": self.empty_pages,
            "garbled_pages": self.garbled_pages,
            "failed_pages": self.failed_pages,
            "warnings": list(self.warnings),
        }


class Converter:
    """Incremental conversion of one PDF: open it, analyse its pages one by one, finish.

    ``data`` is the whole file. ``password`` opens a file encrypted with a user password.
    ``max_pages``, when given, refuses larger documents before any page is analysed.

    Raises on construction: :class:`~pdfprose.errors.NotAPdfError`,
    :class:`~pdfprose.errors.UnreadablePdfError`,
    :class:`~pdfprose.errors.PasswordRequiredError`,
    :class:`~pdfprose.errors.WrongPasswordError`,
    :class:`~pdfprose.errors.TooManyPagesError`. A page that fails to parse never raises: it is
    recorded in its :class:`PageAnalysis` (``error``) and the other pages go on.
    """

    def __init__(self, data: bytes, password: str = "", max_pages: int | None = None) -> None:
        self._doc: ParsedDocument = open_pdf(bytes(data), password)
        if max_pages is not None and self._doc.page_count > max_pages:
            raise TooManyPagesError(
                f"the document has {self._doc.page_count} pages; the limit is {max_pages}",
                pages=self._doc.page_count,
                limit=max_pages,
            )
        self._pages: list[PageAnalysis] = []
        self._iter = self._doc.iter_pages()

    @property
    def page_count(self) -> int:
        """Number of pages in the document's page tree."""
        return self._doc.page_count

    @property
    def pages_done(self) -> int:
        return len(self._pages)

    def analyze_next(self) -> PageAnalysis | None:
        """Analyse the next page and return it, or ``None`` when every page is done."""
        for parsed in self._iter:
            page = analyze_page(parsed)
            self._pages.append(page)
            return page
        return None

    def __iter__(self) -> Iterator[PageAnalysis]:
        while (page := self.analyze_next()) is not None:
            yield page

    def finish(self) -> Conversion:
        """Analyse what is left, run the document passes (SPEC §7-§9), return the result."""
        for _ in self:
            pass
        run_document_passes(self._pages)
        return Conversion(pages=self._pages, warnings=list(self._doc.warnings))


def convert(data: bytes, password: str = "", max_pages: int | None = None) -> Conversion:
    """Convert a whole PDF at once; see :class:`Converter` for the arguments and errors."""
    return Converter(data, password=password, max_pages=max_pages).finish()
