"""The worker's stand-in for charset_normalizer (LAZY_IMPORTS in app/engine/runtime.js), run on
CPython.

pdfminer.utils imports charset_normalizer at its top but uses it only to guess the encoding of
odd metadata strings; the worker puts a stand-in module in its place so that the import costs
nothing at start-up. Checked here in a fresh interpreter: importing pdfminer does not import
the package, the first use does, and the answer is the real package's.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import json, sys
import pdfminer.utils
out = {"imported_at_start": "charset_normalizer.api" in sys.modules,
       "stand_in": type(sys.modules["charset_normalizer"]).__name__}
sample = "Grüße aus Köln, déjà vu".encode("latin-1")
out["text"] = pdfminer.utils.make_compat_str(sample)
out["imported_after_use"] = "charset_normalizer.api" in sys.modules
out["real"] = type(sys.modules["charset_normalizer"]).__name__
out["again"] = pdfminer.utils.make_compat_str(sample)
print(json.dumps(out))
"""


def lazy_imports() -> str:
    source = (REPO_ROOT / "app" / "engine" / "runtime.js").read_text(encoding="utf-8")
    match = re.search(r"const LAZY_IMPORTS = `(.*?)`;", source, re.DOTALL)
    assert match, "LAZY_IMPORTS not found in app/engine/runtime.js"
    return match.group(1)


def run(code: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_charset_normalizer_is_imported_only_when_used() -> None:
    lazy = run(lazy_imports() + CHECK)
    plain = run(CHECK)
    assert lazy["imported_at_start"] is False
    assert lazy["stand_in"] == "_OnFirstUse"
    assert lazy["imported_after_use"] is True
    assert lazy["real"] == "module"
    assert plain["imported_at_start"] is True
    assert lazy["text"] == lazy["again"] == plain["text"]
