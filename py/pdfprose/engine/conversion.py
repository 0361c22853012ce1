"""The result of a conversion: every page's analysis after the document passes, rendered with
any options at no parsing cost, and the report of what could not be read."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InternalError
from ..model import PageAnalysis
from ..options import Options
from ..output.render import document_vocabulary, render, render_with_page_starts
from ..params import DEFAULT_PARAMS, LayoutParams
from ..notice import Notice
from .notices import short_reason
from .wording import as_dict, english


@dataclass(slots=True)
class Conversion:
    """The analysis of a whole document, after the document passes.

    ``pages`` holds every page's :class:`~pdfprose.model.PageAnalysis` in page order. Rendering is
    pure: :meth:`render` can be called again with other :class:`Options` at no parsing cost.
    ``records`` are what could not be read, one :class:`~pdfprose.notice.Notice` per fact (for
    a caller that words them itself); :attr:`warnings` the same facts in English sentences and
    :attr:`notices` as the JSON report gives them (``{"code", "message", ...}``, see
    :meth:`report`); ``partial`` is
    true when some of the document's text could not be read (failed pages, a damaged file).
    ``vocabulary`` holds the document's words for de-hyphenation (worked out on the first render
    when not given), ``params`` the :class:`~pdfprose.params.LayoutParams` the pages were
    analysed with.
    """

    pages: list[PageAnalysis]
    records: list[Notice] = field(default_factory=list)
    partial: bool = False
    vocabulary: set[str] | None = field(default=None, repr=False)
    params: LayoutParams = field(default=DEFAULT_PARAMS, repr=False)

    def render(self, options: Options | None = None) -> str:
        """The document as UTF-8-ready text (TXT or Markdown, per ``options.format``)."""
        try:
            if self.vocabulary is None:
                self.vocabulary = document_vocabulary(self.pages)
            return render(self.pages, options or Options(), self.vocabulary, self.params)
        except Exception as exc:  # noqa: BLE001 - the safety net: a bug, reported clearly
            raise InternalError(
                f"pdfprose failed while writing the text (internal error: {short_reason(exc)})",
                stage="render", type=type(exc).__name__,
            ) from exc

    def render_pages(self, options: Options | None = None) -> tuple[str, list[tuple[int, int]]]:
        """The text (as :meth:`render`) and, per page that starts a paragraph, ``(page number,
        code-point offset of its first paragraph)`` for jumping to a page."""
        if self.vocabulary is None:
            self.vocabulary = document_vocabulary(self.pages)
        return render_with_page_starts(self.pages, options or Options(), self.vocabulary,
                                       self.params)

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
    def warnings(self) -> list[str]:
        """The :attr:`records` in English sentences (the command line prints them)."""
        return [english(notice) for notice in self.records]

    @property
    def notices(self) -> list[dict[str, object]]:
        """The :attr:`records` as the JSON report gives them (see :meth:`report`)."""
        return [as_dict(notice) for notice in self.records]

    @property
    def empty_pages(self) -> list[int]:
        """Pages with no text layer (a scan, text drawn as outlines): not those whose text is
        all hidden over no image (``hidden_text``), which have one."""
        return [p.number for p in self.pages if p.empty and p.error is None
                and not (p.hidden_count and not p.has_image)]

    @property
    def garbled_pages(self) -> list[int]:
        return [p.number for p in self.pages if p.garbled]

    @property
    def failed_pages(self) -> list[dict[str, object]]:
        return [{"number": p.number, "reason": p.error,
                 **({"part": p.stopped[0], "limit": p.stopped[1]} if p.stopped else {})}
                for p in self.pages if p.error]

    @property
    def all_empty(self) -> bool:
        """True when no page has any text (a scan without OCR layer, or every page failed):
        nothing worth offering."""
        return bool(self.pages) and all(p.empty or p.error for p in self.pages)

    def report(self) -> dict[str, object]:
        """The JSON report of the command line's ``--report`` (and the page's notices).

        ``pages`` (each page's summary, with ``garbled_cause``), ``empty_pages``,
        ``garbled_pages``, ``failed_pages`` (``{"number", "reason"}``, and ``part`` and
        ``limit`` of the guard that stopped a page before it drew anything), ``warnings``
        (sentences),
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
            "notices": self.notices,
        }
