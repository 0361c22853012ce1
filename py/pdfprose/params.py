"""The thresholds that decide a page's layout and the document passes, in one object.

:class:`LayoutParams` is to pdfprose what ``LAParams`` is to pdfminer.six: every number a layout
stage decides with, each with its unit and the measurement behind its value. The stages take it
as ``params`` (:data:`DEFAULT_PARAMS` when not given), and so do :class:`pdfprose.Converter` and
:func:`pdfprose.convert`, so that tests and benchmarks can vary one and measure the outcome.
SPEC.md gives the rules; change a default only with a measurement on the corpus that shows the
change is better (``python -m benchmarks.quality``), and say so here.

Units: ``_em`` fields are multiples of the font size in question (points per point of size),
``_ratio`` and ``_share`` fields plain ratios, ``_chars``, ``_lines``, ``_letters``,
``_strips``, ``_pages`` and ``_words`` counts; the furniture bands are shares of the page height.
"""

from __future__ import annotations

from dataclasses import dataclass

from .furniture_params import FurnitureParams


@dataclass(frozen=True, slots=True)
class LayoutParams(FurnitureParams):
    """The layout thresholds (see the module docstring); frozen, so one object can be shared.
    Those of what the PDF says of itself (links, footnotes, tags, bookmarks, right-to-left
    text) come from :class:`~pdfprose.structure_params.StructureParams`, the table stage's
    (``table_*``) from :class:`~pdfprose.table_params.TableParams`, and the furniture pass's
    from :class:`~pdfprose.furniture_params.FurnitureParams`: one object all the same."""

    # -- words and spaces (pdfprose.layout.words) ---------------------------------------------
    space_gap_em: float = 0.12
    """SPEC §2: a gap wider than 0.12 x font size between two glyphs is a word space."""
    drawn_space_own_em: float = 0.05
    """A drawn space within 0.05 x its size of a neighbouring letter's size and baseline is the
    line's own (IRS 1040-NR's stray from another text object: 0.14 em smaller, 0.3 em lower)."""
    drawn_space_cover_share: float = 0.5
    """Any other drawn space lying over its neighbour letters' boxes by over half its width is
    no word space (that stray: 100 % over the touching "d" and "r"; an own space: 0 %)."""
    cjk_space_gap_em: float = 0.22
    """SPEC §2: between two CJK characters the threshold is 0.22 x font size (CJK text is set
    without spaces, with tracking that would otherwise read as spaces)."""
    script_space_gap_em: float = 0.2
    """Beside a superscript or subscript the word-space threshold is 0.2 x the larger font size:
    TeX sets \\scriptspace (0.5 pt) and an italic correction after a script, 0.12-0.14 em of the
    base size ("k_F a" in ``cond-mat0501080``: 1.18 pt at 8.97 pt), which the 0.12 em rule took
    for a word space ("kF a" for the ground truth's "kFa"). Only inside mathematics (both glyphs
    in mathematics fonts, :func:`pdfprose.layout.equations.is_math_font`): in prose the space
    beside a footnote mark or an index is a word space, however narrow."""
    script_shift_em: float = 0.05
    """Two glyphs form a script pair (``script_space_gap_em``) when the smaller is at most
    ``script_size_ratio`` of the larger and their baselines differ by over 0.05 x the larger size
    (a smaller word on the same baseline, such as small capitals, keeps the usual threshold)."""
    letter_spaced_min_letters: int = 5
    """Letter-spaced titles (SPEC §2): a run is examined when it has at least five letters."""
    letter_spaced_max_em: float = 0.6
    """Gaps between the letters of a letter-spaced word stay under 0.6 em (OCR layers of spaced
    titles: 0.2 em in ``es_meditaciones_scan_ocr.pdf``; typographic tracking rarely exceeds
    0.5 em); wider gaps, or gaps holding a drawn space, are word gaps."""
    letter_spacing_spread_em: float = 0.1
    """The letter gaps of a letter-spaced run are all alike: they differ by at most 0.1 em."""
    letter_word_ratio: float = 2.0
    """... and its word gaps are clearly wider: at least twice the widest letter gap."""
    letter_spaced_alpha_share: float = 0.8
    """At least 80 % of the run's glyphs are letters: spaced digits are table cells or codes
    ("1 2 3"), whose spaces are real."""
    accent_overlap: float = 0.3
    """An accent composes with the letter its box overlaps by at least 30 % of the narrower
    width; an ASCII ^, ~ or ` standing between letters overlaps neither."""

    # -- horizontal lines (pdfprose.layout.lines, .scripts) ------------------------------------
    baseline_tolerance_em: float = 0.35
    """SPEC §3: glyphs whose baselines agree within 35 % of the font size share a line (rotated
    and vertical lines too, across their own baseline)."""
    line_size_ratio: float = 2.5
    """The baseline tolerance between two glyphs is taken from the larger size, but never more
    than 2.5 x the smaller: a superscript (0.6-0.7 x) or a heading beside body text keeps the
    full tolerance, while a giant watermark glyph (a 1435 pt word over a drawing's title block,
    in ``drawing_titleblock_bad_xref.pdf``) no longer swallows every line within 500 pt of its
    baseline."""
    run_gap_em: float = 1.0
    """A gap wider than 1 em inside a line starts a new text run. Word spaces, even in justified
    text, stay well under it; gutters between columns and gaps between table cells are wider.
    Runs of one line are joined again after reading order, so a wrong cut costs nothing in a
    single-column region."""
    narrow_gutter_em: float = 0.6
    """A gutter may be narrower than a run cut (:mod:`pdfprose.layout.gutters`): the layout
    benchmark's notices, four-column pages and newspaper tiers set theirs at 0.84-1.6 em of the
    body (8-16 pt at 7.5-10 pt), and a hyphen or a quote mark hanging into it takes up to a
    tenth of an em more. A band of at least 0.6 em free of glyphs at the same x on
    ``narrow_gutter_lines`` lines, with a text column on each side, cuts the runs there."""
    narrow_gutter_lines: int = 5
    """...on at least five lines of one stretch with text on both sides. A loose word space of
    a justified column (0.5-1.5 em) lines up with the one above it on two or three lines at
    most (a river); five is a column's evidence, and a region shorter than that keeps its rows
    whole as before."""
    narrow_gutter_fill_em: float = 1.0
    """...and on at least half of them the text before the band ends within 1 em of it: a
    column set that close to the next is justified (its lines end at its edge, a hyphen or a
    quote hanging a fraction of an em past), while the cells of a glossary or a table end
    where their words do, and such a table's rows stay whole."""
    narrow_gutter_start_em: float = 2.0
    """...on lines whose text after the band starts within 2 em of it: a column's lines start
    at its edge, or a paragraph's indent in (1 em in the layout benchmark's notices and
    columns, up to 1.5 em in books), while the band that a worksheet's line numbers leave
    after its dot leaders lies in the page's wide gutter, 8 em and more before the next
    column (the IRS instructions), and is no gutter of its own."""
    narrow_gutter_edge_em: float = 5.0
    """...or on one line at least, where ``narrow_gutter_lines`` lines at least 5 em long
    end at the band (within ``narrow_gutter_fill_em``) with nothing across it, and as many
    start at it (within ``narrow_gutter_start_em``): two columns whose baselines are not on
    one grid (a heading's space shifts one column's lines) share a baseline only now and then,
    and each such line ran across the gutter. 5 em leaves out a column's short last lines and
    its headings ("2.2 Lists"), and the cells of a table, which share their rows' baselines."""
    narrow_gutter_line_share: float = 0.5
    """A line is cut at a narrow gutter only where its text on one side of it covers at least
    half of that side's column (from the gutter to where its lines start, or end, as most do):
    a column's line beside a heading or a pull quote on its baseline. A title or an author's
    name centred over the gutter, whose word space falls on it (a magazine's letter-spaced
    byline), stays whole, and is found above the columns as before."""
    bullet_gap_em: float = 4.0
    """A bullet is at most 4 em before its item's text (Word's default hanging indent is
    0.25 in): that far, it stays in its item's run."""
    symbol_bullet_gap_em: float = 0.5
    """A symbol face's glyph read as a Latin character ("!", "l", "·") starting a line is a
    bullet when the text after it, in another face, stands at least 0.5 em away: a hanging
    indent (a WordPerfect summary's bullets: 2.3 em; Word's 0.25 in indent: 1-1.5 em), not an
    equation's parenthesis in Symbol set against what it encloses."""
    duplicate_tolerance_em: float = 0.15
    """Fake bold draws the same glyph twice, offset by a fraction of a point: the same text
    within 0.15 em on both axes is one glyph (SPEC §2)."""
    interleave_share: float = 0.75
    """Lines of a chained cluster's horizontal stretch are cut apart only where two of them
    overlap along at least 75 % of the length the shorter covers: two lines of text stacked over
    each other, which sorted by x read letter by letter. Over the corpus such pairs overlap
    0.92-1.00 (IRS forms and instructions; the fractions of a Jacobian in
    ``geotopo_thesis_117p_type3``, whose numerators and denominators interleaved too). A
    superscript or an index sits beside the glyphs of its line, and stacked scripts over one
    another cover part of it (0.33-0.65): where another column's line chained such a script to
    its line (citation marks raised 0.37 em in ``sci_reports_2col_sidebar_ligatures``, beyond
    the baseline tolerance), the chain is left alone."""
    horizontal_angle_tolerance: float = 2.0
    """Degrees a baseline may tilt and still count as horizontal (scanned OCR layers tilt a
    little)."""
    script_size_ratio: float = 0.85
    """A run at most 85 % of its neighbour's size, inside its vertical extent, is a superscript
    or subscript and joins the neighbour's line (SPEC §3); a stray row of digits must be as
    small to be an exponent put back into its line."""
    script_min_ratio: float = 0.4
    """...and at least 40 % of it: TeX's second-level scripts are 5 pt on 10 pt (0.5), Word's
    0.58-0.65; text far smaller beside a huge glyph is a label of its own, not a script of it."""
    script_host_reach: int = 8
    """A script's host is among the 8 lines before or after it in the order of their tops (a
    script's top lies within its host's extent, and lines between them are short runs
    beside)."""
    drop_cap_ratio: float = 1.8
    """A single letter at least 1.8 x the size of the text beside it is a drop cap: it belongs at
    the start of the first line of its paragraph, whose top it shares ("S" + "calable")."""
    drop_cap_max_ratio: float = 6.0
    """...and at most 6 x: a drop cap spans two to five lines; a letter fifty times the size of
    the text beside it is a watermark or a drawing's giant label, not the start of a
    paragraph."""

    # -- rotated and vertical text (pdfprose.layout.directional, .page_pipeline) ----------------
    vertical_stack_gap_em: float = 0.25
    """CJK glyphs drawn with a horizontal font but stacked in columns (vertical Japanese set
    glyph by glyph): a glyph whose neighbour above or below is at most 0.25 em away, closer than
    any neighbour on its baseline, is set vertically. Glyphs chained by such gaps form a
    stack."""
    min_vertical_cjk: int = 20
    """Pages with fewer CJK glyphs are not searched for vertical stacks (a stray kanji label)."""
    column_align_em: float = 0.2
    """Glyphs whose centres lie within 0.2 em across share a vertical column (the column pitch
    of vertical Japanese is at least 1 em, glyph centres in a column agree to a fraction of a
    point)."""
    column_hole_em: float = 1.6
    """A vertical column may hold a gap of up to 1.6 em (one ideographic space after an item
    numeral, "一　法第五十一条"); a glyph or short stack across such a gap from a vertical stack
    of its column, and of its size, belongs to the column unless it sits in tight horizontal
    text."""
    tight_row_em: float = 0.1
    """A CJK glyph with a neighbour on its baseline at most 0.1 em away is set in horizontal
    text (CJK horizontal text is set solid or with tracking of a few hundredths of an em)."""
    stack_same_size_ratio: float = 0.85
    """Two stacks of a vertical column whose sizes differ by less than 15 % count as the same
    size."""
    directional_paragraph_gap_em: float = 1.8
    """SPEC §6's paragraph rule applied to rotated, vertical and form text: a new paragraph
    starts where the distance between two consecutive lines (columns, in vertical writing)
    exceeds 1.8 x the font size. Vertical Japanese columns follow each other at 1.3-1.8 em; the
    nine repeated columns of ``ja_vertical_kerning.pdf`` stand 3-5 em apart and are separate
    texts."""
    vertical_pitch_ratio: float = 1.25
    """Columns of vertical writing stand further apart than lines: where a block's columns
    follow each other at more than the 1.8 em above, a new paragraph starts only past 1.25 x
    their median pitch. Books and reports set columns up to 2 em apart (the japanese-vertical
    family of the layout benchmark draws 1.6-1.9 em), so 1.8 em cut their paragraphs column by
    column; a blank column between two paragraphs doubles the pitch. A gazette's columns at
    1.3 em (``ja_kampo_gazette_vertical.pdf`` measures 1.31-1.36) keep the 1.8 em, which its
    paragraphs set 2.0-2.1 em apart need."""
    vertical_paragraph_gap_em: float = 2.2
    """...and never past 2.2 em: short texts set 3-5 em apart are separate
    (``ja_vertical_kerning.pdf``, a column repeated at 3.3 em), not wide-set columns."""
    directional_same_size_ratio: float = 0.85
    """Consecutive rotated, vertical or form lines whose sizes differ by 15 % or more are not one
    paragraph (SPEC §6: a size change starts a paragraph)."""
    vertical_indent_em: float = 0.8
    """In vertical writing a paragraph's first column starts one character lower (an indent of
    1 em) and the column before it ends short: both by at least 0.8 em mark a new paragraph."""

    # -- reading order (pdfprose.layout.xycut) -------------------------------------------------
    min_gutter_em: float = 1.0
    """A gutter is at least 1 em of the region's median font size wide. Runs are only cut at
    gaps over ``run_gap_em``, so a narrower gap could not be seen anyway."""
    min_column_strips: int = 3
    """A multi-column region spans at least three strips: two text runs side by side on one or
    two rows (a label and its value, a heading and a date) are not columns."""
    min_lines_per_column: int = 2
    """Each side of a gutter holds at least two lines, or it is a stray label, not a column."""
    text_column_em: float = 10.0
    """Only columns at least 10 em wide (and ``text_column_lines`` long) count in the page's
    column number: a diagram's labels or a code listing's line numbers get cut apart by the
    XY-cut too, but a reader would not call them columns of text."""
    text_column_lines: int = 3
    """...with at least 3 lines."""
    aside_size_ratio: float = 0.97
    """A text column whose lines' median size is under 97 % of the largest median size among
    its region's text columns is an aside (a sidebar box, a column of notes), not a column of
    the page: it is read as the others are but not counted in the page's columns. The
    ``sidebars`` layout family sets its boxes at 85-95 % of the body size; the columns of one
    story share their size to a hundredth of a point, so 3 % leaves room for sizes computed
    from a text matrix. Paragraphs as near in size and of one face are set alike: one of them
    ends the search for the rest of an interrupted paragraph (:mod:`pdfprose.document.asides`)."""
    aside_share: float = 0.85
    """...and only when at least 85 % of its lines' width is set that small: the box's title
    may stand at the body size, but a column holding an abstract in a smaller type over body
    text (a paper's first page) is a column. Lines set larger than the story's prose (over it
    by more than ``aside_size_ratio`` allows), or in bold, are left out of the share: a box's
    title (9.2 pt bold beside a 9 pt story over 7.7 pt text made 15 % of one box), at 1.2 x
    its type, wrapped on two or three lines over a short box, made 22-30 % of its width (the
    sidebars family: 24 of 600 pages counted such a box as a column)."""
    section_gap_em: float = 1.0
    """A full-width empty band at least 1 em high between two strips may separate two regions
    of different column structure (a title block over a three-column body). It is cut only
    where the part above, taken alone, has other gutters than the whole run: a coincidental
    full-width gap inside two columns of prose must not split them (the classic XY-cut
    failure)."""
    head_band_strips: int = 8
    """A full-width empty band under a part of at most 8 strips cut into columns, below which
    the text stands inside one of those columns only, ends that part: blocks side by side (a
    letterhead or an invoice's seller beside its number and date; a sender beside the date)
    are read before the block under one of them (the client, the addressee), when every
    column of the part ends at the band (``head_band_end_em``). A column that ends early
    while the other runs on past its end to the band (a book index's last page) is one
    column going on below the band, not a part of its own."""
    head_band_end_em: float = 1.5
    """...each column's last line ending within 1.5 em of the part's lowest: a seller's
    address and an invoice's date end 0.8 em apart (the invoices family)."""
    tier_heading_ratio: float = 1.4
    """A full-width empty band under which every column of the part below stays a column, and
    whose first row below holds only lines at least 1.4 x the run's median size, is the top of a
    tier: a new story under its headline, as newspapers stack two or three bands of columns
    (the ``tiers-2`` and ``tiers-3`` layout families: headlines of 1.44-3 x the body size,
    often no wider than the first column). The band is cut first, so that each tier's columns
    are read before the next tier's; so it is where the headline and the story's first rows
    leave the columns above free and the next row's prose (a line ``text_column_em`` long)
    crosses their gutter (a paragraph's short last word in the middle column: 7 words lost
    over the 100 pages of tiers-2 and tiers-3).
    Subheads inside a story are 1-1.5 x the body size, and they rarely meet an empty band
    across every column."""
    tier_fill_em: float = 4.0
    """...and only where the columns above the band fill in reading order: a story fills its
    columns one after the other, so only its last may end short. A column ending more than
    4 em above the part's lowest line, before a column that reaches it, goes on under the band
    past something drawn (the figures family: a figure in the first of two columns left it
    10 em short, and a subhead in the second column under the band was taken for a tier's
    headline, the first column's text read after the second's). A tier's columns end within a
    line or two of each other; and under the band two columns at least are set in the story's
    type (``aside_size_ratio``): a box set smaller beside the headline's column is an aside,
    no column of a new story (the sidebars family: a subhead at a column's foot beside a box
    at the next column's foot)."""
    float_size_ratio: float = 1.2
    """A pull quote is set at least 1.2 x the body size (the ``pull-quotes`` layout family sets
    them at 1.3-1.8 x; magazines at 1.5-2.5 x). Set across the gutter of columns that run on
    under it, and a sentence (``float_words``), it is lifted out of the columns, which are read
    through, and read after the first column end that finishes a sentence from where it stood.
    Such a sentence is never a heading (:mod:`pdfprose.document.asides`)."""
    float_rows: int = 6
    """...on at most 6 rows (the generator's quotes take 1-5, magazines' 2-6)."""
    float_end_em: float = 1.0
    """A lifted pull quote is read after the paragraph it interrupted: in the column's block
    that holds the line above it, after the first line from there that ends a sentence at
    least 1 em short of the block's right edge (a justified paragraph's last line); only
    where none does, after the first later block that ends a sentence (the pull-quotes
    family: the quote stood 8 paragraphs late where its column ran on into the next)."""
    float_words: int = 5
    """...of at least 5 words, ending a sentence: a headline or a subhead ends in none."""
    edge_strips: int = 2
    """At most two strips set in a smaller size than the run (``edge_size_ratio``), beyond an
    empty band at its top or bottom, are cut off the run: a running head, a footer or a
    catalogue number inside one column's width."""
    edge_size_ratio: float = 0.95
    """...smaller: their median size under 95 % of the run's."""
    row_aligned_min: int = 3
    """SPEC §4: a gap is no gutter where three or more rows line up across it (a table of
    contents, a glossary, a table: read row by row, not column by column). Two columns of prose
    share their baselines too, so the rule asks it of a side that is no text column (narrower
    than ``text_column_em``: page numbers, abbreviations, a table's cells), and of rows holding
    at least half that side's lines. A narrow left side of bare integers is exempt: a
    manuscript's line numbers. A narrow side of equation numbers ("(9)") refuses the gutter too,
    but its rows are a column's displayed formulas, not a table: they are laid out as the
    column's other lines are. A narrow side made mostly of pieces of formulas
    (:func:`~pdfprose.layout.equations.is_formula_piece`) is a formula's: its gutter stands."""
    row_pair_lines: int = 2
    """A narrow side of only 2 lines (fewer than ``row_aligned_min``) refuses the gap too when
    every one of its lines shares a baseline with a line across it and so do at least half the
    lines on the other side: labels beside their values ("Invoice No." and "Date" left of the
    number and the date, under the copy's name), read row by row. A margin note of two lines
    beside a paragraph keeps its gutter: most of the paragraph's lines have no partner."""
    justified_runs: int = 3
    """Rows lined up across a gap are no table's when each is a loosely justified line of prose
    cut into runs at its word gaps (over ``run_gap_em``): at least 3 runs of words on the row,
    from the run's left edge to its right one (within ``justified_edge_em``), the gaps between
    them even (within ``justified_spread_em``). A narrow column's two loose lines and the
    paragraph's short last line share a gap by chance so (layout benchmark, footnotes-column
    2026-2: gaps of 11.3 to 11.4 pt on one line, 12.0 pt on the next, at 9.5 pt); a table's
    cells are of uneven widths, its gaps uneven."""
    justified_edge_em: float = 0.5
    """...flush within 0.5 em with both edges of the run."""
    justified_spread_em: float = 0.15
    """...the widest and narrowest gap of a row differ by 0.15 em at most (justification
    spreads the space evenly; the measured spread is 0.01 em)."""
    row_baseline_em: float = 0.25
    """A row (a strip) lines up across a gap when a line on one side and a line on the other
    stand on one baseline, within 0.25 em of the run's median size."""
    max_depth: int = 6
    """Recursion limit: real layouts nest two or three levels (page, columns, a table in a
    column)."""

    # -- paragraphs (pdfprose.layout.paragraphs, .equations, .strays) --------------------------
    paragraph_gap_em: float = 1.8
    """SPEC §6: a baseline-to-baseline distance over 1.8 x the line's font size starts a
    paragraph."""
    pitch_ratio: float = 1.3
    """A baseline distance 30 % over the block's usual line pitch starts a paragraph: the extra
    space publishers put between paragraphs is rarely under a third of a line."""
    prose_line_chars: int = 40
    """A line of at least 40 characters is prose: in a block too short to measure its own pitch
    it follows the page's line pitch, and cut at a comma it goes on in the next column
    (:mod:`pdfprose.document.continuation`); shorter ones may be table cells."""
    size_change_ratio: float = 0.12
    """Lines whose font sizes differ by more than 12 % are not one paragraph (a heading above its
    text); footnote-sized superscripts are already inside their line."""
    indent_min_em: float = 0.7
    """A first line starting 0.7-6 em (up to ``indent_max_em``) right of the block's left edge,
    while the next line returns to the edge, is a first-line indent: the usual 1-2 em of book
    and paper typesetting. The same span right of a list item's marker is the item's hanging
    indent, where its text goes on (2 em after "13." in the WHO guidelines' references, 0.9 em
    after tracemonkey's bullets)."""
    indent_max_em: float = 6.0
    """...at most 6 em."""
    short_line_em: float = 3.0
    """A line ending over 3 em before the block's right edge and with a sentence end is the last
    line of its paragraph. Inside a list item, before a line at the item's hanging indent, the
    edge is where the block's prose lines end."""
    centred_em: float = 2.0
    """A line is centred when it leaves at least 2 em on both sides of its block and the two
    margins differ by at most ``centred_balance_em`` (title blocks, addresses, centred
    headings). A paragraph's indented first line in a narrow ragged-right column leaves 1 em on
    the left."""
    centred_balance_em: float = 1.0
    """...at most 1 em."""
    row_merge_share: float = 0.5
    """Runs that overlap vertically by more than half the shorter one's height stand on one row
    and are joined into one line (the runs were cut at wide gaps only to find gutters). Strictly
    more, where ``furniture_row_share`` asks at least: the two rules have always differed for an
    overlap of exactly half, and are kept as they were."""
    max_prose_words: int = 2
    """A formula line holds at most two words of prose ("for all x", "sin x + cos y"); the
    shortest last line of a paragraph ("given by", "rection, are:") holds no formula marks at
    all."""
    min_math_share: float = 0.25
    """At least a quarter of a formula line's visible glyphs are mathematics (a mathematics font
    or a character only formulas use): a line of digits and punctuation alone (a table row, a
    date) is not a formula."""
    display_indent_em: float = 1.5
    """A displayed formula starts at least 1.5 em right of the column's left edge (TeX indents
    displays by 2 em or centres them); a paragraph's first-line indent is about 1 em and that
    line is prose anyway."""
    number_edge_em: float = 1.0
    """An equation number ends within 1 em of the column's right edge."""
    math_font_share: float = 0.5
    """A formula cut off in a block of its own: at least half its visible glyphs are set in a
    mathematics font (a table's numbers, minus signs and all, are set in a text font)."""
    stray_max_chars: int = 3
    """A row of at most three symbols or digits (no letter) is a stray piece of a neighbouring
    line: a radical sign, the lower half of a stacked "≳", a big bracket, an exponent or index
    set smaller (``script_size_ratio``), drawn on a baseline of its own inside the line's height.
    It is put back into that line instead of cutting the paragraph in two ("C = (mbFb/√2)" in
    ``astro-ph0501021``). A bullet is no stray (it starts a list item, SPEC §10), and glyphs
    without Unicode meaning (U+FFFD) are no evidence of anything: both stay where they are."""
    stray_overlap: float = 0.3
    """A stray symbol belongs where its host line leaves room for it: it may overlap the host's
    letters and digits by at most 30 % of its own width..."""
    stray_room: float = 0.5
    """...and it stands either in a gap of the host's glyphs at least half its own width wide
    (the room a radical sign left before the "2" of "/√2"), or over or under one of the host's
    symbols by at least half its width (the "∼" under the ">" of a stacked "≳"); a prime over
    the seam of two letters of the line above ("intera" + "cting") does not fit."""

    # -- running heads, headings, lists (pdfprose.document) -------------------------------------
    heading_size_ratio: float = 1.15
    """SPEC §9: a paragraph at least 1.15 x the body size is a heading candidate."""
    max_heading_lines: int = 3
    """SPEC §9: a heading is short: at most 3 lines and ``max_heading_chars``."""
    max_heading_chars: int = 160
    """...and 160 characters."""
    display_size_ratio: float = 1.8
    """A title set at 1.8 x the body size or more wraps sooner: at that size the 160 characters
    alone make it short, whatever its lines (the WHO report's cover title: four lines at 25 pt
    over a 10 pt body)."""
    min_heading_section_chars: int = 40
    """A heading heads text: where the paragraphs of one larger size (``heading_section_count``
    of them or more) are followed by fewer than 40 characters each before the next paragraph
    of their size or larger, three in four of them or more, they are a form's values over
    6.5 pt labels of 20-35 characters (the forms family) or a table's cells, not headings; a
    section under a real heading holds at least a sentence or a few list items, though a
    report's sections may be a one-line "not applicable" (7 of 13 in a Chinese quarterly
    report, where the other 6 head 57 to 1,810 characters). The paragraph under a bold line
    at the body size is prose when a line of it spans this many character cells (a wide CJK
    character two) or it ends a sentence: an address or a number and a date under a form's
    label (invoices family: longest lines of 10 to 25 characters) is not, a line of a
    report's prose (bold-headings family: 83 to 101) is."""
    heading_section_count: int = 3
    """...where a size has at least three such paragraphs (a title over a one-line subtitle
    stays a heading)."""
    max_heading_levels: int = 4
    """SPEC §9: heading sizes map to Markdown levels 1-4; all smaller ones are level 4."""
    bold_level_min_heads: int = 2
    """Bold headings of two sizes, both under ``heading_size_ratio`` x the body, are two levels,
    the larger first, where each size heads at least two sections (ACL papers: sections bold at
    11.95 pt, subsections bold at the 10.91 pt body, were one level; a single larger bold line,
    a cover's or a form's title, makes no level of its own)."""
    max_bold_heading_chars: int = 80
    """A bold stand-alone line longer than this is emphasis inside prose, not a heading."""
    max_bold_heading_lines: int = 2
    """A heading in bold at the body's size may wrap onto a second line (Word's and Google
    Docs' narrow columns: "Module One - Introduction to Product / Development and Quality
    Assurance"; the bold-headings and wrapped-headings families), every line of it bold and
    ``max_bold_heading_chars`` in all."""
    heading_size_bucket: float = 0.5
    """Heading sizes within half a point are one level (producers round sizes differently);
    a bold heading is at least the body size less this (points)."""
    cjk_gothic_body_share: float = 0.5
    """A line whose CJK characters are set in a gothic face stands out as a bold one does
    where less than half the characters of the body-size text are gothic: the korean and
    japanese families set their body in a mincho / myeongjo face (0 % gothic) and their
    headings in gothic, as Japanese, Korean and Chinese reports and laws do; a brochure set
    all in gothic (the Korean card brochure of the corpus: 100 %) marks nothing so."""
    opener_size_ratio: float = 0.9
    """A heading size within this ratio of a larger one (0.9: within 10 %) is one level with
    it where every heading of both sizes is its page's title: it opens its page (the first
    paragraph after the running furniture) and no other heading by size stands on the page.
    A deck's slide titles that a slide program's autofit shrank to fit their placeholder
    (50 -> 48 pt, 0.96, on 6 of 30 titles of a 2004 Japanese deck; the slides families'
    autofitted titles, 0.9-0.97) play one role at nearly one size. Sizes that also head
    sections inside a page keep their own levels, and so do a newspaper page's lead headline
    over the other stories' (the tiers families, whose headlines are sized at random) and a
    magazine's article titles over their bylines."""
    small_caps_min_letters: int = 5
    """A single word in small capitals is a heading ("References", "Contents") when it has at
    least five letters: shorter ones are pieces of a name on a title page ("Andr" of a broken
    "András")."""
    nest_step_em: float = 0.8
    """List markers further right than the previous level's by at least 0.8 em are one level
    deeper."""
    max_nesting: int = 3
    """Markdown nests as deep as needed, but a deeper indentation in a PDF is almost always
    layout."""

    # -- continued paragraphs (pdfprose.document.continuation, pdfprose.output.render) ----------
    continuation_size_tolerance: float = 0.1
    """Continuations are set in the same size as the paragraph they continue, within 10 %."""
    continuation_lookback: int = 8
    """At most eight paragraphs (captions, footnotes, running heads, page numbers) are stepped
    over: a page's foot may hold three footnotes, its number and the next page's running head
    (``math0001036`` p1-p2 has four of them)."""
    next_line_em: float = 2.5
    """A paragraph starting in lowercase whose first baseline is at most 2.5 em below the last
    baseline of a prose paragraph that does not end a sentence, at the same left edge, is that
    paragraph's next line (the XY-cut ended a block above a displayed formula, leaving the
    paragraph's last line on its own). 2.5 em and not SPEC §6's 1.8: double-spaced manuscripts
    set their lines 1.9-2 em apart (``math-ph0501061``)."""
    next_line_indent_em: float = 2.5
    """...and whose left edge is within 2.5 em of the paragraph's (whose only line may be its
    indented first line)."""


DEFAULT_PARAMS = LayoutParams()
"""The defaults of SPEC.md and the measurements above: what every stage uses unless given
another :class:`LayoutParams`."""
