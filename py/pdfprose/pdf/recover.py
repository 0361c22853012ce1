"""Recovering what a damaged PDF still holds (SPEC §13, broken files).

:func:`pdfprose.pdf.document.open_pdf` opens a file through its cross-reference table, and when that
fails through pdfminer.six's rebuilt one. A *truncated* file (an interrupted download or copy)
defeats both: its table and trailer are gone, and pdfminer's rebuild stops at the first object
that runs past the end of the file. :func:`open_damaged` is the last resort:

1. every ``N G obj`` header in the bytes is an object (the last definition of a number wins, as
   in an incremental update); object streams found among them are expanded;
2. the trailer facts (``/Root``, ``/Encrypt``, ``/ID``, ``/Info``) come from the last ``trailer``
   dictionaries and cross-reference streams that can still be parsed; without a ``/Root``, the
   document catalog is the last object typed ``/Catalog``;
3. the pages are those of the page tree that can be reached, then any other object typed
   ``/Page`` (attributes inherited through ``/Parent`` as in a page tree), in object order.

The caller reports the file as damaged: :func:`damage_warning` words it, and pages whose content
streams are missing from the file are failed pages, not empty ones (:func:`missing_content`).
"""

from __future__ import annotations

import io
import re
from typing import Any

from pdfminer.pdfdocument import (
    PDFDocument,
    PDFEncryptionError,
    PDFPasswordIncorrect,
    PDFXRefFallback,
)
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser, PDFStreamParser
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psparser import LIT, PSEOF

from ..errors import (
    NoPagesError,
    PasswordRequiredError,
    TruncatedPdfError,
    UnreadablePdfError,
    UnsupportedEncryptionError,
    WrongPasswordError,
)
from .limits import read_code
from .nesting import BoundedPDFParser
from .objects import BudgetedDocument

OBJ_HEADER = re.compile(rb"(?<![0-9])(\d{1,10})[ \t\r\n\f\x00]+(\d{1,5})[ \t\r\n\f\x00]+obj(?![A-Za-z])")
TRAILER = re.compile(rb"(?<![A-Za-z])trailer(?![A-Za-z])")
XREF_STREAM = re.compile(rb"/Type\s*/XRef(?![A-Za-z])")
CATALOG = re.compile(rb"/Type\s*/Catalog(?![A-Za-z])")
STANDARD_SECURITY = re.compile(rb"/Filter\s*/Standard(?![A-Za-z])")

EOF_MARKER = b"%%EOF"
EOF_SEARCH_BYTES = 2048
"""A complete PDF ends with ``%%EOF``; writers may add a line end or a little padding after it."""

TRAILING_PADDING = b"\x00 \t\r\n\f"
"""What may pad a file after its end marker (white space, NUL bytes of a fixed-size copy)."""

PDF_STRUCTURE = re.compile(
    rb"(?<![0-9])\d{1,10}[ \t\r\n\f\x00]+\d{1,5}[ \t\r\n\f\x00]+obj(?![A-Za-z])|\bxref\b|\btrailer\b"
)
"""An object header, a cross-reference table or a trailer: after the last ``%%EOF``, the sign of
an incremental update (cut short if it does not end in its own marker)."""

MAX_OBJECTS = 500_000
"""Object headers considered at most: a damaged file is not allowed to cost unbounded time."""

MAX_PARENT_DEPTH = 64
"""Page-tree levels followed upwards for inherited attributes (real trees have a handful)."""

LITERAL_CATALOG = LIT("Catalog")
LITERAL_PAGE = LIT("Page")
LITERAL_OBJSTM = LIT("ObjStm")
INHERITABLE = ("Resources", "MediaBox", "CropBox", "Rotate")


def looks_truncated(data: bytes) -> bool:
    """True when the file's end is missing: more of the PDF's structure after its last ``%%EOF``
    (an incremental update cut short), or no ``%%EOF`` at all and no ``startxref`` in its last
    EOF_SEARCH_BYTES before any trailing padding (a sloppy writer may omit the marker, not the
    pointer to its table). Bytes appended after the end marker that hold
    no PDF structure (NUL padding, a long comment, a mail gateway's footer) do not make the
    file cut short: its text is all there."""
    last = data.rfind(EOF_MARKER)
    if last >= 0:
        return PDF_STRUCTURE.search(data, last + len(EOF_MARKER)) is not None
    return b"startxref" not in data.rstrip(TRAILING_PADDING)[-EOF_SEARCH_BYTES:]


