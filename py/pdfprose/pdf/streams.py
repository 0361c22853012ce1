"""Reading a PDF's streams within budgets: a ``/Length`` that lies is repaired, and no stream
inflates past what the document may decompress in all.

pdfminer.six takes a stream's ``/Length`` on trust (it searches for ``endstream`` only in a file
whose cross-reference table it rebuilt), so a length a third too short cut the page's text
without a word, and one past ``endstream`` lost the whole object; it inflates each Flate stream
whole with ``zlib.decompress``, so a 1.6 MB decompression bomb asked for 2 GB. Here:

- :class:`RepairingParser` checks that ``endstream`` follows the stream's ``/Length`` bytes and,
  when it does not, takes the bytes up to the first ``endstream`` instead, as poppler does
  (``Parser::makeStream``);
- the document (:class:`pdfprose.pdf.objects.BudgetedDocument`) turns every stream it hands out
  into a :class:`BoundedStream`, whose decoding charges an :class:`InflateBudget` shared by the
  whole document and inflates incrementally, stopping at the budget with the bytes so far.
"""

from __future__ import annotations

import io
import re
import zlib
from collections.abc import Iterator
from typing import Any

from pdfminer import pdftypes
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFStream, int_value
from pdfminer.psparser import PSBaseParser, PSKeyword
from pdfminer.utils import apply_png_predictor, apply_tiff_predictor

from .guards import Damaged
from .nesting import BoundedNesting

INFLATE_CHUNK = 1 << 16
"""Bytes of compressed input fed to zlib at a time (64 KiB): small enough that the output of
one step (at most ~1,030 times as much) stays far under any budget's overshoot."""

_ENDSTREAM = re.compile(rb"\r?\n?endstream")


class InflateBudget:
    """Bytes the streams of one document may still decode to; ``cut`` counts the streams that
    were cut at the budget (each says so through its ``truncated`` attribute)."""

    __slots__ = ("left", "limit", "cut")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.left = limit
        self.cut = 0

    def charge(self, size: int) -> None:
        self.left = max(0, self.left - size)


FONT_STREAM_KEYS = ("FontFile", "FontFile2", "FontFile3")
"""A font descriptor's embedded programs (ISO 32000-1, 9.8.1)."""


def charge_fonts(spec: object, budget: InflateBudget) -> None:
    """Charge the embedded program and the ToUnicode and encoding CMaps of the font ``spec``
    (a font dictionary) to ``budget``, the fonts' own allowance, when they have not been
    decoded yet: a bombed font program or map then uses up the fonts' share, not the one the
    page's content streams are decoded from after its fonts (pdfminer reads a page's
    resources first), so the page keeps its text in its other fonts."""
    if not isinstance(spec, dict):
        return
    streams = [spec.get("ToUnicode"), spec.get("Encoding")]
    descriptor = pdftypes.resolve1(spec.get("FontDescriptor"))
    if isinstance(descriptor, dict):
        streams += [descriptor.get(key) for key in FONT_STREAM_KEYS]
    for ref in streams:
        stream = pdftypes.resolve1(ref) if ref is not None else None
        if isinstance(stream, BoundedStream) and stream.data is None:
            stream.budget = budget


def _inflate(data: bytes, budget: int) -> tuple[bytes, bool]:
    """Inflate ``data`` (zlib) to at most ``budget`` bytes; True when it was cut there. Data
    that is corrupted keeps what inflates before the damage, as :class:`Damaged` bytes (the
    chunk that fails is fed again a byte at a time from a copy of the decompressor, as
    :func:`pdfprose.pdf.guards.decompress_corrupted` does)."""
    d = zlib.decompressobj()
    parts: list[bytes] = []
    produced = 0
    for start in range(0, len(data), INFLATE_CHUNK):
        chunk = data[start:start + INFLATE_CHUNK]
        saved = d.copy()
        try:
            while chunk:
                out = d.decompress(chunk, budget - produced + 1)
                produced += len(out)
                if produced > budget:
                    parts.append(out[: len(out) - (produced - budget)])
                    return b"".join(parts), True  # one copy of the budget's bytes, not three
                parts.append(out)
                chunk = d.unconsumed_tail
        except zlib.error:
            return _inflate_damaged(saved, data[start:start + INFLATE_CHUNK], parts,
                                    budget, produced)
        if d.eof:
            break
    if not d.eof:
        # zlib.decompress (pdfminer's) fails on a stream cut short: what inflated is damaged.
        return Damaged(b"".join(parts)), False
    return b"".join(parts), False


def _inflate_damaged(d: Any, chunk: bytes, parts: list[bytes], budget: int,
                     produced: int) -> tuple[bytes, bool]:
    """The output before the corrupted byte of ``chunk`` (fed from decompressor ``d``)."""
    for i in range(len(chunk)):
        try:
            out = d.decompress(chunk[i:i + 1], budget - produced + 1)
        except zlib.error:
            break
        parts.append(out)
        produced += len(out)
        if produced > budget:
            return Damaged(b"".join(parts)[:budget]), True
    return Damaged(b"".join(parts)), False


def _predicted(data: bytes, params: dict[str, Any] | None) -> bytes:
    """A Flate stream's predictor undone, as pdfminer.six's ``PDFStream.decode`` does."""
    if not params or "Predictor" not in params:
        return data
    pred = int_value(params["Predictor"])
    colors = int_value(params.get("Colors", 1))
    columns = int_value(params.get("Columns", 1))
    bits = int_value(params.get("BitsPerComponent", 8))
    if pred == 2:
        return apply_tiff_predictor(colors, columns, bits, data)
    if pred >= 10:
        return apply_png_predictor(pred, colors, columns, bits, data)
    return data


