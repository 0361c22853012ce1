"""Filled-in form fields whose widgets draw nothing (an AcroForm with /NeedAppearances, as
pypdf's field filling, LibreOffice and Evince write it): the value in /V is text a reader sees
on the page, so it is read, once, and a password or a hidden field's is not."""

from __future__ import annotations

from pdfgen import build_pdf
from pdfprose import Options, convert


def _stream(content: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s >>\nstream\n%s\nendstream" % (len(content), extra, content)


def form_pdf(need: bool = True) -> bytes:
    """Labels in the page's content; beside them a text field with no appearance, a multiline
    one whose appearance is empty, one whose value Helvetica's encoding cannot draw, one whose
    appearance draws its value, a password field and a hidden field; ``need``: the AcroForm's
    /NeedAppearances."""
    labels = (b"BT /F1 12 Tf 72 700 Td (First name:) Tj ET BT /F1 12 Tf 72 640 Td (Comments:) Tj ET"
              b" BT /F1 12 Tf 72 560 Td (City:) Tj ET BT /F1 12 Tf 72 520 Td (Code:) Tj ET"
              b" BT /F1 12 Tf 72 480 Td (Password:) Tj ET")
    shown = b"/Tx BMC q BT /Helv 11 Tf 0 g 2 5 Td (Turin) Tj ET Q EMC"
    widget = b"/Type /Annot /Subtype /Widget /FT /Tx /DA (/Helv 11 Tf 0 g)"
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R"
           b" 10 0 R] /NeedAppearances %s /DR << /Font << /Helv 4 0 R >> >> >> >>"
           % (b"true" if need else b"false"),
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R"
           b" >> >> /Contents 11 0 R /Annots [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 10 0 R] >>",
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        5: b"<< %s /T (first) /V (Alice) /Rect [170 695 320 715] >>" % widget,
        6: b"<< %s /T (comments) /Ff 4096 /V (Line one\\rLine two) /Rect [170 590 420 652]"
           b" /AP << /N 12 0 R >> >>" % widget,
        7: b"<< %s /T (code) /V <FEFF03A9006D006500670061> /Rect [170 515 320 535] >>" % widget,
        8: b"<< %s /T (city) /V (Turin) /Rect [170 555 320 575] /AP << /N 13 0 R >> >>" % widget,
        9: b"<< %s /T (pw) /Ff 8192 /V (hunter2) /Rect [170 475 320 495] >>" % widget,
        10: b"<< %s /T (secret) /F 2 /V (Invisible) /Rect [170 440 320 460] >>" % widget,
        11: _stream(labels),
        12: _stream(b"/Tx BMC EMC", b"/BBox [0 0 250 62]"),
        13: _stream(shown, b"/BBox [0 0 150 20] /Resources << /Font << /Helv 4 0 R >> >>"),
    }
    return build_pdf(objects)


def test_field_values_without_appearances_are_read_once_and_hidden_ones_not() -> None:
    text = convert(form_pdf()).render(Options(format="txt"))
    assert "Alice" in text
    assert "Line one" in text and "Line two" in text
    assert "\u03a9mega" in text  # carried as ActualText: Helvetica's encoding has no Omega
    assert text.count("Turin") == 1  # its appearance draws it: not drawn a second time
    assert "hunter2" not in text and "Invisible" not in text
    # Form text is read after the page's own, in the page's reading order (SPEC: "form").
    assert text.index("Password:") < text.index("Alice") < text.index("Line one") \
        < text.index("Turin") < text.index("\u03a9mega")


def test_an_empty_appearance_shows_no_value_unless_the_form_asks_for_new_ones() -> None:
    # Without /NeedAppearances a viewer shows the appearance as it is: the empty one shows
    # nothing. A field with no appearance at all still shows its value.
    text = convert(form_pdf(need=False)).render(Options(format="txt"))
    assert "Line one" not in text
    assert "Alice" in text and text.count("Turin") == 1
