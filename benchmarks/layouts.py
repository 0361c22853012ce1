"""The layout benchmark (issue 22): generated documents with known reading order and elements,
converted by pdfprose, pdftotext and pdfminer.six side by side, scored per family.

Run from the repository root::

    python -m benchmarks.layouts [--pages N] [--seed S] [--family F ...] [--jobs J]
                                 [--out DIR] [--json PATH] [--pdfminer-every K]

Every document is drawn at run time by :mod:`benchmarks.layoutgen` from ``(family, seed,
index)``, so a run is repeatable: the same options give the same documents and, with the same
tools, the same scores (whatever ``--jobs``). Each family gets ``N / families`` pages (its
documents in index order, the first ones that reach that many pages). Tools:

- ``pdfprose``: ``convert(bytes)``, rendered as Markdown with default ``Options`` (headers
  removed) and, for the furniture score, with ``remove_headers=False``; the report's
  ``columns`` per page;
- ``pdftotext``: poppler-utils, default mode, ``pdftotext FILE.pdf -``;
- ``pdfminer``: pdfminer.six ``extract_text`` with default ``LAParams``, the slowest by far, on
  every K-th document of each family (``--pdfminer-every``, default 3; 1 for all): its figures
  are over that sample, and the report says so.

The metrics are :mod:`benchmarks.layoutscore`'s. Headings, list items and columns mean something
only for pdfprose (the peers write plain text and report no columns); furniture left in is given
for all three (the peers never remove any). The report (stdout and
``benchmarks/results/layouts-latest.md``) has one table per family and a summary, then the
worst failures of pdfprose with family, seed and page (``--family F --seed S`` and the document
index reproduce one: its seed is ``S-INDEX``).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime as dt
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import layoutscore
from .layoutgen import FAMILIES, Document, generate

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).resolve().parent / "results"
TOOLS = ("pdfprose", "pdftotext", "pdfminer")
DEFAULT_PAGES = 1200
DEFAULT_SEED = "2026"
PDFTOTEXT_TIMEOUT = 120
BATCH = 4
"""Documents of one family submitted at once after its first."""


# --------------------------------------------------------------------------------------------
# One document (in a worker)


def _pdfprose(pdf: bytes) -> tuple[str, str, list[int | None]]:
    from pdfprose import Options, convert

    conversion = convert(pdf)
    md = conversion.render(Options(format="md"))
    kept = conversion.render(Options(format="md", remove_headers=False))
    columns = [p["columns"] for p in conversion.report()["pages"]]  # type: ignore[index]
    return md, kept, columns


def _pdftotext(path: Path) -> str:
    proc = subprocess.run(["pdftotext", str(path), "-"], capture_output=True,
                          timeout=PDFTOTEXT_TIMEOUT)
    if proc.returncode != 0:
        raise RuntimeError(f"pdftotext exit {proc.returncode}: "
                           f"{proc.stderr.decode(errors='replace').strip()[:200]}")
    return proc.stdout.decode("utf-8", errors="replace")


def _pdfminer(path: Path) -> str:
    from pdfminer.high_level import extract_text
    from pdfminer.layout import LAParams

    return extract_text(str(path), laparams=LAParams())


def run_document(family: str, seed: str, tools: tuple[str, ...], out: str | None) -> dict:
    """Generate one document, convert it with ``tools``, score every output."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(out) / family if out else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        pdf = folder / f"{seed}.pdf"
        t0 = time.process_time()
        doc = generate(family, seed, pdf)
        gen = time.process_time() - t0
        data = pdf.read_bytes()
        result: dict = {"family": family, "seed": seed, "pages": len(doc.pages),
                        "generate_cpu": gen, "tools": {}}
        if out:
            (folder / f"{seed}.truth.json").write_text(doc.to_json(), encoding="utf-8")
        for tool in tools:
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                if tool == "pdfprose":
                    md, kept, columns = _pdfprose(data)
                    cpu = time.process_time() - c0
                    text = md
                    s = layoutscore.score(doc, md, markdown=True, columns=columns,
                                          kept_headers=kept)
                elif tool == "pdftotext":
                    before = os.times()
                    text = _pdftotext(pdf)
                    after = os.times()
                    cpu = (after.children_user + after.children_system
                           - before.children_user - before.children_system)
                    s = layoutscore.score(doc, text, markdown=False)
                else:
                    text = _pdfminer(pdf)
                    cpu = time.process_time() - c0
                    s = layoutscore.score(doc, text, markdown=False)
            except Exception as exc:  # a tool failing on a document scores as an empty output
                text, cpu = "", None
                s = layoutscore.score(doc, "", markdown=tool == "pdfprose")
                s.error = f"{type(exc).__name__}: {exc}"[:300]
            d = s.as_dict()
            d["cpu"] = cpu
            d["wall"] = time.perf_counter() - t0
            d["splice_detail"] = [_splice_text(doc, sp) for sp in s.splices[:20]]
            result["tools"][tool] = d
            if out:
                ext = "md" if tool == "pdfprose" else "txt"
                (folder / f"{seed}.{tool}.{ext}").write_text(text, encoding="utf-8")
        if out:
            (folder / f"{seed}.score.json").write_text(
                json.dumps(result, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    return result


def _splice_text(doc: Document, sp: layoutscore.Splice) -> dict:
    host, ins = doc.elements[sp.host], doc.elements[sp.inserted]
    return {"page": sp.page, "into": host.kind, "into_text": host.text[:60],
            "from": ins.kind, "words": " ".join(sp.words[:12])}


# --------------------------------------------------------------------------------------------
# The run


def plan_and_run(families: list[str], pages: int, seed: str, tools: tuple[str, ...], jobs: int,
                 out: str | None, pdfminer_every: int, progress: bool = True) -> list[dict]:
    """Every family's documents, in index order, until it has its share of the pages."""
    target = max(1, pages // len(families))
    results: dict[str, dict[int, dict]] = {f: {} for f in families}
    submitted = {f: 0 for f in families}

    def tools_for(index: int) -> tuple[str, ...]:
        return tuple(t for t in tools if t != "pdfminer" or index % pdfminer_every == 0)

    def prefix_pages(f: str) -> tuple[int, bool]:
        total, i = 0, 0
        while i in results[f]:
            total += results[f][i]["pages"]
            if total >= target:
                return total, True
            i += 1
        return total, False

    start = time.perf_counter()
    with cf.ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[cf.Future, tuple[str, int]] = {}

        def submit(f: str, n: int) -> None:
            for _ in range(n):
                i = submitted[f]
                submitted[f] += 1
                fut = pool.submit(run_document, f, f"{seed}-{i}", tools_for(i), out)
                pending[fut] = (f, i)

        for f in families:  # one each first: their page counts tell how many more to draw
            submit(f, 1)
        done_pages = 0
        while pending:
            finished, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
            for fut in finished:
                f, i = pending.pop(fut)
                results[f][i] = fut.result()
                done_pages += results[f][i]["pages"]
            for f in families:
                have, enough = prefix_pages(f)
                inflight = sum(1 for v in pending.values() if v[0] == f)
                if not enough and inflight == 0:
                    seen = [r["pages"] for r in results[f].values()]
                    per = max(1.0, sum(seen) / len(seen))
                    # a few at a time: a family's first documents are a rough guide to the
                    # rest, and the other families keep the workers busy meanwhile
                    submit(f, max(1, min(BATCH, math.ceil((target - have) / per))))
            if progress:
                print(f"\r{done_pages} pages, {time.perf_counter() - start:.0f} s", end="",
                      file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    kept: list[dict] = []
    for f in families:
        total = 0
        for i in sorted(results[f]):
            if total >= target:
                break
            kept.append(results[f][i])
            total += results[f][i]["pages"]
    return kept


# --------------------------------------------------------------------------------------------
# Pooling and the report

SUMS = ("truth_words", "order_lcs", "lost", "headings", "headings_found", "headings_invented",
        "levels_right", "items", "items_found", "items_invented", "columns_pages",
        "columns_right", "furniture_left", "furniture_chars")


def pool(docs: list[dict], tool: str) -> dict | None:
    rows = [d for d in docs if tool in d["tools"]]
    if not rows:
        return None
    p: dict = {k: sum(r["tools"][tool][k] for r in rows) for k in SUMS}
    p["docs"] = len(rows)
    p["pages"] = sum(r["pages"] for r in rows)
    p["splices"] = sum(len(r["tools"][tool]["splices"]) for r in rows)
    removed = [r["tools"][tool]["content_removed"] for r in rows
               if r["tools"][tool]["content_removed"] is not None]
    p["content_removed"] = sum(removed) if removed else None
    p["errors"] = sum(1 for r in rows if r["tools"][tool]["error"])
    p["cpu"] = sum(r["tools"][tool]["cpu"] or 0.0 for r in rows)
    p["order"] = p["order_lcs"] / p["truth_words"] if p["truth_words"] else 1.0
    p["order_min"] = min(r["tools"][tool]["order"] for r in rows)
    return p


def _f(x: float | None, fmt: str = "{:.3f}") -> str:
    return "–" if x is None else fmt.format(x)


def _ratio(a: int, b: int) -> str:
    return f"{a}/{b}" if b else "–"


def family_table(name: str, docs: list[dict], tools: tuple[str, ...]) -> list[str]:
    lines = [f"### {name}: {FAMILIES[name].about}", "",
             "| tool | docs | pages | order recall (pooled / worst doc) | words lost | "
             "splices (per 50 pages) | headings found / invented | levels right | "
             "items found / invented | columns right | content removed (chars) | "
             "furniture left (chars) | CPU s |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
             "| ---: |"]
    for tool in tools:
        p = pool(docs, tool)
        if p is None:
            continue
        md = tool == "pdfprose"
        lines.append(
            f"| {tool} | {p['docs']} | {p['pages']} | {p['order']:.3f} / {p['order_min']:.3f} | "
            f"{p['lost']} of {p['truth_words']} | {p['splices']} ({50 * p['splices'] / p['pages']:.1f}) | "
            + (f"{_ratio(p['headings_found'], p['headings'])} / {p['headings_invented']} | "
               f"{_ratio(p['levels_right'], p['headings_found'])} | "
               f"{_ratio(p['items_found'], p['items'])} / {p['items_invented']} | "
               f"{_ratio(p['columns_right'], p['columns_pages'])} | "
               f"{_f(p['content_removed'], '{:d}')} | " if md else "– | – | – | – | – | ")
            + f"{_ratio(p['furniture_left'], p['furniture_chars'])} | {p['cpu']:.1f} |")
    return lines + [""]


def summary_table(by_family: dict[str, list[dict]], tools: tuple[str, ...]) -> list[str]:
    head = ("| family | pages | pdfprose order | pdftotext order | pdfminer order* | "
            "pdfprose lost | pdfprose splices /50 p | headings found / invented | "
            "items found / invented | columns right | content removed |")
    lines = [head, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    everything = [d for docs in by_family.values() for d in docs]
    for name, docs in list(by_family.items()) + [("**all**", everything)]:
        p = {t: pool(docs, t) for t in tools}
        pp = p.get("pdfprose")
        cells = [name, str(sum(d["pages"] for d in docs))]
        for t in TOOLS:
            cells.append(_f(p[t]["order"]) if p.get(t) else "–")
        if pp:
            cells += [f"{pp['lost']}", f"{50 * pp['splices'] / pp['pages']:.1f}",
                      f"{_ratio(pp['headings_found'], pp['headings'])} / {pp['headings_invented']}",
                      f"{_ratio(pp['items_found'], pp['items'])} / {pp['items_invented']}",
                      (f"{100 * pp['columns_right'] / pp['columns_pages']:.0f} %"
                       if pp["columns_pages"] else "–"),
                      _f(pp["content_removed"], "{:d}")]
        else:
            cells += ["–"] * 6
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def worst(docs: list[dict], n: int = 15) -> list[str]:
    """pdfprose's worst documents: most spliced, then lowest order, then words lost."""
    rows = [d for d in docs if "pdfprose" in d["tools"]]

    def badness(d: dict) -> tuple:
        t = d["tools"]["pdfprose"]
        return (-(len(t["splices"]) > 0) - (t["order"] < 0.99) - (t["lost"] > 0)
                - ((t["content_removed"] or 0) > 0), t["order"], -len(t["splices"]))

    out = []
    for d in sorted(rows, key=badness)[:n]:
        t = d["tools"]["pdfprose"]
        what = [f"order {t['order']:.3f}"]
        if t["lost"]:
            what.append(f"{t['lost']} words lost ({', '.join(t['lost_words'][:6])}...)")
        if t["content_removed"]:
            what.append(f"{t['content_removed']} content characters removed as furniture")
        if t["splices"]:
            sp = t["splice_detail"][0]
            what.append(f"{len(t['splices'])} splices, first on page {sp['page']}: "
                        f"{sp['from']} words \"{sp['words']}\" inside {sp['into']} "
                        f"\"{sp['into_text']}...\"")
        if t["columns_wrong"]:
            what.append("columns (page, truth, found) " + ", ".join(
                str(tuple(c)) for c in t["columns_wrong"][:4]))
        if t["invented_headings"]:
            what.append(f"invented headings: {'; '.join(t['invented_headings'][:3])}")
        out.append(f"- `{d['family']}` seed `{d['seed']}`: " + "; ".join(what))
    return out


def report(docs: list[dict], args: argparse.Namespace, tools: tuple[str, ...],
           wall: float) -> str:
    by_family: dict[str, list[dict]] = {}
    for d in docs:
        by_family.setdefault(d["family"], []).append(d)
    pages = sum(d["pages"] for d in docs)
    gen = sum(d["generate_cpu"] for d in docs)
    git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                         cwd=ROOT).stdout.strip()
    lines = [f"# Layout benchmark ({dt.date.today().isoformat()}, git {git or '?'})", "",
             f"`python -m benchmarks.layouts --pages {args.pages} --seed {args.seed}"
             + (f" --family {','.join(args.family)}" if args.family else "")
             + f" --pdfminer-every {args.pdfminer_every}`: {len(docs)} documents, {pages} pages, "
             f"{len(by_family)} families; {wall:.0f} s with {args.jobs} job(s) "
             f"({gen:.0f} s of it generating the PDFs); {platform.python_implementation()} "
             f"{platform.python_version()}.",
             "",
             "Order recall is pooled over a family's words (LCS over truth words); *words lost* "
             "are truth words missing from the output as a bag; a *splice* is a run of another "
             "element's words inside one output paragraph (`benchmarks/layoutscore.py` defines "
             "each exactly). Headings, items, columns and content removed are pdfprose's "
             "(Markdown, default options); the peers write plain text. "
             f"*pdfminer.six runs on every {args.pdfminer_every}th document of each family.",
             "", "## Summary", ""]
    lines += summary_table(by_family, tools)
    lines += ["", "## Worst failures of pdfprose", ""] + worst(docs) + ["", "## Per family", ""]
    for name, fam_docs in by_family.items():
        lines += family_table(name, fam_docs, tools)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.layouts", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=DEFAULT_PAGES,
                    help=f"pages in all, shared by the families (default {DEFAULT_PAGES})")
    ap.add_argument("--seed", default=DEFAULT_SEED, help=f"run seed (default {DEFAULT_SEED})")
    ap.add_argument("--family", action="append", default=[],
                    help="a family (repeat, or a comma list); default all: "
                    + ", ".join(FAMILIES))
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--out", help="keep every PDF, truth, output and score under DIR/FAMILY/")
    ap.add_argument("--json", help="write every number to PATH ('-': standard output)")
    ap.add_argument("--tools", default=",".join(TOOLS), help="a subset of " + ",".join(TOOLS))
    ap.add_argument("--pdfminer-every", type=int, default=3,
                    help="run pdfminer.six on every K-th document of a family (default 3)")
    ap.add_argument("--no-write", action="store_true",
                    help="do not write benchmarks/results/layouts-latest.md")
    args = ap.parse_args(argv)
    families = [f for arg in args.family for f in arg.split(",") if f] or list(FAMILIES)
    unknown = [f for f in families if f not in FAMILIES]
    if unknown:
        ap.error(f"unknown family {', '.join(unknown)}; known: {', '.join(FAMILIES)}")
    args.family = families if args.family else []
    tools = tuple(t for t in args.tools.split(",") if t)
    if any(t not in TOOLS for t in tools):
        ap.error(f"--tools: a subset of {','.join(TOOLS)}")
    start = time.perf_counter()
    docs = plan_and_run(families, args.pages, args.seed, tools, args.jobs, args.out,
                        max(1, args.pdfminer_every))
    text = report(docs, args, tools, time.perf_counter() - start)
    print(text)
    if not args.no_write and not args.family and args.pages >= DEFAULT_PAGES:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "layouts-latest.md").write_text(text, encoding="utf-8")
    if args.json:
        payload = json.dumps({"options": vars(args), "documents": docs}, ensure_ascii=False,
                             default=str)
        if args.json == "-":
            print(payload)
        else:
            Path(args.json).write_text(payload, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
