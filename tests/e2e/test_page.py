"""The page end to end in real headless Chromium: drop a PDF, read its text, copy, download,
switch format and language, and the refusals (over 25 MB, over 500 pages, not a PDF).

The expected sentences of the TraceMonkey paper were checked against poppler's pdftotext; each
avoids a line-end hyphen, so it reads the same whatever de-hyphenation decides.
"""

from __future__ import annotations

import base64
import io
import re
import time
from collections.abc import Callable
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .conftest import CONFIG, TIMINGS, App, cpython_conversion, new_context

TRACEMONKEY = "real/tracemonkey_pldi09_2col.pdf"
# In reading order: abstract (left column), the introduction further down the left column, then
# the right column of page 1, then page 2's left column and its right column.
TRACEMONKEY_ORDER = [
    "Dynamic languages such as JavaScript are more difficult to",
    "We have implemented a dynamic compiler for JavaScript based on our technique",
    "They are used for small scripts as well as for complex applications.",
    "In this domain, in order to provide a fluid user experience",
    "This design choice is based on the expectation that programs spend most of their time in hot loops.",
    "Every compiled trace contains all the guards (checks) required to validate the speculation.",
    "a set of industry benchmarks",
]


def make_pdf(pages: list[list[str]], size: tuple[float, float] = (595, 842)) -> bytes:
    """A PDF with one list of lines per page (an empty list makes a blank page)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size)
    for lines in pages:
        y = size[1] - 72
        for line in lines:
            canvas.setFont("Helvetica", 11)
            canvas.drawString(72, y, line)
            y -= 15
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def pdf_payload(name: str, data: bytes) -> dict[str, object]:
    return {"name": name, "mimeType": "application/pdf", "buffer": data}


def assert_in_order(text: str, expected: list[str]) -> None:
    positions = [text.find(sentence) for sentence in expected]
    missing = [s for s, p in zip(expected, positions) if p < 0]
    assert not missing, f"missing from the output: {missing}"
    assert positions == sorted(positions), f"out of order: {list(zip(positions, expected))}"


def download_text(app: App) -> tuple[str, str]:
    with app.page.expect_download() as info:
        app.testid("download").click()
    download = info.value
    return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


def drop(app: App, *files: tuple[str, bytes | int]) -> None:
    """Drop ``files`` on the drop zone, each a name and its bytes (or a size: that many zero
    bytes, made in the page, so that a file over the limit costs no transfer); a name ending in
    ``.pdf`` comes typed as a PDF, any other as plain text, as a desktop's file manager types
    them."""
    transfer = app.page.evaluate_handle(
        """(files) => {
            const transfer = new DataTransfer();
            for (const [name, content] of files) {
                const bytes = typeof content === 'number'
                    ? new Uint8Array(content) : Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
                const type = /\\.pdf$/i.test(name) ? 'application/pdf' : 'text/plain';
                transfer.items.add(new File([bytes], name, { type }));
            }
            return transfer;
        }""",
        [[name, content if isinstance(content, int) else base64.b64encode(content).decode("ascii")]
         for name, content in files],
    )
    app.testid("drop-zone").dispatch_event("drop", {"dataTransfer": transfer})


def drop_link(app: App) -> None:
    """Drop a link, as from another tab: text, not a file."""
    transfer = app.page.evaluate_handle(
        """() => {
            const transfer = new DataTransfer();
            transfer.setData('text/uri-list', 'https://example.org/paper.pdf');
            return transfer;
        }""")
    app.testid("drop-zone").dispatch_event("drop", {"dataTransfer": transfer})


# ---- boot ----------------------------------------------------------------------------------


def test_boot_is_ready_with_english_texts(app: App) -> None:
    assert app.testid("lang").input_value() == "en"
    assert app.page.locator("h1").first.text_content() == "PDF to text, on your device"
    assert app.testid("progress").count() == 1
    assert app.testid("drop-zone").is_visible()


# ---- a real two-column paper -----------------------------------------------------------------


def test_tracemonkey_text_column_by_column(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    assert_in_order(app.output(), TRACEMONKEY_ORDER)
    assert app.testid("status").text_content().startswith("Done: tracemonkey_pldi09_2col.pdf, 14 pages in ")
    assert app.testid("progress").get_attribute("max") == "14"
    assert app.page.eval_on_selector("[data-testid=progress]", "el => el.value") == 14
    assert app.testid("note-deduced").is_visible()
    assert not app.testid("notice-empty").is_visible()


def test_tracemonkey_page_list(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    items = app.testid("page-list").locator(":scope > *")
    assert items.count() == 14
    for index in range(14):
        item = items.nth(index)
        assert item.get_attribute("data-page") == str(index + 1)
        assert item.get_attribute("data-empty") == "false"
        assert int(item.get_attribute("data-columns")) >= 1
    # The paper is set in two columns throughout.
    assert items.nth(0).get_attribute("data-columns") == "2"
    assert "2 columns" in items.nth(0).text_content()


def test_browser_output_equals_cpython_output(app: App, corpus_file: Callable[[str], Path]) -> None:
    """The page runs the same engine as the library: same bytes in, same text out."""
    from pdfprose import Options

    path = corpus_file(TRACEMONKEY)
    app.show(path)
    conversion = cpython_conversion(path)
    assert app.output() == conversion.render(Options(format="txt"))


def test_the_status_says_when_every_page_is_read_and_the_document_is_put_together(app: App) -> None:
    """Once every page was read the status stayed at 'Reading… 155 of 155 pages done.' while the
    document passes and the text were made (6 s on a busy machine, a fresh-clone tester)."""
    app.ensure_idle()
    app.page.evaluate("""() => {
        const status = document.querySelector('[data-testid=status]');
        window.__said = [];
        window.__sayObserver = new MutationObserver(() => window.__said.push(status.textContent));
        window.__sayObserver.observe(status, { childList: true, characterData: true, subtree: true });
    }""")
    app.convert_ok(pdf_payload("three.pdf", make_pdf([["One."], ["Two."], ["Three."]])), "three")
    said = app.page.evaluate("() => { window.__sayObserver.disconnect(); return window.__said; }")
    finishing = "Putting three.pdf together (3 pages read)…"
    assert finishing in said, said
    assert any(s.startswith("Reading three.pdf… ") for s in said), said  # the file read is named
    assert "Reading three.pdf… 3 of 3 pages done." not in said
    assert said.index(finishing) < max(i for i, s in enumerate(said) if s.startswith("Done: three.pdf, 3 pages in "))


def test_download_holds_the_output(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    name, text = download_text(app)
    assert name == "tracemonkey_pldi09_2col.txt"
    assert text == app.output()
    assert app.testid("download").text_content() == "Download .txt"


def test_a_pdf_named_txt_downloads_without_a_second_extension(app: App) -> None:
    # A PDF saved as 'notes.txt' downloaded as 'notes.txt.txt'.
    app.convert_ok(pdf_payload("Notes.TXT", make_pdf([["A PDF that was saved with another name."]])), "Notes.TXT")
    app.shown = None
    name, text = download_text(app)
    assert name == "Notes.txt"
    assert text == app.output() == "A PDF that was saved with another name.\n"


def test_format_switch_renders_markdown_without_a_new_parse(app: App, corpus_file: Callable[[str], Path]) -> None:
    from pdfprose import Options

    path = corpus_file(TRACEMONKEY)
    app.show(path)
    txt, parses = app.output(), app.parses
    started = time.monotonic()
    app.set_format("md")
    app.page.wait_for_function(
        "() => document.querySelector('[data-testid=download]').download.endsWith('.md')"
    )
    TIMINGS["re-render tracemonkey as Markdown"] = time.monotonic() - started
    markdown = app.output()
    assert markdown != txt
    assert markdown == cpython_conversion(path).render(Options(format="md"))
    assert app.parses == parses, "switching the format parsed the PDF again"
    assert app.state == "done"
    name, text = download_text(app)
    assert (name, text) == ("tracemonkey_pldi09_2col.md", markdown)

    app.set_format("txt")
    app.page.wait_for_function(
        "() => document.querySelector('[data-testid=download]').download.endsWith('.txt')"
    )
    assert app.output() == txt
    assert app.parses == parses


def test_copy_puts_the_output_on_the_clipboard(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    app.testid("copy").click()
    app.page.wait_for_function("() => document.querySelector('[data-testid=copy]').dataset.copied === 'true'")
    assert app.testid("copy").text_content() == "Copied"
    assert app.page.evaluate("() => navigator.clipboard.readText()") == app.output()


def copy_and_wait_for_the_announcement(app: App, message: str) -> None:
    """Click Copy and wait until the live region says ``message`` anew: each announcement is a
    new text node (the page clears the region and fills it on the next frame), so a message
    already there, or the region cleared for the next one, is not taken for it."""
    app.page.evaluate("() => { window.__saidBefore = document.getElementById('announce').firstChild; }")
    app.testid("copy").click()
    app.page.wait_for_function(
        """(message) => {
            const region = document.getElementById('announce');
            return region.firstChild !== window.__saidBefore && region.textContent === message;
        }""", arg=message)


def test_what_copy_announces_follows_the_language(app: App) -> None:
    """A tester switched to Spanish after a Copy: the announcement stayed "Copied"."""
    app.convert_ok(pdf_payload("copy-lang.pdf", make_pdf([["Copy this in either language."]])), "copy-lang")
    said = "() => document.getElementById('announce').textContent"
    copy_and_wait_for_the_announcement(app, "Copied")
    try:
        app.testid("lang").select_option("es")
        assert app.page.evaluate(said) == "Copiado"  # the one already said, said again in Spanish
        copy_and_wait_for_the_announcement(app, "Copiado")
    finally:
        app.testid("lang").select_option("en")
    assert app.page.evaluate(said) == "Copied"
    # Once the button says "Copy" again the announcement is over: a language switch later on
    # says nothing (a tester heard "Copiado" when switching minutes after a copy).
    app.page.wait_for_function("() => document.querySelector('[data-testid=copy]').textContent === 'Copy'")
    assert app.page.evaluate(said) == ""
    app.testid("lang").select_option("es")
    try:
        assert app.page.evaluate(said) == ""
    finally:
        app.testid("lang").select_option("en")


def test_select_all_in_the_text_selects_the_text_alone(app: App, corpus_file: Callable[[str], Path]) -> None:
    """Ctrl+A in the text selects the text, not the page's buttons and labels around it (a
    fresh-clone tester's Ctrl+A, Ctrl+C copied 3,681 characters of interface too)."""
    app.show(corpus_file(TRACEMONKEY))
    app.testid("output").focus()
    app.page.keyboard.press("Control+a")
    selected = app.page.evaluate("() => window.getSelection().toString()")
    # (The selection leaves out the text's last line break, as the browser shows the text.)
    assert selected.rstrip("\n") == app.output().rstrip("\n") and len(selected) > 1000
    app.page.evaluate("() => window.getSelection().removeAllRanges()")


