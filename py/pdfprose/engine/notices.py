"""The notices of a conversion: what could not be read and why, one typed
:class:`~pdfprose.notice.Notice` per fact (worded at the edges: :mod:`pdfprose.engine.wording`,
the page's ``app/i18n.js``), gathered once the whole document is analysed.
"""

from __future__ import annotations

from dataclasses import replace

from ..model import PageAnalysis
from ..notice import Notice
from ..pdf.guards import GuardStop, PageTooComplex

DAMAGED_PAGE_REASON = "no text could be read from this page of the damaged file"
"""A page of a damaged file that drew no text: its content (or its fonts) was lost, not a scan
to send to OCR. The page translates these words (app/i18n.js)."""

CUT_CONTENT_REASON = "its text was lost: its content was cut at the file's decompression limit"
"""A page that drew no text because its content stream was cut at the file's inflate budget
(the streams of earlier pages and forms had used it up, or its own inflates past it before its
text; fonts draw on an allowance of their own): its text was lost, it is no scan to send to OCR. The page translates these words (app/i18n.js)."""

STOPPED_BY_GUARD = PageTooComplex.__name__
"""The exception a guard stops a page with (:mod:`pdfprose.pdf.guards`): the parser notes the
break like any other, but the guard's own notice says why, in words."""

MAX_REASON_CHARS = 200
"""A failed page's reason is one line of at most 200 characters (pdfminer's messages can hold a
whole dictionary's repr)."""


def short_reason(exc: BaseException) -> str:
    """``Type: message`` on one line, cut to MAX_REASON_CHARS."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= MAX_REASON_CHARS else text[: MAX_REASON_CHARS - 1] + "…"


def document_notices(pages: list[PageAnalysis], parse_notices: list[Notice],
                     cut_short: list[tuple[int, GuardStop]], skipped: list[int], damaged: bool,
                     notices: list[Notice]) -> bool:
    """Add to ``notices`` what the analysed ``pages`` of a whole document say could not be read,
    and return whether some of its text is lost (``partial``).

    ``parse_notices`` are the parser's (:attr:`pdfprose.pdf.document.ParsedDocument.notices`),
    ``cut_short`` ``(page, stop)`` for pages a guard stopped, ``skipped`` the pages where damaged
    drawing operations were skipped, ``damaged`` whether the file itself is damaged (its
    ``damaged`` notice is among ``notices`` already). A page whose content stream broke before
    it drew any text gets :data:`DAMAGED_PAGE_REASON` as its error, one whose content was cut at the
    inflate budget before it drew any :data:`CUT_CONTENT_REASON`."""
    # A guard's stop raises inside the content stream too: it is said below, in words.
    said = [n for n in parse_notices if not (n.kind == "broken" and n.reason == STOPPED_BY_GUARD)]
    # A page whose content stream broke before it drew any text is no scan (an image drawn
    # before the break does not make it one): it could not be read.
    broken = {n.pages[0] for n in said if n.code == "content_damaged"}
    # Likewise a page whose content stream was cut at the inflate budget before it drew any text.
    cut = {n.pages[0] for n in said if n.code == "limit_reached" and n.part == "stream_size" and n.pages}
    for page in pages:
        if page.number in broken and page.empty and page.error is None:
            page.error = DAMAGED_PAGE_REASON
        elif page.number in cut and page.empty and page.error is None:
            page.error = CUT_CONTENT_REASON
    # A page that could not be read at all kept nothing: "the text before the damage was
    # kept" would contradict its failed-page notice.
    unread = {p.number for p in pages if p.error}
    for number, stop in cut_short:
        if number not in unread:
            notices.append(Notice("content_damaged", (number,), kind="stopped", reason=stop.words,
                                  part=stop.part, values=(("limit", stop.limit),)))
    for notice in said:
        if notice.code == "content_damaged" and notice.pages[0] in unread:
            continue
        notices.append(notice)
    numbers = tuple(n for n in skipped if n not in unread)
    if numbers:
        notices.append(Notice("content_damaged", numbers, kind="skipped"))
    failed = [p for p in pages if p.error]
    if failed:
        notices.append(Notice("failed_pages", tuple(p.number for p in failed),
                              reason=failed[0].error if len(failed) == 1 else None))
    if damaged and failed:
        # Page objects can outlive their content streams: the damaged file's notice is said
        # again with the pages that could be read, now that all are analysed.
        for index, notice in enumerate(notices):
            if notice.code == "damaged":
                notices[index] = replace(notice, readable=int(notice.recovered or 0) - len(failed))
    by_cause: dict[str, list[int]] = {}
    for page in pages:
        if page.garbled:
            by_cause.setdefault(page.garbled_cause or "unmapped", []).append(page.number)
    for cause, garbled in by_cause.items():
        notices.append(Notice("garbled", tuple(garbled), cause=cause))
    hidden = [p for p in pages if p.empty and p.hidden_count and not p.has_image and not p.error]
    if hidden:
        # A page whose every character is drawn where no one can see it (invisible render mode
        # with no image under it, white on white, off the page) and that draws no image has a
        # text layer: no scan, and OCR would find nothing on it. SPEC §1 leaves that text out;
        # the notice says it is there. (Over an image, a scan's stray hidden text does not
        # make the page any less a scan.)
        notices.append(Notice("hidden_text", tuple(p.number for p in hidden),
                              count=sum(p.hidden_count for p in hidden)))
    unknown = [p for p in pages if p.unmapped_count and not p.garbled and not p.error]
    if unknown:
        # Too few to call the page garbled (a symbol font's Greek letters, an arrow), but each
        # is a "\ufffd" in the text where the PDF shows a character: said, not passed off.
        notices.append(Notice("unmapped_glyphs", tuple(p.number for p in unknown),
                              count=sum(p.unmapped_count for p in unknown)))
    return damaged or bool(failed) or any(n.code in ("content_damaged", "limit_reached")
                                          for n in notices)


def page_reason(error: str) -> str:
    """A parse failure's reason, worded for a reader, on one line."""
    text = " ".join(error.split())
    if len(text) > MAX_REASON_CHARS:
        text = text[: MAX_REASON_CHARS - 1] + "…"
    if text.startswith(("unreadable page box", "its content", "pdfprose could not read")):
        return text
    return f"its content could not be read: {text}"
