"""The layout benchmark (issue 22): its generators are deterministic, their truth is what they
drew, its scorer counts what it says it counts, and a short run goes end to end."""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

import pytest

from benchmarks import layouts, layoutscore
from benchmarks.layoutgen import FAMILIES, PROSE_COLUMNS, generate
from benchmarks.layoutgen.truth import Document, Element, PageTruth

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="pdftotext (poppler-utils) is not installed")


def test_at_least_twenty_families_and_the_prose_ones_are_among_them() -> None:
    assert len(FAMILIES) >= 20
    assert set(PROSE_COLUMNS) <= set(FAMILIES)


@pytest.mark.parametrize("family", ["notice-3", "slides-bullets", "japanese-vertical", "invoices"])
def test_a_family_and_seed_give_the_same_bytes_and_truth(tmp_path: Path, family: str) -> None:
    a = generate(family, "7", tmp_path / "a.pdf")
    b = generate(family, "7", tmp_path / "b.pdf")
    c = generate(family, "8", tmp_path / "c.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()
    assert Document.from_json(a.to_json()).to_json() == a.to_json()


def _found(word: str, flat: str, tokens: set[str]) -> bool:
    """The word is in the tool's text, whole or hyphenated at a line end (its head with the
    hyphen and its tail anywhere: a tool may put other text between the two lines)."""
    if word in flat:
        return True
    return any(word[:k] + "-" in tokens and word[k:] in tokens for k in range(2, len(word) - 1))


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_family_runs_and_its_truth_is_what_was_drawn(tmp_path: Path, family: str) -> None:
    """One document of the family through the benchmark (generated, converted by pdfprose and
    pdftotext, scored, kept); pdftotext finds every truth word (its order and spacing aside):
    the truth names nothing the pages do not show, and the pages show nothing it lacks."""
    result = layouts.run_document(family, "t", ("pdfprose", "pdftotext"), str(tmp_path))
    assert result["tools"]["pdfprose"]["error"] is None
    assert result["tools"]["pdfprose"]["truth_words"] > 0
    doc = Document.from_json((tmp_path / family / "t.truth.json").read_text(encoding="utf-8"))
    assert len(doc.pages) == result["pages"]
    raw = (tmp_path / family / "t.pdftotext.txt").read_text(encoding="utf-8")
    flat = "".join(layoutscore.words(re.sub(r"(\w)-\n", r"\1", raw)))
    tokens = {t.strip(".,;:()").lower() for t in raw.split()}
    truth = [w for e in doc.elements for w in layoutscore.words(e.text)]
    assert [w for w in truth if not _found(w, flat, tokens)] == []
    shown = "".join(layoutscore.words(raw))
    assert len(shown) <= len("".join(truth)) * 1.01 + 20  # nothing drawn beyond the truth
    assert all(p.columns is None or 1 <= p.columns <= 5 for p in doc.pages)


def test_cjk_faces_do_not_depend_on_what_else_registered(tmp_path: Path) -> None:
    """reportlab's font registry is one per process: another caller registering the face's own
    name in writing mode V (as tests/layout/test_rotation_and_scripts.py does) changed nothing here."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    generate("japanese", "7", tmp_path / "a.pdf")
    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3", isVertical=True))
    generate("japanese", "7", tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_the_flow_truth_holds_floats_after_their_host(tmp_path: Path) -> None:
    doc = generate("footnotes-column", "3", tmp_path / "f.pdf")
    notes = [(i, e) for i, e in enumerate(doc.elements) if e.kind == "footnote"]
    assert notes
    for i, e in notes:
        assert e.mark and e.mark.isdigit()
        if e.host is not None:
            assert doc.elements[e.host].kind in ("paragraph", "list_item", "heading")
            assert e.host < i


# --------------------------------------------------------------------------------------------
# The scorer on hand-made outputs


def _doc() -> Document:
    d = Document("hand", "0", "en", [PageTruth(1, 600, 800, 2), PageTruth(2, 600, 800, 1)])
    d.elements = [
        Element("furniture", "Annual report", 1),
        Element("heading", "Quiet rivers", 1, level=1),
        Element("paragraph", "the river runs past the old stone mill and turns toward the sea "
                "under a grey sky", 1),
        Element("footnote", "measured in spring floods", 1, mark="1", host=2),
        Element("paragraph", "lanterns were lit along the harbour wall every evening", 2),
        Element("list_item", "copper kettles", 2, marker="•"),
        Element("list_item", "1. violet glass", 2, marker="1."),
    ]
    return d


PERFECT = """# Quiet rivers

the river runs past¹ the old stone mill and turns toward the sea under a grey sky

measured in spring floods

lanterns were lit along the harbour wall every evening

- copper kettles
1. violet glass
"""


def test_a_perfect_output_scores_one() -> None:
    s = layoutscore.score(_doc(), PERFECT, markdown=True, columns=[2, 1],
                          kept_headers="Annual report\n\n" + PERFECT)
    assert s.order == 1.0
    assert s.lost == 0 and s.splices == []
    assert (s.headings, s.headings_found, s.headings_invented, s.levels_right) == (1, 1, 0, 1)
    assert (s.items, s.items_found, s.items_invented) == (2, 2, 0)
    assert (s.columns_pages, s.columns_right) == (2, 2)
    assert s.content_removed == 0 and s.furniture_left == 0


def test_a_float_before_its_host_is_as_right_as_after_it() -> None:
    out = PERFECT.replace("measured in spring floods\n\n", "").replace(
        "# Quiet rivers\n\n", "# Quiet rivers\n\nmeasured in spring floods\n\n")
    s = layoutscore.score(_doc(), out, markdown=True)
    assert s.order == 1.0 and s.splices == []


def test_a_footnote_inside_a_sentence_is_one_splice_and_costs_order() -> None:
    out = PERFECT.replace("measured in spring floods\n\n", "").replace(
        "old stone mill", "old stone measured in spring floods mill")
    s = layoutscore.score(_doc(), out, markdown=True)
    assert len(s.splices) == 1
    sp = s.splices[0]
    assert (sp.page, sp.words) == (1, ["measured", "in", "spring", "floods"])
    assert s.order < 1.0


def test_two_columns_read_line_by_line_count_a_splice_per_interleaved_line() -> None:
    d = Document("hand", "0", "en", [PageTruth(1, 600, 800, 2)])
    left = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu"
    right = "river stone lantern meadow copper violet harbor silent orchard maple thunder quiet"
    d.elements = [Element("paragraph", left, 1), Element("paragraph", right, 1)]
    lw, rw = left.split(), right.split()
    lines = [" ".join(lw[i:i + 3] + rw[i:i + 3]) for i in range(0, 12, 3)]
    s = layoutscore.score(d, " ".join(lines), markdown=False)
    assert len(s.splices) == 6  # runs 2-7 of the 8 runs each sit between two of the other's
    ok = layoutscore.score(d, left + "\n\n" + right, markdown=False)
    assert ok.splices == [] and ok.order == 1.0


def test_a_lost_word_and_an_invented_heading_are_counted() -> None:
    out = PERFECT.replace("old stone mill", "old mill").replace(
        "lanterns were lit", "# lanterns were lit\n\nglass")
    s = layoutscore.score(_doc(), out, markdown=True)
    assert s.lost == 1 and s.lost_words == ["stone"]
    assert s.headings_invented == 1 and s.invented_headings == ["lanterns were lit"]


def test_an_item_not_found_as_an_item_and_a_heading_in_two() -> None:
    out = PERFECT.replace("- copper kettles", "o copper kettles").replace(
        "# Quiet rivers", "# Quiet\n\n# rivers")
    s = layoutscore.score(_doc(), out, markdown=True)
    assert (s.items_found, s.headings_found, s.headings_invented) == (1, 0, 2)


def test_content_removed_as_furniture_and_heads_left_in() -> None:
    removed = PERFECT.replace("lanterns were lit along the harbour wall every evening\n\n", "")
    s = layoutscore.score(_doc(), removed, markdown=True,
                          kept_headers="Annual report\n\n" + PERFECT)
    assert s.content_removed == len("lanternswerelitalongtheharbourwalleveryevening")
    left = layoutscore.score(_doc(), "Annual report\n\n" + PERFECT, markdown=True)
    assert left.furniture_left == left.furniture_chars == len("annualreport")


def test_words_drop_footnote_marks_and_cut_chinese_and_japanese_into_characters() -> None:
    assert layoutscore.words("policy¹ policy2, policy.3 2024 A4") == \
        ["policy", "policy", "policy", "2024", "a"]
    assert layoutscore.words("政府は2024年度に") == ["政", "府", "は", "2024", "年", "度", "に"]
    assert layoutscore.words("정부는 계획을") == ["정부는", "계획을"]


# --------------------------------------------------------------------------------------------
# A short run


def test_a_short_run_keeps_each_familys_first_documents_up_to_its_pages() -> None:
    families = ["slides-bullets", "invoices", "forms"]
    docs = layouts.plan_and_run(families, 12, "short", ("pdfprose", "pdftotext"), jobs=1,
                                out=None, pdfminer_every=2, progress=False)
    by = {f: [d for d in docs if d["family"] == f] for f in families}
    for f, fam in by.items():
        assert [d["seed"] for d in fam] == [f"short-{i}" for i in range(len(fam))]
        pages = [d["pages"] for d in fam]
        assert sum(pages) >= 4 and sum(pages[:-1]) < 4  # the first documents reaching 12 / 3
    args = argparse.Namespace(pages=12, seed="short", family=families, pdfminer_every=2, jobs=1)
    text = layouts.report(docs, args, ("pdfprose", "pdftotext"), 1.0)
    assert "| **all** |" in text and "### invoices" in text and "## Worst failures" in text


@pytest.mark.parametrize("family, seed", [("slides-bullets", "2026-1"), ("slides-bullets", "2026-4"),
                                          ("slides-numbered", "2026-2")])
def test_slides_keep_their_gutter_and_their_title_clear_of_the_body(tmp_path: Path, family: str,
                                                                    seed: str) -> None:
    # A slide program keeps each list inside its placeholder and the body under the title: the
    # middle 30/960 of the page's width (the gutter) stays empty on two-column slides above
    # the footer, and every glyph of the body stands under the title's last line (the margin
    # strip's small print, left of the slide's text, beside the title: seed 2026-4 has one).
    from pdfprose.pdf.document import open_pdf

    truth = generate(family, seed, tmp_path / "d.pdf")
    parsed = open_pdf((tmp_path / "d.pdf").read_bytes())
    two = 0
    for page, known in zip(parsed.iter_pages(), truth.pages):
        glyphs = [g for g in page.glyphs if g.text.strip()]
        # The title's lines are those set at the largest size on the page.
        big = max(g.size for g in glyphs)
        body = [g for g in glyphs if g.size < 0.9 * big and g.x0 > 60 * known.width / 960]
        title_bottom = max(g.bottom for g in glyphs if g.size >= 0.9 * big)
        assert all(g.top >= title_bottom - 0.5 for g in body)
        if known.columns == 2:
            two += 1
            # The gutter is midway between the body's left edge (right of a margin strip,
            # if any) and the right margin.
            strip = any(g.x0 < 60 * known.width / 960 for g in glyphs)
            left = (140 if strip else 60) * known.width / 960
            half = (left + known.width - 60 * known.width / 960) / 2
            band = 15 * known.width / 960  # half the gutter
            footer = known.height - 60 * known.width / 960
            assert not [g.text for g in body if g.top < footer
                        and g.x1 > half - band + 0.5 and g.x0 < half + band - 0.5]
    assert two


@pytest.mark.parametrize("family, seed", [("slides-bullets", "2026-4"), ("slides-numbered", "7")])
def test_a_decks_margin_strip_is_furniture_and_its_items_are_kept(tmp_path: Path, family: str,
                                                                  seed: str) -> None:
    """A deck whose margin strip holds the site's address 13-15 % below the top and the
    presenter wrapped on three lines 13-15 % above the foot (pdfua_presentation_slides): with
    headers removed none of it is left, and nothing of the slides is removed."""
    truth = generate(family, seed, tmp_path / "d.pdf")
    strip = [e.text for e in truth.elements if e.kind == "furniture" and "," in e.text]
    assert strip and len(strip) == len(truth.pages)  # the deck has a strip on every slide
    result = layouts.run_document(family, seed, ("pdfprose",), None)["tools"]["pdfprose"]
    assert (result["furniture_left"], result["content_removed"], result["lost"]) == (0, 0, 0)
    assert result["furniture_chars"] > 0


def test_cjk_lines_never_start_with_a_percent_cut_from_its_number() -> None:
    """Hanging a full stop pulled only the character before it down: "36" / "%。". The
    chinese family's truth "36%" then never matched a line join (25 words "lost")."""
    from benchmarks.layoutgen.typeset import Style, break_cjk

    style = Style("STSong-Light", 10.0, 12.0)
    lines = break_cjk("一二三36%。四五六七八九", 60.0, style, vertical=True)
    texts = ["".join(line.words) for line in lines]
    assert texts[:2] == ["一二三", "36%。四五"]
