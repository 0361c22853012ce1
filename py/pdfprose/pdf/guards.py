"""Work budgets that keep one page of a hostile or damaged PDF from running forever.

pdfminer.six interprets a page's content as the file says, and a damaged file can say absurd
things: a form XObject that draws itself (twice: 2^depth drawings), a Contents array naming
one stream ten thousand times, a string of millions of glyphs. Each would take hours, not crash.
The glyph collector (:mod:`pdfprose.pdf.collector`) charges every drawn glyph and every form or image
invocation to a :class:`PageBudget`; past a limit, :class:`PageTooComplex` stops the page, whose
text drawn so far is kept with a warning (or, when there is none, the page is reported failed).

The limits sit far above real pages (found by the mutation fuzzer, ``benchmarks/fuzz.py``: the
densest corpus page draws about 12,000 glyphs and nests forms 3 deep).

The module also holds pdfprose's versions of three pdfminer.six functions: one that made
damaged files hang (:func:`decompress_corrupted`, used by :mod:`pdfprose.pdf.streams`), one that
let a single damaged resource fail a whole page (:func:`init_resources`) and the operator loop
(:func:`execute`). The page interpreter the engine owns
(:class:`pdfprose.pdf.interpreter.PageInterpreter`) calls them as its methods; pdfminer.six
itself is left as it is, for any other code in the process.
"""

from __future__ import annotations

import os

import zlib
from collections.abc import Sequence
from typing import Any, NamedTuple

from pdfminer.pdfcolor import PREDEFINED_COLORSPACE, PDFColorSpace
from pdfminer.pdfinterp import PDFPageInterpreter
from pdfminer.pdftypes import PDFObjRef, PDFStream, dict_value, resolve1, stream_value
from pdfminer.psparser import PSEOF, PSKeyword, keyword_name, literal_name

from ..budgets import DEFAULT_BUDGETS, ReadBudgets
from .content import FastContentParser

MAX_GLYPHS = 200_000
"""Glyphs one page may draw (visible or not): 15 times the densest page of the corpus (a
page this full still takes a few seconds; twice as many would take ten)."""

MAX_FIGURES = 100_000
"""Form XObjects and images one page may invoke (a scatter plot draws each marker as a form:
tens of thousands are real)."""

MAX_NESTED_FIGURES = 5_000
"""Invocations from two or more forms deep, at most. Forms that draw forms twice over blow up as
2^depth (each invocation costs pdfminer about a quarter of a millisecond). One level of nesting
is common and may be large (a plot included by LaTeX as a form draws its thousands of markers as
forms), so only deeper invocations count."""

MAX_FIGURE_DEPTH = 24
"""Forms nested in forms, at most. Real files nest a few levels; a form that draws itself would
otherwise recurse until Python's stack runs out."""

MAX_BACKGROUND_ENTRIES = 2_000_000
"""Grid entries of filled shapes one page may record for the hidden-text test (visibility.py's
background index); past it further shapes are not recorded (text over them counts as visible)."""


MAX_SKIPPED_OPERATIONS = 1000
"""Damaged operators one page may skip before it is given up as unreadable: past that, what
the interpreter reads is noise (encrypted or binary data taken for a content stream)."""


class PageTooComplex(Exception):
    """A page exceeded its :class:`PageBudget`; the message says which limit."""


STOP_SENTENCES = {
    "damaged_operations": "more than {limit} of its drawing operations are damaged",
    "glyphs": "it draws more than {limit} characters",
    "figures": "it draws more than {limit} forms and images",
    "nested_figures": "it draws more than {limit} forms within forms within forms",
    "figure_depth": "it nests forms more than {limit} deep",
    "operators": "it runs more than {limit} drawing operations",
    "operands": "it piles up more than {limit} operands with no drawing operation to take them",
}
"""Per limit of a :class:`PageBudget`, why a page it stopped was cut short (a format string of
the limit, formatted): the library's words. The page words the same limits from the notice's
``part`` and ``limit`` in its languages (``notice_content_damaged`` in app/i18n/*.js; a test
holds its English to these)."""


