"""A conversion lets each page's glyphs go once the page is analysed, keeps the cycle collector
off the pages done so far, and gives it everything back at the end (issue 8; pdfprose.engine.heap,
model.Line.release_glyphs). None of it changes the text."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from pdfprose import Converter, Options, convert


def _pdf(path: Path) -> bytes:
    canvas = Canvas(str(path), pagesize=A4)
    for page in range(3):
        canvas.setFont("Helvetica-Bold", 14)
        canvas.drawString(72, 780, f"Bold Heading {page + 1}")
        canvas.setFont("Helvetica", 10)
        for i in range(20):
            canvas.drawString(72, 750 - 14 * i, f"Plain line {i} of page {page + 1}, with a "
                                                 "few ordinary words")
        canvas.setFont("Helvetica", 8)
        canvas.drawString(290, 40, str(page + 1))
        canvas.showPage()
    canvas.save()
    return path.read_bytes()


def test_glyphs_are_released_and_the_text_is_the_same(tmp_path: Path) -> None:
    data = _pdf(tmp_path / "doc.pdf")
    released = convert(data)
    kept = Converter(data, keep_glyphs=True).finish()
    lines = [l for p in released.pages for para in p.paragraphs for l in para.lines]
    assert lines and all(not l.glyphs for l in lines)
    assert all(l.glyphs for p in kept.pages for para in p.paragraphs for l in para.lines)
    for fmt in ("md", "txt"):
        assert released.render(Options(format=fmt)) == kept.render(Options(format=fmt))
    heads_released = [l.all_bold for p in released.pages for para in p.paragraphs for l in para.lines]
    heads_kept = [l.all_bold for p in kept.pages for para in p.paragraphs for l in para.lines]
    assert heads_released == heads_kept and any(heads_kept)


def test_the_collector_gets_back_what_a_conversion_froze(tmp_path: Path) -> None:
    if gc.get_freeze_count():
        pytest.skip("this interpreter froze objects itself")
    data = _pdf(tmp_path / "doc.pdf")
    converter = Converter(data)
    converter.analyze_next()
    assert gc.get_freeze_count() > 0  # the pages so far are out of the collector's way
    converter.finish()
    assert gc.get_freeze_count() == 0
    # An abandoned conversion's frozen objects are given back when the next one starts.
    abandoned = Converter(data)
    abandoned.analyze_next()
    del abandoned
    convert(data)
    assert gc.get_freeze_count() == 0


def test_a_conversion_starts_without_a_full_pass_right_after_one(tmp_path: Path) -> None:
    data = _pdf(tmp_path / "doc.pdf")
    convert(data)
    passes: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            passes.append(1)

    gc.collect()  # the caller collected: the finished conversion's cycles are gone
    gc.callbacks.append(count)
    try:
        Converter(data)
        assert passes == []
        convert(data)
        before = len(passes)
        Converter(data)  # the last conversion's cycles are left: collected before freezing
        assert len(passes) == before + 1
    finally:
        gc.callbacks.remove(count)


def test_nothing_is_frozen_when_the_collector_is_off(tmp_path: Path) -> None:
    data = _pdf(tmp_path / "doc.pdf")
    gc.disable()
    try:
        converter = Converter(data)
        converter.analyze_next()
        assert gc.get_freeze_count() == 0
        converter.finish()
    finally:
        gc.enable()
