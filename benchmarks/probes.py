"""The judge of ``shared/corpus/probes.json``: expected facts about the real PDFs.

Both the quality benchmark (:mod:`benchmarks.quality`) and the test suite
(``tests/test_probes.py``) use it, so a probe means the same thing everywhere. The rules are those
of ``shared/corpus/PROBES.md``, applied to the Markdown output (default options) and the JSON
report of one conversion:

- Text is compared after Unicode NFC and collapsing every run of white space (newlines included)
  to one space (ends stripped). Nothing else is normalized: a ligature or soft hyphen left in the
  output counts against it.
- ``contains`` / ``absent`` / ``order`` look at the whole document after, line by line, a heading
  marker (``#``..``######``) or a list marker (``-``, ``*``, ``N.``, ``N)``, ``a)``) at the line
  start is dropped and the Markdown backslash escapes (``\\*``) are undone. ``contains {text}``:
  the text occurs; ``absent {text}``: it does not; ``order {before, after}``: ``before`` occurs
  and ``after`` occurs after (the end of) its first occurrence. Links read as their text:
  ``[text](url)`` as ``text``, an autolink ``<url>`` as ``url`` (markup, like the escapes).
- ``heading {text, level?}``: some line ``#``..``######`` whose text starts with ``text``
  (with ``level``, a line of exactly that many ``#``). ``list_item {text}``: some line ``- ``, ``* ``, ``N. ``, ``N) `` or ``a) `` (after optional
  indentation) whose text starts with ``text``. ``paragraph_start {text}``: some line that is the
  first line or follows a blank line and starts with ``text``. For these three the line's text
  has its escapes undone too (escapes are markup, not text).
- A GFM table row (a line starting with ``|``) reads, for the text kinds, as its cells joined by
  one space; the delimiter row (``|---|``) is skipped.
- ``table_row {cells, header?, page}``: some GFM pipe-table row (not a delimiter row) holds
  ``cells`` as consecutive cells, each cell's whole text equal after :func:`normalize` and the
  escapes undone (``\\|`` is a ``|`` inside a cell; ``""`` an empty cell); with ``header``, the
  row is its table's header row (the row right above the delimiter row). ``page`` only says where
  the row is printed (the default Markdown has no page markers to check it by).
- ``link {text, url}``: the Markdown holds ``[text](url)`` (the link text compared after
  :func:`normalize` with escapes undone; the destination exactly, or inside ``<...>``).
- ``footnote {mark, text}``: a definition line ``[^mark]: `` whose text starts with ``text``, and
  a reference ``[^mark]`` (not a definition) before it.
- ``empty_pages {pages}``: the report's ``empty_pages`` are exactly these 1-based pages.
  ``garbled_pages {pages, exact?}``: every one of these pages is in the report's
  ``garbled_pages`` (and nothing else when ``exact``).
- ``columns {page, min, max}``: the report's ``columns`` of that page lies in ``[min, max]``.
- ``error {match}``: the conversion failed (an exception, or a page failed) with a message or
  error code that contains ``match`` (case-insensitive).

When the conversion fails, every check but ``error`` fails (``absent`` too: no output proves
nothing).
"""

from __future__ import annotations

import json
import re
import sys
import time
import traceback
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "CheckResult",
    "ConversionFailure",
    "Outcome",
    "convert_entry",
    "corpus_files_dir",
    "is_delimiter_row",
    "judge_file",
    "load_probes",
    "markdown_plain",
    "normalize",
    "pdfprose_convert",
    "run_probes",
    "summarize",
    "table_cells",
]

ConvertFn = Callable[[Path, str], tuple[str, dict]]
"""``convert_fn(pdf_path, password) -> (markdown, report)``; raises when the conversion fails."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict on one check: its ``id``, ``kind``, PDF ``file``, ``passed`` and a ``detail``
    saying what was seen."""

    id: str
    kind: str
    file: str
    passed: bool
    detail: str


