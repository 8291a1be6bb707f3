"""The graded classes the tests of this folder read (grading is the slow part, so each runs
once): the reference as a student, a second correct version, each named buggy variant handed in
alone (reference everywhere else), the starter as handed out, a pytest-style tester, and the
demo class; and, graded in their own activities only, the statistical wrong versions."""

import shutil

import pytest

from tests.labs.up_down_stay.lab_class import (
    ACTIVITY_OF,
    BUGGY,
    EXAMPLES,
    STARTER,
    STATISTICAL,
    VARIANTS,
    edited,
    grade_class,
    reference_submission,
    scores,
    write_class,
)


def without_tester(files: dict[str, str]) -> dict[str, str]:
    return {name: text for name, text in files.items() if name != "uds_tester.py"}


@pytest.fixture(scope="session")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    submissions = {"reference": reference_submission()}
    # The others hand in no tester: A6 runs a tester only against the lab's own versions of every
    # file, never the student's, so it cannot depend on them, and each tester costs ~100 runs.
    submissions["Correct"] = without_tester(reference_submission(**{
        name.replace(".py", "_py"): (VARIANTS / "Correct" / name).read_text()
        for name in ("uds_cards.py", "uds_deal.py", "uds_changes.py", "uds_predictions.py", "uds_game.py")}))
    for variant, name in BUGGY.items():
        submissions[variant] = without_tester(reference_submission(**{name.replace(".py", "_py"): (VARIANTS / variant / name).read_text()}))
    submissions["starter"] = {path.name: path.read_text() for path in STARTER.glob("*.py")}
    # The starter with one line added: its NotImplementedError code is run and must grade cleanly.
    submissions["starter_begun"] = {name: text + "\n_begun = True  # one line of the student's own: no longer the untouched starter, so it runs\n" for name, text in submissions["starter"].items()}
    # the tester under its other name, in pytest style: test functions and no calls at the bottom
    pytest_style = reference_submission()
    tester = pytest_style.pop("uds_tester.py")
    pytest_style["test_uds.py"] = tester[:tester.index("\ntest_card_values()")] + "\n"
    submissions["pytest_style_tester"] = pytest_style
    write_class(root, submissions)
    for entry in EXAMPLES.iterdir():  # the demo class, as shipped
        if entry.is_dir():
            shutil.copytree(entry, root / entry.name)
        elif entry.suffix == ".zip":
            shutil.copyfile(entry, root / entry.name)
    results = grade_class(root, tmp_path_factory.mktemp("work"))
    graded_class.append(root)  # for the comparison of the two isolation modes (test_modes.py)
    return results, scores(results)


graded_class: list = []


@pytest.fixture(scope="session")
def graded_statistical(tmp_path_factory):
    """The statistical wrong versions, graded in their own activities only (the variants above
    already show that a wrong file costs nothing elsewhere)."""
    root = tmp_path_factory.mktemp("statistical")
    write_class(root, {wrong: reference_submission(**{name.replace(".py", "_py"): edited(name, change)})
                       for wrong, (name, change, _) in STATISTICAL.items()})
    activities = tuple(sorted({ACTIVITY_OF[name] for name, _, _ in STATISTICAL.values()}))
    results = grade_class(root, tmp_path_factory.mktemp("work"), activities)
    return results, scores(results)
