"""Stray symbols: pieces of a line drawn on a baseline of their own (SPEC §3, §6).

TeX and other math setters draw a radical sign, the two halves of a stacked relation ("≳"), a
big bracket or an exponent on baselines of their own. Left alone, each becomes a "line" of one
or two symbols between two lines of a paragraph and cuts it in two. Here each goes back into
the line it belongs to, at its place along the baseline. Boxes are in page space (points,
origin top left).
"""

from __future__ import annotations

import math
from itertools import repeat

from ..model import Block, Glyph, Line
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.markers import BULLET_GLYPHS

def _is_stray(line: Line, max_chars: int) -> bool:
    """Whether ``line`` is a stray row of at most ``max_chars`` symbols or digits
    (``stray_max_chars``): no letter, no bullet, no U+FFFD."""
    marks = line.text.replace(" ", "")
    return (0 < len(marks) <= max_chars and not any(ch.isalpha() for ch in marks)
            and not BULLET_GLYPHS.intersection(marks) and "\ufffd" not in marks and bool(line.glyphs))


def _is_script_of(stray: Line, host: Line, params: LayoutParams) -> bool:
    """A stray with digits is an exponent or index on a row of its own: set smaller than the
    line it belongs to (``params.script_size_ratio``; a page number or an equation number is
    not)."""
    return stray.size <= params.script_size_ratio * host.size


def _host_of(stray: Line, candidates: list[Line], params: LayoutParams) -> Line | None:
    """The line among ``candidates`` whose height overlaps the stray's most and whose span
    holds its centre, or None."""
    max_chars = params.stray_max_chars
    centre = (stray.x0 + stray.x1) / 2
    digits = next((ch for ch in stray.text if ch.isdigit()), None)
    best, best_overlap = None, 0.0
    for line in candidates:
        overlap = min(line.bottom, stray.bottom) - max(line.top, stray.top)
        margin = 0.5 * line.size
        if overlap > best_overlap and line.x0 - margin <= centre <= line.x1 + margin \
                and line.glyphs and not _is_stray(line, max_chars) \
                and _fills_gap(stray, line, params) \
                and (digits is None or _is_script_of(stray, line, params)):
            best, best_overlap = line, overlap
    return best


def _slot(host: Line, stray: Line) -> int:
    """The index of the host's glyph before which the stray's centre falls."""
    centre = (stray.x0 + stray.x1) / 2
    return next((i for i, g in enumerate(host.glyphs) if (g.x0 + g.x1) / 2 >= centre),
                len(host.glyphs))


def _fills_gap(stray: Line, host: Line, params: LayoutParams) -> bool:
    """Whether the host leaves room for the stray: it overlaps the host's letters and digits by
    at most ``params.stray_overlap`` of its width, and stands in a gap of the host's glyphs, or
    over or under one of its symbols, at least ``stray_room`` of its width."""
    width = max(stray.x1 - stray.x0, 0.1)
    room = params.stray_room

    def overlap(g: Glyph) -> float:
        return max(0.0, min(g.x1, stray.x1) - max(g.x0, stray.x0))

    glyphs = host.glyphs
    if sum(overlap(g) for g in glyphs if g.text.isalnum()) > params.stray_overlap * width:
        return False
    if any(overlap(g) >= room * width for g in glyphs if g.text.strip()
           and not g.text.isalnum()):
        return True
    at = _slot(host, stray)
    left = glyphs[at - 1].x1 if at else -math.inf
    right = glyphs[at].x0 if at < len(glyphs) else math.inf
    return right - left >= room * width


def _absorbed(host: Line, stray: Line, params: LayoutParams) -> Line | None:
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
    # the symbol decide (SPEC §2's word space).
    threshold = params.space_gap_em * max(host.size, stray.size)
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


def absorb_strays(lines: list[Line], params: LayoutParams = DEFAULT_PARAMS) -> list[Line]:
    """Put each stray row of symbols (``params.stray_max_chars``) back into the neighbouring
    line it overlaps (the lines are one block's, in reading order)."""
    if not any(map(_is_stray, lines, repeat(params.stray_max_chars))):
        return lines
    block = Block(lines=list(lines), order=0, region=0, column=0, columns=1, x0=0, top=0, x1=0,
                  bottom=0)
    absorb_in_blocks([block], params)
    return block.lines


def absorb_in_blocks(blocks: list[Block], params: LayoutParams = DEFAULT_PARAMS) -> None:
    """:func:`absorb_strays` over a page's blocks: the host may stand in another block (the
    XY-cut may put a radical sign in the block above the line it belongs to)."""
    max_chars = params.stray_max_chars
    for block in blocks:
        i = 0
        while i < len(block.lines):
            line = block.lines[i]
            if not _is_stray(line, max_chars):
                i += 1
                continue
            candidates = [(block, block.lines[j]) for j in (i - 1, i + 1) if 0 <= j < len(block.lines)]
            candidates += [(other, l) for other in blocks if other is not block for l in other.lines
                           if l.top < line.bottom and line.top < l.bottom]
            host = _host_of(line, [l for _, l in candidates], params)
            merged = _absorbed(host, line, params) if host is not None else None
            if merged is None:
                i += 1
                continue
            owner = next(b for b, l in candidates if l is host)
            owner.lines[next(k for k, l in enumerate(owner.lines) if l is host)] = merged
            del block.lines[i]
