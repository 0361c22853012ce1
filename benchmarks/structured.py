"""Structure-aware mutations of PDF files for the fuzzer (issue 25).

Byte-level mutations (``benchmarks/fuzz.py``) mostly break a file's outer syntax, which sends
it down the engine's recovery path. These mutate what the file *means* and write it back out
correctly, so that the engine's object resolution, page tree, fonts and content are reached
with wrong values: the file is read into its objects (:func:`read_pdf`: every ``N G obj``,
object streams opened when they are not encrypted, the trailer's ``/Root``, ``/Info``,
``/Encrypt`` and ``/ID``), one object or one entry is changed, and the objects are written
again by :class:`benchmarks.pdfwriter.PdfWriter` with a true cross-reference section (unless
the mutation is of the cross-reference itself).

A mutation is ``[kind, a, b, c, d]`` (non-negative ints reduced modulo what they index; a
splice names its donor file after them), so that a plan is plain JSON and replays exactly:

- ``obj_number``: a number inside an object set to an edge value (0, -1, 2^31, 1e308 ...),
  moved by a small amount or multiplied;
- ``obj_name``: a name inside an object replaced by a name that matters (``/Type``, ``/Kids``,
  ``/Identity-H`` ...), by another name of the file, or misspelt;
- ``splice``: an object of another file put in place of one of this file's, or added and
  referred to from one of its references (the donor's references then point at this file's
  objects: type confusion);
- ``xref_dup``: a cross-reference entry given another object's entry (two objects at one
  offset); ``xref_drop``: an entry made free, pointed at offset 0, or the entries after it
  shifted by one (an entry lost from the middle);
- ``length_lie``: a stream's ``/Length`` too short, too long, negative, huge, or a reference
  to a missing or wrong object;
- ``count_lie``: a ``/Count`` set to 0, -1, one more or one less, or 2^31;
- ``stream_cut``: a stream truncated inside (its compressed bytes cut, its decompressed
  content cut and compressed again, or cut with its old ``/Length`` kept);
- ``cycle``: a reference inside an object redirected to the object itself, to an object that
  refers to it, or to one that refers to that (reference cycles, page trees that loop).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .pdfwriter import PdfObject, PdfWriter

STRUCT_KINDS = ("obj_number", "obj_name", "splice", "xref_dup", "xref_drop", "length_lie",
                "count_lie", "stream_cut", "cycle")

OBJ_RE = re.compile(rb"(?<![0-9])(\d{1,10})[ \t\r\n\f\x00]+(\d{1,5})[ \t\r\n\f\x00]+obj(?![A-Za-z])")
STREAM_RE = re.compile(rb"(?<!end)stream(?:\r\n|\n|\r)")
ENDOBJ_RE = re.compile(rb"endobj(?![A-Za-z])")
LENGTH_RE = re.compile(rb"/Length(?![A-Za-z0-9])\s*(?:\d+\s+\d+\s+R|[-+]?[\d.]+)?")
REF_RE = re.compile(rb"(?<![0-9.])(\d{1,10})\s+(\d{1,5})\s+R(?![A-Za-z])")
NAME_RE = re.compile(rb"/[A-Za-z][A-Za-z0-9_.#-]*")
NUMBER_RE = re.compile(rb"(?<![A-Za-z0-9_.#/-])-?\d+(?:\.\d+)?(?![A-Za-z0-9_.#])")

EDGE_NUMBERS = (b"0", b"-1", b"1", b"2147483648", b"-2147483649", b"4294967296", b"99999999999",
                b"65535", b"0.0001", b"3.4e38", b"-0", b"255", b"256", b"1" + b"0" * 308 + b".0")
NAMES = (b"/Type", b"/Page", b"/Pages", b"/Kids", b"/Count", b"/Parent", b"/Contents",
         b"/Resources", b"/Font", b"/XObject", b"/Filter", b"/FlateDecode", b"/DecodeParms",
         b"/Encoding", b"/ToUnicode", b"/Widths", b"/FirstChar", b"/LastChar", b"/MediaBox",
         b"/CropBox", b"/Rotate", b"/Subtype", b"/Length", b"/Annots", b"/AP", b"/W", b"/DW",
         b"/N", b"/First", b"/Identity-H", b"/Identity-V", b"/Type0", b"/Type1", b"/Type3",
         b"/TrueType", b"/CIDFontType0", b"/CIDFontType2", b"/CharProcs", b"/FontMatrix",
         b"/Differences", b"/DescendantFonts", b"/Form", b"/Image", b"/Matrix", b"/BBox",
         b"/FontDescriptor", b"/FontFile", b"/FontFile2", b"/FontFile3", b"/ObjStm", b"/XRef",
         b"/Outlines", b"/PageLabels", b"/Names", b"/Dests", b"/Nums", b"/Limits", b"/Next",
         b"/Encrypt", b"/ASCIIHexDecode", b"/LZWDecode", b"/RunLengthEncode", b"/DCTDecode",
         b"/JBIG2Decode", b"/CCITTFaxDecode", b"/Predictor", b"/Columns", b"/StructTreeRoot",
         b"/ActualText", b"/MCID", b"/Catalog")


@dataclass
class ParsedPdf:
    """A file's objects (``benchmarks.pdfwriter.PdfObject`` by number, streams as stored) and
    what its trailer says. ``packed``: object streams opened (their members are in
    ``objects``, written back into the same streams); ``opaque``: members of encrypted object
    streams, kept in place by their cross-reference entries ``(stream, index)``."""

    version: bytes
    objects: dict[int, PdfObject]
    root: int
    info: int | None = None
    trailer: bytes = b""
    packed: dict[int, list[int]] = field(default_factory=dict)
    opaque: dict[int, tuple[int, int]] = field(default_factory=dict)

    def writer(self) -> PdfWriter:
        w = PdfWriter(self.version)
        for num, obj in self.objects.items():
            w.put(num, obj)
        for stm, members in self.packed.items():
            kept = [m for m in members if m in self.objects and self.objects[m].data is None]
            if not kept or stm not in self.objects:
                continue
            # The writer writes the object stream's own entries; only /Extends is carried over.
            extends = _entry(self.objects[stm].body, b"/Extends")
            w.put(stm, PdfObject(b"/Extends " + extends if extends else b""))
            w.packed[stm] = kept
        return w

    def write(self, **kwargs: Any) -> bytes:
        entries = {n: (2, s, i) for n, (s, i) in self.opaque.items() if n not in self.objects}
        if entries:
            kwargs["xref_entries"] = {**entries, **kwargs.get("xref_entries", {})}
        return self.writer().write(self.root, info=self.info, trailer=self.trailer, **kwargs)


# -- reading ----------------------------------------------------------------------------------


def _value_end(data: bytes, i: int) -> int:
    """The end of the dictionary or array starting at ``data[i]`` (strings skipped)."""
    depth, n = 0, len(data)
    while i < n:
        c = data[i]
        if c == 0x28:  # (
            level, i = 1, i + 1
            while i < n and level:
                if data[i] == 0x5C:
                    i += 1
                elif data[i] == 0x28:
                    level += 1
                elif data[i] == 0x29:
                    level -= 1
                i += 1
            continue
        if data.startswith(b"<<", i) or c == 0x5B:
            depth += 1
            i += 2 if c == 0x3C else 1
            continue
        if c == 0x3C:  # a hex string
            end = data.find(b">", i)
            i = n if end < 0 else end + 1
            continue
        if data.startswith(b">>", i) or c == 0x5D:
            depth -= 1
            i += 2 if c == 0x3E else 1
            if depth <= 0:
                return i
            continue
        i += 1
    return n


def _entry(dictionary: bytes, key: bytes) -> bytes | None:
    """The raw value of ``key`` in a dictionary's text (a reference, a number, a name, or a
    dictionary or array)."""
    m = re.search(re.escape(key) + rb"(?![A-Za-z0-9])\s*", dictionary)
    if not m:
        return None
    i = m.end()
    if dictionary.startswith(b"<<", i) or dictionary.startswith(b"[", i):
        return dictionary[i : _value_end(dictionary, i)]
    ref = re.match(rb"\d+\s+\d+\s+R", dictionary[i:])
    if ref:
        return ref.group()
    token = re.match(rb"/?[^\s/<>\[\]()]+|<[0-9A-Fa-f\s]*>|\([^)]*\)", dictionary[i:])
    return token.group() if token else None


def _ref_num(value: bytes | None) -> int | None:
    m = re.match(rb"(\d+)\s+\d+\s+R", value or b"")
    return int(m.group(1)) if m else None


def _png_unpredict(data: bytes, columns: int) -> bytes:
    """Undo PNG predictors (the ``/Predictor`` 10-15 of cross-reference streams)."""
    out, prev, row = bytearray(), bytearray(columns), columns + 1
    for start in range(0, len(data) - row + 1, row):
        kind, line = data[start], bytearray(data[start + 1 : start + row])
        for i in range(columns):
            left = line[i - 1] if i else 0
            up = prev[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                upleft = prev[i - 1] if i else 0
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 0xFF
        out += line
        prev = line
    return bytes(out)


def _xref_stream_entries(obj: PdfObject) -> dict[int, tuple[int, int]]:
    """The type-2 entries ``num -> (object stream, index)`` of a cross-reference stream."""
    try:
        data = zlib.decompress(obj.data or b"") if b"/FlateDecode" in obj.body else (obj.data or b"")
        widths = [int(x) for x in re.findall(rb"\d+", _entry(obj.body, b"/W") or b"")]
        predictor = _entry(obj.body, b"/Predictor")
        if predictor and int(predictor) >= 10:
            data = _png_unpredict(data, int(_entry(obj.body, b"/Columns") or b"1"))
        index = [int(x) for x in re.findall(rb"\d+", _entry(obj.body, b"/Index") or b"")]
        if not index:
            index = [0, int(_entry(obj.body, b"/Size") or b"0")]
    except (zlib.error, ValueError):
        return {}
    width = sum(widths)
    if len(widths) != 3 or not width:
        return {}
    out, pos = {}, 0
    for first, count in zip(index[::2], index[1::2]):
        for num in range(first, first + count):
            row = data[pos : pos + width]
            pos += width
            if len(row) < width:
                return out
            fields, at = [], 0
            for w in widths:
                fields.append(int.from_bytes(row[at : at + w], "big") if w else (1 if not fields else 0))
                at += w
            if fields[0] == 2:
                out[num] = (fields[1], fields[2])
    return out


def _split_stream(data: bytes, start: int, region_end: int) -> tuple[bytes, bytes, int] | None:
    """``(dictionary, stream data, end)`` of a stream object whose body starts at ``start``,
    or None when the object has no stream."""
    m = STREAM_RE.search(data, start, region_end)
    if not m:
        return None
    dictionary = data[start : m.start()].strip()
    if not dictionary.endswith(b">>"):
        return None
    begin = m.end()
    length = _entry(dictionary, b"/Length")
    end = -1
    if length and re.fullmatch(rb"\d+", length):
        guess = begin + int(length)
        if re.match(rb"\s*endstream", data[guess : guess + 20]):
            end = guess
    if end < 0:
        found = data.find(b"endstream", begin)
        if found < 0:
            return None
        end = found
        if data[end - 2 : end] == b"\r\n":
            end -= 2
        elif data[end - 1 : end] in (b"\n", b"\r"):
            end -= 1
    close = data.find(b"endstream", end)
    return dictionary, data[begin:end], close + len(b"endstream")


def read_pdf(data: bytes) -> ParsedPdf | None:
    """The objects of ``data`` (see :class:`ParsedPdf`); None when no catalog is found."""
    version = re.match(rb"%PDF-(\d\.\d)", data[data.find(b"%PDF-"):] if b"%PDF-" in data else b"")
    objects: dict[int, PdfObject] = {}
    xref_streams: list[tuple[int, bytes]] = []
    xref_objects: list[PdfObject] = []
    pos = 0
    while True:
        m = OBJ_RE.search(data, pos)
        if not m:
            break
        num, gen, start = int(m.group(1)), int(m.group(2)), m.end()
        close = ENDOBJ_RE.search(data, start)
        region_end = close.start() if close else len(data)
        stream = _split_stream(data, start, region_end)
        if stream is not None:
            dictionary, body, end = stream
            obj = PdfObject(LENGTH_RE.sub(b"", dictionary, count=1), body, generation=gen)
            close = ENDOBJ_RE.search(data, end)
            pos = close.end() if close else end
        else:
            obj = PdfObject(data[start:region_end].strip(), generation=gen)
            pos = close.end() if close else len(data)
        if re.search(rb"/Type\s*/XRef(?![A-Za-z])", obj.body) and obj.data is not None:
            xref_streams.append((m.start(), obj.body))
            xref_objects.append(obj)
            continue
        objects[num] = obj
    # The trailers in file order, cross-reference streams' dictionaries among them.
    placed = [(m.start(), data[m.end() - 2 : _value_end(data, m.end() - 2)])
              for m in re.finditer(rb"trailer\s*<<", data)]
    placed += xref_streams
    trailer_dicts = [body for _, body in sorted(placed)]
    root = info = None
    carried: dict[bytes, bytes] = {}
    for dictionary in trailer_dicts:  # later sections win
        root = _ref_num(_entry(dictionary, b"/Root")) or root
        info = _ref_num(_entry(dictionary, b"/Info")) or info
        for key in (b"/Encrypt", b"/ID"):
            value = _entry(dictionary, key)
            if value is not None:
                carried[key] = value
    catalogs = [n for n, o in objects.items() if re.search(rb"/Type\s*/Catalog(?![A-Za-z])", o.body)]
    if catalogs and (root not in objects or root not in catalogs):
        root = catalogs[-1]  # what a reader rebuilding a broken file's cross-reference finds
    if root is None:
        return None
    encrypted = b"/Encrypt" in carried
    parsed = ParsedPdf(version.group(1) if version else b"1.7", objects, root,
                       info if info in objects else None,
                       b" ".join(k + b" " + v for k, v in carried.items()))
    for num, obj in list(objects.items()):
        if obj.data is None or not re.search(rb"/Type\s*/ObjStm(?![A-Za-z])", obj.body):
            continue
        members = None if encrypted else _object_stream_members(obj)
        if members is None:
            continue
        mine = [m for m, body in members if m not in objects]
        for member, body in members:
            objects.setdefault(member, PdfObject(body))
        parsed.packed[num] = mine
    for xref in xref_objects:
        for member, place in _xref_stream_entries(xref).items():
            if member not in objects and place[0] in objects and place[0] not in parsed.packed:
                parsed.opaque[member] = place
    if root not in objects and root not in parsed.opaque:
        return None
    return parsed


def _object_stream_members(obj: PdfObject) -> list[tuple[int, bytes]] | None:
    filters = _entry(obj.body, b"/Filter") or b""
    if filters.strip(b"[] ") not in (b"/FlateDecode", b"") or b"/DecodeParms" in obj.body:
        return None
    try:
        content = zlib.decompress(obj.data or b"") if filters else (obj.data or b"")
        first = int(_entry(obj.body, b"/First") or b"")
    except (zlib.error, ValueError):
        return None
    numbers = [int(x) for x in re.findall(rb"\d+", content[:first])]
    pairs = list(zip(numbers[::2], numbers[1::2]))
    members = []
    for i, (num, offset) in enumerate(pairs):
        end = pairs[i + 1][1] if i + 1 < len(pairs) else len(content) - first
        members.append((num, content[first + offset : first + end].strip()))
    return members


# -- mutating ---------------------------------------------------------------------------------


def _pick(items: list[Any], index: int) -> Any:
    return items[index % len(items)] if items else None


def _replace(body: bytes, m: re.Match[bytes], new: bytes) -> bytes:
    return body[: m.start()] + new + body[m.end() :]


def _referrers(parsed: ParsedPdf, num: int) -> list[int]:
    pattern = re.compile(rb"(?<![0-9])%d\s+\d+\s+R(?![A-Za-z])" % num)
    return [n for n, o in sorted(parsed.objects.items()) if n != num and pattern.search(o.body)]


def _streams(parsed: ParsedPdf) -> list[int]:
    return [n for n, o in sorted(parsed.objects.items()) if o.data is not None and n not in parsed.packed]


def _with_body(obj: PdfObject, body: bytes) -> PdfObject:
    return PdfObject(body, obj.data, obj.length, obj.generation)


def mutate(parsed: ParsedPdf, op: list[Any], donor: Callable[[str], ParsedPdf | None]) -> bytes:
    """The bytes of ``parsed`` with the structured mutation ``op`` applied (see the module
    docstring); ``donor(path)`` reads another file for a splice."""
    kind = op[0]
    a, b, c, d = ([int(x) for x in op[1:5]] + [0, 0, 0, 0])[:4]
    objects = parsed.objects
    nums = sorted(objects)
    write: dict[str, Any] = {}
    if kind == "obj_number":
        candidates = [n for n in nums if NUMBER_RE.search(objects[n].body)]
        num = _pick(candidates, a)
        if num is not None:
            body = objects[num].body
            m = _pick(list(NUMBER_RE.finditer(body)), b)
            if c % 3 == 0:
                new = EDGE_NUMBERS[d % len(EDGE_NUMBERS)]
            else:
                value = float(m.group()) if b"." in m.group() else int(m.group())
                new = (str(value + (d % 9 - 4 or 1)) if c % 3 == 1 else str(value * (d % 7 + 2))).encode()
            objects[num] = _with_body(objects[num], _replace(body, m, new))
    elif kind == "obj_name":
        candidates = [n for n in nums if NAME_RE.search(objects[n].body)]
        num = _pick(candidates, a)
        if num is not None:
            body = objects[num].body
            m = _pick(list(NAME_RE.finditer(body)), b)
            if c % 3 == 0:
                new = NAMES[d % len(NAMES)]
            elif c % 3 == 1:
                every = [x.group() for n in nums for x in NAME_RE.finditer(objects[n].body[:2000])]
                new = _pick(every, d)
            else:
                name = m.group()
                i = 1 + d % (len(name) - 1)
                new = name[:i] + bytes([name[i] ^ 0x20 if chr(name[i]).isalpha() else 0x58]) + name[i + 1 :]
            objects[num] = _with_body(objects[num], _replace(body, m, new))
    elif kind == "splice":
        other = donor(str(op[5])) if len(op) > 5 else None
        if other is not None and other.objects:
            given = other.objects[_pick(sorted(other.objects), b)]
            given = PdfObject(given.body, given.data, None, 0)
            if c % 2 == 0:
                objects[_pick(nums, a)] = given
                parsed.opaque.pop(_pick(nums, a), None)
            else:
                new = max(nums) + 1
                objects[new] = given
                holders = [n for n in nums if REF_RE.search(objects[n].body)]
                holder = _pick(holders, a)
                if holder is not None:
                    m = _pick(list(REF_RE.finditer(objects[holder].body)), d)
                    objects[holder] = _with_body(objects[holder], _replace(objects[holder].body, m,
                                                                           b"%d 0 R" % new))
    elif kind in ("xref_dup", "xref_drop"):
        def edit(entries: dict[int, tuple[int, int, int]]) -> dict[int, tuple[int, int, int]]:
            keys = sorted(entries)
            target = _pick(keys, a)
            if kind == "xref_dup":
                entries[target] = entries[_pick(keys, b)]
            elif c % 3 == 0:
                entries[target] = (0, 0, 0)
            elif c % 3 == 1:
                entries[target] = (1, 0, 0)
            else:  # an entry lost from the middle: those after it move up one
                for i in range(keys.index(target), len(keys) - 1):
                    entries[keys[i]] = entries[keys[i + 1]]
                entries[keys[-1]] = (0, 0, 0)
            return entries

        write["xref_edit"] = edit
        write["xref"] = "stream" if parsed.packed or parsed.opaque or d % 2 else "table"
    elif kind == "length_lie":
        num = _pick(_streams(parsed), a)
        if num is not None:
            obj = objects[num]
            true = len(obj.data or b"")
            lies = (b"%d" % (true // 2), b"%d" % max(0, true - 1), b"0", b"%d" % (true + 1),
                    b"%d" % (true + 1000), b"%d" % (true * 2 + 10), b"-1", b"-%d" % true,
                    b"2147483648", b"99999 0 R", b"%d 0 R" % _pick(nums, c))
            objects[num] = PdfObject(obj.body, obj.data, lies[b % len(lies)], obj.generation)
    elif kind == "count_lie":
        candidates = [n for n in nums if re.search(rb"/Count\s+-?\d+", objects[n].body)]
        num = _pick(candidates, a)
        if num is not None:
            m = re.search(rb"(/Count\s+)(-?\d+)", objects[num].body)
            value = int(m.group(2))
            new = (b"0", b"-1", b"%d" % (value + 1), b"%d" % max(0, value - 1), b"2147483648",
                   b"%d" % (value * 1000))[b % 6]
            objects[num] = _with_body(objects[num], _replace(objects[num].body, m, m.group(1) + new))
    elif kind == "stream_cut":
        num = _pick(_streams(parsed), a)
        if num is not None:
            obj = objects[num]
            raw = obj.data or b""
            mode = c % 3
            if mode == 1 and b"/FlateDecode" in obj.body:
                try:
                    inflated = zlib.decompressobj().decompress(raw, 50_000_000)
                    raw = zlib.compress(inflated[: len(inflated) * (b % 1000) // 1000], 9)
                except zlib.error:
                    raw = raw[: len(raw) * (b % 1000) // 1000]
                objects[num] = PdfObject(obj.body, raw, None, obj.generation)
            else:
                cut = raw[: len(raw) * (b % 1000) // 1000]
                lie = b"%d" % len(raw) if mode == 2 else None
                objects[num] = PdfObject(obj.body, cut, lie, obj.generation)
    elif kind == "cycle":
        holders = [n for n in nums if REF_RE.search(objects[n].body)]
        num = _pick(holders, a)
        if num is not None:
            m = _pick(list(REF_RE.finditer(objects[num].body)), b)
            target = num
            for _ in range(c % 3):
                up = _pick(_referrers(parsed, target), d)
                if up is None:
                    break
                target = up
            objects[num] = _with_body(objects[num], _replace(objects[num].body, m, b"%d 0 R" % target))
    else:
        raise ValueError(f"unknown structured mutation {kind!r}")
    return parsed.write(**write)