class ConversionFailure(Exception):
    """A conversion error carried across processes: ``code`` and message of the original."""

    def __init__(self, message: str, code: str = "", type_name: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.type_name = type_name

    def __reduce__(self):  # picklable with its fields
        return (ConversionFailure, (str(self), self.code, self.type_name))


# --------------------------------------------------------------------------------------------
# Text


_WS = re.compile(r"\s+")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}(?:[ \t]+(.*?))?[ \t]*$")
_LIST_LINE = re.compile(r"^[ \t]*(?:[-*]|[0-9]{1,9}[.)]|[a-z]\))[ \t]+(.*)$")
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>")
_INLINE_LINK = re.compile(r"(?<![!\\])\[((?:\\.|[^\]\\])*)\]"
                          r"\((?:<[^<>\n]*>|(?:[^()\s\\]|\\.|\([^()\s]*\))*)\)")


def unlink(text: str) -> str:
    """Markdown links as the reader sees them: ``[text](url)`` as its text, ``<url>`` as the
    URL (link markup, like escapes, is not text)."""
    if "<" in text:
        text = _AUTOLINK.sub(r"\1", text)
    if "](" in text:
        text = _INLINE_LINK.sub(r"\1", text)
    return text


def normalize(text: str) -> str:
    """Unicode NFC, every run of white space as one space, ends stripped."""
    return _WS.sub(" ", unicodedata.normalize("NFC", text)).strip()


def unescape(text: str) -> str:
    """Markdown backslash escapes undone (``\\*`` -> ``*``)."""
    return _ESCAPE.sub(r"\1", text)


def _heading_text(line: str) -> str | None:
    m = _HEADING_LINE.match(line)
    if m is None:
        return None
    text = m.group(1) or ""
    return re.sub(r"(?:^|[ \t]+)#+$", "", text)  # a closing # sequence is markup


def markdown_plain(markdown: str) -> str:
    """The document as ``contains``/``absent``/``order`` see it (before :func:`normalize`):
    heading or list marker at each line start dropped, links as their text (:func:`unlink`),
    escapes undone."""
    lines = []
    for line in markdown.split("\n"):
        cells = table_cells(line)
        if cells is not None:
            if not is_delimiter_row(cells):
                lines.append(" ".join(cells))
            continue
        heading = _heading_text(line)
        if heading is not None:
            line = heading
        else:
            m = _LIST_LINE.match(line)
            if m is not None:
                line = m.group(1)
        lines.append(unescape(unlink(line)))
    return "\n".join(lines)


_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_DELIMITER_CELL = re.compile(r"^:?-+:?$")


def table_cells(line: str) -> list[str] | None:
    """The cells of a GFM pipe-table row (a line starting with ``|``, after up to three spaces),
    each trimmed with its escapes undone (``\\|`` is a ``|`` inside the cell), or None for a
    line that is not a table row."""
    stripped = line.strip()
    if not line.lstrip(" ").startswith("|") or len(line) - len(line.lstrip(" ")) > 3:
        return None
    parts = _CELL_SPLIT.split(stripped)[1:]  # the text before the leading pipe is no cell
    if parts and stripped.endswith("|") and not stripped.endswith("\\|"):
        parts = parts[:-1]
    return [normalize(unescape(part.replace("\\|", "|"))) for part in parts]


def is_delimiter_row(cells: list[str]) -> bool:
    """Whether a row's cells (from :func:`table_cells`) are a GFM delimiter row (``|---|:-:|``)."""
    return bool(cells) and all(_DELIMITER_CELL.match(c.replace(" ", "")) for c in cells)


def markdown_links(markdown: str) -> list[tuple[str, str]]:
    """Every inline link ``[text](destination)`` of the Markdown, as (text, destination): the
    destination's balanced parentheses kept (``.../Slack_(software)``), ``<...>`` taken off;
    images (``![alt](...)``) left out."""
    links: list[tuple[str, str]] = []
    i = 0
    n = len(markdown)
    while True:
        start = markdown.find("[", i)
        if start < 0:
            return links
        i = start + 1
        if start > 0 and markdown[start - 1] in "!\\":
            continue
        # the link text: up to the matching ']' (nested brackets balanced, escapes skipped)
        depth, j = 1, start + 1
        while j < n and depth:
            c = markdown[j]
            if c == "\\":
                j += 2
                continue
            depth += (c == "[") - (c == "]")
            j += 1
        if depth or j >= n or markdown[j] != "(":
            continue
        text = markdown[start + 1: j - 1]
        k = j + 1
        if k < n and markdown[k] == "<":
            end = markdown.find(">", k)
            if end < 0 or end + 1 >= n or markdown[end + 1] != ")":
                continue
            links.append((text, markdown[k + 1: end]))
            i = end + 2
            continue
        depth, m = 1, k
        while m < n and depth and not markdown[m].isspace():
            c = markdown[m]
            if c == "\\":
                m += 2
                continue
            depth += (c == "(") - (c == ")")
            m += 1
        if depth:
            continue
        links.append((text, unescape(markdown[k: m - 1])))
        i = m


