"""Helpers for the Up/Down/Stay lab's tests: student folders built from the lab's own files,
graded by the real engine with the lab's rubric (tests/classroom.py does the grading)."""

from pathlib import Path

import yaml

from tests.classroom import grade_class as grade_in
from tests.classroom import grading_activities as grading_activities_of
from tests.classroom import merged_results as merged  # noqa: F401 - used by conftest.py
from tests.classroom import lab_rubric, write_class  # noqa: F401 - used by this lab's tests
from tests.lab_loader import ROOT

REFERENCE = ROOT / "reference" / "up-down-stay"
VARIANTS = ROOT / "buggy_variants" / "up-down-stay"
HARNESS = ROOT / "harness" / "up-down-stay"
EXAMPLES = ROOT / "examples" / "up-down-stay"
STARTER = ROOT / "starter" / "up-down-stay"
# What a student hands in: every student file, the tester, and the given files they were handed.
STUDENT_FILES = ("uds_cards.py", "uds_deal.py", "uds_changes.py", "uds_predictions.py", "uds_game.py",
                 "uds_tester.py", "uds_simulation.py", "uds_players.py", "card.py", "deck.py")


def reference_text(name: str) -> str:
    return (REFERENCE / name).read_text(encoding="utf-8")


def reference_submission(**replaced: str) -> dict[str, str]:
    """The whole reference lab as a student folder; ``replaced`` swaps files: uds_game_py="..."."""
    files = {name: reference_text(name) for name in STUDENT_FILES}
    for key, text in replaced.items():
        files[key.replace("_py", ".py")] = text
    return files


def edited(name: str, replacements: dict[str, str]) -> str:
    """A reference file with some text replaced (each old text must be there)."""
    text = reference_text(name)
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def rubric():
    return lab_rubric("up-down-stay")


def grade_class(root: Path, scratch: Path, activities: tuple[str, ...] = ()):
    """Grade every submission in ``root`` (only these activities, when given), in one grading process (jobs=1): which process grades a test changes no grade, and each extra one costs a start-up."""
    return grade_in(root, scratch, rubric(), only_activities=list(activities), jobs=1)


def scores(results) -> dict[str, dict[str, tuple]]:
    """{submission: {activity: (status, score, max)}}"""
    return {sub.id: {a.id: (a.status, a.score, a.max) for a in sub.activities} for sub in results.submissions}


def without_tester(files: dict[str, str]) -> dict[str, str]:
    return {name: text for name, text in files.items() if name != "uds_tester.py"}


def grading_activities(name: str) -> list[str]:
    """The activities that stage a student's copy of ``name`` (tests/classroom.py)."""
    return grading_activities_of(rubric(), name)


def one_file_changed() -> dict[tuple[str, ...], dict[str, dict[str, str]]]:
    """The copies of the reference with one file changed, by the activities that grade them:
    each named buggy variant (without a tester, so A6 is ``missing``) and the reference with its
    tester in pytest style (named test_uds.py: test functions and no calls at the bottom)."""
    groups: dict[tuple[str, ...], dict[str, dict[str, str]]] = {}
    for variant, name in BUGGY.items():
        activities = tuple(sorted({*grading_activities(name), "A6"}))
        groups.setdefault(activities, {})[variant] = without_tester(
            reference_submission(**{name.replace(".py", "_py"): (VARIANTS / variant / name).read_text()}))
    pytest_style = reference_submission()
    tester = pytest_style.pop("uds_tester.py")
    pytest_style["test_uds.py"] = tester[:tester.index("\ntest_card_values()")] + "\n"
    groups.setdefault(tuple(grading_activities("test_uds.py")), {})["pytest_style_tester"] = pytest_style
    return groups


def failed_tests(results, sub_id: str, activity: str) -> set[str]:
    """The names of the tests that did not pass (parametrized runs by their base name)."""
    sub = next(s for s in results.submissions if s.id == sub_id)
    act = next(a for a in sub.activities if a.id == activity)
    return {t.name.split("[")[0] for t in act.tests if t.outcome != "passed"}


ACTIVITY_OF = {"uds_cards.py": "A1", "uds_deal.py": "A2", "uds_changes.py": "A3", "uds_predictions.py": "A4",
               "uds_game.py": "A5", "uds_simulation.py": "A7"}
BUGGY = {v["id"]: v["file"] for v in yaml.safe_load((VARIANTS / "variants.yaml").read_text())["buggy"]}

# Wrong versions the statistical checks are sized against (labs/up_down_stay/checks.py), as
# student files, with the statistical test each must fail.
STATISTICAL = {
    "AnchorFirst": ("uds_changes.py", {"values[1:])": "[values[0]] * len(values[1:]))"}, "test_changes_of_shuffled_1_2_3"),
    "EqualIsUp": ("uds_changes.py", {"if after > before:": "if after >= before:"}, "test_letters_of_shuffled_full_decks"),
    "ElevensRowValues": ("uds_changes.py", {"return [card_value(card) for card in row]":
                                            "return [0 if card_value(card) > 10 else card_value(card) for card in row]"},
                         "test_letters_of_shuffled_full_decks"),
    "ModeSwap": ("uds_simulation.py", {'if strategy == "highest":': 'if strategy == "random":'},
                 "test_estimate_matches_the_measured_probability"),
    "LastLetterIgnored": ("uds_simulation.py", {"match_score(pred, result.change_str)": "match_score(pred[:-1], result.change_str)"},
                          "test_estimate_matches_the_measured_probability"),
}
