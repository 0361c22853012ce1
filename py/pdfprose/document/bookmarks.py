"""Bookmarks as headings: where an outline entry's title is a paragraph of its target page,
that paragraph is a heading whose level is the entry's depth (issue 24).

The outline is read by :mod:`pdfprose.pdf.outline`; a title matches a paragraph's text once
both are reduced to a key (:func:`title_key`: case, white space, soft hyphens and the
punctuation between a section number and its title do not count), or once the paragraph's
leading section number is dropped (LaTeX writes "Introduction" in the outline over "1
Introduction" on the page). Some producers make bookmarks of body paragraphs (Word's PDFMaker):
a title that reads as a sentence (:func:`is_sentence`) is no heading, nor is a paragraph too
long for one.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..model import OutlineEntry, PageAnalysis, Paragraph
from ..params import DEFAULT_PARAMS, LayoutParams

_KEY_DROP = re.compile(r"[\s\u00ad.:;,\u2013\u2014-]+")

SECTION_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.)]?\s+(?=\S)")
"""A section number before a title ("2.1 ", "IV. ", "A "), which outlines often leave out."""


def title_key(text: str) -> str:
    """What a title and a line must share to match: NFKC, case folded, white space, soft
    hyphens and the punctuation that separates a number from its title dropped ("1.2 Terms",
    "1.2. Terms" and "1.2  TERMS" agree)."""
    return _KEY_DROP.sub("", unicodedata.normalize("NFKC", text).casefold())


def is_sentence(title: str, words: int = DEFAULT_PARAMS.outline_sentence_words) -> bool:
    """A title that reads as a sentence of body text: at least ``words`` words
    (``outline_sentence_words``) ending in a full stop."""
    return title.rstrip().endswith(".") and len(title.split()) >= words


def _keys(text: str) -> tuple[str, str]:
    """The text's key, and its key without a leading section number ("" when it has none)."""
    bare = SECTION_NUMBER.sub("", text, count=1)
    return title_key(text), (title_key(bare) if bare != text else "")


def match_headings(entries: Sequence[OutlineEntry], page_lines: Mapping[int, Sequence[str]],
                   params: LayoutParams = DEFAULT_PARAMS,
                   preferred: Mapping[int, Sequence[int]] | None = None,
                   ) -> list[tuple[int, int, int]]:
    """Which texts the outline makes headings: ``(entry index, page index, text index)`` for
    each entry whose title is one of the texts of its target page (``page_lines``: page index
    -> its paragraphs' or lines' texts in reading order), with or without the text's leading
    section number, or the start of a text followed by the rest of the title in the next one
    (a title wrapped over two lines). Entries that read as sentences, lead nowhere or match
    nothing are left out; each text is matched once, by the first entry. ``preferred``: per
    page, the indices of texts tried first (the headings the page's type already shows: a
    title on a page that also lists it in a table of contents is the heading, not the
    contents line)."""
    taken: set[tuple[int, int]] = set()
    out: list[tuple[int, int, int]] = []
    keys: dict[int, list[tuple[str, str]]] = {}
    for k, entry in enumerate(entries):
        if entry.page is None or not entry.title \
                or is_sentence(entry.title, params.outline_sentence_words):
            continue
        lines = page_lines.get(entry.page)
        if not lines:
            continue
        want = title_key(entry.title)
        if not want:
            continue
        page_keys = keys.get(entry.page)
        if page_keys is None:
            page_keys = keys[entry.page] = [_keys(line) for line in lines]
        first = (preferred or {}).get(entry.page, ())
        order = list(first) + [i for i in range(len(page_keys)) if i not in set(first)]
        for i in order:
            have, bare = page_keys[i]
            if (entry.page, i) in taken:
                continue
            if have == want or bare == want or (
                    have and want.startswith(have) and i + 1 < len(lines)
                    and have + page_keys[i + 1][0] == want):
                taken.add((entry.page, i))
                out.append((k, entry.page, i))
                break
    return out


