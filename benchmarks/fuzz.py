"""Mutation fuzzing of the whole engine on damaged copies of the corpus PDFs (issues 6, 25).

Run from the repository root::

    python -m benchmarks.fuzz --inputs 20000               # byte-level (both cores, ~1 h here)
    python -m benchmarks.fuzz --inputs 20000 --structured  # structure-aware mutations
    python -m benchmarks.fuzz --inputs 300 --quick         # a short run on small seed files

Every input is a corpus PDF with one to three mutations applied. Byte-level (the default):
byte flips, truncations, chunk duplications and deletions, dictionary-key corruption (a key
renamed, dropped or swapped for another), number corruption (lengths, offsets, counts set to
0, -1 or huge values), PDF keyword corruption (``obj``, ``stream``, ``R``, ``>>``...), and
mutations *inside* a Flate-compressed stream (decompressed, damaged, recompressed) so that
content streams, fonts and CMaps are exercised too, not only the file's outer syntax.
``--structured``: mutations of what the file means, written back out with a true
cross-reference section (``benchmarks/structured.py``): numbers and names inside objects,
objects spliced across files, cross-reference entries duplicated or dropped, ``/Length`` and
``/Count`` lies, streams truncated inside, references redirected into cycles.

The mutation plans are drawn by Hypothesis (``hypothesis.strategies``, a seeded generate phase:
the same ``--seed`` gives the same plans), each plan a small JSON-able dict
(``{"file": ..., "ops": [[kind, ...], ...]}``) that :func:`apply_plan` turns into bytes
deterministically, so a failure is reproduced from its plan alone (``--replay PLAN.json``) and
a regression test needs no stored mutated file.

Each input runs in a child process of its own (``--workers`` at a time, default: the machine's
cores), bounded and classified as ``benchmarks/sandbox.py`` says (``pdfprose.convert``, the
report, Markdown and TXT): ``converted``, ``converted_partial``, ``refused:<code>`` (a clear,
typed error: the expected outcome for a broken file), ``hang`` (no verdict within
``--timeout`` seconds), ``memory`` (past ``--memory-mib`` resident, or a MemoryError),
``traceback:<how>`` (an exception escaped, the engine reported an internal error, a message
shows internal exception text (``leak``), an unclear message, a report that is not strict
JSON), ``died`` (a signal).

The summary gives inputs tried, outcomes by kind, crashes (tracebacks other than leaks, and
deaths), leaks, memory blow-ups and hangs with their plans (and the stack where a hang or a
blow-up was stopped), time and the slowest inputs; ``--out`` writes it as JSON (default
``benchmarks/results/fuzz-<date>-<inputs>[-structured].json``). Exit status 1 when there was
any crash, leak, memory blow-up or hang.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import functools
import os
import random
import re
import sys
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .sandbox import MIB, Limits, Task, run_tasks, top_frames
from .structured import STRUCT_KINDS, mutate, read_pdf

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_OUT = Path(__file__).resolve().parent / "results"

DEFAULT_TIMEOUT = 60.0
"""Seconds one input may take before it counts as a hang. The seed files convert in under 2 s
on an idle core (up to 10 s on a loaded one); an input that takes 60 s is stuck, not slow.
Issue 25's run uses 20 s (``--timeout 20``)."""

MEMORY_LIMIT = 1 << 30
"""Resident bytes an input may use (issue 25: 1 GB): past it the child is stopped (memory)."""

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


@functools.lru_cache(maxsize=64)
def _donor(path: str, corpus: str) -> Any:
    return read_pdf((Path(corpus) / path).read_bytes())


def apply_op(data: bytes, op: list[Any], corpus: Path = DEFAULT_CORPUS) -> bytes:
    """Apply one mutation ``op`` (``[kind, int, ...]``) to ``data``; a structured one
    (``benchmarks/structured.py``) reads a splice's donor file under ``corpus``."""
    kind = op[0]
    if kind in STRUCT_KINDS:
        parsed = read_pdf(data)
        if parsed is None:  # not readable as objects: damage its bytes instead
            ints = [int(x) for x in op[1:4]] + [0, 0, 0]
            return _mutate_bytes(data, ["flip", *ints[:3]])
        return mutate(parsed, op, lambda path: _donor(path, str(corpus)))
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
        data = apply_op(data, op, corpus)
    return data


