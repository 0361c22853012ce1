"""Families of prose in columns: one to four justified columns on a baseline grid, unequal
widths, full-width titles and abstracts, figures and captions, pull quotes, sidebars, footnotes
under a column and across the page, running heads and folios. The table benchmark reuses these
(``columns_1`` ... ``columns_4``, ``notice_3``): prose in columns must never be found as a table.

Every family here is one call of :func:`article` with its own knobs; each page's truth column
count is the number of body columns (a sidebar beside them or a pull quote is not one).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .builder import DocBuilder, Flow
from .common import (Furniture, Marks, StoryStyle, Typography, cjk_typography, column_frames,
                     draw_furniture, furniture, page_size, pour, typography)
from .truth import Document, Element
from .typeset import Frame, Style


@dataclass(slots=True)
class Knobs:
    """What a family varies. Ranges are drawn per document from its seed."""

    columns: tuple[int, ...] = (2,)
    weights: list[list[float]] | None = None  # unequal widths, one list per column count
    pages: tuple[int, int] = (2, 4)
    size: tuple[float, float] = (9.0, 11.0)
    gutter: tuple[float, float] = (12.0, 24.0)
    margin: tuple[float, float] = (40.0, 72.0)
    grid: float = 0.9  # chance that the columns share a baseline grid
    title: str | None = None  # None, "title", "paper", "notice"
    furniture: float = 0.6
    subheads: float = 0.8
    lists: float = 0.0
    figures: float = 0.0  # chance per page
    figure_places: tuple[str, ...] = ("top", "bottom", "column")
    pull_quotes: float = 0.0
    pull_places: tuple[str, ...] = ("column", "span")
    sidebars: float = 0.0
    sidebar_places: tuple[str, ...] = ("column", "side")
    footnotes: str | None = None  # "column" or "page"
    languages: tuple[str, ...] = ("en", "en", "es")
    indent: float = 0.6  # chance of first-line indents instead of space between paragraphs
    extra: dict[str, object] = field(default_factory=dict)


def article(path: Path, family: str, seed: str, k: Knobs) -> Document:
    """A document of ``k``'s kind: pages of columns filled by one story, with what the knobs
    ask for placed on each page as the seed draws it."""
    lang = random.Random(f"lang:{family}:{seed}").choice(k.languages)
    b = DocBuilder(path, family, seed, lang)
    rng = b.rng
    pw, ph = page_size(rng)
    ncols = rng.choice(k.columns)
    weights = rng.choice(k.weights) if k.weights else None
    if weights:
        ncols = len(weights)
    if lang in ("zh", "ja", "ko"):
        typo = cjk_typography(rng, lang, k.size)
    else:
        typo = typography(rng, k.size)
    if ncols >= 3 and lang not in ("zh", "ja", "ko"):
        typo.leading = round(typo.size * rng.uniform(1.12, 1.22), 2)
    grid = typo.leading if rng.random() < k.grid else None
    mx = rng.uniform(*k.margin)
    mt, mb = rng.uniform(*k.margin), rng.uniform(*k.margin)
    gutter = rng.uniform(*k.gutter)
    npages = rng.randint(*k.pages)
    indent = rng.random() < k.indent
    if lang in ("zh", "ja", "ko"):
        indent = True  # CJK paragraphs open with a one-character indent
        body = typo.body(indent=typo.size)
    else:
        body = typo.body(indent=typo.size * 1.2 if indent else 0.0)
    sub_size = typo.size * rng.choice([1.0, 1.0, 1.15, 1.3, 1.5])
    subhead = Style(typo.face.bold, sub_size, max(typo.leading, sub_size * 1.2), align="left",
                    mode=typo.mode, hyphenate=False)
    st = StoryStyle(body, subhead if rng.random() < k.subheads else None,
                    numbered=rng.random() < 0.4, para_space=0.0 if indent else typo.leading,
                    lists=k.lists)
    if grid and not indent:
        st.para_space = grid
    doc_title = b.prose.title()
    furn: Furniture | None = None
    if rng.random() < k.furniture and npages > 1:  # one page shows nothing running
        furn = furniture(rng, b, doc_title, b.prose.heading(), typo)
    marks = Marks()
    mark_no = [0]
    flow_ref: list[Flow] = []

    def make_page() -> list[Frame] | None:
        if b.page >= npages:
            return None
        b.new_page(pw, ph, ncols)
        if flow_ref and b.page == npages:
            flow_ref[0].final = True
        top, bottom = ph - mt, mb
        if furn:
            draw_furniture(b, furn, pw, ph, mx, top, bottom, npages,
                           gutter_x=pw / 2 if ncols == 2 else None)
        if b.page == 1 and k.title:
            top = title_block(b, k.title, doc_title, typo, mx, pw - mx, top, rng)
        x0, x1 = mx, pw - mx
        frames_extra: list[tuple[str, object]] = []
        side = None
        if k.sidebars and rng.random() < k.sidebars:
            place = rng.choice(k.sidebar_places)
            if place == "side" and ncols <= 2:
                sw = (x1 - x0) * rng.uniform(0.24, 0.32)
                side = (x1 - sw, sw) if rng.random() < 0.6 else (x0, sw)
                if side[0] == x0:
                    x0 += sw + gutter
                else:
                    x1 -= sw + gutter
            else:
                frames_extra.append(("sidebar", None))
        frames = column_frames(x0, x1, top, bottom, ncols, gutter, weights)
        if grid:  # the bottoms on the grid too, so that a split frame keeps it
            for f in frames:
                f.bottom = f.top - ((f.top - f.bottom) // grid) * grid
        if side:
            side_frame = Frame(side[0], top, side[1], bottom)
            draw_sidebar(b, side_frame, typo, rng, "side", frames[-1])
        if k.figures and rng.random() < k.figures:
            frames = place_figure(b, frames, rng.choice(k.figure_places), typo, grid, rng)
        if k.pull_quotes and rng.random() < k.pull_quotes:
            frames = place_pull_quote(b, frames, rng.choice(k.pull_places), typo, grid, rng)
        for kind, _ in frames_extra:
            if kind == "sidebar":
                col = rng.randrange(len(frames))
                draw_sidebar(b, frames[col], typo, rng, "column", frames[col])
        if k.footnotes:
            place_footnotes(b, frames, k.footnotes, typo, marks, mark_no, rng)
        return frames

    frames = make_page()
    assert frames is not None
    flow = Flow(b, frames, make_page, grid)
    flow_ref.append(flow)
    flow.final = npages == 1
    pour(b, flow, st, marks=marks)
    flow.close()
    return b.finish()


def title_block(b: DocBuilder, kind: str, title: str, typo: Typography, x0: float, x1: float,
                top: float, rng: random.Random) -> float:
    """A full-width title (and for a paper its authors and abstract) from ``top`` down;
    returns the top of the columns under it."""
    w = x1 - x0
    tsize = typo.size * rng.uniform(1.7, 2.6)
    align = rng.choice(["left", "center"]) if kind != "notice" else "center"
    if kind == "notice":
        title = title.upper() if rng.random() < 0.5 else title
    tstyle = Style(typo.face.bold, tsize, tsize * 1.2, align=align, hyphenate=False)
    el = b.heading_type(Element("title", title, b.page), tsize, True)
    y = b.set_block("title", title, x0, top, w, tstyle, element=el)
    y -= typo.leading * 0.8
    if kind == "paper":
        authors = ", ".join(b.prose.name() for _ in range(rng.randint(1, 4)))
        y = b.set_block("author", authors, x0, y, w, Style(typo.face.regular, typo.size * 1.1,
                        typo.size * 1.4, align=align, hyphenate=False))
        aff = f"{b.prose.heading((2, 4))}, {b.prose.place()}"
        y = b.set_block("author", aff, x0, y, w, Style(typo.face.italic, typo.size * 0.95,
                        typo.size * 1.3, align=align, hyphenate=False))
        y -= typo.leading
        ind = w * rng.uniform(0.0, 0.12)
        label = "Resumen" if b.lang == "es" else "Abstract"
        if rng.random() < 0.5:
            hs = Style(typo.face.bold, typo.size, typo.leading, align="center" if ind else "left")
            el = b.heading_type(Element("heading", label, b.page), typo.size, True)
            y = b.set_block("heading", label, x0 + ind, y, w - 2 * ind, hs, element=el)
            abstract = b.prose.paragraph((4, 7))
        else:
            abstract = label + ". " + b.prose.paragraph((4, 7))
        y = b.set_block("abstract", abstract, x0 + ind, y, w - 2 * ind,
                        typo.body(size=typo.size * 0.95, leading=typo.leading * 0.95))
        y -= typo.leading * 1.5
    elif kind == "notice":
        sub = f"{b.prose.heading((3, 6))} — {b.prose.place()}"
        y = b.set_block("paragraph", sub, x0, y, w, Style(typo.face.italic, typo.size * 1.1,
                        typo.size * 1.4, align="center", hyphenate=False))
        y -= typo.leading * 0.5
        b.canvas.setLineWidth(1.0)
        b.canvas.line(x0, y, x1, y)
        y -= typo.leading
    return y


def _split(frames: list[Frame], col: int, upper_bottom: float, lower_top: float
           ) -> list[Frame]:
    f = frames[col]
    upper = Frame(f.x, f.top, f.width, upper_bottom, on_enter=f.on_enter)
    lower = Frame(f.x, lower_top, f.width, f.bottom, on_leave=f.on_leave)
    return frames[:col] + [upper, lower] + frames[col + 1:]


def _grid_down(y: float, top: float, grid: float | None) -> float:
    if not grid:
        return y
    return top - (-(-(top - y) // grid)) * grid


def draw_box_figure(b: DocBuilder, x: float, top: float, w: float, h: float, rng: random.Random) -> None:
    """A drawn figure: a framed box with a chart in it (bars or a curve), no text."""
    c = b.canvas
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.setFillColorRGB(0.95, 0.95, 0.97)
    c.rect(x, top - h, w, h, stroke=1, fill=1)
    c.setFillColorRGB(0.35, 0.45, 0.65)
    if rng.random() < 0.5:
        n = rng.randint(4, 9)
        bw = w * 0.8 / n
        for i in range(n):
            bh = h * rng.uniform(0.15, 0.8)
            c.rect(x + w * 0.1 + i * bw + bw * 0.15, top - h + h * 0.08, bw * 0.7, bh, stroke=0,
                   fill=1)
    else:
        p = c.beginPath()
        p.moveTo(x + w * 0.08, top - h * 0.8)
        for i in range(1, 12):
            p.lineTo(x + w * 0.08 + i * w * 0.075, top - h * rng.uniform(0.2, 0.85))
        c.drawPath(p, stroke=1, fill=0)
    c.setFillColorRGB(0, 0, 0)


def place_figure(b: DocBuilder, frames: list[Frame], place: str, typo: Typography,
                 grid: float | None, rng: random.Random) -> list[Frame]:
    """A figure with its caption: across every column at the top or the bottom of the page,
    or inside one column (splitting it). The caption is read where the text passes it."""
    top, bottom = frames[0].top, frames[0].bottom
    x0, x1 = frames[0].x, frames[-1].x + frames[-1].width
    no = b.page
    label = "Figura" if b.lang == "es" else rng.choice(["Figure", "Fig."])
    caption = f"{label} {no}. " + b.prose.sentence()[:-1] + "."
    cstyle = Style(typo.face.italic if rng.random() < 0.5 else typo.face.regular,
                   typo.size * 0.9, typo.leading * 0.9, align=rng.choice(["left", "justify"]))

    def caption_el() -> Element:
        return Element("caption", caption, b.page)

    if place in ("top", "bottom") or len(frames) == 1 and place != "column":
        w = x1 - x0
        h = (top - bottom) * rng.uniform(0.2, 0.35)
        ncap = len(b.text_lines(caption, w, cstyle))
        band = h + ncap * cstyle.leading + typo.leading * 1.5
        if place == "top":
            draw_box_figure(b, x0, top, w, h, rng)
            b.set_block("caption", caption, x0, top - h - typo.leading * 0.4, w, cstyle, add="none")
            new_top = _grid_down(top - band, top, grid)
            for f in frames:
                f.top = new_top
            el = caption_el()
            frames[0].on_enter.append(lambda: b.add(el))
        else:
            fy = bottom + band
            draw_box_figure(b, x0, fy - typo.leading * 0.5, w, h, rng)
            b.set_block("caption", caption, x0, fy - typo.leading * 0.5 - h - typo.leading * 0.4,
                        w, cstyle, add="none")
            nb = fy + typo.leading * 0.2
            if grid:
                nb = top - ((top - nb) // grid) * grid
            for f in frames:
                f.bottom = nb
            el = caption_el()
            frames[-1].on_leave.append(lambda: b.add(el))
        return frames
    col = rng.randrange(len(frames))
    f = frames[col]
    h = f.width * rng.uniform(0.5, 0.9)
    ncap = len(b.text_lines(caption, f.width, cstyle))
    band = h + ncap * cstyle.leading + typo.leading * 1.6
    ftop = _grid_down(f.top - (f.top - f.bottom) * rng.uniform(0.25, 0.55), f.top, grid)
    if ftop - band < f.bottom + 3 * typo.leading:
        return frames
    draw_box_figure(b, f.x, ftop - typo.leading * 0.4, f.width, h, rng)
    b.set_block("caption", caption, f.x, ftop - typo.leading * 0.4 - h - typo.leading * 0.3,
                f.width, cstyle, add="none")
    new = _split(frames, col, ftop, _grid_down(ftop - band, f.top, grid))
    el = caption_el()
    new[col + 1].on_enter.insert(0, lambda: b.add(el))
    return new


def place_pull_quote(b: DocBuilder, frames: list[Frame], place: str, typo: Typography,
                     grid: float | None, rng: random.Random) -> list[Frame]:
    """A pull quote in larger italic type between rules, inside a column or across two
    neighbouring columns (interrupting both at the same height)."""
    quote = b.prose.sentence()
    qstyle = Style(typo.face.italic if rng.random() < 0.7 else typo.face.bold,
                   typo.size * rng.uniform(1.3, 1.8), 0.0, align=rng.choice(["left", "center"]),
                   hyphenate=False)
    qstyle.leading = qstyle.size * 1.2
    span = place == "span" and len(frames) >= 2
    col = rng.randrange(len(frames) - (1 if span else 0))
    f = frames[col]
    x = f.x
    w = (frames[col + 1].x + frames[col + 1].width - f.x) if span else f.width
    lines = b.text_lines(quote, w - 8, qstyle)
    if len(lines) > 5:
        quote = " ".join(quote.split()[:10]).rstrip(",") + "."
        lines = b.text_lines(quote, w - 8, qstyle)
    h = len(lines) * qstyle.leading + typo.leading * 1.2
    qtop = _grid_down(f.top - (f.top - f.bottom) * rng.uniform(0.3, 0.55), f.top, grid)
    if qtop - h < f.bottom + 4 * typo.leading:
        return frames
    c = b.canvas
    c.setLineWidth(1.2)
    c.line(x, qtop - 2, x + w, qtop - 2)
    b.set_block("pull_quote", quote, x + 4, qtop - typo.leading * 0.5, w - 8, qstyle, add="none")
    c.line(x, qtop - h + typo.leading * 0.4, x + w, qtop - h + typo.leading * 0.4)
    lower_top = _grid_down(qtop - h, f.top, grid)
    new = _split(frames, col, qtop, lower_top)
    if span:
        new = _split(new, col + 2, qtop, lower_top)
    el = Element("pull_quote", quote, b.page)
    new[col + 1].on_enter.insert(0, lambda: b.add(el))
    return new


def draw_sidebar(b: DocBuilder, f: Frame, typo: Typography, rng: random.Random, place: str,
                 register: Frame) -> None:
    """A shaded box with a bold title and one or two paragraphs in smaller type: at the
    bottom of a column (which it shortens) or as a narrow column beside the text. Read when
    the text of the frame ``register`` is done."""
    size = typo.size * rng.uniform(0.85, 0.95)
    st = Style(typo.face.regular if rng.random() < 0.5 else typo.face.italic, size, size * 1.22,
               align="left" if rng.random() < 0.5 else "justify")
    hs = Style(typo.face.bold, size * rng.choice([1.0, 1.2]), size * 1.5, align="left",
               hyphenate=False)
    title = b.prose.heading((2, 5))
    paras = [b.prose.paragraph((2, 3)) for _ in range(rng.randint(1, 2 if place == "side" else 1))]
    pad = 6.0
    inner = f.width - 2 * pad
    h = pad * 2 + hs.leading + sum(len(b.text_lines(p, inner, st)) * st.leading + st.leading * 0.4
                                  for p in paras)
    if place == "column" and h > (f.top - f.bottom) * 0.6:
        return
    ytop = f.bottom + h if place == "column" else f.top
    c = b.canvas
    c.setFillColorRGB(0.9, 0.92, 0.95)
    c.rect(f.x, ytop - h, f.width, h, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    y = ytop - pad
    title_el = b.heading_type(Element("heading", title, b.page), hs.size, True)
    y = b.set_block("heading", title, f.x + pad, y, inner, hs, add="none", element=title_el)
    els = [title_el]
    for p in paras:
        el = Element("sidebar", p, b.page)
        y = b.set_block("sidebar", p, f.x + pad, y, inner, st, add="none", element=el) - st.leading * 0.4
        els.append(el)
    if place == "column":
        f.bottom = ytop + typo.leading * 0.8
    register.on_leave.append(lambda: [b.add(e) for e in els])


def place_footnotes(b: DocBuilder, frames: list[Frame], where: str, typo: Typography,
                    marks: Marks, mark_no: list[int], rng: random.Random) -> None:
    """Footnotes in smaller type under a short rule: under one column (the paragraph that
    starts in it carries the mark) or across the page (any paragraph starting on the page)."""
    size = max(6.5, typo.size * 0.8)
    st = Style(typo.face.regular, size, size * 1.2, align="justify")
    c = b.canvas
    if where == "column":
        bottoms = [f for f in frames if f.bottom <= frames[0].bottom + 0.5]
        targets = rng.sample(bottoms, k=min(len(bottoms), rng.randint(1, 2)))
        for f in targets:
            _footnote_block(b, c, f.x, f.bottom, f.width, st, typo, marks, mark_no, rng,
                            key=id(f), frames=[f], register=f)
    else:
        x0, x1 = frames[0].x, max(f.x + f.width for f in frames)
        low = [f for f in frames if abs(f.bottom - frames[0].bottom) < 0.5]
        _footnote_block(b, c, x0, frames[0].bottom, x1 - x0, st, typo, marks, mark_no, rng,
                        key=b.page, frames=low, register=frames[-1], count=rng.randint(1, 3))


def _footnote_block(b: DocBuilder, c: Canvas, x: float, bottom: float, w: float, st: Style,
                    typo: Typography, marks: Marks, mark_no: list[int], rng: random.Random, *,
                    key: int, frames: list[Frame], register: Frame, count: int = 1) -> None:
    notes = []
    for _ in range(count):
        mark_no[0] += 1
        notes.append((str(mark_no[0]), b.prose.paragraph((1, 2))))
    hang = st.size * 1.2
    h = sum(len(b.text_lines(t, w - hang, st)) for _, t in notes) * st.leading + typo.leading
    top = bottom + h
    c.setLineWidth(0.5)
    c.line(x, top - 2, x + w * 0.3, top - 2)
    y = top - typo.leading * 0.5
    els = []
    for m, t in notes:
        c.setFont(st.font, st.size * 0.75)
        c.drawString(x, y - st.leading * 0.8 + st.size * 0.3, m)
        el = Element("footnote", t, b.page, mark=m)
        y = b.set_block("footnote", t, x + hang, y, w - hang, st, add="none", element=el)
        els.append(el)
    for f in frames:
        f.bottom = top + typo.leading * 0.5
    marks.waiting[key] = [m for m, _ in notes]
    register.on_leave.append(lambda: [b.add(e) for e in els])


# --------------------------------------------------------------------------------------------
# The families


def _family(**kw: object) -> Callable[[Path, str, str], Document]:
    knobs = Knobs(**kw)  # type: ignore[arg-type]

    def make(path: Path, family: str, seed: str) -> Document:
        return article(path, family, seed, knobs)

    make.knobs = knobs  # type: ignore[attr-defined]
    return make


columns_1 = _family(columns=(1,), size=(10.0, 12.0), margin=(54.0, 80.0), pages=(3, 5),
                    lists=0.15, furniture=0.8)
columns_2 = _family(columns=(2,), size=(9.0, 10.5), pages=(2, 4))
notice_3 = _family(columns=(3,), size=(8.0, 9.5), gutter=(9.0, 16.0), margin=(30.0, 50.0),
                   title="notice", grid=1.0, pages=(1, 3), furniture=0.4)
columns_4 = _family(columns=(4,), size=(7.5, 9.0), gutter=(8.0, 14.0), margin=(28.0, 44.0),
                    pages=(1, 3), furniture=0.7)
unequal = _family(weights=[[2, 1], [1, 2], [1, 1, 2], [2, 1, 1], [3, 2], [1, 3]],
                  size=(8.5, 10.0), pages=(1, 3))
title_abstract = _family(columns=(2,), title="paper", size=(9.0, 10.0), pages=(1, 3),
                         furniture=0.3)
figures = _family(columns=(2, 3), figures=0.9, size=(8.5, 10.0), pages=(2, 3))
pull_quotes = _family(columns=(2, 3), pull_quotes=0.9, size=(8.5, 10.0), pages=(2, 3))
sidebars = _family(columns=(1, 2), sidebars=0.9, size=(9.0, 10.5), pages=(2, 3))
footnotes_column = _family(columns=(2, 3), footnotes="column", size=(8.5, 10.0), pages=(2, 3))
footnotes_page = _family(columns=(1, 2), footnotes="page", size=(9.5, 11.0), pages=(2, 4))
running_heads = _family(columns=(1, 2), furniture=1.0, pages=(5, 8), size=(9.5, 11.5),
                        subheads=0.5)
