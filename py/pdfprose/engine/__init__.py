"""The engine: the stages driven for a whole document. :class:`~pdfprose.engine.converter.Converter`
analyses a PDF page by page and runs the document passes, giving a
:class:`~pdfprose.engine.conversion.Conversion`; a long document may be split between two
converters (:mod:`~pdfprose.engine.split`); :mod:`~pdfprose.engine.notices` words what could not
be read; :mod:`~pdfprose.engine.web` is the bridge the browser worker calls, and
:mod:`~pdfprose.engine.heap` keeps the cycle collector off the pages analysed so far.
"""
