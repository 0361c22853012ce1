"""Chinese, Japanese and Korean documents: horizontal ones in one or two columns (the column
families' machinery with the language's Adobe CID fonts), and vertical Japanese in tiers
(段組): each tier's lines run top to bottom, from the right, and the text flows from the upper
tier into the one below it, as Japanese magazines and papers set it."""

from __future__ import annotations

from pathlib import Path

from .builder import DocBuilder
from .columns import Knobs, article
from .common import A4
from .fonts import cid_face
from .truth import Document, Element
from .typeset import break_cjk, Style

_CJK = dict(columns=(1, 1, 2), size=(9.0, 11.0), pages=(1, 3), furniture=0.5, subheads=0.9,
            grid=0.7, indent=1.0)

korean = lambda path, family, seed: article(path, family, seed, Knobs(languages=("ko",), **_CJK))  # noqa: E731
japanese = lambda path, family, seed: article(path, family, seed, Knobs(languages=("ja",), **_CJK))  # noqa: E731
chinese = lambda path, family, seed: article(path, family, seed, Knobs(languages=("zh",), **_CJK))  # noqa: E731


def japanese_vertical(path: Path, family: str, seed: str) -> Document:
    b = DocBuilder(path, family, seed, "ja")
    rng = b.rng
    pw, ph = A4 if rng.random() < 0.5 else (515.91, 728.5)  # A4 or B5
    body = cid_face("ja", vertical=True)
    bold = cid_face("ja", sans=True, vertical=True)
    size = round(rng.uniform(8.5, 10.5) * 2) / 2
    pitch = size * rng.uniform(1.6, 1.9)  # line to line, right to left
    tiers = rng.choice([2, 2, 3])
    mx, mt, mb = rng.uniform(40, 60), rng.uniform(45, 65), rng.uniform(45, 65)
    gap = size * 2.5  # between tiers
    for _ in range(rng.randint(1, 3)):
        b.new_page(pw, ph, None)
        c = b.canvas
        # Fullwidth dashes, as Japanese folios print them: the em dash of the Adobe-Japan1
        # fonts reads back as U+0336 (pdftotext and pdfminer.six alike), no dash at all.
        folio = f"－ {b.page} －"
        c.setFont(cid_face("ja"), size * 0.9)
        c.drawCentredString(pw / 2, mb * 0.45, folio)
        b.add(Element("furniture", folio, b.page))
        tier_h = (ph - mt - mb - gap * (tiers - 1)) / tiers
        chars = int(tier_h // size)
        slots = []  # (x of the line's centre, top y) in reading order
        for t in range(tiers):
            top = ph - mt - t * (tier_h + gap)
            x = pw - mx - pitch / 2
            while x > mx + pitch / 2:
                slots.append((x, top))
                x -= pitch
            if t + 1 < tiers:
                c.setLineWidth(0.4)
                c.line(mx, top - tier_h - gap / 2, pw - mx, top - tier_h - gap / 2)
        k = 0
        first = True
        while k < len(slots):
            if first or rng.random() < 0.18:
                text = b.prose.heading()
                hsize = size * (1.8 if first else 1.25)
                hl = break_cjk(text, chars * size / (hsize / size), Style(bold, size, size), vertical=True)
                if k + len(hl) + 2 > len(slots):
                    break
                el = b.heading_type(Element("title" if first and b.page == 1 else "heading",
                                            text, b.page), hsize, True)
                b.whole(el)
                for line in hl:
                    x, top = slots[k]
                    c.setFont(bold, hsize)
                    c.drawString(x, top - hsize, line.words[0])
                    k += 1
                k += 1  # a blank line after a heading
                first = False
                continue
            text = b.prose.paragraph((2, 5))
            lines = break_cjk(text, chars * size, Style(body, size, size, indent=size),
                              vertical=True)
            if k + len(lines) > len(slots):
                break
            b.whole(Element("paragraph", text, b.page))
            for line in lines:
                x, top = slots[k]
                c.setFont(body, size)
                c.drawString(x, top - size - line.indent, line.words[0])
                k += 1
    return b.finish()
