"""Offline after the first visit: the service worker keeps the shell and the vendored runtime,
so a second visit starts with the server gone and the browser offline, and converts a PDF.

This test has its own server (stopped half-way) and its own browser profile, so it boots the
engine twice: a first visit and a second one (the figures are printed at the end). The server
sends each file at 4 MB/s (the runtime's files come in parallel: a fast home connection), so the first visit pays for the 20 MB runtime as it
would over a real network; the second one gets it from the service worker's cache.
"""

from __future__ import annotations

import time
from typing import Any

from .conftest import CONFIG, MEASURES, STATIC_SERVER, TIMINGS, new_context
from .test_page import make_pdf, pdf_payload

RATE = 4e6  # bytes per second, per file


def wait_ready(page: Any) -> str:
    page.wait_for_function(
        "() => ['ready', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)",
        timeout=CONFIG.BOOT_TIMEOUT_MS,
    )
    return page.get_by_test_id("status").get_attribute("data-state")


def test_works_offline_after_the_first_visit(browser: Any) -> None:
    server = STATIC_SERVER.serve_in_thread(CONFIG.HOST, 0, rate=RATE)
    host, port = server.server_address[:2]
    origin = f"http://{host}:{port}"
    context = new_context(browser, origin + "/")
    requests: list[str] = []
    sizes: list[int] = []
    context.on("request", lambda request: requests.append(request.url))

    def finished(request: Any) -> None:
        try:
            size = request.sizes()
            sizes.append(size["responseBodySize"] + size["responseHeadersSize"])
        except Exception:  # noqa: BLE001 - a request that went away meanwhile
            pass

    context.on("requestfinished", finished)
    stopped = False
    try:
        page = context.new_page()
        started = time.monotonic()
        page.goto("/")
        assert wait_ready(page) == "ready"
        cold = time.monotonic() - started
        TIMINGS["first visit (4 MB/s per file): load to ready"] = cold
        MEASURES["first visit: engine boot (worker-measured)"] = page.get_by_test_id("status").get_attribute("data-boot-ms") + " ms"
        MEASURES["first visit: bytes over the network until ready"] = f"{sum(sizes) / 1e6:.1f} MB"
        page.wait_for_function(
            "() => document.documentElement.dataset.offlineReady === 'true'", timeout=CONFIG.BOOT_TIMEOUT_MS
        )
        assert page.get_by_test_id("offline-note").text_content() == "Works offline from now on."
        assert page.evaluate("async () => (await caches.keys()).some((k) => k.startsWith('pdfprose-'))")

        # Second visit, with no server and the browser offline: everything from the cache.
        server.shutdown()
        server.server_close()
        stopped = True
        context.set_offline(True)
        started = time.monotonic()
        page.reload()
        assert wait_ready(page) == "ready", page.get_by_test_id("error").text_content()
        warm = time.monotonic() - started
        TIMINGS["second visit, offline: load to ready"] = warm
        MEASURES["second visit: engine boot (worker-measured)"] = page.get_by_test_id("status").get_attribute("data-boot-ms") + " ms"
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        page.get_by_test_id("file-input").set_input_files(
            pdf_payload("offline.pdf", make_pdf([["Converted with the network gone."]]))
        )
        page.wait_for_function(
            "() => ['done', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)"
        )
        assert "Converted with the network gone." in page.get_by_test_id("output").text_content()
        # The Markdown preview's library was kept too.
        page.get_by_test_id("format").select_option("md")
        page.get_by_test_id("view-both").check()
        page.wait_for_function("() => document.querySelector('[data-testid=rendered] p') !== null")
        assert "Converted with the network gone." in page.get_by_test_id("rendered").text_content()
        outside = [u for u in requests if not u.startswith((origin + "/", "blob:", "data:"))]
        assert outside == []
    finally:
        context.close()
        if not stopped:
            server.shutdown()
            server.server_close()
