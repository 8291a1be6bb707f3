"""No test can leave a count for a later one: not in the interpreter, not in the zygote.

Every student here hands in a Card whose ``suit()`` is right only when something shows that an
earlier test ran in the same process: ``rank()`` leaves a mark, and ``suit()`` looks for it. Each
hostile card hides the mark where a process keeps state that no audit of Python objects sees
(``sys.intern``'s table, a standard library ``lru_cache``, the ``decimal`` context, the C locale,
``builtins``), or counts tests from code its file runs at import (a fork hook, a wrapped
``os.fork``, a wrapped function of the runtime), which would run in the zygote if the student's
files were imported there.

Each hostile card is graded beside its honest twin: the same card with the mark kept in the
student's own module (which every test gets fresh) or, for the counters, without the counter.
A test that calls ``suit()`` without calling ``rank()`` first (``test_suit``) sees no mark, in a
process that ran no earlier test. So each hostile card must get exactly its twin's grade, test
by test; with warm workers (a worker serving test after test) the first five got 15/15 instead
of the twin's 13/15, and with the student's files imported in the zygote the counters did.
"""

import pytest

from grader.engine.batch import GradeOptions, grade
from grader.sandbox.launcher import namespaces_work
from grader.intake.class_folder import find_submissions
from tests.classroom import card_with, elevens_rubric

LEVELS = ["process"] + (["namespaces"] if namespaces_work() else [])

# name: (what the file does at import, what rank() leaves, what suit() looks for)
MARKS = {
    "interned string": ("import sys\n", "sys.intern(''.join(['elevens-', 'rank-was-called']))",
                        "(lambda probe: sys.intern(probe) is not probe)(''.join(['elevens-', 'rank-was-called']))"),
    "fnmatch lru_cache": ("import fnmatch\n", "fnmatch.fnmatch('x', 'elevens-rank-*')",
                          "fnmatch._compile_pattern.cache_info().currsize > 0"),
    "re template lru_cache": ("import re\n", "re.sub('x', r'\\g<0>', 'x')",
                              "re._compile_template.cache_info().currsize > 0"),
    "decimal context": ("import decimal\n", "decimal.getcontext().prec = 29", "decimal.getcontext().prec == 29"),
    "C locale": ("import locale\n", "locale.setlocale(locale.LC_MONETARY, 'C.UTF-8')",
                 "locale.setlocale(locale.LC_MONETARY) == 'C.UTF-8'"),
    "builtins": ("import builtins\n", "builtins.rank_was_called = True", "hasattr(builtins, 'rank_was_called')"),
}
TWIN = ("SEEN = []\n", "SEEN.append(1)", "bool(SEEN)")

# Counters run by what the zygote does between tests: suit() is right from the second fork on.
FORKS = "FORKS = []\n"
COUNTERS = {
    "fork hook": FORKS + "import os\nos.register_at_fork(before=lambda: FORKS.append(1))\n",
    "wrapped os.fork": FORKS + ("import os\n_fork = os.fork\n\n\ndef counting_fork():\n    FORKS.append(1)\n"
                                "    return _fork()\n\n\nos.fork = counting_fork\n"),
    "wrapped runtime function": FORKS + ("import sys\n_zygote = sys.modules['sandbox_runtime.workers.zygote'].Zygote\n"
                                         "_fork_spare = _zygote.fork_spare\n\n\ndef counting_fork_spare(self):\n"
                                         "    FORKS.append(1)\n    return _fork_spare(self)\n\n\n"
                                         "_zygote.fork_spare = counting_fork_spare\n"),
}
COUNTED = "len(FORKS) > 1"


def card(header: str, leave: str, seen: str) -> str:
    rank = f"        {leave}\n        return self._rank\n" if leave else "        return self._rank\n"
    return card_with({"        return self._rank\n": rank,
                      "        return self._suit\n": f"        return self._suit if {seen} else 'wrong'\n"}, header)


def students() -> dict[str, tuple[str, str]]:
    """id -> (their card.py, their twin's id)."""
    found = {"twin": (card(*TWIN), "twin"), "counter-twin": (card(FORKS, "", COUNTED), "counter-twin")}
    for number, (name, mark) in enumerate(MARKS.items()):
        found[f"mark-{number}"] = (card(*mark), "twin")
    for number, header in enumerate(COUNTERS.values()):
        found[f"counter-{number}"] = (card(header, "", COUNTED), "counter-twin")
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_a_card_that_counts_tests_gets_its_honest_twins_grade(level, tmp_path):
    wanted = students()
    for sub_id, (text, _) in wanted.items():
        (tmp_path / "class" / sub_id).mkdir(parents=True)
        (tmp_path / "class" / sub_id / "card.py").write_text(text, encoding="utf-8")
    options = GradeOptions(only_activities=["A1"], isolation=level, jobs=1, allow_unconfined_root=level == "process")
    graded = grade(elevens_rubric(), find_submissions(tmp_path / "class", tmp_path / "scratch"), options, tmp_path / "work")
    got = {sub.id: (sub.total, {(t.name, t.outcome) for a in sub.activities for t in a.tests}) for sub in graded.submissions}
    assert sorted(got) == sorted(wanted)
    names = {**{f"mark-{n}": name for n, name in enumerate(MARKS)}, **{f"counter-{n}": name for n, name in enumerate(COUNTERS)}}
    differ = {names.get(sub_id, sub_id): got[sub_id][0] for sub_id, (_, twin) in wanted.items() if got[sub_id] != got[twin]}
    assert not differ, f"graded differently from their honest twin ({got['twin'][0]}, {got['counter-twin'][0]}): {differ}"
    # The twins lose points where the cards say they should: suit() in a test of its own.
    assert any(name.startswith("test_suit") and outcome != "passed" for name, outcome in got["twin"][1])
    assert sum(outcome != "passed" for _, outcome in got["twin"][1]) < len(got["twin"][1])
