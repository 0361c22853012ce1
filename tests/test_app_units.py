"""The page's modules: the engine side on hand-made data, in Node (no browser): the worker protocol's
catalogue, the output options, where pages start, the progress watch and the two-worker split's
state machine (tests/js/*.test.js, Node's own test runner); and what the page's code must not
hold (a module over 500 lines, a test hook, a limit of its own)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_engine_modules_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (./dev needs Node.js 20+)")
    tests = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.js"))
    assert tests, "tests/js has no tests"
    done = subprocess.run([node, "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout


APP = ROOT / "app"
SHIPPED = [*APP.rglob("*.js"), ROOT / "index.html", ROOT / "sw.js"]
MAX_MODULE_LINES = 500  # issue 27


def test_no_module_of_the_page_is_over_500_lines() -> None:
    long = {p.relative_to(ROOT).as_posix(): n for p in APP.rglob("*.js")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_the_shipped_page_has_no_fault_injection() -> None:
    """The browser tests' failures on purpose live in tests/e2e/hooks/, served only to them."""
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        for hook in ("test-crash", "crashForTest", "failPage", "testCrash", "pdfprose:test", "split-hold"):
            assert hook not in text, f"{path.relative_to(ROOT)}: {hook}"


def test_the_limits_are_defined_once_by_the_engine() -> None:
    """The page imports them from static/vendor/limits.mjs (made from pdfprose/options.py)."""
    for path in APP.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert "25 * 1000 * 1000" not in text and "25_000_000" not in text, path
        for name in ("MAX_FILE_BYTES", "MAX_PAGES"):
            assert f"const {name} =" not in text, path


def test_the_page_says_each_read_limit_as_the_engine_does_and_in_spanish() -> None:
    """The page words the engine's ``limit_reached`` and ``repaired`` notices from their codes and
    figures (app/i18n/*.js): its English must be the engine's own sentence (pdfprose.engine.wording),
    and its Spanish a sentence of its own with every figure in it."""
    import json

    from pdfprose.engine.wording import as_dict
    from pdfprose.pdf.limits import LIMIT_SENTENCES, limit_notice
    from pdfprose.notice import Notice

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (./dev needs Node.js 20+)")
    figures = {"limit": "32 MiB", "count": "1,234", "box": "[0 0 nan 792]", "used": "its CropBox"}
    notices = [as_dict(Notice("repaired", count=3))]
    for part, sentence in LIMIT_SENTENCES.items():
        names = {name for name in figures if "{" + name + "}" in sentence}
        for page in (None, 7):
            notices.append(as_dict(limit_notice(part, page, **{n: figures[n] for n in names})))
    script = (
        "import en from './app/i18n/en.js'; import es from './app/i18n/es.js';"
        "const notices = JSON.parse(process.argv[1]);"
        "const say = (m, n) => m['notice_' + n.code]({ ...n, pages: n.pages ?? [] });"
        "console.log(JSON.stringify(notices.map((n) => [say(en, n), say(es, n)])));")
    done = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(notices)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    for notice, (english, spanish) in zip(notices, json.loads(done.stdout)):
        assert english == notice["message"]
        assert spanish != english and "undefined" not in spanish and "its CropBox" not in spanish
        shown = [str(v) for v in notice.get("values", {}).values() if v != "its CropBox"]
        assert all(v in spanish for v in shown), (spanish, shown)
        assert spanish.startswith("Página 7:" if notice.get("pages") else "El archivo:")


