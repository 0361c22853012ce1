"""The families of generated documents with tables, each one kind of table as the corpus shows
it (``../shared/corpus/real``: an Excel WARN listing, a Chinese quarterly report, a Polish
invoice, WHO guidelines, a bank's rate sheet, a Korean brochure, a French study, a two-column
paper):

- ``ruled``: every rule of a grid, dense like an export, header often shaded;
- ``partly_ruled``: rules between rows under a filled header, booktabs' three rules, or one
  rule under the header;
- ``unruled``: columns held apart by white space alone;
- ``zebra``: rows shaded in turn, few or no rules;
- ``boxes``: each cell a box of its own;
- ``spans``: a header row grouping columns under spanning cells, section rows across the table,
  category cells spanning rows;
- ``wrapped``: a column of sentences wrapping inside their cells;
- ``numbers``: financial statements: signs, separators, currency, units, empty cells; now
  and then a grid of figures only whose last column rises (a counter, years, a running total);
- ``two_column``: a table in one column of a two-column paper (or across both), prose beside it;
- ``page_break``: a long table cut by a page break, the next part repeating the header or not;
- ``sizes``: 2 x 2 up to 12 columns x 40 rows;
- ``panel``: a table in a shaded box (a sidebar, a report's "key figures" panel) with the
  heading and prose that introduce it, prose outside the box above and below;
- ``tight``: rows set at the text's own line pitch (no padding), a column of sentences
  wrapping over two to four lines, rules down the columns or under the header at most;
- ``dense``: a statistical abstract's table: a padded header (a group heading over its
  columns now and then) over rows of figures set solid, at the text's line pitch, no cell
  wrapping.

Each ``make_*`` takes a seeded :class:`random.Random` and returns a
:class:`~benchmarks.tablegen.model.GeneratedDoc`: the PDF and its truth. Locale (English,
Spanish, Chinese), fonts and sizes are drawn from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.platypus import Paragraph

from . import content
from .compose import Recipe, compose
from .draw import Layout, Look, TableSpec, TooWide, layout
from .model import GeneratedDoc, TableTruth
from .pages import Fonts, Writer, page_size, pick_fonts

LIGHT_FILLS = (Color(0.85, 0.85, 0.85), Color(0.8, 0.87, 0.95), Color(0.99, 0.9, 0.8),
               Color(0.88, 0.94, 0.86))
DARK_FILLS = (Color(0.75, 0.12, 0.16), Color(0.1, 0.25, 0.5), Color(0.2, 0.2, 0.2),
              Color(0.0, 0.45, 0.65))
ZEBRA_FILLS = (Color(0.93, 0.93, 0.93), Color(0.9, 0.95, 1.0), Color(0.96, 0.93, 0.88))
RULE_COLORS = (Color(0, 0, 0), Color(0, 0, 0), Color(0.45, 0.45, 0.45), Color(0.75, 0.12, 0.16))


def pick_locale(rng: random.Random) -> str:
    return rng.choices(content.LOCALES, weights=(5, 3, 2))[0]


def make_look(rng: random.Random, fonts: Fonts, rules: str, **overrides) -> Look:
    """A drawing style for ``rules``, everything else drawn from the seed."""
    header_fill = None
    header_text = Color(0, 0, 0)
    roll = rng.random()
    if roll < 0.25:
        header_fill = rng.choice(DARK_FILLS)
        header_text = Color(1, 1, 1)
    elif roll < 0.55:
        header_fill = rng.choice(LIGHT_FILLS)
    look = Look(
        rules=rules,
        rule_as_fill=rng.random() < 0.3,
        segmented=rng.random() < 0.3,
        line_width=rng.choice((0.25, 0.4, 0.5, 0.5, 0.75, 1.0)),
        rule_color=rng.choice(RULE_COLORS),
        frame=rng.random() < 0.85,
        header_fill=header_fill,
        header_text=header_text,
        header_bold=not fonts.cjk and rng.random() < 0.8,
        header_align=rng.choice(("same", "same", "left", "center")),
        font=fonts.regular,
        bold_font=fonts.bold,
        size=rng.choice((7.0, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0)),
        hpad=round(rng.uniform(2.5, 6.0), 1),
        vpad=round(rng.uniform(1.0, 4.0), 1),
        valign=rng.choice(("top", "top", "middle", "bottom")),
        full_width=rng.random() < 0.5,
    )
    for key, value in overrides.items():
        setattr(look, key, value)
    return look


def style_of(look: Look, **extra) -> dict:
    """What the truth records of a table's drawing (for results per style)."""
    out = {"rules": look.rules, "header_fill": look.header_fill is not None,
           "zebra": look.zebra is not None, "rule_as_fill": look.rule_as_fill,
           "segmented": look.segmented, "size": look.size}
    out.update(extra)
    return out


