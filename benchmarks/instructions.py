"""Instructions per page, counted by valgrind: a speed A/B that a busy machine cannot disturb.

    python -m benchmarks.instructions [REF ...] [--pages SPEC ...] [--corpus DIR]

CPU seconds move with whatever else a shared machine is doing (the speed benchmark has seen the
same code read 39 % and 43 % of layout on top of parsing); the number of instructions the
interpreter executes for the same input does not (valgrind's callgrind counts them; the same
total twice, with the other core loaded or not). For pure-Python code such as pdfprose's layout
stages, instructions track CPU time closely enough to say whether a change made the engine
slower, and by how much, on a machine where seconds cannot.

Each REF (a git commit, branch or tag; ``.`` for the working tree, the default) has its ``py/``
folder exported to a temporary directory, and pdfprose from there converts a fixed sample of
corpus files under ``valgrind --tool=callgrind``, once with the conversion and once importing
and reading only: the difference is the conversion's instructions. A whole file is converted and
rendered to Markdown (every stage, the document passes and rendering included); a page range
(``file:first-last``) goes through the page stages only (``Converter(data, first_page,
last_page)``), so that long documents add their kinds of page without their length. The sample
spans the corpus's kinds of page (two columns, tables, CJK, a form, a long report, slides,
footnotes); ``--pages`` replaces it. Under callgrind Python runs about 50 times slower: a REF
takes two to four minutes.

Prints instructions per page for each REF and, with two or more, each one's change against the
first. A measurement, never a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import io
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"

SAMPLE = (
    "real/tracemonkey_pldi09_2col.pdf:1-2",
    "real/irs_i1040nr_instructions_50p.pdf:10-11",
    "real/who_hcv_guidelines_155p.pdf:4-5",
    "real/ca_warn_report_table_16p.pdf:1-1",
    "real/zh_quarterly_report_tables_22p.pdf:3-3",
    "real/es_ambientico_magazine_3col_24p.pdf:5-5",
    "real/irs_f1040nr_form_acroform.pdf:1-1",
    "arxiv/astro-ph0001004.pdf:1-1",
    "real/pdfua_presentation_slides.pdf",
    "real/footnotes_report_cds_eu.pdf",
    "real/google_docs_2col_bullets_bold_headings.pdf",
    "real/ko_card_brochure_tables.pdf",
)
"""Corpus files, whole (``file``) or a page range (``file:first-last``, 1-based, inclusive): 25
pages of the kinds the engine meets, a few seconds of CPU natively."""

CHILD = r"""
import sys
sys.path.insert(0, sys.argv[1])
corpus, convert_pages = sys.argv[2], sys.argv[3] == "1"
from pdfprose import Converter, Options
jobs = []
for spec in sys.argv[4:]:
    name, _, pages = spec.partition(":")
    first, _, last = pages.partition("-")
    with open(corpus + "/" + name, "rb") as f:
        jobs.append((f.read(), int(first) if pages else 0, int(last) if pages else 0))
if convert_pages:
    for data, first, last in jobs:
        if first:
            converter = Converter(data, first_page=first, last_page=last)
            for _ in converter:
                pass
        else:
            converter = Converter(data)
            for _ in converter:
                pass
            converter.finish().render(Options(format="md"))
"""

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def export(ref: str, into: Path) -> Path:
    """The ``py/`` folder of ``ref`` under ``into`` (the working tree's own for ``.``)."""
    if ref == ".":
        return ROOT / "py"
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "py"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "py"


def count(py_dir: Path, corpus: Path, sample: list[str], convert_pages: bool) -> int:
    """Instructions callgrind counts for one run of :data:`CHILD`."""
    python = os.path.realpath(sys.executable)  # a pyenv shim is a shell script: the binary
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c", CHILD,
             str(py_dir), str(corpus), "1" if convert_pages else "0", *sample],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    m = _COLLECTED.search(run.stderr)
    if run.returncode != 0 or m is None:
        raise SystemExit(f"valgrind failed ({run.returncode}): {run.stderr[-2000:]}")
    return int(m.group(1))


def pages_in(sample: list[str], corpus: Path) -> int:
    """How many pages the sample converts (a whole file's pages counted by pdfminer.six)."""
    from pdfminer.pdfpage import PDFPage

    total = 0
    for spec in sample:
        name, _, pages = spec.partition(":")
        if pages:
            first, _, last = pages.partition("-")
            total += int(last) - int(first) + 1
        else:
            with open(corpus / name, "rb") as f:
                total += sum(1 for _ in PDFPage.get_pages(f))
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("refs", nargs="*", default=["."],
                        help="git refs to measure ('.' is the working tree); the first is the base")
    parser.add_argument("--pages", nargs="+", default=list(SAMPLE), metavar="FILE:FIRST-LAST",
                        help="corpus pages to convert (default: a 12-page sample of every kind)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    pages = pages_in(args.pages, args.corpus)
    results: list[tuple[str, int]] = []
    for ref in args.refs:
        with tempfile.TemporaryDirectory() as tmp:
            py_dir = export(ref, Path(tmp))
            idle = count(py_dir, args.corpus, args.pages, False)
            full = count(py_dir, args.corpus, args.pages, True)
        per_page = (full - idle) / pages
        results.append((ref, full - idle))
        change = ""
        if len(results) > 1:
            change = f"  {100 * ((full - idle) / results[0][1] - 1):+.2f} % against {results[0][0]}"
        print(f"{ref:>20}: {(full - idle) / 1e9:8.3f} G instructions for {pages} pages, "
              f"{per_page / 1e6:8.1f} M per page{change}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
