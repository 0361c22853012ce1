"""Marked-content sequences met while a page's content is drawn: which MCID (the link to the
structure tree), which /ActualText and whether an /Artifact each glyph is drawn inside.

The glyph collector (:mod:`pdfprose.pdf.collector`) calls :meth:`MarkedContent.begin` from
``BMC``/``BDC``, :meth:`MarkedContent.end` from ``EMC``, and gives each glyph it records the
:attr:`MarkedContent.state` it is drawn in. :func:`apply_actual_text` then replaces the text of the glyphs a span covers by
its ActualText (ISO 32000-1, 14.9.4): the first glyph of the span carries it, the others
carry nothing, so a ligature glyph with no Unicode reads "fi" and a hyphen whose ActualText is
a soft hyphen reads as one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pdfminer.pdftypes import resolve1

from .pdfspace import name_of, text_of

MAX_MARKED_DEPTH = 256
"""Nesting of marked-content sequences tracked at most; deeper ``BDC`` are counted, so that
their ``EMC`` still match, but carry nothing (a hostile stream nests millions)."""


@dataclass(frozen=True, slots=True)
class MarkState:
    """What is known of the glyphs drawn now: ``mcid`` of the innermost sequence that has one
    (-1: none), ``actual`` the index in :attr:`MarkedContent.spans` of the outermost sequence
    with an /ActualText (-1: none; an outer ActualText replaces everything inside it),
    ``artifact`` the /Type of the enclosing /Artifact ("Pagination", "Layout", "Page",
    "Background"; "" for an artifact without one), or None outside artifacts."""

    mcid: int = -1
    actual: int = -1
    artifact: str | None = None


OUTSIDE = MarkState()


@dataclass(slots=True)
class ActualSpan:
    """One sequence with an /ActualText: the text, its tag, and the MCID it sits in."""

    text: str
    tag: str
    mcid: int = -1


@dataclass(slots=True)
class MarkedContent:
    """The open marked-content sequences of one page's content stream."""

    spans: list[ActualSpan] = field(default_factory=list)
    _stack: list[MarkState] = field(default_factory=list)
    _overflow: int = 0

    @property
    def state(self) -> MarkState:
        return self._stack[-1] if self._stack else OUTSIDE

    def begin(self, tag: object, props: object = None,
              named: Mapping[str, object] | None = None) -> None:
        """``BMC tag`` or ``BDC tag props``; ``props`` is a dictionary or the name of one in
        the resources' /Properties (``named``)."""
        if len(self._stack) >= MAX_MARKED_DEPTH:
            self._overflow += 1
            return
        outer = self.state
        tag_name = name_of(tag) or (tag if isinstance(tag, str) else "")
        props = resolve1(props)
        if not isinstance(props, dict):
            key = name_of(props)
            props = resolve1(named.get(key)) if named is not None and key else None
        mcid, actual, artifact = outer.mcid, outer.actual, outer.artifact
        if isinstance(props, dict):
            value = resolve1(props.get("MCID"))
            if isinstance(value, int) and not isinstance(value, bool):
                mcid = value
            text = text_of(props.get("ActualText"))
            if text is not None and actual < 0:
                self.spans.append(ActualSpan(text, tag_name, mcid))
                actual = len(self.spans) - 1
        if tag_name == "Artifact":
            kind = name_of(props.get("Type")) if isinstance(props, dict) else None
            artifact = kind or ""
        self._stack.append(MarkState(mcid, actual, artifact))

    def end(self) -> None:
        """``EMC``; one without its ``BMC`` is ignored."""
        if self._overflow:
            self._overflow -= 1
        elif self._stack:
            self._stack.pop()

    def reset(self) -> None:
        """Between pages (a page's sequences must not leak into the next)."""
        self.spans = []
        self.close()

    def close(self) -> None:
        """Close every open sequence (the spans read so far are kept)."""
        self._stack = []
        self._overflow = 0


def apply_actual_text(texts: Sequence[str], actual: Sequence[int],
                      spans: Sequence[ActualSpan]) -> list[str]:
    """The glyphs' texts with each ActualText span's text put in place of the glyphs it covers.

    ``texts`` and ``actual`` are per glyph in drawing order (``actual``: the span index from
    :attr:`MarkState.actual`, -1 outside any). The first glyph of a span gets the span's
    text, the others ""; an ActualText of "" removes what it covers (a decorative glyph)."""
    out = list(texts)
    done: set[int] = set()
    for i, span in enumerate(actual):
        if span < 0 or span >= len(spans):
            continue
        if span in done:
            out[i] = ""
        else:
            out[i] = spans[span].text
            done.add(span)
    return out