class Doc:
    """A document being generated: its writer, locale, number style and truth so far."""

    def __init__(self, rng: random.Random, name: str, family: str, *, wide: bool = False,
                 columns: int = 1) -> None:
        self.rng = rng
        self.name = name
        self.family = family
        self.locale = pick_locale(rng)
        self.fonts = pick_fonts(rng, self.locale)
        self.numbers = content.number_style(rng, self.locale)
        body = rng.choice((9.0, 9.5, 10.0, 10.5, 11.0))
        furniture = content.phrase(rng, self.locale, 2, 5) if rng.random() < 0.4 else ""
        self.w = Writer(rng, self.fonts, page_size(rng, wide), rng.choice((40.0, 50.0, 60.0, 72.0)),
                        body, furniture=furniture)
        self.body = self.w.style()
        self.tables: list[TableTruth] = []
        self.columns: dict[int, int] = {}
        self.table_no = rng.randint(1, 12)
        if columns > 1:
            self.w.set_columns(columns, gutter=rng.choice((12.0, 18.0, 24.0)))

    def prose(self) -> str:
        return content.paragraph(self.rng, self.locale, self.rng.randint(2, 5))

    def heading(self) -> None:
        self.w.paragraph(content.phrase(self.rng, self.locale, 2, 6),
                         self.w.style(size=self.w.body_size + 3, bold=True, align="left"),
                         column=0, space_after=self.w.leading / 2)

    def caption_style(self):
        return self.w.style(bold=self.rng.random() < 0.6,
                            align=self.rng.choice(("left", "left", "center")))

    def caption(self, column: int = 0) -> None:
        text = content.caption(self.rng, self.locale, self.table_no)
        self.table_no += 1
        self.w.paragraph(text, self.caption_style(), column=column, space_after=4.0, force=True)

    def record(self, spec: TableSpec, look: Look, pages: list[int], **style) -> TableTruth:
        truth = TableTruth(f"{self.name}-t{len(self.tables) + 1}", spec.n_rows, spec.n_cols,
                           list(spec.cells), spec.header_rows, pages, style_of(look, **style))
        self.tables.append(truth)
        return truth

    def finish(self, negative: bool = False, columns: int | None = 1) -> GeneratedDoc:
        """The PDF and its truth; pages whose column count was not set get ``columns`` (None:
        not known, as on a form with two label/value pairs a row)."""
        pdf = self.w.finish()
        for p in range(1, self.w.page + 1):
            if columns is not None:
                self.columns.setdefault(p, columns)
        return GeneratedDoc(self.name, self.family, 0, pdf, self.w.page, self.tables,
                            self.columns, negative)


def fit_table(rng: random.Random, doc: Doc, recipe: Recipe, look: Look, width: float,
              height: float) -> tuple[TableSpec, Layout]:
    """Compose a table from ``recipe`` that fits ``width`` x ``height``: fewer body rows, then
    fewer columns, until it does."""
    for _ in range(60):
        spec = compose(rng, doc.locale, doc.numbers, recipe)
        try:
            lay = layout(spec, look, width)
        except TooWide:
            if recipe.n_cols <= 2:
                raise
            recipe.n_cols -= 1
            if recipe.kinds:
                recipe.kinds = recipe.kinds[: recipe.n_cols - 1]
            continue
        if lay.height(list(range(spec.n_rows))) <= height:
            return spec, lay
        recipe.n_body = max(1, int(recipe.n_body * 0.8))
    raise TooWide("no table of this recipe fits")


