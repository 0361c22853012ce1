"""The command line, run as a user runs it: ``python -m pdfprose``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pdfgen import canvas_pdf, columns_pdf


def pdfprose(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pdfprose", *args], capture_output=True,
                          text=True, encoding="utf-8")


def test_text_to_stdout_markdown_to_file_and_report(tmp_path: Path) -> None:
    pdf = tmp_path / "paper.pdf"
    truth = columns_pdf(pdf, 2, title="Quiet Orchards")
    plain = pdfprose(str(pdf))
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.startswith("Quiet Orchards\n\n" + truth[1][:40])

    out, report = tmp_path / "paper.md", tmp_path / "report.json"
    md = pdfprose(str(pdf), "--format", "md", "-o", str(out), "--report", str(report))
    assert md.returncode == 0 and md.stdout == ""
    assert out.read_text(encoding="utf-8").startswith("# Quiet Orchards\n\n")
    assert json.loads(report.read_text()) == {
        "pages": [{"number": 1, "columns": 2, "empty": False, "garbled": False,
                   "garbled_cause": None, "error": None,
                   "glyphs": sum(len(t.replace(" ", "")) for t in truth),
                   "unmapped": 0, "hidden": 0, "form": 0, "tables": 0,
                   "furniture_chars": 0}],
        "empty_pages": [],
        "garbled_pages": [],
        "failed_pages": [],
        "warnings": [],
        "partial": False,
        "notices": [],
    }


def test_not_a_pdf_fails_with_one_clear_line(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.pdf"
    bogus.write_text("just some notes, not a PDF")
    result = pdfprose(str(bogus))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"pdfprose: {bogus}: this file is not a PDF (it has no %PDF- header)"
    ]


def test_missing_file_and_empty_file(tmp_path: Path) -> None:
    assert pdfprose(str(tmp_path / "nope.pdf")).returncode == 1
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    result = pdfprose(str(empty))
    assert result.returncode == 1
    assert result.stderr == (
        f"pdfprose: {empty}: this file is empty (0 bytes): there is nothing to convert\n")


def test_document_without_any_text_layer_says_so_and_writes_no_text(tmp_path: Path) -> None:
    pdf = tmp_path / "scan.pdf"
    canvas_pdf(pdf, lambda c, i: c.rect(50, 50, 400, 600, fill=1), pages=2)
    out, report = tmp_path / "scan.txt", tmp_path / "r.json"
    result = pdfprose(str(pdf), "-o", str(out), "--report", str(report))
    assert result.returncode == 1
    assert "use OCR" in result.stderr
    assert not out.exists()
    assert json.loads(report.read_text())["empty_pages"] == [1, 2]


def test_no_join_lines_and_page_markers(tmp_path: Path) -> None:
    pdf = tmp_path / "two.pdf"

    def draw(canvas, index):  # type: ignore[no-untyped-def]
        canvas.setFont("Helvetica", 11)
        canvas.drawString(72, 700, f"first line of page {index + 1}")
        canvas.drawString(72, 687, "second line")

    canvas_pdf(pdf, draw, pages=2)
    result = pdfprose(str(pdf), "--no-join-lines", "--page-markers", "--format", "md")
    assert result.stdout == (
        "<!-- page 1 -->\n\nfirst line of page 1\nsecond line\n\n"
        "<!-- page 2 -->\n\nfirst line of page 2\nsecond line\n"
    )


def test_the_plain_page_marker_word_can_be_the_readers_language(tmp_path: Path) -> None:
    # The Spanish interface sends "página"; anything but a plain word falls back to "page", so
    # that a marker line stays "[word N]" and the page can find it again.
    from pdfprose import Options, convert

    pdf = tmp_path / "two.pdf"
    canvas_pdf(pdf, lambda canvas, index: canvas.drawString(72, 700, f"text of page {index + 1}"), pages=2)
    conversion = convert(pdf.read_bytes())
    options = Options.from_dict({"page_markers": True, "page_word": "página"})
    assert conversion.render(options) == "[página 1]\n\ntext of page 1\n\n[página 2]\n\ntext of page 2\n"
    assert conversion.render(Options.from_dict({"page_markers": True, "page_word": "página", "format": "md"})
                             ).startswith("<!-- page 1 -->\n\n")
    for bad in ("", " page", "page 1", "x]\n[y", "a" * 21, 7, None):
        assert Options.from_dict({"page_word": bad}).page_word == "page"
    assert Options.from_dict({"page_word": "page no"}).page_word == "page no"


def test_output_naming_the_input_pdf_is_refused_and_the_pdf_kept(tmp_path: Path) -> None:
    # The bug: "pdfprose paper.pdf -o paper.pdf" replaced the PDF by its own text, silently.
    pdf = tmp_path / "paper.pdf"
    columns_pdf(pdf, 1, title="Quiet Orchards")
    before = pdf.read_bytes()
    for option in ("-o", "--report"):
        result = pdfprose(str(pdf), option, str(tmp_path / "." / "paper.pdf"))
        assert result.returncode == 2
        assert "is the input PDF itself" in result.stderr
        assert pdf.read_bytes() == before
    link = tmp_path / "link.pdf"
    link.symlink_to(pdf)
    assert pdfprose(str(link), "-o", str(pdf)).returncode == 2
    assert pdf.read_bytes() == before


def test_unwritable_output_names_the_path_and_version_prints(tmp_path: Path) -> None:
    pdf = tmp_path / "paper.pdf"
    columns_pdf(pdf, 1, title="Quiet Orchards")
    target = tmp_path / "missing" / "out.txt"
    result = pdfprose(str(pdf), "-o", str(target))
    assert result.returncode == 1
    assert result.stderr.strip() == (f"pdfprose: {pdf}: cannot write the text to {target}: "
                                     "No such file or directory")
    version = pdfprose("--version")
    assert version.returncode == 0 and version.stdout.strip() == "pdfprose 0.1.0"


def test_text_and_report_naming_one_new_file_are_refused(tmp_path: Path) -> None:
    # "-o x --report x" exited 0, the report silently written over the text (x did not exist).
    pdf = tmp_path / "paper.pdf"
    columns_pdf(pdf, 1, title="Quiet Orchards")
    result = pdfprose(str(pdf), "-o", str(tmp_path / "x"), "--report", str(tmp_path / "." / "x"))
    assert result.returncode == 2
    assert "-o and --report name the same file" in result.stderr
    assert not (tmp_path / "x").exists()


def test_a_dash_reads_the_pdf_from_standard_input(tmp_path: Path) -> None:
    # "pdfprose -" said "cannot read -: No such file or directory".
    pdf = tmp_path / "paper.pdf"
    columns_pdf(pdf, 1, title="Quiet Orchards")
    piped = subprocess.run([sys.executable, "-m", "pdfprose", "-"], input=pdf.read_bytes(),
                           capture_output=True)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout.decode("utf-8") == pdfprose(str(pdf)).stdout
    empty = subprocess.run([sys.executable, "-m", "pdfprose", "-"], input=b"", capture_output=True)
    assert empty.returncode == 1
    assert empty.stderr.decode("utf-8").startswith("pdfprose: standard input: ")


def test_a_dash_as_output_or_report_writes_to_standard_output(tmp_path: Path) -> None:
    # "pdfprose paper.pdf -o - | head" printed nothing and left a file named "-".
    pdf = tmp_path / "paper.pdf"
    columns_pdf(pdf, 1, title="Quiet Orchards")
    plain = pdfprose(str(pdf))
    dash = subprocess.run([sys.executable, "-m", "pdfprose", str(pdf), "-o", "-"],
                          capture_output=True, text=True, encoding="utf-8", cwd=tmp_path)
    assert dash.returncode == 0, dash.stderr
    assert dash.stdout == plain.stdout and dash.stdout.startswith("Quiet Orchards\n")
    text = tmp_path / "paper.txt"
    report = subprocess.run([sys.executable, "-m", "pdfprose", str(pdf), "-o", str(text),
                             "--report", "-"], capture_output=True, text=True, encoding="utf-8",
                            cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    assert json.loads(report.stdout)["pages"][0]["number"] == 1
    assert text.read_text(encoding="utf-8") == plain.stdout
    # Both on standard output would mix JSON into the text: refused before anything is read.
    both = subprocess.run([sys.executable, "-m", "pdfprose", str(pdf), "--report", "-"],
                          capture_output=True, text=True, encoding="utf-8", cwd=tmp_path)
    assert both.returncode == 2 and both.stdout == ""
    assert "--report - writes the report to standard output: give the text a file with -o" \
        in both.stderr
    assert not (tmp_path / "-").exists()


def test_the_format_follows_the_output_name_unless_given(tmp_path: Path) -> None:
    # 'pdfprose a.pdf -o a.md' wrote plain text into a.md: a fresh user took the page's
    # Markdown and the command line's text for two different conversions.
    pdf = tmp_path / "paper.pdf"
    columns_pdf(pdf, 2, title="Quiet Orchards")
    for name, given, heading in (("a.md", (), "# Quiet Orchards\n"),
                                 ("b.MARKDOWN", (), "# Quiet Orchards\n"),
                                 ("c.txt", (), "Quiet Orchards\n"),
                                 ("d.md", ("--format", "txt"), "Quiet Orchards\n")):
        result = pdfprose(str(pdf), "-o", str(tmp_path / name), *given)
        assert result.returncode == 0, result.stderr
        assert (tmp_path / name).read_text(encoding="utf-8").startswith(heading), name


def test_a_report_without_a_name_is_written_beside_the_text(tmp_path: Path) -> None:
    # One file with '-o x.txt --report' made a batch folder named x.txt; with no -o at all the
    # message asked for a batch's OUTDIR.
    pdf = tmp_path / "paper.pdf"
    columns_pdf(pdf, 1, title="Quiet Orchards")
    result = pdfprose(str(pdf), "-o", str(tmp_path / "x.txt"), "--report")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "x.txt").is_file()
    assert json.loads((tmp_path / "x.report.json").read_text())["pages"][0]["number"] == 1
    alone = pdfprose(str(pdf), "--report")
    assert alone.returncode == 2
    assert "--report needs a file name (or - for standard output), or -o" in alone.stderr
    assert "OUTDIR" not in alone.stderr
    # With -o - the message asked for the -o that was given: it says what is wrong instead.
    both = pdfprose(str(pdf), "--report", "-o", "-")
    assert both.returncode == 2 and both.stdout == ""
    assert "the report and the text cannot both go to standard output" in both.stderr
    assert "needs a file name" not in both.stderr


def test_a_batch_refuses_an_output_named_like_a_text_file(tmp_path: Path) -> None:
    # A new user's 'pdfprose FOLDER -o x.txt' made a folder named x.txt without a word.
    folder = tmp_path / "in"
    folder.mkdir()
    columns_pdf(folder / "a.pdf", 1, title="Quiet Orchards")
    for name in ("x.txt", "notes.MD"):
        refused = pdfprose(str(folder), "-o", str(tmp_path / name))
        assert refused.returncode == 2
        stem = name.rsplit(".", 1)[0]
        assert f"give one, such as -o {tmp_path / stem}/" in refused.stderr
        assert not (tmp_path / name).exists()
    # A folder of that name said as one (a trailing /) is taken.
    taken = pdfprose(str(folder), "-o", f"{tmp_path / 'x.txt'}/")
    assert taken.returncode == 0, taken.stderr
    assert (tmp_path / "x.txt" / "a.txt").is_file()
