"""What goes into a generated table: its columns' kinds, header, spans, empty cells and values.

:func:`compose` turns a :class:`Recipe` into a :class:`~benchmarks.tablegen.draw.TableSpec`
whose cells are the truth: a first column of labels, names or dates, then columns of numbers
(right-aligned) or text; a header row (or two, the upper one grouping columns under spanning
cells), section rows spanning the whole table, category cells spanning rows, empty cells.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import content
from .content import NumberStyle
from .draw import TableSpec
from .model import Cell


@dataclass(slots=True)
class Recipe:
    """The shape of a table to compose. ``kinds`` fixes the kinds of the columns after the
    first (else they are drawn: mostly numbers); ``wrap_text`` adds a column of sentences that
    wrap; ``empty_share`` is the chance of a body cell (not the first column) being empty."""

    n_cols: int
    n_body: int
    first_kind: str = "label"
    kinds: list[str] | None = None
    wrap_text: bool = False
    empty_share: float = 0.0
    header: bool = True
    group_header: bool = False
    section_rows: int = 0
    rowspans: bool = False
    number_share: float = 0.75


def _kinds(rng: random.Random, recipe: Recipe) -> list[str]:
    if recipe.kinds is not None:
        kinds = [recipe.first_kind] + list(recipe.kinds)
    else:
        kinds = [recipe.first_kind]
        for _ in range(recipe.n_cols - 1):
            if rng.random() < recipe.number_share:
                kinds.append(rng.choice(("int", "decimal", "decimal", "money", "percent",
                                         "unit", "ratio", "date")))
            else:
                kinds.append(rng.choice(("label", "name", "place", "code")))
    if recipe.wrap_text and "text" not in kinds:
        kinds[rng.randrange(1, len(kinds)) if len(kinds) > 1 else 0] = "text"
    return kinds[: recipe.n_cols]


def compose(rng: random.Random, locale: str, numbers: NumberStyle, recipe: Recipe) -> TableSpec:
    kinds = _kinds(rng, recipe)
    n_cols = len(kinds)
    makers = [content.value_maker(rng, k, locale, numbers) for k in kinds]
    align = ["right" if k in ("int", "decimal", "money", "percent", "unit", "ratio", "rising") else
             ("center" if k == "date" and rng.random() < 0.4 else "left") for k in kinds]
    wrap = [k in ("text",) for k in kinds]
    cells: list[Cell] = []
    taken: set[str] = set()
    header_rows = 0
    if recipe.header:
        leaves = [content.header(rng, k, locale, taken) for k in kinds]
        if recipe.group_header and n_cols >= 3:
            header_rows = 2
            at_top = rng.random() < 0.5  # a single column's heading in the upper row, spanning both
            c = 0
            while c < n_cols:
                pair = c > 0 and c + 1 < n_cols and rng.random() < 0.75
                if pair:
                    group = _group_label(rng, locale, taken)
                    cells.append(Cell(0, c, group, 1, 2))
                    cells.append(Cell(1, c, leaves[c]))
                    cells.append(Cell(1, c + 1, leaves[c + 1]))
                    c += 2
                else:
                    if at_top:
                        cells.append(Cell(0, c, leaves[c], rowspan=2))
                    else:
                        cells.append(Cell(0, c, ""))
                        cells.append(Cell(1, c, leaves[c]))
                    c += 1
        else:
            header_rows = 1
            cells.extend(Cell(0, c, leaves[c]) for c in range(n_cols))
    row = header_rows
    # section rows, never the last row (a section has rows under it)
    sections = sorted(rng.sample(range(max(1, recipe.n_body - 1)),
                                 min(recipe.section_rows, max(1, recipe.n_body - 1))))
    if recipe.section_rows and recipe.n_body and 0 not in sections:
        sections[0] = 0  # a table with sections starts with one
    body_left = recipe.n_body
    r_index = 0
    span_left = 0
    while body_left > 0:
        if r_index in sections:
            cells.append(Cell(row, 0, content.phrase(rng, locale, 1, 3) +
                              ("：" if locale == "zh" else ""), 1, n_cols))
            row += 1
            r_index += 1
            body_left -= 1
            span_left = 0
            continue
        for c in range(n_cols):
            if c == 0 and recipe.rowspans:
                if span_left > 0:
                    continue
                span = min(rng.choice((1, 2, 2, 3)), body_left, _rows_to_section(
                    r_index, sections, recipe.n_body))
                cells.append(Cell(row, 0, makers[0].make(rng), rowspan=span))
                span_left = span
                continue
            text = makers[c].make(rng)
            if c > 0 and rng.random() < recipe.empty_share:
                text = ""
            cells.append(Cell(row, c, text))
        span_left -= 1
        row += 1
        r_index += 1
        body_left -= 1
    return TableSpec(cells, row, n_cols, header_rows, align, wrap)


def _rows_to_section(index: int, sections: list[int], n_body: int) -> int:
    later = [s for s in sections if s > index]
    return (later[0] if later else n_body) - index


def _group_label(rng: random.Random, locale: str, taken: set[str]) -> str:
    if rng.random() < 0.4:
        year = rng.randint(2015, 2030)
        text = f"{year}年" if locale == "zh" else str(year)
    else:
        text = content.phrase(rng, locale, 2, 4)
    while text in taken:
        text += " " + str(rng.randint(1, 9))
    taken.add(text)
    return text
