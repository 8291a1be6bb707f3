"""Whether the student kit's `grader check` gives a folder the teacher's public points, activity by
activity (issue 38, item 1), read from the two results.json entries (docs/results.md), never
from the screen.

The teacher's public points of an activity are the points of its public tests in `grader grade`
(what its `grader check` gives: `check_public_points_are_checks` holds the conditions), out of the
rubric's public points. The exceptions, each still checked for what it promises:

- the testers (A5, A5b): the kit has neither the lab's correct versions nor the mutants. Its A5
  runs the student's tester on their own Deck (the gate) and against the handed-out Buggy1-5;
  its A5b only on their own Card (worth 0). So its maximum is the public one less the
  `in_kit: false` entries, and each run it shares with the teacher's grading (the Buggy decks)
  earns the same when both gates are open. A tester waits as a whole while the files it runs on
  fail (docs/kit.md).
- A6: the answers are the teacher's to check (`+6 your teacher checks`): the kit checks their
  format, worth 0, so its A6 is 0 / 0, and every A6 check it fails (an unreadable answer) fails
  in the teacher's grading too.
- an activity that runs on a file of the folder that could not run at all (missing, not
  started, not loaded: a deck.py handed in without a card.py) waits in the kit, which has no
  Card of its own to use instead (any Card would be A1's answer); the teacher's grader runs it
  beside the lab's. Such a folder is an xfail naming each of those activities; any other
  difference in it still fails.
"""

from typing import Any

import pytest

from grader.lab.file_imports import is_tester
from grader.lab.rubric import Activity, Rubric

Result = dict[str, Any]
MESSAGE_LINES, LINE_CHARS = 6, 300  # of each differing test's message, in a failure: expected/got and the hint
COULD_NOT_RUN = ("missing", "not_started", "not_loaded", "waiting")


def public_points(activity: Result) -> float:
    return round(sum(t["points"] for t in activity["tests"] if t["visibility"] == "public"), 2)


def public_max(rubric: Rubric, activity: Activity) -> float:
    return sum(t.points for t in activity.tests if t.visibility == "public" and rubric.counts(t))


def check_public_points_are_checks(rubric: Rubric, teacher: list[Result]) -> None:
    """`grader grade` scores a public test as `grader check` does unless a hidden gate closes an
    activity (check never runs it) or a Java contract shares an activity's points among more
    entries: neither may happen, or the comparison would measure the wrong thing."""
    assert not [(a.id, t.test) for a in rubric.activities for t in a.tests if t.gate and t.visibility == "hidden"]
    assert {sub.get("language", "python") for sub in teacher} == {"python"}


def _tester_problems(rubric: Rubric, activity: Activity, kit: Result, mine: Result) -> list[str]:
    left_out = sum(t.points for t in activity.tests if not t.in_kit and t.visibility == "public" and rubric.counts(t))
    problems = []
    if kit["max"] != round(public_max(rubric, activity) - left_out, 2):
        problems.append(f"{activity.id}: the kit's maximum is {kit['max']:g}, not the public "
                        f"{public_max(rubric, activity):g} less the {left_out:g} it cannot run")
    if kit["status"] == "waiting":  # it runs on the student's own files, which fail: docs/kit.md
        return problems
    gates = {t.test for t in activity.tests if t.gate}
    open_ = lambda tests: all(t["outcome"] == "passed" for t in tests if t["name"].split("[")[0] in gates)  # noqa: E731
    if open_(kit["tests"]) and open_(mine["tests"]):
        runs = {t["name"]: t for t in mine["tests"]}
        for run in kit["tests"]:
            if run["name"] in runs and run["points"] != runs[run["name"]]["points"]:
                problems.append(f"{activity.id} {run['name']}: kit {run['outcome']} {run['points']:g}, "
                                f"teacher {runs[run['name']]['outcome']} {runs[run['name']]['points']:g}")
    return problems


