"""Bad input (SPEC §13), through the command line as a user meets it and through the API:
not a PDF, empty, truncated, passwords, encryption, pages that fail, and the safety nets.

Broken files are made at test time: hand-built PDFs (``build_pdf``) and corpus files cut short
(skipped when the corpus is absent); no damaged file is committed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pdfgen import build_pdf

from pdfprose import Options, convert
from pdfprose.engine import conversion as conversion_module
from pdfprose.engine import converter as converter_module
from pdfprose import cli
from pdfprose.batch import outcome as outcome_module
from pdfprose.errors import (
    InternalError,
    NoPagesError,
    NotAPdfError,
    PasswordRequiredError,
    PdfProseError,
    TruncatedPdfError,
    UnreadablePdfError,
    UnsupportedEncryptionError,
    WrongPasswordError,
)

# -- hand-built PDFs ---------------------------------------------------------------------------


def stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s>>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def text(line: str, y: int = 700) -> bytes:
    return b"BT /F1 12 Tf 72 %d Td (%s) Tj ET" % (y, line.encode())


def pages_pdf(contents: list[bytes | None], extra: dict[int, bytes] | None = None,
              resources: bytes = b"") -> bytes:
    """One page per entry of ``contents``: its content stream, or None for a page whose
    /Contents names an object the file does not have. Helvetica is /F1."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
               3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
    kids = []
    for i, content in enumerate(contents):
        page, body = 10 + 2 * i, 11 + 2 * i
        kids.append(b"%d 0 R" % page)
        ref = b"%d 0 R" % body if content is not None else b"999 0 R"
        objects[page] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                         b"/Resources << /Font << /F1 3 0 R >> " + resources + b">> /Contents "
                         + ref + b" >>")
        if content is not None:
            objects[body] = stream(content)
    objects[2] = b"<< /Type /Pages /Kids [" + b" ".join(kids) + b"] /Count %d >>" % len(kids)
    objects.update(extra or {})
    return build_pdf(objects)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pdfprose", *args], capture_output=True,
                          text=True, encoding="utf-8")


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    return lines[0]


