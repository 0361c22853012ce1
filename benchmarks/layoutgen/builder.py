"""A document under construction: its canvas, pages and truth (:class:`DocBuilder`), and the flow
of a story's lines through its columns from page to page (:class:`Flow`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .text import Hyphenator, Prose
from .truth import Document, Element, PageTruth
from .typeset import MARK, Frame, SetLine, Style, draw_line, lines_of, rest_of

ASCENT = 0.8
"""Where a line's baseline sits in its slot: 0.8 of the leading below the slot's top (for
1.2 x leading, 0.96 em: room for the ascenders)."""


class DocBuilder:
    """One PDF being drawn, with its truth. Elements are added in reading order; floats and
    furniture that arrive while a paragraph is being set wait until it ends (their ``host``),
    as :mod:`.truth` defines."""

    def __init__(self, path: Path, family: str, seed: str, lang: str) -> None:
        self.rng = random.Random(f"{family}:{seed}")
        self.lang = lang
        self.prose = Prose(self.rng, lang)
        self.hyph = Hyphenator(lang) if lang in ("en", "es") else None
        self.canvas = Canvas(str(path), invariant=1, pageCompression=1)
        self.doc = Document(family, seed, lang)
        self.page_open = False
        self._open: int | None = None
        self._pending: list[Element] = []
        self._heading_type: dict[int, tuple[float, bool]] = {}  # id(element) -> (size, bold)

    # pages ---------------------------------------------------------------------------------

    @property
    def page(self) -> int:
        return len(self.doc.pages)

    def new_page(self, width: float, height: float, columns: int | None) -> None:
        if self.page_open:
            self.canvas.showPage()
        self.canvas.setPageSize((width, height))
        self.doc.pages.append(PageTruth(len(self.doc.pages) + 1, width, height, columns))
        self.page_open = True

    def heading_type(self, element: Element, size: float, bold: bool) -> Element:
        """Record what a heading looks like; :meth:`finish` turns looks into levels."""
        self._heading_type[id(element)] = (size, bold)
        return element

    def _levels(self) -> None:
        """Heading levels as a reader sees them: larger type is a higher level (1); a bold
        heading at the body's size or smaller comes below every larger one."""
        looks = {id(e): self._heading_type[id(e)] for e in self.doc.elements
                 if id(e) in self._heading_type}
        ranks = sorted({round(s, 1) for s, _ in looks.values()}, reverse=True)
        for e in self.doc.elements:
            if id(e) in looks:
                e.level = min(4, ranks.index(round(looks[id(e)][0], 1)) + 1)

    def finish(self) -> Document:
        self.end(self._open)
        self._levels()
        if self.page_open:
            self.canvas.showPage()
        self.canvas.save()
        return self.doc

    # truth ---------------------------------------------------------------------------------

    def begin(self, element: Element) -> int:
        """A text element starts (it is open until :meth:`end`)."""
        self.end(self._open)
        self.doc.elements.append(element)
        self._open = len(self.doc.elements) - 1
        return self._open

    def end(self, index: int | None) -> None:
        if index is not None and index == self._open:
            self._open = None
            for el in self._pending:  # floats, and the heading of a sidebar, keep together
                el.host = None if el.kind == "furniture" else index
                self.doc.elements.append(el)
            self._pending = []

    def add(self, element: Element) -> None:
        """A float or furniture: now if no paragraph is open, else after it."""
        if self._open is None:
            self.doc.elements.append(element)
        else:
            self._pending.append(element)

    def whole(self, element: Element) -> None:
        """An element set all at once (a title, a slide's line, a form's label)."""
        self.end(self._open)
        self.doc.elements.append(element)

    # drawing helpers -----------------------------------------------------------------------

    def set_block(self, kind: str, text: str, x: float, top: float, measure: float,
                  style: Style, *, element: Element | None = None, add: str = "whole",
                  **truth: object) -> float:
        """Set ``text`` as lines from ``top`` down (no flow); returns the y under it.
        ``add``: ``whole`` (in reading order now), ``float`` (as a float), ``none``."""
        lines = lines_of(text, measure, style, self.lang, self.hyph)
        y = top
        for line in lines:
            draw_line(self.canvas, line, x, y - style.leading * ASCENT, measure, style)
            y -= style.leading
        el = element or Element(kind, strip_marks(text), self.page, **truth)  # type: ignore[arg-type]
        if add == "whole":
            self.whole(el)
        elif add == "float":
            self.add(el)
        return y

    def text_lines(self, text: str, measure: float, style: Style) -> list[SetLine]:
        return lines_of(text, measure, style, self.lang, self.hyph)


def strip_marks(text: str) -> str:
    """The reader's text of a typesetter's string: footnote marks taken out."""
    if MARK not in text:
        return text
    return " ".join(w.split(MARK, 1)[0] for w in text.split(" "))


