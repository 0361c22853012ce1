#!/usr/bin/env python3
"""Serve the page for ``./dev serve`` and the browser tests, as a production server would.

Plain ``http.server``, with:
- only the site served: ``index.html`` (also as ``/``), ``sw.js``, ``app/`` and ``static/``; any
  other path (the repository's ``.git``, ``tests/``, the set-up stamps), any hidden file and any
  folder is a 404: nothing is listed, ever;
- precompressed files: a file's ``FILE.br`` or ``FILE.gz`` (made at set-up by
  ``scripts/vendor_web.py``) is sent instead of it, with ``Content-Encoding``, to a browser
  that accepts that encoding; the page's own files (``index.html``, ``sw.js``, ``app/``,
  ``static/*.css``), which a developer edits while the server runs, are gzipped on the fly
  instead (a few milliseconds, kept until the file changes). Every such response says
  ``Vary: Accept-Encoding``;
- the page's Content-Security-Policy (read from index.html's meta tag) sent as a header too,
  because a meta tag does not reach the Web Worker (where Pyodide compiles WebAssembly), plus
  ``frame-ancestors 'none'``, which only a header can carry (browsers ignore it in a meta tag):
  no other site can frame the page;
- ``Cache-Control: no-cache``, so an edited file or a rebuilt wheel is picked up on reload (the
  browser revalidates with If-Modified-Since and gets a cheap 304 otherwise);
- explicit types for .mjs, .wasm and the wheels, whatever the machine's mimetypes database says;
- optionally (``--throttle MB/s``), a slow network: bodies are sent at that rate, to see what a
  first visit over a real connection feels like, and what the service worker saves on the next;
- for the browser tests only (``test_hooks=True``), ``tests/e2e/hooks/`` too, and index.html
  with its entry module replaced by the hooks' (fault injection: a crashing worker, a failed
  page, ...). What ``./dev serve`` sends has no test hook in it.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import io
import os
import re
import shutil
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parents[1]
_CSP_META = re.compile(
    r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"', re.IGNORECASE
)
SITE_FILES = ("index.html", "sw.js")
SITE_FOLDERS = ("app/", "static/")
TEST_HOOKS_FOLDER = "tests/e2e/hooks/"
ENTRY_SCRIPT = '<script type="module" src="app/main.js"></script>'
TEST_ENTRY_SCRIPT = f'<script type="module" src="{TEST_HOOKS_FOLDER}main.js"></script>'
# Encodings in the order they are preferred, with the suffix of their precompressed files.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))
# Text the page is made of, gzipped on the fly when no precompressed file is there.
GZIP_ON_THE_FLY = (".html", ".js", ".mjs", ".css", ".svg", ".json", ".py")
GZIP_MIN_BYTES = 1024  # below this the headers cost more than compression saves


def page_csp(root: Path = ROOT) -> str | None:
    """The policy in index.html's meta tag, or None when the page has none."""
    match = _CSP_META.search((root / "index.html").read_text(encoding="utf-8"))
    return match.group(1) if match else None


def header_csp(root: Path = ROOT) -> str | None:
    """The policy the server sends: the page's, and no framing by any site."""
    policy = page_csp(root)
    return f"{policy}; frame-ancestors 'none'" if policy else None


