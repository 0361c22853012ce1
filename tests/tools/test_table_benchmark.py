"""The table benchmark of issue 23 (benchmarks/tables.py): its generated truth is what the PDFs
show, its scores move by the amounts the metrics define, and a short run works end to end.

pymupdf4llm (AGPL) is never imported here: the short run uses pdfprose and pdfplumber only.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks import tables as bench  # noqa: E402
from benchmarks.gfm import parse_tables  # noqa: E402
from benchmarks.table_scoring import (  # noqa: E402
    align,
    match_tables,
    normalize_cell,
    normalize_grid,
    score_unit,
)
from benchmarks.table_tools import (  # noqa: E402
    gfm,
    markdown_pages,
    run_pdfplumber_text,
    run_pdfprose,
)
from benchmarks.tablegen import (  # noqa: E402
    FAMILIES,
    NEGATIVE_FAMILIES,
    TABLE_FAMILIES,
    generate,
    make_doc,
    negative_pages,
)
from benchmarks.tablegen.draw import is_cjk, join_lines, wrap_text  # noqa: E402
from benchmarks.teds import teds  # noqa: E402

REPO = Path(__file__).resolve().parents[2]

TABLE = [["Item", "Qty", "Price"], ["apple", "3", "1.50"], ["pear", "12", "0.75"]]
# The HTML tree of TABLE, the root left out: thead, tbody, 3 tr, 9 td.
NODES = 14


def _pdftotext(pdf: bytes, first: int | None = None, last: int | None = None) -> str:
    args = ["pdftotext"]
    if first:
        args += ["-f", str(first)]
    if last:
        args += ["-l", str(last)]
    return subprocess.run(args + ["-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode("utf-8")


# --------------------------------------------------------------------------------------------
# The generators


@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_seed_makes_the_same_document_and_another_seed_another(family: str) -> None:
    a, b = make_doc(11, family, 0), make_doc(11, family, 0)
    assert a.pdf == b.pdf
    assert a.truth_json() == b.truth_json()
    assert make_doc(12, family, 0).pdf != a.pdf


def test_a_run_shares_the_tables_among_the_families_and_adds_the_negative_pages() -> None:
    docs = list(generate(3, 22))
    per_family = Counter()
    for d in docs:
        per_family[d.family] += len(d.tables)
    assert all(per_family[f] >= 2 for f in TABLE_FAMILIES)
    assert sum(per_family[f] for f in TABLE_FAMILIES) >= 22
    pages = Counter(d.family for d in docs if d.negative)
    assert set(pages) == set(NEGATIVE_FAMILIES)
    assert all(per_family[f] == 0 for f in NEGATIVE_FAMILIES)
    # the default run: at least 200 tables and 100 pages of prose in columns
    assert bench.DEFAULT_TABLES >= 200
    assert sum(negative_pages(bench.DEFAULT_TABLES, f) for f in NEGATIVE_FAMILIES
               if f.startswith("prose_")) >= 100


@pytest.mark.parametrize("index", range(6))
def test_pdfplumber_finds_exactly_the_truth_cells_of_a_ruled_table(index: int) -> None:
    doc = make_doc(5, "ruled", index)
    with pdfplumber.open(io.BytesIO(doc.pdf)) as pdf:
        found = [normalize_grid(t) for page in pdf.pages for t in page.extract_tables()]
    assert found == [normalize_grid(t.grid()) for t in doc.tables]


def test_pdfplumber_finds_spanning_cells_of_a_ruled_table_where_the_truth_puts_them() -> None:
    checked = 0
    for index in range(12):
        doc = make_doc(5, "spans", index)
        table = doc.tables[0]
        if table.style["rules"] != "grid" or all(
                c.rowspan == 1 and c.colspan == 1 for c in table.cells):
            continue
        with pdfplumber.open(io.BytesIO(doc.pdf)) as pdf:
            found = [normalize_grid(t) for page in pdf.pages for t in page.extract_tables()]
        assert found == [normalize_grid(table.grid())]
        checked += 1
    assert checked >= 2


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) absent")
@pytest.mark.parametrize("family", list(TABLE_FAMILIES))
def test_every_truth_word_is_in_pdftotexts_output(family: str) -> None:
    for index in range(2):
        doc = make_doc(3, family, index)
        out = _pdftotext(doc.pdf)
        tokens = set(out.split())
        cjk = Counter(ch for ch in out if is_cjk(ch))
        want: Counter = Counter()
        for table in doc.tables:
            for cell in table.cells:
                for word in cell.text.split():
                    if any(is_cjk(ch) for ch in word):
                        want.update(ch for ch in word if is_cjk(ch))
                    else:
                        assert word in tokens, (doc.name, word)
        assert not want - cjk, doc.name


def test_a_table_cut_by_a_page_break_is_on_both_pages_its_header_repeated_as_the_truth_says(
) -> None:
    seen = set()
    for index in range(10):
        doc = make_doc(4, "page_break", index)
        (table,) = doc.tables
        assert table.pages == [1, 2] and doc.n_pages == 2
        grid = table.grid()
        if any(is_cjk(ch) for row in grid for cell in row for ch in cell):
            continue  # words are looked up one by one below
        k = table.style["split_after_row"]
        with pdfplumber.open(io.BytesIO(doc.pdf)) as pdf:
            words = [[(w["text"], w["top"]) for w in page.extract_words()] for page in pdf.pages]

        def tops(page: int, text: str) -> list[float]:
            return [top for word, top in words[page] if word == text.split()[0]]

        header, last_1, first_2 = grid[0][0] or grid[0][1], grid[k - 1][0], grid[k][0]
        assert tops(0, header) and tops(0, last_1) and tops(1, first_2)
        below = min(tops(1, first_2))
        repeated = any(top < below for top in tops(1, header))
        assert repeated == table.style["repeat_header"], doc.name
        seen.add(repeated)
    assert seen == {True, False}


@pytest.mark.parametrize("n", (2, 3, 4))
def test_prose_pages_have_no_table_and_know_their_column_count(n: int) -> None:
    doc = make_doc(1, f"prose_{n}col", 0)
    assert doc.negative and not doc.tables
    assert doc.columns == {1: n}


def test_a_numbers_grid_of_figures_only_has_a_last_column_that_rises() -> None:
    # numbers-000 of seed 2026 is one of the family's grids whose last column rises as a
    # contents' page numbers do, with figures (no words) in every column before it.
    truth = make_doc(2026, "numbers", 0).tables[0]
    body = [c for c in truth.cells if c.row >= truth.header_rows]
    last = [int(c.text.replace(",", "").replace(".", "").replace(" ", "")) for c in body
            if c.col == truth.n_cols - 1]
    assert len(last) >= 3 and all(b > a for a, b in zip(last, last[1:]))
    assert all(not any(ch.isalpha() for ch in c.text) for c in body)


def test_a_cell_wraps_at_spaces_and_between_cjk_characters_and_joins_back() -> None:
    text = "Base Variable Interest Only Rate 5.46% p.a."
    lines = wrap_text(text, "Helvetica", 9, 60)
    assert len(lines) > 2 and join_lines(lines) == text
    cjk = "应交增值税税金减少"
    lines = wrap_text(cjk, "Helvetica", 9, 20)  # width of the glyphs does not matter here
    assert len(lines) > 1 and join_lines(lines) == cjk


# --------------------------------------------------------------------------------------------
# The scorer


def test_identical_tables_score_teds_one() -> None:
    assert teds(TABLE, TABLE) == 1.0
    assert teds(TABLE, TABLE, structure_only=True) == 1.0


def test_a_missing_row_costs_its_tr_and_tds() -> None:
    assert teds(TABLE[:2], TABLE) == pytest.approx(1 - 4 / NODES)
    assert teds(TABLE[:2], TABLE, structure_only=True) == pytest.approx(1 - 4 / NODES)


def test_a_merged_column_costs_a_td_per_row_and_the_merged_texts_distance() -> None:
    merged = [[r[0], f"{r[1]} {r[2]}"] for r in TABLE]
    # each row: one td deleted, the other renamed to the nearer of the two texts
    rename = 4 / 9 + 2 / 6 + 3 / 7  # "Qty Price"->"Price", "3 1.50"->"1.50", "12 0.75"->"0.75"
    assert teds(merged, TABLE) == pytest.approx(1 - (3 + rename) / NODES)
    assert teds(merged, TABLE, structure_only=True) == pytest.approx(1 - 3 / NODES)


def test_a_cell_shifted_one_column_costs_two_renames_and_keeps_the_structure() -> None:
    truth = [TABLE[0], ["apple", "3", ""], TABLE[2]]
    shifted = [TABLE[0], ["apple", "", "3"], TABLE[2]]
    assert teds(shifted, truth) == pytest.approx(1 - 2 / NODES)
    assert teds(shifted, truth, structure_only=True) == 1.0


def test_no_table_scores_zero() -> None:
    assert teds([], TABLE) == 0.0


def test_cells_match_after_the_rows_and_columns_are_aligned() -> None:
    # one row missing and one column more: the other cells still match
    predicted = [["Item", "x", "Qty", "Price"], ["pear", "", "12", "0.75"]]
    rows, cols = align(predicted, TABLE)
    assert rows == [(0, 0), (1, 2)]
    assert cols == [(0, 0), (2, 1), (3, 2)]
    s = score_unit([predicted], [("t", TABLE)])
    (table,) = s.tables
    assert table.matched and table.cells_matched == 6 and table.truth_cells == 9
    assert s.predicted_cells == 7 and s.false_tables == 0


def test_a_table_cut_in_two_matches_once_and_the_other_half_is_a_false_table() -> None:
    truth = [["Name", "Value"]] + [[f"row{i}", str(i * 11)] for i in range(10)]
    top, bottom = truth[:6], truth[6:]
    s = score_unit([top, bottom], [("t", truth)])
    (table,) = s.tables
    assert table.matched and table.split == 1 and s.false_tables == 1
    assert table.cells_matched == 12 and table.truth_cells == 22
    assert 0 < table.teds < 1


def test_a_page_read_as_one_table_does_not_match_the_table_on_it() -> None:
    prose = [[f"word{i} " * 5] for i in range(30)]
    assert match_tables([prose + TABLE], [TABLE]) == []
    s = score_unit([prose + TABLE], [("t", TABLE)])
    assert not s.tables[0].matched and s.false_tables == 1


def test_cells_are_compared_after_nfkc_white_space_and_cjk_spacing() -> None:
    assert normalize_cell("  12,50\u00a0€ ") == "12,50 €"
    assert normalize_cell("应交 增值税\n税金") == "应交增值税税金"
    assert normalize_cell(None) == ""
    assert normalize_grid([["a", None], ["b"]]) == [["a", ""], ["b", ""]]


def test_units_join_the_pages_of_a_table_cut_by_a_page_break() -> None:
    doc = make_doc(4, "page_break", 0)
    doc.n_pages = 3
    assert bench.units(doc) == [[1, 2], [3]]


# --------------------------------------------------------------------------------------------
# GFM tables read back from Markdown


def test_gfm_tables_with_escaped_pipes_empty_cells_and_markup() -> None:
    md = "\n".join([
        "Some text | not a table",
        "",
        "| **Lp** | Nazwa | Cena |",
        "| ---: | :--- | :-: |",
        "| 1 | a \\| b | 33,00 |",
        "|  | <br> | |",
        "| 2 | line one<br>line two |",
        "| 3 | x | y | extra |",
        "after",
        "| a | b |",
        "| --- | --- |",
    ])
    (first, second) = parse_tables(md)
    assert first == [["Lp", "Nazwa", "Cena"], ["1", "a | b", "33,00"], ["", "", ""],
                     ["2", "line one line two", ""], ["3", "x", "y"]]
    assert second == [["a", "b"]]


def test_a_pipe_line_without_a_delimiter_row_is_no_table() -> None:
    assert parse_tables("| a | b |\n| c | d |\n") == []
    assert parse_tables("| a | b |\n| --- |\n") == []  # delimiter of another width


def test_markdown_is_cut_into_pages_at_pdfproses_markers() -> None:
    md = "<!-- page 1 -->\n\none\n\n<!-- page 2 -->\n\n| a |\n| - |\n"
    pages = markdown_pages(md)
    assert set(pages) == {1, 2} and "one" in pages[1]
    assert parse_tables(pages[2]) == [[["a"]]] and parse_tables(pages[1]) == []


def test_cells_written_as_gfm_read_back_the_same() -> None:
    grid = [["Lp", "a | b", None], ["1", "line\ntwo", "33,00"]]
    assert parse_tables(gfm({1: [grid]})) == [[["Lp", "a | b", ""], ["1", "line two", "33,00"]]]


def test_pdfplumbers_text_strategy_reads_a_page_of_prose_as_a_table() -> None:
    # why it is not the default comparison: it finds a "table" on every page of text
    doc = make_doc(1, "prose_2col", 0)
    out = run_pdfplumber_text(doc.pdf)["pdfplumber-text"]
    assert out.error is None and len(out.tables[1]) >= 1


# --------------------------------------------------------------------------------------------
# A short run, and the AGPL tool kept out


def test_a_short_run_writes_the_report_with_every_tool_and_family(tmp_path: Path) -> None:
    code = bench.main(["--tables", "2", "--family", "ruled", "--family", "prose_2col",
                       "--tools", "pdfprose,pdfplumber", "--no-probes", "--workers", "1",
                       "--out", str(tmp_path)])
    assert code == 0
    report = (tmp_path / "tables-latest.md").read_text(encoding="utf-8")
    for word in ("ruled", "prose_2col", "pdfprose", "pdfplumber", "TEDS"):
        assert word in report
    run = json.loads((tmp_path / "tables-latest.json").read_text(encoding="utf-8"))
    plumber = run["scores"]["pdfplumber"]
    assert plumber["ruled"]["teds"] == 1.0 and plumber["ruled"]["cell_recall"] == 1.0
    assert plumber["prose_2col"]["false_tables"] == 0
    assert set(run["scores"]) == {"pdfprose", "pdfplumber"}
    for tool in ("pdfprose", "pdfplumber"):
        s = run["scores"][tool]["all tables"]
        assert s["tables"] >= 2 and 0.0 <= s["teds"] <= 1.0
    assert run["scores"]["pdfprose"]["prose_2col"]["columns_judged"] >= 1


def test_the_benchmark_modules_import_no_agpl_code() -> None:
    code = ("import sys; import benchmarks.tables, benchmarks.table_tools; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pymupdf', 'pymupdf4llm', "
            "'fitz')]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


def test_the_negative_pages_fail_the_run_on_a_table_or_a_wrong_column_count() -> None:
    def result(doc: str, tables: list, found: list[int], got: dict, want: dict) -> dict:
        return {"doc": doc, "tables": tables, "pages_with_tables": found,
                "columns": got, "truth_columns": want}

    assert bench.negative_failures([
        result("prose_3col-000", [], [], {"1": 3}, {"1": 3}),
        result("ruled-000", [{"teds": 1.0}], [1], {"1": 1}, {"1": 1}),  # a table's own page
        result("form-000", [], [], {"1": 2}, {"1": None}),  # reads either way
    ]) == []
    assert bench.negative_failures([
        result("prose_4col-001", [], [1], {"1": 3}, {"1": 4}),
    ]) == ["prose_4col-001 page 1: a table found",
           "prose_4col-001 page 1: 3 columns reported, 4 printed"]


@pytest.mark.parametrize(("family", "index"), [("prose_3col", 9), ("prose_3col", 20),
                                               ("prose_4col", 27), ("prose_4col", 39)])
def test_justified_prose_in_columns_is_no_table_and_reports_its_columns(
        family: str, index: int) -> None:
    # The pages of the benchmark's default run (seed 2026) once read wrong: three columns whose
    # loose lines have word spaces wider than a gutter were read two across; four columns of
    # about 20 letters a line (two long words on most lines) were taken for a table of 4
    # columns and 60 rows.
    doc = make_doc(bench.DEFAULT_SEED, family, index)
    out = run_pdfprose(doc.pdf)["pdfprose"]
    assert out.error is None
    assert out.tables == {1: []}
    assert out.columns == doc.columns == {1: int(family[-4])}
