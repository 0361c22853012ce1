"""Options re-render from the analysis the worker keeps: never a new parse, the same text as
the library gives, and fast; the Markdown preview beside the source.

(The TraceMonkey tests come last, so that the first tests of test_page.py find it shown.)"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import TIMINGS, App, cpython_conversion
from .test_page import TRACEMONKEY, download_text, make_pdf, pdf_payload

WHO = "real/who_hcv_guidelines_155p.pdf"


@pytest.mark.corpus
def test_options_on_a_155_page_document_are_answered_from_what_was_rendered_ahead(
    app: App, corpus_file: Callable[[str], Path]
) -> None:
    """Issue 7: an option switch on a 150-page document shows at once.

    The worker renders, while idle, the options one switch away from the current ones, so a
    switch is answered from its cache, never by a new parse. The times are recorded in the test
    run's timings, not asserted: the test asserted 200 ms of wall clock and failed on a loaded
    machine (718 ms while other browsers ran); speed is the benchmarks' to measure.
    """
    path = corpus_file(WHO)
    app.convert_ok(path, path.name)
    parses = app.parses
    views = app.page.locator("#views")
    TIMINGS["engine render (not cached) txt|1|1|0 on 155 pages"] = int(views.get_attribute("data-engine-ms")) / 1000
    for control, key in (("format", "md|1|1|0"), ("join-lines", "md|0|1|0"), ("remove-headers", "md|0|0|0")):
        # The idle worker renders ahead the options one switch away (a person reads the first
        # result for longer than that takes).
        started = time.monotonic()
        app.page.wait_for_function(
            "key => (document.getElementById('views').dataset.ahead || '').split(' ').includes(key)", arg=key
        )
        TIMINGS[f"idle time until {key} was rendered ahead"] = time.monotonic() - started
        started = time.monotonic()
        if control == "format":
            app.set_format("md")
        else:
            app.testid(control).uncheck()
        app.wait_shown(key)
        page_ms = int(views.get_attribute("data-render-ms"))
        TIMINGS[f"switch to {key} on 155 pages (page-measured)"] = page_ms / 1000
        assert views.get_attribute("data-cached") == "true", f"{key} was not rendered ahead"
    app.testid("page-markers").check()
    app.wait_shown("md|0|0|1")
    assert app.output().startswith("<!-- page 1 -->\n\n")
    assert "\n\n<!-- page 155 -->\n\n" in app.output()
    assert app.parses == parses
    app.shown = None


def test_an_option_chosen_while_the_pages_are_read_applies_to_the_text_when_it_comes(app: App) -> None:
    # A new user's option clicks during a long conversion found the controls gone (hidden until
    # the text came), then no effect until another click after it ended.
    # 90 pages of 60 lines: still read by one worker (app/engine/split.js splits from 100), and
    # long enough that a quiet fast machine is not done before the first card is checked (30
    # pages of 40 lines were).
    data = make_pdf([[f"{page}.{row} Options chosen while this is read." for row in range(60)]
                     for page in range(1, 91)])
    app.ensure_idle()
    app.reset_options()
    parses = app.parses
    app.testid("file-input").set_input_files(pdf_payload("options early.pdf", data))
    app.page.wait_for_function("() => document.querySelectorAll('[data-testid=page-list] > li').length >= 1")
    assert app.state == "working"
    app.set_format("md")
    app.testid("page-markers").check()
    # Said at once where the text will come; the drawings' struck headers follow at once.
    assert app.testid("pending-note").text_content() == \
        "The text appears when every page has been read, in the options chosen above."
    assert app.wait_state("done", "error") == "done"
    app.wait_shown("md|1|1|1")
    assert app.output().startswith("<!-- page 1 -->")
    assert app.parses == parses + 1  # the one reading, then a rendering of what it kept
    app.testid("page-markers").uncheck()
    app.set_format("txt")
    app.wait_shown("txt|1|1|0")
    app.shown = "options early.pdf"


def test_markdown_from_a_pdf_cannot_load_anything(app: App) -> None:
    """Text that looks like an image, HTML or a link stays text: nothing is fetched."""
    lines = [
        "![tracker](http://198.51.100.7/pixel.png) and <img src=http://198.51.100.7/x.png>",
        "<script>fetch('http://198.51.100.7/')</script> [a link](http://198.51.100.7/)",
    ]
    before = len(app.requests)
    app.convert_ok(pdf_payload("tricky.pdf", make_pdf([lines])), "tricky")
    app.set_format("md")
    app.testid("view-both").check()
    app.wait_shown("md|1|1|0")
    rendered = app.testid("rendered")
    assert rendered.locator("img, script, iframe").count() == 0
    assert rendered.locator("a[href^='http']").count() == 0
    assert "198.51.100.7" in rendered.text_content()
    assert app.outside_requests() == []
    assert all(url.startswith(app.origin) for url in app.requests[before:])


@pytest.mark.parametrize(
    ("control", "key", "options"),
    [
        ("join-lines", "txt|0|1|0", {"join_lines": False}),
        ("remove-headers", "txt|1|0|0", {"remove_headers": False}),
        ("page-markers", "txt|1|1|1|page", {"page_markers": True}),
    ],
)
def test_each_option_re_renders_like_the_library_without_a_new_parse(
    app: App, corpus_file: Callable[[str], Path], control: str, key: str, options: dict[str, bool]
) -> None:
    from pdfprose import Options

    path = corpus_file(TRACEMONKEY)
    app.show(path)
    parses = app.parses
    checkbox = app.testid(control)
    checkbox.set_checked(not checkbox.is_checked())
    app.wait_shown(key)
    expected = cpython_conversion(path).render(Options(**options))
    assert app.output() == expected
    name, text = download_text(app)
    assert (name, text) == ("tracemonkey_pldi09_2col.txt", expected)  # Download gives the source
    assert app.parses == parses, "changing an option parsed the PDF again"
    checkbox.set_checked(not checkbox.is_checked())
    app.wait_shown("txt|1|1|0")


def test_markdown_preview_beside_the_source(app: App, corpus_file: Callable[[str], Path]) -> None:
    from pdfprose import Options

    path = corpus_file(TRACEMONKEY)
    app.show(path)
    assert not app.testid("view-switch").is_visible()  # TXT has no preview
    assert not app.testid("rendered").is_visible()
    app.set_format("md")
    app.wait_shown("md|1|1|0")
    source = cpython_conversion(path).render(Options(format="md"))
    assert app.output() == source
    rendered = app.testid("rendered")
    assert app.testid("view-switch").is_visible()
    assert app.testid("view-both").is_checked()  # a wide screen shows both, side by side
    assert rendered.is_visible() and app.testid("output").is_visible()
    out_box, md_box = app.testid("output").bounding_box(), rendered.bounding_box()
    assert md_box["x"] > out_box["x"] + out_box["width"] - 1 and abs(md_box["y"] - out_box["y"]) < 2
    # The document's headings, two levels under the page's own (h1 title, h2 "Text").
    assert rendered.locator("h1, h2").count() == 0
    assert rendered.locator("h3, h4, h5, h6").count() >= 5
    assert rendered.locator("p").count() > 50
    assert "Trace-based Just-in-Time Type Specialization" in rendered.locator(".md-h1").first.text_content()
    # Copy and Download give the source, not the HTML.
    name, text = download_text(app)
    assert (name, text) == ("tracemonkey_pldi09_2col.md", source)
    app.testid("view-rendered").check()
    assert not app.testid("output").is_visible() and rendered.is_visible()
    app.testid("view-source").check()
    assert app.testid("output").is_visible() and not rendered.is_visible()
    app.testid("view-both").check()
