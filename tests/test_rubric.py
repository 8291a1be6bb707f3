"""The bundled rubric is valid and in step with the suites; bad rubrics are explained."""

import ast

import pytest

from grader.engine.shard import SUITES
from grader.rubric import RubricError, load_rubric, parse_rubric


def suite_test_names(suite_file: str) -> set[str]:
    tree = ast.parse((SUITES / suite_file).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_rubric_entry_names_a_real_test_and_every_test_has_points():
    for activity in load_rubric().activities:
        names = suite_test_names(activity.suite)
        for entry in activity.tests:
            assert any(entry.matches(name) for name in names), f"{activity.id}: {entry.test} matches no test"
        for name in names:
            assert activity.points_for(name), f"{activity.id}: {name} has no points in the rubric"


def test_every_activity_has_public_tests():
    for activity in load_rubric().activities:
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
])
def test_rubric_errors_name_where_and_how_to_fix(change, where):
    import copy

    data = copy.deepcopy(BASE)
    change(data)
    with pytest.raises(RubricError) as caught:
        parse_rubric(data)
    assert caught.value.where == where and caught.value.fix
