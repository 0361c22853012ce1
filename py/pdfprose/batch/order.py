"""The order a batch hands its files out in: the largest first.

Each worker takes the next file when it is free, so the batch ends when the last worker ends;
a long file handed out last leaves the other workers idle while it converts. Handing the long
files out first (the "longest processing time first" rule) keeps the workers' ends together.
A file's cost is not known before it is converted; its size is the proxy that costs nothing (a
``stat``). Measured on the shared corpus (101 PDFs, the conversion's CPU seconds per file of one
worker, 2026-12-03): size and CPU time correlate at 0.60 (page count at 0.88, but counting pages
means opening each PDF); dealt to two workers, the corpus's real files in their input order
allow at most 1.89x the pages per second of one worker, largest first 2.00x; 2,000 random orders
of all 101 files allow 1.96x on average and 1.85x at the fifth percentile, largest first 2.00x.

Files whose size is not known without a request (object storage) keep their input order, after
the local files. The texts' names never depend on this order (:func:`.sources.plan` gives them
in input order), and each job keeps its input place in ``Job.index``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from .sources import Found, Job


def local_size(item: Found) -> int | None:
    """The size of a local input in bytes; None for a URL or a file that cannot be seen (it
    fails when its turn comes, with its reason)."""
    if item.system:
        return None
    try:
        return os.stat(item.path).st_size
    except OSError:
        return None


def largest_first(jobs: Sequence[Job], sizes: Sequence[int | None]) -> list[Job]:
    """``jobs`` ordered by ``sizes`` (one per job, bytes), the largest first; jobs of equal
    size, and those of unknown size (last), keep their input order."""
    if len(jobs) != len(sizes):
        raise ValueError(f"{len(jobs)} jobs but {len(sizes)} sizes")
    known = sorted((i for i, size in enumerate(sizes) if size is not None),
                   key=lambda i: -sizes[i])  # type: ignore[operator]
    unknown = [i for i, size in enumerate(sizes) if size is None]
    return [jobs[i] for i in known + unknown]
