"""The readers of what a PDF knows (:mod:`pdfprose.pdf.links`, :mod:`pdfprose.pdf.outline`, :mod:`pdfprose.pdf.structure`, :mod:`pdfprose.pdf.marked`): link annotations, the outline,
the structure tree and marked content, on generated PDFs with known answers (hostile ones
included) and on the real corpus files of issue 24."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser

from pdfprose.pdf.links import is_web_uri, page_indices, read_links
from pdfprose.pdf.marked import ActualSpan, MarkedContent, apply_actual_text
from pdfprose.document.bookmarks import is_sentence, match_headings, title_key
from pdfprose import Options, convert
from pdfprose.model import OutlineEntry
from pdfprose.budgets import ReadBudgets
from pdfprose.pdf.document import open_pdf
from pdfprose.pdf.outline import clean_title, read_outline
from pdfprose.pdf.pdfspace import box_in, page_space
from pdfprose.pdf.structure import PageStructTree, open_structure, read_structure, tags_usable

import structgen


def _open(path: Path) -> tuple[PDFDocument, list[PDFPage], dict[int, int]]:
    document = PDFDocument(PDFParser(path.open("rb")))
    pages = list(PDFPage.create_pages(document))
    return document, pages, page_indices(pages)


# -- links ---------------------------------------------------------------------------------

def test_web_schemes() -> None:
    assert is_web_uri("https://example.org") and is_web_uri("HTTP://x") and is_web_uri("mailto:a@b")
    assert is_web_uri("ftp://files.example.org/x")
    assert not is_web_uri("javascript:alert(1)") and not is_web_uri("  JavaScript:x")
    assert not is_web_uri("file:///etc/passwd") and not is_web_uri("relative/path")


def test_links_of_generated_pages(tmp_path: Path) -> None:
    truth = structgen.links_pdf(tmp_path / "links.pdf")
    document, pages, indices = _open(truth.path)
    found = []
    for index, page in enumerate(pages):
        for link in read_links(page, indices, document):
            target = link.uri if link.kind == "uri" else ("goto", link.page)
            found.append((index, link.boxes, target, link.web))
    expected = truth.facts["rects"]
    assert [(i, t) for i, _, t, _ in found] == [(i, t) for i, _, t in expected]  # type: ignore[union-attr]
    for (_, boxes, _, _), (index, rect, _) in zip(found, expected):  # type: ignore[arg-type]
        # The file writes the rectangle to two decimals.
        assert boxes[0] == pytest.approx(box_in(page_space(pages[index]), rect), abs=0.01)
    assert [w for *_, w in found] == [True, True, True, True, False, True, False, False]


def test_page_space_of_rotated_cropped_page() -> None:
    class Page:
        mediabox = (0, 0, 600, 800)
        cropbox = (10, 20, 590, 780)
        rotate = 90

    m = page_space(Page())  # type: ignore[arg-type]
    # Rotated 90 degrees clockwise for display: the crop box's top-left corner (10, 20) in
    # user space is the displayed page's origin; user x runs down the displayed page.
    assert box_in(m, (10, 20, 10, 20)) == pytest.approx((0, 0, 0, 0))
    assert box_in(m, (590, 780, 590, 780)) == pytest.approx((760, 580, 760, 580))


@pytest.mark.corpus
def test_wikipedia_links(corpus_file) -> None:  # type: ignore[no-untyped-def]
    document, pages, indices = _open(corpus_file("real/links_wikipedia_infobox_skia.pdf"))
    uris = [l.uri for l in read_links(pages[0], indices, document) if l.web]
    assert "https://en.wikipedia.org/wiki/Slack_(software)" in uris
    # "Portable Document Format" wraps: two annotations, one URI.
    assert uris.count("https://en.wikipedia.org/wiki/Portable_Document_Format") >= 2


# -- the outline ---------------------------------------------------------------------------

@pytest.mark.parametrize("cyclic", [False, True])
def test_outline_of_generated_document(tmp_path: Path, cyclic: bool) -> None:
    truth = structgen.outline_pdf(tmp_path / "outline.pdf", cyclic=cyclic)
    document, _, indices = _open(truth.path)
    outline = read_outline(document, indices)
    assert [(e.title, e.page, e.depth) for e in outline.entries] == truth.facts["entries"]
    assert bool(outline.problems) == cyclic


def test_outline_budget(tmp_path: Path) -> None:
    truth = structgen.outline_pdf(tmp_path / "outline.pdf")
    document, _, indices = _open(truth.path)
    outline = read_outline(document, indices, ReadBudgets(outline_entries=3, outline_depth=1))
    assert [e.title for e in outline.entries] == ["1 Introduction", "Summary for the board",
                                                  "2 Method"]
    assert any("deeper" in p for p in outline.problems)
    # The document's own read budgets reach the reader.
    opened = open_pdf(truth.path.read_bytes(), budgets=ReadBudgets(outline_entries=2))
    assert [e.title for e in opened.outline()] == ["1 Introduction", "1.1 Scope"]


def test_outline_headings_match_lines(tmp_path: Path) -> None:
    truth = structgen.outline_pdf(tmp_path / "outline.pdf")
    document, _, indices = _open(truth.path)
    entries = read_outline(document, indices).entries
    body = "Body text of ordinary size fills the page between the headings here."
    page_lines = {0: ["1 Introduction", body, "1.1 Scope", body],
                  1: ["1.2 Terms", body, "1.2.1 Defined words", body],
                  2: ["2 Method", body]}
    matches = match_headings(entries, page_lines)
    got = [(page_lines[p][i], entries[k].depth) for k, p, i in matches]
    assert got == truth.facts["headings"]  # the board summary is on no page: no heading


def test_title_rules() -> None:
    assert title_key("1.2. Terms") == title_key("1.2  TERMS") == title_key("1.2 Terms")
    assert clean_title("Intro\r\x00duction  ") == "Intro duction"
    assert is_sentence("The number of generic drug applications submitted to FDA has been "
                       "rising exponentially.")
    assert not is_sentence("1. Why is this initiative necessary?")
    # A title wrapped over two lines of its page.
    entries = [OutlineEntry("Funding History for the Generic Drug Review Program", 0, 1)]
    assert match_headings(entries, {0: ["Funding History for the", "Generic Drug Review Program"]}) \
        == [(0, 0, 0)]


@pytest.mark.corpus
@pytest.mark.parametrize("name, wanted", [
    ("tagged_libreoffice_structure.pdf", [("Titre 1", 0, 1), ("Titre 2", 0, 2), ("Tableau", 0, 3)]),
    ("tagged_latex_twocol_pdf20.pdf", [("Introduction", 0, 1), ("Mathematics", 0, 2),
                                       ("Citations", 1, 1)]),
])
def test_corpus_outlines(corpus_file, name: str, wanted: list) -> None:  # type: ignore[no-untyped-def,type-arg]
    document, _, indices = _open(corpus_file(f"real/{name}"))
    entries = [(e.title, e.page, e.depth) for e in read_outline(document, indices).entries]
    for entry in wanted:
        assert entry in entries


# -- the structure tree --------------------------------------------------------------------

def _texts_by_mcid(path: Path) -> list[dict[int, str]]:
    """Per page, MCID -> the text drawn inside it, by a minimal pdfminer device driving
    :class:`MarkedContent` as the glyph collector will."""
    document, pages, _ = _open(path)
    out: list[dict[int, str]] = []

    class Device(PDFTextDevice):
        def __init__(self, rsrc: PDFResourceManager) -> None:
            super().__init__(rsrc)
            self.marks = MarkedContent()
            self.texts: dict[int, str] = {}

        def begin_tag(self, tag, props=None) -> None:  # type: ignore[no-untyped-def]
            self.marks.begin(tag, props)

        def end_tag(self) -> None:
            self.marks.end()

        def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs,  # type: ignore[no-untyped-def]
                        graphicstate):
            state = self.marks.state
            text = font.to_unichr(cid) if cid is not None else ""
            self.texts[state.mcid] = self.texts.get(state.mcid, "") + text
            return font.char_width(cid) * fontsize * scaling

    rsrc = PDFResourceManager()
    for page in pages:
        device = Device(rsrc)
        PDFPageInterpreter(rsrc, device).process_page(page)
        out.append(device.texts)
    return out


def test_structure_of_generated_page(tmp_path: Path) -> None:
    truth = structgen.tagged_pdf(tmp_path / "tagged.pdf")
    document, _, indices = _open(truth.path)
    tree = read_structure(document, indices)
    assert tree is not None and tags_usable(tree) and not tree.problems
    texts = _texts_by_mcid(truth.path)[0]
    # Tree order, role-mapped types, and each element's text through its MCIDs.
    got = [(tree.element_of(page, mcid).kind, texts[mcid])  # type: ignore[union-attr]
           for page, mcid in tree.content_order if mcid in texts]  # the figure draws no text
    assert got == truth.facts["elements"]
    assert tree.elements[1].raw == "Title1" and tree.elements[1].kind == "H1"
    figure = next(e for e in tree.elements if e.kind == "Figure")
    assert figure.alt == truth.facts["alt"]
    # Ancestors: a list item's body sits in LI, in L, in Document.
    lbody = next(e for e in tree.elements if e.kind == "LBody")
    assert [a.kind for a in tree.ancestors(lbody)] == ["LI", "L", "Document"]
    # Text drawn outside any MCID: the artifacts only.
    assert texts[-1] == "".join(truth.facts["artifacts"])  # type: ignore[arg-type]


def test_lying_tags_are_read_as_written(tmp_path: Path) -> None:
    """The reader reports what the file says (every paragraph an H1, one line untagged);
    distrusting it is the document pass's job, which sees the page."""
    truth = structgen.tagged_pdf(tmp_path / "lying.pdf", lying=True)
    document, _, indices = _open(truth.path)
    tree = read_structure(document, indices)
    assert tree is not None
    kinds = [tree.element_of(p, m).kind for p, m in tree.content_order]  # type: ignore[union-attr]
    assert kinds.count("H1") == 4  # the title and the three body paragraphs
    texts = _texts_by_mcid(truth.path)[0]
    assert truth.facts["untagged"][0] in texts[-1]  # type: ignore[index]


