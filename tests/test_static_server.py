"""The development server (``scripts/static_server.py``, ``./dev serve`` and the browser tests):
what it serves, how (compressed, with which headers), and what it keeps to itself."""

from __future__ import annotations

import gzip
import importlib.util
import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("static_server", ROOT / "scripts" / "static_server.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVER = _load()


def _serve(root: Path = ROOT, test_hooks: bool = False) -> Iterator[str]:
    server = SERVER.serve_in_thread("127.0.0.1", 0, root=root, test_hooks=test_hooks)
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    yield from _serve()


def get(url: str, encoding: str | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and the body as sent (not decoded)."""
    request = urllib.request.Request(url, headers={**({"Accept-Encoding": encoding} if encoding else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


def _status(url: str) -> int:
    return get(url)[0]


def test_the_page_is_served_with_its_security_policy_as_a_header(base_url: str) -> None:
    status, headers, _ = get(base_url + "/index.html")
    assert status == 200
    assert "script-src" in headers["content-security-policy"]
    assert headers["cache-control"] == "no-cache"
    assert headers["x-content-type-options"] == "nosniff"
    assert _status(base_url + "/app/main.js") == 200


def test_no_other_site_may_frame_the_page(base_url: str) -> None:
    """Issue 25: the page could be framed by another origin. The header says no (a meta tag
    cannot: browsers ignore frame-ancestors there, so the page's own meta leaves it out)."""
    for path in ("/", "/index.html", "/app/main.js", "/sw.js"):
        _, headers, _ = get(base_url + path)
        directives = [d.strip() for d in headers["content-security-policy"].split(";")]
        assert "frame-ancestors 'none'" in directives, path
        assert headers["x-frame-options"] == "DENY"
    assert "frame-ancestors" not in SERVER.page_csp()


def test_hidden_files_are_not_served(base_url: str) -> None:
    """A fresh-clone tester read the repository's .git/config from the development server."""
    assert (ROOT / ".gitignore").is_file() and (ROOT / ".ci" / "run").is_file()
    for path in ("/.git/config", "/.git/HEAD", "/%2Egit/config", "/app/../.git/config",
                 "/.gitignore", "/.ci/run", "/static/vendor/pyodide/.sources.json"):
        assert _status(base_url + path) == 404, path


def test_only_the_site_is_served_and_no_folder_is_listed(base_url: str) -> None:
    """Issue 25: the development server listed directories. It lists none, and serves only
    what the page is made of: not the tests, the engine's sources or the README."""
    for path in ("/app/", "/app", "/static/", "/static/vendor/", "/static/vendor/pyodide/", "/app/py/",
                 "/README.md", "/py/pdfprose/web.py", "/tests/e2e/conftest.py", "/tests/e2e/hooks/main.js",
                 "/scripts/static_server.py", "/package.json", "/app/%2e%2e/README.md"):
        status, _, body = get(base_url + path)
        assert status == 404, path
        assert b"Directory listing" not in body
    for path in ("/", "/index.html", "/sw.js", "/app/main.js", "/app/i18n.js", "/static/app.css"):
        assert _status(base_url + path) == 200, path


def test_the_shipped_page_has_no_test_hooks_and_the_tests_page_has(base_url: str) -> None:
    """The browser tests' fault injection (tests/e2e/hooks/) is served only by a server made for
    them, which gives index.html their entry module; ./dev serve's page has neither."""
    shipped = get(base_url + "/")[2].decode()
    assert 'src="app/main.js"' in shipped and "hooks" not in shipped
    for base in _serve(test_hooks=True):
        tested = get(base + "/")[2].decode()
        assert 'src="tests/e2e/hooks/main.js"' in tested and 'src="app/main.js"' not in tested
        assert _status(base + "/tests/e2e/hooks/worker.js") == 200
        assert _status(base + "/tests/e2e/conftest.py") == 404


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A tiny site with a precompressed file, served."""
    (tmp_path / "index.html").write_text(
        '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">'
        '<script type="module" src="app/main.js"></script>' + "<p>page</p>" * 200, encoding="utf-8")
    vendor = tmp_path / "static" / "vendor"
    vendor.mkdir(parents=True)
    data = b"\0asm" + bytes(range(256)) * 40
    (vendor / "engine.wasm").write_bytes(data)
    (vendor / "engine.wasm.br").write_bytes(b"brotli bytes (not checked by the server)")
    (vendor / "engine.wasm.gz").write_bytes(gzip.compress(data))
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "main.js").write_text("export const x = 1;\n" * 200, encoding="utf-8")
    (tmp_path / "app" / "tiny.js").write_text("export {};\n", encoding="utf-8")
    for base in _serve(tmp_path):
        yield tmp_path, base


def test_precompressed_files_are_sent_to_browsers_that_accept_them(site: tuple[Path, str]) -> None:
    root, base = site
    url = base + "/static/vendor/engine.wasm"
    status, headers, body = get(url, "gzip, deflate, br, zstd")
    assert status == 200
    assert headers["content-encoding"] == "br"
    assert headers["content-type"] == "application/wasm"
    assert headers["vary"] == "Accept-Encoding"
    assert body == (root / "static/vendor/engine.wasm.br").read_bytes()
    assert int(headers["content-length"]) == len(body)
    _, headers, body = get(url, "gzip")
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (root / "static/vendor/engine.wasm").read_bytes()
    # br refused (q=0), or no encoding accepted at all: the file as it is.
    _, headers, body = get(url, "br;q=0, gzip;q=0")
    assert "content-encoding" not in headers and headers["vary"] == "Accept-Encoding"
    assert body == (root / "static/vendor/engine.wasm").read_bytes()
    _, headers, body = get(url)
    assert "content-encoding" not in headers


def test_a_variant_older_than_its_file_is_not_sent(site: tuple[Path, str]) -> None:
    """A file changed after set-up compressed it: the stale copy would be another version."""
    root, base = site
    source = root / "static/vendor/engine.wasm"
    variant = root / "static/vendor/engine.wasm.br"
    old = source.stat().st_mtime_ns - 10**9
    os.utime(variant, ns=(old, old))
    _, headers, _ = get(base + "/static/vendor/engine.wasm", "br, gzip")
    assert headers["content-encoding"] == "gzip"  # the gzip copy is as new as the file


def test_the_page_s_own_files_are_gzipped_on_the_fly(site: tuple[Path, str]) -> None:
    root, base = site
    _, headers, body = get(base + "/app/main.js", "br, gzip")
    assert headers["content-encoding"] == "gzip" and headers["content-type"] == "text/javascript"
    assert gzip.decompress(body) == (root / "app/main.js").read_bytes()
    # Edited while served: the new text, compressed again.
    (root / "app/main.js").write_text("export const y = 2;\n" * 300, encoding="utf-8")
    _, _, body = get(base + "/app/main.js", "gzip")
    assert gzip.decompress(body) == (root / "app/main.js").read_bytes()
    _, headers, body = get(base + "/app/tiny.js", "gzip")  # too small to gain
    assert "content-encoding" not in headers and body == b"export {};\n"
    _, headers, body = get(base + "/", "gzip")
    assert headers["content-encoding"] == "gzip" and headers["content-type"] == "text/html; charset=utf-8"


def test_a_revalidation_says_not_modified_and_still_varies(site: tuple[Path, str]) -> None:
    _, headers, _ = get(site[1] + "/static/vendor/engine.wasm", "br")
    status, again, body = get(site[1] + "/static/vendor/engine.wasm", "br",
                              {"If-Modified-Since": headers["last-modified"]})
    assert status == 304 and body == b"" and again["vary"] == "Accept-Encoding"


def test_a_cmap_file_is_sent_as_the_gzip_file_it_is() -> None:
    """pdfminer's CMaps are .json.gz files the engine reads as such: no content coding."""
    cmaps = sorted((ROOT / "static" / "vendor" / "cmaps").glob("*.json.gz"))
    if not cmaps:
        pytest.skip("static/vendor is not set up (./dev test does it)")
    for base in _serve():
        status, headers, body = get(f"{base}/static/vendor/cmaps/{cmaps[0].name}?v=0", "br, gzip")
        assert status == 200 and "content-encoding" not in headers
        assert body == cmaps[0].read_bytes()


def test_accept_encoding_is_read_with_its_weights() -> None:
    read = SERVER.accepted_encodings
    assert read("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert read("br;q=0, gzip; q=0.5") == {"gzip"}
    assert read("") == set() and read(None) == set()
    assert read("br;q=nonsense") == set()
