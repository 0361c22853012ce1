"""Cipher algorithms: only AES, the one pdfminer.six uses."""

from __future__ import annotations


class AES:
    """An AES key; like the real class, a key that is not 128, 192 or 256 bits is refused."""

    name = "AES"
    block_size = 128
    key_sizes = frozenset([128, 192, 256])

    def __init__(self, key: bytes) -> None:
        key = bytes(key)
        if len(key) * 8 not in self.key_sizes:
            raise ValueError(f"Invalid key size ({len(key) * 8}) for AES.")
        self.key = key

    @property
    def key_size(self) -> int:
        return len(self.key) * 8
