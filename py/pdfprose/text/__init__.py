"""The text vocabulary every stage shares: character classes and clean-up
(:mod:`~pdfprose.text.characters`), list markers and bullets (:mod:`~pdfprose.text.markers`),
and the patterns of how a line or a paragraph ends, captions and reference words
(:mod:`~pdfprose.text.vocabulary`). Plain functions and patterns of strings: no geometry, no
model, so that any stage can read them."""
