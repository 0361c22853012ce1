"""The command line on hostile input and hostile surroundings (issue 25's command-line items):
closed streams, devices that never end, a full disk, Ctrl-C and SIGTERM, a file named ``-``,
a file that stalls, and no internal exception's text in any message.

Each runs the command as a user does (``python -m pdfprose``); the stalling PDF comes from the
test-only hook of tests/batch_hooks.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from batchkit import bomb_pdf, hooked_env, pdfprose, tiny_pdf

from pdfprose.batch.settings import DEFAULT_MAX_INPUT_MB

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX streams and signals")


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and "Error:" not in stderr
    return lines[0]


@posix_only
def test_a_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    # "pdfprose - <&-" printed AttributeError: 'NoneType' object has no attribute 'buffer'.
    done = subprocess.run(["sh", "-c", 'exec "$0" -m pdfprose - <&-', sys.executable],
                          capture_output=True, text=True)
    assert done.returncode == 1 and done.stdout == ""
    assert one_line(done.stderr) == "pdfprose: standard input: cannot read it: standard input is closed"
    listing = subprocess.run(["sh", "-c", 'exec "$0" -m pdfprose - -o out/ <&-', sys.executable],
                             capture_output=True, text=True, cwd=tmp_path)
    assert listing.returncode == 2 and "standard input is closed" in listing.stderr
    assert "Traceback" not in listing.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_and_endless_standard_input_stop_at_the_size_limit() -> None:
    # "pdfprose /dev/zero" read until memory ran out, then was called "zero": every message names
    # the path as the user typed it.
    done = pdfprose("/dev/zero", "--max-size", "20", timeout=60)
    assert done.returncode == 1
    assert one_line(done.stderr) == "pdfprose: /dev/zero: it is larger than the limit of 20 MB (--max-size)"
    with open("/dev/zero", "rb") as zero:
        piped = subprocess.run([sys.executable, "-m", "pdfprose", "-", "--max-size", "20"],
                               stdin=zero, capture_output=True, text=True, timeout=60)
    assert piped.returncode == 1
    assert one_line(piped.stderr) == \
        "pdfprose: standard input: it is larger than the limit of 20 MB (--max-size)"
    # Without --max-size the default limit holds, and the help says which.
    assert 0 < DEFAULT_MAX_INPUT_MB <= 1024
    assert f"(default {DEFAULT_MAX_INPUT_MB}; 0: none)" in " ".join(pdfprose("--help").stdout.split())


def test_every_message_names_the_input_as_typed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A new user's "pdfprose /dev/zero" was answered about "zero": the file's own name, which
    # neither says where it is nor matches what was typed.
    from pdfprose import cli

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.pdf").write_text("just some notes, not a PDF")
    monkeypatch.chdir(tmp_path)
    typed = "./docs//notes.pdf"
    assert cli.main([typed]) == 1
    assert one_line(capsys.readouterr().err) == \
        f"pdfprose: {typed}: this file is not a PDF (it has no %PDF- header)"
    (tmp_path / "docs" / "paper.pdf").write_bytes(tiny_pdf("some words"))
    with pytest.raises(SystemExit) as refused:
        cli.main(["docs/paper.pdf", "-o", "./docs//paper.pdf"])
    assert refused.value.code == 2
    assert "-o ./docs//paper.pdf is the input PDF itself" in capsys.readouterr().err


def test_a_batch_into_an_existing_file_is_refused_with_a_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A new user's "pdfprose infolder -o cli/tm.md" (a file left by an earlier run) ended in two
    # chained tracebacks (FileExistsError from the manifest's folder): a usage error instead,
    # with nothing written.
    from pdfprose import cli

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.pdf").write_bytes(tiny_pdf("some words"))
    (tmp_path / "tm.md").write_text("an earlier text")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as refused:
        cli.main(["in", "-o", "tm.md"])
    assert refused.value.code == 2
    assert "-o tm.md is a file: a batch writes its texts into a folder" in \
        capsys.readouterr().err
    assert (tmp_path / "tm.md").read_text() == "an earlier text"


def test_standard_input_is_bounded_and_the_message_says_the_limit() -> None:
    big = tiny_pdf("start") + b"%" + b"x" * 2_100_000 + b"\n"
    done = pdfprose("-", "--max-size", "2", input=big)
    assert done.returncode == 1
    assert one_line(done.stderr) == \
        "pdfprose: standard input: it is larger than the limit of 2 MB (--max-size)"
    assert pdfprose("-", "--max-size", "3", input=big).returncode == 0


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_disk_on_standard_output_names_standard_output(tmp_path: Path) -> None:
    # The message was "cannot write the text to None".
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(tiny_pdf("some words"))
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "pdfprose", str(pdf)], stdout=full,
                              stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    assert one_line(done.stderr) == (f"pdfprose: {pdf}: cannot write the text to standard "
                                     "output: No space left on device")


@posix_only
def test_a_closed_or_broken_standard_output(tmp_path: Path) -> None:
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(tiny_pdf("some words"))
    closed = subprocess.run(["sh", "-c", 'exec "$0" -m pdfprose "$1" >&-', sys.executable, str(pdf)],
                            capture_output=True, text=True)
    assert closed.returncode == 1
    assert one_line(closed.stderr) == \
        f"pdfprose: {pdf}: cannot write the text: standard output is closed"
    # A reader that went away (| head) is no error to report: quiet, as cat is.
    process = subprocess.Popen([sys.executable, "-m", "pdfprose", str(pdf)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1 and err == b""


def test_dot_slash_dash_names_a_file_and_only_a_bare_dash_is_standard_input(tmp_path: Path) -> None:
    # "./-" was taken as standard input: the documented escape did not work.
    (tmp_path / "-").write_bytes(tiny_pdf("the file named dash"))
    done = pdfprose("./-", cwd=tmp_path, input=b"")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "the file named dash\n"
    to_file = pdfprose("./-", "-o", "./-.txt", cwd=tmp_path, input=b"")
    assert to_file.returncode == 0 and (tmp_path / "-.txt").read_text() == "the file named dash\n"
    bare = pdfprose("-", cwd=tmp_path, input=tiny_pdf("from standard input"))
    assert bare.stdout == "from standard input\n"


@posix_only
@pytest.mark.parametrize(("sign", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_and_sigterm_stop_without_a_traceback(
        tmp_path: Path, sign: signal.Signals, status: int) -> None:
    pdf = tmp_path / "stall.pdf"
    pdf.write_bytes(tiny_pdf("never read", mark=b"%STALL"))
    flag = tmp_path / "stalling.pid"
    process = subprocess.Popen([sys.executable, "-m", "pdfprose", str(pdf)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=hooked_env(PDFPROSE_TEST_FLAG=str(flag)))
    deadline = time.monotonic() + 120
    while not flag.exists() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert flag.exists(), process.communicate()
    process.send_signal(sign)
    out, err = process.communicate(timeout=60)
    assert process.returncode == status
    assert out == b"" and one_line(err.decode()) == "pdfprose: interrupted"


def test_a_file_past_the_time_limit_fails_with_one_line(tmp_path: Path) -> None:
    pdf = tmp_path / "stall.pdf"
    pdf.write_bytes(tiny_pdf("never read", mark=b"%STALL"))
    start = time.monotonic()
    done = pdfprose(str(pdf), "--timeout", "1.5", hooks=True)
    assert done.returncode == 1 and time.monotonic() - start < 60
    assert one_line(done.stderr) == (f"pdfprose: {pdf}: the file took longer than 1.5 s "
                                     "(--timeout); it may be damaged or built to stall readers")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
def test_a_file_past_the_memory_limit_fails_with_one_line(tmp_path: Path) -> None:
    pdf = tmp_path / "bomb.pdf"
    pdf.write_bytes(bomb_pdf(250))
    done = pdfprose(str(pdf), "--memory-limit", "150")
    assert done.returncode == 1
    assert one_line(done.stderr) == \
        f"pdfprose: {pdf}: the file needs more memory than the limit of 150 MB (--memory-limit)"
