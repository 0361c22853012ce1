"""A batch on an existing Dask distributed cluster: one task per file.

Each Dask worker gets a :class:`SandboxPlugin` that keeps, per worker thread, a sandboxed worker
child (:class:`~pdfprose.batch.sandbox.Sandbox`): the engine is imported once per child, and the
time limit is enforced there exactly as on one machine, by killing the child that is past it and
starting another (Dask itself cannot stop a running task). A file that crashes its child fails
with code ``crashed``, and the Dask worker, which only waited, goes on.

The workers read the inputs and write the texts themselves: paths must mean the same files on
every worker (a shared file system) or be URLs (object storage). The client keeps the manifest.
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from distributed import Client, KilledWorker, WorkerPlugin, as_completed, get_worker

from .outcome import describe
from .sandbox import Sandbox
from .settings import Settings
from .sources import Job
from .storage import is_url
from .task import FileResult, process

PLUGIN = "pdfprose-batch"
"""The worker plugin's name, followed by the batch's own id: batches that share a cluster (with
other settings, from other clients) each have their own sandboxes, removed when they end."""

AHEAD_PER_THREAD = 2
"""Tasks submitted per worker thread of the cluster beyond those running: the scheduler always
has the next file at hand, and a batch of millions is not millions of futures at once."""


class SandboxPlugin(WorkerPlugin):
    """Per Dask worker: one sandboxed child per thread that runs a pdfprose task."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sandboxes: dict[int, Sandbox] = {}
        self.lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        return {"settings": self.settings}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["settings"])  # type: ignore[misc]

    def sandbox(self) -> Sandbox:
        with self.lock:
            key = threading.get_ident()
            if key not in self.sandboxes:
                self.sandboxes[key] = Sandbox(self.settings)
            return self.sandboxes[key]

    def teardown(self, worker: Any) -> None:
        with self.lock:
            sandboxes, self.sandboxes = list(self.sandboxes.values()), {}
        for sandbox in sandboxes:
            sandbox.close()


def convert_on_worker(job: Job, outdir: str, settings: Settings,
                      previous: dict[str, Any] | None, plugin_name: str) -> FileResult:
    """The task of one file, run by a Dask worker that has the batch's plugin."""
    plugin = get_worker().plugins.get(plugin_name)
    if not isinstance(plugin, SandboxPlugin):
        raise RuntimeError(f"this Dask worker has no plugin {plugin_name} "
                           "(pdfprose.batch registers it before it submits)")
    return process(job, outdir, settings, plugin.sandbox(), previous)


def cluster_threads(client: Client) -> int:
    threads = sum(client.nthreads().values())
    return max(1, threads)


def run_dask(client: Client, jobs: Sequence[Job], outdir: str, settings: Settings,
             previous: Callable[[str], dict[str, Any] | None]) -> Iterator[FileResult]:
    """Convert ``jobs`` on the cluster behind ``client``; yields each file's result as it is
    done (in the order they finish). Closing the iterator early cancels the rest."""
    run = uuid.uuid4().hex[:12]
    plugin_name = f"{PLUGIN}-{run}"
    client.register_plugin(SandboxPlugin(settings), name=plugin_name)
    # A worker's current folder is not the client's: local paths travel absolute.
    outdir = outdir if is_url(outdir) else os.path.abspath(outdir)
    window = cluster_threads(client) * (1 + AHEAD_PER_THREAD)
    waiting = iter(jobs)
    by_key: dict[str, Job] = {}
    finished = as_completed()

    def submit() -> bool:
        job = next(waiting, None)
        if job is None:
            return False
        there = job if is_url(job.source) else replace(job, source=os.path.abspath(job.source))
        future = client.submit(convert_on_worker, there, outdir, settings, previous(job.output),
                               plugin_name, key=f"pdfprose-{run}-{job.index}", pure=False)
        by_key[future.key] = job
        finished.add(future)
        return True

    for _ in range(window):
        if not submit():
            break
    completed = False
    try:
        for future in finished:
            job = by_key.pop(future.key)
            try:
                result = future.result()
            except KilledWorker:
                result = FileResult(path=job.source, key=job.output, code="worker_lost",
                                    message="the Dask workers converting this file were lost; "
                                            "--resume tries it again", detail="KilledWorker")
            except Exception as exc:  # noqa: BLE001 - the task's own bug: said, not raised
                result = FileResult(path=job.source, key=job.output, code="internal",
                                    message="pdfprose could not read this part of the file "
                                            "(code internal, stage dask)",
                                    detail=type(exc).__name__, trace=describe(exc))
            result.path = job.source  # as the user gave it, as on one machine
            future.release()
            submit()
            yield result
        completed = True
    finally:
        if not completed:
            client.cancel(list(finished.futures))
        try:
            client.unregister_worker_plugin(plugin_name)
        except Exception:  # noqa: BLE001 - a cluster gone away has no plugin to remove
            pass
