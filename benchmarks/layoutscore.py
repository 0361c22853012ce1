"""Scores of one tool's output against a generated document's truth (:mod:`benchmarks.layoutgen`).

Words
-----
The words of :mod:`benchmarks.scoring` (NFKC, lower case, dashes and apostrophes unified,
punctuation stripped at both ends; Markdown markup removed for Markdown output), and then:

- a footnote mark glued to its word is dropped (``policy1``, ``policy¹``, ``policy[^1]`` are
  ``policy``): one or two digits after a letter and optional punctuation, on both sides alike;
- Chinese and Japanese (Han, kana) are cut into single characters, with runs of Latin letters
  and digits kept whole (``2024年度に`` is ``2024 年 度 に``), so that a line joined with or
  without a space reads the same; Korean keeps its words (its spaces are words' ends: a tool
  that joins Korean lines without the space loses both words).

Reading order of the truth
--------------------------
The elements in the document's order (:mod:`benchmarks.layoutgen.truth`), furniture left out.
A float (caption, pull quote, sidebar, footnote, with its heading) may stand just after or just
before the paragraph it interrupted (its ``host``): the scorer takes the place the output chose
(where the float's words sit against its host's in the output) before computing the order score.

Labels
------
Each output word gets the truth element it comes from, or none: first by the longest common
subsequence of the truth's words (all elements, furniture included) and the output's words;
then, again and again (at most four rounds), by the longest common subsequence of the words
left unlabelled on both sides, keeping from those later rounds only matches that come in runs of
two or more consecutive words on both sides (four characters in Chinese and Japanese): a lone
common word found out of order is no evidence of where it came from.

Metrics (per document; :func:`score` returns them, the benchmark pools them per family)
--------------------------------------------------------------------------------------
- ``order``: LCS(truth words in reading order, output words) / truth words.
- ``lost``: truth words missing from the output as a bag (the multiset difference).
- ``splices``: lines spliced from elsewhere. In one output block (the lines between two blank
  lines: a paragraph, a heading, an item), take the labelled words in order and merge
  neighbours with the same label into runs. A run of element X whose runs on both sides are of
  one other element Y is a splice: words of X inserted between words of Y. Each such run counts
  once, at the page where Y starts, if it has at least two words (four characters in Chinese
  and Japanese; a lone page number or footnote mark inside a sentence is not told apart here,
  it shows as furniture left in). So a paragraph read across two columns line by line counts
  about one splice per line, a footnote set into a sentence one, and a float put before or
  after its paragraph none.
- ``headings`` / ``headings_found`` / ``headings_invented``: truth titles and headings; those
  an output heading (Markdown ``#`` line) shows with exactly their words; output headings whose
  words are no truth heading's (each output heading matches at most one truth heading).
  ``levels_right``: found headings whose ``#`` count is the truth's level.
- ``items`` / ``items_found`` / ``items_invented``: the same for list items (Markdown ``-``,
  ``*``, ``+``, ``1.``, ``1)`` or ``a)`` items, with their continuation lines), words compared
  without a bullet (a number or letter is text and stays).
- ``columns_right`` / ``columns_pages``: pages whose report ``columns`` equals the truth's
  (pages whose truth is None are not counted).
- ``content_removed``: characters of truth content words that "remove headers" took away (the
  words of the output with headers kept, less the default output's, less the furniture's).
- ``furniture_left`` / ``furniture_chars``: characters of furniture words still in the output
  (its words less the content's, as a bag, met with the furniture's), and of all furniture.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import asdict, dataclass, field

from . import scoring
from .layoutgen.text import CJK_LANGUAGES
from .layoutgen.truth import HEADING_KINDS, Document

_MARK = re.compile(r"^(.*[^\W\d_])[\W_]*\d{1,2}$")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_PIECES = re.compile(r"[0-9A-Za-z.,%]+|.")
_ITEM = re.compile(r"^(\s*)(?:([-*+])|(\d{1,3}[.)]|[A-Za-z][.)]))\s+(.*)$")
_HEAD = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
MIN_RUN = 2
"""Words in a run that counts: a later labelling round's match, a splice."""
MIN_RUN_CHARS = 4
"""The same for Chinese and Japanese, scored character by character: two characters in a row
recur by chance too often to tell where they came from."""
LABEL_ROUNDS = 4


def _word(w: str) -> list[str]:
    m = _MARK.match(w)
    if m:
        w = scoring.normalize_word(m.group(1))
    if _CJK.search(w):
        return [q for q in map(scoring.normalize_word, _CJK_PIECES.findall(w)) if q]
    return [w] if w else []


