"""The notices and warnings of a conversion: what could not be read and why, said once per
fact for a reader (the English sentences of ``warnings``) and for a caller that words them itself
(``notices``, each ``{"code", "message", ...}``; see :meth:`pdfprose.Conversion.report`).
"""

from __future__ import annotations

import re

from ..model import PageAnalysis
from ..pdf.diagnosis import CAUSES, garbled_warnings
from ..pdf.limits import REPAIRED_SENTENCE, limit_part
from ..pdf.recover import damage_warning

DAMAGED_PAGE_REASON = "no text could be read from this page of the damaged file"
"""A page of a damaged file that drew no text: its content (or its fonts) was lost, not a scan
to send to OCR. The page translates these words (app/i18n.js)."""

MAX_REASON_CHARS = 200
"""A failed page's reason is one line of at most 200 characters (pdfminer's messages can hold a
whole dictionary's repr)."""


def short_reason(exc: BaseException) -> str:
    """``Type: message`` on one line, cut to MAX_REASON_CHARS."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= MAX_REASON_CHARS else text[: MAX_REASON_CHARS - 1] + "…"


def damage_notice(recovered: int, expected: int | None, truncated: bool) -> tuple[str, dict[str, object]]:
    """The warning and notice of a damaged or truncated file, ``recovered`` of ``expected``
    pages found (:func:`pdfprose.pdf.recover.damage_warning`)."""
    message = damage_warning(recovered, expected, truncated)
    return message, {"code": "damaged", "message": message, "recovered": recovered,
                     "expected": expected, "truncated": truncated}


def document_notices(pages: list[PageAnalysis], parse_warnings: list[str],
                     cut_short: list[tuple[int, str]], skipped: list[int], damaged: bool,
                     warnings: list[str], notices: list[dict[str, object]]) -> bool:
    """Add to ``warnings`` and ``notices`` what the analysed ``pages`` of a whole document say
    could not be read, and return whether some of its text is lost (``partial``).

    ``parse_warnings`` are the parser's sentences
    (:attr:`pdfprose.pdf.document.ParsedDocument.warnings`), ``cut_short`` ``(page, why)`` for pages a guard stopped, ``skipped`` the pages where damaged
    drawing operations were skipped, ``damaged`` whether the file itself is damaged. A page
    whose content stream broke before it drew any text gets :data:`DAMAGED_PAGE_REASON` as its
    error."""
    # A page whose content stream broke before it drew any text is no scan (an image drawn
    # before the break does not make it one): it could not be read.
    said = [(message, _warned_page(message)) for message in parse_warnings
            if "(PageTooComplex)" not in message]  # that one is said below, in words
    broken = {number for message, number in said
              if number is not None and _parse_warning_code(message) == "content_damaged"}
    for page in pages:
        if page.number in broken and page.empty and page.error is None:
            page.error = DAMAGED_PAGE_REASON
    # A page that could not be read at all kept nothing: "the text before the damage was
    # kept" would contradict its failed-page notice.
    unread = {p.number for p in pages if p.error}
    for number, why in cut_short:
        if number in unread:
            continue
        message = (f"Page {number} was cut short: {why} (a damaged or hostile file); "
                   "the text before that point was kept.")
        warnings.append(message)
        notices.append({"code": "content_damaged", "message": message, "pages": [number]})
    for message, number in said:
        code = _parse_warning_code(message)
        if code == "content_damaged" and number in unread:
            continue
        warnings.append(message)
        notice: dict[str, object] = {"code": code, "message": message}
        if code == "limit_reached":
            notice["part"] = limit_part(message)
        if number is not None:
            notice["pages"] = [number]
        notices.append(notice)
    numbers = [n for n in skipped if n not in unread]
    if numbers:
        if len(numbers) == 1:
            message = (f"Page {numbers[0]}: some of its drawing operations are damaged and were "
                       "skipped; the rest of the page was read.")
        else:
            message = (f"{len(numbers)} pages ({_numbers(numbers)}) have damaged drawing "
                       "operations that were skipped; the rest of each page was read.")
        warnings.append(message)
        notices.append({"code": "content_damaged", "message": message, "pages": list(numbers)})
    failed = [p for p in pages if p.error]
    if failed:
        numbers = [p.number for p in failed]
        if len(failed) == 1:
            message = (f"Page {failed[0].number} could not be read ({failed[0].error}); "
                       "the other pages were converted.")
        else:
            message = (f"{len(failed)} pages could not be read ({_numbers(numbers)}); "
                       "the other pages were converted.")
        warnings.append(message)
        notices.append({"code": "failed_pages", "message": message, "pages": numbers})
    if damaged and failed:
        _count_readable(warnings, notices, len(failed))
    garbled = [(p.number, p.garbled_cause) for p in pages if p.garbled]
    for message in garbled_warnings(garbled):
        warnings.append(message)
    by_cause: dict[str, list[int]] = {}
    for number, cause in garbled:
        by_cause.setdefault(cause or "unmapped", []).append(number)
    for (cause, numbers), message in zip(by_cause.items(), garbled_warnings(garbled)):
        notices.append({"code": "garbled", "message": message, "pages": numbers,
                        "cause": cause, "cause_text": CAUSES.get(cause, "")})
    unknown = [p for p in pages if p.unmapped_count and not p.garbled and not p.error]
    if unknown:
        # Too few to call the page garbled (a symbol font's Greek letters, an arrow), but each
        # is a "\ufffd" in the text where the PDF shows a character: said, not passed off.
        count = sum(p.unmapped_count for p in unknown)
        numbers = [p.number for p in unknown]
        where = f"page {numbers[0]}" if len(numbers) == 1 else _numbers(numbers)
        if count == 1:
            message = (f"1 character on {where} has no Unicode meaning in its font and is "
                       "shown as \ufffd: check it against the PDF.")
        else:
            message = (f"{count} characters on {where} have no Unicode meaning in their "
                       "fonts and are shown as \ufffd: check those symbols against the PDF.")
        warnings.append(message)
        notices.append({"code": "unmapped_glyphs", "message": message, "pages": numbers,
                        "count": count})
    partial = damaged or bool(failed) or any(
        n["code"] in ("content_damaged", "limit_reached") for n in notices
    )
    return partial


def _count_readable(warnings: list[str], notices: list[dict[str, object]], failed: int) -> None:
    """The damaged file's warning and notice, said again with the pages that could be read
    (``failed`` of those found could not), now that all are analysed."""
    for index, notice in enumerate(notices):
        if notice["code"] != "damaged":
            continue
        recovered = int(notice["recovered"])  # type: ignore[call-overload]
        message = damage_warning(recovered, notice["expected"], bool(notice["truncated"]),  # type: ignore[arg-type]
                                 readable=recovered - failed)
        if notice["message"] in warnings:
            warnings[warnings.index(notice["message"])] = message
        notices[index] = {**notice, "message": message, "readable": recovered - failed}


def page_reason(error: str) -> str:
    """A parse failure's reason, worded for a reader, on one line."""
    text = " ".join(error.split())
    if len(text) > MAX_REASON_CHARS:
        text = text[: MAX_REASON_CHARS - 1] + "…"
    if text.startswith(("unreadable page box", "its content", "pdfprose could not read")):
        return text
    return f"its content could not be read: {text}"


def _warned_page(message: str) -> int | None:
    """The page a parse warning names ("Page 3: ..."), if any."""
    match = re.match(r"Page (\d+):", message)
    return int(match.group(1)) if match else None


def _parse_warning_code(message: str) -> str:
    if "permissions" in message:
        return "copy_restricted"
    if "content stream is damaged" in message:
        return "content_damaged"
    if limit_part(message) is not None:
        return "limit_reached"
    if REPAIRED_SENTENCE.split("{", 1)[1].split("}", 1)[1] in message:
        return "repaired"
    return "warning"


def _numbers(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:6])
    return f"pages {shown} and {len(numbers) - 6} more" if len(numbers) > 6 else f"pages {shown}"
