"""Run pdfprose on one input in a child process, bounded in time and memory, and say what came
of it: the verdicts of issue 25, shared by the hostile-input suite and the fuzzer.

Each input gets a process of its own, forked from the caller (the engine imported once, before
the fork), so that its peak resident memory is its own and nothing it leaves behind reaches the
next input. The parent polls the child's resident set (``/proc/PID/status``) and stops it past
``Limits.rss_bytes`` (verdict ``memory``) or past ``Limits.seconds`` of wall clock from the
moment the input is ready (``hang``); before killing it, it asks the child for its Python stack
(``faulthandler`` on SIGUSR1), which says where the engine looped or inflated. An address-space
limit (``RLIMIT_AS``) well above the resident one is the backstop for an allocation too large
and too quick to poll.

Verdicts:

- ``converted``: every page analysed, nothing reported lost;
- ``converted_partial``: some pages failed, or the file was recovered from damage (the report's
  ``partial`` or ``failed_pages``);
- ``refused``: a typed :class:`pdfprose.errors.PdfProseError` with a clear one-line message
  (``code``: its code, such as ``unreadable`` or ``password_required``);
- ``hang``: no verdict within ``Limits.seconds``;
- ``memory``: resident memory past ``Limits.rss_bytes``, or a MemoryError (the address limit);
- ``traceback``: raw exception text or a Python traceback reaches the user (``code``:
  ``exception``, an exception escaped the API; ``internal``, the engine's own safety net
  reported a bug, an internal error; ``leak``, a message, warning or failed page's reason shows
  an internal exception's text, such as ``ValueError: Invalid IV size (0) for CBC``,
  ``PSSyntaxError`` or ``generator raised StopIteration``; ``unclear``, an error message that
  is empty or not one line; ``json``, a report that is not strict JSON);
- ``died``: the child ended without a verdict (``code``: the signal, such as ``SIGSEGV``), or
  the suite's own code failed (``harness``: the input could not be built, say).

With ``via="cli"`` the input goes through the command line's ``main`` instead (standard output
and error captured): exit status 0 is converted, 1 refused (code ``cli``), anything on standard
error that is not one of its own ``pdfprose:`` lines, or shows exception text, a traceback.
"""

from __future__ import annotations

import faulthandler
import json
import multiprocessing as mp
import os
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

VERDICTS = ("converted", "converted_partial", "refused", "hang", "memory", "traceback", "died")
CLEAN = ("converted", "converted_partial", "refused")

MIB = 1 << 20

WALL_BACKSTOP = 6.0
"""With ``clock="cpu"``, a child still running after this many times its limit by the wall
clock is stopped as a hang (it sleeps, or the machine is starved)."""


@dataclass(frozen=True)
class Limits:
    """The bounds of one input (issue 25: 20 s, 1 GB resident)."""

    seconds: float = 20.0
    rss_bytes: int = 1 << 30
    clock: str = "wall"
    """What ``seconds`` limits: ``"wall"`` (issue 25's definition: what a user waits) or
    ``"cpu"`` (the child's CPU time, read from ``/proc``: the same verdict on a loaded machine
    as on an idle one; the wall clock then stops a child at ``backstop`` times the limit)."""
    backstop: float = WALL_BACKSTOP
    """With ``clock="cpu"``: the multiple of ``seconds`` of wall clock after which a child is
    stopped as a hang whatever CPU time it has had (a niced run on a machine at load 20 gets
    a hundredth of a core: a class of 8 CPU s needs 800 s)."""
    address_bytes: int = 6 << 30
    """RLIMIT_AS of the child: the backstop for an allocation too quick for the poll (a
    Python process with the engine maps about 0.3 GiB of address space it never touches)."""
    poll_seconds: float = 0.02
    """How often the parent reads the children's resident sets (a bomb inflating at 1 GB/s
    overshoots the limit by about 20 MB between two reads)."""
    build_seconds: float = 120.0
    """Time the child may take to build its input before the clock starts."""