_FOOTNOTE_DEFINITION = re.compile(r"^ {0,3}\[\^([^\]\s]+)\]:[ \t]?(.*)$")


# --------------------------------------------------------------------------------------------
# Judging one file


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _context(haystack: str, needle: str, width: int = 60) -> str:
    """Where the output comes closest to ``needle``: the longest prefix of it that occurs."""
    lo, hi = 0, len(needle)
    while lo < hi:  # binary search on prefix length (occurrence is monotone in the prefix)
        mid = (lo + hi + 1) // 2
        if needle[:mid] in haystack:
            lo = mid
        else:
            hi = mid - 1
    if lo < 3:
        return "no part of it found"
    at = haystack.find(needle[:lo])
    return f"output has {haystack[max(0, at - 10): at + lo + width]!r}"


def judge_file(entry: dict, markdown: str | None, report: dict | None,
               error: BaseException | None) -> list[CheckResult]:
    """Judge every check of one probes.json ``entry`` on one conversion's Markdown and report
    (or its ``error``)."""
    file = entry["file"]
    results: list[CheckResult] = []
    plain = normalize(markdown_plain(markdown)) if markdown is not None else None
    lines = markdown.split("\n") if markdown is not None else []
    for check in entry["checks"]:
        kind = check["kind"]
        try:
            passed, detail = _judge(check, kind, plain, lines, report, error)
        except Exception as exc:  # a malformed check or report: a failure, with the reason
            passed, detail = False, f"judge error: {type(exc).__name__}: {exc}"
        results.append(CheckResult(check["id"], kind, file, passed, detail))
    return results


def _error_text(error: BaseException) -> str:
    code = getattr(error, "code", "")
    return f"{type(error).__name__}{f' [{code}]' if code else ''}: {error}"


