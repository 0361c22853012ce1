"""Notices on hand-built data: the converter gathers typed records (code, pages, numbers) and
the edges word them; the JSON report's notices and the warnings are made from the same records."""

from __future__ import annotations

from pdfprose import Conversion, Notice
from pdfprose.engine.notices import DAMAGED_PAGE_REASON, STOPPED_BY_GUARD, document_notices
from pdfprose.engine.wording import as_dict, english
from pdfprose.model import PageAnalysis
from pdfprose.pdf.guards import GuardStop


def analysed(number: int, **fields: object) -> PageAnalysis:
    return PageAnalysis(number=number, width=600, height=800, **fields)  # type: ignore[arg-type]


def test_each_record_is_worded_once_and_given_with_its_numbers() -> None:
    damaged = Notice("damaged", recovered=155, expected=None, truncated=True, readable=73)
    assert as_dict(damaged) == {
        "code": "damaged", "recovered": 155, "expected": None, "truncated": True, "readable": 73,
        "message": "The file is incomplete (it ends before its end marker): 155 pages were "
                   "found, 73 of them could be read; the text may be incomplete."}
    stop = GuardStop("figure_depth", "10")
    stopped = Notice("content_damaged", (4,), kind="stopped", reason=stop.words, part=stop.part,
                     values=(("limit", stop.limit),))
    # The kind, the reason and which limit: the page words the stop from them (issue: it said
    # "the content is damaged").
    assert as_dict(stopped) == {
        "code": "content_damaged", "pages": [4], "kind": "stopped",
        "reason": "it nests forms more than 10 deep", "part": "figure_depth",
        "values": {"limit": "10"},
        "message": "Page 4 was cut short: it nests forms more than 10 deep (a damaged or "
                   "hostile file); the text before that point was kept."}
    assert as_dict(Notice("content_damaged", (2,), kind="broken", reason="code syntax")) == {
        "code": "content_damaged", "pages": [2], "kind": "broken", "reason": "code syntax",
        "message": "Page 2: the content stream is damaged (code syntax); the text before the "
                   "damage was kept."}
    skipped = Notice("content_damaged", tuple(range(1, 9)), kind="skipped")
    assert english(skipped) == ("8 pages (pages 1, 2, 3, 4, 5, 6 and 2 more) have damaged "
                                "drawing operations that were skipped; the rest of each page "
                                "was read.")
    garbled = as_dict(Notice("garbled", (2, 3), cause="no_tounicode"))
    assert garbled["pages"] == [2, 3] and garbled["cause"] == "no_tounicode"
    assert str(garbled["message"]).startswith("Pages 2 and 3 are garbled")
    assert as_dict(Notice("unmapped_glyphs", (5,), count=1))["message"] == (
        "1 character on page 5 has no Unicode meaning in its font and is shown as \ufffd: "
        "check it against the PDF.")
    assert as_dict(Notice("internal", reason="KeyError: 'x'", stage="document_passes"))["stage"] \
        == "document_passes"


def test_document_notices_from_the_parse_records_and_the_pages() -> None:
    pages = [analysed(1), analysed(2, empty=True), analysed(3, error="its content could not be read: x"),
             analysed(4, garbled=True, garbled_cause=None), analysed(5, unmapped_count=2)]
    parse = [Notice("copy_restricted"),
             Notice("content_damaged", (2,), kind="broken", reason="PSSyntaxError"),
             Notice("content_damaged", (1,), kind="broken", reason=STOPPED_BY_GUARD),
             Notice("content_damaged", (3,), kind="corrupted")]
    notices = [Notice("damaged", recovered=5, expected=6, truncated=False)]
    partial = document_notices(pages, parse, [(1, GuardStop("operators", "500,000"))], [3], True,
                               notices)
    assert partial
    # Page 2 broke before it drew any text: it could not be read, so its content notice goes.
    assert pages[1].error == DAMAGED_PAGE_REASON
    assert [(n.code, n.pages, n.kind) for n in notices] == [
        ("damaged", (), None),
        ("content_damaged", (1,), "stopped"),  # the guard's own words, not its exception's
        ("copy_restricted", (), None),
        ("failed_pages", (2, 3), None),
        ("garbled", (4,), None),
        ("unmapped_glyphs", (5,), None)]
    assert (notices[1].part, notices[1].values) == ("operators", (("limit", "500,000"),))
    assert notices[1].reason == "it runs more than 500,000 drawing operations"
    assert notices[0].readable == 3  # said again with the pages that could be read
    assert notices[4].cause == "unmapped" and notices[5].count == 2
    conversion = Conversion(pages=pages, records=notices)
    assert conversion.warnings == [english(n) for n in notices]
    assert [n["message"] for n in conversion.report()["notices"]] == conversion.warnings  # type: ignore[index, union-attr]


def test_a_page_whose_content_was_cut_at_the_inflate_budget_is_no_scan() -> None:
    """A page that drew nothing because its content stream was cut at the file's inflate budget
    (streams before it had used it up, or its own inflates past it before its text) lost its
    text: it is a failed page with that reason, not an empty one the page sends to OCR
    ("probably a scan"). A page cut after it drew text stays as it was."""
    from pdfprose.engine.notices import CUT_CONTENT_REASON
    from pdfprose.pdf.limits import limit_notice

    pages = [analysed(1, empty=True), analysed(2), analysed(3, empty=True)]
    parse = [limit_notice("stream_size", 1, limit="32 MiB"), limit_notice("stream_size", 2, limit="32 MiB")]
    notices: list[Notice] = []
    assert document_notices(pages, parse, [], [], False, notices)
    assert [p.error for p in pages] == [CUT_CONTENT_REASON, None, None]
    conversion = Conversion(pages=pages, records=notices)
    assert conversion.empty_pages == [3]  # a page with no text layer and nothing cut
    assert conversion.failed_pages == [{"number": 1, "reason": CUT_CONTENT_REASON}]
    assert [n.code for n in notices] == ["limit_reached", "limit_reached", "failed_pages"]
