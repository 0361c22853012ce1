"""The command line: ``pdfprose INPUT.pdf [-o OUT] [--format txt|md] [--no-join-lines]
[--keep-headers] [--page-markers] [--tables table|text] [--password PW] [--report [REPORT.json]] [--timeout S]
[--memory-limit MB] [--max-size MB] [--verbose] [--version]``, and, for many files,
``pdfprose IN... -o OUTDIR [--jobs N] [--resume] [--dask ADDRESS] [--report]``
(:mod:`pdfprose.batch.command`).

``-`` as INPUT reads the PDF from standard input (with ``-o`` a folder: a list of paths); a file
named ``-`` is ``./-``. ``-`` as ``-o`` or ``--report`` writes to standard output (one of the two
at most: ``--report -`` asks for the text in a file).

Batch mode is taken when there are several inputs, a folder, an output folder (one that exists,
or a name that ends with ``/``), or ``--jobs``, ``--resume`` or ``--dask``. The format follows
``-o``'s name (``.md``, ``.markdown``) unless ``--format`` says; ``--report`` without a file
writes NAME.report.json beside the text.

Exit status: 0 on success; 1 for a file that cannot be converted (not a PDF, unreadable or cut
short with nothing to recover, wrong or missing password, an encryption pdfprose cannot open,
no page with text, past the time or memory limit); 2 for wrong arguments (among them ``-o`` or
``--report`` naming the input PDF itself, which would be overwritten, and both on standard
output); 128 + the signal's number when interrupted (130 for Ctrl-C). An error is one line on
stderr, never a traceback, and never an internal exception's text (``--verbose`` adds it).
Warnings (garbled pages, pages that could not be read, a damaged file) go to stderr too, one
line each, after the text.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import signal
import sys
from pathlib import Path
from typing import NoReturn

from .batch.limits import Interrupted, TimedOut, deadline, limit_memory, raise_interrupted
from .batch.outcome import convert_bytes
from .batch.settings import DEFAULT_MAX_INPUT_MB, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_S, MB
from .batch.sources import GLOB_MAGIC
from .batch.storage import (InputTooLarge, MissingFsspec, filesystem, is_url, read_input,
                             read_stream, write)
from .engine.logs import quiet_pdfminer
from .options import Options

STDIO = "-"
BESIDE = "beside each text"  # --report given without a file: in a batch, next to each text


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pdfprose",
        description="Turn the text layer of a PDF into clean plain text or Markdown; "
                    "many PDFs at once with -o OUTDIR.",
    )
    p.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="a PDF file (- reads standard input; ./- is a file named -); for a "
                        "batch: files, folders (searched for *.pdf), fsspec URLs, or - for a "
                        "list of paths on standard input")
    p.add_argument("-o", "--output",
                   help="write the text here (default, or -: standard output); for a batch, "
                        "the folder (or URL) for the texts and manifest.jsonl")
    p.add_argument("--format", choices=("txt", "md"),
                   help="output format (default: md when -o names a .md or .markdown file, "
                        "else txt)")
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
    p.add_argument("--report", nargs="?", const=BESIDE, metavar="REPORT.json",
                   help="write the page report as JSON here (-: standard output); without a "
                        "file: NAME.report.json next to the text (each text, in a batch)")
    limits = p.add_argument_group("limits")
    limits.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT_S, metavar="S",
                        help=f"seconds a file may take (default {DEFAULT_TIMEOUT_S:g}; 0: none)")
    limits.add_argument("--memory-limit", type=_megabytes, default=DEFAULT_MEMORY_MB,
                        metavar="MB", help="memory a conversion may use, where the system can "
                        f"limit it (default {DEFAULT_MEMORY_MB}; 0: none)")
    limits.add_argument("--max-size", type=_megabytes, default=DEFAULT_MAX_INPUT_MB,
                        metavar="MB", help="largest input read, standard input included "
                        f"(default {DEFAULT_MAX_INPUT_MB}; 0: none)")
    batch = p.add_argument_group("many files (with -o OUTDIR)")
    batch.add_argument("--jobs", type=_count, metavar="N",
                       help="files converted at once (default: the number of cores)")
    batch.add_argument("--resume", action="store_true",
                       help="skip files whose text exists and whose sha256 is the manifest's")
    batch.add_argument("--dask", metavar="ADDRESS",
                       help="run on the Dask cluster whose scheduler is at ADDRESS")
    p.add_argument("--verbose", action="store_true",
                   help="also print the detail of unexpected errors")
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    return p


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0: no limit)")
    return value


def _megabytes(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of MB (0: no limit)")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number, 1 or more")
    return int(text)


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


def _is_batch(args: argparse.Namespace) -> bool:
    if len(args.inputs) > 1 or args.jobs or args.resume or args.dask:
        return True
    given, out = args.inputs[0], args.output
    if out is None or out == STDIO:
        return False  # "pdfprose FOLDER" alone says that a folder is not a file, and why
    if given != STDIO and _names_many(given):
        return True
    return out.endswith(("/", os.sep)) or (not is_url(out) and os.path.isdir(out))


def _names_many(given: str) -> bool:
    """True when ``given`` is a folder, or a URL of a folder or with a glob."""
    if not is_url(given):
        return os.path.isdir(given)
    try:
        fs, path = filesystem(given)
        return any(magic in path for magic in GLOB_MAGIC) or bool(fs.isdir(path))
    except (MissingFsspec, OSError, ValueError):
        return False  # said when it is read


class _StdoutGone(Exception):
    """Standard output is closed, or its reader went away (a broken pipe)."""


def _write_stdout(text: str) -> None:
    if sys.stdout is None:
        raise _StdoutGone("standard output is closed")
    try:
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError as exc:
        # The reader stopped reading (``| head``): say nothing, as cat does, and keep Python
        # from complaining again when it flushes standard output on the way out.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        raise _StdoutGone("") from exc


def _target(given: str) -> Path | str:
    """Where to write: a local path, or a URL as it was given (fsspec writes it)."""
    return given if is_url(given) else Path(given)


def _write_file(target: Path | str, text: str) -> None:
    if isinstance(target, str):
        write(target, text.encode("utf-8"))
    else:
        target.write_text(text, encoding="utf-8")


def _fail(name: str, message: str) -> int:
    print(f"pdfprose: {name}: {' '.join(message.split())}", file=sys.stderr)
    return 1


def _read(given: str, limit: int | None) -> bytes:
    if given == STDIO:
        if sys.stdin is None:
            raise OSError(errno.EBADF, "standard input is closed")
        return read_stream(sys.stdin.buffer, limit)
    return read_input(given, limit)


def main(argv: list[str] | None = None, own_process: bool = False) -> int:
    """Run the command with ``argv``; returns the exit status. ``own_process``: this process
    is the program's own (:func:`run`), so its memory may be limited."""
    parser = _parser()
    args = parser.parse_args(argv)
    args.format = args.format or _format_for(args.output)
    quiet_pdfminer()
    if _is_batch(args):
        if args.output in (None, STDIO):
            parser.error("several files, a folder, --jobs, --resume or --dask need -o OUTDIR, "
                         "the folder for the texts")
        if args.report not in (None, BESIDE):
            parser.error("in a batch --report takes no file: each file's report is written "
                         "next to its text (NAME.report.json); put --report after the inputs")
        if not is_url(args.output) and Path(args.output).exists() \
                and not Path(args.output).is_dir():
            parser.error(f"-o {args.output} is a file: a batch writes its texts into a folder "
                         "(give a new or existing folder)")
        if not is_url(args.output) and not Path(args.output).exists() \
                and args.output.lower().endswith((".txt", ".md", ".markdown")):
            # A new user's 'pdfprose FOLDER -o x.txt' made a folder named x.txt without a word.
            head, sep, tail = args.output.rpartition("/")
            folder = f"{head}{sep}{tail.rsplit('.', 1)[0] or 'texts'}/"
            parser.error(f"-o {args.output} names a text file, but a batch writes its texts into "
                         f"a folder: give one, such as -o {folder} (-o {args.output}/ if that "
                         "is the folder's name)")
        from .batch.command import run_batch

        return run_batch(args, parser, reports=args.report is not None)
    if args.report == BESIDE:
        if args.output == STDIO:
            parser.error("--report without a file name is written beside the text, and -o - sends "
                         "the text to standard output: the report and the text cannot both go to "
                         "standard output; give the text a file (-o FILE) or the report one "
                         "(--report FILE)")
        if args.output is None:
            parser.error("--report needs a file name (or - for standard output), or -o for "
                         "the text, beside which it is written")
        args.report = _beside(args.output)
    if args.report == STDIO and args.output in (None, STDIO):
        parser.error("--report - writes the report to standard output: "
                     "give the text a file with -o")
    if own_process:
        limit_memory(args.memory_limit or None)
    try:
        return _convert_one(args, parser)
    except TimedOut:
        return _fail(_shown(args.inputs[0]), f"the file took longer than {args.timeout:g} s (--timeout); it may "
                           "be damaged or built to stall readers")


