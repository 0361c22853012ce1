"""Test-only: PDFs that stall or crash their reader, for the batch's time limit and sandbox.

Put on PYTHONPATH by the tests for the processes they start (the command line and, through it,
the batch's worker children): Python imports ``sitecustomize`` at start-up, and this one wraps
pdfprose's conversion so that a PDF whose first kilobyte holds the comment ``%STALL`` sleeps for
an hour (the way a hostile file stalls a reader, but on purpose and whatever the engine learns
to withstand), and one that holds ``%CRASH`` kills its process with SIGSEGV (a crash in a C
extension). When ``PDFPROSE_TEST_FLAG`` names a file, the stalling process writes its pid there
first, so that a test knows when to send its signal. Nothing of this is in pdfprose itself.
"""

import os
import signal
import time

STALL, CRASH = b"%STALL", b"%CRASH"

try:
    from pdfprose.batch import outcome as _outcome
except ImportError:  # pragma: no cover - the hook is only ever used where pdfprose is
    _outcome = None

if _outcome is not None:
    _real = _outcome.convert

    def _hostile(data, *args, **kwargs):  # type: ignore[no-untyped-def]
        head = bytes(data[:1024])
        if STALL in head:
            flag = os.environ.get("PDFPROSE_TEST_FLAG")
            if flag:
                with open(flag + ".part", "w") as out:
                    out.write(str(os.getpid()))
                os.replace(flag + ".part", flag)
            time.sleep(3600)
        if CRASH in head:
            os.kill(os.getpid(), signal.SIGSEGV)
        return _real(data, *args, **kwargs)

    _outcome.convert = _hostile
