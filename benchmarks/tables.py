"""The table benchmark of issue 23: pdfprose, pdfplumber and pymupdf4llm on generated tables.

Run from the repository root (the ``bench`` extra installs pymupdf4llm)::

    python -m benchmarks.tables [--tables N] [--seed S] [--family F] [--out DIR] [--json]

Generates documents with known tables (:mod:`benchmarks.tablegen`: about N tables over
fourteen families, and N/2 pages of prose in two to four columns plus tables of contents,
numbered lists and forms on which no table may be found), runs every tool on every document
(:mod:`benchmarks.table_tools`), and scores each tool per family (:mod:`benchmarks.table_scoring`,
:mod:`benchmarks.teds`): TEDS, TEDS-structure, cell precision and recall, table detection
precision and recall, false tables on the negative pages and, for pdfprose, each negative page's
column count. Then the pass rate of the ``table_row`` checks of ``shared/corpus/probes.json``
(judged by :mod:`benchmarks.probes`): pdfprose's, and the other tools' on the same checks, the
anchor that says how the generated tables' difficulty compares with the corpus's real ones.

Prints the report and writes ``DIR/tables-latest.md`` and ``DIR/tables-latest.json`` (every
table's scores per tool); ``--json`` prints the JSON instead of the report. ``--keep DIR`` also
writes each generated PDF with its truth (``NAME.pdf``, ``NAME.json``) for a closer look.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path

from . import probes as probes_mod
from .table_scoring import normalize_grid, score_unit
from .table_tools import DEFAULT_ENGINES, ENGINES, RUNNERS, TOOLS, ToolOutput, gfm, versions
from .tablegen import FAMILIES, NEGATIVE_FAMILIES, TABLE_FAMILIES, GeneratedDoc, generate

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_OUT = Path(__file__).resolve().parent / "results"
DEFAULT_TABLES = 240
DEFAULT_SEED = 2026


# --------------------------------------------------------------------------------------------
# Scoring one document (in a worker process)


def units(doc: GeneratedDoc) -> list[list[int]]:
    """The document's pages grouped so that a table cut by a page break has its pages in one
    group; every other page is a group of its own."""
    parent = {p: p for p in range(1, doc.n_pages + 1)}

    def find(p: int) -> int:
        while parent[p] != p:
            p = parent[p]
        return p

    for table in doc.tables:
        for p in table.pages[1:]:
            parent[find(p)] = find(table.pages[0])
    groups: dict[int, list[int]] = defaultdict(list)
    for p in parent:
        groups[find(p)].append(p)
    return [sorted(g) for _, g in sorted(groups.items())]


def score_doc(doc: GeneratedDoc, out: ToolOutput) -> dict:
    """One tool's scores on one document, as plain data."""
    tables, predicted, cells, false_tables = [], 0, 0, 0
    pages_with_tables = sorted(p for p, found in out.tables.items() if found)
    for unit in units(doc):
        found = [normalize_grid(g) for p in unit for g in out.tables.get(p, []) if g]
        truth = [(t.id, normalize_grid(t.grid())) for t in doc.tables if t.pages[0] in unit]
        s = score_unit(found, truth)
        tables.extend(asdict(t) for t in s.tables)
        predicted += s.predicted_tables
        cells += s.predicted_cells
        false_tables += s.false_tables
    return {
        "doc": doc.name,
        "family": doc.family,
        "pages": doc.n_pages,
        "tables": tables,
        "predicted_tables": predicted,
        "predicted_cells": cells,
        "false_tables": false_tables,
        "pages_with_tables": pages_with_tables,
        "columns": {str(k): v for k, v in out.columns.items()},
        "truth_columns": {str(k): v for k, v in doc.columns.items()},
        "cpu": out.cpu,
        "error": out.error,
    }


def doc_job(engine: str, doc: GeneratedDoc) -> dict[str, dict]:
    outputs = RUNNERS[engine](doc.pdf)
    scored = {}
    for tool, out in outputs.items():
        start = time.process_time()
        scored[tool] = score_doc(doc, out)
        scored[tool]["score_cpu"] = time.process_time() - start
    return scored


