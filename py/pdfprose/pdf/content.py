"""Faster readers of page content streams, object streams and ToUnicode CMaps, token for
token the same as pdfminer.six's.

pdfminer.six reads a content stream with a state machine that takes one character class at a
time through several method calls per token, and logs every token at DEBUG level: on the corpus
this was about half of all parsing time. :class:`FastContentParser` is pdfminer's own
:class:`~pdfminer.pdfinterp.PDFContentParser` (same buffering, same stream switching, same
states; an inline image's data found in the buffer already read, as pdfminer finds it) with a
fast path in front of it: where the parser stands
between tokens and the current buffer holds complete tokens of the common kinds (numbers,
operators, names without ``#`` escapes, strings without escapes or nested parentheses, hex
strings, dictionary and array brackets, comments), one regular expression reads them in a batch.
Everything else (a token cut by the end of a buffer, escapes, odd bytes) is left to pdfminer's
state machine from the same position, so the objects the interpreter receives are exactly
pdfminer's, position included; ``tests/pdf/test_content_parser.py`` compares the two on generated
and corpus streams.

Object streams (ISO 32000-1 7.5.7: most of a modern PDF's objects, its pages and fonts among
them, compressed together) go through the same tokenizer (:class:`FastObjectStreamDocument`):
opening the corpus's 80 files takes about 30 % less CPU; so do fonts' ToUnicode CMaps
(:func:`read_to_unicode`, 0.92 -> 0.46 s for the corpus's 774).
"""

from __future__ import annotations

import io
import re
from typing import Any, cast

from pdfminer.cmapdb import CMapBase, CMapParser, FileUnicodeMap
from pdfminer.pdfdocument import LITERAL_OBJSTM, PDFDocument
from pdfminer.pdffont import Type1FontHeaderParser
from pdfminer.pdfinterp import PDFContentParser
from pdfminer.pdfparser import PDFStreamParser, PDFSyntaxError
from pdfminer.pdftypes import PDFStream
from pdfminer.psparser import (
    KEYWORD_ARRAY_BEGIN,
    KEYWORD_ARRAY_END,
    KEYWORD_DICT_BEGIN,
    KEYWORD_DICT_END,
    KEYWORD_PROC_BEGIN,
    KEYWORD_PROC_END,
    KWD,
    LIT,
    PSEOF,
    PSBaseParser,
    PSException,
    PSKeyword,
    PSLiteral,
    PSSyntaxError,
    PSTypeError,
    literal_name,
)
from pdfminer import settings

from .content_reads import ContentReads
from .nesting import BoundedNesting, drop_structure
from pdfminer.utils import choplist

from .plain import BLANK_RUN as _BLANK_RUN, NOT_PLAIN, OBJ_END, OBJ_HEAD, TOKEN as _TOKEN
from .plain import hex_token as _hex_token, parse_plain_object, plain_object_at

_KW_TRUE = b"true"
_KW_FALSE = b"false"
_PARSE_MAIN = PSBaseParser._parse_main
_NORMAL = (int, float, bool, str, bytes, PSLiteral)
_KEYWORD_BI = PDFContentParser.KEYWORD_BI
_KEYWORD_ID = PDFContentParser.KEYWORD_ID
_STRUCTURAL = frozenset((KEYWORD_ARRAY_BEGIN, KEYWORD_ARRAY_END, KEYWORD_DICT_BEGIN, KEYWORD_DICT_END,
                         KEYWORD_PROC_BEGIN, KEYWORD_PROC_END, _KEYWORD_BI, _KEYWORD_ID))
"""Keywords that open or close a structure (or an inline image): the general loop's."""




