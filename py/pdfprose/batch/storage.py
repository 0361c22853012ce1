"""Where a batch reads PDFs and writes texts: local paths, or fsspec URLs when fsspec is there.

A location is a string: a local path, or a URL (``s3://``, ``gs://``, ``https://``,
``memory://``, ``file://`` ...) read and written through fsspec, an optional dependency that the
batch imports only when it meets a URL. Every read is bounded (a device such as ``/dev/zero``,
a pipe that never ends, standard input), and every local write is atomic, so that a batch killed
mid-file leaves no half-written text for ``--resume`` to take as done.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
import threading
from typing import Any, BinaryIO

from .settings import MB

URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")
"""A location with a scheme (``s3://``); anything else is a local path (``C:\\`` has no ``//``)."""

CHUNK_BYTES = 1 << 20
"""Bytes read at a time from a stream of unknown size (a pipe, a device): 1 MiB."""


class InputTooLarge(Exception):
    """An input holds more bytes than the limit (``size`` is None when it was a stream that was
    not read to its end)."""

    def __init__(self, limit: int, size: int | None = None) -> None:
        super().__init__(f"larger than {limit} bytes")
        self.limit, self.size = limit, size

    def words(self, what: str = "the file") -> str:
        return f"{what} is larger than the limit of {self.limit // MB} MB (--max-size)"


class MissingFsspec(ImportError):
    """A URL was given and fsspec is not installed."""


def is_url(location: str) -> bool:
    return bool(URL.match(location))


def fsspec_module() -> Any:
    try:
        import fsspec
    except ImportError as exc:
        raise MissingFsspec("URLs need fsspec (pip install fsspec, and s3fs, gcsfs ... for "
                            "their schemes)") from exc
    return fsspec


def filesystem(url: str) -> tuple[Any, str]:
    """fsspec's file system for ``url`` and the path within it."""
    return fsspec_module().core.url_to_fs(url)  # type: ignore[no-any-return]


def read_stream(stream: BinaryIO, limit: int | None) -> bytes:
    """All of ``stream``, refusing past ``limit`` bytes without reading further."""
    if limit is None:
        return stream.read()
    chunks, total = [], 0
    while True:
        chunk = stream.read(min(CHUNK_BYTES, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise InputTooLarge(limit)


def read_input(location: str, limit: int | None) -> bytes:
    """The bytes at ``location``; raises OSError (and InputTooLarge, MissingFsspec)."""
    if is_url(location):
        fs, path = filesystem(location)
        size = _size(fs, path)
        if limit is not None and size is not None and size > limit:
            raise InputTooLarge(limit, size)
        with fs.open(path, "rb") as stream:
            return read_stream(stream, limit)
    with open(location, "rb") as stream:
        info = os.fstat(stream.fileno())
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Is a directory")
        if stat.S_ISREG(info.st_mode) and limit is not None and info.st_size > limit:
            raise InputTooLarge(limit, info.st_size)
        return read_stream(stream, limit)


def _size(fs: Any, path: str) -> int | None:
    try:
        size = fs.size(path)
    except (OSError, NotImplementedError, ValueError):
        return None
    return size if isinstance(size, int) else None


def join(root: str, relative: str) -> str:
    """``relative`` (a POSIX path) under ``root`` (a folder or a URL)."""
    if is_url(root):
        return root.rstrip("/") + "/" + relative
    return os.path.join(root, *relative.split("/"))


def exists(location: str) -> bool:
    if is_url(location):
        fs, path = filesystem(location)
        return bool(fs.exists(path))
    return os.path.isfile(location)


def write(location: str, data: bytes) -> None:
    """Write ``data`` at ``location`` whole, making its folders: a local file through a
    temporary file in the same folder and a rename; a URL in one put (object stores make an
    object visible only once it is complete)."""
    if is_url(location):
        fs, path = filesystem(location)
        parent = posixpath.dirname(path)
        if parent:
            try:
                fs.makedirs(parent, exist_ok=True)
            except (OSError, NotImplementedError):
                pass  # object stores have no folders
        fs.pipe_file(path, data)
        return
    folder = os.path.dirname(location) or "."
    os.makedirs(folder, exist_ok=True)
    # Named by process and thread, so two writers never share one; not tempfile's, whose
    # permissions are private to the owner where a text should get the user's usual ones.
    temporary = os.path.join(folder, f".{os.path.basename(location)}.{os.getpid()}-"
                                     f"{threading.get_ident()}.part")
    try:
        with open(temporary, "wb") as out:
            out.write(data)
        os.replace(temporary, location)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
