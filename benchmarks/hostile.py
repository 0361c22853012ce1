"""The hostile-input suite (issue 25): generated hostile PDFs, each run through pdfprose in a
child process bounded in time and memory, classified, and tabulated.

Run from the repository root::

    python -m benchmarks.hostile                      # every class, full size, 2 jobs
    python -m benchmarks.hostile --only q_ten_million,flate_bomb --timeout 20
    python -m benchmarks.hostile --size 0.001         # the classes at a thousandth (quick)
    python -m benchmarks.hostile --poppler            # and what pdftotext makes of each
    python -m benchmarks.hostile --write build/hostile  # only write the files, run nothing
    python -m benchmarks.hostile --rates --group page  # CPU s at small sizes, fitted to size 1
    python -m benchmarks.hostile --list
    python -m benchmarks.hostile --via page           # each file dropped on the served page

The classes (``benchmarks/hostile_cases.py``, written by ``benchmarks/pdfwriter.py``): loops
and depth in the document's structure, fonts and CMaps over whole code spaces, millions of
operators, annotations and inline images, decompression bombs, cross-reference and ``/Length``
lies, impossible geometry, garbage images, AES without an IV, and hostile pages among good
ones. Each is a function of ``--seed`` (its words, random bytes and offsets) and ``--size``.

Each file runs as :mod:`benchmarks.sandbox` says (``pdfprose.convert``, the report, Markdown
and TXT, or ``--via cli``): verdict ``converted``, ``converted_partial``, ``refused`` (with
its code), ``hang`` (past ``--timeout`` s), ``memory`` (past ``--memory-mib`` resident),
``traceback`` (raw exception text reaching the user) or ``died``; its wall-clock and CPU
seconds, peak resident memory, which pages' text came out, and for a hang or a blow-up the
Python stack where it was stopped. The table goes to standard output and, as Markdown with the
stacks, to ``--out`` (default ``benchmarks/results/hostile-latest.md``); ``--json`` writes
every outcome. Exit status 1 when any file hangs, blows up, dies or shows a traceback.

With ``--via page`` each file is dropped instead on the page in Chromium, one after the other,
each followed by a small normal PDF the page must convert (:mod:`benchmarks.hostile_page`); the
report goes to ``results/hostile-page-latest.md`` and ``--timeout`` defaults to 300 s.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from .hostile_cases import CLASSES, Built, build
from .sandbox import MIB, WALL_BACKSTOP, Limits, Outcome, Task, run_tasks, top_frames

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "hostile-latest.md"


def tasks(names: Iterable[str], seed: int, size: float) -> list[Task]:
    """One task per class; each builds its file in its own child process."""
    def make(name: str) -> tuple[bytes, dict[int, str]]:
        built = build(name, seed, size)
        return built.data, built.markers

    return [Task(name, lambda name=name: make(name), info={"class": name, "seed": seed, "size": size})
            for name in names]


def poppler(data: bytes, markers: dict[int, str], seconds: float) -> str:
    """What pdftotext (poppler) recovers of the markers: ``2/3``, or why it gave nothing."""
    import resource
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pdf") as fh:
        fh.write(data)
        fh.flush()
        try:
            run = subprocess.run(
                ["pdftotext", "-q", fh.name, "-"], capture_output=True, timeout=seconds,
                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)),
            )
        except FileNotFoundError:
            return "absent"
        except subprocess.TimeoutExpired:
            return f"> {seconds:g} s"
    text = " ".join(run.stdout.decode("utf-8", "replace").split())
    found = sum(1 for phrase in markers.values() if phrase in text)
    return f"{found}/{len(markers)}" + ("" if run.returncode == 0 else f" (exit {run.returncode})")


def text_out(outcome: Outcome, keep: tuple[int, ...]) -> str:
    """Which pages' text came out: ``1,3 of 1,3`` (the pages the class must keep marked
    with ``!`` when missing)."""
    if not outcome.found:
        return "-"
    got = [p for p, ok in sorted(outcome.found.items()) if ok]
    missing = [f"!{p}" if p in keep else str(p) for p, ok in sorted(outcome.found.items()) if not ok]
    return (",".join(str(p) for p in got) or "none") + (" (lost " + ",".join(missing) + ")" if missing else "")


def where(outcome: Outcome, frames: int = 3) -> str:
    if outcome.stack:
        return " <- ".join(top_frames(outcome.stack, frames, engine_only=True)) or "(no engine frame)"
    return " ".join(outcome.detail.split())[:160]


def row(name: str, outcome: Outcome, extra: dict[str, str]) -> list[str]:
    cls = CLASSES[name]
    cells = [name, cls.group, outcome.label, f"{outcome.seconds:.1f}", f"{outcome.cpu_seconds:.1f}",
             f"{outcome.peak_rss / MIB:.0f}", f"{outcome.size:,}", text_out(outcome, cls.keep)]
    if "poppler" in extra:
        cells.append(extra["poppler"])
    cells.append(where(outcome))
    return cells


def markdown(rows: list[list[str]], header: list[str]) -> str:
    def esc(cell: str) -> str:
        return cell.replace("|", "\\|")

    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def plain_table(rows: list[list[str]], header: list[str], widths: tuple[int, ...]) -> str:
    out = []
    for r in [header] + rows:
        cells = [c if len(c) <= w else c[: w - 1] + "…" for c, w in zip(r, widths)]
        out.append("  ".join(c.ljust(w) for c, w in zip(cells, widths)) + "  " + " ".join(r[len(widths):]))
    return "\n".join(out)


def reproduce(name: str, args: argparse.Namespace) -> str:
    """The command that runs ``name`` again as this run did."""
    size = f" --size {args.size:g}" if args.size != 1.0 else ""
    backstop = f" --backstop {args.backstop:g}" if args.backstop != WALL_BACKSTOP else ""
    return (f"python -m benchmarks.hostile --only {name} --seed {args.seed}{size} "
            f"--timeout {args.timeout:g} --clock {args.clock}{backstop} --via {args.via}")


def report(results: dict[str, tuple[Outcome, dict[str, str]]], args: argparse.Namespace,
           wall: float) -> tuple[str, str]:
    """``(the table for the terminal, the Markdown report)``."""
    header = ["class", "group", "verdict", "s", "CPU s", "peak MiB", "bytes", "text out"]
    if args.poppler:
        header.append("pdftotext")
    header.append("where / detail")
    order = [n for n in CLASSES if n in results]
    rows = [row(n, *results[n]) for n in order]
    widths = (28, 10, 30, 6, 6, 8, 11, 16) + ((10,) if args.poppler else ())
    counts: dict[str, int] = {}
    for outcome, _ in results.values():
        counts[outcome.verdict] = counts.get(outcome.verdict, 0) + 1
    summary = ", ".join(f"{v} {n}" for v, n in sorted(counts.items(), key=lambda x: -x[1]))
    terminal = plain_table(rows, header, widths) + f"\n\n{len(results)} files: {summary} ({wall:.0f} s)"
    commit = args.commit
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    md = [
        "# Hostile-input suite: latest run",
        "",
        f"`python -m benchmarks.hostile {' '.join(args.argv)}`".replace("  ", " "),
        "",
        f"{dt.datetime.now().isoformat(timespec='minutes')}, git {commit}, via {args.via}, "
        f"{args.jobs} jobs, limits {args.timeout:g} s ({args.clock} clock"
        f"{f', wall-clock backstop {args.backstop:g} times that' if args.clock == 'cpu' else ''}) "
        f"and {args.memory_mib} MiB resident, seed "
        f"{args.seed}, size {args.size:g}; load average {load:.1f} at the end; {wall:.0f} s in all.",
        "",
        f"**{len(results)} files: {summary}.** Verdicts as `benchmarks/sandbox.py` defines them; "
        "*s* is wall clock (to the kill for a hang or a blow-up), *peak MiB* the child's "
        "resident high-water mark; *text out*: the pages whose marker text came out (`!` a page "
        "the follow-up must keep); *where*: the innermost engine frames (pdfminer.six or "
        "pdfprose) when the child was stopped, else the detail.",
        "",
        markdown(rows, header),
        "",
    ]
    stopped = [(n, results[n][0]) for n in order if results[n][0].stack]
    if stopped:
        md += ["## Where each hang and blow-up was stopped", "",
               "The innermost frames first (faulthandler's dump of the child at the kill).", ""]
        for name, outcome in stopped:
            md.append(f"### {name} ({outcome.label}, {outcome.seconds:.1f} s, "
                      f"{outcome.peak_rss / MIB:.0f} MiB)")
            md.append("")
            md.append(f"Again: `{reproduce(name, args)}`")
            md.append("")
            md.append("```")
            md += top_frames(outcome.stack, 12)
            md.append("```")
            md.append("")
    bad = [(n, results[n][0]) for n in order if results[n][0].verdict in ("traceback", "died")]
    if bad:
        md += ["## Tracebacks", ""]
        for name, outcome in bad:
            md.append(f"- **{name}** ({outcome.label}): `{' '.join(outcome.detail.split())[:400]}` "
                      f"(again: `{reproduce(name, args)}`)")
        md.append("")
    return terminal, "\n".join(md)


RATE_SIZES = (0.0005, 0.001, 0.002)
"""The sizes ``--rates`` measures at (a thousandth of a million operators is a thousand)."""


def rates(names: list[str], seed: int, jobs: int, limits: Limits) -> str:
    """CPU seconds of each class at RATE_SIZES, and the full size's by a least-squares line
    through them: what a class whose work grows with its count would cost at size 1, measured
    at sizes that finish in seconds whatever the machine's load (a Markdown table)."""
    tasks = []
    for name in names:
        for size in RATE_SIZES:
            def make(name: str = name, size: float = size) -> tuple[bytes, dict[int, str]]:
                built = build(name, seed, size)
                return built.data, built.markers

            tasks.append(Task(f"{name}@{size}", make, info={"class": name, "size": size}))
    got: dict[str, dict[float, Outcome]] = {}
    for task, outcome in run_tasks(tasks, jobs=jobs, limits=limits):
        got.setdefault(task.info["class"], {})[task.info["size"]] = outcome
    header = ["class"] + [f"CPU s at {s:g}" for s in RATE_SIZES] + ["CPU s per 0.001", "at size 1 (fit)"]
    rows = []
    for name in names:
        points = [(s, got[name][s].cpu_seconds) for s in RATE_SIZES if got[name][s].verdict != "hang"]
        cells = [name] + [f"{got[name][s].cpu_seconds:.2f}" + ("" if got[name][s].clean else
                                                             f" ({got[name][s].label})")
                          for s in RATE_SIZES]
        if len(points) >= 2:
            mx = sum(p[0] for p in points) / len(points)
            my = sum(p[1] for p in points) / len(points)
            slope = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
            cells += [f"{slope * 0.001:.3f}", f"{my + slope * (1 - mx):,.0f}"]
        else:
            cells += ["-", "-"]
        rows.append(cells)
    return markdown(rows, header)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(prog="python -m benchmarks.hostile",
                                description=__doc__.split("\n")[0])
    p.add_argument("--jobs", type=int, default=2, help="files converted at once (default 2)")
    p.add_argument("--timeout", type=float,
                   help="wall-clock seconds per file (default 20; 300 with --via page)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="what --timeout limits: wall clock (default) or the child's CPU time")
    p.add_argument("--memory-mib", type=int, default=1024, help="resident memory limit per file")
    p.add_argument("--backstop", type=float, default=WALL_BACKSTOP,
                   help="with --clock cpu: a child is stopped as a hang after this many times "
                        "--timeout of wall clock (default %(default)g)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--size", type=float, default=1.0,
                   help="scale of the millions (1.0: the issue's figures)")
    p.add_argument("--only", help="comma-separated classes")
    p.add_argument("--group", help="comma-separated groups (opening, fonts, page, memory, ...)")
    p.add_argument("--via", choices=("api", "cli", "page"), default="api",
                   help="the library (default), the command line's main, or the page in Chromium")
    p.add_argument("--poppler", action="store_true", help="also run pdftotext on each file")
    p.add_argument("--write", type=Path, help="write the files to this folder and stop")
    p.add_argument("--out", type=Path, help="the Markdown report (default "
                   "results/hostile-latest.md; results/hostile-page-latest.md with --via page)")
    p.add_argument("--json", type=Path, help="every outcome as JSON")
    p.add_argument("--list", action="store_true", help="list the classes and stop")
    p.add_argument("--rates", action="store_true",
                   help="CPU seconds at three small sizes, extrapolated to size 1; no report")
    args = p.parse_args(argv)
    args.argv = argv
    if args.timeout is None:
        args.timeout = 300.0 if args.via == "page" else 20.0
    try:  # the code that runs: read before the run, not after it
        args.commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                     capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        args.commit = "?"

    names = list(CLASSES)
    if args.only:
        wanted = args.only.split(",")
        unknown = [n for n in wanted if n not in CLASSES]
        if unknown:
            p.error(f"unknown classes: {', '.join(unknown)} (see --list)")
        names = wanted
    if args.group:
        groups = set(args.group.split(","))
        names = [n for n in names if CLASSES[n].group in groups]
    if args.list:
        for name in names:
            cls = CLASSES[name]
            print(f"{name:28} {cls.group:10} {cls.what}")
        return 0
    if args.rates:
        table = rates(names, args.seed, args.jobs, Limits(seconds=args.timeout,
                                                         rss_bytes=args.memory_mib * MIB,
                                                         clock=args.clock))
        print(table)
        return 0
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        for name in names:
            built: Built = build(name, args.seed, args.size)
            path = args.write / f"{name}-{args.seed}.pdf"
            path.write_bytes(built.data)
            print(f"{path}  {len(built.data):,} bytes")
        return 0

    if args.via == "page":
        from . import hostile_page

        return hostile_page.main(names, args)
    args.out = args.out or DEFAULT_OUT
    limits = Limits(seconds=args.timeout, rss_bytes=args.memory_mib * MIB, clock=args.clock,
                    backstop=args.backstop)
    results: dict[str, tuple[Outcome, dict[str, str]]] = {}
    import time

    started = time.perf_counter()
    for task, outcome in run_tasks(tasks(names, args.seed, args.size), jobs=args.jobs,
                                   limits=limits, via=args.via):
        results[task.key] = (outcome, {})
        print(f"  {task.key:28} {outcome.label:28} {outcome.seconds:6.1f} s "
              f"{outcome.cpu_seconds:6.1f} CPU s {outcome.peak_rss / MIB:6.0f} MiB  "
              f"{where(outcome, 2)[:100]}", flush=True)
    wall = time.perf_counter() - started
    if args.poppler:  # after the engine's runs, so that it takes no CPU from their clocks
        for name in results:
            built = build(name, args.seed, args.size)
            results[name][1]["poppler"] = poppler(built.data, built.markers, args.timeout)
    terminal, md = report(results, args, wall)
    print()
    print(terminal)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(md + "\n", encoding="utf-8")
    print(f"written {args.out}")
    if args.json:
        args.json.write_text(json.dumps({n: {**o.as_dict(), **e} for n, (o, e) in results.items()},
                                        indent=1) + "\n", encoding="utf-8")
    return 1 if any(not o.clean for o, _ in results.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
