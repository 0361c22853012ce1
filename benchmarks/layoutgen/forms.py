"""Documents printed as copies on consecutive pages: invoices (original, duplicate, triplicate)
and boxed forms (Copy A, Copy B, ...). Every page repeats every line but its copy label, and
all of it is content: the totals, the authorisation number and the notes at the page's foot
repeat because the page does, not because they are running heads.

Reading order: the left block before the right one at the same height (seller, then the
invoice's number and dates), the table's rows from the top, each row's cells from the left; a
form's boxes row by row, each box's label before its value. Columns are not scored here.
"""

from __future__ import annotations

import random
from pathlib import Path

from .builder import DocBuilder
from .common import A4, LETTER, typography
from .truth import Document, Element
from .typeset import Style, width

COPIES = {"en": ["ORIGINAL", "DUPLICATE", "TRIPLICATE"],
          "es": ["ORIGINAL", "DUPLICADO", "TRIPLICADO"]}


def _text(b: DocBuilder, kind: str, text: str, x: float, y: float, font: str, size: float,
          align: str = "left") -> None:
    c = b.canvas
    c.setFont(font, size)
    c.setFillColorRGB(0, 0, 0)
    if align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def _money(v: float, lang: str) -> str:
    s = f"{v:,.2f}"
    if lang == "es":
        s = s.replace(",", " ").replace(".", ",").replace(" ", ".")
    return s


def invoices(path: Path, family: str, seed: str) -> Document:
    lang = random.Random(f"lang:{family}:{seed}").choice(("en", "es"))
    b = DocBuilder(path, family, seed, lang)
    rng = b.rng
    es = lang == "es"
    pw, ph = A4 if rng.random() < 0.6 else LETTER
    typo = typography(rng, (8.5, 10.0), serif=rng.random() < 0.3)
    f, fb, s = typo.face.regular, typo.face.bold, typo.size
    mx = rng.uniform(40, 60)
    for _ in range(rng.randint(1, 2)):
        seller = f"{b.prose.place()} {rng.choice(['Supplies', 'Logistics', 'Engineering', 'Print Works'])}"
        seller_addr = [f"{rng.randint(1, 220)} {b.prose.heading((1, 2))} {'Street' if not es else ''}".strip(),
                       f"{rng.randint(10000, 52999)} {b.prose.place()}",
                       f"{'VAT' if not es else 'NIF'} {rng.choice('ABEG')}{rng.randint(10000000, 99999999)}"]
        client = b.prose.name()
        client_addr = [f"{rng.randint(1, 120)} {b.prose.heading((1, 2))}",
                       f"{rng.randint(10000, 52999)} {b.prose.place()}"]
        number = f"{rng.randint(2019, 2027)}-{rng.randint(1, 9999):04d}"
        date = f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.randint(2019, 2027)}"
        auth = "-".join(str(rng.randint(1000, 9999)) for _ in range(3))
        rows = []
        for _ in range(rng.randint(3, 9)):
            qty = rng.randint(1, 40)
            price = rng.randint(150, 90000) / 100
            rows.append((b.prose.heading((2, 5)), str(qty), _money(price, lang),
                         _money(qty * price, lang)))
        subtotal = sum(float(r[3].replace(".", "").replace(",", ".")) if es else
                       float(r[3].replace(",", "")) for r in rows)
        rate = rng.choice([10, 16, 20, 21])
        totals = [("Subtotal" if not es else "Base imponible", _money(subtotal, lang)),
                  (f"{'VAT' if not es else 'IVA'} {rate} %", _money(subtotal * rate / 100, lang)),
                  ("Total" if not es else "Total factura", _money(subtotal * (1 + rate / 100), lang))]
        notes = [("Payment within 30 days to IBAN " if not es else "Pago a 30 días en la cuenta IBAN ")
                 + f"ES{rng.randint(10, 99)} {rng.randint(1000, 9999)} {rng.randint(1000, 9999)} "
                 f"{rng.randint(1000, 9999)}",
                 (f"Authorisation No. {auth}" if not es else f"Número de autorización {auth}")]
        for copy in COPIES[lang][: rng.randint(2, 3)]:
            b.new_page(pw, ph, None)
            top = ph - rng.uniform(45, 70)
            # seller block (left), then the invoice block (right)
            b.heading_type(el := Element("heading", seller, b.page), s * 1.4, True)
            b.whole(el)
            _text(b, "heading", seller, mx, top, fb, s * 1.4)
            for i, line in enumerate(seller_addr):
                _text(b, "field", line, mx, top - s * 1.6 - i * s * 1.25, f, s)
            b.whole(Element("field", " ".join(seller_addr), b.page))
            rx = pw - mx
            title = "INVOICE" if not es else "FACTURA"
            _text(b, "title", title, rx, top, fb, s * 2.0, "right")
            b.whole(b.heading_type(Element("title", title, b.page), s * 2.0, True))
            _text(b, "field", copy, rx, top - s * 2.0, fb, s, "right")
            b.whole(Element("field", copy, b.page))
            meta = [("Invoice No." if not es else "Factura n.º", number),
                    ("Date" if not es else "Fecha", date)]
            for i, (k, v) in enumerate(meta):
                y = top - s * 3.6 - i * s * 1.3
                _text(b, "label", k, rx - 120, y, f, s)
                _text(b, "field", v, rx, y, f, s, "right")
                b.whole(Element("field", f"{k} {v}", b.page))
            # client
            y = top - s * 9
            label = "Bill to" if not es else "Cliente"
            _text(b, "label", label, mx, y, fb, s)
            _text(b, "field", client, mx, y - s * 1.3, f, s)
            for i, line in enumerate(client_addr):
                _text(b, "field", line, mx, y - s * 2.6 - i * s * 1.25, f, s)
            b.whole(Element("field", " ".join([label, client] + client_addr), b.page))
            # the table
            y -= s * 7
            cols = [mx, pw - mx - 220, pw - mx - 110, pw - mx]
            head = (("Description", "Qty", "Unit price", "Amount") if not es else
                    ("Concepto", "Cant.", "Precio", "Importe"))
            c = b.canvas
            c.setLineWidth(0.6)
            c.line(mx, y + s * 1.2, pw - mx, y + s * 1.2)
            for j, h in enumerate(head):
                _text(b, "label", h, cols[j] if j == 0 else cols[j] if j < 3 else cols[3], y, fb, s,
                      "left" if j == 0 else "right")
            b.whole(Element("table_row", " ".join(head), b.page))
            c.line(mx, y - s * 0.5, pw - mx, y - s * 0.5)
            for row in rows:
                y -= s * 1.6
                for j, cell in enumerate(row):
                    _text(b, "field", cell, cols[j], y, f, s, "left" if j == 0 else "right")
                b.whole(Element("table_row", " ".join(row), b.page))
            c.line(mx, y - s * 0.6, pw - mx, y - s * 0.6)
            for k, v in totals:
                y -= s * 1.6
                _text(b, "label", k, cols[2] - 10, y, fb if k.startswith("Total") else f, s, "right")
                _text(b, "field", v, cols[3], y, fb if k.startswith("Total") else f, s, "right")
                b.whole(Element("table_row", f"{k} {v}", b.page))
            # notes at the foot of the page (inside the band where running footers sit)
            for i, n in enumerate(notes):
                _text(b, "field", n, mx, 40 + (len(notes) - 1 - i) * s * 1.3, f, s * 0.9)
                b.whole(Element("field", n, b.page))
    return b.finish()


