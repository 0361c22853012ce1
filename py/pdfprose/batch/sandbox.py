"""A worker child that converts one file at a time and can be killed: the batch's time limit.

A conversion cannot be stopped from inside the process that runs it (a hostile file can loop in
pdfminer's C-speed loops, and a thread cannot be killed), so each file is converted in a child
process (:mod:`pdfprose.batch.child`) that is killed when the file is past its time limit and
started again for the next file. The child is a plain ``subprocess`` (not ``multiprocessing``),
so that it can be started from a daemonic process too, such as a Dask worker.

One :class:`Sandbox` serves one thread at a time; a batch gives each of its threads its own.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, NamedTuple

from .frames import ClosedPipe, read_frame, write_frame
from .outcome import Outcome
from .settings import MB, Settings

START_TIMEOUT_S = 120.0
"""Seconds a child may take to import the engine and say it is ready (0.4 s on an idle machine;
a machine shared by many batches can be slow, and the file's own time limit starts after)."""

CLOSE_TIMEOUT_S = 5.0
"""Seconds a child is given to exit once its standard input is closed, before it is killed."""

RECYCLE_SHARE = 0.5
"""A child whose peak resident memory passed this share of its memory limit is replaced after
the file (a heap that grew for one large file stays large for all the later ones)."""

RECYCLE_WITHOUT_LIMIT_KB = 1_000_000
"""...and, without a memory limit, one whose peak passed 1 GB (in KB)."""

_EOF = object()


class WorkerStartError(RuntimeError):
    """The worker child did not start or did not say it was ready (a broken installation)."""


class Answer(NamedTuple):
    """What :meth:`Sandbox.convert` gives back: the file's outcome, the child's peak resident
    memory so far (KB; 0 when the child did not answer) and the CPU seconds it spent on the
    file."""

    outcome: Outcome
    peak_rss_kb: int = 0
    cpu_seconds: float = 0.0


class Sandbox:
    """Convert files in a child process under ``settings``' time and memory limits.

    ``convert(data)`` returns an :class:`~pdfprose.batch.outcome.Outcome` and never raises for
    a bad file: past the time limit the child is killed (code ``timeout``); a child that dies
    (a crash, the system's out-of-memory killer) gives code ``crashed``. Either way the next
    call starts a fresh child. ``peak_rss_kb`` is the highest peak of any child so far.
    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.peak_rss_kb = 0
        self.started = 0  # children started so far (the engine is imported once per child)
        self._process: subprocess.Popen[bytes] | None = None
        self._answers: queue.Queue[Any] = queue.Queue()
        self._lock = threading.Lock()
        self._stopped = False
        self.start_seconds = 0.0  # the time the last convert() spent starting a child
    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the child's life --------------------------------------------------------------------
    def _command(self) -> list[str]:
        command = [sys.executable, "-m", "pdfprose.batch.child"]
        if self.settings.memory_mb:
            command += ["--memory-mb", str(self.settings.memory_mb)]
        return command

    def _environment(self) -> dict[str, str]:
        # The child must import this very pdfprose, also when it was put on sys.path by hand.
        root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [env.get("PYTHONPATH")])])
        return env

    def _start(self) -> None:
        kwargs: dict[str, Any] = {}
        if os.name == "posix":
            kwargs["start_new_session"] = True  # a terminal's Ctrl-C is the batch's to handle
        else:
            kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        process = subprocess.Popen(
            self._command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=None if self.settings.verbose else subprocess.DEVNULL,
            env=self._environment(), **kwargs,
        )
        answers: queue.Queue[Any] = queue.Queue()
        threading.Thread(target=_read_answers, args=(process, answers), daemon=True,
                         name=f"pdfprose-child-{process.pid}").start()
        self._process, self._answers = process, answers
        self.started += 1
        try:
            ready = answers.get(timeout=START_TIMEOUT_S)
        except queue.Empty:
            ready = None
        if not isinstance(ready, dict) or not ready.get("ready"):
            self._kill()
            raise WorkerStartError("the worker process did not start (python -m "
                                   "pdfprose.batch.child; --verbose shows its errors)")

    def _kill(self) -> int | None:
        process, self._process = self._process, None
        if process is None:
            return None
        try:
            process.kill()
        except OSError:
            pass
        code = process.wait()
        _close_pipes(process)
        return code

    def close(self) -> None:
        """Let the child go (it exits when its input closes; killed if it does not)."""
        with self._lock:
            process, self._process = self._process, None
            if process is None:
                return
            try:
                if process.stdin:
                    process.stdin.close()
                process.wait(timeout=CLOSE_TIMEOUT_S)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
            _close_pipes(process)

    def kill(self) -> None:
        """Stop the child now (an interrupted batch), from any thread: a file under way in it
        ends as ``crashed`` (the caller that stopped the batch drops that result)."""
        self._stopped = True
        process = self._process  # no lock: convert() holds it while it waits on this child
        if process is not None:
            try:
                process.kill()
            except OSError:
                pass

    # -- one file ----------------------------------------------------------------------------
    def convert(self, data: bytes) -> "Answer":
        """Convert ``data``: its outcome, the child's peak resident memory so far and the CPU
        time the conversion took in it."""
        settings = self.settings
        with self._lock:
            if self._stopped:
                return Answer(Outcome.failure("interrupted", "the batch was stopped"))
            if self._process is not None and self._process.poll() is not None:
                self._kill()  # it died between files (its parent check, the system): not this file's doing
            self.start_seconds = 0.0
            if self._process is None:
                began = time.monotonic()
                self._start()
                self.start_seconds = time.monotonic() - began
            process = self._process
            assert process is not None and process.stdin is not None
            request = {"data": data, "options": asdict(settings.options),
                       "password": settings.password}
            try:
                write_frame(process.stdin, request)  # type: ignore[arg-type]
                answer = self._answers.get(timeout=settings.timeout)
            except queue.Empty:
                self._kill()
                return Answer(Outcome.failure(
                    "timeout", f"the file took longer than {settings.timeout:g} s (--timeout); "
                    "it may be damaged or built to stall readers"))
            except OSError:  # the child died before it read the whole request
                answer = _EOF
            if answer is _EOF or not isinstance(answer, dict):
                return Answer(Outcome.failure("crashed", _death(self._kill(), settings)))
            peak = int(answer.get("peak_rss_kb") or 0)
            self.peak_rss_kb = max(self.peak_rss_kb, peak)
            limit_kb = settings.memory_mb * MB // 1024 * RECYCLE_SHARE if settings.memory_mb \
                else RECYCLE_WITHOUT_LIMIT_KB
            if peak > limit_kb or answer["outcome"].get("code") == "memory":
                self._kill()
            return Answer(Outcome(**answer["outcome"]), peak,
                          float(answer.get("cpu_seconds") or 0.0))


def _read_answers(process: subprocess.Popen[bytes], answers: queue.Queue[Any]) -> None:
    """Move the child's answers to ``answers`` as they come; _EOF when it is gone."""
    try:
        while True:
            answers.put(read_frame(process.stdout))  # type: ignore[arg-type]
    except (ClosedPipe, OSError, ValueError, EOFError):
        answers.put(_EOF)
    except Exception:  # noqa: BLE001 - a garbled answer: treat the child as dead
        answers.put(_EOF)


def _close_pipes(process: subprocess.Popen[bytes]) -> None:
    for pipe in (process.stdin, process.stdout):
        try:
            if pipe:
                pipe.close()
        except OSError:
            pass


def _death(code: int | None, settings: Settings) -> str:
    """Words for a child that died: its signal or exit status, and the likely cause."""
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        if -code == getattr(signal, "SIGKILL", 9):
            return (f"the process converting this file was killed ({name}): the system may "
                    "have run out of memory")
        return f"the process converting this file stopped abruptly ({name})"
    return f"the process converting this file stopped abruptly (exit status {code})"
