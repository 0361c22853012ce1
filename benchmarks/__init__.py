"""pdfprose benchmarks: text-quality scoring (:mod:`benchmarks.scoring`), the probe judge
(:mod:`benchmarks.probes`) and the side-by-side quality run (``python -m benchmarks.quality``),
the layout benchmark on generated documents (``python -m benchmarks.layouts``: generators in
:mod:`benchmarks.layoutgen`, scores in :mod:`benchmarks.layoutscore`),
speed (``benchmarks.speed``, ``benchmarks.stages``), robustness (``benchmarks.fuzz``) and the
output dump that proves a change left the output as it was (``benchmarks.outputs``).

Each measures the engine of the checkout it belongs to: its ``py/`` goes first on the import
path, before any pdfprose installed elsewhere (an editable install of another clone, or an
older wheel), which would otherwise be what gets timed or compared."""

import sys
from pathlib import Path

_ENGINE = str(Path(__file__).resolve().parents[1] / "py")
if sys.path[:1] != [_ENGINE]:
    sys.path.insert(0, _ENGINE)
