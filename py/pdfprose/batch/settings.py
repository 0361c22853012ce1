"""What a batch applies to every file: the rendering options and the limits of one conversion.

One frozen, picklable object, so that the same settings reach a local worker process and a Dask
worker unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pdfprose import Options

DEFAULT_TIMEOUT_S = 120.0
"""Seconds one file may take (issue 26). The corpus's slowest files (a 117-page thesis, a 24-page
three-column magazine, a 155-page report) take 3-4 CPU seconds each on the development machine,
about 26 pages per CPU second over the 61 files; 120 s leaves room for books of a thousand pages
and a loaded machine, while a file built to stall is given up within two minutes."""

DEFAULT_MEMORY_MB = 2048
"""Address space (MB) of the process that converts a file, where the platform can limit it
(``RLIMIT_AS``, Linux). A worker starts at about 50 MB of address space, and no corpus file takes
it past 62 MB (51 MB resident; pages are let go once analysed): 2 GB leaves documents of
hundreds of MB room, while issue 25's decompression bombs (1-2 GB inflated, and more) fail with
code ``memory`` instead of taking the machine's memory."""

DEFAULT_MAX_INPUT_MB = 512
"""Megabytes of input read at most for one file (standard input, a device such as /dev/zero,
a file): text-layer PDFs of more than a few hundred MB are rare, and the bytes are held whole."""

MB = 1_000_000
"""Bytes in a megabyte, as the command line's limits count them (the page's 25 MB too)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings of a batch, applied to every file.

    - ``options``: how each text is rendered (format, joined lines, headers, page markers).
    - ``password``: tried on every encrypted file (a batch asks nobody).
    - ``timeout``: seconds a file may take, None for no limit; a file past it fails with code
      ``timeout`` and its worker process is replaced.
    - ``memory_mb``: the address-space limit of the worker process (None: none).
    - ``max_input_mb``: bytes read at most from one input (None: none).
    - ``reports``: write each file's JSON report next to its text.
    - ``resume``: skip a file whose text exists and whose sha256 is the manifest's.
    - ``verbose``: the worker processes keep their standard error (library logs, crashes).
    """

    options: Options = field(default_factory=Options)
    password: str = ""
    timeout: float | None = DEFAULT_TIMEOUT_S
    memory_mb: int | None = DEFAULT_MEMORY_MB
    max_input_mb: int | None = DEFAULT_MAX_INPUT_MB
    reports: bool = False
    resume: bool = False
    verbose: bool = False

    def __post_init__(self) -> None:
        if self.timeout is not None and not self.timeout > 0:
            raise ValueError(f"timeout must be positive seconds or None, not {self.timeout!r}")
        for name in ("memory_mb", "max_input_mb"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or value <= 0):
                raise ValueError(f"{name} must be a positive number of MB or None, not {value!r}")

    @property
    def max_input_bytes(self) -> int | None:
        return None if self.max_input_mb is None else self.max_input_mb * MB

    @property
    def extension(self) -> str:
        """The text files' extension: ``.txt`` or ``.md``."""
        return ".md" if self.options.format == "md" else ".txt"