class GuardStop(NamedTuple):
    """Which limit of a :class:`PageBudget` stopped a page (a key of :data:`STOP_SENTENCES`)
    and its value, formatted (``500,000``), for each edge to word it."""

    part: str
    limit: str

    @property
    def words(self) -> str:
        return STOP_SENTENCES[self.part].format(limit=self.limit)


STOP_PAGE = (PageTooComplex, MemoryError, RecursionError)
"""What stops a page instead of skipping the operator that raised it."""


class PageBudget:
    """Counters of one page's work, checked as the page is interpreted; ``limits`` are the
    read budgets (:class:`pdfprose.budgets.ReadBudgets`) of the counters that have one there."""

    __slots__ = ("glyphs", "figures", "nested", "depth", "skipped", "stop", "limits",
                 "operators", "states_dropped", "annotations")

    def __init__(self, limits: ReadBudgets = DEFAULT_BUDGETS) -> None:
        self.limits = limits
        self.operators = 0
        self.states_dropped = 0  # ``q`` past ReadBudgets.state_depth, ignored
        self.annotations = 0
        self.glyphs = 0
        self.figures = 0
        self.nested = 0
        self.depth = 0
        self.skipped = 0
        self.stop: GuardStop | None = None  # which limit stopped the page

    @property
    def exceeded(self) -> str | None:
        """Which limit stopped the page, in words (None while it runs)."""
        return self.stop.words if self.stop else None

    def _stop(self, part: str, limit: int) -> None:
        self.stop = GuardStop(part, f"{limit:,}")
        raise PageTooComplex(self.stop.words)

    def skip(self) -> None:
        """A damaged operator of the page's content was skipped."""
        self.skipped += 1
        if self.skipped > MAX_SKIPPED_OPERATIONS:
            self._stop("damaged_operations", MAX_SKIPPED_OPERATIONS)

    def glyph(self) -> None:
        self.glyphs += 1
        if self.glyphs > MAX_GLYPHS:
            self._stop("glyphs", MAX_GLYPHS)

    def enter_figure(self) -> None:
        self.figures += 1
        self.depth += 1
        if self.figures > MAX_FIGURES:
            self._stop("figures", MAX_FIGURES)
        if self.depth > 2:
            self.nested += 1
            if self.nested > MAX_NESTED_FIGURES:
                self._stop("nested_figures", MAX_NESTED_FIGURES)
        if self.depth > MAX_FIGURE_DEPTH:
            self._stop("figure_depth", MAX_FIGURE_DEPTH)

    def leave_figure(self) -> None:
        self.depth = max(0, self.depth - 1)

    def ran(self, operators: int) -> None:
        """``operators`` more content operators were run (charged in batches: see execute)."""
        self.operators += operators
        if self.operators > self.limits.operators_per_page:
            self._stop("operators", self.limits.operators_per_page)

    def piled(self, operands: int) -> None:
        """``operands`` left waiting for an operator were dropped: charged as operations (they
        cost the reading as much), but a page stopped by them says so, since it may run few
        operators (ten million empty arrays and no operator at all)."""
        self.operators += operands
        if self.operators > self.limits.operators_per_page:
            self._stop("operands", self.limits.operators_per_page)


# -- pdfminer.six repairs --------------------------------------------------------------------

DECOMPRESS_CHUNK = 4096
"""Bytes fed to zlib at a time when recovering a corrupted Flate stream."""


class Damaged(bytes):
    """The bytes recovered from a damaged Flate stream (:func:`decompress_corrupted`): the
    stream's ``data`` keeps this type, so the page that drew it can say it was damaged."""


def is_damaged(data: object) -> bool:
    """True for data :func:`decompress_corrupted` recovered from a damaged stream."""
    return isinstance(data, Damaged)


