"""The hostile suite on the page (issue 25): ``python -m benchmarks.hostile --via page``.

Each class's file (``benchmarks/hostile_cases.py``, at ``--size``) is dropped on the real page,
served as ``./dev serve`` serves it (``scripts/static_server.py``, no test hooks, the progress
watch at its own limits: the notice after 5 s without progress, the worker given up after 60 s),
in Debian's Chromium driven by Playwright with the browser tests' flags (``playwright.config.py``).
One page serves the whole run, as a reader's tab would; after each hostile file the page must
convert a small normal PDF (its marker text in the output), and a page that hung, crashed or
could not convert it is replaced by a freshly loaded one before the next class.

Per class: the state the page reached (``done``, ``error``, ``password``; ``notice → …`` when the
"taking unusually long" notice came first; ``restarted`` when the worker died or ran out of
memory and the page said so while a fresh one booted; ``hang`` when it reached none within
``--timeout`` s; ``crash`` when the tab itself died), the seconds from the drop, whether the
engine worker was replaced, the engine's memory (``data-heap-mb``) and the renderer process's
peak resident memory, the page's errors (uncaught exceptions and console errors), whether the
next normal file converted, and what the page said (its error, limit and result notices).
"""

from __future__ import annotations

import base64
import datetime as dt
import importlib.util
import json
import os
import random
import time
from argparse import Namespace
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .browser_speed import Sampler, renderer_pids
from .hostile_cases import CLASSES, build, plain

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "hostile-page-latest.md"
PAGE_TIMEOUT_S = 300.0
"""Seconds a hostile file may take on the page: the page's own hard limit is 60 s without
progress (app/engine/watchdog.js), plus a worker's boot, on two cores shared with others."""
NORMAL_TIMEOUT_S = 180.0
"""Seconds the small normal file after it may take, a fresh worker's boot included."""
POLL_MS = 250

# The page's own record of each drop: the status's states in order (ms after the drop) and when
# the "taking unusually long" notice first showed, with its words. Installed before the page's
# scripts run, so that no change between two polls is missed.
TRAIL_SCRIPT = r"""
(() => {
  const h = (window.__hostile = { dropAt: null, trail: [], slowAt: null, slowText: null });
  const look = () => {
    if (h.dropAt === null) return;
    const status = document.querySelector('[data-testid=status]');
    const state = status && status.dataset.state;
    const last = h.trail[h.trail.length - 1];
    if (state && (!last || last[1] !== state)) h.trail.push([Math.round(performance.now() - h.dropAt), state]);
    const slow = document.querySelector('[data-testid=notice-slow]');
    if (slow && !slow.hidden && h.slowAt === null) {
      h.slowAt = Math.round(performance.now() - h.dropAt);
      h.slowText = slow.textContent.trim();
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();
"""

# Settled: the page took the file ('working' seen) and is no longer at it. 'loading' after
# 'working' is a worker that died or ran out of memory, its replacement booting (its error shown).
SETTLED = """() => {
  const h = window.__hostile;
  if (!h || !h.trail.some(([, s]) => s === 'working')) return false;
  const state = document.querySelector('[data-testid=status]').dataset.state;
  return !['working', 'cancelling'].includes(state);
}"""

DROP = """([name, b64]) => {
  const h = window.__hostile;
  Object.assign(h, { dropAt: performance.now(), trail: [], slowAt: null, slowText: null });
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], name, { type: 'application/pdf' }));
  document.querySelector('[data-testid=drop-zone]').dispatchEvent(
    new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
}"""

# What the page says of the file: its error and limit messages, and the notices of a result.
SAID = """() => {
  const shown = (el) => el && !el.hidden && el.offsetParent !== null;
  const out = [];
  for (const id of ['error', 'notice-limit', 'notice-empty', 'notice-garbled', 'notice-failed']) {
    const el = document.querySelector(`[data-testid=${id}]`);
    if (shown(el) && el.textContent.trim()) out.push(el.textContent.trim());
  }
  const more = document.querySelector('[data-testid=notice-more]');
  if (shown(more)) for (const li of more.children) out.push(li.textContent.trim());
  const status = document.querySelector('[data-testid=status]');
  return { said: out, status: status.textContent.trim(), boots: Number(status.dataset.boots || 0),
           heapMb: status.dataset.heapMb ? Number(status.dataset.heapMb) : null };
}"""


