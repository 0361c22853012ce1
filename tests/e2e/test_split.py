"""A long document is converted by two workers (issue 8): the first converts from page 1, the
second (booted ahead, on standby: the spare) the rest, hands its analysis over and is
terminated, and a new spare boots; the output is the same as one worker's, and CPython's. If
the second worker crashes, the first finishes alone."""

from __future__ import annotations

import io

from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from .conftest import CONFIG, App
from .test_page import pdf_payload

PAGES = 110  # app/engine/split.js splits from 100 pages on


def long_document(pages: int = PAGES) -> bytes:
    """A book: a running head and a page number on every page, a few paragraphs, a footnote on
    every third page, and a word hyphenated across pages (de-hyphenation needs the whole
    document's vocabulary)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(420, 595))
    for n in range(1, pages + 1):
        canvas.setFont("Helvetica-Oblique", 8)
        canvas.drawString(40, 565, "A Book Split in Two")
        canvas.drawRightString(380, 565, f"Chapter {1 + (n - 1) // 25}")
        canvas.setFont("Times-Roman", 10)
        y = 530
        for row in range(10):
            if row in (4, 8):
                y -= 10  # a paragraph break
            text = f"Page {n} line {row} tells of the orchard, the river and the stone bridge"
            if row == 9:
                text += " in the docu-" if n % 2 else " the end."
            canvas.drawString(40, y, text)
            y -= 13
        if n % 2 == 0:
            canvas.drawString(40, y, "mentation of the valley, as the surveyors wrote it down.")
        if n % 3 == 0:
            canvas.setFont("Times-Roman", 7)
            canvas.drawString(40, 70, f"{n // 3} A footnote on page {n}.")
        canvas.setFont("Helvetica", 8)
        canvas.drawCentredString(210, 30, str(n))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.fixture(scope="module")
def book() -> bytes:
    return long_document()


def cpython_text(data: bytes, fmt: str) -> str:
    from pdfprose import Options, convert

    return convert(data).render(Options(format=fmt))


def workers(app: App, expected: int) -> int:
    """The page's live Web Workers, once Playwright has heard of ``expected`` of them (a
    terminated worker's close event comes a little later), or after a few seconds."""
    for _ in range(100):
        if len(app.page.workers) == expected:
            break
        app.page.wait_for_timeout(50)
    return len(app.page.workers)


def second_workers(app: App) -> list[Any]:
    """The page's second workers (app/engine/bridge.js names them 'helper'), once the spare is booted."""
    app.page.wait_for_function("() => document.querySelector('[data-testid=status]').dataset.spare === 'ready'",
                               timeout=CONFIG.BOOT_TIMEOUT_MS)
    return [w for w in app.page.workers if w.evaluate("() => self.name") == "helper"]


def closed(app: App, workers: list[Any]) -> bool:
    """Whether all of ``workers`` are gone, once Playwright has heard (or after a few seconds)."""
    for _ in range(100):
        if not any(w in app.page.workers for w in workers):
            return True
        app.page.wait_for_timeout(50)
    return False


def page_list_numbers(app: App) -> list[int]:
    return app.page.eval_on_selector_all(
        "[data-testid=page-list] > li", "els => els.map((li) => Number(li.dataset.page))")


def test_a_long_document_is_converted_by_two_workers_with_the_same_output(app: App, book: bytes) -> None:
    if app.page.evaluate("() => navigator.hardwareConcurrency") < 2:
        pytest.skip("one core: the page converts with one worker")
    spare = second_workers(app)
    assert len(spare) == 1  # booted after the page was ready, before any long document
    app.crash("split-hold")  # the first worker waits after two pages for the second one
    app.convert_ok(pdf_payload("split-book.pdf", book), "split-book.pdf")
    status = app.testid("status")
    # (Once, under load at a fresh-clone tester's, one worker did it all: what the page knew.)
    split_facts = "el => Object.fromEntries(['workers', 'spare', 'spareClaimedAt', 'helperPages', " \
        "'helperFailed', 'adoptError', 'reanalysed'].map((k) => [k, el.dataset[k] ?? null]))"
    assert status.get_attribute("data-workers") == "2", status.evaluate(split_facts)
    assert status.get_attribute("data-adopt-error") is None
    # The spare took its share at the page count, before the first worker had read a page.
    assert status.get_attribute("data-spare-claimed-at") == "0"
    helper_pages = int(status.get_attribute("data-helper-pages"))
    assert 0 < helper_pages < PAGES - 2
    assert status.get_attribute("data-helper-failed") is None
    # The second worker was terminated once it had handed its pages over: its memory is back;
    # a fresh spare boots for the next long document.
    assert closed(app, spare)
    again = second_workers(app)
    assert len(again) == 1 and again[0] not in spare
    assert app.output() == cpython_text(book, "txt")
    # Every page once, in page order, whichever worker read it; the progress bar is full.
    assert page_list_numbers(app) == list(range(1, PAGES + 1))
    assert app.testid("progress").evaluate("el => [el.value, el.max]") == [PAGES, PAGES]
    assert status.text_content().startswith(f"Done: {PAGES} pages")
    # Options re-render from the one analysis the first worker holds.
    app.set_format("md")
    app.wait_shown("md|1|1|0")
    assert app.output() == cpython_text(book, "md")
    # A long document draws only the cards near the view (memory); the first ones are drawn.
    first = app.testid("page-list").locator("li[data-page='1'] svg.pv")
    assert first.locator(".pv-line").count() > 10
    assert app.testid("page-list").locator("svg.pv-pending").count() > PAGES // 2


