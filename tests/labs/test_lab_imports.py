"""A student's file may import any earlier file of its lab (issue 24, point 8).

In every lab, each graded file is handed in with an ``import`` of every lab file that comes
before it, beside earlier files that break as soon as they are imported: the activities that
grade it still earn full marks, because the grader stages the lab's reference of each file a
student's file imports (a bug costs points once, in the activity that owns the file). And a
class whose every file imports the earlier ones, all of them correct, earns full marks
everywhere a tester is not graded.
"""

from pathlib import Path

import pytest

from grader.engine.planning import plan_submission
from grader.lab.file_imports import is_tester
from tests.classroom import grade_class, lab_rubric, write_class
from tests.lab_loader import ROOT

LABS = ("elevens", "up-down-stay", "six-takes")


def lab_order(rubric) -> list[str]:
    """The lab's Python files in the order the rubric first meets them (an activity's
    stand-ins before the files it grades): "earlier" in this test."""
    names = []
    for activity in rubric.activities:
        for name in (*activity.stand_ins, *activity.files):
            if "|" not in name and name.endswith(".py") and name not in names:
                names.append(name)
    return names


def reference(lab: str, name: str) -> str:
    return (ROOT / "reference" / lab / name).read_text(encoding="utf-8")


def importing(lab: str, name: str, earlier: list[str]) -> str:
    """The reference ``name`` with an import of each of ``earlier`` first."""
    return "".join(f"import {other[:-3]}  # my own earlier work\n" for other in earlier) + reference(lab, name)


def broken(name: str) -> str:
    return f'raise RuntimeError("the grader ran the student\'s own {name} where it should run the lab\'s")\n'


def graded_by(rubric, name: str) -> list[str]:
    return [a.id for a in rubric.activities if name in a.files and not is_tester(a)]


@pytest.mark.parametrize("lab", LABS)
def test_a_file_that_imports_every_earlier_file_is_graded_beside_the_labs_versions(lab, tmp_path):
    rubric = lab_rubric(lab)
    order = lab_order(rubric)
    graded = [name for name in order if graded_by(rubric, name)]
    # One student per graded file: that file imports every earlier one, and each earlier one
    # the student hands in fails at import (no later file is handed in).
    students = {}
    for name in graded[1:]:
        earlier = order[:order.index(name)]
        students[name[:-3]] = {name: importing(lab, name, earlier), **{other: broken(other) for other in earlier}}
    # One grading process (jobs=1) in each grading here: which process grades a test changes no grade.
    results = grade_class(write_class(tmp_path / "class", students), tmp_path / "work", rubric,
                          only_activities=sorted({a for name in graded[1:] for a in graded_by(rubric, name)}), jobs=1)
    by_student = {sub.id: {a.id: a for a in sub.activities} for sub in results.submissions}
    for name in graded[1:]:
        for activity_id in graded_by(rubric, name):
            result = by_student[name[:-3]][activity_id]
            assert result.status == "graded" and result.score == result.max > 0, (name, activity_id, result)


@pytest.mark.parametrize("lab", LABS)
def test_a_class_whose_files_all_import_their_earlier_ones_earns_full_marks(lab, tmp_path):
    rubric = lab_rubric(lab)
    order = lab_order(rubric)
    files = {name: importing(lab, name, order[:i]) for i, name in enumerate(order)}
    ours = [a.id for a in rubric.activities if not is_tester(a) and all(f in files for f in a.files)]
    results = grade_class(write_class(tmp_path / "class", {"ada": files}), tmp_path / "work", rubric, only_activities=ours, jobs=1)
    (sub,) = results.submissions
    assert {a.id: a.score for a in sub.activities} == {a.id: a.max for a in sub.activities}
    assert sorted(a.id for a in sub.activities) == sorted(ours)


SIX_TAKES_CARDS = reference("six-takes", "takes_cards.py")
TABLE_IMPORTING_CARDS = "from takes_cards import penalty  # reused from Activity 1\n" + reference("six-takes", "takes_table.py")
CARDS_WITH_A_BUG = SIX_TAKES_CARDS.replace("def penalty(", "def penalty_unused(", 1) + "\n\ndef penalty(card):\n    return 1\n"
CARDS = {"correct": SIX_TAKES_CARDS, "buggy": CARDS_WITH_A_BUG, "absent": None}


@pytest.fixture(scope="module")
def tables_graded(tmp_path_factory):
    """A six-takes table importing takes_cards, beside each kind of takes_cards.py, in one
    grading (each student is graded on their own)."""
    students = {kind: {"takes_table.py": TABLE_IMPORTING_CARDS, **({"takes_cards.py": cards} if cards else {})}
                for kind, cards in CARDS.items()}
    results = grade_class(write_class(tmp_path_factory.mktemp("class"), students), tmp_path_factory.mktemp("work"),
                          lab_rubric("six-takes"), only_activities=["A1", "A2"], jobs=1)
    return {sub.id: {a.id: a for a in sub.activities} for sub in results.submissions}


