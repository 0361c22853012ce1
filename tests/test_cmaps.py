"""pdfprose.pdf.cmaps: a CMap pdfminer.six does not find is fetched, checked and then read.

In the browser pdfminer's CMap files are not in its wheel (scripts/vendor_web.py); the worker
installs a fetch function. Here the files are in the package, so the tests use a name pdfminer
does not ship, and a folder of their own.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest
from pdfminer.cmapdb import CMapDB

from pdfprose.pdf import cmaps

NAME = "PdfproseTest-H"


def _cmap_file() -> bytes:
    body = {"CODE2CID": {"65": 1, "66": 2}, "IS_VERTICAL": False}
    return gzip.compress(json.dumps(body).encode("utf-8"), mtime=0)


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CMAP_PATH", str(tmp_path))  # pdfminer looks here first
    CMapDB._cmap_cache.pop(NAME, None)
    yield tmp_path
    cmaps.uninstall()
    CMapDB._cmap_cache.pop(NAME, None)


def test_a_missing_cmap_is_fetched_once_and_read(folder: Path) -> None:
    data = _cmap_file()
    calls: list[str] = []

    def fetch(name: str) -> bytes:
        calls.append(name)
        return data

    cmaps.install(fetch, json.dumps({NAME: {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}}),
                  directory=folder)
    cmap = CMapDB.get_cmap(NAME)
    assert list(cmap.decode(b"AB")) == [1, 2]
    assert calls == [NAME]
    assert (folder / f"{NAME}.json.gz").read_bytes() == data
    CMapDB._cmap_cache.pop(NAME, None)
    CMapDB.get_cmap(NAME)
    assert calls == [NAME]  # on disk now: not fetched again


def test_bytes_that_do_not_match_their_hash_are_refused(folder: Path) -> None:
    cmaps.install(lambda name: b"not the file", {NAME: {"size": 12, "sha256": "0" * 64}}, directory=folder)
    with pytest.raises(CMapDB.CMapNotFound):
        CMapDB._load_data(NAME)
    assert not (folder / f"{NAME}.json.gz").exists()


def test_names_the_manifest_does_not_list_are_never_fetched(folder: Path) -> None:
    calls: list[str] = []
    cmaps.install(lambda name: calls.append(name), {}, directory=folder)
    with pytest.raises(CMapDB.CMapNotFound):
        CMapDB._load_data("../../etc/passwd")
    assert calls == []


def test_a_failing_fetch_leaves_pdfminer_without_the_cmap(folder: Path) -> None:
    def offline(name: str) -> bytes:
        raise OSError("offline")

    cmaps.install(offline, {NAME: {"size": 1, "sha256": "0" * 64}}, directory=folder)
    with pytest.raises(CMapDB.CMapNotFound):
        CMapDB._load_data(NAME)
    # The page says why the characters are missing (offline), once per document.
    assert cmaps.take_unavailable() == [NAME]
    assert cmaps.take_unavailable() == []


def test_a_name_the_manifest_does_not_list_is_not_called_unavailable(folder: Path) -> None:
    cmaps.install(lambda name: None, {}, directory=folder)
    with pytest.raises(CMapDB.CMapNotFound):
        CMapDB._load_data(NAME)
    assert cmaps.take_unavailable() == []


def test_shipped_cmaps_are_read_without_fetching(folder: Path) -> None:
    cmaps.install(lambda name: pytest.fail(f"fetched {name}"), {}, directory=folder)
    assert CMapDB.get_cmap("90ms-RKSJ-H") is not None
