"""Splitting a document between two converters (the page's two workers, issue 8): a converter
of a page range hands its pages over, the first one adopts them and runs the document passes
once, and the result is the same, byte for byte, as one converter's (Markdown, TXT, report)."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest
from corpuskit import WHOLE_DOCUMENTS_GROUP, converted
from pdfgen import canvas_pdf

from pdfprose import Converter, Options
from pdfprose.engine.split import PageBatch
from pdfprose.output.render import document_vocabulary, page_vocabulary
from pdfprose.engine.web import WebSession

# Most tests here compare with one converter's outputs of a corpus file (corpuskit.converted).
pytestmark = pytest.mark.xdist_group(WHOLE_DOCUMENTS_GROUP)

ENGLISH = (
    "The committee met in the spring to discuss the harvest and the price of grain in the "
    "northern valleys where the rivers had flooded the fields twice in one season."
)


def caesar(text: str, k: int) -> str:
    return "".join(chr(ord(ch) + k) if ch.isalpha() else ch for ch in text)


def outputs(conversion) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    return (conversion.render(Options(format="md")), conversion.render(Options(format="txt")),
            json.dumps(conversion.report()))


def split_convert(data: bytes, first: int) -> tuple[Converter, PageBatch]:
    """Pages 1..first-1 in one converter, first.. in another, handed over through bytes (as
    between two workers) and adopted."""
    one = Converter(data)
    assert one.limit(first - 1) == first - 1
    other = Converter(data, first_page=first)
    batch = PageBatch.from_bytes(other.handover().to_bytes())
    one.adopt(batch)
    return one, batch


_SINGLE: dict[str, tuple[str, str, str]] = {}


def single(path: Path) -> tuple[str, str, str]:
    """One converter's outputs of the whole file (its conversion shared with other test files,
    corpuskit.converted)."""
    if path.name not in _SINGLE:
        _SINGLE[path.name] = outputs(converted(path))
    return _SINGLE[path.name]


@pytest.mark.corpus
@pytest.mark.parametrize("name, first, middle, words", [
    ("real/who_hcv_guidelines_155p.pdf", 78, 100, 5000),
    ("real/geotopo_thesis_117p_type3.pdf", 59, 90, 1000),
])
def test_a_long_document_split_in_two_gives_the_same_output(
        corpus_file: Callable[[str], Path], name: str, first: int, middle: int, words: int) -> None:
    path = corpus_file(name)
    conversion, batch = split_convert(path.read_bytes(), first)
    assert (batch.first, batch.last) == (first, conversion.pages[-1].number)
    assert conversion.adopted_pages == list(range(first, batch.last + 1))
    assert [p.number for p in conversion.pages] == list(range(1, batch.last + 1))
    # Each page's words are taken by the converter that analysed it and handed over with the
    # page: the adopting converter's vocabulary is the whole document's, as one converter reads
    # it at the end.
    assert set(batch.words) == set(range(first, batch.last + 1))
    assert set(batch.words[middle].split("\n")) == page_vocabulary(batch.pages[middle - first])
    whole = document_vocabulary(converted(path).pages)
    assert len(whole) > words
    assert conversion.vocabulary() == whole
    finished = conversion.finish()
    assert finished.vocabulary == whole
    assert outputs(finished) == single(path)


@pytest.mark.corpus
@pytest.mark.parametrize("first", [2, 3, 4, 5, 6])
def test_a_small_document_split_anywhere_gives_the_same_output(
        corpus_file: Callable[[str], Path], first: int) -> None:
    # Garbled pages, a clean one, running heads: the page's threshold (100 pages) forced down.
    path = corpus_file("real/fr_cinema_partial_garbled.pdf")
    conversion, _ = split_convert(path.read_bytes(), first)
    result = conversion.finish()
    assert result.garbled_pages  # the diagnosis crossed the split
    assert outputs(result) == single(path)


def shifted_pdf(path: Path, pages: int = 5) -> Path:
    """A font whose text is letter-shifted, 30 letters a page: too few on one page to tell
    (diagnostics.SHIFT_MIN_LETTERS is 40), enough with the page before."""
    words = [caesar(w.strip(".,"), -29) for w in ENGLISH.split()]

    def draw(c, i):  # type: ignore[no-untyped-def]
        c.setFont("Times-Roman", 11)
        c.drawString(72, 760, f"Page {i + 1}")
        c.setFont("Helvetica", 11)
        c.drawString(72, 700, " ".join(words[i * 6:(i + 1) * 6]))

    canvas_pdf(path, draw, pages=pages)
    return path


def test_a_page_that_needs_earlier_pages_evidence_is_analysed_again(tmp_path: Path) -> None:
    data = shifted_pdf(tmp_path / "shifted.pdf").read_bytes()
    whole = Converter(data).finish()
    # The shift shows only once a few pages' letters are in.
    first_garbled = whole.garbled_pages[0]
    assert first_garbled > 1 and whole.pages[first_garbled - 1].garbled_cause == "shifted_encoding"
    # Alone, a second converter starting there does not see it on its first page...
    alone = Converter(data, first_page=first_garbled)
    page = alone.analyze_next()
    assert page is not None and not page.garbled
    # ...so the first converter analyses that page again when it adopts it.
    conversion, _ = split_convert(data, first_garbled)
    assert first_garbled in conversion.reanalysed_pages
    assert outputs(conversion.finish()) == outputs(whole)


def test_the_first_converter_goes_on_alone_when_the_other_is_gone(
        corpus_file: Callable[[str], Path]) -> None:
    # What the page does when its second worker crashes: the limit is lifted again.
    path = corpus_file("real/fr_cinema_partial_garbled.pdf")
    converter = Converter(path.read_bytes())
    assert converter.limit(3) == 3
    assert len(list(converter)) == 3 and converter.analyze_next() is None
    with pytest.raises(ValueError, match="whole document"):
        converter.finish()
    assert converter.limit(1) == 3  # never before what is done
    assert converter.limit(converter.page_count) == converter.page_count
    assert outputs(converter.finish()) == single(path)


def test_batches_that_do_not_fit_are_refused(corpus_file: Callable[[str], Path], tmp_path: Path) -> None:
    path = corpus_file("real/fr_cinema_partial_garbled.pdf")
    data = path.read_bytes()
    other = Converter(data, first_page=4)
    batch = other.handover()
    with pytest.raises(RuntimeError):
        other.handover()
    with pytest.raises(RuntimeError):
        other.analyze_next()
    gap = Converter(data)
    gap.limit(2)  # pages 3 is nobody's
    with pytest.raises(ValueError, match="needs page 3"):
        gap.adopt(batch)
    stranger = Converter(shifted_pdf(tmp_path / "other.pdf", pages=6).read_bytes())
    stranger.limit(3)
    with pytest.raises(ValueError, match="another file"):
        stranger.adopt(batch)
    with pytest.raises(ValueError):
        Converter(data, first_page=0)
    with pytest.raises(ValueError):
        Converter(data, first_page=3, last_page=99)
    with pytest.raises(ValueError, match="not a page batch"):
        PageBatch.from_bytes(b"not a pickle")
    # Only pdfprose's own data classes are loaded from a batch, nothing that runs code.
    with pytest.raises(ValueError, match="not part of a page batch"):
        PageBatch.from_bytes(pickle.dumps(Path("x")))


def test_the_web_session_splits_as_the_page_does(corpus_file: Callable[[str], Path]) -> None:
    # The calls app/engine/conversion.js makes, in its order, with the bytes crossing as between workers.
    path = corpus_file("real/fr_cinema_partial_garbled.pdf")
    data = path.read_bytes()
    first, second = WebSession(), WebSession()
    assert json.loads(first.open(data)) == {"page_count": 6}
    assert json.loads(first.next_page())["number"] == 1
    assert json.loads(first.limit(3)) == {"last": 3}
    assert json.loads(second.open(data, "", 500, 25_000_000, 4, 6)) == {"page_count": 6}
    numbers = []
    while page := second.next_page():
        numbers.append(json.loads(page)["number"])
    assert numbers == [4, 5, 6]
    batch = second.handover()
    while first.next_page():
        pass
    assert json.loads(first.adopt(batch)) == {"adopted": 3, "pages": []}
    assert first.next_page() == ""
    report = json.loads(first.finish())
    alone = WebSession()
    alone.open(data)
    while alone.next_page():
        pass
    assert report == json.loads(alone.finish())
    assert first.render('{"format": "md"}') == alone.render('{"format": "md"}')
    assert "error" in json.loads(first.adopt(b"junk"))


def backwards_convert(data: bytes, meet: int, floors: tuple[int, ...] = ()) -> Converter:
    """The page's dynamic split: the second converter goes backwards from the last page, its
    floor lowered step by step (``floors``, then ``meet``), the first forwards up to
    ``meet - 1``; the batch crosses as bytes and is adopted."""
    one = Converter(data)
    one.limit(1)
    other = Converter(data, first_page=(floors or (meet,))[0], backwards=True)
    for floor in (*floors, meet):
        assert other.floor(floor) == floor
        for _ in other:
            pass
    one.limit(meet - 1)
    batch = PageBatch.from_bytes(other.handover().to_bytes())
    assert (batch.first, batch.last) == (meet, one.page_count)
    assert [p.number for p in batch.pages] == list(range(meet, one.page_count + 1))
    one.adopt(batch)
    return one


@pytest.mark.corpus
@pytest.mark.parametrize("name, meet, floors", [
    ("real/who_hcv_guidelines_155p.pdf", 80, (150, 120)),
    ("real/geotopo_thesis_117p_type3.pdf", 52, (100,)),
])
def test_a_second_converter_going_backwards_gives_the_same_output(
        corpus_file: Callable[[str], Path], name: str, meet: int, floors: tuple[int, ...]) -> None:
    path = corpus_file(name)
    conversion = backwards_convert(path.read_bytes(), meet, floors)
    assert conversion.adopted_pages == list(range(meet, conversion.page_count + 1))
    assert outputs(conversion.finish()) == single(path)


@pytest.mark.corpus
@pytest.mark.parametrize("meet", [2, 3, 4, 5, 6])
def test_a_small_document_met_backwards_anywhere_gives_the_same_output(
        corpus_file: Callable[[str], Path], meet: int) -> None:
    # Its garbled pages' evidence, gathered backwards, is checked against the pages before.
    path = corpus_file("real/fr_cinema_partial_garbled.pdf")
    result = backwards_convert(path.read_bytes(), meet).finish()
    assert result.garbled_pages
    assert outputs(result) == single(path)


def test_a_shifted_font_met_backwards_is_analysed_again_where_it_must(tmp_path: Path) -> None:
    data = shifted_pdf(tmp_path / "shifted.pdf").read_bytes()
    whole = Converter(data).finish()
    for meet in range(2, 6):
        conversion = backwards_convert(data, meet)
        assert outputs(conversion.finish()) == outputs(whole), meet


def test_a_converter_going_backwards_keeps_to_its_floor(
        corpus_file: Callable[[str], Path]) -> None:
    data = corpus_file("real/fr_cinema_partial_garbled.pdf").read_bytes()
    other = Converter(data, first_page=5, backwards=True)
    assert [p.number for p in other] == [6, 5]
    assert other.floor(6) == 5  # never above what is done
    assert other.floor(3) == 3
    assert [p.number for p in other] == [4, 3]
    with pytest.raises(ValueError, match="floor"):
        other.limit(4)
    with pytest.raises(ValueError, match="hands its pages over"):
        other.finish()
    with pytest.raises(ValueError):
        other.floor(0)
    forwards = Converter(data)
    with pytest.raises(ValueError, match="limit"):
        forwards.floor(3)
