"""What a conversion could not read, as typed records: the stages say *what happened* (a code, the
pages, the numbers), the edges word it (English sentences in
:mod:`pdfprose.engine.wording` for the library's ``warnings`` and the command line; the page's
message catalogue in ``app/i18n.js`` for English and Spanish).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

NoticeCode = Literal["damaged", "content_damaged", "copy_restricted", "failed_pages", "garbled",
                     "unmapped_glyphs", "hidden_text", "internal", "limit_reached", "repaired"]

ContentDamage = Literal["stopped", "broken", "corrupted", "skipped"]
"""How a page's content was damaged: ``stopped`` by a guard (``reason`` says which limit),
``broken``: its content stream raised (``reason`` names the exception type), ``corrupted``: its
compressed data does not inflate, ``skipped``: damaged drawing operations were skipped."""


@dataclass(frozen=True, slots=True)
class Notice:
    """One fact about what could not be read, said once (see :mod:`pdfprose.engine.wording`).

    ``code`` says which fact; ``pages`` the page numbers it is about (1-based, page order; empty
    when it is about the file). The other fields belong to one code each: ``kind`` and
    ``reason`` to ``content_damaged`` (:data:`ContentDamage`); ``reason`` also to
    ``failed_pages`` of one page (why it could not be read) and to ``internal`` (the error);
    ``recovered``, ``expected``, ``truncated`` and ``readable`` (pages) to ``damaged``;
    ``cause`` (a key of :data:`pdfprose.pdf.diagnosis.CAUSES`) to ``garbled``; ``count``
    (characters) to ``unmapped_glyphs`` and ``hidden_text`` and (streams) to ``repaired``; ``stage`` to ``internal``;
    ``part`` (a key of :data:`pdfprose.pdf.limits.LIMIT_SENTENCES`) and ``values`` (the numbers
    its sentence names, formatted, as sorted ``(name, value)`` pairs) to ``limit_reached``, and
    to a ``stopped`` ``content_damaged`` (which guard: a key of
    :data:`pdfprose.pdf.guards.STOP_SENTENCES`, and its ``limit``).
    """

    code: NoticeCode
    pages: tuple[int, ...] = ()
    kind: ContentDamage | None = None
    reason: str | None = None
    recovered: int | None = None
    expected: int | None = None
    truncated: bool | None = None
    readable: int | None = None
    cause: str | None = None
    count: int | None = None
    stage: str | None = None
    part: str | None = None
    values: tuple[tuple[str, str], ...] = ()