def boxed_forms(path: Path, family: str, seed: str) -> Document:
    """A tax-style form: numbered boxes in a grid, each a small label over its value, the
    copy's name at the top right and instructions at the foot."""
    lang = random.Random(f"lang:{family}:{seed}").choice(("en", "es"))
    b = DocBuilder(path, family, seed, lang)
    rng = b.rng
    es = lang == "es"
    pw, ph = LETTER if rng.random() < 0.6 else A4
    typo = typography(rng, (8.0, 9.0), serif=False)
    f, fb = typo.face.regular, typo.face.bold
    ncols = rng.choice([2, 3])
    nrows = rng.randint(4, 7)
    boxes = []
    for i in range(ncols * nrows):
        label = f"{i + 1} {b.prose.heading((2, 4))}"
        value = rng.choice([_money(rng.randint(100, 9_999_999) / 100, lang), b.prose.name(),
                            f"{rng.randint(100, 999)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}",
                            b.prose.place()])
        boxes.append((label, value))
    form_title = b.prose.title()
    instr = [b.prose.sentence() for _ in range(2)]
    copies = (["Copy A", "Copy B", "Copy C", "Copy D"] if not es else
              ["Ejemplar A", "Ejemplar B", "Ejemplar C", "Ejemplar D"])
    for copy in copies[: rng.randint(2, 4)]:
        b.new_page(pw, ph, None)
        mx = 40.0
        top = ph - 50
        cl = f"{copy} — " + ("For the recipient" if not es else "Para el destinatario")
        tsize = min(13.0, 13.0 * (pw - 2 * mx - width(cl, f, 9) - 30) / width(form_title, fb, 13))
        _text(b, "title", form_title, mx, top, fb, tsize)
        b.whole(b.heading_type(Element("title", form_title, b.page), tsize, True))
        _text(b, "field", cl, pw - mx, top, f, 9, "right")
        b.whole(Element("field", cl, b.page))
        bw = (pw - 2 * mx) / ncols
        bh = 34.0
        y0 = top - 20
        c = b.canvas
        c.setLineWidth(0.5)
        for i, (label, value) in enumerate(boxes):
            r, col = divmod(i, ncols)
            x, y = mx + col * bw, y0 - r * bh
            c.rect(x, y - bh, bw, bh, stroke=1, fill=0)
            _text(b, "label", label, x + 3, y - 8, f, 6.5)
            _text(b, "field", value, x + 6, y - 24, f, 10)
            b.whole(Element("label", label, b.page))
            b.whole(Element("field", value, b.page))
        for i, line in enumerate(instr):
            st = Style(f, 7.5, 9.0, align="left")
            yy = 60 - i * 22
            b.set_block("field", line, mx, yy, pw - 2 * mx, st)
    return b.finish()
