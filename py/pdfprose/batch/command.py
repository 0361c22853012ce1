"""The command line's batch mode: ``pdfprose IN... -o OUTDIR [--jobs N] [--resume] ...``.

Reached from :func:`pdfprose.cli.main` when the arguments name several files, a folder, a list
on standard input or an output folder. Prints one line per failed file and a summary on
standard error (a progress bar too, on a terminal); exit status 0 when every file converted,
1 when some failed, 2 for wrong arguments, 128 + the signal's number when interrupted.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pdfprose import Options

from .limits import Interrupted
from .progress import Progress
from .runner import plan_batch, run_jobs
from .settings import Settings
from .sources import BadInput
from .storage import MissingFsspec
from .task import FileResult

DASK_CONNECT_S = 30
"""Seconds to wait for the Dask scheduler at ``--dask ADDRESS`` before giving up."""


def settings_from(args: argparse.Namespace, reports: bool) -> Settings:
    return Settings(
        options=Options(format=args.format, join_lines=not args.no_join_lines,
                        remove_headers=not args.keep_headers, page_markers=args.page_markers,
                        tables=args.tables),
        password=args.password,
        timeout=args.timeout or None,
        memory_mb=args.memory_limit or None,
        max_input_mb=args.max_size or None,
        reports=reports,
        resume=args.resume,
        verbose=args.verbose,
    )


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def run_batch(args: argparse.Namespace, parser: argparse.ArgumentParser, reports: bool) -> int:
    outdir: str = args.output
    settings = settings_from(args, reports)
    try:
        jobs = plan_batch(args.inputs, outdir, settings)
    except (BadInput, MissingFsspec) as exc:
        parser.error(str(exc))
    except OSError as exc:
        say(f"pdfprose: cannot list the inputs: {exc.strerror or exc}")
        return 1
    if not jobs:
        say(f"pdfprose: no PDF found in {' '.join(args.inputs)}")
        return 1
    client = _client(args.dask) if args.dask else None
    if isinstance(client, int):
        return client
    progress = Progress(len(jobs))

    def on_result(result: FileResult) -> None:
        progress.update(None if result.skipped else result.pages, not result.converted)
        if not result.converted or result.no_text:
            progress.say(f"pdfprose: {result.path}: {result.code}: {result.message}")
            if settings.verbose and result.trace:
                progress.say(f"pdfprose: {result.path}: detail: {result.trace}")

    try:
        summary = run_jobs(jobs, outdir, settings, workers=args.jobs, client=client,
                           on_result=on_result)
    except (KeyboardInterrupt, Interrupted) as exc:
        progress.close()
        say(f"pdfprose: interrupted after {progress.done} of {len(jobs)} files "
            f"({progress.failed} failed); the manifest keeps them, --resume goes on from there")
        return exc.status if isinstance(exc, Interrupted) else 130
    finally:
        progress.close()
        if client is not None:
            client.close()
    rate = f" ({summary.pages / summary.seconds:.1f} pages/s)" \
        if summary.seconds > 0 and summary.pages else ""
    notes = [f"{summary.skipped} already done"] if summary.skipped else []
    if summary.no_text:
        # Converted as the page counts them, but there is no text to find: said, with the cure.
        notes.append(f"{summary.no_text} with no text layer, no text written: a scan? use OCR")
    done = f" ({'; '.join(notes)})" if notes else ""
    say(f"pdfprose: {summary.converted} of {_counted(summary.files, 'file')} converted{done}, "
        f"{summary.failed} failed; {_counted(summary.pages, 'page')} in {summary.seconds:.1f} s"
        f"{rate}; manifest: {summary.manifest}")
    return 0 if summary.ok else 1


def _counted(number: int, noun: str) -> str:
    """'1 page', '2 pages': the summary is read by people ('1 pages' was a fresh user's note)."""
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _client(address: str) -> Any:
    """A Dask client connected to ``address``, or the exit status of the failure."""
    try:
        from distributed import Client
    except ImportError:
        say("pdfprose: --dask needs dask.distributed (pip install 'pdfprose[dask]')")
        return 2
    try:
        return Client(address, timeout=DASK_CONNECT_S)
    except (OSError, TimeoutError, ValueError) as exc:
        say(f"pdfprose: cannot reach the Dask scheduler at {address} ({type(exc).__name__})")
        return 1
