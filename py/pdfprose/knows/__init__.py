"""What the PDF already knows, read rather than guessed (issue 24, staging package).

Each module takes plain data in and gives plain data out; only the readers of the file itself
(:mod:`.outline`, :mod:`.annotations`, :mod:`.structure`, :mod:`.marked`) take pdfminer.six
objects. Nothing here is wired into the pipeline yet: the lead places these modules in the
engine's new layout (the integration plan is in the round's report).

- :mod:`.bidi`: right-to-left lines, glyphs in page order -> text in reading order.
- :mod:`.outline`: the document's bookmarks (title, target page, depth).
- :mod:`.annotations`: a page's link annotations, rectangles in page space.
- :mod:`.structure`: the structure tree of a tagged PDF, per page MCID -> element.
- :mod:`.marked`: marked-content sequences met while a page is drawn (MCIDs, ActualText).
- :mod:`.linktext`: which glyphs a link rectangle covers.
- :mod:`.footnotes`: footnote bodies at a page's foot and their marks in the text.
"""