# -- not a PDF, empty, truncated ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "word"),
    [(b"", "empty"), (b"hello, this is a text file\n" * 20, "not a PDF"),
     (b"\x89PNG\r\n\x1a\n" + bytes(300), "not a PDF")],
)
def test_not_a_pdf_or_empty_is_one_clear_line(tmp_path: Path, content: bytes, word: str) -> None:
    path = tmp_path / "input.pdf"
    path.write_bytes(content)
    result = run_cli(str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert word in one_line(result.stderr)
    with pytest.raises(NotAPdfError):
        convert(content)


def test_header_only_pdf_is_unreadable_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "stub.pdf"
    path.write_bytes(b"%PDF-1.7\n%%EOF\n")
    result = run_cli(str(path))
    assert result.returncode == 1 and "PDF" in one_line(result.stderr)
    with pytest.raises(UnreadablePdfError):
        convert(path.read_bytes())


def test_a_pdf_with_an_empty_page_tree_has_no_pages_and_is_not_called_damaged(tmp_path: Path) -> None:
    # A fresh-clone tester's zero-page PDF was "damaged and no page could be found in it".
    path = tmp_path / "zero.pdf"
    path.write_bytes(build_pdf({1: b"<< /Type /Catalog /Pages 2 0 R >>",
                                2: b"<< /Type /Pages /Kids [] /Count 0 >>"}))
    result = run_cli(str(path))
    assert result.returncode == 1
    assert one_line(result.stderr) == f"pdfprose: {path}: this PDF has no pages: its page tree is empty"
    with pytest.raises(NoPagesError) as caught:
        convert(path.read_bytes())
    assert caught.value.code == "no_pages"
    # A page tree that is lost, not empty, is still damage.
    with pytest.raises(UnreadablePdfError) as lost:
        convert(build_pdf({1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages >>"}))
    assert lost.value.code == "unreadable"


def test_missing_file_and_directory_are_one_line(tmp_path: Path) -> None:
    for target in (tmp_path / "nope.pdf", tmp_path):
        result = run_cli(str(target))
        assert result.returncode == 1
        assert "cannot read" in one_line(result.stderr)


def test_a_missing_file_is_named_first_as_every_message_names_it(tmp_path: Path) -> None:
    # A new user saw "pdfprose: cannot read nonexist.pdf: No such file or directory", not the
    # documented "pdfprose: INPUT: ..." form.
    missing = str(tmp_path / "nonexist.pdf")
    result = run_cli(missing)
    assert result.returncode == 1
    assert one_line(result.stderr) == (
        f"pdfprose: {missing}: cannot read it: No such file or directory")


def test_truncated_file_keeps_what_can_be_recovered_with_a_warning() -> None:
    lines = ["Apples grow on trees", "Rivers run to the sea", "Owls hunt at night", "Bees make honey"]
    pdf = pages_pdf([text(line, 700 - 40 * n) for n, line in enumerate(lines)])
    cut = pdf[: pdf.index(b"14 0 obj")]  # pages 3 and 4 and the xref are gone
    conversion = convert(cut)
    report = conversion.report()
    out = conversion.render(Options())
    assert "Apples grow on trees" in out and "Rivers run to the sea" in out
    assert report["partial"] is True
    damaged = next(n for n in report["notices"] if n["code"] == "damaged")
    assert damaged["truncated"] is True and damaged["recovered"] >= 2
    assert any("incomplete" in w for w in report["warnings"])
    # Pages whose content did not survive are failed pages, never "empty" (no OCR notice).
    assert report["empty_pages"] == []
    assert {f["number"] for f in report["failed_pages"]} == {p["number"] for p in report["pages"]
                                                           if p["error"]}


def test_truncated_file_with_nothing_left_says_so(tmp_path: Path) -> None:
    pdf = pages_pdf([text("Hello")])
    cut = pdf[: pdf.index(b"2 0 obj") + 3]
    with pytest.raises(TruncatedPdfError) as info:
        convert(cut)
    assert info.value.code == "truncated" and "cut short" in str(info.value)
    path = tmp_path / "cut.pdf"
    path.write_bytes(cut)
    result = run_cli(str(path))
    assert result.returncode == 1 and "incomplete" in one_line(result.stderr)


def test_bytes_after_the_end_marker_do_not_make_a_file_cut_short() -> None:
    """2 kB of NUL padding or a long comment after '%%EOF' was reported as 'the file is cut
    short: 14 of its 14 pages could be recovered'; an incremental update cut short still is."""
    pdf = pages_pdf([text("Apples grow on trees")])
    for tail in (b"\0" * 2048, b"%" + b"A" * 3000 + b"\n"):
        report = convert(pdf + tail).report()
        assert not [n for n in report["notices"] if n["code"] == "damaged"], tail[:8]
        assert not report["warnings"]
    cut_update = convert(pdf + b"\n7 0 obj\n<< /Type /Page /Parent 2 0 R").report()
    assert [n["truncated"] for n in cut_update["notices"] if n["code"] == "damaged"] == [True]


def test_random_bytes_after_the_pdf_header_are_damage_not_a_cut_file() -> None:
    """'%PDF-1.7' and random bytes has no end marker either, but it was said to be 'cut short
    (perhaps an interrupted download)': nothing in it is the start of a PDF."""
    noise = bytes((n * 7919 + 13) % 251 for n in range(3000)).replace(b"obj", b"ojb")
    with pytest.raises(UnreadablePdfError) as info:
        convert(b"%PDF-1.7\n" + noise)
    assert info.value.code == "unreadable" and "damaged" in str(info.value)
    # A download stopped in the header's comment lines is still a file cut short.
    with pytest.raises(TruncatedPdfError):
        convert(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")


@pytest.mark.corpus
@pytest.mark.parametrize(
    "name",
    ["cad_drawing_rotated_dims.pdf", "es_i9_form_xfa_aes_owner.pdf", "fr_cinema_partial_garbled.pdf",
     "bitcoin_whitepaper_spaces.pdf", "pl_invoice_identity_cmap.pdf", "zh_invoice_cmap.pdf"],
)
@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9])
def test_truncated_corpus_files_convert_or_fail_clearly(
    corpus_file: Callable[[str], Path], name: str, fraction: float
) -> None:
    data = corpus_file(f"real/{name}").read_bytes()
    cut = data[: int(len(data) * fraction)]
    try:
        conversion = convert(cut)
    except PdfProseError as exc:
        assert exc.code in ("truncated", "unreadable") and "\n" not in str(exc)
        return
    report = conversion.report()
    assert report["partial"] is True
    assert any(n["code"] == "damaged" and n["truncated"] for n in report["notices"])
    conversion.render(Options(format="md"))
    for failed in report["failed_pages"]:
        assert not str(failed["reason"]).startswith("internal error")


@pytest.mark.corpus
def test_truncated_at_ninety_percent_recovers_text(corpus_file: Callable[[str], Path]) -> None:
    data = corpus_file("real/fr_cinema_partial_garbled.pdf").read_bytes()
    conversion = convert(data[: int(len(data) * 0.9)])
    assert len(conversion.pages) == 6 and conversion.report()["failed_pages"] == []
    assert "Manoel de Oliveira" in conversion.render(Options(format="md"))


def _lost_font_pdf(font_ref: bytes, line: str) -> bytes:
    """One page whose /F1 is ``font_ref`` (an object the file may lack), showing ``line``."""
    return build_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [10 0 R] /Count 1 >>",
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        10: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 "
            + font_ref + b" >> >> /Contents 11 0 R >>",
        11: stream(text(line)),
    })


@pytest.mark.parametrize("font_ref", [b"3 0 R", b"999 0 R"])
def test_a_page_whose_font_object_is_lost_is_garbled_and_keeps_its_text(font_ref: bytes) -> None:
    # tracemonkey cut at 120 kB: its fonts' objects lay past the cut, pdfminer drew their text
    # with an empty font (no widths) and the page came out as "race-basedT imeust-inTJ ypeT"
    # with only "the file is incomplete" said of it.
    conversion = convert(_lost_font_pdf(font_ref, "Dynamic languages such as JavaScript"))
    report = conversion.report()
    lost = font_ref == b"999 0 R"
    assert report["garbled_pages"] == ([1] if lost else [])
    assert report["pages"][0]["garbled_cause"] == ("missing_font" if lost else None)
    notices = [n for n in report["notices"] if n["code"] == "garbled"]
    assert [n["cause"] for n in notices] == (["missing_font"] if lost else [])
    # The characters are kept (they may be of use); only their places are unknown.
    assert "Dynamic" in conversion.render(Options(format="txt")).replace(" ", "")


def test_a_font_the_page_resources_lack_is_a_lost_font() -> None:
    pdf = pages_pdf([b"BT /F7 12 Tf 72 700 Td (Dynamic languages such as JavaScript) Tj ET"])
    assert convert(pdf).report()["pages"][0]["garbled_cause"] == "missing_font"


@pytest.mark.corpus
def test_truncated_file_whose_fonts_are_past_the_cut_is_garbled(
    corpus_file: Callable[[str], Path]
) -> None:
    data = corpus_file("real/tracemonkey_pldi09_2col.pdf").read_bytes()
    whole, cut = convert(data).report(), convert(data[:120_000])
    report = cut.report()
    assert whole["garbled_pages"] == []
    assert report["garbled_pages"] == [1, 2, 3, 4, 5, 6, 7]
    assert {p["garbled_cause"] for p in report["pages"]} == {"missing_font"}
    lost = [w for w in report["warnings"] if "missing from the file" in w]
    assert len(lost) == 1 and "a complete copy of the file is needed" in lost[0]
    assert "OCR" not in lost[0]  # OCR of an incomplete file cannot bring its fonts back
    assert "Andreas Gal" in cut.render(Options(format="txt"))


# -- pages that fail, damaged content ----------------------------------------------------------


def test_a_page_that_cannot_be_read_is_reported_and_the_others_convert(tmp_path: Path) -> None:
    pdf = pages_pdf([text("First page"), None, text("Third page")])
    conversion = convert(pdf)
    report = conversion.report()
    assert report["failed_pages"] == [
        {"number": 2, "reason": "its content is missing from the file (truncated or damaged)"}
    ]
    assert report["empty_pages"] == [] and report["partial"] is True
    out = conversion.render(Options())
    assert "First page" in out and "Third page" in out
    path = tmp_path / "broken.pdf"
    path.write_bytes(pdf)
    result = run_cli(str(path))
    assert result.returncode == 0 and "Third page" in result.stdout
    assert "Page 2 could not be read" in result.stderr and "Traceback" not in result.stderr


def test_a_damaged_operator_costs_itself_not_the_page() -> None:
    broken = b"BT /F1 12 Tf 72 700 Td 5 TJ ET "  # TJ on a number: pdfminer raises TypeError
    conversion = convert(pages_pdf([text("Before") + b" " + broken + text("After", 600)]))
    out = conversion.render(Options())
    assert "Before" in out and "After" in out
    report = conversion.report()
    assert report["failed_pages"] == [] and report["partial"] is True
    assert next(n for n in report["notices"] if n["code"] == "content_damaged")["pages"] == [1]


def test_a_page_of_noise_fails_with_its_reason() -> None:
    noise = b"BT /F1 12 Tf " + b"5 TJ " * 1500 + b"ET"
    report = convert(pages_pdf([noise, text("Fine")])).report()
    assert [f["number"] for f in report["failed_pages"]] == [1]
    assert "damaged" in report["failed_pages"][0]["reason"]


def test_a_missing_icc_profile_does_not_fail_the_page() -> None:
    resources = b"/ColorSpace << /CS0 [/ICCBased 998 0 R] >> "
    conversion = convert(pages_pdf([b"/CS0 cs 0 0 0 sc " + text("Coloured words")], resources=resources))
    assert "Coloured words" in conversion.render(Options())
    assert conversion.report()["failed_pages"] == []


def test_a_broken_embedded_font_program_falls_back_to_the_font_dictionary() -> None:
    extra = {
        3: b"<< /Type /Font /Subtype /TrueType /BaseFont /Broken /FirstChar 32 /LastChar 126 "
           b"/Widths [" + b"500 " * 95 + b"] /Encoding /WinAnsiEncoding /FontDescriptor 4 0 R >>",
        4: b"<< /Type /FontDescriptor /FontName /Broken /Flags 32 /FontBBox [0 0 1000 1000] "
           b"/ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 5 0 R >>",
        5: stream(b"\x00\x01\x00\x00\x00\x0f" + b"garbage" * 10),
    }
    conversion = convert(pages_pdf([text("Words in a broken font")], extra=extra))
    assert "Words in a broken font" in conversion.render(Options())


# -- encryption ----------------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("es_i9_form_xfa_aes_owner.pdf", "EMPIECE AQUI"),  # AES-128, owner password only
        ("home_loan_rates_rc4_nocopy.pdf", "Home Loan Interest Rates"),  # RC4-128
        ("pl_invoice_identity_cmap.pdf", "Termin płatności: 2021-05-03"),  # RC4-128
        ("ja_kampo_gazette_vertical.pdf", "官"),  # RC4-40
        ("aes256_r6_owner_noextract.pdf", "Security Handler"),  # AES-256, revision 6
    ],
)
def test_owner_password_only_files_convert_directly(
    corpus_file: Callable[[str], Path], name: str, expected: str
) -> None:
    conversion = convert(corpus_file(f"real/{name}").read_bytes())
    assert expected in conversion.render(Options(format="md"))
    assert conversion.report()["failed_pages"] == []
    # A password the file does not need (one given for a whole folder) opens it all the same:
    # a fresh user's 'pdfprose folder -o out/ --password foo' failed these six as wrong_password.
    given = convert(corpus_file(f"real/{name}").read_bytes(), password="not-needed")
    assert given.render(Options(format="md")) == conversion.render(Options(format="md"))


