"""Joining lines and de-hyphenation (SPEC §6, §7)."""

from __future__ import annotations

from pdfprose.output.hyphenation import join_lines, vocabulary


def test_hyphen_dropped_when_joined_word_occurs_elsewhere() -> None:
    vocab = vocabulary([["el documento dice"]])
    assert join_lines(["un docu-", "mento largo"], vocab) == "un documento largo"


def test_hyphen_dropped_before_a_common_suffix() -> None:
    assert join_lines(["la informa-", "ción es"], set()) == "la información es"
    assert join_lines(["the informa-", "tion is"], set()) == "the information is"


def test_compound_keeps_its_hyphen_and_gets_no_space() -> None:
    vocab = vocabulary([["a law of power", "un curso teórico y práctico"]])
    assert join_lines(["a power-", "law tail"], vocab) == "a power-law tail"
    assert join_lines(["curso teórico-", "práctico"], vocab) == "curso teórico-práctico"


def test_fragment_that_is_no_word_of_the_document_is_joined() -> None:
    paragraphs = [["the ac-", "tual types"]]
    assert join_lines(paragraphs[0], vocabulary(paragraphs)) == "the actual types"


def test_uppercase_or_digit_after_hyphen_keeps_it() -> None:
    assert join_lines(["the Anglo-", "Saxon"], set()) == "the Anglo-Saxon"
    assert join_lines(["COVID-", "19 cases"], set()) == "COVID-19 cases"


def test_requiresstack_broken_as_re_quiresstack_is_joined_without_its_hyphen() -> None:
    # tracemonkey p10: "either FORCESSTACK or RE-" / "QUIRESSTACK." kept its hyphen
    # ("RE-QUIRESSTACK") though the paragraph spells REQUIRESSTACK twice. The name is one word
    # in the PDF (camel-case RequiresStack in small capitals): no space goes into it.
    paragraphs = [["annotated as either FORCESSTACK or RE-", "QUIRESSTACK. These are required",
                   "to call REQUIRESSTACK functions."]]
    assert join_lines(paragraphs[0], vocabulary(paragraphs)) == \
        "annotated as either FORCESSTACK or REQUIRESSTACK. These are required " \
        "to call REQUIRESSTACK functions."
    # Without the document's word, or with its compound spelt inside a line, capitals keep
    # their hyphen: codes and compounds ("ISO-IEC", "X-RAY") are set in capitals too.
    assert join_lines(["the ISO-", "IEC standard"], set()) == "the ISO-IEC standard"
    vocab = vocabulary([["an X-RAY source, not an XRAY one"]])
    assert join_lines(["an X-", "RAY tube"], vocab) == "an X-RAY tube"


def test_soft_hyphen_joins_and_dashes_never_do() -> None:
    assert join_lines(["hyphen\u00ad", "ation"], set()) == "hyphenation"
    assert join_lines(["a pause —", "then"], set()) == "a pause — then"
    assert join_lines(["pages 3–", "5"], set()) == "pages 3–5"  # a range: its dash kept


def test_number_range_broken_after_its_hyphen_is_joined_without_a_space() -> None:
    # who_hcv_guidelines: "cirrhosis (38-" / "42)" came out as "(38- 42)".
    assert join_lines(["decompensated cirrhosis (38-", "42). Sofosbuvir"], set()) == \
        "decompensated cirrhosis (38-42). Sofosbuvir"


def test_the_documents_own_compounds_keep_a_line_end_hyphen() -> None:
    # tracemonkey: "mixed-" / "mode" lost its hyphen, though "mixed" is no word of the text
    # except as a compound's first part; "non-" compounds elsewhere vouch for "non-" here.
    paragraphs = [["a mixed-mode run, mode by mode; a non-linear map of interacting ones"],
                  ["the mixed-", "mode execution", "and non-", "interacting electrons interact"]]
    vocab = vocabulary(paragraphs)
    assert join_lines(paragraphs[1], vocab) == \
        "the mixed-mode execution and non-interacting electrons interact"
    # A word broken by the typesetter is still joined, even after a compound's first part
    # ("in-plane" elsewhere): the second part is no word of the document.
    vocab = vocabulary([["an in-plane field of the actual mode"], ["the in-", "terest is"]])
    assert join_lines(["the in-", "terest is"], vocab) == "the interest is"
    assert join_lines(["the ac-", "tual mode"], vocab) == "the actual mode"


