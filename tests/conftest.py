"""Fixtures shared by every test: where the repository and the shared corpus are, and the
paragraphs of one page of a corpus file; and how the suite is shared between pytest-xdist's
workers (:func:`pytest_xdist_auto_num_workers`, :func:`pytest_collection_modifyitems`).

The corpus lives beside the repository (``../shared/corpus``), not in it; tests that need a file
from it skip with a reason when it is absent. Browser fixtures are in tests/e2e/conftest.py.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest
from corpuskit import WHOLE_DOCUMENTS_GROUP, converted

REPO_ROOT = Path(__file__).resolve().parents[1]
CORPUS_DIR = (REPO_ROOT / ".." / "shared" / "corpus").resolve()
BROWSER_GROUP = "browser"
"""The xdist group of every test under tests/e2e: they share one Chromium and one booted page
(tests/e2e/conftest.py), so one worker runs them all rather than each worker booting its own."""
FIRST_GROUPS = (BROWSER_GROUP, "tests/corpus/test_probes.py", WHOLE_DOCUMENTS_GROUP)
"""The groups given to the workers first, longest first: the browser tests were 40 % of the
suite's time (durations of a whole run, 2026-12-03), and the probes' module fixture converts
every corpus file (a quarter of a minute of one core) before its first test; the long
documents' group was a tenth. Started last, any of them would leave one worker idle at the end
while the other finished it."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject.toml's addopts): the suite, or any directory of it, runs on one
    worker per core the process may use; a run of named files or tests runs in this process,
    since a worker costs a second interpreter collecting the tests (seconds) and a short file
    does not gain them back. ``-n N`` or PYTEST_XDIST_AUTO_NUM_WORKERS choose otherwise."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own implementation reads it
    if config.args and all(Path(arg.split("::")[0]).is_file() for arg in config.args):
        return 0
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def xdist_group(item: pytest.Item) -> str:
    """The work unit ``item`` belongs to (``--dist loadgroup``): an explicit ``xdist_group``
    mark, else the browser group or ``corpuskit.WHOLE_DOCUMENTS_GROUP``, else its file, so
    that a module's own fixtures and caches are built on one worker only."""
    mark = item.get_closest_marker("xdist_group")
    if mark is not None:
        return str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
    relative = Path(str(item.path)).resolve().relative_to(REPO_ROOT)
    if relative.parts[:2] == ("tests", "e2e"):
        return BROWSER_GROUP
    if "whole_document" in getattr(item, "fixturenames", ()):
        return WHOLE_DOCUMENTS_GROUP
    return relative.as_posix()


@pytest.hookimpl(tryfirst=True)  # before xdist reads the marks (its own hook, in each worker)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On xdist's workers: every test gets its group's mark, and the groups of
    :data:`FIRST_GROUPS` come first (with ``--no-loadscope-reorder``, units are handed out in
    this order). A run in one process keeps the collection's order."""
    if not hasattr(config, "workerinput"):
        return
    groups = {}
    for item in items:
        groups[item.nodeid] = group = xdist_group(item)
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(group))
    rank = {group: i for i, group in enumerate(FIRST_GROUPS)}
    items.sort(key=lambda item: rank.get(groups[item.nodeid], len(rank)))


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


@pytest.fixture
def whole_document(corpus_file: Callable[[str], Path]):  # type: ignore[no-untyped-def]
    """``whole_document("real/x.pdf")``: that file converted whole (``corpuskit.converted``,
    shared by the session), or a skip when the corpus file is absent."""
    return lambda name: converted(corpus_file(name))
