"""Many files on the page (issue 26): a folder becomes a queue, each file's state is listed, a
password file asks when its turn comes and can be skipped, a damaged file is marked and the
others go on, and "Download all" gives one zip of the texts and report.json. And the page's side
of tables (issue 23): the drawing's cell grid, the card's count, the option, the rendered table.
"""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .conftest import CONFIG, App, cpython_conversion
from .test_page import drop, make_pdf

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "real"
LINKS = "links_libreoffice_blog.pdf"  # 9 kB, 1 page
SPACING = "wordspacing_fake_space_AA_A.pdf"  # 1 kB, 1 page
LOCKED = "aes128_user_password.pdf"  # needs a user password


def wait_queue_idle(app: App) -> None:
    app.page.wait_for_function(
        "() => { const q = document.querySelector('[data-testid=queue]');"
        " return q.dataset.state === 'idle' && !q.querySelector('li[data-state=waiting], li[data-state=working]'); }"
    )


def queue_states(app: App) -> list[tuple[str, str, str]]:
    return app.page.eval_on_selector_all(
        "[data-testid=queue-list] > li",
        "items => items.map(li => [li.querySelector('.queue-name').textContent, li.dataset.state,"
        " li.querySelector('.queue-state').textContent])",
    )


def wait_list_finished(app: App) -> None:
    """Wait for the end of a list: its last converted file shown, the status saying the list's outcome."""
    app.page.wait_for_function(
        "() => document.querySelector('[data-testid=status]').textContent.includes('List finished:')")


def current_rows(app: App) -> list[str]:
    """The names of the rows marked as the one shown."""
    return app.page.eval_on_selector_all(
        "[data-testid=queue-list] > li:has(.queue-file[aria-current=true])",
        "items => items.map(li => li.querySelector('.queue-name').textContent)")


