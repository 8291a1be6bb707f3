"""Planning: a file named like the lab's but for case, "_" and "-" is graded under the lab's
name (and said so); an activity whose files are the starter's, unchanged, is not started."""

from pathlib import Path

from grader.engine.planning import FolderFiles, plan_submission
from grader.engine.starter_copy import same_code
from tests.classroom import elevens_rubric, reference_text, write_class
from tests.lab_loader import ROOT

STARTER = ROOT / "starter" / "elevens"


def test_near_names_match_but_never_another_file_of_the_lab(tmp_path):
    write_class(tmp_path, {"s": {"Card.py": "", "Elevens-Board.py": "", "thirteensBoard.py": "", "deck.py": ""}})
    found = FolderFiles(tmp_path / "s")
    assert found.near("card.py") == {"card.py": tmp_path / "s" / "Card.py"}
    assert found.near("elevens_board.py") == {"elevens_board.py": tmp_path / "s" / "Elevens-Board.py"}
    assert found.near("thirteens_board.py") == {"thirteens_board.py": tmp_path / "s" / "thirteensBoard.py"}
    assert found.near("card.py", taken={"Card.py"}) == {}
    named = found.as_named({"card.py", "deck.py", "board.py"})
    assert named["card.py"] == tmp_path / "s" / "Card.py" and named["deck.py"] == tmp_path / "s" / "deck.py"
    assert "board.py" not in named


def test_a_misnamed_file_is_staged_under_the_labs_name_and_recorded(tmp_path):
    write_class(tmp_path, {"s": {"Card.py": reference_text("card.py"), "Deck_Tester.py": reference_text("deck_tester.py")}})
    plan = plan_submission(elevens_rubric(), "s", tmp_path / "s")
    assert plan.activities["A1"].files["card.py"] == str((tmp_path / "s" / "Card.py").resolve())
    assert plan.renamed["A1"] == {"card.py": "Card.py"}
    assert plan.renamed["A5"] == {"deck_tester.py": "Deck_Tester.py"}


def test_only_the_starter_unchanged_is_not_started(tmp_path):
    starter = (STARTER / "deck.py").read_text(encoding="utf-8")
    relaid = "# my deck\n\n" + starter.replace("\n\n    def ", "\n\n\n    def ")  # a comment, blank lines: no work
    written = starter.replace('raise NotImplementedError("Deck.size (Activity 2)")', "return 0")
    assert written != starter
    write_class(tmp_path, {"same": {"deck.py": starter}, "relaid": {"Deck.py": relaid}, "written": {"deck.py": written}})
    rubric = elevens_rubric()
    for sub_id in ("same", "relaid"):
        plan = plan_submission(rubric, sub_id, tmp_path / sub_id)
        assert {"A2", "A4"} <= set(plan.not_started) and "A2" not in plan.activities, sub_id
        assert "still the starter file" in plan.notes["A2"]
    plan = plan_submission(rubric, "written", tmp_path / "written")
    assert "A2" in plan.activities and not plan.not_started


def test_same_code_compares_syntax_trees_and_lines(tmp_path):
    (tmp_path / "a.py").write_text("x = 1  # one\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("x = (1)\n\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("x = 2\n", encoding="utf-8")
    (tmp_path / "d.py").write_text("x = (\n", encoding="utf-8")
    assert same_code(tmp_path / "a.py", tmp_path / "b.py")
    assert not same_code(tmp_path / "a.py", tmp_path / "c.py")
    assert not same_code(tmp_path / "a.py", tmp_path / "d.py")  # a file that does not parse is someone's work
    (tmp_path / "a.yaml").write_text("q1: \n  q2:\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("q1:\n\nq2:\n", encoding="utf-8")
    assert same_code(tmp_path / "a.yaml", tmp_path / "b.yaml")
