"""pdfprose.pdf.content.FastContentParser reads content streams exactly as pdfminer.six does.

The fast parser is pdfminer's own PDFContentParser with a batch tokenizer in front; these tests
compare the objects (and their positions) the two give for generated streams full of odd tokens,
split into several streams at every kind of boundary, and for every stream of a few corpus files.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from pdfminer.pdfdocument import LITERAL_OBJSTM
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfinterp import PDFContentParser
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFStream
from pdfminer.psparser import PSEOF

from pdfprose.pdf.content import FastContentParser

from pdfminer.psparser import LIT

LIT_FONT, LIT_TYPE1, LIT_HELVETICA = LIT("Font"), LIT("Type1"), LIT("Helvetica")

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"

PIECES = [
    b" ", b"\n", b"\r", b"\r\n", b"\t", b"\x00", b"\x0c", b"(", b")", b"\\", b"<", b">", b"<<",
    b">>", b"[", b"]", b"{", b"}", b"/", b"#", b"%", b"%comment\n", b"1", b"2", b"-", b"+", b".",
    b"0", b"9", b"a", b"F", b"e", b"Tj", b"TJ", b"BT", b"ET", b"true", b"false", b" BI ", b" ID ",
    b" EI ", b"\\n", b"\\053", b"\\7", b"\\777", b"\\\r\n", b"'", b'"', b"*", b"\xff", b"\x80",
    b"Tf", b"/F1", b"12.5", b"-.5", b"1.2.3", b"#41", b"/A#42", b"<41 42>", b"<414>", b"(a(b)c)",
    b"(x\\)y)", b"/W 4 /H 4 /BPC 8", b"0 0 1 rg", b"q 1 0 0 1 0 0 cm Q",
]


def _stream(data: bytes, objid: int) -> PDFStream:
    stream = PDFStream({}, data)
    stream.objid = objid
    stream.data, stream.rawdata = data, None
    return stream


def _canon(obj: object) -> object:
    from pdfminer.pdftypes import PDFObjRef

    if isinstance(obj, PDFObjRef):
        return ("ref", obj.objid)  # a reference: to the same object number
    if isinstance(obj, PDFStream):
        return ("stream", _canon(obj.attrs), obj.data if obj.data is not None else obj.rawdata)
    if isinstance(obj, list):
        return [_canon(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _canon(v) for k, v in obj.items()}
    if isinstance(obj, bool):
        return ("bool", obj)
    if isinstance(obj, float):
        return ("float", repr(obj))
    if isinstance(obj, int):
        return ("int", obj)
    if isinstance(obj, (bytes, str)):
        return (type(obj).__name__, obj)
    return (type(obj).__name__, id(obj))  # interned literals and keywords: the same object


def _objects(cls: type, datas: list[bytes]) -> list[object]:
    """Everything ``nextobject`` gives (or raises) until the end, like pdfprose's execute()."""
    out: list[object] = []
    try:
        parser = cls([_stream(d, i + 1) for i, d in enumerate(datas)])
    except Exception as exc:  # noqa: BLE001
        return [("constructor", type(exc).__name__)]
    failures = 0
    for _ in range(200_000):
        try:
            pos, obj = parser.nextobject()
        except PSEOF:
            out.append("EOF")
            break
        except Exception as exc:  # noqa: BLE001 - skipped by execute(); the same must follow
            out.append(("raised", type(exc).__name__))
            failures += 1
            if failures > 20:
                break
            continue
        failures = 0
        out.append((pos, _canon(obj)))
    return out


def _same(datas: list[bytes]) -> None:
    assert _objects(FastContentParser, datas) == _objects(PDFContentParser, datas)


