"""The table stage's thresholds (:mod:`pdfprose.layout.tables`, issue 23): the ``table_*``
fields of :class:`~pdfprose.params.LayoutParams`, declared here to keep each module short (a
chain of bases: :class:`~pdfprose.structure_params.StructureParams`, this, LayoutParams). They
are one object with the others: a stage reads them as ``params.table_...`` and a caller sets
them with ``LayoutParams(table_...=...)``. Units as in :mod:`pdfprose.params`; ``_pt`` fields
are points of page space.
"""

from __future__ import annotations

from dataclasses import dataclass

from .structure_params import StructureParams


@dataclass(frozen=True, slots=True)
class TableParams(StructureParams):
    """The table stage's thresholds, each with its unit and the measurement behind its value
    (the table benchmark's generated families, ``python -m benchmarks.tables``, and the corpus's
    ``table_row`` probes)."""

    table_split_gap_em: float = 0.6
    """A gap over 0.6 em between two visible glyphs of a run may part two cells of a tightly
    set table (4 pt of padding each side at 9 pt leaves 0.9 em; the runs were cut at 1 em):
    the table stage reads runs as pieces cut there. Word spaces are 0.25-0.33 em and stretch to
    about half an em in loosely justified lines (a prose line cut there is still one row)."""
    table_cell_gap_em: float = 0.64
    """A gap of at least 0.64 em between the two words of a run parts two cells: a word space
    is at most 0.6 em (Courier's fixed space; proportional fonts' 0.25-0.33 em stretch to
    about 0.5 in loosely justified lines, but a line of two words is a paragraph's last,
    not stretched); the generated tables' headings stand 0.65 em apart and more ("重量  城市",
    "Valor  Motivo" at 0.82)."""
    table_min_gap_em: float = 0.6
    """A column of a table is held apart from the next by a gap at least 0.6 em wide in every
    row (the generated tables' narrowest, 8 pt of padding at 11 pt, is 0.73 em; a word space
    in a cell is at most 0.33 em)."""
    table_min_rows: int = 3
    """SPEC §4's rule for rows lining up, kept by the table stage: a gap that three or more
    rows hold with text on both sides (tabula's and camelot's stream modes ask as much) makes
    the columns of a table found without rules; two rows may be a label and its value."""
    table_notes_min_rows: int = 2
    """A table's notes (:mod:`pdfprose.layout.tables.notes`: rows of one piece starting with
    "*", "†", "※", "Source:", "주:" under its last row) are told only below at least 2 rows, a
    header and a row of cells (rows, counted from the table's top): above that a marked row is
    the table's own (a corpus brochure's card tables end in 4-6 lines of "*" notes below 4 rows
    of cells; the ``notes`` family of the table benchmark in 1-3 below 3-9 rows)."""
    table_row_gap_em: float = 3.0
    """Consecutive rows of one table stand at most 3 em apart, baseline to baseline (a row of
    one line with 4 pt of padding above and below, a rule between: 2 em at 7 pt); a wider gap
    ends the table."""
    table_max_header_rows: int = 3
    """Rows over a table's body that are taken as its header: at most three (a group heading,
    a column heading wrapped once)."""
    table_wrap_pitch: float = 1.12
    """Two lines of text in a table set at most 1.12 x its closest line pitch are the lines of
    one wrapped cell where other rows stand further apart (``table_row_pitch``): cells are
    padded, lines within a cell are not (the generated tables' pitches agree to 0.1 pt)."""
    table_row_pitch: float = 1.18
    """...at least 1.18 x the closest pitch: 1.2 pt of padding above and below 10 pt text on a
    1.2 leading gives 1.22 (the table benchmark's tightest, ``partly_ruled``); 4 pt around 9 pt
    gives 1.7."""
    table_solid_rows: int = 3
    """...unless at least 3 of the pairs set at the closest pitch hold, on both lines, a label
    in the first column and figures (no letters) in every other cell: those are rows set
    solid, at the text's own line pitch (a statistical abstract's figures, 6.4-6.6 pt apart at
    6.5 pt under a header 7.6-8.7 pt apart), each line a row. Figures never wrap, so a
    wrapped cell's next line leaves the label and the figures empty: the benchmark's
    ``wrapped`` and ``tight`` families have no such pair, its ``dense`` family (rows set solid
    under a padded header, a cell in twenty empty) has one a row. Blocks of words side by
    side set solid (four addresses under their headings) and a figure's standard error set
    under it without a label are no such pairs."""
    table_row_rules: float = 0.3
    """A table is ruled row by row (each cell's lines held by the rules around its row, a
    wrapped cell's too) when drawn rules or band edges part at least 30 % of its consecutive
    text rows; fewer (a rule under the header, a frame) part only those rows, and the text's
    pitch parts the others (rows of two-line cells give 50 %)."""
    table_size_ratio: float = 1.25
    """A row whose text is over 1.25 x larger or smaller than the table's next row is no row of
    it (a paragraph of 10.5 pt over a table set at 7 pt; a header's bold or a size up, 9 pt
    over 8 pt, stays within it)."""
    table_multi_share: float = 0.4
    """At least 40 % of a table's rows with text hold it in two cells or more: the generated
    tables' rows all do but for a spanning group heading, a wrapped cell's rows are merged
    first; a chart's gridlines (one axis label a row), a form's two columns of items beside a
    rule (one item's lines a row) and prose around a box hold one cell a row."""
    table_side_ratio: float = 0.4
    """Two columns of words without rules, the narrower at least 0.4 x as wide as the wider, are
    two blocks of text side by side (a seller's and a buyer's address on an invoice measure
    0.47: a short street beside a company's long name), each read as a whole; a glossary's or
    a form's terms stand at a quarter of their definitions' width or less and are read row by
    row (SPEC §4)."""
    table_snap_pt: float = 3.5
    """Drawn edges along one line within 3.5 pt of each other are one edge (pdfplumber's
    ``snap_tolerance`` is 3): the boxes of cells drawn 1-3 pt apart share their sides, and a
    gap of exactly 3 pt must not fall either way by a rounding error (the table benchmark's
    ``boxes`` family draws them 3 pt apart)."""
    table_band_gap: float = 1.5
    """Shaded bands of one width stacked at most 1.5 x a band's height apart are one table's
    (zebra rows: the unshaded row between two shaded ones is as high as they are, 1.0 x, give
    or take a rule's width; two tables of one width stand a caption and a blank line apart,
    over 2 x a row's height in the table benchmark's ``ruled`` family)."""
    table_join_pt: float = 3.5
    """Edges along one line that overlap or stand within 3.5 pt end to end are one
    (pdfplumber's ``join_tolerance``, 3, with the same margin): a rule drawn one segment per
    cell, boxes 3 pt apart."""
    table_edge_min_pt: float = 3.0
    """Edges shorter than 3 pt are no rules (pdfplumber's ``edge_min_length``): a tick, a
    bullet drawn as a square."""
    table_thin_fill_pt: float = 2.5
    """A filled rectangle at most 2.5 pt across (and longer than wide) is a rule drawn as a
    fill (LaTeX's rules are 0.4 pt, booktabs' 0.8 pt, exporters' up to 2 pt); a wider one is a
    shaded area whose sides are edges."""
    table_full_line: float = 0.85
    """A line fills its column when it covers at least 85 % of the width its column's text
    spans (a justified line covers all of it, a ragged one most; a paragraph's last line and
    most of a table's cells do not)."""
    table_prose_share: float = 0.5
    """A column of a candidate is prose when at least half of its non-empty cells hold a line
    of prose (``table_prose_words`` words filling the column: ``table_full_line``)."""
    table_contents_share: float = 0.8
    """A table of contents: at least 80 % of the cells of its last column are page numbers
    (a contents entry that runs over two lines leaves one cell in five without)."""
    table_marked_share: float = 0.8
    """A list or a form: at least 80 % of the first column's cells are list markers or labels
    ending in a colon (SPEC §10; one item in five may lack its marker where it wraps)."""
    table_hang_em: float = 2.0
    """A list marker alone in its piece and the words after it at most 2 em apart are one item
    set with a hanging indent, not two cells. Measured from a marker alone in its piece to the
    next piece on its baseline: 0.6-1.3 em on the layout benchmark's slides (817 markers),
    a median of 1.04 em over the corpus (218 markers; 1.1 em in the Google Docs two-column
    page), where the wider ones (to 5.8 em at the 95th percentile) are numbers in tables and
    contents; a table with a column of marks spaces it from the next by its cells' padding
    and the column's width."""
    table_baseline_share: float = 0.3
    """Pieces whose baselines differ by at most 0.3 of the smaller size stand on one row (SPEC
    §3's 0.35 for glyphs of one line; the cells of one table row share their baseline to a
    fraction of a point)."""
    table_track_overlap: float = 0.5
    """Two gaps kept free down the rows belong to one table only when the rows each holds
    overlap by at least half the shorter's: a column that starts under a spanning heading or
    ends over a total row still shares most of its rows with its neighbours; the columns of
    two tables stacked on a page share none."""
    table_longer_tracks: float = 2.0
    """Two gaps kept free down the rows belong to one table when the rows each holds overlap by
    half the shorter's and the longer stays free over at most twice as many rows (plus
    ``table_track_slack``): a column held for ten rows of a table and the gutter of the page's
    two columns of prose held for sixty are not one table's."""
    table_track_slack: int = 3
    """...plus three rows (a column empty in a few rows is held over fewer rows than its
    neighbours)."""
    table_grow_em: float = 2.0
    """A row above or below a candidate found from text is one of its rows only within 2 em of
    the candidate's text extent (a column heading wider than its figures reaches a little past
    them; a paragraph's last line over a narrow table starts at the page's margin); a heading
    parts two columns under a spanning one within 2 em of their gap."""
    table_grow_pitch: float = 1.8
    """...and only within 1.8 x the candidate's line pitch of its nearest row (a header parted
    from the body by a rule and its padding stands about 1.4 x the pitch above it; a paragraph
    above a table stands apart by a blank line or more)."""
    table_min_pitch_em: float = 0.8
    """Consecutive rows of a table found from text stand at least 0.8 em apart, baseline to
    baseline (lines set solid stand 1.0 em apart, cells are padded beyond); a candidate with
    over a quarter of its rows closer (a state diagram's labels 2.6-5 pt apart at 7 pt; a
    table's short cells set in the middle of rows whose other cells wrap)..."""
    table_scattered_share: float = 0.25
    """...the share of consecutive rows standing closer than ``table_min_pitch_em`` over which
    a candidate's rows are scattered: a quarter (a table's rows are evenly spaced, a wrapped
    cell's lines are merged into its row before; a diagram's labels stand wherever its boxes
    put them)."""
    table_filled_share: float = 0.5
    """...and under half of its grid's cells hold text is the labels of a diagram (a state
    diagram's labels fill 16 of 40; the generated tables, empty cells, spanning and section
    rows and all, fill over 70 %)."""
    table_caption_em: float = 3.0
    """A table's caption stands within 3 em of its table, above or below (the generated
    tables' captions 0.5-1.5 em away; a caption is set close to what it names, a paragraph
    that mentions a table a blank line or more away from it)."""
    table_align_pt: float = 1.0
    """Text edges within 1 pt of each other line up (a producer places cells to a tenth of a
    point; the words of justified prose start wherever their line's spacing puts them)."""
    table_aligned_share: float = 0.6
    """A column gap found from text is held by text edges when at least 60 % of the rows with
    text on both sides line up one of its edges (and at least ``table_min_rows`` of them)."""
    table_rule_reach: float = 0.5
    """A rule drawn between two rows parts them (and sets a header apart) where it reaches over
    at least half the table's width: a rule under a group heading covers only its columns, a
    rule under the header all of them."""
    table_white_level: float = 0.97
    """A fill whose every channel is at least 0.97 (of 1) is paper-coloured: over the white
    page it draws nothing a reader sees (Excel exports paint every unshaded cell white), so its
    sides are no edges; the boundaries of the coloured fills beside it are."""
    table_min_region_pt: float = 10.0
    """A region of drawn edges narrower or lower than 10 pt holds no table (an underline
    meeting a tick; a one-row table at 6.5 pt with its padding is 12 pt high)."""
    table_rule_margin_pt: float = 4.0
    """A horizontal rule within 4 pt above a candidate's first row or below its last is its
    own (its frame's top or foot): cells are padded inside their rules, the generated tables
    by 1-4 pt, so a table's outer rules stand that far from its text."""
    table_prose_pitch: float = 1.2
    """A line right above or below a candidate found from text stands at the candidate's own
    line pitch when its baseline is within 1.2 x the candidate's median pitch of the edge
    row's: the next line of the paragraph a river of white space runs through (leadings of
    1.2-1.3 x the size, the rows the same lines); a table stands a paragraph's spacing, a
    caption or a heading away."""
    table_word_gap_em: float = 0.1
    """A gap over 0.1 em between two glyphs of a run is a word space (letters are set closer,
    and SPEC §2 reads 0.12 em as a space)."""
    table_cell_gap_ratio: float = 1.8
    """A gap parts two cells when it is at least 1.8 x the run's usual word space: a justified
    line's spaces differ by a few percent, a sentence's end stretches one to about 1.5 x (TeX's
    space factor); the gap between two cells is the cells' padding, twice or more a space."""
    table_prose_words: int = 3
    """A line of at least 3 words (a CJK character counting as one) that fills its column is a
    line of prose: a candidate whose columns all read so is prose set in columns, never a
    table. Justified prose in four narrow columns holds 2-6 words a line (the table
    benchmark's ``prose_4col`` pages); a table's cells of three words or more fill their
    column only in the cell that sets its width."""
    table_prose_words_wide: int = 2
    """...and so is a line of at least 2 words justified in a column at least
    ``text_column_em`` wide (in its lines' median size): it fills the column, ends on its far
    edge (within ``table_align_pt``) and its space is stretched to ``table_cell_gap_em`` or
    more. Four columns of 12 em in a fixed-pitch face hold 20 letters a line, two long words
    on a third to a half of the lines (the table benchmark's ``prose_4col`` pages set so were
    read as tables of 4 columns and 60 rows). A table's cells fail one test or another: the
    ragged lines of wrapped cells end 7-11 pt short of their column's edge but for the
    longest (a corpus table of 10 em columns); a column's longest label, two words repeated
    down a table, ends on the edge at its font's space (a corpus table: 10.5 em); a column of
    labels wrapped at two words a line is 4-7 em wide (the ``wrapped`` family's: 57 pt at
    9-10 pt)."""
