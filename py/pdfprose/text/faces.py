"""Typefaces told by their names: the gothic (sans) faces in which Chinese, Japanese and
Korean documents set their headings at the body's size, against a body in a mincho, batang
or song (serif) face. A CJK font family has no bold weight to speak of in most PDFs (the
Adobe CID faces, MS Mincho / MS Gothic, Batang / Dotum, SimSun / SimHei): where Latin type
turns bold, CJK type turns gothic."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol
from unicodedata import east_asian_width

CJK_GOTHIC_NAME = re.compile(
    r"gothic|kakugo|marugo|gulim|dotum|heiti|(?:sim|st|ya|m)hei\b|sans-?cjk|hansans|meiryo",
    re.I)
"""Names of CJK gothic faces: Japanese ``HeiseiKakuGo-W5``, ``MS-Gothic``, ``YuGothic``,
``GothicBBB-Medium`` (the Kanpo gazette); Korean ``HYGothic-Medium``, ``MalgunGothic``,
``Gulim``, ``Dotum``; Chinese ``SimHei``, ``STHeiti``, ``MicrosoftYaHei``, ``MHei``; Noto's and
Source Han's ``NotoSansCJKjp``, ``SourceHanSans``. Kozuka's ``KozGoPr6N`` is left out: ``Go``
alone is too short a fragment to tell."""


class Drawn(Protocol):
    """What :func:`cjk_gothic` reads of a glyph (:class:`pdfprose.model.Glyph`)."""

    text: str
    font: str


def wide(text: str) -> bool:
    """Whether ``text`` starts with a wide (CJK) character that is not a space."""
    return bool(text) and not text[0].isspace() and east_asian_width(text[0]) in "WF"


FIRST_WIDE = "\u1100"
"""No assigned character below U+1100 (Hangul Jamo) is wide: a text whose largest character is
below it has none (a C-speed ``max`` spares the glyphs of every Latin line a look)."""


def cjk_gothic(glyphs: Iterable[Drawn], text: str | None = None) -> bool:
    """Whether every wide glyph of ``glyphs`` (a line's, whose ``text`` may be given) is set in
    a CJK gothic face (:data:`CJK_GOTHIC_NAME`) and there is one: digits and Latin letters
    may come from another font, as CJK typesetting draws them."""
    if text is not None and max(text, default="") < FIRST_WIDE:
        return False
    glyphs = list(glyphs)
    gothic = {name for name in {g.font for g in glyphs} if CJK_GOTHIC_NAME.search(name)}
    if not gothic:
        return False
    seen = False
    for glyph in glyphs:
        if wide(glyph.text):
            if glyph.font not in gothic:
                return False
            seen = True
    return seen
