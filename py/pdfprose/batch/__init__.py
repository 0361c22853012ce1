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

from .outcome import Outcome, convert_bytes
from .runner import Summary, plan_batch, run, run_jobs
from .sandbox import Sandbox
from .settings import Settings
from .sources import BadInput, Job
from .storage import read_input
from .task import FileResult

__all__ = [
    "BadInput",
    "FileResult",
    "Job",
    "Outcome",
    "Sandbox",
    "Settings",
    "Summary",
    "convert_bytes",
    "plan_batch",
    "read_input",
    "run",
    "run_jobs",
]
