"""The browser's ``cryptography`` stand-in (app/py/cryptography), checked on CPython.

In the browser it calls @noble/ciphers through the JS module ``pdfprose_aes``; here a fake of
that module runs the real ``cryptography`` in one shot, so the stand-in's own logic (block
buffering across ``update`` calls, CBC chaining, ``finalize``, argument checks) is compared with
the real library. The in-browser tests in test_page.py cover the noble side on real AES files.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
COMPAT_DIR = REPO_ROOT / "app" / "py" / "cryptography"
COMPAT_NAME = "pdfprose_browser_cryptography"  # the real ``cryptography`` stays importable
cryptography_ciphers = pytest.importorskip("cryptography.hazmat.primitives.ciphers")
RealCipher = cryptography_ciphers.Cipher
real_algorithms = cryptography_ciphers.algorithms
real_modes = cryptography_ciphers.modes


class _JsBytes:
    """What a JS Uint8Array looks like from Python in Pyodide: ``to_bytes()``."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def to_bytes(self) -> bytes:
        return self._data


def _fake_noble(encrypt: bool):
    def run(key: bytes, iv: bytes, data: bytes) -> _JsBytes:
        cipher = RealCipher(real_algorithms.AES(bytes(key)), real_modes.CBC(bytes(iv)))
        context = cipher.encryptor() if encrypt else cipher.decryptor()
        return _JsBytes(context.update(bytes(data)) + context.finalize())

    return run


@pytest.fixture
def compat(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    """The stand-in imported under another name, beside the real ``cryptography`` (which the
    fake bridge needs: it resolves some of its own modules lazily)."""
    bridge = types.ModuleType("pdfprose_aes")
    bridge.cbc_encrypt = _fake_noble(True)
    bridge.cbc_decrypt = _fake_noble(False)
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.to_js = bytes  # in Pyodide: a Uint8Array copy of the bytes
    pyodide.ffi = ffi
    for name, module in {"pdfprose_aes": bridge, "pyodide": pyodide, "pyodide.ffi": ffi}.items():
        monkeypatch.setitem(sys.modules, name, module)
    package = COMPAT_DIR / "__init__.py"
    spec = importlib.util.spec_from_file_location(COMPAT_NAME, package, submodule_search_locations=[str(COMPAT_DIR)])
    assert spec and spec.loader
    root = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, COMPAT_NAME, root)
    spec.loader.exec_module(root)
    try:
        yield importlib.import_module(f"{COMPAT_NAME}.hazmat.primitives.ciphers")
    finally:
        for name in [n for n in sys.modules if n.startswith(f"{COMPAT_NAME}.")]:
            del sys.modules[name]


def _real(encrypt: bool, key: bytes, iv: bytes, data: bytes) -> bytes:
    cipher = RealCipher(real_algorithms.AES(key), real_modes.CBC(iv))
    context = cipher.encryptor() if encrypt else cipher.decryptor()
    return context.update(data) + context.finalize()


def test_pdfminer_names_exist(compat: types.ModuleType) -> None:
    backends = importlib.import_module(f"{COMPAT_NAME}.hazmat.backends")
    assert backends.default_backend() is not None
    assert compat.Cipher and compat.algorithms.AES and compat.modes.CBC


@pytest.mark.parametrize("key_bytes", [16, 32])
@pytest.mark.parametrize("encrypt", [True, False])
def test_chunked_updates_match_one_real_pass(compat: types.ModuleType, key_bytes: int, encrypt: bool) -> None:
    key, iv, data = os.urandom(key_bytes), os.urandom(16), os.urandom(16 * 9)
    context = compat.Cipher(compat.algorithms.AES(key), compat.modes.CBC(iv), None)
    context = context.encryptor() if encrypt else context.decryptor()
    out = b"".join(context.update(data[a:b]) for a, b in [(0, 7), (7, 40), (40, 41), (41, 144)])
    assert out + context.finalize() == _real(encrypt, key, iv, data)


def test_update_returns_whole_blocks_only(compat: types.ModuleType) -> None:
    # pdfminer calls update() alone, without finalize(): a ragged tail is dropped, as in the real one.
    key, iv = os.urandom(16), os.urandom(16)
    data = os.urandom(40)
    context = compat.Cipher(compat.algorithms.AES(key), compat.modes.CBC(iv)).decryptor()
    assert context.update(data) == _real(False, key, iv, data[:32])
    with pytest.raises(ValueError):
        context.finalize()


def test_empty_input_and_refusals(compat: types.ModuleType) -> None:
    cipher = compat.Cipher(compat.algorithms.AES(bytes(16)), compat.modes.CBC(bytes(16)))
    assert cipher.decryptor().update(b"") == b""
    with pytest.raises(ValueError):
        compat.algorithms.AES(bytes(15))
    with pytest.raises(ValueError):
        compat.modes.CBC(bytes(8))
