"""Markdown output parsed with a CommonMark parser (markdown-it-py): the structure a reader of
the rendered Markdown sees, on PDFs generated with known headings, paragraphs and lists."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from markdown_it import MarkdownIt
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pdfgen import canvas_pdf
from pdfprose import Options, convert
from pdfprose.output.render import escape_markdown

if TYPE_CHECKING:
    from pdfprose.model import Paragraph

BODY = 10.0


def _structure(markdown: str) -> list[tuple[str, str]]:
    """(block type, inline text) for headings, paragraphs and list items, in order."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    out: list[tuple[str, str]] = []
    stack: list[str] = []
    for i, tok in enumerate(tokens):
        if tok.type in ("heading_open", "paragraph_open", "list_item_open"):
            stack.append(tok.tag if tok.type == "heading_open" else tok.type)
        elif tok.type == "inline" and stack:
            kind = stack[-1]
            if kind == "paragraph_open" and "list_item_open" in stack:
                depth = stack.count("list_item_open")
                kind = f"item{depth}"
            elif kind == "paragraph_open":
                kind = "p"
            out.append((kind, tok.content))
        elif tok.type in ("heading_close", "paragraph_close", "list_item_close") and stack:
            stack.pop()
    return out


def _draw_document(canvas, index):  # type: ignore[no-untyped-def]
    # Vera (shipped with reportlab) is embedded with a ToUnicode map, so "•" is a real bullet;
    # the core Helvetica's WinAnsi encoding has its bullet at a code pdfminer leaves unmapped.
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    y = 780.0

    def line(text: str, size: float = BODY, font: str = "Helvetica", x: float = 72.0,
             gap: float = 1.3) -> None:
        nonlocal y
        canvas.setFont(font, size)
        canvas.drawString(x, y, text)
        y -= size * gap

    line("Field Notes on Orchards", size=20, font="Helvetica-Bold", gap=2.2)
    line("1 Background", size=14, font="Helvetica-Bold", gap=1.8)
    line("Orchards need * careful pruning and patience, and this first paragraph says so")
    line("across two lines of ordinary text.", gap=2.4)
    line("# not a heading: the text itself starts with a hash and stays a paragraph.", gap=2.4)
    line("\u2022 apples grow on trees", x=80, font="Vera")
    line("\u2022 pears need warmth", x=80, font="Vera")
    line("\u2022 early pears ripen first", x=100, font="Vera")
    line("\u2022 quinces are rare", x=80, gap=2.4, font="Vera")
    line("1. water in the morning", x=80)
    line("2. prune in winter", x=80, gap=2.4)
    line("2 Methods", size=14, font="Helvetica-Bold", gap=1.8)
    line("The methods section has a single line.")


def test_headings_paragraphs_and_nested_lists(tmp_path: Path) -> None:
    pdf = tmp_path / "doc.pdf"
    canvas_pdf(pdf, _draw_document)
    markdown = convert(pdf.read_bytes()).render(Options(format="md"))
    assert _structure(markdown) == [
        ("h1", "Field Notes on Orchards"),
        ("h2", "1 Background"),
        ("p", "Orchards need \\* careful pruning and patience, and this first paragraph says so "
              "across two lines of ordinary text."),
        ("p", "\\# not a heading: the text itself starts with a hash and stays a paragraph."),
        ("item1", "apples grow on trees"),
        ("item1", "pears need warmth"),
        ("item2", "early pears ripen first"),
        ("item1", "quinces are rare"),
        ("item1", "water in the morning"),
        ("item1", "prune in winter"),
        ("h2", "2 Methods"),
        ("p", "The methods section has a single line."),
    ]


def test_numbered_items_keep_their_numbers(tmp_path: Path) -> None:
    pdf = tmp_path / "doc.pdf"
    canvas_pdf(pdf, _draw_document)
    markdown = convert(pdf.read_bytes()).render(Options(format="md"))
    tokens = MarkdownIt("commonmark").parse(markdown)
    ordered = [t for t in tokens if t.type == "ordered_list_open"]
    assert len(ordered) == 1 and ordered[0].attrs.get("start") is None  # starts at 1
    assert "1. water in the morning\n\n2. prune in winter" in markdown


