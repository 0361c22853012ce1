"""Who sets pdfminer.six's log level: pdfprose's entry points, never the library's import."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from pdfgen import columns_pdf

PROBE = """
import logging, sys
import pdfprose, pdfprose.pdf.document, pdfprose.engine.converter
print(logging.getLogger("pdfminer").level)
pdfprose.convert(open(sys.argv[1], "rb").read())
print(logging.getLogger("pdfminer").level)
from pdfprose import cli
cli.main([sys.argv[1], "-o", sys.argv[2]])
print(logging.getLogger("pdfminer").level)
"""


def test_importing_or_calling_the_library_leaves_logging_to_the_program(tmp_path: Path) -> None:
    pdf = tmp_path / "doc.pdf"
    columns_pdf(pdf, 1, title="Logs")
    run = subprocess.run([sys.executable, "-c", PROBE, str(pdf), str(tmp_path / "doc.txt")],
                         capture_output=True, text=True, check=True)
    imported, converted, command = (int(v) for v in run.stdout.split())
    assert (imported, converted) == (logging.NOTSET, logging.NOTSET)
    assert command == logging.ERROR


def test_the_browser_session_keeps_pdfminer_to_errors() -> None:
    from pdfprose.engine.web import WebSession

    logger = logging.getLogger("pdfminer")
    saved = logger.level
    try:
        logger.setLevel(logging.NOTSET)
        WebSession()
        assert logger.level == logging.ERROR
    finally:
        logger.setLevel(saved)
