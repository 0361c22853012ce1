"""Stage 6: rendering the analysed pages as plain text or Markdown (SPEC §12).

Pure functions of the analysis and the :class:`~pdfprose.Options`: no parsing happens here, so
the page can switch options instantly.
"""

from __future__ import annotations

import re

from ..model import PageAnalysis, Paragraph
from ..options import Options
from ..params import DEFAULT_PARAMS, LayoutParams
from ..text.vocabulary import CAPTION
from .hyphenation import SOFT_HYPHEN, join_lines, vocabulary
from .inline import InlineWriter

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


def _md_marker(para: Paragraph) -> str:
    """The marker a list item is written with: its own number or letter, "-" for a bullet."""
    return para.marker if para.marker[:1].isalnum() or para.marker[:1] == "(" else "-"


def _render_txt(para: Paragraph, text: str) -> str:
    """The plain text of one paragraph: a footnote as ``[n] text``, a figure's alternative
    text in brackets."""
    if para.kind == "footnote":
        return f"[{para.marker}] {_strip_marker(text, para.marker)}"
    if para.kind == "figure":
        return f"[{text}]"
    return text


def _render_md(para: Paragraph, text: str, pad: int = 0) -> str:
    """The Markdown of one paragraph; a list item is indented by ``pad`` spaces (its parent
    item's content column, see :func:`render_with_page_starts`). A footnote is a definition
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
        marker = _md_marker(para)
        body = body.replace("\n", "\n" + " " * (pad + len(marker) + 1))
        return f"{' ' * pad}{marker} {body}"
    return escape_markdown(text)


def _host_unit(open_units: list[tuple[Paragraph | None, list[str], int]],
               size: float, tolerance: float) -> tuple[Paragraph | None, list[str], int]:
    """The latest open unit whose paragraph has ``size`` (points, within ``tolerance``,
    ``continuation_size_tolerance``), else the latest one."""
    for unit in reversed(open_units):
        host = unit[0]
        if host is not None and abs(host.size - size) <= tolerance * max(host.size, size):
            return unit
    return open_units[-1]


def render(pages: list[PageAnalysis], options: Options, vocab: set[str] | None = None,
           params: LayoutParams = DEFAULT_PARAMS) -> str:
    """The document's text: paragraphs separated by a blank line, UTF-8-ready, ending in one
    newline (or empty). ``vocab`` may be passed to skip recomputing the document's vocabulary;
    ``params`` are those the pages were analysed with (a continued paragraph joins the latest
    open one of its size, stepping over as many as the continuation pass did)."""
    return render_with_page_starts(pages, options, vocab, params)[0]


def render_with_page_starts(
    pages: list[PageAnalysis], options: Options, vocab: set[str] | None = None,
    params: LayoutParams = DEFAULT_PARAMS,
) -> tuple[str, list[tuple[int, int]]]:
    """Like :func:`render`, with ``(page number, offset)`` for each page whose text starts a
    paragraph: the offset (in code points) of its first paragraph in the text. A page whose
    text only continues a paragraph of the page before has no entry of its own."""
    tolerance, lookback = params.continuation_size_tolerance, params.continuation_lookback
    if vocab is None and options.join_lines:
        vocab = document_vocabulary(pages)
    vocab = vocab or set()
    md = options.format == "md"
    inline = InlineWriter(md)  # links and footnote marks (output.inline)
    # Units are what is emitted: a paragraph and the lines of the paragraphs that continue it
    # (across a column or page break). Captions and footnotes in between keep their place, so
    # they come after the paragraph they interrupted.
    units: list[tuple[Paragraph | None, list[str], int]] = []
    # The body paragraphs still open to a continuation, latest last: a paragraph that goes on
    # joins the latest of its own size (a footnote's second part joins the footnote, not the
    # body text the footnote interrupted).
    open_units: list[tuple[Paragraph | None, list[str], int]] = []
    for page in pages:
        if options.page_markers:
            marker = f"<!-- page {page.number} -->" if md else f"[{options.page_word} {page.number}]"
            units.append((None, [marker], page.number))
            open_units = []
        for para in page.paragraphs:
            if para.furniture and options.remove_headers:
                continue
            texts = inline.texts(para.lines)
            if para.continues and open_units:
                _host_unit(open_units, para.size, tolerance)[1].extend(texts)
                continue
            unit = (para, texts, page.number)
            units.append(unit)
            if para.kind == "body" and not para.furniture:
                if not CAPTION.match(texts[0] if texts else ""):  # a caption is stepped over
                    open_units = open_units[-(lookback - 1):] + [unit]
            elif not para.furniture and para.kind not in ("footnote", "figure"):
                open_units = []  # (a footnote or a figure is stepped over, as a caption)
    chunks: list[str] = []
    starts: list[tuple[int, int]] = []
    offset = 0
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
                chunk = _render_md(para, text, pad)
                columns = columns[:level]
                # "(a)", "b." or "iv)" make no CommonMark list: such an item is a paragraph
                # (inside its parent item, if any), and nothing nests under it.
                marker = _md_marker(para)
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
