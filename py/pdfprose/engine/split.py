"""Splitting a document between two converters (the page's two workers): the pages one
converter analysed, handed over as a :class:`PageBatch` for the other to adopt
(:meth:`pdfprose.Converter.handover`, :meth:`pdfprose.Converter.adopt`), and the record and
replay of what those pages asked of the font evidence of the garbled-text diagnosis
(:class:`pdfprose.pdf.diagnosis.FontEvidence`), which a converter starting after page 1 lacks.
"""

from __future__ import annotations

import copy
import io
import pickle
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..model import Glyph, PageAnalysis
from ..notice import Notice
from ..params import DEFAULT_PARAMS, LayoutParams
from ..pdf.diagnosis import FontEvidence, mark_shifted_text
from ..pdf.guards import GuardStop
from .notices import short_reason


def replay(evidence: FontEvidence, calls: list[tuple[Any, ...]], shifted: list[Any] | None,
           ) -> tuple[bool, FontEvidence]:
    """Ask ``evidence`` what another converter's evidence was asked while analysing one page
    (``calls``, see :class:`RecordingEvidence`; ``shifted``: the fonts it found letter-shifted
    there). Returns ``(same, evidence)``: ``same`` True when every answer that steered the
    analysis is the same, so the page's analysis is too, and the evidence then as if its
    converter had analysed the page; on False the evidence as it was before (a copy)."""
    if not calls:
        return True, evidence
    saved = copy.deepcopy(evidence)
    if _replay_calls(evidence, calls, shifted):
        return True, evidence
    return False, saved


def _replay_calls(evidence: FontEvidence, calls: list[tuple[Any, ...]],
                  shifted: list[Any] | None) -> bool:
    if shifted is None:
        return False  # the other converter could not tell which fonts it found shifted
    # The letter-shift test of the page's mapped text, run again by the diagnosis itself on
    # this converter's evidence: the fonts it finds shifted must be those found before.
    mapped = [c for c in calls if not c[2]]
    if _shifted_fonts(mapped, evidence) != set(shifted):
        return False
    # Then the unmapped codes and the garbled cause's tests, in the same order: with the
    # same fonts shifted the same questions come, and each answer must agree on whether
    # the codes are a shift of text (what the cause depends on).
    for kind, key, flag, payload in (c for c in calls if c[2]):
        if kind == "add":
            evidence.add(key, flag, _expand(payload))
        elif kind == "shift":
            if (evidence.shift(key, flag) is None) != (payload is None):
                return False
        else:
            return False  # an answer that was not recorded cannot be compared
    return True


class _FontKeyFacts:
    """What the diagnosis reads of a font (:func:`pdfprose.pdf.diagnosis.FontEvidence`), for the
    stand-in glyphs of :meth:`Converter._replay_calls`."""

    __slots__ = ("kind", "has_unicode_map")

    def __init__(self, kind: str, has_unicode_map: bool) -> None:
        self.kind = kind
        self.has_unicode_map = has_unicode_map


def _compact(codes: list[int]) -> tuple[tuple[int, int], ...]:
    """``codes`` as ``(code, count)`` pairs in order of first appearance: the same histogram,
    counted in the same order, when expanded again (:func:`_expand`)."""
    return tuple(Counter(codes).items())


def _expand(pairs: tuple[tuple[int, int], ...]) -> list[int]:
    return [code for code, n in pairs for _ in range(n)]


def _steering(call: tuple[Any, ...]) -> tuple[Any, ...]:
    """What of a recorded call steers the diagnosis: which question about which font, and the
    answer of a shift test (a histogram's content shows in which questions follow it)."""
    kind, key, flag, payload = call
    return (kind, key, flag, payload if kind == "shift" else None)


def _shifted_fonts(mapped: list[tuple[Any, ...]], evidence: Any,
                   log: list[tuple[Any, ...]] | None = None) -> set[Any]:
    """The fonts :func:`~pdfprose.pdf.diagnosis.mark_shifted_text` finds letter-shifted on a page
    whose mapped text gave the recorded ``mapped`` calls, asked of ``evidence`` (which it
    updates as the page would): run on stand-in glyphs, one per font, carrying that font's
    text of the page. ``log``, when given, receives the questions it asked."""
    stand_ins = []
    for kind, key, _, payload in mapped:
        if kind == "add":
            text = "".join(chr(code) * n for code, n in payload)
            stand_ins.append(Glyph(text, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, key[0],
                                   source=_FontKeyFacts(key[1], key[2])))
    if log is None:
        # Nothing to log (the replay of adopt()): asked of the evidence itself, which answers
        # the same without a recorder's copy of every histogram.
        return mark_shifted_text(stand_ins, evidence)  # type: ignore[arg-type]
    recorder = RecordingEvidence(evidence)
    found = mark_shifted_text(stand_ins, recorder)  # type: ignore[arg-type]
    log.extend(recorder.calls.get(0, []))
    return found