def damage_warning(recovered: int, expected: int | None, truncated: bool,
                   readable: int | None = None) -> str:
    """The sentence that tells a user the file was damaged and what was kept of it:
    ``recovered`` pages found (of ``expected``, the count the file declares, when known), of
    which ``readable`` could be read (None: not counted yet, or all of them)."""
    what = "The file is incomplete (it ends before its end marker)" if truncated else (
        "The file is damaged (its cross-reference table is broken)"
    )
    if readable is not None and readable < recovered:
        # Page objects can outlive their content streams (a cut file may keep its page tree
        # whole): "155 pages could be recovered" beside 76 unreadable ones would mislead.
        if expected and expected > recovered:
            kept = f"{recovered} of its {expected} pages were found, {readable} of them could be read"
        elif recovered == 1:  # and so it could not be read
            kept = "1 page was found, but it could not be read"
        else:
            kept = f"{recovered} pages were found, {readable} of them could be read"
    elif expected and expected > recovered:
        kept = f"{recovered} of its {expected} pages could be recovered"
    else:
        kept = f"{recovered} page{'s' if recovered != 1 else ''} could be recovered"
    return f"{what}: {kept}; the text may be incomplete."


def missing_content(page: PDFPage) -> str | None:
    """Why ``page`` has no content to read, when its content streams are missing from the file
    (a truncated file: the page object survived, its stream did not), else None."""
    try:
        declared = page.attrs.get("Contents")
    except Exception:  # noqa: BLE001
        return None
    if declared is None:
        return None
    contents = page.contents
    if not contents:
        return "its content is missing from the file (truncated or damaged)"
    missing = sum(1 for c in contents if not isinstance(resolve1(c), PDFStream))
    if missing == len(contents):
        return "its content is missing from the file (truncated or damaged)"
    return None


class _EncryptionLost(Exception):
    """The file is encrypted and what is needed to decrypt it went with the damage."""


class _Damaged(BudgetedDocument):
    """A PDFDocument whose cross-reference table is rebuilt by :func:`_rebuild` (see the module
    docstring) instead of read from the file; its objects resolve within the read budgets, as
    every document the engine opens does (:class:`pdfprose.pdf.objects.BudgetedDocument`)."""

    password = ""

    def find_xref(self, parser: PDFParser) -> int:
        return 0

    def read_xref_from(self, parser: PDFParser, start: int, xrefs: list[Any]) -> None:
        _rebuild(self, parser, xrefs, self.password)


def _scan_offsets(data: bytes) -> dict[int, tuple[None, int, int]]:
    offsets: dict[int, tuple[None, int, int]] = {}
    for count, m in enumerate(OBJ_HEADER.finditer(data)):
        if count >= MAX_OBJECTS:
            break
        objid, genno = int(m.group(1)), int(m.group(2))
        if objid > 0:
            offsets[objid] = (None, m.start(), genno)
    return offsets


def _enclosing_object(offsets: dict[int, tuple[None, int, int]], pos: int) -> int | None:
    best: tuple[int, int] | None = None
    for objid, (_, start, _) in offsets.items():
        if start <= pos and (best is None or start > best[1]):
            best = (objid, start)
    return best[0] if best else None


