"""The start-up snapshot (app/engine/snapshot.js): after a normal boot the worker keeps a copy of the
booted interpreter's memory in Cache Storage, and the next start restores it instead of booting.

A restored engine must convert exactly as a freshly booted one (and as CPython), with the JS links
made again after the restore: the AES bridge (an encrypted file) and the CMap fetch (a Japanese
one). A stored snapshot that is damaged, from another Pyodide build or for other wheels must
never be used: the page boots normally instead, says nothing to the user, and stores a new one.

Each test has its own browser context (its own Cache Storage), so it boots the engine several
times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import CONFIG, App, cpython_conversion, new_context
from .test_page import TRACEMONKEY, make_pdf, pdf_payload

# As in app/engine/snapshot.js.
CACHE_NAME = "pdfprose:engine-snapshot"
ENTRY_PATH = "/engine-snapshot"

FILES = (TRACEMONKEY, "real/es_i9_form_xfa_aes_owner.pdf", "real/ja_kampo_gazette_vertical.pdf")

# Rewrites the stored snapshot in place: 'damage' flips a byte in the middle of the heap (its
# SHA-256 no longer matches), 'build' changes the Pyodide BUILD_ID in its header (bytes 16-47)
# and stores the matching SHA-256 (so that only Pyodide's own check can refuse it), 'key' gives
# it another key (as after a new set-up).
TAMPER = """async ({ name, path, how }) => {
  const cache = await caches.open(name);
  const url = new URL(path, location.href).href;
  const hit = await cache.match(url);
  if (!hit) return false;
  const headers = new Headers(hit.headers);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
  if (how === 'damage') bytes[bytes.length >> 1] ^= 0xff;
  if (how === 'build') {
    bytes[16] ^= 0xff;
    headers.set('x-pdfprose-snapshot-sha256', hex(await crypto.subtle.digest('SHA-256', bytes)));
  }
  if (how === 'key') headers.set('x-pdfprose-snapshot-key', '0'.repeat(64));
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
    if reload:
        app.page.reload()
    else:
        app.page.goto("/")
    assert app.wait_state("ready", "error", timeout=CONFIG.BOOT_TIMEOUT_MS) == "ready", app.testid("error").text_content()
    return app.testid("status").get_attribute("data-boot-snapshot")


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
def test_a_restored_engine_converts_as_a_freshly_booted_one(
    fresh_app: App, corpus_file: Callable[[str], Path]
) -> None:
    from pdfprose import Options

    app = fresh_app
    paths = [corpus_file(name) for name in FILES]
    assert boot(app) == "none"
    wait_stored(app)
    fresh = outputs(app, paths)

    assert boot(app, reload=True) == "restored"
    restored = outputs(app, paths)
    assert restored == fresh
    for path in paths:
        assert restored[path.name] == cpython_conversion(path).render(Options(format="txt"))
    assert restored[paths[0].name + " (md)"] == cpython_conversion(paths[0]).render(Options(format="md"))


@pytest.mark.parametrize(
    ("how", "started"),
    [("damage", "rejected"), ("build", "rejected"), ("key", "none")],
    ids=["damaged bytes", "another Pyodide build", "another key"],
)
def test_a_snapshot_that_does_not_fit_means_a_normal_boot(fresh_app: App, how: str, started: str) -> None:
    app = fresh_app
    assert boot(app) == "none"
    wait_stored(app)
    assert app.page.evaluate(TAMPER, {"name": CACHE_NAME, "path": ENTRY_PATH, "how": how})

    # Refused silently (the checks come before any of it runs), then a normal boot...
    assert boot(app, reload=True) == started
    assert app.testid("error").is_hidden()
    app.convert_ok(pdf_payload("after.pdf", make_pdf([["Booted without the snapshot."]])), "after.pdf")
    assert "Booted without the snapshot." in app.output()
    # ... which stored a good snapshot again, used by the next start.
    wait_stored(app)
    assert boot(app, reload=True) == "restored"
