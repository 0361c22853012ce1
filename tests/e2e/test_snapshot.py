"""The start-up snapshot (app/engine/snapshot.js): after a normal boot the worker keeps a copy of the
booted interpreter's memory in Cache Storage, and the next start restores it instead of booting.

A restored engine must convert exactly as a freshly booted one (and as CPython), with the JS links
made again after the restore: the AES bridge (an encrypted file) and the CMap fetch (a Japanese
one). A stored snapshot that is damaged, from another Pyodide build or for other wheels must
never be used: the page boots normally instead, says nothing to the user, and stores a new one.
Damaged bytes and another key are refused by the store itself before Pyodide sees them
(tests/js/snapshot.test.js, in Node); another build only by Pyodide's restore, here.

The test has its own browser context (its own Cache Storage) and boots the engine four times.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import CONFIG, TIMINGS, App, cpython_conversion, new_context
from .test_page import make_pdf, pdf_payload

# As in app/engine/snapshot.js.
CACHE_NAME = "pdfprose:engine-snapshot"
ENTRY_PATH = "/engine-snapshot"

# The two files whose conversion needs the JS links made again after a restore (the AES bridge,
# the CMap fetch); the first is also compared as Markdown.
FILES = ("real/es_i9_form_xfa_aes_owner.pdf", "real/ja_kampo_gazette_vertical.pdf")

# Gives the stored snapshot a header that names another Pyodide build (its BUILD_ID, bytes
# 16-47) and stores the SHA-256 of the changed bytes with it, so that only Pyodide's own check
# can refuse it.
ANOTHER_BUILD = """async ({ name, path }) => {
  const cache = await caches.open(name);
  const url = new URL(path, location.href).href;
  const hit = await cache.match(url);
  if (!hit) return false;
  const headers = new Headers(hit.headers);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  bytes[16] ^= 0xff;
  const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
  headers.set('x-pdfprose-snapshot-sha256', hex(await crypto.subtle.digest('SHA-256', bytes)));
  await cache.put(url, new Response(bytes, { headers }));
  return true;
}"""


@pytest.fixture
def fresh_app(browser: Any, site_url: str) -> Iterator[App]:
    """A page in a context of its own (empty Cache Storage), not yet loaded; the test fails if
    it logged an error or sent a request outside its origin."""
    context = new_context(browser, site_url)
    app = App(page=context.new_page(), context=context, origin=site_url.rstrip("/"))
    context.on("request", lambda request: app.requests.append(request.url))
    app.page.on("pageerror", lambda error: app.errors.append(f"pageerror: {error}"))
    app.page.on(
        "console",
        # Python's stderr comes as warnings: an "Exception ignored" there is an error too (a
        # restored interpreter closing a file descriptor of the booted one's: "Bad file descriptor").
        lambda message: app.errors.append(f"console: {message.text}")
        if message.type == "error" or "Exception ignored" in message.text else None,
    )
    try:
        yield app
        assert app.errors == []
        assert app.outside_requests() == []
    finally:
        context.close()


def boot(app: App, reload: bool = False) -> str:
    """Load (or reload) the page until the engine is ready; how it started: 'none' (a normal
    boot), 'restored' (from the snapshot) or 'rejected' (the snapshot was refused)."""
    started = time.monotonic()
    if reload:
        app.page.reload()
    else:
        app.page.goto("/")
    assert app.wait_state("ready", "error", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready", app.testid("error").text_content()
    how = app.testid("status").get_attribute("data-boot-snapshot")
    TIMINGS[f"load to ready, start-up snapshot {how}"] = time.monotonic() - started
    return how


def wait_stored(app: App) -> None:
    """Wait until the worker has stored the snapshot of its normal boot."""
    app.page.wait_for_function(
        "() => document.querySelector('[data-testid=status]').dataset.snapshotStored !== undefined",
        timeout=CONFIG.BOOT_TIMEOUT_MS,
    )
    assert app.testid("status").get_attribute("data-snapshot-stored") == "true"


def outputs(app: App, paths: list[Path]) -> dict[str, str]:
    """Each file's plain text, then the first one's Markdown, as the page shows them."""
    texts = {}
    for path in paths:
        app.convert_ok(path, path.name)
        texts[path.name] = app.output()
    app.convert_ok(paths[0], paths[0].name)
    app.set_format("md")
    app.wait_shown("md|1|1|0")
    texts[paths[0].name + " (md)"] = app.output()
    return texts


@pytest.mark.corpus
def test_a_restored_engine_converts_as_cpython_and_a_snapshot_of_another_build_means_a_normal_boot(
    fresh_app: App, corpus_file: Callable[[str], Path]
) -> None:
    """One context for both facts: each start costs a boot (a normal one 3-10 s on two shared
    cores). That a freshly booted page converts these files as CPython does is asserted by
    test_page.py and test_cmaps.py; the store's own refusals (damaged or truncated bytes, another
    key) by tests/js/snapshot.test.js."""
    from pdfprose import Options

    app = fresh_app
    paths = [corpus_file(name) for name in FILES]
    assert boot(app) == "none"
    wait_stored(app)

    assert boot(app, reload=True) == "restored"
    restored = outputs(app, paths)
    for path in paths:
        assert restored[path.name] == cpython_conversion(path).render(Options(format="txt"))
    assert restored[paths[0].name + " (md)"] == cpython_conversion(paths[0]).render(Options(format="md"))

    # A snapshot whose header names another Pyodide build (stored with a matching SHA-256, so
    # that only Pyodide's own check can refuse it): refused silently, then a normal boot...
    assert app.page.evaluate(ANOTHER_BUILD, {"name": CACHE_NAME, "path": ENTRY_PATH})
    assert boot(app, reload=True) == "rejected"
    assert app.testid("error").is_hidden()
    app.convert_ok(pdf_payload("after.pdf", make_pdf([["Booted without the snapshot."]])), "after.pdf")
    assert "Booted without the snapshot." in app.output()
    # ... which stored a good snapshot again, used by the next start.
    wait_stored(app)
    assert boot(app, reload=True) == "restored"
