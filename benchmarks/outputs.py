"""Everything pdfprose makes of the corpus, written down so that a change can prove it changed
nothing (or show exactly what it changed).

    python -m benchmarks.outputs save DIR [--corpus DIR] [--workers N]
    python -m benchmarks.outputs compare DIR [--corpus DIR] [--workers N]

``save`` converts every PDF of ``shared/corpus/real`` and ``arxiv`` and writes one JSON file per
PDF into DIR: the Markdown and plain text with the default options and with each option turned
the other way, the JSON report, every page's geometry (what the preview draws), the furniture
boxes, and every analysed line of every paragraph with all its fields (floats as ``repr``, so
the last bit counts). ``compare`` does the same in memory and lists the files whose dump
differs from DIR's, with the first differing key of each; its exit status is 1 when any
differs. Speed work on the engine is judged by this: output identical over the 80 files.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import multiprocessing
import sys
from pathlib import Path

from .speed import DEFAULT_CORPUS, corpus_files

RENDERINGS = {
    "md": {"format": "md"},
    "txt": {"format": "txt"},
    "md_lines_kept": {"format": "md", "join_lines": False},
    "txt_headers_kept": {"format": "txt", "remove_headers": False},
    "md_markers": {"format": "md", "page_markers": True},
}
"""The renderings dumped: the defaults and each option turned the other way."""


def _line(line: object) -> list[object]:
    return [repr(getattr(line, name)) for name in (
        "text", "x0", "top", "x1", "bottom", "baseline", "size", "bold", "italic", "angle",
        "vertical", "all_bold", "small_caps")]


def dump(data: bytes) -> dict[str, object]:
    """What pdfprose makes of one PDF's bytes, JSON-ready (an error's class and message when it
    cannot be converted)."""
    from pdfprose import Options, convert
    from pdfprose.errors import PdfProseError

    try:
        conversion = convert(data)
    except PdfProseError as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}
    out: dict[str, object] = {
        name: conversion.render(Options.from_dict(options))
        for name, options in RENDERINGS.items()
    }
    out["report"] = conversion.report()
    out["furniture"] = {str(k): v for k, v in conversion.furniture_boxes().items()}
    out["pages"] = [
        {
            "geometry": page.geometry(),
            "paragraphs": [
                [p.kind, p.level, p.marker, p.indent, p.furniture, p.continues, p.cells,
                 p.block, [_line(l) for l in p.lines]]
                for p in page.paragraphs
            ],
        }
        for page in conversion.pages
    ]
    return out


def _dump_file(path: str) -> tuple[str, str]:
    import logging

    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    return path, json.dumps(dump(Path(path).read_bytes()), ensure_ascii=False, indent=0,
                            sort_keys=True)


def _first_difference(a: object, b: object, where: str = "") -> str:
    if type(a) is not type(b):
        return where or "(top)"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):  # type: ignore[arg-type]
            if key not in a or key not in b:  # type: ignore[operator]
                return f"{where}/{key}"
            if a[key] != b[key]:  # type: ignore[index]
                return _first_difference(a[key], b[key], f"{where}/{key}")  # type: ignore[index]
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):  # type: ignore[arg-type]
            if x != y:
                return _first_difference(x, y, f"{where}/{i}")
        if len(a) != len(b):  # type: ignore[arg-type]
            return f"{where}/len"
    return where or "(top)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.outputs", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("save", "compare"))
    parser.add_argument("dir", type=Path)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    files = corpus_files(args.corpus, quick=False)
    if not files:
        print(f"no PDFs under {args.corpus}/real or /arxiv", file=sys.stderr)
        return 2
    if args.action == "save":
        args.dir.mkdir(parents=True, exist_ok=True)
    elif not args.dir.is_dir():
        print(f"no saved dump in {args.dir}: make one first with `save {args.dir}`", file=sys.stderr)
        return 2
    differing = 0
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(args.workers, mp_context=ctx) as pool:
        for path, text in pool.map(_dump_file, map(str, files)):
            name = Path(path).relative_to(args.corpus).as_posix().replace("/", "__") + ".json"
            target = args.dir / name
            if args.action == "save":
                target.write_text(text, encoding="utf-8")
                continue
            if not target.is_file():
                print(f"{name}: no saved dump")
                differing += 1
                continue
            saved = target.read_text(encoding="utf-8")
            if saved != text:
                differing += 1
                print(f"{name}: differs at {_first_difference(json.loads(saved), json.loads(text))}")
    if args.action == "save":
        print(f"{len(files)} dumps written to {args.dir}")
        return 0
    print(f"{len(files) - differing} of {len(files)} identical")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
