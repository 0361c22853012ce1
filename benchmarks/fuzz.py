"""Mutation fuzzing of the whole engine on damaged copies of the corpus PDFs (issue 6).

Run from the repository root::

    python -m benchmarks.fuzz --inputs 20000          # the long run (both cores, ~1 h here)
    python -m benchmarks.fuzz --inputs 300 --quick    # a short run on small seed files

Every input is a corpus PDF with one to three mutations applied: byte flips, truncations, chunk
duplications and deletions, dictionary-key corruption (a key renamed, dropped or swapped for
another), number corruption (lengths, offsets, counts set to 0, -1 or huge values), PDF keyword
corruption (``obj``, ``stream``, ``R``, ``>>``...), and mutations *inside* a Flate-compressed
stream (decompressed, damaged, recompressed) so that content streams, fonts and CMaps are
exercised too, not only the file's outer syntax.

The mutation plans are drawn by Hypothesis (``hypothesis.strategies``, a seeded generate phase:
the same ``--seed`` gives the same plans), each plan a small JSON-able dict
(``{"file": ..., "ops": [[kind, ...], ...]}``) that :func:`apply_plan` turns into bytes
deterministically, so a failure is reproduced from its plan alone (``--replay PLAN.json``) and
a regression test needs no stored mutated file.

Each input runs in a worker process (``--workers``, default: the machine's cores) that calls
``pdfprose.convert`` and renders Markdown and TXT and the JSON report. The verdict:

- ``converted``: every page analysed; ``converted_partial``: some pages failed or the file was
  recovered from damage (warnings say so);
- ``error:<code>``: a :class:`pdfprose.errors.PdfProseError` with a clear message (not a PDF,
  unreadable, password...): the expected outcome for a broken file;
- ``crash``: any other exception, an ``internal`` error, a page failed with an "internal error"
  reason or an ``internal`` notice (the engine's safety nets: still bugs), an error message that
  is not one clear line, or a worker that died (segfault, out of memory);
- ``hang``: no verdict within ``--timeout`` seconds; the worker is killed and replaced.

The summary gives inputs tried, outcomes by kind, crashes and hangs with their plans, time and
the slowest inputs; ``--out`` writes it as JSON (default ``benchmarks/results/fuzz-<date>.json``).
Exit status 1 when there was any crash or hang.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing as mp
import os
import random
import re
import sys
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_OUT = Path(__file__).resolve().parent / "results"

DEFAULT_TIMEOUT = 60.0
"""Seconds one input may take before it counts as a hang. The seed files convert in under 2 s
on an idle core (up to 10 s on a loaded one); an input that takes 60 s is stuck, not slow."""

MEMORY_LIMIT = 3 * 1024**3
"""Address-space limit of a worker (bytes): a decompression bomb or a huge /Length becomes a
MemoryError the engine must report, not a machine brought to its knees."""

SEED_FILES = (
    "real/acrobat_wordspacing_A_A.pdf",
    "real/aes128_user_password.pdf",
    "real/aes256_r6_owner_noextract.pdf",
    "real/bitcoin_whitepaper_spaces.pdf",
    "real/brother_scan_ocr_layer.pdf",
    "real/cad_drawing_rotated_dims.pdf",
    "real/de_erdgas_flyer_broken_xref.pdf",
    "real/drawing_titleblock_bad_xref.pdf",
    "real/earth_science_lists_ligatures.pdf",
    "real/es_i9_form_xfa_aes_owner.pdf",
    "real/es_meditaciones_scan_ocr.pdf",
    "real/fr_cinema_partial_garbled.pdf",
    "real/fr_diacritics_type3.pdf",
    "real/fr_eie_rotated_landscape.pdf",
    "real/fr_recueil_linebreaks.pdf",
    "real/grumman_service_bulletin_scan.pdf",
    "real/home_loan_rates_rc4_nocopy.pdf",
    "real/ieee_2col_diffprivacy_ligatures.pdf",
    "real/irs_f1040nr_form_acroform.pdf",
    "real/ja_kampo_gazette_vertical.pdf",
    "real/ja_vertical_kerning.pdf",
    "real/ko_novel_beginbfrange.pdf",
    "real/libreoffice_tdf_charts_rotated_labels.pdf",
    "real/nics_background_checks_rotated_page.pdf",
    "real/opensans_doc_missing_spaces.pdf",
    "real/pl_invoice_identity_cmap.pdf",
    "real/pptx_tagged_sitetour.pdf",
    "real/sci_reports_2col_sidebar_ligatures.pdf",
    "real/survey_numbers_pdflib.pdf",
    "real/tracemonkey_pldi09_2col.pdf",
    "real/type3_no_tounicode_garbled.pdf",
    "real/word365_words_run_together.pdf",
    "real/wordspacing_fake_space_AA_A.pdf",
    "real/zen_of_python_corrupted_stream.pdf",
    "real/zh_invoice_cmap.pdf",
    "real/zh_weibo_identityh_no_tounicode.pdf",
    "arxiv/astro-ph0501293.pdf",
    "arxiv/astro-ph0501296.pdf",
)
"""The corpus files mutated: every real PDF that converts in under about 2 s (the 50- to
155-page ones would make each input slow without exercising different code) and two arXiv
papers (pdfTeX Type1 fonts, the commonest kind of input)."""

QUICK_FILES = (
    "real/acrobat_wordspacing_A_A.pdf",
    "real/aes128_user_password.pdf",
    "real/aes256_r6_owner_noextract.pdf",
    "real/cad_drawing_rotated_dims.pdf",
    "real/es_meditaciones_scan_ocr.pdf",
    "real/fr_diacritics_type3.pdf",
    "real/ja_kampo_gazette_vertical.pdf",
    "real/ja_vertical_kerning.pdf",
    "real/opensans_doc_missing_spaces.pdf",
    "real/pl_invoice_identity_cmap.pdf",
    "real/survey_numbers_pdflib.pdf",
    "real/type3_no_tounicode_garbled.pdf",
    "real/wordspacing_fake_space_AA_A.pdf",
    "real/zen_of_python_corrupted_stream.pdf",
    "real/zh_invoice_cmap.pdf",
)
"""Small, fast seed files for the short run of the test suite (each converts in < 0.2 s)."""

# ------------------------------------------------------------------------------------------
# Mutations: a plan is {"file": relative path, "ops": [[kind, *ints], ...]}; every number in an
# op is a non-negative int that is reduced modulo what it indexes, so any plan applies to any
# file and the result depends on the plan and the seed bytes only.

KEY_RE = re.compile(rb"/[A-Za-z][A-Za-z0-9_.#-]*")
NUMBER_RE = re.compile(rb"(?<![A-Za-z0-9_.#/-])-?\d+(?:\.\d+)?(?![A-Za-z0-9_.#])")
KEYWORD_RE = re.compile(rb"\b(?:obj|endobj|stream|endstream|xref|trailer|startxref|R)\b|<<|>>|\[|\]")
STREAM_RE = re.compile(rb"stream\r?\n")

INTERESTING_NUMBERS = (
    b"0", b"-1", b"1", b"2", b"-2147483649", b"2147483648", b"4294967296", b"99999999999",
    b"1e308", b"65535", b"-0", b"0.0001", b"3.4e38", b"7", b"255", b"256",
)
KEYWORD_REPLACEMENTS = (b"", b"obj", b"endobj", b"stream", b"endstream", b"R", b"<<", b">>",
                        b"[", b"]", b"null", b"(", b")", b"%", b"{", b"/")
KEY_SWAPS = (
    b"/Length", b"/Type", b"/Page", b"/Pages", b"/Kids", b"/Count", b"/Parent", b"/Contents",
    b"/Resources", b"/Font", b"/XObject", b"/Filter", b"/FlateDecode", b"/DecodeParms",
    b"/Encoding", b"/ToUnicode", b"/Widths", b"/FirstChar", b"/MediaBox", b"/CropBox",
    b"/Rotate", b"/Subtype", b"/Root", b"/Size", b"/Prev", b"/Encrypt", b"/Annots", b"/AP",
    b"/W", b"/Index", b"/N", b"/First", b"/Identity-H", b"/Type3", b"/CharProcs",
    b"/FontMatrix", b"/Differences", b"/DescendantFonts", b"/Form", b"/Matrix", b"/BBox",
)
CONTENT_OPS = (b" Tj ", b" TJ ", b" Tf ", b" Tm ", b" Td ", b" cm ", b" q ", b" Q ", b" BT ",
               b" ET ", b" Do ", b" BI ", b" ID ", b" EI ", b" Tz ", b" TL ", b" Ts ", b" ' ",
               b" \" ", b" gs ", b" d0 ", b" d1 ", b" [ ", b" ] ", b" ( ", b" ) ", b" < ")

OP_KINDS = ("flip", "truncate", "dup", "delete", "key", "number", "keyword", "stream")


def _pick(matches: list[re.Match[bytes]], index: int) -> re.Match[bytes] | None:
    return matches[index % len(matches)] if matches else None


def _mutate_bytes(data: bytes, op: list[int]) -> bytes:
    """A raw-byte mutation (flip, truncate, dup, delete) of ``data`` (used inside streams too)."""
    kind = op[0]
    n = len(data)
    if n == 0:
        return data
    a, b, c = (op[1:] + [0, 0, 0])[:3]
    if kind == "flip":
        rng = random.Random(c)
        pos = a % n
        count = 1 + b % 8
        out = bytearray(data)
        for i in range(pos, min(n, pos + count)):
            out[i] ^= rng.randrange(1, 256)
        return bytes(out)
    if kind == "truncate":
        return data[: a % (n + 1)]
    if kind == "dup":
        pos = a % n
        length = 1 + b % min(n, 4096)
        dest = c % (n + 1)
        return data[:dest] + data[pos : pos + length] + data[dest:]
    if kind == "delete":
        pos = a % n
        length = 1 + b % min(n, 4096)
        return data[:pos] + data[pos + length :]
    raise ValueError(f"unknown byte mutation {kind!r}")


def _mutate_stream(data: bytes, op: list[int]) -> bytes:
    """Decompress the (a % count)-th Flate stream that inflates, damage its content with a
    byte mutation or an operator insertion, recompress it and fix a direct /Length."""
    a, b, c, d = (op[1:] + [0, 0, 0, 0])[:4]
    found = []
    for m in STREAM_RE.finditer(data):
        start = m.end()
        end = data.find(b"endstream", start)
        if end < 0:
            continue
        try:
            inflated = zlib.decompressobj().decompress(data[start:end], 4_000_000)
        except zlib.error:
            continue
        if inflated:
            found.append((m.start(), start, end, inflated))
        if len(found) > 200:
            break
    if not found:
        return _mutate_bytes(data, ["flip", a, b, c])
    head, start, end, inflated = found[a % len(found)]
    mode = b % 5
    if mode == 4:
        pos = c % (len(inflated) + 1)
        inflated = inflated[:pos] + CONTENT_OPS[d % len(CONTENT_OPS)] + inflated[pos:]
    else:
        inflated = _mutate_bytes(inflated, [("flip", "truncate", "dup", "delete")[mode], c, d, a])
    packed = zlib.compress(inflated)
    body_end = end
    while body_end > start and data[body_end - 1 : body_end] in (b"\r", b"\n"):
        body_end -= 1
    out = data[:start] + packed + b"\n" + data[end:]
    # Fix "/Length N" when it is a direct number in the stream's dictionary.
    dict_start = data.rfind(b"obj", 0, head)
    if dict_start >= 0:
        region = out[dict_start:start]
        fixed = re.sub(rb"/Length\s+\d+(?!\s+\d+\s+R)", b"/Length %d" % len(packed), region, count=1)
        out = out[:dict_start] + fixed + out[start:]
    return out


def apply_op(data: bytes, op: list[Any]) -> bytes:
    """Apply one mutation ``op`` (``[kind, int, ...]``) to ``data``."""
    kind = op[0]
    ints = [int(x) for x in op[1:]] + [0, 0, 0, 0]
    a, b, c = ints[:3]
    if kind in ("flip", "truncate", "dup", "delete"):
        return _mutate_bytes(data, [kind, *ints[:3]])
    if kind == "key":
        m = _pick(list(KEY_RE.finditer(data[:4_000_000])), a)
        if m is None:
            return _mutate_bytes(data, ["flip", a, b, c])
        key = m.group()
        mode = b % 4
        if mode == 0:  # rename: change one letter
            i = 1 + c % (len(key) - 1)
            new = key[:i] + bytes([(key[i] ^ 0x20) if chr(key[i]).isalpha() else 0x58]) + key[i + 1 :]
        elif mode == 1:  # drop the key (its value stays: the dictionary's pairs shift)
            new = b""
        elif mode == 2:  # another key in its place
            new = KEY_SWAPS[c % len(KEY_SWAPS)]
        else:  # a key of the file in another place
            keys = list(KEY_RE.finditer(data[:4_000_000]))
            new = keys[c % len(keys)].group()
        return data[: m.start()] + new + data[m.end() :]
    if kind == "number":
        m = _pick(list(NUMBER_RE.finditer(data[:4_000_000])), a)
        if m is None:
            return _mutate_bytes(data, ["flip", a, b, c])
        if b % 3 == 0:
            new = INTERESTING_NUMBERS[c % len(INTERESTING_NUMBERS)]
        else:
            try:
                value = float(m.group()) if b"." in m.group() else int(m.group())
            except ValueError:
                value = 0
            delta = (c % 9) - 4 or 1
            new = str(value + delta).encode() if b % 3 == 1 else str(value * (c % 7 + 2)).encode()
        return data[: m.start()] + new + data[m.end() :]
    if kind == "keyword":
        m = _pick(list(KEYWORD_RE.finditer(data[:4_000_000])), a)
        if m is None:
            return _mutate_bytes(data, ["flip", a, b, c])
        new = KEYWORD_REPLACEMENTS[b % len(KEYWORD_REPLACEMENTS)]
        return data[: m.start()] + new + data[m.end() :]
    if kind == "stream":
        return _mutate_stream(data, ["stream", *ints[:4]])
    raise ValueError(f"unknown mutation {kind!r}")


def apply_plan(plan: dict[str, Any], corpus: Path = DEFAULT_CORPUS) -> bytes:
    """The bytes of ``plan``: its corpus file with its ops applied in order."""
    data = (corpus / plan["file"]).read_bytes()
    for op in plan["ops"]:
        data = apply_op(data, op)
    return data


def plan_strategy(files: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """The Hypothesis strategy of mutation plans over ``files``."""
    from hypothesis import strategies as st

    big = st.integers(min_value=0, max_value=2**31 - 1)
    op = st.builds(lambda k, a, b, c, d: [k, a, b, c, d], st.sampled_from(OP_KINDS), big, big, big, big)
    return st.fixed_dictionaries(
        {"file": st.sampled_from(files), "ops": st.lists(op, min_size=1, max_size=3)}
    )


def generate_plans(count: int, files: tuple[str, ...], seed: int) -> list[dict[str, Any]]:
    """``count`` mutation plans drawn by Hypothesis (generate phase only, seeded)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed

    plans: list[dict[str, Any]] = []

    @hseed(seed)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(plan_strategy(files))
    def collect(plan: dict[str, Any]) -> None:
        plans.append(plan)

    collect()
    # Hypothesis may stop a little short of max_examples or repeat a plan; top up with
    # seeded plans so the run has exactly ``count`` distinct inputs.
    seen: set[str] = set()
    unique = []
    for plan in plans:
        key = json.dumps(plan, sort_keys=True)
        if key not in seen:
            seen.add(key)
            unique.append(plan)
    rng = random.Random(seed)
    while len(unique) < count:
        plan = {
            "file": rng.choice(files),
            "ops": [[rng.choice(OP_KINDS)] + [rng.randrange(2**31) for _ in range(4)]
                    for _ in range(rng.randint(1, 3))],
        }
        key = json.dumps(plan, sort_keys=True)
        if key not in seen:
            seen.add(key)
            unique.append(plan)
    return unique[:count]