def test_suspect_and_hostile_tree(tmp_path: Path) -> None:
    truth = structgen.tagged_pdf(tmp_path / "hostile.pdf", suspects=True, hostile=True)
    document, _, indices = _open(truth.path)
    tree = read_structure(document, indices)
    assert tree is not None and tree.suspects and not tags_usable(tree)
    assert any("loops" in p for p in tree.problems) and any("deeper" in p for p in tree.problems)
    # Every marked element was still read: the texts and the figure.
    assert len(tree.content_order) == len(truth.facts["elements"]) + 1  # type: ignore[arg-type]
    small = read_structure(document, indices, ReadBudgets(struct_nodes=5))
    assert small is not None and any("nodes" in p for p in small.problems)


def _page_view(tree, page: int) -> list[tuple[int, list[tuple[str, str | None]]]]:  # type: ignore[no-untyped-def]
    """Each MCID of ``page`` with its element's and ancestors' (kind, alt), in tree order."""
    content = tree.page_content(page)
    out = []
    for mcid in sorted(content, key=lambda m: (tree.elements[content[m]].rank, m)):
        element = tree.elements[content[mcid]]
        out.append((mcid, [(e.kind, e.alt) for e in [element, *tree.ancestors(element)]]))
    return out


def test_structure_read_page_by_page(tmp_path: Path) -> None:
    """Through /ParentTree a page's elements are read alone, and say what the whole tree says."""
    truth = structgen.tagged_pdf(tmp_path / "tagged.pdf")
    document, pages, indices = _open(truth.path)
    lazy = open_structure(document, pages, indices)
    assert isinstance(lazy, PageStructTree) and tags_usable(lazy) and not lazy.elements
    whole = read_structure(document, indices)
    assert whole is not None
    assert _page_view(lazy, 0) == _page_view(whole, 0) and len(_page_view(lazy, 0)) > 10
    assert lazy.element_of(0, 0).kind == "H1"  # type: ignore[union-attr]