@pytest.mark.parametrize("seed", range(6))
def test_generated_streams_give_pdfminers_objects(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(300):
        datas = [b"".join(rnd.choice(PIECES) for _ in range(rnd.choice((3, 40, 400, 2500, 6000))))
                 for _ in range(rnd.randint(1, 3))]
        _same(datas)


def test_tokens_cut_by_stream_and_buffer_boundaries() -> None:
    text = b"BT /F1 12 Tf 72.5 700 Td [(Hello) -250 (World)] TJ <48656C6C6F> Tj ET 0.5 g"
    for cut in range(1, len(text)):
        _same([text[:cut], text[cut:]])
    long = b"q " + b"1 0 0 1 10.25 20.5 cm (abc) Tj " * 400 + b"Q"
    for offset in range(0, 40, 3):  # tokens across pdfminer's 4096-byte buffers
        _same([b" " * offset + long])


def test_inline_images_and_escapes() -> None:
    _same([b"q BI /W 2 /H 2 /BPC 8 /CS /G ID \x00\xff\x10\x20 EI Q (after) Tj"])
    _same([b"BI /W 1 /H 1 ID xxEIx EI \nEI (t) Tj"])
    _same([b"(\\101\\102\\7x\\\nline\\\r\ncont\\q) Tj (nested (paren) here) Tj"])
    _same([b"/Name#20with#2Fhex /Bad#zz 1 0 obj"])


INLINE_PIECES = [b"E", b"I", b"EI", b"EI ", b"EI\n", b"EI\r\n", b"EEI ", b"EIE", b"EIEI ", b"~",
                 b">", b"~>", b"~> ", b"~>\n", b"\r\n", b"\r", b"\n", b" ", b"\t", b"\x0b",
                 b"\x00", b"\xff", b"x", b" BI ", b" ID "]
"""Bytes of inline image data: near misses of the end markers (``EI`` and, for ASCII85,
``~>``, each to be followed by white space), white space and ends of line."""


@pytest.mark.parametrize("seed", range(2))
def test_inline_image_data_ends_where_pdfminers_does(seed: int) -> None:
    """FastContentParser finds an inline image's end itself, in the buffer it holds (pdfminer
    seeks back and reads it again): the same objects for data full of near misses, with the
    ASCII85 marker, crossing pdfminer's 4,096-byte buffers, split into streams anywhere."""
    rnd = random.Random(seed)
    for _ in range(50):
        images = []
        for _ in range(rnd.randint(1, 5)):
            filt = rnd.choice((b"", b"/F /A85 ", b"/F [/ASCII85Decode] ", b"/F /AHx "))
            data = b"".join(rnd.choice(INLINE_PIECES) for _ in range(rnd.choice((0, 2, 30, 1500))))
            end = rnd.choice((b" EI ", b"EI\n", b"\r\nEI Q", b"~> EI ", b" "))
            images.append(b"q BI /W 4 /H 4 /BPC 8 " + filt + b"ID " + data + end + b" Q (t) Tj\n")
        text = b" " * rnd.choice((0, 7, 4090)) + b"".join(images)
        cuts = sorted(rnd.sample(range(1, len(text)), min(len(text) - 1, rnd.randint(0, 2))))
        _same([text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])])


def test_a_long_run_of_end_marker_bytes() -> None:
    """``E`` bytes in a row: each a candidate end, each pair a failed one (pdfminer's search,
    quadratic in them; ``inline_image_of_e`` of the hostile suite)."""
    for run in (9000, 9001):
        _same([b"BI /W 9 /H 9 ID " + b"E" * run + b" EI (after) Tj"])
    _same([b"BI /W 9 /H 9 /F /A85 ID " + b"~" * 9001 + b"~> EI (after) Tj"])