@dataclass
class PageOutcome:
    """What became of one hostile file on the page, and of the normal file after it."""

    name: str
    state: str = "hang"  # done, error, password, restarted, hang, crash (with "notice → ")
    seconds: float = 0.0
    slow_notice_s: float | None = None
    slow_text: str | None = None
    trail: list[tuple[int, str]] = field(default_factory=list)
    status: str = ""
    said: list[str] = field(default_factory=list)
    worker_replaced: bool = False
    heap_mb: int | None = None
    renderer_peak_mib: float = 0.0
    page_errors: list[str] = field(default_factory=list)
    next_ok: bool = False
    next_detail: str = ""
    next_seconds: float = 0.0
    fresh_page: bool = False  # the page was replaced after this file
    boots_before: int = 0
    size: int = 0

    @property
    def label(self) -> str:
        return f"notice → {self.state}" if self.slow_notice_s is not None and self.state != "hang" else self.state

    @property
    def clean(self) -> bool:
        """What issue 25 asks: the page reached an outcome and converted the next file."""
        return self.state in ("done", "error", "password", "restarted") and self.next_ok and not self.page_errors


def load_module(name: str, path: Path) -> ModuleType:
    """Import a file that is not a package's (``playwright.config.py`` has a dot in its name)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Browser:
    """The served page in Chromium, replaced when a file leaves it unusable."""

    def __init__(self, pw: Any, url: str, config: Any) -> None:
        self.config = config
        self.url = url
        self.browser = pw.chromium.launch(**config.launch_options())
        self.context = self.browser.new_context(base_url=url, locale=config.LOCALE, viewport=config.VIEWPORT)
        self.context.add_init_script(TRAIL_SCRIPT)
        self.page: Any = None
        self.errors: list[str] = []
        self.crashed = False
        self.loads = 0

    def load(self) -> None:
        """A fresh page (the old one, if any, closed), booted to ready."""
        if self.page is not None:
            try:
                self.page.close()
            except Exception:  # noqa: BLE001 - a crashed page may not close cleanly
                pass
        self.crashed = False
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("crash", lambda _: setattr(self, "crashed", True))
        self.page = page
        page.goto("/")
        self.wait_states(("ready",), self.config.BOOT_TIMEOUT_MS)
        self.loads += 1

    def state(self) -> str:
        return self.page.get_by_test_id("status").get_attribute("data-state")

    def wait_states(self, states: tuple[str, ...], timeout_ms: float) -> str:
        self.page.wait_for_function(
            "states => states.includes(document.querySelector('[data-testid=status]').dataset.state)",
            arg=list(states), timeout=timeout_ms, polling=POLL_MS)
        return self.state()

    def drop(self, name: str, data: bytes) -> None:
        self.page.evaluate(DROP, [name, base64.b64encode(data).decode("ascii")])

    def close(self) -> None:
        self.browser.close()


def try_hostile(b: Browser, name: str, data: bytes, timeout_s: float) -> PageOutcome:
    """Drop ``data`` on the page and wait for its outcome."""
    out = PageOutcome(name, size=len(data))
    b.errors.clear()
    before = b.page.evaluate(SAID)["boots"]
    pids = renderer_pids(b.browser)
    started = time.monotonic()
    with Sampler(lambda: pids) as sampler:
        try:
            b.drop(f"{name}.pdf", data)
            b.page.wait_for_function(SETTLED, timeout=timeout_s * 1000, polling=POLL_MS)
        except Exception as exc:  # noqa: BLE001 - a timeout (hang) or the tab gone (crash)
            out.state = "crash" if b.crashed else "hang"
            out.seconds = time.monotonic() - started
            out.said = [" ".join(str(exc).split())[:300]]
            out.renderer_peak_mib = sampler.peak
            out.page_errors = list(b.errors)
            if not b.crashed:
                record(b, out)
            return out
        out.seconds = time.monotonic() - started
        out.renderer_peak_mib = sampler.peak
    state = b.state()
    out.state = {"loading": "restarted", "ready": "restarted"}.get(state, state)
    record(b, out)
    out.boots_before = before
    out.page_errors = list(b.errors)
    return out


def record(b: Browser, out: PageOutcome) -> None:
    """The page's own trail and words into ``out``."""
    try:
        trail = b.page.evaluate("() => window.__hostile")
        said = b.page.evaluate(SAID)
    except Exception:  # noqa: BLE001 - the page went away
        return
    out.trail = [tuple(t) for t in trail["trail"]]
    if trail["slowAt"] is not None:
        out.slow_notice_s = trail["slowAt"] / 1000
        out.slow_text = trail["slowText"]
    out.said = said["said"]
    out.status = said["status"]
    out.heap_mb = said["heapMb"]


