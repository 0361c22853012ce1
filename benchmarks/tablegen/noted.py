"""The ``notes`` family: a table ending in the notes set under it, as reports, statistics and
brochures set them ("* 전월 이용금액 40만원 이상 시 제공", "† estimated", "Source: …"): one to
three lines, a size smaller than the cells or the same, starting at the table's left edge at its
own row pitch, now and then inside a frame drawn round the table and its notes. The truth: the
notes are no cells of the table (they are text after it)."""

from __future__ import annotations

import random

from reportlab.lib.colors import Color

from . import content
from .compose import Recipe
from .families import Doc, fit_table, make_look
from .model import GeneratedDoc

MARKS = ("*", "*", "†", "‡", "※", "¹")
LABELS = {"en": ("Note:", "Notes:", "Source:"), "es": ("Nota:", "Fuente:"), "zh": ("注：", "注:")}


def note_line(rng: random.Random, locale: str) -> str:
    """One note: a mark or a label, then a short sentence; now and then the sentence alone,
    spanning the table's columns."""
    if rng.random() < 0.2:
        return content.sentence(rng, locale, 8, 14)
    lead = rng.choice(MARKS) if rng.random() < 0.6 else rng.choice(LABELS[locale])
    gap = "" if lead.endswith("：") else " "
    return lead + gap + content.sentence(rng, locale, 3, 9)


def make_notes(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "notes")
    w = doc.w
    framed = rng.random() < 0.5
    look = make_look(rng, doc.fonts, rng.choice(("grid", "rows", "header", "none", "booktabs")),
                     header_fill=None, header_text=Color(0, 0, 0), full_width=True,
                     size=rng.choice((7.5, 8.0, 8.5, 9.0)), frame=framed)
    recipe = Recipe(rng.randint(2, 5), rng.randint(3, 9), first_kind=rng.choice(("label", "name", "place", "date", "code")),
                    number_share=0.6)
    if rng.random() < 0.5:
        doc.heading()
    w.paragraph(doc.prose(), doc.body, space_after=w.leading)
    notes = [note_line(rng, doc.locale) for _ in range(rng.randint(1, 3))]
    size = look.size - rng.choice((0.0, 0.5, 1.0))
    style = w.style(size=size, align="left", leading=size * 1.25)
    room = w.columns[0].y - w.bottom - 6 * w.leading - len(notes) * 3 * size
    spec, lay = fit_table(rng, doc, recipe, look, w.text_width, room)
    top = w.columns[0].y
    assert w.place_table(spec, look, lay, list(range(spec.n_rows)), column=0)
    doc.record(spec, look, [w.page], notes=len(notes))
    w.skip(rng.uniform(0.2, 0.6) * look.size)
    for text in notes:
        w.paragraph(text, style, force=True)
    if framed:
        # The brochure's frame: one box round the table and its notes.
        bottom = w.columns[0].y - 3.0
        w.canvas.setLineWidth(0.6)
        w.canvas.rect(w.margin, bottom, w.text_width, top - bottom, stroke=1, fill=0)
    w.skip(w.leading)
    w.fill_prose(0, doc.prose, doc.body, space_after=w.leading * 0.5)
    return doc.finish()