def _bytes_read(cls: type, datas: list[bytes]) -> tuple[int, int]:
    """The bytes ``cls`` reads from its streams' data while giving all its objects, and the
    bytes its batch tokenizer passes over (0 for pdfminer's parser, which has none)."""
    reads: list[int] = []
    batched: list[int] = []

    class Counted(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            out = super().read(size)
            reads.append(len(out))
            return out

    class Counting(cls):  # type: ignore[valid-type, misc]
        def fillfp(self) -> bool:
            new = super().fillfp()
            if new:
                self.fp = Counted(self.fp.getvalue())
            return new

        def _fast_tokens(self) -> None:
            before = self.charpos
            super()._fast_tokens()
            batched.append(self.charpos - before)

    _objects(Counting, datas)
    return sum(reads), sum(batched)


def test_inline_images_are_read_once() -> None:
    """A page of inline images costs what its bytes cost: each byte is read once and tokenized
    at most once (pdfminer reads up to 4 KB again after every ``ID``, and the batch tokenizer
    went on past ``ID`` to the buffer's end: 1.6 ms an image on a page of them, 40 µs now)."""
    data = b"BT /F1 12 Tf (x) Tj ET\n" + b"BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI\n" * 600
    read, batched = _bytes_read(FastContentParser, [data])
    assert read == len(data) and batched <= len(data)
    assert _bytes_read(PDFContentParser, [data])[0] > 20 * len(data)  # what it was


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["real/bitcoin_whitepaper_spaces.pdf", "real/zh_invoice_cmap.pdf",
                                  "arxiv/hep-th0001173.pdf", "real/fr_diacritics_type3.pdf"])
