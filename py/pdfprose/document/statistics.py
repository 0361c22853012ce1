"""The statistics of the whole document that several passes read, computed once before them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..model import PageAnalysis


@dataclass(frozen=True, slots=True)
class DocumentStatistics:
    """What the document passes measure on every page at once.

    ``body_size``: SPEC §9's body size, the most common font size over all text, weighted by
    characters, in half points (points; 0.0 for a document without text). Running heads are
    judged against it (:mod:`~pdfprose.document.furniture`), headings measured by it
    (:mod:`~pdfprose.document.headings`).
    """

    body_size: float

    @classmethod
    def of(cls, pages: list[PageAnalysis]) -> "DocumentStatistics":
        """The statistics of ``pages`` (every page of the document, analysed)."""
        return cls(body_size=body_size(pages))


def body_size(pages: list[PageAnalysis]) -> float:
    """SPEC §9: the most common font size over all text, weighted by characters (points)."""
    weights: Counter[float] = Counter()
    for page in pages:
        for para in page.paragraphs:
            for line in para.lines:
                weights[round(line.size * 2) / 2] += len(line.text)
    return weights.most_common(1)[0][0] if weights else 0.0
