"""A small PDF writer for hand-made test files, right ones and deliberately wrong ones.

The hostile-input suite (``benchmarks/hostile.py``) and the structure-aware mutations of the
fuzzer (``benchmarks/structured.py``) write PDFs object by object: bodies are raw PDF syntax
(bytes), so that anything can be written, including what no PDF library would write. What the
writer adds is the bookkeeping: object numbers, stream ``/Length`` (or a given lie), object
streams, and a cross-reference table or stream whose entries are the true offsets unless told
otherwise (``xref_offset``, ``xref_entries``, ``xref="none"``).

Also here: :func:`deflate_repeated`, a zlib stream of gigabytes of repeated bytes built in
time and memory proportional to its compressed size (decompression bombs, ten million
operators), and :func:`pdf_string` / :func:`pdf_number` for content syntax.
"""

from __future__ import annotations

import functools
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass

DEFLATE_CHUNK = 1 << 20
"""Bytes of repeated input compressed once by :func:`deflate_repeated` and then repeated as
compressed blocks (1 MiB: about 1 KB of Deflate output for a run of one byte)."""


@dataclass
class PdfObject:
    """One indirect object: ``body`` is its value in PDF syntax (the stream's dictionary for a
    stream, without ``/Length``, which the writer adds); ``data`` the stream's bytes as stored
    (already encoded); ``length`` the ``/Length`` value written instead of the true one (a lie:
    ``b"-5"``, ``b"99 0 R"``)."""

    body: bytes
    data: bytes | None = None
    length: bytes | None = None
    generation: int = 0


