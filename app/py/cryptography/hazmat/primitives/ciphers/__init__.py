"""``Cipher(algorithms.AES(key), modes.CBC(iv), backend)``: raw AES-CBC through @noble/ciphers.

Same contract as the real package for what pdfminer.six calls: no padding is added or removed
(pdfminer strips PKCS#7 itself), ``update()`` returns whole 16-byte blocks and keeps the rest for
the next call, and ``finalize()`` refuses data that did not end on a block boundary.
"""

from __future__ import annotations

from typing import Any

from ....exceptions import AlreadyFinalized
from . import algorithms, modes

__all__ = ["Cipher", "CipherContext", "algorithms", "modes"]

BLOCK = 16


def _aes_cbc(encrypt: bool, key: bytes, iv: bytes, data: bytes) -> bytes:
    # Imported here, not at module import: the JS module exists only once the worker has
    # registered it, and importing this file must never fail (pdfminer imports it eagerly).
    import pdfprose_aes  # type: ignore[import-not-found]  # registered by app/engine/runtime.js
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    run = pdfprose_aes.cbc_encrypt if encrypt else pdfprose_aes.cbc_decrypt
    return bytes(run(to_js(key), to_js(iv), to_js(data)).to_bytes())


class CipherContext:
    """One encryption or decryption stream; chains CBC state across ``update`` calls."""

    def __init__(self, key: bytes, iv: bytes, encrypt: bool) -> None:
        self._key = key
        self._iv = iv
        self._encrypt = encrypt
        self._pending = b""
        self._finalized = False

    def update(self, data: bytes) -> bytes:
        if self._finalized:
            raise AlreadyFinalized("Context was already finalized.")
        buffer = self._pending + bytes(data)
        whole = len(buffer) - len(buffer) % BLOCK
        self._pending = buffer[whole:]
        if whole == 0:
            return b""
        chunk = buffer[:whole]
        out = _aes_cbc(self._encrypt, self._key, self._iv, chunk)
        # The next update continues the chain from the last ciphertext block.
        self._iv = out[-BLOCK:] if self._encrypt else chunk[-BLOCK:]
        return out

    def finalize(self) -> bytes:
        if self._finalized:
            raise AlreadyFinalized("Context was already finalized.")
        self._finalized = True
        if self._pending:
            raise ValueError("The length of the provided data is not a multiple of the block length.")
        return b""


class Cipher:
    """``Cipher(algorithms.AES(key), modes.CBC(iv), backend=None)``; other pairs are refused."""

    def __init__(self, algorithm: algorithms.AES, mode: modes.CBC, backend: Any = None) -> None:
        if not isinstance(algorithm, algorithms.AES) or not isinstance(mode, modes.CBC):
            raise NotImplementedError("the pdfprose browser build only provides AES-CBC")
        self.algorithm = algorithm
        self.mode = mode

    def encryptor(self) -> CipherContext:
        return CipherContext(self.algorithm.key, self.mode.initialization_vector, encrypt=True)

    def decryptor(self) -> CipherContext:
        return CipherContext(self.algorithm.key, self.mode.initialization_vector, encrypt=False)
