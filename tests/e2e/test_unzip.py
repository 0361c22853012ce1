"""app/engine/unzip.js, the worker's wheel unpacker, against Python's zipfile on the same bytes.

Run in the booted page (the module is imported there as the worker imports it): every vendored
wheel gives the same files with the same bytes, and a zip naming a path outside its folder is
refused.
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile

import pytest

from .conftest import REPO_ROOT, App

# Unzips the base64 zip given (or the wheel at `url`): {path: sha256 hex}, or {error}.
UNZIP = """async ({ url, data }) => {
  const { unzip } = await import('./app/engine/unzip.js');
  const buffer = url ? await (await fetch(url)).arrayBuffer()
                     : Uint8Array.from(atob(data), (c) => c.charCodeAt(0)).buffer;
  try {
    const out = {};
    for (const [name, bytes] of await unzip(buffer)) {
      const digest = await crypto.subtle.digest('SHA-256', bytes);
      out[name] = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    }
    return out;
  } catch (err) {
    return { error: String(err.message) };
  }
}"""


def python_files(data: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist() if not i.is_dir()}


def test_every_wheel_unzips_as_python_reads_it(app: App) -> None:
    wheels = sorted((REPO_ROOT / "static" / "wheels").glob("*.whl"))
    if not wheels:
        pytest.skip("static/wheels is not set up (./dev test does it)")
    for wheel in wheels:
        got = app.page.evaluate(UNZIP, {"url": f"static/wheels/{wheel.name}", "data": None})
        assert got == python_files(wheel.read_bytes()), wheel.name


def test_stored_files_and_an_escaping_path(app: App) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(zipfile.ZipInfo("pkg/"), b"")
        z.writestr(zipfile.ZipInfo("pkg/stored.txt"), b"kept as it is")  # ZIP_STORED
        z.writestr("pkg/deflated.txt", b"squeezed " * 200, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("pkg/empty.txt", b"", compress_type=zipfile.ZIP_DEFLATED)
    data = buffer.getvalue()
    got = app.page.evaluate(UNZIP, {"url": None, "data": base64.b64encode(data).decode()})
    assert got == python_files(data)
    assert sorted(got) == ["pkg/deflated.txt", "pkg/empty.txt", "pkg/stored.txt"]

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("../outside.py", b"print('no')")
    got = app.page.evaluate(UNZIP, {"url": None, "data": base64.b64encode(buffer.getvalue()).decode()})
    assert got == {"error": "unsafe path in zip: ../outside.py"}
