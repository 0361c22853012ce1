"""Helpers of the batch and command-line tests: tiny PDFs, and the command run as a user runs it,
with the test-only hooks of tests/batch_hooks (a PDF that stalls, one that crashes) when asked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import random
import zlib
from pathlib import Path
from typing import Any

from pdfgen import build_pdf

HOOKS = Path(__file__).resolve().parent / "batch_hooks"


def tiny_pdf(*lines: str, mark: bytes = b"") -> bytes:
    """A one-page PDF with ``lines`` of Helvetica text; ``mark`` (``b"%STALL"``, ``b"%CRASH"``)
    goes in a comment inside its first object, where the hooks look for it."""
    content = b" ".join(b"BT /F1 12 Tf 72 %d Td (%s) Tj ET" % (700 - 20 * n, line.encode())
                        for n, line in enumerate(lines))
    return build_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>" + (b" " + mark if mark else b""),
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
           b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        5: b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    })


BOMB_PADDING = 6_000_000
"""Bytes of incompressible padding in :func:`bomb_pdf`'s file: the engine inflates a file's
streams to at most 40 times its size (``pdfprose.budgets.ReadBudgets``), so a bomb meant to
need more memory than a limit of 150 MB must come in a file of 4 MB or more."""


def bomb_pdf(megabytes: int) -> bytes:
    """A one-page PDF whose content stream inflates to ``megabytes`` MB of spaces (a
    decompression bomb; about 1/1000 of that on disk), in a file padded by BOMB_PADDING random
    bytes (an unused stream), so that the read budget lets it inflate to 240 MB."""
    packer = zlib.compressobj(1)
    body = packer.compress(b"BT /F1 12 Tf 72 700 Td (bomb) Tj ET\n")
    chunk = b" " * 1_000_000
    for _ in range(megabytes):
        body += packer.compress(chunk)
    body += packer.flush()
    return build_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
           b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        5: b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(body) + body + b"\nendstream",
        6: b"<< /Length %d >>\nstream\n" % BOMB_PADDING + random.Random(6).randbytes(BOMB_PADDING)
           + b"\nendstream",
    })


def hooked_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HOOKS), *filter(None, [env.get("PYTHONPATH")])])
    env.update(extra)
    return env


def pdfprose(*args: str, hooks: bool = False, cwd: Path | None = None,
             input: bytes | None = None, timeout: float = 180,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m pdfprose ARGS``; text output (errors replaced), bytes input."""
    done = subprocess.run([sys.executable, "-m", "pdfprose", *args], capture_output=True,
                          input=input, cwd=cwd, timeout=timeout,
                          env=env or (hooked_env() if hooks else None))
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


def manifest(outdir: Path) -> dict[str, dict[str, Any]]:
    """The manifest's lines by key (the text's path, written or not); asserts one line per
    key, and that ``output`` names a text only where one was written."""
    lines = [json.loads(line) for line in (outdir / "manifest.jsonl").read_text().splitlines()]
    by_key = {line["key"]: line for line in lines}
    assert len(by_key) == len(lines), "one line per file"
    for key, line in by_key.items():
        assert line["output"] in (None, key)
        assert (line["output"] is not None) == (outdir / key).is_file(), line
    return by_key


def texts(outdir: Path) -> dict[str, str]:
    """Every text and report under ``outdir`` (not the manifest), by relative path."""
    return {p.relative_to(outdir).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(outdir.rglob("*")) if p.is_file() and p.name != "manifest.jsonl"}
