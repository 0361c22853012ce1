"""pdfminer.six's CJK CMap files, fetched only when a document needs one (the browser page).

pdfminer.six ships about 150 predefined CMaps and ToUnicode tables for Chinese, Japanese and
Korean fonts (``pdfminer/cmap/*.json.gz``, 6.4 of its wheel's 6.6 MB), read from its package
folder the first time a font names one. The page vendors the wheel without them
(``scripts/vendor_web.py`` puts them in ``static/vendor/cmaps/`` and lists each with its size and
sha256 in the wheel manifest), and the worker calls :func:`install` with a function that fetches
one file synchronously: when pdfminer does not find a CMap, the file is fetched, checked against
its sha256 and written where pdfminer looks, and pdfminer reads it as if it had always been
there. A document without CJK fonts fetches nothing; a Japanese one fetches the two or three
files its fonts name (the service worker keeps them for offline use).

On CPython the files are in the package and this module is never used.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pdfminer import cmapdb

PACKAGE_DIR = Path(cmapdb.__file__).resolve().parent / "cmap"
"""Where pdfminer.six looks for its CMaps after ``$CMAP_PATH``."""

_installed: dict[str, Any] = {}


def _as_bytes(data: Any) -> bytes | None:
    """What the fetch function gave: bytes, a buffer, or a Pyodide proxy of a Uint8Array."""
    if data is None:
        return None
    if hasattr(data, "to_py"):
        data = data.to_py()
    return bytes(data)


def fetch_into(name: str, fetch: Callable[[str], Any], index: dict[str, dict[str, Any]],
               directory: Path = PACKAGE_DIR) -> bool:
    """Fetch the CMap file ``name`` (a key of ``index``), check its sha256 and write it to
    ``directory`` as ``name.json.gz``. False when the name is not known, the fetch fails (offline
    before the file was ever fetched) or the bytes do not match."""
    entry = index.get(name)
    if entry is None:
        return False  # only the files the manifest lists: a name from the PDF is not a path
    try:
        data = _as_bytes(fetch(name))
    except Exception:  # noqa: BLE001 - no network: pdfminer goes on without the CMap
        return False
    if data is None or hashlib.sha256(data).hexdigest() != entry.get("sha256"):
        return False
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{name}.json.gz").write_bytes(data)
    return True


def install(fetch: Callable[[str], Any], index: str | dict[str, dict[str, Any]],
            directory: Path = PACKAGE_DIR) -> None:
    """Make pdfminer.six fetch a CMap it cannot find with ``fetch(name)`` (bytes, or None when
    it cannot be had). ``index`` maps each available name to ``{"size", "sha256"}`` (JSON text
    or a dict). Calling it again replaces the fetch function and the index."""
    if isinstance(index, str):
        index = json.loads(index)
    elif hasattr(index, "to_py"):
        index = index.to_py()
    _installed["fetch"] = fetch
    _installed["index"] = dict(index)  # type: ignore[arg-type]
    _installed["directory"] = directory
    if "original" in _installed:
        return
    original = cmapdb.CMapDB.__dict__["_load_data"].__func__
    _installed["original"] = original

    def _load_data(cls: type, name: str) -> type:
        try:
            return original(cls, name)
        except cmapdb.CMapDB.CMapNotFound:
            clean = name.replace("\0", "")
            if fetch_into(clean, _installed["fetch"], _installed["index"], _installed["directory"]):
                return original(cls, name)
            if clean in _installed["index"]:
                _installed.setdefault("unavailable", set()).add(clean)
            raise

    cmapdb.CMapDB._load_data = classmethod(_load_data)  # type: ignore[method-assign, assignment]


def take_unavailable() -> list[str]:
    """The CMaps that fonts asked for and could not be fetched (offline before they were ever
    fetched) since the last call, sorted; the page tells the reader why those characters are
    missing, instead of blaming the PDF's fonts."""
    return sorted(_installed.pop("unavailable", set()))


def uninstall() -> None:
    """Give pdfminer.six its own loader back (tests)."""
    original = _installed.pop("original", None)
    if original is not None:
        cmapdb.CMapDB._load_data = classmethod(original)  # type: ignore[method-assign, assignment]
    _installed.clear()
