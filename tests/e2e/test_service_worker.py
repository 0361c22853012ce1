"""What the service worker keeps (issue 25): only the files set-up listed, each checked against
the SHA-256 recorded for it (static/vendor/precache.js), the runtime included; and of the CMap
folder only the CMaps it knows, whose bytes match, under their plain address whatever the query.
A page on its first visit, in a browser profile of its own, from the production server."""

from __future__ import annotations

import json
from typing import Any

from .conftest import CONFIG, REPO_ROOT, STATIC_SERVER, new_context

TAMPERED = "static/vendor/markdown-it.mjs"  # in the list, and not needed until Markdown is shown
READY = "() => ['ready', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)"
CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('pdfprose-')) continue;
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""


def known_cmap() -> str:
    index = json.loads((REPO_ROOT / "static" / "vendor" / "cmaps" / "index.json").read_text(encoding="utf-8"))
    return f"{sorted(index)[0]}.json.gz"


def test_the_service_worker_keeps_only_what_matches_its_recorded_hash(browser: Any) -> None:
    server = STATIC_SERVER.serve_in_thread(CONFIG.HOST, 0)
    host, port = server.server_address[:2]
    origin = f"http://{host}:{port}"
    context = new_context(browser, origin + "/")
    tampered: list[str] = []

    def tamper(route: Any) -> None:
        response = route.fetch()
        tampered.append(route.request.url)
        route.fulfill(response=response, body=response.body() + b"\n// changed on the way\n")

    try:
        context.route(f"**/{TAMPERED}", tamper)
        page = context.new_page()
        page.goto("/")
        page.wait_for_function(READY, timeout=CONFIG.BOOT_TIMEOUT_MS)
        # The install fetched the changed file, refused it, and failed whole: no worker is active
        # and nothing of the set-up is kept (an incomplete copy would not work offline).
        for _ in range(120):
            if tampered:
                break
            page.wait_for_timeout(250)
        assert tampered, "the service worker never fetched the listed file"
        page.wait_for_timeout(3000)
        state = page.evaluate("""async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return { active: Boolean(registration?.active), ready: document.documentElement.dataset.offlineReady ?? null };
        }""")
        assert state == {"active": False, "ready": None}
        assert page.evaluate(CACHED_URLS) == []

        # The file as set-up made it: the next visit installs, and keeps every listed file.
        context.unroute(f"**/{TAMPERED}")
        page.reload()
        page.wait_for_function(READY, timeout=CONFIG.BOOT_TIMEOUT_MS)
        page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'true'",
                               timeout=CONFIG.BOOT_TIMEOUT_MS)
        kept = set(page.evaluate(CACHED_URLS))
        assert f"{origin}/{TAMPERED}" in kept
        assert f"{origin}/static/vendor/pyodide/pyodide.asm.wasm" in kept
        assert not [u for u in kept if "/static/vendor/cmaps/" in u]

        # CMaps: kept once fetched, under their plain address, whatever the query; an unknown
        # name or changed bytes are never kept.
        cmap = known_cmap()
        base = f"{origin}/static/vendor/cmaps/"
        context.route(lambda url: f"/cmaps/{cmap}?v=changed" in url, lambda route: route.fulfill(
            status=200, body=b"not the CMap", headers={"content-type": "application/gzip"}))
        statuses = page.evaluate("""async (urls) => {
            const out = [];
            for (const url of urls) out.push((await fetch(url)).status);
            await new Promise((resolve) => setTimeout(resolve, 1500));
            return out;
        }""", [f"{base}{cmap}?v=changed", f"{base}Nonexistent-H.json.gz?v=1", f"{base}{cmap}?v=0&x=%2F..%2F"])
        assert statuses == [200, 404, 200]
        kept = [u for u in page.evaluate(CACHED_URLS) if "/static/vendor/cmaps/" in u]
        assert kept == [f"{base}{cmap}"]
        # And what was kept is the file itself, served from the cache offline.
        context.set_offline(True)
        body = page.evaluate("async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()).length",
                             f"{base}{cmap}?v=offline")
        assert body == (REPO_ROOT / "static" / "vendor" / "cmaps" / cmap).stat().st_size
    finally:
        context.close()
        server.shutdown()
        server.server_close()
