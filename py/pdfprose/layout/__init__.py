"""Stage 2-4, the page's layout: glyphs -> words and lines -> reading order (XY-cut) ->
paragraphs, one page at a time (SPEC §2-§6). Pure geometry on :mod:`pdfprose.model`'s data:
no PDF needed, so the tests build glyphs and lines by hand.

:func:`~pdfprose.layout.page_pipeline.analyze_page` runs the stages on one parsed page.
"""
