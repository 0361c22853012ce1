"""Browser fixtures: one static server, one Chromium, one page with the engine booted.

Booting Pyodide costs seconds, so the page is booted once per session and shared: each test
starts from whatever state the previous one left (every conversion resets the page itself), and
only a test that needs a fresh worker (a crash) or a fresh browser profile (offline) pays for
another boot. Every request the page, its workers and its service worker make is recorded, and
every test fails if one of them left the page's origin.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
FINAL_STATES = ("done", "error", "password")
AXE_SCRIPT = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Without this, Playwright does not report what a service worker fetches itself.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
TIMINGS: dict[str, float] = {}
"""Seconds measured by the tests (boot, conversions), printed at the end of the run."""
MEASURES: dict[str, str] = {}
"""Other figures (bytes transferred, times the page measured itself), printed at the end."""


def load_module(name: str, path: Path) -> ModuleType:
    """Import a file that is not on sys.path (``playwright.config.py`` has a dot in its name)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CONFIG = load_module("pdfprose_playwright_config", REPO_ROOT / "playwright.config.py")
STATIC_SERVER = load_module("pdfprose_static_server", REPO_ROOT / "scripts" / "static_server.py")
VENDOR_WEB = load_module("pdfprose_vendor_web", REPO_ROOT / "scripts" / "vendor_web.py")


@functools.lru_cache(maxsize=8)
def _cpython_conversion(path: str, mtime: float) -> Any:
    from pdfprose import convert

    return convert(Path(path).read_bytes())


def cpython_conversion(path: Path) -> Any:
    """The library's own conversion of ``path`` on CPython, computed once per run."""
    return _cpython_conversion(str(path), path.stat().st_mtime)


@dataclass
class App:
    """The booted page plus what the tests read from it."""

    page: Any  # playwright.sync_api.Page
    context: Any  # playwright.sync_api.BrowserContext
    origin: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    shown: str | None = None  # name of the file whose result the page shows now

    def testid(self, name: str) -> Any:
        return self.page.get_by_test_id(name)

    @property
    def state(self) -> str:
        return self.testid("status").get_attribute("data-state")

    @property
    def parses(self) -> int:
        return int(self.testid("status").get_attribute("data-parses"))

    def output(self) -> str:
        return self.testid("output").text_content()

    def wait_state(self, *states: str, timeout: float = CONFIG.CONVERT_TIMEOUT_MS) -> str:
        self.page.wait_for_function(
            "states => states.includes(document.querySelector('[data-testid=status]').dataset.state)",
            arg=list(states),
            timeout=timeout,
        )
        return self.state

    def ensure_idle(self) -> None:
        """Wait until the engine is not booting or working (after a cancel, or a slow test)."""
        self.wait_state("ready", *FINAL_STATES, timeout=CONFIG.BOOT_TIMEOUT_MS)

    def set_format(self, fmt: str) -> None:
        self.testid("format").select_option(fmt)

    def outside_requests(self) -> list[str]:
        """Recorded requests that went anywhere but the page's own origin."""
        return [
            url for url in self.requests
            if not (url.startswith(self.origin + "/") or url.startswith(("blob:", "data:")))
        ]

    def reset_options(self) -> None:
        """Default options (TXT, join lines, remove headers, no page markers), without change
        events: the controls may be hidden, and a change would only re-render the last document."""
        self.page.eval_on_selector(
            "[data-testid=options]",
            """el => {
                el.querySelector('[data-testid=format]').value = 'txt';
                el.querySelector('[data-testid=join-lines]').checked = true;
                el.querySelector('[data-testid=remove-headers]').checked = true;
                el.querySelector('[data-testid=page-markers]').checked = false;
            }""",
        )

    def convert(self, files: Any, name: str) -> str:
        """Pick ``files`` (a path or a Playwright file payload) and wait for the conversion to end.

        The page switches to 'working' synchronously in its change handler, so the wait cannot
        see the previous file's final state.
        """
        self.ensure_idle()
        self.reset_options()
        started = time.monotonic()
        self.testid("file-input").set_input_files(files)
        state = self.wait_state(*FINAL_STATES)
        TIMINGS[f"convert {name}"] = time.monotonic() - started
        self.shown = name if state == "done" else None
        return state

    def convert_ok(self, files: Any, name: str) -> None:
        """Convert and insist on success, showing the page's message if there is none."""
        state = self.convert(files, name)
        assert state == "done", (
            f"{name}: {state}: {self.testid('error').text_content()} {self.testid('notice-limit').text_content()}"
        )

    def show(self, path: Path) -> None:
        """Make the page show ``path``'s result with the default options, converting only if it
        does not already."""
        self.ensure_idle()
        if self.shown != path.name or self.state != "done":
            self.convert_ok(path, path.name)
            return
        for name, value in (("join-lines", True), ("remove-headers", True), ("page-markers", False)):
            self.testid(name).set_checked(value)
        self.set_format("txt")
        self.wait_shown("txt|1|1|0")

    def wait_shown(self, key: str) -> None:
        """Wait until the text for the options ``key`` (format|join|remove|markers, and the
        marker's word in TXT with markers) is shown."""
        self.page.wait_for_function(
            "key => document.getElementById('views').dataset.shown === key", arg=key
        )

    def crash(self, how: str) -> None:
        """Make the engine fail on purpose (tests/e2e/hooks/main.js lists how: 'throw', 'memory',
        'fail-page', 'split-hold', 'helper-throw', 'no-spare')."""
        self.page.evaluate(
            "how => window.dispatchEvent(new CustomEvent('pdfprose:test-crash', { detail: how }))", how
        )

    def axe(self, **options: Any) -> list[dict[str, Any]]:
        """Run axe-core (from npm) on the page; returns the serious and critical violations."""
        return run_axe(self.page, **options)


