"""Errors raised by pdfprose, each with a stable ``code`` the page translates.

Every error carries ``code`` (a short machine word, stable across versions) and ``params`` (the
numbers a message needs, such as the file's page count and the limit), so that the browser shell
can show the message in Spanish or English without parsing English text.
"""

from __future__ import annotations


class PdfProseError(Exception):
    """Base class: a conversion could not start or could not finish.

    ``str(error)`` is one clear English sentence; ``code`` and ``params`` let a caller localize it.
    """

    code = "error"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.params: dict[str, object] = params


class NotAPdfError(PdfProseError):
    """The bytes are empty or do not start like a PDF (no ``%PDF-`` header near the start)."""

    code = "not_pdf"


class EmptyFileError(NotAPdfError):
    """The file has no byte at all (a download or copy that never started): its own code, so that
    the command line's manifest and the page's report.json say the same of it."""

    code = "empty_file"


class UnreadablePdfError(PdfProseError):
    """The file looks like a PDF but has no page pdfminer.six can find (broken beyond repair)."""

    code = "unreadable"


class NoPagesError(UnreadablePdfError):
    """The file is a readable PDF whose page tree is empty (``/Count 0``, no ``/Kids``): it has
    no page to convert, and nothing is wrong with it."""

    code = "no_pages"


class TruncatedPdfError(UnreadablePdfError):
    """The file stops before its end (an interrupted download or copy) and no page could be
    recovered from what is there (``params``: ``bytes``, the file's size)."""

    code = "truncated"


class UnsupportedEncryptionError(PdfProseError):
    """The file is encrypted with a method pdfprose cannot open (certificate security, an
    unknown security handler or algorithm); ``params``: ``method``."""

    code = "unsupported_encryption"


class PasswordRequiredError(PdfProseError):
    """The file is encrypted with a user password and none was given."""

    code = "password_required"


class WrongPasswordError(PdfProseError):
    """The file is encrypted with a user password and the one given does not open it."""

    code = "wrong_password"


class InternalError(PdfProseError):
    """The engine itself failed on this file (a bug in pdfprose, not a fault of the file).

    The safety net of :func:`pdfprose.convert`: no other exception type escapes it. ``params``:
    ``stage`` (where it failed) and ``type`` (the original exception's class name).
    """

    code = "internal"


class TooManyPagesError(PdfProseError):
    """The document has more pages than the caller's limit (``params``: ``pages``, ``limit``)."""

    code = "too_many_pages"


class TooLargeError(PdfProseError):
    """The file is larger than the caller's limit in bytes (``params``: ``bytes``, ``limit``)."""

    code = "too_large"


class NoTextError(PdfProseError):
    """Every page is empty (no text layer at all): the document needs OCR.

    ``params``: ``pages`` (the page count). Raised only by callers that refuse to produce an empty
    document, such as the command line; :class:`pdfprose.Conversion` itself reports empty pages.
    """

    code = "no_text"