def probe_job(corpus: str, entry: dict, engine: str) -> dict[str, list[dict]]:
    """The ``table_row`` checks of one probes.json entry judged on each of an engine's tools.
    pdfprose: its whole document's Markdown, as ``benchmarks.probes`` judges it. The others:
    only the pages the checks name, their tables written as GFM (:func:`table_tools.gfm`)."""
    entry = {**entry, "checks": [c for c in entry["checks"] if c["kind"] == "table_row"]}
    if engine == "pdfprose":
        outcome = probes_mod.convert_entry(Path(corpus), entry)
        results = probes_mod.judge_file(entry, outcome.markdown, outcome.report, outcome.error)
        return {"pdfprose": [asdict(r) for r in results]}
    path = probes_mod.corpus_files_dir(Path(corpus)) / entry["file"]
    pages = sorted({c["page"] for c in entry["checks"]})
    outputs = RUNNERS[engine](path.read_bytes(), pages=pages,
                              password=entry.get("password") or "")
    out = {}
    for tool, output in outputs.items():
        error = probes_mod.ConversionFailure(output.error) if output.error else None
        markdown = None if error else gfm(output.tables)
        out[tool] = [asdict(r) for r in probes_mod.judge_file(entry, markdown, {}, error)]
    return out


# --------------------------------------------------------------------------------------------
# Summing up


def _ratio(a: float, b: float) -> float | None:
    return a / b if b else None


def summarize(results: list[dict]) -> dict:
    """Figures of one tool over a set of documents (one family, or several)."""
    tables = [t for r in results for t in r["tables"]]
    n = len(tables)
    found = sum(t["matched"] for t in tables)
    predicted = sum(r["predicted_tables"] for r in results)
    matched_cells = sum(t["cells_matched"] for t in tables)
    out = {
        "documents": len(results),
        "pages": sum(r["pages"] for r in results),
        "tables": n,
        "found": found,
        "predicted": predicted,
        "teds": _ratio(sum(t["teds"] for t in tables), n),
        "teds_struct": _ratio(sum(t["teds_struct"] for t in tables), n),
        "cell_precision": _ratio(matched_cells, sum(r["predicted_cells"] for r in results)),
        "cell_recall": _ratio(matched_cells, sum(t["truth_cells"] for t in tables)),
        "detection_precision": _ratio(found, predicted),
        "detection_recall": _ratio(found, n),
        "false_tables": sum(r["false_tables"] for r in results),
        "pages_with_false_tables": sum(len(r["pages_with_tables"]) for r in results
                                       if not r["tables"]),
        "exact": sum(1 for t in tables if t["matched"] and t["teds"] >= 1.0),
        "missed": n - found,
        "split": sum(1 for t in tables if t["split"]),
        "rows_differ": sum(1 for t in tables if t["matched"]
                           and t["shape"][0] != t["truth_shape"][0]),
        "columns_differ": sum(1 for t in tables if t["matched"]
                              and t["shape"][1] != t["truth_shape"][1]),
        "errors": sum(1 for r in results if r["error"]),
        "cpu": sum(r["cpu"] for r in results),
        "score_cpu": sum(r.get("score_cpu", 0.0) for r in results),
    }
    judged = [(r["columns"].get(p), want) for r in results
              for p, want in r["truth_columns"].items()]
    if any(got is not None for got, _ in judged):
        out["columns_right"] = sum(1 for got, want in judged if got == want)
        out["columns_judged"] = len(judged)
    return out


def negative_failures(results: list[dict]) -> list[str]:
    """pdfprose's failures on the negative pages, one line each: a table found where there is
    none, or a page whose column count is not the generator's (issue 23: prose in two to four
    columns is never a table, and each such page reports its real column count)."""
    out = []
    for r in results:
        if r["tables"]:
            continue  # a document with tables: not a negative one
        for page in r["pages_with_tables"]:
            out.append(f"{r['doc']} page {page}: a table found")
        for page, want in sorted(r["truth_columns"].items()):
            got = r["columns"].get(page)
            if want is not None and got != want:
                out.append(f"{r['doc']} page {page}: {got} columns reported, {want} printed")
    return out


def aggregate(per_doc: dict[str, list[dict]]) -> dict:
    """Per tool: per family, all table families together (``"all tables"``) and all negative
    families together (``"all negatives"``)."""
    out: dict[str, dict] = {}
    for tool, results in per_doc.items():
        by_family: dict[str, list[dict]] = defaultdict(list)
        for r in results:
            by_family[r["family"]].append(r)
        fams = {f: summarize(rs) for f, rs in sorted(by_family.items(),
                                                      key=lambda kv: list(FAMILIES).index(kv[0]))}
        fams["all tables"] = summarize([r for r in results if r["family"] in TABLE_FAMILIES])
        fams["all negatives"] = summarize([r for r in results
                                           if r["family"] in NEGATIVE_FAMILIES])
        out[tool] = fams
    return out


# --------------------------------------------------------------------------------------------
# The report