def _judge(check: dict, kind: str, plain: str | None, lines: list[str], report: dict | None,
           error: BaseException | None) -> tuple[bool, str]:
    if kind == "error":
        match = check["match"].lower()
        if error is not None:
            said = f"{error} {getattr(error, 'code', '')} {type(error).__name__}".lower()
            return match in said, f"failed with {_error_text(error)}"
        failed = (report or {}).get("failed_pages") or []
        reasons = " ".join(str(p.get("reason", "")) for p in failed).lower()
        if failed:
            return match in reasons, f"failed pages: {failed}"
        return False, "the conversion succeeded"
    if error is not None:
        return False, f"conversion failed: {_error_text(error)}"

    if kind in ("contains", "absent", "order"):
        if plain is None:
            return False, "no Markdown output"
        if kind == "order":
            before, after = normalize(check["before"]), normalize(check["after"])
            b = plain.find(before)
            if b < 0:
                return False, f"'before' not found ({_context(plain, before)})"
            a = plain.find(after, b + len(before))
            if a >= 0:
                return True, f"at {b} and {a}"
            if after in plain:
                return False, f"'after' only occurs before 'before' (at {plain.find(after)} < {b})"
            return False, f"'after' not found ({_context(plain, after)})"
        text = normalize(check["text"])
        at = plain.find(text)
        if kind == "contains":
            return (True, f"at {at}") if at >= 0 else (False, _context(plain, text))
        if at >= 0:
            return False, f"found at {at}: {plain[max(0, at - 30): at + len(text) + 30]!r}"
        return True, "not found"

    if kind == "table_row":
        if plain is None:
            return False, "no Markdown output"
        want = [normalize(c) for c in check["cells"]]
        rows = 0
        for i, line in enumerate(lines):
            cells = table_cells(line)
            if cells is None or is_delimiter_row(cells):
                continue
            rows += 1
            found = any(cells[k: k + len(want)] == want for k in range(len(cells) - len(want) + 1))
            if not found:
                continue
            if check.get("header"):
                below = table_cells(lines[i + 1]) if i + 1 < len(lines) else None
                if below is None or not is_delimiter_row(below):
                    return False, f"row on line {i + 1} is not its table's header: {_short(line)!r}"
            return True, f"line {i + 1}: {_short(line)!r}"
        first = normalize(check["cells"][0]) if check["cells"] else ""
        return False, f"no table row holds these cells ({rows} table rows; " \
                      f"{_context(plain, first) if first else 'first cell empty'})"

    if kind == "link":
        if plain is None:
            return False, "no Markdown output"
        text, url = normalize(check["text"]), check["url"]
        links = markdown_links("\n".join(lines))
        for got_text, got_url in links:
            if normalize(unescape(got_text)) == text and got_url == url:
                return True, f"[{_short(got_text, 40)}]({_short(got_url, 60)})"
        near = [f"[{_short(t, 30)}]({_short(u, 50)})" for t, u in links
                if u == url or normalize(unescape(t)) == text][:3]
        return False, f"no [text](url) link ({len(links)} links" + \
                      (f"; near: {', '.join(near)}" if near else "") + ")"

    if kind == "footnote":
        if plain is None:
            return False, "no Markdown output"
        mark, want = str(check["mark"]), normalize(check["text"])
        reference = f"[^{mark}]"
        for i, line in enumerate(lines):
            m = _FOOTNOTE_DEFINITION.match(line)
            if m is None or m.group(1) != mark:
                continue
            if not normalize(unescape(m.group(2))).startswith(want):
                return False, f"definition on line {i + 1} says {_short(m.group(2))!r}"
            before = [l for l in lines[:i] if _FOOTNOTE_DEFINITION.match(l) is None]
            if any(reference in l for l in before):
                return True, f"definition on line {i + 1}"
            return False, f"definition on line {i + 1} but no reference {reference} before it"
        return False, f"no definition line [^{mark}]: " + \
                      ("(a reference exists)" if any(reference in l for l in lines) else "")

    if kind in ("heading", "list_item", "paragraph_start"):
        if plain is None:
            return False, "no Markdown output"
        want = normalize(check["text"])
        candidates = []
        wrong_level = ""
        for i, line in enumerate(lines):
            if kind == "heading":
                text = _heading_text(line)
                if text is not None and "level" in check \
                        and len(line.lstrip(" ")) - len(line.lstrip(" ").lstrip("#")) \
                        != check["level"]:
                    if normalize(unescape(text)).startswith(want):
                        wrong_level = f"line {i + 1} is a heading of another level: {_short(line)!r}"
                    text = None
            elif kind == "list_item":
                m = _LIST_LINE.match(line)
                text = m.group(1) if m else None
            else:
                text = line if (i == 0 or not lines[i - 1].strip()) and line.strip() else None
            if text is None:
                continue
            text = normalize(unescape(text))
            if text.startswith(want):
                return True, f"line {i + 1}: {_short(line)!r}"
            candidates.append((i, line, text))
        # Say what came closest: a heading of another level, a matching line of another kind,
        # or the nearest such line.
        if wrong_level:
            return False, wrong_level
        for i, line in enumerate(lines):
            if want in normalize(unescape(line)):
                return False, f"text is on line {i + 1} but not as a {kind}: {_short(line)!r}"
        return False, f"no {kind} starts with it ({len(candidates)} {kind} lines; " \
                      f"{_context(plain, want)})"

    if kind in ("empty_pages", "garbled_pages", "columns"):
        if report is None:
            return False, "no report"
        if kind == "empty_pages":
            got = sorted(report.get("empty_pages", []))
            want = sorted(check["pages"])
            return got == want, f"reported {got}, expected exactly {want}"
        if kind == "garbled_pages":
            got = sorted(report.get("garbled_pages", []))
            want = sorted(check["pages"])
            if check.get("exact"):
                return got == want, f"reported {got}, expected exactly {want}"
            missing = sorted(set(want) - set(got))
            return not missing, f"reported {got}, expected at least {want}"
        page = next((p for p in report.get("pages", []) if p.get("number") == check["page"]),
                    None)
        if page is None:
            return False, f"page {check['page']} not in the report"
        cols = page.get("columns")
        ok = cols is not None and check["min"] <= cols <= check["max"]
        return ok, f"page {check['page']} has {cols} columns, expected {check['min']}-" \
                   f"{check['max']}"

    return False, f"unknown check kind {kind!r}"


