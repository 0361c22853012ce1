"""What the families share: page sizes, a document's drawn typography, running heads and
folios, the pouring of a story's paragraphs, subheads, lists and footnote marks into a flow."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .builder import DocBuilder, Flow
from .fonts import SANS, SERIF, STANDARD, WESTERN, Face, face
from .truth import Element
from .typeset import MARK, Frame, Style, width

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
TABLOID = (792.0, 1224.0)
BERLINER = (892.9, 1332.3)  # 315 x 470 mm
SLIDE_16_9 = (960.0, 540.0)  # PowerPoint's 13.33 x 7.5 in
SLIDE_16_9_SMALL = (720.0, 405.0)  # Google Slides' 10 x 5.625 in


@dataclass(slots=True)
class Typography:
    """One document's type: body face and size, leading, the mode words are drawn in."""

    face: Face
    family: str
    size: float
    leading: float
    mode: str
    justify: bool

    def body(self, **kw: object) -> Style:
        args = dict(font=self.face.regular, size=self.size, leading=self.leading,
                    align="justify" if self.justify else "left", mode=self.mode)
        args.update(kw)
        return Style(**args)  # type: ignore[arg-type]


def typography(rng: random.Random, size: tuple[float, float], *, serif: bool | None = None,
               justify: float = 0.85, leading: tuple[float, float] = (1.12, 1.3)) -> Typography:
    """Body type drawn from the seed: a family, a size in half points, a leading ratio."""
    pool = WESTERN if serif is None else (SERIF if serif else SANS)
    family = rng.choice(pool)
    f = face(family)
    s = round(rng.uniform(*size) * 2) / 2
    mode = "tw" if family in STANDARD and rng.random() < 0.5 else "words"
    return Typography(f, family, s, round(s * rng.uniform(*leading), 2), mode,
                      rng.random() < justify)


def cjk_typography(rng: random.Random, lang: str, size: tuple[float, float]) -> Typography:
    """Body type of a Chinese, Japanese or Korean document: the language's Adobe CID serif
    face, its sans face for what would be bold; justified (a fixed pitch for Chinese and
    Japanese, word spaces stretched for Korean)."""
    from .fonts import cid_face  # noqa: PLC0415

    serif, sans = cid_face(lang), cid_face(lang, sans=True)
    s = round(rng.uniform(*size) * 2) / 2
    return Typography(Face(serif, sans, serif, sans), lang, s, round(s * rng.uniform(1.5, 1.8), 2),
                      "words", True)


def page_size(rng: random.Random) -> tuple[float, float]:
    return A4 if rng.random() < 0.55 else LETTER


def column_frames(x0: float, x1: float, top: float, bottom: float, n: int, gutter: float,
                  weights: list[float] | None = None) -> list[Frame]:
    """``n`` columns between ``x0`` and ``x1`` with ``gutter`` between them, widths in the
    proportions of ``weights``."""
    weights = weights or [1.0] * n
    avail = x1 - x0 - gutter * (n - 1)
    total = sum(weights)
    frames, x = [], x0
    for w in weights:
        cw = avail * w / total
        frames.append(Frame(x, top, cw, bottom))
        x += cw + gutter
    return frames


def is_bold(font: str) -> bool:
    return "Bold" in font or font.endswith("-W5") or "Gothic" in font


# --------------------------------------------------------------------------------------------
# Furniture


@dataclass(slots=True)
class Furniture:
    """Running heads and folios of one document, drawn from the seed."""

    head_left: str
    head_right: str
    style: str  # plain, spaced (letter-spaced capitals), rule (a head over a rule)
    folio: str  # outer, center, gutter, head (the number in the running head's line)
    folio_format: str  # "{n}", "- {n} -", "Page {n}", "{n} / {total}"
    font: str
    size: float


def furniture(rng: random.Random, b: DocBuilder, title: str, section: str,
              typo: Typography) -> Furniture:
    style = rng.choice(["plain", "spaced", "rule"])
    fmt = rng.choice(["{n}", "{n}", "- {n} -", "Page {n}", "{n} / {total}"])
    if b.lang == "es":
        fmt = fmt.replace("Page", "Página")
    elif b.lang in ("zh", "ja", "ko"):
        fmt = fmt.replace("Page {n}", "- {n} -")
    return Furniture(title, section, style, rng.choice(["outer", "center", "head", "gutter"]),
                     fmt, typo.face.italic if style == "plain" else typo.face.regular,
                     max(7.0, typo.size - rng.choice([1, 1.5, 2])))


