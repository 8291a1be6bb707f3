"""What a filtered run grades: ``--activity`` ids and ``--test`` names, checked against the rubric.

A filter that matches nothing must never look like a run that graded nothing wrong, so an
unknown id or test name is an error that lists what exists and the closest match. Activity ids
are case-insensitive (``a2`` is ``A2``); test names are the suite's own function names, a glob,
or one parametrized run as the reports print it (``test_rank[ace-hearts-1]``).
"""

import fnmatch

from grader.engine.test_filter import base_name
from grader.lab.rubric import Rubric
from grader.lab.suite_index import closest


class SelectionError(ValueError):
    """A filter names nothing in the rubric; the message says what exists."""


def resolve_activities(rubric: Rubric, given: list[str] | tuple[str, ...]) -> list[str]:
    """The rubric's ids for ``given``, in the rubric's spelling; [] means every activity."""
    ids = [a.id for a in rubric.activities]
    by_lower = {activity_id.lower(): activity_id for activity_id in ids}
    chosen = []
    for wanted in given:
        found = by_lower.get(wanted.strip().lower())
        if found is None:
            raise SelectionError(f"--activity {wanted}: the rubric has no activity {wanted!r}{closest(wanted.upper(), ids)}. "
                                 f"Use one of: {', '.join(ids)}.")
        if found not in chosen:
            chosen.append(found)
    return chosen


def resolve_tests(rubric: Rubric, activity_ids: list[str], given: list[str] | tuple[str, ...]) -> list[str]:
    """``given`` checked: each must select at least one test of the chosen activities.

    A parametrized name is checked by its function name here; the run itself is checked when
    the tests are collected (see ``unmatched_runs``).
    """
    activities = [a for a in rubric.activities if not activity_ids or a.id in activity_ids]
    names = sorted({name for a in activities for name in a.test_names() if a.points_for(name)})
    for wanted in given:
        if not any(fnmatch.fnmatchcase(name, base_name(wanted)) for name in names):
            where = f" of {', '.join(activity_ids)}" if activity_ids else ""
            raise SelectionError(f"--test {wanted}: no test{where} is called {base_name(wanted)!r}"
                                 f"{closest(base_name(wanted), names)}. Tests: {', '.join(names)}.")
    return list(dict.fromkeys(given))