def test_a_folder_is_converted_file_by_file_into_one_zip(app: App, tmp_path: Path) -> None:
    folder = tmp_path / "refs"
    (folder / "sub").mkdir(parents=True)
    (folder / "locked").mkdir()
    shutil.copy(CORPUS / LINKS, folder / LINKS)
    shutil.copy(CORPUS / SPACING, folder / "sub" / SPACING)  # the same name twice
    shutil.copy(CORPUS / SPACING, folder / SPACING)
    shutil.copy(CORPUS / LOCKED, folder / "locked" / LOCKED)
    (folder / "broken.pdf").write_bytes((CORPUS / LINKS).read_bytes()[:3000])  # cut short
    (folder / "notes.txt").write_text("not a PDF: a folder's other files are left alone\n")

    app.ensure_idle()
    app.reset_options()
    app.testid("folder-input").set_input_files(folder)
    # The password file is asked for last, every other file converted first (a batch left
    # alone was held up by its question: a locked file first by name, nothing converted); the
    # prompt names it, and giving it up skips it.
    app.wait_state("password")
    assert [(name, state) for name, state, _ in queue_states(app) if LOCKED not in name] == [
        ("broken.pdf", "failed"), (LINKS, "done"), (f"sub/{SPACING}", "done"), (SPACING, "done")]
    assert LOCKED in app.testid("password-message").text_content()
    assert app.testid("password-cancel").text_content() == "Skip this file"
    app.testid("password-cancel").click()
    wait_queue_idle(app)

    states = queue_states(app)
    # The folder every file shares is not said on every row (it filled a phone's line).
    assert [(name, state) for name, state, _ in states] == [
        ("broken.pdf", "failed"),
        (LINKS, "done"),
        (f"locked/{LOCKED}", "skipped"),
        (f"sub/{SPACING}", "done"),
        (SPACING, "done"),
    ]
    assert states[0][2].startswith("This PDF is cut short")
    assert states[1][2] == "Done: 1 page"
    assert app.testid("queue-summary").text_content() == "3 of 5 converted, 1 failed, 1 skipped."
    # Skipping the last file ends the list as any end does (a new user saw "Cancelled." over an
    # empty page): the file converted last is shown, and the status says the list's outcome.
    wait_list_finished(app)
    status = app.testid("status").text_content()
    assert status.startswith(f"Done: {SPACING}, 1 page in "), status
    assert status.endswith(" List finished: 3 of 5 converted, 1 failed, 1 skipped."), status
    assert app.state == "done"
    assert app.output() == cpython_conversion(CORPUS / SPACING).render()
    assert app.testid("password").is_hidden()
    assert current_rows(app) == [SPACING]

    with app.page.expect_download() as info:
        app.testid("download-all").click()
    assert info.value.suggested_filename == "refs - texts.zip"  # named after the folder
    archive = zipfile.ZipFile(io.BytesIO(Path(info.value.path()).read_bytes()))
    names = sorted(archive.namelist())
    # Each text keeps its PDF's place below the folder (two of one name told apart as there).
    assert names == sorted([f"{LINKS[:-4]}.txt", f"sub/{SPACING[:-4]}.txt", f"{SPACING[:-4]}.txt", "report.json"])
    # Each text is the library's own text of that PDF.
    assert archive.read(f"{LINKS[:-4]}.txt").decode() == cpython_conversion(CORPUS / LINKS).render()
    assert archive.read(f"{SPACING[:-4]}.txt").decode() == cpython_conversion(CORPUS / SPACING).render()
    report = json.loads(archive.read("report.json"))
    assert report["counts"] == {"failed": 1, "done": 3, "skipped": 1}
    by_path = {f["path"]: f for f in report["files"]}
    assert by_path["refs/broken.pdf"]["error"]["code"] == "truncated"
    assert by_path[f"refs/sub/{SPACING}"]["output"] == f"sub/{SPACING[:-4]}.txt"
    assert by_path[f"refs/{SPACING}"]["output"] == f"{SPACING[:-4]}.txt"
    assert by_path[f"refs/{SPACING}"]["pages"] == 1
    # The skipped and the broken file are in the report, each with what became of it, and have
    # no text in the zip.
    assert by_path[f"refs/locked/{LOCKED}"]["output"] is None
    assert by_path[f"refs/locked/{LOCKED}"]["status"] == "skipped"
    # Why it was skipped, as the command line's batch says it (its code was null, no message).
    assert by_path[f"refs/locked/{LOCKED}"]["code"] == "password_required"
    assert by_path[f"refs/locked/{LOCKED}"]["error"] == {
        "code": "password_required",
        "message": "This PDF is protected by a password and none was given: it was skipped."}
    assert by_path["refs/broken.pdf"]["status"] == "failed"
    assert by_path["refs/broken.pdf"]["output"] is None
    assert by_path["refs/broken.pdf"]["error"]["message"].startswith("This PDF is cut short")
    assert sorted(by_path) == sorted(f"refs/{p}" for p in ("broken.pdf", LINKS, f"locked/{LOCKED}",
                                                             f"sub/{SPACING}", SPACING))

    # Picking a converted file shows it again: its text, its page.
    app.page.locator("[data-testid=queue-list] > li", has_text=LINKS).first.locator(".queue-file").click()
    app.page.wait_for_function(
        f"() => document.querySelector('[data-testid=status]').textContent.startsWith('Done: {LINKS}')")
    assert app.output() == cpython_conversion(CORPUS / LINKS).render()
    assert app.testid("page-list").locator(":scope > *").count() == 1
    # A file taken out of the list is out of the next zip.
    app.page.locator("[data-testid=queue-list] > li", has_text="broken.pdf").locator(".queue-remove").click()
    assert len(queue_states(app)) == 4
    # The keyboard's place is kept: the file now first in the list holds the focus, not the page.
    assert app.page.evaluate("() => document.activeElement.closest('li')?.dataset.name") == LINKS
    app.testid("queue-clear").click()
    assert app.testid("queue").is_hidden()
    app.shown = None