# --------------------------------------------------------------------------------------------
# Running the corpus


@dataclass(slots=True)
class Outcome:
    """One conversion of one probes.json entry: Markdown, report, error and wall seconds."""

    markdown: str | None
    report: dict | None
    error: BaseException | None
    seconds: float


def corpus_files_dir(corpus_dir: Path) -> Path:
    """Where the PDFs named in probes.json are: ``corpus_dir/real`` (or ``corpus_dir`` itself)."""
    corpus_dir = Path(corpus_dir)
    return corpus_dir / "real" if (corpus_dir / "real").is_dir() else corpus_dir


def load_probes(corpus_dir: Path) -> list[dict]:
    """The entries of ``corpus_dir/probes.json``."""
    return json.loads((Path(corpus_dir) / "probes.json").read_text(encoding="utf-8"))


def pdfprose_convert(path: Path, password: str) -> tuple[str, dict]:
    """The default ``convert_fn``: pdfprose in-process, Markdown with default options."""
    from pdfprose import Options, convert

    conversion = convert(Path(path).read_bytes(), password=password)
    return conversion.render(Options(format="md")), conversion.report()


def convert_entry(corpus_dir: Path, entry: dict,
                  convert_fn: ConvertFn | None = None) -> Outcome:
    """Convert one entry's file with its password; never raises (the error is in the outcome,
    as a picklable :class:`ConversionFailure` for anything that is not a pdfprose error)."""
    convert_fn = convert_fn or pdfprose_convert
    path = corpus_files_dir(corpus_dir) / entry["file"]
    start = time.perf_counter()
    try:
        markdown, report = convert_fn(path, entry.get("password") or "")
        return Outcome(markdown, report, None, time.perf_counter() - start)
    except Exception as exc:  # judged by the checks (an `error` check wants one)
        code = getattr(exc, "code", "")
        message = str(exc)
        if not code:  # not a pdfprose error: keep where it came from, for the lead
            tb = traceback.extract_tb(exc.__traceback__)
            where = f" (at {tb[-1].filename}:{tb[-1].lineno})" if tb else ""
            message = f"{type(exc).__name__}: {exc}{where}"
        failure = ConversionFailure(message, code=code, type_name=type(exc).__name__)
        return Outcome(None, None, failure, time.perf_counter() - start)


def run_probes(corpus_dir: Path, convert_fn: ConvertFn | None = None,
               entries: Iterable[dict] | None = None) -> list[CheckResult]:
    """Convert each entry's file once (with its password) and judge all its checks."""
    results: list[CheckResult] = []
    for entry in (load_probes(corpus_dir) if entries is None else entries):
        outcome = convert_entry(corpus_dir, entry, convert_fn)
        results.extend(judge_file(entry, outcome.markdown, outcome.report, outcome.error))
    return results


def summarize(results: Iterable[CheckResult]) -> dict[str, dict]:
    """Per kind (and ``"all"``): ``passed``, ``total``, ``rate`` and the ``failing`` ids."""
    out: dict[str, dict] = {}
    for r in results:
        for key in (r.kind, "all"):
            s = out.setdefault(key, {"passed": 0, "total": 0, "failing": []})
            s["total"] += 1
            s["passed"] += r.passed
            if not r.passed:
                s["failing"].append(r.id)
    for s in out.values():
        s["rate"] = s["passed"] / s["total"] if s["total"] else None
    return dict(sorted(out.items(), key=lambda kv: (kv[0] == "all", kv[0])))


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.probes [CORPUS_DIR] [FILE...]``: judge pdfprose, print failures."""
    argv = sys.argv[1:] if argv is None else argv
    default = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    corpus = Path(argv[0]) if argv and Path(argv[0]).is_dir() else default
    names = set(argv[1:] if argv and Path(argv[0]).is_dir() else argv)
    entries = [e for e in load_probes(corpus) if not names or e["file"] in names]
    results = run_probes(corpus, entries=entries)
    for r in results:
        if not r.passed:
            print(f"FAIL {r.id:14} {r.kind:15} {r.file}: {r.detail}")
    for kind, s in summarize(results).items():
        print(f"{kind:16} {s['passed']:4}/{s['total']:<4}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