def single_table_page(rng: random.Random, doc: Doc, recipe: Recipe, look: Look,
                      second: tuple[Recipe, Look] | None = None, **style) -> None:
    """One page: a heading now and then, prose, a caption (mostly), the table, a note now and
    then, prose to the foot of the page; ``second``: another table below the first."""
    w = doc.w
    if rng.random() < 0.5:
        doc.heading()
    reserve = 3 * w.leading + 40  # caption, note, breathing room
    avail = w.columns[0].y - w.bottom - reserve
    max_width = w.text_width if look.full_width or rng.random() < 0.7 else \
        w.text_width * rng.uniform(0.55, 0.9)
    spec, lay = fit_table(rng, doc, recipe, look, max_width, avail)
    spare = avail - lay.height(list(range(spec.n_rows)))
    second_fit = None
    if second is not None:
        try:
            second_fit = fit_table(rng, doc, second[0], second[1], w.text_width * 0.7,
                                   spare * 0.8 - reserve)
            spare -= lay.height(list(range(second_fit[0].n_rows))) + reserve
        except TooWide:
            second_fit = None
    stop = w.columns[0].y - max(0.0, spare) * rng.uniform(0.0, 0.7)
    w.fill_prose(0, doc.prose, doc.body, space_after=w.leading * rng.choice((0, 0.5, 1)),
                 stop=stop)
    if rng.random() < 0.75:
        doc.caption()
    align = rng.choice(("left", "center"))
    assert w.place_table(spec, look, lay, list(range(spec.n_rows)), column=0, align=align)
    doc.record(spec, look, [w.page], **style)
    w.skip(w.leading / 2)
    if rng.random() < 0.3:
        w.paragraph(content.note(rng, doc.locale), w.style(size=max(6.0, w.body_size - 2),
                    align="left"), space_after=w.leading / 2)
    if second_fit is not None:
        w.skip(w.leading)
        if rng.random() < 0.5:
            doc.caption()
        if w.place_table(second_fit[0], second[1], second_fit[1],
                         list(range(second_fit[0].n_rows)), column=0, align=align):
            doc.record(second_fit[0], second[1], [w.page], **style)
        w.skip(w.leading / 2)
    w.fill_prose(0, doc.prose, doc.body, space_after=w.leading * 0.5)


def _first_kind(rng: random.Random) -> str:
    return rng.choice(("label", "label", "name", "place", "date", "code"))


# --------------------------------------------------------------------------------------------
# The families


def make_ruled(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "ruled")
    look = make_look(rng, doc.fonts, "grid", vpad=round(rng.uniform(0.8, 2.5), 1),
                     size=rng.choice((6.5, 7.0, 7.5, 8.0, 8.5, 9.0)), frame=True)
    recipe = Recipe(rng.randint(3, 9), rng.randint(3, 25), first_kind=_first_kind(rng),
                    empty_share=rng.choice((0.0, 0.0, 0.05)), number_share=0.55)
    second = None
    if rng.random() < 0.3:
        second = (Recipe(rng.randint(2, 5), rng.randint(1, 4), number_share=0.9),
                  make_look(rng, doc.fonts, "grid", size=look.size, frame=True))
    single_table_page(rng, doc, recipe, look, second)
    return doc.finish()


def make_partly_ruled(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "partly_ruled")
    rules = rng.choice(("rows", "booktabs", "header"))
    look = make_look(rng, doc.fonts, rules)
    if rules != "rows" and look.header_text.red == 1:  # a dark fill wants its row rules
        look.header_fill = None
        look.header_text = Color(0, 0, 0)
    recipe = Recipe(rng.randint(2, 8), rng.randint(3, 20), first_kind=_first_kind(rng),
                    wrap_text=rng.random() < 0.25, number_share=0.6)
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


