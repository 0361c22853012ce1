"""Paragraph and word bugs found on the arXiv papers of the quality benchmark
(``../shared/corpus/arxiv``), each pinned on the paper where it showed (SPEC §2, §6, §7)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest

from pdfprose import Options, convert

pytestmark = pytest.mark.corpus


@lru_cache(maxsize=8)
def _markdown(path: Path) -> str:
    return convert(path.read_bytes()).render(Options(format="md"))


@pytest.fixture
def markdown(corpus_file: Callable[[str], Path]) -> Callable[[str], str]:
    return lambda paper: _markdown(corpus_file(f"arxiv/{paper}.pdf"))


def _blocks(text: str) -> list[str]:
    return [b for b in text.split("\n\n") if b.strip()]


def test_displayed_formula_stands_apart_from_the_sentence_around_it(markdown) -> None:
    blocks = _blocks(markdown("astro-ph0001004"))
    at = next(i for i, b in enumerate(blocks) if b.startswith("where R is the nebular radius"))
    assert blocks[at - 1] == "g ∼ πR2ρ0v∗2/MF, (4)"
    assert blocks[at - 2].endswith("by the ISM ram pressure is given by")


def test_text_after_a_formula_at_a_page_foot_is_not_joined_onto_the_formula(markdown) -> None:
    # Formula (4) ends page 5; "where R is..." starts page 6: it used to continue the formula.
    assert "(4) where R" not in markdown("astro-ph0001004")


def test_subscript_is_not_cut_off_from_the_next_letter(markdown) -> None:
    text = markdown("cond-mat0501080")
    assert "regime kfa → ∞" in text and "kf a" not in text


def test_heading_broken_at_a_hyphen_is_one_heading(markdown) -> None:
    assert "\n## 2 Parameter transformations and the Hamilton-Jacobi equation\n" in \
        markdown("math-ph0501061")


def test_word_broken_above_a_formula_is_joined_across_the_cut_block(markdown) -> None:
    assert "in the presence of a random distribution of impurities:\n\nH = " in \
        markdown("cond-mat0501431")


def test_paragraph_cut_after_an_ampersand_goes_on_on_the_next_page(markdown) -> None:
    assert "Jones, Hyesung & Tregillis 1994 for dense gas clouds" in markdown("astro-ph0001004")


def test_radical_sign_drawn_on_its_own_baseline_stays_in_its_formula(markdown) -> None:
    text = markdown("astro-ph0501021")
    assert "the scale of the constant C = (mbFb/√2); then the contribution" in text


def test_equation_number_after_eq_is_no_list_item(markdown) -> None:
    assert "Then, writing eq. (2) in differential form" in markdown("cond-mat0001354")


def test_amsart_running_heads_below_the_band_are_removed(markdown) -> None:
    text = markdown("math0001036")
    # Once each, on the title page (title and author), never as running heads.
    assert text.count("HAROLD P. BOAS") == 1 and text.count("LU QI-KENG’S PROBLEM") == 1


def test_page_number_is_not_glued_to_the_next_pages_text(markdown) -> None:
    assert "The aim of the present paper is to review" in markdown("math0501443")


def test_paragraph_end_left_in_its_own_block_above_a_formula_is_joined(markdown) -> None:
    assert "we may use this freedom to transform the generators" in markdown("hep-th0001173")
    assert "it can reproduce a crater formation on the top of pile" in markdown("cond-mat0001354")


def test_justified_abstract_set_narrower_than_the_page_stays_one_paragraph(corpus_file) -> None:
    # Its shorter lines end sentences but are no paragraph ends (bitcoin_whitepaper_spaces.pdf).
    text = _markdown(corpus_file("real/bitcoin_whitepaper_spaces.pdf"))
    assert ("double-spending. We propose a solution to the double-spending problem using a "
            "peer-to-peer network. The network timestamps") in text


def test_ieee_centred_small_caps_headings_stand_apart(corpus_file) -> None:
    text = _markdown(corpus_file("real/ieee_2col_diffprivacy_ligatures.pdf"))
    assert "\n\n## II. Background on Differential Privacy\n\nDifferential privacy was originally" in text


def test_bullet_item_is_not_cut_at_its_hanging_indent(corpus_file) -> None:
    text = _markdown(corpus_file("real/tracemonkey_pldi09_2col.pdf"))
    assert "- We explain an algorithm for dynamically forming trace trees to cover a program" in text


def test_requiresstack_broken_as_re_quiresstack_is_one_word(corpus_file) -> None:
    # tracemonkey p10: "RE-" / "QUIRESSTACK" came out as "RE-QUIRESSTACK". The glyphs draw
    # "REQUIRESSTACK" with no gap between its two S's (camel-case RequiresStack in small
    # capitals), so the joined word takes no space either.
    text = _markdown(corpus_file("real/tracemonkey_pldi09_2col.pdf"))
    assert "annotated as either FORCESSTACK or REQUIRESSTACK. These annotations" in text
    assert "RE-QUIRES" not in text


def test_displayed_formula_is_a_paragraph_of_its_own_in_the_parsed_markdown(markdown) -> None:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(markdown("astro-ph0001004"))
    paragraphs = [tokens[i + 1].content for i, tok in enumerate(tokens)
                  if tok.type == "paragraph_open"]
    at = paragraphs.index("g ∼ πR2ρ0v∗2/MF, (4)")
    assert paragraphs[at - 1].endswith("is given by")
    assert paragraphs[at + 1].startswith("where R is the nebular radius")
    headings = [tokens[i + 1].content for i, tok in enumerate(tokens) if tok.type == "heading_open"]
    # The italic numbered subsection heads are headings, not paragraphs.
    assert "4.2. The magnetic Rayliegh-Taylor instability for galactic plane PNs" in headings
