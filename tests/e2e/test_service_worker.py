"""What the service worker keeps (issue 25): only the files set-up listed, each checked against
the SHA-256 recorded for it (static/vendor/precache.js), the runtime included; and of the CMap
folder only the CMaps it knows, whose bytes match, under their plain address whatever the query.
The service worker alone, registered from a plain file of the site (no engine boots: the page's
own first visit is tests/e2e/test_first_visit.py), in a browser profile of its own, from the
production server."""

from __future__ import annotations

import json
from typing import Any

from .conftest import CONFIG, REPO_ROOT, STATIC_SERVER, new_context

TAMPERED = "static/vendor/markdown-it.mjs"  # in the list, and not needed until Markdown is shown
# Registers sw.js as the page does and waits for its install to end: 'activated' or 'redundant'
# (an install that failed).
REGISTER = """async () => {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  const settled = () => ['activated', 'redundant'].includes(worker.state);
  if (!settled()) {
    await new Promise((resolve) => worker.addEventListener('statechange', () => settled() && resolve()));
  }
  return { state: worker.state, active: Boolean((await navigator.serviceWorker.getRegistration())?.active) };
}"""
CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('pdfprose-')) continue;
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""
KEPT_CMAP = """async (url) => {
  for (const name of await caches.keys()) {
    if (name.startsWith('pdfprose-') && await (await caches.open(name)).match(url)) return true;
  }
  return false;
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
        page.goto("/static/app.css")
        # The install fetched the changed file, refused it, and failed whole: no worker is active
        # and nothing of the set-up is kept (an incomplete copy would not work offline).
        assert page.evaluate(REGISTER) == {"state": "redundant", "active": False}
        assert tampered, "the service worker never fetched the listed file"
        assert page.evaluate(CACHED_URLS) == []

        # The file as set-up made it: the next install keeps every listed file.
        context.unroute(f"**/{TAMPERED}")
        assert page.evaluate(REGISTER) == {"state": "activated", "active": True}
        kept = set(page.evaluate(CACHED_URLS))
        assert f"{origin}/{TAMPERED}" in kept
        assert f"{origin}/static/vendor/pyodide/pyodide.asm.wasm" in kept
        assert not [u for u in kept if "/static/vendor/cmaps/" in u]

        # CMaps: kept once fetched, under their plain address, whatever the query; an unknown
        # name or changed bytes are never kept. (The worker claimed this page on activation.)
        cmap = known_cmap()
        base = f"{origin}/static/vendor/cmaps/"
        context.route(lambda url: f"/cmaps/{cmap}?v=changed" in url, lambda route: route.fulfill(
            status=200, body=b"not the CMap", headers={"content-type": "application/gzip"}))
        statuses = page.evaluate("""async (urls) => {
            const out = [];
            for (const url of urls) out.push((await fetch(url)).status);
            return out;
        }""", [f"{base}{cmap}?v=changed", f"{base}Nonexistent-H.json.gz?v=1", f"{base}{cmap}?v=0&x=%2F..%2F"])
        assert statuses == [200, 404, 200]
        page.wait_for_function(KEPT_CMAP, arg=f"{base}{cmap}", timeout=10_000)
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
