"""The per-page schematic drawings (app/preview.js) and jumping from a page to its text.

Real documents check what the engine sends today; synthetic geometry checks what the drawing
does with fields the engine may send (rotated and vertical kinds, running headers), so that the
page is ready for them and degrades without them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import App, cpython_conversion
from .test_page import TRACEMONKEY, make_pdf, pdf_payload


def drawing(app: App, number: int) -> Any:
    return app.testid("page-list").locator(f"li[data-page='{number}'] svg.pv")


def test_each_page_has_a_schematic_drawing(app: App, corpus_file: Callable[[str], Path]) -> None:
    from pdfprose import Converter

    path = corpus_file(TRACEMONKEY)
    app.show(path)
    converter = Converter(path.read_bytes())
    first = converter.analyze_next().geometry()
    svg = drawing(app, 1)
    assert [float(v) for v in svg.get_attribute("viewBox").split()] == [0, 0, first["width"], first["height"]]
    assert svg.get_attribute("aria-hidden") == "true"  # the caption says it in words
    assert svg.locator(".pv-page").count() == 1
    # One box per text line, and every block numbered in reading order.
    assert svg.locator(".pv-line").count() == sum(len(b["lines"]) for b in first["blocks"])
    numbers = svg.locator(".pv-num text").all_text_contents()
    assert numbers == [str(b["order"] + 1) for b in first["blocks"]]
    # Two columns: the left column's lines in one colour, the right column's in another, and
    # the title block (as wide as the page's text) in the full-width colour.
    classes = svg.locator(".pv-block").evaluate_all("els => els.map(e => e.getAttribute('class'))")
    assert classes == ["pv-block pv-span", "pv-block pv-c0", "pv-block pv-c1"]
    colours = svg.locator(".pv-block .pv-line").evaluate_all(
        "els => [...new Set(els.map(e => getComputedStyle(e).fill))]"
    )
    assert len(colours) == 3
    # All 14 pages drawn, each captioned with its column count.
    assert app.testid("page-list").locator("svg.pv").count() == 14


def test_a_sidebar_is_drawn_as_an_aside_so_one_column_shows_one_colour(
        app: App, corpus_file: Callable[[str], Path]) -> None:
    # sci_reports p1: a sidebar beside the article's one text column. The card said "1 column"
    # while the drawing gave the sidebar a column colour of its own.
    app.show(corpus_file("real/sci_reports_2col_sidebar_ligatures.pdf"))
    card = app.testid("page-list").locator("li[data-page='1']")
    assert "1 column" in card.inner_text()
    classes = drawing(app, 1).locator(".pv-block").evaluate_all(
        "els => els.map(e => e.getAttribute('class'))")
    assert classes == ["pv-block pv-aside", "pv-block pv-c0", "pv-block pv-c0"]
    colours = drawing(app, 1).locator(".pv-block:not(.pv-aside) .pv-line").evaluate_all(
        "els => [...new Set(els.map(e => getComputedStyle(e).fill))]")
    assert len(colours) == 1
    # The legend names the aside's colour, in the page's language.
    legend = app.testid("legend").locator(".sw.pv-aside")
    assert legend.count() == 1


def test_clicking_a_page_jumps_to_its_text(app: App, corpus_file: Callable[[str], Path]) -> None:
    from pdfprose import Options

    path = corpus_file(TRACEMONKEY)
    app.show(path)
    output_before = app.output()
    app.testid("page-list").locator("li[data-page='5'] button").click()
    app.page.wait_for_function("() => document.querySelector('[data-testid=output]').dataset.jumpPage === '5'")
    # Page 5's text, found through the page markers of the same rendering.
    marked = cpython_conversion(path).render(Options(page_markers=True))
    page5 = marked.split("[page 5]\n\n", 1)[1].split("[page 6]", 1)[0]
    later_paragraph = [p for p in page5.split("\n\n") if len(p) > 80][1]
    highlighted = app.page.evaluate("() => [...CSS.highlights.get('pdfprose-page')][0].toString()")
    assert later_paragraph[:60] in highlighted
    assert "[page" not in app.output()  # markers are only used inside, never added to the text
    assert app.output() == output_before  # the text is unchanged: an empty anchor marks the page
    # Scrolled into view inside the text box, and the focus on the page's start for screen readers.
    anchor = app.testid("output").locator(".page-anchor[data-page='5']")
    assert anchor.count() == 1
    box = app.testid("output").bounding_box()
    top = anchor.evaluate("el => el.getBoundingClientRect().top")
    assert box["y"] - 1 <= top <= box["y"] + box["height"] / 2
    assert app.page.evaluate("() => document.activeElement.matches('.page-anchor[data-page=\"5\"]')")
    current = app.testid("page-list").locator("[aria-current=true]")
    assert current.count() == 1 and current.locator("xpath=..").get_attribute("data-page") == "5"


def test_a_page_clicked_while_reading_is_jumped_to_when_done(app: App) -> None:
    """A click on a page before the text is ready said so, and the note then stayed after
    'Done' with no jump; now the text is shown at that page once it is ready."""
    data = make_pdf([  # one worker: fewer than 100 pages
        [f"Page {n}, line {row}: long enough to be a line of prose in the text." for row in range(30)]
        for n in range(1, 91)
    ])
    app.ensure_idle()
    app.reset_options()
    app.testid("file-input").set_input_files(pdf_payload("ninety.pdf", data))
    app.page.wait_for_selector("[data-testid=page-list] li[data-page='3'] button")
    # The state is read and the button clicked in one task, so that the document cannot finish in between.
    reading = app.page.evaluate(
        """() => {
            const reading = document.querySelector('[data-testid=status]').dataset.state === 'working';
            document.querySelector("[data-testid=page-list] li[data-page='3'] button").click();
            return reading;
        }"""
    )
    if not reading:
        pytest.skip("the 90 pages were read before the click")
    assert app.testid("jump-note").text_content() == "The text appears when every page has been read."
    app.wait_state("done")
    app.shown = None
    app.page.wait_for_function("() => document.querySelector('[data-testid=output]').dataset.jumpPage === '3'")
    highlighted = app.page.evaluate("() => [...CSS.highlights.get('pdfprose-page')][0].toString()")
    assert highlighted.startswith("Page 3, line 0: long enough")
    assert app.testid("jump-note").text_content() == ""
    # The focus was not taken: the reader may have moved on while the document was read.
    assert not app.page.evaluate("() => document.activeElement.matches('.page-anchor')")


def test_jump_in_the_markdown_preview(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    app.set_format("md")
    app.testid("view-both").check()
    app.wait_shown("md|1|1|0")
    app.testid("page-list").locator("li[data-page='9'] button").click()
    app.page.wait_for_function("() => document.querySelector('[data-testid=output]').dataset.jumpPage === '9'")
    rendered = app.testid("rendered")
    target = rendered.locator(".md-chunk > .flash")
    assert target.count() == 1
    box = rendered.bounding_box()
    top = target.evaluate("el => el.getBoundingClientRect().top")
    assert box["y"] - 1 <= top <= box["y"] + box["height"] / 2
    # The source beside it jumped too.
    assert app.testid("output").locator(".page-anchor[data-page='9']").count() == 1


def test_page_markers_option_is_where_jumps_land(app: App, corpus_file: Callable[[str], Path]) -> None:
    app.show(corpus_file(TRACEMONKEY))
    app.testid("page-markers").check()
    app.wait_shown("txt|1|1|1|page")
    app.testid("page-list").locator("li[data-page='3'] button").click()
    app.page.wait_for_function("() => document.querySelector('[data-testid=output]').dataset.jumpPage === '3'")
    highlighted = app.page.evaluate("() => [...CSS.highlights.get('pdfprose-page')][0].toString()")
    assert highlighted.startswith("[page 3]\n\n")
    app.testid("page-markers").uncheck()
    app.wait_shown("txt|1|1|0")


def test_page_markers_speak_the_page_language_and_jumps_still_land(
        app: App, corpus_file: Callable[[str], Path]) -> None:
    # A fresh-clone tester: the plain text's markers stayed "[page N]" in the Spanish interface.
    from pdfprose import Options

    path = corpus_file(TRACEMONKEY)
    app.show(path)
    app.testid("page-markers").check()
    app.wait_shown("txt|1|1|1|page")
    app.testid("lang").select_option("es")
    try:
        app.wait_shown("txt|1|1|1|página")
        assert app.output() == cpython_conversion(path).render(Options(page_markers=True, page_word="página"))
        assert app.output().startswith("[página 1]\n\n")
        app.testid("page-list").locator("li[data-page='3'] button").click()
        app.page.wait_for_function(
            "() => document.querySelector('[data-testid=output]').dataset.jumpPage === '3'")
        highlighted = app.page.evaluate("() => [...CSS.highlights.get('pdfprose-page')][0].toString()")
        assert highlighted.startswith("[página 3]\n\n")
        # Markdown's marker is an HTML comment no reader sees (SPEC §12): it stays as it is.
        app.set_format("md")
        app.wait_shown("md|1|1|1")
        assert app.output().startswith("<!-- page 1 -->")
    finally:
        app.set_format("txt")
        app.testid("lang").select_option("en")
        app.testid("page-markers").uncheck()
        app.wait_shown("txt|1|1|0")


def test_page_markers_in_the_markdown_preview_are_not_raw_comments(app: App, corpus_file: Callable[[str], Path]) -> None:
    """The preview showed the Markdown's page markers as text ("<!-- page 1 -->", a fresh-clone
    tester): raw HTML is off there, so each is drawn as a quiet "page N" rule instead."""
    app.show(corpus_file(TRACEMONKEY))
    app.set_format("md")
    app.testid("view-both").check()
    app.testid("page-markers").check()
    try:
        app.wait_shown("md|1|1|1")
        assert app.output().startswith("<!-- page 1 -->\n\n")  # the source keeps the comment
        rendered = app.testid("rendered")
        app.page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=rendered] .md-page-marker').length === 14")
        markers = rendered.locator(".md-page-marker")
        assert [markers.nth(i).text_content() for i in range(3)] == ["page 1", "page 2", "page 3"]
        assert "<!--" not in rendered.text_content()
        # In the Spanish interface the rules say "página N" (a fresh-clone tester: they stayed
        # English), the source's comments as they were.
        app.testid("lang").select_option("es")
        assert [markers.nth(i).text_content() for i in range(3)] == ["página 1", "página 2", "página 3"]
        assert app.output().startswith("<!-- page 1 -->\n\n")
        app.set_format("txt")
        app.wait_shown("txt|1|1|1|página")
        app.set_format("md")
        app.wait_shown("md|1|1|1")
        app.page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=rendered] .md-page-marker').length === 14")
        assert markers.nth(0).text_content() == "página 1"  # drawn again, in Spanish
    finally:
        app.testid("lang").select_option("en")
        app.testid("page-markers").uncheck()
        app.set_format("txt")
        app.wait_shown("txt|1|1|0")


def test_footnotes_in_the_markdown_preview_are_rendered(app: App, corpus_file: Callable[[str], Path]) -> None:
    """A fresh-clone tester saw "Tagged PDF[^*]" as text in the preview: the reference is a raised
    link to its note, listed under the mark the PDF printed; the source keeps the syntax."""
    app.show(corpus_file("real/pdfua_presentation_slides.pdf"))
    app.set_format("md")
    app.testid("view-both").check()
    try:
        app.wait_shown("md|1|1|0")
        assert "Tagged PDF[^*]" in app.output()
        app.page.wait_for_function(
            "() => document.querySelector('[data-testid=rendered] .footnote-ref') !== null")
        rendered = app.testid("rendered")
        assert "[^*]" not in rendered.text_content()
        ref = rendered.locator(".footnote-ref a").first
        assert ref.text_content() == "*"
        note = rendered.locator(".footnote-item").first
        assert note.locator(".md-footnote-mark").text_content() == "*"
        assert "More info: PDF/UA in a Nutshell" in note.text_content()
        assert ref.get_attribute("href") == f"#{note.get_attribute('id')}"
    finally:
        app.testid("view-source").check()
        app.set_format("txt")
        app.wait_shown("txt|1|1|0")


def test_struck_through_headers_follow_the_option(app: App, corpus_file: Callable[[str], Path]) -> None:
    """The strike-through lines show only while running headers are removed from the text."""
    app.show(corpus_file(TRACEMONKEY))
    page_list = app.testid("page-list")
    assert "strike-furniture" in page_list.get_attribute("class")
    app.testid("remove-headers").uncheck()
    app.wait_shown("txt|1|0|0")
    assert "strike-furniture" not in page_list.get_attribute("class")
    app.testid("remove-headers").check()
    app.wait_shown("txt|1|1|0")


def test_empty_and_garbled_pages_are_marked(app: App, corpus_file: Callable[[str], Path]) -> None:
    data = make_pdf([["A page with a line of text."], [], ["Another page with text."]])
    app.convert_ok(pdf_payload("with blank.pdf", data), "with blank")
    assert drawing(app, 2).get_attribute("class") == "pv pv-is-empty"
    assert drawing(app, 2).locator(".pv-hatch line").count() > 3
    assert drawing(app, 2).locator(".pv-line").count() == 0
    assert "empty" in app.testid("page-list").locator("li[data-page='2']").text_content()
    # Jumping to a page without text says so.
    app.testid("page-list").locator("li[data-page='2'] button").click()
    app.page.wait_for_function("() => document.querySelector('[data-testid=jump-note]').textContent !== ''")
    assert app.testid("jump-note").text_content() == "Page 2 has no text in the output."

    path = corpus_file("real/type3_no_tounicode_garbled.pdf")
    app.convert_ok(path, path.name)
    svg = drawing(app, 1)
    assert "pv-is-garbled" in svg.get_attribute("class")
    assert svg.locator(".pv-warn").count() == 1
    assert "garbled" in app.testid("page-list").locator("li[data-page='1']").text_content()


def test_rotated_and_vertical_text_in_their_own_colour(app: App, corpus_file: Callable[[str], Path]) -> None:
    """From the engine's own geometry, when it says which blocks are rotated or vertical."""
    from pdfprose import Converter

    path = corpus_file("real/cad_drawing_rotated_dims.pdf")
    geometry = Converter(path.read_bytes()).analyze_next().geometry()
    kinds = [b.get("kind") for b in geometry["blocks"]]
    if not any(kind in ("rotated", "vertical") for kind in kinds):
        pytest.skip("this engine does not tell rotated blocks apart in its geometry (block.kind)")
    app.convert_ok(path, path.name)
    svg = drawing(app, 1)
    rotated = svg.locator(".pv-block.pv-rotated")
    assert rotated.count() == sum(kind in ("rotated", "vertical") for kind in kinds)
    fill = rotated.first.locator(".pv-line").first.evaluate("el => getComputedStyle(el).fill")
    other = svg.locator(".pv-block:not(.pv-rotated) .pv-line").first.evaluate("el => getComputedStyle(el).fill")
    assert fill != other