def outline_levels(pages: list[PageAnalysis], entries: Sequence[OutlineEntry],
                   params: LayoutParams = DEFAULT_PARAMS) -> dict[int, int]:
    """The headings the outline names: ``id(paragraph) -> level`` (the entry's depth, at most
    6) for each paragraph of horizontal text, not furniture nor a table's row of several cells,
    short enough to be a heading (``max_heading_chars``), whose text an entry's title matches
    on the entry's page."""
    if not entries:
        return {}
    by_index = {page.number - 1: page for page in pages}
    wanted = {entry.page for entry in entries if entry.page is not None}
    candidates: dict[int, list[Paragraph]] = {}
    for index in wanted:
        page = by_index.get(index)
        if page is None:
            continue
        candidates[index] = [
            p for p in page.paragraphs
            if p.kind in ("body", "heading") and not p.furniture and p.cells <= 1 and p.lines
            and p.text_length <= params.max_heading_chars]
    texts = {index: [" ".join(line.text for line in p.lines) for p in paras]
             for index, paras in candidates.items()}
    headings = {index: [i for i, p in enumerate(paras) if p.kind == "heading"]
                for index, paras in candidates.items()}
    return {id(candidates[page][i]): min(entries[k].depth, 6)
            for k, page, i in match_headings(entries, texts, params, headings)}


def apply_outline(pages: list[PageAnalysis], entries: Sequence[OutlineEntry],
                  params: LayoutParams = DEFAULT_PARAMS) -> int:
    """Make the paragraphs the outline names headings of the entry's depth (after the
    size-based heading pass), and bring the other headings' levels in line: a size-based
    level that the outline confirms (most of its matched headings have one depth) takes that
    depth, and a size-based level below it keeps its distance under the nearest confirmed
    level above; levels with nothing confirmed above stay as measured. Returns how many
    paragraphs the outline made or re-levelled headings."""
    _split_named_lines(pages, entries, params)
    levels = outline_levels(pages, entries, params)
    if not levels:
        return 0
    named: list[tuple[Paragraph, int]] = []
    votes: dict[int, Counter[int]] = {}
    others: list[Paragraph] = []
    for page in pages:
        for para in page.paragraphs:
            depth = levels.get(id(para))
            if depth is not None:
                if para.kind == "heading":
                    votes.setdefault(para.level, Counter())[depth] += 1
                named.append((para, depth))
            elif para.kind == "heading":
                others.append(para)
    confirmed = {level: counter.most_common(1)[0][0] for level, counter in votes.items()}
    for para in others:
        above = [level for level in confirmed if level <= para.level]
        if above:
            nearest = max(above)
            para.level = min(confirmed[nearest] + para.level - nearest, 6)
    for para, depth in named:
        para.kind = "heading"
        para.level = depth
    return len(named)


def _split_named_lines(pages: list[PageAnalysis], entries: Sequence[OutlineEntry],
                       params: LayoutParams) -> None:
    """A line of a longer body paragraph whose text is a bookmark's title on the bookmark's
    page (a heading in body type set close to the text, which the paragraph stage could not
    tell apart) is made a paragraph of its own, so that it can be matched as a heading."""
    wanted: dict[int, set[str]] = {}
    for entry in entries:
        if entry.page is not None and entry.title \
                and not is_sentence(entry.title, params.outline_sentence_words):
            key = title_key(entry.title)
            if key:
                wanted.setdefault(entry.page, set()).add(key)
    for page in pages:
        keys = wanted.get(page.number - 1)
        if not keys:
            continue
        out: list[Paragraph] = []
        for para in page.paragraphs:
            if para.kind != "body" or para.furniture or len(para.lines) < 2 or para.cells > 1:
                out.append(para)
                continue
            start = 0
            for i, line in enumerate(para.lines):
                if not any(k in keys for k in _keys(line.text) if k):
                    continue
                if i > start:
                    out.append(replace(para, lines=para.lines[start:i],
                                       continues=para.continues and start == 0))
                out.append(replace(para, lines=[line], continues=False))
                start = i + 1
            if start == 0:
                out.append(para)
            elif start < len(para.lines):
                out.append(replace(para, lines=para.lines[start:], continues=False))
        page.paragraphs = out
