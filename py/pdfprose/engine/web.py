"""The bridge the browser worker calls: JSON strings in and out, so no Python object has to be
converted field by field across Pyodide's JS bridge.

A :class:`WebSession` wraps one conversion. The worker calls :meth:`WebSession.open`, then
:meth:`~WebSession.next_page` until it returns ``""``, then :meth:`~WebSession.finish`, then
:meth:`~WebSession.render` as often as options change. Errors are returned, never raised, as
``{"error": {"code", "message", "params"}}`` so that the page can translate them.

Error codes (:mod:`pdfprose.errors`): ``empty_file`` (0 bytes), ``not_pdf``, ``unreadable``, ``no_pages`` (an empty
page tree), ``truncated`` (cut short,
nothing recoverable; ``params.bytes``), ``password_required``, ``wrong_password``,
``unsupported_encryption`` (``params.method``), ``too_many_pages`` (``params.pages``,
``params.limit``), ``too_large`` (``params.bytes``, ``params.limit``), ``internal`` (a bug in
pdfprose; ``params.stage``, ``params.type``).

The report of :meth:`WebSession.finish` is :meth:`pdfprose.Conversion.report` plus
``all_empty``: per page ``garbled_cause`` (a key of :data:`pdfprose.pdf.diagnosis.CAUSES`), and
document-wide ``partial`` (some text could not be read: failed pages, a damaged or truncated
file) and ``notices`` (``{"code", "message", ...}``: ``garbled`` with ``pages`` and ``cause``,
``failed_pages`` with ``pages``, ``damaged`` with ``recovered``, ``expected`` and ``truncated``,
``content_damaged`` with ``pages``, ``copy_restricted``, ``internal``).
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..errors import PdfProseError, TooLargeError
from ..options import MAX_FILE_BYTES, MAX_PAGES, Options
from ..output.render import render
from ..pdf import cmaps
from .conversion import Conversion
from .converter import Converter
from .logs import quiet_pdfminer
from .split import PageBatch


def _finite(value: Any) -> Any:
    """``value`` with every NaN or infinite float replaced by None: JSON.parse rejects them."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def strict_json(value: Any) -> str:
    """Strict JSON (no NaN or Infinity, which a damaged file's coordinates could produce)."""
    try:
        return json.dumps(value, allow_nan=False)
    except ValueError:
        return json.dumps(_finite(value), allow_nan=False, default=str)


def _error_json(exc: BaseException) -> str:
    if isinstance(exc, PdfProseError):
        body = {"code": exc.code, "message": str(exc), "params": exc.params}
    else:
        body = {"code": "internal", "message": f"{type(exc).__name__}: {exc}", "params": {}}
    return json.dumps({"error": body}, default=str)