class RecordingEvidence:
    """A :class:`~pdfprose.pdf.diagnosis.FontEvidence` (its own, or ``inner``) that records, per
    page (``page``, set by the converter), each question asked of it: ``("add", key, unmapped,
    (code, count) pairs)``, ``("histogram", key, unmapped, None)`` and ``("shift", key,
    unmapped, answer)``."""

    def __init__(self, inner: FontEvidence | None = None) -> None:
        self.inner = inner if inner is not None else FontEvidence()
        self.page = 0
        self.calls: dict[int, list[tuple[Any, ...]]] = {}
        self.shifted: dict[int, list[Any] | None] = {}
        """Per page, the fonts found letter-shifted there (None: not known for sure)."""
        self._before: FontEvidence | None = None

    def begin_page(self, number: int) -> None:
        """Page ``number``'s questions follow (the evidence as it is now is kept, to tell
        afterwards which fonts the page found shifted)."""
        self.page = number
        self._before = copy.deepcopy(self.inner)

    def end_page(self) -> None:
        """Work out which fonts the page found shifted: the stand-in test
        (:func:`_shifted_fonts`) on the evidence as it was before the page, which counts only
        if it asked exactly the questions the page's own diagnosis asked."""
        calls = self.calls.get(self.page, [])
        mapped = [c for c in calls if not c[2]]
        if self._before is None or not calls:
            self.shifted[self.page] = [] if not calls else None
        else:
            asked: list[tuple[Any, ...]] = []
            found = _shifted_fonts(mapped, self._before, asked)
            same = [_steering(c) for c in asked] == [_steering(c) for c in mapped]
            self.shifted[self.page] = sorted(found) if same else None
        self._before = None

    def _log(self, call: tuple[Any, ...]) -> None:
        self.calls.setdefault(self.page, []).append(call)

    def add(self, key: Any, unmapped: bool, codes: Any) -> None:
        codes = codes if isinstance(codes, list) else list(codes)
        self._log(("add", key, unmapped, _compact(codes)))
        self.inner.add(key, unmapped, codes)

    def add_text(self, key: Any, text: str) -> None:
        self.add(key, False, list(map(ord, text)))

    def histogram(self, key: Any, unmapped: bool) -> Counter[int]:
        self._log(("histogram", key, unmapped, None))
        return self.inner.histogram(key, unmapped)

    def text_score(self, key: Any) -> tuple[float, int]:
        # Recorded as the histogram it stands for: the replay asks the same questions.
        self._log(("histogram", key, False, None))
        return self.inner.text_score(key)

    def shift(self, key: Any, unmapped: bool) -> int | None:
        answer = self.inner.shift(key, unmapped)
        self._log(("shift", key, unmapped, answer))
        return answer

    def __deepcopy__(self, memo: dict[int, Any]) -> "RecordingEvidence":
        clone = RecordingEvidence(copy.deepcopy(self.inner, memo))
        clone.page = self.page
        clone.calls = {n: list(c) for n, c in self.calls.items()}
        clone.shifted = dict(self.shifted)
        return clone


_BATCH_CLASSES = {
    ("pdfprose.engine.split", "PageBatch"), ("pdfprose.model", "PageAnalysis"),
    ("pdfprose.model", "Block"), ("pdfprose.model", "Paragraph"), ("pdfprose.model", "Line"),
    ("pdfprose.model", "Glyph"), ("pdfprose.model", "Table"), ("pdfprose.model", "TableCell"),
    ("pdfprose.model", "Inline"),
    ("pdfprose.params", "LayoutParams"), ("builtins", "set"),
    ("builtins", "frozenset"), ("pdfprose.notice", "Notice"),
}


class _BatchUnpickler(pickle.Unpickler):
    """Loads only what a :class:`PageBatch` is made of (plain data and pdfprose's dataclasses)."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _BATCH_CLASSES:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a page batch")


@dataclass(slots=True)
class PageBatch:
    """Pages one :class:`Converter` analysed for another to adopt (:meth:`Converter.handover`,
    :meth:`Converter.adopt`): the page's second worker analyses the second part of a long
    document and hands it to the first.

    ``document`` is the file's digest (:meth:`Converter.document_id`) and ``page_count`` its
    pages; ``first``..``last`` the range (1-based, inclusive; ``last == first - 1`` when empty)
    and ``pages`` its :class:`~pdfprose.model.PageAnalysis` list in page order, glyphs released.
    ``notices`` holds the parse's :class:`~pdfprose.notice.Notice` records of those pages, ``skipped``
    the pages where damaged operations were skipped, ``cut_short`` ``(page, stop)`` for pages
    a guard stopped (:class:`~pdfprose.pdf.guards.GuardStop`), and ``evidence`` per page number the font-evidence questions and answers
    (see :class:`RecordingEvidence`; empty for a range starting at page 1) and ``shifted``
    per page the fonts found letter-shifted there (``None`` when that could not be told), and
    ``words`` per page its words for de-hyphenation
    (:func:`~pdfprose.output.render.page_vocabulary`), one a line (a word never holds a line
    break); ``params`` the layout thresholds the pages were analysed with (only a converter
    with the same adopts them).
    """

    document: str
    page_count: int
    first: int
    last: int
    pages: list[PageAnalysis]
    notices: list[Notice] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    cut_short: list[tuple[int, GuardStop]] = field(default_factory=list)
    evidence: dict[int, list[tuple[Any, ...]]] = field(default_factory=dict)
    shifted: dict[int, list[Any] | None] = field(default_factory=dict)
    words: dict[int, str] = field(default_factory=dict)
    params: LayoutParams = field(default=DEFAULT_PARAMS)

    def to_bytes(self) -> bytes:
        """The batch as bytes (a pickle), to cross from one worker to another."""
        return pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_bytes(cls, data: bytes) -> "PageBatch":
        """The batch :meth:`to_bytes` made. Only pdfprose's own data classes are loaded;
        anything else raises ValueError."""
        try:
            batch = _BatchUnpickler(io.BytesIO(bytes(data))).load()
        except Exception as exc:  # noqa: BLE001 - a broken batch is one clear error
            raise ValueError(f"not a page batch ({short_reason(exc)})") from exc
        if not isinstance(batch, cls):
            raise ValueError("not a page batch")
        return batch
