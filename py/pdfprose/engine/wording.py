"""The English words of each :class:`~pdfprose.notice.Notice`: the library's ``warnings``, the
command line's messages and the ``message`` of the JSON report's notices (the page words the same
records in English and Spanish from its own catalogue, ``app/i18n.js``)."""

from __future__ import annotations

from ..notice import Notice
from ..pdf.diagnosis import CAUSES, garbled_warnings
from ..pdf.limits import REPAIRED_SENTENCE, limit_sentence
from ..pdf.recover import damage_warning


def english(notice: Notice) -> str:
    """The sentence that tells a reader ``notice``'s fact."""
    code, pages = notice.code, notice.pages
    if code == "damaged":
        return damage_warning(int(notice.recovered or 0), notice.expected, bool(notice.truncated),
                              readable=notice.readable)
    if code == "copy_restricted":
        return ("The document's permissions ask readers not to copy its text; "
                "pdfprose extracts it for your own use.")
    if code == "content_damaged":
        return _content_damaged(notice)
    if code == "failed_pages":
        if len(pages) == 1:
            return (f"Page {pages[0]} could not be read ({notice.reason}); "
                    "the other pages were converted.")
        return (f"{len(pages)} pages could not be read ({numbers(pages)}); "
                "the other pages were converted.")
    if code == "garbled":
        return garbled_warnings([(number, notice.cause) for number in pages])[0]
    if code == "unmapped_glyphs":
        where = f"page {pages[0]}" if len(pages) == 1 else numbers(pages)
        if notice.count == 1:
            return (f"1 character on {where} has no Unicode meaning in its font and is "
                    "shown as \ufffd: check it against the PDF.")
        return (f"{notice.count} characters on {where} have no Unicode meaning in their "
                "fonts and are shown as \ufffd: check those symbols against the PDF.")
    if code == "hidden_text":
        one = len(pages) == 1
        where = f"Page {pages[0]} draws" if one else f"P{numbers(pages)[1:]} draw"
        return (f"{where} all of {'its' if one else 'their'} text where a reader cannot see it "
                "(invisible, in its background's colour, or off the page) and "
                f"{'draws' if one else 'draw'} no image: {notice.count} characters were left "
                "out as hidden "
                "text. This is no scan: the text is in the file, drawn so that it does not show.")
    if code == "limit_reached":
        return limit_sentence(notice.part or "", pages[0] if pages else None,
                              **dict(notice.values))
    if code == "repaired":
        return "The file: " + REPAIRED_SENTENCE.format(count=notice.count) + "."
    if code == "internal":
        return (f"pdfprose could not find headings, lists and page furniture "
                f"(internal error: {notice.reason}); the text is given without them.")
    raise ValueError(f"no words for the notice code {code!r}")


def _content_damaged(notice: Notice) -> str:
    pages = notice.pages
    if notice.kind == "stopped":
        return (f"Page {pages[0]} was cut short: {notice.reason} (a damaged or hostile file); "
                "the text before that point was kept.")
    if notice.kind == "broken":
        return (f"Page {pages[0]}: the content stream is damaged ({notice.reason}); "
                "the text before the damage was kept.")
    if notice.kind == "corrupted":
        return (f"Page {pages[0]}: the content stream is damaged (its compressed data is "
                "corrupted); the text before the damage was kept.")
    if len(pages) == 1:
        return (f"Page {pages[0]}: some of its drawing operations are damaged and were "
                "skipped; the rest of the page was read.")
    return (f"{len(pages)} pages ({numbers(pages)}) have damaged drawing "
            "operations that were skipped; the rest of each page was read.")


def as_dict(notice: Notice) -> dict[str, object]:
    """``notice`` as the JSON report gives it: ``{"code", "message", ...}`` with its code's
    fields (see :meth:`pdfprose.Conversion.report`)."""
    out: dict[str, object] = {"code": notice.code, "message": english(notice)}
    if notice.code == "damaged":
        out.update(recovered=notice.recovered, expected=notice.expected, truncated=notice.truncated)
        if notice.readable is not None:
            out["readable"] = notice.readable
        return out
    if notice.pages:
        out["pages"] = list(notice.pages)
    if notice.code == "garbled":
        out.update(cause=notice.cause, cause_text=CAUSES.get(notice.cause or "", ""))
    elif notice.code in ("unmapped_glyphs", "hidden_text"):
        out["count"] = notice.count
    elif notice.code == "internal":
        out["stage"] = notice.stage
    elif notice.code == "content_damaged":
        # How it was damaged, and for a guard's stop which limit, so that the page can say it
        # in its own language.
        out["kind"] = notice.kind
        if notice.reason is not None:
            out["reason"] = notice.reason
        if notice.part is not None:
            out.update(part=notice.part, values=dict(notice.values))
    elif notice.code == "limit_reached":
        # The figures the sentence names, already formatted, so that the page can say it in
        # its own language.
        out.update(part=notice.part, values=dict(notice.values))
    elif notice.code == "repaired":
        out["count"] = notice.count
    return out


def numbers(pages: tuple[int, ...] | list[int]) -> str:
    """``pages 3, 4, 9`` (the first six, then how many more)."""
    shown = ", ".join(str(n) for n in pages[:6])
    return f"pages {shown} and {len(pages) - 6} more" if len(pages) > 6 else f"pages {shown}"