class WebSession:
    """One document's conversion, driven step by step from the browser worker."""

    def __init__(self) -> None:
        quiet_pdfminer()  # the browser console is the worker's stderr
        self._converter: Converter | None = None
        self._conversion: Conversion | None = None

    def open(self, data: Any, password: str = "", max_pages: int = MAX_PAGES,
             max_bytes: int = MAX_FILE_BYTES, first_page: int = 1, last_page: int = 0,
             backwards: bool = False) -> str:
        """Open the PDF (``data``: bytes or a JS ``Uint8Array`` proxy). Returns
        ``{"page_count": N}`` or an error object. A file over ``max_bytes`` is refused before
        any parsing (``too_large``); a document over ``max_pages`` before any page is analysed
        (``too_many_pages``). ``first_page``..``last_page`` (1-based, inclusive; ``last_page``
        0 for the last) is the range :meth:`next_page` analyses: the page's second worker takes
        the second part of a long document and hands it to the first (:meth:`handover`);
        ``backwards``: from ``last_page`` down, towards the first worker, the range's start
        moved with :meth:`floor`."""
        try:
            cmaps.take_unavailable()  # what an earlier document missed is not this one's
            raw = data.to_py() if hasattr(data, "to_py") else data
            size = len(raw)
            if max_bytes and size > max_bytes:
                raise TooLargeError(
                    f"the file is {size / 1e6:.1f} MB; the limit is {max_bytes / 1e6:.0f} MB",
                    bytes=size, limit=max_bytes,
                )
            self._converter = Converter(bytes(raw), password=password, max_pages=max_pages,
                                        first_page=int(first_page) or 1,
                                        last_page=int(last_page) or None,
                                        backwards=bool(backwards))
            return json.dumps({"page_count": self._converter.page_count})
        except Exception as exc:  # noqa: BLE001 - every failure becomes a message for the page
            return _error_json(exc)

    def next_page(self) -> str:
        """Analyse one more page; returns its summary and geometry as JSON, or ``""`` when done."""
        assert self._converter is not None, "open() first"
        try:
            page = self._converter.analyze_next()
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)
        if page is None:
            return ""
        return strict_json({**page.summary(), "geometry": page.geometry()})

    def limit(self, last_page: int) -> str:
        """Analyse no page after ``last_page`` (the second worker takes the rest; a later page
        extends the range again, when that worker is gone). Returns ``{"last": L}``: the last
        page this session will analyse (``last_page``, or the last one already analysed when
        that is later), or an error object."""
        assert self._converter is not None, "open() first"
        try:
            return json.dumps({"last": self._converter.limit(int(last_page))})
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)

    def floor(self, first_page: int) -> str:
        """For a session going backwards: analyse no page before ``first_page`` (the first
        worker has them; a lower one extends the range again). Returns ``{"first": F}``: the
        lowest page this session will analyse, or an error object."""
        assert self._converter is not None, "open() first"
        try:
            return json.dumps({"first": self._converter.floor(int(first_page))})
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)

    def handover(self) -> bytes:
        """Analyse the rest of this session's range and return its pages as bytes
        (:meth:`pdfprose.engine.split.PageBatch.to_bytes`) for the first worker's :meth:`adopt`. The
        session is done after it. Raises on a bug (the worker reports it as a failure)."""
        assert self._converter is not None, "open() first"
        batch = self._converter.handover()
        self._converter = None
        return batch.to_bytes()

    def adopt(self, data: Any) -> str:
        """Take in the pages another session of the same file analysed (the bytes of its
        :meth:`handover`; bytes or a JS ``Uint8Array`` proxy). Returns ``{"adopted": N,
        "pages": [...]}``, ``pages`` holding the summary and geometry (as :meth:`next_page`) of
        each adopted page that had to be analysed again here because it depended on earlier
        pages (:meth:`pdfprose.Converter.adopt`), or an error object."""
        assert self._converter is not None, "open() first"
        try:
            raw = data.to_py() if hasattr(data, "to_py") else data
            batch = PageBatch.from_bytes(raw)
            again = self._converter.adopt(batch)
            return strict_json({"adopted": len(batch.pages),
                           "pages": [{**p.summary(), "geometry": p.geometry()} for p in again]})
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)

    def page_text(self, options_json: str = "{}") -> str:
        """The text of the pages analysed so far, rendered with ``options_json`` before the
        document passes (running heads still in, no headings or list items found yet): what the
        page shows of a long document while the rest is read. ``""`` before the first page or
        when rendering fails; never raises."""
        assert self._converter is not None, "open() first"
        try:
            pages = self._converter.pages
            if not pages:
                return ""
            return render(pages, Options.from_dict(json.loads(options_json or "{}")),
                          self._converter.vocabulary(), self._converter.params)
        except Exception:  # noqa: BLE001 - a provisional view: the finished text follows anyway
            return ""

    def finish(self) -> str:
        """Run the document passes; returns the JSON report (see ``Conversion.report``)."""
        assert self._converter is not None, "open() first"
        try:
            self._conversion = self._converter.finish()
            report = self._conversion.report()
            # For the preview: the running heads' line boxes, struck through while removed.
            boxes = self._conversion.furniture_boxes()
            for entry in report["pages"]:  # type: ignore[union-attr]
                entry["furniture"] = boxes.get(entry["number"], [])
            # CJK CMaps a font needed and the page could not fetch (offline): said first, since
            # the garbled-text notice alone would send the reader to OCR for nothing.
            unavailable = cmaps.take_unavailable()
            if unavailable:
                report["notices"] = [{"code": "cmap_unavailable", "cmaps": unavailable,
                                      "message": "The character data of this document's Chinese, "
                                                 "Japanese or Korean fonts could not be loaded "
                                                 "(offline?): connect and convert it again."},
                                     *report["notices"]]  # type: ignore[misc]
            return strict_json({**report, "all_empty": self._conversion.all_empty})
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)

    def render(self, options_json: str = "{}") -> str:
        """The output text for ``options_json`` (keys of :class:`~pdfprose.Options`). Raises
        :class:`~pdfprose.errors.InternalError` if rendering fails (a bug); see
        :meth:`render_json` for a variant that never raises."""
        assert self._conversion is not None, "finish() first"
        return self._conversion.render(Options.from_dict(json.loads(options_json or "{}")))

    def render_pages(self, options_json: str = "{}") -> str:
        """``{"text", "pages": [{"number", "start"}]}``: the text for ``options_json`` and
        where each page's first paragraph starts in it (offsets in code points), or an error
        object."""
        assert self._conversion is not None, "finish() first"
        try:
            text, starts = self._conversion.render_pages(
                Options.from_dict(json.loads(options_json or "{}"))
            )
            return json.dumps(
                {"text": text, "pages": [{"number": n, "start": s} for n, s in starts]}
            )
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)

    def render_json(self, options_json: str = "{}") -> str:
        """Like :meth:`render`, as JSON: ``{"text": ...}`` or an error object."""
        try:
            return json.dumps({"text": self.render(options_json)})
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)
