"""Stage 5, the document passes: what needs every page at once (SPEC §8-§10). The shared
statistics are computed once (:mod:`~pdfprose.document.statistics`), then each pass marks
paragraphs (running heads and page numbers, headings, list items, paragraphs going on across a
break) and never deletes one, so that any option re-renders without a new analysis.

:func:`~pdfprose.document.passes.run_document_passes` runs them in order.
"""