def make_unruled(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "unruled")
    look = make_look(rng, doc.fonts, "none", header_fill=None, header_text=Color(0, 0, 0),
                     hpad=round(rng.uniform(3.5, 8.0), 1))
    recipe = Recipe(rng.randint(2, 8), rng.randint(3, 22), first_kind=_first_kind(rng),
                    header=rng.random() < 0.85, number_share=0.7)
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


def make_zebra(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "zebra")
    look = make_look(rng, doc.fonts, rng.choice(("none", "none", "rows", "header", "grid")),
                     zebra=rng.choice(ZEBRA_FILLS), zebra_first=rng.random() < 0.5)
    recipe = Recipe(rng.randint(2, 8), rng.randint(4, 24), first_kind=_first_kind(rng),
                    number_share=0.65)
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


def make_boxes(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "boxes")
    look = make_look(rng, doc.fonts, "boxes", box_gap=rng.choice((0.0, 1.0, 2.0, 3.0)))
    recipe = Recipe(rng.randint(2, 7), rng.randint(2, 16), first_kind=_first_kind(rng),
                    empty_share=rng.choice((0.0, 0.08)), number_share=0.6)
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


def make_spans(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "spans")
    rules = rng.choice(("grid", "grid", "booktabs", "rows"))
    look = make_look(rng, doc.fonts, rules, frame=True)
    kind = rng.random()
    recipe = Recipe(rng.randint(3, 8), rng.randint(4, 18), first_kind="label",
                    group_header=kind < 0.6 or rng.random() < 0.3,
                    section_rows=rng.randint(1, 3) if kind >= 0.3 else 0,
                    rowspans=rules == "grid" and rng.random() < 0.4, number_share=0.85)
    single_table_page(rng, doc, recipe, look, spans=True)
    return doc.finish()


def make_wrapped(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "wrapped")
    look = make_look(rng, doc.fonts, rng.choice(("rows", "rows", "grid", "none", "booktabs")))
    recipe = Recipe(rng.randint(2, 5), rng.randint(3, 10), first_kind=rng.choice(
        ("label", "name", "code")), wrap_text=True, number_share=0.4)
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


def make_numbers(rng: random.Random, name: str) -> GeneratedDoc:
    doc = Doc(rng, name, "numbers")
    look = make_look(rng, doc.fonts, rng.choice(("grid", "rows", "booktabs", "none", "header")))
    if look.rules == "grid" and rng.random() < 0.4:
        look.label_fill = rng.choice(ZEBRA_FILLS)
    kinds = [rng.choice(("decimal", "decimal", "money", "percent", "unit", "int"))
             for _ in range(rng.randint(1, 6))]
    recipe = Recipe(len(kinds) + 1, rng.randint(4, 24), first_kind="label", kinds=kinds,
                    empty_share=rng.choice((0.0, 0.05, 0.15)),
                    section_rows=rng.choice((0, 0, 1, 2)))
    # A grid of figures only, its last column rising down the rows (a counter, years, a
    # running total), as a contents' page numbers do: a table, not a contents. Drawn from a
    # generator of its own so that the family's other documents stay as they were.
    if random.Random(f"{name}/rising").random() < 0.3:
        recipe.first_kind = "int"
        recipe.kinds = ["int"] * max(1, len(kinds) - 1) + ["rising"]
        recipe.n_cols = len(recipe.kinds) + 1
        recipe.empty_share = 0.0
        recipe.section_rows = 0
    single_table_page(rng, doc, recipe, look, spans=recipe.section_rows > 0)
    return doc.finish()