def try_normal(b: Browser, name: str, data: bytes, marker: str) -> tuple[bool, str, float]:
    """The page converts a small normal file: ``(ok, what happened, seconds)``."""
    started = time.monotonic()
    try:
        b.wait_states(("ready", "done", "error"), b.config.BOOT_TIMEOUT_MS)
        b.errors.clear()
        b.drop(name, data)
        b.page.wait_for_function(SETTLED, timeout=NORMAL_TIMEOUT_S * 1000, polling=POLL_MS)
    except Exception as exc:  # noqa: BLE001
        return False, ("tab crashed" if b.crashed else " ".join(str(exc).split())[:200]), time.monotonic() - started
    seconds = time.monotonic() - started
    state = b.state()
    if state != "done":
        return False, f"{state}: {'; '.join(b.page.evaluate(SAID)['said'])}", seconds
    text = b.page.get_by_test_id("output").text_content() or ""
    if marker not in text:
        return False, f"done without its text ({text[:80]!r})", seconds
    if b.errors:
        return False, f"page errors: {b.errors[:2]}", seconds
    return True, "", seconds


def run(names: Iterable[str], seed: int, size: float, timeout_s: float, log: Any = print) -> list[PageOutcome]:
    os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
    config = load_module("pdfprose_playwright_config", ROOT / "playwright.config.py")
    server_mod = load_module("pdfprose_static_server", ROOT / "scripts" / "static_server.py")
    vendor = load_module("pdfprose_vendor_web", ROOT / "scripts" / "vendor_web.py")
    if not Path(config.CHROMIUM_EXECUTABLE).exists():
        raise SystemExit(f"{config.CHROMIUM_EXECUTABLE} is missing (./dev test installs Debian's chromium)")
    vendor.refresh_engine()  # the page runs the engine as it is now, as the browser tests do
    normal = plain(random.Random(seed), 1).finish()
    marker = normal.markers[1]
    server = server_mod.serve_in_thread(config.HOST, 0)
    host, port = server.server_address[:2]
    url = f"http://{host}:{port}/"
    log(f"page: serving on {url}")
    from playwright.sync_api import sync_playwright

    results: list[PageOutcome] = []
    try:
        with sync_playwright() as pw:
            b = Browser(pw, url, config)
            try:
                b.load()
                for name in names:
                    data = build(name, seed, size).data
                    out = try_hostile(b, name, data, timeout_s)
                    if out.state in ("hang", "crash"):
                        out.fresh_page = True
                        b.load()
                    ok, detail, seconds = try_normal(b, f"after {name}.pdf", normal.data, marker)
                    out.next_ok, out.next_detail, out.next_seconds = ok, detail, seconds
                    # Replaced while it failed, or before the next file (memory it never gave back).
                    out.worker_replaced = out.fresh_page or (ok and b.page.evaluate(SAID)["boots"] > out.boots_before)
                    if not ok and not out.fresh_page:
                        out.fresh_page = True
                        b.load()
                    results.append(out)
                    log(f"  {name:28} {out.label:22} {out.seconds:6.1f} s  next "
                        f"{'ok' if ok else 'FAILED ' + detail[:60]:10}  {'; '.join(out.said)[:90]}")
            finally:
                b.close()
    finally:
        server.shutdown()
        server.server_close()
    return results


