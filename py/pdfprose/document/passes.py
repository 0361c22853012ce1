"""Stage 5: the passes that need the whole document: furniture, headings, lists, continued
paragraphs (SPEC §6, §8-§10), tables cut by a page break (issue 23).

The document's statistics are measured once (:class:`DocumentStatistics`); each pass then marks
paragraphs (``furniture``, ``kind``, ``level``, ``marker``, ``continues``) and never deletes
them, so that turning "remove headers" off re-renders without a new analysis.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import OutlineEntry, PageAnalysis
from ..params import DEFAULT_PARAMS, LayoutParams
from .asides import mark_asides
from .bookmarks import apply_outline
from .continuation import mark_continuations
from .furniture import mark_furniture
from .headings import mark_headings
from .lists import mark_list_items
from .statistics import DocumentStatistics
from .tables import mark_table_continuations
from .tags import apply_tags


def run_document_passes(pages: list[PageAnalysis], params: LayoutParams = DEFAULT_PARAMS,
                        outline: Sequence[OutlineEntry] = ()) -> None:
    """Run every document pass, in order, on the analysed pages (in place), by the thresholds
    of ``params``; the document's bookmarks (``outline``) name headings and their levels
    (:mod:`pdfprose.document.bookmarks`)."""
    statistics = DocumentStatistics.of(pages)
    mark_furniture(pages, statistics, params)
    # The body is the text the document is about: where running heads and footers outweigh
    # it (a slide deck's 16 pt footer on every slide against its 50 pt items), the size of
    # what remains is the body, and the furniture is judged again against it (a letterhead
    # is larger than the body, a running head is not).
    content = DocumentStatistics.of(pages, content=True)
    if content.body_size and content.body_size != statistics.body_size:
        for page in pages:
            for para in page.paragraphs:
                para.furniture = False
        mark_furniture(pages, content, params)
        statistics = content
    mark_asides(pages, statistics, params)
    mark_headings(pages, statistics, params)
    apply_tags(pages, params)
    if outline:
        apply_outline(pages, outline, params)
    mark_list_items(pages, params)
    mark_continuations(pages, params)
    mark_table_continuations(pages)