def plan_strategy(files: tuple[str, ...], structured: bool = False):  # type: ignore[no-untyped-def]
    """The Hypothesis strategy of mutation plans over ``files`` (structure-aware ones with
    ``structured``: a splice names its donor, another of ``files``, after its numbers)."""
    from hypothesis import strategies as st

    big = st.integers(min_value=0, max_value=2**31 - 1)
    if structured:
        op = st.builds(lambda k, a, b, c, d, donor: [k, a, b, c, d] + ([donor] if k == "splice" else []),
                       st.sampled_from(STRUCT_KINDS), big, big, big, big, st.sampled_from(files))
    else:
        op = st.builds(lambda k, a, b, c, d: [k, a, b, c, d], st.sampled_from(OP_KINDS), big, big,
                       big, big)
    return st.fixed_dictionaries(
        {"file": st.sampled_from(files), "ops": st.lists(op, min_size=1, max_size=3)}
    )


def generate_plans(count: int, files: tuple[str, ...], seed: int,
                   structured: bool = False) -> list[dict[str, Any]]:
    """``count`` mutation plans drawn by Hypothesis (generate phase only, seeded)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed

    plans: list[dict[str, Any]] = []

    @hseed(seed)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(plan_strategy(files, structured))
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
    kinds = STRUCT_KINDS if structured else OP_KINDS
    while len(unique) < count:
        ops = []
        for _ in range(rng.randint(1, 3)):
            op: list[Any] = [rng.choice(kinds)] + [rng.randrange(2**31) for _ in range(4)]
            if op[0] == "splice":
                op.append(rng.choice(files))
            ops.append(op)
        plan = {"file": rng.choice(files), "ops": ops}
        key = json.dumps(plan, sort_keys=True)
        if key not in seen:
            seen.add(key)
            unique.append(plan)
    return unique[:count]


def generate_plans_apart(count: int, files: tuple[str, ...], seed: int,
                         structured: bool = False) -> list[dict[str, Any]]:
    """:func:`generate_plans` in a child process, so that Hypothesis and its objects never
    enter the process that forks one child per input: each child's first collection (the
    engine's :mod:`pdfprose.heap`) walks the objects it inherits, and 20,000 inputs would
    each pay for them."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)

    def draw() -> None:
        child.send_bytes(json.dumps(generate_plans(count, files, seed, structured)).encode())

    process = ctx.Process(target=draw)
    process.start()
    child.close()
    try:
        plans = json.loads(parent.recv_bytes())
    except EOFError as exc:
        raise RuntimeError(f"drawing the plans failed (exit status {process.exitcode})") from exc
    process.join()
    return plans


# ------------------------------------------------------------------------------------------
# Running the engine on the inputs (benchmarks/sandbox.py: one child process each).


@dataclass
class FuzzResult:
    inputs: int = 0
    outcomes: Counter = field(default_factory=Counter)
    crashes: list[dict[str, Any]] = field(default_factory=list)
    leaks: list[dict[str, Any]] = field(default_factory=list)
    memory: list[dict[str, Any]] = field(default_factory=list)
    hangs: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    slowest: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    wall: float = 0.0
    workers: int = 0
    timeout: float = 0.0
    seed: int = 0
    structured: bool = False

    def summary(self) -> dict[str, Any]:
        times = sorted(self.times)

        def pct(p: float) -> float:
            return round(times[min(len(times) - 1, int(p * len(times)))], 3) if times else 0.0

        return {
            "inputs": self.inputs,
            "structured": self.structured,
            "outcomes": dict(sorted(self.outcomes.items())),
            "crashes": len(self.crashes),
            "leaks": len(self.leaks),
            "memory": len(self.memory),
            "hangs": len(self.hangs),
            "wall_seconds": round(self.wall, 1),
            "workers": self.workers,
            "timeout_seconds": self.timeout,
            "seed": self.seed,
            "input_seconds": {"median": pct(0.5), "p99": pct(0.99), "max": pct(1.0) if times else 0.0},
            "slowest": [{"seconds": round(t, 2), "plan": p} for t, p in self.slowest],
            "crash_list": self.crashes,
            "leak_list": self.leaks,
            "memory_list": self.memory,
            "hang_list": self.hangs,
        }


