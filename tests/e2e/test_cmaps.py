"""pdfminer.six's CJK CMaps in the page: not in the vendored wheel, fetched one by one when a
document needs them (issue 8), with the same text as on CPython; once fetched, kept by the
service worker, so the same document converts offline.

The page runs the engine in its worker; the CMap files come from static/vendor/cmaps/ (written by
scripts/vendor_web.py), requested by pdfprose.pdf.cmaps through the worker's fetchCmap().
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import CONFIG, STATIC_SERVER, cpython_conversion, new_context

CJK = ("real/ja_kampo_gazette_vertical.pdf", "real/zh_invoice_cmap.pdf")


def _cmap_requests(urls: list[str]) -> list[str]:
    return [u.rsplit("/", 1)[-1].split("?")[0] for u in urls if "/static/vendor/cmaps/" in u]


@pytest.mark.corpus
@pytest.mark.parametrize("name", CJK)
def test_cjk_documents_read_as_on_cpython(app: Any, corpus_file: Any, name: str) -> None:
    from pdfprose import Options

    path = corpus_file(name)
    before = len(app.requests)
    app.convert_ok(path, path.name)
    expected = cpython_conversion(path).render(Options(format="txt"))
    assert app.output().strip() == expected.strip()
    fetched = _cmap_requests(app.requests[before:])
    assert len(fetched) <= 4, fetched  # only what its fonts name, never the whole set


def test_a_document_without_cjk_fonts_fetches_no_cmap(app: Any, corpus_file: Any) -> None:
    path = corpus_file("real/bitcoin_whitepaper_spaces.pdf")
    before = len(app.requests)
    app.convert_ok(path, path.name)
    assert _cmap_requests(app.requests[before:]) == []


def test_the_vendored_wheel_has_no_cmap_files(repo_root: Any) -> None:
    import zipfile

    wheels = list((repo_root / "static" / "wheels").glob("pdfminer_six-*.whl"))
    if not wheels:
        pytest.skip("static/wheels is not set up (./dev test does it)")
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert not [n for n in names if n.startswith("pdfminer/cmap/") and n.endswith(".json.gz")]
    assert (repo_root / "static" / "vendor" / "cmaps" / "to-unicode-Adobe-Japan1.json.gz").is_file()


READY = "() => ['ready', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)"
DONE = "() => ['done', 'error'].includes(document.querySelector('[data-testid=status]').dataset.state)"


class FirstVisit:
    """A page on its first visit in a browser context of its own, served by a server of its own
    (so that going offline can stop it), once its service worker keeps the runtime."""

    def __init__(self, browser: Any) -> None:
        self.server = STATIC_SERVER.serve_in_thread(CONFIG.HOST, 0)
        host, port = self.server.server_address[:2]
        self.context = new_context(browser, f"http://{host}:{port}/")
        self.serving = True
        self.page = self.context.new_page()
        self.page.goto("/")
        self.page.wait_for_function(READY, timeout=CONFIG.BOOT_TIMEOUT_MS)
        self.page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'true'",
                                    timeout=CONFIG.BOOT_TIMEOUT_MS)

    def reload(self) -> None:
        self.page.reload()
        self.page.wait_for_function(READY, timeout=CONFIG.BOOT_TIMEOUT_MS)

    def convert(self, path: Any) -> str:
        self.page.get_by_test_id("file-input").set_input_files(str(path))
        self.page.wait_for_function(DONE, timeout=CONFIG.CONVERT_TIMEOUT_MS)
        assert self.page.get_by_test_id("status").get_attribute("data-state") == "done"
        return self.page.get_by_test_id("output").text_content()

    def go_offline(self) -> None:
        """The server gone and the browser offline, then a reload."""
        self.stop()
        self.context.set_offline(True)
        self.reload()

    def stop(self) -> None:
        if self.serving:
            self.server.shutdown()
            self.server.server_close()
            self.serving = False

    def close(self) -> None:
        self.stop()
        self.context.close()


@pytest.fixture()
def first_visit(browser: Any) -> Iterator[FirstVisit]:
    visit = FirstVisit(browser)
    try:
        yield visit
    finally:
        visit.close()


@pytest.mark.corpus
def test_cmaps_fetched_once_work_offline(first_visit: FirstVisit, corpus_file: Any) -> None:
    """Convert a Japanese document online, then with the server gone and the browser offline."""
    path = corpus_file("real/ja_kampo_gazette_vertical.pdf")
    first_visit.reload()  # the worker itself runs under the service worker
    online = first_visit.convert(path)
    first_visit.go_offline()
    assert first_visit.convert(path) == online


@pytest.mark.corpus
def test_offline_before_a_cmap_was_ever_fetched_says_why(first_visit: FirstVisit, corpus_file: Any) -> None:
    """Offline, a Japanese document whose CMaps were never fetched came out as replacement
    characters under a notice that blamed its fonts and sent the reader to OCR."""
    first_visit.go_offline()
    first_visit.convert(corpus_file("real/ja_kampo_gazette_vertical.pdf"))
    page = first_visit.page
    notice = page.locator("[data-testid=notice-more] li[data-code=cmap_unavailable]")
    assert notice.count() == 1
    assert notice.text_content().startswith(
        "The character data for this document's Chinese, Japanese or Korean fonts could not be loaded")
    # ...and not the garbled-fonts notice, which sent the reader to OCR.
    assert not page.get_by_test_id("notice-garbled").is_visible()
    # The status does not say a plain "Done" over text that is mostly U+FFFD (a tester's point).
    assert page.get_by_test_id("status").text_content().endswith(
        "with characters missing (see the notice).")


@pytest.mark.corpus
def test_a_cmap_fetched_on_the_first_visit_is_kept_for_offline_use(first_visit: FirstVisit, corpus_file: Any) -> None:
    """On a first visit the service worker did not yet serve the page's engine worker, so the
    CMap a Japanese document fetched then was kept nowhere: offline it came out garbled."""
    path = corpus_file("real/ja_kampo_gazette_vertical.pdf")
    online = first_visit.convert(path)  # no reload first
    first_visit.go_offline()
    assert first_visit.convert(path) == online
    assert first_visit.page.locator("[data-testid=notice-more] li[data-code=cmap_unavailable]").count() == 0