def decompress_corrupted(data: bytes) -> bytes:
    """What a Flate stream that fails to decompress still holds: everything zlib produces before
    the damage (the text of a content stream up to a corrupted tail, SPEC §13), as
    :class:`Damaged` bytes.

    Replaces pdfminer.six's own function, which feeds zlib one byte at a time and appends to a
    ``bytes`` object: quadratic, so a damaged 1 MB font stream took minutes (found by the
    fuzzer). This one feeds chunks and, in the chunk that fails, single bytes from a copy of the
    decompressor; it keeps the output before the damage wherever the damage is.
    """
    d = zlib.decompressobj()
    parts: list[bytes] = []
    for start in range(0, len(data), DECOMPRESS_CHUNK):
        chunk = data[start : start + DECOMPRESS_CHUNK]
        saved = d.copy()
        try:
            parts.append(d.decompress(chunk))
        except zlib.error:
            d = saved
            for i in range(len(chunk)):
                try:
                    parts.append(d.decompress(chunk[i : i + 1]))
                except zlib.error:
                    return Damaged(b"".join(parts))
            return Damaged(b"".join(parts))
        if d.eof:
            break
    return Damaged(b"".join(parts))


FONT_FILES = ("FontFile", "FontFile2", "FontFile3")


def _without_font_files(spec: Any) -> dict[str, Any]:
    """A copy of a font dictionary whose descriptor (its descendant's, for a Type0 font) no
    longer points at the embedded font program: what is left (encoding, ToUnicode, widths)
    still maps and places the text when the program itself is damaged."""
    spec = dict(resolve1(spec))
    descriptor = resolve1(spec.get("FontDescriptor"))
    if isinstance(descriptor, dict):
        spec["FontDescriptor"] = {k: v for k, v in descriptor.items() if k not in FONT_FILES}
    descendants = resolve1(spec.get("DescendantFonts"))
    if isinstance(descendants, list) and descendants:
        spec["DescendantFonts"] = [_without_font_files(descendants[0])]
    return spec


def _colorspace(spec: object) -> PDFColorSpace | None:
    name = literal_name(spec[0]) if isinstance(spec, list) and spec else literal_name(spec)
    if name == "ICCBased" and isinstance(spec, list) and len(spec) >= 2:
        icc = resolve1(spec[1])
        components = resolve1(icc.get("N")) if isinstance(icc, (dict, PDFStream)) else None
        if not isinstance(components, int):
            components = 3  # the ICC profile is lost: RGB is the common case
        return PDFColorSpace(name, components)
    if name == "DeviceN" and isinstance(spec, list) and len(spec) >= 2:
        names = resolve1(spec[1])
        return PDFColorSpace(name, len(names) if isinstance(names, list) else 1)
    return PREDEFINED_COLORSPACE.get(name)


def init_resources(self: PDFPageInterpreter, resources: dict[object, object]) -> None:
    """pdfminer.six's ``init_resources`` with each resource on its own: a damaged font or
    colour space (a truncated file's missing ICC profile, a broken embedded font program) costs
    that resource, not the whole page. A font whose program cannot be read is retried without
    it; one that still fails is left out (its text then uses pdfminer's default font)."""
    self.resources = resources
    self.fontmap = {}
    self.xobjmap = {}
    self.csmap = PREDEFINED_COLORSPACE.copy()
    if not resources:
        return
    try:
        items = list(dict_value(resources).items())
    except Exception:  # noqa: BLE001
        return
    for key, value in items:
        try:
            entries = list(dict_value(value).items()) if key != "ProcSet" else []
        except Exception:  # noqa: BLE001
            continue
        for name, spec in entries:
            try:
                if key == "Font":
                    objid = spec.objid if isinstance(spec, PDFObjRef) else None
                    font_spec = dict_value(spec)
                    try:
                        self.fontmap[name] = self.rsrcmgr.get_font(objid, font_spec)
                    except Exception:  # noqa: BLE001 - retry without the embedded program
                        self.fontmap[name] = self.rsrcmgr.get_font(None, _without_font_files(font_spec))
                elif key == "ColorSpace":
                    colorspace = _colorspace(resolve1(spec))
                    if colorspace is not None:
                        self.csmap[name] = colorspace
                elif key == "XObject":
                    self.xobjmap[name] = spec
            except Exception:  # noqa: BLE001 - this resource is lost, the page goes on
                continue


