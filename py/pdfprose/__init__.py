"""pdfprose: the text layer of a PDF back into clean plain text or Markdown.

Usage::

    from pdfprose import convert, Options
    conversion = convert(open("paper.pdf", "rb").read())
    text = conversion.render(Options(format="md"))
    report = conversion.report()

See :class:`Converter` for page-by-page progress, and :class:`LayoutParams` for the layout
thresholds (``convert(data, params=LayoutParams(...))``).
"""

from .engine.conversion import Conversion
from .engine.converter import Converter, convert
from .errors import (
    EmptyFileError,
    InternalError,
    NoPagesError,
    NotAPdfError,
    NoTextError,
    PasswordRequiredError,
    PdfProseError,
    TooLargeError,
    TooManyPagesError,
    TruncatedPdfError,
    UnreadablePdfError,
    UnsupportedEncryptionError,
    WrongPasswordError,
)
from .notice import Notice
from .options import MAX_FILE_BYTES, MAX_PAGES, Options
from .params import DEFAULT_PARAMS, LayoutParams

__version__ = "0.1.0"

__all__ = [
    "Conversion",
    "Converter",
    "convert",
    "Options",
    "Notice",
    "LayoutParams",
    "DEFAULT_PARAMS",
    "MAX_FILE_BYTES",
    "MAX_PAGES",
    "PdfProseError",
    "NotAPdfError",
    "EmptyFileError",
    "NoTextError",
    "PasswordRequiredError",
    "WrongPasswordError",
    "TooManyPagesError",
    "TooLargeError",
    "UnreadablePdfError",
    "TruncatedPdfError",
    "NoPagesError",
    "UnsupportedEncryptionError",
    "InternalError",
]
