"""What the page says when things go wrong (issue 6, the page side): a password, garbled fonts,
pages that failed, and an engine that crashes or runs out of memory. The user always learns
what happened, and the page stays usable."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .conftest import CONFIG, TIMINGS, App, cpython_conversion, new_context
from .test_page import make_pdf, pdf_payload

PASSWORD_FILE = "real/aes128_user_password.pdf"
PASSWORD = "baz"


def test_password_prompt_wrong_then_right(app: App, corpus_file: Callable[[str], Path]) -> None:
    path = corpus_file(PASSWORD_FILE)
    parses = app.parses
    assert app.convert(path, path.name) == "password"
    field = app.testid("password")
    assert field.is_visible()
    assert app.page.evaluate("() => document.activeElement.dataset.testid") == "password"
    assert app.testid("password-message").text_content().startswith(
        "aes128_user_password.pdf is protected with a password. Type the password to open it"
    )
    assert app.testid("status").text_content() == "Waiting for the password of aes128_user_password.pdf."
    assert not app.testid("error").is_visible()
    assert not app.testid("download").is_visible()
    assert field.get_attribute("type") == "password"
    assert app.page.get_by_label("Password", exact=True).count() == 1

    # An empty one (Enter pressed too soon): the file is not tried again; the prompt says what is
    # missing instead of repeating its first question (a fresh-clone tester saw no change).
    field.press("Enter")
    assert app.testid("password-message").text_content() == (
        "Type the password first: this PDF cannot be opened without one.")
    assert field.get_attribute("aria-invalid") == "true"
    assert app.testid("status").get_attribute("data-state") == "password"
    assert app.parses == parses

    # A wrong one: a clear message, the field again, no need to pick the file again.
    field.fill("not it")
    field.press("Enter")
    assert app.wait_state("done", "error", "password") == "password"
    assert app.testid("password-message").text_content().startswith("That password does not open this PDF.")
    assert field.get_attribute("aria-invalid") == "true"
    assert app.page.evaluate("() => document.activeElement.dataset.testid") == "password"

    # In Spanish too.
    app.testid("lang").select_option("es")
    try:
        assert app.testid("password-message").text_content().startswith("Esa contraseña no abre este PDF.")
        assert app.page.get_by_label("Contraseña", exact=True).count() == 1
        assert app.testid("password-submit").text_content() == "Abrir"
    finally:
        app.testid("lang").select_option("en")

    field.fill(PASSWORD)
    field.press("Enter")
    assert app.wait_state("done", "error", "password") == "done"
    app.shown = None
    assert "Secret!" in app.output()
    assert not app.testid("password-form").is_visible()
    # The hidden field's focus went to the status line, not to the page's top (a keyboard user
    # was left with nothing focused).
    assert app.page.evaluate("() => document.activeElement.dataset.testid") == "status"
    assert field.input_value() == ""  # not kept in the field once used
    assert app.testid("download").get_attribute("download") == "aes128_user_password.txt"
    assert app.parses == parses + 1


def test_the_password_prompt_can_be_given_up(app: App, corpus_file: Callable[[str], Path]) -> None:
    """Cancel, or Escape in the prompt, lets a protected file go and the page is ready for
    another (a fresh-clone tester found no way out but picking another file)."""
    path = corpus_file(PASSWORD_FILE)
    parses = app.parses
    status = app.testid("status")
    for give_up in ("click", "escape"):
        assert app.convert(path, path.name) == "password"
        if give_up == "click":
            assert app.testid("password-cancel").text_content() == "Cancel"
            app.testid("password-cancel").click()
        else:
            app.testid("password").fill("half typed")
            app.testid("password").press("Escape")
        assert not app.testid("password-form").is_visible()
        assert status.get_attribute("data-state") == "ready"
        assert status.text_content() == "Cancelled. Ready for another PDF."
        assert app.page.evaluate("() => document.activeElement.dataset.testid") == "status"
        assert app.testid("password").input_value() == ""
        assert not app.testid("download").is_visible()
    assert app.parses == parses  # nothing was read
    app.testid("lang").select_option("es")
    try:
        assert app.testid("password-cancel").text_content() == "Cancelar"
    finally:
        app.testid("lang").select_option("en")
    # The next file converts as usual.
    app.convert_ok(pdf_payload("after-password.pdf", make_pdf([["After the password prompt."]])),
                   "after-password.pdf")
    assert "After the password prompt." in app.output()


def test_a_password_typed_for_one_pdf_is_not_offered_to_the_next(
        app: App, corpus_file: Callable[[str], Path]) -> None:
    """A tester typed a password for one PDF, did not send it, and dropped another protected
    PDF: its prompt showed the first one's password, selected, one Enter from being sent."""
    path = corpus_file(PASSWORD_FILE)
    assert app.convert(path, path.name) == "password"
    app.testid("password").fill("typed for the first")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, encrypt="second-secret")
    canvas.drawString(72, 720, "The second protected file.")
    canvas.save()
    app.testid("file-input").set_input_files(pdf_payload("second.pdf", buffer.getvalue()))
    assert app.wait_state("done", "error", "password") == "password"
    assert app.testid("password-message").text_content().startswith("second.pdf is protected")
    assert app.testid("password").input_value() == ""
    # The same file picked again is another file too: nothing typed before is kept.
    app.testid("password").fill("not it either")
    app.testid("file-input").set_input_files(pdf_payload("second.pdf", buffer.getvalue()))
    assert app.wait_state("done", "error", "password") == "password"
    assert app.testid("password").input_value() == ""
    app.testid("password").fill("second-secret")
    app.testid("password").press("Enter")
    assert app.wait_state("done", "error", "password") == "done"
    app.shown = None
    assert "The second protected file." in app.output()