def _answers_problems(kit: Result, mine: Result) -> list[str]:
    problems = []
    if (kit["score"], kit["max"]) != (0, 0) or kit["status"] != mine["status"]:
        problems.append(f"A6: kit {kit['status']} {kit['score']:g}/{kit['max']:g}, expected {mine['status']} 0/0 "
                        "(its points are the teacher's)")
    failed = lambda a: {t["name"] for t in a["tests"] if t["outcome"] != "passed"}  # noqa: E731
    if failed(kit) - failed(mine):
        problems.append(f"A6: the kit fails {sorted(failed(kit) - failed(mine))}, which the teacher's grading passes")
    return problems


def _message(side: str, text: str) -> str:
    lines = [line if len(line) <= LINE_CHARS else line[:LINE_CHARS] + " …" for line in text.splitlines()[:MESSAGE_LINES]]
    return f"      {side}: " + "\n        ".join(lines)


def _difference(activity: Activity, kit: Result, mine: Result, maximum: float) -> str:
    """One activity's difference: both scores, the kit's note, each public test whose outcome or
    points differ, with both messages."""
    lines = [f"{activity.id}: kit {kit['status']} {kit['score']:g}/{kit['max']:g}, "
             f"teacher {mine['status']} {public_points(mine):g}/{maximum:g}"]
    if kit["note"]:
        lines.append(f"    kit's note: {kit['note']}")
    theirs = {t["name"]: t for t in kit["tests"]}
    for test in mine["tests"]:
        other = theirs.get(test["name"])
        if test["visibility"] != "public" or (other and (other["outcome"], other["points"]) == (test["outcome"], test["points"])):
            continue
        lines.append(f"    {test['name']}: teacher {test['outcome']} {test['points']:g}, "
                     f"kit {other['outcome'] + ' ' + format(other['points'], 'g') if other else 'not run'}")
        lines += [_message(side, run["message"]) for side, run in (("kit", other), ("teacher", test)) if run and run["message"]]
    return "\n".join(lines)


def _waits_for_what_could_not_run(rubric: Rubric, activity: Activity, kit_sub: Result) -> bool:
    """Whether the kit's ``activity`` waits, saying why, for a file that could not run at all."""
    by_id = {a["id"]: a for a in kit_sub["activities"]}
    if by_id[activity.id]["status"] != "waiting" or not by_id[activity.id]["note"]:
        return False
    used = {*activity.stand_ins, *activity.uses}
    return any(by_id[a.id]["status"] in COULD_NOT_RUN for a in rubric.activities if a.id != activity.id and used & set(a.files))


def disagreements(rubric: Rubric, kit_sub: Result, mine: Result) -> tuple[list[str], list[str]]:
    """The differences outside the exceptions, and the activities that wait for a file that could
    not run, each as the text a failure shows."""
    kit_by_id, mine_by_id = {a["id"]: a for a in kit_sub["activities"]}, {a["id"]: a for a in mine["activities"]}
    problems, waits = [], []
    for activity in rubric.activities:
        kit, theirs = kit_by_id[activity.id], mine_by_id[activity.id]
        maximum = public_max(rubric, activity)
        if is_tester(activity):
            problems += _tester_problems(rubric, activity, kit, theirs)
        elif activity.id == "A6":
            problems += _answers_problems(kit, theirs)
        elif (kit["score"], kit["max"]) != (public_points(theirs), maximum):
            difference = _difference(activity, kit, theirs, maximum)
            (waits if _waits_for_what_could_not_run(rubric, activity, kit_sub) else problems).append(difference)
    return problems, waits


def assert_kit_agrees(rubric: Rubric, folder: str, kit_sub: Result | str, mine: Result) -> None:
    """Fail with every difference outside the exceptions; xfail a folder whose only differences
    are activities waiting for a file that could not run."""
    assert isinstance(kit_sub, dict), f"{folder}: the kit's grader check wrote no results.json: {kit_sub}"
    problems, waits = disagreements(rubric, kit_sub, mine)
    if problems:
        pytest.fail(f"{folder}: the kit and the teacher's grader disagree on public tests:\n" + "\n".join(problems)
                    + ("\n(and, waiting for a file that could not run:\n" + "\n".join(waits) + ")" if waits else ""),
                    pytrace=False)
    if waits:
        pytest.xfail(f"{folder}: the kit waits where the folder's own file could not run at all (it holds no copy "
                     "of its own to run on instead): " + "; ".join(w.splitlines()[0] for w in waits))
