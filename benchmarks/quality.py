"""Side-by-side text quality of pdfprose, pdftotext and pdfminer.six (issue 3).

Run from the repository root::

    python -m benchmarks.quality [--quick] [--out DIR] [--workers N] [--tools ...]

Scores, in one run, on ``shared/corpus/arxiv`` (papers with ``ID.body.txt`` ground truth):

- ``pdfprose md`` and ``pdfprose txt``: one in-process conversion, rendered as Markdown and TXT
  with default options (the conversion is timed once, with the Markdown rendering);
- ``pdftotext``: poppler-utils, default mode, ``pdftotext FILE.pdf -`` as a subprocess;
- ``pdfminer``: pdfminer.six ``high_level.extract_text`` with default ``LAParams``, in-process.

Metrics per document, then mean and median: see :mod:`benchmarks.scoring` and the README. Then
the probe pass rate per kind for pdfprose on ``shared/corpus/probes.json``
(:mod:`benchmarks.probes`) and the failing check ids. Speed: pages per second of each tool,
timed inside the worker processes (wall clock and CPU time; pdftotext's CPU time is its child
process's), and as a ratio to pdfminer.six in the same run.

Writes ``DIR/quality-<date>.md`` (and ``.json`` with every number and every broken word) and
``DIR/latest.md``; ``--quick`` (10 papers, no probes) writes ``quality-<date>-quick.*`` only.
``--update-readme`` copies the table into ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import datetime as dt
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from . import probes as probes_mod
from .scoring import score

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_OUT = Path(__file__).resolve().parent / "results"
README = Path(__file__).resolve().parent / "README.md"
README_START = "<!-- latest-results:start -->"
README_END = "<!-- latest-results:end -->"

TOOLS = ("pdfprose", "pdftotext", "pdfminer")
VARIANTS = {  # scored output -> (tool that makes it, is Markdown)
    "pdfprose md": ("pdfprose", True),
    "pdfprose txt": ("pdfprose", False),
    "pdftotext": ("pdftotext", False),
    "pdfminer": ("pdfminer", False),
}
METRICS = (
    ("order_recall", "order recall", "{:.3f}"),
    ("bag_recall", "bag recall", "{:.3f}"),
    ("bag_precision", "bag precision", "{:.3f}"),
    ("broken_per_1000", "broken /1000", "{:.2f}"),
    ("para_recall", "para recall", "{:.3f}"),
    ("para_precision", "para precision", "{:.3f}"),
    ("para_recall_aligned", "para recall (aligned)", "{:.3f}"),
    ("para_precision_aligned", "para precision (aligned)", "{:.3f}"),
)
PDFTOTEXT_TIMEOUT = 300


# --------------------------------------------------------------------------------------------
# Worker side


def _init_worker() -> None:
    """Import the in-process tools once per worker, so no job pays for the imports."""
    import pdfminer.high_level  # noqa: F401

    try:
        import pdfprose  # noqa: F401
    except Exception:
        pass


def _extract(tool: str, pdf: Path) -> tuple[dict[str, str], float, float]:
    """Run one tool on one file: ({variant: text}, wall seconds, CPU seconds)."""
    if tool == "pdftotext":
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                              timeout=PDFTOTEXT_TIMEOUT)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        if proc.returncode != 0:
            raise RuntimeError(f"pdftotext exit {proc.returncode}: "
                               f"{proc.stderr.decode(errors='replace').strip()[:300]}")
        return {"pdftotext": proc.stdout.decode("utf-8", errors="replace")}, wall, cpu
    start, cpu0 = time.perf_counter(), time.process_time()
    if tool == "pdfminer":
        from pdfminer.high_level import extract_text
        from pdfminer.layout import LAParams

        text = extract_text(str(pdf), laparams=LAParams())
        return ({"pdfminer": text}, time.perf_counter() - start, time.process_time() - cpu0)
    if tool == "pdfprose":
        from pdfprose import Options, convert

        conversion = convert(pdf.read_bytes())
        md = conversion.render(Options(format="md"))
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
        txt = conversion.render(Options(format="txt"))
        return {"pdfprose md": md, "pdfprose txt": txt}, wall, cpu
    raise ValueError(f"unknown tool {tool!r}")


def paper_job(tool: str, pdf: str, gt: str) -> dict:
    """Extract one paper with one tool and score every output it makes (in a worker)."""
    pdf_path = Path(pdf)
    gt_text = Path(gt).read_text(encoding="utf-8")
    try:
        outputs, wall, cpu = _extract(tool, pdf_path)
        error = None
    except Exception as exc:  # a tool failing on a document scores as an empty output
        outputs = {v: "" for v, (t, _) in VARIANTS.items() if t == tool}
        wall = cpu = None
        error = f"{type(exc).__name__}: {exc}"
    scores = {}
    for variant, text in outputs.items():
        scores[variant] = score(gt_text, text, markdown=VARIANTS[variant][1]).as_dict()
    return {"tool": tool, "wall": wall, "cpu": cpu, "error": error, "scores": scores}


def probe_job(corpus: str, entry: dict) -> dict:
    """Convert one probes.json entry with pdfprose and judge its checks (in a worker)."""
    outcome = probes_mod.convert_entry(Path(corpus), entry)
    results = probes_mod.judge_file(entry, outcome.markdown, outcome.report, outcome.error)
    return {
        "file": entry["file"],
        "seconds": outcome.seconds,
        "error": str(outcome.error) if outcome.error else None,
        "results": [[r.id, r.kind, r.file, r.passed, r.detail] for r in results],
    }


# --------------------------------------------------------------------------------------------
# Environment


def _run(cmd: list[str]) -> str:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        return (p.stdout + p.stderr).strip()
    except Exception:
        return ""


def tool_versions() -> dict[str, str]:
    versions = {}
    try:
        import pdfprose

        rev = _run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"]) or "no commit"
        dirty = _run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "py"])
        versions["pdfprose"] = (f"pdfprose {pdfprose.__version__} (git {rev.splitlines()[0]}"
                                f"{', uncommitted engine changes' if dirty else ''})")
    except Exception as exc:
        versions["pdfprose"] = f"pdfprose unavailable ({type(exc).__name__}: {exc})"
    line = _run(["pdftotext", "-v"]).splitlines()
    deb = _run(["dpkg-query", "-W", "-f=${Version}", "poppler-utils"])
    versions["pdftotext"] = (f"{line[0] if line else 'pdftotext ?'}"
                             f"{f' (Debian poppler-utils {deb})' if deb else ''}")
    import pdfminer

    versions["pdfminer"] = f"pdfminer.six {pdfminer.__version__}"
    return versions


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
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split("MemTotal:")[1].split()[0])
        mem = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, IndexError, ValueError):
        pass
    return (f"nproc {nproc}, {model}{mem}; Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}")


# --------------------------------------------------------------------------------------------
# Aggregation and tables


def _fmt(value: float | None, spec: str) -> str:
    return "–" if value is None else spec.format(value)


def _mean_median(values: list[float | None]) -> tuple[float | None, float | None]:
    vals = [v for v in values if v is not None]
    if not vals:
        return None, None
    return statistics.fmean(vals), statistics.median(vals)


def _table(header: list[str], rows: list[list[str]], align: str | None = None) -> str:
    align = align or ("l" + "r" * (len(header) - 1))
    sep = ["---:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(sep) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def build_report(meta: dict, papers: list[dict], per_doc: dict, timing: dict,
                 probe_results: list[list] | None, probe_errors: dict) -> tuple[str, dict]:
    """The Markdown report and the JSON-ready summary."""
    variants = [v for v in VARIANTS if any(v in per_doc[p["id"]] for p in papers)]
    for p in papers:  # the ground-truth words as scored (MANIFEST.csv's count differs slightly)
        scored = [per_doc[p["id"]][v]["gt_words"] for v in variants if v in per_doc[p["id"]]]
        p["gt_words"] = scored[0] if scored else p["gt_words"]
    out: list[str] = []
    out.append(f"# pdfprose quality benchmark, {meta['date']}")
    out.append("")
    out.append(f"- Corpus: `shared/corpus/arxiv`, {len(papers)} papers, "
               f"{sum(p['pages'] for p in papers)} pages, "
               f"{sum(p['gt_words'] for p in papers):,} ground-truth words"
               f"{' (--quick subset)' if meta['quick'] else ''}.")
    out.append(f"- Machine: {meta['machine']}.")
    for tool in meta["tools"]:
        out.append(f"- {meta['versions'][tool]}.")
    out.append(f"- Run: {meta['workers']} worker processes, {meta['elapsed']:.0f} s in all "
               f"(command: `python -m benchmarks.quality{' --quick' if meta['quick'] else ''}`).")
    out.append("")

    summary: dict = {"variants": {}, "speed": {}, "probes": None}
    out.append("## Text quality (mean / median over the papers)")
    out.append("")
    rows = []
    for v in variants:
        cells = [v]
        summary["variants"][v] = {}
        for key, _, spec in METRICS:
            mean, median = _mean_median([per_doc[p["id"]][v][key] for p in papers
                                         if v in per_doc[p["id"]]])
            summary["variants"][v][key] = {"mean": mean, "median": median}
            cells.append(f"{_fmt(mean, spec)} / {_fmt(median, spec)}")
        broken = sum(per_doc[p["id"]][v]["broken"] for p in papers if v in per_doc[p["id"]])
        gtw = sum(per_doc[p["id"]][v]["gt_words"] for p in papers if v in per_doc[p["id"]])
        pooled = 1000 * broken / gtw if gtw else None
        summary["variants"][v]["broken_pooled"] = pooled
        cells.append(f"{broken} ({_fmt(pooled, '{:.2f}')})")
        rows.append(cells)
    out.append(_table(["output"] + [m[1] for m in METRICS] + ["broken words (per 1000, pooled)"],
                      rows))
    out.append("")

    out.append("## Speed (arxiv papers, timed inside the workers)")
    out.append("")
    pages_total = sum(p["pages"] for p in papers)
    base = timing.get("pdfminer")
    rows = []
    for tool in meta["tools"]:
        t = timing.get(tool)
        if not t or not t["wall"]:
            rows.append([tool, "–", "–", "–", "–", "–", "–", "–"])
            continue
        pps, cps = t["pages"] / t["wall"], t["pages"] / t["cpu"] if t["cpu"] else None
        bpps = base["pages"] / base["wall"] if base and base["wall"] else None
        bcps = base["pages"] / base["cpu"] if base and base["cpu"] else None
        summary["speed"][tool] = {"pages": t["pages"], "wall": t["wall"], "cpu": t["cpu"],
                                  "pages_per_s": pps, "pages_per_cpu_s": cps}
        rows.append([
            tool + (" (subprocess)" if tool == "pdftotext" else " (in-process)"),
            str(t["pages"]), f"{t['wall']:.1f}", f"{pps:.1f}",
            f"{pps / bpps:.2f}×" if bpps else "–",
            f"{t['cpu']:.1f}" if t["cpu"] is not None else "–", _fmt(cps, "{:.1f}"),
            f"{cps / bcps:.2f}×" if (cps and bcps) else "–",
        ])
    out.append(_table(["tool", "pages", "wall s", "pages/s", "× pdfminer", "CPU s",
                       "pages/CPU s", "× pdfminer (CPU)"], rows))
    out.append("")
    out.append(f"{pages_total} pages per tool. pdfprose: `convert` + Markdown rendering of the "
               "file's bytes (read included); pdfminer.six: `extract_text(path)`; pdftotext: "
               "the whole subprocess (start-up included, CPU time of the child). The two "
               "workers run side by side on a shared machine, so the ratio to pdfminer.six in "
               "the same run is the figure to compare across runs.")
    out.append("")

    if probe_results is not None:
        results = [probes_mod.CheckResult(*r) for r in probe_results]
        s = probes_mod.summarize(results)
        summary["probes"] = s
        out.append("## Probes (pdfprose, `shared/corpus/probes.json`)")
        out.append("")
        rows = [[k, str(v["passed"]), str(v["total"]), f"{v['rate']:.0%}",
                 ", ".join(v["failing"]) or "–"] for k, v in s.items()]
        out.append(_table(["kind", "passed", "total", "rate", "failing checks"], rows,
                          "lrrrl"))
        out.append("")
        failing = [r for r in results if not r.passed]
        if failing:
            out.append("<details><summary>Why the failing checks fail</summary>")
            out.append("")
            for r in failing:
                detail = r.detail.replace("|", "\\|").replace("\n", " ")
                out.append(f"- `{r.id}` ({r.kind}, {r.file}): {detail}")
            out.append("")
            out.append("</details>")
            out.append("")
        if probe_errors:
            out.append("Conversions that failed: " + "; ".join(
                f"{f}: {e}" for f, e in probe_errors.items()))
            out.append("")

    errors = [(p["id"], t, e) for p in papers for t, e in per_doc[p["id"]].get("_errors", {})
              .items()]
    if errors:
        out.append("## Tool errors (scored as empty output)")
        out.append("")
        out += [f"- {pid}, {tool}: {err}" for pid, tool, err in errors]
        out.append("")

    out.append("## Per paper")
    out.append("")
    for key, title, spec in METRICS:
        out.append(f"### {title}")
        out.append("")
        rows = []
        for p in papers:
            rows.append([p["id"], str(p["pages"]), str(p["gt_words"])] + [
                _fmt(per_doc[p["id"]][v][key], spec) if v in per_doc[p["id"]] else "–"
                for v in variants])
        out.append(_table(["paper", "pages", "gt words"] + variants, rows))
        out.append("")

    for v in ("pdfprose md",):
        if not any(v in per_doc[p["id"]] for p in papers):
            continue
        kinds: Counter = Counter()
        examples: list[str] = []
        for p in papers:
            for b in per_doc[p["id"]].get(v, {}).get("broken_words", []):
                kinds[b["kind"]] += 1
                if len(examples) < 60:
                    examples.append(f"{p['id']}: {b['word']} → `{b['seen']}` ({b['kind']})")
        out.append(f"## Broken words of {v}")
        out.append("")
        out.append(", ".join(f"{k}: {n}" for k, n in kinds.most_common()) or "none")
        out.append("")
        out += [f"- {e}" for e in examples]
        out.append("")
    return "\n".join(out).rstrip() + "\n", summary


# --------------------------------------------------------------------------------------------
# Main


def load_papers(arxiv: Path) -> list[dict]:
    with open(arxiv / "MANIFEST.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    return [{"id": r["id"], "pages": int(r["pages"]), "gt_words": int(r["gt_words"])}
            for r in rows]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.quality", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="10 of the papers and no probes (a smoke run, about a minute)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results folder")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                    help="the shared corpus (with arxiv/ and probes.json)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--tools", default=",".join(TOOLS),
                    help=f"comma-separated subset of {', '.join(TOOLS)}")
    ap.add_argument("--probes", dest="probes", action="store_true", default=None,
                    help="judge the probes even with --quick")
    ap.add_argument("--no-probes", dest="probes", action="store_false")
    ap.add_argument("--update-readme", action="store_true",
                    help="copy the report into benchmarks/README.md")
    args = ap.parse_args(argv)

    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    unknown = set(tools) - set(TOOLS)
    if unknown:
        ap.error(f"unknown tools: {', '.join(sorted(unknown))}")
    arxiv = args.corpus / "arxiv"
    if not (arxiv / "MANIFEST.csv").is_file():
        ap.error(f"no corpus at {arxiv} (MANIFEST.csv missing); use --corpus")
    versions = tool_versions()
    if "pdfprose" in tools and "unavailable" in versions["pdfprose"]:
        print(f"warning: {versions['pdfprose']}; scoring the other tools", file=sys.stderr)
        tools.remove("pdfprose")
    if "pdftotext" in tools and shutil.which("pdftotext") is None:
        print("warning: pdftotext is not installed (Debian: apt-get install poppler-utils); "
              "scoring the other tools", file=sys.stderr)
        tools.remove("pdftotext")
    if not tools:
        ap.error("none of the tools asked for can run here (see the warnings above)")
    do_probes = (not args.quick) if args.probes is None else args.probes
    do_probes = do_probes and "pdfprose" in tools

    papers = load_papers(arxiv)
    if args.quick:
        papers = papers[::4][:10]

    start = time.perf_counter()
    per_doc: dict[str, dict] = {p["id"]: {} for p in papers}
    timing: dict[str, dict] = {t: {"pages": 0, "wall": 0.0, "cpu": 0.0} for t in tools}
    probe_results: list[list] | None = [] if do_probes else None
    probe_errors: dict[str, str] = {}
    with cf.ProcessPoolExecutor(max_workers=args.workers, initializer=_init_worker) as pool:
        futures = {}
        # Paper-major order: the tools share the machine's noise evenly.
        for p in papers:
            for tool in tools:
                fut = pool.submit(paper_job, tool, str(arxiv / f"{p['id']}.pdf"),
                                  str(arxiv / f"{p['id']}.body.txt"))
                futures[fut] = ("paper", p)
        if do_probes:
            for entry in probes_mod.load_probes(args.corpus):
                futures[pool.submit(probe_job, str(args.corpus), entry)] = ("probe", entry)
        done = 0
        for fut in cf.as_completed(futures):
            what, item = futures[fut]
            done += 1
            try:
                res = fut.result()
            except Exception as exc:  # a worker died: record it, go on with the rest
                error = f"worker failed: {type(exc).__name__}: {exc}"
                if what == "paper":
                    print(f"[{done}/{len(futures)}] {item['id']}: {error}", file=sys.stderr)
                    per_doc[item["id"]].setdefault("_errors", {})["?"] = error
                else:
                    probe_errors[item["file"]] = error
                    probe_results.extend([c["id"], c["kind"], item["file"], False, error]
                                         for c in item["checks"])
                continue
            if what == "paper":
                doc = per_doc[item["id"]]
                doc.update(res["scores"])
                if res["error"]:
                    doc.setdefault("_errors", {})[res["tool"]] = res["error"]
                else:
                    t = timing[res["tool"]]
                    t["pages"] += item["pages"]
                    t["wall"] += res["wall"]
                    t["cpu"] += res["cpu"]
                label = f"{item['id']} {res['tool']}"
            else:
                probe_results.extend(res["results"])
                if res["error"] and not any(c["kind"] == "error" for c in item["checks"]):
                    probe_errors[res["file"]] = res["error"]
                label = f"probes {res['file']}"
            print(f"[{done}/{len(futures)}] {label}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    if probe_results is not None:  # probes.json order, whatever order the workers finished in
        order = {c["id"]: i for i, c in enumerate(
            c for e in probes_mod.load_probes(args.corpus) for c in e["checks"])}
        probe_results.sort(key=lambda r: order.get(r[0], 1 << 30))

    now = dt.datetime.now()
    meta = {"date": now.strftime("%Y-%m-%d %H:%M"), "quick": args.quick, "tools": tools,
            "versions": versions, "machine": machine(), "workers": args.workers,
            "elapsed": elapsed}
    report, summary = build_report(meta, papers, per_doc, timing, probe_results, probe_errors)
    print(report)

    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"quality-{now:%Y-%m-%d}" + ("-quick" if args.quick else "")
    (args.out / f"{stem}.md").write_text(report, encoding="utf-8")
    (args.out / f"{stem}.json").write_text(json.dumps(
        {"meta": meta, "summary": summary, "papers": papers, "per_doc": per_doc,
         "probes": probe_results}, indent=1, ensure_ascii=False), encoding="utf-8")
    written = [args.out / f"{stem}.md", args.out / f"{stem}.json"]
    if not args.quick:
        (args.out / "latest.md").write_text(report, encoding="utf-8")
        written.append(args.out / "latest.md")
    if args.update_readme:
        update_readme(report)
        written.append(README)
    print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    return 0


def update_readme(report: str) -> None:
    """Put ``report`` up to its per-paper tables (headings demoted one level) between the
    README's result markers."""
    text = README.read_text(encoding="utf-8")
    if README_START not in text or README_END not in text:
        raise SystemExit(f"{README} lacks the {README_START} / {README_END} markers")
    summary = report.split("\n## Per paper", 1)[0].rstrip()
    body = "\n".join(("#" + line if line.startswith("#") else line)
                     for line in summary.splitlines())
    body += ("\n\nPer-paper tables and examples of broken words: "
             "[results/latest.md](results/latest.md).")
    head, rest = text.split(README_START, 1)
    _, tail = rest.split(README_END, 1)
    README.write_text(f"{head}{README_START}\n{body}\n{README_END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
