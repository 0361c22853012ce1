"""One file of a batch, end to end: read it, convert it in a sandbox, write its text.

:func:`process` runs in a thread of the process that drives the batch (the command line, or a
Dask worker): it reads and writes the storage itself, so that the sandboxed child only ever sees
bytes, and returns the file's :class:`FileResult`, the manifest's line.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from . import storage
from .outcome import NO_TEXT, Outcome, describe
from .sandbox import Sandbox, WorkerStartError
from .settings import Settings
from .sources import Job

CONVERTED = "converted"
FAILED = "failed"


@dataclass(slots=True)
class FileResult:
    """What a batch did with one file: one line of ``manifest.jsonl``.

    ``path`` is the input as given (a path or URL); ``key`` the path relative to OUTDIR its
    text has or would have (the file's line in the manifest, which ``--resume`` looks up);
    ``output`` that path when a text was written, else None (a failed file, or a document
    without a text layer); ``status`` ``converted`` (also a document read whole without a text
    layer: code ``no_text``, as the page counts it) or ``failed``; ``code`` and ``message`` say
    why a file failed or has no text (see :class:`~pdfprose.batch.outcome.Outcome`); ``detail`` names an internal
    error's exception type for whoever reports the bug (never its text); page lists hold page
    numbers; ``seconds`` is the file's wall time, reading and writing included.
    Not written to the manifest: ``skipped`` (``--resume`` found it done), ``peak_rss_kb``
    (the worker's peak resident memory after this file), ``cpu_seconds`` (the CPU time the
    conversion took in the worker) and ``trace`` (an internal error's exception type and text,
    for ``--verbose``).
    """

    path: str
    key: str
    output: str | None = None
    status: str = FAILED
    code: str | None = None
    message: str | None = None
    detail: str | None = None
    sha256: str | None = None
    bytes: int | None = None
    pages: int | None = None
    empty_pages: list[int] = field(default_factory=list)
    garbled_pages: list[int] = field(default_factory=list)
    failed_pages: list[int] = field(default_factory=list)
    partial: bool = False
    seconds: float = 0.0
    skipped: bool = False
    peak_rss_kb: int = 0
    cpu_seconds: float = 0.0
    trace: str | None = None

    RUNTIME = ("skipped", "peak_rss_kb", "cpu_seconds", "trace")

    @property
    def converted(self) -> bool:
        return self.status == CONVERTED

    def record(self) -> dict[str, Any]:
        """The manifest's line for this file."""
        data = asdict(self)
        for name in self.RUNTIME:
            data.pop(name)
        return data

    @property
    def no_text(self) -> bool:
        """Converted, but the document has no text layer: no text was written."""
        return self.converted and self.code == NO_TEXT

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "FileResult":
        known = {f.name for f in fields(cls)} - set(cls.RUNTIME)
        values = {k: v for k, v in record.items() if k in known}
        values.setdefault("key", record.get("output"))  # a line of a manifest before keys
        return cls(**values)


def process(job: Job, outdir: str, settings: Settings, sandbox: Sandbox,
            previous: dict[str, Any] | None = None) -> FileResult:
    """Convert ``job`` into ``outdir``; ``previous`` is its manifest line from an earlier run
    (with ``settings.resume``, a file whose text exists and whose sha256 it records is left as
    it is). Never raises for a bad file or a failed write: the result says what happened."""
    start = time.monotonic()
    result = FileResult(path=job.source, key=job.output)
    try:
        result = _process(job, outdir, settings, sandbox, previous, result)
    except Exception as exc:  # noqa: BLE001 - one file's surprise must not stop the batch
        result.status, result.code = FAILED, "internal"
        result.message = "pdfprose could not read this part of the file (code internal, stage batch)"
        result.detail, result.trace = type(exc).__name__, describe(exc)
    if not result.skipped:
        result.seconds = round(result.seconds + time.monotonic() - start, 3)
    return result


def _process(job: Job, outdir: str, settings: Settings, sandbox: Sandbox,
             previous: dict[str, Any] | None, result: FileResult) -> FileResult:
    try:
        data = storage.read_input(job.source, settings.max_input_bytes)
    except storage.InputTooLarge as exc:
        return _failed(result, Outcome.failure("too_large", exc.words()))
    except storage.MissingFsspec as exc:
        return _failed(result, Outcome.failure("read_error", str(exc)))
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return _failed(result, Outcome.failure("read_error", f"cannot read it: {reason}"))
    result.sha256 = hashlib.sha256(data).hexdigest()
    result.bytes = len(data)
    text_at = storage.join(outdir, job.output)
    report_at = storage.join(outdir, job.report)
    # A document without a text layer has no text to find (its line's output is None).
    has_text = previous is not None and (previous.get("output") is not None
                                         or previous.get("code") != NO_TEXT)
    if settings.resume and previous and previous.get("status") == CONVERTED \
            and previous.get("sha256") == result.sha256 \
            and (not has_text or storage.exists(text_at)) \
            and (not settings.reports or storage.exists(report_at)):
        done = FileResult.from_record(previous)
        done.path, done.skipped = job.source, True
        return done
    try:
        outcome, result.peak_rss_kb, result.cpu_seconds = sandbox.convert(data)
    except WorkerStartError as exc:
        return _failed(result, Outcome.failure("worker_start", str(exc)))
    result.seconds = -sandbox.start_seconds  # a new child's start is the batch's, not the file's
    del data
    result.pages = outcome.pages
    result.empty_pages, result.garbled_pages = outcome.empty_pages, outcome.garbled_pages
    result.failed_pages, result.partial = outcome.failed_pages, outcome.partial
    try:
        if settings.reports and outcome.report is not None:
            storage.write(report_at, (json.dumps(outcome.report, indent=2) + "\n").encode("utf-8"))
        if outcome.converted and outcome.text is not None:
            storage.write(text_at, outcome.text.encode("utf-8"))
            result.output = job.output
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        return _failed(result, Outcome.failure("write_error", f"cannot write its text: {reason}"))
    if not outcome.converted:
        return _failed(result, outcome)
    result.status = CONVERTED
    result.code, result.message = outcome.code, outcome.message  # no_text says so
    return result


def _failed(result: FileResult, outcome: Outcome) -> FileResult:
    result.status, result.code = FAILED, outcome.code
    result.message, result.trace = outcome.message, outcome.detail
    result.detail = outcome.detail.split(":", 1)[0] if outcome.detail else None
    return result

