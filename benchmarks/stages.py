"""Where the layout's time goes, stage by stage, and the least a line builder can cost.

    python -m benchmarks.stages [--corpus DIR] [--repeat N] [--quick]

In one process, for every PDF of ``shared/corpus/real`` and ``arxiv`` (the password-protected one
left out, as in ``benchmarks.speed``), ``--repeat`` times (default 2, the smallest time of each
file kept):

- *parse only*: ``open_pdf`` and ``iter_pages`` with the cycle collector kept off the pages, as
  ``benchmarks.speed`` times it;
- *full pipeline*: ``convert(bytes).render(Options(format="md"))``, with each layout stage's own
  CPU time (``time.thread_time`` around the stage's function as the pipeline calls it): the
  garbled-text diagnosis, words and lines, the table stage, the XY-cut, paragraphs, the
  tagged PDF's structure tree and line tags, footnotes, links and figures, the right-to-left test,
  letting glyphs go, the words for de-hyphenation, the document passes and the Markdown; and
  the pages' parsing as the pipeline does it (``parse_page``), to compare with parsing alone.
  What no stage holds is "the rest": the converter's own work between the stages, opening the
  file, and the cycle collector's passes that the pipeline's allocations set off;
- *bare line builder*: on the same pages' glyphs (parsed beforehand, untimed), a line builder
  with none of SPEC §2-§3's rules but the first: glyphs grouped by equal baseline, each group
  sorted by x0, a space where the gap exceeds ``space_gap_em``, one :class:`~pdfprose.model.Line`
  per group. No run cutting, drawn spaces, scripts, drop caps, fake bold, accents, letter
  spacing, CJK, text clean-up or styles: the least the words-and-lines stage can cost in
  CPython, whatever its rules.

It prints each figure in CPU seconds and as a share of parsing alone, the layout share that
issue 8 asks to keep at 25 % or less, and what that leaves for the stages. A measurement, never a
test; ``benchmarks/README.md`` ("Where the time goes") quotes its latest run.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
import time
from collections import defaultdict
from itertools import compress, repeat
from operator import attrgetter, gt, ne, sub
from pathlib import Path
from typing import Any, Callable

from .speed import DEFAULT_CORPUS, TARGET_LAYOUT_SHARE, corpus_files, parse_only

STAGES = (
    ("diagnosis", "layout.page_pipeline", "diagnose"),
    ("words and lines", "layout.page_pipeline", "build_lines"),
    ("tables", "layout.page_pipeline", "find_tables"),
    ("tables", "layout.page_pipeline", "with_stand_ins"),
    ("tables", "layout.page_pipeline", "place_tables"),
    ("XY-cut", "layout.page_pipeline", "reading_order"),
    ("paragraphs", "layout.page_pipeline", "page_paragraphs"),
    ("tags (structure tree read for the page, lines tagged)", "layout.page_pipeline",
     "tag_lines"),
    ("footnotes", "layout.page_pipeline", "take_footnotes"),
    ("footnotes", "layout.page_pipeline", "note_paragraphs"),
    ("footnotes", "layout.page_pipeline", "insert_notes"),
    ("links and figures", "layout.page_pipeline", "place_links"),
    ("links and figures", "layout.page_pipeline", "tagged_figures"),
    ("links and figures", "layout.page_pipeline", "place_figures"),
    ("right-to-left test", "layout.page_pipeline", "rtl_page"),
    ("words for de-hyphenation", "engine.converter", "page_vocabulary"),
    ("document passes", "engine.converter", "run_document_passes"),
)
"""The stages timed: (name, module of pdfprose whose global the pipeline calls, function)."""

PARSE_IN_PIPELINE = "parsing the pages in the pipeline"
"""``ParsedDocument.parse_page`` as the converter calls it: the part of the full pipeline that
parsing alone also does (opening the file is the rest of that)."""

OPEN_IN_PIPELINE = "opening the file in the pipeline"
"""``open_pdf`` as the converter calls it: the other part of parsing alone."""

_BASELINE = attrgetter("baseline")
_X0 = attrgetter("x0")


def bare_lines(glyphs: list[Any]) -> list[Any]:
    """The rule-free line builder (see the module docstring): the same Line objects' fields
    filled as cheaply as they can be."""
    from pdfprose.model import Line
    from pdfprose.params import DEFAULT_PARAMS

    if not glyphs:
        return []
    space_gap = DEFAULT_PARAMS.space_gap_em
    glyphs = sorted(glyphs, key=_BASELINE)
    baselines = [g.baseline for g in glyphs]
    n = len(baselines)
    starts = [0, *compress(range(1, n), map(ne, baselines[1:], baselines)), n]
    lines = []
    for a, b in zip(starts, starts[1:]):
        group = glyphs[a:b]
        x0s = [g.x0 for g in group]
        if sorted(x0s) != x0s:
            group.sort(key=_X0)
            x0s = [g.x0 for g in group]
        x1s = [g.x1 for g in group]
        first = group[0]
        core = "".join([g.text for g in group])
        ends = list(compress(range(1, b - a), map(gt, map(sub, x0s[1:], x1s),
                                                   repeat(space_gap * first.size))))
        text = " ".join(core[i:j] for i, j in zip([0, *ends], [*ends, len(core)])) if ends \
            else core
        lines.append(Line(text, x0s[0], first.top, x1s[-1], first.bottom, first.baseline,
                          first.size, False, False, 0.0, group))
    return lines


def _timed(table: dict[str, float], name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            table[name] += time.thread_time() - started
    return timed


def measure(files: list[Path], repeat_count: int) -> dict[str, Any]:
    """Per file the smallest CPU seconds of each figure over ``repeat_count`` rounds, summed."""
    import importlib

    from pdfprose import Options, convert
    from pdfprose.model import PageAnalysis
    from pdfprose.engine import converter as converter_module
    from pdfprose.pdf.document import ParsedDocument, open_pdf


    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    stage_time: dict[str, float] = defaultdict(float)
    originals = []
    for name, module, function in STAGES:
        mod = importlib.import_module(f"pdfprose.{module}")
        originals.append((mod, function, getattr(mod, function)))
        setattr(mod, function, _timed(stage_time, name, getattr(mod, function)))
    release = PageAnalysis.release_glyphs
    PageAnalysis.release_glyphs = _timed(stage_time, "letting glyphs go", release)  # type: ignore[method-assign]
    opening = converter_module.open_pdf
    converter_module.open_pdf = _timed(stage_time, OPEN_IN_PIPELINE, opening)
    parse_page = ParsedDocument.parse_page
    ParsedDocument.parse_page = _timed(stage_time, PARSE_IN_PIPELINE, parse_page)  # type: ignore[method-assign]
    best: dict[str, dict[str, float]] = {}
    try:
        for _ in range(repeat_count):
            for path in files:
                data = path.read_bytes()
                row = best.setdefault(str(path), {})
                gc.collect()
                started = time.thread_time()
                parse_only(data)
                parse = time.thread_time() - started
                pages = [page.glyphs for page in open_pdf(data).iter_pages()]
                gc.collect()
                started = time.thread_time()
                for glyphs in pages:
                    bare_lines(glyphs)
                bare = time.thread_time() - started
                del pages
                stage_time.clear()
                gc.collect()
                started = time.thread_time()
                conversion = convert(data)
                rendered = time.thread_time()
                conversion.render(Options(format="md"))
                full = time.thread_time() - started
                stage_time["Markdown"] += time.thread_time() - rendered
                for key, value in (("parse", parse), ("bare", bare)):
                    row[key] = min(row.get(key, value), value)
                if full < row.get("full", float("inf")):
                    # The stages of the round whose full pipeline was the quickest: their sum
                    # is then part of that very figure.
                    for key in [k for k in row if k not in ("parse", "bare")]:
                        del row[key]
                    row.update(stage_time, full=full)
    finally:
        for mod, function, original in originals:
            setattr(mod, function, original)
        PageAnalysis.release_glyphs = release  # type: ignore[method-assign]
        ParsedDocument.parse_page = parse_page  # type: ignore[method-assign]
        converter_module.open_pdf = opening
    totals: dict[str, float] = defaultdict(float)
    for row in best.values():
        for key, value in row.items():
            totals[key] += value
    return dict(totals)


def report(totals: dict[str, float], files: int) -> str:
    parse, full, bare = totals["parse"], totals["full"], totals["bare"]
    layout = full - parse
    names = list(dict.fromkeys(name for name, _, _ in STAGES)) + ["letting glyphs go",
                                                                   "Markdown"]
    rows = [(name, totals.get(name, 0.0)) for name in names]
    rest = layout - sum(value for _, value in rows)
    in_pipeline = totals.get(PARSE_IN_PIPELINE, 0.0) + totals.get(OPEN_IN_PIPELINE, 0.0)
    # The converter's own work, measured against the pipeline's own parsing rather than the
    # separate parse-only run (the two differ by the machine's noise and the cache).
    own = full - in_pipeline - sum(value for _, value in rows)
    lines_stage = totals.get("words and lines", 0.0)
    budget = TARGET_LAYOUT_SHARE * parse
    out = [
        f"{files} files; CPU seconds (smallest of the rounds per file), share of parsing alone",
        "",
        "| figure | CPU s | of parsing |",
        "| --- | ---: | ---: |",
        f"| parsing alone | {parse:.2f} | 100 % |",
        f"| full pipeline to Markdown | {full:.2f} | {full / parse * 100:.0f} % |",
        f"| layout (full - parsing) | {layout:.2f} | **{layout / parse * 100:.1f} %** |",
    ]
    out += [f"| - {name} | {value:.2f} | {value / parse * 100:.1f} % |" for name, value in rows]
    out += [
        f"| - the rest (layout less the stages above) | {rest:.2f} | "
        f"{rest / parse * 100:.1f} % |",
        f"| bare line builder (no SPEC rules but word spaces) | {bare:.2f} | "
        f"{bare / parse * 100:.1f} % |",
        f"| (parsing inside the full pipeline: `open_pdf`, `parse_page`) | {in_pipeline:.2f} | "
        f"{in_pipeline / parse * 100:.1f} % |",
        f"| (the converter's own work: full less its own parsing and the stages) | {own:.2f} | "
        f"{own / parse * 100:.1f} % |",
        "",
        f"The table stage (issue 23: finding tables, placing them) takes "
        f"{totals.get('tables', 0.0) / full * 100:.1f} % of the full pipeline (at most 10 %).",
        "",
        f"Issue 8's 25 % leaves {budget:.2f} s for the layout. The stages other than words and "
        f"lines take {layout - lines_stage:.2f} s; with them as they are, the words and lines "
        f"would have {budget - (layout - lines_stage):.2f} s, against {bare:.2f} s for the bare "
        f"builder and {lines_stage:.2f} s for the stage with its rules.",
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stages", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--quick", action="store_true",
                        help="the speed benchmark's dozen quick files only (a rough look)")
    args = parser.parse_args(argv)
    # The password-protected file is left out, as the speed run leaves it out of every sum.
    files = [f for f in corpus_files(args.corpus, quick=args.quick)
             if f.name != "aes128_user_password.pdf"]
    if not files:
        print(f"no PDFs under {args.corpus}/real or /arxiv", file=sys.stderr)
        return 2
    print(report(measure(files, args.repeat), len(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
