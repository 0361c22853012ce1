"""Fixtures shared by every test: where the repository and the shared corpus are.

The corpus lives beside the repository (``../shared/corpus``), not in it; tests that need a file
from it skip with a reason when it is absent. Browser fixtures are in tests/e2e/conftest.py.
"""

from __future__ import annotations

from collections.abc import Callable
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
