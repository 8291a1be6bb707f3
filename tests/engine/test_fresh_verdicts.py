"""A failure is always a fresh verdict (grader/engine/verdicts.py).

The student below fails whenever it runs in the same process as an earlier test of its
sandbox: it notes its process id in a file outside the sandbox's writable places (at the process
level /tmp is the machine's, and a file there is no state the audit compares) and answers wrong
when the note is its own, from another test. In a fresh fork every test passes; in a reused warm worker the test
fails, is run again in a fresh fork, and only that passing run counts. So the grades are the
same in both modes, and the grading process's log shows the second runs.
"""

import os
import secrets

from grader.engine.batch import GradeOptions, grade
from grader.engine.verdicts import FreshFirst
from grader.submissions import find_submissions
from tests.classroom import card_with, elevens_rubric
from tests.warm_python import needs_warm

RANK = "        return self._rank\n"


def same_process_fails(marker: str) -> str:
    # The note holds the process and this test's module (a new one in every test of a warm
    # worker): the answer is wrong only when an earlier test ran in this same process.
    return card_with({RANK: (
        "        import os\n"
        f"        marker = {marker!r}\n"
        "        mine = (str(os.getpid()), str(id(globals())))\n"
        "        seen = tuple(open(marker).read().split()) if os.path.exists(marker) else ('', '')\n"
        "        with open(marker, 'w') as note:\n"
        "            note.write(' '.join(mine))\n"
        "        return 'wrong' if seen[0] == mine[0] and seen[1] != mine[1] else self._rank\n")})


@needs_warm
def test_a_test_that_fails_in_a_reused_worker_is_graded_by_a_fresh_run(tmp_path):
    marker = f"/tmp/grader-fresh-verdict-{os.getpid()}-{secrets.token_hex(4)}"
    folder = tmp_path / "class" / "only_fresh_passes"
    folder.mkdir(parents=True)
    (folder / "card.py").write_text(same_process_fails(marker), encoding="utf-8")
    graded, logs = {}, {}
    try:
        for fresh in (False, True):
            work = tmp_path / f"work-{fresh}"
            work.mkdir()
            found = find_submissions(tmp_path / "class", tmp_path / f"unpacked-{fresh}")
            options = GradeOptions(only_activities=["A1"], isolation="process", allow_unconfined_root=True,
                                   fresh_process_per_test=fresh, jobs=1)
            result = grade(elevens_rubric(), found, options, work).submissions[0]
            graded[fresh] = (result.total, [(t.name, t.outcome) for a in result.activities for t in a.tests])
            logs[fresh] = "".join(path.read_text() for path in work.glob("shard-*.log"))
    finally:
        if os.path.exists(marker):
            os.remove(marker)
    assert graded[False] == graded[True]
    assert graded[True][1] and all(outcome == "passed" for _, outcome in graded[True][1])
    # The warm run did reuse workers, saw failures there, and ran those tests again.
    line = next(line for line in logs[False].splitlines() if line.startswith("warm workers:"))
    again = int(line.split(" run again")[0].rsplit(" ", 1)[1])
    assert again > 0, line


def test_a_test_starts_in_a_fresh_fork_once_its_failures_cost_more_than_a_fork():
    choose = FreshFirst()
    assert not choose("A4 test_shuffle_is_uniform")  # nothing known yet: a warm worker
    for _ in range(3):
        choose.record("A4 test_shuffle_is_uniform", 0.200, failed=True)
        choose.record("A1 test_rank", 0.001, failed=True)
        choose.record("A2 test_size", 0.200, failed=False)
    assert choose("A4 test_shuffle_is_uniform")  # slow and failing: a second run would cost more
    assert not choose("A1 test_rank")  # fails, but a second run costs less than a fork
    for _ in range(30):
        choose.record("A2 test_size", 0.200, failed=False)
    assert not choose("A2 test_size")  # slow, but it passes: it is almost never run twice
