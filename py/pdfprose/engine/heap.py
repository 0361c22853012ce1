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

The collection at the start is skipped when the collector has already made a full pass since the
last conversion ended (a caller that collected just before, as the speed benchmark does before
timing each file): a second full pass at once would walk every live object for nothing. Garbage
made after that pass (a result dropped later) then stays until the conversion is over, and the
next one's start collects it.

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

_FULL = 2
"""The collector's oldest generation: a collection of it is a full pass."""

_full_passes_at_end: int | None = None
"""How many full passes the collector had made when the last conversion ended (None before
any did): more now means that conversion's cyclic garbage was collected already."""


def _full_passes() -> int:
    """Full passes the cycle collector has made in this process (``gc.get_stats``)."""
    return gc.get_stats()[_FULL]["collections"]


def begin(owner: object) -> None:
    """A conversion starts: give back what an abandoned one left frozen, and collect the cycles
    a finished one left behind (pdfminer's document and parser refer to each other) before
    this conversion's first freeze could keep them."""
    global _frozen
    if not len(_active):
        abandoned = _frozen
        if _frozen:
            gc.unfreeze()
            _frozen = False
        collected = _full_passes_at_end is not None and _full_passes() > _full_passes_at_end
        if gc.isenabled() and (abandoned or not collected):
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
    global _frozen, _full_passes_at_end
    _active.discard(owner)
    if _frozen and not len(_active):
        gc.unfreeze()
        _frozen = False
    if not len(_active):
        _full_passes_at_end = _full_passes()
