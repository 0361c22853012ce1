"""Probe checks of ``shared/corpus/probes.json`` that an open issue has yet to make pass.

The corpus grew with the round of issues 22-27: new real files and new kinds of check
(``table_row``, ``link``, ``footnote``, a heading's ``level``), many of which fail by design until
their issue lands. Every other check must pass (``tests/test_probes.py``). A pending check is an
expected failure, strictly: once it passes, its test fails until the id is taken out of here, so
this list only ever shrinks as each issue lands and no check that passes can quietly fail again.
"""

from __future__ import annotations

PENDING_BY_ISSUE: dict[int, tuple[str, ...]] = {
    # Layouts nobody tuned for: columns, tiers, footnotes, slides, copies, Korean spacing.
    22: (
        "gtm-6", "amb-4", "amb-5", "amb-8", "ppt-1", "ppt-5", "ppt-6", "zhq-3", "zhq-6", "zhq-7",
        "zhq-8", "kcd-6", "gdoc-1", "gdoc-2",
    ),
    # Tables written as GFM tables.
    23: (
        "tbl-plinv-1", "tbl-plinv-2", "tbl-plinv-3", "tbl-plinv-4", "tbl-plinv-5", "tbl-plinv-6",
        "tbl-tm-1", "tbl-tm-2", "tbl-tm-3", "tbl-tm-4", "tbl-tm-5", "tbl-tm-6", "tbl-tm-7",
        "tbl-tm-8", "tbl-tm-9", "tbl-tm-10", "tbl-who-1", "tbl-who-2", "tbl-who-3", "tbl-who-4",
        "tbl-who-5", "tbl-who-6", "tbl-who-7", "tbl-who-8", "tbl-who-9", "tbl-who-10", "tbl-who-11",
        "tbl-who-12", "tbl-who-13", "tbl-who-14", "tbl-who-15", "tbl-who-16", "tbl-freie-1",
        "tbl-freie-2", "tbl-freie-3", "tbl-freie-4", "tbl-freie-5", "tbl-warn-1", "tbl-warn-2",
        "tbl-warn-3", "tbl-warn-4", "tbl-warn-5", "tbl-warn-6", "tbl-warn-7", "tbl-warn-8",
        "tbl-warn-9", "tbl-warn-10", "tbl-hlr-1", "tbl-hlr-2", "tbl-hlr-3", "tbl-hlr-4", "tbl-hlr-5",
        "tbl-zhq-1", "tbl-zhq-2", "tbl-zhq-3", "tbl-zhq-4", "tbl-zhq-5", "tbl-zhq-6", "tbl-zhq-7",
        "tbl-zhq-8", "tbl-zhq-9", "tbl-zhq-10", "tbl-kocard-1", "tbl-kocard-2", "tbl-kocard-3",
        "tbl-kocard-4",
    ),
    # Links, bookmarks, tags, ActualText, footnotes, right-to-left text (and heading levels
    # from tags and outlines).
    24: (
        "l3tag-3", "l3tag-8", "l3tag-10", "l3tag-11", "fda-6",
    ),
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