class _BatchTokens(BoundedNesting):
    """The batch tokenizer (see the module's docstring) and pdfminer's PSStackParser methods
    without their per-token DEBUG logging, for a subclass of one of pdfminer's stack parsers;
    its structures nest at most ``max_depth`` deep (:mod:`pdfprose.pdf.nesting`)."""

    _FLUSH_ALL = False
    """Whether the parser's ``flush()`` hands every object on its stack over as a result (the
    content and object-stream parsers': spelt out in :meth:`nextobject`), rather than its own
    (a CMap parser's: nothing)."""

    _STOP_AT_ID = False
    """Whether a batch ends at an ``ID`` keyword: in a content stream the bytes after it are an
    inline image's data, read by the parser itself (:meth:`FastContentParser.get_inline_data`)."""

    # Set by the pdfminer parser class this is mixed into.
    buf: bytes
    charpos: int
    bufpos: int
    eof: bool
    _tokens: list[tuple[int, Any]]
    _curtoken: bytes
    _curtokenpos: int

    def _one_buffer(self, size: int) -> None:
        """Read a stream of ``size`` bytes held in memory as one buffer (pdfminer reads 4 kB at
        a time), so that the batches run long."""
        self.BUFSIZ = max(size, PSBaseParser.BUFSIZ)

    def _fast_tokens(self) -> None:
        """Read the complete common tokens at ``charpos`` of the current buffer in one go into
        ``_tokens`` (reversed: :meth:`nexttoken` pops from the end), leaving ``charpos``,
        ``_curtoken`` and ``_curtokenpos`` as pdfminer's state machine would after them."""
        buf = self.buf
        i = self.charpos
        bufpos = self.bufpos
        match = _TOKEN.match
        out: list[tuple[int, Any]] = []
        append = out.append
        curtoken = self._curtoken
        curpos = self._curtokenpos
        stop_at_id = self._STOP_AT_ID
        moved = False
        while True:
            m = match(buf, i)
            if m is None:
                break
            moved = True
            kind = m.lastgroup
            value = m.group(kind)  # type: ignore[arg-type]
            curpos = bufpos + m.start(kind)  # type: ignore[arg-type]
            i = m.end()
            if kind == "num":
                curtoken = value
                try:
                    append((curpos, float(value) if b"." in value else int(value)))
                except ValueError:
                    pass  # "-", "+", "." alone: pdfminer drops them
            elif kind == "kw":
                curtoken = value
                if value == _KW_TRUE:
                    append((curpos, True))
                elif value == _KW_FALSE:
                    append((curpos, False))
                else:
                    keyword = KWD(value)
                    append((curpos, keyword))
                    if keyword is _KEYWORD_ID and stop_at_id:
                        # What follows is an inline image's data, which the parser reads
                        # from here (get_inline_data); tokens read past it would be dropped.
                        break
            elif kind == "lit":
                curtoken = value[1:]
                try:
                    name: str | bytes = str(curtoken, "utf-8")
                except Exception:  # noqa: BLE001 - pdfminer keeps the bytes
                    name = curtoken
                append((curpos, LIT(name)))
            elif kind == "str":
                curtoken = value[1:-1]
                append((curpos, curtoken))
            elif kind == "char":
                append((curpos, KWD(value)))
            elif kind == "dict":
                curtoken = b""
                append((curpos, KEYWORD_DICT_BEGIN))
            elif kind == "hex":
                curtoken = value[1:]
                append((curpos, _hex_token(curtoken)))
            elif kind == "close":
                curtoken = b""
                if value == b">>":
                    append((curpos, KEYWORD_DICT_END))
            else:  # comment
                curtoken = value
        blank = _BLANK_RUN.match(buf, i)
        if blank.end() == len(buf) and blank.end() > i:
            # Nothing but white space and NULs to the buffer's end: pdfminer's main state skips
            # them (one NUL per call, noting its position), and so does this, in one step;
            # without it every NUL scanned the rest of the buffer again (7 µs a NUL, a
            # decompression bomb of zero bytes took hours).
            nul = buf.rfind(b"\x00", i)
            if nul >= 0:
                curpos = bufpos + nul
            i = len(buf)
            moved = True
        if moved:
            self.charpos = i
            self._curtoken = curtoken
            self._curtokenpos = curpos
        if out:
            out.reverse()
            self._tokens = out

    def nexttoken(self) -> tuple[int, Any]:
        if self.eof:
            raise PSEOF("Unexpected EOF")
        tokens = self._tokens
        if not tokens and self.charpos < len(self.buf) \
                and getattr(self._parse1, "__func__", None) is _PARSE_MAIN:
            self._fast_tokens()
            tokens = self._tokens
        while not tokens:
            # pdfminer's PSBaseParser.nexttoken, one state at a time.
            try:
                changed_stream = self.fillbuf()
                if changed_stream and self._curtoken:
                    self._parse1(b"\n", 0)
                else:
                    self.charpos = self._parse1(self.buf, self.charpos)
            except PSEOF:
                self.charpos = self._parse1(b"\n", 0)
                self.eof = True
                if not self._tokens:
                    raise
            tokens = self._tokens
            if not tokens and self.charpos < len(self.buf) \
                    and getattr(self._parse1, "__func__", None) is _PARSE_MAIN:
                self._fast_tokens()
                tokens = self._tokens
        return tokens.pop()

    # pdfminer's PSStackParser methods without their DEBUG logging (same behaviour).
    def add_results(self, *objs: Any) -> None:
        self.results.extend(objs)

    def start_type(self, pos: int, type: str) -> None:
        if len(self.context) >= self.max_depth:
            drop_structure(self, pos)
            return
        self.context.append((pos, self.curtype, self.curstack))
        (self.curtype, self.curstack) = (type, [])

    def end_type(self, type: str) -> tuple[int, list[Any]]:
        if self.curtype != type:
            raise PSTypeError(f"Type mismatch: {self.curtype!r} != {type!r}")
        objs = [obj for (_, obj) in self.curstack]
        (pos, self.curtype, self.curstack) = self.context.pop()
        return (pos, objs)

    def nextobject(self) -> Any:
        """pdfminer's PSStackParser.nextobject, without logging."""
        flush_all = self._FLUSH_ALL
        while not self.results:
            (pos, token) = self.nexttoken()
            if isinstance(token, _NORMAL):
                self.curstack.append((pos, token))
            elif token is KEYWORD_ARRAY_BEGIN:
                self.start_type(pos, "a")
            elif token is KEYWORD_ARRAY_END:
                try:
                    value = self.end_type("a")  # rebinds curstack: call it first
                    self.curstack.append(value)
                except PSTypeError:
                    if settings.STRICT:
                        raise
            elif token is KEYWORD_DICT_BEGIN:
                self.start_type(pos, "d")
            elif token is KEYWORD_DICT_END:
                try:
                    (pos, objs) = self.end_type("d")
                    if len(objs) % 2 != 0:
                        error_msg = f"Invalid dictionary construct: {objs!r}"
                        raise PSSyntaxError(error_msg)
                    d = {
                        literal_name(k): v
                        for (k, v) in choplist(2, objs)
                        if v is not None
                    }
                    self.curstack.append((pos, d))
                except PSTypeError:
                    if settings.STRICT:
                        raise
            elif token is KEYWORD_PROC_BEGIN:
                self.start_type(pos, "p")
            elif token is KEYWORD_PROC_END:
                try:
                    value = self.end_type("p")  # rebinds curstack: call it first
                    self.curstack.append(value)
                except PSTypeError:
                    if settings.STRICT:
                        raise
            elif isinstance(token, PSKeyword):
                self.do_keyword(pos, token)
            else:
                self.do_keyword(pos, token)
                raise PSException
            if self.context:
                continue
            if flush_all:
                self.results.extend(self.curstack)
                self.curstack = []
            else:
                self.flush()
        return self.results.pop(0)


