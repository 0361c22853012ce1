"""Hostile files on the page (issue 25): whatever the engine does with a file built to stall or
swamp a reader, the page never hangs. Each file is generated here (a few kB to 2 MB) and reaches
'done' or 'error' (or the "taking unusually long" notice, then 'error'), and the page converts
the next file: after the stalling file, a long document, as on CPython (after a
file of ten million 'q' operators, every later document of 100 pages or more failed with
"RangeError: offset is out of bounds" until the page was reloaded)."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from functools import cache

import pytest

from pdfgen import build_pdf

from .conftest import CONFIG, App
from .test_page import make_pdf, pdf_payload
from .test_split import cpython_text, second_workers

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
CATALOG = b"<< /Type /Catalog /Pages 2 0 R >>"
PAGES_TREE = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
# The progress watch, shortened for these tests (app/engine/watchdog.js: 5 s and 60 s).
STALL_NOTICE_MS = 5_000
HARD_LIMIT_MS = 60_000
NOTICE_MS = 1_500
LIMIT_MS = 5_000
MIB = 2**20
SPLIT_PAGES = 100  # app/engine/split.js shares a document of this many pages between two workers
ADLER_BASE = 65521  # zlib's Adler-32 modulus (RFC 1950)


def one_page(contents: bytes, *objects: bytes) -> bytes:
    """A one-page PDF whose page has /Contents ``contents`` (a reference), objects 4 on."""
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >>"
            b" /Contents " + contents + b" >>")
    numbered = {1: CATALOG, 2: PAGES_TREE, 3: page, 5: FONT}
    for number, body in zip((4, *range(6, 6 + len(objects))), objects):
        numbered[number] = body
    return build_pdf(numbered)


def flate_stream(compressed: bytes) -> bytes:
    """A stream object holding ``compressed`` (zlib's format) as FlateDecode."""
    return b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(compressed) + compressed + b"\nendstream"


def deep_arrays(depth: int = 100_000) -> bytes:
    """A page whose dictionary holds arrays ``depth`` deep (/PieceInfo), its text ordinary."""
    content = b"BT /F1 12 Tf 72 700 Td (Under the deep arrays.) Tj ET"
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >>"
            b" /Contents 4 0 R /PieceInfo " + b"[" * depth + b"]" * depth + b" >>")
    stream = b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"
    return build_pdf({1: CATALOG, 2: PAGES_TREE, 3: page, 4: stream, 5: FONT})


def self_referencing_contents() -> bytes:
    """The page's content array holds itself."""
    return one_page(b"4 0 R", b"[4 0 R]")


@cache
def ten_million_q() -> bytes:
    """One page that saves the graphics state ten million times before its text."""
    content = b"q " * 10_000_000 + b"BT /F1 12 Tf 72 700 Td (After.) Tj ET"
    return one_page(b"4 0 R", flate_stream(zlib.compress(content, 9)))


def stalling_pages(pages: int = 20) -> bytes:
    """``pages`` pages that all draw one content stream of ten million ``q``: each page takes the
    page's operator budget's seconds, so the file keeps the worker busy for a minute or more,
    however soon a loaded machine lets the test click (one such page was done before a starved
    test process clicked Cancel)."""
    content = b"q " * 10_000_000 + b"BT /F1 12 Tf 72 700 Td (After.) Tj ET"
    kids = b" ".join(b"%d 0 R" % n for n in range(6, 6 + pages))
    numbered = {1: CATALOG, 2: b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
                4: flate_stream(zlib.compress(content, 9)), 5: FONT}
    for n in range(6, 6 + pages):
        numbered[n] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font"
                       b" << /F1 5 0 R >> >> /Contents 4 0 R >>")
    return build_pdf(numbered)


