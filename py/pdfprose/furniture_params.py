"""The furniture pass's thresholds (:mod:`pdfprose.document.furniture`: running heads, page
numbers, a deck's small print, copies of one page): fields of
:class:`~pdfprose.params.LayoutParams`, declared here to keep each module short (a chain of
bases: :class:`~pdfprose.structure_params.StructureParams`,
:class:`~pdfprose.table_params.TableParams`, this, LayoutParams). They are one object with the
others: a stage reads them as ``params.furniture_...`` and a caller sets them with
``LayoutParams(furniture_band=...)``. Units as in :mod:`pdfprose.params`; the bands are shares
of the page height.
"""

from __future__ import annotations

from dataclasses import dataclass

from .table_params import TableParams


@dataclass(frozen=True, slots=True)
class FurnitureParams(TableParams):
    """Running heads, page numbers and other furniture (see the module docstring)."""

    furniture_band: float = 0.12
    """SPEC §8: running heads and page numbers lie in the top and bottom 12 % of the page
    height."""
    furniture_edge_band: float = 0.2
    """A page's topmost or bottommost line within 20 % of the page's edge may carry a numbered
    running head or be the page number even outside the 12 % band: AMS-LaTeX sets "2 HAROLD P.
    BOAS" 12-13 % below the top of a letter page (``math0001036``), some LaTeX styles the page
    number 14 % above its foot (``cond-mat0001220``). Only the page-number evidence
    (``min_numbered_heads`` at one height) is taken from there."""
    furniture_max_lines: int = 2
    """Running heads are one or two lines; a longer paragraph in the band is body text."""
    small_print_ratio: float = 0.6
    """Repeated text set at most 0.6 x the body size is small print, furniture up to
    ``furniture_edge_band`` from the edge, in one place (``furniture_place_em``) on each page:
    a slide deck's footer and presenter line in a margin strip 13-18 % from the slide's edge
    are 16 pt beside a 50 pt body (0.32, ``pdfua_presentation_slides``; the generated decks'
    footers are 11 pt beside 20-28 pt items, 0.39-0.55), while a paper's footnotes (8 of 10,
    9 of 11 pt: 0.8) and a table's small type (7-8 of 10 pt) are not."""
    small_print_max_lines: int = 3
    """Small print in a narrow margin strip wraps its one line onto three ("Klaas Posselt, /
    Member of the / PDF Association"); in the bands only, and outside them only in one place
    on each page."""
    small_print_row_ratio: float = 1.5
    """Small print beside a line set at least 1.5 x its size is no cell of that line's table
    row (a table's cells share one size, within a few per cent): a slide's 16 pt presenter
    line in the margin strip beside a 30 pt footnote (1.9) is still furniture."""
    consecutive_pages: int = 3
    """A candidate on three consecutive pages is a running head even if it changes per
    chapter."""
    letterhead_ratio: float = 1.15
    """Repeated band text at least 1.15 x the body size (SPEC §9's heading ratio) is a
    letterhead or title, not a running head: its first occurrence is kept."""
    page_number_max_ratio: float = 1.3
    """A page number is set near the body size; "2007" in 39 pt atop a title page is a title."""
    min_numbered_heads: int = 3
    """Three band lines whose edge number runs in step with the page index, on three different
    pages, make a numbered running head; two could be chance (a table row and a year), and two
    entries of one contents page count once (``fr_eie_rotated_landscape``: "5.1 CADRE
    REGLEMENTAIRE .... 97" and "5.1 DOCUMENTATION .... 97" at the foot of page 3, "5.3 ... 98"
    atop page 4)."""
    furniture_place_em: float = 0.5
    """A running head stands in the same place on every page: its first baseline at the same
    distance from the page's top (or bottom) edge within 0.5 em of its size (producers place
    heads and folios to a fraction of a point; footnotes that happen to start with a number in
    step with the page index start wherever their page's notes end)."""
    copy_share: float = 0.8
    """Two pages whose text outside the furniture bands is at least 80 % the same lines (by
    characters, of each page) are copies of one page (an invoice printed as original and
    duplicate, a form's copies A-D: 100 % in the layout benchmark's invoices and forms
    families); lines repeated across copies are no running heads. Pages of books, papers and
    reports share almost nothing outside the bands."""
    furniture_row_share: float = 0.5
    """Two lines are on one row when their boxes overlap vertically by at least half the shorter
    one's height: a table row's cells, set in one font, overlap almost wholly; a running head
    and a body line set one under the other do not overlap at all."""