def _format_for(output: str | None) -> str:
    """The format a file's name asks for: 'pdfprose a.pdf -o a.md' wrote plain text into a.md
    (a fresh user's page and command line then seemed to disagree)."""
    if output is not None and output.lower().endswith((".md", ".markdown")):
        return "md"
    return "txt"


def _beside(output: str) -> str:
    """The report's name beside the text ``output``: NAME.report.json, as a batch names it."""
    head, sep, tail = output.rpartition("/")
    stem = tail.rsplit(".", 1)[0] if "." in tail.lstrip(".") else tail
    return f"{head}{sep}{stem}.report.json"


def _shown(given: str) -> str:
    """The input as messages name it: the path exactly as the user typed it (a file's own name
    misleads: ``/dev/zero`` is not "zero", and two folders may hold a ``paper.pdf`` each)."""
    return "standard input" if given == STDIO else given


def _convert_one(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    given = args.inputs[0]
    stdin = given == STDIO  # exactly "-": "./-" is a file named "-"
    name = _shown(given)
    output = None if args.output in (None, STDIO) else _target(args.output)
    report_out = args.report == STDIO
    report = None if args.report is None or report_out else _target(args.report)
    for option, typed, target in (("-o", args.output, output), ("--report", args.report, report)):
        # Writing the text over the PDF would destroy what was to be converted.
        if isinstance(target, Path) and not stdin and not is_url(given) \
                and _same_file(Path(given), target):
            parser.error(f"{option} {typed} is the input PDF itself: choose another file")
    if output is not None and report is not None and (
            output == report if isinstance(output, str) or isinstance(report, str)
            else _same_file(output, report)):
        parser.error("-o and --report name the same file")
    limit = args.max_size * MB if args.max_size else None
    with deadline(args.timeout or None):
        try:
            data = _read(given, limit)
        except InputTooLarge as exc:
            return _fail(name, exc.words("it"))
        except MissingFsspec as exc:
            return _fail(name, str(exc))
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            if isinstance(exc, IsADirectoryError):
                reason += " (for the PDFs in a folder, give -o OUTDIR)"
            # The documented form, "pdfprose: INPUT: ...", as every other failure says it.
            return _fail(name, f"cannot read it: {reason}")
        options = Options(
            format=args.format,
            join_lines=not args.no_join_lines,
            remove_headers=not args.keep_headers,
            page_markers=args.page_markers,
            tables=args.tables,
        )
        outcome = convert_bytes(data, options, args.password,
                                memory_mb=args.memory_limit or None)
        del data
    if args.verbose and outcome.detail:
        print(f"pdfprose: {name}: detail: {outcome.detail}", file=sys.stderr)
    if outcome.report is not None:
        try:
            if report_out:
                _write_stdout(json.dumps(outcome.report, indent=2) + "\n")
            elif report is not None:
                _write_file(report, json.dumps(outcome.report, indent=2) + "\n")
        except _StdoutGone as exc:
            return _fail(name, f"cannot write the report: {exc}") if str(exc) else 1
        except OSError as exc:
            return _fail(name, f"cannot write the report {args.report}: {exc.strerror or exc}")
    if outcome.text is None:
        # Failed, or read whole without a text layer (a batch counts that converted, with no
        # text written): one file asked for, no text to give, exit status 1.
        return _fail(name, outcome.message or outcome.code or "")
    try:
        if output is not None:
            _write_file(output, outcome.text or "")
        else:
            _write_stdout(outcome.text or "")
    except _StdoutGone as exc:
        return _fail(name, f"cannot write the text: {exc}") if str(exc) else 1
    except OSError as exc:
        where = args.output if output is not None else "standard output"
        return _fail(name, f"cannot write the text to {where}: {exc.strerror or exc}")
    for warning in outcome.warnings:
        print(f"pdfprose: {name}: warning: {' '.join(warning.split())}", file=sys.stderr)
    return 0


def run() -> NoReturn:
    """The program ``pdfprose`` (its console script, and ``python -m pdfprose``): :func:`main`
    in a process of its own, which it may limit, and which stops without a traceback on
    Ctrl-C or SIGTERM."""
    if sys.stderr is None:  # started with standard error closed: messages go nowhere, safely
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, raise_interrupted)
    try:
        status = main(own_process=True)
    except KeyboardInterrupt:
        print("pdfprose: interrupted", file=sys.stderr)
        status = 128 + signal.SIGINT
    except Interrupted as exc:
        print("pdfprose: interrupted", file=sys.stderr)
        status = exc.status
    sys.exit(status)


if __name__ == "__main__":
    run()
