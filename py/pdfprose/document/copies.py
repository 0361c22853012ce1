"""Pages that are copies of another page: an invoice printed as original, duplicate and
triplicate, a form's copies A to D, a ticket per page (SPEC §8).

A copy repeats every line of its page, so repetition across copies says nothing about running
heads: the furniture pass counts a line's repetition over distinct pages only
(:func:`copy_classes`). Two pages are copies of one page when most of their text outside the
furniture bands is the same lines (``copy_share`` of each page's characters, a field of
:class:`~pdfprose.params.LayoutParams`); the bands are left out because running heads sit
there, and the copy's own label ("DUPLICATE", "Copy B") usually does too.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ..model import PageAnalysis
from ..params import DEFAULT_PARAMS, LayoutParams


def _body_lines(page: PageAnalysis, band: float) -> Counter[str]:
    """The texts of the page's lines outside the top and bottom ``band`` (share of the page
    height), white space collapsed, as a multiset."""
    top, bottom = band * page.height, (1 - band) * page.height
    return Counter(" ".join(line.text.split()) for para in page.paragraphs for line in para.lines
                   if line.bottom > top and line.top < bottom and line.text.strip())


def copy_classes(pages: list[PageAnalysis], params: LayoutParams = DEFAULT_PARAMS) -> list[int]:
    """For each page (by index), the index of the first page it is a copy of: its own index
    when it copies no earlier page. Pages with the same body text share the first page's index
    at once; pages whose bodies differ somewhat are compared through the lines they share, so
    a long document with no copies costs one pass over its lines."""
    band, share = params.furniture_band, params.copy_share
    bodies = [_body_lines(page, band) for page in pages]
    sizes = [sum(len(text) * n for text, n in body.items()) for body in bodies]
    first: list[int] = list(range(len(pages)))
    # Exact copies first: one representative per distinct body.
    seen: dict[frozenset[tuple[str, int]], int] = {}
    representatives: list[int] = []
    for index, body in enumerate(bodies):
        if not sizes[index]:
            continue
        key = frozenset(body.items())
        if key in seen:
            first[index] = seen[key]
        else:
            seen[key] = index
            representatives.append(index)
    # Near copies: the earlier representatives sharing lines with this one, through an index
    # of line texts (lines that recur across distinct pages are few outside the bands).
    pages_with: dict[str, list[int]] = defaultdict(list)
    for index in representatives:
        body = bodies[index]
        common: Counter[int] = Counter()
        for text, count in body.items():
            for other in pages_with[text]:
                common[other] += min(count, bodies[other][text]) * len(text)
            pages_with[text].append(index)
        for other, chars in sorted(common.items()):
            if chars >= share * max(sizes[index], sizes[other]):
                first[index] = first[other]
                break
    for index in range(len(pages)):  # the exact copies of a near copy follow it
        first[index] = first[first[index]]
    return first
