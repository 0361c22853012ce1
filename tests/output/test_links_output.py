"""Links in the output (issue 24): a generated two-page document with web links, a link
wrapping onto the next line, a visible URL, a javascript: link and internal jumps, converted
whole and written as Markdown and plain text; and the inline writer on hand-built lines."""

from __future__ import annotations

from pathlib import Path

from pdfprose import Options
from pdfprose.engine.converter import convert
from pdfprose.model import Inline, Line
from pdfprose.output.inline import InlineWriter, md_destination, shows_url

import structgen


def _render(path: Path, fmt: str) -> str:
    return convert(path.read_bytes()).render(Options(format=fmt))


def test_generated_links_in_markdown_and_text(tmp_path: Path) -> None:
    truth = structgen.links_pdf(tmp_path / "links.pdf")
    md = " ".join(_render(truth.path, "md").split())
    txt = " ".join(_render(truth.path, "txt").split())
    assert "[the manual](https://example.org/manual)" in md
    # Two annotations over "Portable" / "Document Format" on two lines: one link.
    assert "[Portable Document Format](https://example.org/pdf)" in md
    assert "[the office](mailto:office@example.org)" in md
    assert "<https://example.org/docs>." in md  # the visible URL; the stop stays outside
    for text in truth.facts["text_only"]:  # type: ignore[attr-defined]
        assert f"[{text}]" not in md and text in md
    assert "javascript" not in md and "javascript" not in txt
    assert "the manual <https://example.org/manual>, then" in txt
    assert "Portable Document Format <https://example.org/pdf> of the office" in txt
    assert "See https://example.org/docs." in txt  # the text is the URL: not written twice


def test_inline_writer_joins_a_link_over_two_lines() -> None:
    lines = [Line(text="read the Portable", x0=0, top=0, x1=1, bottom=1, baseline=1, size=10,
                  inline=(Inline(9, 17, "link", "https://example.org/pdf", 3),)),
             Line(text="Document Format now", x0=0, top=2, x1=1, bottom=3, baseline=3, size=10,
                  inline=(Inline(0, 15, "link", "https://example.org/pdf", 3),))]
    writer = InlineWriter(markdown=True)
    joined = " ".join(writer.texts(lines))
    assert writer.finish(joined) == \
        "read the [Portable Document Format](https://example.org/pdf) now"


def test_url_forms() -> None:
    assert shows_url("www.example.org/", "https://www.example.org")
    assert not shows_url("example", "https://example.org")
    assert md_destination("https://x.org/a b") == "https://x.org/a%20b"
    assert md_destination("https://x.org/a)") == "https://x.org/a\\)"
    assert md_destination("https://en.wikipedia.org/wiki/Slack_(software)") == \
        "https://en.wikipedia.org/wiki/Slack_(software)"


def test_marks_leave_line_joining_as_it_was() -> None:
    """A link over a web address broken across lines, and one ending in a hyphenated break:
    the lines join as they would without links (address whole, hyphen dropped)."""
    from pdfprose.output.hyphenation import join_lines

    url = "https://www.who.int/publications/i/item/9789241550345"
    lines = [Line(text="Geneva: 2018 (https://www.who.int/publications/i/", x0=0, top=0, x1=1,
                  bottom=1, baseline=1, size=10, inline=(Inline(14, 49, "link", url, 1),)),
             Line(text="item/9789241550345, accessed. A docu-", x0=0, top=2, x1=1, bottom=3,
                  baseline=3, size=10, inline=(Inline(0, 18, "link", url, 1),
                                               Inline(32, 37, "link", "https://x.org", 2))),
             Line(text="ment follows", x0=0, top=4, x1=1, bottom=5, baseline=5, size=10,
                  inline=(Inline(0, 4, "link", "https://x.org", 2),))]
    for markdown in (False, True):
        writer = InlineWriter(markdown)
        text = writer.finish(writer.join(writer.texts(lines),
                                         lambda plain: join_lines(plain, {"document"})))
        if markdown:
            assert text == (f"Geneva: 2018 (<{url}>, accessed. A "
                            "[document](https://x.org) follows")
        else:
            assert text == f"Geneva: 2018 ({url}, accessed. A document <https://x.org> follows"


def test_visible_address_without_scheme_keeps_its_text() -> None:
    line = Line(text="see www.ck12.org now", x0=0, top=0, x1=1, bottom=1, baseline=1, size=10,
                inline=(Inline(4, 16, "link", "http://www.ck12.org", 0),))
    for markdown, wanted in ((True, "see [www.ck12.org](http://www.ck12.org) now"),
                             (False, "see www.ck12.org now")):
        writer = InlineWriter(markdown)
        assert writer.finish(" ".join(writer.texts([line]))) == wanted