class FastContentParser(_BatchTokens, ContentReads, PDFContentParser):
    """:class:`~pdfminer.pdfinterp.PDFContentParser` with a batch tokenizer in front (see the
    module's docstring) and without its per-token DEBUG logging."""

    _FLUSH_ALL = True
    _STOP_AT_ID = True
    deep_is_damage = True

    def do_keyword(self, pos: int, token: PSKeyword) -> None:
        if token is _KEYWORD_BI or token is _KEYWORD_ID:
            PDFContentParser.do_keyword(self, pos, token)
        else:
            self.curstack.append((pos, token))

    def nextobject(self) -> Any:
        if not self.results and not self.context and not self.curstack:
            # Outside arrays and dictionaries an operand or an operator is an object of its own:
            # the general loop would push it, flush it and hand it back unchanged.
            tokens = self._tokens
            if tokens and not self.eof:
                entry = tokens[-1]
                token = entry[1]
                if isinstance(token, _NORMAL) or (type(token) is PSKeyword
                                                  and token not in _STRUCTURAL):
                    tokens.pop()
                    return entry
        return _BatchTokens.nextobject(self)


class FastObjectStreamParser(_BatchTokens, PDFStreamParser):
    """:class:`~pdfminer.pdfparser.PDFStreamParser` as pdfminer.six reads an object stream
    (``/Type /ObjStm``, ISO 32000-1 7.5.7), with the batch tokenizer in front and without
    per-token logging; the whole decompressed stream is one buffer. Keywords go to pdfminer's own ``do_keyword``
    (``R`` makes a reference; ``obj`` and ``endobj`` are dropped)."""

    _FLUSH_ALL = True

    def __init__(self, data: bytes) -> None:
        PDFStreamParser.__init__(self, data)
        self._one_buffer(len(data))


