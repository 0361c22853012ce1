"""Plain objects (a dictionary or an array of numbers, names, strings, booleans and
references) read in one pass of :mod:`pdfprose.pdf.content`'s tokenizer, as pdfminer.six's
parsers read them; anything else is declined (:data:`NOT_PLAIN`) and left to those parsers.
Used for objects read alone from object streams and for objects stored in the file itself
(:class:`~pdfprose.pdf.content.FastObjectStreamDocument`)."""

from __future__ import annotations

from typing import Any

import re

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdftypes import PDFObjRef
from pdfminer.psparser import ESC_STRING, HEX_PAIR, LIT, SPC, PSLiteral

from ..budgets import DEFAULT_BUDGETS


# One complete token in pdfminer's main state (PSBaseParser._parse_main and the state it hands
# over to), preceded by white space and NULs, which that state skips. Each kind must end before
# the end of the buffer: the look-ahead asks for the character that ends it (pdfminer's END_*
# patterns), which pdfminer leaves for the next token. A number is atomic so that "12.5" at the
# end of a buffer is not read as "12" followed by ".5".
TOKEN = re.compile(
    rb"[\x00\t\n\x0b\x0c\r ]*+(?:"
    rb"(?P<num>(?>[-+0-9][0-9]*+(?:\.[0-9]*+)?|\.[0-9]*+))(?=[^0-9])"
    rb"|(?P<kw>[A-Za-z][^#/%\[\]()<>{}\s]*+)(?=[#/%\[\]()<>{}\s])"
    rb"|(?P<lit>/[^#/%\[\]()<>{}\s]*+)(?=[/%\[\]()<>{}\s])"
    rb"|(?P<str>\([^()\\]*+\))"
    rb"|(?P<dict><<)"
    rb"|(?P<hex><[0-9A-Fa-f\s]*+)(?=[^0-9A-Fa-f\s])"
    rb"|(?P<close>>>|>(?=[\s\S]))"
    rb"|(?P<comment>%[^\r\n]*+)(?=[\r\n])"
    rb"|(?P<char>[^\s\x00%/\-+0-9.A-Za-z(<>])"
    rb")"
)

BLANK_RUN = re.compile(rb"[\x00\t\n\x0b\x0c\r ]*+")
"""White space and NULs, which pdfminer's main state skips between tokens."""

def hex_token(content: bytes) -> bytes:
    """pdfminer's value of a hex string (``_parse_hexstring``): white space dropped, pairs of
    digits read as bytes, a last odd digit read as a byte of its own."""
    if len(content) % 2 == 0 and not SPC.search(content):
        return bytes.fromhex(content.decode("ascii"))
    return HEX_PAIR.sub(lambda m: bytes((int(m.group(0), 16),)), SPC.sub(b"", content))


KW_TRUE = b"true"
KW_FALSE = b"false"

OBJ_HEAD = re.compile(rb"[\t\n\r\x0c ]*+(\d+)[\t\n\r\x0c ]++\d+[\t\n\r\x0c ]++obj"
                       rb"(?=[\t\n\r\x0c /<\[])")
"""``N G obj`` at an object's offset, followed by what may open a dictionary or an array."""

OBJ_END = re.compile(rb"[\t\n\r\x0c ]*+endobj(?![^\t\n\r\x0c %/<>\[\](){}])")
"""``endobj`` right after an object (a stream's ``stream`` goes to pdfminer's parser)."""

NOT_PLAIN = object()
"""What :func:`parse_plain_object` returns for an object it leaves to the general parser."""

_KW_R = b"R"


def parse_plain_object(data: bytes, start: int, end: int, doc: PDFDocument | None) -> object:
    """The dictionary or array at ``data[start:end]`` (one object of an object stream), as
    :class:`FastObjectStreamParser` reads it, or :data:`NOT_PLAIN` when it is anything else.

    A page of a tagged report reads a few hundred structure elements, each a small dictionary
    parsed alone (``_getobj_objstm``): setting up a stack parser for each was most of the time
    (77 µs an element of ``ca_warn_report_table_16p.pdf``, against about 20 here). Only the
    common tokens of :data:`_TOKEN` are taken (numbers, names without ``#``, strings without
    escapes, hex strings, ``true``, ``false``, ``R``, brackets, comments); any other token, a
    bare value or a structure that does not close in the slice is left to the general parser,
    so what comes back is always the general parser's object."""
    return plain_object_at(data, start, end, doc)[0]


