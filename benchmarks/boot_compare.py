"""Side-by-side start-up of two checkouts (before/after), alternating, in fresh on-disk profiles.

    python -m benchmarks.boot_compare BEFORE_ROOT AFTER_ROOT [--rounds N] [--convert PDF]

Both roots must be set up (static/vendor, static/wheels; for an old commit: ``git archive`` it
and copy them in, then run its ``write_precache``). The Playwright settings and the static
server come from AFTER_ROOT.

Each round and tree: a fresh profile, the first visit (cold) to ready, wait for the service worker
(and the start-up snapshot where there is one), then 3 reloads (warm). Times by the page's clock
(navigation to data-state=ready, MutationObserver), plus the CPU seconds all of Chromium's
processes used for each boot. Optionally the first conversion after the last reload.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

INIT = r"""(() => { const m = (window.__boot = { ready: null });
  new MutationObserver(() => { const s = document.querySelector('[data-testid=status]');
    if (s && s.dataset.state === 'ready' && m.ready === null) m.ready = performance.now(); })
  .observe(document, { subtree: true, childList: true, attributes: true }); })();"""


def load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def chromium_cpu(profile: str) -> float:
    """User + system CPU seconds of the Chromium started with ``profile`` and its descendants."""
    tick = os.sysconf("SC_CLK_TCK")
    parent, times, roots = {}, {}, []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            parent[pid] = f[1]
            times[pid] = int(f[11]) + int(f[12])
            if profile.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                roots.append(pid)
        except OSError:
            continue
    keep = set(roots)
    grew = True
    while grew:
        grew = False
        for pid, pp in parent.items():
            if pp in keep and pid not in keep:
                keep.add(pid)
                grew = True
    return sum(times[p] for p in keep) / tick


def boot(page: Any, profile: str, reload: bool) -> tuple[float, float, str | None]:
    """Load or reload until ready: seconds by the page's clock, Chromium's CPU seconds, and how
    the engine started (None before the start-up snapshot existed)."""
    c0 = chromium_cpu(profile)
    page.reload() if reload else page.goto("/")
    page.wait_for_function("() => window.__boot && window.__boot.ready !== null", timeout=180000)
    ready = page.evaluate("() => window.__boot.ready")
    snap = page.get_attribute("[data-testid=status]", "data-boot-snapshot")
    return ready / 1000, chromium_cpu(profile) - c0, snap


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--convert", default=None)
    a = ap.parse_args()
    roots = {"before": Path(a.before), "after": Path(a.after)}
    config = load("cfg", roots["after"] / "playwright.config.py")
    srv = load("srv", roots["after"] / "scripts" / "static_server.py")
    servers = {k: srv.serve_in_thread(config.HOST, 0, root=r) for k, r in roots.items()}
    urls = {k: "http://%s:%d/" % s.server_address[:2] for k, s in servers.items()}
    from playwright.sync_api import sync_playwright
    results = {k: {"cold": [], "warm": [], "cold_cpu": [], "warm_cpu": [], "convert": []} for k in roots}
    with sync_playwright() as pw:
        for rnd in range(a.rounds):
            for k in (("before", "after") if rnd % 2 == 0 else ("after", "before")):
                profile = tempfile.mkdtemp(prefix=f"cmp-{k}-")
                ctx = pw.chromium.launch_persistent_context(profile, base_url=urls[k], **config.launch_options())
                ctx.add_init_script(INIT)
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                t, cpu, snap = boot(page, profile, False)
                results[k]["cold"].append(t)
                results[k]["cold_cpu"].append(cpu)
                print(f"round {rnd} {k}: cold {t:.2f} s ({cpu:.1f} CPU s, {snap})", flush=True)
                page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)", timeout=180000)
                if snap is not None:  # a tree with the start-up snapshot: wait until it is stored
                    page.wait_for_function("() => document.querySelector('[data-testid=status]').dataset.snapshotStored !== undefined", timeout=180000)
                time.sleep(2)
                for i in range(3):
                    t, cpu, snap = boot(page, profile, True)
                    results[k]["warm"].append(t)
                    results[k]["warm_cpu"].append(cpu)
                    print(f"round {rnd} {k}: warm {t:.2f} s ({cpu:.1f} CPU s, {snap})", flush=True)
                if a.convert:
                    t0 = time.perf_counter()
                    page.set_input_files("[data-testid=file-input]", a.convert)
                    page.wait_for_function("() => ['done','error'].includes(document.querySelector('[data-testid=status]').dataset.state)", timeout=180000)
                    ms = page.get_attribute("[data-testid=status]", "data-parse-ms")
                    results[k]["convert"].append(float(ms) / 1000)
                    print(f"round {rnd} {k}: first conversion after the last reload: {float(ms) / 1000:.2f} s in the worker ({time.perf_counter() - t0:.2f} s wall)", flush=True)
                ctx.close()
                shutil.rmtree(profile, ignore_errors=True)
    for s in servers.values():
        s.shutdown()
    print()
    for k, r in results.items():
        line = f"{k:6s} cold median {statistics.median(r['cold']):.2f} s (all {', '.join(f'{x:.2f}' for x in r['cold'])}; CPU median {statistics.median(r['cold_cpu']):.1f} s)"
        line += f"; warm median {statistics.median(r['warm']):.2f} s, best {min(r['warm']):.2f} s (all {', '.join(f'{x:.2f}' for x in r['warm'])}; CPU median {statistics.median(r['warm_cpu']):.1f} s)"
        if r["convert"]:
            line += f"; first conversion after a reload {', '.join(f'{x:.2f}' for x in r['convert'])} s"
        print(line)
    print("load average:", os.getloadavg())


if __name__ == "__main__":
    main()