def test_structure_parent_tree_not_indexed_by_mcid(tmp_path: Path) -> None:
    """A /ParentTree array whose owners do not claim their MCIDs (PowerPoint leaves out the
    gaps) is not believed: the page's content comes from the whole tree."""
    truth = structgen.tagged_pdf(tmp_path / "tagged.pdf")
    data = truth.path.read_bytes()
    start = data.index(b"/Nums [0 [") + len(b"/Nums [0 [")
    end = data.index(b"]", start)
    refs = data[start:end].split(b" 0 R ")
    shuffled = b" 0 R ".join(reversed([r.removesuffix(b" 0 R") for r in refs])) + b" 0 R"
    assert len(shuffled) == end - start  # the same length: the cross-reference offsets hold
    path = tmp_path / "shuffled.pdf"
    path.write_bytes(data[:start] + shuffled + data[end:])
    document, pages, indices = _open(path)
    lazy = open_structure(document, pages, indices)
    whole = read_structure(document, indices)
    assert lazy is not None and whole is not None
    assert _page_view(lazy, 0) == _page_view(whole, 0) and len(_page_view(lazy, 0)) > 10


@pytest.mark.corpus
def test_corpus_structure(corpus_file) -> None:  # type: ignore[no-untyped-def]
    document, _, indices = _open(corpus_file("real/tagged_latex_twocol_pdf20.pdf"))
    tree = read_structure(document, indices)
    assert tree is not None and tags_usable(tree)
    kinds = {e.kind for e in tree.elements}
    # PDF 2.0 namespaces: LaTeX's "section" reaches H1 through /RoleMapNS.
    assert {"H1", "H2", "L", "LI", "Table", "Figure", "FENote"} <= kinds
    assert any(e.alt == "example image A" for e in tree.elements)
    document, _, indices = _open(corpus_file("real/tagged_libreoffice_structure.pdf"))
    tree = read_structure(document, indices)
    assert tree is not None
    assert [e.kind for e in tree.elements if e.kind.startswith("H")] == ["H1", "H2", "H3"]


