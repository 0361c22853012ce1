"""Stage 6: rendering the analysed pages as plain text or Markdown (SPEC §12).

Pure functions of the analysis and the :class:`~pdfprose.Options`: no parsing happens here, so
the page can switch options instantly.
"""

from __future__ import annotations

import re

from .hyphenation import SOFT_HYPHEN, join_lines, vocabulary
from .model import PageAnalysis, Paragraph
from .options import Options

_MD_INLINE = re.compile(r"([\\`*<\[\]])")
_MD_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
_MD_LINE_START = re.compile(r"^(\s*)([#>+=|~]|-(?=\s|-|$)|\d{1,9}(?=[.)](?:\s|$))|`{3})")


def document_vocabulary(pages: list[PageAnalysis]) -> set[str]:
    """Every word of the document, for de-hyphenation (SPEC §7)."""
    return vocabulary(
        [line.text for line in para.lines] for page in pages for para in page.paragraphs
    )


def escape_markdown(text: str, line_starts: bool = True) -> str:
    """Escape what would turn body text into accidental Markdown syntax (SPEC §12): inline
    emphasis, code, links and HTML everywhere; headings, quotes, lists, tables, rules and fences
    at a line start (unless ``line_starts`` is false: after a heading's or list item's marker)."""
    text = _MD_INLINE.sub(r"\\\1", text)
    text = _MD_UNDERSCORE.sub(r"\\_", text)
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


def _paragraph_text(para: Paragraph, options: Options, vocab: set[str]) -> str:
    texts = [line.text for line in para.lines]
    if options.join_lines:
        return join_lines(texts, vocab)
    return "\n".join(t.replace(SOFT_HYPHEN, "") for t in texts)


def _strip_marker(text: str, marker: str) -> str:
    return text[len(marker):].lstrip() if text.startswith(marker) else text


def _render_md(para: Paragraph, text: str) -> str:
    if para.kind == "heading":
        flat = " ".join(text.split("\n"))
        return "#" * max(1, min(para.level, 6)) + " " + escape_markdown(flat, line_starts=False)
    if para.kind == "list_item":
        body = escape_markdown(_strip_marker(text, para.marker))
        pad = "  " * para.indent
        if para.marker[:1].isalnum() or para.marker[:1] == "(":
            marker = para.marker
        else:
            marker = "-"
        body = body.replace("\n", "\n" + pad + " " * (len(marker) + 1))
        return f"{pad}{marker} {body}"
    return escape_markdown(text)


def render(pages: list[PageAnalysis], options: Options, vocab: set[str] | None = None) -> str:
    """The document's text: paragraphs separated by a blank line, UTF-8-ready, ending in one
    newline (or empty). ``vocab`` may be passed to skip recomputing the document's vocabulary."""
    if vocab is None and options.join_lines:
        vocab = document_vocabulary(pages)
    vocab = vocab or set()
    md = options.format == "md"
    chunks: list[str] = []
    for page in pages:
        if options.page_markers:
            chunks.append(f"<!-- page {page.number} -->" if md else f"[page {page.number}]")
        for para in page.paragraphs:
            if para.furniture and options.remove_headers:
                continue
            text = _paragraph_text(para, options, vocab)
            if not text.strip():
                continue
            chunks.append(_render_md(para, text) if md else text)
    return "\n\n".join(chunks) + "\n" if chunks else ""
