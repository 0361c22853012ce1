"""Stage 6: rendering the analysed pages as plain text or Markdown (SPEC §12).

Pure functions of the analysis and the :class:`~pdfprose.Options`: no parsing happens here, so
the page can switch options instantly.
"""

from __future__ import annotations

import re

from ..model import PageAnalysis, Paragraph, Table
from ..options import Options
from ..params import DEFAULT_PARAMS, LayoutParams
from .hyphenation import SOFT_HYPHEN, join_lines, vocabulary
from .inline import InlineWriter
from .tables import gfm_table, row_paragraphs, table_rows, tsv_table

_MD_INLINE = re.compile(r"([\\`*<\[\]])")
_MD_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
_MD_ENTITY = re.compile(r"&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)")
"""An ampersand a CommonMark reader would take as the start of a character reference
(CommonMark 0.31 §2.5: ``&name;``, ``&#digits;``, ``&#xhex;``): "AT&amp;T" in a PDF must not
be shown as "AT&T"."""
_MD_LINE_START = re.compile(r"^(\s*)([#>+=|~]|-(?=\s|-|$)|\d{1,9}(?=[.)](?:\s|$))|`{3})")


def page_vocabulary(page: PageAnalysis) -> set[str]:
    """The words of one page, for de-hyphenation (SPEC §7). The vocabulary is read paragraph by
    paragraph (:func:`~pdfprose.output.hyphenation.vocabulary`) and the document passes only mark
    paragraphs, so the document's is the union of its pages': each page's can be taken by the
    converter (the page's worker) that analysed it (:class:`pdfprose.Converter`)."""
    return document_vocabulary([page])


def document_vocabulary(pages: list[PageAnalysis]) -> set[str]:
    """Every word of the document, for de-hyphenation (SPEC §7)."""
    return vocabulary(
        [line.text for line in para.lines] for page in pages for para in page.paragraphs
    )


def escape_markdown(text: str, line_starts: bool = True) -> str:
    """Escape what would turn body text into accidental Markdown syntax (SPEC §12): inline
    emphasis, code, links, HTML and character references everywhere; headings, quotes, lists,
    tables, rules and fences at a line start (unless ``line_starts`` is false: after a heading's
    or list item's marker)."""
    text = _MD_INLINE.sub(r"\\\1", text)
    text = _MD_UNDERSCORE.sub(r"\\_", text)
    text = _MD_ENTITY.sub(r"\\&", text)
    if not line_starts:
        return text
    out = []
    for line in text.split("\n"):
        m = _MD_LINE_START.match(line)
        if m is not None:
            start = m.start(2)
            if m.group(2)[0].isdigit():
                end = m.end(2)
                line = line[:end] + "\\" + line[end:]
            else:
                line = line[:start] + "\\" + line[start:]
        out.append(line)
    return "\n".join(out)


def _strip_marker(text: str, marker: str) -> str:
    return text[len(marker):].lstrip() if text.startswith(marker) else text


COMMONMARK_MARKER = re.compile(r"[-*+]|\d{1,9}[.)]")
"""A marker CommonMark reads as a list item's: a bullet, or up to nine digits and "." or ")"."""


LETTER_MARKER = re.compile(r"([^\W\d_]|[ivxlcdm]+|[IVXLCDM]+)\.")
"""A lettered item's printed marker ("j.", "B."): one letter, or a roman numeral ("iv."), and
a full stop."""

ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def _letter_values(marker: str) -> set[tuple[str, int]]:
    """What a lettered marker counts as: ``("a", n)`` for the n-th letter in lowercase, ``("A",
    n)`` in uppercase, ``("r", n)`` / ``("R", n)`` for a roman numeral ("i." is both the ninth
    letter and one); empty for any other marker."""
    match = LETTER_MARKER.fullmatch(marker)
    if match is None:
        return set()
    body = match.group(1)
    lower = body.islower()
    values: set[tuple[str, int]] = set()
    if len(body) == 1:
        values.add(("a" if lower else "A", ord(body.lower())))
    if all(ch in ROMAN for ch in body.lower()):
        digits = [ROMAN[ch] for ch in body.lower()]
        number = sum(-d if d < e else d for d, e in zip(digits, digits[1:] + [0]))
        values.add(("r" if lower else "R", number))
    return values