def test_without_a_spare_the_second_worker_boots_once_the_first_page_is_shown(app: App, book: bytes) -> None:
    if app.page.evaluate("() => navigator.hardwareConcurrency") < 2:
        pytest.skip("one core: the page converts with one worker")
    second_workers(app)
    app.crash("no-spare")  # as for a document dropped before the spare is booted
    app.crash("split-hold")
    app.convert_ok(pdf_payload("no-spare.pdf", book), "no-spare.pdf")
    status = app.testid("status")
    assert status.get_attribute("data-workers") == "2"
    assert status.get_attribute("data-spare-claimed-at") is None  # a second worker of its own
    assert 0 < int(status.get_attribute("data-helper-pages")) < PAGES - 2
    assert app.output() == cpython_text(book, "txt")
    assert len(second_workers(app)) == 1  # and a spare again for the next one


def test_a_short_document_leaves_the_spare_waiting_for_the_next_long_one(app: App, book: bytes) -> None:
    if app.page.evaluate("() => navigator.hardwareConcurrency") < 2:
        pytest.skip("one core: the page converts with one worker")
    spare = second_workers(app)
    assert len(spare) == 1
    short = long_document(12)
    app.convert_ok(pdf_payload("short.pdf", short), "short.pdf")
    status = app.testid("status")
    assert status.get_attribute("data-workers") == "1"
    assert status.get_attribute("data-spare-claimed-at") is None
    assert app.output() == cpython_text(short, "txt")
    # The same worker waits on (not ended, not replaced), and takes the next long document.
    assert second_workers(app) == spare
    app.crash("split-hold")
    app.convert_ok(pdf_payload("long-after-short.pdf", book), "long-after-short.pdf")
    assert status.get_attribute("data-workers") == "2"
    assert status.get_attribute("data-spare-claimed-at") == "0"
    assert app.output() == cpython_text(book, "txt")
    assert closed(app, spare)


def test_when_the_second_worker_crashes_the_first_finishes_alone(app: App, book: bytes) -> None:
    if app.page.evaluate("() => navigator.hardwareConcurrency") < 2:
        pytest.skip("one core: the page converts with one worker")
    app.crash("split-hold")
    app.crash("helper-throw")  # the second worker dies once it has sent its first page
    app.convert_ok(pdf_payload("crashing-helper.pdf", book), "crashing-helper.pdf")
    app.errors.clear()  # the second worker's uncaught error is the point of this test
    status = app.testid("status")
    assert status.get_attribute("data-helper-failed") == "true"
    assert status.get_attribute("data-workers") == "1"
    assert app.testid("error").is_hidden()
    assert app.output() == cpython_text(book, "txt")
    # The page the second worker had sent is shown once, not twice.
    assert page_list_numbers(app) == list(range(1, PAGES + 1))
    assert app.testid("progress").evaluate("el => el.value") == PAGES


def test_cancel_stops_both_workers(app: App, book: bytes) -> None:
    if app.page.evaluate("() => navigator.hardwareConcurrency") < 2:
        pytest.skip("one core: the page converts with one worker")
    app.ensure_idle()
    app.reset_options()
    app.crash("split-hold")
    app.testid("file-input").set_input_files(pdf_payload("cancelled-book.pdf", book))
    # A page of the second half on the list: the second worker is converting.
    app.page.wait_for_function(
        "n => [...document.querySelectorAll('[data-testid=page-list] > li')].some((li) => Number(li.dataset.page) > n)",
        arg=PAGES // 2 + 2)
    assert workers(app, 2) == 2
    helpers = [w for w in app.page.workers if w.evaluate("() => self.name") == "helper"]
    assert len(helpers) == 1
    app.testid("cancel").click()
    assert app.wait_state("ready") == "ready"
    assert app.testid("status").text_content() == "Cancelled. Ready for another PDF."
    assert app.testid("page-list").locator(":scope > *").count() == 0
    assert closed(app, helpers)  # the second one is gone; the first stays booted
    assert len(app.page.workers) >= 1
    app.convert_ok(pdf_payload("after-cancel.pdf", long_document(3)), "after-cancel.pdf")
    app.shown = None
    assert app.output() == cpython_text(long_document(3), "txt")
