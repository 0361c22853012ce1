"""Speed of pdfprose next to pdfminer.six, on CPython and in the browser (issue 8).

    python -m benchmarks.speed [--quick] [--browser] [--repeat N] [--corpus DIR] [--out DIR]

On CPython, in one run and on the same files (``shared/corpus/real`` and ``arxiv``), file by file
in turn, three things are timed:

- ``pdfprose``: the full pipeline to Markdown, ``convert(bytes).render(Options(format="md"))``;
- ``parse only``: pdfprose's own glyph collector with no layout, ``open_pdf(bytes)`` and
  ``iter_pages()``, the cycle collector kept off what is alive after each page as the converter
  keeps it (``pdfprose.engine.heap``): what the layout stages are measured on top of;
- ``pdfminer``: pdfminer.six ``extract_text`` with default ``LAParams`` (from the same bytes), in
  a process that never imports pdfprose (pdfprose repairs some pdfminer functions on import).

Each tool runs in its own worker process, one file at a time (never two at once), and every
file is timed ``--repeat`` times; the figure per file is the smallest CPU time of its thread
(``time.thread_time``), the cost least disturbed by the other work of a shared machine. Pages per
second are total pages over the summed CPU seconds; ratios are taken within the run.

``--browser`` adds the figures of the real page in Chromium (Playwright, Debian's
``/usr/bin/chromium``, ``playwright.config.py``), served by ``scripts/static_server.py`` on a
free port: start-up to ``ready`` cold and warm, what a first visit downloads (raw, and what gzip
would make of it: the static server does not compress), the engine's pages per second in the
worker on the same files, the time to the first page's preview and text after dropping a
generated 300-page PDF, and the renderer's memory on a generated 350-page book and
``who_hcv_guidelines_155p.pdf``. It needs the vendored runtime (``./dev serve`` or
``python scripts/vendor_web.py`` once).

Every figure is printed against its target from issue 8 and written to
``results/speed-latest.md`` (and ``speed-<date>.json``); ``--update-readme`` copies the table
into ``benchmarks/README.md``. Timings are a command, never a test.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime as dt
import gc
import io
import json
import multiprocessing
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_OUT = Path(__file__).resolve().parent / "results"
README = Path(__file__).resolve().parent / "README.md"
README_START = "<!-- speed-results:start -->"
README_END = "<!-- speed-results:end -->"

TOOLS = ("pdfminer", "pdfprose", "parse")
TOOL_NAMES = {
    "pdfminer": "pdfminer.six extract_text (LAParams)",
    "pdfprose": "pdfprose, full pipeline to Markdown",
    "parse": "pdfprose parse only (collector, no layout)",
}

# Targets of issue 8.
TARGET_VS_PDFMINER = 1.3
TARGET_LAYOUT_SHARE = 0.25
TARGET_BROWSER_VS_PDFMINER = 1.0
TARGET_WARM_START_S = 3.0
TARGET_FIRST_PAGE_S = 1.5
TARGET_TRANSFER_MB = 8.0
TARGET_MEMORY_MB = 1024.0

QUICK_FILES = (
    "real/bitcoin_whitepaper_spaces.pdf", "real/ieee_2col_diffprivacy_ligatures.pdf",
    "real/irs_i1040nr_instructions_50p.pdf", "real/tracemonkey_pldi09_2col.pdf",
    "real/ja_kampo_gazette_vertical.pdf", "real/zh_invoice_cmap.pdf",
    "arxiv/astro-ph0001004.pdf", "arxiv/cond-mat0001220.pdf", "arxiv/hep-th0001173.pdf",
    "arxiv/math0001017.pdf", "arxiv/quant-ph0001099.pdf", "arxiv/physics0501138.pdf",
)
"""--quick: a dozen files of both sets (two of them need CJK CMaps)."""


# --------------------------------------------------------------------------------------------
# Worker side (one process per tool; the pdfminer one never imports pdfprose)


def _init_worker(tool: str) -> None:
    import logging

    logging.getLogger("pdfminer").setLevel(logging.ERROR)  # as pdfprose sets it: no log output
    if tool == "pdfminer":
        import pdfminer.high_level  # noqa: F401
    else:
        import pdfprose  # noqa: F401
        import pdfprose.pdf.document  # noqa: F401


class _ParseOnly:
    """The owner of a parse-only run's frozen objects, for :mod:`pdfprose.engine.heap`."""


