"""Which files a batch converts, and where each text goes.

Inputs are files, folders (searched recursively for ``*.pdf``, any case, skipping hidden files:
any whose path below the folder has a part starting with ``.``, such as ``.secret.pdf`` or
``.cache/a.pdf``; the page skips the same), fsspec URLs of either
(a URL may hold a glob: ``s3://bucket/2024/*/*.pdf``), and ``-``: a list of paths or URLs on
standard input, one per line (or NUL-separated, as ``find -print0`` writes them).

Where the texts go keeps the folders' layout: each text's path under OUTDIR is its PDF's path
below the deepest folder that all inputs share (a folder given counts as itself, a file as its
folder), with the extension changed. ``pdfprose archive -o out`` writes ``archive/2024/x.pdf``
to ``out/2024/x.txt``; ``pdfprose a/report.pdf b/report.pdf -o out`` writes ``out/a/report.txt``
and ``out/b/report.txt``. Inputs on different file systems (a local folder and a bucket) are laid
out each below its own shared folder. When two inputs would still get one text (``x.pdf`` and
``x.PDF``; the same name in two buckets), names are given in one order that neither the
command line's order nor the file system's listing changes, :func:`name_order` (the page's
"Download all" follows it too, app/shell/archive.js): ``x.pdf`` gets ``x.txt`` and ``x.PDF``
``x-2.txt`` (``-3`` ...). The same inputs always give the same names, which ``--resume`` relies
on.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass

from .storage import filesystem, is_url

PDF_SUFFIX = ".pdf"
MAX_LIST_LINE = 65536
"""Bytes a line of the path list may have (paths are at most 4096 bytes on Linux; a longer line
is not a list of paths, such as a PDF piped in by mistake)."""

GLOB_MAGIC = ("*", "?", "[")


@dataclass(frozen=True, slots=True)
class Job:
    """One file of a batch: ``source`` (a path or URL, as given) and ``output`` (the text's
    POSIX path relative to OUTDIR). ``index`` is its place in the batch."""

    index: int
    source: str
    output: str

    @property
    def report(self) -> str:
        """The relative path of its JSON report: the text's name, ``.report.json``."""
        return posixpath.splitext(self.output)[0] + ".report.json"


@dataclass(frozen=True, slots=True)
class Found:
    """A file found from an input: its location, its file system (``""`` local, else the URL
    scheme), its path there, and the folder its layout is relative to at most."""

    location: str
    system: str
    path: str
    base: str


def fold(path: str) -> str:
    """``path`` as a case-insensitive file system may take it: upper-cased, then lower-cased
    (``STRASSE``, ``straße`` and ``Straße`` fold alike), computed the same way by JavaScript's
    ``toUpperCase().toLowerCase()`` (the page's ``foldName``), so that both give one name."""
    return path.upper().lower()


def name_order(relative: str) -> tuple[str, tuple[int, ...]]:
    """The sort key that decides which of two files of one folded name gets the plain name:
    the relative path folded, then, between paths that fold alike, the exact path from the
    highest code point down, so lower case (after its capitals in Unicode) comes first:
    ``x.pdf`` before ``x.PDF``. The page's ``nameOrder`` compares the same way."""
    # The final 1 ranks after every negated code point: of two paths where one begins the
    # other, the longer comes first, as a descending comparison of strings has it.
    return fold(relative), (*(-ord(c) for c in relative), 1)


def hidden_below(relative: str) -> bool:
    """Whether a file found in a folder is hidden there: a part of its path below that folder
    (``relative``, POSIX) starts with ``.`` (``.secret.pdf``, ``.cache/a.pdf``)."""
    return any(part.startswith(".") for part in relative.split("/"))


class BadInput(ValueError):
    """An input that cannot name any file (an empty glob, a list line that is no path)."""


def read_list(data: bytes) -> list[str]:
    """The paths of a list read from standard input: NUL-separated when it has a NUL, else one
    per line (blank lines skipped); raises BadInput for a line that cannot be a path."""
    if data.startswith(b"%PDF-"):
        raise BadInput("standard input holds a PDF, not a list of paths: for one PDF on standard "
                       "input, give -o a file name, not a folder")
    separator = b"\0" if b"\0" in data else b"\n"
    paths = []
    for raw in data.split(separator):
        line = raw.rstrip(b"\r") if separator == b"\n" else raw
        if not line.strip():
            continue
        if len(line) > MAX_LIST_LINE:
            raise BadInput(f"standard input is not a list of paths (a line of {len(line)} bytes)")
        paths.append(os.fsdecode(line))
    return paths


