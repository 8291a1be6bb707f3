"""What a collected suite test is, for grading: which submission and activity, which of its
rubric entry's runs, its seed, its name in reports, and whether this plan runs it.

Plain functions over the grading state (engine/plugin.py's ``GradingState``) and pytest's items,
used by the plugin's hooks; kept apart from the hooks so each module holds one concept.
"""

import os

import pytest

from grader.engine.seeds import test_seed
from grader.engine.test_filter import run_selected

SEED = pytest.StashKey[int]()  # the test's seed, recorded with its result
RUN = pytest.StashKey[tuple[int, int]]()  # (which run, of how many) of its rubric entry, for this submission


def activity_of(state, module_path: str):
    """The rubric activity a suite file belongs to (looked up once per file: it is asked for
    several times per test)."""
    if module_path not in state.suite_activity:
        state.suite_activity[module_path] = state.rubric.activity_for_suite(os.path.basename(module_path))
    return state.suite_activity[module_path]


def tag(state, submission_id: str) -> str:
    """How a submission appears in pytest's test ids: ASCII, and the same for all its tests."""
    return f"@s{state.order[submission_id]}"


def number_runs(state, items: list[pytest.Item]) -> None:
    """Tell each test run which of its rubric entry's runs it is (for this submission), counted
    before any filter, so a replay of one run is worth what that run is worth in a full grading."""
    runs: dict[tuple, list[pytest.Item]] = {}
    for item in items:
        if not hasattr(item, "callspec") or item.callspec.params.get("submission_id") not in state.submissions:
            continue
        activity = activity_of(state, str(item.path))
        entry = activity.points_for(item.originalname) if activity else None
        if entry is not None:
            runs.setdefault((submission_of(item), activity.id, entry.test), []).append(item)
    for group in runs.values():
        for index, item in enumerate(group):
            item.stash[RUN] = (index, len(group))


def selected(state, item: pytest.Item) -> bool:
    if not hasattr(item, "callspec") or item.callspec.params.get("submission_id") not in state.submissions:
        return False  # includes the placeholder pytest makes when no submission has the activity
    activity = activity_of(state, str(item.path))
    points = activity.points_for(item.originalname) if activity else None
    if points is None or points.visibility not in state.plan.visibility:
        return False
    if state.plan.only_activities and activity.id not in state.plan.only_activities:
        return False
    if state.plan.only_tests and not any(run_selected(p, item.originalname, display_name(state, item)) for p in state.plan.only_tests):
        return False
    return True


def submission_of(item: pytest.Item) -> str:
    return item.callspec.params["submission_id"]


def activity_id_of(state, item: pytest.Item) -> str:
    return activity_of(state, str(item.path)).id


def display_name(state, item: pytest.Item) -> str:
    """The test's name with its own parameters but without the submission: test_rank[ace-hearts-1].

    The same for every submission, whatever its name, so a replay's ``--test`` matches it.
    """
    mark = tag(state, submission_of(item))
    own = item.callspec.id
    for form in (f"{mark}-", f"-{mark}", mark):
        if form in own:
            own = own.replace(form, "", 1)
            break
    return f"{item.originalname}[{own}]" if own else item.originalname


def test_key(item: pytest.Item) -> str:
    params = {k: v for k, v in item.callspec.params.items() if k != "submission_id"}
    return f"{item.originalname}{sorted(params.items())!r}"


def seed_of(state, item: pytest.Item, activity_id: str) -> int:
    """This test's seed (recorded with its result): the same for every submission and run."""
    seed = test_seed(state.plan.base_seed, activity_id, test_key(item))
    item.stash[SEED] = seed
    return seed