def _f(value: float | None, fmt: str = "{:.3f}") -> str:
    return "–" if value is None else fmt.format(value)


def render(run: dict) -> str:
    agg = run["scores"]
    tools = [t for t in TOOLS if t in agg]
    table_fams = [f for f in TABLE_FAMILIES if any(f in agg[t] for t in tools)]
    neg_fams = [f for f in NEGATIVE_FAMILIES if any(f in agg[t] for t in tools)]
    v = run["versions"]
    lines = [
        f"## pdfprose table benchmark, {run['date']}",
        "",
        f"- Generated: {run['documents']} documents, {run['pages']} pages, "
        f"{run['truth_tables']} tables (seed {run['seed']}, `--tables {run['n_tables']}`), "
        f"made in {run['generate_s']:.1f} s.",
        f"- Machine: {run['machine']}.",
        f"- pdfprose {v['pdfprose']} (git {run['git']}), pdfplumber {v['pdfplumber']} "
        f"(pdfminer.six {v['pdfminer.six']}), pymupdf4llm {v['pymupdf4llm']} (PyMuPDF "
        f"{v['pymupdf']}, PyMuPDF Layout {v['pymupdf-layout']}); apted {v['apted']}, "
        f"reportlab {v['reportlab']}.",
        f"- Run: `{run['command']}`, {run['wall_s']:.0f} s in all, {run['workers']} worker "
        f"process(es).",
        "",
    ]
    if table_fams:
        lines += ["### TEDS per family (TEDS-structure in brackets)", "",
                  "| family | tables | " + " | ".join(tools) + " |",
                  "| --- | ---: | " + " | ".join("---:" for _ in tools) + " |"]
        for fam in table_fams + ["all tables"]:
            n = agg[tools[0]][fam]["tables"]
            cells = [f"{_f(agg[t][fam]['teds'])} ({_f(agg[t][fam]['teds_struct'])})"
                     for t in tools]
            name = f"**{fam}**" if fam == "all tables" else fam
            lines.append(f"| {name} | {n} | " + " | ".join(cells) + " |")
        lines.append("")
        lines += ["### Every figure per tool (all table families)", "",
                  "| tool | TEDS | TEDS-S | cell P | cell R | tables found | detection P | "
                  "detection R | exact | missed | split | rows differ | columns differ | "
                  "CPU s | pages/CPU s | scoring CPU s |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
                  "---: | ---: | ---: | ---: | ---: |"]
        for t in tools:
            s = agg[t]["all tables"]
            whole = agg[t]
            fams = [f for f in whole if f not in ("all tables", "all negatives")]
            cpu = sum(whole[f]["cpu"] for f in fams)
            scoring = sum(whole[f]["score_cpu"] for f in fams)
            pages = sum(whole[f]["pages"] for f in fams)
            lines.append(
                f"| {t} | {_f(s['teds'])} | {_f(s['teds_struct'])} | "
                f"{_f(s['cell_precision'])} | {_f(s['cell_recall'])} | "
                f"{s['found']} / {s['tables']} | {_f(s['detection_precision'])} | "
                f"{_f(s['detection_recall'])} | {s['exact']} | {s['missed']} | {s['split']} | "
                f"{s['rows_differ']} | {s['columns_differ']} | {cpu:.1f} | "
                f"{_f(_ratio(pages, cpu), '{:.1f}')} | {scoring:.1f} |")
        lines.append("")
        for t in tools:
            lines += [f"#### {t}", "",
                      "| family | tables | TEDS | TEDS-S | cell P | cell R | found | "
                      "detection P | detection R | false tables | exact | missed | split | "
                      "rows differ | columns differ |",
                      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
                      "---: | ---: | ---: | ---: | ---: |"]
            for fam in table_fams + ["all tables"]:
                s = agg[t][fam]
                lines.append(
                    f"| {fam} | {s['tables']} | {_f(s['teds'])} | {_f(s['teds_struct'])} | "
                    f"{_f(s['cell_precision'])} | {_f(s['cell_recall'])} | {s['found']} | "
                    f"{_f(s['detection_precision'])} | {_f(s['detection_recall'])} | "
                    f"{s['false_tables']} | {s['exact']} | {s['missed']} | {s['split']} | "
                    f"{s['rows_differ']} | {s['columns_differ']} |")
            lines.append("")
    if neg_fams:
        lines += ["### Negative pages: pages on which a table was found (of all pages)", "",
                  "| family | pages | " + " | ".join(tools) + " | pdfprose: column count right |",
                  "| --- | ---: | " + " | ".join("---:" for _ in tools) + " | ---: |"]
        for fam in neg_fams + ["all negatives"]:
            s0 = agg[tools[0]][fam]
            row = [f"{agg[t][fam]['pages_with_false_tables']} ({agg[t][fam]['false_tables']} "
                   f"tables)" for t in tools]
            pp = agg.get("pdfprose", {}).get(fam, {})
            cols = f"{pp['columns_right']} / {pp['columns_judged']}" \
                if "columns_judged" in pp else "–"
            name = f"**{fam}**" if fam == "all negatives" else fam
            lines.append(f"| {name} | {s0['pages']} | " + " | ".join(row) + f" | {cols} |")
        lines.append("")
        if "pdfprose" in run["per_doc"]:
            wrong = negative_failures(run["per_doc"]["pdfprose"])
            lines += ["pdfprose on the negative pages: " + ("every page without a table and "
                      "with its real column count." if not wrong else
                      f"{len(wrong)} failure(s): " + "; ".join(wrong) + "."), ""]
    if run.get("probes"):
        lines += ["### Corpus probes: `table_row` checks of `shared/corpus/probes.json`", "",
                  "| tool | passed | of | rate | files: passed / checks |",
                  "| --- | ---: | ---: | ---: | --- |"]
        for t in [t for t in TOOLS if t in run["probes"]]:
            p = run["probes"][t]
            per_file: dict[str, list[int]] = {}
            for r in p["checks"]:
                f = per_file.setdefault(r["file"].removesuffix(".pdf"), [0, 0])
                f[0] += r["passed"]
                f[1] += 1
            files = ", ".join(f"{name} {a}/{b}" for name, (a, b) in sorted(per_file.items()))
            lines.append(f"| {t} | {p['passed']} | {p['total']} | "
                         f"{_f(_ratio(p['passed'], p['total']), '{:.0%}')} | {files} |")
        lines += ["", "pdfprose is judged on its whole document's Markdown (default options), as "
                  "`benchmarks.probes` judges it; the other tools on the pages the checks name, "
                  "their tables written as GFM pipe tables (first row as the header, markup "
                  "taken off the cells).", ""]
    lines += [
        "TEDS and TEDS-S: mean over the truth tables (a missed table scores 0). Cell P/R: "
        "non-empty cells, matched after aligning rows and columns. Detection: a predicted "
        "table matches a truth table on the same pages when their words overlap by a Dice of "
        "0.5 or more; `found` of the truth tables, `false tables` predicted tables nothing "
        "matched. `split`: truth tables with another predicted table holding a fifth or more of "
        "their words (a table cut in two). `rows differ` / `columns differ`: matched tables of "
        "another shape than the truth. See benchmarks/README.md.",
        "",
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Running


def _git() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, timeout=10).stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def _machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"nproc {os.cpu_count()}, {cpu}; Python {platform.python_version()}"