def run_axe(page: Any, **options: Any) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on ``page``.

    The page's Content-Security-Policy forbids inline scripts, so axe is evaluated through the
    DevTools protocol (as Playwright's evaluate does), not added as a <script> tag.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT.read_text(encoding="utf-8") + "\n;void 0")
    results = page.evaluate(
        "async (options) => { const r = await axe.run(document, options);"
        " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})); }",
        options or {},
    )
    return [v for v in results if v["impact"] in ("serious", "critical")]


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    vendored = REPO_ROOT / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm"
    if not vendored.is_file() or not (REPO_ROOT / "static" / "wheels" / "manifest.json").is_file():
        pytest.skip("static/vendor and static/wheels are not set up: run the tests with ./dev test")
    # The engine changes under our feet while developing: rebuild its wheel if py/ moved on since
    # set-up (a no-op when current), so the page never tests yesterday's engine; the service
    # worker's list and the compressed copies follow.
    VENDOR_WEB.refresh_engine()
    # The page with the tests' fault injection (tests/e2e/hooks/): App.crash() below.
    server = STATIC_SERVER.serve_in_thread(CONFIG.HOST, CONFIG.SERVER_PORT, test_hooks=True)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CONFIG.CHROMIUM_EXECUTABLE).exists():
        pytest.skip(f"{CONFIG.CHROMIUM_EXECUTABLE} is missing: ./dev test installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(**CONFIG.launch_options())
        yield chromium
        chromium.close()


def new_context(browser: Any, site_url: str, locale: str = CONFIG.LOCALE) -> Any:
    return browser.new_context(
        base_url=site_url,
        locale=locale,
        viewport=CONFIG.VIEWPORT,
        accept_downloads=True,
    )


@pytest.fixture(scope="session")
def booted_app(browser: Any, site_url: str) -> Iterator[App]:
    context = new_context(browser, site_url)
    origin = site_url.rstrip("/")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    app = App(page=None, context=context, origin=origin)
    # Context-wide, so requests from the Web Worker are recorded too.
    context.on("request", lambda request: app.requests.append(request.url))
    app.page = context.new_page()
    app.page.on("pageerror", lambda error: app.errors.append(f"pageerror: {error}"))
    app.page.on(
        "console",
        lambda message: app.errors.append(f"console: {message.text}") if message.type == "error" else None,
    )
    started = time.monotonic()
    app.page.goto("/")
    app.wait_state("ready", "error", timeout=CONFIG.BOOT_TIMEOUT_MS)
    TIMINGS["boot (page load to ready)"] = time.monotonic() - started
    assert app.state == "ready", app.testid("error").text_content()
    yield app
    context.close()


@pytest.fixture
def app(booted_app: App) -> Iterator[App]:
    """The shared page; a test fails if the page logged an error or an uncaught exception, or if
    any request left the page's origin."""
    booted_app.ensure_idle()
    booted_app.errors.clear()
    yield booted_app
    assert booted_app.errors == []
    assert booted_app.outside_requests() == []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if TIMINGS or MEASURES:
        terminalreporter.write_sep("-", "browser timings")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{name}: {seconds:.2f} s")
        for name, value in MEASURES.items():
            terminalreporter.write_line(f"{name}: {value}")