def cell(text: str, width: int = 160) -> str:
    text = " ".join(text.split())
    return (text if len(text) <= width else text[: width - 1] + "…").replace("|", "\\|")


def report(results: list[PageOutcome], args: Namespace, wall: float) -> str:
    header = ["class", "group", "page reached", "s", "notice at s", "worker replaced", "engine MiB",
              "renderer peak MiB", "next file", "what the page said"]
    rows = []
    for o in results:
        rows.append([
            o.name, CLASSES[o.name].group, o.label, f"{o.seconds:.1f}",
            "-" if o.slow_notice_s is None else f"{o.slow_notice_s:.1f}",
            "yes" if o.worker_replaced else "no", "-" if o.heap_mb is None else str(o.heap_mb),
            f"{o.renderer_peak_mib:.0f}",
            (f"ok ({o.next_seconds:.1f} s)" if o.next_ok else f"FAILED: {o.next_detail}")
            + (" (fresh page)" if o.fresh_page else ""),
            cell("; ".join(o.said) or o.status) + (f" **page errors: {cell('; '.join(o.page_errors), 200)}**"
                                                  if o.page_errors else ""),
        ])
    counts: dict[str, int] = {}
    for o in results:
        counts[o.label] = counts.get(o.label, 0) + 1
    summary = ", ".join(f"{label} {n}" for label, n in sorted(counts.items(), key=lambda x: -x[1]))
    usable = sum(o.next_ok for o in results)
    notices = sorted({o.slow_text for o in results if o.slow_text})
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    md = [
        "# Hostile-input suite on the page: latest run",
        "",
        f"`python -m benchmarks.hostile {' '.join(args.argv)}`".replace("  ", " "),
        "",
        f"{dt.datetime.now().isoformat(timespec='minutes')}, git {args.commit}, Chromium "
        f"(headless, playwright.config.py's flags), the page as `./dev serve` serves it (no test "
        f"hooks; notice after 5 s without progress, worker given up after 60 s), one page for the "
        f"run, a fresh one after a failure; limit {args.timeout:g} s a file; seed {args.seed}, size "
        f"{args.size:g}; load average {load:.1f} at the end; {wall:.0f} s in all.",
        "",
        f"**{len(results)} files: {summary}; the next normal file converted after {usable} of "
        f"{len(results)}.** *page reached*: the status's final state (`notice → ` when the "
        "\"taking unusually long\" notice came first; `restarted`: the worker died or ran out of "
        "memory and the page said so while a fresh one booted); *s*: from the drop; *engine "
        "MiB*: the worker's WebAssembly memory after the document (`data-heap-mb`); *renderer "
        "peak MiB*: the tab's process (page and workers), resident; *next file*: a one-page "
        "normal PDF dropped after it, converted with its text.",
        "",
    ]
    if notices:
        md += ["The notice, as shown: " + "; ".join(f"\"{n}\"" for n in notices), ""]
    md += ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    md += ["| " + " | ".join(r) + " |" for r in rows]
    md.append("")
    return "\n".join(md)


def main(names: list[str], args: Namespace) -> int:
    started = time.perf_counter()
    results = run(names, args.seed, args.size, args.timeout)
    wall = time.perf_counter() - started
    md = report(results, args, wall)
    out = args.out or DEFAULT_OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(md, encoding="utf-8")
    print(f"written {out}")
    if args.json:
        args.json.write_text(json.dumps([{**asdict(o), "label": o.label} for o in results], indent=1) + "\n",
                             encoding="utf-8")
    return 0 if all(o.clean for o in results) else 1