@pytest.mark.corpus
def test_user_password_missing_wrong_and_right(corpus_file: Callable[[str], Path]) -> None:
    path = corpus_file("real/aes128_user_password.pdf")
    missing = run_cli(str(path))
    assert missing.returncode == 1 and "(give it with --password)" in one_line(missing.stderr)
    wrong = run_cli(str(path), "--password", "not-it")
    assert wrong.returncode == 1 and "password is wrong" in one_line(wrong.stderr)
    for password in ("foo", "baz"):  # the user and the owner password both open it
        right = run_cli(str(path), "--password", password)
        assert right.returncode == 0 and "Secret!" in right.stdout, right.stderr
    data = path.read_bytes()
    with pytest.raises(PasswordRequiredError):
        convert(data)
    with pytest.raises(WrongPasswordError) as info:
        convert(data, password="nope")
    assert info.value.code == "wrong_password"


def test_unknown_security_handler_is_a_clear_error() -> None:
    pdf = pages_pdf([text("Hidden")], extra={
        50: b"<< /Filter /Adobe.PubSec /V 4 /R 4 /Length 128 >>",
    })
    pdf = pdf.replace(b"/Root 1 0 R >>", b"/Root 1 0 R /Encrypt 50 0 R /ID [<00> <00>] >>")
    with pytest.raises(UnsupportedEncryptionError) as info:
        convert(pdf)
    assert info.value.code == "unsupported_encryption" and "encrypted" in str(info.value)


