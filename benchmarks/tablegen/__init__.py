"""Generated PDFs with known tables (issue 23's table benchmark), made at run time, never
committed.

``generate(seed, n_tables)`` yields :class:`GeneratedDoc` records, each a PDF and its truth:
about ``n_tables`` tables shared evenly by the table families (:mod:`.families`), then the
negative pages (:mod:`.negatives`): ``n_tables // 6`` pages each of prose in two, three and
four columns and ``n_tables // 60`` (at least two) each of a table of contents, a numbered list
and a form. Each document's random source is seeded with ``"{seed}/{family}/{index}"``, so a
document is the same bytes whatever else is generated with it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator

from .families import TABLE_FAMILIES as BASE_FAMILIES
from .model import Cell, GeneratedDoc, TableTruth
from .negatives import NEGATIVE_FAMILIES
from .noted import make_notes

TABLE_FAMILIES = {**BASE_FAMILIES, "notes": make_notes}

FAMILIES = {**TABLE_FAMILIES, **NEGATIVE_FAMILIES}

__all__ = ["Cell", "FAMILIES", "GeneratedDoc", "NEGATIVE_FAMILIES", "TABLE_FAMILIES",
           "TableTruth", "generate", "make_doc", "negative_pages"]


def make_doc(seed: int, family: str, index: int) -> GeneratedDoc:
    """Document ``index`` of ``family`` for the run ``seed``."""
    rng = random.Random(f"{seed}/{family}/{index}")
    doc = FAMILIES[family](rng, f"{family}-{index:03d}")
    doc.seed = seed
    return doc


def negative_pages(n_tables: int, family: str) -> int:
    """How many documents of a negative family go with ``n_tables`` tables."""
    if family.startswith("prose_"):
        return max(1, n_tables // 6)
    return max(2, n_tables // 60)


def generate(seed: int, n_tables: int, families: Iterable[str] | None = None
             ) -> Iterator[GeneratedDoc]:
    """The documents of a run, family by family."""
    chosen = list(families) if families is not None else list(FAMILIES)
    unknown = [f for f in chosen if f not in FAMILIES]
    if unknown:
        raise ValueError(f"unknown families: {', '.join(unknown)}")
    table_families = [f for f in chosen if f in TABLE_FAMILIES]
    quota = math.ceil(n_tables / len(table_families)) if table_families else 0
    for family in table_families:
        made = 0
        index = 0
        while made < quota:
            doc = make_doc(seed, family, index)
            made += len(doc.tables)
            index += 1
            yield doc
    for family in chosen:
        if family in NEGATIVE_FAMILIES:
            for index in range(negative_pages(n_tables, family)):
                yield make_doc(seed, family, index)