class PdfWriter:
    """Objects by number, written out with a cross-reference table or stream.

    ``add`` and ``stream`` give an object a number (the next free one, or ``num``); ``reserve``
    takes a number to fill later (for objects that refer to each other). ``pack`` puts objects
    into an object stream (then the file needs a cross-reference stream, which ``write`` picks).
    """

    def __init__(self, version: bytes = b"1.7") -> None:
        self.version = version
        self.objects: dict[int, PdfObject] = {}
        self.packed: dict[int, list[int]] = {}  # object stream number -> member numbers
        self._next = 1

    def reserve(self) -> int:
        num = self._next
        self._next += 1
        return num

    def add(self, body: bytes, *, num: int | None = None, generation: int = 0) -> int:
        return self._put(PdfObject(body, generation=generation), num)

    def stream(self, entries: bytes, data: bytes, *, flate: int = 0, num: int | None = None,
               length: bytes | None = None, filters: bytes | None = None) -> int:
        """A stream object: ``entries`` (dictionary entries, without ``<< >>`` and
        ``/Length``) and ``data``, compressed ``flate`` times with FlateDecode (the filter
        entry written to match) unless ``filters`` gives the ``/Filter`` value as written."""
        for _ in range(flate):
            data = zlib.compress(data, 9)
        if filters is None and flate:
            filters = b"/FlateDecode" if flate == 1 else b"[" + b" /FlateDecode" * flate + b" ]"
        if filters is not None:
            entries = entries + b" /Filter " + filters
        return self._put(PdfObject(b"<< " + entries + b" >>", data, length), num)

    def pack(self, members: list[int], *, num: int | None = None, extra: bytes = b"") -> int:
        """Move ``members`` (objects added already, no streams) into a Flate object stream;
        ``extra`` adds entries to its dictionary (``/Extends 7 0 R``). Returns its number."""
        num = self._put(PdfObject(extra), num)
        self.packed[num] = list(members)
        return num

    def put(self, num: int, obj: PdfObject) -> None:
        """Set object ``num`` as it is (a stream's ``data`` already encoded)."""
        self._put(obj, num)

    def _put(self, obj: PdfObject, num: int | None) -> int:
        if num is None:
            num = self.reserve()
        self.objects[num] = obj
        self._next = max(self._next, num + 1)
        return num

    # -- writing -----------------------------------------------------------------------------
    def _object_stream(self, num: int) -> bytes:
        members = self.packed[num]
        heads, bodies, offset = [], [], 0
        for member in members:
            body = self.objects[member].body + b"\n"
            heads.append(b"%d %d" % (member, offset))
            bodies.append(body)
            offset += len(body)
        head = b" ".join(heads) + b"\n"
        data = zlib.compress(head + b"".join(bodies), 9)
        extra = self.objects[num].body
        return (b"<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d %s >>\nstream\n"
                % (len(members), len(head), len(data), extra) + data + b"\nendstream")

    def _serialize(self, num: int) -> bytes:
        if num in self.packed:
            return self._object_stream(num)
        obj = self.objects[num]
        if obj.data is None:
            return obj.body
        length = obj.length if obj.length is not None else b"%d" % len(obj.data)
        body = obj.body
        assert body.endswith(b">>"), "a stream's body is its dictionary"
        return body[:-2] + b"/Length " + length + b" >>\nstream\n" + obj.data + b"\nendstream"

    def write(
        self,
        root: int,
        *,
        info: int | None = None,
        trailer: bytes = b"",
        xref: str = "auto",
        xref_offset: Callable[[int, int], int] | None = None,
        xref_entries: dict[int, tuple[int, int, int]] | None = None,
        xref_edit: Callable[[dict[int, tuple[int, int, int]]], dict[int, tuple[int, int, int]]]
        | None = None,
        startxref: int | None = None,
        tail: bytes = b"",
    ) -> bytes:
        """The file's bytes.

        ``trailer``: more trailer entries (``/Encrypt 9 0 R /ID [...]``). ``xref``: ``"table"``,
        ``"stream"`` (needed by packed objects, chosen by ``"auto"`` when there are any) or
        ``"none"`` (no cross-reference section, no ``startxref``: the reader must scan).
        The entries, ``(type, field 2, field 3)`` by object number as in a cross-reference
        stream (0 free, 1 at an offset, 2 in an object stream), are the true ones unless
        ``xref_offset(num, offset)`` gives another offset for an object, ``xref_entries`` forces
        some, or ``xref_edit`` returns them changed (entries of type 2 in a table are written
        free). ``startxref`` overrides the offset written after ``startxref``; ``tail`` is
        appended.
        """
        out = bytearray(b"%PDF-" + self.version + b"\n%\xe2\xe3\xcf\xd3\n")
        offsets: dict[int, int] = {}
        inside: dict[int, tuple[int, int]] = {}
        for container, members in self.packed.items():
            for index, member in enumerate(members):
                inside[member] = (container, index)
        for num in sorted(self.objects):
            if num in inside:
                continue
            offsets[num] = len(out)
            gen = self.objects[num].generation
            out += b"%d %d obj\n" % (num, gen) + self._serialize(num) + b"\nendobj\n"
        if xref == "auto":
            xref = "stream" if self.packed or xref_entries else "table"
        size = max(self.objects, default=0) + 1
        xref_at = len(out)
        if xref == "stream":
            offsets[size] = xref_at  # the cross-reference stream is an object too
            size += 1
        entries: dict[int, tuple[int, int, int]] = {}
        for num in range(1, size):
            if num in offsets:
                gen = self.objects[num].generation if num in self.objects else 0
                offset = xref_offset(num, offsets[num]) if xref_offset else offsets[num]
                entries[num] = (1, offset, gen)
            elif num in inside:
                entries[num] = (2, *inside[num])
            else:
                entries[num] = (0, 0, 0)
        entries.update(xref_entries or {})
        if xref_edit is not None:
            entries = xref_edit(entries)
        head = b"/Size %d /Root %d 0 R" % (size, root)
        if info is not None:
            head += b" /Info %d 0 R" % info
        if xref == "table":
            out += b"xref\n0 %d\n0000000000 65535 f \n" % size
            for num in range(1, size):
                kind, a, b = entries.get(num, (0, 0, 0))
                if kind == 1:
                    out += b"%010d %05d n \n" % (a % 10**10, b % 10**5)
                else:
                    out += b"0000000000 65535 f \n"
            out += b"trailer\n<< " + head + b" " + trailer + b" >>\n"
        elif xref == "stream":
            rows = bytearray(b"\x00\x00\x00\x00\x00\xff\xff")
            for num in range(1, size):
                kind, a, b = entries.get(num, (0, 0, 0))
                rows += bytes([kind % 256]) + (a % 2**32).to_bytes(4, "big") + (b % 2**16).to_bytes(2, "big")
            data = zlib.compress(bytes(rows), 9)
            out += (b"%d 0 obj\n<< /Type /XRef /W [1 4 2] " % (size - 1) + head + b" " + trailer
                    + b" /Filter /FlateDecode /Length %d >>\nstream\n" % len(data) + data
                    + b"\nendstream\nendobj\n")
        elif xref != "none":
            raise ValueError(f"unknown xref kind {xref!r}")
        if xref != "none":
            out += b"startxref\n%d\n%%%%EOF\n" % (xref_at if startxref is None else startxref)
        return bytes(out) + tail


