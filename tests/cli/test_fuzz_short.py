"""Robustness is proven, not hoped (issue 6): a short run of the mutation fuzzer, and every bug
the fuzzer found, rebuilt by hand with its fixed behaviour.

The long run is ``python -m benchmarks.fuzz --inputs 20000`` (see benchmarks/fuzz.py); this one
tries a few hundred mutated copies of small corpus files on both cores, well under a minute.
"""

from __future__ import annotations

import sys
import time
import zlib
from pathlib import Path

import pytest
from test_cli_errors import pages_pdf, stream, text

from pdfprose import Options, convert
from pdfprose.pdf.guards import MAX_FIGURE_DEPTH, decompress_corrupted

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks import fuzz  # noqa: E402

SHORT_RUN_INPUTS = 150  # the long run is the benchmark's; this one keeps the suite in CI's time
SHORT_RUN_SEED = 20261129


@pytest.mark.corpus
def test_short_fuzz_run_has_no_crash_and_no_hang() -> None:
    if not all((fuzz.DEFAULT_CORPUS / f).is_file() for f in fuzz.QUICK_FILES):
        pytest.skip("the shared corpus is absent")
    plans = fuzz.generate_plans(SHORT_RUN_INPUTS, fuzz.QUICK_FILES, SHORT_RUN_SEED)
    assert len(plans) == SHORT_RUN_INPUTS
    # Each input has its own time limit (a hang); the run as a whole has none, since its wall
    # clock is the machine's load (165 s once under other work, against a 120 s bound then).
    result = fuzz.run(plans, workers=2, timeout=fuzz.DEFAULT_TIMEOUT)
    summary = result.summary()
    assert summary["inputs"] == SHORT_RUN_INPUTS
    assert summary["crashes"] == 0, fuzz.format_summary(summary)
    assert summary["hangs"] == 0, fuzz.format_summary(summary)
    assert summary["memory"] == 0, fuzz.format_summary(summary)
    # Both outcomes a broken file may have are seen: converted (maybe partly) and a clear error.
    kinds = set(summary["outcomes"])
    assert {"converted", "converted_partial"} & kinds and any(k.startswith("refused:") for k in kinds)


@pytest.mark.corpus
def test_mutation_plans_are_deterministic() -> None:
    if not (fuzz.DEFAULT_CORPUS / fuzz.QUICK_FILES[0]).is_file():
        pytest.skip("the shared corpus is absent")
    plans = fuzz.generate_plans(20, fuzz.QUICK_FILES, 7)
    assert plans == fuzz.generate_plans(20, fuzz.QUICK_FILES, 7)
    for plan in plans:
        assert fuzz.apply_plan(plan) == fuzz.apply_plan(plan)


# -- bugs the fuzzer found, rebuilt by hand ----------------------------------------------------


def test_corrupted_flate_stream_is_recovered_in_linear_time() -> None:
    """pdfminer.six fed a damaged Flate stream to zlib byte by byte into a growing ``bytes``:
    quadratic, minutes for a 1 MB font program (a fuzzed file hung in PDFCIDFont.__init__)."""
    raw = b"".join(b"line %06d of a long content stream\n" % i for i in range(60_000))
    packed = zlib.compress(raw)
    damaged = packed[:-200] + bytes(b ^ 0x5A for b in packed[-200:])
    started = time.perf_counter()
    out = decompress_corrupted(damaged)
    assert time.perf_counter() - started < 2.0
    assert len(out) > len(raw) // 2 and raw.startswith(out[:100_000])
    assert decompress_corrupted(packed[:-4]) == raw  # a lost checksum costs nothing


def test_corrupted_content_stream_keeps_its_text() -> None:
    """A content stream whose Flate data is damaged near its end still gives its text."""
    import random

    rng = random.Random(6)
    noise = bytes(rng.choice(b"0123456789abcdef") for _ in range(3000))
    content = text("Words before the damage") + b"\n% " + noise + b"\n" + text("Lost words", 650)
    packed = zlib.compress(content)
    damaged = packed[:-60] + bytes(60)  # the damage hits the comment and what follows
    pdf = pages_pdf([b"replaced below"], extra={11: stream(damaged, b"/Filter /FlateDecode ")})
    out = convert(pdf).render(Options())
    assert "Words before the damage" in out


def test_a_huge_filled_shape_and_a_shading_cost_nothing() -> None:
    """A damaged CTM gave a filled rectangle of 10^9 pt; the hidden-text test indexed it in a
    64 pt grid, cell by cell: hours. (Fuzzer plan: tracemonkey_pldi09_2col.pdf,
    ``[["keyword", 4096, 26465, 36043161, 4096]]``.)"""
    content = b"q 1e9 0 0 1e9 -5e8 -5e8 cm 0 0 1 1 re f Q /Sh0 sh " + text("On a background")
    started = time.perf_counter()
    out = convert(pages_pdf([content])).render(Options())
    assert time.perf_counter() - started < 5.0
    assert "On a background" in out


def _nested_forms(depth: int) -> bytes:
    """A page whose form X0 draws X1 twice, X1 draws X2 twice, ... the last draws a word:
    2^depth drawings."""
    extra = {}
    for i in range(depth):
        last = i == depth - 1
        body = b"BT /F1 12 Tf 72 100 Td (Deep) Tj ET" if last else b"/X%d Do /X%d Do" % (i + 1, i + 1)
        resources = b"/Font << /F1 3 0 R >>" + (b"" if last else b" /XObject << /X%d %d 0 R >>" % (i + 1, 101 + i))
        extra[100 + i] = stream(body, b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                                      b"/Resources << " + resources + b" >> ")
    return pages_pdf([text("Top of the page") + b" /X0 Do " + text("Bottom line", 50)],
                     extra=extra, resources=b"/XObject << /X0 100 0 R >> ")


def test_forms_drawing_forms_exponentially_are_cut_short() -> None:
    started = time.perf_counter()
    conversion = convert(_nested_forms(16))
    assert time.perf_counter() - started < 45
    report = conversion.report()
    assert report["failed_pages"] == [] and report["partial"] is True
    assert any("cut short" in w and "forms within forms" in w for w in report["warnings"])
    assert "Top of the page" in conversion.render(Options())


def test_forms_nested_too_deep_are_cut_short() -> None:
    conversion = convert(_nested_forms(MAX_FIGURE_DEPTH + 6))
    assert any(f"more than {MAX_FIGURE_DEPTH} deep" in w for w in conversion.warnings)
    assert "Top of the page" in conversion.render(Options())


def test_a_string_of_a_million_glyphs_is_cut_short() -> None:
    content = text("Visible words here") + b" BT /F1 1 Tf 0 0 Td (" + b"a" * 1_000_000 + b") Tj ET"
    started = time.perf_counter()
    conversion = convert(pages_pdf([content]))
    assert time.perf_counter() - started < 30
    assert any("characters" in w and "cut short" in w for w in conversion.warnings)
    assert "Visible words here" in conversion.render(Options())
