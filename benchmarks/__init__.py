"""pdfprose benchmarks: text-quality scoring (:mod:`benchmarks.scoring`), the probe judge
(:mod:`benchmarks.probes`) and the side-by-side quality run (``python -m benchmarks.quality``)."""
