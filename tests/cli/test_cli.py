"""Black-box tests of the ``grader`` command on small generated class folders."""

import csv
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import card_with, reference_submission, reference_text, write_class


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def small_class(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("class")
    write_class(root, {
        "good": reference_submission(),
        "only_card": {"Card.py": reference_text("card.py")},
    })
    with zipfile.ZipFile(root / "zipped.zip", "w") as archive:
        archive.writestr("project/card.py", card_with({"        return self._suit\n": "        return 'spades'\n"}))
    return root


def test_help_works():
    assert run("--help").returncode == 0


def test_grade_writes_results_gradebook_and_reports(small_class, tmp_path):
    done = run("grade", str(small_class), "--jobs", "1", "--out", str(tmp_path))
    assert done.returncode == ExitCode.OK, done.stderr
    rows = {row["id"]: row for row in csv.DictReader((tmp_path / "gradebook.csv").open(encoding="utf-8-sig"))}
    assert set(rows) == {"good", "only_card", "zipped"}
    assert float(rows["good"]["total"]) == float(rows["good"]["max"])  # the bonus is kept apart
    assert float(rows["good"]["bonus"]) == float(rows["good"]["bonus-tens"]) > 0
    assert rows["only_card"]["total"] == "15"  # Card.py: graded as card.py, and said so
    assert rows["only_card"]["activity_status"].startswith("A1 misnamed (named Card.py)")
    results = json.loads((tmp_path / "results.json").read_text())
    only_card = next(s for s in results["submissions"] if s["id"] == "only_card")
    assert "named Card.py; graded as card.py" in only_card["activities"][0]["note"]
    zipped = next(s for s in results["submissions"] if s["id"] == "zipped")
    assert 0 < zipped["activities"][0]["score"] < 15
    assert (tmp_path / "zipped" / "report.md").read_text().count("test_suit") >= 3


@pytest.mark.parametrize("make, expected", [
    (lambda p: p / "nowhere", "does not exist"),
    (lambda p: (p / "file.txt").write_text("x") and p / "file.txt", "is a file, not a folder"),
    (lambda p: (p / "empty").mkdir() or p / "empty", "holds no student folders"),
])
def test_grade_rejects_an_unusable_class_folder(tmp_path, make, expected):
    done = run("grade", str(make(tmp_path)), "--out", str(tmp_path / "out"))
    assert done.returncode == ExitCode.BAD_INPUT
    assert expected in done.stderr


def test_a_zip_named_like_a_folder_is_graded_under_its_own_id(tmp_path):
    # Once, two submissions with one id stopped the whole class; now the second gets "sam (2)".
    write_class(tmp_path / "c", {"sam": {"card.py": "x = 1\n"}})
    with zipfile.ZipFile(tmp_path / "c" / "sam.zip", "w") as archive:
        archive.writestr("card.py", reference_text("card.py"))
    done = run("grade", str(tmp_path / "c"), "--out", str(tmp_path / "out"), "--activity", "A1")
    assert done.returncode == ExitCode.OK, done.stderr
    subs = {s["id"]: s for s in json.loads((tmp_path / "out" / "results.json").read_text())["submissions"]}
    assert subs["sam"]["total"] == 0 and subs["sam (2)"]["total"] == 15
    assert "the zip 'sam.zip': its name is the same as that of another submission, the folder 'sam'" in " ".join(done.stdout.split())


def test_a_broken_rubric_names_the_key_the_rule_and_the_fix(small_class, tmp_path):
    rubric = tmp_path / "rubric.yaml"
    rubric.write_text("lab: elevens\nactivities:\n  - id: A1\n    title: Card\n    suite: test_a1_card.py\n    files: [card.py]\n    tests:\n      - {test: test_rank, points: -2}\n")
    done = run("grade", str(small_class), "--out", str(tmp_path / "out"), "--rubric", str(rubric))
    assert done.returncode == ExitCode.BAD_RUBRIC
    assert "activities[0].tests[0].points" in done.stderr and "Fix:" in done.stderr


def test_check_passes_on_correct_code_and_says_hidden_tests_did_not_run(small_class):
    done = run("check", str(small_class / "good"))
    assert done.returncode == ExitCode.OK, done.stdout
    assert "hidden tests were not run" in done.stdout
    assert done.stdout.startswith(f"Checking {small_class / 'good'} (elevens): card.py, deck.py")
    assert done.stdout.rstrip().endswith("Every activity passes the tests run here.")


def test_check_fails_with_a_hint_and_a_replay_command(small_class, tmp_path):
    folder = tmp_path / "mine"
    write_class(tmp_path, {"mine": {"card.py": card_with({"        return self._suit\n": "        return self._rank\n"})}})
    done = run("check", cwd=folder)
    assert done.returncode == ExitCode.TESTS_FAILED
    assert "expected: 'spades'" in done.stdout and "got:      'ace'" in done.stdout
    assert f"grader check {folder} --activity A1 --test 'test_suit[spades]'" in done.stdout
    replay = run("check", "--activity", "A1", "--test", "test_suit", cwd=folder)
    assert replay.returncode == ExitCode.TESTS_FAILED and "test_rank" not in replay.stdout


def test_check_require_all_fails_on_missing_files(small_class):
    assert run("check", str(small_class / "good"), "--require-all").returncode == ExitCode.OK
    folder = small_class / "zipped_like_only_card"
    folder.mkdir()
    (folder / "card.py").write_text(reference_text("card.py"))
    assert run("check", str(folder)).returncode == ExitCode.OK
    assert run("check", str(folder), "--require-all").returncode == ExitCode.TESTS_FAILED
