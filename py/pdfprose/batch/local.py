"""A batch on this machine: ``jobs`` threads, each driving its own sandboxed worker child.

The threads only read files, wait and write texts (the conversions run in the children, one
process each), so ``--jobs N`` uses N cores for the engine. At most two files per thread are
handed out ahead, so that a batch of millions holds only a few in flight.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from .sandbox import Sandbox
from .settings import Settings
from .sources import Job
from .task import FileResult, process

AHEAD_PER_WORKER = 2
"""Files handed out per worker thread beyond the one it converts (its next file is read while
the current one converts, at no cost to memory worth counting)."""

POLL_S = 0.5
"""Seconds the driving thread waits at a time, so that Ctrl-C is handled at once."""


def default_jobs() -> int:
    """The cores this process may use (a container's or a CPU set's, not the machine's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def run_local(jobs: Sequence[Job], outdir: str, settings: Settings, workers: int,
              previous: Callable[[str], dict[str, Any] | None]) -> Iterator[FileResult]:
    """Convert ``jobs`` on ``workers`` worker processes; yields each file's result as it is
    done. Closing the iterator early (an interrupted batch) kills the children at once."""
    local = threading.local()
    sandboxes: list[Sandbox] = []
    lock = threading.Lock()

    def work(job: Job) -> FileResult:
        sandbox = getattr(local, "sandbox", None)
        if sandbox is None:
            sandbox = local.sandbox = Sandbox(settings)
            with lock:
                sandboxes.append(sandbox)
        return process(job, outdir, settings, sandbox, previous(job.output))

    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pdfprose-batch")
    waiting = iter(jobs)
    pending: set[Future[FileResult]] = set()
    finished = False
    try:
        while True:
            for job in waiting:
                pending.add(pool.submit(work, job))
                if len(pending) >= workers * (1 + AHEAD_PER_WORKER):
                    break
            if not pending:
                break
            done, pending = wait(pending, timeout=POLL_S, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
        finished = True
    finally:
        if not finished:
            with lock:
                for sandbox in sandboxes:
                    sandbox.kill()
        pool.shutdown(wait=True, cancel_futures=True)
        for sandbox in sandboxes:
            sandbox.close()