def words(text: str, markdown: bool = False) -> list[str]:
    """The words of a text (module docstring)."""
    return [p for w in scoring.words(text, markdown=markdown) for p in _word(w)]


def blocks(text: str, markdown: bool = False) -> list[list[str]]:
    """The words of each block (lines between blank lines) of a text."""
    tok = scoring.tokenize(text, markdown=markdown)
    out = []
    for b in tok.blocks:
        ws = [p for w in b for p in _word(w)]
        if ws:
            out.append(ws)
    return out


# --------------------------------------------------------------------------------------------
# Labels


def label(truth: list[str], out: list[str], min_run: int = MIN_RUN) -> list[int]:
    """For each output word, the index of the truth word it is (-1: none); see the docstring."""
    lab = [-1] * len(out)
    used = [False] * len(truth)
    for i, j in scoring.lcs_alignment(truth, out):
        lab[j], used[i] = i, True
    for _ in range(LABEL_ROUNDS - 1):
        ti = [i for i, u in enumerate(used) if not u]
        oj = [j for j, v in enumerate(lab) if v < 0]
        if not ti or not oj:
            break
        pairs = [(ti[a], oj[b]) for a, b in scoring.lcs_alignment([truth[i] for i in ti],
                                                                  [out[j] for j in oj])]
        kept = _runs(pairs, min_run)
        if not kept:
            break
        for i, j in kept:
            lab[j], used[i] = i, True
    return lab


def _runs(pairs: list[tuple[int, int]], min_run: int) -> list[tuple[int, int]]:
    """The pairs that belong to runs of at least ``min_run`` consecutive pairs (consecutive in
    both sequences)."""
    kept: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for p in pairs:
        if run and p == (run[-1][0] + 1, run[-1][1] + 1):
            run.append(p)
            continue
        if len(run) >= min_run:
            kept += run
        run = [p]
    if len(run) >= min_run:
        kept += run
    return kept


# --------------------------------------------------------------------------------------------
# Scores


@dataclass(slots=True)
class Splice:
    page: int
    host: int  # the element interrupted
    inserted: int  # the element whose words were put inside it
    words: list[str]


@dataclass(slots=True)
class DocScore:
    truth_words: int = 0
    order_lcs: int = 0
    lost: int = 0
    lost_words: list[str] = field(default_factory=list)
    splices: list[Splice] = field(default_factory=list)
    headings: int = 0
    headings_found: int = 0
    headings_invented: int = 0
    invented_headings: list[str] = field(default_factory=list)
    levels_right: int = 0
    items: int = 0
    items_found: int = 0
    items_invented: int = 0
    columns_pages: int = 0
    columns_right: int = 0
    columns_wrong: list[tuple[int, int | None, int | None]] = field(default_factory=list)
    content_removed: int | None = None
    furniture_left: int = 0
    furniture_chars: int = 0
    markup: bool = False  # headings and items mean something (Markdown)
    error: str | None = None

    @property
    def order(self) -> float:
        return self.order_lcs / self.truth_words if self.truth_words else 1.0

    def as_dict(self) -> dict[str, object]:
        d = asdict(self)
        d["order"] = self.order
        return d


def _sequence(doc: Document, order: list[int], content_only: bool
              ) -> tuple[list[str], list[int]]:
    ws: list[str] = []
    owner: list[int] = []
    for idx in order:
        el = doc.elements[idx]
        if content_only and el.kind == "furniture":
            continue
        w = words(el.text)
        ws += w
        owner += [idx] * len(w)
    return ws, owner


def float_order(doc: Document, labels_of: dict[int, list[int]]) -> list[int]:
    """The truth's element order with each float group put before its host where the output
    put it there (``labels_of``: element -> output positions of its labelled words)."""
    groups: dict[int, list[int]] = {}
    for idx, el in enumerate(doc.elements):
        if el.host is not None:
            groups.setdefault(el.host, []).append(idx)
    before: dict[int, list[int]] = {}
    moved: set[int] = set()
    for host, members in groups.items():
        fpos = [p for m in members for p in labels_of.get(m, [])]
        hpos = labels_of.get(host, [])
        if fpos and hpos and statistics.median(fpos) < statistics.median(hpos):
            before[host] = members
            moved.update(members)
    order: list[int] = []
    for idx in range(len(doc.elements)):
        if idx in moved:
            continue
        order += before.get(idx, [])
        order.append(idx)
    return order


