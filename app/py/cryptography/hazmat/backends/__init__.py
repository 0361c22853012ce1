"""``default_backend()``: pdfminer passes it to ``Cipher``; there is only one backend here."""

from __future__ import annotations


class _NobleBackend:
    """Marker object: AES runs in @noble/ciphers whatever backend is named."""

    name = "noble-ciphers"


_BACKEND = _NobleBackend()


def default_backend() -> _NobleBackend:
    return _BACKEND
