"""Headings from a tagged PDF's structure (issue 24): on each page whose tags were found
believable (:mod:`pdfprose.layout.tagged`: ``PageAnalysis.tags == "used"``), a paragraph whose
lines were all drawn for one heading element (H1..H6, H, Title) is a heading of that element's
level. Tags only add headings: a heading the page's type shows but the file tagged a plain
paragraph (Word's PDFMaker tags bold-italic section titles ``P``) stays a heading. Runs after
the size-based heading pass and before the outline (:mod:`pdfprose.document.bookmarks`), whose
levels, where it names a heading, win.
"""

from __future__ import annotations

from ..model import PageAnalysis
from ..params import DEFAULT_PARAMS, LayoutParams
from ..layout.tagged import heading_level


def apply_tags(pages: list[PageAnalysis], params: LayoutParams = DEFAULT_PARAMS) -> int:
    """Make headings of the paragraphs of pages with usable tags that the tags call headings
    (no longer than ``max_heading_chars``); returns how many paragraphs changed."""
    changed = 0
    for page in pages:
        if page.tags != "used":
            continue
        for para in page.paragraphs:
            if para.kind not in ("body", "heading") or para.furniture or para.cells > 1 \
                    or not para.lines:
                continue
            units = {line.unit for line in para.lines}
            kinds = {line.tag for line in para.lines}
            if len(units) != 1 or len(kinds) != 1:
                continue
            kind = next(iter(kinds))
            level = heading_level(kind)
            if level is None or para.text_length > params.max_heading_chars:
                continue
            if para.kind != "heading" or para.level != level:
                para.kind = "heading"
                para.level = level
                changed += 1
    return changed
