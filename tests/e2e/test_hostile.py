"""Hostile files on the page (issue 25): whatever the engine does with a file built to stall or
swamp a reader, the page never hangs. Each file is generated here (a few kB to 2 MB) and reaches
'done' or 'error' (or the "taking unusually long" notice, then 'error'), and the page converts
the next file; after them a long document converts as on CPython (after a file of ten million
'q' operators, every later document of 100 pages or more failed with "RangeError: offset is out
of bounds" until the page was reloaded)."""

from __future__ import annotations

import zlib
from collections.abc import Iterator

import pytest

from pdfgen import build_pdf

from .conftest import CONFIG, App
from .test_page import make_pdf, pdf_payload
from .test_split import PAGES, cpython_text, long_document

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
CATALOG = b"<< /Type /Catalog /Pages 2 0 R >>"
PAGES_TREE = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
# The progress watch, shortened for these tests (app/engine/watchdog.js: 5 s and 60 s).
NOTICE_MS = 3_000
LIMIT_MS = 20_000
MIB = 2**20


def one_page(contents: bytes, *objects: bytes) -> bytes:
    """A one-page PDF whose page has /Contents ``contents`` (a reference), objects 4 on."""
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >>"
            b" /Contents " + contents + b" >>")
    numbered = {1: CATALOG, 2: PAGES_TREE, 3: page, 5: FONT}
    for number, body in zip((4, *range(6, 6 + len(objects))), objects):
        numbered[number] = body
    return build_pdf(numbered)


def flate_stream(raw_chunks: Iterator[bytes]) -> bytes:
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(chunk) for chunk in raw_chunks) + compressor.flush()
    return b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"


def self_referencing_contents() -> bytes:
    """The page's content array holds itself."""
    return one_page(b"4 0 R", b"[4 0 R]")


def ten_million_q() -> bytes:
    """One page that saves the graphics state ten million times before its text."""
    return one_page(b"4 0 R", flate_stream(iter([b"q " * 10_000_000, b"BT /F1 12 Tf 72 700 Td (After.) Tj ET"])))


def decompression_bomb() -> bytes:
    """2 MB of FlateDecode that inflates to 2 GB of spaces."""
    return one_page(b"4 0 R", flate_stream(b" " * MIB for _ in range(2048)))


@pytest.fixture()
def watched(app: App) -> Iterator[App]:
    """The shared page with the progress watch shortened, set back afterwards."""
    limits = "d => window.dispatchEvent(new CustomEvent('pdfprose:test-limits', { detail: d }))"
    app.page.evaluate(limits, {"noticeMs": NOTICE_MS, "limitMs": LIMIT_MS})
    try:
        yield app
    finally:
        app.page.evaluate(limits, {"noticeMs": 5_000, "limitMs": 60_000})


def settle(app: App, name: str, data: bytes) -> str:
    """Pick the file, wait for its outcome; returns what the page said. The page is usable after
    (ready, done or error) and no request left the origin."""
    app.ensure_idle()
    app.reset_options()
    app.testid("file-input").set_input_files(pdf_payload(name, data))
    state = app.wait_state("done", "error", "password", timeout=LIMIT_MS + CONFIG.BOOT_TIMEOUT_MS)
    app.shown = None
    outcome = f"{state}: {app.testid('error').text_content()}"
    app.ensure_idle()
    return outcome


def test_a_page_whose_contents_refer_to_themselves_is_reported(watched: App) -> None:
    outcome = settle(watched, "self-contents.pdf", self_referencing_contents())
    assert outcome.startswith(("done", "error")), outcome
    watched.convert_ok(pdf_payload("after.pdf", make_pdf([["After a self-referencing page."]])), "after")
    assert "After a self-referencing page." in watched.output()


