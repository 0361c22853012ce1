"""Links and footnote marks inside a paragraph's text (issue 24): Markdown ``[text](url)``, or
``<url>`` where the text shown is the URL itself (as written, scheme included), and ``[^n]``; plain text ``text <url>`` (the
URL once, when the text is not already it) and ``[n]``.

The lines' :attr:`~pdfprose.model.Line.inline` spans are marked in their texts with
private-use characters before the lines are joined and escaped (:class:`InlineWriter`), so that
de-hyphenation and Markdown escaping treat the text as text; :meth:`InlineWriter.finish` then
turns the marks into markup. Each mark is followed by one character that numbers its item, so
a paragraph continued elsewhere keeps its links.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..model import Line

OPEN, CLOSE, NOTE = "\ue000", "\ue001", "\ue002"
"""The marks: a link opens, a link closes, a footnote mark (in place of the mark's text)."""

INDEX_BASE = 0xF0000
"""Item numbers are written as characters of the supplementary private use area (plane 15)
from here: no text a PDF maps to Unicode uses them (its private-use codes are cleaned to
U+FFFD or bullets, SPEC §11)."""

_MARKED = re.compile("([\ue000\ue001\ue002])([\U000f0000-\U000ffffd])")
_LINK = re.compile("\ue000([\U000f0000-\U000ffffd])(.*?)\ue001\\1", re.S)
_NOTE = re.compile("\ue002([\U000f0000-\U000ffffd])")

_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
"""A Markdown backslash escape (the renderer's, undone to compare a link's text with its URL)."""

_URL_UNSAFE = re.compile(r"[\s<>\x00-\x1f\x7f]")

_SCHEME = re.compile(r"^(?:https?://|ftp://|mailto:)", re.I)


@dataclass(frozen=True, slots=True)
class Item:
    """A link (``url``; ``shown``: the text shown is the URL itself) or a footnote ``mark``."""

    url: str = ""
    shown: bool = False
    mark: str = ""


def shows_url(text: str, url: str) -> bool:
    """Whether ``text`` is ``url`` as printed: the same once a scheme (``https://``,
    ``mailto:``), a trailing slash, case and white space are left aside."""

    def bare(value: str) -> str:
        return _SCHEME.sub("", "".join(value.split())).rstrip("/").casefold()

    return bool(text.strip()) and bare(text) == bare(url)


def md_destination(url: str) -> str:
    """``url`` as a CommonMark link destination: white space, angle brackets and control
    characters percent-encoded, unbalanced parentheses escaped."""
    url = _URL_UNSAFE.sub(_percent, url)
    depth = 0
    balanced = True
    for ch in url:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            balanced = False
    if not balanced or depth:
        url = url.replace("(", "\\(").replace(")", "\\)")
    return url


class InlineWriter:
    """Marks links and footnote marks in the texts of a render (one writer per render)."""

    def __init__(self, markdown: bool) -> None:
        self.markdown = markdown
        self.items: list[Item] = []

    def _add(self, item: Item) -> str:
        self.items.append(item)
        return chr(INDEX_BASE + len(self.items) - 1)

    def texts(self, lines: Sequence[Line]) -> list[str]:
        """The lines' texts with their inline spans marked. The pieces of one link on
        consecutive lines (the first running to its line's end, the next starting its line)
        are one link; anything else is a link of its own."""
        texts = [line.text for line in lines]
        if not any(line.inline for line in lines):
            return texts
        # (line index, span) in reading order, to see where a link goes on to the next line.
        pieces = [(k, span) for k, line in enumerate(lines) for span in line.inline]
        out = list(texts)
        edits: dict[int, list[tuple[int, int, str]]] = {}  # line -> (start, end, replacement)
        i = 0
        while i < len(pieces):
            k, span = pieces[i]
            if span.kind == "note":
                edits.setdefault(k, []).append(
                    (span.start, span.end, NOTE + self._add(Item(mark=span.value))))
                i += 1
                continue
            j = i
            while j + 1 < len(pieces) and pieces[j + 1][1].kind == "link" \
                    and pieces[j + 1][1].key == span.key and pieces[j + 1][0] == pieces[j][0] + 1 \
                    and pieces[j][1].end >= len(texts[pieces[j][0]].rstrip()) \
                    and not texts[pieces[j + 1][0]][:pieces[j + 1][1].start].strip():
                j += 1
            shown = " ".join(texts[m][p.start:p.end] for m, p in pieces[i:j + 1])
            index = self._add(Item(url=span.value, shown=shows_url(shown, span.value)))
            edits.setdefault(k, []).append((span.start, span.start, OPEN + index))
            last_line, last = pieces[j]
            edits.setdefault(last_line, []).append((last.end, last.end, CLOSE + index))
            i = j + 1
        for k, changes in edits.items():
            text = out[k]
            # From the end, so that earlier offsets stay right; a close before an open at one
            # offset (a link ending where the next begins).
            for start, end, insert in sorted(changes, key=lambda c: (c[0], c[2][0] != CLOSE),
                                             reverse=True):
                text = text[:start] + insert + text[end:]
            out[k] = text
        return out

    def join(self, texts: Sequence[str], join: Callable[[list[str]], str]) -> str:
        """``join(texts)`` (the renderer's line joining) with the texts' marks kept where
        their text went: the lines are joined without their marks, so that de-hyphenation and
        the joining of a web address broken over lines see the text alone, and each mark is
        put back before the joined character its line's next character became."""
        if not any(_MARKED.search(t) for t in texts):
            return join(list(texts))
        plain: list[str] = []
        marks: list[list[tuple[int, str]]] = []  # per line: (offset in the plain line, mark)
        for text in texts:
            own: list[tuple[int, str]] = []
            parts: list[str] = []
            size = 0
            last = 0
            for m in _MARKED.finditer(text):
                parts.append(text[last:m.start()])
                size += m.start() - last
                own.append((size, m.group()))
                last = m.end()
            parts.append(text[last:])
            line = "".join(parts)
            lead = len(line) - len(line.lstrip())
            stripped = line.strip()
            plain.append(stripped)
            marks.append([(min(max(at - lead, 0), len(stripped)), mark) for at, mark in own])
        joined = join(plain)
        inserts: list[tuple[int, int, str]] = []  # (joined offset, order, mark)
        j = 0
        order = 0
        for line, own in zip(plain, marks):
            # Where each character of the line went in ``joined`` (-1: dropped, such as a
            # hyphen or soft hyphen the join removed); spaces the join added are skipped.
            where: list[int] = []
            for ch in line:
                while j < len(joined) and joined[j] != ch and joined[j] == " " and ch != " ":
                    j += 1
                if j < len(joined) and joined[j] == ch:
                    where.append(j)
                    j += 1
                else:
                    where.append(-1)
            end = next((w + 1 for w in reversed(where) if w >= 0), j)
            for at, mark in own:
                target = next((w for w in where[at:] if w >= 0), end)
                inserts.append((target, order, mark))
                order += 1
        out = joined
        for target, _, mark in sorted(inserts, reverse=True):
            out = out[:target] + mark + out[target:]
        return out

    def finish(self, text: str) -> str:
        """``text`` (joined and, in Markdown, escaped) with its marks made markup; a mark whose
        partner was lost (a link cut by a paragraph's end) is dropped, its text kept."""
        if OPEN not in text and NOTE not in text and CLOSE not in text:
            return text
        items = self.items
        markdown = self.markdown

        def link(match: re.Match[str]) -> str:
            index = ord(match.group(1)) - INDEX_BASE
            inner = match.group(2)
            if not 0 <= index < len(items):
                return inner
            item = items[index]
            if item.shown and not markdown:
                return inner
            if item.shown and "".join(_ESCAPED.sub(r"\1", inner).split()).rstrip("/") \
                    == item.url.rstrip("/"):
                # An autolink shows its URL as written; "www.x.org" over "http://www.x.org"
                # stays a link with its own text.
                return f"<{_URL_UNSAFE.sub(_percent, item.url)}>"
            return f"[{inner}]({md_destination(item.url)})" if markdown \
                else f"{inner} <{item.url}>"

        def note(match: re.Match[str]) -> str:
            index = ord(match.group(1)) - INDEX_BASE
            mark = items[index].mark if 0 <= index < len(items) else ""
            return (f"[^{mark}]" if markdown else f"[{mark}]") if mark else ""

        text = _LINK.sub(link, text)
        text = _NOTE.sub(note, text)
        return _MARKED.sub("", text)


def _percent(match: re.Match[str]) -> str:
    return "".join(f"%{b:02X}" for b in match.group().encode())
