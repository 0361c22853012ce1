"""What limits a converting process: its memory, its time, its signals.

Used by the worker child of a batch (memory) and by the command line for one file, which
converts in its own process (memory, time, SIGTERM).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from .settings import MB


class Interrupted(BaseException):
    """The program was asked to stop (SIGTERM; Ctrl-C is Python's KeyboardInterrupt).

    A BaseException, like KeyboardInterrupt, so that no ``except Exception`` on the way (the
    engine's safety nets) takes it for a failure of the file. ``status`` is the shell's exit
    status for it: 128 + the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + signum


class TimedOut(BaseException):
    """The file took longer than its time limit (see :func:`deadline`)."""


def raise_interrupted(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signum)


def limit_memory(memory_mb: int | None) -> bool:
    """Cap this process's address space at ``memory_mb`` (a MemoryError past it, not the
    system's out-of-memory killer); False where the platform cannot."""
    if not memory_mb:
        return False
    try:
        import resource

        limit = memory_mb * MB
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        return True
    except (ImportError, AttributeError, ValueError, OSError):
        return False  # Windows has no resource module; macOS refuses RLIMIT_AS


def peak_rss_kb() -> int:
    """The peak resident memory of this process so far, in KB (0 where unknown)."""
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (ImportError, AttributeError):
        return 0
    return peak // 1024 if sys.platform == "darwin" else peak  # macOS counts bytes


@contextmanager
def deadline(seconds: float | None) -> Iterator[bool]:
    """Raise :class:`TimedOut` in this thread after ``seconds`` (SIGALRM's interval timer);
    yields False, and limits nothing, where that cannot be done (Windows, a thread other than
    the main one, no limit asked). The previous handler is put back on the way out."""
    usable = (seconds is not None and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield False
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise TimedOut()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