def draw_furniture(b: DocBuilder, f: Furniture, pw: float, ph: float, margin_x: float,
                   top: float, bottom: float, total: int, gutter_x: float | None = None) -> None:
    """The page's running head (in the band above ``top``) and folio (below ``bottom``, or in
    the head's line), drawn and added to the truth as furniture."""
    n = b.page
    c = b.canvas
    head = f.head_left if n % 2 == 0 else f.head_right
    text = head.upper() if f.style == "spaced" else head
    tracking = f.size * 0.25 if f.style == "spaced" else 0.0
    hy = top + f.size * 1.8
    hw = width(text, f.font, f.size, tracking)
    folio = f.folio_format.format(n=n, total=total)
    fw = width(folio, f.font, f.size)
    c.setFont(f.font, f.size)
    c.setFillColorRGB(0, 0, 0)
    if f.folio == "head":
        if n % 2 == 0:  # verso: folio left, head right
            c.drawString(margin_x, hy, folio)
            c.drawString(pw - margin_x - hw, hy, text, charSpace=tracking)
        else:
            c.drawString(margin_x, hy, text, charSpace=tracking)
            c.drawString(pw - margin_x - fw, hy, folio)
    else:
        c.drawString((pw - hw) / 2, hy, text, charSpace=tracking)
    if f.style == "rule":
        c.setLineWidth(0.5)
        c.line(margin_x, hy - f.size * 0.5, pw - margin_x, hy - f.size * 0.5)
    b.add(Element("furniture", head, n))
    if f.folio != "head":
        fy = bottom - f.size * 2.2
        if f.folio == "outer":
            fx = pw - margin_x - fw if n % 2 else margin_x
        elif f.folio == "gutter" and gutter_x is not None:
            fx = gutter_x - fw / 2
            fy = bottom - f.size * 1.6
        else:
            fx = (pw - fw) / 2
        c.drawString(fx, fy, folio)
    b.add(Element("furniture", folio, n))


# --------------------------------------------------------------------------------------------
# Pouring a story


@dataclass(slots=True)
class StoryStyle:
    body: Style
    subhead: Style | None = None
    subhead_level: int = 2
    subhead_every: tuple[int, int] = (3, 6)  # paragraphs between subheads
    numbered: bool = False
    para_space: float = 0.0
    lists: float = 0.0  # chance of a bulleted list after a paragraph
    bullet_font: str | None = None
    sentences: tuple[int, int] = (3, 7)
    head_words: tuple[int, int] = (2, 6)
    head_space: float | None = None  # space above a subhead (default: one body line)


class Marks:
    """Footnote marks waiting for a paragraph that starts in their frame (key: ``id(frame)``)
    or anywhere on their page (key: the page number) to carry them."""

    def __init__(self) -> None:
        self.waiting: dict[int, list[str]] = {}


def pour(b: DocBuilder, flow: Flow, st: StoryStyle, *, marks: Marks | None = None,
         limit: int | None = None, on_paragraph: Callable[[], None] | None = None) -> int:
    """Paragraphs (with subheads and lists) into ``flow`` until it is full; returns how many
    elements were set."""
    rng = b.rng
    count = 0
    since_head = rng.randint(*st.subhead_every) if st.subhead else 0
    section = 1
    while not flow.done and (limit is None or count < limit):
        if st.subhead and since_head <= 0:
            text = b.prose.heading(st.head_words)
            if st.numbered:
                text = f"{section}. {text}" if rng.random() < 0.5 else f"{section} {text}"
            section += 1
            el = b.heading_type(Element("heading", text, b.page), st.subhead.size,
                                is_bold(st.subhead.font))
            ok = flow.set_text(el, text,
                               st.subhead, space_before=st.body.leading if st.head_space is None
                               else st.head_space,
                               space_after=st.para_space)
            if not ok:
                break
            since_head = rng.randint(*st.subhead_every)
            count += 1
            continue
        text = b.prose.paragraph(st.sentences)
        shown = text
        if marks is not None and not flow.done:
            waiting = marks.waiting.get(id(flow.frame)) or marks.waiting.get(b.page)
            if waiting and flow.cursor - flow.frame.bottom > 2 * st.body.leading:
                first = flow.doc.text_lines(text, flow.frame.width, st.body)[0].words
                words = text.split(" ")
                j = rng.randrange(max(1, len(first) - 1))
                # A mark goes after a word, never right after a number ("on 23¹ April"): a
                # superscript there reads as an exponent, which is why authors and style
                # guides put it after a word or the punctuation (and the engine takes it so).
                worded = [k for k in range(len(words)) if sum(ch.isalpha() for ch in words[k]) >= 2]
                if worded and j not in worded:
                    j = min(worded, key=lambda k: (abs(k - j), k))
                words[j] = words[j] + MARK + waiting.pop(0)
                shown = " ".join(words)
        if not flow.set_text(Element("paragraph", text, b.page), shown, st.body,
                             space_after=st.para_space):
            break
        count += 1
        since_head -= 1
        if on_paragraph:
            on_paragraph()
        if st.lists and rng.random() < st.lists:
            count += pour_list(b, flow, st)
    return count


def pour_list(b: DocBuilder, flow: Flow, st: StoryStyle) -> int:
    rng = b.rng
    glyph = rng.choice(["•", "•", "–", "▪", "◦"])
    numbered = rng.random() < 0.3
    font = st.body.font
    from .fonts import SYMBOLS, has_glyph  # noqa: PLC0415 - only lists need the symbol face
    mfont = font if has_glyph(font, glyph) else face(SYMBOLS).regular
    n = 0
    gap = max(st.para_space, st.body.leading * 0.5)  # lists are set off from the text around
    flow.space(gap)
    for i in range(rng.randint(2, 5)):
        text = b.prose.item()
        marker = f"{i + 1}." if numbered else glyph
        indent = st.body.size * 1.6
        el = Element("list_item", f"{marker} {text}" if numbered else text, b.page,
                     marker=marker, depth=0)
        mstyle = Style(mfont if not numbered else font, st.body.size, st.body.leading,
                       align="left")
        body = Style(**{**{k: getattr(st.body, k) for k in Style.__slots__}, "indent": 0.0})
        if not flow.set_text(el, text, body, hanging=(marker, mstyle, indent)):
            break
        n += 1
    flow.space(gap)
    return n
