"""The set-up's own transforms (``scripts/vendor_web.py``): zips stored for the server's
brotli, the precompressed copies, the page's limits read from the engine, and the service
worker's list with each file's hash."""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.util
import json
import os
import shutil
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vendor_web", ROOT / "scripts" / "vendor_web.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VENDOR_WEB = _load()


def test_a_zip_is_stored_whole_with_the_same_entries(tmp_path: Path) -> None:
    source = tmp_path / "in.whl"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("pkg/__init__.py", (2020, 1, 2, 3, 4, 6)), "x = 1\n" * 100)
        z.writestr(zipfile.ZipInfo("pkg/__pycache__/m.cpython-314.pyc", (2020, 1, 2, 3, 4, 6)), bytes(range(256)))
    VENDOR_WEB.store_uncompressed(source, tmp_path / "a.whl")
    VENDOR_WEB.store_uncompressed(source, tmp_path / "b.whl")
    assert (tmp_path / "a.whl").read_bytes() == (tmp_path / "b.whl").read_bytes()  # deterministic
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(tmp_path / "a.whl") as after:
        assert [i.filename for i in after.infolist()] == [i.filename for i in before.infolist()]
        assert all(i.compress_type == zipfile.ZIP_STORED for i in after.infolist())
        assert [i.date_time for i in after.infolist()] == [i.date_time for i in before.infolist()]
        assert all(after.read(n) == before.read(n) for n in before.namelist())
    VENDOR_WEB.store_uncompressed(tmp_path / "a.whl", tmp_path / "a.whl")  # in place
    assert zipfile.ZipFile(tmp_path / "a.whl").testzip() is None


def test_the_page_s_limits_are_the_engine_s() -> None:
    from pdfprose import options

    assert VENDOR_WEB.limit_values() == {"MAX_FILE_BYTES": options.MAX_FILE_BYTES, "MAX_PAGES": options.MAX_PAGES}


def test_limits_are_read_without_running_the_module(tmp_path: Path) -> None:
    source = tmp_path / "options.py"
    source.write_text("from .x import y\nMAX_FILE_BYTES: int = 3 * 1000 * 1000\nMAX_PAGES = 70\n", encoding="utf-8")
    assert VENDOR_WEB.limit_values(source) == {"MAX_FILE_BYTES": 3_000_000, "MAX_PAGES": 70}
    source.write_text("MAX_FILE_BYTES = int('3')\nMAX_PAGES = 70\n", encoding="utf-8")
    with pytest.raises(ValueError, match="integer or a product"):
        VENDOR_WEB.limit_values(source)


def test_the_generated_limits_module_states_them() -> None:
    limits = ROOT / "static" / "vendor" / "limits.mjs"
    if not limits.is_file():
        pytest.skip("static/vendor is not set up (./dev test does it)")
    from pdfprose import options

    text = limits.read_text(encoding="utf-8")
    assert f"export const MAX_FILE_BYTES = {options.MAX_FILE_BYTES};" in text
    assert f"export const MAX_PAGES = {options.MAX_PAGES};" in text


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
def test_precompressed_copies_follow_their_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vendor, wheels = tmp_path / "static" / "vendor", tmp_path / "static" / "wheels"
    (vendor / "cmaps").mkdir(parents=True)
    wheels.mkdir(parents=True)
    data = json.dumps({"words": ["lantern", "meadow"] * 300}).encode()
    (vendor / "lock.json").write_bytes(data)
    (vendor / "small.json").write_bytes(b"{}")
    cmap = gzip.compress(b'{"cmap": 1}' * 200)
    (vendor / "cmaps" / "UniJIS-UCS2-H.json.gz").write_bytes(cmap)
    for name, value in (("ROOT", tmp_path), ("VENDOR", vendor), ("WHEELS", wheels),
                        ("PRECOMPRESS_STAMP", tmp_path / "build" / "precompressed.json")):
        monkeypatch.setattr(VENDOR_WEB, name, value)
    VENDOR_WEB.precompress()
    assert gzip.decompress((vendor / "lock.json.gz").read_bytes()) == data
    assert 0 < (vendor / "lock.json.br").stat().st_size < len(data) / 5
    assert not (vendor / "small.json.br").exists()  # too small to gain
    # The CMaps are gzip files already, read as such by the engine: left alone.
    assert (vendor / "cmaps" / "UniJIS-UCS2-H.json.gz").read_bytes() == cmap
    assert not list((vendor / "cmaps").glob("*.br"))
    made = (vendor / "lock.json.br").stat().st_mtime_ns
    VENDOR_WEB.precompress()  # nothing changed: nothing compressed again
    assert (vendor / "lock.json.br").stat().st_mtime_ns == made
    (vendor / "lock.json").unlink()
    VENDOR_WEB.precompress()  # its copies go with it
    assert not (vendor / "lock.json.br").exists() and not (vendor / "lock.json.gz").exists()
    assert (vendor / "cmaps" / "UniJIS-UCS2-H.json.gz").read_bytes() == cmap


