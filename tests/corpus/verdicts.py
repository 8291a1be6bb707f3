"""What a corpus submission lost, read from one ``submissions[]`` entry of results.json
(docs/results.md), in words a reader of a failed test can act on.

The corpus is correct work (tests/corpus/python/README.md), so every point it loses is a finding
about the grader or the kit: the message names the student, the activity, each failing test and
the message the student would have read, so the cause shows without re-running anything.
"""

from typing import Any

Submission = dict[str, Any]
MESSAGE_LINES = 14  # of each failing test's message: enough for expected/got and the hint
SAME_NAMED = 8  # tests named after a message they share with an earlier one


def scores_line(sub: Submission) -> str:
    """``A1 15/15  A2 20/20 ... bonus-tens 8/8``: every activity's score, in the rubric's order."""
    return "  ".join(f"{a['id']} {a['score']:g}/{a['max']:g}" for a in sub["activities"])


def counting_failures(activity: dict[str, Any]) -> list[dict[str, Any]]:
    """The tests of an activity that did not pass and count (advisory checks never cost a point)."""
    return [t for t in activity["tests"] if t["outcome"] != "passed" and not t.get("advisory")]


def shortfalls(sub: Submission, expected_max: dict[str, float | None] | None = None) -> list[str]:
    """One paragraph per activity short of full marks (or not graded, or with a failing test
    that counts), with each failing test's outcome, points and message; ``[]`` when none.

    ``expected_max``: the activities the rubric has, with their maximum when it is known (None:
    any), so that an activity the results leave out, or whose maximum shrank, is a shortfall too.
    """
    found = []
    by_id = {a["id"]: a for a in sub["activities"]}
    for activity_id, wanted in (expected_max or {}).items():
        if activity_id not in by_id:
            found.append(f"  {activity_id}: not in the results, though the rubric has it")
        elif wanted is not None and by_id[activity_id]["max"] != wanted:
            found.append(f"  {activity_id}: out of {by_id[activity_id]['max']:g}, but the rubric gives it {wanted:g}")
    for activity in sub["activities"]:
        failures = counting_failures(activity)
        if activity["status"] == "graded" and activity["score"] == activity["max"] and not failures:
            continue
        head = f"  {activity['id']} {activity['title']}: {activity['score']:g} / {activity['max']:g}"
        if activity["status"] != "graded":
            head += f" ({activity['status']}: {activity['note']})"
        found.append(head)
        found.extend(failure_lines(failures))
    return found


def failure_lines(failures: list[dict[str, Any]]) -> list[str]:
    """Each failing test with its message; tests that failed with the very same message (a
    grader error hitting a whole activity) are named once under it, not repeated."""
    by_message: dict[str, list[dict[str, Any]]] = {}
    for test in failures:
        by_message.setdefault(test["message"] or test.get("output", "") or "(no message)", []).append(test)
    lines = []
    for text, tests in by_message.items():
        first, *same = tests
        lines.append(f"    ✗ {first['name']}: {first['outcome']} ({first['points']:g} / {first['max_points']:g})")
        message = text.splitlines()
        lines.extend("        " + line for line in message[:MESSAGE_LINES])
        if len(message) > MESSAGE_LINES:
            lines.append(f"        … {len(message) - MESSAGE_LINES} more lines")
        if same:
            names = ", ".join(t["name"] for t in same[:SAME_NAMED])
            more = f" and {len(same) - SAME_NAMED} more" if len(same) > SAME_NAMED else ""
            lines.append(f"      the same message for {len(same)} more: {names}{more}")
    return lines


def verdict(sub: Submission, where: str, expected_max: dict[str, float | None] | None = None) -> str:
    """Empty when ``sub`` has full marks, bonus included; else the report of what it lost."""
    lost = shortfalls(sub, expected_max)
    full = sub["status"] == "graded" and sub["total"] == sub["max"] and sub["bonus"] == sub["bonus_max"]
    if full and not lost:
        return ""
    lines = [f"{sub['id']} in {where}: {sub['total']:g} / {sub['max']:g}, bonus {sub['bonus']:g} / {sub['bonus_max']:g}"
             f" (status {sub['status']}); correct work must get full marks",
             f"  scores: {scores_line(sub)}",
             *(f"  message: {m}" for m in sub.get("messages", [])),
             *lost]
    return "\n".join(lines)