class FastObjectStreamDocument(PDFDocument):
    """:class:`~pdfminer.pdfdocument.PDFDocument` reading its object streams with
    :class:`FastObjectStreamParser`: the same objects as pdfminer's ``_get_objects`` (whose code
    this is), about 1.7 times as fast. A long report keeps most of its objects in object
    streams, and parsing them was most of the time its opening took (0.13 of 0.15 s of CPU for
    ``who_hcv_guidelines_155p.pdf``), before every worker that reads it can start."""

    def _get_objects(self, stream: PDFStream) -> tuple[list[object], int]:
        if stream.get("Type") is not LITERAL_OBJSTM and settings.STRICT:
            raise PDFSyntaxError(f"Not a stream object: {stream!r}")
        try:
            n = cast(int, stream["N"])
        except KeyError:
            if settings.STRICT:
                raise PDFSyntaxError(f"N is not defined: {stream!r}") from None
            n = 0
        parser = FastObjectStreamParser(stream.get_data())
        parser.set_document(self)
        objs: list[object] = []
        try:
            while 1:
                (_, obj) = parser.nextobject()
                objs.append(obj)
        except PSEOF:
            pass
        return (objs, n)

    def _getobj_parse(self, pos: int, objid: int) -> object:
        """An object stored in the file itself: a plain dictionary or array read straight from
        the file's bytes (:mod:`pdfprose.pdf.plain`), the rest by pdfminer's parser (4 kB at a
        time, about 200 µs an object: 13 % of converting the instruction benchmark's sample)."""
        data = self.__dict__.get("_file_bytes", ())
        if data == ():
            fp = getattr(self._parser, "fp", None)
            # getvalue, not getbuffer: an exported buffer makes the BytesIO refuse to close, and
            # its finalizer then prints "Exception ignored" (seen in a restored Pyodide
            # snapshot); getvalue shares the bytes the BytesIO was made from, no copy.
            data = self.__dict__["_file_bytes"] = \
                fp.getvalue() if isinstance(fp, io.BytesIO) else None
        if data is not None:
            head = OBJ_HEAD.match(data, pos)
            if head is not None and int(head.group(1)) == objid:
                try:
                    obj, end = plain_object_at(data, head.end(), len(data), self)
                except Exception:  # noqa: BLE001 - a fast path never costs a file its opening
                    obj, end = NOT_PLAIN, 0
                if obj is not NOT_PLAIN and OBJ_END.match(data, end) is not None:
                    return obj
        return super()._getobj_parse(pos, objid)

    def _getobj_objstm(self, stream: PDFStream, index: int, objid: int) -> object:
        """One object of an object stream, parsed alone from the offset its header gives
        (ISO 32000-1 7.5.7): a page of a long tagged report needs a few hundred of the
        structure elements its streams pack by the thousand, and parsing whole streams was
        most of the time reading that page's tags took. A stream whose header does not hold
        up (offsets out of order or past the end, another object number) is parsed whole,
        as pdfminer does."""
        if stream.objid in self._parsed_objs:
            return super()._getobj_objstm(stream, index, objid)
        headers = self.__dict__.setdefault("_objstm_headers", {})
        header = headers.get(stream.objid, ())
        if header == ():
            header = headers[stream.objid] = _objstm_header(stream)
        if header is None or not 0 <= index < len(header[1]) or header[1][index][0] != objid:
            return super()._getobj_objstm(stream, index, objid)
        data, entries = header
        start = entries[index][1]
        end = entries[index + 1][1] if index + 1 < len(entries) else len(data)
        try:
            obj = parse_plain_object(data, start, end, self)
        except Exception:  # noqa: BLE001 - what the fast path cannot read, pdfminer's parser may
            obj = NOT_PLAIN
        if obj is not NOT_PLAIN:
            return obj
        parser = FastObjectStreamParser(data[start:end])
        parser.set_document(self)
        try:
            (_, obj) = parser.nextobject()
        except PSEOF:
            return super()._getobj_objstm(stream, index, objid)
        return obj