def parse_only(data: bytes) -> int:
    """Parse every page of ``data`` with pdfprose's own glyph collector and no layout, the
    cycle collector kept off what is alive after each page, as the converter keeps it
    (:mod:`pdfprose.engine.heap`): without that, parsing alone paid about 1 s of full passes over
    pdfminer's document, fonts and CMaps that the full pipeline does not, and the layout's
    share came out that much smaller than it is. Returns the page count."""
    from pdfprose.engine import heap
    from pdfprose.pdf.document import open_pdf

    owner = _ParseOnly()
    heap.begin(owner)
    try:
        document = open_pdf(data)
        for _ in document.iter_pages():
            heap.settle(owner)
        return document.page_count
    finally:
        heap.end(owner)


def _time_job(tool: str, path: str) -> dict:
    """Run ``tool`` once on ``path``: thread CPU and wall seconds, pages (pdfprose's count)."""
    data = Path(path).read_bytes()
    gc.collect()
    pages = None
    cpu0, wall0 = time.thread_time(), time.perf_counter()
    try:
        if tool == "pdfminer":
            from pdfminer.high_level import extract_text
            from pdfminer.layout import LAParams

            extract_text(io.BytesIO(data), laparams=LAParams())
        elif tool == "pdfprose":
            from pdfprose import Options, convert

            convert(data).render(Options(format="md"))
        elif tool == "parse":
            pages = parse_only(data)
        else:
            raise ValueError(tool)
    except Exception as exc:  # noqa: BLE001 - a file a tool cannot read is left out of the sums
        return {"error": f"{type(exc).__name__}: {exc}"[:200]}
    return {"cpu": time.thread_time() - cpu0, "wall": time.perf_counter() - wall0, "pages": pages}


# --------------------------------------------------------------------------------------------
# CPython run


def corpus_files(corpus: Path, quick: bool) -> list[Path]:
    if quick:
        return [corpus / name for name in QUICK_FILES if (corpus / name).is_file()]
    return sorted((corpus / "real").glob("*.pdf")) + sorted((corpus / "arxiv").glob("*.pdf"))


def run_cpython(files: list[Path], repeat: int, log) -> dict:  # type: ignore[no-untyped-def]
    """Time every tool on every file, ``repeat`` times, one job at a time."""
    ctx = multiprocessing.get_context("spawn")
    pools = {tool: cf.ProcessPoolExecutor(1, mp_context=ctx, initializer=_init_worker,
                                          initargs=(tool,)) for tool in TOOLS}
    results: dict[str, dict[str, dict]] = {str(f): {t: {"cpu": [], "wall": []} for t in TOOLS}
                                          for f in files}
    try:
        for rep in range(repeat):
            started = time.perf_counter()
            for f in files:
                for tool in TOOLS:
                    out = pools[tool].submit(_time_job, tool, str(f)).result()
                    slot = results[str(f)][tool]
                    if "error" in out:
                        slot["error"] = out["error"]
                        continue
                    slot["cpu"].append(out["cpu"])
                    slot["wall"].append(out["wall"])
                    if out.get("pages") is not None:
                        results[str(f)]["pages"] = out["pages"]  # type: ignore[assignment]
            log(f"cpython: round {rep + 1}/{repeat} done in {time.perf_counter() - started:.0f} s")
    finally:
        for pool in pools.values():
            pool.shutdown()
    return results


def summarize_cpython(results: dict, corpus: Path) -> dict:
    """Per set (real, arxiv, all): pages and the summed best CPU / wall seconds per tool, on the
    files every tool read; the files left out, with why."""
    sets: dict[str, dict] = {}
    skipped: list[tuple[str, str]] = []
    per_file: list[dict] = []
    for path, row in results.items():
        name = Path(path).relative_to(corpus).as_posix()
        errors = [f"{t}: {row[t]['error']}" for t in TOOLS if "error" in row[t]]
        if errors or not row.get("pages"):
            skipped.append((name, "; ".join(errors) or "no pages"))
            continue
        entry = {"file": name, "pages": row["pages"]}
        for t in TOOLS:
            entry[t] = {"cpu": min(row[t]["cpu"]), "wall": min(row[t]["wall"])}
        per_file.append(entry)
        for key in (name.split("/")[0], "all"):
            agg = sets.setdefault(key, {"files": 0, "pages": 0, **{t: {"cpu": 0.0, "wall": 0.0}
                                                                 for t in TOOLS}})
            agg["files"] += 1
            agg["pages"] += entry["pages"]
            for t in TOOLS:
                agg[t]["cpu"] += entry[t]["cpu"]
                agg[t]["wall"] += entry[t]["wall"]
    return {"sets": sets, "skipped": skipped, "files": per_file}