def _splices(doc: Document, out_blocks: list[list[str]], lab: list[int], owner: list[int],
             min_run: int) -> list[Splice]:
    found: list[Splice] = []
    pos = 0
    for block in out_blocks:
        runs: list[list] = []  # [element, words]
        for k, w in enumerate(block):
            t = lab[pos + k]
            if t < 0:
                continue
            el = owner[t]
            if runs and runs[-1][0] == el:
                runs[-1][1].append(w)
            else:
                runs.append([el, [w]])
        pos += len(block)
        for r in range(1, len(runs) - 1):
            x, y0, y1 = runs[r][0], runs[r - 1][0], runs[r + 1][0]
            if y0 == y1 != x and len(runs[r][1]) >= min_run:
                found.append(Splice(doc.elements[y0].page, y0, x, runs[r][1]))
    return found


def _headings_md(md: str) -> list[tuple[int, list[str]]]:
    out = []
    for line in md.split("\n"):
        m = _HEAD.match(line)
        if m:
            w = words(m.group(2), markdown=True)
            if w:
                out.append((len(m.group(1)), w))
    return out


def _items_md(md: str) -> list[list[str]]:
    items: list[list[str]] = []
    cur: list[str] | None = None
    for line in md.split("\n"):
        if not line.strip():
            if cur is not None:
                items.append(words("\n".join(cur), markdown=True))
            cur = None
            continue
        m = _ITEM.match(line)
        if m:
            if cur is not None:
                items.append(words("\n".join(cur), markdown=True))
            cur = [m.group(3) + " " + m.group(4) if m.group(3) else m.group(4)]
        elif cur is not None and not _HEAD.match(line):
            cur.append(line)
    if cur is not None:
        items.append(words("\n".join(cur), markdown=True))
    return [i for i in items if i]


def score(doc: Document, text: str, *, markdown: bool, columns: list[int | None] | None = None,
          kept_headers: str | None = None) -> DocScore:
    """One output of one document (``columns``: the report's per page; ``kept_headers``: the
    same tool's output with running heads kept, for ``content_removed``)."""
    s = DocScore(markup=markdown)
    out_blocks = blocks(text, markdown=markdown)
    out = [w for b in out_blocks for w in b]
    full, full_owner = _sequence(doc, list(range(len(doc.elements))), content_only=False)
    min_run = MIN_RUN_CHARS if doc.lang in CJK_LANGUAGES else MIN_RUN
    lab = label(full, out, min_run)
    labels_of: dict[int, list[int]] = {}
    for j, t in enumerate(lab):
        if t >= 0:
            labels_of.setdefault(full_owner[t], []).append(j)
    truth, _ = _sequence(doc, float_order(doc, labels_of), content_only=True)
    s.truth_words = len(truth)
    s.order_lcs = scoring.lcs_length(truth, out)
    missing = Counter(truth) - Counter(out)
    s.lost = sum(missing.values())
    s.lost_words = sorted(missing.elements())[:50]
    s.splices = _splices(doc, out_blocks, lab, full_owner, min_run)
    furn = Counter(w for e in doc.elements if e.kind == "furniture" for w in words(e.text))
    content = Counter(truth)
    s.furniture_chars = sum(len(w) * n for w, n in furn.items())
    left = furn & (Counter(out) - content)
    s.furniture_left = sum(len(w) * n for w, n in left.items())
    if kept_headers is not None:
        removed = Counter(words(kept_headers, markdown=markdown)) - Counter(out) - furn
        s.content_removed = sum(len(w) * n for w, n in removed.items())
    if markdown:
        truth_heads = Counter(tuple(words(e.text)) for e in doc.elements
                              if e.kind in HEADING_KINDS)
        levels = {}
        for e in doc.elements:
            if e.kind in HEADING_KINDS:
                levels.setdefault(tuple(words(e.text)), e.level)
        out_heads = _headings_md(text)
        s.headings = sum(truth_heads.values())
        remaining = Counter(truth_heads)
        for level, w in out_heads:
            key = tuple(w)
            if remaining[key] > 0:
                remaining[key] -= 1
                s.headings_found += 1
                s.levels_right += int(levels.get(key) == level)
            else:
                s.headings_invented += 1
                s.invented_headings.append(" ".join(w))
        truth_items = Counter(tuple(words(e.text)) for e in doc.elements
                              if e.kind == "list_item")
        s.items = sum(truth_items.values())
        remaining = Counter(truth_items)
        for w in _items_md(text):
            key = tuple(w)
            if remaining[key] > 0:
                remaining[key] -= 1
                s.items_found += 1
            else:
                s.items_invented += 1
    if columns is not None:
        for page, got in zip(doc.pages, columns):
            if page.columns is None:
                continue
            s.columns_pages += 1
            if got == page.columns:
                s.columns_right += 1
            else:
                s.columns_wrong.append((page.number, page.columns, got))
    return s

