"""How loud pdfminer.six may be in the processes pdfprose itself runs.

pdfminer logs every recoverable oddity of a real-world file at WARNING (a missing FontBBox, a
damaged xref entry...): hundreds of lines for one scanned invoice. The page report already says
what matters to a user, so pdfprose's own entry points (the command line, the browser worker)
keep those logs to errors. The library sets no level when imported: a program that imports
pdfprose owns its logging configuration.
"""

from __future__ import annotations

import logging

PDFMINER_LEVEL = logging.ERROR


def quiet_pdfminer() -> None:
    """Keep pdfminer.six's logs to errors in this process (an entry point's choice)."""
    logging.getLogger("pdfminer").setLevel(PDFMINER_LEVEL)
