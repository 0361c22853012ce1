"""A small typesetter: lines broken and justified as a typesetter does it, drawn on a reportlab
canvas.

- Western text is broken greedily with word spaces allowed to shrink to 80 % of the font's
  space (as TeX's and InDesign's default shrinkability lets them) and a word is hyphenated at a
  TeX pattern point (:class:`.text.Hyphenator`) when the line would otherwise be loose (more than
  one space of slack). Justified lines spread the slack over their word spaces.
- Words are drawn one by one at their x (as TeX and most typesetters write them: no space
  glyph), or, in *Tw* mode, as one string with spaces whose width the ``Tw`` operator stretches
  (as Word writes justified text; only for the standard fonts, whose space is code 32).
- Chinese and Japanese break between any two characters except before closing and after opening
  punctuation (kinsoku); Korean breaks at its spaces.
- A word may carry a footnote mark (``word + MARK + "1"``), set at 60 % size, raised 0.35 em.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .text import Hyphenator

MARK = "\x01"
"""Separates a word from its footnote mark in the typesetter's words."""

SHRINK = 0.8
"""Word spaces may shrink to 80 % of the font's space width (TeX's plain format: 1/3 em space
with 1/9 em shrink is 0.67; InDesign's default minimum is 80 %)."""

LOOSE = 1.0
"""Try a hyphenation when the line's slack exceeds this many spaces."""

SUP_SCALE, SUP_RISE = 0.6, 0.35
"""Footnote marks: 60 % of the size, raised 0.35 em (Word's superscript: 65 %, 0.33 em)."""

NO_LINE_START = set("、。，．,.）」』】〕！？：；ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ%")
NO_LINE_END = set("（「『【〔")
_UNBREAKABLE = "0123456789.,%ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass(slots=True)
class Style:
    font: str
    size: float
    leading: float
    align: str = "justify"  # justify, left, center, right
    indent: float = 0.0  # first-line indent, points
    tracking: float = 0.0  # extra space after each character, points (letter-spaced heads)
    mode: str = "words"  # words (each word at its x) or tw (one string, Tw word spacing)
    color: tuple[float, float, float] = (0, 0, 0)
    hyphenate: bool = True


@dataclass(slots=True)
class SetLine:
    words: list[str]
    last: bool = False
    indent: float = 0.0
    cjk: bool = False

    @property
    def hyphenated(self) -> bool:
        """Ends in a hyphen the typesetter put there (a real hyphen never ends a line here: the
        word lists have no hyphenated compounds)."""
        return not self.cjk and self.words[-1].endswith("-")


def width(text: str, font: str, size: float, tracking: float = 0.0) -> float:
    if MARK in text:
        word, mark = text.split(MARK, 1)
        return width(word, font, size, tracking) + stringWidth(mark, font, size * SUP_SCALE)
    return stringWidth(text, font, size) + tracking * len(text)


def break_lines(text: str, measure: float, style: Style, hyph: Hyphenator | None = None,
                first_measure: float | None = None) -> list[SetLine]:
    """Greedy line breaking of western (or Korean) ``text`` into lines of ``measure`` points
    (the first line ``first_measure`` less its indent)."""
    words = text.split()
    space = width(" ", style.font, style.size)
    lines: list[SetLine] = []
    cur: list[str] = []
    cur_w = 0.0  # the current line's words, without spaces
    i = 0

    def avail() -> float:
        m = first_measure if (first_measure is not None and not lines) else measure
        return m - (style.indent if not lines else 0.0)

    def close() -> None:
        lines.append(SetLine(cur, indent=style.indent if not lines else 0.0))

    while i < len(words):
        word = words[i]
        w = width(word, style.font, style.size, style.tracking)
        if not cur or cur_w + w + space * SHRINK * len(cur) <= avail():
            cur.append(word)  # a word longer than the measure gets a line of its own
            cur_w += w
            i += 1
            continue
        slack = avail() - cur_w - space * (len(cur) - 1)
        if hyph is not None and style.hyphenate and slack > LOOSE * space:
            for head, tail in hyph.splits(word):
                hw = width(head + "-", style.font, style.size, style.tracking)
                if cur_w + hw + space * SHRINK * len(cur) <= avail():
                    cur.append(head + "-")
                    words[i] = tail
                    break
        close()
        cur, cur_w = [], 0.0
    if cur:
        close()
    if lines:
        lines[-1].last = True
    return lines


