"""``OUTDIR/manifest.jsonl``: one JSON line per file of OUTDIR, what became of it.

While a batch runs, each file's line is appended as soon as the file is done (a batch that is
killed keeps what it did, and ``--resume`` starts from there); at the end the manifest is
written again whole, one line per file: the files of this run in the order of the inputs, after
the lines of earlier runs into the same OUTDIR about other files. When a file has several lines
(a run that was killed, then resumed), the last one is the file's.

Where OUTDIR is a URL whose file system cannot append (object stores), the lines are kept and
the whole manifest is written again every FLUSH_S seconds instead.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any, TextIO

from . import storage
from .task import FileResult

NAME = "manifest.jsonl"

FLUSH_S = 60.0
"""Seconds between two writes of the whole manifest where appending is impossible: at most a
minute of work is left for ``--resume`` to redo after a crash."""


class Manifest:
    """The manifest of ``outdir``: what earlier runs recorded (:meth:`previous`), and this run's
    lines (:meth:`add`, then :meth:`close`)."""

    def __init__(self, outdir: str) -> None:
        self.location = storage.join(outdir, NAME)
        self._earlier: dict[str, str] = {}  # key -> its last line, as written
        self._lines: dict[str, str] = {}  # this run's, by key
        self._order: list[str] = []  # this run's keys in input order
        self._log: TextIO | None = None
        self._written = 0.0
        self._load()

    def _load(self) -> None:
        try:
            data = storage.read_input(self.location, None)
        except (OSError, storage.InputTooLarge):
            return  # no manifest yet
        for line in data.decode("utf-8", "replace").splitlines():
            try:
                record = json.loads(line)
                # (Lines written before the key had the text's path, always, as "output".)
                key = record["key"] if "key" in record else record["output"]
                self._earlier[str(key)] = json.dumps(record, ensure_ascii=False)
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a crash: that file is done again

    def previous(self, key: str) -> dict[str, Any] | None:
        """The last line an earlier run wrote for the file whose key is ``key``."""
        line = self._earlier.get(key)
        return json.loads(line) if line is not None else None

    def expect(self, keys: list[str]) -> None:
        """This run's files' keys, in input order (the order of the manifest at the end)."""
        self._order = keys

    def add(self, result: FileResult) -> None:
        line = json.dumps(result.record(), ensure_ascii=False)
        self._lines[result.key] = line
        if storage.is_url(self.location):
            self._append_remote()
            return
        if self._log is None:
            os.makedirs(os.path.dirname(self.location) or ".", exist_ok=True)
            self._log = open(self.location, "a", encoding="utf-8")
        self._log.write(line + "\n")
        self._log.flush()

    def _append_remote(self) -> None:
        if time.monotonic() - self._written >= FLUSH_S:
            self._write_whole()

    def _write_whole(self) -> None:
        lines = [line for key, line in self._earlier.items() if key not in self._lines]
        lines += [self._lines[key] for key in self._order if key in self._lines]
        storage.write(self.location, ("\n".join(lines) + "\n" if lines else "").encode("utf-8"))
        self._written = time.monotonic()

    def close(self) -> None:
        """Write the manifest whole: one line per file."""
        if self._log is not None:
            self._log.close()
            self._log = None
        if self._lines or not storage.exists(self.location):
            self._write_whole()