def test_password_messages_exist_in_spanish(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.testid("lang").select_option("es")
    try:
        path = corpus_file(PASSWORD_FILE)
        assert app.convert(path, path.name) == "password"
        assert app.testid("password-message").text_content().startswith(
            "aes128_user_password.pdf está protegido con contraseña."
        )
        assert app.testid("status").text_content() == "Esperando la contraseña de aes128_user_password.pdf."
    finally:
        app.testid("lang").select_option("en")


def test_garbled_pages_notice_lists_pages_and_the_ocr_way_out(app: App, corpus_file: Callable[[str], Path]) -> None:
    path = corpus_file("real/fr_cinema_partial_garbled.pdf")
    app.convert_ok(path, path.name)
    notice = app.testid("notice-garbled")
    assert notice.is_visible()
    text = notice.text_content()
    report = cpython_conversion(path).report()
    causes = {p.get("garbled_cause") for p in report["pages"] if p["garbled"]} - {None}
    if causes:  # the engine names each page's cause: one sentence per cause, in the page's words
        assert text.startswith("Page 1 uses fonts without a ToUnicode map")
        assert "Pages 2, 3, 4, 5, and 6 use fonts that map characters to the wrong codes" in text
        # Said as what the output holds (a tester read "comes out as a jumble" as the jumble kept).
        assert "their letters read shifted along the alphabet, so they are shown as \ufffd" in text
    else:
        assert text.startswith("Pages 1, 2, 3, 4, 5, and 6 use fonts whose characters cannot be identified")
    assert "OCR" in text and "OCRmyPDF" in text
    items = app.testid("page-list").locator(":scope > *")
    assert [items.nth(i).get_attribute("data-garbled") for i in range(items.count())] == ["true"] * 6
    app.testid("lang").select_option("es")
    try:
        text = notice.text_content()
        if causes:
            assert text.startswith("La página 1 usa fuentes sin tabla ToUnicode")
            assert "Las páginas 2, 3, 4, 5 y 6 usan fuentes que asignan los caracteres a códigos equivocados" in text
            assert "así que se muestran como \ufffd" in text
        else:
            assert text.startswith("Las páginas 1, 2, 3, 4, 5 y 6 usan fuentes cuyos caracteres no se pueden identificar")
        assert "OCR" in text
    finally:
        app.testid("lang").select_option("en")


def test_lost_fonts_of_a_cut_file_are_a_garbled_notice_without_a_meaningless_share(
    app: App, corpus_file: Callable[[str], Path]
) -> None:
    # tracemonkey cut at 120 kB: its fonts lay past the cut; the page said only "cut short"
    # and showed "race-basedT imeust-inTJ ypeT" as if it were the text.
    data = corpus_file("real/tracemonkey_pldi09_2col.pdf").read_bytes()[:120_000]
    app.convert_ok(pdf_payload("tracemonkey cut.pdf", data), "tracemonkey cut")
    notice = app.testid("notice-garbled")
    text = notice.text_content()
    assert text.startswith("Pages 1, 2, 3, 4, 5, 6, and 1 more use fonts whose definitions are missing "
                           "from the file (it is cut short or damaged)")
    assert "no known meaning" not in text and "OCR" not in text
    assert text.endswith("get a complete copy of the PDF (download it again) to read those pages.")
    app.testid("lang").select_option("es")
    try:
        assert notice.text_content().startswith(
            "Las páginas 1, 2, 3, 4, 5, 6 y 1 más usan fuentes cuyas definiciones faltan en el archivo")
        assert "consigue una copia completa del PDF" in notice.text_content()
    finally:
        app.testid("lang").select_option("en")


def test_failed_pages_notice_gives_the_reason(app: App) -> None:
    """A page the engine could not parse is listed with its reason; the other pages convert.
    (Such a page is hard to make on purpose: pdfminer forgives nearly everything, so the test
    hook makes the worker report page 2 as the engine reports a failed page.)"""
    data = make_pdf([["First page converts."], ["Second page fails."], ["Third page converts."]])
    app.crash("fail-page")
    app.convert_ok(pdf_payload("one bad page.pdf", data), "one bad page")
    notice = app.testid("notice-failed")
    assert notice.is_visible()
    assert notice.text_content() == (
        "Page 2 could not be read and is missing from the text: "
        "test: PDFSyntaxError: the content stream is unreadable."
    )
    assert app.testid("page-list").locator("li[data-page='2']").get_attribute("data-failed") == "true"
    assert "failed" in app.testid("page-list").locator("li[data-page='2']").text_content()
    assert "pv-is-failed" in app.testid("page-list").locator("li[data-page='2'] svg").get_attribute("class")
    assert "First page converts." in app.output() and "Third page converts." in app.output()
    app.shown = None


def test_truncated_file_says_what_was_recovered(app: App) -> None:
    """A file cut short: the pages that could be recovered convert, the notices say what is
    missing (from the engine's own report, when it gives one)."""
    from pdfprose import convert

    words = ["harbor", "lantern", "meadow", "quartz"]
    full = make_pdf([[f"The {w} chapter begins here.", f"It goes on about the {w}."] for w in words])
    data = full[: int(len(full) * 0.7)]
    report = convert(data).report()
    app.convert_ok(pdf_payload("cut short.pdf", data), "cut short")
    app.shown = None
    assert "The harbor chapter begins here." in app.output()
    codes = [n["code"] for n in report.get("notices", [])]
    if "damaged" in codes:
        damaged = app.testid("notice-more").locator("li[data-code='damaged']")
        # Its 4 page objects survive, 2 of their content streams do not (it said "4 of its 4
        # pages could be recovered").
        assert damaged.text_content() == (
            "This PDF is damaged (the file is cut short): 4 pages were found, 2 of them could be "
            "read. The text may be incomplete."
        )
        assert app.testid("status").text_content().endswith(" s, from a damaged file (see the notice).")
    if report["failed_pages"]:
        failed = app.testid("notice-failed").text_content()
        numbers = [f["number"] for f in report["failed_pages"]]
        assert failed.startswith(("Page ", "Pages ")) and "could not be read" in failed
        if len({f.get("code") or f.get("reason") for f in report["failed_pages"]}) > 1:
            assert all(f"page {n}: " in failed for n in numbers)
        else:  # one reason for all: said once, not page by page
            assert not any(f"page {n}: " in failed for n in numbers)
        app.testid("lang").select_option("es")
        try:
            assert app.testid("notice-failed").text_content().startswith("No se pudieron leer las páginas")
            if "damaged" in codes:
                assert app.testid("notice-more").text_content().startswith("Este PDF está dañado (el archivo está cortado)")
        finally:
            app.testid("lang").select_option("en")


def test_a_cut_file_says_how_many_of_its_pages_could_be_read(app: App, corpus_file: Callable[[str], Path]) -> None:
    """The WHO guidelines cut to 30 %: 155 page objects survive, 82 of their pages cannot be
    read. The notice said '155 of its pages could be recovered' and the status a plain 'Done'."""
    data = corpus_file("real/who_hcv_guidelines_155p.pdf").read_bytes()
    cut = data[: int(len(data) * 0.3)]
    app.convert_ok(pdf_payload("who cut.pdf", cut), "who cut")
    app.shown = None
    status = app.testid("status").text_content()
    assert status.startswith("Done: who cut.pdf, 155 pages in ") and status.endswith(" s, from a damaged file (see the notice).")
    damaged = app.testid("notice-more").locator("li[data-code='damaged']")
    assert damaged.text_content() == (
        "This PDF is damaged (the file is cut short): 155 pages were found, 73 of them could be read. "
        "The text may be incomplete."
    )
    # The file's notice comes first, then the pages it explains (it came last).
    assert app.page.evaluate(
        "() => Boolean(document.querySelector('[data-testid=notice-more]')"
        ".compareDocumentPosition(document.querySelector('[data-testid=notice-failed]'))"
        " & Node.DOCUMENT_POSITION_FOLLOWING)")
    assert app.testid("notice-failed").is_visible()
    app.testid("lang").select_option("es")
    try:
        assert damaged.text_content() == (
            "Este PDF está dañado (el archivo está cortado): se encontraron 155 páginas y se pudieron "
            "leer 73. Puede que falte texto."
        )
        assert app.testid("status").text_content().endswith(" s, de un archivo dañado (lee el aviso).")
    finally:
        app.testid("lang").select_option("en")


def test_a_page_with_damaged_content_says_so_in_the_status(app: App, corpus_file: Callable[[str], Path]) -> None:
    """zen_of_python: zlib stops before the stream's end. The notice said the content was
    damaged, the status a plain 'Done: 1 page in 0.3 s.' (a fresh-clone tester)."""
    app.convert_ok(corpus_file("real/zen_of_python_corrupted_stream.pdf"), "zen")
    app.shown = None
    assert app.testid("notice-more").locator("li[data-code='content_damaged']").count() == 1
    status = app.testid("status").text_content()
    assert status.startswith("Done: zen_of_python_corrupted_stream.pdf, 1 page in ") and status.endswith(" s, from a damaged file (see the notice).")


def test_worker_crash_leaves_the_page_usable(app: App) -> None:
    """The worker dies in the middle of a document: a message, a fresh worker, the next file."""
    # 240 pages: with 60, a fast worker had read the whole document before a loaded test
    # process sent the crash, and the list rightly showed all 60 pages (a CI-style flake).
    line = "A long document, so that the crash comes while it is being read. "
    long_doc = make_pdf([[f"{page}.{row} {line}" for row in range(40)] for page in range(1, 241)])
    app.ensure_idle()
    boots = int(app.testid("status").get_attribute("data-boots"))
    app.testid("file-input").set_input_files(pdf_payload("crashing.pdf", long_doc))
    app.page.wait_for_function("() => document.querySelectorAll('[data-testid=page-list] > li').length >= 2")
    app.crash("throw")
    app.page.wait_for_function("() => !document.querySelector('[data-testid=error]').hidden")
    assert app.testid("error").text_content().startswith("The converter stopped unexpectedly (")
    assert "try the file again" in app.testid("error").text_content()
    assert app.testid("page-list").locator(":scope > *").count() == 0  # no half document shown
    assert app.wait_state("ready", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready"
    assert int(app.testid("status").get_attribute("data-boots")) == boots + 1
    app.errors.clear()  # the uncaught error in the worker is the point of this test
    app.convert_ok(pdf_payload("next.pdf", make_pdf([["The next file converts after the crash."]])), "next")
    app.shown = None
    assert "The next file converts after the crash." in app.output()


def test_out_of_memory_says_so_and_recovers(app: App) -> None:
    """Python's MemoryError in the middle of a document: the page says the PDF was too much,
    starts a fresh engine (the old interpreter may be broken), and the next file works."""
    import time

    data = make_pdf([[f"Page {n} line {row}." for row in range(20)] for n in range(1, 6)])
    app.ensure_idle()
    app.crash("memory")
    app.testid("file-input").set_input_files(pdf_payload("huge inside.pdf", data))
    error = app.testid("error")
    app.page.wait_for_function("() => !document.querySelector('[data-testid=error]').hidden")
    assert error.text_content().startswith("The converter ran out of memory on this PDF.")
    started = time.monotonic()
    assert app.wait_state("ready", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready"
    TIMINGS["reboot after running out of memory"] = time.monotonic() - started
    app.testid("lang").select_option("es")
    try:
        assert error.text_content().startswith("El conversor se quedó sin memoria con este PDF.")
    finally:
        app.testid("lang").select_option("en")
    app.convert_ok(pdf_payload("small.pdf", make_pdf([["Small enough."]])), "small")
    app.shown = None
    assert "Small enough." in app.output()


def test_a_file_brought_after_the_engine_failed_to_start_starts_it_again(browser: Any, site_url: str) -> None:
    """The engine could not start (its worker script failed to load): a file dropped then was
    queued 'as soon as it is ready' and waited for ever, the failure's message wiped. It now
    starts the engine again, and converts once it is up."""
    context = new_context(browser, site_url)
    refused: list[str] = []

    def fail_once(route: Any) -> None:
        if not refused:
            refused.append(route.request.url)
            route.fulfill(status=503, body="")
        else:
            route.continue_()

    context.route("**/tests/e2e/hooks/worker.js", fail_once)  # the engine worker the tests' page starts
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=status]').dataset.state === 'error'",
            timeout=CONFIG.BOOT_TIMEOUT_MS)
        assert refused, "the worker script was never asked for"
        assert page.get_by_test_id("error").text_content().startswith("The converter could not start")
        page.get_by_test_id("file-input").set_input_files(
            pdf_payload("after.pdf", make_pdf([["Converted after a failed start."]])))
        page.wait_for_function(
            "() => ['done', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)",
            timeout=CONFIG.BOOT_TIMEOUT_MS)
        assert page.get_by_test_id("status").get_attribute("data-state") == "done", \
            page.get_by_test_id("error").text_content()
        assert "Converted after a failed start." in page.get_by_test_id("output").text_content()
    finally:
        context.close()