def break_cjk(text: str, measure: float, style: Style, vertical: bool = False) -> list[SetLine]:
    """Chinese or Japanese: a character at a time, with kinsoku (no closing punctuation at a
    line's start, no opening one at its end). ``vertical``: the line is set top to bottom with
    a writing-mode V font, where every character, half-width digits and Latin letters too,
    advances one em (the CID fonts' default vertical metrics, DW2), whatever its horizontal
    width; measured horizontally, a column holding a year ("2022") ran up to 2 em past its
    tier's foot, into the gap above the next tier."""
    lines: list[SetLine] = []
    cur = ""
    first = True
    for ch in text:
        m = measure - (style.indent if first else 0.0)
        wide = (len(cur) + 1) * (style.size + style.tracking) if vertical \
            else width(cur + ch, style.font, style.size, style.tracking)
        if cur and wide > m + 0.01:
            run = len(cur) - len(cur.rstrip(_UNBREAKABLE))
            if ch in _UNBREAKABLE and 0 < run < len(cur):  # a number is never cut: move it down
                lines.append(SetLine([cur[:-run]], indent=style.indent if first else 0.0,
                                     cjk=True))
                cur = cur[-run:] + ch
            elif ch in NO_LINE_START:
                # Hang the punctuation: pull the last character down, or the number it ends
                # ("36%" before "。"), which is never cut either.
                keep = len(cur) - (run if 0 < run < len(cur) else 1)
                carry = cur[keep:]
                cur = cur[:keep]
                lines.append(SetLine([cur], indent=style.indent if first else 0.0, cjk=True))
                cur = carry + ch
            elif cur[-1] in NO_LINE_END:
                carry = cur[-1]
                lines.append(SetLine([cur[:-1]], indent=style.indent if first else 0.0, cjk=True))
                cur = carry + ch
            else:
                lines.append(SetLine([cur], indent=style.indent if first else 0.0, cjk=True))
                cur = ch
            first = False
        else:
            cur += ch
    if cur:
        lines.append(SetLine([cur], indent=style.indent if first else 0.0, cjk=True))
    lines[-1].last = True
    return lines


def draw_line(canvas: Canvas, line: SetLine, x: float, y: float, measure: float,
              style: Style) -> None:
    """Draw one set line with its left edge at ``x`` and baseline at ``y`` (points, y up)."""
    canvas.setFillColorRGB(*style.color)
    x += line.indent
    measure -= line.indent
    if line.cjk:
        text = line.words[0]
        natural = width(text, style.font, style.size, style.tracking)
        extra = 0.0
        if style.align == "justify" and not line.last and len(text) > 1:
            extra = (measure - natural) / (len(text) - 1)
        x0 = _aligned_x(x, measure, natural, style.align, line.last)
        canvas.setFont(style.font, style.size)
        canvas.drawString(x0, y, text, charSpace=style.tracking + extra)
        return
    widths = [width(wd, style.font, style.size, style.tracking) for wd in line.words]
    space = width(" ", style.font, style.size)
    natural = sum(widths) + space * (len(widths) - 1)
    gap = space
    if len(widths) > 1 and ((style.align == "justify" and not line.last) or natural > measure):
        gap = (measure - sum(widths)) / (len(widths) - 1)  # stretched, or shrunk to fit
        natural = measure
    x0 = _aligned_x(x, measure, natural, style.align, line.last)
    has_marks = any(MARK in wd for wd in line.words)
    if style.mode == "tw" and not has_marks and style.tracking == 0:
        t = canvas.beginText(x0, y)
        t.setFont(style.font, style.size)
        t.setWordSpace(gap - space)
        t.textOut(" ".join(line.words))
        canvas.drawText(t)
        return
    pos = x0
    for wd, w in zip(line.words, widths):
        _draw_word(canvas, wd, pos, y, style)
        pos += w + gap


def _aligned_x(x: float, measure: float, natural: float, align: str, last: bool) -> float:
    if align == "center":
        return x + (measure - natural) / 2
    if align == "right":
        return x + measure - natural
    return x


def _draw_word(canvas: Canvas, word: str, x: float, y: float, style: Style) -> None:
    mark = ""
    if MARK in word:
        word, mark = word.split(MARK, 1)
    canvas.setFont(style.font, style.size)
    canvas.drawString(x, y, word, charSpace=style.tracking)
    if mark:
        x += width(word, style.font, style.size, style.tracking)
        canvas.setFont(style.font, style.size * SUP_SCALE)
        canvas.drawString(x, y + style.size * SUP_RISE, mark)


def lines_of(text: str, measure: float, style: Style, lang: str,
             hyph: Hyphenator | None = None) -> list[SetLine]:
    """Break ``text`` for its language."""
    if lang in ("zh", "ja"):
        return break_cjk(text, measure, style)
    return break_lines(text, measure, style, hyph if lang in ("en", "es") else None)


def rest_of(lines: list[SetLine]) -> str:
    """The text of ``lines`` as words again (a hyphenated head joined to its tail), to break it
    anew for a column of another width."""
    if not lines:
        return ""
    if lines[0].cjk:
        return "".join(l.words[0] for l in lines)
    out: list[str] = []
    glue = False
    for line in lines:
        for j, wd in enumerate(line.words):
            if glue and j == 0:
                out[-1] = out[-1][:-1] + wd
            else:
                out.append(wd)
        glue = line.hyphenated
    return " ".join(out)


@dataclass(slots=True)
class Frame:
    """A column's box on the page: left ``x``, ``top`` and ``bottom`` edges (points, y up).
    ``on_enter`` and ``on_leave`` run when the flow starts and stops setting lines in it (a
    float's truth is registered there: a caption where the text passes its figure, a column's
    footnotes when the column is full)."""

    x: float
    top: float
    width: float
    bottom: float
    on_enter: list[Callable[[], None]] = field(default_factory=list)
    on_leave: list[Callable[[], None]] = field(default_factory=list)
