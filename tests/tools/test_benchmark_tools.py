"""The benchmark tools that back the speed work's claims: the output dump that proves a change
left the output as it was (benchmarks/outputs.py), and the rule-free line builder the stage
timing compares the words-and-lines stage with (benchmarks/stages.py). What they produce is
checked here, never how long they take."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.outputs import RENDERINGS, _first_difference, dump  # noqa: E402
from benchmarks.stages import bare_lines  # noqa: E402
from pdfprose.model import Glyph  # noqa: E402
from tests.pdfgen import columns_pdf  # noqa: E402


def _word(text: str, x: float, baseline: float, size: float = 10.0, advance: float = 5.0,
          ) -> list[Glyph]:
    return [Glyph(ch, x + i * advance, baseline - size, x + (i + 1) * advance, baseline + 2.0,
                  baseline, size, "Helvetica") for i, ch in enumerate(text)]


def test_dump_of_a_two_column_page_holds_every_rendering_and_each_line(tmp_path: Path) -> None:
    path = tmp_path / "two.pdf"
    paragraphs = columns_pdf(path, columns=2, paragraphs_per_column=2)
    out = dump(path.read_bytes())
    assert set(RENDERINGS) <= set(out)
    assert paragraphs[0].split()[0] in out["md"]
    assert "<!-- page 1 -->" in out["md_markers"] and "<!-- page 1 -->" not in out["md"]
    assert out["report"]["pages"][0]["columns"] == 2
    page = out["pages"][0]
    assert page["geometry"]["columns"] == 2
    # Each line with all its fields, floats as repr: the last bit of a coordinate counts.
    kind, level, marker, indent, furniture, continues, cells, block, lines = page["paragraphs"][0]
    assert (kind, level, furniture, block) == ("body", 0, False, 0)
    text, x0 = lines[0][0], lines[0][1]
    assert text.startswith("'") and paragraphs[0].startswith(text.strip("'"))
    assert 40.0 < float(x0) < 60.0  # the left margin, 50 pt, as repr
    json.dumps(out)  # JSON-ready


def test_dump_of_a_file_that_is_no_pdf_is_its_error() -> None:
    assert dump(b"hello") == {"error": "NotAPdfError: this file is not a PDF (it has no %PDF- header)"}


def test_first_difference_names_the_path_to_the_first_changed_value() -> None:
    saved = {"md": "a", "pages": [{"paragraphs": [["body", [["'x'", "1.0"]]]]}]}
    changed = {"md": "a", "pages": [{"paragraphs": [["body", [["'x'", "1.5"]]]]}]}
    assert _first_difference(saved, changed) == "/pages/0/paragraphs/0/1/0/1"
    assert _first_difference({"a": [1, 2]}, {"a": [1, 2, 3]}) == "/a/len"
    assert _first_difference({"a": 1}, {"b": 1}) == "/a"


def test_bare_line_builder_groups_by_baseline_sorts_by_x_and_spaces_wide_gaps() -> None:
    # Drawn out of order: the second line first, and its second word before its first.
    glyphs = (_word("two", 60.0, 130.0) + _word("line", 10.0, 130.0)
              + _word("one", 10.0, 100.0) + _word("here", 30.0, 100.0))
    lines = bare_lines(glyphs)
    assert [line.text for line in lines] == ["one here", "line two"]
    first = lines[0]
    assert (first.x0, first.x1, first.baseline, first.size) == (10.0, 50.0, 100.0, 10.0)
    assert len(first.glyphs) == 7
    # A gap of 1 pt at 10 pt is under space_gap_em (1.2 pt): no word space.
    assert [line.text for line in bare_lines(_word("ab", 0.0, 50.0) + _word("cd", 11.0, 50.0))] \
        == ["abcd"]
    assert bare_lines([]) == []


def test_benchmarks_measure_the_checkout_not_another_pdfprose_on_the_path(tmp_path: Path) -> None:
    """A fresh-clone tester changed the clone's render() and `benchmarks.outputs compare` still
    said "80 of 80 identical": it imported the pdfprose installed from another checkout."""
    import subprocess

    decoy = tmp_path / "pdfprose"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("raise ImportError('the decoy pdfprose was imported')\n")
    root = Path(__file__).resolve().parents[2]
    found = subprocess.run(
        [sys.executable, "-c", "import benchmarks.outputs, pdfprose; print(pdfprose.__file__)"],
        cwd=root, env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()) == root / "py" / "pdfprose" / "__init__.py"


def test_the_batch_benchmark_keeps_each_configurations_best_round_and_judges_the_target() -> None:
    from benchmarks.batch import DASK, ONE, TWO, report

    def run(config: str, round_: int, pages_per_s: float) -> dict:
        return {"config": config, "round": round_, "files": 10, "converted": 9, "failed": 1,
                "pages": 100, "wall_s": 100 / pages_per_s, "files_per_s": pages_per_s / 10,
                "pages_per_s": pages_per_s, "conversion_cpu_s": 4.0, "pages_per_cpu_s": 25.0,
                "child_peak_mb": 60.0, "other_load_cores": 0.1, "load_average": (0.5, 0.4, 0.3)}

    runs = [run(ONE, 1, 20.0), run(TWO, 1, 30.0), run(DASK, 1, 33.0),
            run(ONE, 2, 22.0), run(TWO, 2, 39.6), run(DASK, 2, 35.0)]
    runs[2]["dask_worker_peak_mb"] = 120.0
    meta = {"date": "d", "machine": "m", "versions": "v", "command": "c", "elapsed": 1.0,
            "files": 10, "sets": "s", "repeat": 2, "dask_start_s": 2.0}
    text = report(meta, runs)
    assert "| 2 processes | 3.96 | 39.6 | 1.80× |" in text  # the best rounds: 39.6 over 22.0
    assert "Two processes ÷ one, pages per second: **1.80×** (target ≥ 1.7×: **met**)." in text
    assert "(+ Dask worker 120 MB)" not in text  # the best Dask round is round 2
    runs[4]["pages_per_s"] = 30.0
    assert "**not met**" in report(meta, runs)


def test_the_batch_benchmark_compares_each_files_cpu_with_the_same_rounds_one_process() -> None:
    from benchmarks.batch import ONE, TWO, cpu_per_file_ratio

    runs = [{"config": ONE, "round": 1, "cpu_by_input": [1.0, 2.0, 0.01, 4.0]},
            {"config": TWO, "round": 1, "cpu_by_input": [1.1, 2.4, 0.03, 4.0]},
            {"config": ONE, "round": 2, "cpu_by_input": [2.0, 4.0, 0.02, 8.0]},  # the machine, slower
            {"config": TWO, "round": 2, "cpu_by_input": [2.0, 4.0, 0.04, 8.8]}]
    # Round 1: 1.1, 1.2 and 1.0 (the file of 10 ms left out): median 1.1; round 2: 1.0, 1.0, 1.1.
    assert cpu_per_file_ratio(runs[1], runs) == 1.1
    assert cpu_per_file_ratio(runs[3], runs) == 1.0
    assert cpu_per_file_ratio(runs[2], runs) == 1.0
    assert cpu_per_file_ratio({"config": TWO, "round": 3, "cpu_by_input": [1.0]}, runs) is None
