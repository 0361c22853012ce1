"""The command line: ``pdfprose INPUT.pdf [-o OUT] [--format txt|md] [--no-join-lines]
[--keep-headers] [--page-markers] [--password PW] [--report REPORT.json]``.

Exit status: 0 on success; 1 for a file that cannot be converted (not a PDF, unreadable, wrong or
missing password, every page without text); 2 for wrong arguments. Errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .api import convert
from .errors import PdfProseError
from .options import Options


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pdfprose",
        description="Turn the text layer of a PDF into clean plain text or Markdown.",
    )
    p.add_argument("input", type=Path, help="the PDF file to convert")
    p.add_argument("-o", "--output", type=Path, help="write the text here (default: stdout)")
    p.add_argument("--format", choices=("txt", "md"), default="txt", help="output format")
    p.add_argument(
        "--no-join-lines", action="store_true", help="keep each line break of the PDF"
    )
    p.add_argument(
        "--keep-headers", action="store_true", help="keep running headers and page numbers"
    )
    p.add_argument("--page-markers", action="store_true", help="mark where each page starts")
    p.add_argument("--password", default="", help="the password of an encrypted PDF")
    p.add_argument("--report", type=Path, help="write the page report as JSON here")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        data = args.input.read_bytes()
    except OSError as exc:
        print(f"pdfprose: cannot read {args.input}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    try:
        conversion = convert(data, password=args.password)
    except PdfProseError as exc:
        print(f"pdfprose: {args.input.name}: {exc}", file=sys.stderr)
        return 1
    if args.report:
        args.report.write_text(json.dumps(conversion.report(), indent=2) + "\n", encoding="utf-8")
    if conversion.all_empty:
        print(
            f"pdfprose: {args.input.name}: no page has a text layer (a scan?): use OCR",
            file=sys.stderr,
        )
        return 1
    options = Options(
        format=args.format,
        join_lines=not args.no_join_lines,
        remove_headers=not args.keep_headers,
        page_markers=args.page_markers,
    )
    text = conversion.render(options)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
        sys.stdout.write(text)
    for page in conversion.pages:
        if page.error:
            print(f"pdfprose: page {page.number} could not be read: {page.error}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