def lettered_items(items: list[Paragraph]) -> set[int]:
    """The ids of the list items (in reading order) whose marker is a letter or a roman
    numeral and a full stop, next to an item of the letter or numeral before or after it
    ("i.", "j.", "k."): an abbreviation that opens a paragraph and was taken for a marker
    ("z. B.", "d. h.", "p. 30).") has no such neighbour, and its text stays as printed."""
    values = [_letter_values(p.marker) for p in items]
    found: set[int] = set()
    for k in range(len(items) - 1):
        if any(kind == other and n + 1 == m for kind, n in values[k] for other, m in values[k + 1]):
            found.update((id(items[k]), id(items[k + 1])))
    return found


def _md_marker(para: Paragraph, lettered: bool = False) -> str:
    """The marker a list item is written with: its own number or letter, "-" for a bullet. In
    a lettered list (``lettered``: :func:`lettered_items`), a letter's or roman numeral's full
    stop becomes ")" ("j." -> "j)", "iv." -> "iv)"): a line that starts "j. " reads as an
    initial ("J. Smith") as often as an item, "j) " only as an item; the plain text keeps the
    printed marker."""
    if lettered and LETTER_MARKER.fullmatch(para.marker):
        return para.marker[:-1] + ")"
    return para.marker if para.marker[:1].isalnum() or para.marker[:1] == "(" else "-"


def _render_txt(para: Paragraph, text: str) -> str:
    """The plain text of one paragraph: a footnote as ``[n] text``, a figure's alternative
    text in brackets."""
    if para.kind == "footnote":
        return f"[{para.marker}] {_strip_marker(text, para.marker)}"
    if para.kind == "figure":
        return f"[{text}]"
    return text


def _render_md(para: Paragraph, text: str, pad: int = 0, lettered: bool = False) -> str:
    """The Markdown of one paragraph; a list item is indented by ``pad`` spaces (its parent
    item's content column, see :func:`render_with_page_starts`), ``lettered`` as
    :func:`_md_marker` says. A footnote is a definition
    ``[^n]: text`` (GFM); a figure's alternative text an italic line in brackets (the page's
    preview shows no images, and a description in brackets reads as one in any language)."""
    if para.kind == "footnote":
        body = escape_markdown(_strip_marker(text, para.marker), line_starts=False)
        return f"[^{para.marker}]: " + body.replace("\n", "\n    ")
    if para.kind == "figure":
        flat = " ".join(text.split())
        return "*\\[" + escape_markdown(flat, line_starts=False) + "\\]*"
    if para.kind == "heading":
        flat = " ".join(text.split("\n"))
        return "#" * max(1, min(para.level, 6)) + " " + escape_markdown(flat, line_starts=False)
    if para.kind == "list_item":
        body = escape_markdown(_strip_marker(text, para.marker))
        marker = _md_marker(para, lettered)
        body = body.replace("\n", "\n" + " " * (pad + len(marker) + 1))
        return f"{' ' * pad}{marker} {body}"
    return escape_markdown(text)


def render(pages: list[PageAnalysis], options: Options, vocab: set[str] | None = None,
           params: LayoutParams = DEFAULT_PARAMS) -> str:
    """The document's text: paragraphs separated by a blank line, UTF-8-ready, ending in one
    newline (or empty). ``vocab`` may be passed to skip recomputing the document's vocabulary;
    ``params`` are those the pages were analysed with."""
    return render_with_page_starts(pages, options, vocab, params)[0]


