"""The command line: ``pdfprose INPUT.pdf [-o OUT] [--format txt|md] [--no-join-lines]
[--keep-headers] [--page-markers] [--tables table|text] [--password PW] [--report REPORT.json] [--version]``.

``-`` as INPUT reads standard input; ``-`` as ``-o`` or ``--report`` writes to standard output
(one of the two at most: ``--report -`` asks for the text in a file).

Exit status: 0 on success; 1 for a file that cannot be converted (not a PDF, unreadable or cut
short with nothing to recover, wrong or missing password, an encryption pdfprose cannot open,
no page with text); 2 for wrong arguments (among them ``-o`` or ``--report`` naming the input
PDF itself, which would be overwritten, and both on standard output). An error is one line on
stderr, never a traceback. Warnings (garbled pages, pages that could not be read, a damaged file) go to stderr too, one line
each, after the text.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .engine.converter import convert
from .engine.notices import short_reason
from .errors import PdfProseError
from .options import Options


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pdfprose",
        description="Turn the text layer of a PDF into clean plain text or Markdown.",
    )
    p.add_argument("input", type=Path, help="the PDF file to convert (- reads standard input)")
    p.add_argument("-o", "--output", type=Path,
                   help="write the text here (default, or -: standard output)")
    p.add_argument("--format", choices=("txt", "md"), default="txt", help="output format")
    p.add_argument(
        "--no-join-lines", action="store_true", help="keep each line break of the PDF"
    )
    p.add_argument(
        "--keep-headers", action="store_true", help="keep running headers and page numbers"
    )
    p.add_argument("--page-markers", action="store_true", help="mark where each page starts")
    p.add_argument("--tables", choices=("table", "text"), default="table",
                   help="write tables as tables (Markdown pipe tables, tab-separated rows in "
                        "TXT: the default) or as text, a paragraph per row")
    p.add_argument("--password", default="", help="the password of an encrypted PDF")
    p.add_argument("--report", type=Path,
                   help="write the page report as JSON here (-: standard output)")
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    return p


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("pdfprose")
    except Exception:  # noqa: BLE001 - a source checkout that was never installed
        return "(not installed)"


def _same_file(a: Path, b: Path) -> bool:
    """True when ``b`` names the file ``a`` (through links or another spelling)."""
    try:
        if b.exists() and a.exists():
            return a.samefile(b)
        return a.resolve() == b.resolve()  # not written yet: the same spelling, once resolved
    except OSError:
        return False


def _write_stdout(text: str) -> None:
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.write(text)
    sys.stdout.flush()


def _fail(name: str, message: str) -> int:
    print(f"pdfprose: {name}: {' '.join(message.split())}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    stdin = str(args.input) == "-"
    name = "standard input" if stdin else args.input.name
    # "-" writes to standard output, as "-" reads standard input (a file named "-" is ./-).
    if args.output is not None and str(args.output) == "-":
        args.output = None
    report_out = args.report is not None and str(args.report) == "-"
    if report_out and args.output is None:
        parser.error("--report - writes the report to standard output: "
                     "give the text a file with -o")
    for option, target in (("-o", args.output), ("--report", None if report_out else args.report)):
        # Writing the text over the PDF would destroy what was to be converted.
        if target is not None and not stdin and _same_file(args.input, target):
            parser.error(f"{option} {target} is the input PDF itself: choose another file")
    if args.output is not None and args.report is not None and not report_out \
            and _same_file(args.output, args.report):
        parser.error("-o and --report name the same file")
    try:
        data = sys.stdin.buffer.read() if stdin else args.input.read_bytes()
    except OSError as exc:
        print(f"pdfprose: cannot read {args.input}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    try:
        conversion = convert(data, password=args.password)
        report = conversion.report()
    except PdfProseError as exc:
        hint = " (give it with --password)" if exc.code == "password_required" else ""
        return _fail(name, str(exc) + hint)
    except Exception as exc:  # noqa: BLE001 - never a traceback (convert should not let it out)
        return _fail(name, f"internal error: {short_reason(exc)}")
    try:
        if report_out:
            _write_stdout(json.dumps(report, indent=2) + "\n")
        elif args.report:
            args.report.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        return _fail(name, f"cannot write the report {args.report}: {exc.strerror or exc}")
    if conversion.all_empty:
        failed = conversion.failed_pages
        if failed and len(failed) == len(conversion.pages):
            reason = failed[0]["reason"]
            return _fail(name, f"no page could be read ({reason})")
        if failed:
            return _fail(name, f"no page has text: {len(conversion.empty_pages)} without a text "
                               f"layer (a scan? use OCR), {len(failed)} could not be read")
        return _fail(name, "no page has a text layer (a scan?): use OCR")
    options = Options(
        format=args.format,
        join_lines=not args.no_join_lines,
        remove_headers=not args.keep_headers,
        page_markers=args.page_markers,
        tables=args.tables,
    )
    try:
        text = conversion.render(options)
    except PdfProseError as exc:
        return _fail(name, str(exc))
    try:
        if args.output:
            args.output.write_text(text, encoding="utf-8")
        else:
            _write_stdout(text)
    except OSError as exc:
        return _fail(name, f"cannot write the text to {args.output}: {exc.strerror or exc}")
    for warning in conversion.warnings:
        print(f"pdfprose: {name}: warning: {' '.join(warning.split())}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
