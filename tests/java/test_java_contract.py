"""A Java board graded on what the guide asks of it (grader/java/contract.py).

The AP guide asks for playIfPossible on ElevensBoard only; a Thirteens or Tens board copied from
ElevensBoard carries its placeholder (``return false``), declared but never asked for. Black-box:
one ``grader grade`` of Activity 10 and the Tens bonus over three students: one who wrote the
boards as the AP files have them (correct, no playIfPossible), one whose boards declare a
playIfPossible that never plays (the copied placeholder), and one AP-style student whose isLegal
is wrong. The first two get full marks out of the same maximum as everyone, the play checks run
and shown as going further, with the activity's note saying why; the third loses points only
where the guide says (its isLegal).
"""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.engine.scoring import contract_points
from grader.java.contract import OptionalMethod, outside_contract
from grader.lab.rubric import TestPoints

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens" / "java"
PLAY_TESTS = ("test_play_if_possible_makes_one_play_or_none", "test_a_whole_game_from_a_planted_deck_ends_as_the_rules_say")

needs_jdk = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")


def ap_style(name: str) -> str:
    """The reference board as the AP lab's files have it: no playIfPossible, private helpers."""
    text = (REFERENCE / name).read_text(encoding="utf-8")
    start = text.index("    /** Makes one play")
    text = text[:start].rstrip() + "\n}\n"
    text = re.sub(r"public (List<Integer> find\w+\()", r"private \1", text)
    assert "playIfPossible" not in text
    return text


def write(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("java-contract")
    klass = base / "class"
    write(klass / "ap_files", {"ThirteensBoard.java": ap_style("ThirteensBoard.java"),
                               "TensBoard.java": ap_style("TensBoard.java")})
    never_plays = (REFERENCE / "ThirteensBoard.java").read_text(encoding="utf-8").replace(
        "List<Integer> play = findPairSum13(cardIndexes());", "List<Integer> play = new ArrayList<Integer>();").replace(
        "play = findKing(cardIndexes());", "play = new ArrayList<Integer>();")
    write(klass / "starter_files", {"ThirteensBoard.java": never_plays})
    wrong_legal = ap_style("ThirteensBoard.java").replace("selectedCards.size() == 1", "selectedCards.size() == 3")
    write(klass / "ap_wrong_legal", {"ThirteensBoard.java": wrong_legal})
    scratch = base / "tmp"
    scratch.mkdir()
    args = ["grade", "class", "--out", "out", "--activity", "A10", "--activity", "bonus-tens"]
    done = subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=base,
                          timeout=600, env={**os.environ, "TMPDIR": str(scratch)})
    assert (base / "out" / "results.json").exists(), done.stdout + done.stderr
    results = json.loads((base / "out" / "results.json").read_text())
    return {s["id"]: {a["id"]: a for a in s["activities"]} for s in results["submissions"]}, base


def play_checks(activity: dict) -> list[dict]:
    return [test for test in activity["tests"] if test["name"].split("[")[0] in PLAY_TESTS]


@needs_jdk
def test_a_board_written_to_the_ap_files_gets_full_marks_out_of_the_same_maximum(graded):
    students, _ = graded
    mine, theirs = students["ap_files"], students["starter_files"]
    for activity in ("A10", "bonus-tens"):
        assert mine[activity]["status"] == "graded", mine[activity]
        assert mine[activity]["score"] == mine[activity]["max"] > 0, mine[activity]
        ran = play_checks(mine[activity])
        assert ran and all(test["advisory"] and test["max_points"] == 0 for test in ran), ran
    assert mine["A10"]["max"] == theirs["A10"]["max"]
    note = mine["A10"]["note"]
    assert "playIfPossible()" in note and "the AP lab's own files" in note and PLAY_TESTS[0] in note, note


@needs_jdk
def test_a_copied_placeholder_play_method_costs_nothing_and_its_checks_are_shown(graded):
    students, _ = graded
    a10 = students["starter_files"]["A10"]
    failed = [test for test in play_checks(a10) if test["outcome"] != "passed"]
    assert {test["name"].split("[")[0] for test in failed} == set(PLAY_TESTS), failed
    assert all(test["advisory"] and test["points"] == 0 for test in failed), failed
    assert a10["score"] == a10["max"], a10
    assert "playIfPossible()" in a10["note"], a10["note"]