def render_with_page_starts(
    pages: list[PageAnalysis], options: Options, vocab: set[str] | None = None,
    params: LayoutParams = DEFAULT_PARAMS,
) -> tuple[str, list[tuple[int, int]]]:
    """Like :func:`render`, with ``(page number, offset)`` for each page whose text starts a
    paragraph: the offset (in code points) of its first paragraph in the text. A page whose
    text only continues a paragraph of the page before has no entry of its own."""
    if vocab is None and options.join_lines:
        vocab = document_vocabulary(pages)
    vocab = vocab or set()
    md = options.format == "md"
    inline = InlineWriter(md)  # links and footnote marks (output.inline)
    # Units are what is emitted: a paragraph and the lines of the paragraphs that continue it
    # (across a column or page break), as the continuation pass linked them
    # (``Paragraph.continues_from``). Captions and footnotes in between keep their place, so
    # they come after the paragraph they interrupted. With page markers, a paragraph does not
    # go on across a marker: its first part on the page stands after it, and the rest of the
    # page's parts join that one.
    units: list[tuple[Paragraph | None, list[str], int]] = []
    heads: dict[tuple[int, int], tuple[Paragraph | None, list[str], int]] = {}
    # A table's parts (more than one where it is cut by a page break), by id of its first
    # part's paragraph; the latest table written, which a part on the next page goes on.
    parts: dict[int, list[Table]] = {}
    last_table: Paragraph | None = None
    for page in pages:
        here: dict[tuple[int, int], tuple[Paragraph | None, list[str], int]] = {}
        if options.page_markers:
            marker = f"<!-- page {page.number} -->" if md else f"[{options.page_word} {page.number}]"
            units.append((None, [marker], page.number))
        for index, para in enumerate(page.paragraphs):
            if para.furniture and options.remove_headers:
                continue
            if para.table is not None:
                if para.continues and last_table is not None:
                    parts[id(last_table)].append(para.table)
                    continue
                parts[id(para)] = [para.table]
                last_table = para
                units.append((para, [], page.number))
                continue
            texts = inline.texts(para.lines)
            link = para.continues_from if para.continues else None
            if link is not None:
                host = heads.get(link)
                if options.page_markers and host is not None and host[2] != page.number:
                    host = here.get(link)
                if host is not None:
                    host[1].extend(texts)
                    continue
            unit = (para, texts, page.number)
            units.append(unit)
            heads[(page.number, index)] = unit
            if link is not None:
                here[link] = unit
    chunks: list[str] = []
    starts: list[tuple[int, int]] = []
    offset = 0
    lettered = lettered_items([p for p, _, _ in units
                               if p is not None and p.kind == "list_item"]) if md else set()
    # A nested list item needs its parent item just before it: after a paragraph, a heading
    # or a page marker, CommonMark reads four spaces of indent as a code block. An item is
    # nested at most one level below the item before it, indented to its parent's content
    # column (two spaces under "- ", five under "210. "). ``columns[k]`` is the content column
    # of the latest item of level k that items may nest under.
    columns: list[int] = []
    for para, texts, number in units:
        if para is None:
            chunk = texts[0]
            columns = []
        elif para.table is not None:
            rows = table_rows(parts[id(para)], vocab, inline)
            if not rows:
                continue
            if options.tables == "text":
                lines = row_paragraphs(rows)
                chunk = "\n\n".join(escape_markdown(t) for t in lines) if md else "\n\n".join(lines)
            elif md:
                chunk = gfm_table(rows, lambda t: escape_markdown(t, line_starts=False))
            else:
                chunk = tsv_table(rows)
            chunk = inline.finish(chunk)  # a cell's links and footnote marks
            columns = []
        else:
            if options.join_lines:
                text = inline.join(texts, lambda plain: join_lines(plain, vocab))
            else:
                text = "\n".join(t.replace(SOFT_HYPHEN, "") for t in texts)
            if not text.strip():
                continue
            if md and para.kind == "list_item":
                level = min(para.indent, len(columns))
                pad = columns[level - 1] if level else 0
                chunk = _render_md(para, text, pad, id(para) in lettered)
                columns = columns[:level]
                # "(a)", "b." or "iv)" make no CommonMark list: such an item is a paragraph
                # (inside its parent item, if any), and nothing nests under it.
                marker = _md_marker(para, id(para) in lettered)
                if COMMONMARK_MARKER.fullmatch(marker):
                    columns.append(pad + len(marker) + 1)
            else:
                chunk = _render_md(para, text) if md else _render_txt(para, text)
                columns = []
            chunk = inline.finish(chunk)
        if not starts or starts[-1][0] != number:
            starts.append((number, offset))
        chunks.append(chunk)
        offset += len(chunk) + 2  # the blank line that follows
    return ("\n\n".join(chunks) + "\n" if chunks else "", starts)
