"""The batch's progress on a terminal: tqdm's bar when tqdm is installed, a plain line if not.

tqdm is an optional dependency of the command line only (``pip install 'pdfprose[batch]'``):
the engine's wheel, which the browser loads, needs nothing of it. Off a terminal (a log file, a
pipe) there is no progress at all, only the failures and the summary.
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

PLAIN_EVERY_S = 0.5
"""Seconds between two redraws of the plain progress line (a terminal redrawn more often only
flickers)."""


class Progress:
    """Counts files as they finish; :meth:`say` prints a line above the bar."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.total, self.done, self.failed, self.pages = total, 0, 0, 0
        if enabled is None:
            enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self._bar: Any = None
        self._plain = False
        self._drawn = 0.0
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                self._plain = True
            else:
                self._bar = tqdm(total=total, unit="file", file=self.stream, dynamic_ncols=True,
                                 smoothing=0.05)

    def update(self, pages: int | None, failed: bool) -> None:
        self.done += 1
        self.failed += failed
        self.pages += pages or 0
        if self._bar is not None:
            self._bar.set_postfix_str(f"{self.pages} pages, {self.failed} failed", refresh=False)
            self._bar.update(1)
        elif self._plain and (time.monotonic() - self._drawn >= PLAIN_EVERY_S
                              or self.done == self.total):
            self._drawn = time.monotonic()
            self.stream.write(f"\r{self.done}/{self.total} files, {self.pages} pages, "
                              f"{self.failed} failed ")
            self.stream.flush()

    def say(self, line: str) -> None:
        if self._bar is not None:
            self._bar.write(line, file=self.stream)
            return
        if self._plain:
            self.stream.write("\r\x1b[K")  # clear the progress line, print, redraw later
            self._drawn = 0.0
        print(line, file=self.stream, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._plain and self.done:
            self.stream.write("\n")
            self.stream.flush()
            self._plain = False