# ------------------------------------------------------------------------------------------
# Running the engine on one input.


def run_engine(data: bytes) -> tuple[str, str]:
    """Convert ``data`` as the CLI and the page do; return ``(outcome, detail)``."""
    from pdfprose import Options, convert
    from pdfprose.errors import PdfProseError

    try:
        conversion = convert(data)
        report = conversion.report()
        json.dumps(report, allow_nan=False)
        for page in conversion.pages:  # what the browser worker sends: strict JSON
            json.dumps({**page.summary(), "geometry": page.geometry()}, allow_nan=False)
        conversion.render(Options(format="md"))
        conversion.render(Options(format="txt", join_lines=False, page_markers=True,
                                  remove_headers=False))
    except PdfProseError as exc:
        message = str(exc)
        if exc.code == "internal":
            return ("crash", f"InternalError: {message}")
        if not message or "\n" in message or "Traceback" in message:
            return ("crash", f"unclear message for {exc.code}: {message!r}")
        return (f"error:{exc.code}", message)
    except Exception as exc:  # noqa: BLE001 - exactly what the fuzzer looks for
        import traceback

        return ("crash", "".join(traceback.format_exception(exc))[-3000:])
    # The engine's safety nets turn its own bugs into failed pages or notices: still crashes.
    for failed in report.get("failed_pages", []):
        if str(failed.get("reason", "")).startswith("internal error"):
            return ("crash", f"page {failed.get('number')}: {failed.get('reason')}")
    for notice in report.get("notices", []):
        if notice.get("code") == "internal":
            return ("crash", str(notice.get("message")))
    partial = bool(report.get("failed_pages")) or bool(report.get("partial"))
    return ("converted_partial" if partial else "converted", "")