_OBJSTM_HEADER = re.compile(rb"\s*(\d+)\s+(\d+)")

def _objstm_header(stream: PDFStream) -> tuple[bytes, list[tuple[int, int]]] | None:
    """An object stream's data and its (object number, absolute offset) pairs, or None when
    the header is not N pairs of integers with offsets rising inside the data."""
    try:
        n, first = stream["N"], stream["First"]
        data = stream.get_data()
    except Exception:  # noqa: BLE001 - the whole-stream path says what is wrong
        return None
    if not isinstance(n, int) or not isinstance(first, int) or n <= 0 \
            or not 0 < first <= len(data):
        return None
    entries: list[tuple[int, int]] = []
    pos = 0
    for _ in range(n):
        m = _OBJSTM_HEADER.match(data, pos, first)
        if m is None:
            return None
        offset = first + int(m.group(2))
        if offset >= len(data) or (entries and offset <= entries[-1][1]):
            return None
        entries.append((int(m.group(1)), offset))
        pos = m.end()
    return data, entries


class FastCMapParser(_BatchTokens, CMapParser):
    """:class:`~pdfminer.cmapdb.CMapParser` (a font's ToUnicode CMap, ISO 32000-1 9.10.3) with
    the batch tokenizer in front: the same map as pdfminer's (every ToUnicode stream of the
    corpus compared), about twice as fast."""

    def __init__(self, cmap: CMapBase, data: bytes) -> None:
        CMapParser.__init__(self, cmap, io.BytesIO(data))
        self._one_buffer(len(data))


class FastType1HeaderParser(_BatchTokens, Type1FontHeaderParser):
    """:class:`~pdfminer.pdffont.Type1FontHeaderParser` (the clear-text part of an embedded
    Type 1 font program, whose ``/Encoding`` array names each code's glyph) with the batch
    tokenizer in front."""

    def __init__(self, data: bytes) -> None:
        Type1FontHeaderParser.__init__(self, io.BytesIO(data))
        self._one_buffer(len(data))


class CMapTooLarge(Exception):
    """A ToUnicode CMap mapped more codes than its budget allows (:class:`BoundedUnicodeMap`)."""


class BoundedUnicodeMap(FileUnicodeMap):
    """pdfminer.six's ToUnicode map that takes at most ``limit`` code assignments: a range over
    the whole code space, repeated, asked for hundreds of millions. ``cut`` is True when the
    map stopped there (what it holds so far is kept)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.left = limit
        self.cut = False

    def add_cid2unichr(self, cid: int, code: Any) -> None:
        self.left -= 1
        if self.left < 0:
            self.cut = True
            raise CMapTooLarge
        super().add_cid2unichr(cid, code)


def read_to_unicode(stream: PDFStream, limit: int | None = None) -> FileUnicodeMap:
    """The Unicode map of a ToUnicode CMap stream, as pdfminer.six's fonts read it
    (``PDFSimpleFont.__init__``, ``PDFCIDFont.__init__``). Raises what pdfminer's CMap parser
    raises, PSEOF aside. With ``limit``, the map takes at most that many code assignments
    (:class:`BoundedUnicodeMap`, its ``cut`` set when it stopped there). The map's
    ``too_deep`` counts the structures the parser dropped for nesting past its depth budget
    (:mod:`pdfprose.pdf.nesting`), so that the document can say so."""
    cmap = FileUnicodeMap() if limit is None else BoundedUnicodeMap(limit)
    parser = FastCMapParser(cmap, stream.get_data())
    try:
        parser.run()
    except CMapTooLarge:
        pass
    cmap.too_deep = parser.too_deep  # type: ignore[attr-defined]
    return cmap