def test_no_request_leaves_the_origin(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    download_text(app)
    app.set_format("md")
    app.wait_shown("md|1|1|0")
    assert app.outside_requests() == []
    # The recorder sees the worker's own fetches, so an empty list above means something.
    seen = "\n".join(app.requests)
    for needle in ("/static/vendor/pyodide/pyodide.asm.wasm", "/static/wheels/pdfminer_six-", "/app/engine/runtime.js"):
        assert needle in seen


def test_language_switch_translates_everything_shown(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    try:
        app.testid("lang").select_option("es")
        assert app.page.locator("html").get_attribute("lang") == "es"
        assert app.testid("status").text_content().startswith("Hecho: tracemonkey_pldi09_2col.pdf, 14 páginas en ")
        first = app.testid("page-list").locator(":scope > *").first
        assert "Página 1" in first.text_content() and "2 columnas" in first.text_content()
        assert app.testid("download").text_content() == "Descargar .txt"
        assert app.testid("format").locator("option").first.text_content() == "Texto plano (.txt)"
        assert app.page.get_by_label("Unir saltos de línea").is_checked()
        assert app.page.get_by_label("Quitar encabezados y pies de página").is_checked()
        assert not app.page.get_by_label("Marcas de página").is_checked()
        assert app.testid("copy").text_content() in ("Copiar", "Copiado")
        assert app.testid("legend").locator("summary").text_content() == "Qué muestran los dibujos"
        assert app.page.locator("#pages-heading").text_content() == "Páginas"
        assert app.testid("output").get_attribute("aria-label") == "Texto convertido"
        assert app.page.title() == "pdfprose: de PDF a texto, en tu dispositivo"
    finally:
        app.testid("lang").select_option("en")
    assert app.testid("status").text_content().startswith("Done: tracemonkey_pldi09_2col.pdf, 14 pages in ")


# ---- other inputs ------------------------------------------------------------------------------


def test_drop_on_the_drop_zone(app: App) -> None:
    data = make_pdf([["Quiet harbor lanterns glow at dusk."], ["The second page carries the closing line."]])
    app.ensure_idle()
    app.reset_options()  # a drop does not go through app.convert(), which resets them
    transfer = app.page.evaluate_handle(
        """([name, b64]) => {
            const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], name, { type: 'application/pdf' }));
            return transfer;
        }""",
        ["dropped.pdf", base64.b64encode(data).decode("ascii")],
    )
    app.testid("drop-zone").dispatch_event("drop", {"dataTransfer": transfer})
    assert app.wait_state("done", "error") == "done"
    app.shown = None
    assert_in_order(app.output(), ["Quiet harbor lanterns glow at dusk.", "The second page carries the closing line."])
    assert app.testid("page-list").locator(":scope > *").count() == 2
    assert app.testid("download").get_attribute("download") == "dropped.txt"


def test_text_dropped_instead_of_a_file_gets_a_message(app: App) -> None:
    """A link or a selection dropped on the page did nothing at all (a fresh-clone tester)."""
    app.ensure_idle()
    before, parses = app.state, app.parses
    drop_link(app)
    notice = app.testid("notice-drop")
    assert notice.is_visible()
    assert notice.text_content() == ("That was text or a link, not a file: nothing is fetched from the web "
                                     "here. Save the PDF, then drop the file.")
    assert (app.state, app.parses) == (before, parses)  # nothing started
    app.testid("lang").select_option("es")
    try:
        assert notice.text_content().startswith("Eso era texto o un enlace, no un archivo")
    finally:
        app.testid("lang").select_option("en")


def test_file_over_25_mb_is_refused_before_reading(app: App, tmp_path: Path) -> None:
    big = tmp_path / "huge scan.pdf"
    with big.open("wb") as handle:  # 26,214,400 bytes = 26.2 MB, rounded up to 26.3
        handle.write(b"%PDF-1.4\n")
        handle.truncate(25 * 1024 * 1024)
    parses = app.parses
    assert app.convert(big, big.name) == "error"
    notice = app.testid("notice-limit")
    assert notice.is_visible()
    assert notice.text_content().startswith("This file is 26.3 MB; the limit is 25 MB.")
    assert app.parses == parses
    assert not app.testid("download").is_visible()
    assert app.testid("page-list").locator(":scope > *").count() == 0


def test_pdf_over_500_pages_is_refused_with_its_page_count(app: App) -> None:
    data = make_pdf([[f"p{n}"] for n in range(1, 502)], size=(72, 72))
    assert app.convert(pdf_payload("long.pdf", data), "long.pdf") == "error"
    notice = app.testid("notice-limit")
    assert notice.is_visible()
    assert notice.text_content().startswith("This PDF has 501 pages; the limit is 500 pages.")
    assert not app.testid("download").is_visible()


def test_not_a_pdf_gets_a_clear_message(app: App) -> None:
    payload = {"name": "notes.pdf", "mimeType": "application/pdf", "buffer": b"just some notes, not a PDF\n"}
    assert app.convert(payload, "notes.pdf") == "error"
    assert app.testid("error").text_content() == "This file is not a PDF (it has no %PDF- header)."
    assert not app.testid("notice-limit").is_visible()
    # Why, as the command line says it (a new user's renamed .txt was only "not a PDF").
    app.testid("lang").select_option("es")
    try:
        assert app.testid("error").text_content() == \
            "Este archivo no es un PDF (no tiene la cabecera %PDF-)."
    finally:
        app.testid("lang").select_option("en")


def test_a_pdf_with_no_pages_says_so_and_is_not_called_damaged(app: App) -> None:
    from pdfgen import build_pdf

    data = build_pdf({1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [] /Count 0 >>"})
    assert app.convert(pdf_payload("zero.pdf", data), "zero.pdf") == "error"
    error = app.testid("error")
    assert error.text_content() == "This PDF has no pages: there is nothing in it to convert."
    app.testid("lang").select_option("es")
    try:
        assert error.text_content() == "Este PDF no tiene páginas: no hay nada en él que convertir."
    finally:
        app.testid("lang").select_option("en")


def test_empty_file_is_called_empty_not_a_non_pdf(app: App) -> None:
    parses = app.parses
    payload = {"name": "empty.pdf", "mimeType": "application/pdf", "buffer": b""}
    assert app.convert(payload, "empty.pdf") == "error"
    assert app.testid("error").text_content() == \
        "This file is empty (0 bytes): there is nothing to convert."
    assert app.parses == parses  # refused before the engine sees it


def test_two_files_dropped_are_both_converted_in_turn(app: App) -> None:
    """Two files dropped together were one converted and one ignored ("Drop one PDF at a time"):
    they are a queue now (issue 26), converted one after the other, the last one shown."""
    first = make_pdf([["The first dropped file speaks."]])
    second = make_pdf([["The second dropped file speaks too."]])
    app.ensure_idle()
    app.reset_options()
    drop(app, ("first.pdf", first), ("second.pdf", second))
    app.page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=queue-list] > li')].every(li => li.dataset.state === 'done')")
    app.wait_state("done")
    app.shown = None
    assert "The second dropped file speaks too." in app.output()
    assert app.testid("status").text_content().startswith("Done: second.pdf, 1 page in ")
    assert app.testid("notice-drop").is_hidden()
    app.testid("queue-clear").click()


def test_a_drop_replaces_what_the_last_drop_said(app: App) -> None:
    """A tester dropped a file that was not a PDF, then a link: "This file is not a PDF." stayed
    beside "That was text or a link"."""
    notices = "() => [...document.querySelectorAll('p.notice:not([hidden])')].map((p) => p.dataset.testid)"
    not_a_file = "That was text or a link, not a file"
    app.ensure_idle()
    drop(app, ("notes.pdf", b"just some notes, not a PDF\n"))
    assert app.wait_state("done", "error") == "error"
    assert app.testid("error").text_content() == "This file is not a PDF (it has no %PDF- header)."
    drop_link(app)
    assert app.page.evaluate(notices) == ["notice-drop"]
    assert app.testid("notice-drop").text_content().startswith(not_a_file)
    # The failed file is gone whole: the status no longer says it could not be converted.
    assert (app.state, app.testid("status").text_content()) == ("ready", "Ready. Drop a PDF to start.")
    # A refused file: the refusal whole, then gone with the next drop.
    drop(app, ("big.pdf", 26_000_000))
    assert app.wait_state("done", "error") == "error"
    assert app.page.evaluate(notices) == ["notice-limit"]
    assert app.testid("notice-limit").text_content().startswith("This file is 26.0 MB; the limit is 25 MB.")
    drop_link(app)
    assert app.page.evaluate(notices) == ["notice-drop"]
    assert app.testid("notice-drop").text_content().startswith(not_a_file)
    # A document shown stays (the text may be a selection of it), only the drop's notice changes.
    app.reset_options()
    drop(app, ("kept.pdf", make_pdf([["This document outlives a dropped link."]])))
    assert app.wait_state("done", "error") == "done"
    app.shown = None
    drop_link(app)
    assert app.page.evaluate(notices) == ["notice-drop"]
    assert app.testid("notice-drop").text_content().startswith(not_a_file)
    assert app.state == "done"
    assert "This document outlives a dropped link." in app.output()


def start_long_read(app: App, line: str, listed: int) -> None:
    """Start reading "long read.pdf" (120 pages of 48 lines of ``line``) and wait until
    ``listed`` of its pages are listed, the engine still working on the rest."""
    data = make_pdf([[f"{page}.{row} {line}" for row in range(48)] for page in range(1, 121)])
    app.ensure_idle()
    app.reset_options()
    app.testid("file-input").set_input_files(pdf_payload("long read.pdf", data))
    app.page.wait_for_function(
        f"() => document.querySelectorAll('[data-testid=page-list] > li').length >= {listed}")
    assert app.state == "working"


def test_files_dropped_while_another_is_read_join_the_queue(app: App) -> None:
    """A drop while one file is read joins the queue (a new user's drop during a long
    conversion replaced the list without a word): the file being read goes on, the files dropped
    wait their turn, and taking the long file out lets them start."""
    start_long_read(app, "A document long enough to be still in the reading when two more files are dropped. ", 1)
    drop(app, ("waited.pdf", make_pdf([["The file that waited for its turn."]])),
         ("dropped too.pdf", make_pdf([["Converted after it."]])))
    listed = "() => [...document.querySelectorAll('[data-testid=queue-list] > li')].map(li => li.dataset.state).join()"
    app.page.wait_for_function(f"() => ({listed})() === 'working,waiting,waiting'")
    assert app.page.eval_on_selector_all("[data-testid=queue-list] .queue-name", "els => els.map(e => e.textContent)") == \
        ["long read.pdf", "waited.pdf", "dropped too.pdf"]
    assert app.state == "working"
    app.page.locator("[data-testid=queue-list] > li", has_text="long read.pdf").locator(".queue-remove").click()
    app.page.wait_for_function(f"() => ({listed})() === 'done,done'", timeout=CONFIG.BOOT_TIMEOUT_MS)
    app.wait_state("done")
    app.shown = None
    assert app.page.eval_on_selector_all("[data-testid=queue-list] .queue-name", "els => els.map(e => e.textContent)") == \
        ["waited.pdf", "dropped too.pdf"]
    assert "Converted after it." in app.output()
    app.testid("queue-clear").click()


def test_enter_on_the_focused_file_input_opens_the_chooser(app: App) -> None:
    app.ensure_idle()
    # The page's part, which cannot flake: Enter on the input asks it to open (click()).
    app.page.evaluate("""() => {
      const input = document.querySelector('[data-testid=file-input]');
      window.__chooserAsked = 0;
      input.click = function () { window.__chooserAsked += 1; return HTMLInputElement.prototype.click.call(this); };
    }""")
    chooser = None
    try:
        # Chromium's part: it may refuse a chooser right after another one was shown (about
        # one run in seven in a full test run, a fresh-clone tester found), so a few tries.
        for _ in range(4):
            app.testid("file-input").focus()
            try:
                with app.page.expect_file_chooser(timeout=3000) as info:
                    app.page.keyboard.press("Enter")
                chooser = info.value
                break
            except Exception:  # noqa: BLE001 - playwright's TimeoutError
                app.page.wait_for_timeout(500)
        assert app.page.evaluate("() => window.__chooserAsked") >= 1, "Enter did not ask for the chooser"
    finally:
        app.page.evaluate("() => { delete document.querySelector('[data-testid=file-input]').click; }")
    assert chooser is not None, "Enter did not open the file picker"
    chooser.set_files([])  # closed with nothing picked: no chooser is left open for later tests
    assert app.testid("status").get_attribute("data-state") != "working"


def test_aes_encrypted_file_converts_like_cpython(app: App, corpus_file: Callable[[str], Path]) -> None:
    """AES-128 (owner password only) goes through the @noble/ciphers bridge in the browser."""
    path = corpus_file("real/es_i9_form_xfa_aes_owner.pdf")
    app.convert_ok(path, path.name)
    expected = cpython_conversion(path).render()
    assert "EMPIECE AQUI" in expected
    assert app.output() == expected


def test_aes256_r6_file_opens(app: App, corpus_file: Callable[[str], Path]) -> None:
    """AES-256 revision 6 runs the password hash (AES-CBC encryption) through the bridge too."""
    path = corpus_file("real/aes256_r6_owner_noextract.pdf")
    app.convert_ok(path, path.name)
    # Its permissions forbid copying: said (in the page's language) when the engine reports it.
    if any(n["code"] == "copy_restricted" for n in cpython_conversion(path).report().get("notices", [])):
        notice = app.testid("notice-more").locator("li[data-code='copy_restricted']")
        assert notice.text_content().startswith("The document's permissions ask readers not to copy its text")


def test_a_few_characters_without_unicode_meaning_are_said(app: App, corpus_file: Callable[[str], Path]) -> None:
    """The IEEE paper's epsilons (a symbol font without a ToUnicode map) come out as U+FFFD 199
    times over pages 2-11: too few to call a page garbled, so a tester saw "V. \ufffd-iDP for
    Numerical Queries" with nothing said. A notice says how many, where, and what to do."""
    path = corpus_file("real/ieee_2col_diffprivacy_ligatures.pdf")
    app.convert_ok(path, path.name)
    notice = app.testid("notice-more").locator("li[data-code='unmapped_glyphs']")
    assert notice.text_content() == (
        "199 characters on pages 2, 3, 4, 5, 6, 7, and 4 more have no Unicode meaning in their fonts "
        "and are shown as \ufffd: check those symbols against the PDF.")
    assert app.output().count("\ufffd") == 199
    assert app.testid("notice-garbled").is_hidden()
    app.testid("lang").select_option("es")
    try:
        assert notice.text_content() == (
            "199 caracteres de las páginas 2, 3, 4, 5, 6, 7 y 4 más no tienen significado Unicode en "
            "sus fuentes y se muestran como \ufffd: comprueba esos símbolos en el PDF.")
    finally:
        app.testid("lang").select_option("en")


# ---- pages without text -------------------------------------------------------------------------


def test_empty_pages_notice_lists_six_then_counts(app: App) -> None:
    data = make_pdf([["Only the first page has text."]] + [[] for _ in range(8)])
    app.convert_ok(pdf_payload("mostly blank.pdf", data), "mostly blank")
    notice = app.testid("notice-empty")
    assert notice.is_visible()
    assert notice.text_content().startswith("Pages 2, 3, 4, 5, 6, 7, and 2 more have no text layer")
    assert "OCR" in notice.text_content()
    items = app.testid("page-list").locator(":scope > *")
    assert [items.nth(i).get_attribute("data-empty") for i in range(9)] == ["false"] + ["true"] * 8
    assert app.testid("download").is_visible()
    assert "Only the first page has text." in app.output()


def test_a_damaged_file_with_no_text_is_not_called_a_scan(app: App, corpus_file: Callable[[str], Path]) -> None:
    """200 random bytes overwritten in the IEEE paper: none of its 11 pages can be read (two of
    them broke in their content streams before drawing any text). The page said "None of the 11
    pages has a text layer: ... a scan"."""
    import random

    data = bytearray(corpus_file("real/ieee_2col_diffprivacy_ligatures.pdf").read_bytes())
    rng = random.Random(1)
    for position in rng.sample(range(1000, len(data)), 200):
        data[position] = rng.randrange(256)
    app.convert(pdf_payload("ieee damaged.pdf", bytes(data)), "ieee damaged")
    assert not app.testid("notice-empty").is_visible()
    failed = app.testid("notice-failed").text_content()
    assert failed.startswith("Pages 1, 2, 3, 4, 5, 6, and 5 more could not be read")
    # None of the failed pages is also said to have kept the text before its damage.
    assert "the text before the damage was kept" not in app.testid("notice-more").text_content()


def test_scan_without_text_offers_no_download(app: App, corpus_file: Callable[[str], Path]) -> None:
    path = corpus_file("real/grumman_service_bulletin_scan.pdf")
    app.convert_ok(path, path.name)
    notice = app.testid("notice-empty")
    assert notice.is_visible()
    assert notice.text_content().startswith("None of the 2 pages has a text layer")
    assert "OCR" in notice.text_content()
    assert not app.testid("download").is_visible()
    assert not app.testid("copy").is_visible()
    assert not app.testid("output").is_visible()
    items = app.testid("page-list").locator(":scope > *")
    assert [items.nth(i).get_attribute("data-empty") for i in range(items.count())] == ["true", "true"]



def test_single_page_scan_notice_says_it_has_no_text_layer(app: App) -> None:
    # The singular form once read "The page has a text layer: this PDF is probably a scan".
    app.convert_ok(pdf_payload("one blank.pdf", make_pdf([[]])), "one blank")
    notice = app.testid("notice-empty")
    assert notice.text_content().startswith("The page has no text layer: this PDF is probably a scan")


# ---- cancel ------------------------------------------------------------------------------------


def test_pages_fill_in_while_working_and_cancel_is_immediate(app: App) -> None:
    """The page list grows page by page; Cancel empties it at once, the engine stops at the next
    page without a reboot, and a file picked right after the cancel starts cleanly."""
    start_long_read(app, "Cancelling must stop this long document while it is still being read, page after page. ", 3)
    items = app.testid("page-list").locator(":scope > *")
    listed, drawn = app.page.evaluate(
        "() => [document.querySelectorAll('[data-testid=page-list] > li').length,"
        " document.querySelectorAll('[data-testid=page-list] > li svg.pv').length]"
    )
    assert 3 <= listed < 120, "the page list should fill in while the document is read"
    assert drawn == listed  # each page with its drawing
    assert app.page.eval_on_selector("[data-testid=progress]", "el => el.value") >= 3
    assert app.testid("status").get_attribute("aria-live") == "polite"
    # Pages done, not "page N being read" (it said "Reading page 0 of ..." at the start, and
    # two workers read from both ends).
    assert re.fullmatch(r"Reading long read\.pdf… \d+ of \d+ pages done\.", app.testid("status").text_content())
    started = time.monotonic()
    app.testid("cancel").click()
    # At once: the half-read document is gone and the button with it.
    assert app.state in ("cancelling", "ready")
    assert items.count() == 0
    assert not app.testid("cancel").is_visible()
    # A new file right away waits for the engine to stop, then converts.
    app.testid("file-input").set_input_files(
        pdf_payload("after.pdf", make_pdf([["After the cancel, the same worker converts this."]]))
    )
    assert app.wait_state("done", "error", timeout=CONFIG.BOOT_TIMEOUT_MS) == "done"
    TIMINGS["cancel, then the next file done"] = time.monotonic() - started
    app.shown = None
    assert "After the cancel, the same worker converts this." in app.output()
    assert app.testid("page-list").locator(":scope > *").count() == 1
    assert app.testid("download").get_attribute("download") == "after.txt"


def test_cancel_then_ready_for_another_pdf(app: App) -> None:
    data = make_pdf([[f"{page}.{row} a fairly long line of text to read" for row in range(48)] for page in range(1, 81)])
    app.ensure_idle()
    boots = app.testid("status").get_attribute("data-boots")
    app.testid("file-input").set_input_files(pdf_payload("long again.pdf", data))
    app.page.wait_for_function("() => document.querySelectorAll('[data-testid=page-list] > li').length >= 1")
    app.testid("cancel").click()
    assert app.wait_state("ready", timeout=5_000) == "ready"
    assert app.testid("status").get_attribute("data-boots") == boots  # the worker stopped itself
    assert app.testid("status").text_content() == "Cancelled. Ready for another PDF."
    app.shown = None


# ---- language from the browser, remembered -------------------------------------------------------


def test_language_follows_the_browser_and_the_choice_is_remembered(browser: object, site_url: str) -> None:
    context = new_context(browser, site_url, locale="es-ES")
    try:
        page = context.new_page()
        page.goto("/")
        assert page.locator("html").get_attribute("lang") == "es"
        assert page.locator("h1").text_content() == "De PDF a texto, en tu dispositivo"
        assert page.get_by_test_id("lang").input_value() == "es"
        page.get_by_test_id("lang").select_option("en")
        assert page.locator("h1").text_content() == "PDF to text, on your device"
        page.reload()
        assert page.get_by_test_id("lang").input_value() == "en"
        assert page.locator("h1").text_content() == "PDF to text, on your device"
    finally:
        context.close()