SYNTHETIC = {
    "number": 7,
    "columns": 2,
    "empty": False,
    "garbled": False,
    "error": None,
    "geometry": {
        "width": 600,
        "height": 800,
        "columns": 2,
        "blocks": [
            {"order": 0, "region": 0, "column": 0, "kind": "text", "box": [50, 20, 550, 30],
             "lines": [[50, 20, 550, 30]], "furniture": True},
            {"order": 1, "region": 1, "column": 0, "kind": "text", "box": [50, 60, 290, 700],
             "lines": [[50, 60, 290, 70], [50, 75, 290, 85]]},
            {"order": 2, "region": 1, "column": 1, "kind": "text", "box": [310, 60, 550, 700],
             "lines": [[310, 60, 550, 70]]},
            {"order": 3, "region": 2, "column": 0, "kind": "vertical", "box": [570, 100, 580, 600],
             "lines": [[570, 100, 580, 600]]},
            {"order": 4, "region": 2, "column": 0, "kind": "rotated", "box": [10, 300, 20, 500],
             "lines": [[10, 300, 20, 500]]},
            {"order": 5, "region": 3, "column": 0, "kind": "form", "box": [50, 720, 200, 730],
             "lines": [[50, 720, 200, 730]]},
        ],
    },
}


def test_drawing_uses_kinds_and_furniture_when_the_data_has_them(app: App) -> None:
    classes = app.page.evaluate(
        """async (page) => {
            const { pageSvg, markFurniture } = await import('./app/preview.js');
            const svg = pageSvg(page, { pixelWidth: 132 });
            markFurniture(svg, [[50, 780, 550, 790]]);
            return {
                blocks: [...svg.querySelectorAll('.pv-block')].map((g) => g.getAttribute('class')),
                strikes: svg.querySelectorAll('.pv-strike').length,
                overlay: svg.querySelectorAll('.pv-furniture-overlay .pv-line').length,
                numbers: [...svg.querySelectorAll('.pv-num text')].map((t) => t.textContent),
            };
        }""",
        SYNTHETIC,
    )
    assert classes["blocks"] == [
        "pv-block pv-furniture",
        "pv-block pv-c0",
        "pv-block pv-c1",
        "pv-block pv-rotated",
        "pv-block pv-rotated",
        "pv-block pv-form",
    ]
    assert classes["strikes"] == 2  # the furniture block's line and the report's footer line
    assert classes["overlay"] == 1
    assert classes["numbers"] == ["1", "2", "3", "4", "5", "6"]
    # Without kinds (an older engine), every block is plain text coloured by its column.
    plain = app.page.evaluate(
        """async (page) => {
            const { pageSvg } = await import('./app/preview.js');
            for (const block of page.geometry.blocks) { delete block.kind; delete block.furniture; }
            return [...pageSvg(page).querySelectorAll('.pv-block')].map((g) => g.getAttribute('class'));
        }""",
        SYNTHETIC,
    )
    assert plain[:3] == ["pv-block pv-span", "pv-block pv-c0", "pv-block pv-c1"]
    assert "pv-block pv-rotated" not in plain


def test_a_wide_table_in_the_preview_scrolls_instead_of_breaking_words(app: App) -> None:
    # Narrow columns broke words mid-letter ("Internati / onalizati / on"): the preview's
    # overflow-wrap: anywhere reached into the cells. The table now scrolls on its own.
    app.ensure_idle()
    lines = app.page.evaluate("""async () => {
        const { MarkdownView } = await import('/app/markdown.js');
        const box = document.createElement('div');
        box.className = 'rendered';
        box.style.width = '220px';
        document.body.append(box);
        try {
            await new MarkdownView(box).show(
                '| Term | Meaning |\\n| --- | --- |\\n| Internationalization | Counterrevolutionaries |\\n');
            const table = box.querySelector('table');
            const cell = box.querySelector('td');
            const range = document.createRange();
            range.selectNodeContents(cell);
            return { rects: range.getClientRects().length, scrolls: table.scrollWidth > table.clientWidth,
                     keyboard: table.tabIndex === 0,
                     inside: table.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1 };
        } finally {
            box.remove();
        }
    }""")
    assert lines == {"rects": 1, "scrolls": True, "keyboard": True, "inside": True}
