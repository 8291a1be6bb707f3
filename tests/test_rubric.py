"""The bundled rubric is valid and in step with the suites; bad rubrics are explained."""

import ast

import pytest

from grader_labs.elevens import LAB

SUITES = LAB.suites
from grader.lab.rubric import RubricError, parse_rubric
from tests.classroom import elevens_rubric


def suite_test_names(suite_file: str) -> set[str]:
    tree = ast.parse((SUITES / suite_file).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_rubric_entry_names_a_real_test_and_every_test_has_points():
    for activity in elevens_rubric().activities:
        names = suite_test_names(activity.suite)
        for entry in activity.tests:
            assert any(entry.matches(name) for name in names), f"{activity.id}: {entry.test} matches no test"
        for name in names:
            assert activity.points_for(name), f"{activity.id}: {name} has no points in the rubric"


def test_every_activity_has_public_tests():
    for activity in elevens_rubric().activities:
        assert any(t.visibility == "public" for t in activity.tests)


BASE = {"lab": "x", "activities": [{"id": "A1", "title": "t", "suite": "s.py", "files": ["card.py"], "tests": [{"test": "t", "points": 1}]}]}


@pytest.mark.parametrize("change, where", [
    (lambda d: d.pop("activities"), "activities"),
    (lambda d: d["activities"][0].update(id="Z9"), "activities[0].id"),
    (lambda d: d["activities"][0].update(files=["Card.PY"]), "activities[0].files"),
    (lambda d: d["activities"][0].update(stand_ins=["card.py"]), "activities[0].stand_ins"),
    (lambda d: d["activities"][0]["tests"][0].update(points=0), "activities[0].tests[0].points"),
    (lambda d: d["activities"][0]["tests"][0].update(visibility="secret"), "activities[0].tests[0].visibility"),
    (lambda d: d["activities"][0].update(colour="red"), "activities[0]"),
    (lambda d: d["activities"].append(dict(d["activities"][0])), "activities[1].id"),
    (lambda d: d.update(advisory="sometimes"), "advisory"),
    (lambda d: d["activities"][0]["tests"][0].update(advisory="yes"), "activities[0].tests[0].advisory"),
    (lambda d: d["activities"][0]["tests"][0].update(gate=True, advisory=True), "activities[0].tests[0]"),
    (lambda d: d["activities"][0].update(disable=["deck.Deck.shuffle"]), "activities[0].disable"),
    (lambda d: d.update(misnamed_deduction=-1), "misnamed_deduction"),
    (lambda d: d.update(misnamed_deduction="one"), "misnamed_deduction"),
    (lambda d: d.update(misnamed_deduction=True), "misnamed_deduction"),
    (lambda d: d["activities"][0]["tests"][0].update(source=""), "activities[0].tests[0].source"),
    (lambda d: d["activities"][0]["tests"][0].update(source="  "), "activities[0].tests[0].source"),
    (lambda d: d["activities"][0]["tests"][0].update(source=None), "activities[0].tests[0].source"),
    (lambda d: d["activities"][0]["tests"][0].update(source=["guide A1"]), "activities[0].tests[0].source"),
    (lambda d: d["activities"][0]["tests"][0].update(source="guide A1:\nthe rank"), "activities[0].tests[0].source"),
])
def test_rubric_errors_name_where_and_how_to_fix(change, where):
    import copy

    data = copy.deepcopy(BASE)
    change(data)
    with pytest.raises(RubricError) as caught:
        parse_rubric(data, check_suites=False)  # the structure alone; tests/cli checks the cross-check
    assert caught.value.where == where and caught.value.fix


def test_a_source_is_kept_and_a_rubric_without_one_still_loads():
    """`source:` is optional (a teacher's own rubric need not say where each check comes from)."""
    import copy

    assert parse_rubric(copy.deepcopy(BASE), check_suites=False).activities[0].tests[0].source == ""
    data = copy.deepcopy(BASE)
    data["activities"][0]["tests"][0]["source"] = " guide A1: the rank accessor "
    assert parse_rubric(data, check_suites=False).activities[0].tests[0].source == "guide A1: the rank accessor"


def test_the_bundled_rubric_marks_only_checks_beyond_the_guide_as_advisory():
    advisory = {(a.id, t.test) for a in elevens_rubric().activities for t in a.tests if t.advisory}
    assert advisory == {("A3", "test_are_permutations_beyond_the_guide"), ("A9", "test_is_legal_is_false_for_an_empty_place"),
                        ("A10", "test_is_legal_is_false_for_an_empty_place"),
                        ("A11b", "test_simulate_of_no_games_beyond_the_guide")}
    assert all(t.visibility == "public" for a in elevens_rubric().activities for t in a.tests if t.advisory)


def test_advisory_points_count_only_when_the_rubric_grades_them():
    from dataclasses import replace

    rubric = elevens_rubric()
    graded = replace(rubric, advisory="graded")
    assert graded.total_max == rubric.total_max + 4


def test_a_misnamed_file_costs_the_rubrics_deduction_and_never_more_than_its_score():
    import copy

    from grader.engine.plan import SubmissionPlan
    from grader.engine.scoring import _named
    from grader.results.model import ActivityResult

    data = copy.deepcopy(BASE)
    assert parse_rubric(data, check_suites=False).misnamed_deduction == 0
    data["misnamed_deduction"] = 2
    rubric = parse_rubric(data, check_suites=False)
    plan = SubmissionPlan("s", "/s", renamed={"A1": {"card.py": "Card.py"}})
    full = _named(rubric, plan, ActivityResult("A1", "Card", "graded", 15.0, 15.0))
    assert full.score == 13 and full.renamed == {"card.py": "Card.py"}
    assert full.note.startswith("named Card.py; graded as card.py.") and "2 points off" in full.note
    low = _named(rubric, plan, ActivityResult("A1", "Card", "graded", 1.5, 15.0))
    assert low.score == 0 and "1.5 points off" in low.note
    broken = _named(rubric, plan, ActivityResult("A1", "Card", "not_loaded", 0.0, 15.0, note="SyntaxError"))
    assert broken.note.endswith(" SyntaxError") and "off" not in broken.note and broken.state == "not_loaded"
