"""Many PDFs at once: a folder tree, a list of paths, object storage; on every core of this
machine or on a Dask cluster.

Usage::

    from pdfprose.batch import Settings, run
    summary = run(["archive/"], "texts/", Settings(timeout=60), workers=8)

    from dask.distributed import Client
    summary = run(["s3://bucket/filings/"], "s3://bucket/texts/", client=Client("tcp://..."))

Each file is converted in a worker child process under a time and memory limit; a file that
fails is recorded and the batch goes on. ``OUTDIR/manifest.jsonl`` says what became of each
file (:mod:`.manifest`), and ``Settings(resume=True)`` skips the files already converted.
:func:`convert_bytes` is the unit of work, for pipelines of one's own (a ``dask.bag`` recipe
is in the README).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .outcome import Outcome, convert_bytes
    from .runner import Summary, plan_batch, run, run_jobs
    from .sandbox import Sandbox
    from .settings import Settings
    from .sources import BadInput, Job
    from .storage import read_input
    from .task import FileResult

# Each public name and the module that defines it, imported on first use (PEP 562): a worker
# child (``python -m pdfprose.batch.child``) imports this package before its own module, and
# needs none of the runner, the sandbox, the sources or the manifest that the batch's parent
# uses. Measured with ``python -X importtime -m pdfprose.batch.child`` (8 starts each, main and
# this, alternating, at load 20): the batch modules' own import time fell from 95 ms to 32 ms;
# the rest of the child's 1.4-2 s start-up is the engine, which it needs.
_WHERE = {
    "Outcome": "outcome",
    "convert_bytes": "outcome",
    "Summary": "runner",
    "plan_batch": "runner",
    "run": "runner",
    "run_jobs": "runner",
    "Sandbox": "sandbox",
    "Settings": "settings",
    "BadInput": "sources",
    "Job": "sources",
    "read_input": "storage",
    "FileResult": "task",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # once found, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