# -- every conversion: all pages empty or failed ---------------------------------------------


def test_every_page_failed_is_one_line_not_an_ocr_hint(tmp_path: Path) -> None:
    path = tmp_path / "gone.pdf"
    path.write_bytes(pages_pdf([None, None]))
    result = run_cli(str(path))
    assert result.returncode == 1
    line = one_line(result.stderr)
    assert "no page could be read" in line and "OCR" not in line


# -- the safety nets: an engine bug never escapes as a bare exception ------------------------


def test_a_bug_in_page_analysis_becomes_a_failed_page(monkeypatch: pytest.MonkeyPatch) -> None:
    real = converter_module.analyze_page

    def flaky(parsed, *args):  # type: ignore[no-untyped-def]
        if parsed.number == 2:
            raise ZeroDivisionError("boom")
        return real(parsed, *args)

    monkeypatch.setattr(converter_module, "analyze_page", flaky)
    conversion = convert(pages_pdf([text("One"), text("Two"), text("Three")]))
    failed = conversion.report()["failed_pages"]
    assert [f["number"] for f in failed] == [2]
    assert failed[0]["reason"].startswith("internal error") and "ZeroDivisionError" in failed[0]["reason"]
    assert "Three" in conversion.render(Options())


def test_a_bug_in_the_document_passes_keeps_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(pages, *args):  # type: ignore[no-untyped-def]
        raise KeyError("oops")

    monkeypatch.setattr(converter_module, "run_document_passes", broken)
    conversion = convert(pages_pdf([text("Still here")]))
    assert "Still here" in conversion.render(Options())
    assert any(n["code"] == "internal" for n in conversion.report()["notices"])


