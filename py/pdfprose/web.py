"""The bridge the browser worker calls: JSON strings in and out, so no Python object has to be
converted field by field across Pyodide's JS bridge.

A :class:`WebSession` wraps one conversion. The worker calls :meth:`WebSession.open`, then
:meth:`~WebSession.next_page` until it returns ``""``, then :meth:`~WebSession.finish`, then
:meth:`~WebSession.render` as often as options change. Errors are returned, never raised, as
``{"error": {"code", "message", "params"}}`` so that the page can translate them.
"""

from __future__ import annotations

import json
from typing import Any

from .api import Conversion, Converter
from .errors import PdfProseError
from .options import MAX_PAGES, Options


def _error_json(exc: BaseException) -> str:
    if isinstance(exc, PdfProseError):
        body = {"code": exc.code, "message": str(exc), "params": exc.params}
    else:
        body = {"code": "internal", "message": f"{type(exc).__name__}: {exc}", "params": {}}
    return json.dumps({"error": body}, default=str)


class WebSession:
    """One document's conversion, driven step by step from the browser worker."""

    def __init__(self) -> None:
        self._converter: Converter | None = None
        self._conversion: Conversion | None = None

    def open(self, data: Any, password: str = "", max_pages: int = MAX_PAGES) -> str:
        """Open the PDF (``data``: bytes or a JS ``Uint8Array`` proxy). Returns
        ``{"page_count": N}`` or an error object."""
        try:
            raw = data.to_py() if hasattr(data, "to_py") else data
            self._converter = Converter(bytes(raw), password=password, max_pages=max_pages)
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
        return json.dumps({**page.summary(), "geometry": page.geometry()})

    def finish(self) -> str:
        """Run the document passes; returns the JSON report (see ``Conversion.report``)."""
        assert self._converter is not None, "open() first"
        try:
            self._conversion = self._converter.finish()
            return json.dumps({**self._conversion.report(), "all_empty": self._conversion.all_empty})
        except Exception as exc:  # noqa: BLE001
            return _error_json(exc)

    def render(self, options_json: str = "{}") -> str:
        """The output text for ``options_json`` (keys of :class:`~pdfprose.Options`)."""
        assert self._conversion is not None, "finish() first"
        return self._conversion.render(Options.from_dict(json.loads(options_json or "{}")))
