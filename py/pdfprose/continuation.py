"""Paragraphs that go on across a column or page break, stepping over a figure's caption, a
footnote or a running head (SPEC §6: the lines of one paragraph are joined).

The XY-cut ends a block at the foot of a column; a reader carries on at the top of the next
column or page. A body paragraph *continues* the previous body paragraph of
about the same size when that one does not end a sentence and this one starts in lowercase. Captions, footnotes in a smaller size and running
heads in between are stepped over.
"""

from __future__ import annotations

import re

from .model import PageAnalysis, Paragraph

SENTENCE_END = re.compile(r"[.!?。！？][\"'”’»)\]]*$")
"""A paragraph ending like this is complete; ":" and "," are not ends (text goes on after a
display equation)."""

CAPTION = re.compile(r"^(?:fig(?:ure|ura)?\.?|table|tabla|cuadro)\s*[\dIVX]", re.I)

SIZE_TOLERANCE = 0.1
"""Continuations are set in the same size as the paragraph they continue, within 10 %."""

LOOKBACK = 4
"""At most four paragraphs (captions, footnotes, running heads) are stepped over."""


def stepped_over(para: Paragraph, size: float) -> bool:
    """True for what may stand between two parts of a paragraph of font size ``size``
    (points): furniture, a caption, a footnote in a smaller size."""
    if para.furniture:
        return True
    text = para.lines[0].text if para.lines else ""
    return bool(CAPTION.match(text)) or para.size < (1 - SIZE_TOLERANCE) * size


def mark_continuations(pages: list[PageAnalysis]) -> None:
    """Set ``continues`` on paragraphs that go on from an earlier one (see module doc)."""
    ordered = [(n, p) for n, page in enumerate(pages) for p in page.paragraphs]
    for index, (page_no, para) in enumerate(ordered):
        if para.kind != "body" or para.furniture or not para.lines or not para.lines[0].text:
            continue
        prev: Paragraph | None = None
        prev_page = page_no
        for back in range(index - 1, max(-1, index - 1 - LOOKBACK), -1):
            candidate = ordered[back][1]
            if candidate.kind == "body" and not stepped_over(candidate, para.size):
                prev, prev_page = candidate, ordered[back][0]
                break
            if candidate.kind != "body" and not candidate.furniture:
                break
        if prev is None or not prev.lines:
            continue
        # Text flows on across a break only where reading jumps back up: to the next column or
        # page. Text below a display equation starts a paragraph of its own.
        if prev_page == page_no and para.lines[0].top >= prev.lines[-1].top:
            continue
        if abs(prev.size - para.size) > SIZE_TOLERANCE * max(prev.size, para.size):
            continue
        first = para.lines[0].text
        last = prev.lines[-1].text.rstrip()
        if SENTENCE_END.search(last):
            continue
        if first[0].islower() and not CAPTION.match(first):
            para.continues = True
