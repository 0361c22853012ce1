"""The quality metrics (benchmarks/scoring.py) and the probe judge (benchmarks/probes.py), proven
on small hand-made texts whose answers are known."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.probes import judge_file, markdown_plain, normalize, summarize  # noqa: E402
from benchmarks.scoring import (  # noqa: E402
    bag_scores,
    broken_words,
    is_letter_word,
    lcs_alignment,
    lcs_length,
    normalize_word,
    aligned_paragraph_scores,
    paragraph_scores,
    score,
    strip_markdown,
    tokenize,
    words,
)

# ---------------------------------------------------------------------------------------------
# Words


@pytest.mark.parametrize(
    ("token", "word"),
    [
        ("Hello,", "hello"),
        ("«Quoted»", "quoted"),
        ("(e.g.", "e.g"),
        ("ﬁnal", "final"),  # ligature, NFKC
        ("of\u00adfice", "office"),  # soft hyphen removed
        ("zero\u200bwidth", "zerowidth"),
        ("non\u2010zero", "non-zero"),  # hyphen U+2010
        ("1990\u20131999", "1990-1999"),  # en dash
        ("\u22125", "5"),  # minus sign mapped, then stripped at the end
        ("x\u2212y", "x-y"),
        ("—", ""),  # punctuation only: dropped
        ("Tsallis's", "tsallis's"),
        ("l\u2019espace", "l'espace"),  # the typographic apostrophe is the LaTeX source's '
        ("Tsallis\u2019s", "tsallis's"),
        ("ＡＢＣ", "abc"),  # full width
        ("“word”.", "word"),
        ("$x$", "x"),
    ],
)
def test_normalize_word(token, word):
    assert normalize_word(token) == word


def test_words_split_on_nbsp_and_drop_empty_tokens():
    assert words("A\u00a0b  —  c.\n\n-- d") == ["a", "b", "c", "d"]


def test_ground_truth_placeholders_dropped():
    gt = "Okabe[formula] showed [\\cite=VW] that (see Fig. [\\ref=fig1]) [formula] holds."
    assert words(gt, ground_truth=True) == ["okabe", "showed", "that", "see", "fig", "holds"]
    # Outside the ground truth a bracketed word is text.
    assert words("[formula]") == ["formula"]


def test_markdown_markup_removed():
    md = (
        "<!-- page 3 -->\n"
        "## 2 Results ##\n\n"
        "Some **bold** and *italic* and _under_ text with snake_case and `code`.\n\n"
        "- first item\n"
        "* second item\n"
        "  + nested item\n"
        "3. ordered item\n\n"
        "> quoted\n\n"
        "---\n\n"
        "Escaped \\*stars\\* and 1\\. and \\# and a &amp; b\n"
    )
    assert words(md, markdown=True) == [
        "2", "results",
        "some", "bold", "and", "italic", "and", "under", "text", "with", "snake_case", "and",
        "code",
        "first", "item", "second", "item", "nested", "item", "3", "ordered", "item",
        "quoted",
        "escaped", "stars", "and", "1", "and", "and", "a", "b",
    ]
    plain = strip_markdown("a \\*b\\* c")
    assert plain == "a *b* c"


def test_markdown_comment_between_paragraphs_keeps_blocks():
    tok = tokenize("One two three four five.\n\n<!-- page 2 -->\n\nSix seven eight nine ten.",
                   markdown=True)
    assert tok.blocks == [["one", "two", "three", "four", "five"],
                          ["six", "seven", "eight", "nine", "ten"]]


def test_txt_is_not_stripped_of_markup_chars_inside_words():
    assert words("a*b snake_case", markdown=False) == ["a*b", "snake_case"]


# ---------------------------------------------------------------------------------------------
# LCS


def _dp_lcs(a, b):
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


@pytest.mark.parametrize(
    ("a", "b", "n"),
    [
        ("ABCBDAB", "BDCABA", 4),
        ("AGGTAB", "GXTXAYB", 4),
        ("", "abc", 0),
        ("abc", "", 0),
        ("abc", "abc", 3),
        ("abc", "def", 0),
        ("aaaa", "aa", 2),
        ("a b c d e".split(), "e d c b a".split(), 1),
    ],
)
def test_lcs_known(a, b, n):
    assert lcs_length(list(a), list(b)) == n
    assert lcs_length(list(b), list(a)) == n
    pairs = lcs_alignment(list(a), list(b))
    assert len(pairs) == n
    assert all(a[i] == b[j] for i, j in pairs)
    assert [i for i, _ in pairs] == sorted({i for i, _ in pairs})
    assert [j for _, j in pairs] == sorted({j for _, j in pairs})


def test_lcs_matches_dynamic_programming_on_random_sequences():
    rng = random.Random(3)
    for _ in range(300):
        a = [rng.choice("abcde") for _ in range(rng.randint(0, 40))]
        b = [rng.choice("abcdef") for _ in range(rng.randint(0, 40))]
        want = _dp_lcs(a, b)
        assert lcs_length(a, b) == want
        pairs = lcs_alignment(a, b)
        assert len(pairs) == want
        assert all(a[i] == b[j] for i, j in pairs)
        assert all(i1 < i2 and j1 < j2 for (i1, j1), (i2, j2) in zip(pairs, pairs[1:]))


def test_lcs_is_fast_on_10k_words():
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(2000)]
    a = [rng.choice(vocab) for _ in range(10_000)]
    b = list(a)
    for _ in range(500):  # some edits
        b[rng.randrange(len(b))] = rng.choice(vocab)
    start = time.perf_counter()
    n = lcs_length(a, b)
    pairs = lcs_alignment(a, b)
    elapsed = time.perf_counter() - start
    assert n == len(pairs) >= 9_500
    assert elapsed < 5, f"LCS of 10k x 10k words took {elapsed:.1f} s"


# ---------------------------------------------------------------------------------------------
# Bag of words


def test_bag_scores():
    recall, precision = bag_scores("a b b c".split(), "b c c d e".split())
    assert recall == pytest.approx(2 / 4)  # b, c
    assert precision == pytest.approx(2 / 5)
    assert bag_scores([], ["a"]) == (None, 0.0)
    assert bag_scores(["a"], []) == (0.0, None)


# ---------------------------------------------------------------------------------------------
# Broken words

GT = "The quick brown fox jumps over the lazy dog near a non-zero example today."


def _broken(out: str) -> list[tuple[str, str, str]]:
    return [(b.word, b.kind, b.seen) for b in broken_words(tokenize(GT), tokenize(out))]


def test_no_broken_words_in_a_perfect_copy():
    assert _broken(GT) == []
    assert score(GT, GT).broken == 0


def test_split_word():
    assert _broken(GT.replace("example", "exam ple")) == [("example", "split", "exam ple")]


def test_merged_word_counts_both_words():
    assert _broken(GT.replace("lazy dog", "lazydog")) == [
        ("lazy", "merged", "lazydog"),
        ("dog", "merged", "lazydog"),
    ]


def test_merged_with_punctuation_between():
    gt = "It ends here. Then another sentence starts."
    out = "It ends here.Then another sentence starts."
    got = [(b.word, b.kind) for b in broken_words(tokenize(gt), tokenize(out))]
    assert got == [("here", "merged"), ("then", "merged")]


def test_line_end_hyphen_kept_joined():
    assert _broken(GT.replace("example", "exam-ple")) == [("example", "hyphen_kept", "exam-ple")]


def test_line_end_hyphen_kept_not_joined():
    assert _broken(GT.replace("example", "exam-\nple")) == [
        ("example", "hyphen_kept", "exam- ple")
    ]


def test_real_hyphen_lost_joined():
    assert _broken(GT.replace("non-zero", "nonzero")) == [("non-zero", "hyphen_lost", "nonzero")]


def test_real_hyphen_lost_by_a_space():
    assert _broken(GT.replace("non-zero", "non zero")) == [
        ("non-zero", "hyphen_lost", "non zero")
    ]


def test_real_hyphen_kept_but_word_cut():
    assert _broken(GT.replace("non-zero", "non-\nzero")) == [("non-zero", "split", "non- zero")]


def test_missing_word_not_shown_is_not_broken():
    # "lazy" simply left out: missing, but the output does not show it broken.
    assert _broken(GT.replace("lazy ", "")) == []


def test_broken_only_where_the_word_should_be():
    # A broken form far away from the word's place (the word itself is present) is not counted.
    assert _broken(GT + " Some exam ple elsewhere.") == []


def test_formula_fragments_are_not_letter_words():
    assert is_letter_word("example") and is_letter_word("non-zero") and is_letter_word("σ-algebra")
    assert is_letter_word("tsallis's")
    assert not is_letter_word("c2") and not is_letter_word("104k") and not is_letter_word("x")
    gt = "We set the value 104k in the sum."
    assert broken_words(tokenize(gt), tokenize("We set the value 104 k in the sum.")) == []


def test_broken_per_1000_in_score():
    s = score(GT, GT.replace("example", "exam ple").replace("lazy dog", "lazydog"))
    assert s.gt_words == 14
    assert s.broken == 3
    assert s.broken_per_1000 == pytest.approx(3000 / 14)
    assert s.order_recall == pytest.approx(11 / 14)


# ---------------------------------------------------------------------------------------------
# Paragraphs

P1 = "Alpha beta gamma delta epsilon zeta eta."
P2 = "One two three four five six seven."
P3 = "Red green blue cyan magenta yellow black."


def _para(gt: str, out: str, markdown: bool = False):
    g = tokenize(gt, ground_truth=True)
    o = tokenize(out, markdown=markdown)
    return paragraph_scores(g.blocks, o.blocks)


def test_paragraphs_perfect():
    gt = f"{P1}\n\n{P2}\n\n{P3}"
    assert _para(gt, gt) == (1.0, 1.0)


def test_paragraphs_swapped_keep_paragraph_scores_but_lose_order():
    gt = f"{P1}\n\n{P2}\n\n{P3}"
    out = f"{P3}\n\n{P1}\n\n{P2}"
    assert _para(gt, out) == (1.0, 1.0)
    s = score(gt, out)
    assert s.order_recall == pytest.approx(14 / 21)
    assert s.bag_recall == 1.0


def test_paragraphs_merged_lose_recall_not_precision():
    gt = f"{P1}\n\n{P2}\n\n{P3}"
    out = f"{P1}\n{P2}\n\n{P3}"
    recall, precision = _para(gt, out)
    assert recall == pytest.approx(2 / 3)
    assert precision == 1.0


def test_paragraph_split_in_the_middle_loses_precision():
    gt = f"{P1}\n\n{P2}"
    out = "Alpha beta\n\ngamma delta epsilon zeta eta.\n\n" + P2
    recall, precision = _para(gt, out)
    assert recall == pytest.approx(1 / 2)  # P1's first five words start no block
    # Judged blocks: "gamma delta epsilon zeta eta" (a gt 5-gram, not a paragraph start) and P2;
    # "alpha beta" has fewer than five words.
    assert precision == pytest.approx(1 / 2)


def test_paragraph_precision_ignores_blocks_not_in_ground_truth():
    gt = f"{P1}\n\n{P2}"
    out = f"Page header with many words here\n\n{P1}\n\n12\n\n{P2}"
    assert _para(gt, out) == (1.0, 1.0)


def test_short_heading_paragraph_start_counts_for_precision():
    gt = f"Introduction\n\n{P1}"
    out = f"Introduction {P1}"  # heading run into the paragraph
    recall, precision = _para(gt, out)
    assert recall == 0.0  # P1 does not start a block
    assert precision == 1.0  # the block starts where a gt paragraph starts


def test_paragraphs_in_markdown_output():
    gt = f"Results\n\n{P1}\n\n{P2}"
    md = f"## Results\n\n{P1}\n\n- {P2}"
    assert _para(gt, md, markdown=True) == (1.0, 1.0)


def _aligned(gt: str, out: str):
    g = tokenize(gt, ground_truth=True)
    o = tokenize(out)
    return aligned_paragraph_scores(g.blocks, o.blocks, lcs_alignment(g.words, o.words))


def test_aligned_paragraphs_perfect_and_merged():
    gt = f"{P1}\n\n{P2}\n\n{P3}"
    assert _aligned(gt, gt) == (1.0, 1.0)
    recall, precision = _aligned(gt, f"{P1}\n{P2}\n\n{P3}")
    assert recall == pytest.approx(2 / 3) and precision == 1.0


def test_aligned_paragraphs_allow_a_label_the_ground_truth_lacks():
    # LaTeX generates "Theorem 2.1." and "(iii)": the ground truth leaves them out, so the
    # strict score misses both paragraphs; the aligned one finds both where they should be.
    gt = f"{P1}\n\n{P2}"
    out = f"Theorem 2.1. {P1}\n\n(iii) {P2}"
    assert _para(gt, out) == (0.0, None)
    assert _aligned(gt, out) == (1.0, 1.0)


def test_aligned_paragraphs_allow_a_formula_the_ground_truth_replaced():
    # "where [formula] is ...": five literal words never match, the boundary is right.
    gt = "Alpha beta gamma.\n\nwhere [formula] is the radius of the shell."
    out = "Alpha beta gamma.\n\nwhere R0 is the radius of the shell."
    assert _para(gt, out)[0] == 0.0
    assert _aligned(gt, out) == (1.0, 1.0)


def test_aligned_paragraphs_refuse_a_formula_run_into_the_next_sentence():
    gt = f"{P1}\n\n{P2}"
    out = f"{P1}\n\ng = pi R2 rho0 v2 / MF (4) {P2}"  # six formula words before P2
    recall, precision = _aligned(gt, out)
    assert recall == pytest.approx(1 / 2)
    assert precision == 1.0  # the formula block's first matched word is P2's: not judged as a start


def test_aligned_paragraph_split_in_the_middle_loses_precision():
    gt = f"{P1}\n\n{P2}"
    out = "Alpha beta\n\ngamma delta epsilon zeta eta.\n\n" + P2
    recall, precision = _aligned(gt, out)
    assert recall == 1.0  # P1's first word still starts a block (of two words)
    assert precision == pytest.approx(1 / 2)  # "gamma..." starts inside P1; "Alpha beta" too short


def test_score_on_empty_output():
    s = score(f"{P1}\n\n{P2}", "")
    assert s.order_recall == 0.0 and s.bag_recall == 0.0
    assert s.bag_precision is None and s.para_precision is None
    assert s.para_recall == 0.0


# ---------------------------------------------------------------------------------------------
# Probe judge

ENTRY = {
    "file": "x.pdf",
    "password": None,
    "checks": [
        {"id": "h-ok", "kind": "heading", "text": "1. Introduction"},
        {"id": "h-missing", "kind": "heading", "text": "2. Related Work"},
        {"id": "c-escape", "kind": "contains", "text": "a * b = c_1"},
        {"id": "c-across-heading", "kind": "contains", "text": "Introduction Dynamic languages"},
        {"id": "c-across-items", "kind": "contains", "text": "first thing second thing"},
        {"id": "c-ligature", "kind": "contains", "text": "efficient"},
        {"id": "a-ligature", "kind": "absent", "text": "ﬁ"},
        {"id": "a-header", "kind": "absent", "text": "IEEE TRANSACTIONS"},
        {"id": "o-ok", "kind": "order", "before": "Dynamic languages", "after": "second thing"},
        {"id": "o-bad", "kind": "order", "before": "second thing", "after": "Dynamic languages"},
        {"id": "l-ok", "kind": "list_item", "text": "second thing"},
        {"id": "l-bad", "kind": "list_item", "text": "Dynamic languages"},
        {"id": "p-ok", "kind": "paragraph_start", "text": "Dynamic languages are"},
        {"id": "p-bad", "kind": "paragraph_start", "text": "are hard"},
        {"id": "e-ok", "kind": "empty_pages", "pages": [2]},
        {"id": "e-bad", "kind": "empty_pages", "pages": []},
        {"id": "g-ok", "kind": "garbled_pages", "pages": [1]},
        {"id": "g-exact-bad", "kind": "garbled_pages", "pages": [1], "exact": True},
        {"id": "col-ok", "kind": "columns", "page": 1, "min": 2, "max": 2},
        {"id": "col-bad", "kind": "columns", "page": 3, "min": 1, "max": 1},
        {"id": "err", "kind": "error", "match": "password"},
    ],
}

MARKDOWN = (
    "# 1. Introduction\n\n"
    "Dynamic  languages are\nhard to compile: a \\* b = c\\_1, e\ufb03cient? efficient.\n\n"
    "- first thing\n"
    "- second thing\n"
)
REPORT = {
    "pages": [
        {"number": 1, "columns": 2, "empty": False, "garbled": True, "error": None},
        {"number": 2, "columns": 0, "empty": True, "garbled": False, "error": None},
        {"number": 3, "columns": 3, "empty": False, "garbled": True, "error": None},
    ],
    "empty_pages": [2],
    "garbled_pages": [1, 3],
    "failed_pages": [],
    "warnings": [],
}


def _verdicts(markdown=MARKDOWN, report=REPORT, error=None):
    return {r.id: r for r in judge_file(ENTRY, markdown, report, error)}


def test_judge_on_hand_made_markdown():
    v = _verdicts()
    expected = {
        "h-ok": True, "h-missing": False, "c-escape": True, "c-across-heading": True,
        "c-across-items": True, "c-ligature": True, "a-ligature": True, "a-header": True,
        "o-ok": True, "o-bad": False, "l-ok": True, "l-bad": False, "p-ok": True,
        "p-bad": False, "e-ok": True, "e-bad": False, "g-ok": True, "g-exact-bad": False,
        "col-ok": True, "col-bad": False, "err": False,
    }
    assert {k: r.passed for k, r in v.items()} == expected, {k: r.detail for k, r in v.items()}
    assert v["err"].detail == "the conversion succeeded"
    assert "reported [1, 3]" in v["g-exact-bad"].detail
    assert all(r.file == "x.pdf" and r.kind for r in v.values())


def test_judge_heading_fails_when_text_is_a_plain_paragraph():
    v = _verdicts(markdown=MARKDOWN.replace("# 1. Introduction", "1. Introduction"))
    assert not v["h-ok"].passed
    assert "not as a heading" in v["h-ok"].detail
    # For contains, the line-start marker "1. " is dropped: the text still reads on.
    assert v["c-across-heading"].passed


def test_judge_ligature_left_in_fails_absent():
    v = _verdicts(markdown=MARKDOWN + "\nAn \ufb01nal word.\n")
    assert not v["a-ligature"].passed


def test_judge_escape_undone_and_whitespace_collapsed():
    assert normalize(markdown_plain("## A \\*B\\*\n\n* item \\_x\\_\n\ncafe\u0301   ok")) == \
        "A *B* item _x_ café ok"


def test_judge_reads_links_as_their_text():
    md = ("See [the \\[1\\] manual](https://x.org/Slack_(software)), "
          "<https://www.pdfa.org/a/> and ![a figure](f.png).")
    assert normalize(markdown_plain(md)) == \
        "See the [1] manual, https://www.pdfa.org/a/ and ![a figure](f.png)."


def test_judge_conversion_error():
    class PasswordRequiredError(Exception):
        code = "password_required"

    v = _verdicts(markdown=None, report=None,
                  error=PasswordRequiredError("the file needs a password"))
    assert v["err"].passed
    assert not v["a-header"].passed  # no output proves nothing
    assert "conversion failed" in v["a-header"].detail
    v = _verdicts(markdown=None, report=None, error=ValueError("broken xref"))
    assert not v["err"].passed


def test_summarize():
    results = judge_file(ENTRY, MARKDOWN, REPORT, None)
    s = summarize(results)
    assert s["heading"] == {"passed": 1, "total": 2, "failing": ["h-missing"], "rate": 0.5}
    assert s["all"]["total"] == len(ENTRY["checks"])
    assert list(s)[-1] == "all"


STRUCTURED = (
    "# 1 Introduction\n\n"
    "## 1.1 Scope\n\n"
    "See the [Portable Document\nFormat](https://en.wikipedia.org/wiki/Portable_Document_Format) "
    "and [Slack](https://en.wikipedia.org/wiki/Slack_(software)), [home](<https://x.org/a b>) "
    "and ![a figure](fig.png).\n\n"
    "A \\*default\\* event[^6] is rare.\n\n"
    "| Lp | Nazwa | Cena \\| netto |\n"
    "|---|:---:|--:|\n"
    "| 1 | Usługa *x* |  |\n"
    "| 2 | Towar | 12,50 |\n\n"
    "[^6]: A \u201cdefault\u201d is a very peculiar event.\n"
)


def _structured(*checks: dict, markdown: str = STRUCTURED) -> dict[str, bool]:
    entry = {"file": "s.pdf", "checks": list(checks)}
    return {r.id: r.passed for r in judge_file(entry, markdown, {"pages": []}, None)}


def test_judge_table_rows_cells_header_and_escaped_pipes():
    v = _structured(
        {"id": "head", "kind": "table_row", "cells": ["Lp", "Nazwa", "Cena | netto"], "header": True, "page": 1},
        {"id": "inner", "kind": "table_row", "cells": ["Nazwa", "Cena | netto"], "page": 1},
        {"id": "body", "kind": "table_row", "cells": ["1", "Usługa x", ""], "page": 1},
        {"id": "escaped", "kind": "table_row", "cells": ["Usługa *x*"], "page": 1},
        {"id": "not-header", "kind": "table_row", "cells": ["2", "Towar", "12,50"], "header": True, "page": 1},
        {"id": "not-consecutive", "kind": "table_row", "cells": ["2", "12,50"], "page": 1},
        {"id": "delimiter", "kind": "table_row", "cells": ["---"], "page": 1},
        {"id": "plain", "kind": "contains", "text": "Lp Nazwa Cena | netto 1 Usługa *x* 2 Towar 12,50"},
    )
    assert v == {"head": True, "inner": True, "body": False, "escaped": True, "not-header": False,
                 "not-consecutive": False, "delimiter": False, "plain": True}


def test_judge_links_footnotes_and_heading_levels():
    v = _structured(
        {"id": "wrapped", "kind": "link", "text": "Portable Document Format",
         "url": "https://en.wikipedia.org/wiki/Portable_Document_Format"},
        {"id": "parens", "kind": "link", "text": "Slack", "url": "https://en.wikipedia.org/wiki/Slack_(software)"},
        {"id": "angle", "kind": "link", "text": "home", "url": "https://x.org/a b"},
        {"id": "image", "kind": "link", "text": "a figure", "url": "fig.png"},
        {"id": "wrong-url", "kind": "link", "text": "Slack", "url": "https://slack.com/"},
        {"id": "note", "kind": "footnote", "mark": "6", "text": "A \u201cdefault\u201d is a very"},
        {"id": "note-text", "kind": "footnote", "mark": "6", "text": "Something else"},
        {"id": "note-missing", "kind": "footnote", "mark": "7", "text": "A"},
        {"id": "h1", "kind": "heading", "text": "1 Introduction", "level": 1},
        {"id": "h2", "kind": "heading", "text": "1.1 Scope", "level": 2},
        {"id": "h-level", "kind": "heading", "text": "1.1 Scope", "level": 1},
        {"id": "h-any", "kind": "heading", "text": "1.1 Scope"},
    )
    assert v == {"wrapped": True, "parens": True, "angle": True, "image": False,
                 "wrong-url": False, "note": True, "note-text": False, "note-missing": False,
                 "h1": True, "h2": True, "h-level": False, "h-any": True}
    # A definition with no reference before it is no footnote.
    unreferenced = STRUCTURED.replace("event[^6]", "event")
    assert _structured({"id": "n", "kind": "footnote", "mark": "6", "text": "A"},
                       markdown=unreferenced) == {"n": False}


def test_the_quality_benchmark_refuses_to_run_with_no_tool_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # It used to write an empty report and exit 0 when pdfprose could not be imported.
    from benchmarks import quality

    (tmp_path / "arxiv").mkdir()
    (tmp_path / "arxiv" / "MANIFEST.csv").write_text("id\n")
    versions = {"pdfprose": "pdfprose unavailable (ModuleNotFoundError: No module named 'x')",
                "pdftotext": "pdftotext", "pdfminer": "pdfminer.six"}
    monkeypatch.setattr(quality, "tool_versions", lambda: versions)
    with pytest.raises(SystemExit) as exit_info:
        quality.main(["--tools", "pdfprose", "--corpus", str(tmp_path), "--out",
                      str(tmp_path / "out")])
    assert exit_info.value.code == 2
    assert "none of the tools" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