# --------------------------------------------------------------------------------------------
# Report


def _table(header: list[str], rows: list[list[str]], align: str | None = None) -> str:
    align = align or ("l" + "r" * (len(header) - 1))
    sep = ["---:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(sep) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def _verdict(ok: bool | None) -> str:
    return "–" if ok is None else ("**met**" if ok else "**not met**")


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    try:
        load = " ".join(f"{v:.1f}" for v in os.getloadavg())
    except OSError:
        load = "?"
    return (f"nproc {nproc}, {model}; Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}; load average at the end {load}")


def versions() -> str:
    import pdfminer

    rev = ""
    try:
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "py", "app"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        rev = f"git {rev}{', uncommitted changes' if dirty else ''}"
    except (OSError, subprocess.SubprocessError):
        rev = "git ?"
    return f"pdfprose ({rev}), pdfminer.six {pdfminer.__version__}"


def cpython_figures(summary: dict) -> dict:
    out = {}
    for key, agg in summary["sets"].items():
        pages = agg["pages"]
        fig = {"files": agg["files"], "pages": pages}
        for t in TOOLS:
            fig[t] = {"cpu": agg[t]["cpu"], "wall": agg[t]["wall"],
                      "pps": pages / agg[t]["cpu"] if agg[t]["cpu"] else None,
                      "pps_wall": pages / agg[t]["wall"] if agg[t]["wall"] else None}
        fig["vs_pdfminer"] = agg["pdfminer"]["cpu"] / agg["pdfprose"]["cpu"]
        fig["vs_pdfminer_wall"] = agg["pdfminer"]["wall"] / agg["pdfprose"]["wall"]
        fig["layout_share"] = (agg["pdfprose"]["cpu"] - agg["parse"]["cpu"]) / agg["parse"]["cpu"]
        out[key] = fig
    return out


def build_report(meta: dict, cpython: dict | None, browser: dict | None) -> str:
    lines: list[str] = [f"## pdfprose speed benchmark, {meta['date']}", ""]
    lines.append(f"- Machine: {meta['machine']}.")
    lines.append(f"- {meta['versions']}.")
    lines.append(f"- Run: `{meta['command']}`, {meta['elapsed']:.0f} s in all; every file timed "
                 f"{meta['repeat']} time(s) per tool, the smallest thread CPU time kept.")
    lines.append("")
    targets: list[list[str]] = []
    if cpython:
        figs = cpython["figures"]
        allf = figs.get("all")
        if allf:
            targets.append([
                "CPython: pdfprose pages/s ÷ pdfminer.six extract_text pages/s (CPU)",
                f"{allf['vs_pdfminer']:.2f}× (real {figs.get('real', {}).get('vs_pdfminer', 0):.2f}×, "
                f"arxiv {figs.get('arxiv', {}).get('vs_pdfminer', 0):.2f}×)",
                f"≥ {TARGET_VS_PDFMINER}×", _verdict(allf["vs_pdfminer"] >= TARGET_VS_PDFMINER)])
            targets.append([
                "CPython: layout stages on top of parsing alone (CPU)",
                f"{allf['layout_share'] * 100:.0f} % (real {figs.get('real', {}).get('layout_share', 0) * 100:.0f} %, "
                f"arxiv {figs.get('arxiv', {}).get('layout_share', 0) * 100:.0f} %)",
                f"≤ {TARGET_LAYOUT_SHARE * 100:.0f} %", _verdict(allf["layout_share"] <= TARGET_LAYOUT_SHARE)])
    if browser:
        targets.extend(browser_target_rows(browser, cpython))
    if targets:
        lines.append("### Figures against the targets of issue 8")
        lines.append("")
        lines.append(_table(["figure", "measured", "target", ""], targets, "lrrl"))
        lines.append("")
    if cpython:
        figs = cpython["figures"]
        lines.append("### CPython, side by side (same files, same run)")
        lines.append("")
        rows = []
        for key in ("real", "arxiv", "all"):
            f = figs.get(key)
            if not f:
                continue
            for t in TOOLS:
                rows.append([key if t == "pdfminer" else "", TOOL_NAMES[t], f"{f['files']}",
                             f"{f['pages']}", f"{f[t]['cpu']:.1f}", f"{f[t]['pps']:.1f}",
                             f"{f[t]['wall']:.1f}", f"{f[t]['pps_wall']:.1f}"])
        lines.append(_table(["set", "tool", "files", "pages", "CPU s", "pages/CPU s", "wall s",
                             "pages/wall s"], rows, "llrrrrrr"))
        lines.append("")
        if cpython["skipped"]:
            lines.append("Left out (a tool could not read them; the same files are left out for "
                         "every tool): " + "; ".join(f"`{n}` ({why})" for n, why in cpython["skipped"])
                         + ".")
            lines.append("")
    if browser:
        lines.extend(browser_report_lines(browser))
    return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------------------------
# Browser (optional; see benchmarks/browser_speed.py)


def browser_target_rows(browser: dict, cpython: dict | None) -> list[list[str]]:
    from . import browser_speed

    return browser_speed.target_rows(browser, cpython)


def browser_report_lines(browser: dict) -> list[str]:
    from . import browser_speed

    return browser_speed.report_lines(browser)


# --------------------------------------------------------------------------------------------


def update_readme(report: str) -> None:
    text = README.read_text(encoding="utf-8")
    body = "\n".join(("#" + line if line.startswith("#") else line) for line in report.splitlines())
    if README_START in text and README_END in text:
        head, rest = text.split(README_START, 1)
        _, tail = rest.split(README_END, 1)
        README.write_text(f"{head}{README_START}\n{body}\n{README_END}{tail}", encoding="utf-8")
    else:
        README.write_text(text.rstrip() + f"\n\n## Speed\n\n{README_START}\n{body}\n{README_END}\n",
                          encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.speed",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help=f"{len(QUICK_FILES)} files, one round, fewer browser measurements")
    ap.add_argument("--browser", action="store_true", help="also measure the page in Chromium")
    ap.add_argument("--no-cpython", action="store_true", help="skip the CPython timings")
    ap.add_argument("--browser-parts", default=None,
                    help="only these browser measurements, comma-separated, of: start, cjk, files, "
                         "drop, memory, worker, split (default: all); the report then goes to "
                         "speed-latest-parts.md")
    ap.add_argument("--repeat", type=int, default=None,
                    help="rounds per file and tool (default 2; 1 with --quick)")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--update-readme", action="store_true",
                    help="copy the report into benchmarks/README.md")
    args = ap.parse_args(argv)
    repeat = args.repeat or (1 if args.quick else 2)
    if not (args.corpus / "real").is_dir():
        ap.error(f"no corpus at {args.corpus}; use --corpus")
    started = time.perf_counter()

    def log(message: str) -> None:
        print(f"speed: {message}", file=sys.stderr, flush=True)

    files = corpus_files(args.corpus, args.quick)
    cpython = None
    if not args.no_cpython:
        log(f"cpython: {len(files)} files x {len(TOOLS)} tools x {repeat} round(s)")
        summary = summarize_cpython(run_cpython(files, repeat, log), args.corpus)
        cpython = {**summary, "figures": cpython_figures(summary)}
    browser = None
    if args.browser:
        from . import browser_speed

        parts = tuple(args.browser_parts.split(",")) if args.browser_parts else browser_speed.PARTS
        unknown = set(parts) - set(browser_speed.PARTS)
        if unknown:
            ap.error(f"unknown --browser-parts: {', '.join(sorted(unknown))}")
        browser = browser_speed.run(files, args.corpus, quick=args.quick, log=log, parts=parts)
    command = "python -m benchmarks.speed" + (" --quick" if args.quick else "") + \
        (" --browser" if args.browser else "") + (f" --repeat {args.repeat}" if args.repeat else "") + \
        (" --no-cpython" if args.no_cpython else "") + \
        (f" --browser-parts {args.browser_parts}" if args.browser_parts else "")
    meta = {"date": dt.datetime.now().strftime("%Y-%m-%d %H:%M"), "machine": machine(),
            "versions": versions(), "command": command, "repeat": repeat,
            "elapsed": time.perf_counter() - started}
    report = build_report(meta, cpython, browser)
    print(report)
    args.out.mkdir(parents=True, exist_ok=True)
    suffix = ("-quick" if args.quick else "") + ("-parts" if args.browser_parts or args.no_cpython else "")
    (args.out / f"speed-latest{suffix}.md").write_text(report, encoding="utf-8")
    stamp = dt.date.today().isoformat()
    (args.out / f"speed-{stamp}{suffix}.json").write_text(
        json.dumps({"meta": meta, "cpython": cpython, "browser": browser}, indent=1, default=str),
        encoding="utf-8")
    if args.update_readme:
        update_readme(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
