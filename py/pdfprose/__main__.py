"""``python -m pdfprose``: the command line (see :mod:`pdfprose.cli`)."""

from .cli import run

run()