# -- marked content and ActualText ---------------------------------------------------------

def test_marked_content_state() -> None:
    marks = MarkedContent()
    marks.begin("P", {"MCID": 3})
    assert marks.state.mcid == 3 and marks.state.actual < 0
    marks.begin("Span", {"ActualText": b"fi"})
    assert marks.state.mcid == 3 and marks.spans[marks.state.actual].text == "fi"
    marks.begin("Span", {"ActualText": b"inner"})  # an outer ActualText covers everything inside
    assert marks.spans[marks.state.actual].text == "fi" and len(marks.spans) == 1
    marks.end()
    marks.end()
    marks.end()
    marks.end()  # one EMC too many: ignored
    assert marks.state.mcid == -1
    marks.begin("Artifact", {"Type": "Pagination"})
    marks.begin("Artifact", "MC0", named={"MC0": {"Type": "Layout"}})
    assert marks.state.artifact is not None
    marks.reset()
    assert marks.state.artifact is None


def test_marked_content_depth_budget() -> None:
    marks = MarkedContent()
    for k in range(10_000):
        marks.begin("Span", {"MCID": k})
    assert marks.state.mcid < 10_000
    for _ in range(10_000):
        marks.end()
    assert marks.state.mcid == -1


def test_apply_actual_text() -> None:
    spans = [ActualSpan("fi", "Span"), ActualSpan("\u00ad", "Span"), ActualSpan("", "Span")]
    texts = ["P", "r", "o", "\ufffd", "l", "e", "-", "x", "y"]
    actual = [-1, -1, -1, 0, -1, -1, 1, 2, 2]
    assert apply_actual_text(texts, actual, spans) == ["P", "r", "o", "fi", "l", "e", "\u00ad",
                                                        "", ""]


def test_actual_text_of_generated_page(tmp_path: Path) -> None:
    """Through pdfminer: each ActualText span covers the glyphs the generator put in it."""
    truth = structgen.actualtext_pdf(tmp_path / "actual.pdf")
    document, pages, _ = _open(truth.path)

    class Device(PDFTextDevice):
        def __init__(self, rsrc: PDFResourceManager) -> None:
            super().__init__(rsrc)
            self.marks = MarkedContent()
            self.actual: list[int] = []

        def begin_tag(self, tag, props=None) -> None:  # type: ignore[no-untyped-def]
            self.marks.begin(tag, props)

        def end_tag(self) -> None:
            self.marks.end()

        def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs,  # type: ignore[no-untyped-def]
                        graphicstate):
            self.actual.append(self.marks.state.actual)
            return font.char_width(cid) * fontsize * scaling

    rsrc = PDFResourceManager()
    device = Device(rsrc)
    PDFPageInterpreter(rsrc, device).process_page(pages[0])
    covered = [(span.text, device.actual.count(k)) for k, span in enumerate(device.marks.spans)]
    assert covered == truth.facts["spans"]


def test_a_page_whose_tags_cannot_be_resolved_keeps_its_text(tmp_path: Path,
                                                              monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Fuzzer, 2026-12-04: an element of the /ParentTree stored in a broken object stream made
    pdfminer raise AssertionError while the page's tags were read during its layout, and the
    whole page failed as an internal error. The page loses its tags, never its text."""
    truth = structgen.tagged_pdf(tmp_path / "tagged.pdf")

    def broken(self, ref):  # type: ignore[no-untyped-def]
        raise AssertionError  # what pdfminer's _getobj_objstm raises on a broken object stream

    monkeypatch.setattr(PageStructTree, "_element", broken)
    conversion = convert(truth.path.read_bytes())
    out = conversion.render(Options(format="md"))
    assert not conversion.report()["failed_pages"]
    assert all(text in out for _, text in truth.facts["elements"][:3])  # type: ignore[index]
    document, pages, indices = _open(truth.path)
    lazy = open_structure(document, pages, indices)
    assert isinstance(lazy, PageStructTree)
    assert lazy.page_content(0) == {} and lazy.problems == [
        "the structure tree of page 1 could not be read; its tags were not used"]