def test_names_differing_in_case_hidden_files_and_an_empty_file_as_the_command_line_has_them(
        app: App, tmp_path: Path) -> None:
    """A new user's folder d: the zip gave a.txt (a.pdf's text) and A-2.txt, the command line
    A.txt (A.PDF's) and a-2.txt; the page took .secret.pdf, which the command line skips; an
    empty file was empty_file here and not_pdf there. tests/batch/test_batch.py runs the same
    folder through the command line."""
    folder = tmp_path / "d"
    (folder / ".hidden").mkdir(parents=True)
    (folder / "A.PDF").write_bytes(make_pdf([["UPPER CASE PEARS"]]))
    (folder / "a.pdf").write_bytes(make_pdf([["lower case apples"]]))
    (folder / ".secret.pdf").write_bytes(make_pdf([["a hidden file"]]))
    (folder / ".hidden" / "h.pdf").write_bytes(make_pdf([["in a hidden folder"]]))
    (folder / "empty.pdf").write_bytes(b"")
    app.ensure_idle()
    app.reset_options()
    app.testid("folder-input").set_input_files(folder)
    wait_queue_idle(app)
    assert [(name, state) for name, state, _ in queue_states(app)] == [
        ("a.pdf", "done"), ("A.PDF", "done"), ("empty.pdf", "failed")]
    with app.page.expect_download() as info:
        app.testid("download-all").click()
    archive = zipfile.ZipFile(io.BytesIO(Path(info.value.path()).read_bytes()))
    assert sorted(archive.namelist()) == ["A-2.txt", "a.txt", "report.json"]
    assert "lower case apples" in archive.read("a.txt").decode()
    assert "UPPER CASE PEARS" in archive.read("A-2.txt").decode()
    report = json.loads(archive.read("report.json"))
    empty = next(f for f in report["files"] if f["name"] == "empty.pdf")
    assert empty["error"] == {
        "code": "empty_file", "message": "This file is empty (0 bytes): there is nothing to convert."}
    app.testid("queue-clear").click()
    app.shown = None


def test_loose_files_dropped_together_queue_and_a_non_pdf_is_marked(app: App) -> None:
    app.ensure_idle()
    app.reset_options()
    drop(app, ("notes.txt", b"some notes\n"), ("paper.pdf", make_pdf([["The paper in the drop."]])))
    wait_queue_idle(app)
    assert [(n, s, m) for n, s, m in queue_states(app)] == [
        ("notes.txt", "failed", "This file is not a PDF (it has no %PDF- header)."),
        ("paper.pdf", "done", "Done: 1 page"),
    ]
    assert "The paper in the drop." in app.output()
    app.testid("lang").select_option("es")
    try:
        assert queue_states(app)[0][2] == "Este archivo no es un PDF (no tiene la cabecera %PDF-)."
        assert queue_states(app)[1][2] == "Hecho: 1 página"
    finally:
        app.testid("lang").select_option("en")
    app.testid("queue-clear").click()
    app.shown = None


def test_on_a_phone_a_file_chosen_after_a_folder_brings_its_text_into_view(app: App) -> None:
    # At 390 px, after a folder had converted, a file chosen on its own joined the list and its
    # text stayed some 1,200 px below, out of sight until the reader scrolled (3 of 3 tries).
    app.ensure_idle()
    app.reset_options()
    drop(app, ("a.pdf", make_pdf([["First of the folder."]])), ("b.pdf", make_pdf([["Second of the folder."]])))
    wait_queue_idle(app)
    app.page.set_viewport_size({"width": 390, "height": 844})
    try:
        app.page.evaluate("() => window.scrollTo(0, 0)")
        app.testid("file-input").set_input_files(
            {"name": "chosen.pdf", "mimeType": "application/pdf", "buffer": make_pdf([["The file chosen alone."]])})
        app.page.wait_for_function(
            "() => document.querySelector('[data-testid=status]').textContent.startsWith('Done: chosen.pdf')")
        assert [n for n, _, _ in queue_states(app)] == ["a.pdf", "b.pdf", "chosen.pdf"]
        top = app.page.evaluate("() => document.querySelector('[data-testid=output]').getBoundingClientRect().top")
        assert 0 <= top < 844 / 2, top
        assert "The file chosen alone." in app.output()
    finally:
        app.page.set_viewport_size(CONFIG.VIEWPORT)
        app.page.evaluate("() => window.scrollTo(0, 0)")
    app.testid("queue-clear").click()
    app.shown = None


