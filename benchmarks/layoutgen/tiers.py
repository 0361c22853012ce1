"""Families of pages in tiers: two or three bands one above the other, each a story of its own
with a headline over its columns, as newspapers set them. Read upper band first; a page's
column count is the largest of its bands'."""

from __future__ import annotations

import random
from pathlib import Path

from .builder import DocBuilder, Flow
from .common import BERLINER, TABLOID, StoryStyle, column_frames, pour, typography
from .truth import Document, Element
from .typeset import Style


def newspaper(path: Path, family: str, seed: str, bands: tuple[int, ...]) -> Document:
    lang = random.Random(f"lang:{family}:{seed}").choice(("en", "en", "es"))
    b = DocBuilder(path, family, seed, lang)
    rng = b.rng
    pw, ph = rng.choice([TABLOID, BERLINER, (595.28, 841.89)])
    typo = typography(rng, (8.0, 9.5), serif=rng.random() < 0.7, justify=0.95,
                      leading=(1.1, 1.2))
    grid = typo.leading
    mx, mt, mb = rng.uniform(28, 45), rng.uniform(30, 50), rng.uniform(30, 50)
    gutter = rng.uniform(9, 15)
    masthead = f"{b.prose.place()} {rng.choice(['Herald', 'Courier', 'Gazette', 'Tribune'])}"
    for _ in range(rng.randint(1, 3)):
        n = rng.choice(bands)
        counts = [rng.choice([2, 3, 4, 5] if pw > 700 else [2, 3]) for _ in range(n)]
        b.new_page(pw, ph, max(counts))
        c = b.canvas
        # a folio line: the paper's name, the page number
        fsize = typo.size * 0.9
        c.setFont(typo.face.regular, fsize)
        folio = f"{masthead} · {b.page}"
        c.drawString(mx, ph - mt + fsize * 1.5, folio)
        b.add(Element("furniture", folio, b.page))
        c.setLineWidth(0.8)
        c.line(mx, ph - mt + fsize * 1.1, pw - mx, ph - mt + fsize * 1.1)
        top = ph - mt
        height = top - mb
        shares = [rng.uniform(0.8, 1.2) for _ in counts]
        y = top
        for i, ncols in enumerate(counts):
            band_h = height * shares[i] / sum(shares)
            bottom = y - band_h
            hsize = typo.size * rng.uniform(1.8, 3.0) * (1.0 if i == 0 else 0.8)
            head = b.prose.title() if rng.random() < 0.6 else b.prose.heading((3, 6))
            hs = Style(typo.face.bold, hsize, hsize * 1.15, align="left", hyphenate=False)
            el = b.heading_type(Element("heading", head, b.page), hsize, True)
            yy = b.set_block("heading", head, mx, y - 4, pw - 2 * mx, hs, element=el)
            yy -= typo.leading * 0.6
            frames = column_frames(mx, pw - mx, yy, bottom + typo.leading * 0.5, ncols, gutter)
            for f in frames:
                f.bottom = f.top - ((f.top - f.bottom) // grid) * grid
            body = typo.body(indent=typo.size)
            flow = Flow(b, frames, None, grid)
            pour(b, flow, StoryStyle(body, sentences=(2, 5)))
            flow.close()
            if i + 1 < len(counts):
                c.setLineWidth(1.0)
                c.line(mx, bottom, pw - mx, bottom)
            y = bottom - typo.leading * 0.6
    return b.finish()


def tiers_2(path: Path, family: str, seed: str) -> Document:
    return newspaper(path, family, seed, (2,))


def tiers_3(path: Path, family: str, seed: str) -> Document:
    return newspaper(path, family, seed, (3,))
