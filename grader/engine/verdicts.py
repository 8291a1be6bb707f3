"""A failure is always a fresh verdict: a test that fails in a warm worker runs again in a fresh fork.

In the warm mode (sandbox_runtime/warm.py) most tests run in a worker that served an earlier
test of the same sandbox, renewed and audited in between. A pass there relies on the audit;
a failure never does: every test that did not pass in such a worker is run once more, with the
same seed, in a fresh fork of the zygote (exactly the fresh mode's path), and only that run's
reports and record count. So no leftover of an earlier test, whether the audit saw it or not,
can cost a student a point; and since student code never sees the expected values (they stay
in this process), a leftover could only turn a fresh failure into a pass by computing the
right answers, which the student's code could then do on its own.

This replaces pytest's own ``pytest_runtest_protocol`` for grading items only: each attempt
runs pytest's usual set-up, call and tear-down (``runtestprotocol``) without logging; the
reports of the attempt that counts are logged afterwards, so the terminal, the exit code and
every plugin see one run per test.
"""

from collections.abc import Callable

import pytest
from _pytest.runner import runtestprotocol

# Set by the ``student`` fixture: whether this attempt ran in a worker that served an earlier test.
REUSED = pytest.StashKey[bool]()
# Set here for the second attempt: the ``student`` fixture then asks its sandbox for a fresh fork.
FRESH = pytest.StashKey[bool]()


def run_item(item: pytest.Item, nextitem: pytest.Item | None, forget: Callable[[pytest.Item], None],
             commit: Callable[[pytest.Item], None]) -> bool:
    """Run ``item`` as pytest would, once more in a fresh fork if it failed in a reused worker.
    ``forget`` drops what the first attempt recorded on the item; ``commit`` saves the record of
    the attempt that counts."""
    ihook = item.ihook
    ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    item.stash[REUSED] = False
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    if item.stash.get(REUSED, False) and any(report.failed for report in reports):
        forget(item)
        item.stash[REUSED] = False
        item.stash[FRESH] = True
        try:
            reports = runtestprotocol(item, nextitem=nextitem, log=False)
        finally:
            del item.stash[FRESH]
    for report in reports:
        ihook.pytest_runtest_logreport(report=report)
    commit(item)
    ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True