def test_cancel_stops_the_queue_and_a_waiting_file_can_be_removed(app: App) -> None:
    long_read = make_pdf([[f"{page}.{row} A long read, still going when Cancel is pressed." for row in range(48)]
                          for page in range(1, 121)])
    app.ensure_idle()
    app.reset_options()
    drop(app, ("long read.pdf", long_read), ("next.pdf", make_pdf([["The next file."]])),
         ("unwanted.pdf", make_pdf([["Taken out."]])))
    app.page.wait_for_function(
        "() => /Converting: [1-9]/.test(document.querySelector('[data-testid=queue-list] .queue-state').textContent)")
    app.testid("cancel").click()
    wait_queue_idle_or_waiting = (
        "() => document.querySelector('[data-testid=queue]').dataset.state === 'idle'")
    app.page.wait_for_function(wait_queue_idle_or_waiting)
    assert [(n, s) for n, s, _ in queue_states(app)] == [
        ("long read.pdf", "cancelled"), ("next.pdf", "waiting"), ("unwanted.pdf", "waiting")]
    # The status points to the way on, not to "another PDF" (a new user read the list as done).
    app.page.wait_for_function(
        "() => document.querySelector('[data-testid=status]').dataset.state === 'ready'")
    assert app.testid("status").text_content() == (
        "Cancelled. The list stops here: “Convert the rest” converts the files left.")
    assert app.testid("queue-resume").is_visible()
    app.page.locator("[data-testid=queue-list] > li", has_text="unwanted.pdf").locator(".queue-remove").click()
    app.ensure_idle()
    # "Convert the rest" starts again with the file cancelled mid-way (a new user saw it skipped).
    app.testid("queue-resume").click()
    app.page.wait_for_function(
        "() => document.querySelector('[data-testid=queue-list] > li').dataset.state === 'working'")
    assert [(n, s) for n, s, _ in queue_states(app)] == [("long read.pdf", "working"), ("next.pdf", "waiting")]
    app.page.locator("[data-testid=queue-list] > li", has_text="long read.pdf").locator(".queue-remove").click()
    wait_queue_idle(app)
    assert [(n, s) for n, s, _ in queue_states(app)] == [("next.pdf", "done")]
    assert "The next file." in app.output()
    app.testid("queue-clear").dispatch_event("click")  # a list of one is not shown
    app.shown = None


def test_a_list_ending_on_files_over_the_limits_ends_on_a_converted_text(app: App) -> None:
    # 3 of 5 converted, yet the page ended on "Could not convert many_pages_620.pdf." and its
    # notice, with no text (a new user): a failed last file ends the list as any other end does.
    app.ensure_idle()
    app.reset_options()
    many = make_pdf([[] for _ in range(620)])
    drop(app, ("a.pdf", make_pdf([["First text."]])), ("b.pdf", make_pdf([["Second text."]])),
         ("c.pdf", make_pdf([["Third text."], ["Its second page."]])), ("huge.pdf", 28_500_000),
         ("many_pages_620.pdf", many))
    wait_queue_idle(app)
    wait_list_finished(app)
    states = queue_states(app)
    assert [(n, s) for n, s, _ in states] == [
        ("a.pdf", "done"), ("b.pdf", "done"), ("c.pdf", "done"), ("huge.pdf", "failed"),
        ("many_pages_620.pdf", "failed")]
    assert states[3][2] == "This file is 28.5 MB; the limit is 25 MB. Split or compress it, then try again."
    assert states[4][2] == "This PDF has 620 pages; the limit is 500 pages. Split it into smaller files, then try again."
    status = app.testid("status").text_content()
    assert app.state == "done"
    assert status.startswith("Done: c.pdf, 2 pages in "), status
    assert status.endswith(" List finished: 3 of 5 converted, 2 failed."), status
    assert "Third text." in app.output() and "Its second page." in app.output()
    assert app.testid("page-list").locator(":scope > *").count() == 2
    # The last failure's notice went with it: its row says it.
    assert app.testid("notice-limit").is_hidden()
    assert app.testid("error").is_hidden()
    assert current_rows(app) == ["c.pdf"]
    app.testid("lang").select_option("es")
    try:
        status = app.testid("status").text_content()
        assert status.startswith("Hecho: c.pdf, 2 páginas en "), status
        assert status.endswith(" Lista terminada: 3 de 5 convertidos, 2 fallidos."), status
    finally:
        app.testid("lang").select_option("en")
    app.testid("queue-clear").click()
    app.shown = None


