"""Paragraph breaks on real documents of ``../shared/corpus/real`` (SPEC §6, §10), each pinned on
the page where the bug showed. Only the pages asked for are analysed (a few tenths of a second
each, the ``page_paragraphs`` fixture of conftest.py), so a test does not wait for a whole
155-page document."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.corpus


IRS_INSTRUCTIONS = "real/irs_i1040nr_instructions_50p.pdf"

US_SENTENCES = {
    5: ["resident alien. Different U.S. income tax rules apply to each status.",
        "taxed at the same rates that apply to U.S. citizens and residents."],
    6: ["nonresident aliens who lost U.S. citizenship or terminated U.S. long-term",
        "You are a former U.S. long-term resident if you were a lawful"],
    9: ["can make to be taxed as U.S. residents."],
    11: ["from certain deposits with U.S. insurance companies, is tax exempt",
         "from certain deposits with U.S. insurance companies) that is exempt"],
    16: ["premiums you paid to “U.S. Treasury-HCTC,” or"],
    30: ["return for your last year of U.S. residency, you must also attach Form 8854."],
    32: ["the District of Columbia, U.S. commonwealths or possessions"],
}
"""Sentences of the IRS instructions that a line ending in "U.S." cut in two (page: texts)."""


@pytest.mark.parametrize("page", sorted(US_SENTENCES))
def test_false_paragraph_break_after_us_abbreviation(page_paragraphs, page: int) -> None:
    # A narrow column leaves "...who lost U.S." 30 pt short of its edge when the next word does
    # not fit: the short line's full stop was taken for a paragraph's end.
    paragraphs = page_paragraphs(IRS_INSTRUCTIONS, page)
    for sentence in US_SENTENCES[page]:
        assert any(sentence in text for text in paragraphs), sentence


def test_false_paragraph_break_after_us_abbreviation_fix_keeps_the_address_apart(
        page_paragraphs) -> None:
    # "...Austin, TX 73301-0215 U.S.A." ends the filing address: the next paragraph starts
    # with a capital, and stays apart.
    paragraphs = page_paragraphs(IRS_INSTRUCTIONS, 5)
    at = next(i for i, text in enumerate(paragraphs) if text == "73301-0215 U.S.A.")
    assert paragraphs[at + 1].startswith("If you were a nonresident on the last day")


WHO_GUIDELINES = "real/who_hcv_guidelines_155p.pdf"


def test_wrapped_number_inside_a_sentence_is_not_a_list_item(page_paragraphs) -> None:
    # who_hcv_guidelines p. 60: "...for infection with genotypes 1, 2, 3 and" / "4. Data from an
    # observational study": the line runs to the prose's edge, only the page number "35" in the
    # margin reaches further right; "4." was a list item.
    paragraphs = page_paragraphs(WHO_GUIDELINES, 60)
    assert any("for infection with genotypes 1, 2, 3 and 4. Data from an observational study"
               in text for text in paragraphs)
    assert not any(text.startswith("4. Data") for text in paragraphs)


@pytest.mark.parametrize(("page", "reference", "tail"), [
    (136, "46. Gane E", "2017;377:1448- 55. doi: 10.1056/NEJMoa1704053"),
    (138, "81. Tajiri H", "2009;21:1256- 60. doi: 10.1097/MEG.0b013e32832a4e97"),
    (140, "99. Al-Nahari MM", "2020;25:101- 10. doi: 10.3851/imp3357"),
    (148, "210. Neri S", "2010;44:e210- 7. doi: 10.1097/MCG.0b013e3181d88af5")])
def test_wrapped_number_inside_a_sentence_page_range_stays_in_its_reference(
        page_paragraphs, page: int, reference: str, tail: str) -> None:
    # A page range wrapped after its hyphen ("2017;377:1448-" / "55. doi: ...", lines joined
    # here by a space) put at a line start a number that does not number the next reference.
    paragraphs = page_paragraphs(WHO_GUIDELINES, page)
    entry = next(text for text in paragraphs if text.startswith(reference))
    assert entry.endswith(tail)


def test_wrapped_number_inside_a_sentence_fix_keeps_references_after_a_full_line(
        page_paragraphs) -> None:
    # who_hcv_guidelines p. 136: reference 44 ends on a full line with its DOI and no full stop
    # ("...doi: 10.1016/j.cgh.2017.09.027"); 45 is the list's next number and starts its own
    # paragraph, and so does 52 after 51.
    starts = [text[:20] for text in page_paragraphs(WHO_GUIDELINES, 136)]
    assert "45. Forns X, Lee SS," in starts
    assert "52. Lacombe K, Fonta" in starts