def test_escaping_keeps_body_text_literal() -> None:
    cases = {
        "# hash": "\\# hash",
        "1. not a list": "1\\. not a list",
        "- dash": "\\- dash",
        "> quote": "\\> quote",
        "a *star* and _under_ and `tick` and [link](x) and <tag>": (
            "a \\*star\\* and \\_under\\_ and \\`tick\\` and \\[link\\](x) and \\<tag>"
        ),
        "snake_case stays": "snake_case stays",
        # A PDF that prints an HTML entity (a web page saved as PDF) showed "AT&T" in the preview.
        "AT&amp;T, &#169; and &#x41;": "AT\\&amp;T, \\&#169; and \\&#x41;",
        "R&D & Q&A; fish &chips": "R&D & Q&A; fish &chips",
    }
    for text, escaped in cases.items():
        assert escape_markdown(text) == escaped
        rendered = MarkdownIt("commonmark").render(escaped)
        assert rendered.startswith("<p>"), (text, rendered)
    shown = MarkdownIt("commonmark").render(escape_markdown("AT&amp;T, &#169; and &#x41;"))
    assert shown == "<p>AT&amp;amp;T, &amp;#169; and &amp;#x41;</p>\n"


def _item(text: str, marker: str, indent: int, top: float) -> "Paragraph":
    from pdfprose.model import Line, Paragraph

    line = Line(text=text, x0=72 + 20 * indent, top=top, x1=400, bottom=top + BODY,
                baseline=top + 8, size=BODY)
    return Paragraph(lines=[line], block=0, kind="list_item", marker=marker, indent=indent)


def test_an_indented_item_never_becomes_a_code_block() -> None:
    # IRS p. 1, WHO p. 51, geotopo: an item at nesting depth 1 after a plain paragraph, after
    # "(c)" (no CommonMark list) or under "210." (content at column 5) was written with four
    # spaces and read as an indented code block, in the page's preview too.
    from pdfprose.model import Line, PageAnalysis, Paragraph
    from pdfprose.output.render import render

    intro = Paragraph(lines=[Line(text="Who must file.", x0=72, top=80, x1=300, bottom=90,
                                  baseline=88, size=BODY)], block=0)
    paragraphs = [intro, _item("1. Children under age 18 at the end of 2008.", "1.", 1, 100),
                  _item("(c) Electricity or water you produced", "(c)", 0, 120),
                  _item("(d) Gas you produced", "(d)", 1, 140),
                  _item("210. Neri S, Bertino G. A multidisciplinary approach.", "210.", 0, 160),
                  _item("• a nested point", "•", 1, 180),
                  _item("• deeper still", "•", 2, 200)]
    page = PageAnalysis(number=1, width=600, height=800, paragraphs=paragraphs)
    markdown = render([page], Options(format="md"))
    tokens = MarkdownIt("commonmark").parse(markdown)
    assert not [t for t in tokens if t.type == "code_block"]
    assert "\n     - a nested point\n" in markdown  # under "210. ": five spaces
    assert "\n       - deeper still\n" in markdown  # under "- " at column 5: seven
    structure = _structure(markdown)
    assert ("item2", "a nested point") in structure and ("item3", "deeper still") in structure


def test_a_lettered_item_is_written_with_a_parenthesis_in_markdown_only() -> None:
    # The Guatemalan constitution's "j. Interpelar a los ministros..." (gtm-6) between "i." and
    # "k.", the IRS instructions' "a." and "b.", the I-9's "a. Pasaporte extranjero": in a
    # lettered list, one letter (or a roman numeral) and a full stop is written "j) " in
    # Markdown ("j. " reads as an initial); the plain text keeps what was printed. A paragraph
    # that opens with an abbreviation taken for a marker ("z. B. Word", "p. 30).") has no
    # lettered neighbour and stays as printed, as do other markers.
    from pdfprose.model import PageAnalysis
    from pdfprose.output.render import render

    paragraphs = [_item("i. Declarar la incapacidad", "i.", 0, 100),
                  _item("j. Interpelar a los ministros", "j.", 0, 120),
                  _item("k. Todas las demás", "k.", 0, 140),
                  _item("(c) Electricity", "(c)", 0, 160),
                  _item("z. B. Word, oder das Definieren", "z.", 0, 180),
                  _item("ii. Second", "ii.", 0, 200),
                  _item("iii. Third", "iii.", 0, 220),
                  _item("iv. Fourth", "iv.", 0, 240),
                  _item("2. Second", "2.", 0, 260)]
    page = PageAnalysis(number=1, width=600, height=800, paragraphs=paragraphs)
    markdown = render([page], Options(format="md")).split("\n\n")
    assert markdown == ["i) Declarar la incapacidad", "j) Interpelar a los ministros",
                        "k) Todas las demás", "(c) Electricity", "z. B. Word, oder das Definieren",
                        "ii) Second", "iii) Third", "iv) Fourth", "2. Second\n"]
    text = render([page], Options()).split("\n\n")
    assert text[:3] == ["i. Declarar la incapacidad", "j. Interpelar a los ministros",
                        "k. Todas las demás"]