def test_of_two_files_of_one_name_only_the_picked_one_is_marked(app: App) -> None:
    # Two rows of one name both looked picked (a new user): the mark follows the entry, and a
    # row under the pointer does not look like the one shown.
    app.ensure_idle()
    app.reset_options()
    links = (CORPUS / LINKS).read_bytes()
    long_read = make_pdf([[f"{page}.{row} A read long enough to pick a file meanwhile." for row in range(40)]
                          for page in range(1, 41)])
    drop(app, (LINKS, links), (LINKS, links), ("long.pdf", long_read))
    app.page.wait_for_function(
        "() => /Converting: [1-9]/.test(document.querySelector('[data-testid=queue-list] > li:nth-child(3) .queue-state').textContent)")
    rows = app.page.locator("[data-testid=queue-list] > li .queue-file")
    rows.nth(1).click()  # the second of the two, while long.pdf is read
    wait_queue_idle(app)
    app.page.wait_for_function(
        f"() => document.querySelector('[data-testid=status]').textContent.startsWith('Done: {LINKS}')")
    marked = app.page.eval_on_selector_all(
        "[data-testid=queue-list] > li .queue-file", "els => els.map(el => el.getAttribute('aria-current'))")
    assert marked == [None, "true", None]
    # The pointer over the other one of that name: it does not take the shown row's look.
    rows.nth(0).hover()
    look = "el => { const s = getComputedStyle(el); return [s.borderTopColor, s.boxShadow]; }"
    hovered, shown = rows.nth(0).evaluate(look), rows.nth(1).evaluate(look)
    assert hovered[0] != shown[0], (hovered, shown)  # the accent's colour is the shown row's alone
    assert hovered[1] == "none" and shown[1] != "none", (hovered, shown)
    # Picking the first moves the mark to it, and only it.
    rows.nth(0).click()
    app.page.wait_for_function(
        "() => document.querySelector('[data-testid=queue-list] > li .queue-file').getAttribute('aria-current') === 'true'")
    marked = app.page.eval_on_selector_all(
        "[data-testid=queue-list] > li .queue-file", "els => els.map(el => el.getAttribute('aria-current'))")
    assert marked == ["true", None, None]
    wait_queue_idle(app)
    app.testid("queue-clear").click()
    app.shown = None


def make_table_pdf() -> bytes:
    """One page: a sentence, then a table of 3 columns and 4 rows ruled as a grid."""
    rows = [["Item", "Qty", "Price"], ["Tea", "2", "2.50"], ["Bread", "1", "1.20"],
            ["Milk", "3", "0.90"]]
    xs, top, height = [72.0, 200.0, 280.0, 360.0], 740.0, 18.0
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595, 842))
    canvas.setFont("Helvetica", 11)
    canvas.drawString(72, 770, "A price list follows.")
    for r, row in enumerate(rows):
        for x, text in zip(xs, row):
            canvas.drawString(x + 4, top - (r + 1) * height + 5, text)
    for r in range(len(rows) + 1):
        canvas.line(xs[0], top - r * height, xs[-1], top - r * height)
    for x in xs:
        canvas.line(x, top, x, top - len(rows) * height)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_the_engine_s_table_is_drawn_with_its_cells_and_rendered(app: App) -> None:
    """A real ruled table through the engine in the browser (no hand-made contract): the card
    counts it, the drawing shows its 12 cells, the Markdown preview renders its 4 rows."""
    app.ensure_idle()
    app.convert_ok({"name": "grid.pdf", "mimeType": "application/pdf",
                    "buffer": make_table_pdf()}, "grid.pdf")
    card = app.page.locator("[data-testid=page-list] > li").first
    assert card.get_attribute("data-tables") == "1"
    assert card.locator(".tables").text_content() == "1 table"
    assert card.locator("g.pv-table .pv-cell").count() == 12
    app.set_format("md")
    app.testid("view-rendered").check()
    try:
        app.page.wait_for_selector("[data-testid=rendered] table")
        assert app.page.locator("[data-testid=rendered] table tr").count() == 4
        assert app.page.locator("[data-testid=rendered] table th").all_text_contents() == [
            "Item", "Qty", "Price"]
        assert "2.50" in app.page.locator("[data-testid=rendered] table td").all_text_contents()
    finally:
        app.testid("view-both").check()
        app.set_format("txt")
    app.shown = None


