"""Where each glyph of a line stands in the line's text.

A line's text is made of its glyphs' texts in order, with the word spaces SPEC §2 puts in
gaps, drawn spaces kept but never doubled, the ends trimmed and accents composed (NFC)
(:mod:`pdfprose.layout.words`). What the PDF says about glyphs (a link's rectangle, a raised
footnote mark, a right-to-left run) must land on characters of that text: :func:`glyph_spans`
walks both together.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..model import Glyph


def glyph_spans(text: str, glyphs: Sequence[Glyph]) -> list[tuple[int, int]] | None:
    """Per glyph (in the order the text was made from them), the ``(start, end)`` code-point
    offsets of its characters in ``text``: empty for a drawn space the text does not hold (a
    second space, one at either end), the span of its letter for an accent composed with it.
    None when the text does not follow the glyphs (a line whose text was made otherwise)."""
    out: list[tuple[int, int]] = []
    pos = 0
    n = len(text)
    for g in glyphs:
        core = g.text.strip()
        if not core:
            if pos < n and text[pos] == " ":
                out.append((pos, pos + 1))
                pos += 1
            else:
                out.append((pos, pos))
            continue
        while pos < n and text[pos] == " ":
            pos += 1
        if text.startswith(core, pos):
            out.append((pos, pos + len(core)))
            pos += len(core)
            continue
        if out and unicodedata.combining(core[0]):
            out.append(out[-1])  # an accent composed with the letter before it (NFC)
            continue
        if pos < n and unicodedata.normalize("NFD", text[pos]).startswith(
                unicodedata.normalize("NFD", core)[:1]):
            out.append((pos, pos + 1))  # a letter an accent was composed into
            pos += 1
            continue
        return None
    return out


def follows(text: str, glyphs: Sequence[Glyph]) -> bool:
    """Whether :func:`glyph_spans` finds ``text`` following ``glyphs`` (not None), told by C
    passes where each glyph's stripped text is one character or none and those characters
    are ``text`` without its spaces: the walk then meets each glyph's character as the next
    one after any spaces. False where that does not hold, and the walk may still succeed."""
    cores = list(map(str.strip, [g.text for g in glyphs]))
    joined = "".join(cores)
    return len(joined) == len(cores) - cores.count("") and joined == text.replace(" ", "")
