"""The budgets of reading a PDF (issue 25), apart from the layout's thresholds
(:mod:`pdfprose.params`): one documented object, passed down from the opening of the file."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ReadBudgets:
    """How much work and memory reading a PDF may take before the part being read is given up
    (issue 25: hostile input must never hang or exhaust the machine). Each bound sits well above
    the corpus's largest real figure, measured as each field says; a bound that runs out becomes
    a typed notice for that part (``code`` below) and the rest of the document converts. The
    hostile suite (``python -m benchmarks.hostile``) generates a file that runs into each."""

    ref_chain: int = 32
    """References followed from one object to the next (``5 0 obj 6 0 R``, ``6 0 obj 7 0 R``
    ...) before the chain is given up as a loop. ISO 32000 allows an object that is a bare
    reference, but writers make one link at most; 32 is far past that."""
    inflate_floor_bytes: int = 32 * 1024 * 1024
    """Bytes the streams the engine reads (content, forms, fonts, CMaps; not image data) may
    decompress to in all, at least: 32 MiB, 9 times the corpus's most (3.7 MB, converting
    ``geotopo_thesis_117p_type3``'s 117 pages; all of a file's non-JPEG streams, images
    included, decode to at most 18.6 MB, in ``pptx_tagged_sitetour``). A 1.5 MB bomb asked
    for 2 GiB."""
    inflate_file_ratio: float = 40.0
    """... or 40 times the file's size when that is more: the engine reads at most 7 times a
    corpus file's size (``zh_invoice_cmap``; most 1.2-2), all of a file's non-JPEG streams come
    to at most 33 times (``pl_invoice_identity_cmap``), while a decompression bomb inflates
    1,000 times. A stream past the budget keeps its first bytes and the page says it was cut.
    Font programs and CMaps draw on an allowance of their own of the same size (so a file
    decodes at most twice it): pdfminer reads a page's fonts before its content, and a bombed
    font program took the whole allowance and the page's text with it (``font_program_bomb``,
    ``tounicode_bomb``)."""
    operators_per_page: int = 500_000
    """Content operators one page (its forms included) may run: the corpus's busiest page runs
    29,978 (``geotopo_thesis_117p_type3`` p31; ``es_ambientico_magazine_3col_24p`` p16 26,565);
    at pdfminer's 5-20 µs an operator, half a million take 3-10 s, where ten million took
    minutes. An inline image (``BI ... ID ... EI``) is one operator and costs about what its
    bytes cost (a 1x1 image 20-50 µs, :class:`pdfprose.pdf.content.FastContentParser`); each is
    also one of the page's figures (``guards.MAX_FIGURES``), which stops a page of a million
    of them after 100,000."""
    state_depth: int = 10_000
    """Graphics states saved (``q``) and not yet restored, at most: real pages nest a few (each
    form and each clipped figure one more); ten million unmatched ``q`` held every state in
    memory. Past it a ``q`` is ignored (its ``Q`` then restores an older state) and counted."""
    stray_operands: int = 1_024
    """Operands waiting for an operator, at most: an operator takes at most 33 (``scn`` in a
    DeviceN space of 32 colorants) and only the last ones pushed; the corpus's longest run of
    operands between two operators is 6 (``cm``, ``Tm``, ``c``: every page and its forms, 60
    real files and the 40 arXiv papers). Past it the oldest are dropped and charged to the
    page's operations: a page of sixteen million empty arrays and no operator held
    them all (a gigabyte) and took minutes (``operands_no_operator``, the hostile suite)."""
    content_structure_bytes: int = 1 << 20
    """Bytes one array or dictionary of a content stream may span, those inside it included:
    1 MiB, where the corpus's widest is 1,313 bytes and its longest 363 elements (measured as
    ``stray_operands`` is; ``nics_background_checks_rotated_page`` p1,
    ``libreoffice_tdf_charts_rotated_labels`` p1). Each element
    costs pdfminer about 60 bytes of memory, so an array of ten million numbers (20 MB of
    content) held 600 MB and more; past the bound the structure is dropped as damage and what
    follows is read as operands (``array_ten_million``)."""
    object_depth: int = 256
    """Arrays and dictionaries nested in one another, at most, in any object or content stream
    the parsers read: the corpus's deepest is 8 (``geotopo_thesis_117p_type3``; object streams
    5, content streams 2, measured by instrumenting the parsers over its 101 files). A page
    dictionary of arrays 100,000 deep opened, but freeing it killed the browser's interpreter
    (Pyodide's deallocator ran out of WebAssembly stack at 50,000 levels); deeper structures
    are dropped, said (:mod:`pdfprose.pdf.nesting`)."""
    annotations_per_page: int = 5_000
    """Annotations a page may have drawn: the corpus's most is 245 on a page (a tax form's
    widgets, ``irs_f1040nr_form_acroform`` p4); a million annotations took 142 s of CPU,
    5,000 take under one."""
    cid_range: int = 65_536
    """CIDs a font's ``/W`` widths may name (ISO 32000-1, annex C: a CID is at most 65,535):
    a range over the whole 32-bit space is clipped to it, and so is its total."""
    cmap_entries: int = 262_144
    """Code assignments one ToUnicode CMap may make: four times the 65,536 codes of a two-byte
    code space (the corpus's largest ToUnicode stream is 8.7 KB, in
    ``zh_quarterly_report_tables_22p``); a map that claims more is cut there, and said."""
    fallback_page_box: tuple[float, float, float, float] = (0.0, 0.0, 612.0, 792.0)
    """The page box (points) of a page whose MediaBox is NaN, infinite or empty and which has
    no usable CropBox or parent's box: US Letter, as pdf.js and poppler assume; said."""
    page_label_nodes: int = 10_000
    """Nodes of the page-label number tree visited (each once): a label tree has a node per
    range of labels (a few in a book); a tree whose kids repeat reached 2^40 leaves. Past it,
    or on a loop, the labels are dropped (they are not part of the text)."""
    struct_nodes: int = 500_000
    """Structure elements and marked-content references read at most from a tagged PDF's
    structure tree (read whole): a 500-page tagged report has about 100,000; a tree of millions
    of nodes is cut there, and the tags say so."""
    struct_depth: int = 256
    """Structure-tree nesting read at most: real trees are under 20 deep (Word nests lists in
    lists); a /P chain of a hundred thousand elements stops there."""
    parent_tree_nodes: int = 100_000
    """Nodes of the /ParentTree number tree visited to find one page's elements: a balanced
    tree over a 500-page report has a few hundred."""
    outline_entries: int = 20_000
    """Outline entries (bookmarks) read at most: a 2,000-page manual has a few thousand."""
    outline_depth: int = 32
    """Outline levels read at most; deeper entries are skipped (real outlines are under 8
    deep)."""


DEFAULT_BUDGETS = ReadBudgets()
"""The budgets every reader uses unless given another :class:`ReadBudgets`."""