def site_path(request_path: str, test_hooks: bool = False) -> str | None:
    """The file of the site that ``request_path`` (a URL path, query allowed) names, relative to
    the root, or None when it names nothing the page is made of."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(request_path).path)
    parts = [p for p in path.split("/") if p]
    # A dot segment: a hidden file (.git, .venv, stamps) or a way out of the root (..).
    if any(part.startswith(".") or "\\" in part for part in parts):
        return None
    rel = "/".join(parts) or "index.html"
    folders = SITE_FOLDERS + ((TEST_HOOKS_FOLDER,) if test_hooks else ())
    if rel in SITE_FILES or rel.startswith(folders):
        return rel
    return None


def accepted_encodings(header: str | None) -> set[str]:
    """The content codings an Accept-Encoding header accepts (q=0 refuses one)."""
    accepted = set()
    for item in (header or "").split(","):
        name, *params = item.split(";")
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0  # a weight that cannot be read accepts nothing
        if name.strip() and quality > 0:
            accepted.add(name.strip().lower())
    return accepted


class StaticHandler(SimpleHTTPRequestHandler):
    csp: str | None = None
    quiet: bool = False
    rate: float = 0.0  # bytes per second for response bodies; 0 = as fast as possible
    test_hooks: bool = False
    gzipped: dict[str, tuple[int, int, bytes]] = {}  # path -> (mtime_ns, size, its gzip)
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".py": "text/plain; charset=utf-8",
        ".html": "text/html; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".svg": "image/svg+xml",
    }

    def send_head(self) -> BinaryIO | None:  # noqa: C901 - one request, start to end
        rel = site_path(self.path, self.test_hooks)
        source = Path(self.directory) / rel if rel else None
        if source is None or not source.is_file():
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        stat = source.stat()
        body, encoding = self.representation(rel, source, stat)
        compressible = encoding is not None or self.has_variants(source)
        since = self.headers.get("If-Modified-Since")
        if since and self.not_modified_since(since, stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            if compressible:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        size = body.seek(0, io.SEEK_END)
        body.seek(0)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(source)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if compressible:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return body

    def representation(self, rel: str, source: Path, stat: os.stat_result) -> tuple[BinaryIO, str | None]:
        """The body to send for ``source`` and its content coding (None: as it is)."""
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        if self.test_hooks and rel == "index.html":
            text = source.read_text(encoding="utf-8")
            if ENTRY_SCRIPT not in text:
                raise RuntimeError(f"index.html has no {ENTRY_SCRIPT}: the test hooks cannot take its place")
            return self.maybe_gzip(text.replace(ENTRY_SCRIPT, TEST_ENTRY_SCRIPT).encode("utf-8"), source, accepted)
        for encoding, suffix in PRECOMPRESSED:
            variant = source.with_name(source.name + suffix)
            # A variant older than its file was made from an earlier version (set-up makes
            # them again; until then the file is sent as it is).
            if encoding in accepted and variant.is_file() and variant.stat().st_mtime_ns >= stat.st_mtime_ns:
                return variant.open("rb"), encoding
        if source.suffix in GZIP_ON_THE_FLY and stat.st_size >= GZIP_MIN_BYTES and "gzip" in accepted:
            kept = self.gzipped.get(str(source))
            if kept is None or kept[:2] != (stat.st_mtime_ns, stat.st_size):
                kept = (stat.st_mtime_ns, stat.st_size, gzip.compress(source.read_bytes(), compresslevel=6, mtime=0))
                self.gzipped[str(source)] = kept
            return io.BytesIO(kept[2]), "gzip"
        return source.open("rb"), None

    @staticmethod
    def maybe_gzip(data: bytes, source: Path, accepted: set[str]) -> tuple[BinaryIO, str | None]:
        if "gzip" in accepted and len(data) >= GZIP_MIN_BYTES:
            return io.BytesIO(gzip.compress(data, compresslevel=6, mtime=0)), "gzip"
        return io.BytesIO(data), None

    @staticmethod
    def has_variants(source: Path) -> bool:
        return source.suffix in GZIP_ON_THE_FLY or any(
            source.with_name(source.name + suffix).is_file() for _, suffix in PRECOMPRESSED)

    @staticmethod
    def not_modified_since(header: str, mtime: float) -> bool:
        try:
            since = email.utils.parsedate_to_datetime(header)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return since is not None and since.timestamp() >= int(mtime)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")  # frame-ancestors for browsers before CSP 2
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - base signature
        if not self.rate:
            shutil.copyfileobj(source, outputfile)
            return
        chunk_size = 64 * 1024
        while chunk := source.read(chunk_size):
            outputfile.write(chunk)
            time.sleep(len(chunk) / self.rate)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base signature
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    host: str = "127.0.0.1", port: int = 8000, root: Path = ROOT, quiet: bool = False, rate: float = 0.0,
    test_hooks: bool = False,
) -> ThreadingHTTPServer:
    """A server bound to ``host:port`` (port 0 picks a free one; read ``server_address``);
    ``rate`` (bytes per second) slows the bodies down like a real network; ``test_hooks``
    serves the page with the browser tests' fault injection (tests/e2e/hooks/)."""
    handler = type("PdfproseHandler", (StaticHandler,), {
        "csp": header_csp(root), "quiet": quiet, "rate": rate, "test_hooks": test_hooks, "gzipped": {},
    })
    return ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(root)))


def serve_in_thread(
    host: str = "127.0.0.1", port: int = 0, root: Path = ROOT, rate: float = 0.0, test_hooks: bool = False,
) -> ThreadingHTTPServer:
    """Start a quiet server on a daemon thread (for tests); stop it with ``shutdown()``."""
    server = make_server(host, port, root, quiet=True, rate=rate, test_hooks=test_hooks)
    threading.Thread(target=server.serve_forever, name="static-server", daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--throttle", type=float, default=0.0, metavar="MB_PER_S",
                        help="send response bodies at this many megabytes per second")
    args = parser.parse_args()
    try:
        server = make_server(args.host, args.port, rate=args.throttle * 1e6)
    except OSError as exc:
        raise SystemExit(f"pdfprose: cannot serve at {args.host}:{args.port}: {exc.strerror or exc} "
                         "(another server there? PORT=8080 ./dev serve picks another port)") from None
    print(f"pdfprose: serving {ROOT} at http://{args.host}:{args.port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
