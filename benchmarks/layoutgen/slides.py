"""Slide decks (16:9): a title in large type, then bullets of every common glyph (• ◦ ▪ ■ □ ►
▸ ‣ – o ✓), numbered items, nesting, items wrapped onto a second line under their text, and a
footer with the deck's name and the slide number (furniture), and on half the decks a margin
strip of small print (the site's address, the presenter) above the furniture bands. On half the
decks a title too long for one line is shrunk 3-10 % (a slide program's autofit): it stays the
slides' one heading level. Some
slides put two lists side by side (two columns). Every line of a slide is large type: size
alone does not make a heading.
"""

from __future__ import annotations

import random
import unicodedata
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
    strip = margin_strip(random.Random(f"strip:{family}:{seed}"), deck_name)
    # The slide's text starts right of the strip, 80 pt (of 960) clear of it, as a
    # template's placeholders do.
    lx = mx + (80 * scale if strip is not None else 0)
    # Half the decks autofit their titles (PowerPoint's default for a title placeholder);
    # a generator of its own keeps the other decisions of every deck as they were.
    autofit_rng = random.Random(f"autofit:{family}:{seed}")
    autofit = autofit_rng if autofit_rng.random() < 0.5 else None
    for n in range(rng.randint(4, 8)):
        ncols = 2 if rng.random() < 0.2 else 1
        b.new_page(pw, ph, ncols)
        c = b.canvas
        bar = rng.random() < 0.5  # a coloured title bar, white title on it
        tcolor = (1, 1, 1) if bar else (0.1, 0.1, 0.3)
        title = b.prose.heading((2, 7))
        ts = Style(typo.face.bold if rng.random() < 0.6 else typo.face.regular, tsize,
                   tsize * 1.15, align="left", color=tcolor, hyphenate=False)
        if autofit is not None and len(b.text_lines(title, pw - mx - lx, ts)) > 1:
            # The slide program's autofit: a title too long for its placeholder is drawn a
            # few per cent smaller, and is still the slide's title (one level with the others).
            shrunk = tsize * autofit.uniform(0.9, 0.97)
            ts = Style(ts.font, shrunk, shrunk * 1.15, align="left", color=tcolor,
                       hyphenate=False)
        if bar:
            # The bar reaches under the title's last line: a wrapped white title's second
            # line would otherwise stand white on the white page, invisible to a reader
            # (and to pdfprose, which drops it as hidden text) yet expected by the truth.
            lines = len(b.text_lines(title, pw - mx - lx, ts))
            depth = max(110 * scale, 40 * scale + lines * ts.leading + 8 * scale)
            c.setFillColorRGB(0.15, 0.3, 0.55)
            c.rect(0, ph - depth, pw, depth, stroke=0, fill=1)
        el = b.heading_type(Element("title" if n == 0 else "heading", title, b.page), tsize,
                            "Bold" in ts.font)
        under = b.set_block("heading", title, lx, ph - 40 * scale, pw - mx - lx, ts, element=el)
        # footer: deck name and slide number (furniture)
        fs = 11 * scale
        c.setFillColorRGB(0.4, 0.4, 0.4)
        c.setFont(typo.face.regular, fs)
        c.drawString(lx, 20 * scale, deck_name)
        c.drawRightString(pw - mx, 20 * scale, str(b.page))
        b.add(Element("furniture", deck_name, b.page))
        b.add(Element("furniture", str(b.page), b.page))
        if strip is not None:
            draw_strip(b, strip, typo.face.regular, pw, ph, scale)
        colw = (pw - mx - lx - (ncols - 1) * 30 * scale) / ncols
        for col in range(ncols):
            x = lx + col * (colw + 30 * scale)
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


def margin_strip(rng: random.Random, deck_name: str) -> tuple[str, str, float, float] | None:
    """Half the decks have a margin strip left of the slide's text (InDesign and corporate
    templates: the PDF Association's): the site's address under a logo 13-15 % from the top
    and the presenter with their role, wrapped onto two or three lines, 13-15 % above the
    foot. Returns (site, presenter, the site's and the presenter's distance from the edge as
    shares of the height), or None. Its own random stream: the decks without it are drawn as
    before."""
    if rng.random() < 0.5:
        return None
    plain = unicodedata.normalize("NFKD", deck_name.split()[0].lower())
    word = "".join(ch for ch in plain if ch.isascii() and ch.isalnum()) or "deck"
    word = word[:6]  # the address fits the margin
    name = rng.choice(["Ann Keller", "Luis Ortega", "Mia Svensson", "Kofi Mensah", "Jo Tanaka"])
    role = rng.choice(["Member of the Board", "Chair of the Group", "Senior Engineer",
                       "Miembro de la Junta"])
    return f"www.{word}.org", f"{name}, {role}", rng.uniform(0.13, 0.15), rng.uniform(0.13, 0.15)


def draw_strip(b: DocBuilder, strip: tuple[str, str, float, float], font: str, pw: float,
               ph: float, scale: float) -> None:
    """The margin strip of :func:`margin_strip` on the slide: a logo (a grey square), the
    site under it and the presenter above the footer, in 7 pt (of a 960 pt slide) small
    print, each line no wider than the 60 pt margin leaves; all of it furniture."""
    site, presenter, top, foot = strip
    c = b.canvas
    size, x, measure = 7 * scale, 6 * scale, 52 * scale
    c.setFillColorRGB(0.6, 0.6, 0.6)
    c.rect(x, ph - 0.1 * ph, 30 * scale, 30 * scale, stroke=0, fill=1)
    c.setFillColorRGB(0.4, 0.4, 0.4)
    c.setFont(font, size)
    c.drawString(x, ph - top * ph - size, site)
    lines: list[str] = []
    for word in presenter.split():
        if lines and c.stringWidth(f"{lines[-1]} {word}", font, size) <= measure:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    for k, line in enumerate(lines):
        c.drawString(x, foot * ph + (len(lines) - 1 - k) * size * 1.2, line)
    b.add(Element("furniture", site, b.page))
    b.add(Element("furniture", presenter, b.page))


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
