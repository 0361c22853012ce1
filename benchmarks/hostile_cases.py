"""The hostile PDFs of issue 25, generated: each class is a function of a seed and a size.

Every class writes one small file (most under 2 KB; the decompression bombs a few KB to 2 MB
on disk) with :mod:`benchmarks.pdfwriter`, around ordinary text whose phrases (``markers``, by
page) tell whether the text came out. ``size`` scales what the class has millions of (operators,
annotations, bytes a bomb inflates to, range codes): 1.0 is the issue's figure, the short test
run uses about a thousandth. The seed picks the words of the text, and the random bytes and
offsets of the classes that have any, so a class and a seed name a file.

:data:`CLASSES` lists them by name; :func:`build` makes one.
"""

from __future__ import annotations

import hashlib
import random
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

from .pdfwriter import PdfWriter, deflate_repeated, pdf_number, text_block

WORDS = (
    "river stone lantern meadow copper violet harbor silent orchard maple thunder quiet amber "
    "glacier whisper candle forest saddle marble pepper falcon cotton ember willow basket canyon "
    "velvet garden hollow mirror planet rocket spiral tunnel walnut zephyr"
).split()

HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

GIB = 1 << 30

CLEAN = frozenset({"converted", "converted_partial", "refused"})
"""What issue 25's "Done means" asks of every class: converted, converted in part, or refused
with a typed error (never hang, memory, traceback)."""


@dataclass(frozen=True)
class Built:
    """A generated file and the phrases of ordinary text in it, by page number."""

    data: bytes
    markers: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class HostileClass:
    """One kind of hostile file. ``expect`` is the verdicts the follow-up must reach (issue 25),
    ``keep`` the pages whose text must then come out (the rest of the document converts)."""

    name: str
    group: str
    what: str
    make: Callable[[random.Random, float], Built]
    expect: frozenset[str] = CLEAN
    keep: tuple[int, ...] = ()


CLASSES: dict[str, HostileClass] = {}


def hostile(name: str, group: str, what: str, *, expect: frozenset[str] = CLEAN,
            keep: tuple[int, ...] = ()) -> Callable[[Callable[[random.Random, float], Built]],
                                                    Callable[[random.Random, float], Built]]:
    def register(make: Callable[[random.Random, float], Built]) -> Callable[[random.Random, float], Built]:
        CLASSES[name] = HostileClass(name, group, what, make, expect, keep)
        return make

    return register


def build(name: str, seed: int = 0, size: float = 1.0) -> Built:
    """The file of class ``name`` for ``seed`` at ``size`` (1.0: the issue's figures)."""
    return CLASSES[name].make(random.Random(f"{name}:{seed}"), size)


def scaled(full: int, size: float, least: int = 1) -> int:
    return max(least, round(full * size))


# -- the ordinary document the hostile parts are put into -------------------------------------


def phrase(rng: random.Random, page: int) -> str:
    """A line of ordinary text naming its page, words drawn by ``rng``."""
    words = " ".join(rng.choice(WORDS) for _ in range(4))
    return f"Page {page} says {words} plainly"


class Doc:
    """A document in the making: catalog 1, page tree 2, Helvetica as /F1 (object 3)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.w = PdfWriter()
        self.catalog = self.w.reserve()
        self.pages = self.w.reserve()
        self.font = self.w.add(HELVETICA)
        self.kids: list[int] = []
        self.markers: dict[int, str] = {}
        self.catalog_extra = b""
        self.pages_extra = b""
        self.count: bytes | None = None

    def text(self, page: int) -> bytes:
        """The page's ordinary text (two lines, the first its marker)."""
        line = phrase(self.rng, page)
        self.markers[page] = line
        return text_block([line, "and a second line of plain words."])

    def page(self, content: bytes | None = None, *, contents: bytes | None = None,
             extra: bytes = b"", resources: bytes = b"", mediabox: bytes = b"[0 0 612 792]",
             flate: int = 1, num: int | None = None) -> int:
        """A page drawing ``content`` (one stream, Flate ``flate`` times) or with the raw
        ``/Contents`` value ``contents``."""
        if contents is None:
            assert content is not None
            contents = b"%d 0 R" % self.w.stream(b"", content, flate=flate)
        body = (b"<< /Type /Page /Parent %d 0 R /MediaBox %s /Resources << /Font << /F1 %d 0 R >> "
                % (self.pages, mediabox, self.font) + resources + b" >> /Contents " + contents
                + b" " + extra + b" >>")
        page = self.w.add(body, num=num)
        self.kids.append(page)
        return page

    def finish(self, **write: object) -> Built:
        kids = b" ".join(b"%d 0 R" % k for k in self.kids)
        count = self.count if self.count is not None else b"%d" % len(self.kids)
        self.w.add(b"<< /Type /Pages /Kids [" + kids + b"] /Count " + count + b" "
                   + self.pages_extra + b">>", num=self.pages)
        self.w.add(b"<< /Type /Catalog /Pages %d 0 R " % self.pages + self.catalog_extra + b">>",
                   num=self.catalog)
        return Built(self.w.write(self.catalog, **write), dict(self.markers))  # type: ignore[arg-type]


