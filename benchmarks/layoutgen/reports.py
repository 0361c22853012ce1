"""Office documents: a Word or Google Docs report with headings in bold at the body's size
(and larger ones above them), numbered or not, space between paragraphs, bulleted lists and a
"Page N of M" footer; and documents whose long headings wrap onto two lines."""

from __future__ import annotations

import random
from pathlib import Path

from .builder import DocBuilder, Flow
from .common import (A4, LETTER, StoryStyle, column_frames, is_bold, pour, typography)
from .truth import Document, Element
from .typeset import Frame, Style


def office(path: Path, family: str, seed: str, wrapped: bool) -> Document:
    lang = random.Random(f"lang:{family}:{seed}").choice(("en", "en", "es"))
    b = DocBuilder(path, family, seed, lang)
    rng = b.rng
    pw, ph = LETTER if rng.random() < 0.5 else A4
    typo = typography(rng, (10.0, 12.0), justify=0.35, leading=(1.15, 1.35))
    margin = rng.choice([72.0, 72.0, 54.0, 90.0])
    npages = rng.randint(2, 5)
    ncols = 2 if wrapped and rng.random() < 0.4 else 1
    gap = typo.size * rng.uniform(0.5, 1.0)
    if wrapped:
        hsize = typo.size * rng.uniform(1.5, 2.2)
        head_words = (8, 14) if ncols == 1 else (5, 9)
        hfont = typo.face.bold
    else:
        hsize = typo.size if rng.random() < 0.7 else typo.size * 1.1
        head_words = (1, 5)
        hfont = typo.face.bold if rng.random() < 0.8 else typo.face.bold_italic
    hs = Style(hfont, hsize, hsize * 1.2, align="left", hyphenate=False, mode=typo.mode)
    st = StoryStyle(typo.body(), hs, numbered=rng.random() < 0.5, para_space=gap,
                    lists=0.25, head_words=head_words, subhead_every=(2, 5),
                    head_space=gap + typo.size * rng.uniform(0.3, 1.0))
    footer = rng.choice(["Page {n} of {total}", "{n}", "– {n} –"])
    if lang == "es":
        footer = footer.replace("Page", "Página").replace("of", "de")
    doc_title = b.prose.title()
    flow_ref: list[Flow] = []

    def make_page() -> list[Frame] | None:
        if b.page >= npages:
            return None
        b.new_page(pw, ph, ncols)
        if flow_ref and b.page == npages:
            flow_ref[0].final = True
        c = b.canvas
        folio = footer.format(n=b.page, total=npages)
        c.setFont(typo.face.regular, typo.size * 0.85)
        c.drawCentredString(pw / 2, margin * 0.5, folio)
        b.add(Element("furniture", folio, b.page))
        top = ph - margin
        if b.page == 1:
            tsize = typo.size * rng.uniform(1.6, 2.4)
            ts = Style(typo.face.bold if rng.random() < 0.7 else typo.face.regular, tsize,
                       tsize * 1.2, align=rng.choice(["left", "center"]), hyphenate=False)
            el = b.heading_type(Element("title", doc_title, 1), tsize, is_bold(ts.font))
            top = b.set_block("title", doc_title, margin, top, pw - 2 * margin, ts,
                              element=el) - typo.leading
        return column_frames(margin, pw - margin, top, margin, ncols, 24.0)

    frames = make_page()
    flow = Flow(b, frames, make_page, None)
    flow.final = npages == 1
    flow_ref.append(flow)
    pour(b, flow, st)
    flow.close()
    return b.finish()


def bold_headings(path: Path, family: str, seed: str) -> Document:
    return office(path, family, seed, wrapped=False)


def wrapped_headings(path: Path, family: str, seed: str) -> Document:
    return office(path, family, seed, wrapped=True)