def make_sizes(rng: random.Random, name: str) -> GeneratedDoc:
    n_cols = rng.randint(2, 12)
    n_body = int(round(2 ** rng.uniform(0.0, 5.33)))  # 1 to 40 rows, as many small as large
    doc = Doc(rng, name, "sizes", wide=n_cols >= 9)
    look = make_look(rng, doc.fonts, rng.choice(("grid", "rows", "booktabs", "none", "header",
                                                  "verticals")),
                     size=rng.choice((6.5, 7.0, 7.5, 8.0, 9.0)) if n_body > 25 else 9.0,
                     vpad=1.2 if n_body > 25 else 2.5)
    recipe = Recipe(n_cols, n_body, first_kind=_first_kind(rng), number_share=0.75)
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


def make_two_column(rng: random.Random, name: str) -> GeneratedDoc:
    """A two-column paper: a narrow table in one column with justified prose above, below and
    beside it, or a table across both columns at the top of the page."""
    doc = Doc(rng, name, "two_column")
    w = doc.w
    doc.body = w.style(size=w.body_size, align="justify", indent=w.body_size)
    across = rng.random() < 0.3
    if rng.random() < 0.6:
        doc.heading()
        w.skip(w.leading)
    look = make_look(rng, doc.fonts, rng.choice(("booktabs", "header", "verticals", "none",
                                                  "grid", "rows")),
                     font="Times-Roman" if not doc.fonts.cjk else doc.fonts.regular,
                     bold_font="Times-Bold" if not doc.fonts.cjk else doc.fonts.bold,
                     size=rng.choice((7.0, 8.0, 8.5, 9.0)), full_width=False)
    if across:
        recipe = Recipe(rng.randint(4, 10), rng.randint(4, 20), first_kind=_first_kind(rng),
                        number_share=0.85)
        avail = (w.columns[0].y - w.bottom) * 0.6
        spec, lay = fit_table(rng, doc, recipe, look, w.text_width, avail)
        w.set_columns(1, y=w.columns[0].y)
        assert w.place_table(spec, look, lay, list(range(spec.n_rows)), column=None,
                             align="center")
        doc.record(spec, look, [w.page], across=True)
        w.skip(4.0, column=None)
        w.paragraph(content.caption(rng, doc.locale, doc.table_no), doc.caption_style(),
                    space_after=w.leading)
        w.set_columns(2, gutter=rng.choice((14.0, 18.0, 24.0)))
        for c in range(2):
            w.fill_prose(c, doc.prose, doc.body)
    else:
        w.set_columns(2, gutter=rng.choice((14.0, 18.0, 24.0)))
        home = rng.randrange(2)
        recipe = Recipe(rng.randint(2, 4), rng.randint(3, 12), first_kind=rng.choice(
            ("label", "code")), number_share=0.6, wrap_text=rng.random() < 0.2)
        avail = (w.columns[home].y - w.bottom) * 0.7
        spec, lay = fit_table(rng, doc, recipe, look, w.columns[home].width, avail)
        room = w.columns[home].y - w.bottom - lay.height(list(range(spec.n_rows))) - \
            3 * w.leading
        stop = w.columns[home].y - max(0.0, room) * rng.uniform(0.0, 0.8)
        w.fill_prose(home, doc.prose, doc.body, stop=stop)
        w.skip(w.leading / 2, column=home)
        assert w.place_table(spec, look, lay, list(range(spec.n_rows)), column=home,
                             align="center")
        doc.record(spec, look, [w.page], across=False)
        w.skip(3.0, column=home)
        w.paragraph(content.caption(rng, doc.locale, doc.table_no), doc.caption_style(),
                    column=home, space_after=w.leading, force=True)
        w.fill_prose(home, doc.prose, doc.body)
        w.fill_prose(1 - home, doc.prose, doc.body)
    doc.columns[w.page] = 2
    return doc.finish()


