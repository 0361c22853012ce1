"""Unicode for glyph names (SPEC §1: "else glyph names").

The Adobe Glyph List (which pdfminer.six's ``name2unicode`` reads) names the glyphs of text
fonts. TeX's Computer Modern and AMS fonts name their mathematical glyphs otherwise
(``asteriskmath``, ``epsilon1``, ``negationslash``...): those names come from the TeX glyph list
(``texglyphlist.txt`` of LCDF Typetools, used by pdfTeX and dvipdfmx), of which the names the
CM fonts' builtin encodings use (CMMI, CMSY, CMEX, MSAM, MSBM) are kept here. A name in neither
list has no Unicode meaning: its glyphs are unmapped, never given the standard encoding's
letter at their code (which turned ∈ into "2" and ∅ into ";").
"""

from __future__ import annotations

from pdfminer.encodingdb import name2unicode

TEX_GLYPHS: dict[str, str] = {
    # CMSY: operators, relations, arrows, delimiters
    "minus": "\u2212", "periodcentered": "\u00b7", "multiply": "\u00d7", "asteriskmath": "\u2217",
    "divide": "\u00f7", "diamondmath": "\u22c4", "plusminus": "\u00b1", "minusplus": "\u2213",
    "circleplus": "\u2295", "circleminus": "\u2296", "circlemultiply": "\u2297",
    "circledivide": "\u2298", "circledot": "\u2299", "circlecopyrt": "\u25ef",
    "openbullet": "\u25e6", "equivasymptotic": "\u224d",
    "equivalence": "\u2261", "reflexsubset": "\u2286", "reflexsuperset": "\u2287",
    "lessequal": "\u2264", "greaterequal": "\u2265", "precedesequal": "\u2aaf",
    "followsequal": "\u2ab0", "similar": "\u223c", "approxequal": "\u2248",
    "propersubset": "\u2282", "propersuperset": "\u2283", "lessmuch": "\u226a",
    "greatermuch": "\u226b", "precedes": "\u227a", "follows": "\u227b",
    "arrowleft": "\u2190", "arrowright": "\u2192", "arrowup": "\u2191", "arrowdown": "\u2193",
    "arrowboth": "\u2194", "arrownortheast": "\u2197", "arrowsoutheast": "\u2198",
    "similarequal": "\u2243", "arrowdblleft": "\u21d0", "arrowdblright": "\u21d2",
    "arrowdblup": "\u21d1", "arrowdbldown": "\u21d3", "arrowdblboth": "\u21d4",
    "arrownorthwest": "\u2196", "arrowsouthwest": "\u2199", "proportional": "\u221d",
    "prime": "\u2032", "infinity": "\u221e", "element": "\u2208", "owner": "\u220b",
    "triangle": "\u25b3", "triangleinv": "\u25bd", "negationslash": "\u0338",
    "mapsto": "\u21a6", "universal": "\u2200", "existential": "\u2203", "logicalnot": "\u00ac",
    "emptyset": "\u2205", "Rfractur": "\u211c", "Ifractur": "\u2111", "latticetop": "\u22a4",
    "perpendicular": "\u22a5", "aleph": "\u2135", "union": "\u222a", "intersection": "\u2229",
    "unionmulti": "\u228e", "logicaland": "\u2227", "logicalor": "\u2228",
    "turnstileleft": "\u22a2", "turnstileright": "\u22a3", "floorleft": "\u230a",
    "floorright": "\u230b", "ceilingleft": "\u2308", "ceilingright": "\u2309",
    "angbracketleft": "\u27e8", "angbracketright": "\u27e9", "bardbl": "\u2016",
    "arrowbothv": "\u2195", "arrowdblbothv": "\u21d5", "wreathproduct": "\u2240",
    "radical": "\u221a", "coproduct": "\u2210", "nabla": "\u2207", "integral": "\u222b",
    "unionsq": "\u2294", "intersectionsq": "\u2293", "subsetsqequal": "\u2291",
    "supersetsqequal": "\u2292",
    # CMMI: variant Greek letters, harpoons, stars and the like
    "epsilon1": "\u03f5", "theta1": "\u03d1", "pi1": "\u03d6", "rho1": "\u03f1",
    "sigma1": "\u03c2", "phi1": "\u03c6",
    "harpoonleftup": "\u21bc", "harpoonleftdown": "\u21bd", "harpoonrightup": "\u21c0",
    "harpoonrightdown": "\u21c1", "hookleft": "\u21a9", "hookright": "\u21aa",
    "triangleright": "\u25b7", "triangleleft": "\u25c1", "star": "\u22c6",
    "partialdiff": "\u2202", "flat": "\u266d", "natural": "\u266e", "sharp": "\u266f",
    "slurbelow": "\u2323", "slurabove": "\u2322", "lscript": "\u2113", "dotlessj": "\u0237",
    "weierstrass": "\u2118", "vector": "\u20d7", "tie": "\u2040",
    # CMEX: the display sizes of operators and delimiters
    "summationtext": "\u2211", "summationdisplay": "\u2211", "producttext": "\u220f",
    "productdisplay": "\u220f", "integraltext": "\u222b", "integraldisplay": "\u222b",
    "contintegraltext": "\u222e", "contintegraldisplay": "\u222e", "uniontext": "\u22c3",
    "uniondisplay": "\u22c3", "intersectiontext": "\u22c2", "intersectiondisplay": "\u22c2",
    "logicalandtext": "\u22c0", "logicalanddisplay": "\u22c0", "logicalortext": "\u22c1",
    "logicalordisplay": "\u22c1", "coproducttext": "\u2210", "coproductdisplay": "\u2210",
    "circleplustext": "\u2a01", "circleplusdisplay": "\u2a01", "circlemultiplytext": "\u2a02",
    "circlemultiplydisplay": "\u2a02", "circledottext": "\u2a00", "circledotdisplay": "\u2a00",
    "unionmultitext": "\u2a04", "unionmultidisplay": "\u2a04", "unionsqtext": "\u2a06",
    "unionsqdisplay": "\u2a06",
    "parenleftbig": "(", "parenrightbig": ")", "parenleftBig": "(", "parenrightBig": ")",
    "parenleftbigg": "(", "parenrightbigg": ")", "parenleftBigg": "(", "parenrightBigg": ")",
    "bracketleftbig": "[", "bracketrightbig": "]", "bracketleftBig": "[",
    "bracketrightBig": "]", "bracketleftbigg": "[", "bracketrightbigg": "]",
    "bracketleftBigg": "[", "bracketrightBigg": "]", "braceleftbig": "{",
    "bracerightbig": "}", "braceleftBig": "{", "bracerightBig": "}", "braceleftbigg": "{",
    "bracerightbigg": "}", "braceleftBigg": "{", "bracerightBigg": "}",
    "radicalbig": "\u221a", "radicalBig": "\u221a", "radicalbigg": "\u221a",
    "radicalBigg": "\u221a", "radicalbt": "\u221a",
    "floorleftbig": "\u230a", "floorrightbig": "\u230b", "floorleftBig": "\u230a",
    "floorrightBig": "\u230b", "floorleftbigg": "\u230a", "floorrightbigg": "\u230b",
    "floorleftBigg": "\u230a", "floorrightBigg": "\u230b", "ceilingleftbig": "\u2308",
    "ceilingrightbig": "\u2309", "ceilingleftBig": "\u2308", "ceilingrightBig": "\u2309",
    "ceilingleftbigg": "\u2308", "ceilingrightbigg": "\u2309", "ceilingleftBigg": "\u2308",
    "ceilingrightBigg": "\u2309", "angbracketleftbig": "\u27e8", "angbracketrightbig": "\u27e9",
    "angbracketleftBig": "\u27e8", "angbracketrightBig": "\u27e9",
    "angbracketleftbigg": "\u27e8", "angbracketrightbigg": "\u27e9",
    "angbracketleftBigg": "\u27e8", "angbracketrightBigg": "\u27e9", "slashbig": "/",
    "slashBig": "/", "slashbigg": "/", "slashBigg": "/", "backslashbig": "\\",
    "backslashBig": "\\", "backslashbigg": "\\", "backslashBigg": "\\",
    "vextendsingle": "\u2223", "vextenddouble": "\u2225", "arrowvertex": "\u23d0",
    "arrowtp": "\u2191", "arrowbt": "\u2193", "arrowdbltp": "\u21d1", "arrowdblbt": "\u21d3",
    "tildewide": "\u02dc", "tildewider": "\u02dc", "tildewidest": "\u02dc",
    "hatwide": "\u02c6", "hatwider": "\u02c6", "hatwidest": "\u02c6",
    # The pieces of extensible delimiters: the Adobe list gives Apple's private-use codes
    # (U+F8E5-U+F8FE) for these names; Unicode has them at U+239B-U+23AD.
    "parenlefttp": "\u239b", "parenleftex": "\u239c", "parenleftbt": "\u239d",
    "parenrighttp": "\u239e", "parenrightex": "\u239f", "parenrightbt": "\u23a0",
    "bracketlefttp": "\u23a1", "bracketleftex": "\u23a2", "bracketleftbt": "\u23a3",
    "bracketrighttp": "\u23a4", "bracketrightex": "\u23a5", "bracketrightbt": "\u23a6",
    "bracelefttp": "\u23a7", "braceleftmid": "\u23a8", "braceleftbt": "\u23a9",
    "braceex": "\u23aa", "bracerighttp": "\u23ab", "bracerightmid": "\u23ac",
    "bracerightbt": "\u23ad",
    # MSAM, MSBM (AMS symbols)
    "lessorequalslant": "\u2a7d", "greaterorequalslant": "\u2a7e", "lessorsimilar": "\u2272",
    "greaterorsimilar": "\u2273", "square": "\u25a1", "squaresolid": "\u25a0",
    "checkmark": "\u2713", "therefore": "\u2234", "because": "\u2235",
    "subsetnoteql": "\u228a", "supersetnoteql": "\u228b", "notexistential": "\u2204",
    "measuredangle": "\u2221", "sphericalangle": "\u2222",
}
"""TeX glyph names the Adobe Glyph List lacks, with their Unicode characters. Where the two
lists disagree (TeX's ``phi`` is ϕ, the AGL's φ; CMSY's ``bullet`` is the ∙ operator) the AGL's
reading stands, since text fonts use those names too; only the pieces of extensible delimiters
(``parenlefttp``...), which the AGL puts in Apple's private-use area, read as Unicode's own."""


def glyph_unicode(name: str) -> str | None:
    """The Unicode text of a glyph ``name``: the TeX glyph list first, then the Adobe Glyph List
    and ``uniXXXX``/``uXXXX[XX]`` names (pdfminer.six's ``name2unicode``); None if neither."""
    char = TEX_GLYPHS.get(name)
    if char is not None:
        return char
    try:
        return name2unicode(name)
    except Exception:  # noqa: BLE001 - pdfminer raises KeyError or PDFKeyError for unknown names
        return None
