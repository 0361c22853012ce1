"""The development server (``scripts/static_server.py``, ``./dev serve`` and the browser
tests): what it serves, and what it keeps to itself."""

from __future__ import annotations

import importlib.util
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def base_url():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("static_server", ROOT / "scripts" / "static_server.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    server = module.serve_in_thread("127.0.0.1", 0)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}"
    server.shutdown()
    server.server_close()


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_the_page_is_served_with_its_security_policy_as_a_header(base_url: str) -> None:
    with urllib.request.urlopen(base_url + "/index.html") as response:
        assert response.status == 200
        assert "script-src" in response.headers["Content-Security-Policy"]
        assert response.headers["Cache-Control"] == "no-cache"
    assert _status(base_url + "/app/main.js") == 200


def test_hidden_files_are_not_served(base_url: str) -> None:
    """A fresh-clone tester read the repository's .git/config from the development server."""
    assert (ROOT / ".gitignore").is_file() and (ROOT / ".ci" / "run").is_file()
    for path in ("/.git/config", "/.git/HEAD", "/%2Egit/config", "/app/../.git/config",
                 "/.gitignore", "/.ci/run"):
        assert _status(base_url + path) == 404, path
