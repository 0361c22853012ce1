"""Stray symbols: pieces of a line drawn on a baseline of their own (SPEC §3, §6).

TeX and other math setters draw a radical sign, the two halves of a stacked relation ("≳"), a
big bracket or an exponent on baselines of their own. Left alone, each becomes a "line" of one
or two symbols between two lines of a paragraph and cuts it in two. Here each goes back into
the line it belongs to, at its place along the baseline. Boxes are in page space (points,
origin top left).
"""

from __future__ import annotations

import math

from ..text.markers import BULLET_GLYPHS
from .words import SCRIPT_SIZE_RATIO, SPACE_GAP_EM
from ..model import Block, Glyph, Line

STRAY_MAX_CHARS = 3
"""A row of at most three symbols or digits (no letter) is a stray piece of a neighbouring
line: a radical sign, the lower half of a stacked "≳", a big bracket, an exponent or index set
smaller (SCRIPT_SIZE_RATIO), drawn on a baseline of its own inside the line's height. It is
put back into that line instead of cutting the paragraph in two ("C = (mbFb/√2)" in
``astro-ph0501021``). A bullet is no stray (it starts a list item, SPEC §10), and glyphs
without Unicode meaning (U+FFFD) are no evidence of anything: both stay where they are."""


def _is_stray(line: Line) -> bool:
    marks = line.text.replace(" ", "")
    return (0 < len(marks) <= STRAY_MAX_CHARS and not any(ch.isalpha() for ch in marks)
            and not BULLET_GLYPHS.intersection(marks) and "\ufffd" not in marks and bool(line.glyphs))


def _is_script_of(stray: Line, host: Line) -> bool:
    """A stray with digits is an exponent or index on a row of its own: set smaller than the
    line it belongs to (a page number or an equation number is not)."""
    return stray.size <= SCRIPT_SIZE_RATIO * host.size


def _host_of(stray: Line, candidates: list[Line]) -> Line | None:
    """The line among ``candidates`` whose height overlaps the stray's most and whose span
    holds its centre, or None."""
    centre = (stray.x0 + stray.x1) / 2
    digits = next((ch for ch in stray.text if ch.isdigit()), None)
    best, best_overlap = None, 0.0
    for line in candidates:
        overlap = min(line.bottom, stray.bottom) - max(line.top, stray.top)
        margin = 0.5 * line.size
        if overlap > best_overlap and line.x0 - margin <= centre <= line.x1 + margin \
                and line.glyphs and not _is_stray(line) and _fills_gap(stray, line) \
                and (digits is None or _is_script_of(stray, line)):
            best, best_overlap = line, overlap
    return best


STRAY_OVERLAP = 0.3
"""A stray symbol belongs where its host line leaves room for it: it may overlap the host's
letters and digits by at most 30 % of its own width..."""

STRAY_ROOM = 0.5
"""...and it stands either in a gap of the host's glyphs at least half its own width wide (the
room a radical sign left before the "2" of "/√2"), or over or under one of the host's
symbols by at least half its width (the "∼" under the ">" of a stacked "≳"); a prime over the
seam of two letters of the line above ("intera" + "cting") does not fit."""


def _slot(host: Line, stray: Line) -> int:
    """The index of the host's glyph before which the stray's centre falls."""
    centre = (stray.x0 + stray.x1) / 2
    return next((i for i, g in enumerate(host.glyphs) if (g.x0 + g.x1) / 2 >= centre),
                len(host.glyphs))


def _fills_gap(stray: Line, host: Line) -> bool:
    width = max(stray.x1 - stray.x0, 0.1)

    def overlap(g: Glyph) -> float:
        return max(0.0, min(g.x1, stray.x1) - max(g.x0, stray.x0))

    glyphs = host.glyphs
    if sum(overlap(g) for g in glyphs if g.text.isalnum()) > STRAY_OVERLAP * width:
        return False
    if any(overlap(g) >= STRAY_ROOM * width for g in glyphs if g.text.strip()
           and not g.text.isalnum()):
        return True
    at = _slot(host, stray)
    left = glyphs[at - 1].x1 if at else -math.inf
    right = glyphs[at].x0 if at < len(glyphs) else math.inf
    return right - left >= STRAY_ROOM * width


def _absorbed(host: Line, stray: Line) -> Line | None:
    """``host`` with the stray's glyphs and text put in at their place along the baseline, or
    None where the host's text cannot be followed glyph by glyph (composed accents)."""
    glyphs = host.glyphs
    at = _slot(host, stray)
    offset = 0
    for glyph in glyphs[:at]:
        found = host.text.find(glyph.text, offset) if glyph.text.strip() else offset
        if found < 0:
            return None
        offset = found + len(glyph.text)
    piece = stray.text.strip()
    before = host.text[:offset].rstrip(" ")
    after = host.text[offset:].lstrip(" ")
    gap_before = stray.x0 - glyphs[at - 1].x1 if at else 0.0
    gap_after = glyphs[at].x0 - stray.x1 if at < len(glyphs) else 0.0
    # The space the missing symbol left in the host's text goes; the gaps on either side of
    # the symbol decide (SPEC §2's 0.12 em).
    threshold = SPACE_GAP_EM * max(host.size, stray.size)
    if before and gap_before > threshold:
        piece = " " + piece
    if after and gap_after > threshold:
        piece = piece + " "
    return Line(
        text=before + piece + after, x0=min(host.x0, stray.x0), top=min(host.top, stray.top),
        x1=max(host.x1, stray.x1), bottom=max(host.bottom, stray.bottom),
        baseline=host.baseline, size=host.size, bold=host.bold, italic=host.italic,
        angle=host.angle, glyphs=glyphs[:at] + stray.glyphs + glyphs[at:],
        vertical=host.vertical,
    )


def absorb_strays(lines: list[Line]) -> list[Line]:
    """Put each stray row of symbols (:data:`STRAY_MAX_CHARS`) back into the neighbouring line
    it overlaps (the lines are one block's, in reading order)."""
    if not any(map(_is_stray, lines)):
        return lines
    block = Block(lines=list(lines), order=0, region=0, column=0, columns=1, x0=0, top=0, x1=0,
                  bottom=0)
    absorb_in_blocks([block])
    return block.lines


def absorb_in_blocks(blocks: list[Block]) -> None:
    """:func:`absorb_strays` over a page's blocks: the host may stand in another block (the
    XY-cut may put a radical sign in the block above the line it belongs to)."""
    for block in blocks:
        i = 0
        while i < len(block.lines):
            line = block.lines[i]
            if not _is_stray(line):
                i += 1
                continue
            candidates = [(block, block.lines[j]) for j in (i - 1, i + 1) if 0 <= j < len(block.lines)]
            candidates += [(other, l) for other in blocks if other is not block for l in other.lines
                           if l.top < line.bottom and line.top < l.bottom]
            host = _host_of(line, [l for _, l in candidates])
            merged = _absorbed(host, line) if host is not None else None
            if merged is None:
                i += 1
                continue
            owner = next(b for b, l in candidates if l is host)
            owner.lines[next(k for k, l in enumerate(owner.lines) if l is host)] = merged
            del block.lines[i]