class Flow:
    """A story's lines poured into frames, in order, page after page.

    ``next_frames()`` starts a new page and returns its frames (None: the story may not go on).
    With ``grid`` (points), every vertical advance is rounded up to whole grid lines, so that
    the baselines of columns with the same top line up across the gutters (a baseline grid, as
    newspapers, magazines and notices are set)."""

    def __init__(self, doc: DocBuilder, frames: list[Frame],
                 next_frames: Callable[[], list[Frame] | None] | None = None,
                 grid: float | None = None) -> None:
        self.doc = doc
        self.frames = frames
        self.next_frames = next_frames
        self.grid = grid
        self.fi = 0
        self.cursor = frames[0].top if frames else 0.0
        self.entered = False
        self.done = False  # out of frames and pages
        self.final = next_frames is None
        """No page after this one: an element that would not fit is not begun (the family's
        ``next_frames`` sets it when it makes the last page)."""

    @property
    def frame(self) -> Frame:
        return self.frames[self.fi]

    def _snap(self, h: float) -> float:
        if not self.grid or h <= 0:
            return max(h, 0.0)
        n = max(1, int(-(-round(h, 3) // self.grid)))
        return n * self.grid

    def _enter(self) -> None:
        if not self.entered:
            self.entered = True
            for hook in self.frame.on_enter:
                hook()

    def _advance(self) -> bool:
        for hook in self.frame.on_leave:
            hook()
        if self.fi + 1 < len(self.frames):
            self.fi += 1
        else:
            frames = self.next_frames() if self.next_frames else None
            if not frames:
                self.done = True
                return False
            self.frames, self.fi = frames, 0
        self.cursor = self.frame.top
        self.entered = False
        return True

    def close(self) -> None:
        """Run the leave hooks of the frames left unused (their footnotes, captions)."""
        if self.done:
            return
        self._enter()
        for hook in self.frame.on_leave:
            hook()
        for f in self.frames[self.fi + 1:]:
            for hook in f.on_enter + f.on_leave:
                hook()
        self.done = True

    def at_top(self) -> bool:
        return self.cursor >= self.frame.top - 0.01

    def take(self, height: float) -> tuple[Frame, float] | None:
        """Room for ``height`` points: (frame, top of the slot), moving on as needed."""
        if self.done:
            return None
        h = self._snap(height)
        while self.cursor - h < self.frame.bottom - 0.01:
            if not self._advance():
                return None
        self._enter()
        top = self.cursor
        self.cursor -= h
        return self.frame, top

    def space(self, height: float) -> None:
        if height > 0 and not self.done and not self.at_top():
            self.cursor -= self._snap(height)
            if self.cursor < self.frame.bottom:
                self.cursor = self.frame.bottom

    def lines_left(self, leading: float) -> int:
        """Whole lines of ``leading`` left in this frame and the page's later frames."""
        if self.done:
            return 0
        step = self._snap(leading)
        n = int((self.cursor - self.frame.bottom + 0.01) // step)
        for f in self.frames[self.fi + 1:]:
            n += int((f.top - f.bottom + 0.01) // step)
        return n

    def set_text(self, element: Element, text: str, style: Style,
                 space_before: float = 0.0, space_after: float = 0.0,
                 hanging: tuple[str, Style, float] | None = None) -> bool:
        """Set a text element in the flow, breaking its lines for each frame's width.
        ``hanging``: a list item's (marker, marker style, text indent). False when the story
        ran out of pages before the element began."""
        indent = hanging[2] if hanging else 0.0
        if self.final:
            need = len(self.doc.text_lines(text, self.frame.width - indent, style)) + 1
            if need > self.lines_left(style.leading):
                return False
        self.space(space_before)
        index: int | None = None
        lines: list[SetLine] | None = None
        measure = 0.0
        k = 0
        while True:
            if lines is None or (k < len(lines) and measure != self.frame.width - indent):
                if lines is None:
                    src, st = text, style
                else:  # the rest, broken anew for a column of another width
                    src, st = rest_of(lines[k:]), Style(**{**_fields(style), "indent": 0.0})
                measure = self.frame.width - indent
                lines, k = self.doc.text_lines(src, measure, st), 0
            if k >= len(lines):
                break
            slot = self.take(style.leading)
            if slot is None:
                break
            frame, top = slot
            if frame.width - indent != measure:
                self.cursor = top  # give the slot back and break the rest for this column
                continue
            baseline = top - style.leading * ASCENT
            if index is None:
                index = self.doc.begin(element)
                element.page = self.doc.page
                if hanging:
                    marker, mstyle, _ = hanging
                    draw_line(self.doc.canvas, SetLine([marker], last=True), frame.x, baseline,
                              indent, mstyle)
            draw_line(self.doc.canvas, lines[k], frame.x + indent, baseline, measure, style)
            k += 1
        if index is None:
            return False
        if lines is not None and k < len(lines):  # out of room after all: the truth is what was set
            element.text = strip_marks(text[: len(text) - len(rest_of(lines[k:]))].rstrip("- "))
        self.doc.end(index)
        self.space(space_after)
        return True


def _fields(style: Style) -> dict[str, object]:
    return {name: getattr(style, name) for name in Style.__slots__}  # type: ignore[attr-defined]
