"""How lines and paragraphs end, captions and reference words: the patterns several stages read
(the paragraph stage, headings, continued paragraphs, rendering).

Three patterns say where text ends, each for its own question; they differ on purpose:

- :data:`SENTENCE_END`: a sentence is finished (a paragraph ending so is complete);
- :data:`CLAUSE_END`: a line stops at a pause that may close a paragraph's last line (a sentence
  end, but also a colon, a semicolon, a closing quote or parenthesis);
- :data:`PUNCTUATED_END`: a line ends in punctuation at all, a comma included (no heading does).
"""

from __future__ import annotations

import re

SENTENCE_END = re.compile(r"[.!?。！？][\"'”’»)\]]*$")
"""A text ending like this finishes a sentence: a full stop, question or exclamation mark (Latin
or CJK), then any closing quotes or brackets. ":" and "," are not ends (text goes on after a
display equation): a paragraph ending otherwise may go on in the next column or page
(:mod:`pdfprose.document.continuation`)."""

CLAUSE_END = re.compile(r"[.!?:;。！？」\"'”’)]\s*$")
"""A line ending at a pause: a sentence end, a colon or semicolon, a closing quote or
parenthesis (then white space). A short line ending so is the last of its paragraph, and a
numbered line after one may start a list item (:mod:`pdfprose.layout.paragraphs`)."""

PUNCTUATED_END = re.compile(r"[.,;:!?]\s*$")
"""A line ending in punctuation, a comma included: a bold stand-alone line that ends so is
prose, not a heading, unless it is numbered (:mod:`pdfprose.document.headings`)."""

_PAGES = r"\d{1,4}(?:[-\u2013]\d{1,4})?"
CONTENTS_ENTRY = re.compile(
    rf"(?:\.\s?){{4,}}\s*(?:(?:[A-Z]{{1,4}}[-\u2010\u2011\u2013])?{_PAGES}(?:,\s?{_PAGES})*"
    r"|[ivxlc]{1,6})$")
"""An entry of a table of contents or of an index: dot leaders (four dots or more, spaced or
not), then a page number, arabic or roman, perhaps after a part's prefix ("MS-24", "A-3"), or
an index's pages ("13, 29", "9-15, 29"). The entry ends there: contents and index entries set
at the body's pitch, without indents, were read as one paragraph."""

HYPHENATED = re.compile(r"[^\W\d_][-\u00ad]$")
"""A line ending in a letter and a hyphen (or soft hyphen) breaks a word (SPEC §7)."""

HYPHEN_ENDS = ("-", "\u00ad", "-\n", "\u00ad\n")
"""How a text that :data:`HYPHENATED` matches ends (``$`` also matches before a final
newline): a cheap test first, as most lines do not."""

CAPTION = re.compile(r"^(?:fig(?:ure|ura)?\.?|table|tabla|cuadro|listing|algorithm|表|[图圖図]|표|그림)"
                     r"\s*[\dIVX]", re.I)
"""A figure's or table's caption ("Figure 3.", "Tabla 2", "Algorithm 1"; in Chinese, Japanese
and Korean "表 6：", "图 2", "표 1", "그림 3"): its lines go on even where one starts like a
list item ("(c) 4.5 gm/s and (d)..."), it is never a heading, and a paragraph it interrupts
goes on after it (:mod:`pdfprose.document.continuation`)."""

REFERENCE_WORD = re.compile(
    r"(?:^|[\s(])(?:eqs?|refs?|figs?|secs?|thms?|props?|lems?|cors?|defs?|nos?|vols?|cf|resp|"
    r"ecs?|p[áa]gs?|arts?|núms?)\.$", re.I)
"""A line ending in "eq.", "Ref.", "Fig.", "Sec." (or Spanish "ec.", "pág.") refers to what
follows: "...writing eq." / "(2) in differential form" is one sentence, not a list item."""

ROW_ENDS_ENTRY = re.compile(r"(?:\d|\b[ivxlc]+)$")
"""A row of a table of contents ends with its page number, arabic or (front matter) lower-case
roman: the entry ends. An upper-case letter is no page number ("Diagnostic testing for
hepatitis C")."""
