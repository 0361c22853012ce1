"""Cipher modes: only CBC, the one pdfminer.six uses."""

from __future__ import annotations


class CBC:
    """CBC with a 16-byte initialization vector (checked like the real class)."""

    name = "CBC"

    def __init__(self, initialization_vector: bytes) -> None:
        iv = bytes(initialization_vector)
        if len(iv) != 16:
            raise ValueError(f"Invalid IV size ({len(iv)}) for CBC.")
        self.initialization_vector = iv