def test_a_two_letter_prefix_broken_off_a_word_is_joined_though_both_parts_are_words() -> None:
    # The layout benchmark: "in-" / "formal" stayed "in-formal" in eight documents, "in" and
    # "formal" both words of the text, "informal" spelt nowhere else.
    vocab = vocabulary([["a formal review in the hall, formal in tone"], ["the in-", "formal one"]])
    assert join_lines(["the in-", "formal one"], vocab) == "the informal one"
    # A longer first part that is a word stays a compound's ("power-law"); so does a two-letter
    # one the document shows in a compound ("in-house" inside a line).
    vocab = vocabulary([["a law of power, an in-house team with its house"]])
    assert join_lines(["a power-", "law tail"], vocab) == "a power-law tail"
    assert join_lines(["an in-", "house team"], vocab) == "an in-house team"
    # A short last part of a longer compound or code keeps its hyphen (the GDPR's "vis-à-" /
    # "vis", a Supreme Court opinion's "out-of-" / "state", tracemonkey's "3d-" / "raytrace").
    vocab = vocabulary([["the state of the vis à vis, the raytrace of d and e"]])
    assert join_lines(["prevent out-of-", "state applicants"], vocab) == \
        "prevent out-of-state applicants"
    assert join_lines(["freedoms vis-à-", "vis the"], vocab) == "freedoms vis-à-vis the"
    assert join_lines(["3d-cube, 3d-", "raytrace"], vocab) == "3d-cube, 3d-raytrace"
    # A two-letter word that starts compounds of its own is no prefix broken off
    # (astro-ph0501298: "a no-" / "shock or steady shock flow").
    vocab = vocabulary([["no flow, no shock, a steady shock"]])
    assert join_lines(["from a no-", "shock or steady shock flow"], vocab) == \
        "from a no-shock or steady shock flow"


def test_cjk_lines_join_without_space() -> None:
    assert join_lines(["日本語の", "文章です"], set()) == "日本語の文章です"


def test_web_address_broken_after_a_slash_gets_no_space() -> None:
    # WHO guidelines' references: "(https://www.who.int/publications/i/ item/9789241550345".
    assert join_lines(["(https://www.who.int/publications/i/", "item/9789241550345, accessed"],
                      set()) == "(https://www.who.int/publications/i/item/9789241550345, accessed"
    assert join_lines(["at www.", "irs.gov or"], set()) == "at www.irs.gov or"
    assert join_lines(["doi: https://doi.org/10.1007/", "s11606-014-2834-9"], set()) == \
        "doi: https://doi.org/10.1007/s11606-014-2834-9"


def test_hyphen_inside_a_web_address_is_kept_and_gets_no_space() -> None:
    # WHO: ".../wp-" + "content/uploads" became "wpcontent" ("wp" is no word of the document).
    assert join_lines(["(https://x.netdna-ssl.com/wp-", "content/uploads/2021/a.pdf,"], set()) \
        == "(https://x.netdna-ssl.com/wp-content/uploads/2021/a.pdf,"


def test_email_address_broken_after_its_at_sign_gets_no_space() -> None:
    # sci_reports p1: "(wangst@ umich.edu)".
    assert join_lines(["Correspondence to S.W. (wangst@", "umich.edu)"], set()) == \
        "Correspondence to S.W. (wangst@umich.edu)"


def test_sentence_after_a_whole_web_address_keeps_its_space() -> None:
    assert join_lines(["visit https://example.com/", "and then"], set()) == \
        "visit https://example.com/ and then"
    assert join_lines(["see www.irs.gov.", "U.S. citizens"], set()) == \
        "see www.irs.gov. U.S. citizens"
    assert join_lines(["see www.irs.gov.", "then"], set()) == "see www.irs.gov. then"


def test_who_and_sci_reports_addresses_are_whole(corpus_file, whole_document) -> None:  # type: ignore[no-untyped-def]
    from pdfprose import Options, convert

    who = whole_document("real/who_hcv_guidelines_155p.pdf").render(Options())
    assert "https://www.who.int/publications/i/item/9789241550345" in who
    assert "netdna-ssl.com/wp-content/uploads/2021/08/Hepatitis-C-Market-Report" in who
    sci = convert(corpus_file("real/sci_reports_2col_sidebar_ligatures.pdf").read_bytes()).render(
        Options())
    assert "wangst@umich.edu" in sci


def test_address_broken_after_a_dot_before_its_extension_gets_no_space() -> None:
    # WHO p141 ref. 112: "..._204c9b65a0bc4aca8cc51e29f09628ee. pdf".
    assert join_lines(["(https://www.x.org/a_204c9b65a0bc4aca8cc51e29f09628ee.", "pdf, accessed"],
                      set()) == "(https://www.x.org/a_204c9b65a0bc4aca8cc51e29f09628ee.pdf, accessed"
    assert join_lines(["see https://example.com.", "the next"], set()) == \
        "see https://example.com. the next"


def test_korean_lines_join_with_the_space_korean_puts_between_words() -> None:
    """Korean breaks its lines between words (the korean family of the layout benchmark lost
    a word at each line end): Hangul on either side of a break joins with a space; Chinese and
    Japanese still join solid."""
    assert join_lines(["서비스포인트로", "구분되며"], set()) == "서비스포인트로 구분되며"
    assert join_lines(["예산은 安全을", "추진한다"], set()) == "예산은 安全을 추진한다"
    assert join_lines(["报告期末", "余额"], set()) == "报告期末余额"
    assert join_lines(["データを", "提供する"], set()) == "データを提供する"


def test_the_rest_of_a_word_broken_across_a_column_is_no_word_of_the_vocabulary() -> None:
    """"in-" at a column's foot, "terpretation on this..." atop the next column, twice in the
    document: the fragment, which opens a paragraph in lowercase, must not vouch for keeping
    the hyphen ("in-terpretation")."""
    words = vocabulary([["among the in-"], ["terpretation on this individual professor."],
                        ["the significant in-", "terpretation."]])
    assert "terpretation" not in words
    assert "professor" in words
    assert join_lines(["among the in-", "terpretation on this"], words) \
        == "among the interpretation on this"