def test_the_page_says_why_a_page_s_content_was_damaged_as_the_engine_does_and_in_spanish() -> None:
    """A page stopped by a guard (the operator budget of q_ten_million, cm_ten_million, ...) was
    "the content is damaged" on the page while the library said which limit cut it short: the
    page words each ``content_damaged`` notice from its ``kind`` and, for a stop, its ``part``
    and ``limit`` (app/i18n/*.js): its English is the engine's sentence, its Spanish names the
    limit in Spanish figures."""
    import json

    from pdfprose.engine.wording import as_dict
    from pdfprose.notice import Notice
    from pdfprose.pdf.guards import STOP_SENTENCES, GuardStop

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (./dev needs Node.js 20+)")
    notices = []
    for part in STOP_SENTENCES:
        stop = GuardStop(part, "500,000")
        notices.append(as_dict(Notice("content_damaged", (3,), kind="stopped", reason=stop.words,
                                      part=stop.part, values=(("limit", stop.limit),))))
    notices += [as_dict(Notice("content_damaged", (2,), kind="broken", reason="code syntax")),
                as_dict(Notice("content_damaged", (2,), kind="corrupted")),
                as_dict(Notice("content_damaged", (4,), kind="skipped")),
                as_dict(Notice("content_damaged", (4, 5), kind="skipped"))]
    assert notices[0]["kind"] == "stopped" and notices[0]["part"] == "damaged_operations"
    assert notices[0]["values"] == {"limit": "500,000"} and "500,000" in str(notices[0]["reason"])
    script = (
        "globalThis.navigator = { languages: ['en'] };"
        "globalThis.document = { documentElement: {}, querySelectorAll: () => [] };"
        "const { t, setLanguage } = await import('./app/i18n.js');"
        "const notices = JSON.parse(process.argv[1]);"
        "const say = (lang) => { setLanguage(lang);"
        "  return notices.map((n) => t('notice_' + n.code, { ...n, pages: n.pages ?? [] })); };"
        "console.log(JSON.stringify([say('en'), say('es')]));")
    done = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(notices)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    english, spanish = json.loads(done.stdout)
    # (The page lists several pages its own way: "Pages 4 and 5".)
    assert english[:-1] == [n["message"] for n in notices[:-1]]
    assert english[-1].startswith("Pages 4 and 5 have damaged drawing operations")
    for notice, text in zip(notices, spanish):
        assert text not in english and "undefined" not in text and "damaged" not in text, text
        assert ("500.000" in text) == (notice.get("kind") == "stopped"), text
    assert spanish[5] == ("La página 3 se cortó: ejecuta más de 500.000 operaciones de dibujo (un "
                          "archivo dañado o malicioso); se conservó el texto anterior a ese punto.")


def test_the_page_s_zip_and_the_command_line_name_texts_by_one_rule() -> None:
    """Two PDFs whose names differ only in case got ``A (2).txt`` in the page's zip and
    ``A-2.txt`` from the command line's batch: one folder now gives the same names both ways."""
    import json

    from pdfprose.batch.sources import Found, plan

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (./dev needs Node.js 20+)")
    paths = ["refs/a.pdf", "refs/A.PDF", "refs/sub/b.pdf", "refs/sub/B.pdf", "refs/a.Pdf", "refs/c.pdf"]
    cli = [job.output for job in plan([Found(f"/in/{p}", "", f"/in/{p}", "/in/refs") for p in paths], ".txt")]
    # Named in name_order, not in the list's order: lower case first (a.pdf, a.Pdf, A.PDF).
    assert cli == ["a.txt", "A-3.txt", "sub/b.txt", "sub/B-2.txt", "a-2.txt", "c.txt"]
    script = (
        "import { archiveContents } from './app/shell/archive.js';"
        "const paths = JSON.parse(process.argv[1]);"
        "const entries = paths.map((path) => ({ name: path.split('/').pop(), path, state: 'done',"
        "  text: 'x', format: 'txt', pages: 1 }));"
        "console.log(JSON.stringify(archiveContents(entries).texts.map((t) => t.name)));")
    done = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(paths)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == cli


def test_the_page_says_why_a_guard_stopped_a_failed_page_in_both_languages() -> None:
    """A page a guard stopped before it drew anything is a failed page whose reason ("it runs
    more than 500,000 drawing operations (a damaged or hostile file)") stayed English on the
    Spanish page: the page words it from the entry's ``part`` and ``limit``. Its English is the
    engine's reason, its Spanish names the limit in Spanish figures."""
    import json

    from pdfprose.engine.notices import page_reason
    from pdfprose.pdf.guards import STOP_SENTENCES, GuardStop

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (./dev needs Node.js 20+)")
    failed = []
    for part in STOP_SENTENCES:
        stop = GuardStop(part, "500,000")
        failed.append({"number": 3, "reason": page_reason(f"{stop.words} (a damaged or hostile file)"),
                       "part": stop.part, "limit": stop.limit})
    script = (
        "globalThis.navigator = { languages: ['en'] };"
        "globalThis.document = { documentElement: {}, querySelectorAll: () => [] };"
        "const { t, setLanguage } = await import('./app/i18n.js');"
        "const failed = JSON.parse(process.argv[1]);"
        "const say = (lang) => { setLanguage(lang);"
        "  return failed.map((f) => t('notice_failed', { pages: [f] })); };"
        "console.log(JSON.stringify([say('en'), say('es')]));")
    done = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(failed)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    english, spanish = json.loads(done.stdout)
    assert english == [f"Page 3 could not be read and is missing from the text: {f['reason']}." for f in failed]
    assert spanish[5] == ("No se pudo leer la página 3, que falta en el texto: no se pudo leer su contenido: "
                          "ejecuta más de 500.000 operaciones de dibujo (un archivo dañado o malicioso).")
    for said in spanish:
        assert "500.000" in said and "500,000" not in said and "drawing" not in said, said