def _worker(conn: Connection, corpus: str) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass
    import pdfprose  # noqa: F401 - import once, before the first deadline starts

    conn.send(("ready", None))
    while True:
        task = conn.recv()
        if task is None:
            return
        index, plan = task
        start = time.perf_counter()
        data = apply_plan(plan, Path(corpus))
        outcome, detail = run_engine(data)
        conn.send((index, (outcome, detail, time.perf_counter() - start, len(data))))


@dataclass
class _Slot:
    process: mp.Process
    conn: Connection
    task: tuple[int, dict[str, Any]] | None = None
    started: float = 0.0


@dataclass
class FuzzResult:
    inputs: int = 0
    outcomes: Counter = field(default_factory=Counter)
    crashes: list[dict[str, Any]] = field(default_factory=list)
    hangs: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    slowest: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    wall: float = 0.0
    workers: int = 0
    timeout: float = 0.0
    seed: int = 0

    def summary(self) -> dict[str, Any]:
        times = sorted(self.times)

        def pct(p: float) -> float:
            return round(times[min(len(times) - 1, int(p * len(times)))], 3) if times else 0.0

        return {
            "inputs": self.inputs,
            "outcomes": dict(sorted(self.outcomes.items())),
            "crashes": len(self.crashes),
            "hangs": len(self.hangs),
            "wall_seconds": round(self.wall, 1),
            "workers": self.workers,
            "timeout_seconds": self.timeout,
            "seed": self.seed,
            "input_seconds": {"median": pct(0.5), "p99": pct(0.99), "max": pct(1.0) if times else 0.0},
            "slowest": [{"seconds": round(t, 2), "plan": p} for t, p in self.slowest],
            "crash_list": self.crashes,
            "hang_list": self.hangs,
        }