# -- content syntax ---------------------------------------------------------------------------


def pdf_string(text: str) -> bytes:
    """``text`` (Latin-1) as a PDF literal string, parentheses and backslashes escaped."""
    raw = text.encode("latin-1")
    return b"(" + re.sub(rb"([()\\])", rb"\\\1", raw) + b")"


def pdf_number(value: float) -> bytes:
    """A real number in PDF syntax, which has no exponent: 1e308 is written with its 309
    digits, and a value past the largest double (``inf``) as 400 digits, which a reader
    computing in doubles turns into infinity."""
    if value != value:
        raise ValueError("NaN has no PDF syntax; compute it (inf - inf) from infinite operands")
    if value in (float("inf"), float("-inf")):
        return (b"-" if value < 0 else b"") + b"1" + b"0" * 400 + b".0"
    if float(value).is_integer():
        return b"%d.0" % int(value)
    return (b"%.6f" % value).rstrip(b"0")


def text_block(lines: list[str], x: float = 72, y: float = 720, size: float = 12,
               font: bytes = b"/F1") -> bytes:
    """A BT ... ET block showing ``lines`` one under the other."""
    out = [b"BT %s %g Tf %g TL %g %g Td" % (font, size, size * 1.3, x, y)]
    for i, line in enumerate(lines):
        out.append(pdf_string(line) + (b" Tj" if i == 0 else b" '"))
    out.append(b"ET")
    return b"\n".join(out) + b"\n"


# -- compressed repetition --------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def deflate_repeated(unit: bytes, count: int, prefix: bytes = b"", suffix: bytes = b"") -> bytes:
    """The zlib stream (RFC 1950) of ``prefix + unit * count + suffix``, made without ever
    holding the inflated bytes: a chunk of repeated units is compressed once after a full
    flush (so its blocks depend on no earlier data) and its compressed blocks repeated; the
    Adler-32 checksum is computed chunk by chunk. Gigabytes of output cost a second or so
    and about a thousandth of their size in memory (Deflate's ratio on a run is at most 1032:1).
    """
    per_chunk = max(1, DEFLATE_CHUNK // max(1, len(unit)))
    chunk = unit * per_chunk
    whole, rest = divmod(count, per_chunk)
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    parts = [co.compress(prefix) + co.flush(zlib.Z_FULL_FLUSH)]
    adler = zlib.adler32(prefix)
    if whole:
        block = co.compress(chunk) + co.flush(zlib.Z_FULL_FLUSH)
        parts.append(block * whole)
        for _ in range(whole):
            adler = zlib.adler32(chunk, adler)
    tail_data = unit * rest + suffix
    parts.append(co.compress(tail_data) + co.flush(zlib.Z_FINISH))
    adler = zlib.adler32(tail_data, adler)
    return b"\x78\xda" + b"".join(parts) + adler.to_bytes(4, "big")