def plain_object_at(data: bytes, start: int, end: int,
                    doc: PDFDocument | None) -> tuple[object, int]:
    """:func:`parse_plain_object` and the offset just past the object's closing bracket."""
    match = TOKEN.match
    stack: list[list[Any]] = []  # the open arrays and dictionaries, each its items
    kinds: list[bool] = []  # per open structure: a dictionary?
    items: list[Any] | None = None
    i = start
    while i < end:
        m = match(data, i, end)
        if m is None:
            at = BLANK_RUN.match(data, i, end).end()
            read = _escaped_string(data, at, end) if items is not None else None
            if read is None:
                return NOT_PLAIN, i
            value, i = read
            items.append(value)
            continue
        i = m.end()
        kind = m.lastgroup
        value = m.group(kind)  # type: ignore[arg-type]
        if kind == "dict" or (kind == "char" and value == b"["):
            if len(kinds) >= DEFAULT_BUDGETS.object_depth:
                return NOT_PLAIN, i  # the general parser drops what is nested deeper
            if items is not None:
                stack.append(items)
            items = []
            kinds.append(kind == "dict")
            continue
        if items is None:
            return NOT_PLAIN, i  # a bare value, or a comment before the object
        if kind == "num":
            if b"." in value:
                try:
                    items.append(float(value))
                except ValueError:
                    return NOT_PLAIN, i
            else:
                try:
                    items.append(int(value))
                except ValueError:
                    return NOT_PLAIN, i
        elif kind == "lit":
            try:
                items.append(LIT(str(value[1:], "utf-8")))
            except UnicodeDecodeError:
                return NOT_PLAIN, i
        elif kind == "kw":
            if value == _KW_R:
                if len(items) < 2 or type(items[-2]) is not int or type(items[-1]) is not int:
                    return NOT_PLAIN, i
                del items[-1]
                items[-1] = PDFObjRef(doc, items[-1])
            elif value == KW_TRUE:
                items.append(True)
            elif value == KW_FALSE:
                items.append(False)
            else:
                return NOT_PLAIN, i  # null, obj, stream...: the general parser's way
        elif kind == "str":
            items.append(value[1:-1])
        elif kind == "hex":
            items.append(hex_token(value[1:]))
        elif kind == "comment" or value == b">":
            continue  # a hex string's closing ">" (the tokenizer's, read as nothing)
        else:  # ">>", "]", or another character
            is_dict = kinds.pop() if kinds else None
            if (value == b">>" and is_dict is True) or (value == b"]" and is_dict is False):
                done: Any = items
                if is_dict:
                    if len(items) % 2 or not all(type(k) is PSLiteral for k in items[::2]):
                        return NOT_PLAIN, i
                    done = {k.name: v for k, v in zip(items[::2], items[1::2]) if v is not None}
                if not stack:
                    return done, i
                items = stack.pop()
                items.append(done)
            else:
                return NOT_PLAIN, i
    return NOT_PLAIN, i


_STRING_ESCAPES = {ord(k): v for k, v in ESC_STRING.items()}
_OCTAL = frozenset(b"01234567")


def _escaped_string(data: bytes, i: int, end: int) -> tuple[bytes, int] | None:
    """The literal string opening at ``data[i]`` (``(``) as pdfminer reads it (PSBaseParser's
    ``_parse_string``: balanced parentheses kept, escapes ``\\n`` ``\\(`` ``\\ddd`` read, an
    unknown escape's backslash and letter dropped, a backslash before a line end joins the
    lines) and the offset after it; None when it does not close before ``end``, or holds what
    pdfminer reads otherwise (an octal escape past 255, which it refuses; a backslash before
    CR, which depends on where its 4 kB buffers end)."""
    if i >= end or data[i] != 0x28:
        return None
    out = bytearray()
    depth = 1
    j = i + 1
    while j < end:
        c = data[j]
        if c == 0x5C:  # backslash
            j += 1
            if j >= end:
                return None
            c = data[j]
            if c in _OCTAL:
                k = j
                while k < end and k < j + 3 and data[k] in _OCTAL:
                    k += 1
                code = int(bytes(data[j:k]), 8)  # data may be a memoryview (the file's)
                if code > 255:
                    return None
                out.append(code)
                j = k
            elif c in _STRING_ESCAPES:
                out.append(_STRING_ESCAPES[c])
                j += 1
            elif c == 0x0D:
                return None
            else:
                j += 1  # pdfminer drops it (a backslash before LF: the line goes on)
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if not depth:
                return bytes(out), j + 1
        out.append(c)
        j += 1
    return None
