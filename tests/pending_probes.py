"""Probe checks of ``shared/corpus/probes.json`` that an open issue has yet to make pass.

The corpus grew with the round of issues 22-27: new real files and new kinds of check
(``table_row``, ``link``, ``footnote``, a heading's ``level``), many of which fail by design until
their issue lands. Every other check must pass (``tests/corpus/test_probes.py``). A pending check is an
expected failure, strictly: once it passes, its test fails until the id is taken out of here, so
this list only ever shrinks as each issue lands and no check that passes can quietly fail again.
"""

from __future__ import annotations

PENDING_BY_ISSUE: dict[int, tuple[str, ...]] = {
    # Layouts nobody tuned for: columns, tiers, footnotes, slides, copies, Korean spacing.
    22: (),
    # Tables written as GFM tables.
    23: (),
    # Links, bookmarks, tags, ActualText, footnotes, right-to-left text (and heading levels
    # from tags and outlines).
    24: (),
}

PENDING: dict[str, int] = {cid: issue for issue, ids in PENDING_BY_ISSUE.items() for cid in ids}
"""Check id -> the issue that owns it."""


def param(check_id: str, *values: object, id: str | None = None):
    """``pytest.param(*values)`` marked as a strict expected failure when ``check_id`` is
    pending, naming the issue that owns it."""
    import pytest

    issue = PENDING.get(check_id)
    marks = [pytest.mark.xfail(strict=True, reason=f"pending: issue {issue}")] if issue else []
    return pytest.param(*values, id=id, marks=marks)