@dataclass
class Task:
    """One input: ``build`` makes its bytes in the child (so that the parent never holds
    thousands of files), or its bytes and its markers; ``markers`` are phrases of its text by
    page, checked in the output."""

    key: str
    build: Callable[[], bytes | tuple[bytes, dict[int, str]]]
    markers: dict[int, str] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    verdict: str
    code: str = ""
    detail: str = ""
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    peak_rss: int = 0
    size: int = 0
    pages: int = 0
    failed_pages: list[int] = field(default_factory=list)
    found: dict[int, bool] = field(default_factory=dict)
    stack: str = ""

    @property
    def clean(self) -> bool:
        return self.verdict in CLEAN

    @property
    def label(self) -> str:
        """``refused:unreadable``, ``traceback:leak``, or the verdict alone."""
        return f"{self.verdict}:{self.code}" if self.verdict in ("refused", "traceback") else self.verdict

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# -- what the user sees: leaks of internal text --------------------------------------------

LEAK = re.compile(
    r"Traceback \(most recent call last\)"
    r"|\b[A-Z][A-Za-z0-9]*(?:Error|Exception|Warning|EOF)\b"
    r"|\bStopIteration\b|\bgenerator raised\b|\bKeyboardInterrupt\b"
    r"|<PDF[A-Za-z]+[ :>]|\bPS(?:Literal|Keyword)\b|/'[^']*'"
    r"|\bobject of type\b|\bhas no attribute\b|\bunsupported operand\b|\binvalid literal for\b"
    r"|\bnot subscriptable\b|\bindex out of range\b|\bcodec can't\b|\bInvalid IV\b"
)
"""Text that is an internal exception's, not a message written for the user: an exception
class's name (``PSSyntaxError``, ``ValueError``), Python's own wording (``generator raised
StopIteration``, ``object of type``), a traceback, pdfminer.six's object reprs (``/'Font'``,
``<PDFObjRef:5>``)."""


def leaked(texts: Iterable[str]) -> str:
    """The first internal text found in ``texts`` (with a little context), or ``""``."""
    for text in texts:
        m = LEAK.search(text)
        if m:
            start = max(0, m.start() - 60)
            return " ".join(text[start : m.end() + 60].split())
    return ""


# -- the engine, in the child ----------------------------------------------------------------


def _found(text: str, markers: dict[int, str]) -> dict[int, bool]:
    return {page: phrase in text for page, phrase in markers.items()}