def available_engines(wanted: list[str]) -> tuple[list[str], list[str]]:
    """The engines that can run here, and a warning for each that cannot."""
    import importlib.util

    ok, warnings = [], []
    needs = {"pdfprose": "pdfprose", "pdfplumber": "pdfplumber",
             "pdfplumber-text": "pdfplumber", "pymupdf4llm": "pymupdf4llm",
             "pymupdf4llm-classic": "pymupdf4llm"}
    for engine in wanted:
        if importlib.util.find_spec(needs[engine]) is None:
            warnings.append(f"{engine} is not installed (pip install -e '.[bench]'): left out")
        else:
            ok.append(engine)
    return ok, warnings


def _check_order(result: dict) -> tuple[str, int]:
    """Check ids as probes.json numbers them: ``tbl-who-2`` before ``tbl-who-10``."""
    stem, _, number = result["id"].rpartition("-")
    return stem, int(number) if number.isdigit() else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.tables",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=DEFAULT_TABLES,
                    help=f"tables to generate, shared by the families (default {DEFAULT_TABLES})")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help="generator seed")
    ap.add_argument("--family", action="append", default=None,
                    help=f"only this family (repeatable): {', '.join(FAMILIES)}")
    ap.add_argument("--tools", default=",".join(DEFAULT_ENGINES),
                    help=f"comma-separated, of {', '.join(ENGINES)} (default: "
                         f"{', '.join(DEFAULT_ENGINES)})")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results folder")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                    help="the shared corpus, for the table_row probes")
    ap.add_argument("--no-probes", action="store_true", help="skip the corpus probes")
    ap.add_argument("--keep", type=Path, default=None,
                    help="also write each generated PDF and its truth here")
    args = ap.parse_args(argv)

    families = None
    if args.family:
        families = [f for spec in args.family for f in spec.split(",") if f]
        unknown = [f for f in families if f not in FAMILIES]
        if unknown:
            ap.error(f"unknown families: {', '.join(unknown)} (known: {', '.join(FAMILIES)})")
    wanted = [t.strip() for t in args.tools.split(",") if t.strip()]
    unknown = [t for t in wanted if t not in ENGINES]
    if unknown:
        ap.error(f"unknown tools: {', '.join(unknown)}")
    engines, warnings = available_engines(wanted)
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    if not engines:
        ap.error("none of the tools asked for can run here")

    start = time.perf_counter()
    git = _git()  # the code that runs, not whatever is checked out when the run ends
    docs = list(generate(args.seed, args.tables, families))
    generate_s = time.perf_counter() - start
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        for d in docs:
            (args.keep / f"{d.name}.pdf").write_bytes(d.pdf)
            (args.keep / f"{d.name}.json").write_text(
                json.dumps(d.truth_json(), ensure_ascii=False, indent=1), encoding="utf-8")

    per_doc: dict[str, list[dict]] = {t: [] for e in engines for t in ENGINES[e]}
    probe_results: dict[str, list[dict]] | None = None
    entries = []
    if not args.no_probes:
        if (args.corpus / "probes.json").is_file():
            entries = [e for e in probes_mod.load_probes(args.corpus)
                       if any(c["kind"] == "table_row" for c in e["checks"])]
            probe_results = {t: [] for e in engines for t in ENGINES[e]}
        else:
            print(f"warning: no probes.json under {args.corpus}: no table_row figures",
                  file=sys.stderr)
    failures = 0
    with cf.ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        futures = {}
        # Engine by engine: pymupdf4llm's two modes switch a process-wide setting.
        for engine in engines:
            for d in docs:
                futures[pool.submit(doc_job, engine, d)] = ("doc", engine, d.name)
            for entry in entries:
                futures[pool.submit(probe_job, str(args.corpus), entry, engine)] = (
                    "probe", engine, entry["file"])
        step = max(1, len(futures) // 10)
        for done, fut in enumerate(cf.as_completed(futures), 1):
            if done % step == 0:
                print(f"{done} of {len(futures)} jobs done ({time.perf_counter() - start:.0f} s)",
                      file=sys.stderr)
            kind, engine, name = futures[fut]
            try:
                result = fut.result()
            except Exception as exc:  # a worker crash: say which job, keep the rest
                failures += 1
                print(f"error: {kind} job {engine} {name}: {type(exc).__name__}: {exc}",
                      file=sys.stderr)
                continue
            for tool, r in result.items():
                if kind == "doc":
                    per_doc[tool].append(r)
                else:
                    probe_results[tool].extend(r)

    for results in per_doc.values():
        results.sort(key=lambda r: (list(FAMILIES).index(r["family"]), r["doc"]))
    probes = None
    if probe_results is not None:
        probes = {}
        for tool, results in probe_results.items():
            results.sort(key=_check_order)
            probes[tool] = {"passed": sum(r["passed"] for r in results), "total": len(results),
                            "failing": [r["id"] for r in results if not r["passed"]],
                            "checks": results}
    command = " ".join(["python -m benchmarks.tables", *(sys.argv[1:] if argv is None else argv)])
    run = {
        "date": dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "seed": args.seed,
        "n_tables": args.tables,
        "families": families or list(FAMILIES),
        "documents": len(docs),
        "pages": sum(d.n_pages for d in docs),
        "truth_tables": sum(len(d.tables) for d in docs),
        "generate_s": generate_s,
        "wall_s": time.perf_counter() - start,
        "workers": args.workers,
        "machine": _machine(),
        "git": git,
        "versions": versions(),
        "command": command,
        "scores": aggregate(per_doc),
        "probes": probes,
        "per_doc": per_doc,
    }
    report = render(run)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "tables-latest.md").write_text(report, encoding="utf-8")
    (args.out / "tables-latest.json").write_text(json.dumps(run, ensure_ascii=False, indent=1),
                                                  encoding="utf-8")
    if args.json:
        print(json.dumps({k: v for k, v in run.items() if k != "per_doc"}, ensure_ascii=False,
                         indent=1))
    else:
        print(report)
    wrong = negative_failures(per_doc.get("pdfprose", []))
    for line in wrong:
        print(f"FAIL negative page: {line}", file=sys.stderr)
    return 1 if failures or wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
