"""The layout parameters (issue 27): one frozen object, taken by the converter and handed to
every stage, so that a threshold changed there changes what the stages decide."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest

from pdfgen import build_pdf
from pdfprose import Converter, Options, convert
from pdfprose import params as params_module
from pdfprose.engine.split import PageBatch
from pdfprose.params import DEFAULT_PARAMS, LayoutParams

HELLO_WIDTH = 2278 * 12 / 1000
""""Hello" in 12 pt Helvetica: H 722, e 556, l 222, l 222, o 556 thousandths of an em."""


def two_words(pages: int = 1, gap: float = 2.0) -> bytes:
    """``pages`` pages, each with "Hello" and "World" in 12 pt Helvetica on one baseline,
    ``gap`` points apart (2 pt: a word space at 0.12 em, 1.44 pt; none at 0.2 em, 2.4 pt)."""
    second = 72 + HELLO_WIDTH + gap
    content = b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET BT /F1 12 Tf %.3f 700 Td (World) Tj ET" % second
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
               3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
    kids = []
    for i in range(pages):
        page, body = 10 + 2 * i, 11 + 2 * i
        kids.append(b"%d 0 R" % page)
        objects[page] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                         b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % body)
        objects[body] = b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)
    objects[2] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), pages)
    return build_pdf(objects)


def test_the_parameters_are_one_frozen_object_with_spec_defaults() -> None:
    assert DEFAULT_PARAMS == LayoutParams()
    assert (DEFAULT_PARAMS.space_gap_em, DEFAULT_PARAMS.cjk_space_gap_em,
            DEFAULT_PARAMS.baseline_tolerance_em, DEFAULT_PARAMS.paragraph_gap_em,
            DEFAULT_PARAMS.heading_size_ratio, DEFAULT_PARAMS.furniture_band) == (
        0.12, 0.22, 0.35, 1.8, 1.15, 0.12)  # SPEC §2, §3, §6, §8, §9
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_PARAMS.space_gap_em = 0.2  # type: ignore[misc]
    # Every field is documented: the attribute docstrings stand right under each field.
    # (LayoutParams inherits the fields of what the PDF says of itself, issue 24.)
    source = "".join(Path(inspect.getfile(cls)).read_text(encoding="utf-8")
                     for cls in LayoutParams.__mro__ if cls is not object)
    assert Path(params_module.__file__).read_text(encoding="utf-8") in source
    for field in dataclasses.fields(LayoutParams):
        at = source.index(f"    {field.name}: ")
        assert source[source.index("\n", at) + 1:].lstrip().startswith('"""'), field.name


def test_the_converter_hands_its_parameters_to_the_stages() -> None:
    pdf = two_words()
    assert convert(pdf).render(Options()) == "Hello World\n"
    wide = LayoutParams(space_gap_em=0.2)
    conversion = convert(pdf, params=wide)
    assert conversion.params is wide and Converter(pdf, params=wide).params is wide
    assert conversion.render(Options()) == "HelloWorld\n"


def test_a_converter_adopts_only_pages_analysed_with_its_parameters() -> None:
    pdf = two_words(pages=2)
    first = Converter(pdf, params=LayoutParams(space_gap_em=0.2))
    first.limit(1)
    batch = PageBatch.from_bytes(Converter(pdf, first_page=2).handover().to_bytes())
    assert batch.params == DEFAULT_PARAMS
    with pytest.raises(ValueError, match="other layout parameters"):
        first.adopt(batch)
    same = Converter(pdf)
    same.limit(1)
    same.adopt(batch)
    assert same.finish().render(Options()) == "Hello World\n\nHello World\n"
