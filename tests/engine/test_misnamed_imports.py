"""Misnamed files that import each other by the names the student gave them (``Card.py``,
``Deck.py`` with ``from Card import Card``) are graded as written, and the note says what to
change: the file's name *and* the imports that use it (grader/engine/misnamed.py)."""

import json
import subprocess
import sys
from pathlib import Path

import yaml

from grader.engine.planning import plan_submission
from tests.classroom import elevens_rubric, reference_submission, write_class
from tests.lab_loader import ROOT


def misnamed_class(root: Path) -> Path:
    """The finished lab, with card.py and deck.py handed in as Card.py and Deck.py and every
    import of them written with those names (as the Java lab names its classes)."""
    files = {}
    for name, text in reference_submission().items():
        text = text.replace("from card import Card", "from Card import Card").replace("from deck import Deck", "from Deck import Deck")
        files[{"card.py": "Card.py", "deck.py": "Deck.py"}.get(name, name)] = text
    write_class(root, {"zoe": files})
    return root


def test_the_plan_aliases_the_students_names_and_finds_their_imports(tmp_path):
    misnamed_class(tmp_path)
    plan = plan_submission(elevens_rubric(), "zoe", tmp_path / "zoe", only=["A2"])  # A1 not planned: still aliased
    assert plan.activities["A2"].aliases == {"Card": "card", "Deck": "deck"}
    assert plan.misnamed_imports["Card"] == ["Deck.py line 10", "board.py line 10", "card_tester.py line 7"]
    assert plan.misnamed_imports["Deck"] == ["board.py line 11", "deck_tester.py line 7"]


def test_no_alias_for_a_file_named_as_the_lab_names_it(tmp_path):
    files = reference_submission()
    files["deck.py"] = files["deck.py"].replace("from card import Card", "from Card import Card")  # a wrong import, not a misnamed file
    write_class(tmp_path, {"s": files})
    plan = plan_submission(elevens_rubric(), "s", tmp_path / "s")
    assert plan.activities["A2"].aliases == {} and plan.misnamed_imports == {}


def test_grade_grades_misnamed_files_as_written_and_deducts_only_where_misnamed(tmp_path):
    """Black-box: `grader grade` on the generated class, with a rubric that takes 1 point per
    misnamed activity. Before the alias, A2 did not load (ModuleNotFoundError: No module named
    'Card'), and the testers of A5 and the board of A8 failed the same way."""
    misnamed_class(tmp_path / "class")
    rubric_data = yaml.safe_load((ROOT / "rubrics" / "elevens.yaml").read_text(encoding="utf-8"))
    rubric_data["misnamed_deduction"] = 1
    rubric_path = tmp_path / "rubric.yaml"
    rubric_path.write_text(yaml.safe_dump(rubric_data), encoding="utf-8")
    ids = ["A1", "A2", "A5", "A5b", "A8"]
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", str(tmp_path / "class"), "--out", str(tmp_path / "out"),
                           "--rubric", str(rubric_path), *[arg for a in ids for arg in ("--activity", a)]],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    activities = {a["id"]: a for a in results["submissions"][0]["activities"]}
    maximum = {a["id"]: a["max"] for a in activities.values()}
    # Each misnamed activity loses exactly the deduction, once; the activities that only import
    # the misnamed modules (the testers, the board) lose nothing.
    assert {i: activities[i]["score"] for i in ids} == {
        "A1": maximum["A1"] - 1, "A2": maximum["A2"] - 1, "A5": maximum["A5"], "A5b": maximum["A5b"], "A8": maximum["A8"]}
    assert set(activities["A1"]["renamed"]) == {"card.py"} and not activities["A8"].get("renamed")
    note = activities["A1"]["note"]
    assert "named Card.py; graded as card.py. Rename it to card.py" in note
    assert "write `card` for `Card` in the imports that name it: Deck.py line 10, board.py line 10, card_tester.py line 7" in note
    assert "1 point off for the name" in note
    assert "write `deck` for `Deck`" in activities["A2"]["note"] and "deck_tester.py line 7" in activities["A2"]["note"]
