"""The tools the table benchmark compares, each reading a PDF's tables page by page.

- ``pdfprose``: ``convert(pdf).render(Options(format="md", page_markers=True))``, the Markdown
  cut at its ``<!-- page N -->`` markers and each page's GFM tables parsed back
  (:mod:`benchmarks.gfm`); its report gives each page's column count (and, once the table stage
  exists, its ``tables`` count).
- ``pdfplumber``: ``page.extract_tables()`` with its default settings: the ``lines`` strategy,
  which builds cells from drawn rules and rectangles only.
- ``pdfplumber-text``: ``page.extract_tables({"vertical_strategy": "text",
  "horizontal_strategy": "text"})``: cells from the alignment of words, pdfplumber's answer to
  tables without rules. A user picks one strategy per document, not per table, so it is run on
  every page, given no hint of which tables have rules (only with ``--tools``: see
  :data:`DEFAULT_ENGINES`).
- ``pymupdf4llm``: ``pymupdf4llm.to_markdown(doc, page_chunks=True)`` as installed: since 1.27 it
  runs PyMuPDF Layout (an ONNX layout model shipped in the ``pymupdf-layout`` wheel) by default.
- ``pymupdf4llm-classic``: the same after ``pymupdf4llm.use_layout(False)``: its rule-based
  path, whose tables come from PyMuPDF's ``find_tables`` (the one the issue measured; only with
  ``--tools``).

pymupdf4llm and PyMuPDF are AGPL: they are a ``bench`` extra of pyproject.toml, imported here
only, inside the functions that run them, never by the engine or the tests.
"""

from __future__ import annotations

import contextlib
import io
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .gfm import parse_tables

RawGrid = list[list[str | None]]

TOOLS = ("pdfprose", "pdfplumber", "pdfplumber-text", "pymupdf4llm", "pymupdf4llm-classic")

ENGINES = {  # what runs once per document -> the tool outputs it makes
    "pdfprose": ("pdfprose",),
    "pdfplumber": ("pdfplumber",),
    "pdfplumber-text": ("pdfplumber-text",),
    "pymupdf4llm": ("pymupdf4llm",),
    "pymupdf4llm-classic": ("pymupdf4llm-classic",),
}
DEFAULT_ENGINES = ("pdfprose", "pdfplumber", "pymupdf4llm")
"""What a default run compares. ``pdfplumber-text`` and ``pymupdf4llm-classic`` are asked for
with ``--tools``: the first finds no table on its own (it reads the whole page as one, see
benchmarks/README.md), the second is what pymupdf4llm was before its layout model; together
they would double the run's time."""

_PAGE_MARKER = re.compile(r"^<!-- page (\d+) -->$", re.MULTILINE)


@dataclass(slots=True)
class ToolOutput:
    """What one tool made of one document: the tables on each 1-based page, each page's column
    count (pdfprose only), CPU seconds, and the error that stopped it, if any."""

    tables: dict[int, list[RawGrid]] = field(default_factory=dict)
    columns: dict[int, int | None] = field(default_factory=dict)
    cpu: float = 0.0
    error: str | None = None


def markdown_pages(markdown: str) -> dict[int, str]:
    """The Markdown of each page, cut at pdfprose's ``<!-- page N -->`` markers."""
    parts = _PAGE_MARKER.split(markdown)
    return {int(parts[k]): parts[k + 1] for k in range(1, len(parts) - 1, 2)}


def run_pdfprose(pdf: bytes, pages: list[int] | None = None,
                 password: str = "") -> dict[str, ToolOutput]:
    """(``pages`` is ignored: pdfprose converts the whole document, as a user runs it.)"""
    from pdfprose import Options, convert

    out = ToolOutput()
    start = time.process_time()
    try:
        conversion = convert(pdf, password=password)
        markdown = conversion.render(Options(format="md", page_markers=True))
        report = conversion.report()
    except Exception as exc:  # a failure is a result: no tables found
        out.error = f"{type(exc).__name__}: {exc}"
    else:
        out.tables = {p: parse_tables(text) for p, text in markdown_pages(markdown).items()}
        out.columns = {p["number"]: p.get("columns") for p in report.get("pages", [])}
    out.cpu = time.process_time() - start
    return {"pdfprose": out}


def _pdfplumber(pdf: bytes, settings: dict | None, pages: list[int] | None,
                password: str) -> ToolOutput:
    import pdfplumber

    out = ToolOutput()
    start = time.process_time()
    try:
        with pdfplumber.open(io.BytesIO(pdf), password=password or None, pages=pages) as doc:
            for page in doc.pages:
                out.tables[page.page_number] = page.extract_tables(settings)
    except Exception as exc:
        out.error = f"{type(exc).__name__}: {exc}"
    out.cpu = time.process_time() - start
    return out