def test_a_bug_while_opening_or_rendering_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = pages_pdf([text("Text")])
    conversion = convert(pdf)

    def bad_render(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise IndexError("render bug")

    monkeypatch.setattr(conversion_module, "render", bad_render)
    with pytest.raises(InternalError) as info:
        conversion.render(Options())
    assert info.value.code == "internal" and "IndexError" in str(info.value)

    def bad_open(data, password=""):  # type: ignore[no-untyped-def]
        raise AttributeError("open bug")

    monkeypatch.setattr(converter_module, "open_pdf", bad_open)
    with pytest.raises(InternalError) as info:
        convert(pdf)
    assert info.value.params["stage"] == "open"


def test_cli_never_shows_an_internal_exceptions_text(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 25: the message was the exception's own text ("internal error: RuntimeError: ...");
    # now one generic sentence with its code, and the detail only under --verbose.
    path = tmp_path / "ok.pdf"
    path.write_bytes(pages_pdf([text("Text")]))

    def bad_convert(data, password=""):  # type: ignore[no-untyped-def]
        raise RuntimeError("unexpected\nwith two lines")

    monkeypatch.setattr(outcome_module, "convert", bad_convert)
    assert cli.main([str(path)]) == 1
    err = capsys.readouterr().err
    assert one_line(err) == (f"pdfprose: {path}: pdfprose could not read this part of the file "
                             "(code internal); --verbose shows the detail")
    assert cli.main([str(path), "--verbose"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"pdfprose: {path}: detail: RuntimeError: unexpected with two lines",
        f"pdfprose: {path}: pdfprose could not read this part of the file (code internal); "
        "--verbose shows the detail",
    ]

    def bad_open(data, password=""):  # type: ignore[no-untyped-def]
        raise AttributeError("open bug 0x7f3a")

    monkeypatch.undo()
    monkeypatch.setattr(converter_module, "open_pdf", bad_open)
    assert cli.main([str(path)]) == 1
    line = one_line(capsys.readouterr().err)
    assert line == (f"pdfprose: {path}: pdfprose could not read this part of the file "
                    "(code internal, stage open); --verbose shows the detail")
    assert "AttributeError" not in line and "0x7f3a" not in line


# -- the browser bridge: errors as JSON, the report's new fields -----------------------------


def test_web_session_reports_errors_and_damage_as_json() -> None:
    import json

    from pdfprose.engine.web import WebSession, strict_json

    opened = json.loads(WebSession().open(b"not a pdf at all"))
    assert opened["error"]["code"] == "not_pdf"
    too_big = json.loads(WebSession().open(b"%PDF-1.4\n" + bytes(2000), max_bytes=1000))
    assert too_big["error"]["code"] == "too_large" and too_big["error"]["params"]["limit"] == 1000
    cut = pages_pdf([text("Kept words"), None])
    session = WebSession()
    assert json.loads(session.open(cut))["page_count"] == 2
    pages = []
    while page := session.next_page():
        pages.append(json.loads(page))
    assert [p["error"] is not None for p in pages] == [False, True]
    assert "garbled_cause" in pages[0] and "garbled_cause" in pages[0]["geometry"]
    report = json.loads(session.finish())
    assert report["partial"] is True and report["all_empty"] is False
    assert [n["code"] for n in report["notices"]] == ["failed_pages"]
    assert json.loads(session.render_json("{}"))["text"].strip() == "Kept words"
    assert json.loads(strict_json({"width": float("inf"), "box": [1.0, float("nan")]})) == {
        "width": None, "box": [1.0, None]}


def test_corrupted_compressed_content_stream_is_reported(corpus_file: Callable[[str], Path]) -> None:
    # zen_of_python_corrupted_stream.pdf: zlib fails at the stream's end; the text before it is
    # kept, and the report used to call the file clean (no warning, "partial": false).
    path = corpus_file("real/zen_of_python_corrupted_stream.pdf")
    conversion = convert(path.read_bytes())
    report = conversion.report()
    assert report["partial"] is True
    assert [n["code"] for n in report["notices"]] == ["content_damaged"]
    assert report["notices"][0]["pages"] == [1]
    assert "Beautiful is better than ugly." in conversion.render()
    clean = convert(corpus_file("real/bitcoin_whitepaper_spaces.pdf").read_bytes()).report()
    assert clean["partial"] is False and clean["notices"] == []


@pytest.mark.corpus
def test_a_page_that_could_not_be_read_is_not_said_to_have_kept_its_text(
    corpus_file: Callable[[str], Path],
) -> None:
    """200 random bytes overwritten in the IEEE paper: its failed pages were also listed as
    'the content is damaged; the text before the damage was kept', with nothing kept."""
    import random

    data = bytearray(corpus_file("real/ieee_2col_diffprivacy_ligatures.pdf").read_bytes())
    rng = random.Random(4)
    for position in rng.sample(range(1000, len(data)), 200):
        data[position] = rng.randrange(256)
    report = convert(bytes(data)).report()
    failed = {f["number"] for f in report["failed_pages"]}
    assert failed == {2, 5, 7}
    damaged = {p for n in report["notices"] if n["code"] == "content_damaged" for p in n.get("pages", [])}
    assert damaged and not damaged & failed
    assert not [w for w in report["warnings"] if re.match(r"Page [257]: the content", w)]
    # Nor is a page whose content stream broke before it drew any text called a scan (seed 1:
    # pages 1 and 8 were "no text layer: use OCR").
    data = bytearray(corpus_file("real/ieee_2col_diffprivacy_ligatures.pdf").read_bytes())
    rng = random.Random(1)
    for position in rng.sample(range(1000, len(data)), 200):
        data[position] = rng.randrange(256)
    report = convert(bytes(data)).report()
    assert report["empty_pages"] == [] and len(report["failed_pages"]) == 11


@pytest.mark.corpus
def test_a_cut_file_whose_page_tree_survived_says_how_many_pages_could_be_read(
    corpus_file: Callable[[str], Path], tmp_path: Path
) -> None:
    """The WHO guidelines cut to 30 % keep their whole page tree (155 page objects) but lose
    most content streams: the warning said '155 pages could be recovered' beside 82 pages that
    could not be read. It counts the pages read once all are analysed."""
    data = corpus_file("real/who_hcv_guidelines_155p.pdf").read_bytes()
    cut = data[: int(len(data) * 0.3)]
    conversion = convert(cut)
    report = conversion.report()
    failed = len(report["failed_pages"])
    assert failed == 82
    [damaged] = [n for n in report["notices"] if n["code"] == "damaged"]
    assert damaged["recovered"] == 155 and damaged["readable"] == 155 - failed == 73
    message = ("The file is incomplete (it ends before its end marker): 155 pages were found, "
               "73 of them could be read; the text may be incomplete.")
    assert damaged["message"] == message and message in report["warnings"]
    assert not any("could be recovered" in w for w in report["warnings"])
    path = tmp_path / "cut.pdf"
    path.write_bytes(cut)
    stderr = run_cli(str(path)).stderr
    assert "cut.pdf: warning: The file is incomplete (it ends before its end marker): 155 pages were " \
        "found, 73 of them could be read;" in stderr


def test_a_damaged_file_of_one_unreadable_page_says_so_in_the_singular() -> None:
    """'1 page were found, 0 of them could be read' (a review of the damaged-file warning)."""
    from pdfprose.pdf.recover import damage_warning

    assert damage_warning(1, None, True, readable=0) == (
        "The file is incomplete (it ends before its end marker): 1 page was found, but it could "
        "not be read; the text may be incomplete.")
    assert damage_warning(3, None, False, readable=1) == (
        "The file is damaged (its cross-reference table is broken): 3 pages were found, 1 of them "
        "could be read; the text may be incomplete.")
    assert damage_warning(3, 9, True, readable=1).startswith(
        "The file is incomplete (it ends before its end marker): 3 of its 9 pages were found, 1 of them")
    assert damage_warning(1, None, True) == (
        "The file is incomplete (it ends before its end marker): 1 page could be recovered; the text "
        "may be incomplete.")


def test_characters_without_unicode_meaning_on_pages_not_garbled_are_a_notice(corpus_file) -> None:  # type: ignore[no-untyped-def]
    """The IEEE paper's epsilons are U+FFFD in the text (199 of them, pages 2-11), the Japanese
    gazette's header one character: no page is garbled, but each is said, with its count."""
    ieee = convert(corpus_file("real/ieee_2col_diffprivacy_ligatures.pdf").read_bytes())
    notices = [n for n in ieee.report()["notices"] if n["code"] == "unmapped_glyphs"]
    assert [(n["count"], n["pages"]) for n in notices] == [(199, list(range(2, 12)))]
    assert ieee.render(Options(format="txt")).count("\ufffd") == 199
    assert notices[0]["message"] in ieee.warnings  # the command line says it too
    kampo = convert(corpus_file("real/ja_kampo_gazette_vertical.pdf").read_bytes())
    assert [n["message"] for n in kampo.notices if n["code"] == "unmapped_glyphs"] == [
        "1 character on page 1 has no Unicode meaning in its font and is shown as \ufffd: "
        "check it against the PDF."]