def _start_worker(ctx: Any, corpus: Path) -> _Slot:
    parent, child = ctx.Pipe()
    process = ctx.Process(target=_worker, args=(child, str(corpus)), daemon=True)
    process.start()
    child.close()
    if not parent.poll(60):
        raise RuntimeError("a fuzz worker did not start")
    parent.recv()
    return _Slot(process, parent)


def run(
    plans: list[dict[str, Any]],
    corpus: Path = DEFAULT_CORPUS,
    workers: int = 2,
    timeout: float = DEFAULT_TIMEOUT,
    progress: bool = False,
    log: Path | None = None,
) -> FuzzResult:
    """Run every plan through the engine on ``workers`` processes; see the module docstring.
    ``log``, when given, gets one JSON line per crash or hang as soon as it happens."""
    # Import the engine before forking: every worker, the first ones and those started after a
    # hang, then runs the same code, whatever is edited on disk meanwhile.
    import pdfprose.engine.converter  # noqa: F401

    ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
    result = FuzzResult(workers=workers, timeout=timeout)
    queue = list(enumerate(plans))[::-1]
    slots = [_start_worker(ctx, corpus) for _ in range(max(1, workers))]
    started = time.perf_counter()
    done = 0
    last_report = started

    def feed(slot: _Slot) -> None:
        if queue:
            slot.task = queue.pop()
            slot.started = time.perf_counter()
            slot.conn.send(slot.task)
        else:
            slot.task = None

    for slot in slots:
        feed(slot)
    try:
        while any(slot.task is not None for slot in slots):
            busy = [s for s in slots if s.task is not None]
            now = time.perf_counter()
            wait_for = max(0.05, min(s.started + timeout - now for s in busy))
            ready = wait([s.conn for s in busy], timeout=wait_for)
            now = time.perf_counter()
            for i, slot in enumerate(slots):
                if slot.task is None:
                    continue
                index, plan = slot.task
                verdict = None
                if slot.conn in ready:
                    try:
                        _, verdict = slot.conn.recv()
                    except (EOFError, OSError):
                        verdict = ("crash", f"worker died (exit code {slot.process.exitcode})",
                                   now - slot.started, -1)
                elif now - slot.started > timeout:
                    verdict = ("hang", f"no verdict after {timeout:.0f} s", now - slot.started, -1)
                if verdict is None:
                    continue
                outcome, detail, seconds, size = verdict
                done += 1
                result.inputs += 1
                result.outcomes[outcome] += 1
                result.times.append(seconds)
                result.slowest = sorted(result.slowest + [(seconds, plan)], key=lambda x: -x[0])[:10]
                if outcome == "crash":
                    result.crashes.append({"plan": plan, "detail": detail})
                elif outcome == "hang":
                    result.hangs.append({"plan": plan, "detail": detail})
                if outcome in ("crash", "hang") and log is not None:
                    with open(log, "a", encoding="utf-8") as fh:
                        fh.write(json.dumps({"outcome": outcome, "plan": plan, "detail": detail}) + "\n")
                if outcome in ("crash", "hang") and (
                    outcome == "hang" or detail.startswith("worker died")
                ):
                    slot.process.kill()
                    slot.process.join()
                    slot.conn.close()
                    slots[i] = slot = _start_worker(ctx, corpus)
                feed(slot)
            if progress and time.perf_counter() - last_report > 30:
                last_report = time.perf_counter()
                elapsed = last_report - started
                print(f"  {done}/{len(plans)} inputs, {elapsed:.0f} s, "
                      f"{len(result.crashes)} crashes, {len(result.hangs)} hangs", flush=True)
    finally:
        for slot in slots:
            try:
                slot.conn.send(None)
            except (OSError, BrokenPipeError):
                pass
            slot.process.join(timeout=5)
            if slot.process.is_alive():
                slot.process.kill()
                slot.process.join()
    result.wall = time.perf_counter() - started
    return result


