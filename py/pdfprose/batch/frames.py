"""The pipe protocol between a batch and its worker child: length-prefixed pickles.

Both ends are this package (the child is started by :class:`~pdfprose.batch.sandbox.Sandbox`
from the same interpreter), so pickle's trust model holds; the PDF's bytes travel as one
``bytes`` object without any text encoding.
"""

from __future__ import annotations

import pickle
import struct
from typing import Any, BinaryIO

HEADER = struct.Struct(">Q")
"""Each frame starts with its payload's length: 8 bytes, big-endian."""


class ClosedPipe(EOFError):
    """The other end closed the pipe (or died) before a whole frame came."""


def write_frame(stream: BinaryIO, obj: Any) -> None:
    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(payload)))
    stream.write(payload)
    stream.flush()


def read_exactly(stream: BinaryIO, size: int) -> bytes:
    chunks, missing = [], size
    while missing:
        chunk = stream.read(missing)
        if not chunk:
            raise ClosedPipe(f"the pipe closed {size - missing} bytes into a {size}-byte read")
        chunks.append(chunk)
        missing -= len(chunk)
    return b"".join(chunks)


def read_frame(stream: BinaryIO) -> Any:
    (size,) = HEADER.unpack(read_exactly(stream, HEADER.size))
    return pickle.loads(read_exactly(stream, size))