@pytest.mark.parametrize("kind", list(CARDS))
def test_a_six_takes_table_that_imports_takes_cards_is_graded(tables_graded, kind):
    table = tables_graded[kind]
    assert table["A2"].status == "graded" and table["A2"].score == table["A2"].max == 21, table["A2"]
    if kind == "buggy":
        assert table["A1"].score < table["A1"].max  # the bug costs points once, in Activity 1


def test_the_reference_of_the_file_under_test_is_never_staged(tmp_path):
    # takes_turn.py imports the lab's takes_game.py, whose reference imports takes_turn.py back.
    # takes_game.py is later work (A4), so it is not staged at all; the turn stays the student's.
    rubric = lab_rubric("six-takes")
    folder = tmp_path / "sam"
    folder.mkdir()
    (folder / "takes_turn.py").write_text("def later():\n    import takes_game\n" + reference("six-takes", "takes_turn.py"),
                                          encoding="utf-8")
    plan = plan_submission(rubric, "sam", folder).activities["A3"]
    assert Path(plan.files["takes_turn.py"]) == (folder / "takes_turn.py").resolve()
    assert "takes_game.py" not in plan.files
    assert all(Path(plan.files[name]).parent.name == "six-takes" for name in plan.imported)
    # One activity later, the game may import the turn and the table: the student's game
    # stays theirs, and the reference of what it imports comes along with its own imports.
    (folder / "takes_game.py").write_text("import takes_turn\n" + reference("six-takes", "takes_game.py"), encoding="utf-8")
    game = plan_submission(rubric, "sam", folder).activities["A4"]
    assert Path(game.files["takes_game.py"]) == (folder / "takes_game.py").resolve()
    assert plan.own == ["takes_turn.py"] and not set(plan.imported) & {f"{m}.py" for m in plan.modules}


def test_imports_are_read_from_the_syntax_tree_wherever_they_are(tmp_path):
    from grader.lab.file_imports import imported_modules

    source = tmp_path / "takes_table.py"
    source.write_text("import os.path\nfrom . import sibling\nfrom takes_cards import penalty\n"
                      "def later():\n    import deck as d\n", encoding="utf-8")
    assert imported_modules(source) == {"os", "takes_cards", "deck"}
    source.write_text("from takes_cards import (\n", encoding="utf-8")  # does not parse: its own activity says so
    assert imported_modules(source) == frozenset()


def test_in_the_kit_an_activity_waits_for_the_owner_of_a_file_it_imports(tmp_path, monkeypatch):
    from grader.kit.own_files import wait_for_owners, with_dependencies
    from grader.results.model import ActivityResult, TestResult
    from grader.lab.rubric import Rubric

    rubric = lab_rubric("six-takes")
    given = tmp_path / "given"  # a kit's reference folder: only the files students get unchanged
    given.mkdir()
    for name in ("card.py", "deck.py", "takes_players.py"):
        (given / name).write_text(reference("six-takes", name), encoding="utf-8")
    monkeypatch.setattr(Rubric, "stand_in_folder", property(lambda self: given))

    def result(activity_id: str, outcome: str) -> ActivityResult:
        return ActivityResult(activity_id, activity_id, "graded", 0.0, 1.0, tests=[TestResult("test_x", outcome, 0.0, 1.0)])

    imported = {"A2": ["takes_cards.py", "deck.py"]}
    assert with_dependencies(rubric, ["A2"], imported) == ["A1", "A2"]
    assert with_dependencies(rubric, ["A2"]) == ["A2"]  # card.py, its only stand-in, is given
    results = [result("A1", "failed"), result("A2", "passed")]
    wait_for_owners(rubric, results, imported)
    # A1 ran and failed: A2 counts what it checked on the student's takes_cards.py, and says so.
    assert results[1].status == "graded" and "takes_cards.py" in results[1].note and "Finish A1 first" in results[1].note
    results = [result("A1", "passed"), result("A2", "passed")]
    wait_for_owners(rubric, results, imported)
    assert results[1].status == "graded"


def test_a_later_file_is_never_staged_for_an_import(tmp_path):
    """What is staged is readable by student code: an Activity 1 card.py that imports the last
    activities' files must not bring their reference solutions within reach."""
    rubric = lab_rubric("elevens")
    folder = tmp_path / "ada"
    folder.mkdir()
    (folder / "card.py").write_text("import elevens_board\nimport elevens_simulation\n" + reference("elevens", "card.py"),
                                    encoding="utf-8")
    (folder / "deck.py").write_text("import shuffler\n" + reference("elevens", "deck.py"), encoding="utf-8")
    plan = plan_submission(rubric, "ada", folder)
    assert set(plan.activities["A1"].files) == {"card.py"}
    assert "shuffler.py" in plan.activities["A2"].files  # graded up to A4, so A3's file is earlier work