def test_corpus_streams_give_pdfminers_objects(name: str) -> None:
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    document = PDFDocument(PDFParser(io.BytesIO(path.read_bytes())))
    seen = 0
    for xref in document.xrefs:
        for objid in xref.get_objids():
            try:
                obj = document.getobj(objid)
            except Exception:  # noqa: BLE001
                continue
            if isinstance(obj, PDFStream):
                data = obj.get_data()
                _same([data])
                if len(data) > 2:
                    _same([data[: len(data) // 3], data[len(data) // 3:]])
                seen += 1
    assert seen


# -- object streams (FastObjectStreamDocument) -------------------------------------------------

OBJECT_PIECES = [
    b" ", b"\n", b"\r\n", b"<<", b">>", b"[", b"]", b"/Type", b"/Page", b"/Parent", b"/Kids",
    b"/Count", b" 12 0 R", b" 3 0 R ", b"0", b"155", b"-2", b"3.5", b".5", b"(text)", b"(a\\)b)",
    b"<FEFF0041>", b"<41 4>", b"true", b"false", b"null", b"obj", b"endobj", b"R", b"/A#20B",
    b"%c\n", b"(", b")", b"\\", b"<", b">", b"{", b"}", b"#", b"\xff",
]


def _stream_objects(cls: type, data: bytes) -> list[object]:
    """Everything an object-stream parser gives (or raises) until the end, as pdfminer's
    ``_get_objects`` reads it; references as their object numbers."""
    parser = cls(data)
    parser.set_document(None)
    out: list[object] = []
    for _ in range(100_000):
        try:
            pos, obj = parser.nextobject()
        except PSEOF:
            out.append("EOF")
            break
        except Exception as exc:  # noqa: BLE001 - _get_objects would stop there: so must both
            out.append(("raised", type(exc).__name__))
            break
        out.append((pos, _canon(obj)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_generated_object_streams_give_pdfminers_objects(seed: int) -> None:
    from pdfminer.pdfparser import PDFStreamParser

    from pdfprose.pdf.content import FastObjectStreamParser

    rnd = random.Random(seed)
    for _ in range(300):
        data = b"".join(rnd.choice(OBJECT_PIECES) for _ in range(rnd.choice((3, 40, 400, 3000))))
        assert _stream_objects(FastObjectStreamParser, data) == _stream_objects(PDFStreamParser, data)


STRING_PIECES = [b"(x\\053y)", b"(p(q)r)", b"(a\\nb\\tc)", b"(\\777)", b"(\\q)", b"(l\\\nm)",
                 b"(l\\\r\nm)", b"(\\5)", b"(\\(", b"(((", b"\\)"]
"""Literal strings with escapes, nested parentheses and line continuations."""


@pytest.mark.parametrize("seed", range(3))
def test_plain_objects_read_as_the_object_stream_parser_reads_them(seed: int) -> None:
    """parse_plain_object gives the general parser's first object of a slice, or declines."""
    from pdfprose.pdf.content import FastObjectStreamParser
    from pdfprose.pdf.plain import NOT_PLAIN, parse_plain_object

    rnd = random.Random(seed)
    taken = 0
    for _ in range(1500):
        body = b"".join(rnd.choice(OBJECT_PIECES + STRING_PIECES)
                        for _ in range(rnd.choice((2, 8, 30))))
        data = b"xx " + rnd.choice((b"<<", b"[", b"<< /K [")) + body + rnd.choice(
            (b">>", b"]", b"] >>", b">> ", b"")) + rnd.choice((b"", b" ", b"\n<< /Next 1 >>"))
        ours = parse_plain_object(data, 3, len(data), None)
        # The file's own bytes are read as a memoryview (BytesIO.getbuffer): the same object.
        assert _canon(parse_plain_object(memoryview(data), 3, len(data), None)) == _canon(ours)
        if ours is NOT_PLAIN:
            continue
        taken += 1
        parser = FastObjectStreamParser(data[3:])
        parser.set_document(None)
        assert _canon(ours) == _canon(parser.nextobject()[1]), data
    assert taken > 40  # the common objects are read here, not declined


def test_object_stream_past_pdfminers_4kb_buffer() -> None:
    """The fast parser reads the whole stream as one buffer; pdfminer reads 4096 bytes at a
    time: tokens across those boundaries must come out the same."""
    from pdfminer.pdfparser import PDFStreamParser

    from pdfprose.pdf.content import FastObjectStreamParser

    body = b"".join(b"<< /Type /Page /Parent 3 0 R /Contents [%d 0 R] /Name (p%d) >> " % (i, i)
                    for i in range(400))
    for offset in range(0, 60, 7):
        data = b" " * offset + body
        assert _stream_objects(FastObjectStreamParser, data) == _stream_objects(PDFStreamParser, data)


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["real/who_hcv_guidelines_155p.pdf", "real/ca_warn_report_table_16p.pdf",
                                  "real/aes256_r6_owner_noextract.pdf", "real/es_i9_form_xfa_aes_owner.pdf",
                                  "arxiv/math0501081.pdf"])
def test_corpus_object_streams_give_pdfminers_objects(name: str) -> None:
    from pdfprose.pdf.content import FastObjectStreamDocument

    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    data = path.read_bytes()
    ours = FastObjectStreamDocument(PDFParser(io.BytesIO(data)))
    theirs = PDFDocument(PDFParser(io.BytesIO(data)))
    streams = {xref.get_pos(objid)[0] for xref in theirs.xrefs for objid in xref.get_objids()
               if xref.get_pos(objid)[0] is not None}
    assert streams  # each of these files keeps objects in object streams
    for objid in streams:
        objs, n = ours._get_objects(ours.getobj(objid))
        objs_theirs, n_theirs = theirs._get_objects(theirs.getobj(objid))
        assert n == n_theirs and objs and _canon(objs) == _canon(objs_theirs)



@pytest.mark.corpus
@pytest.mark.parametrize("name", ["real/ca_warn_report_table_16p.pdf", "real/es_i9_form_xfa_aes_owner.pdf",
                                  "arxiv/math0501081.pdf"])
def test_corpus_objects_read_alone_as_from_the_whole_stream(name: str) -> None:
    """An object taken alone from its object stream (at its header's offset) is the one the
    whole stream's parse gives at its place."""
    from pdfprose.pdf.content import FastObjectStreamDocument

    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    data = path.read_bytes()
    alone = FastObjectStreamDocument(PDFParser(io.BytesIO(data)))
    whole = FastObjectStreamDocument(PDFParser(io.BytesIO(data)))
    placed = [(objid, pos[0], pos[1]) for xref in whole.xrefs for objid in xref.get_objids()
              if (pos := xref.get_pos(objid))[0] is not None]
    assert len(placed) > 50
    parsed: dict[int, tuple[list[object], int]] = {}
    for objid, stream, index in placed:
        if stream not in parsed:
            parsed[stream] = whole._get_objects(whole.getobj(stream))
        objs, n = parsed[stream]
        assert _canon(alone._getobj_objstm(alone.getobj(stream), index, objid)) == \
            _canon(objs[2 * n + index])
    assert not alone._parsed_objs  # no stream was parsed whole


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["real/pdfua_presentation_slides.pdf", "real/aes128_user_password.pdf"])
def test_corpus_objects_in_the_file_read_as_pdfminer_reads_them(name: str) -> None:
    """Every object stored in the file itself (not in an object stream) comes out of the
    plain-object path as pdfminer's parser gives it, decrypted alike; most take that path."""
    from pdfprose.pdf.content import FastObjectStreamDocument

    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    data = path.read_bytes()
    password = "baz" if "user_password" in name else ""  # probes.json's
    ours = FastObjectStreamDocument(PDFParser(io.BytesIO(data)), password=password)
    theirs = PDFDocument(PDFParser(io.BytesIO(data)), password=password)
    direct = [objid for xref in theirs.xrefs for objid in xref.get_objids()
              if xref.get_pos(objid)[0] is None]
    assert len(direct) > 10
    plain = 0
    for objid in direct[:300]:
        try:
            expected = _canon(theirs.getobj(objid))
        except Exception as exc:  # noqa: BLE001 - the same failure must follow
            expected = ("raised", type(exc).__name__)
        try:
            got = _canon(ours.getobj(objid))
        except Exception as exc:  # noqa: BLE001
            got = ("raised", type(exc).__name__)
        assert got == expected, objid
        plain += isinstance(expected, dict)
    assert plain > 3


def test_object_stream_with_a_broken_header_is_parsed_whole() -> None:
    """Offsets that do not rise (or another object number than the cross-reference's) send
    the reader to the whole-stream parse, which goes by position as pdfminer does."""
    from pdfminer.pdftypes import PDFStream

    from pdfprose.pdf.content import FastObjectStreamDocument

    body = b"<< /A 1 >> << /B 2 >> << /C 3 >>"
    good = b"10 0 11 11 12 22 "
    bad = b"10 0 11 22 12 11 "  # the second and third offsets swapped
    for header, expected in ((good, {"B": 2}), (bad, {"B": 2})):
        doc = FastObjectStreamDocument.__new__(FastObjectStreamDocument)
        doc._parsed_objs, doc.caching = {}, True
        stream = PDFStream({"Type": LITERAL_OBJSTM, "N": 3, "First": len(header)}, header + body)
        stream.objid = 99
        assert doc._getobj_objstm(stream, 1, 11) == expected
        assert bool(doc._parsed_objs) == (header is bad)


def test_a_fast_object_reader_that_fails_falls_back_to_pdfminers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The plain-object fast path is an optimisation: whatever error it meets, the object is
    read by the general parser, never lost (and never a file that cannot be opened)."""
    from pdfprose.pdf import content

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise IndexError("a fast-path bug")

    monkeypatch.setattr(content, "parse_plain_object", broken)
    header, body = b"10 0 11 11 ", b"<< /A 1 >> << /B 2 >>"
    doc = content.FastObjectStreamDocument.__new__(content.FastObjectStreamDocument)
    doc._parsed_objs, doc.caching = {}, True
    stream = PDFStream({"Type": LITERAL_OBJSTM, "N": 2, "First": len(header)}, header + body)
    stream.objid = 99
    assert doc._getobj_objstm(stream, 1, 11) == {"B": 2}

def test_the_file_stays_closable_after_objects_are_read_from_its_bytes() -> None:
    """The plain-object path reads the file's bytes without exporting the BytesIO's buffer: an
    exported buffer made close() raise BufferError, and the finalizer of every converted file
    printed "Exception ignored while finalizing file" (a browser test failed on it)."""
    from batchkit import tiny_pdf
    from pdfprose.pdf.content import FastObjectStreamDocument

    fp = io.BytesIO(tiny_pdf("one line"))
    doc = FastObjectStreamDocument(PDFParser(fp))
    objids = [objid for xref in doc.xrefs for objid in xref.get_objids()]
    assert [doc.getobj(objid) for objid in objids]
    assert doc.__dict__.get("_file_bytes") is not None  # the fast path did read the bytes
    fp.close()  # raised BufferError while getbuffer()'s view was held


# -- ToUnicode CMaps (FastCMapParser, pdf.document.ResourceManager) -----------------------------------

CMAP_PIECES = [
    b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n",
    b"/CMapName /Adobe-Identity-UCS def /CMapType 2 def\n",
    b"1 begincodespacerange <00> <FF> endcodespacerange\n",
    b"2 beginbfchar <01> <0041> <02> <00660069> endbfchar\n",
    b"1 beginbfrange <10> <1F> <0061> endbfrange\n",
    b"1 beginbfrange <20> <22> [<0042> <0043> <D835DC00>] endbfrange\n",
    b"1 begincidrange <0000> <00FF> 1 endcidrange\n",
    b"endcmap CMapName currentdict /CMap defineresource pop end end\n",
    b"<41>", b"<4>", b"<>", b" ", b"\n", b"%comment\n", b"(str)", b"[", b"]", b"<<", b">>",
    b"/Name", b"12", b"-3", b"beginbfchar", b"endbfchar", b"usecmap", b"\xff", b"\\",
]


@pytest.mark.parametrize("seed", range(4))
def test_generated_cmaps_give_pdfminers_unicode_maps(seed: int) -> None:
    from pdfminer.cmapdb import CMapParser, FileUnicodeMap

    from pdfprose.pdf.content import FastCMapParser

    rnd = random.Random(seed)
    for _ in range(200):
        data = b"".join(rnd.choice(CMAP_PIECES) for _ in range(rnd.choice((3, 30, 300))))
        maps = []
        for make in (lambda m: CMapParser(m, io.BytesIO(data)), lambda m: FastCMapParser(m, data)):
            cmap = FileUnicodeMap()
            try:
                make(cmap).run()
                outcome: object = "ok"
            except Exception as exc:  # noqa: BLE001 - the same failure must follow
                outcome = type(exc).__name__
            maps.append((outcome, cmap.cid2unichr, cmap.attrs))
        assert maps[0] == maps[1]


def _dicts_of_type(document: PDFDocument, kind: str) -> Iterator[tuple[int, dict]]:  # type: ignore[type-arg]
    """The document's dictionaries of ``/Type /kind``, with their object numbers."""
    for xref in document.xrefs:
        for objid in xref.get_objids():
            try:
                obj = document.getobj(objid)
            except Exception:  # noqa: BLE001 - a broken object is none of them
                continue
            if isinstance(obj, dict) and obj.get("Type") is LIT(kind):
                yield objid, obj


def _font_facts(font: object) -> tuple[object, ...]:
    unicode_map = getattr(font, "unicode_map", None)
    made_by = next(c.__name__ for c in type(font).__mro__ if c.__module__.startswith("pdfminer"))
    return (made_by, getattr(font, "basefont", None), getattr(font, "fontfile", None) is not None,
            dict(getattr(unicode_map, "cid2unichr", {}) or {}) if unicode_map is not None else None,
            dict(getattr(font, "cid2unicode", {}) or {}), dict(getattr(font, "widths", {}) or {}))


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["arxiv/hep-th0001173.pdf", "arxiv/math0501081.pdf",
                                  "real/bitcoin_whitepaper_spaces.pdf", "real/fr_eie_rotated_landscape.pdf",
                                  "real/home_loan_rates_rc4_nocopy.pdf", "real/ko_novel_beginbfrange.pdf",
                                  "real/who_hcv_guidelines_155p.pdf", "real/ieee_2col_diffprivacy_ligatures.pdf",
                                  "real/irs_f1040nr_form_acroform.pdf", "real/opensans_doc_missing_spaces.pdf"])
def test_corpus_fonts_have_pdfminers_unicode_maps(name: str) -> None:
    """Every font of the file, made by pdfprose's resource manager (its ToUnicode read by the
    batch tokenizer), has the maps and widths pdfminer.six gives it."""
    from pdfminer.pdfinterp import PDFResourceManager
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import LIT

    from pdfprose.pdf.document import ResourceManager

    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    from pdfprose.pdf.fonts import repair_encoding

    class Theirs(PDFResourceManager):
        """pdfminer's fonts, with pdfprose's encoding repair (which comes after either way)."""

        def get_font(self, objid, spec):  # type: ignore[no-untyped-def]
            font = super().get_font(objid, spec)
            repair_encoding(font, spec)
            return font

    document = PDFDocument(PDFParser(io.BytesIO(path.read_bytes())))
    ours, theirs = ResourceManager(), Theirs()
    fonts = with_map = 0  # fonts; of them, with a ToUnicode map or a Type 1 font program
    for objid, spec in _dicts_of_type(document, "Font"):
        fonts += 1
        with_map += isinstance(resolve1(spec.get("ToUnicode")), PDFStream)
        descriptor = resolve1(spec.get("FontDescriptor"))
        with_map += isinstance(descriptor, dict) and isinstance(resolve1(descriptor.get("FontFile")), PDFStream)
        assert _font_facts(ours.get_font(objid, spec)) == _font_facts(theirs.get_font(objid, spec))
    assert fonts and with_map


def test_a_tounicode_that_fails_leaves_no_font_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """pdfminer's get_font keeps no font whose making raised; nor does pdfprose's, whose simple
    fonts get their ToUnicode map after they are made."""
    from pdfprose.pdf import document as parse

    def broken(stream: PDFStream, limit: int | None = None) -> object:
        raise ValueError("a ToUnicode that cannot be read")

    monkeypatch.setattr(parse, "read_to_unicode", broken)
    manager = parse.ResourceManager()
    spec = {"Type": LIT_FONT, "Subtype": LIT_TYPE1, "BaseFont": LIT_HELVETICA,
            "ToUnicode": _stream(b"1 beginbfchar <41> <0042> endbfchar", 40)}
    with pytest.raises(ValueError):
        manager.get_font(7, spec)
    assert 7 not in manager._cached_fonts
    monkeypatch.undo()
    font = manager.get_font(7, spec)
    assert font.unicode_map is not None and font.unicode_map.get_unichr(0x41) == "B"


# -- Type 1 font programs' encodings (FastType1HeaderParser) ----------------------------------

@pytest.mark.corpus
@pytest.mark.parametrize("name", ["arxiv/hep-th0001173.pdf", "arxiv/math0501081.pdf",
                                  "real/irs_f1040nr_form_acroform.pdf", "real/opensans_doc_missing_spaces.pdf"])
def test_corpus_type1_encodings_give_pdfminers(name: str) -> None:
    """The /Encoding of every embedded Type 1 font program (its clear-text part, as pdfminer.six
    reads it), by pdfminer's reader and with the batch tokenizer: the same codes and names."""
    from pdfminer.pdffont import Type1FontHeaderParser
    from pdfminer.pdftypes import resolve1

    from pdfprose.pdf.content import FastType1HeaderParser
    from pdfprose.pdf.fonts import Type1Names

    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    document = PDFDocument(PDFParser(io.BytesIO(path.read_bytes())))

    class Theirs(Type1FontHeaderParser):
        names = Type1Names.names

    programs = 0
    for _, descriptor in _dicts_of_type(document, "FontDescriptor"):
        program = resolve1(descriptor.get("FontFile"))
        if not isinstance(program, PDFStream):
            continue
        data = program.get_data()[: program.get("Length1")]
        programs += 1
        assert Type1Names(data).names() == Theirs(io.BytesIO(data)).names()
        assert FastType1HeaderParser(data).get_encoding() == \
            Type1FontHeaderParser(io.BytesIO(data)).get_encoding()
    assert programs
