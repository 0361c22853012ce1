"""Pages on which no table may be found (issue 23: "prose in columns is never a table; a table of
contents with its page numbers is not a table either"):

- ``prose_2col``, ``prose_3col``, ``prose_4col``: justified prose in two, three and four
  columns whose baselines line up across the gutters (same font, same leading, paragraphs and
  subheadings a whole number of lines apart), the look that fools a rule of "rows aligned
  across a gap";
- ``toc``: a table of contents, entries at two or three levels with dot leaders and
  right-aligned page numbers;
- ``numbered_list``: a numbered list with hanging indents, items of one to three lines;
- ``form``: label/value pairs, one or two to a row, the values aligned at a tab stop.

Each page's truth is its column count (none for a form with two pairs to a row, which reads
either way).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from . import content
from .families import Doc
from .model import GeneratedDoc


def make_prose_columns(rng: random.Random, name: str, n: int) -> GeneratedDoc:
    doc = Doc(rng, name, f"prose_{n}col")
    w = doc.w
    if n == 4 and w.body_size > 9.5:  # four columns of 11 pt would be a few words a line
        w.body_size = 9.0
        w.leading = round(9.0 * 1.2, 1)
    indent = w.body_size * rng.choice((0.0, 1.0, 1.5))
    body = w.style(align="justify", indent=indent)
    gap = w.leading * rng.choice((0, 0, 1))  # between paragraphs: none (an indent) or a line
    if indent == 0 and gap == 0:
        gap = w.leading
    if rng.random() < 0.7:
        doc.heading()
        w.skip(w.leading)
    w.set_columns(n, gutter=rng.choice((10.0, 12.0, 14.0, 18.0, 24.0)), y=w.columns[0].y)
    sub = w.style(bold=True, align="left")
    for c in range(n):
        # a subheading now and then: one line, a blank line above, the baselines kept
        for _ in range(200):
            if rng.random() < 0.12 and w.lines_left(c) > 6:
                w.skip(w.leading, column=c)
                w.paragraph(content.phrase(rng, doc.locale, 2, 4), sub, column=c)
            before = w.columns[c].y
            w.fill_prose(c, lambda: content.paragraph(rng, doc.locale, rng.randint(2, 4)),
                         body, space_after=gap, stop=w.columns[c].y - _one_paragraph(rng, w))
            if w.columns[c].y == before or w.lines_left(c) < 2:
                break
        w.fill_prose(c, lambda: content.paragraph(rng, doc.locale, rng.randint(1, 3)), body,
                     space_after=gap)
    doc.columns[w.page] = n
    return doc.finish(negative=True)


def _one_paragraph(rng: random.Random, w) -> float:
    """How far down the next run of prose may go before a subheading may come."""
    return w.leading * rng.randint(6, 30)


def make_toc(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "toc")
    w = doc.w
    title = {"en": "Contents", "es": "Índice", "zh": "目录"}[doc.locale]
    w.paragraph(title, w.style(size=w.body_size + 4, bold=True, align="left"),
                space_after=w.leading)
    c = w.canvas
    size = w.body_size
    dotted = rng.random() < 0.5  # ". . . ." or "......"
    y = w.columns[0].y - size
    right = w.width - w.margin
    page = rng.randint(1, 5)
    chapter = 0
    indent_step = rng.choice((12.0, 18.0, 24.0))
    while y > w.bottom + size:
        if chapter == 0 or rng.random() < 0.3:
            level = 0
            chapter += 1
            section = 0
            number = str(chapter)
        else:
            level = 1 if rng.random() < 0.7 else 2
            section += 1
            number = f"{chapter}.{section}" if level == 1 else \
                f"{chapter}.{section}.{rng.randint(1, 4)}"
        page += rng.randint(1, 9)
        font = w.fonts.bold if level == 0 and rng.random() < 0.6 else w.fonts.regular
        text = f"{number} {content.phrase(rng, doc.locale, 2, 7)}"
        x = w.margin + level * indent_step
        c.setFont(font, size)
        c.drawString(x, y, text)
        c.setFont(w.fonts.regular, size)
        num = str(page)
        num_w = stringWidth(num, w.fonts.regular, size)
        c.drawRightString(right, y, num)
        start = x + stringWidth(text, font, size) + size / 2
        end = right - num_w - size / 2
        unit = ". " if dotted else "."
        dots = int((end - start) // stringWidth(unit, w.fonts.regular, size))
        if dots > 2:
            leader = (unit * dots).rstrip()
            c.drawRightString(end, y, leader)
        y -= w.leading * (1.6 if level == 0 else 1.0)
    doc.columns[w.page] = 1
    return doc.finish(negative=True)


def make_numbered_list(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "numbered_list")
    w = doc.w
    if rng.random() < 0.6:
        doc.heading()
    w.paragraph(doc.prose(), doc.body, space_after=w.leading / 2)
    hang = rng.choice((14.0, 18.0, 24.0))
    marker = rng.choice(("{}.", "{})", "({})"))
    nested = rng.random() < 0.4
    i = 0
    while w.columns[0].y - w.bottom > 4 * w.leading:
        i += 1
        style = w.style(align=rng.choice(("left", "justify")))
        style.leftIndent = hang
        style.bulletIndent = 0
        text = " ".join(content.sentence(rng, doc.locale, 5, 16) for _ in range(rng.randint(1, 3)))
        para = Paragraph(escape(text), style, bulletText=marker.format(i))
        _, h = para.wrap(w.columns[0].width, 10_000)
        if w.columns[0].y - h < w.bottom:
            break
        para.drawOn(w.canvas, w.margin, w.columns[0].y - h)
        w.columns[0].y -= h + w.leading * rng.choice((0.0, 0.3, 0.5))
        if nested and rng.random() < 0.3:
            for j in range(rng.randint(2, 3)):
                sub = w.style(align="left")
                sub.leftIndent = 2 * hang
                sub.bulletIndent = hang
                p = Paragraph(escape(content.sentence(rng, doc.locale, 4, 12)), sub,
                              bulletText=f"{'abcd'[j]})")
                _, h = p.wrap(w.columns[0].width, 10_000)
                if w.columns[0].y - h < w.bottom:
                    break
                p.drawOn(w.canvas, w.margin, w.columns[0].y - h)
                w.columns[0].y -= h
    doc.columns[w.page] = 1
    return doc.finish(negative=True)


_FORM_LABELS = {
    "en": ["Name", "Surname", "Date of birth", "Address", "City", "Postcode", "Country",
           "Phone", "E-mail", "Account number", "Tax ID", "Invoice date", "Due date",
           "Payment method", "Reference", "Contract", "Issued by", "Signature date"],
    "es": ["Nombre", "Apellidos", "Fecha de nacimiento", "Domicilio", "Localidad",
           "Código postal", "País", "Teléfono", "Correo", "Número de cuenta", "NIF",
           "Fecha de factura", "Vencimiento", "Forma de pago", "Referencia", "Contrato"],
    "zh": ["姓名", "性别", "出生日期", "地址", "城市", "邮编", "电话", "电子邮件", "账号",
           "税号", "开票日期", "到期日", "付款方式", "合同编号", "经办人"],
}


def make_form(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "form")
    w = doc.w
    doc.heading()
    w.paragraph(content.sentence(rng, doc.locale, 8, 16), doc.body, space_after=w.leading)
    pairs_per_row = 1 if rng.random() < 0.6 else 2
    labels = list(_FORM_LABELS[doc.locale])
    rng.shuffle(labels)
    c = w.canvas
    size = w.body_size
    colon = "：" if doc.locale == "zh" else ":"
    label_w = max(stringWidth(lab + colon, w.fonts.bold, size) for lab in labels) + 8
    half = w.text_width / pairs_per_row
    y = w.columns[0].y - size
    values = [_form_value(rng, doc, lab) for lab in labels]
    i = 0
    while i < len(labels) and y > w.bottom:
        for k in range(pairs_per_row):
            if i >= len(labels):
                break
            x = w.margin + k * half
            c.setFont(w.fonts.bold if rng.random() < 0.5 else w.fonts.regular, size)
            c.drawString(x, y, labels[i] + colon)
            c.setFont(w.fonts.regular, size)
            c.drawString(x + label_w, y, values[i])
            i += 1
        y -= w.leading * rng.choice((1.2, 1.5, 2.0))
    if pairs_per_row == 1:
        doc.columns[w.page] = 1
    return doc.finish(negative=True, columns=None)


def _form_value(rng: random.Random, doc: Doc, label: str) -> str:
    if any(k in label.lower() for k in ("date", "fecha", "日期", "vencimiento", "到期")):
        return content.ValueMaker("date", doc.locale, doc.numbers).make(rng)
    if any(k in label.lower() for k in ("phone", "tel", "电话", "account", "cuenta", "账号")):
        return " ".join(str(rng.randint(100, 999)) for _ in range(3))
    return content.name(rng, doc.locale) if rng.random() < 0.5 else \
        content.phrase(rng, doc.locale, 1, 3)


NEGATIVE_FAMILIES: dict[str, Callable[[random.Random, str], GeneratedDoc]] = {
    "prose_2col": lambda rng, name: make_prose_columns(rng, name, 2),
    "prose_3col": lambda rng, name: make_prose_columns(rng, name, 3),
    "prose_4col": lambda rng, name: make_prose_columns(rng, name, 4),
    "toc": make_toc,
    "numbered_list": make_numbered_list,
    "form": make_form,
}
