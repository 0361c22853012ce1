"""Many PDFs at once (issue 26): ``pdfprose IN... -o OUTDIR`` and :mod:`pdfprose.batch`.

End to end through the command line, as a user runs it, on small corpus files and tiny
generated ones; the stalling and crashing PDFs come from the test-only hooks of
tests/batch_hooks (nothing of them is in pdfprose). The planning, the manifest and the outcome
of one file are tested on hand-built data.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from batchkit import bomb_pdf, hooked_env, manifest, pdfprose, texts, tiny_pdf
from pdfgen import canvas_pdf, deep_forms_pdf

from pdfprose import Options
from pdfprose.batch import FileResult, Settings, convert_bytes, plan_batch, run
from pdfprose.batch.manifest import Manifest
from pdfprose.batch.order import largest_first
from pdfprose.batch.progress import Progress
from pdfprose.batch.sources import BadInput, Found, fold, hidden_below, name_order, plan, read_list
from pdfprose.batch.storage import InputTooLarge, read_stream

Corpus = Callable[[str], Path]


def corpus_batch(root: Path, corpus_file: Corpus) -> Path:
    """A folder of corpus files and generated ones, good and bad, in two levels."""
    folder = root / "in"
    (folder / "docs").mkdir(parents=True)
    (folder / "hello.pdf").write_bytes(tiny_pdf("Hello from a tiny file", "with two lines"))
    (folder / "docs" / "zen.pdf").write_bytes(
        corpus_file("real/zen_of_python_corrupted_stream.pdf").read_bytes())
    (folder / "docs" / "blog.pdf").write_bytes(
        corpus_file("real/links_libreoffice_blog.pdf").read_bytes())
    whole = corpus_file("real/bitcoin_whitepaper_spaces.pdf").read_bytes()
    (folder / "docs" / "cut.pdf").write_bytes(whole[: len(whole) // 2])
    (folder / "locked.pdf").write_bytes(corpus_file("real/aes128_user_password.pdf").read_bytes())
    (folder / "notes.pdf").write_text("shopping list: not a PDF at all\n")
    (folder / "stall.pdf").write_bytes(tiny_pdf("never read", mark=b"%STALL"))
    (folder / "crash.pdf").write_bytes(tiny_pdf("never read", mark=b"%CRASH"))
    (folder / "docs" / "readme.txt").write_text("not a .pdf: a folder's search skips it\n")
    return folder


def test_a_batch_goes_on_past_damaged_foreign_stalling_and_crashing_files(
        tmp_path: Path, corpus_file: Corpus) -> None:
    folder = corpus_batch(tmp_path, corpus_file)
    result = pdfprose("in", "-o", "out", "--jobs", "2", "--timeout", "5", "--report",
                      hooks=True, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("pdfprose: 3 of 8 files converted, 5 failed; ")
    assert lines[-1].endswith("manifest: out/manifest.jsonl")
    failures = sorted(lines[:-1])
    assert [line.split(": ")[1:3] for line in failures] == [
        ["in/crash.pdf", "crashed"], ["in/docs/cut.pdf", "truncated"],
        ["in/locked.pdf", "password_required"], ["in/notes.pdf", "not_pdf"],
        ["in/stall.pdf", "timeout"]]

    out = tmp_path / "out"
    lines_by_output = manifest(out)
    assert list(lines_by_output) == [  # the inputs' order: a folder's files sorted, depth first
        "crash.txt", "hello.txt", "locked.txt", "notes.txt", "stall.txt",
        "docs/blog.txt", "docs/cut.txt", "docs/zen.txt"]
    stall = lines_by_output["stall.txt"]
    assert stall["status"] == "failed" and stall["code"] == "timeout" and stall["seconds"] >= 5
    assert stall["message"].startswith("the file took longer than 5 s (--timeout)")
    assert "SIGSEGV" in lines_by_output["crash.txt"]["message"]
    hello = lines_by_output["hello.txt"]
    assert hello["status"] == "converted" and hello["pages"] == 1 and hello["code"] is None
    assert hello["path"] == "in/hello.pdf"
    assert hello["sha256"] == hashlib.sha256((folder / "hello.pdf").read_bytes()).hexdigest()
    zen = lines_by_output["docs/zen.txt"]
    assert zen["status"] == "converted" and zen["partial"] is True  # damaged, recovered
    assert set(lines_by_output["notes.txt"]) == set(hello)  # every line has every field

    # The texts and reports are what the command gives for each file alone.
    written = texts(out)
    assert sorted(written) == ["docs/blog.report.json", "docs/blog.txt", "docs/zen.report.json",
                               "docs/zen.txt", "hello.report.json", "hello.txt"]
    for name in ("hello", "docs/zen", "docs/blog"):
        alone = pdfprose(f"in/{name}.pdf", "--report", "-", "-o", "alone.txt", cwd=tmp_path)
        assert written[f"{name}.txt"] == (tmp_path / "alone.txt").read_text(encoding="utf-8")
        assert json.loads(written[f"{name}.report.json"]) == json.loads(alone.stdout)
    assert written["hello.txt"] == "Hello from a tiny file with two lines\n"


def test_resume_skips_converted_files_and_redoes_changed_missing_and_failed_ones(
        tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("kept", "changed", "lost"):
        (folder / f"{name}.pdf").write_bytes(tiny_pdf(f"the {name} file"))
    (folder / "bad.pdf").write_bytes(b"not a pdf")
    canvas_pdf(folder / "scan.pdf", lambda c, i: c.rect(50, 50, 400, 600, fill=1), pages=2)
    first = pdfprose("in", "-o", "out", "--jobs", "2", cwd=tmp_path)
    assert first.returncode == 1
    out = tmp_path / "out"
    before = manifest(out)
    # A scan is converted with no text layer, as the page counts it (it was a failure here and a
    # conversion there): no text written, said in the summary and on its own line.
    assert "pdfprose: 4 of 5 files converted (1 with no text layer, no text written: a scan? " \
        "use OCR), 1 failed;" in first.stderr
    assert "in/scan.pdf: no_text: no page has a text layer (a scan?): use OCR" in first.stderr
    scan = before["scan.txt"]
    assert (scan["status"], scan["code"], scan["output"]) == ("converted", "no_text", None)
    assert scan["empty_pages"] == [1, 2] and not (out / "scan.txt").exists()
    # A failed file's line keeps its key, and names no text that was never written.
    assert (before["bad.txt"]["status"], before["bad.txt"]["output"]) == ("failed", None)
    assert before["kept.txt"]["output"] == "kept.txt"
    kept_time = (out / "kept.txt").stat().st_mtime_ns
    (folder / "changed.pdf").write_bytes(tiny_pdf("the changed file, changed"))
    (out / "lost.txt").unlink()
    time.sleep(0.05)

    again = pdfprose("in", "-o", "out", "--jobs", "2", "--resume", cwd=tmp_path)
    assert again.returncode == 1  # bad.pdf is tried again, and fails again
    assert "pdfprose: 4 of 5 files converted (2 already done; 1 with no text layer, no text " \
        "written: a scan? use OCR), 1 failed;" in again.stderr
    after = manifest(out)
    assert after["kept.txt"] == before["kept.txt"]  # its line as it was: seconds and all
    assert after["scan.txt"] == before["scan.txt"]  # done: it has no text to look for
    assert (out / "kept.txt").stat().st_mtime_ns == kept_time
    assert after["changed.txt"]["sha256"] != before["changed.txt"]["sha256"]
    assert (out / "changed.txt").read_text() == "the changed file, changed\n"
    assert (out / "lost.txt").read_text() == "the lost file\n"
    assert after["bad.txt"]["code"] == "not_pdf"

    # Without resume every file is done again (the library's run, as the command's).
    plain = run([str(folder)], str(out), Settings(timeout=60), workers=2)
    assert (plain.converted, plain.no_text, plain.skipped) == (4, 1, 0)


def test_two_inputs_with_the_same_name_get_two_texts(tmp_path: Path) -> None:
    for folder, name, words in (("a", "report.pdf", "report of a"), ("b", "report.pdf", "report of b"),
                                ("c", "x.pdf", "lower case"), ("c", "x.PDF", "upper case")):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / name).write_bytes(tiny_pdf(words))
    result = pdfprose("a/report.pdf", "b/report.pdf", "c", "-o", "out", "--jobs", "2",
                      cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert texts(tmp_path / "out") == {
        "a/report.txt": "report of a\n", "b/report.txt": "report of b\n",
        "c/x.txt": "lower case\n", "c/x-2.txt": "upper case\n"}  # name_order: x.pdf first
    # The same file named twice is converted once.
    twice = pdfprose("a/report.pdf", "./a/report.pdf", "-o", "once", cwd=tmp_path)
    assert twice.returncode == 0 and list(manifest(tmp_path / "once")) == ["report.txt"]


def test_a_list_of_paths_on_standard_input(tmp_path: Path) -> None:
    (tmp_path / "p" / "q").mkdir(parents=True)
    (tmp_path / "p" / "one.pdf").write_bytes(tiny_pdf("one"))
    (tmp_path / "p" / "q" / "two.pdf").write_bytes(tiny_pdf("two"))
    result = pdfprose("-", "-o", "out/", input=b"p/one.pdf\n\np/q/two.pdf\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert texts(tmp_path / "out") == {"one.txt": "one\n", "q/two.txt": "two\n"}
    # NUL-separated, as find -print0 writes it (the library reads the same list).
    listing = io.BytesIO(f"{tmp_path}/p/one.pdf\0{tmp_path}/p/q/two.pdf\0".encode())
    run(["-"], str(tmp_path / "nul"), Settings(timeout=60), workers=1, stdin=listing)
    assert texts(tmp_path / "nul") == {"one.txt": "one\n", "q/two.txt": "two\n"}
    # A PDF piped in with -o a folder is told apart from a list.
    pdf = pdfprose("-", "-o", "out/", input=tiny_pdf("one"), cwd=tmp_path)
    assert pdf.returncode == 2 and "holds a PDF, not a list of paths" in pdf.stderr


def test_the_layout_keeps_the_folders_below_the_one_all_inputs_share() -> None:
    def found(path: str, base: str, system: str = "") -> Found:
        return Found(path, system, path, base)

    jobs = plan([found("/d/2024/a.pdf", "/d"), found("/d/2024/x/b.PDF", "/d"),
                 found("/d/c.pdf", "/d"), found("/d/c.ps", "/d"),
                 found("bkt/in/c.pdf", "bkt/in", "s3"), found("bkt/in/z/d.pdf", "bkt/in", "s3")],
                ".md", taken=["2024/a.md"])
    assert [job.output for job in jobs] == [
        "2024/a-2.md",  # 2024/a.md is taken by an input that lives in OUTDIR
        "2024/x/b.md", "c.md", "c.ps.md",
        "c-2.md",  # the bucket is laid out below its own shared folder, and met /d/c's name
        "z/d.md"]
    two = plan([found("/d/2024/a.pdf", "/d"), found("/e/a.pdf", "/e")], ".txt")
    assert [job.output for job in two] == ["d/2024/a.txt", "e/a.txt"]
    assert [job.index for job in jobs] == list(range(6))
    assert jobs[0].report == "2024/a-2.report.json"
    assert [j.output for j in plan([found("/only/one.pdf", "/only")], ".txt")] == ["one.txt"]
    assert read_list(b"a.pdf\r\n\n b c.pdf\n") == ["a.pdf", " b c.pdf"]
    with pytest.raises(BadInput):
        read_list(b"x" * 70000)


def test_the_manifest_keeps_one_line_per_file_across_runs(tmp_path: Path) -> None:
    earlier = [FileResult("a.pdf", "a.txt", "a.txt", "converted", sha256="1"),
               FileResult("b.pdf", "b.txt", None, "failed", code="timeout"),
               FileResult("b.pdf", "b.txt", "b.txt", "converted", sha256="2")]  # resumed after a crash
    # A line of a manifest written before keys (its output is the key) is read as one.
    old = {"path": "o.pdf", "output": "o.txt", "status": "converted", "sha256": "0"}
    (tmp_path / "manifest.jsonl").write_text(
        "".join(json.dumps(r.record()) + "\n" for r in earlier) + json.dumps(old) + "\n"
        + '{"path": "c.pdf", "outp')
    book = Manifest(str(tmp_path))
    assert book.previous("b.txt")["sha256"] == "2" and book.previous("c.txt") is None
    assert book.previous("o.txt")["sha256"] == "0"
    assert FileResult.from_record(old).key == "o.txt"
    book.expect(["c.txt", "b.txt"])
    book.add(FileResult("b.pdf", "b.txt", "b.txt", "converted", sha256="3", peak_rss_kb=9))
    book.add(FileResult("c.pdf", "c.txt", None, "failed", code="not_pdf"))
    book.close()
    lines = [json.loads(line) for line in (tmp_path / "manifest.jsonl").read_text().splitlines()]
    assert [(line.get("key", line["output"]), line["output"], line["sha256"]) for line in lines] == [
        ("a.txt", "a.txt", "1"), ("o.txt", "o.txt", "0"), ("c.txt", None, None),
        ("b.txt", "b.txt", "3")]  # other runs' files, then this run's
    assert "peak_rss_kb" not in lines[3] and FileResult.from_record(lines[3]).sha256 == "3"


def test_outcomes_and_settings_on_their_own(tmp_path: Path) -> None:
    assert convert_bytes(b"").code == "empty_file"  # the page's report.json code too
    scan = tmp_path / "scan.pdf"
    canvas_pdf(scan, lambda c, i: c.rect(50, 50, 400, 600, fill=1), pages=2)
    empty = convert_bytes(scan.read_bytes())
    assert empty.code == "no_text" and empty.report is not None and empty.empty_pages == [1, 2]
    assert empty.converted and empty.text is None  # read whole; no text to write
    good = convert_bytes(tiny_pdf("Words"), Options(format="md", page_markers=True))
    assert good.converted and good.text == "<!-- page 1 -->\n\nWords\n" and good.pages == 1
    with pytest.raises(InputTooLarge) as big:
        read_stream(io.BytesIO(b"x" * 3_000_001), 3_000_000)
    assert big.value.words("standard input") == \
        "standard input is larger than the limit of 3 MB (--max-size)"
    with pytest.raises(ValueError):
        Settings(timeout=0)
    assert Settings(options=Options(format="md")).extension == ".md"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
def test_a_file_past_the_memory_limit_fails_with_code_memory(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "bomb.pdf").write_bytes(bomb_pdf(250))
    (tmp_path / "in" / "fine.pdf").write_bytes(tiny_pdf("fine"))
    result = pdfprose("in", "-o", "out", "--jobs", "1", "--memory-limit", "150", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = manifest(tmp_path / "out")
    assert lines["bomb.txt"]["code"] == "memory"
    assert lines["bomb.txt"]["message"] == \
        "the file needs more memory than the limit of 150 MB (--memory-limit)"
    assert lines["fine.txt"]["status"] == "converted"  # the worker was replaced, the batch went on


@pytest.mark.skipif(os.name != "posix", reason="signals of POSIX")
def test_sigterm_stops_the_batch_its_children_and_keeps_the_manifest(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.pdf").write_bytes(tiny_pdf("done before the signal"))
    (tmp_path / "in" / "b.pdf").write_bytes(tiny_pdf("stalls", mark=b"%STALL"))
    flag = tmp_path / "stalling.pid"
    process = subprocess.Popen(
        [sys.executable, "-m", "pdfprose", "in", "-o", "out", "--jobs", "1"], cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=hooked_env(PDFPROSE_TEST_FLAG=str(flag)))
    deadline = time.monotonic() + 120
    while not flag.exists() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    child = int(flag.read_text())
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM
    assert "Traceback" not in err.decode()
    assert err.decode().strip().splitlines()[-1] == (
        "pdfprose: interrupted after 1 of 2 files (0 failed); the manifest keeps them, "
        "--resume goes on from there")
    assert list(manifest(tmp_path / "out")) == ["a.txt"]
    for _ in range(100):  # the stalled child is gone with its batch
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"the stalled worker {child} outlived its batch")


def test_fsspec_urls_in_and_out(tmp_path: Path) -> None:
    fsspec = pytest.importorskip("fsspec")
    memory = fsspec.filesystem("memory")
    memory.pipe_file("/pdfs/2024/a.pdf", tiny_pdf("from memory"))
    memory.pipe_file("/pdfs/2024/deep/b.pdf", tiny_pdf("deeper"))
    memory.pipe_file("/pdfs/notes.txt", b"skipped by the search")
    summary = run(["memory://pdfs"], "memory://texts", Settings(timeout=60), workers=2)
    assert (summary.files, summary.converted, summary.pages) == (2, 2, 2)
    assert memory.cat_file("/texts/2024/a.txt") == b"from memory\n"
    assert memory.cat_file("/texts/2024/deep/b.txt") == b"deeper\n"
    lines = [json.loads(line) for line in memory.cat_file("/texts/manifest.jsonl").splitlines()]
    assert [line["path"] for line in lines] == ["memory:///pdfs/2024/a.pdf",
                                                "memory:///pdfs/2024/deep/b.pdf"]
    # A glob, and file:// URLs through the command line.
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "c.pdf").write_bytes(tiny_pdf("from a file URL"))
    result = pdfprose(f"file://{tmp_path}/in/*.pdf", "-o", f"file://{tmp_path}/out")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "c.txt").read_text() == "from a file URL\n"
    one = pdfprose(f"file://{tmp_path}/in/c.pdf", "-o", f"file://{tmp_path}/one.txt")
    assert one.returncode == 0 and (tmp_path / "one.txt").read_text() == "from a file URL\n"


def test_a_dask_cluster_of_two_workers_gives_what_two_local_jobs_give(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    for n in range(4):
        (folder / ("sub" if n % 2 else "") / f"f{n}.pdf").write_bytes(tiny_pdf(f"file {n}", "line"))
    (folder / "bad.pdf").write_bytes(b"%PDF-1.4\n nothing else")
    (folder / "stall.pdf").write_bytes(tiny_pdf("x", mark=b"%STALL"))
    local = pdfprose("in", "-o", "local", "--jobs", "2", "--report", "--timeout", "3",
                     hooks=True, cwd=tmp_path)
    assert local.returncode == 1
    env = hooked_env()
    os.environ["PYTHONPATH"], saved = env["PYTHONPATH"], os.environ.get("PYTHONPATH")
    try:  # the workers' sandboxes inherit this process's environment (the stalling hook)
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                      protocol="tcp", dashboard_address=None) as cluster:
            on_dask = pdfprose("in", "-o", "dask", "--dask", cluster.scheduler_address,
                               "--report", "--timeout", "3", hooks=True, cwd=tmp_path)
            with distributed.Client(cluster) as client:
                summary = run([str(folder)], str(tmp_path / "library"),
                              Settings(timeout=3, reports=True), client=client)
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved
    assert on_dask.returncode == 1 and "Traceback" not in on_dask.stderr, on_dask.stderr
    assert (summary.files, summary.converted, summary.failed) == (6, 4, 2)

    def without_seconds(outdir: Path) -> list[dict]:
        lines = [json.loads(line) for line in (outdir / "manifest.jsonl").read_text().splitlines()]
        return [{k: v for k, v in line.items() if k not in ("seconds", "path")} | {
            "path": Path(line["path"]).name} for line in lines]

    assert texts(tmp_path / "dask") == texts(tmp_path / "local") == texts(tmp_path / "library")
    assert len(texts(tmp_path / "local")) == 8  # four texts, four reports
    assert without_seconds(tmp_path / "dask") == without_seconds(tmp_path / "local") \
        == without_seconds(tmp_path / "library")
    codes = {line["key"]: line["code"] for line in without_seconds(tmp_path / "dask")}
    assert codes["stall.txt"] == "timeout" and codes["bad.txt"] == "unreadable"


def test_progress_draws_a_bar_or_a_plain_line_and_keeps_failures_readable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    bar = Progress(3, stream=stream, enabled=True)
    bar.update(5, failed=False)
    bar.say("pdfprose: b.pdf: not_pdf: this file is not a PDF")
    bar.update(None, failed=True)
    bar.update(2, failed=False)
    bar.close()
    shown = stream.getvalue()
    assert "pdfprose: b.pdf: not_pdf: this file is not a PDF\n" in shown
    assert "3/3" in shown and "7 pages, 1 failed" in shown
    quiet = io.StringIO()  # not a terminal: no progress at all, only the lines said
    plain = Progress(2, stream=quiet)
    plain.update(1, failed=False)
    plain.say("a line")
    plain.close()
    assert quiet.getvalue() == "a line\n"
    monkeypatch.setitem(sys.modules, "tqdm", None)  # tqdm not installed: a plain counter
    counter = io.StringIO()
    line = Progress(2, stream=counter, enabled=True)
    line.update(4, failed=False)
    line.say("pdfprose: x.pdf: timeout: too long")
    line.update(1, failed=True)
    line.close()
    assert counter.getvalue() == ("\r1/2 files, 4 pages, 0 failed \r\x1b[K"
                                  "pdfprose: x.pdf: timeout: too long\n"
                                  "\r2/2 files, 5 pages, 1 failed \n")


def test_files_are_handed_out_largest_first_and_named_in_input_order(tmp_path: Path) -> None:
    """A long file handed out last leaves the other workers idle (the corpus's real files in
    their input order allowed two workers 1.89x one; largest first, 2.00x)."""
    for name, size in (("a.pdf", 10), ("b.pdf", 3000), ("c.pdf", 200), ("d.pdf", 3000)):
        (tmp_path / name).write_bytes(b"%" * size)
    jobs = plan_batch([str(tmp_path / "a.pdf"), str(tmp_path), str(tmp_path / "missing.pdf")],
                      str(tmp_path / "out"))
    # Equal sizes keep their input order; a file that cannot be seen comes last.
    assert [(job.output, job.index) for job in jobs] == [
        ("b.txt", 1), ("d.txt", 3), ("c.txt", 2), ("a.txt", 0), ("missing.txt", 4)]
    assert largest_first(jobs[:2], [None, 5]) == [jobs[1], jobs[0]]
    with pytest.raises(ValueError):
        largest_first(jobs, [1])


def test_a_worker_child_imports_only_what_it_needs_of_the_batch() -> None:
    # Every worker child imported the whole batch package (runner, sandbox, sources, manifest,
    # storage, local) through pdfprose.batch's own imports, though it only converts.
    script = ("import sys, pdfprose.batch.child; "
              "print(' '.join(sorted(m for m in sys.modules if m.startswith('pdfprose.batch.'))))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["pdfprose.batch.child", "pdfprose.batch.frames",
                                   "pdfprose.batch.limits", "pdfprose.batch.outcome",
                                   "pdfprose.batch.settings"]
    # The package's names are still there for everyone else, on first use.
    import pdfprose.batch as batch

    assert batch.run.__module__ == "pdfprose.batch.runner"
    assert set(batch.__all__) <= set(dir(batch))
    with pytest.raises(AttributeError):
        batch.no_such_name  # noqa: B018


def test_the_summary_counts_one_file_and_one_page_in_the_singular(tmp_path: Path) -> None:
    # 'pdfprose: 1 of 1 files converted, 0 failed; 1 pages in 0.1 s' (a fresh user's note).
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "one.pdf").write_bytes(tiny_pdf("A single page"))
    result = pdfprose("in", "-o", "out", "--jobs", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith(
        "pdfprose: 1 of 1 file converted, 0 failed; 1 page in ")


def test_a_file_of_which_every_page_failed_is_failed_as_the_page_counts_it(tmp_path: Path) -> None:
    """One rule with the page (app/shell/queue.js, README): a file with no page of text fails
    (code unreadable) when every page failed, and is converted with no text layer (no_text)
    when some pages have none; the page called the first "done"."""
    every = convert_bytes(deep_forms_pdf(2, 0))
    assert (every.code, every.converted, every.failed_pages) == ("unreadable", False, [1, 2])
    assert every.message == ("no page could be read (its content could not be read: it nests "
                             "forms more than 24 deep (a damaged or hostile file))")
    mixed = convert_bytes(deep_forms_pdf(1, 1))
    assert (mixed.code, mixed.converted, mixed.failed_pages, mixed.empty_pages) == \
        ("no_text", True, [1], [2])
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "every.pdf").write_bytes(deep_forms_pdf(2, 0))
    (tmp_path / "in" / "mixed.pdf").write_bytes(deep_forms_pdf(1, 1))
    result = pdfprose("in", "-o", "out", "--jobs", "1", cwd=tmp_path)
    assert result.returncode == 1
    lines = manifest(tmp_path / "out")
    assert (lines["every.txt"]["status"], lines["every.txt"]["code"]) == ("failed", "unreadable")
    assert (lines["mixed.txt"]["status"], lines["mixed.txt"]["code"]) == ("converted", "no_text")


def test_names_differing_in_case_hidden_files_and_an_empty_file_as_the_page_has_them(
        tmp_path: Path) -> None:
    """A new user's folder: ``a.pdf`` and ``A.PDF`` got ``A.txt`` (A.PDF's text) and
    ``a-2.txt`` from the command line, the other way round from the page; ``.hidden/h.pdf`` was
    taken though ``.secret.pdf`` was not; an empty file was ``not_pdf`` here, ``empty_file`` in
    the page's report.json. tests/js/archive.test.js and tests/e2e/test_queue.py hold the
    page to the same."""
    folder = tmp_path / "d"
    (folder / ".hidden").mkdir(parents=True)
    (folder / "a.pdf").write_bytes(tiny_pdf("lower case apples"))
    (folder / "A.PDF").write_bytes(tiny_pdf("UPPER CASE PEARS"))
    if len(os.listdir(folder)) < 3:
        pytest.skip("a case-insensitive file system keeps one of a.pdf and A.PDF")
    (folder / ".secret.pdf").write_bytes(tiny_pdf("a hidden file"))
    (folder / ".hidden" / "h.pdf").write_bytes(tiny_pdf("in a hidden folder"))
    (folder / "empty.pdf").write_bytes(b"")
    result = pdfprose("d", "-o", "out/", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    written = texts(tmp_path / "out")
    assert sorted(written) == ["A-2.txt", "a.txt"]
    assert "lower case apples" in written["a.txt"]
    assert "UPPER CASE PEARS" in written["A-2.txt"]
    lines = manifest(tmp_path / "out")
    assert sorted(line["path"] for line in lines.values()) == ["d/A.PDF", "d/a.pdf", "d/empty.pdf"]
    assert (lines["empty.txt"]["code"], lines["empty.txt"]["message"]) == (
        "empty_file", "this file is empty (0 bytes): there is nothing to convert")


def test_names_are_given_in_one_order_whatever_order_the_files_come_in() -> None:
    def found(path: str) -> Found:
        return Found(path, "", path, "/d")

    listed = ["/d/x.PDF", "/d/X.pdf", "/d/x.pdf", "/d/b.pdf", "/d/B.pdf"]
    for order in (listed, listed[::-1], sorted(listed)):
        named = {job.source: job.output for job in plan([found(p) for p in order], ".txt")}
        assert named == {"/d/x.pdf": "x.txt", "/d/x.PDF": "x-2.txt", "/d/X.pdf": "X-3.txt",
                         "/d/b.pdf": "b.txt", "/d/B.pdf": "B-2.txt"}
    assert sorted(["b", "B", "a", "ab", "Ab"], key=name_order) == ["a", "ab", "Ab", "b", "B"]
    assert fold("Straße.PDF") == fold("STRASSE.pdf")
    assert hidden_below(".cache/a.pdf") and hidden_below("x/.a.pdf")
    assert not hidden_below("x.y/a.pdf")
