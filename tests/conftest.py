"""Fixtures shared by every test: where the repository and the shared corpus are, and the
paragraphs of one page of a corpus file.

The corpus lives beside the repository (``../shared/corpus``), not in it; tests that need a file
from it skip with a reason when it is absent. Browser fixtures are in tests/e2e/conftest.py.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
CORPUS_DIR = (REPO_ROOT / ".." / "shared" / "corpus").resolve()


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def corpus_file() -> Callable[[str], Path]:
    """``corpus_file("real/x.pdf")``: the path of a corpus file, or a skip when it is absent."""

    def find(relative: str) -> Path:
        path = CORPUS_DIR / relative
        if not path.is_file():
            pytest.skip(f"corpus file {relative} is absent (expected under {CORPUS_DIR})")
        return path

    return find


@lru_cache(maxsize=32)
def _page_paragraphs(path: Path, page: int) -> tuple[str, ...]:
    """The paragraphs of one page (1-based) as the page stages leave them, their lines joined
    by a space; only that page is analysed."""
    from pdfprose.engine.converter import Converter  # here: collecting the tests imports no engine

    converter = Converter(path.read_bytes(), first_page=page, last_page=page)
    for _ in converter:
        pass
    return tuple(" ".join(line.text for line in para.lines)
                 for para in converter.pages[0].paragraphs)


@pytest.fixture
def page_paragraphs(corpus_file: Callable[[str], Path]) -> Callable[[str, int], tuple[str, ...]]:
    """``page_paragraphs("real/x.pdf", 5)``: that page's paragraphs (:func:`_page_paragraphs`),
    or a skip when the corpus file is absent."""
    return lambda name, page: _page_paragraphs(corpus_file(name), page)