def test_tables_are_drawn_counted_and_rendered(app: App) -> None:
    """Against the engine's table contract, built by hand in the test hooks until the table
    stage lands (tests/e2e/hooks/main.js, 'pdfprose:test-table')."""
    app.ensure_idle()
    app.page.evaluate("() => window.dispatchEvent(new CustomEvent('pdfprose:test-table'))")
    app.convert_ok({"name": "prices.pdf", "mimeType": "application/pdf",
                    "buffer": make_pdf([["A price list follows."], ["No table here."]])}, "prices.pdf")
    card = app.page.locator("[data-testid=page-list] > li").first
    assert card.get_attribute("data-tables") == "1"
    assert card.locator(".tables").text_content() == "1 table"
    assert app.page.locator("[data-testid=page-list] > li").nth(1).locator(".tables").count() == 0
    assert card.locator("g.pv-table .pv-cell").count() == 6
    # The cells are drawn in the table's own colour, which the key shows too.
    colour = "el => getComputedStyle(el).stroke"
    assert card.locator(".pv-cell").first.evaluate(colour) == \
        app.page.locator(".legend .sw-table").evaluate("el => getComputedStyle(el).borderTopColor")
    # Markdown: the preview shows a table; as text, no table is asked for.
    app.set_format("md")
    app.testid("view-rendered").check()
    app.page.wait_for_selector("[data-testid=rendered] table")
    assert app.page.locator("[data-testid=rendered] table tr").count() == 3
    # The right-aligned column, aligned by a class: the page's policy refuses style attributes.
    assert app.page.locator("[data-testid=rendered] td.md-align-right").first.text_content() == "2.50"
    app.testid("tables").select_option("text")
    app.wait_shown("md|1|1|0|text")
    assert app.page.locator("[data-testid=rendered] table").count() == 0
    app.testid("lang").select_option("es")
    try:
        assert card.locator(".tables").text_content() == "1 tabla"
        assert app.testid("tables").locator("option:checked").text_content() == "como texto"
    finally:
        app.testid("lang").select_option("en")
    app.testid("tables").select_option("table")
    app.testid("view-both").check()
    app.set_format("txt")


def test_a_file_of_which_every_page_failed_is_failed_in_the_list_as_on_the_command_line(app: App) -> None:
    """The command line's batch fails a file whose every page failed (code unreadable) and counts
    one with no text, some of its pages failed, as converted with no text layer (no_text); the
    page called the first "done". The failed pages' reason, which a guard's limit gives, is said
    in the page's language (it stayed English on the Spanish page)."""
    from pdfgen import deep_forms_pdf

    app.ensure_idle()
    app.reset_options()
    drop(app, ("a.pdf", make_pdf([["First text."]])), ("every.pdf", deep_forms_pdf(2, 0)),
         ("mixed.pdf", deep_forms_pdf(1, 1)))
    wait_queue_idle(app)
    wait_list_finished(app)
    states = queue_states(app)
    assert [(n, s) for n, s, _ in states] == [("a.pdf", "done"), ("every.pdf", "failed"), ("mixed.pdf", "done")]
    assert states[1][2] == ("No page could be read (its content could not be read: it nests forms more than 24 "
                            "deep (a damaged or hostile file)).")
    summary = app.testid("queue-summary").text_content()
    assert summary == ("2 of 3 converted (1 with no text layer), 1 failed. mixed.pdf was converted in part: "
                       "page 1 could not be read.")
    failed = app.testid("notice-failed").text_content()  # mixed.pdf, shown last
    assert failed == ("Page 1 could not be read and is missing from the text: its content could not be read: "
                      "it nests forms more than 24 deep (a damaged or hostile file).")
    app.testid("lang").select_option("es")
    try:
        assert queue_states(app)[1][2] == ("No se pudo leer ninguna página (no se pudo leer su contenido: anida "
                                           "formas a más de 24 niveles (un archivo dañado o malicioso)).")
        assert app.testid("notice-failed").text_content() == (
            "No se pudo leer la página 1, que falta en el texto: no se pudo leer su contenido: anida formas a más "
            "de 24 niveles (un archivo dañado o malicioso).")
    finally:
        app.testid("lang").select_option("en")
    app.testid("queue-clear").dispatch_event("click")
    app.shown = None