def make_page_break(rng: random.Random, name: str) -> GeneratedDoc:
    """A table that starts low on page 1 and goes on at the top of page 2 (3 to 18 body rows on
    each), its header rows drawn again there or not."""
    doc = Doc(rng, name, "page_break")
    w = doc.w
    repeat = rng.random() < 0.5
    look = make_look(rng, doc.fonts, rng.choice(("grid", "rows", "none", "booktabs", "grid")),
                     size=rng.choice((7.0, 8.0, 9.0)), vpad=round(rng.uniform(1.0, 2.5), 1))
    if rng.random() < 0.3:
        look.zebra = rng.choice(ZEBRA_FILLS)
    if rng.random() < 0.5:
        doc.heading()
    recipe = Recipe(rng.randint(3, 8), 40, first_kind=_first_kind(rng), number_share=0.6)
    spec, lay = fit_table(rng, doc, recipe, look, w.text_width, (w.top - w.bottom) * 3)
    head = list(range(spec.header_rows))
    first, second = rng.randint(3, 18), rng.randint(3, 18)
    # Prose down to where the header and `first` body rows (and the caption) just fit.
    h1 = lay.height(head + list(range(spec.header_rows, spec.header_rows + first)))
    caption_room = 2 * w.leading + 8.0
    if w.columns[0].y - w.bottom > h1 + caption_room:
        w.fill_prose(0, doc.prose, doc.body, stop=w.bottom + h1 + caption_room)
    doc.caption()
    k = spec.header_rows
    used = lay.height(head)
    while k < spec.n_rows and used + lay.row_h[k] <= w.columns[0].y - w.bottom:
        used += lay.row_h[k]
        k += 1
    end = min(spec.n_rows, k + second)
    if k - spec.header_rows < 3 or end - k < 3:  # no room for a fair cut: draw the page again
        return make_page_break(random.Random(rng.random()), name)
    rows = list(range(end))
    spec = TableSpec([c for c in spec.cells if c.row < end], end, spec.n_cols,
                     spec.header_rows, spec.align, spec.wrap)
    assert w.place_table(spec, look, lay, rows[:k], column=0)
    w.new_page()
    assert w.place_table(spec, look, lay, (head if repeat else []) + rows[k:], column=0)
    doc.record(spec, look, [1, 2], repeat_header=repeat, split_after_row=k)
    w.skip(w.leading)
    w.fill_prose(0, doc.prose, doc.body, space_after=w.leading * 0.5)
    return doc.finish()


PANEL_FILLS = (Color(0.99, 0.92, 0.9), Color(0.93, 0.95, 0.99), Color(0.95, 0.95, 0.93),
               Color(0.9, 0.96, 0.92))


def make_panel(rng: random.Random, name: str) -> GeneratedDoc:
    """A shaded box across the text width holding a heading now and then, one or two
    paragraphs, a caption and a table (ruled, rules between rows, a shaded header or none),
    with prose above and below the box."""
    doc = Doc(rng, name, "panel")
    w = doc.w
    look = make_look(rng, doc.fonts, rng.choice(("grid", "rows", "header", "verticals",
                                                  "booktabs", "none")), full_width=True)
    recipe = Recipe(rng.randint(2, 6), rng.randint(3, 12), first_kind=_first_kind(rng),
                    number_share=0.7)
    pad = rng.choice((6.0, 9.0, 12.0, 16.0))
    inner = w.text_width - 2 * pad
    head = content.phrase(rng, doc.locale, 2, 5) if rng.random() < 0.6 else ""
    head_style = w.style(bold=True, align="left")
    texts = [doc.prose() for _ in range(rng.randint(1, 2))]
    caption = content.caption(rng, doc.locale, doc.table_no)
    cap_style = doc.caption_style()
    heights = [Paragraph(escape(t), st).wrap(inner, 10_000)[1]
               for t, st in ([(head, head_style)] if head else []) + [(t, doc.body) for t in texts]
               + [(caption, cap_style)]]
    gaps = w.leading / 2 * len(heights) + 4.0
    room = w.columns[0].y - w.bottom - 2 * pad - sum(heights) - gaps - 2 * w.leading
    spec, lay = fit_table(rng, doc, recipe, look, inner, room * rng.uniform(0.5, 0.9))
    box_h = 2 * pad + sum(heights) + gaps + lay.height(list(range(spec.n_rows)))
    spare = w.columns[0].y - w.bottom - box_h
    w.fill_prose(0, doc.prose, doc.body, space_after=w.leading / 2,
                 stop=w.columns[0].y - max(0.0, spare) * rng.uniform(0.0, 0.6))
    w.skip(w.leading / 2)
    top = w.columns[0].y
    w.canvas.setFillColor(rng.choice(PANEL_FILLS))
    w.canvas.rect(w.margin, top - box_h, w.text_width, box_h, stroke=0, fill=1)
    w.canvas.setFillColor(Color(0, 0, 0))
    outer = w.columns
    w.columns = [type(outer[0])(w.margin + pad, inner, top - pad)]
    if head:
        w.paragraph(head, head_style, space_after=w.leading / 2, force=True)
    for t in texts:
        w.paragraph(t, doc.body, space_after=w.leading / 2, force=True)
    w.paragraph(caption, cap_style, space_after=4.0, force=True)
    doc.table_no += 1
    assert w.place_table(spec, look, lay, list(range(spec.n_rows)), column=0)
    doc.record(spec, look, [w.page], panel=True)
    w.columns = outer
    w.columns[0].y = top - box_h - w.leading
    w.fill_prose(0, doc.prose, doc.body, space_after=w.leading / 2)
    return doc.finish()


