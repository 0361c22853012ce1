"""Keep Python's cycle collector off the analysis of the pages a conversion has done so far.

A conversion keeps every page's glyphs, lines and paragraphs until it renders (hundreds of
thousands of objects for a long document), and the cycle collector's full passes walk all of them
again and again while nothing among them is garbage: on a 155-page report that was a sixth of the
whole conversion. After each page is read, and again once it is analysed, the
:class:`~pdfprose.Converter` moves what is alive into the collector's permanent generation
(``gc.freeze``; the page's own glyphs are then out of the walks that the layout stages'
allocations set off), and when the conversion is over it gives it back
(``gc.unfreeze``), so that anything that did become cyclic garbage meanwhile is collected then.
Memory is freed by reference counting as before; only the collector's walks are saved.

Nothing is done when the collector is disabled, or when the program froze objects itself (its own
frozen set is not ours to give back). A conversion that is dropped unfinished leaves its objects
frozen until the next conversion starts or finishes.
"""

from __future__ import annotations

import gc
import weakref

_active: "weakref.WeakSet[object]" = weakref.WeakSet()
"""Conversions under way that froze objects (the frozen set is theirs while any is alive)."""

_frozen = False
"""True while the permanent generation holds objects this module froze."""


def begin(owner: object) -> None:
    """A conversion starts: give back what an abandoned one left frozen, and collect the cycles
    a finished one left behind (pdfminer's document and parser refer to each other) before
    this conversion's first freeze could keep them."""
    global _frozen
    if not len(_active):
        if _frozen:
            gc.unfreeze()
            _frozen = False
        if gc.isenabled():
            gc.collect()


def settle(owner: object) -> None:
    """A page was read or analysed: freeze what is alive now (see the module's docstring)."""
    global _frozen
    if not gc.isenabled():
        return
    if not _frozen and gc.get_freeze_count():
        return  # the program's own frozen objects: leave the collector as it is
    _active.add(owner)
    gc.freeze()
    _frozen = True


def end(owner: object) -> None:
    """A conversion is over: unfreeze once no other conversion is under way."""
    global _frozen
    _active.discard(owner)
    if _frozen and not len(_active):
        gc.unfreeze()
        _frozen = False