def decompression_bomb(mebibytes: int = 2048) -> bytes:
    """2 MB of FlateDecode that inflates to 2 GiB of spaces. Compressing 2 GiB took 30 s of the
    test's time, so one MiB is compressed and its block repeated: after a full flush the
    compressor starts afresh (no reference reaches back), so every MiB gives the same bytes, and
    the Adler-32 of n spaces has a closed form (A = 1 + 32n, B = n + 32n(n+1)/2)."""
    compressor = zlib.compressobj(9)
    first = compressor.compress(b" " * MIB) + compressor.flush(zlib.Z_FULL_FLUSH)  # with the header
    block = compressor.compress(b" " * MIB) + compressor.flush(zlib.Z_FULL_FLUSH)
    assert first[2:] == block
    n = mebibytes * MIB
    adler = (n + 32 * n * (n + 1) // 2) % ADLER_BASE << 16 | (1 + 32 * n) % ADLER_BASE
    # b"\x03\x00": an empty final block with fixed codes, as zlib ends a flushed stream.
    data = first + block * (mebibytes - 1) + b"\x03\x00" + struct.pack(">I", adler)
    return one_page(b"4 0 R", flate_stream(data))


@pytest.fixture()
def watched(app: App) -> Iterator[App]:
    """The shared page with the progress watch shortened, set back afterwards."""
    set_limits(app, NOTICE_MS, LIMIT_MS)
    try:
        yield app
    finally:
        set_limits(app, STALL_NOTICE_MS, HARD_LIMIT_MS)


def set_limits(app: App, notice_ms: int, limit_ms: int) -> None:
    limits = "d => window.dispatchEvent(new CustomEvent('pdfprose:test-limits', { detail: d }))"
    app.page.evaluate(limits, {"noticeMs": notice_ms, "limitMs": limit_ms})


def assert_long_document_converts(app: App, name: str) -> None:
    """A document of 100 pages, which two workers share where there are two cores, comes out as
    on CPython (short pages: the failure was any such document, whatever its pages held)."""
    book = make_pdf([[f"Page {n} of a long document.", "It says little on each page."]
                     for n in range(1, SPLIT_PAGES + 1)])
    two = app.page.evaluate("() => navigator.hardwareConcurrency") >= 2
    if two:
        second_workers(app)  # the spare, booted again after the stalled worker was replaced
    app.convert_ok(pdf_payload(name, book), name)
    status = app.testid("status")
    assert status.text_content().startswith(f"Done: {name}, {SPLIT_PAGES} pages")
    assert status.get_attribute("data-workers") == ("2" if two else "1")
    assert app.output() == cpython_text(book, "txt")


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
    """Ten million 'q': the engine's read budgets (issue 25) stop the page at its operator budget
    and it converts in part, saying so; on a machine slow enough for the watch to fire first,
    the page says the file is taking unusually long, with Cancel beside it, then gives it up
    (its worker ended and replaced) or the engine runs out of memory; either way the page is
    usable after it."""
    app = watched
    app.ensure_idle()
    boots = int(app.testid("status").get_attribute("data-boots"))
    app.testid("file-input").set_input_files(pdf_payload("ten million q.pdf", ten_million_q()))
    notice = app.testid("notice-slow")
    app.page.wait_for_function(
        "() => !document.querySelector('[data-testid=notice-slow]').hidden"
        " || ['done', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)",
        timeout=LIMIT_MS + 30_000)
    if not notice.is_hidden():
        assert notice.text_content() == ("This file is taking unusually long: it may be damaged or built to stall "
                                         "readers. Cancel stops it; other files are not affected.")
        assert app.testid("cancel").is_visible()
        app.testid("lang").select_option("es")
        try:
            assert notice.text_content().startswith(
                "Este archivo está tardando más de lo normal: puede estar dañado o hecho para bloquear a los lectores.")
        finally:
            app.testid("lang").select_option("en")
    state = app.wait_state("done", "error", timeout=LIMIT_MS + 30_000)
    assert notice.is_hidden()
    if state == "done":
        # The budget's notice says what was left out; the text before the stop is kept.
        said = app.testid("notice-more").text_content() or ""
        assert "cut short" in said or "graphics states" in said, said
    elif not (app.testid("error").text_content() or "").startswith(
            ("pdfprose gave up on this file after ", "The converter ran out of memory")):
        # The engine's own verdict: its only page past the operator budget could not be read.
        error = app.testid("error").text_content() or ""
        assert "500,000 drawing operations" in error or "could not be read" in error, error
    else:
        assert app.testid("page-list").locator(":scope > *").count() == 0  # no half document shown
        # A fresh worker boots in the stalled one's place, and reads a long document as CPython
        # does (after this file, every document of 100 pages or more failed with "RangeError:
        # offset is out of bounds" until the page was reloaded).
        app.page.wait_for_function(
            "n => Number(document.querySelector('[data-testid=status]').dataset.boots) > n",
            arg=boots, timeout=CONFIG.BOOT_TIMEOUT_MS)
    set_limits(app, STALL_NOTICE_MS, HARD_LIMIT_MS)  # the book's pages, however slow the machine
    assert_long_document_converts(app, "book after ten million q.pdf")


def test_a_decompression_bomb_stays_within_the_engine_s_memory(watched: App) -> None:
    """2 GB of spaces from 2 MB: the engine's memory is capped at 1 GiB (app/engine/memory.js),
    below the 2 GiB where Pyodide's glue misreads pointers."""
    app = watched
    outcome = settle(app, "bomb.pdf", decompression_bomb())
    assert outcome.startswith(("done", "error")), outcome
    boots = int(app.testid("status").get_attribute("data-boots"))
    heap = int(app.testid("status").get_attribute("data-heap-mb") or 0) if outcome.startswith("done") else 0
    assert heap <= 1024
    app.convert_ok(pdf_payload("after-bomb.pdf", make_pdf([["After the bomb."]])), "after-bomb")
    assert "After the bomb." in app.output()
    # Memory the worker never gives back (it never shrinks): replaced before the next file.
    if heap > 256:
        assert int(app.testid("status").get_attribute("data-boots")) == boots + 1


def test_cancel_rescues_a_stalled_file(watched: App) -> None:
    app = watched
    app.ensure_idle()
    app.testid("file-input").set_input_files(pdf_payload("stalling.pdf", stalling_pages()))
    app.page.wait_for_function("() => !document.querySelector('[data-testid=notice-slow]').hidden",
                               timeout=NOTICE_MS + 10_000)
    app.testid("cancel").click()
    assert app.wait_state("ready", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready"
    assert app.testid("notice-slow").is_hidden()
    app.convert_ok(pdf_payload("after-cancel.pdf", make_pdf([["After the cancel."]])), "after-cancel")
    assert "After the cancel." in app.output()


def test_arrays_nested_100000_deep_leave_the_page_usable(app: App) -> None:
    """The page converts a file whose page holds arrays 100,000 deep, and the next file: freeing
    that structure at the next file's start killed the interpreter (Pyodide's fatal "Maximum
    call stack size exceeded"), and the next file failed with it. The engine now keeps 256
    levels (pdfprose.pdf.nesting) and says so."""
    app.convert_ok(pdf_payload("deep arrays.pdf", deep_arrays()), "deep arrays")
    assert "Under the deep arrays." in app.output()
    assert "nest more than 256 levels deep" in (app.testid("notice-more").text_content() or "")
    boots = int(app.testid("status").get_attribute("data-boots"))
    app.convert_ok(pdf_payload("after deep.pdf", make_pdf([["After the deep arrays."]])), "after deep")
    assert "After the deep arrays." in app.output()
    assert int(app.testid("status").get_attribute("data-boots")) == boots  # the same worker


def test_an_interpreter_that_dies_is_replaced(app: App) -> None:
    """Pyodide's fatal error (its interpreter is dead) ends the worker: the page says the
    converter stopped, boots a fresh one and converts the next file, where it said "Something
    went wrong" and kept the dead interpreter."""
    app.ensure_idle()
    boots = int(app.testid("status").get_attribute("data-boots"))
    app.crash("fatal")
    app.testid("file-input").set_input_files(pdf_payload("fatal.pdf", make_pdf([["Never read."]])))
    app.page.wait_for_function("() => !document.querySelector('[data-testid=error]').hidden")
    assert app.testid("error").text_content().startswith("The converter stopped unexpectedly (")
    assert app.wait_state("ready", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready"
    assert int(app.testid("status").get_attribute("data-boots")) == boots + 1
    app.errors.clear()  # Pyodide's report of its fatal error, and the worker's uncaught one
    app.convert_ok(pdf_payload("after fatal.pdf", make_pdf([["After the fatal error."]])), "after fatal")
    assert "After the fatal error." in app.output()


def test_an_interpreter_that_dies_rendering_ahead_is_replaced(app: App) -> None:
    """Pyodide's fatal error while the idle worker renders ahead (the options one switch away)
    ends that worker as one during a conversion does: the page says the converter stopped,
    boots a fresh one and converts the next file. The error was swallowed there: the worker
    lived on with a dead interpreter and the next file failed."""
    app.ensure_idle()
    boots = int(app.testid("status").get_attribute("data-boots"))
    app.crash("fatal-ahead")
    app.convert_ok(pdf_payload("ahead.pdf", make_pdf([["Shown before the fatal error."]])), "ahead")
    assert "Shown before the fatal error." in app.output()
    app.page.wait_for_function("() => !document.querySelector('[data-testid=error]').hidden")
    assert app.testid("error").text_content().startswith("The converter stopped unexpectedly (")
    assert app.wait_state("ready", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready"
    assert int(app.testid("status").get_attribute("data-boots")) == boots + 1
    app.errors.clear()  # Pyodide's report of its fatal error, and the worker's uncaught one
    app.convert_ok(pdf_payload("after ahead.pdf", make_pdf([["After the fatal error ahead."]])),
                   "after ahead")
    assert "After the fatal error ahead." in app.output()


def test_a_page_cut_short_by_the_operator_budget_says_which_limit_in_both_languages(app: App) -> None:
    """A page past the operator budget (cm_ten_million, q_ten_million) said "the content is
    damaged" on the page while the library said which limit cut it short: the page now says
    the library's sentence, and its own in Spanish, from the notice's kind, part and limit."""
    # 'n' (end a path): the cheapest operator to run (cm costs seven times more on CPython).
    content = b"BT /F1 12 Tf 72 700 Td (Before the budget.) Tj ET\n" + b"n\n" * 520_000
    app.convert_ok(pdf_payload("past the budget.pdf", one_page(b"4 0 R", flate_stream(zlib.compress(content, 9)))),
                   "past the budget")
    assert "Before the budget." in app.output()
    said = app.testid("notice-more").locator("li[data-code='content_damaged']")
    assert said.text_content() == ("Page 1 was cut short: it runs more than 500,000 drawing operations (a damaged "
                                   "or hostile file); the text before that point was kept.")
    app.testid("lang").select_option("es")
    try:
        assert said.text_content() == ("La página 1 se cortó: ejecuta más de 500.000 operaciones de dibujo (un "
                                       "archivo dañado o malicioso); se conservó el texto anterior a ese punto.")
    finally:
        app.testid("lang").select_option("en")


def test_a_page_whose_text_went_to_a_bomb_is_not_called_a_scan(app: App) -> None:
    """A content stream inflating past the file's budget before its text (40 MiB of spaces) left
    the page nothing it drew: the page said "no text layer: probably scanned images ... Run OCR".
    Its text was lost to the bomb, and the page says that, with no OCR suggestion."""
    content = zlib.compress(b" " * (40 * MIB) + b"BT /F1 12 Tf 72 700 Td (Lost to the bomb.) Tj ET", 9)
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >>"
            b" /Contents 4 0 R >>")
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    data = build_pdf({1: CATALOG, 2: PAGES_TREE, 3: page, 4: flate_stream(content), 5: font})
    app.ensure_idle()
    app.testid("file-input").set_input_files(pdf_payload("content bomb.pdf", data))
    assert app.wait_state("done", "error", timeout=CONFIG.BOOT_TIMEOUT_MS) == "done", app.testid("error").text_content()
    app.shown = None
    assert app.testid("notice-empty").is_hidden()
    failed = app.testid("notice-failed").text_content() or ""
    assert failed == ("Page 1 could not be read and is missing from the text: its text was lost: its content was "
                      "cut at the file's decompression limit (a damaged or hostile file, not a scan).")
    assert "OCR" not in (app.page.locator("#result").text_content() or "")
