"""Stage 6, the output: the analysed pages rendered as plain text or Markdown, the lines of a
paragraph joined with de-hyphenation from the document's own vocabulary (SPEC §6, §7, §12). Pure
functions of the analysis and the :class:`~pdfprose.options.Options`: no parsing happens here.
"""