def _sri(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def test_the_service_worker_s_list_has_every_file_s_hash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not (ROOT / "static" / "vendor" / "cmaps" / "index.json").is_file():
        pytest.skip("static/vendor is not set up (./dev test does it)")
    precache = tmp_path / "precache.js"  # made afresh: the files may have changed since set-up
    monkeypatch.setattr(VENDOR_WEB, "PRECACHE_OUT", precache)
    VENDOR_WEB.write_precache()
    text = precache.read_text(encoding="utf-8")
    listing = json.loads(text[text.index("{"):text.rindex("}") + 1])
    files = {f["url"]: f for f in listing["files"]}
    assert files["./"]["integrity"] == _sri(ROOT / "index.html")
    for url, entry in files.items():
        if url != "./":
            assert entry["integrity"] == _sri(ROOT / url), url
    assert {"static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyodide/python_stdlib.zip", "app/main.js"} <= files.keys()
    assert not [u for u in files if Path(u).name.startswith(".") or u.endswith((".br", ".gz"))]
    index = json.loads((ROOT / "static" / "vendor" / "cmaps" / "index.json").read_text(encoding="utf-8"))
    assert listing["cmaps"] == {
        f"{name}.json.gz": "sha256-" + base64.b64encode(bytes.fromhex(meta["sha256"])).decode()
        for name, meta in index.items()
    }


def test_the_engine_wheel_is_rebuilt_only_when_its_code_changes(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The fingerprint that decides a rebuild of the engine wheel follows the content of py/ and
    pyproject.toml: not the README (a README commit rebuilt the wheel), not dates (copied
    files), not the caches an import leaves."""
    module = tmp_path / "py" / "pdfprose" / "core.py"
    module.parent.mkdir(parents=True)
    module.write_text("VALUE = 1\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pdfprose"\nreadme = "README.md"\n')
    readme = tmp_path / "README.md"
    readme.write_text("# pdfprose\n")
    monkeypatch.setattr(VENDOR_WEB, "ROOT", tmp_path)
    first = VENDOR_WEB.engine_fingerprint()
    readme.write_text("# pdfprose\n\nA new paragraph of documentation.\n")
    (module.parent / "__pycache__").mkdir()
    (module.parent / "__pycache__" / "core.cpython-313.pyc").write_bytes(b"\0cache")
    (tmp_path / "py" / "pdfprose.egg-info").mkdir()
    (tmp_path / "py" / "pdfprose.egg-info" / "PKG-INFO").write_text("Name: pdfprose\n")
    os.utime(module, (1, 1))  # the same content, another date
    assert VENDOR_WEB.engine_fingerprint() == first
    assert readme in VENDOR_WEB.engine_sources()  # still built from it (pyproject names it)
    module.write_text("VALUE = 2\n")
    assert VENDOR_WEB.engine_fingerprint() != first
    module.write_text("VALUE = 1\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pdfprose"\nversion = "2"\n')
    assert VENDOR_WEB.engine_fingerprint() != first


def test_a_module_is_copied_at_its_pinned_version_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The footnote plugin is copied as markdown-it is: under a header naming it and its
    version, without its source map's comment, and refused at any other version."""
    monkeypatch.setattr(VENDOR_WEB, "ROOT", tmp_path)
    package = tmp_path / "node_modules" / "markdown-it-footnote"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"version": "4.0.0"}), encoding="utf-8")
    (package / "index.mjs").write_text("export default function f () {}\n//# sourceMappingURL=x.map\n",
                                       encoding="utf-8")
    out = tmp_path / "footnote.mjs"
    VENDOR_WEB.copy_module(package, "index.mjs", out, "4.0.0")
    assert out.read_text(encoding="utf-8") == (
        "// markdown-it-footnote 4.0.0 (MIT), copied by scripts/vendor_web.py from index.mjs\n"
        "export default function f () {}\n")
    with pytest.raises(SystemExit, match="has markdown-it-footnote 4.0.0, want 4.0.1"):
        VENDOR_WEB.copy_module(package, "index.mjs", out, "4.0.1")
