"""Accessibility (axe-core from npm, keyboard only, announced progress), light and dark themes,
both languages complete, and the Content-Security-Policy."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from pathlib import Path

import pytest

from .conftest import CONFIG, App
from .test_page import TRACEMONKEY, make_pdf, pdf_payload


def assert_no_serious_violations(app: App, where: str) -> None:
    """axe in the light and in the dark theme."""
    try:
        for scheme in ("light", "dark"):
            app.page.emulate_media(color_scheme=scheme)
            app.page.wait_for_timeout(250)  # let any transition settle before colours are measured
            violations = app.axe()
            assert violations == [], f"{where}, {scheme}: {violations}"
    finally:
        app.page.emulate_media(color_scheme="light")


def test_axe_finds_no_serious_violation(app: App, corpus_file: Callable[[str], Path]) -> None:
    # The page as it opens (the first test of the run: no document yet), then the notices:
    # garbled fonts, the password prompt.
    assert_no_serious_violations(app, "start")
    path = corpus_file("real/type3_no_tounicode_garbled.pdf")
    app.convert_ok(path, path.name)
    assert app.testid("notice-garbled").is_visible()
    assert_no_serious_violations(app, "garbled notice")
    path = corpus_file("real/aes128_user_password.pdf")
    assert app.convert(path, path.name) == "password"
    assert_no_serious_violations(app, "password")
    # A two-column paper, in Markdown with the preview, the legend open, a page picked.
    app.show(corpus_file(TRACEMONKEY))
    app.set_format("md")
    app.testid("view-both").check()
    app.wait_shown("md|1|1|0")
    app.testid("legend").locator("summary").click()
    app.testid("page-list").locator("li[data-page='2'] button").click()
    try:
        assert_no_serious_violations(app, "done")
        app.testid("lang").select_option("es")
        assert_no_serious_violations(app, "done in Spanish")
    finally:
        app.testid("lang").select_option("en")
        app.testid("legend").locator("summary").click()
        app.set_format("txt")


def tab_to(app: App, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        app.page.keyboard.press("Tab")
        if app.page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_everything_works_by_keyboard(app: App, tmp_path: Path) -> None:
    keyboard_doc = tmp_path / "keyboard.pdf"
    words = ["Amber", "Birch", "Cedar", "Dune", "Elm"]
    keyboard_doc.write_bytes(make_pdf([
        [f"{w} opens this page of the keyboard test.", f"Nothing but the keys reached {w.lower()} here."][: 1 + n % 2]
        for n, w in enumerate(words)
    ]))
    app.ensure_idle()
    app.page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    app.page.locator(".brand").click()  # where sequential focus navigation starts
    app.page.keyboard.press("Tab")
    # The language first, then the file picker, opened with the keyboard.
    assert app.page.evaluate("() => document.activeElement.dataset.testid") == "lang"
    tab_to(app, "[data-testid=file-input]")
    focus_ring = app.page.evaluate(
        "() => getComputedStyle(document.querySelector('[data-testid=drop-zone]')).outlineStyle"
    )
    assert focus_ring == "solid"  # the visible drop zone shows where the focus is
    app.reset_options()
    chooser = None
    for key in ("Space", "Enter"):  # either opens the picker; a second try if one is missed
        try:
            with app.page.expect_file_chooser(timeout=5_000) as info:
                app.page.keyboard.press(key)
            chooser = info.value
            break
        except Exception:  # noqa: BLE001 - playwright's TimeoutError
            assert app.page.evaluate("() => document.activeElement.dataset.testid") == "file-input"
    assert chooser is not None, "the keyboard did not open the file picker"
    chooser.set_files(keyboard_doc)
    assert app.wait_state("done", "error") == "done"
    app.shown = None
    # Options: the format with the arrow keys, a checkbox with Space.
    tab_to(app, "[data-testid=format]")
    app.page.keyboard.press("ArrowDown")
    app.wait_shown("md|1|1|0")
    tab_to(app, "[data-testid=join-lines]")
    app.page.keyboard.press("Space")
    app.wait_shown("md|0|1|0")
    app.page.keyboard.press("Space")
    app.wait_shown("md|1|1|0")
    # The view switch is a radio group: arrows move within it.
    tab_to(app, "[name=view]:checked")
    app.page.keyboard.press("ArrowLeft")
    assert app.page.evaluate("() => document.activeElement.value") == "rendered"
    assert not app.testid("output").is_visible()
    app.page.keyboard.press("ArrowRight")
    # Copy with Enter, then a page with Enter: the focus lands on that page's text.
    app.testid("copy").focus()
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("() => document.querySelector('[data-testid=copy]').dataset.copied === 'true'")
    app.testid("page-list").locator("li[data-page='4'] button").focus()
    app.page.keyboard.press("Enter")
    # (the page's button has data-page too: wait for the focus to leave it for the text)
    app.page.wait_for_function(
        "() => document.activeElement?.classList.contains('page-anchor') && document.activeElement.dataset.page === '4'"
    )
    assert app.page.evaluate("() => document.activeElement.closest('[data-testid=output]') !== null")
    app.set_format("txt")
    app.wait_shown("txt|1|1|0")


def test_the_page_list_is_one_tab_stop_walked_with_the_arrow_keys(app: App) -> None:
    # A fresh-clone tester: on the 155-page WHO report every page card was a tab stop before
    # Copy and Download (157 Tab presses).
    data = make_pdf([[f"Card {n} of the roving test."] for n in range(1, 7)])
    app.convert_ok(pdf_payload("roving.pdf", data), "roving")
    focused = "() => document.activeElement?.dataset.page ?? null"
    stops = app.page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=page-list] button.page-card')].map((b) => b.tabIndex)"
    )
    assert stops == [0, -1, -1, -1, -1, -1]
    app.testid("file-input").focus()
    tab_to(app, "button.page-card")
    assert app.page.evaluate(focused) == "1"
    app.page.keyboard.press("End")
    assert app.page.evaluate(focused) == "6"
    app.page.keyboard.press("ArrowLeft")
    app.page.keyboard.press("ArrowLeft")
    assert app.page.evaluate(focused) == "4"
    app.page.keyboard.press("Home")
    app.page.keyboard.press("ArrowRight")
    assert app.page.evaluate(focused) == "2"
    # One Tab leaves the list; Shift+Tab comes back to the page last visited.
    app.page.keyboard.press("Tab")
    assert not app.page.evaluate("() => document.activeElement.matches('button.page-card')")
    app.page.keyboard.press("Shift+Tab")
    assert app.page.evaluate(focused) == "2"
    app.page.keyboard.press("Enter")
    app.page.wait_for_function(
        "() => document.activeElement?.classList.contains('page-anchor') && document.activeElement.dataset.page === '2'"
    )


def test_up_and_down_in_the_page_list_move_by_row(app: App) -> None:
    """A tester: in the grid of cards, ArrowDown went to the next card, not to the one below.
    Up and Down move by row (to the card nearest in x, the last one of a shorter row), Left and
    Right to the previous and next card; in a list of one column or one row, Up and Down are
    previous and next."""
    count = 11  # a prime: whatever the number of columns, the last row is shorter
    data = make_pdf([[f"Card {n} of the grid test."] for n in range(1, count + 1)])
    app.convert_ok(pdf_payload("grid.pdf", data), "grid")
    tops = app.page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=page-list] > li')].map((li) => li.getBoundingClientRect().top)"
    )
    columns = tops.count(tops[0])
    assert 2 <= columns < count, tops  # the tester's layout: a grid of several columns and rows

    def moves(key: str) -> list[int]:
        """Where ``key`` takes the focus from each card (page numbers)."""
        landed = []
        for number in range(1, count + 1):
            app.testid("page-list").locator(f"li[data-page='{number}'] button").focus()
            app.page.keyboard.press(key)
            landed.append(app.page.evaluate("() => Number(document.activeElement.dataset.page)"))
        return landed

    last_row = (count - 1) // columns
    below = [n if (n - 1) // columns == last_row else min(n + columns, count) for n in range(1, count + 1)]
    above = [n - columns if n > columns else n for n in range(1, count + 1)]
    previous = [max(1, n - 1) for n in range(1, count + 1)]
    following = [min(count, n + 1) for n in range(1, count + 1)]
    assert moves("ArrowDown") == below
    assert moves("ArrowUp") == above
    assert moves("ArrowLeft") == previous
    assert moves("ArrowRight") == following
    assert moves("End") == [count] * count and moves("Home") == [1] * count
    # The one tab stop follows the focus.
    stops = "() => [...document.querySelectorAll('[data-testid=page-list] button.page-card')].map((b) => b.tabIndex)"
    assert app.page.evaluate(stops) == [0] + [-1] * (count - 1)
    try:
        # One column (as a narrow pages panel has).
        app.page.eval_on_selector("[data-testid=page-list]", "el => { el.style.gridTemplateColumns = '1fr'; }")
        assert (moves("ArrowDown"), moves("ArrowUp")) == (following, previous)
    finally:
        app.page.eval_on_selector("[data-testid=page-list]", "el => { el.style.gridTemplateColumns = ''; }")
    try:
        # One row: the strip that scrolls sideways on a narrow screen (static/app.css).
        app.page.set_viewport_size({"width": 700, "height": 900})
        assert len(set(app.page.evaluate(
            "() => [...document.querySelectorAll('[data-testid=page-list] > li')].map((li) => li.getBoundingClientRect().top)"
        ))) == 1
        assert (moves("ArrowDown"), moves("ArrowUp")) == (following, previous)
    finally:
        app.page.set_viewport_size(CONFIG.VIEWPORT)


def test_progress_and_messages_are_announced(app: App) -> None:
    status = app.testid("status")
    assert status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite"
    assert app.testid("error").get_attribute("role") == "alert"
    assert app.testid("notice-limit").get_attribute("role") == "alert"
    assert app.testid("progress").get_attribute("aria-label") == "Conversion progress"
    assert app.page.locator("#announce").get_attribute("aria-live") == "polite"
    # Every control has a name a screen reader can read.
    unnamed = app.page.evaluate(
        """() => [...document.querySelectorAll('input, select, button, a[href]')]
            .filter((el) => !el.closest('[hidden]') && el.type !== 'file')
            .filter((el) => !(el.labels?.length || el.getAttribute('aria-label') || el.textContent.trim()))
            .map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []


