"""Memory across a queue of 50 documents on the page (issue 26): does it stay flat?

Drives the real page in Debian's Chromium (Playwright), picks a folder of 50 PDFs (ten corpus
files of 2 to 21 pages, five copies of each in subfolders, 460 pages in all) and, as each file is
done, reads:

- the engine worker's WebAssembly memory after the document (the page's ``data-heap-mb``, which
  the worker reports with each result);
- the page's JavaScript heap (``performance.memory.usedJSHeapSize``, Chromium's; precise with
  ``--enable-precise-memory-info``);
- the resident memory of the renderer processes (the page and its workers; ``/proc``), largest
  and sum;
- the page's DOM node count (the drawings of the shown file only).

Run: ``python -m benchmarks.queue_memory [--copies N]`` after ``./dev test`` has set everything up.
Prints a table of every tenth file and the growth from the 10th to the last.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = (ROOT / ".." / "shared" / "corpus" / "real").resolve()
FILES = (
    "ieee_2col_diffprivacy_ligatures.pdf",  # 12 pages
    "tracemonkey_pldi09_2col.pdf",  # 14
    "sci_reports_2col_sidebar_ligatures.pdf",  # 5
    "fr_eie_rotated_landscape.pdf",  # 10
    "fr_cinema_partial_garbled.pdf",  # 6
    "ca_warn_report_table_16p.pdf",  # 16
    "de_book_chapter_toc_lists_21p.pdf",  # 21
    "google_docs_2col_bullets_bold_headings.pdf",  # 2
    "footnotes_report_cds_eu.pdf",  # 4
    "pl_invoice_identity_cmap.pdf",  # 2
)

# Each document's figures, recorded by the page itself the moment its status reads "done" (the
# queue moves on to the next file a task later, which clears the marks).
RECORDER = r"""
(() => {
  window.__memory = [];
  const status = document.querySelector('[data-testid=status]');
  new MutationObserver(() => {
    if (status.dataset.state !== 'done') return;
    const shown = document.querySelector('.queue-file[aria-current=true] .queue-name');
    window.__memory.push({
      name: shown ? shown.textContent : '',
      heapMb: Number(status.dataset.heapMb || 0),
      jsMb: performance.memory ? performance.memory.usedJSHeapSize / 2 ** 20 : 0,
      nodes: document.getElementsByTagName('*').length,
    });
  }).observe(status, { attributes: true, attributeFilter: ['data-state'] });
})();
"""


def load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def renderer_pids(browser: Any) -> list[int]:
    session = browser.new_browser_cdp_session()
    try:
        info = session.send("SystemInfo.getProcessInfo")
    finally:
        session.detach()
    return [p["id"] for p in info.get("processInfo", []) if p.get("type") == "renderer"]


def make_folder(base: Path, copies: int) -> int:
    for copy in range(1, copies + 1):
        folder = base / f"set{copy:02d}"
        folder.mkdir(parents=True)
        for name in FILES:
            shutil.copy(CORPUS / name, folder / name)
    return copies * len(FILES)


def run(copies: int) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    config = load("pdfprose_playwright_config", ROOT / "playwright.config.py")
    server_module = load("pdfprose_static_server", ROOT / "scripts" / "static_server.py")
    server = server_module.serve_in_thread(config.HOST, 0)
    url = f"http://{config.HOST}:{server.server_address[1]}/"
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        folder = Path(tmp) / "queue"
        total = make_folder(folder, copies)
        options = config.launch_options()
        options["args"] = [*options.get("args", []), "--enable-precise-memory-info"]
        browser = pw.chromium.launch(**options)
        page = browser.new_context(base_url=url, viewport=config.VIEWPORT).new_page()
        page.goto("/")
        page.wait_for_function("() => document.querySelector('[data-testid=status]').dataset.state === 'ready'",
                               timeout=config.BOOT_TIMEOUT_MS)
        page.evaluate(RECORDER)
        pids = renderer_pids(browser)
        booted = {"name": "(booted)", "heapMb": 0, "jsMb": page.evaluate("() => performance.memory.usedJSHeapSize / 2 ** 20"),
                  "nodes": 0, "rssMax": max(rss_mb(p) for p in pids), "rssSum": sum(rss_mb(p) for p in pids)}
        rows.append(booted)
        started = time.monotonic()
        page.get_by_test_id("folder-input").set_input_files(folder)
        seen = 0
        while seen < total:
            page.wait_for_timeout(50)
            records = page.evaluate("() => window.__memory")
            pids = renderer_pids(browser)  # a worker replaced (memory over its cap) is a new one
            for record in records[seen:]:
                record["rssMax"] = max(rss_mb(p) for p in pids)
                record["rssSum"] = sum(rss_mb(p) for p in pids)
                rows.append(record)
            seen = len(records)
            if time.monotonic() - started > 1800:
                raise SystemExit(f"queue_memory: only {seen} of {total} files done after 30 min")
        rows[-1]["seconds"] = time.monotonic() - started
        browser.close()
    server.shutdown()
    return rows


def report(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| after file | worker heap (MB) | page JS heap (MB) | renderer RSS, largest / sum (MB) | DOM nodes |",
        "| ---: | ---: | ---: | ---: | ---: |",
    ]
    docs = rows[1:]
    picks = [i for i in range(len(docs)) if i == 0 or (i + 1) % 10 == 0 or i == len(docs) - 1]
    for index in picks:
        row = docs[index]
        lines.append(f"| {index + 1} | {row['heapMb']:.0f} | {row['jsMb']:.1f} | "
                     f"{row['rssMax']:.0f} / {row['rssSum']:.0f} | {row['nodes']} |")
    first = rows[0]
    lines.insert(2, f"| booted | - | {first['jsMb']:.1f} | {first['rssMax']:.0f} / {first['rssSum']:.0f} | - |")
    tenth, last = docs[min(9, len(docs) - 1)], docs[-1]
    peak = max(docs, key=lambda r: r["rssSum"])
    lines.append("")
    lines.append(f"{len(docs)} documents in {docs[-1].get('seconds', 0):.0f} s. From the 10th to the last: "
                 f"worker heap {tenth['heapMb']:.0f} -> {last['heapMb']:.0f} MB, page JS heap "
                 f"{tenth['jsMb']:.1f} -> {last['jsMb']:.1f} MB, renderer RSS (sum) {tenth['rssSum']:.0f} -> "
                 f"{last['rssSum']:.0f} MB (peak {peak['rssSum']:.0f} MB after file {docs.index(peak) + 1}).")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=5, help="copies of the ten files (default 5: 50 documents)")
    args = parser.parse_args()
    print(report(run(args.copies)))


if __name__ == "__main__":
    sys.exit(main())