def run_pdfplumber(pdf: bytes, pages: list[int] | None = None,
                   password: str = "") -> dict[str, ToolOutput]:
    return {"pdfplumber": _pdfplumber(pdf, None, pages, password)}


def run_pdfplumber_text(pdf: bytes, pages: list[int] | None = None,
                        password: str = "") -> dict[str, ToolOutput]:
    settings = {"vertical_strategy": "text", "horizontal_strategy": "text"}
    return {"pdfplumber-text": _pdfplumber(pdf, settings, pages, password)}


def _pymupdf4llm(pdf: bytes, layout: bool, pages: list[int] | None = None,
                 password: str = "") -> ToolOutput:
    import pymupdf
    import pymupdf4llm

    out = ToolOutput()
    start = time.process_time()
    try:
        _set_layout(pymupdf4llm, layout)
        with contextlib.redirect_stdout(io.StringIO()):
            doc = pymupdf.open(stream=pdf, filetype="pdf")
            if password:
                doc.authenticate(password)
            wanted = None if pages is None else [p - 1 for p in pages]
            chunks = pymupdf4llm.to_markdown(doc, pages=wanted, page_chunks=True,
                                             show_progress=False)
        for k, chunk in enumerate(chunks):
            meta = chunk.get("metadata") or {}
            page = meta.get("page_number") or meta.get("page") or \
                (pages[k] if pages else k + 1)
            out.tables[int(page)] = parse_tables(chunk.get("text") or "")
    except Exception as exc:
        out.error = f"{type(exc).__name__}: {exc}"
    out.cpu = time.process_time() - start
    return out


_LAYOUT_STATE: dict[str, bool] = {}


def _set_layout(module, layout: bool) -> None:
    """Switch pymupdf4llm's layout model on or off in this process, only when it changes (each
    switch on loads the model again)."""
    if _LAYOUT_STATE.get("on", True) != layout:
        with contextlib.redirect_stdout(io.StringIO()):
            module.use_layout(layout)
        _LAYOUT_STATE["on"] = layout


def run_pymupdf4llm(pdf: bytes, pages: list[int] | None = None,
                    password: str = "") -> dict[str, ToolOutput]:
    return {"pymupdf4llm": _pymupdf4llm(pdf, True, pages, password)}


def run_pymupdf4llm_classic(pdf: bytes, pages: list[int] | None = None,
                            password: str = "") -> dict[str, ToolOutput]:
    return {"pymupdf4llm-classic": _pymupdf4llm(pdf, False, pages, password)}


def gfm(tables: dict[int, list[RawGrid]]) -> str:
    """Tables written back as GFM pipe tables (first row as the header, ``|`` escaped, a
    spanned slot empty), page by page: how a tool that returns cells (pdfplumber) would be
    judged by the Markdown probes."""
    out = []
    for page in sorted(tables):
        for grid in tables[page]:
            if not grid:
                continue
            width = max(len(r) for r in grid)
            rows = [[(c or "").replace("\n", " ").replace("|", "\\|") for c in r] +
                    [""] * (width - len(r)) for r in grid]
            out.append("| " + " | ".join(rows[0]) + " |")
            out.append("|" + "---|" * width)
            out.extend("| " + " | ".join(r) + " |" for r in rows[1:])
            out.append("")
    return "\n".join(out)


RUNNERS: dict[str, Callable[..., dict[str, ToolOutput]]] = {
    "pdfprose": run_pdfprose,
    "pdfplumber": run_pdfplumber,
    "pdfplumber-text": run_pdfplumber_text,
    "pymupdf4llm": run_pymupdf4llm,
    "pymupdf4llm-classic": run_pymupdf4llm_classic,
}


def versions() -> dict[str, str]:
    """Each tool's version, or why it cannot run here."""
    from importlib import metadata

    out = {}
    for tool, dist in (("pdfprose", "pdfprose"), ("pdfplumber", "pdfplumber"),
                       ("pymupdf4llm", "pymupdf4llm"), ("pymupdf", "pymupdf"),
                       ("pymupdf-layout", "pymupdf-layout"), ("pdfminer.six", "pdfminer.six"),
                       ("apted", "apted"), ("reportlab", "reportlab")):
        try:
            out[tool] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[tool] = "not installed"
    return out