def _rebuild(doc: PDFDocument, parser: PDFParser, xrefs: list[Any], password: str) -> None:
    data = _data_of(parser)
    xref = PDFXRefFallback()
    xref.offsets = dict(_scan_offsets(data))
    xref.trailer = {}
    xrefs.append(xref)

    # Trailer facts: classic trailers, then cross-reference streams; later ones win.
    trailers: list[tuple[int, dict[str, Any]]] = []
    for m in TRAILER.finditer(data):
        try:
            parser.seek(m.end())
            (_, dic) = parser.nextobject()
        except Exception:  # noqa: BLE001 - a cut or broken trailer is skipped
            continue
        if isinstance(dic, dict):
            trailers.append((m.start(), dic))
    for m in XREF_STREAM.finditer(data):
        objid = _enclosing_object(xref.offsets, m.start())
        if objid is None:
            continue
        try:
            obj = doc.getobj(objid)
        except Exception:  # noqa: BLE001
            continue
        if isinstance(obj, PDFStream):
            trailers.append((m.start(), dict(obj.attrs)))
    trailers.sort(key=lambda t: t[0])
    facts: dict[str, Any] = {}
    for _, dic in trailers:
        for key in ("Root", "Encrypt", "ID", "Info"):
            if key in dic:
                facts[key] = dic[key]

    if "Encrypt" not in facts:
        # The trailer is lost, but the encryption dictionary may have survived as an object.
        for m in STANDARD_SECURITY.finditer(data):
            objid = _enclosing_object(xref.offsets, m.start())
            try:
                obj = doc.getobj(objid) if objid is not None else None
            except Exception:  # noqa: BLE001
                continue
            if isinstance(obj, dict) and "O" in obj and "U" in obj:
                revision = resolve1(obj.get("R"))
                if "ID" not in facts and not (isinstance(revision, int) and revision >= 5):
                    # Revisions 2-4 derive the key from the file's /ID, which lived in the lost
                    # trailer: the content cannot be decrypted.
                    raise _EncryptionLost()
                facts["Encrypt"] = obj
                break
    if "Encrypt" in facts:
        try:
            encrypt = resolve1(facts["Encrypt"])
            ids = resolve1(facts.get("ID")) or (b"", b"")
            doc.encryption = (list(ids), dict(encrypt))
            doc._initialize_password(password)
        except (PDFPasswordIncorrect, PDFEncryptionError):
            raise
        except Exception:  # noqa: BLE001 - encryption facts lost with the damage
            doc.encryption = None
            doc.decipher = None
        facts.pop("Encrypt", None)  # already applied; PDFDocument must not redo it

    # Object streams hold compressed objects: list them (direct definitions take precedence).
    for objid in list(xref.offsets):
        try:
            obj = doc.getobj(objid)
        except Exception:  # noqa: BLE001
            continue
        if not isinstance(obj, PDFStream) or obj.get("Type") is not LITERAL_OBJSTM:
            continue
        try:
            n = int(resolve1(obj.get("N", 0)) or 0)
            stream = PDFStreamParser(obj.get_data())
            numbers: list[Any] = []
            while len(numbers) < 2 * n:
                (_, token) = stream.nextobject()
                numbers.append(token)
        except PSEOF:
            pass
        except Exception:  # noqa: BLE001
            continue
        for index in range(len(numbers) // 2):
            inner = numbers[index * 2]
            if isinstance(inner, int) and inner > 0 and inner not in xref.offsets:
                xref.offsets[inner] = (objid, index, 0)  # type: ignore[assignment]

    root = facts.get("Root")
    if not isinstance(resolve1(root), dict):
        root = None
        for objid in sorted(xref.offsets, reverse=True):
            try:
                obj = doc.getobj(objid)
            except Exception:  # noqa: BLE001
                continue
            if isinstance(obj, dict) and obj.get("Type") is LITERAL_CATALOG:
                root = PDFObjRef(doc, objid)
                break
    # Without a catalog, an empty one: the pages are then found by their own /Type.
    facts["Root"] = root if root is not None else {"Type": LITERAL_CATALOG}
    xref.trailer = facts


def _data_of(parser: PDFParser) -> bytes:
    fp = parser.fp
    fp.seek(0)
    data = fp.read()
    return data if isinstance(data, bytes) else bytes(data)


def _page_tree_pages(doc: PDFDocument) -> list[PDFPage]:
    pages: list[PDFPage] = []
    try:
        for page in PDFPage.create_pages(doc):
            pages.append(page)
    except Exception:  # noqa: BLE001 - keep the pages found before the damage
        pass
    return pages


def _orphan_pages(doc: PDFDocument, known: set[object]) -> list[PDFPage]:
    pages: list[PDFPage] = []
    for xref in doc.xrefs:
        for objid in sorted(xref.get_objids()):
            if objid in known:
                continue
            try:
                obj = doc.getobj(objid)
            except Exception:  # noqa: BLE001
                continue
            if not isinstance(obj, dict) or obj.get("Type") is not LITERAL_PAGE:
                continue
            attrs = dict(obj)
            parent = obj.get("Parent")
            seen: set[int] = set()
            for _ in range(MAX_PARENT_DEPTH):
                if not isinstance(parent, PDFObjRef) or parent.objid in seen:
                    break
                seen.add(parent.objid)
                try:
                    node = resolve1(parent)
                except Exception:  # noqa: BLE001
                    break
                if not isinstance(node, dict):
                    break
                for key in INHERITABLE:
                    if key not in attrs and key in node:
                        attrs[key] = node[key]
                parent = node.get("Parent")
            try:
                pages.append(PDFPage(doc, objid, attrs, None))
            except Exception:  # noqa: BLE001
                continue
    return pages


def expected_page_count(doc: PDFDocument) -> int | None:
    """The page count the catalog's page tree declares (``/Count``), when it can be read."""
    try:
        pages = resolve1(doc.catalog.get("Pages"))
        count = resolve1(pages.get("Count")) if isinstance(pages, dict) else None
        return int(count) if isinstance(count, int) and 0 < count < 1_000_000 else None
    except Exception:  # noqa: BLE001
        return None


def open_damaged(data: bytes, password: str = "") -> tuple[PDFDocument, list[PDFPage]]:
    """Open a PDF that the ordinary ways could not (see the module docstring).

    Returns the document and the pages that could be found. Raises
    :class:`PasswordRequiredError` / :class:`WrongPasswordError` for an encrypted file whose
    password is missing or wrong, :class:`UnsupportedEncryptionError`, and
    :class:`TruncatedPdfError` (a truncated file) or :class:`UnreadablePdfError` when no page can
    be found.
    """
    cls = type("_DamagedWithPassword", (_Damaged,), {"password": password})
    truncated = looks_truncated(data)
    try:
        doc = cls(BoundedPDFParser(io.BytesIO(data)), password=password, file_size=len(data))
    except PDFPasswordIncorrect:
        if password:
            # As open_pdf: a password the file does not need is no reason to refuse it.
            try:
                return open_damaged(data, "")
            except PasswordRequiredError:
                raise WrongPasswordError("the password is wrong for this PDF") from None
        raise PasswordRequiredError("this PDF is protected by a password") from None
    except _EncryptionLost:
        raise (TruncatedPdfError if truncated else UnreadablePdfError)(
            "this PDF is encrypted and "
            + ("cut short" if truncated else "damaged")
            + ": the part of the file needed to decrypt it is missing",
            bytes=len(data),
        ) from None
    except PDFEncryptionError as exc:
        raise unsupported_encryption(exc) from None
    except Exception as exc:  # noqa: BLE001
        raise _nothing_found(data, truncated, exc) from exc
    pages = _page_tree_pages(doc)
    known = {p.pageid for p in pages}
    pages += _orphan_pages(doc, known)
    if not pages:
        if not truncated and _declares_no_pages(doc):
            raise NoPagesError("this PDF has no pages: its page tree is empty")
        raise _nothing_found(data, truncated, None)
    return doc, pages


def _declares_no_pages(doc: PDFDocument) -> bool:
    """Whether the catalog's page tree says, in so many words, that there are no pages
    (``/Count 0`` and an empty ``/Kids``), rather than being lost or broken."""
    try:
        tree = resolve1(doc.catalog.get("Pages"))
        if not isinstance(tree, dict):
            return False
        kids = resolve1(tree.get("Kids"))
        return resolve1(tree.get("Count")) == 0 and isinstance(kids, list) and not kids
    except Exception:  # noqa: BLE001 - pdfminer raises many kinds for broken objects
        return False


def unsupported_encryption(exc: BaseException) -> UnsupportedEncryptionError:
    """The clear error for pdfminer's PDFEncryptionError (an unknown security handler such as
    certificate security, or an unknown algorithm version), naming the method."""
    text = str(exc)
    handler = re.search(r"'Filter': /'([^']+)'", text)
    version = re.search(r"'V': (\d+)", text)
    if text.startswith("Unknown filter") and handler:
        method = handler.group(1)
    elif version:
        method = f"Standard security, version {version.group(1)}"
    else:
        method = "unknown"
    suffix = " (certificate security)" if method == "Adobe.PubSec" else ""
    return UnsupportedEncryptionError(
        f"this PDF is encrypted with a method pdfprose cannot open: {method}{suffix}",
        method=method,
    )


def _cut_from_a_pdf(data: bytes) -> bool:
    """True when what there is of the file is the start of a PDF: an object header somewhere,
    or nothing yet but the header's comment lines (a download stopped in its first bytes).
    Anything else after ``%PDF`` (random bytes, another format's data) is damage, not a file
    cut short, whatever its end looks like."""
    if OBJ_HEADER.search(data):
        return True
    return all(not line.strip() or line.lstrip().startswith(b"%") for line in re.split(rb"[\r\n]+", data))


def _nothing_found(data: bytes, truncated: bool, exc: Exception | None) -> UnreadablePdfError:
    if truncated and _cut_from_a_pdf(data):
        return TruncatedPdfError(
            "this PDF is incomplete (the file is cut short, perhaps an interrupted download) "
            "and no page could be recovered from it",
            bytes=len(data),
        )
    detail = f" (code {read_code(exc)})" if exc is not None else ""
    return UnreadablePdfError(f"this PDF is damaged and no page could be found in it{detail}")
