"""The page's modules: the engine side on hand-made data, in Node (no browser): the worker protocol's
catalogue, the output options, where pages start, the progress watch and the two-worker split's
state machine (tests/js/*.test.js, Node's own test runner); and what the page's code must not
hold (a module over 500 lines, a test hook, a limit of its own)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_engine_modules_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (./dev needs Node.js 20+)")
    tests = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.js"))
    assert tests, "tests/js has no tests"
    done = subprocess.run([node, "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout


APP = ROOT / "app"
SHIPPED = [*APP.rglob("*.js"), ROOT / "index.html", ROOT / "sw.js"]
MAX_MODULE_LINES = 500  # issue 27


def test_no_module_of_the_page_is_over_500_lines() -> None:
    long = {p.relative_to(ROOT).as_posix(): n for p in APP.rglob("*.js")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_the_shipped_page_has_no_fault_injection() -> None:
    """The browser tests' failures on purpose live in tests/e2e/hooks/, served only to them."""
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        for hook in ("test-crash", "crashForTest", "failPage", "testCrash", "pdfprose:test", "split-hold"):
            assert hook not in text, f"{path.relative_to(ROOT)}: {hook}"


def test_the_limits_are_defined_once_by_the_engine() -> None:
    """The page imports them from static/vendor/limits.mjs (made from pdfprose/options.py)."""
    for path in APP.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert "25 * 1000 * 1000" not in text and "25_000_000" not in text, path
        for name in ("MAX_FILE_BYTES", "MAX_PAGES"):
            assert f"const {name} =" not in text, path