def api_engine(data: bytes, markers: dict[int, str]) -> dict[str, Any]:
    """Convert ``data`` as the page and the command line do (``pdfprose.convert``, the report,
    Markdown and TXT) and classify the result (see the module docstring)."""
    from pdfprose import Options, convert
    from pdfprose.errors import PdfProseError

    try:
        conversion = convert(data)
        report = conversion.report()
        conversion.render(Options(format="md"))
        text = conversion.render(Options(format="txt", join_lines=False, remove_headers=False))
    except PdfProseError as exc:
        message = str(exc)
        if exc.code == "internal":
            return {"verdict": "traceback", "code": "internal", "detail": message}
        if "MemoryError" in message:
            return {"verdict": "memory", "code": "address", "detail": message}
        if not message or "\n" in message:
            return {"verdict": "traceback", "code": "unclear", "detail": repr(message)}
        leak = leaked([message])
        if leak:
            return {"verdict": "traceback", "code": "leak", "detail": f"refused {exc.code}: {leak}"}
        return {"verdict": "refused", "code": exc.code, "detail": message}
    except MemoryError:
        return {"verdict": "memory", "code": "address", "detail": "MemoryError"}
    except BaseException as exc:  # noqa: BLE001 - exactly what this looks for
        import traceback

        return {"verdict": "traceback", "code": "exception",
                "detail": "".join(traceback.format_exception(exc))[-3000:]}
    failed = [int(f["number"]) for f in report.get("failed_pages", [])]
    result: dict[str, Any] = {"pages": len(conversion.pages), "failed_pages": failed,
                              "found": _found(text, markers)}
    shown = [str(f.get("reason", "")) for f in report.get("failed_pages", [])]
    shown += [str(w) for w in report.get("warnings", [])]
    shown += [str(n.get("message", "")) for n in report.get("notices", [])]
    try:
        json.dumps(report, allow_nan=False)
        for page in conversion.pages:  # what the browser worker sends
            json.dumps({**page.summary(), "geometry": page.geometry()}, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return {**result, "verdict": "traceback", "code": "json", "detail": f"report: {exc}"}
    if any(r.startswith("internal error") for r in shown) or any(
            n.get("code") == "internal" for n in report.get("notices", [])):
        internal = next((r for r in shown if "internal" in r), "an internal notice")
        return {**result, "verdict": "traceback", "code": "internal", "detail": internal}
    if any("MemoryError" in r for r in shown):
        return {**result, "verdict": "memory", "code": "address",
                "detail": next(r for r in shown if "MemoryError" in r)}
    leak = leaked(shown)
    if leak:
        return {**result, "verdict": "traceback", "code": "leak", "detail": leak}
    partial = bool(failed) or bool(report.get("partial"))
    return {**result, "verdict": "converted_partial" if partial else "converted",
            "detail": "; ".join(shown)[:300]}


def cli_engine(data: bytes, markers: dict[int, str]) -> dict[str, Any]:
    """Run the command line's ``main`` on ``data`` written to a file (``-o`` and ``--report``
    to files), standard output and error captured; classify its exit status and standard
    error."""
    from pdfprose import cli

    with tempfile.TemporaryDirectory(prefix="pdfprose-cli-") as tmp:
        src, out, rep = Path(tmp, "in.pdf"), Path(tmp, "out.txt"), Path(tmp, "report.json")
        err = Path(tmp, "stderr")
        src.write_bytes(data)
        saved = os.dup(2), os.dup(1)
        with open(err, "wb") as fh, open(os.devnull, "wb") as null:
            os.dup2(fh.fileno(), 2)
            os.dup2(null.fileno(), 1)
            try:
                status = cli.main([str(src), "-o", str(out), "--report", str(rep)])
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 2
            except MemoryError:
                status = "MemoryError"
            except BaseException as exc:  # noqa: BLE001
                import traceback

                traceback.print_exception(exc)
                status = "exception"
            finally:
                sys.stderr.flush()
                os.dup2(saved[0], 2)
                os.dup2(saved[1], 1)
        stderr = err.read_text("utf-8", "replace")
        text = out.read_text("utf-8", "replace") if out.exists() else ""
        report = json.loads(rep.read_text("utf-8")) if rep.exists() and rep.stat().st_size else {}
    lines = [l for l in stderr.splitlines() if l.strip()]
    failed = [int(f["number"]) for f in report.get("failed_pages", [])]
    result: dict[str, Any] = {"pages": len(report.get("pages", [])), "failed_pages": failed,
                              "found": _found(text, markers)}
    if status == "MemoryError" or "MemoryError" in stderr:
        return {**result, "verdict": "memory", "code": "address", "detail": stderr[-300:]}
    foreign = [l for l in lines if not l.startswith("pdfprose: ")]
    leak = leaked(lines)
    if status not in (0, 1) or foreign or leak:
        return {**result, "verdict": "traceback", "code": "exception" if foreign else "leak",
                "detail": (leak or "\n".join(foreign) or f"exit status {status}")[-3000:]}
    if status == 1:
        return {**result, "verdict": "refused", "code": "cli", "detail": lines[-1] if lines else ""}
    partial = bool(failed) or bool(report.get("partial"))
    return {**result, "verdict": "converted_partial" if partial else "converted",
            "detail": " ".join(lines)[:300]}


ENGINES: dict[str, Callable[[bytes, dict[int, str]], dict[str, Any]]] = {
    "api": api_engine, "cli": cli_engine,
}


def _harness_failed(conn: Connection, what: str, exc: Exception) -> None:
    """Report a failure of the suite's own code as ``died`` (code ``harness``), never as a
    verdict on the engine, and end the child."""
    import traceback

    detail = f"{what}: " + "".join(traceback.format_exception(exc))[-2000:]
    conn.send(("done", {"verdict": "died", "code": "harness", "detail": detail}))
    conn.close()
    os._exit(1)


def _child(conn: Connection, task: Task, via: str, limits: Limits, stack_path: str) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limits.address_bytes, limits.address_bytes))
    except (ImportError, ValueError, OSError):
        pass
    stack_file = open(stack_path, "w")  # noqa: SIM115 - kept open for faulthandler
    faulthandler.register(signal.SIGUSR1, file=stack_file, all_threads=False)
    try:
        built = task.build()
    except Exception as exc:  # noqa: BLE001 - a bug of the generator, not of the engine
        _harness_failed(conn, "the input could not be built", exc)
    data, markers = (built, task.markers) if isinstance(built, bytes) else built
    conn.send(("start", len(data)))
    started = time.perf_counter()
    cpu = time.process_time()
    try:
        result = ENGINES[via](data, markers)
    except Exception as exc:  # noqa: BLE001 - the engines classify what pdfprose raises
        _harness_failed(conn, "the harness failed", exc)
    result["seconds"] = time.perf_counter() - started
    result["cpu_seconds"] = time.process_time() - cpu
    result["size"] = len(data)
    try:
        import resource

        result["peak_rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    except ImportError:
        pass
    conn.send(("done", result))
    conn.close()
    os._exit(0)  # no clean-up: the parent has the verdict, and a bomb's heap is large


# -- the parent: children, clocks, memory -------------------------------------------------------


def _status(pid: int) -> tuple[int, int]:
    """``(resident, peak resident)`` bytes of ``pid``, from ``/proc`` (0, 0 when unreadable)."""
    rss = hwm = 0
    try:
        with open(f"/proc/{pid}/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmRSS:"):
                    rss = int(line.split()[1]) * 1024
                elif line.startswith(b"VmHWM:"):
                    hwm = int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return rss, hwm


def _cpu(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


@dataclass
class _Running:
    task: Task
    process: Any
    conn: Connection
    stack_path: str
    forked: float
    started: float | None = None
    size: int = 0
    peak: int = 0
    cpu_at_start: float = 0.0
    # A forked child's resident set counts the pages it shares with its parent: a test process
    # that holds converted documents starts its children past a small limit. The limit is on
    # what the child adds to the parent's resident memory at the fork.
    shared: int = 0


def _overdue(run: _Running, limits: Limits, now: float) -> bool:
    assert run.started is not None
    wall = now - run.started
    if limits.clock == "wall":
        return wall > limits.seconds
    if wall > limits.seconds * limits.backstop:
        return True
    return wall > limits.seconds and _cpu(run.process.pid) - run.cpu_at_start > limits.seconds


def _stop(run: _Running, verdict: str, code: str, detail: str, now: float) -> Outcome:
    """Ask the child for its stack, then kill it."""
    pid = run.process.pid
    cpu = _cpu(pid) - run.cpu_at_start
    try:
        os.kill(pid, signal.SIGUSR1)
        deadline = time.perf_counter() + 1.0
        while time.perf_counter() < deadline and not Path(run.stack_path).stat().st_size:
            time.sleep(0.02)
        time.sleep(0.05)
    except (OSError, ProcessLookupError):
        pass
    run.process.kill()
    run.process.join()
    stack = Path(run.stack_path).read_text("utf-8", "replace") if Path(run.stack_path).exists() else ""
    seconds = now - (run.started if run.started is not None else run.forked)
    return Outcome(verdict, code, detail, seconds=seconds, cpu_seconds=cpu, peak_rss=run.peak,
                   size=run.size, stack=stack.strip())


def run_tasks(tasks: Iterable[Task], jobs: int = 2, limits: Limits = Limits(), via: str = "api",
              ) -> Iterator[tuple[Task, Outcome]]:
    """Run every task in a child process of its own, ``jobs`` at a time; yield ``(task,
    outcome)`` as each ends (not in the tasks' order)."""
    if via not in ENGINES:
        raise ValueError(f"via must be one of {sorted(ENGINES)}")
    import pdfprose.engine.converter  # noqa: F401 - import the engine once, before forking
    if via == "cli":
        import pdfprose.cli  # noqa: F401

    ctx = mp.get_context("fork")
    pending = iter(tasks)
    running: list[_Running] = []
    with tempfile.TemporaryDirectory(prefix="pdfprose-sandbox-") as tmp:
        serial = 0

        def start(task: Task) -> _Running:
            nonlocal serial
            serial += 1
            stack_path = os.path.join(tmp, f"{serial}.stack")
            parent, child = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_child, args=(child, task, via, limits, stack_path),
                                  daemon=True)
            process.start()
            child.close()
            return _Running(task, process, parent, stack_path, time.perf_counter(),
                            shared=_status(os.getpid())[0])

        exhausted = False
        while True:
            while not exhausted and len(running) < max(1, jobs):
                task = next(pending, None)
                if task is None:
                    exhausted = True
                    break
                running.append(start(task))
            if not running:
                return
            ready = wait([r.conn for r in running], timeout=limits.poll_seconds)
            now = time.perf_counter()
            for run in list(running):
                outcome = None
                if run.conn in ready:
                    try:
                        kind, payload = run.conn.recv()
                    except (EOFError, OSError):
                        run.process.join(timeout=5)
                        code = run.process.exitcode
                        name = signal.Signals(-code).name if code and code < 0 else f"status {code}"
                        outcome = Outcome("died", name, f"the child ended ({name})",
                                          seconds=now - (run.started or run.forked),
                                          peak_rss=run.peak, size=run.size)
                    else:
                        if kind == "start":
                            run.started, run.size = time.perf_counter(), int(payload)
                            run.cpu_at_start = _cpu(run.process.pid)
                        else:
                            run.process.join(timeout=5)
                            payload["peak_rss"] = max(int(payload.get("peak_rss", 0)), run.peak)
                            outcome = Outcome(**{k: v for k, v in payload.items()
                                                 if k in Outcome.__dataclass_fields__})
                if outcome is None:
                    rss, hwm = _status(run.process.pid)
                    run.peak = max(run.peak, hwm, rss)
                    if rss - run.shared > limits.rss_bytes:
                        outcome = _stop(run, "memory", "rss",
                                        f"resident memory past {limits.rss_bytes // MIB} MiB", now)
                    elif run.started is not None and _overdue(run, limits, now):
                        outcome = _stop(run, "hang", "", f"no verdict after {limits.seconds:g} s "
                                        f"({limits.clock} clock)", now)
                    elif run.started is None and now - run.forked > limits.build_seconds:
                        outcome = _stop(run, "died", "build", "the input took too long to build", now)
                if outcome is not None:
                    run.conn.close()
                    running.remove(run)
                    yield run.task, outcome


def top_frames(stack: str, count: int = 6, engine_only: bool = False) -> list[str]:
    """The innermost ``count`` frames of a faulthandler dump as ``module.py:LINE in func``
    (site-packages and the repository's paths cut)."""
    frames = []
    for line in stack.splitlines():
        m = re.match(r'\s*File "([^"]+)", line (\d+) in (\S+)', line)
        if not m:
            continue
        path, lineno, func = m.groups()
        short = re.sub(r".*/site-packages/", "", path)
        short = re.sub(r".*/py/pdfprose/", "pdfprose/", short)
        short = re.sub(r".*/benchmarks/", "benchmarks/", short)
        if engine_only and not (short.startswith("pdfminer/") or short.startswith("pdfprose/")):
            continue
        frames.append(f"{short}:{lineno} in {func}")
    return frames[:count]  # faulthandler lists the innermost frame first