def test_light_and_dark_follow_the_system(app: App) -> None:
    def colours() -> tuple[str, str]:
        return app.page.evaluate(
            "() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]"
        )

    app.page.emulate_media(color_scheme="light")
    light = colours()
    app.page.emulate_media(color_scheme="dark")
    try:
        dark = colours()
    finally:
        app.page.emulate_media(color_scheme="light")
    assert tuple(light) == ("rgb(247, 247, 245)", "rgb(29, 31, 35)")
    assert tuple(dark) == ("rgb(21, 23, 27)", "rgb(231, 233, 238)")


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two CSS colours given as ``rgb(r, g, b)``."""
    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_a_disabled_button_looks_disabled_in_both_schemes(app: App) -> None:
    # "Download all" while the list converts was disabled but drawn in full primary blue.
    # (axe leaves disabled controls out of its contrast check: measured here.)
    read = """() => { const s = getComputedStyle(document.getElementById('download-all'));
        return [s.backgroundColor, s.color, s.cursor]; }"""
    before = app.page.evaluate("""() => { const b = document.getElementById('download-all');
        const was = [b.hidden, b.disabled]; b.hidden = false; b.disabled = true; return was; }""")
    try:
        for scheme, accent in (("light", "rgb(47, 91, 211)"), ("dark", "rgb(123, 156, 255)")):
            app.page.emulate_media(color_scheme=scheme)
            background, colour, cursor = app.page.evaluate(read)
            assert background != accent, scheme
            assert cursor == "not-allowed", scheme
            assert contrast(background, colour) >= 4.5, (scheme, background, colour)
    finally:
        app.page.emulate_media(color_scheme="light")
        app.page.evaluate("([h, d]) => { const b = document.getElementById('download-all'); b.hidden = h; b.disabled = d; }",
                          before)


def test_every_message_exists_in_both_languages(app: App) -> None:
    keys = app.page.evaluate(
        "async () => { const m = await import('./app/i18n.js'); return [m.messageKeys('en'), m.messageKeys('es')]; }"
    )
    assert keys[0] == keys[1]
    assert len(keys[0]) >= 60
    # Every static text of the page has a message.
    static = app.page.evaluate("() => [...document.querySelectorAll('[data-i18n]')].map((el) => el.dataset.i18n)")
    assert set(static) <= set(keys[0])


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


@pytest.mark.parametrize("path", ["/", "/app/engine/worker.js", "/sw.js"])
def test_content_security_policy_is_strict(app: App, path: str) -> None:
    response = app.page.request.get(app.origin + path)
    assert response.ok
    policy = directives(response.headers["content-security-policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["worker-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    flat = " ".join(word for words in policy.values() for word in words)
    assert not re.search(r"'unsafe-inline'|'unsafe-eval'|\*|https?:", flat)


def test_the_page_cannot_reach_another_origin(app: App) -> None:
    """Even code running in the page (which a PDF cannot inject, but still) is stopped by the
    policy before any request is made."""
    before = len(app.requests)
    outcome = app.page.evaluate(
        """async () => {
            const violations = [];
            document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
            let fetched;
            try { await fetch('http://198.51.100.7/beacon'); fetched = 'sent'; } catch { fetched = 'blocked'; }
            await new Promise((r) => setTimeout(r, 50));
            return { fetched, violations };
        }"""
    )
    assert outcome["fetched"] == "blocked"
    assert "connect-src" in outcome["violations"]
    app.page.wait_for_timeout(100)
    # Playwright lists the attempt; the browser never sent it (the console says it was blocked).
    attempted = [url for url in app.requests[before:] if "198.51.100.7" in url]
    app.requests[:] = [url for url in app.requests if "198.51.100.7" not in url]
    assert all(url == "http://198.51.100.7/beacon" for url in attempted)
    assert any("violates the following Content Security Policy directive" in e for e in app.errors)
    app.errors.clear()


def test_the_damaged_page_reason_is_translated(app: App) -> None:
    """A page of a damaged file that drew nothing was listed in Spanish with its English reason
    ('no text could be read from this page of the damaged file')."""
    notice = app.page.evaluate(
        """async () => {
            const m = await import('./app/i18n.js');
            const before = m.currentLanguage();
            const pages = [{ number: 1, reason: 'no text could be read from this page of the damaged file' }];
            m.setLanguage('es');
            try { return m.t('notice_failed', { pages }); } finally { m.setLanguage(before); }
        }"""
    )
    assert notice == ("No se pudo leer la página 1, que falta en el texto: "
                      "no se pudo leer ningún texto de esta página del archivo dañado.")
    assert "damaged file" not in notice


def said_in_both(app: App, expression: str) -> dict[str, Any]:
    """What the JavaScript ``expression`` gives in English and in Spanish, ``t`` being the
    page's translator (app/i18n.js), the page's language left as it was."""
    return app.page.evaluate(f"""async () => {{
        const m = await import('./app/i18n.js');
        const t = m.t;
        const before = m.currentLanguage();
        const out = {{}};
        try {{
          for (const lang of ['en', 'es']) {{
            m.setLanguage(lang);
            out[lang] = {expression};
          }}
        }} finally {{ m.setLanguage(before); }}
        return out;
    }}""")


def test_a_garbled_notice_of_one_page_speaks_of_that_page(app: App) -> None:
    """"62 % of the characters on those pages" was said of a single page (a fresh-clone tester)."""
    said = said_in_both(app, """[1, 2].map((n) => t('notice_garbled_causes', {
        groups: [{ key: 'no_tounicode', pages: [3, 4].slice(0, n) }], percent: 0.62 }))""")
    assert "62% of the characters on that page have no known meaning" in said["en"][0]
    assert said["en"][0].endswith("to get readable text from that page.")
    assert "on those pages" in said["en"][1] and said["en"][1].endswith("from those pages.")
    assert "de los caracteres de esa página no tiene" in said["es"][0]
    assert "de esas páginas no tiene" in said["es"][1]


def test_failed_pages_with_one_reason_give_it_once(app: App) -> None:
    """A cut-short file's failed-pages notice said "page N: its content is missing from the
    file" six times over (a fresh-clone tester); one reason for all is said once, in the
    plural, and different reasons are still given page by page."""
    said = said_in_both(app, """(() => {
        const missing = 'its content is missing from the file (cut short or damaged)';
        const same = [1, 75, 76].map((number) => ({ number, reason: missing }));
        const mixed = [{ number: 2, reason: missing }, { number: 9, reason: 'unreadable page box' }];
        return [t('notice_failed', { pages: same }), t('notice_failed', { pages: mixed })];
    })()""")
    assert said["en"][0] == ("Pages 1, 75, and 76 could not be read and are missing from the text: "
                             "their content is missing from the file (cut short or damaged).")
    assert said["en"][1] == ("Pages 2 and 9 could not be read and are missing from the text: "
                             "page 2: its content is missing from the file (cut short or damaged); "
                             "page 9: its page size cannot be read.")
    assert said["es"][0] == ("No se pudieron leer las páginas 1, 75 y 76, que faltan en el texto: "
                             "falta su contenido en el archivo (cortado o dañado).")


def test_the_progress_of_a_one_page_document_says_page(app: App) -> None:
    """'Reading… 0 of 1 pages done.' (a fresh-clone tester); and the file is named (a new user
    could not tell which file of a queue was being read)."""
    said = said_in_both(app, "[1, 2].map((total) => t('status_working', { name: 'a.pdf', done: 0, total }))")
    assert said == {"en": ["Reading a.pdf… 0 of 1 page done.", "Reading a.pdf… 0 of 2 pages done."],
                    "es": ["Leyendo a.pdf… 0 de 1 página lista.", "Leyendo a.pdf… 0 de 2 páginas listas."]}


def test_the_status_once_every_page_is_read_is_said_in_both_languages(app: App) -> None:
    said = said_in_both(app, "t('status_finishing', { name: 'a.pdf', total: 155 })")
    assert said == {"en": "Putting a.pdf together (155 pages read)…",
                    "es": "Armando a.pdf (155 páginas leídas)…"}


def test_a_damaged_file_of_one_page_is_spoken_of_in_the_singular(app: App) -> None:
    """'1 pages could be recovered', '1 pages were found, 0 of them could be read'; and '14 of
    its 14 pages' where the CLI says '14 pages' (a review)."""
    said = said_in_both(app, """[
        t('notice_damaged', { truncated: true, recovered: 1, readable: 0 }),
        t('notice_damaged', { truncated: true, recovered: 1 }),
        t('notice_damaged', { truncated: false, recovered: 14, expected: 14 }),
    ]""")
    assert said["en"] == [
        "This PDF is damaged (the file is cut short): 1 page was found, but it could not be read. "
        "The text may be incomplete.",
        "This PDF is damaged (the file is cut short): 1 page could be recovered. The text may be incomplete.",
        "This PDF is damaged: 14 pages could be recovered. The text may be incomplete.",
    ]
    assert said["es"] == [
        "Este PDF está dañado (el archivo está cortado): se encontró 1 página, pero no se pudo leer. "
        "Puede que falte texto.",
        "Este PDF está dañado (el archivo está cortado): se pudo recuperar 1 página. Puede que falte texto.",
        "Este PDF está dañado: se pudieron recuperar 14 páginas. Puede que falte texto.",
    ]
