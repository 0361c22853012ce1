"""The thresholds of the stages that read what a PDF says of itself (issue 24): right-to-left
pages (:mod:`pdfprose.layout.rtl`), footnotes (:mod:`pdfprose.layout.footnotes`,
:mod:`pdfprose.layout.notes`), links (:mod:`pdfprose.layout.links`), tags
(:mod:`pdfprose.layout.tagged`, :mod:`pdfprose.document.tags`) and bookmarks
(:mod:`pdfprose.document.bookmarks`).

They are part of the one parameter object, :class:`pdfprose.params.LayoutParams`, which
inherits them: the stages read them as ``params.footnote_small_ratio`` like any other. Units as
there: ``_em`` multiples of the font size in question, ``_ratio`` and ``_share`` plain ratios,
``_chars`` and ``_words`` counts, ``_tolerance`` points.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StructureParams:
    """The thresholds of what the PDF says of itself (see the module docstring)."""

    rtl_page_share: float = 0.5
    """A page whose strong letters are more than half right-to-left (Hebrew, Arabic) reads its
    columns, and the runs of a row, from the right; a line whose two ends disagree takes the
    page's direction (a Hebrew CV's "test@test.com :מייל"). The corpus's Hebrew and Arabic
    pages are 80-99 % right-to-left, the Quartz bidi sample (English lines with Arabic
    words) 40 %."""
    footnote_small_ratio: float = 0.92
    """A footnote line's size is at most 92 % of the body size (Word: 10 on 12 = 0.83, LaTeX:
    8 on 10 = 0.8, court opinions: 10 on 12; 0.92 leaves room for rounding)."""
    footnote_zone_top: float = 0.45
    """Footnote bodies lie below 45 % of the page's height (the longest notes of the corpus's
    court opinion fill the lower half)."""
    footnote_script_ratio: float = 0.85
    """A footnote mark (a superscript) is at most 85 % of its line's size (Word 0.65, TeX 0.7)."""
    footnote_raise_em: float = 0.15
    """...and raised by at least 0.15 x its line's size (Word raises 0.33 em, TeX 0.36 em; a
    subscript is lowered by 0.15-0.25 em)."""
    footnote_rule_max_width: float = 0.6
    """A footnote separator rule is at most 60 % of its column's width (Word 2 in, LaTeX
    0.4 \\columnwidth); a full-width rule is a table's or a page's."""
    footnote_rule_gap_em: float = 2.5
    """...and at most 2.5 body sizes above the first footnote line."""
    footnote_line_gap_em: float = 1.0
    """A line more than 1 x its size below the line before it in a footnote starts something
    else (the page's footer or number): notes are set solid or slightly leaded, 0.1-0.4 em
    between lines in the corpus's court opinion, EU report and slides, and the generated
    family; footers stand 1.5 em and more below them)."""
    tags_untagged_share: float = 0.05
    """A page whose text is more than 5 % outside any tag (artifacts aside) does not use its
    tags: tagged producers leave at most a stray mark untagged (LibreOffice, LaTeX's tagging,
    Word in the corpus: 0-2 %); a tool that missed a column or a text box leaves a whole part
    out (the generated lying family: one line of fourteen)."""
    tags_heading_share: float = 0.5
    """...nor a page where most of the heading-tagged text is set like the body (its size, not
    bold): a producer that tags paragraphs as headings (the generated lying family); real
    headings are larger or bold."""
    tags_heading_min_chars: int = 60
    """Characters of body-like heading text needed before it condemns a page's tags (a short
    run-in heading in body type is a real heading)."""
    link_edge_tolerance: float = 0.5
    """Points a glyph's centre may lie outside a link's rectangle and still be its text
    (producers round rectangles to whole points)."""
    outline_sentence_words: int = 9
    """A bookmark title of at least 9 words ending in a full stop reads as a sentence, not a
    heading (Word's PDFMaker makes bookmarks of body paragraphs: 12-14 words in the corpus's
    FDA report; section titles are shorter or end without a stop)."""