def run(
    plans: list[dict[str, Any]] | list[str],
    corpus: Path = DEFAULT_CORPUS,
    workers: int = 2,
    timeout: float = DEFAULT_TIMEOUT,
    progress: bool = False,
    log: Path | None = None,
    memory: int = MEMORY_LIMIT,
    clock: str = "wall",
) -> FuzzResult:
    """Run every plan through the engine, ``workers`` child processes at a time; see the
    module docstring. ``log``, when given, gets one JSON line per input that is not clean
    as soon as it happens."""
    result = FuzzResult(workers=workers, timeout=timeout)
    # Plans as JSON text and tasks made as the children start: every child inherits (and its
    # first collection walks) what this process holds, so it holds few objects.
    texts = [plan if isinstance(plan, str) else json.dumps(plan) for plan in plans]
    del plans
    tasks = (Task(str(i), lambda text=text: apply_plan(json.loads(text), corpus), info={"plan": text})
             for i, text in enumerate(texts))
    limits = Limits(seconds=timeout, rss_bytes=memory, clock=clock)
    started = last_report = time.perf_counter()
    for task, outcome in run_tasks(tasks, jobs=workers, limits=limits):
        plan = json.loads(task.info["plan"])
        label = outcome.label
        result.inputs += 1
        result.outcomes[label] += 1
        result.times.append(outcome.seconds)
        result.slowest = sorted(result.slowest + [(outcome.seconds, plan)], key=lambda x: -x[0])[:10]
        entry = {"plan": plan, "outcome": label, "detail": outcome.detail,
                 "seconds": round(outcome.seconds, 2), "cpu_seconds": round(outcome.cpu_seconds, 2),
                 "peak_mib": round(outcome.peak_rss / MIB),
                 "where": top_frames(outcome.stack, 12)}
        if outcome.verdict == "died" or (outcome.verdict == "traceback" and outcome.code != "leak"):
            result.crashes.append(entry)
        elif outcome.verdict == "traceback":
            result.leaks.append(entry)
        elif outcome.verdict == "memory":
            result.memory.append(entry)
        elif outcome.verdict == "hang":
            result.hangs.append(entry)
        if not outcome.clean and log is not None:
            with open(log, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(entry) + "\n")
        if progress and time.perf_counter() - last_report > 30:
            last_report = time.perf_counter()
            print(f"  {result.inputs}/{len(texts)} inputs, {last_report - started:.0f} s, "
                  f"{len(result.crashes)} crashes, {len(result.leaks)} leaks, "
                  f"{len(result.memory)} memory, {len(result.hangs)} hangs", flush=True)
    result.wall = time.perf_counter() - started
    return result


def format_summary(summary: dict[str, Any]) -> str:
    lines = [
        f"inputs tried: {summary['inputs']}{' (structured)' if summary.get('structured') else ''}  "
        f"(workers {summary['workers']}, timeout {summary['timeout_seconds']:.0f} s, "
        f"seed {summary['seed']})",
        "outcomes:",
    ]
    for kind, count in summary["outcomes"].items():
        lines.append(f"  {kind:28} {count:7d}")
    t = summary["input_seconds"]
    lines.append(f"crashes: {summary['crashes']}   leaks: {summary['leaks']}   "
                 f"memory: {summary['memory']}   hangs: {summary['hangs']}")
    lines.append(f"time: {summary['wall_seconds']:.0f} s wall; per input median {t['median']} s, "
                 f"p99 {t['p99']} s, max {t['max']} s")
    for title, key in (("CRASH", "crash_list"), ("LEAK ", "leak_list"), ("MEMORY", "memory_list"),
                       ("HANG ", "hang_list")):
        for entry in summary[key][:20]:
            detail = entry["detail"].strip().splitlines()[-1] if entry["detail"].strip() else ""
            where = f"\n    at {entry['where'][0]}" if entry.get("where") else ""
            lines.append(f"{title} {json.dumps(entry['plan'])}\n    {detail[:200]}{where}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.fuzz", description=__doc__.split("\n")[0])
    p.add_argument("--inputs", type=int, default=1000, help="number of mutated inputs")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per input")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="what --timeout limits: wall clock or the child's CPU time")
    p.add_argument("--memory-mib", type=int, default=MEMORY_LIMIT // MIB,
                   help="resident memory limit per input")
    p.add_argument("--structured", action="store_true",
                   help="structure-aware mutations (benchmarks/structured.py)")
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
        plans = generate_plans_apart(args.inputs, files, args.seed, args.structured)
        print(f"{len(plans)} plans drawn by Hypothesis in {time.perf_counter() - t0:.1f} s", flush=True)
    count = len(plans)
    texts = [json.dumps(plan) for plan in plans]
    del plans
    result = run(texts, args.corpus, workers=args.workers, timeout=args.timeout, progress=True,
                 log=args.log, memory=args.memory_mib * MIB, clock=args.clock)
    result.seed = args.seed
    result.structured = args.structured
    summary = result.summary()
    print(format_summary(summary))
    out = args.out
    if out is None and not args.replay:
        DEFAULT_OUT.mkdir(parents=True, exist_ok=True)
        kind = "-structured" if args.structured else ""
        out = DEFAULT_OUT / f"fuzz-{dt.date.today().isoformat()}-{count}{kind}.json"
    if out is not None:
        out.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        print(f"written {out}")
    return 1 if summary["crashes"] or summary["leaks"] or summary["memory"] or summary["hangs"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
