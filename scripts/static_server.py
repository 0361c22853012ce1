#!/usr/bin/env python3
"""Serve the repository root as the static site, for ``./dev serve`` and the browser tests.

Plain ``http.server`` with three additions:
- the page's Content-Security-Policy (read from index.html's meta tag) is also sent as a header,
  because a meta tag does not reach the Web Worker: the worker, where Pyodide compiles
  WebAssembly, gets its policy only from its own response headers;
- ``Cache-Control: no-cache``, so an edited file or a rebuilt wheel is picked up on reload (the
  browser revalidates with If-Modified-Since and gets a cheap 304 otherwise);
- explicit types for .mjs and .wasm, whatever the machine's mimetypes database says;
- optionally (``--throttle MB/s``), a slow network: bodies are sent at that rate, to see what a
  first visit over a real connection feels like, and what the service worker saves on the next;
- hidden files and folders (a path segment starting with a dot: ``.git``, ``.venv``, the set-up
  stamps) are not served: 404, as if they were not there.
"""

from __future__ import annotations

import argparse
import functools
import re
import shutil
import threading
import time
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_CSP_META = re.compile(
    r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"', re.IGNORECASE
)


def page_csp(root: Path = ROOT) -> str | None:
    """The policy in index.html's meta tag, or None when the page has none."""
    match = _CSP_META.search((root / "index.html").read_text(encoding="utf-8"))
    return match.group(1) if match else None


class StaticHandler(SimpleHTTPRequestHandler):
    csp: str | None = None
    quiet: bool = False
    rate: float = 0.0  # bytes per second for response bodies; 0 = as fast as possible
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
        ".py": "text/plain; charset=utf-8",
    }

    def send_head(self):  # type: ignore[no-untyped-def]  # noqa: ANN201 - base signature
        # What a page never asks for is not for anyone who asks (the repository's .git among it).
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if any(part.startswith(".") for part in path.split("/")):
            self.send_error(404, "File not found")
            return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
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
    host: str = "127.0.0.1", port: int = 8000, root: Path = ROOT, quiet: bool = False, rate: float = 0.0
) -> ThreadingHTTPServer:
    """A server bound to ``host:port`` (port 0 picks a free one; read ``server_address``);
    ``rate`` (bytes per second) slows the bodies down like a real network."""
    handler = type(
        "PdfproseHandler", (StaticHandler,), {"csp": page_csp(root), "quiet": quiet, "rate": rate}
    )
    return ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(root)))


def serve_in_thread(
    host: str = "127.0.0.1", port: int = 0, root: Path = ROOT, rate: float = 0.0
) -> ThreadingHTTPServer:
    """Start a quiet server on a daemon thread (for tests); stop it with ``shutdown()``."""
    server = make_server(host, port, root, quiet=True, rate=rate)
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
