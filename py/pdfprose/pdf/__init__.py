"""Stage 1, the PDF: open a file with pdfminer.six (repairing what it can of a damaged one), read
its fonts, and record each glyph a page draws, in page space, leaving out what a reader cannot
see; then judge whether a page is empty or garbled (SPEC §1, §11, §13).

:func:`~pdfprose.pdf.document.open_pdf` gives a :class:`~pdfprose.pdf.document.ParsedDocument`,
whose pages parse one at a time into :class:`~pdfprose.pdf.document.ParsedPage` (glyphs).
"""