def format_summary(summary: dict[str, Any]) -> str:
    lines = [
        f"inputs tried: {summary['inputs']}  (workers {summary['workers']}, "
        f"timeout {summary['timeout_seconds']:.0f} s, seed {summary['seed']})",
        "outcomes:",
    ]
    for kind, count in summary["outcomes"].items():
        lines.append(f"  {kind:28} {count:7d}")
    t = summary["input_seconds"]
    lines.append(f"crashes: {summary['crashes']}   hangs: {summary['hangs']}")
    lines.append(f"time: {summary['wall_seconds']:.0f} s wall; per input median {t['median']} s, "
                 f"p99 {t['p99']} s, max {t['max']} s")
    for crash in summary["crash_list"][:20]:
        lines.append(f"CRASH {json.dumps(crash['plan'])}\n    {crash['detail'].strip().splitlines()[-1] if crash['detail'].strip() else ''}")
    for hang in summary["hang_list"][:20]:
        lines.append(f"HANG  {json.dumps(hang['plan'])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.fuzz", description=__doc__.split("\n")[0])
    p.add_argument("--inputs", type=int, default=1000, help="number of mutated inputs")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per input")
    p.add_argument("--seed", type=int, default=0, help="Hypothesis seed of the plans")
    p.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    p.add_argument("--quick", action="store_true", help="small seed files only")
    p.add_argument("--files", help="comma-separated corpus-relative seed files")
    p.add_argument("--out", type=Path, help="JSON summary (default results/fuzz-<date>.json)")
    p.add_argument("--log", type=Path, help="append each crash and hang here (JSON lines) at once")
    p.add_argument("--replay", type=Path, help="run the plans of a JSON file (a plan or a list)")
    args = p.parse_args(argv)

    files = tuple(args.files.split(",")) if args.files else (QUICK_FILES if args.quick else SEED_FILES)
    missing = [f for f in files if not (args.corpus / f).is_file()]
    if missing:
        print(f"fuzz: corpus files missing under {args.corpus}: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.replay:
        loaded = json.loads(args.replay.read_text())
        plans = loaded if isinstance(loaded, list) else [loaded]
        plans = [p.get("plan", p) for p in plans]
    else:
        t0 = time.perf_counter()
        plans = generate_plans(args.inputs, files, args.seed)
        print(f"{len(plans)} plans drawn by Hypothesis in {time.perf_counter() - t0:.1f} s", flush=True)
    result = run(plans, args.corpus, workers=args.workers, timeout=args.timeout, progress=True,
                 log=args.log)
    result.seed = args.seed
    summary = result.summary()
    print(format_summary(summary))
    out = args.out
    if out is None and not args.replay:
        DEFAULT_OUT.mkdir(parents=True, exist_ok=True)
        out = DEFAULT_OUT / f"fuzz-{dt.date.today().isoformat()}-{len(plans)}.json"
    if out is not None:
        out.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        print(f"written {out}")
    return 1 if summary["crashes"] or summary["hangs"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