@needs_jdk
def test_an_ap_style_board_still_loses_points_for_what_the_ap_files_ask(graded):
    students, _ = graded
    a10 = students["ap_wrong_legal"]["A10"]
    failed = {test["name"].split("[")[0] for test in a10["tests"] if test["outcome"] != "passed"}
    assert "test_is_legal" in failed, failed
    assert a10["score"] < a10["max"], a10
    legal = [t for t in a10["tests"] if t["name"].startswith("test_is_legal[")]
    # the rubric's 6 points of test_is_legal, with its share of the play checks' 4: 6 * 15 / 11
    assert round(sum(t["max_points"] for t in legal), 2) == pytest.approx(6 * 15 / 11, abs=0.02), legal


@needs_jdk
def test_the_report_says_why_the_checks_were_left_out(graded):
    _, base = graded
    report = (base / "out" / "ap_files" / "report.md").read_text(encoding="utf-8")
    assert "playIfPossible()" in report and "the AP lab's own files" in report


def entries(*points: tuple[str, float]) -> list[TestPoints]:
    return [TestPoints(test=name, points=value) for name, value in points]


def test_left_out_points_are_shared_in_proportion_and_add_up_to_the_total_exactly():
    worth = contract_points(entries(("a", 6), ("b", 1), ("c", 4), ("d", 1), ("e", 2), ("f", 2)), ("e", "f"))
    assert worth["e"] == worth["f"] == 0.0
    assert round(sum(worth.values()), 2) == 16
    assert worth["a"] == pytest.approx(6 * 16 / 12, abs=0.01) and worth["c"] == pytest.approx(4 * 16 / 12, abs=0.01)
    thirds = contract_points(entries(("a", 1), ("b", 1), ("c", 1), ("d", 1)), ("d",))
    assert sorted(thirds.values()) == [0.0, 1.33, 1.33, 1.34]  # 4 points in hundredths, not 3.99


def test_nothing_changes_without_anything_left_out_or_with_nothing_left_to_share():
    plain = entries(("a", 2), ("b", 3))
    assert contract_points(plain, ()) == {"a": 2, "b": 3}
    assert contract_points(plain, ("a", "b")) == {"a": 2, "b": 3}
    assert contract_points(plain, ("z",)) == {"a": 2, "b": 3}


OPTIONAL = (OptionalMethod("A10", "Widget.spin", ("test_spin", "test_game"), "the other handout"),)


def test_the_checks_of_a_method_the_guide_never_asks_for_are_advisory_declared_or_not(tmp_path):
    declared = tmp_path / "Widget.java"
    declared.write_text("public class Widget {\n  public boolean spin() {\n    return false;\n  }\n}\n")
    absent = tmp_path / "Absent" / "Widget.java"
    for widget in (declared, absent):  # the file is never read: absent or not, the same answer
        tests, note = outside_contract(OPTIONAL, "A10", {"Widget": widget})
        assert tests == ["test_spin", "test_game"]
        assert "Widget.spin()" in note and "the other handout" in note and "worth no points" in note
    assert outside_contract(OPTIONAL, "A11", {"Widget": declared}) == ([], "")  # another activity
    assert outside_contract(OPTIONAL, "A10", {}) == ([], "")  # not the student's class


@needs_jdk
def test_a_students_junit_tester_is_graded_over_the_starters_untouched_tester(tmp_path):
    from grader.engine.planning import plan_submission
    from tests.classroom import elevens_rubric

    folder = tmp_path / "s"
    starter = ROOT / "starter" / "elevens" / "java" / "DeckTester.java"
    write(folder, {"DeckTester.java": starter.read_text(encoding="utf-8"),
                   "DeckTest.java": (Path(__file__).parent / "fixtures" / "junit" / "jupiter" / "DeckTest.java").read_text()})
    plan = plan_submission(elevens_rubric(), "s", folder, ["A5"])
    assert plan.activities["A5"].own == ["DeckTest.java"], plan
    (folder / "DeckTester.java").write_text(starter.read_text(encoding="utf-8").replace("public class DeckTester {", "public class DeckTester {\n    static int mine = 1;"))
    plan = plan_submission(elevens_rubric(), "s", folder, ["A5"])
    assert plan.activities["A5"].own == ["DeckTester.java"], plan  # their own main tester comes first