class BoundedStream(PDFStream):
    """A :class:`~pdfminer.pdftypes.PDFStream` whose Flate data inflates within the document's
    :class:`InflateBudget` (``budget``, set by the document that hands it out); every other
    filter is pdfminer.six's, its output charged to the same budget."""

    budget: InflateBudget | None = None
    truncated: bool = False

    def decode(self) -> None:
        budget = self.budget
        if budget is None:
            super().decode()
            return
        data = self.rawdata
        assert data is not None
        if self.decipher:
            assert self.objid is not None and self.genno is not None
            data = self.decipher(self.objid, self.genno, data, self.attrs)
        filters = self.get_filters()
        damaged = False
        for f, params in filters:
            if f in pdftypes.LITERALS_FLATE_DECODE:
                data, cut = _inflate(data, budget.left)
                damaged = damaged or isinstance(data, Damaged)
                if cut:
                    self._cut(budget, data)
                    return
                data = _predicted(bytes(data), params if isinstance(params, dict) else None)
            else:
                # One stage of pdfminer's own decoder on data already inflated here.
                stage = PDFStream({"Filter": f, "DecodeParms": params} if params else {"Filter": f},
                                  bytes(data))
                stage.decode()
                data = stage.data or b""
            if len(data) > budget.left:
                self._cut(budget, data[: budget.left])
                return
        budget.charge(len(data))
        self.data = Damaged(data) if damaged else data
        self.rawdata = None

    def _cut(self, budget: InflateBudget, data: bytes) -> None:
        budget.charge(len(data))
        budget.cut += 1
        self.truncated = True  # said by the page (or the file) that read it
        self.data = data
        self.rawdata = None


class RepairingParser(BoundedNesting, PDFParser):
    """pdfminer.six's :class:`~pdfminer.pdfparser.PDFParser` that checks each stream's
    ``/Length`` against the ``endstream`` keyword, as poppler does: when the declared length
    does not end at ``endstream`` (too short, too long, negative, past the file's end) the
    stream's data is everything up to the first ``endstream`` after ``stream``. ``repaired``
    counts the streams so mended. Its arrays and dictionaries nest at most
    ``ReadBudgets.object_depth`` deep (:mod:`pdfprose.pdf.nesting`)."""

    def __init__(self, fp: Any) -> None:
        super().__init__(fp)
        self.repaired = 0

    def revreadlines(self) -> Iterator[bytes]:
        """pdfminer.six's lines from the end of the file backwards (where ``find_xref`` looks
        for ``startxref``), the same lines in linear time: its reader prepends each block to a
        line that has not ended yet, quadratic in a long line (8 MB of junk on one line after
        ``%%EOF``: 17 s to open the file, 28 MB past two minutes)."""
        self.fp.seek(0, io.SEEK_END)
        pos = self.fp.tell()
        pieces: list[bytes] = []  # the unfinished line's blocks, the last one first
        while pos > 0:
            prevpos = pos
            pos = max(0, pos - self.BUFSIZ)
            self.fp.seek(pos)
            s = self.fp.read(prevpos - pos)
            if not s:
                break
            while True:
                n = max(s.rfind(b"\r"), s.rfind(b"\n"))
                if n == -1:
                    pieces.append(s)
                    break
                pieces.append(s[n:])
                yield b"".join(reversed(pieces))
                pieces = []
                s = s[:n]

    def do_keyword(self, pos: int, token: PSKeyword) -> None:
        if token is not self.KEYWORD_STREAM or self.fallback:
            super().do_keyword(pos, token)
            return
        before = self.curstack[-1][1] if self.curstack else None
        super().do_keyword(pos, token)
        stream = self.curstack[-1][1] if self.curstack else None
        if isinstance(stream, PDFStream) and stream is not before:
            self._repair(pos, stream)

    def _repair(self, pos: int, stream: PDFStream) -> None:
        # pdfminer's parser has just seeked here (past the stream, before ``endstream``) and
        # goes on from it: restored unless the stream is repaired. PSBaseParser's own seek
        # keeps the stack, where the stream now lies.
        resume = self.bufpos + self.charpos
        fp = self.fp
        # The data starts after the line of ``stream`` as pdfminer reads it (nextline: up to
        # \n, \r or \r\n, whatever stands between): the same first byte as its own.
        fp.seek(pos)
        head = fp.read(256)
        ends = [i for i in (head.find(b"\n"), head.find(b"\r")) if i >= 0]
        if not ends:
            PSBaseParser.seek(self, resume)
            return
        end = min(ends)
        start = pos + end + (2 if head[end:end + 2] == b"\r\n" else 1)
        data = stream.rawdata or b""
        fp.seek(start + len(data))
        tail = fp.read(16)
        if tail.lstrip(b"\r\n \t\f\0").startswith(b"endstream"):
            PSBaseParser.seek(self, resume)  # the length ends at endstream: nothing to mend
            return
        fp.seek(start)
        found = _find_endstream(fp)
        if found is None:
            PSBaseParser.seek(self, resume)
            return
        fp.seek(start)
        stream.rawdata = fp.read(found - start)
        self.repaired += 1
        PSBaseParser.seek(self, found)


def _find_endstream(fp: Any) -> int | None:
    """The position of the end-of-line before the first ``endstream`` from ``fp``'s position
    (or of ``endstream`` itself), read in 64 KiB pieces; None when there is none."""
    start = fp.tell()
    carry = b""
    offset = start
    while True:
        piece = fp.read(INFLATE_CHUNK)
        if not piece:
            return None
        block = carry + piece
        match = _ENDSTREAM.search(block)
        if match:
            return offset - len(carry) + match.start()
        carry = block[-12:]
        offset += len(piece)
