"""List markers and bullets (SPEC §10): what starts a list item, and in which list it counts.

The paragraph stage asks where an item may start, the equation test refuses a list item, the
line builder keeps a bullet with its item's text and the list pass marks the items: all read the
same patterns here.
"""

from __future__ import annotations

import re

SHAPE_BULLETS = "•·▪◦‣∙●○■□▫◾◼◆◇❖►▸▶▹➢➤✓✔"
"""Bullet glyphs that are never text: SPEC §10's, and the block, diamond, triangle, arrow and
check-mark bullets that Word, PowerPoint and Google Docs offer (symbol-font bullets already
arrive as •, :data:`~pdfprose.text.characters.SYMBOL_BULLETS`)."""

BULLETS = SHAPE_BULLETS + "–\\-*"
"""The glyphs that start a list item (SPEC §10): the shapes above, a dash or an asterisk."""

BULLET_GLYPHS = frozenset(SHAPE_BULLETS)
"""The bullets that are never text (:data:`SHAPE_BULLETS`); a dash or an asterisk alone may end
or start ordinary text, so they do not hold a run together by themselves."""

DASH_BULLETS = frozenset("–-")
"""Dashes that are an item's bullet where a word follows them across the item's hanging indent
(PowerPoint's and Word's second level): a dash alone in a table's cell stands before a
number or nothing."""

LIST_MARKER = re.compile(
    rf"^(?P<marker>[{BULLETS}]|\(?\d{{1,3}}[.)]|\(?[a-zA-Z][.)])\s+(?=\S)"
)
"""A bullet, or a number of at most three digits or a single letter followed by "." or ")",
then a space (SPEC §10). "(a)" and "(1)" are accepted too: legal and technical texts use them."""


REQUIRED_LABEL = re.compile(r"\*\s*\(?\d{1,3}[.)]\s")
"""A form's required-field asterisk before a numbered label ("* 10. Name of Federal Agency"):
no bullet, as a bulleted item does not start with a number of its own."""


def list_marker(text: str) -> str | None:
    """The list marker ``text`` starts with, or ``None``."""
    m = LIST_MARKER.match(text)
    if m is None:
        return None
    marker = m.group("marker")
    if marker == "*" and REQUIRED_LABEL.match(text):
        return None
    # "A. Smith" or "J. Doe": a capital letter and a period before a capitalized name is an
    # initial, not an enumerator; letters as enumerators are lowercase or followed by ")".
    if len(marker) == 2 and marker[0].isupper() and marker[1] == ".":
        return None
    return marker


ENUMERATOR = re.compile(r"(?P<open>\(?)(?P<value>\d{1,3}|[a-zA-Z])(?P<close>[.)])")
"""A numbered marker's parts: "(" or nothing, a number or a letter, "." or ")"."""


def enumeration(marker: str) -> tuple[str, int] | None:
    """The list a numbered ``marker`` counts in, named by its first marker, and its place
    there (1-based): ("1.", 4) for "4.", ("(a)", 2) for "(b)", ("A)", 3) for "C)"; None for a
    bullet. Items of one list share the form, so the item after "3." is "4.", not "(4)" or
    "d."."""
    m = ENUMERATOR.fullmatch(marker)
    if m is None:
        return None
    value = m.group("value")
    if value.isdigit():
        first, place = "1", int(value)
    else:
        first = "a" if value.islower() else "A"
        place = ord(value) - ord(first) + 1
    return f"{m.group('open')}{first}{m.group('close')}", place