STRAY_KEPT = 64
"""Operands kept when those waiting for an operator pass ``ReadBudgets.stray_operands``: twice
the most an operator takes (``scn`` of 32 colorants and its pattern name)."""

OPERATOR_BATCH = 4096
"""Operators counted locally before they are charged to the page's budget: one addition per
operator in the loop, one call per 4,096 (the budget may overrun by that many)."""

_OPERATORS: dict[type, dict[PSKeyword, list[Any]]] = {}
"""Per interpreter class, per operator keyword: the ``do_`` method's name and its number of
operands (worked out on the operator's first use instead of at every one)."""


def execute(self: PDFPageInterpreter, streams: Sequence[object]) -> None:
    """pdfminer.six's ``execute`` (20260107: content streams run operator by operator, circular
    form references refused) where one damaged operator costs itself, not the rest of the page:
    an operator that raises is skipped and counted in the device's :class:`PageBudget`
    (``skipped``); past MAX_SKIPPED_OPERATIONS the page is given up (:class:`PageTooComplex`).
    A budget overrun, MemoryError and RecursionError still stop the page. The content is read by
    :class:`pdfprose.pdf.content.FastContentParser` (pdfminer's objects, read faster), and each
    operator's method is looked up once per interpreter class (``_OPERATORS``)."""
    valid_streams: list[PDFStream] = []
    self.stream_ids.clear()
    for obj in streams:
        stream = stream_value(obj)
        if stream.objid is None:
            continue  # inline streams without object ids cannot be tracked for cycles
        if stream.objid not in self.parent_stream_ids:
            valid_streams.append(stream)
            self.stream_ids.add(stream.objid)
    try:
        parser = FastContentParser(valid_streams)
    except PSEOF:
        return
    budget = getattr(self.device, "budget", None)
    limits = budget.limits if budget is not None else DEFAULT_BUDGETS
    parser.structure_bytes = limits.content_structure_bytes
    stray = limits.stray_operands
    operators = _OPERATORS.setdefault(type(self), {})
    ran = 0
    while True:
        try:
            (_, obj) = parser.nextobject()
        except PSEOF:
            break
        except STOP_PAGE:
            raise
        except Exception:  # noqa: BLE001 - a syntax error in the content: skip it
            _skipped(budget)
            continue
        if not isinstance(obj, PSKeyword):
            stack = self.argstack  # pdfminer's push, inline
            stack.append(obj)
            if len(stack) > stray:
                # Only the last operands can be taken: the oldest go, charged as work done.
                del stack[:-STRAY_KEPT]
                if budget is not None:
                    budget.piled(stray - STRAY_KEPT + 1)
            continue
        ran += 1
        if ran == OPERATOR_BATCH and budget is not None:
            budget.ran(ran)
            ran = 0
        entry = operators.get(obj)
        if entry is None:
            name = keyword_name(obj)
            method = "do_" + name.replace("*", "_a").replace('"', "_w").replace("'", "_q")
            entry = operators[obj] = [method, None]
        func = getattr(self, entry[0], None)
        if func is None:
            continue
        try:
            nargs = entry[1]
            if nargs is None:
                nargs = entry[1] = func.__code__.co_argcount - 1
            if nargs:
                args = self.pop(nargs)
                if len(args) == nargs:
                    func(*args)
            else:
                func()
        except STOP_PAGE:
            raise
        except Exception as exc:  # noqa: BLE001 - this operator is damaged: the page goes on
            if _engine_bug(exc):
                raise
            _skipped(budget)
    if budget is not None and ran:
        budget.ran(ran)


_ENGINE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The folder of the pdfprose package (this module lies in its ``pdf`` package)."""


def _engine_bug(exc: Exception) -> bool:
    """True for a NameError or AttributeError raised in pdfprose's own code: a bug in the
    engine, which must fail loudly (and fail the tests), never pass for damage in the user's
    file."""
    if not isinstance(exc, (NameError, AttributeError)):
        return False
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(_ENGINE_DIR)


def _skipped(budget: PageBudget | None) -> None:
    if budget is not None:
        budget.skip()