def plain(rng: random.Random, pages: int = 1) -> Doc:
    doc = Doc(rng)
    for n in range(1, pages + 1):
        doc.page(doc.text(n))
    return doc


# -- opening the document: loops and depth in its structure ----------------------------------


@hostile("self_ref_object", "opening", "an indirect object that is a reference to itself "
         "(5 0 obj 5 0 R), as the page's /Resources")
def _self_ref_object(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    loop = doc.w.reserve()
    doc.w.add(b"%d 0 R" % loop, num=loop)
    doc.page(doc.text(1), extra=b"/Annots [] /Rotate 0 /Resources %d 0 R" % loop)
    return doc.finish()


@hostile("reference_cycle", "opening", "two objects that refer to each other "
         "(5 0 obj 6 0 R, 6 0 obj 5 0 R), as the page's /Contents")
def _reference_cycle(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    a, b = doc.w.reserve(), doc.w.reserve()
    doc.w.add(b"%d 0 R" % b, num=a)
    doc.w.add(b"%d 0 R" % a, num=b)
    doc.page(contents=b"%d 0 R" % a)
    doc.page(doc.text(2))
    return doc.finish()


def _deep(opening: bytes, closing: bytes, depth: int) -> bytes:
    return opening * depth + closing * depth


@hostile("deep_arrays", "opening", "arrays nested 100,000 deep in the page dictionary "
         "(in a compressed object stream)", keep=(1,))
def _deep_arrays(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    page = doc.page(doc.text(1), extra=b"/PieceInfo " + _deep(b"[", b"]", scaled(100_000, size, 50)))
    doc.w.pack([page])
    return doc.finish()


@hostile("deep_dicts", "opening", "dictionaries nested 100,000 deep in the page dictionary "
         "(in a compressed object stream)", keep=(1,))
def _deep_dicts(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    depth = scaled(100_000, size, 50)
    page = doc.page(doc.text(1), extra=b"/PieceInfo " + b"<< /A " * depth + b"1 " + b">> " * depth)
    doc.w.pack([page])
    return doc.finish()


@hostile("outline_next_loop", "opening", "an /Outlines list whose /Next goes back to its first "
         "item", keep=(1,))
def _outline_next_loop(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    outlines, first, second = doc.w.reserve(), doc.w.reserve(), doc.w.reserve()
    doc.w.add(b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count 2 >>" % (first, second),
              num=outlines)
    doc.w.add(b"<< /Title (One) /Parent %d 0 R /Next %d 0 R /Dest [%d 0 R /Fit] >>"
              % (outlines, second, 4), num=first)
    doc.w.add(b"<< /Title (Two) /Parent %d 0 R /Next %d 0 R /Prev %d 0 R /Dest [%d 0 R /Fit] >>"
              % (outlines, first, first, 4), num=second)
    doc.catalog_extra = b"/Outlines %d 0 R /PageMode /UseOutlines " % outlines
    return doc.finish()


@hostile("contents_self", "opening", "a page whose /Contents is an object that refers to itself")
def _contents_self(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    loop = doc.w.reserve()
    doc.w.add(b"%d 0 R" % loop, num=loop)
    doc.page(contents=b"%d 0 R" % loop)
    return doc.finish()


@hostile("contents_array_self", "opening", "a page whose /Contents array contains itself and "
         "a stream of text")
def _contents_array_self(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    array = doc.w.reserve()
    text = doc.w.stream(b"", doc.text(1), flate=1)
    doc.w.add(b"[%d 0 R %d 0 R]" % (array, text), num=array)
    doc.page(contents=b"%d 0 R" % array)
    return doc.finish()


@hostile("encrypt_self", "opening", "an /Encrypt dictionary that is a reference to itself")
def _encrypt_self(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    loop = doc.w.reserve()
    doc.w.add(b"%d 0 R" % loop, num=loop)
    ident = rng.randbytes(16).hex().encode()
    return doc.finish(trailer=b"/Encrypt %d 0 R /ID [<%s> <%s>]" % (loop, ident, ident))


@hostile("encrypt_filter_self", "opening", "an /Encrypt dictionary whose /Filter, /V and /R "
         "refer to the dictionary itself")
def _encrypt_filter_self(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    enc = doc.w.reserve()
    doc.w.add(b"<< /Filter %d 0 R /V %d 0 R /R %d 0 R /O %d 0 R /U %d 0 R /P -4 >>"
              % (enc, enc, enc, enc, enc), num=enc)
    ident = rng.randbytes(16).hex().encode()
    return doc.finish(trailer=b"/Encrypt %d 0 R /ID [<%s> <%s>]" % (enc, ident, ident))


@hostile("pagelabels_self", "opening", "/PageLabels that is a reference to itself", keep=(1,))
def _pagelabels_self(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    loop = doc.w.reserve()
    doc.w.add(b"%d 0 R" % loop, num=loop)
    doc.catalog_extra = b"/PageLabels %d 0 R " % loop
    return doc.finish()


@hostile("pagelabels_kids_self", "opening", "a /PageLabels number tree whose /Kids contains "
         "the tree itself", keep=(1,))
def _pagelabels_kids_self(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    tree = doc.w.reserve()
    doc.w.add(b"<< /Kids [%d 0 R] /Nums [0 << /S /D >>] >>" % tree, num=tree)
    doc.catalog_extra = b"/PageLabels %d 0 R " % tree
    return doc.finish()


@hostile("pagelabels_kids_doubling", "opening", "a /PageLabels number tree of 40 levels, each "
         "naming the next twice (2^40 leaves from 40 objects)", keep=(1,))
def _pagelabels_kids_doubling(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    levels = scaled(40, size, 12)
    nums = [doc.w.reserve() for _ in range(levels)]
    for i, num in enumerate(nums):
        if i + 1 < len(nums):
            doc.w.add(b"<< /Kids [%d 0 R %d 0 R] >>" % (nums[i + 1], nums[i + 1]), num=num)
        else:
            doc.w.add(b"<< /Nums [0 << /S /D >>] >>", num=num)
    doc.catalog_extra = b"/PageLabels %d 0 R " % nums[0]
    return doc.finish()


@hostile("names_self", "opening", "a /Names /Dests name tree whose /Kids contains itself, and "
         "/Dests that is a reference to itself", keep=(1,))
def _names_self(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    tree, loop = doc.w.reserve(), doc.w.reserve()
    doc.w.add(b"<< /Kids [%d 0 R] /Limits [(a) (z)] >>" % tree, num=tree)
    doc.w.add(b"%d 0 R" % loop, num=loop)
    doc.catalog_extra = (b"/Names << /Dests %d 0 R /EmbeddedFiles %d 0 R /JavaScript %d 0 R >> "
                         b"/Dests %d 0 R /OpenAction [4 0 R /Fit] " % (tree, tree, loop, loop))
    return doc.finish()


@hostile("page_tree_loop", "opening", "a page tree whose /Kids lists the tree's root again",
         keep=(1,))
def _page_tree_loop(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    doc.kids.append(doc.pages)
    return doc.finish()


@hostile("page_tree_huge_count", "opening", "a page tree of one page claiming /Count 2147483647",
         keep=(1,))
def _page_tree_huge_count(rng: random.Random, size: float) -> Built:
    doc = plain(rng)
    doc.count = b"2147483647"
    return doc.finish()


@hostile("page_tree_deep", "opening", "a page tree 10,000 levels deep (one /Pages node in the "
         "next), its page at the bottom", keep=(1,))
def _page_tree_deep(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    depth = scaled(10_000, size, 50)
    nodes = [doc.w.reserve() for _ in range(depth)]
    parent_of_page = nodes[-1]
    content = doc.w.stream(b"", doc.text(1), flate=1)
    page = doc.w.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font "
                     b"<< /F1 %d 0 R >> >> /Contents %d 0 R >>" % (parent_of_page, doc.font, content))
    for i, node in enumerate(nodes):
        kid = nodes[i + 1] if i + 1 < depth else page
        parent = doc.pages if i == 0 else nodes[i - 1]
        doc.w.add(b"<< /Type /Pages /Parent %d 0 R /Kids [%d 0 R] /Count 1 >>" % (parent, kid), num=node)
    doc.kids.append(nodes[0])
    doc.w.pack(nodes)
    doc.count = b"1"
    return doc.finish()


# -- fonts: ranges over the whole code space ----------------------------------------------------


def _type0_font(doc: Doc, widths: bytes, to_unicode: bytes, flate: int = 1) -> int:
    """A Type0 Identity-H font over a CIDFontType2 without a program; ``to_unicode`` is the
    ToUnicode CMap's text."""
    descriptor = doc.w.add(b"<< /Type /FontDescriptor /FontName /Hostile /Flags 4 /FontBBox "
                           b"[0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 "
                           b"/CapHeight 700 /StemV 80 >>")
    cid = doc.w.add(b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Hostile /CIDSystemInfo "
                    b"<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor "
                    b"%d 0 R /DW 600 /W %s >>" % (descriptor, widths))
    cmap = doc.w.stream(b"", to_unicode, flate=flate)
    return doc.w.add(b"<< /Type /Font /Subtype /Type0 /BaseFont /Hostile /Encoding /Identity-H "
                     b"/DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>" % (cid, cmap))


CMAP_HEAD = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo "
             b"<< /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Hostile def "
             b"/CMapType 2 def 1 begincodespacerange <0000> <FFFF> endcodespacerange\n")
CMAP_TAIL = b"endcmap CMapName currentdict /CMap defineresource pop end end\n"
IDENTITY_TO_UNICODE = CMAP_HEAD + b"1 beginbfrange <0000> <00FF> <0000> endbfrange\n" + CMAP_TAIL


def _two_byte(text: str) -> bytes:
    return b"<" + "".join(f"{ord(c):04X}" for c in text).encode() + b">"


def _type0_page(doc: Doc, font: int) -> None:
    line = phrase(doc.rng, 1)
    doc.markers[1] = line
    content = (text_block(["Before the two-byte font, plain words."], y=740)
               + b"BT /F2 12 Tf 72 700 Td " + _two_byte(line) + b" Tj ET\n")
    doc.page(content, resources=b"/Font << /F1 %d 0 R /F2 %d 0 R >>" % (doc.font, font))


@hostile("font_w_whole_range", "fonts", "a CID font whose /W gives one width to CIDs 0 to "
         "4294967295 (the whole 32-bit space)")
def _font_w_whole_range(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    last = scaled(4_294_967_295, size, 70_000)
    _type0_page(doc, _type0_font(doc, b"[0 %d 500]" % last, IDENTITY_TO_UNICODE))
    return doc.finish()


@hostile("tounicode_huge_bfrange", "fonts", "a ToUnicode CMap of 5,000 beginbfrange entries of "
         "65,536 codes each")
def _tounicode_huge_bfrange(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    entries = scaled(5_000, size, 2)
    ranges = b"".join(b"100 beginbfrange\n" + b"<0000> <FFFF> <0000>\n" * min(100, entries - i)
                      + b"endbfrange\n" for i in range(0, entries, 100))
    _type0_page(doc, _type0_font(doc, b"[0 [600]]", CMAP_HEAD + ranges + CMAP_TAIL))
    return doc.finish()


@hostile("type3_charproc_self", "fonts", "a Type3 font whose glyph procedure shows the same "
         "glyph in the same font")
def _type3_charproc_self(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    font = doc.w.reserve()
    proc = doc.w.stream(b"", b"1000 0 d0 BT /F3 1 Tf 0 0 Td (a) Tj ET 0 0 1000 1000 re f")
    doc.w.add(b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix "
              b"[0.001 0 0 0.001 0 0] /CharProcs << /a %d 0 R >> /Encoding << /Type /Encoding "
              b"/Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] /Resources "
              b"<< /Font << /F3 %d 0 R >> >> >>" % (proc, font), num=font)
    content = doc.text(1) + b"BT /F3 12 Tf 72 600 Td (aaaa) Tj ET\n"
    doc.page(content, resources=b"/Font << /F1 %d 0 R /F3 %d 0 R >>" % (doc.font, font))
    return doc.finish()


# -- inside a page: millions of things ----------------------------------------------------------


def _many_operators(rng: random.Random, unit: bytes, full: int, size: float, pages: int = 1,
                    hostile_page: int = 1) -> Built:
    """A document whose page ``hostile_page`` draws its text and then ``unit`` ``full`` times
    (scaled), compressed as repeated Deflate blocks; the other pages are plain."""
    doc = Doc(rng)
    for n in range(1, pages + 1):
        text = doc.text(n)
        if n != hostile_page:
            doc.page(text)
            continue
        data = deflate_repeated(unit, scaled(full, size), text)
        stream = doc.w.stream(b"/Filter /FlateDecode", data)
        doc.page(contents=b"%d 0 R" % stream)
    return doc.finish()


@hostile("annots_million", "page", "a page with a million annotations (one appearance shown a "
         "million times; the /Annots array in a compressed object stream)")
def _annots_million(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    appearance = doc.w.stream(b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources "
                              b"<< /Font << /F1 3 0 R >> >>", b"BT /F1 10 Tf 2 6 Td (Note) Tj ET")
    annot = doc.w.add(b"<< /Type /Annot /Subtype /FreeText /Rect [72 600 300 620] /AP << /N %d 0 R "
                      b">> /DA (/F1 10 Tf) >>" % appearance)
    count = scaled(1_000_000, size)
    array = doc.w.add(b"[" + b"%d 0 R " % annot * count + b"]")
    doc.w.pack([annot, array])
    doc.page(doc.text(1), extra=b"/Annots %d 0 R" % array)
    return doc.finish()


@hostile("links_million", "page", "a page with a million web link annotations over its text "
         "(one /Link /URI shown a million times; the /Annots array in a compressed object "
         "stream)", keep=(1,))
def _links_million(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    annot = doc.w.add(b"<< /Type /Annot /Subtype /Link /Rect [60 690 400 730] /Border [0 0 0] "
                      b"/A << /S /URI /URI (https://example.org/page) >> >>")
    count = scaled(1_000_000, size)
    array = doc.w.add(b"[" + b"%d 0 R " % annot * count + b"]")
    doc.w.pack([annot, array])
    doc.page(doc.text(1), extra=b"/Annots %d 0 R" % array)
    return doc.finish()


def _tagged_page(doc: Doc, page: int) -> None:
    """A page whose text is one marked-content sequence, MCID 0 (issue 24's readers ask the
    structure tree who owns it)."""
    doc.page(b"/P << /MCID 0 >> BDC " + doc.text(1) + b" EMC", num=page,
             extra=b"/StructParents 0")


@hostile("structure_tree_loops", "opening", "a tagged page whose structure element is its own "
         "parent and kid, under a /ParentTree whose /Kids hold the tree itself", keep=(1,))
def _structure_tree_loops(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    page, element, parents, leaf, root = (doc.w.reserve() for _ in range(5))
    _tagged_page(doc, page)
    doc.w.add(b"<< /Type /StructElem /S /P /P %d 0 R /Pg %d 0 R /K [0 %d 0 R] >>"
              % (element, page, element), num=element)
    doc.w.add(b"<< /Kids [%d 0 R %d 0 R] >>" % (parents, leaf), num=parents)
    doc.w.add(b"<< /Limits [0 0] /Nums [0 [%d 0 R]] >>" % element, num=leaf)
    doc.w.add(b"<< /Type /StructTreeRoot /K [%d 0 R] /ParentTree %d 0 R >>" % (element, parents),
              num=root)
    doc.catalog_extra = b"/StructTreeRoot %d 0 R /MarkInfo << /Marked true >> " % root
    return doc.finish()


@hostile("structure_parent_chain", "opening", "a tagged page whose structure element's /P "
         "chain runs through a hundred thousand elements before the root (in object streams)", keep=(1,))
def _structure_parent_chain(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    page, parents, root = doc.w.reserve(), doc.w.reserve(), doc.w.reserve()
    _tagged_page(doc, page)
    count = scaled(100_000, size, 2)
    chain = [doc.w.reserve() for _ in range(count)]
    for k, num in enumerate(chain):
        up = chain[k + 1] if k + 1 < count else root
        kid = b"0" if k == 0 else b"%d 0 R" % chain[k - 1]
        doc.w.add(b"<< /S /Div /P %d 0 R /Pg %d 0 R /K [%s] >>" % (up, page, kid), num=num)
    doc.w.pack(chain)
    doc.w.add(b"<< /Nums [0 [%d 0 R]] >>" % chain[0], num=parents)
    doc.w.add(b"<< /Type /StructTreeRoot /K [%d 0 R] /ParentTree %d 0 R >>"
              % (chain[-1], parents), num=root)
    doc.catalog_extra = b"/StructTreeRoot %d 0 R /MarkInfo << /Marked true >> " % root
    return doc.finish()


@hostile("inline_images_million", "page", "a page drawing a million 1x1 inline images")
def _inline_images_million(rng: random.Random, size: float) -> Built:
    return _many_operators(rng, b"BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI\n", 1_000_000, size)


@hostile("inline_image_of_e", "page", "a page whose inline image is 16 MiB of E bytes (each "
         "one a candidate start of its end marker EI), its text drawn after the image")
def _inline_image_of_e(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    head = b"q 612 0 0 792 0 0 cm BI /W 4096 /H 4096 /BPC 8 /CS /G ID "
    data = deflate_repeated(b"E", scaled(16 << 20, size), head, b" EI Q\n" + doc.text(1))
    doc.page(contents=b"%d 0 R" % doc.w.stream(b"/Filter /FlateDecode", data))
    return doc.finish()


@hostile("operands_no_operator", "page", "a page of ten million empty arrays and no operator "
         "to take them (operands waiting for an operator)")
def _operands_no_operator(rng: random.Random, size: float) -> Built:
    return _many_operators(rng, b"[]", 10_000_000, size)


@hostile("cm_extra_operand", "page", "a page of ten million cm operators, each with one operand "
         "too many (left behind on the operand stack)")
def _cm_extra_operand(rng: random.Random, size: float) -> Built:
    return _many_operators(rng, b"1 1 0 0 1 0 0 cm\n", 10_000_000, size)


@hostile("array_ten_million", "page", "a page whose text is followed by one TJ array of ten "
         "million numbers")
def _array_ten_million(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    data = deflate_repeated(b"0 ", scaled(10_000_000, size), doc.text(1) + b"BT /F1 1 Tf [",
                            b"] TJ ET\n")
    doc.page(contents=b"%d 0 R" % doc.w.stream(b"/Filter /FlateDecode", data))
    return doc.finish()


@hostile("q_ten_million", "page", "a page of ten million q operators (graphics states saved, "
         "never restored)")
def _q_ten_million(rng: random.Random, size: float) -> Built:
    return _many_operators(rng, b"q\n", 10_000_000, size)


@hostile("cm_ten_million", "page", "a page of ten million cm operators")
def _cm_ten_million(rng: random.Random, size: float) -> Built:
    return _many_operators(rng, b"1 0 0 1 0 0 cm\n", 10_000_000, size)


@hostile("tf_missing_ten_million", "page", "a page of ten million Tf operators naming a font "
         "the page does not have")
def _tf_missing_ten_million(rng: random.Random, size: float) -> Built:
    return _many_operators(rng, b"/F9 12 Tf\n", 10_000_000, size)


# -- decompression bombs -------------------------------------------------------------------------


def _bomb(size: float, full: int, unit: bytes = b"\x00") -> bytes:
    """A zlib stream inflating to ``full`` bytes (scaled) of ``unit``."""
    return deflate_repeated(unit, scaled(full, size, 1 << 16) // len(unit))


@hostile("flate_bomb", "memory", "a FlateDecode content stream inflating to 1.5 GiB of zero "
         "bytes (1.5 MB on disk), after a stream of text")
def _flate_bomb(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    text = doc.w.stream(b"", doc.text(1), flate=1)
    bomb = doc.w.stream(b"/Filter /FlateDecode", _bomb(size, 3 * GIB // 2))
    doc.page(contents=b"[%d 0 R %d 0 R]" % (text, bomb))
    return doc.finish()


@hostile("double_flate_bomb", "memory", "a form XObject compressed twice with FlateDecode, "
         "inflating to 2 GiB of zero bytes (5 KB on disk)")
def _double_flate_bomb(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    form = doc.w.stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792]",
                        zlib.compress(_bomb(size, 2 * GIB), 9),
                        filters=b"[/FlateDecode /FlateDecode]")
    doc.page(doc.text(1) + b"/X1 Do\n", resources=b"/XObject << /X1 %d 0 R >>" % form)
    return doc.finish()


@hostile("font_program_bomb", "memory", "an embedded Type1 font program (/FontFile) inflating "
         "to 1.5 GiB", keep=(1,))
def _font_program_bomb(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    program = doc.w.stream(b"/Length1 1000 /Length2 1000 /Length3 0 /Filter /FlateDecode",
                           _bomb(size, 3 * GIB // 2))
    descriptor = doc.w.add(b"<< /Type /FontDescriptor /FontName /Bomb /Flags 32 /FontBBox "
                           b"[0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 "
                           b"/CapHeight 700 /StemV 80 /FontFile %d 0 R >>" % program)
    font = doc.w.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Bomb /FirstChar 32 /LastChar 126 "
                     b"/Widths [" + b"500 " * 95 + b"] /FontDescriptor %d 0 R >>" % descriptor)
    content = doc.text(1) + b"BT /F2 12 Tf 72 600 Td (In the bombed font) Tj ET\n"
    doc.page(content, resources=b"/Font << /F1 %d 0 R /F2 %d 0 R >>" % (doc.font, font))
    return doc.finish()


@hostile("tounicode_bomb", "memory", "a ToUnicode CMap inflating to 1.5 GiB of spaces",
         keep=(1,))
def _tounicode_bomb(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    cmap = doc.w.stream(b"/Filter /FlateDecode", _bomb(size, 3 * GIB // 2, b" "))
    font = doc.w.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding "
                     b"/WinAnsiEncoding /ToUnicode %d 0 R >>" % cmap)
    content = doc.text(1) + b"BT /F2 12 Tf 72 600 Td (In the bombed map) Tj ET\n"
    doc.page(content, resources=b"/Font << /F1 %d 0 R /F2 %d 0 R >>" % (doc.font, font))
    return doc.finish()


@hostile("appearance_bomb", "memory", "an annotation whose appearance stream inflates to "
         "1.5 GiB of spaces")
def _appearance_bomb(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    appearance = doc.w.stream(b"/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Filter "
                              b"/FlateDecode", _bomb(size, 3 * GIB // 2, b" "))
    annot = doc.w.add(b"<< /Type /Annot /Subtype /Stamp /Rect [72 600 172 620] /AP << /N %d 0 R "
                      b">> >>" % appearance)
    doc.page(doc.text(1), extra=b"/Annots [%d 0 R]" % annot)
    return doc.finish()


@hostile("spaces_content_2gb", "memory", "a page content stream of 2 GiB of spaces (2 MB on "
         "disk), after its text")
def _spaces_content(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    text = doc.text(1)
    data = deflate_repeated(b" ", scaled(2 * GIB, size, 1 << 16), text)
    stream = doc.w.stream(b"/Filter /FlateDecode", data)
    doc.page(contents=b"%d 0 R" % stream)
    return doc.finish()


# -- file syntax: cross-reference and stream lies ---------------------------------------------


@hostile("xref_offsets_anywhere", "syntax", "a cross-reference table whose every offset points "
         "at a random byte of the file", keep=(1,))
def _xref_offsets_anywhere(rng: random.Random, size: float) -> Built:
    doc = plain(rng, 2)
    offsets = random.Random(rng.random())
    return doc.finish(xref_offset=lambda num, true: offsets.randrange(0, true + 400))


@hostile("xref_prev_loop", "syntax", "a cross-reference table whose /Prev is its own offset",
         keep=(1,))
def _xref_prev_loop(rng: random.Random, size: float) -> Built:
    built = plain(rng).finish()
    # The table starts where startxref says: point /Prev there (the trailer follows the
    # table, so no offset moves).
    at = int(built.data.rsplit(b"startxref", 1)[1].split()[0])
    return Built(built.data.replace(b"trailer\n<< ", b"trailer\n<< /Prev %d " % at), built.markers)


@hostile("objstm_contains_itself", "syntax", "an object stream that the cross-reference stream "
         "says is stored inside itself; the page is in it")
def _objstm_contains_itself(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    page = doc.page(doc.text(1))
    stm = doc.w.pack([page])
    return doc.finish(xref_entries={stm: (2, stm, 0)})


@hostile("objstm_extends_self", "syntax", "an object stream whose /Extends is itself, and a "
         "missing object looked up through it")
def _objstm_extends_self(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    page = doc.page(doc.text(1), extra=b"/Metadata 999 0 R")
    stm = doc.w.reserve()
    doc.w.pack([page], num=stm, extra=b"/Extends %d 0 R" % stm)
    return doc.finish()


def _length_lie(rng: random.Random, lie: Callable[[int], bytes], flate: bool) -> Built:
    doc = Doc(rng)
    content = doc.text(1) + text_block([phrase(rng, 1) + " again", "the last line of the page."],
                                       y=600)
    stream = doc.w.stream(b"", content, flate=int(flate))
    true = len(doc.w.objects[stream].data or b"")
    doc.w.objects[stream].length = lie(true)
    doc.page(contents=b"%d 0 R" % stream)
    return doc.finish()


for _name, _lie, _what in (
    ("short", lambda n: b"%d" % (n // 3), "a third of the stream"),
    ("long", lambda n: b"%d" % (n + 5000), "5,000 bytes more than the stream, past the file's end"),
    ("negative", lambda n: b"-%d" % n, "negative"),
):
    for _flate in (False, True):
        def _make(rng: random.Random, size: float, lie: Callable[[int], bytes] = _lie,
                  flate: bool = _flate) -> Built:
            return _length_lie(rng, lie, flate)

        hostile(f"length_{_name}{'_flate' if _flate else ''}", "syntax",
                f"a {'Flate ' if _flate else ''}content stream of text whose /Length is {_what}",
                keep=(1,))(_make)


# -- geometry: numbers no page has ---------------------------------------------------------------


def _geometry(rng: random.Random, hostile_part: bytes, mediabox: bytes = b"[0 0 612 792]") -> Built:
    doc = Doc(rng)
    doc.page(doc.text(1) + hostile_part, mediabox=mediabox)
    return doc.finish()


INF = pdf_number(float("inf"))


@hostile("matrix_singular", "geometry", "text drawn through an all-zero cm and an all-zero Tm",
         keep=(1,))
def _matrix_singular(rng: random.Random, size: float) -> Built:
    return _geometry(rng, b"q 0 0 0 0 0 0 cm BT /F1 12 Tf 72 500 Td (Flat words) Tj ET Q\n"
                          b"BT /F1 12 Tf 0 0 0 0 72 400 Tm (Zero matrix) Tj ET\n")


@hostile("matrix_nan", "geometry", "text drawn through a matrix whose entries compute to NaN "
         "(an infinite cm times a zero one)", keep=(1,))
def _matrix_nan(rng: random.Random, size: float) -> Built:
    return _geometry(rng, b"q %s 0 0 %s 0 0 cm 0 0 0 0 0 0 cm BT /F1 12 Tf 72 500 Td (NaN words) Tj "
                          b"ET Q\nBT /F1 12 Tf %s 0 0 %s 0 0 Tm (Infinite words) Tj ET\n"
                          % (INF, INF, INF, INF))


@hostile("coords_1e308", "geometry", "text placed at 1e308 and moved by -1e308 (written with "
         "its 309 digits)", keep=(1,))
def _coords_1e308(rng: random.Random, size: float) -> Built:
    big = pdf_number(1e308)
    return _geometry(rng, b"BT /F1 12 Tf %s %s Td (Far words) Tj -%s -%s Td (Back words) Tj "
                          b"%s 0 0 %s 0 0 Tm (Huge words) Tj ET\n" % (big, big, big, big, big, big))


@hostile("mediabox_zero", "geometry", "a page whose MediaBox is [0 0 0 0]", keep=(1,))
def _mediabox_zero(rng: random.Random, size: float) -> Built:
    return _geometry(rng, b"", b"[0 0 0 0]")


@hostile("mediabox_nan", "geometry", "a page whose MediaBox width is NaN ([inf 0 inf 792]: "
         "inf - inf)", keep=(1,))
def _mediabox_nan(rng: random.Random, size: float) -> Built:
    return _geometry(rng, b"", b"[%s 0 %s 792]" % (INF, INF))


@hostile("mediabox_infinite", "geometry", "a page whose MediaBox is [0 0 inf inf]", keep=(1,))
def _mediabox_infinite(rng: random.Random, size: float) -> Built:
    return _geometry(rng, b"", b"[0 0 %s %s]" % (INF, INF))


# -- images the engine need not decode ----------------------------------------------------------


def _garbage_image(rng: random.Random, filters: Callable[[int], bytes]) -> Built:
    doc = Doc(rng)
    globals_ = doc.w.stream(b"", rng.randbytes(100))
    image = doc.w.stream(b"/Type /XObject /Subtype /Image /Width 1728 /Height 2200 "
                         b"/BitsPerComponent 1 /ColorSpace /DeviceGray " + filters(globals_),
                         rng.randbytes(600))
    doc.page(doc.text(1) + b"q 612 0 0 792 0 0 cm /Im1 Do Q\n",
             resources=b"/XObject << /Im1 %d 0 R >>" % image)
    return doc.finish()


@hostile("jbig2_garbage", "images", "a full-page JBIG2 image (and its globals) of random bytes",
         keep=(1,))
def _jbig2_garbage(rng: random.Random, size: float) -> Built:
    return _garbage_image(rng, lambda g: b"/Filter /JBIG2Decode /DecodeParms << /JBIG2Globals "
                                         b"%d 0 R >>" % g)


@hostile("ccitt_garbage", "images", "a full-page CCITT fax image of random bytes", keep=(1,))
def _ccitt_garbage(rng: random.Random, size: float) -> Built:
    return _garbage_image(rng, lambda g: b"/Filter /CCITTFaxDecode /DecodeParms << /K -1 "
                                         b"/Columns 1728 /Rows 2200 /BlackIs1 true >>")


# -- encryption ------------------------------------------------------------------------------------

PASSWORD_PADDING = bytes.fromhex("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a")


def _rc4(key: bytes, data: bytes) -> bytes:
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) % 256
        s[i], s[j] = s[j], s[i]
    out, i, j = bytearray(), 0, 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + s[i]) % 256
        s[i], s[j] = s[j], s[i]
        out.append(byte ^ s[(s[i] + s[j]) % 256])
    return bytes(out)


def _r4_security(rng: random.Random) -> tuple[bytes, bytes, bytes]:
    """A standard security handler, revision 4 (AESV2), opened by the empty user password:
    ``(the /Encrypt dictionary, the first /ID, the file key)`` (ISO 32000-1, 7.6.3.3-4)."""
    owner = rng.randbytes(32)
    ident = rng.randbytes(16)
    permissions = -4
    key = hashlib.md5(PASSWORD_PADDING + owner + struct.pack("<i", permissions) + ident).digest()
    for _ in range(50):
        key = hashlib.md5(key).digest()
    user = _rc4(key, hashlib.md5(PASSWORD_PADDING + ident).digest())
    for i in range(1, 20):
        user = _rc4(bytes(b ^ i for b in key), user)
    user += rng.randbytes(16)
    encrypt = (b"<< /Filter /Standard /V 4 /R 4 /Length 128 /P %d /O <%s> /U <%s> /CF << /StdCF "
               b"<< /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF >>"
               % (permissions, owner.hex().encode(), user.hex().encode()))
    return encrypt, ident, key


def _aes(key: bytes, num: int, data: bytes, iv: bytes) -> bytes:
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    object_key = hashlib.md5(key + struct.pack("<L", num)[:3] + b"\x00\x00sAlT").digest()
    padder = padding.PKCS7(128).padder()
    padded = padder.update(data) + padder.finalize()
    encryptor = Cipher(algorithms.AES(object_key), modes.CBC(iv)).encryptor()
    return iv + encryptor.update(padded) + encryptor.finalize()


@hostile("aes_bad_iv", "encryption", "an AES-128 file (empty user password) whose page 1 is "
         "right and whose page 2's content stream is empty (no 16-byte IV) and page 3's is 7 bytes",
         expect=frozenset({"converted_partial"}), keep=(1,))
def _aes_bad_iv(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    encrypt, ident, key = _r4_security(rng)
    good = doc.w.reserve()
    doc.w.stream(b"", _aes(key, good, doc.text(1), rng.randbytes(16)), num=good)
    doc.page(contents=b"%d 0 R" % good)
    doc.page(contents=b"%d 0 R" % doc.w.stream(b"", b""))
    doc.page(contents=b"%d 0 R" % doc.w.stream(b"", rng.randbytes(7)))
    enc = doc.w.add(encrypt)
    hexid = ident.hex().encode()
    return doc.finish(trailer=b"/Encrypt %d 0 R /ID [<%s> <%s>]" % (enc, hexid, hexid))


# -- one hostile page among good ones -------------------------------------------------------------


@hostile("three_pages_contents_self", "isolation", "three pages, page 2's /Contents a reference "
         "to itself; pages 1 and 3 have text", expect=frozenset({"converted_partial"}), keep=(1, 3))
def _three_pages_contents_self(rng: random.Random, size: float) -> Built:
    doc = Doc(rng)
    doc.page(doc.text(1))
    loop = doc.w.reserve()
    doc.w.add(b"%d 0 R" % loop, num=loop)
    doc.page(contents=b"%d 0 R" % loop)
    doc.page(doc.text(3))
    return doc.finish()


@hostile("three_pages_q_ten_million", "isolation", "three pages, page 2 ten million q "
         "operators; pages 1 and 3 have text", expect=frozenset({"converted_partial"}), keep=(1, 3))
def _three_pages_q(rng: random.Random, size: float) -> Built:
    return _many_operators(rng, b"q\n", 10_000_000, size, pages=3, hostile_page=2)
