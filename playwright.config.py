"""Browser settings for the end-to-end tests (imported by tests/e2e/conftest.py).

Playwright for Python drives Debian's Chromium: ``playwright install`` cannot download its own
browser builds on these machines, and ``./dev test`` installs the Debian package when it is
missing. Chromium's own background traffic (updates, sync, field trials, QUIC probes) is switched
off, because nothing but the registries is reachable here and a test must not depend on it.
"""

from __future__ import annotations

CHROMIUM_EXECUTABLE = "/usr/bin/chromium"

HEADLESS = True

CHROMIUM_ARGS: list[str] = [
    "--no-sandbox",  # tests run as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

HOST = "127.0.0.1"

SERVER_PORT = 0
"""0 lets the OS pick a free port, so tests never collide with a running ``./dev serve`` (8000)."""

DEV_SERVER_URL = "http://127.0.0.1:8000/"
"""Where ``./dev serve`` puts the page."""

LOCALE = "en-US"
"""The tests read English messages; the Spanish ones are switched on explicitly where tested."""

VIEWPORT = {"width": 1280, "height": 900}

BOOT_TIMEOUT_MS = 120_000
"""Pyodide's first boot on a 2-core machine takes a few seconds; leave room for a loaded CI box."""

CONVERT_TIMEOUT_MS = 180_000


def launch_options() -> dict[str, object]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    return {"executable_path": CHROMIUM_EXECUTABLE, "headless": HEADLESS, "args": list(CHROMIUM_ARGS)}
