"""Joining the lines of a paragraph, with de-hyphenation (SPEC §6, §7)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..text.characters import joins_solid

SUFFIXES = (
    # English
    "tion", "tions", "sion", "sions", "ment", "ments", "ness", "ing", "ings", "ity", "ities",
    "ance", "ances", "ence", "ences", "able", "ible", "ally", "ism", "isms", "ist", "ists",
    "ized", "ization", "ed", "er", "ers", "est", "ous", "ive", "ship", "less", "ful",
    # Spanish
    "ción", "ciones", "sión", "siones", "mente", "miento", "mientos", "dad", "dades", "ble",
    "bles", "ista", "istas", "ismo", "ismos", "ado", "ada", "ados", "adas", "ido", "ida",
    "idos", "idas", "ando", "iendo", "ario", "aria", "ción",
)
"""SPEC §7: common suffixes: a line-end hyphen before one of them was put there by the
typesetter ("informa-" + "tion"), so the word is joined even if the document never spells it."""

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_ASCII_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")
""":data:`_WORD` on ASCII text, where its letters are A-Z and a-z and its apostrophe ' (the
character classes spelt out: about twice as fast as the Unicode categories)."""
_COMPOUND = re.compile(r"(?<![\w-])([^\W\d_]+)-([^\W\d_]+)(?![\w-])")
"""A hyphenated compound of two letter words inside a line ("mixed-mode", "non-linear")."""

_NUMBER_RANGE_END = re.compile(r"\d[-–]$")
"""A line ending in a number and a hyphen or an en dash: a range ("(38-" / "42)") that goes on
without a space."""
_TRAILING_PART = re.compile(r"([^\W\d_]+)-$")
_LEADING_WORD = re.compile(r"^([^\W\d_]+)")

SOFT_HYPHEN = "\u00ad"

URL_BREAK_AFTER = "/.-_=&?#~%"
"""Characters after which a typesetter breaks a web address (TeX's ``url`` package and word
processors: after a slash, a dot, a hyphen...). A hyphen there belongs to the address
("wp-" + "content/uploads"): it is never a hyphenation."""

_URL_GOES_ON = re.compile(r"[\w%~#?=&/.-]*[/.=&?#%_-][\w%~#?=&/.-]*")
"""The start of the next line when it is the rest of an address: a token with a slash, dot or
another address character in it ("item/9789241550345", "umich.edu"); a plain word ("and") is
the sentence going on after a whole address. After a dot it must also start in lowercase or
with a digit: "www.irs.gov." + "U.S. citizens" is a sentence's end and the next one's start."""

_URL_SUFFIX = re.compile(r"pdf|html?|php|aspx?|xml|json|docx?|xlsx?|pptx?|zip|org|com|net|int|"
                         r"edu|gov|info|io")
"""A file's extension or a domain's last part, which a typesetter may put on the next line
after the dot of an address: there it goes on, though it holds no other address character."""

PREFIXES = ("in", "un", "de", "re", "be", "en", "es")
"""Common prefixes of two letters (English, Spanish) that are words too: a line-end hyphen
after one, before a word of the document, was put there by the typesetter ("in-" / "formal",
"de-" / "sign", "es-" / "tado"; TeX breaks English words two letters in), unless the document
shows that compound or that prefix before another word inside a line ("in-house", "re-entry").
Both parts being words had kept the hyphen ("in-formal" in 8 of 488 documents of the layout
benchmark's figures and sidebars families). Two-letter words that start compounds of their
own ("no-shock", "co-author", "ex-officio", "on-line", "by-law", "up-to-date") are not among
them: a compound's parts are both words, as before."""

WORD_OPENS = " \n([{\"'“‘«¿¡"
"""What may stand before a word's first letter: a short part after another character is the
end of a compound or a code ("out-of-" / "state", "vis-à-" / "vis", "3d-" / "raytrace"), whose
hyphens are its own."""

TAIL_CHARS = 200
"""Characters at the end of a paragraph searched for a hyphenated word: longer than any word."""


def vocabulary(paragraphs: Iterable[list[str]]) -> set[str]:
    """Lowercased words (letters only) of the paragraphs (each a list of line texts).

    Hyphenated compounds count as their parts, so a compound never vouches for dropping its own
    hyphen; the two fragments around a line-end hyphen are left out, so that a fragment
    ("tual" of "ac-tual") does not pass for a word of the document. The first word of a
    paragraph that starts in lowercase is left out too: it may be the second part of a word
    broken at the foot of a column or page ("in-" / "terpretation on this..."), which the
    paragraph before holds. The compounds seen inside
    a line are kept too, whole ("mixed-mode") and as their first part with its hyphen ("non-"):
    the document's own evidence that such a hyphen at a line end is a real one.
    """
    words: set[str] = set()
    for lines in paragraphs:
        text = "\n".join(lines)
        # A paragraph that goes on from another may open with the rest of a broken word.
        broken_before = text.lstrip()[:1].islower()
        if "-" not in text:
            # No compound and no line-end hyphen: the paragraph's words are its lines' words, in
            # the same order (a word never spans the line break), found in one search.
            if text.isascii():
                found = _ASCII_WORD.findall(text)
            else:
                found = _WORD.findall(text.replace(SOFT_HYPHEN, ""))
            words.update(map(str.lower, found[1:] if broken_before else found))
            continue
        for text in lines:
            if "-" in text:
                for head, tail in _COMPOUND.findall(text):
                    words.add(f"{head}-{tail}".lower())
                    words.add(f"{head}-".lower())
            found = _WORD.findall(text.replace(SOFT_HYPHEN, ""))
            if broken_before and found and text.lstrip()[:1].islower():
                found = found[1:]
            tail = text.rstrip()
            # The pattern ends in "-$": a cheap test first (searching every line was slow).
            broken_before = tail.endswith("-") and _TRAILING_PART.search(tail) is not None
            if broken_before and found:
                found = found[:-1]
            words.update(map(str.lower, found))
    return words


def _all_capitals_word_broken(head: str, tail: str, vocab: set[str]) -> bool:
    """Whether ``head`` + "-" at a line end and ``tail`` on the next line, both in capitals, may
    be one word broken by the typesetter ("RE-" + "QUIRESSTACK", tracemonkey p10), as far as
    their letters tell; the caller still asks that the joined word occur elsewhere.

    SPEC §7 keeps a hyphen before an uppercase letter, because ordinary text goes on in lowercase
    after a break inside a word: a capital there starts a name ("Anglo-" + "Saxon"). In a word
    set all in capitals (a heading, an identifier in small capitals) every letter is a capital,
    so the case says nothing, and the document's own spelling is the only evidence, as for a
    lowercase break: the joined word elsewhere drops the hyphen, the hyphenated compound inside
    a line elsewhere ("X-RAY") keeps it. The common-suffix and fragment rules are not used here:
    capitals are also codes and acronyms ("ISO-" + "IEC"), whose parts are seldom words.
    """
    return head.isupper() and tail.isupper() and f"{head}-{tail}".lower() not in vocab


def _url_goes_on(out: str, tail_start: int, line: str) -> bool:
    """Whether ``line`` continues the web or e-mail address that ``out`` (the paragraph so far)
    ends in, broken after one of URL_BREAK_AFTER or an ``@``: then the two are joined with no
    space and any hyphen kept ("https://www.who.int/publications/i/" + "item/9789241550345",
    "wangst@" + "umich.edu", "netdna-ssl.com/wp-" + "content/uploads", WHO guidelines and
    sci_reports)."""
    # The address is the paragraph's last word (lines are joined with single spaces).
    word = out[max(out.rfind(" ", tail_start) + 1, tail_start):]
    if word.endswith("@"):
        return word.count("@") == 1  # an e-mail address cut after its "@"
    if "://" not in word and not word.lstrip("(<[").startswith("www."):
        return False
    first = line.split(None, 1)[0].rstrip(",;)]>")
    if out.endswith(".") and not (first[:1].islower() or first[:1].isdigit()):
        return False
    if out.endswith(".") and _URL_SUFFIX.fullmatch(first.rstrip(".")) is not None:
        return True  # "..._204c9b65a0bc4aca8cc51e29f09628ee." + "pdf", "extranet.who." + "int"
    return _URL_GOES_ON.fullmatch(first) is not None


def join_lines(lines: list[str], vocab: set[str]) -> str:
    """Join a paragraph's lines into one string (SPEC §6-7).

    One space between lines; none where both sides of the junction are CJK and not Korean
    (:func:`~pdfprose.text.characters.joins_solid`). A line ending in letter + ``-`` followed by a lowercase letter is joined without the hyphen when the joined
    word is in ``vocab`` or the second part is a common suffix, else hyphen kept and no space.
    Before an uppercase letter or a digit the hyphen is kept, no space, unless the joined word
    occurs elsewhere in the document and is a camel-case name ("TraceMonkey") or an all-capitals
    word (:func:`_all_capitals_word_broken`). A soft hyphen at a line end always joins the word;
    soft hyphens elsewhere are dropped. En and em dashes are never hyphenation; a range of
    numbers broken after its dash ("3–" / "5") is joined without a space, its dash kept. A web
    or e-mail address broken across the lines is joined whole, its hyphens kept
    (:func:`_url_goes_on`).
    """
    out = ""
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if not out:
            out = line
            continue
        if out.endswith(SOFT_HYPHEN):
            out = out[:-1] + line
            continue
        # Only the paragraph's tail can end in a hyphenated word: searching the whole growing
        # string made joining quadratic in the paragraph's length.
        tail_start = max(0, len(out) - TAIL_CHARS)
        if out[-1] in URL_BREAK_AFTER or out[-1] == "@":
            if _url_goes_on(out, tail_start, line):
                out = out + line
                continue
        # "-$" can only match where the text ends in a hyphen ($ also before a final newline).
        m = _TRAILING_PART.search(out, tail_start) if out.endswith(("-", "-\n")) else None
        if m is not None:
            head = m.group(1)
            lead = _LEADING_WORD.match(line)
            if lead is not None:
                tail = lead.group(1)
                joined = (head + tail).lower()
                if line[0].islower():
                    # A compound's parts are both words of the document ("power" + "law");
                    # a word broken by the typesetter has at least one part that is not
                    # ("empha" + "sized", "ac" + "tual"). The document's own compounds
                    # ("mixed-mode" elsewhere, or "non-" before another word) keep it.
                    compound = f"{head}-{tail}".lower() in vocab or (
                        joined not in vocab and f"{head}-".lower() in vocab
                        and tail.lower() in vocab)
                    before = out[m.start(1) - 1] if m.start(1) else " "
                    fragment = tail.lower() not in vocab or head.lower() not in vocab \
                        or (head.lower() in PREFIXES and before in WORD_OPENS)
                    if not compound and (joined in vocab or tail.lower() in SUFFIXES or fragment):
                        out = out[:-1] + line
                        continue
                elif joined in vocab and (tail[1:].islower()
                                          or _all_capitals_word_broken(head, tail, vocab)):
                    # "Trace-" + "Monkey" where the document spells "TraceMonkey" elsewhere;
                    # "RE-" + "QUIRESSTACK" where it spells "REQUIRESSTACK".
                    out = out[:-1] + line
                    continue
            out = out + line
            continue
        if joins_solid(out[-1], line[0]):
            out = out + line
        elif line[0].isdigit() and _NUMBER_RANGE_END.search(out):
            out = out + line  # "(38-" / "42)": a range of numbers
        else:
            out = out + " " + line
    return out.replace(SOFT_HYPHEN, "")