def make_tight(rng: random.Random, name: str) -> GeneratedDoc:
    """A table whose rows stand at its text's line pitch (no padding above or below a cell),
    a short key first (a code, a date), one column of sentences wrapping over several lines:
    only the key column's empty lines and the text going on say where a row ends."""
    doc = Doc(rng, name, "tight")
    look = make_look(rng, doc.fonts, rng.choice(("none", "verticals", "header", "verticals")),
                     vpad=0.0, valign="top", header_fill=None, header_text=Color(0, 0, 0),
                     frame=False)
    recipe = Recipe(rng.randint(2, 4), rng.randint(3, 8), first_kind=rng.choice(
        ("code", "date")), wrap_text=True, number_share=0.7)
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


def make_dense(rng: random.Random, name: str) -> GeneratedDoc:
    """Rows of figures set at their text's line pitch under a header padded apart from them
    (a statistical yearbook's or a census table's): only the header stands at a wider pitch,
    so the rows' pitch is no wrapped cell's."""
    doc = Doc(rng, name, "dense")
    look = make_look(rng, doc.fonts, rng.choice(("header", "booktabs", "none", "verticals")),
                     vpad=0.0, header_vpad=round(rng.uniform(1.5, 4.0), 1), valign="top",
                     header_fill=None, header_text=Color(0, 0, 0), frame=False,
                     size=rng.choice((6.5, 7.0, 7.5, 8.0, 9.0)))
    # No currency: pdftotext, which the generator's own test reads its tables through, glues
    # the standard Helvetica's zero-width euro sign to a one-digit amount ("0€").
    kinds = [rng.choice(("decimal", "decimal", "int", "percent"))
             for _ in range(rng.randint(2, 6))]
    recipe = Recipe(len(kinds) + 1, rng.randint(8, 30), first_kind="label", kinds=kinds,
                    group_header=rng.random() < 0.4, empty_share=rng.choice((0.0, 0.05)))
    single_table_page(rng, doc, recipe, look)
    return doc.finish()


TABLE_FAMILIES: dict[str, Callable[[random.Random, str], GeneratedDoc]] = {
    "ruled": make_ruled,
    "partly_ruled": make_partly_ruled,
    "unruled": make_unruled,
    "zebra": make_zebra,
    "boxes": make_boxes,
    "spans": make_spans,
    "wrapped": make_wrapped,
    "numbers": make_numbers,
    "two_column": make_two_column,
    "page_break": make_page_break,
    "sizes": make_sizes,
    "panel": make_panel,
    "tight": make_tight,
    "dense": make_dense,
}
