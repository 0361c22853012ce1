"""The worker child of a batch: ``python -m pdfprose.batch.child [--memory-mb N]``.

It imports the engine once, limits its own address space (``RLIMIT_AS``, where the platform has
it), says it is ready, then converts one file per request read from standard input
(:mod:`pdfprose.batch.frames`) and answers on the standard output it was given, until standard
input closes. The parent (:class:`~pdfprose.batch.sandbox.Sandbox`) enforces the time limit by
killing it. Anything the engine or a library prints goes to standard error, never into the
answers.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
import time
from typing import Any, BinaryIO

from pdfprose import Options

from .frames import ClosedPipe, read_frame, write_frame
from .outcome import convert_bytes, unexpected
from .limits import limit_memory, peak_rss_kb

PARENT_POLL_S = 1.0
"""How often (seconds) the child checks that the batch that started it is still alive: a child
left behind by a killed batch stops within a second, even in the middle of a file that stalls."""


def watch_parent(parent: int) -> None:
    """Exit when the process that started this one is gone (its pipes may stay open in a
    grandchild, and a stalled conversion would never read their end)."""
    while True:
        time.sleep(PARENT_POLL_S)
        if os.getppid() != parent:
            os._exit(3)


def serve(requests: BinaryIO, answers: BinaryIO, memory_mb: int | None) -> None:
    while True:
        try:
            request: dict[str, Any] = read_frame(requests)
        except ClosedPipe:
            return
        began = time.process_time()
        try:
            options = Options(**request.get("options", {}))
            outcome = convert_bytes(request["data"], options, request.get("password", ""),
                                    memory_mb=memory_mb)
            del request
            answer = outcome.to_dict()
        except MemoryError as exc:  # outside the engine's own nets (copying the result, ...)
            request = None  # let the PDF's bytes go before anything else is allocated
            answer = unexpected(None, exc, memory_mb).to_dict()
        write_frame(answers, {"outcome": answer, "peak_rss_kb": peak_rss_kb(),
                              "cpu_seconds": time.process_time() - began})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pdfprose.batch.child")
    parser.add_argument("--memory-mb", type=int, default=None)
    args = parser.parse_args(argv)
    # Ctrl-C in a terminal reaches the whole foreground group: the batch stops its children
    # itself, so a child never prints a KeyboardInterrupt traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    logging.disable(logging.WARNING)  # pdfminer's warnings are the engine's notices already
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
    limited = limit_memory(args.memory_mb)
    write_frame(answers, {"ready": True, "pid": os.getpid(), "memory_limited": limited})
    serve(sys.stdin.buffer, answers, args.memory_mb)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
