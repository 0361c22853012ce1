"""The batch as a library: plan the files, convert them here or on a Dask cluster, keep the
manifest. The command line's batch mode is this plus a progress bar (:mod:`.command`)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from . import storage
from .local import default_jobs, run_local
from .manifest import Manifest
from .order import largest_first, local_size
from .settings import Settings
from .sources import BadInput, Job, find, plan, read_list
from .task import FileResult

STDIN = "-"


@dataclass(slots=True)
class Summary:
    """What a batch did: files planned, converted (``skipped``: already done, ``--resume``;
    ``no_text``: documents without a text layer, converted with no text written), failed;
    pages converted; the wall time; the CPU time the conversions took in the workers;
    the highest peak resident memory of a worker child (KB); where the manifest is."""

    files: int = 0
    converted: int = 0
    no_text: int = 0
    skipped: int = 0
    failed: int = 0
    pages: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    peak_rss_kb: int = 0
    manifest: str = ""

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.converted + self.failed == self.files

    def count(self, result: FileResult) -> None:
        if result.converted:
            self.converted += 1
            self.no_text += result.no_text
            self.skipped += result.skipped
            if not result.skipped:
                self.pages += result.pages or 0
        else:
            self.failed += 1
        self.cpu_seconds += result.cpu_seconds
        self.peak_rss_kb = max(self.peak_rss_kb, result.peak_rss_kb)


def plan_batch(inputs: Sequence[str], outdir: str, settings: Settings = Settings(),
               stdin: BinaryIO | None = None) -> list[Job]:
    """The files ``inputs`` name and where each text goes (:mod:`pdfprose.batch.sources`),
    the largest first (:mod:`pdfprose.batch.order`; ``Job.index`` keeps each one's input
    place); ``-`` reads a list of paths from ``stdin`` (standard input by default). Raises
    :class:`~pdfprose.batch.sources.BadInput` for an input that names no file."""
    given: list[str] = []
    for item in inputs:
        if item == STDIN:
            stream = stdin if stdin is not None else _stdin()
            given += read_list(storage.read_stream(stream, None))
        else:
            given.append(item)
    found = find(given)
    taken: list[str] = []
    if not storage.is_url(outdir):
        root = os.path.abspath(outdir)
        for item in found:  # a text must never take the place of an input inside OUTDIR
            if not item.system and item.path.startswith(root + os.sep):
                taken.append(os.path.relpath(item.path, root).replace(os.sep, "/"))
    return largest_first(plan(found, settings.extension, taken), [local_size(f) for f in found])


def _stdin() -> BinaryIO:
    if sys.stdin is None:
        raise BadInput("standard input is closed: give the files as arguments")
    return sys.stdin.buffer


def run_jobs(jobs: Sequence[Job], outdir: str, settings: Settings = Settings(), *,
             workers: int | None = None, client: Any = None,
             on_result: Callable[[FileResult], None] | None = None) -> Summary:
    """Convert ``jobs`` into ``outdir`` and keep ``outdir/manifest.jsonl``: on ``workers``
    processes of this machine (default: its cores), or, given a ``dask.distributed.Client``,
    one task per file on its cluster. ``on_result`` sees each file's result as it is done.
    An exception (KeyboardInterrupt too) stops the batch: the children are stopped, the
    manifest keeps the files done so far, and the exception goes on."""
    start = time.monotonic()
    manifest = Manifest(outdir)
    manifest.expect([job.output for job in sorted(jobs, key=lambda job: job.index)])  # input order
    summary = Summary(files=len(jobs), manifest=manifest.location)
    results: Iterator[FileResult]
    if client is not None:
        from .cluster import run_dask

        results = run_dask(client, jobs, outdir, settings, manifest.previous)
    else:
        results = run_local(jobs, outdir, settings, workers or default_jobs(), manifest.previous)
    try:
        for result in results:
            manifest.add(result)
            summary.count(result)
            if on_result is not None:
                on_result(result)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        summary.seconds = round(time.monotonic() - start, 3)
        manifest.close()
    return summary


def run(inputs: Sequence[str], outdir: str, settings: Settings = Settings(), *,
        workers: int | None = None, client: Any = None,
        on_result: Callable[[FileResult], None] | None = None,
        stdin: BinaryIO | None = None) -> Summary:
    """Convert every PDF that ``inputs`` name into ``outdir``, keeping their folders' layout:
    :func:`plan_batch`, then :func:`run_jobs`. ``outdir`` and the inputs may be fsspec URLs."""
    jobs = plan_batch(inputs, outdir, settings, stdin)
    return run_jobs(jobs, outdir, settings, workers=workers, client=client, on_result=on_result)
