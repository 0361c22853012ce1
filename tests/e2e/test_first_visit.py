"""What a first visit transfers (issue 27: at most 6 MB): the page, its engine worker, the
runtime and the service worker's copy of everything, in a fresh browser profile, from the
production server (compressed files, scripts/static_server.py; no test hooks). Every response
that came over the network is counted, headers included, as the browser received it (Playwright's
``request.sizes()``, the encoded body); those the service worker answered are not."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .conftest import CONFIG, MEASURES, REPO_ROOT, STATIC_SERVER, new_context

FIRST_VISIT_LIMIT = 6_000_000  # bytes (issue 27)
# Compressed by set-up (scripts/precompress.mjs), so sent with a content coding.
BIG_FILES = ("static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyodide/python_stdlib.zip")


def test_the_first_visit_transfers_at_most_6_mb(browser: Any) -> None:
    server = STATIC_SERVER.serve_in_thread(CONFIG.HOST, 0)
    host, port = server.server_address[:2]
    origin = f"http://{host}:{port}"
    context = new_context(browser, origin + "/")
    responses: list[dict[str, Any]] = []
    in_flight: set[Any] = set()

    def finished(request: Any) -> None:
        in_flight.discard(request)
        try:
            response = request.response()
            sizes = request.sizes()
        except Exception:  # noqa: BLE001 - a request that went away meanwhile
            return
        responses.append({
            "path": urlsplit(request.url).path.lstrip("/") or "index.html",
            "status": response.status,
            "bytes": sizes["responseBodySize"] + sizes["responseHeadersSize"],
            "body": sizes["responseBodySize"],
            "from_sw": response.from_service_worker,
            "encoding": response.headers.get("content-encoding"),
        })

    context.on("request", lambda request: in_flight.add(request))
    context.on("requestfailed", lambda request: in_flight.discard(request))
    context.on("requestfinished", finished)
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_function(
            "() => ['ready', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)",
            timeout=CONFIG.BOOT_TIMEOUT_MS)
        assert page.get_by_test_id("status").get_attribute("data-state") == "ready"
        # The service worker has copied the page and the runtime; a second worker (two cores or
        # more) boots ahead from the start-up snapshot: all of that is part of a first visit.
        page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'true'",
                               timeout=CONFIG.BOOT_TIMEOUT_MS)
        if page.evaluate("() => navigator.hardwareConcurrency") >= 2:
            page.wait_for_function(
                "() => document.querySelector('[data-testid=status]').dataset.spare === 'ready'",
                timeout=CONFIG.BOOT_TIMEOUT_MS)
        for _ in range(200):  # until the last response has been counted (a few seconds at most)
            if not in_flight:
                break
            page.wait_for_timeout(25)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    network = [r for r in responses if not r["from_sw"]]
    total = sum(r["bytes"] for r in network)
    unique = {r["path"] for r in network if r["status"] == 200}
    raw = sum((REPO_ROOT / p).stat().st_size for p in unique if (REPO_ROOT / p).is_file())
    MEASURES["first visit: bytes over the network (compressed, headers included)"] = (
        f"{total / 1e6:.2f} MB in {len(network)} responses ({raw / 1e6:.1f} MB of files uncompressed)")
    assert total <= FIRST_VISIT_LIMIT, sorted(((r["bytes"], r["path"]) for r in network), reverse=True)[:8]
    for path in BIG_FILES:
        sent = [r for r in network if r["path"] == path and r["status"] == 200]
        assert sent, f"{path} was never fetched"
        assert all(r["encoding"] in ("br", "gzip") for r in sent), sent
        # Fetched in full once: the service worker's copy is a revalidation (a 304, which the
        # browser reports as its cached 200 with no body over the network).
        full = [r for r in sent if r["body"] > 0]
        assert len(full) == 1, sent
        assert full[0]["body"] < Path(REPO_ROOT / path).stat().st_size * 0.5
