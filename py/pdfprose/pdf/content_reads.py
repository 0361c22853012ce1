"""How the content parser (:class:`pdfprose.pdf.content.FastContentParser`) handles its
buffer beyond tokens: an array or dictionary left open is bounded
(``ReadBudgets.content_structure_bytes``), and inline images (``BI ... ID ... EI``, ISO 32000-1
8.9.7) are read as pdfminer.six reads them, at what their bytes cost. pdfminer seeks back after
each ``ID`` (dropping the buffer it holds and the tokens read ahead) and searches for ``EI``
appending byte by byte to a growing ``bytes``: a page of a million 1x1 images took 2 ms an
image, one image of 16 MiB of ``E`` bytes hours (the hostile suite's ``inline_images_million``
and ``inline_image_of_e``). ``tests/pdf/test_content_parser.py`` compares the objects with
pdfminer's.
"""

from __future__ import annotations

import functools
import re

from pdfminer.pdfinterp import PDFContentParser
from pdfminer.psparser import PSSyntaxError

from ..budgets import DEFAULT_BUDGETS

SPACE_BYTES = frozenset(b" \t\n\r\x0b\x0c")
"""The bytes ``bytes.isspace`` accepts: what must follow an inline image's end marker."""

INLINE_DATA_EOL = re.compile(rb"(\x0d\x0a|[\x0d\x0a])$")
"""The end of line pdfminer strips from an inline image's data (its expression, kept as is)."""


@functools.lru_cache(maxsize=8)
def inline_skip(target: bytes) -> re.Pattern[bytes]:
    """What pdfminer's search for an inline image's end ``target`` passes over without finding
    it, as one expression: bytes other than its first, and each partial match with the byte
    that broke it (``E`` then not ``I``; ``EI`` then not white space). Where alternatives
    share a beginning the next byte picks one, so the expression never backtracks, and it ends
    where the search would take its next candidate: in C, not a Python step per candidate."""
    units = [b"[^" + re.escape(target[:1]) + b"]++"]
    for i in range(1, len(target)):
        units.append(re.escape(target[:i]) + b"[^" + re.escape(target[i:i + 1]) + b"]")
    units.append(re.escape(target) + rb"[^ \t\n\r\x0b\x0c]")
    return re.compile(b"(?:" + b"|".join(units) + b")*+")


class StructureTooLarge(PSSyntaxError):
    """An array or dictionary of a content stream ran past its budget
    (``ReadBudgets.content_structure_bytes``); the page goes on after it."""


class ContentReads:
    """pdfminer's ``fillbuf``, ``seek`` and ``get_inline_data`` for a subclass of its
    :class:`~pdfminer.pdfinterp.PDFContentParser`."""

    # Set by the pdfminer parser class this is mixed into.
    buf: bytes
    charpos: int
    bufpos: int

    structure_bytes = DEFAULT_BUDGETS.content_structure_bytes
    """Bytes one open array or dictionary may span (:class:`pdfprose.budgets.ReadBudgets`)."""
    _open_bytes = 0
    """Bytes of the buffers read through while an array or dictionary stayed open."""

    def fillbuf(self) -> bool:
        """pdfminer's ``fillbuf``; before reading on, an array or dictionary open through more
        than ``structure_bytes`` is dropped (counted a buffer at a time, across streams: its
        elements cost memory)."""
        if self.charpos < len(self.buf):
            return False
        if not self.context:
            self._open_bytes = 0
        else:
            self._open_bytes += len(self.buf)
            if self._open_bytes > self.structure_bytes:
                self._open_bytes = 0
                self.reset()  # what follows is read as operands, as after any syntax error
                raise StructureTooLarge(f"an array or dictionary spans more than "
                                        f"{self.structure_bytes:,} bytes of content")
        return PDFContentParser.fillbuf(self)

    def seek(self, pos: int) -> None:
        """pdfminer's ``seek``, which its ``ID`` keyword calls to read an inline image's data
        from just after the keyword: a position inside the buffer already read keeps that
        buffer (pdfminer drops it and reads it again), so that an inline image costs what its
        bytes cost; the parser's state is reset exactly as pdfminer's ``seek`` resets it.
        pdfminer re-reading up to 4 KB and tokenizing it again per image made a page of a
        million 1x1 inline images take 2 ms an image (``inline_images_million``, the hostile
        suite)."""
        offset = pos - self.bufpos if self.fp else -1
        if not 0 <= offset <= len(self.buf):
            PDFContentParser.seek(self, pos)
            return
        self.charpos = offset
        self._parse1 = self._parse_main
        self._curtoken = b""
        self._curtokenpos = 0
        self._tokens = []
        self.eof = False
        self.reset()

    def get_inline_data(self, pos: int, target: bytes = b"EI") -> tuple[int, bytes]:
        """pdfminer's ``get_inline_data``: the bytes from ``pos`` up to ``target`` followed by
        white space, with its quirk (a byte that breaks a partial match is not looked at again:
        ``EEI `` does not end an image), in linear time. pdfminer appends byte by byte to a
        growing ``bytes`` after each candidate first byte: quadratic in an image of many ``E``
        bytes (a 16 MB one would take hours)."""
        self.seek(pos)
        skip = inline_skip(target).match
        chunks: list[bytes] = []
        matched = 0
        size = len(target)
        while matched <= size:
            self.fillbuf()
            buf = self.buf
            start = k = self.charpos
            end = len(buf)
            while k < end and matched <= size:
                if matched:
                    c = buf[k]
                    k += 1
                    if (c in SPACE_BYTES) if matched >= size else (c == target[matched]):
                        matched += 1
                    else:
                        matched = 0
                else:
                    # Every failed attempt in one step; what is left starts with the target's
                    # first byte (or the buffer ends).
                    k = skip(buf, k).end()
                    if k < end:
                        k += 1
                        matched = 1
            chunks.append(buf[start:k])
            self.charpos = k
        data = b"".join(chunks)[: -(size + 1)]  # the target and the white space after it
        data = INLINE_DATA_EOL.sub(b"", data)
        return (pos, data)
