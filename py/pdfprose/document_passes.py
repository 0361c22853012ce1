"""Stage 5: the passes that need the whole document: furniture, headings, lists (SPEC §8-§10).

Each pass marks paragraphs (``furniture``, ``kind``, ``level``, ``marker``) and never deletes
them, so that turning "remove headers" off re-renders without a new analysis.
"""

from __future__ import annotations

from .continuation import mark_continuations
from .furniture import mark_furniture
from .headings import mark_headings
from .lists import mark_list_items
from .model import PageAnalysis


def run_document_passes(pages: list[PageAnalysis]) -> None:
    """Run every document pass, in order, on the analysed pages (in place)."""
    mark_furniture(pages)
    mark_headings(pages)
    mark_list_items(pages)
    mark_continuations(pages)
