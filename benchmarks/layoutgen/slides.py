"""Slide decks (16:9): a title in large type, then bullets of every common glyph (• ◦ ▪ ■ □ ►
▸ ‣ – o ✓), numbered items, nesting, items wrapped onto a second line under their text, and a
footer with the deck's name and the slide number (furniture). Some slides put two lists side
by side (two columns). Every line of a slide is large type: size alone does not make a heading.
"""

from __future__ import annotations

import random
from pathlib import Path

from .builder import ASCENT, DocBuilder
from .common import SLIDE_16_9, SLIDE_16_9_SMALL, typography
from .fonts import SYMBOLS, face, has_glyph
from .truth import Document, Element
from .typeset import SetLine, Style, draw_line

BULLETS = ["•", "◦", "▪", "■", "□", "►", "▸", "‣", "–", "o", "✓"]
SECOND_LEVEL = {"•": ["–", "o", "◦"], "▪": ["–", "◦"], "■": ["□", "–"], "►": ["–", "▸"],
                "✓": ["–", "•"]}
"""Word's and PowerPoint's usual second-level glyph for a first-level one ("o" in Courier New
is Word's own)."""


def deck(path: Path, family: str, seed: str, numbered: float) -> Document:
    lang = random.Random(f"lang:{family}:{seed}").choice(("en", "en", "es"))
    b = DocBuilder(path, family, seed, lang)
    rng = b.rng
    pw, ph = rng.choice([SLIDE_16_9, SLIDE_16_9_SMALL])
    scale = pw / 960.0
    typo = typography(rng, (20.0, 28.0), justify=0.0)
    typo.size *= scale
    typo.leading = typo.size * rng.uniform(1.1, 1.25)
    glyph = rng.choice(BULLETS)
    second = rng.choice(SECOND_LEVEL.get(glyph, ["–", "•"]))
    deck_name = b.prose.heading((2, 4))
    tsize = typo.size * rng.uniform(1.4, 1.8)
    mx = 60 * scale
    for n in range(rng.randint(4, 8)):
        ncols = 2 if rng.random() < 0.2 else 1
        b.new_page(pw, ph, ncols)
        c = b.canvas
        bar = rng.random() < 0.5  # a coloured title bar, white title on it
        tcolor = (1, 1, 1) if bar else (0.1, 0.1, 0.3)
        title = b.prose.heading((2, 7))
        ts = Style(typo.face.bold if rng.random() < 0.6 else typo.face.regular, tsize,
                   tsize * 1.15, align="left", color=tcolor, hyphenate=False)
        if bar:
            # The bar reaches under the title's last line: a wrapped white title's second
            # line would otherwise stand white on the white page, invisible to a reader
            # (and to pdfprose, which drops it as hidden text) yet expected by the truth.
            lines = len(b.text_lines(title, pw - 2 * mx, ts))
            depth = max(110 * scale, 40 * scale + lines * ts.leading + 8 * scale)
            c.setFillColorRGB(0.15, 0.3, 0.55)
            c.rect(0, ph - depth, pw, depth, stroke=0, fill=1)
        el = b.heading_type(Element("title" if n == 0 else "heading", title, b.page), tsize,
                            "Bold" in ts.font)
        under = b.set_block("heading", title, mx, ph - 40 * scale, pw - 2 * mx, ts, element=el)
        # footer: deck name and slide number (furniture)
        fs = 11 * scale
        c.setFillColorRGB(0.4, 0.4, 0.4)
        c.setFont(typo.face.regular, fs)
        c.drawString(mx, 20 * scale, deck_name)
        c.drawRightString(pw - mx, 20 * scale, str(b.page))
        b.add(Element("furniture", deck_name, b.page))
        b.add(Element("furniture", str(b.page), b.page))
        colw = (pw - 2 * mx - (ncols - 1) * 30 * scale) / ncols
        for col in range(ncols):
            x = mx + col * (colw + 30 * scale)
            # A title wrapped onto a second line pushes the body down (a slide program's
            # placeholders do not overlap): the first item starts under the title (and its bar).
            y = min(ph - 135 * scale, under - 20 * scale)
            use_numbers = rng.random() < numbered
            number = 0
            sub = 0
            while y > 70 * scale:
                depth = 1 if (rng.random() < 0.35 and number + sub > 0) else 0
                size = typo.size * (0.85 if depth else 1.0)
                lead = size * (typo.leading / typo.size)
                text = b.prose.item((3, 12 if ncols == 1 else 8))
                if depth == 0:
                    number += 1
                    sub = 0
                    marker = f"{number}." if use_numbers else glyph
                else:
                    sub += 1
                    marker = (f"{'abcdefghij'[sub - 1]})" if use_numbers else second)
                indent_x = x + depth * size * 1.8
                hang = size * (1.6 if not marker[0].isdigit() and not marker[0].isalpha()
                               else 1.9)
                st = Style(typo.face.regular, size, lead, align="left", hyphenate=False)
                lines = b.text_lines(text, colw - (indent_x - x) - hang, st)
                if y - len(lines) * lead - 6 * scale < 60 * scale:
                    break
                mfont = marker_font(typo.face.regular, marker)
                draw_line(c, SetLine([marker], last=True), indent_x, y - lead * ASCENT, hang,
                          Style(mfont, size, lead, align="left"))
                # Each line at the measure it was broken to: a line set with its spaces a
                # little shrunk is drawn shrunk to fit, never past the column's edge.
                for line in lines:
                    draw_line(c, line, indent_x + hang, y - lead * ASCENT,
                              colw - (indent_x - x) - hang, st)
                    y -= lead
                y -= size * rng.uniform(0.3, 0.7)
                truth = text if marker in BULLETS else f"{marker} {text}"
                b.whole(Element("list_item", truth, b.page, marker=marker, depth=depth))
    return b.finish()


def marker_font(font: str, marker: str) -> str:
    """The face a slide program draws the marker in: Courier for Word's "o", the text face
    when it has the glyph, else a symbol face."""
    if marker == "o":
        return "Courier"
    if has_glyph(font, marker[0]):
        return font
    return face(SYMBOLS).regular


def slides_bullets(path: Path, family: str, seed: str) -> Document:
    return deck(path, family, seed, numbered=0.0)


def slides_numbered(path: Path, family: str, seed: str) -> Document:
    return deck(path, family, seed, numbered=0.8)
