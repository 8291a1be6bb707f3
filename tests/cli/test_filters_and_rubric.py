"""Typos in options and rubrics are errors that say what exists; filtered runs grade exactly
what was asked, with no false errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from grader.commands.exitcodes import ExitCode
from tests.classroom import reference_submission, reference_text, write_class

RUBRIC = Path(__file__).resolve().parents[2] / "rubrics" / "elevens.yaml"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def small_class(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("filters")
    write_class(root / "class", {
        "ann": {"card.py": reference_text("card.py"), "deck.py": reference_text("deck.py")},
        "bob": {"card.py": reference_text("card.py")},
    })
    return root


def results_of(folder: Path) -> dict:
    return {s["id"]: s for s in json.loads((folder / "results.json").read_text())["submissions"]}


@pytest.mark.parametrize("activity", ["a2", "A2"])
def test_an_activity_filter_is_case_insensitive_and_grades_only_that_activity(small_class, activity, tmp_path):
    done = run("grade", "class", "--out", str(tmp_path / "out"), "--activity", activity, cwd=small_class)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    subs = results_of(tmp_path / "out")
    assert [a["id"] for a in subs["ann"]["activities"]] == ["A2"]
    assert subs["ann"]["status"] == subs["bob"]["status"] == "graded"
    assert subs["ann"]["total"] == subs["ann"]["max"] > 0
    assert subs["bob"]["activities"][0]["status"] == "missing"  # no deck.py: missing, never an error


def test_a_test_filter_grades_that_test_alone_with_no_false_errors(small_class, tmp_path):
    done = run("grade", "class", "--jobs", "1", "--out", str(tmp_path / "out"), "--test", "test_suit", cwd=small_class)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    subs = results_of(tmp_path / "out")
    for sub in subs.values():
        assert sub["status"] == "graded"
        assert [a["id"] for a in sub["activities"]] == ["A1"]
        assert {t["name"].split("[")[0] for t in sub["activities"][0]["tests"]} == {"test_suit"}


def test_one_parametrized_run_can_be_asked_for_by_its_printed_name(small_class):
    done = run("check", "class/ann", "--test", "test_rank[clubs]", cwd=small_class)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    assert "test_rank[clubs]" in done.stdout and "test_rank[spades]" not in done.stdout


@pytest.mark.parametrize("args, words", [
    (["--activity", "A99"], ["no activity 'A99'", "A1, A2"]),
    (["--activity", "A11c"], ["did you mean 'A11"]),
    (["--test", "test_sute"], ["did you mean 'test_suit'"]),
    (["--activity", "A1", "--test", "test_deal*"], ["no test of A1"]),
])
def test_a_filter_that_names_nothing_is_an_error_listing_what_exists(small_class, tmp_path, args, words):
    done = run("grade", "class", "--out", str(tmp_path / "out"), *args, cwd=small_class)
    assert done.returncode == ExitCode.USAGE, done.stdout
    for word in words:
        assert word in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_parametrized_name_that_matches_no_run_is_not_a_pass(small_class):
    done = run("check", "class/ann", "--test", "test_rank[no-such-card]", cwd=small_class)
    assert done.returncode == ExitCode.USAGE


def broken_rubric(tmp_path: Path, change) -> Path:
    data = yaml.safe_load(RUBRIC.read_text())
    change(data)
    path = tmp_path / "rubric.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


@pytest.mark.parametrize("change, words", [
    (lambda d: d["activities"][0]["tests"][0].update(test="test_rnak"), ["activities[0].tests[0].test", "did you mean 'test_rank'"]),
    (lambda d: d["activities"][0].update(suite="test_a1_cards.py"), ["activities[0].suite", "did you mean 'test_a1_card.py'"]),
    (lambda d: d["activities"][0]["tests"].append({"test": "test_rank", "points": 5}), ["test_rank is already priced"]),
    (lambda d: d["activities"][0]["tests"].append({"test": "test_r*", "points": 5}), ["test_rank is already priced"]),
    (lambda d: d["activities"][1].update(stand_ins=["cards.py"]), ["activities[1].stand_ins", "did you mean 'card.py'"]),
    (lambda d: d.update(advisory="yes"), ["advisory"]),
])
def test_a_rubric_typo_is_an_error_naming_the_entry_and_the_closest_name(small_class, tmp_path, change, words):
    done = run("grade", "class", "--out", str(tmp_path / "out"), "--rubric", str(broken_rubric(tmp_path, change)), cwd=small_class)
    assert done.returncode == ExitCode.BAD_RUBRIC, done.stderr
    for word in words:
        assert word in done.stderr


def test_a_rubric_can_grade_advisory_checks(tmp_path):
    def graded(data):
        data["advisory"] = "graded"
    files = reference_submission()
    files["shuffler.py"] = files["shuffler.py"].replace("return len(a) == len(b) and Counter(a) == Counter(b)",
                                                        "return sorted(set(a)) == sorted(set(b))")
    write_class(tmp_path / "class", {"cal": files})
    rubric = broken_rubric(tmp_path, graded)
    reported = run("check", "class/cal", "--activity", "A3", cwd=tmp_path)
    strict = run("check", "class/cal", "--activity", "A3", "--rubric", str(rubric), cwd=tmp_path)
    assert reported.returncode == ExitCode.OK, reported.stdout  # advisory failures cost nothing by default
    assert strict.returncode == ExitCode.TESTS_FAILED, strict.stdout


def test_require_all_needs_only_the_required_files(tmp_path):
    files = reference_submission()
    del files["tens_board.py"]  # the bonus activity is optional
    write_class(tmp_path / "class", {"dee": files})
    done = run("check", "class/dee", "--require-all", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stdout
    del files["thirteens_board.py"]
    write_class(tmp_path / "class2", {"dee": files})
    assert run("check", "class2/dee", "--require-all", cwd=tmp_path).returncode == ExitCode.TESTS_FAILED