def find(inputs: Iterable[str]) -> list[Found]:
    """Every file the inputs name, in order (a folder's files sorted), each once."""
    found: list[Found] = []
    seen: set[tuple[str, str]] = set()
    for given in inputs:
        for item in (_find_url(given) if is_url(given) else _find_local(given)):
            key = (item.system, item.path)
            if key not in seen:
                seen.add(key)
                found.append(item)
    return found


def _find_local(given: str) -> list[Found]:
    path = os.path.abspath(given)
    if not os.path.isdir(path):
        # A file, or a missing one: the batch reports it as failed and goes on.
        return [Found(given, "", path, os.path.dirname(path))]
    files = []
    for folder, dirs, names in os.walk(path):
        dirs[:] = sorted((d for d in dirs if not d.startswith(".")), key=name_order)
        for name in sorted(names, key=name_order):
            if name.lower().endswith(PDF_SUFFIX) and not name.startswith("."):
                full = os.path.join(folder, name)
                shown = os.path.join(given, os.path.relpath(full, path))
                files.append(Found(shown, "", full, path))
    return files


def _find_url(given: str) -> list[Found]:
    fs, path = filesystem(given)
    system = given.split("://", 1)[0].lower()
    if any(magic in path for magic in GLOB_MAGIC):
        base = path
        while any(magic in base for magic in GLOB_MAGIC):
            base = posixpath.dirname(base)
        matches = sorted(p for p in fs.glob(path) if not fs.isdir(p))
        if not matches:
            raise BadInput(f"{given} matches no file")
        return [Found(fs.unstrip_protocol(p), system, p, base) for p in matches]
    if fs.isdir(path):
        matches = sorted((p for p in fs.find(path) if p.lower().endswith(PDF_SUFFIX)
                          and not hidden_below(posixpath.relpath(p, path))), key=name_order)
        return [Found(fs.unstrip_protocol(p), system, p, path.rstrip("/")) for p in matches]
    return [Found(given, system, path, posixpath.dirname(path))]


def plan(found: list[Found], extension: str, taken: Iterable[str] = ()) -> list[Job]:
    """The jobs of ``found``, each with the text's path under OUTDIR (see the module's doc).
    ``taken`` are relative paths no text may get (an input that lies inside OUTDIR)."""
    roots: dict[str, str] = {}
    for system in dict.fromkeys(f.system for f in found):
        bases = [f.base for f in found if f.system == system]
        roots[system] = _common(bases, local=not system)
    relatives = []
    for item in found:
        root = roots[item.system]
        if item.system:
            relatives.append(posixpath.relpath(item.path, root) if root else item.path.lstrip("/"))
        else:
            relatives.append(os.path.relpath(item.path, root).replace(os.sep, "/"))
    used = {fold(name) for name in taken}
    outputs: dict[int, str] = {}
    # Named in name_order, not input order (a stable sort: one path in two buckets keeps it).
    for index in sorted(range(len(found)), key=lambda i: name_order(relatives[i])):
        stem = _stem(relatives[index])
        output, number = stem + extension, 1
        while fold(output) in used:  # case-insensitive: macOS and Windows folders
            number += 1
            output = f"{stem}-{number}{extension}"
        used.add(fold(output))
        outputs[index] = output
    return [Job(index, item.location, outputs[index]) for index, item in enumerate(found)]


def _common(bases: list[str], local: bool) -> str:
    try:
        return os.path.commonpath(bases) if local else posixpath.commonpath(bases)
    except ValueError:  # local paths on two Windows drives; absolute and relative URL paths
        return ""


def _stem(relative: str) -> str:
    """The path without its ``.pdf`` (any case); another extension stays (``a.ps`` ->
    ``a.ps.txt``), so that ``a.ps`` and ``a.pdf`` do not fight over one name."""
    folder, name = posixpath.split(relative)
    if name.lower().endswith(PDF_SUFFIX) and len(name) > len(PDF_SUFFIX):
        name = name[: -len(PDF_SUFFIX)]
    return posixpath.join(folder, name) if folder else name
