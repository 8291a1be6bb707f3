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
# Set here for an attempt in a fresh fork (the second one, or a first one ``FreshFirst`` chose): the
# ``student`` fixture then asks its sandbox for one; AGAIN marks the second attempt.
FRESH = pytest.StashKey[bool]()
AGAIN = pytest.StashKey[bool]()


class FreshFirst:
    """Which tests start in a fresh fork although a warm worker waits: those whose expected cost
    of running again (how often they failed so far in this grading process, times how long they
    take) is more than a fork costs. A fresh fork's verdict needs no second run, so a slow
    statistical check that a buggy class fails is not run twice. Only the time taken depends on
    this: the verdicts are the same either way."""

    FORK_SECONDS = 0.002  # about what a fresh fork costs more than a warm worker, in all

    def __init__(self) -> None:
        self.seen: dict[str, list] = {}  # test (the same for every submission) -> [runs, failures, seconds]

    def __call__(self, key: str) -> bool:
        runs, failures, seconds = self.seen.get(key, (0, 0, 0.0))
        return runs > 0 and (failures + 0.1) / (runs + 1) * seconds / runs > self.FORK_SECONDS

    def record(self, key: str, seconds: float, failed: bool) -> None:
        entry = self.seen.setdefault(key, [0, 0, 0.0])
        entry[0] += 1
        entry[1] += failed
        entry[2] += seconds


class WarmCounts:
    """How the tests of this grading process were isolated, for its log (warm workers:
    sandbox_runtime/warm.py): tests run, in a reused worker, run again in a fresh fork, started
    in one (engine/verdicts.py, FreshFirst), and why warm workers were retired."""

    def __init__(self) -> None:
        self.tests = self.reused = self.again = self.fresh_first = 0
        self.retired: dict[str, int] = {}

    def add_retired(self, reasons) -> None:
        for reason in reasons:
            self.retired[reason] = self.retired.get(reason, 0) + 1

    def __str__(self) -> str:
        why = "; ".join(f"{count} {reason}" for reason, count in sorted(self.retired.items(), key=lambda kv: -kv[1]))
        return (f"warm workers: {self.tests} tests, {self.reused} in a reused worker, {self.again} run again "
                f"in a fresh fork, {self.fresh_first} started in one; workers retired: {why or 'none'}")


def run_item(item: pytest.Item, nextitem: pytest.Item | None, forget: Callable[[pytest.Item], None],
             commit: Callable[[pytest.Item], None], fresh_first: FreshFirst | None = None, key: str = "") -> bool:
    """Run ``item`` as pytest would, once more in a fresh fork if it failed in a reused worker.
    ``forget`` drops what the first attempt recorded on the item; ``commit`` saves the record of
    the attempt that counts; ``fresh_first`` (with the test's ``key``) learns which tests to start
    in a fresh fork."""
    ihook = item.ihook
    ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    item.stash[REUSED] = False
    if fresh_first is not None and fresh_first(key):
        item.stash[FRESH] = True
    try:
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    finally:
        _drop(item, FRESH)
    if fresh_first is not None:
        fresh_first.record(key, sum(report.duration for report in reports), any(report.failed for report in reports))
    if item.stash.get(REUSED, False) and any(report.failed for report in reports):
        forget(item)
        item.stash[REUSED] = False
        item.stash[FRESH] = item.stash[AGAIN] = True
        try:
            reports = runtestprotocol(item, nextitem=nextitem, log=False)
        finally:
            _drop(item, FRESH)
            _drop(item, AGAIN)
    for report in reports:
        ihook.pytest_runtest_logreport(report=report)
    commit(item)
    ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def _drop(item: pytest.Item, key) -> None:
    if key in item.stash:
        del item.stash[key]
