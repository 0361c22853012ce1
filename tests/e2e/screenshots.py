"""Screenshots of the page in each state, in English and Spanish, at desktop and phone widths.

Not a test (pytest does not collect it): run ``python -m tests.e2e.screenshots [OUT_DIR]`` after
``./dev test`` has set everything up, then look at the pictures (default /tmp/shots). States:
empty, working, done (the two-column TraceMonkey paper, as text and as Markdown with its
preview), and the notices: a scan, garbled fonts, a password, a file over the size limit.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .conftest import CONFIG, REPO_ROOT, STATIC_SERVER

CORPUS = (REPO_ROOT / ".." / "shared" / "corpus" / "real").resolve()
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
STATES = ("ready", "done", "error", "password")


def long_pdf(pages: int = 60) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595, 842))
    for page in range(1, pages + 1):
        canvas.setFont("Helvetica", 10)
        for row in range(100):
            x = 60 if row < 50 else 310
            y = 780 - (row % 50) * 13
            canvas.drawString(x, y, f"{page}.{row} two columns of text to read")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def wait(page, *states: str, timeout: float = CONFIG.CONVERT_TIMEOUT_MS) -> None:
    page.wait_for_function(
        "states => states.includes(document.querySelector('[data-testid=status]').dataset.state)",
        arg=list(states),
        timeout=timeout,
    )


def shoot(page, out: Path, name: str, full: bool = False) -> None:
    page.wait_for_timeout(150)
    page.screenshot(path=str(out / f"{name}.png"), full_page=full)
    print(out / f"{name}.png", flush=True)


def run(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    server = STATIC_SERVER.serve_in_thread(CONFIG.HOST, 0)
    url = f"http://{CONFIG.HOST}:{server.server_address[1]}/"
    big = out / "big scan.pdf"
    with big.open("wb") as handle:
        handle.write(b"%PDF-1.4\n")
        handle.truncate(26 * 1000 * 1000)
    long_doc = long_pdf()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**CONFIG.launch_options())
            for lang, locale in (("en", "en-US"), ("es", "es-ES")):
                for label, (width, height) in WIDTHS.items():
                    context = browser.new_context(
                        base_url=url, locale=locale, viewport={"width": width, "height": height},
                        service_workers="block",
                    )
                    page = context.new_page()
                    page.goto("/")
                    wait(page, "ready", timeout=CONFIG.BOOT_TIMEOUT_MS)
                    tag = f"{lang}_{label}"
                    shoot(page, out, f"01_empty_{tag}")
                    page.get_by_test_id("file-input").set_input_files(
                        {"name": "long report.pdf", "mimeType": "application/pdf", "buffer": long_doc}
                    )
                    page.wait_for_function("() => document.querySelectorAll('[data-testid=page-list] > li').length >= 6")
                    shoot(page, out, f"02_working_{tag}")
                    page.get_by_test_id("cancel").click()
                    wait(page, "ready", timeout=CONFIG.BOOT_TIMEOUT_MS)
                    page.get_by_test_id("file-input").set_input_files(CORPUS / "tracemonkey_pldi09_2col.pdf")
                    wait(page, *STATES)
                    shoot(page, out, f"03_done_{tag}")
                    page.get_by_test_id("page-list").locator("li[data-page='3'] button").click()
                    page.wait_for_function("() => document.querySelector('[data-testid=output]').dataset.jumpPage === '3'")
                    page.get_by_test_id("legend").locator("summary").click()
                    shoot(page, out, f"04_done_jump_{tag}", full=True)
                    page.get_by_test_id("format").select_option("md")
                    page.wait_for_function("() => document.getElementById('views').dataset.shown?.startsWith('md')")
                    shoot(page, out, f"05_done_md_{tag}", full=True)
                    page.get_by_test_id("view-switch").scroll_into_view_if_needed()
                    page.evaluate("() => document.getElementById('views').scrollIntoView({block: 'start'})")
                    shoot(page, out, f"05b_done_md_text_{tag}")
                    for name, file in (
                        ("06_scan", CORPUS / "grumman_service_bulletin_scan.pdf"),
                        ("07_garbled", CORPUS / "fr_cinema_partial_garbled.pdf"),
                        ("08_password", CORPUS / "aes128_user_password.pdf"),
                        ("09_limit", big),
                    ):
                        page.get_by_test_id("format").evaluate("el => { el.value = 'txt'; }")
                        page.get_by_test_id("file-input").set_input_files(file)
                        wait(page, *STATES)
                        if name == "08_password":
                            page.get_by_test_id("password").fill("wrong")
                            page.get_by_test_id("password").press("Enter")
                            time.sleep(0.3)
                            wait(page, *STATES)
                        page.evaluate("() => window.scrollTo(0, 0)")
                        shoot(page, out, f"{name}_{tag}")
                    page.emulate_media(color_scheme="dark")
                    page.get_by_test_id("file-input").set_input_files(CORPUS / "tracemonkey_pldi09_2col.pdf")
                    wait(page, *STATES)
                    shoot(page, out, f"10_dark_done_{tag}")
                    context.close()
            browser.close()
    finally:
        server.shutdown()
        big.unlink(missing_ok=True)


if __name__ == "__main__":
    run(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots"))