def test_a_file_that_stalls_the_engine_is_said_to_and_given_up(watched: App) -> None:
    """Ten million 'q': the page says the file is taking unusually long, with Cancel beside it,
    then gives it up (its worker ended and replaced) or the engine runs out of memory first;
    either way the file is reported as failed."""
    app = watched
    app.ensure_idle()
    boots = int(app.testid("status").get_attribute("data-boots"))
    app.testid("file-input").set_input_files(pdf_payload("ten million q.pdf", ten_million_q()))
    notice = app.testid("notice-slow")
    app.page.wait_for_function("() => !document.querySelector('[data-testid=notice-slow]').hidden",
                               timeout=NOTICE_MS + 10_000)
    assert notice.text_content() == ("This file is taking unusually long: it may be damaged or built to stall "
                                     "readers. Cancel stops it; other files are not affected.")
    assert app.testid("cancel").is_visible()
    app.testid("lang").select_option("es")
    try:
        assert notice.text_content().startswith(
            "Este archivo está tardando más de lo normal: puede estar dañado o hecho para bloquear a los lectores.")
    finally:
        app.testid("lang").select_option("en")
    app.page.wait_for_function("() => !document.querySelector('[data-testid=error]').hidden",
                               timeout=LIMIT_MS + 30_000)
    error = app.testid("error").text_content()
    assert error.startswith(("pdfprose gave up on this file after ", "The converter ran out of memory")), error
    assert notice.is_hidden()
    assert app.testid("page-list").locator(":scope > *").count() == 0  # no half document shown
    # A fresh worker boots in the stalled one's place.
    app.page.wait_for_function("n => Number(document.querySelector('[data-testid=status]').dataset.boots) > n",
                               arg=boots, timeout=CONFIG.BOOT_TIMEOUT_MS)
    app.convert_ok(pdf_payload("after-q.pdf", make_pdf([["After ten million q."]])), "after-q")
    assert "After ten million q." in app.output()


def test_a_decompression_bomb_stays_within_the_engine_s_memory(watched: App) -> None:
    """2 GB of spaces from 2 MB: the engine's memory is capped at 1 GiB (app/engine/runtime.js),
    below the 2 GiB where Pyodide's glue misreads pointers."""
    app = watched
    outcome = settle(app, "bomb.pdf", decompression_bomb())
    assert outcome.startswith(("done", "error")), outcome
    if not outcome.startswith("done"):
        return  # out of memory said, and the worker replaced (test_failures.py covers that path)
    heap = int(app.testid("status").get_attribute("data-heap-mb"))
    assert heap <= 1024
    # Memory the worker will never give back (it never shrinks): replaced before the next file.
    boots = int(app.testid("status").get_attribute("data-boots"))
    app.convert_ok(pdf_payload("after-bomb.pdf", make_pdf([["After the bomb."]])), "after-bomb")
    assert "After the bomb." in app.output()
    assert int(app.testid("status").get_attribute("data-boots")) == boots + (1 if heap > 256 else 0)


def test_after_hostile_files_a_long_document_converts_as_on_cpython(watched: App) -> None:
    """The worker is healthy, or replaced, after any file: the ten-million-q file grew the old
    worker's memory past 2 GiB, and every document of 100 pages or more failed after it."""
    app = watched
    for name, data in (("q.pdf", ten_million_q()), ("bomb.pdf", decompression_bomb())):
        outcome = settle(app, name, data)
        assert outcome.startswith(("done", "error")), outcome
    book = long_document()
    app.convert_ok(pdf_payload("book after hostile files.pdf", book), "book after hostile files")
    assert app.testid("status").text_content().startswith(f"Done: book after hostile files.pdf, {PAGES} pages")
    assert app.output() == cpython_text(book, "txt")


def test_cancel_rescues_a_stalled_file(watched: App) -> None:
    app = watched
    app.ensure_idle()
    app.testid("file-input").set_input_files(pdf_payload("stalling.pdf", ten_million_q()))
    app.page.wait_for_function("() => !document.querySelector('[data-testid=notice-slow]').hidden",
                               timeout=NOTICE_MS + 10_000)
    app.testid("cancel").click()
    assert app.wait_state("ready", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready"
    assert app.testid("notice-slow").is_hidden()
    app.convert_ok(pdf_payload("after-cancel.pdf", make_pdf([["After the cancel."]])), "after-cancel")
    assert "After the cancel." in app.output()
