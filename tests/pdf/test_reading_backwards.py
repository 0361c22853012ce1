"""The file read backwards from its end, where pdfminer.six looks for ``startxref``
(``pdfprose.pdf.streams.RepairingParser.revreadlines``): the same lines as pdfminer.six's own
reader, which is quadratic in a long line (junk padded after ``%%EOF``)."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from pdfminer.pdfparser import PDFParser

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.hostile_cases import plain  # noqa: E402
from pdfprose import Options, convert  # noqa: E402
from pdfprose.pdf.streams import RepairingParser  # noqa: E402

LINE_BYTES = st.lists(st.sampled_from([b"a", b"x", b" ", b"\r", b"\n", b"\r\n", b"startxref"]),
                      max_size=200).map(b"".join)


@settings(max_examples=300, deadline=None)
@given(data=LINE_BYTES, block=st.integers(min_value=1, max_value=17))
def test_the_lines_read_backwards_are_pdfminers(data: bytes, block: int) -> None:
    ours, theirs = RepairingParser(io.BytesIO(data)), PDFParser(io.BytesIO(data))
    ours.BUFSIZ = theirs.BUFSIZ = block  # small blocks: lines cross many of them
    assert list(ours.revreadlines()) == list(PDFParser.revreadlines(theirs))


def test_a_file_padded_with_a_long_line_of_junk_opens_and_keeps_its_text() -> None:
    # A fresh user's 8 MB of junk on one line after %%EOF took 17 s to open, 28 MB over two
    # minutes (pdfminer.six's reader; 0.37 and 1.2 CPU s with this one).
    built = plain(random.Random(7)).finish()
    padded = built.data + b"\n%" + b"xyzzy" * 600_000 + b"\n"  # 3 MB on one line
    text = convert(padded).render(Options(format="txt"))
    assert built.markers[1] in text
