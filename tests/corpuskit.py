"""Whole-document conversions of corpus files, made once per test session (and, under
pytest-xdist, on one worker: the tests that read them are in :data:`WHOLE_DOCUMENTS_GROUP`)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pdfprose import Conversion

WHOLE_DOCUMENTS_GROUP = "whole-documents"
"""The xdist group of the tests that read :func:`converted` (tests/conftest.py puts those that
ask for the ``whole_document`` fixture in it; a module calling :func:`converted` itself marks
its tests): two workers would each convert the long documents again."""


@lru_cache(maxsize=6)
def converted(path: Path) -> "Conversion":
    """The whole-document conversion of ``path``, made once per test session: the long corpus
    documents (155, 117, 50 pages) are read by several test files, each for its own facts, and
    converting them again for each was most of the suite's time. Callers only read it (render,
    report, pages: rendering is pure) and never change it."""
    from pdfprose import convert  # here: collecting the tests imports no engine

    return convert(path.read_bytes())
