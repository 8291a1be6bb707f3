"""The student kit, installed alone, as a student uses it (issue 23, points 1 and "done when").

A correct submission passes every public test the kit holds; a buggy one fails the same tests
in the activity that owns the bug as the teacher's grader's `grader check` does, and the
activities that run on the buggy file wait, saying which activity to finish first; the kit
offers only the student's commands.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.classroom import card_with, reference_submission
from tests.kit.conftest import LABS
from tests.lab_loader import ROOT


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def failed(stdout: str) -> set[str]:
    """The failing test runs a check prints: "✗ A2 test_x[...]"."""
    return set(re.findall(r"✗ (A\w+ test_\S+):", stdout))


def score_line(stdout: str, activity: str) -> str:
    return next(line for line in stdout.splitlines() if line.strip().startswith(activity + " "))


@pytest.mark.parametrize("lab", LABS)
def test_a_correct_submission_passes_every_public_test_of_the_kit(kits, lab, tmp_path):
    reference = ROOT / "reference" / lab
    files = {p.name: p.read_text(encoding="utf-8") for p in reference.iterdir() if p.suffix in (".py", ".yaml") and p.name != "__init__.py"}
    folder = write(tmp_path / "ada", files)
    done = kits(lab).grader("check", str(folder))
    assert done.returncode == 0, done.stdout + done.stderr
    total = re.search(r"Total: ([\d.]+) / ([\d.]+)", done.stdout)
    assert total and total[1] == total[2] and float(total[2]) > 0, done.stdout
    assert "✗" not in done.stdout and "not checked yet" not in done.stdout, done.stdout


def test_a_buggy_deck_fails_as_in_the_full_grader_and_its_tester_waits(kits, installed_grader, tmp_path):
    student = ROOT / "examples" / "elevens" / "eli_deal_bug"
    kit = kits("elevens").grader("check", str(student), "--all")  # every failure, a row per activity
    full = installed_grader.grader("check", str(student), "--all")
    assert kit.returncode == full.returncode == 1
    owned = {"A1", "A2", "A4"}
    kit_failures = {t for t in failed(kit.stdout) if t.split()[0] in owned}
    full_failures = {t for t in failed(full.stdout) if t.split()[0] in owned}
    assert kit_failures == full_failures and kit_failures, (kit.stdout, full.stdout)
    for activity in owned:
        assert score_line(kit.stdout, activity) == score_line(full.stdout, activity)
    assert "A5 Deck tester, not checked yet: in the student kit this activity runs on your own deck.py" in kit.stdout
    assert "Finish A2 first" in kit.stdout


def test_a_buggy_card_costs_points_once_and_the_activities_that_use_it_say_so(kits, installed_grader, tmp_path):
    files = reference_submission()
    files["card.py"] = card_with({'        return f"{self._rank} of {self._suit} (point value = {self._point_value})"':
                                  '        return f"{self._rank} of {self._suit}"'})
    folder = write(tmp_path / "ben", files)
    done = kits("elevens").grader("check", str(folder), "--activity", "A2", "--all")
    full = installed_grader.grader("check", str(folder), "--activity", "A1", "--activity", "A2", "--all")
    assert done.returncode == 1
    assert "A1 test_str" in done.stdout  # A2 runs on the student's card.py, so A1 is checked too, and says why it fails
    # A2 is checked on the student's own Card, not left at zero: what it checks of a Card
    # (rank, suit, point value) is right, so it scores what the full grader gives it.
    assert score_line(done.stdout, "A2") == score_line(full.stdout, "A2"), (done.stdout, full.stdout)
    assert "runs on your own card.py" in done.stdout and "Finish A1 first" in done.stdout
    assert "A3" not in done.stdout  # only what A2 waits for


def test_a_file_that_imports_an_earlier_one_runs_on_the_students_own_once_its_activity_passes(kits, tmp_path):
    # The kit has no reference takes_cards.py: takes_table.py imports the student's own, so
    # Activity 2 waits while Activity 1 fails, and `--activity A2` checks Activity 1 first.
    given = ROOT / "reference" / "six-takes"
    cards = (given / "takes_cards.py").read_text(encoding="utf-8")
    table = "from takes_cards import penalty  # reused from Activity 1\n" + (given / "takes_table.py").read_text(encoding="utf-8")
    right = kits("six-takes").grader("check", str(write(tmp_path / "right", {"takes_cards.py": cards, "takes_table.py": table})),
                                    "--activity", "A2")
    assert right.returncode == 0 and "✗" not in right.stdout, right.stdout
    assert score_line(right.stdout, "A1") and "21 / 21" in score_line(right.stdout, "A2")
    buggy = cards.replace("def penalty(", "def penalty_unused(", 1) + "\n\ndef penalty(card):\n    return 1\n"
    wrong = kits("six-takes").grader("check", str(write(tmp_path / "wrong", {"takes_cards.py": buggy, "takes_table.py": table})),
                                    "--all")  # the note of an activity that passed: under --all
    assert wrong.returncode == 1 and any(t.startswith("A1 ") for t in failed(wrong.stdout)), wrong.stdout
    assert "in the student kit this activity runs on your own takes_cards.py" in wrong.stdout
    assert "Finish A1 first" in wrong.stdout


def test_written_answers_are_checked_for_their_format_only_and_their_points_are_the_teachers(kits, installed_grader, tmp_path):
    answers = yaml.safe_load((ROOT / "reference" / "elevens" / "answers.yaml").read_text(encoding="utf-8"))
    right = write(tmp_path / "right", {"answers.yaml": yaml.safe_dump(answers)})
    done = kits("elevens").grader("check", str(right), "--activity", "A6", "--all")  # --all: what passed, too
    assert score_line(done.stdout, "A6").endswith("0 / 0  (+6 your teacher checks)"), done.stdout
    assert "all 4 answers are there and readable; your teacher checks if they are right" in done.stdout
    assert "Your teacher checks A6 (6 points, not in this total)" in done.stdout
    # Wrong but readable: only the teacher's grader can tell.
    answers["plays"] = answers["plays"][:1]  # one play missing
    answers["card_indexes"] = [0, 1, 3]
    wrong = write(tmp_path / "wrong", {"answers.yaml": yaml.safe_dump(answers)})
    kit = kits("elevens").grader("check", str(wrong), "--activity", "A6", "--all")
    full = installed_grader.grader("check", str(wrong), "--activity", "A6", "--all")
    assert kit.returncode == 0 and not failed(kit.stdout), kit.stdout
    assert failed(full.stdout) == {"A6 test_plays_question", "A6 test_card_indexes_question"}
    # Unreadable: the same failures and hints in both.
    answers = yaml.safe_load((ROOT / "reference" / "elevens" / "answers.yaml").read_text(encoding="utf-8"))
    answers.update(deck_size="six", plays=[["5S", "6X"]])
    unreadable = write(tmp_path / "unreadable", {"answers.yaml": yaml.safe_dump(answers)})
    kit = kits("elevens").grader("check", str(unreadable), "--activity", "A6", "--all")
    full = installed_grader.grader("check", str(unreadable), "--activity", "A6", "--all")
    assert failed(kit.stdout) == failed(full.stdout) == {"A6 test_deck_size_question", "A6 test_plays_question"}
    assert kit.returncode == 1 and "That is not a whole number" in kit.stdout
    hints = lambda out: [line for line in out.splitlines() if "Hint:" in line]  # noqa: E731
    assert hints(kit.stdout) == hints(full.stdout)


def test_the_kits_maximum_is_its_public_points_less_exactly_the_teachers(kits, tmp_path):
    kit = kits("elevens")
    rubric = yaml.safe_load(subprocess.run(
        [str(kit.python), "-c", "import grader_assets.rubrics as r, pathlib; print((pathlib.Path(r.__path__[0]) / 'elevens.yaml').read_text())"],
        capture_output=True, text=True, check=True).stdout)
    public = sum(t["points"] for a in rubric["activities"] if not a["id"].startswith("bonus")
                 for t in a["tests"] if not t.get("advisory"))
    a6 = sum(t["points"] for a in rubric["activities"] if a["id"] == "A6" for t in a["tests"])
    files = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "reference" / "elevens").iterdir()
             if p.suffix in (".py", ".yaml") and p.name != "__init__.py"}
    done = kit.grader("check", str(write(tmp_path / "ada", files)))
    total = re.search(r"Total: ([\d.]+) / ([\d.]+)", done.stdout)
    assert a6 == 6 and float(total[2]) == public - a6, done.stdout
    assert f"Your teacher checks A6 ({a6:g} points, not in this total)" in done.stdout


def test_the_kit_offers_only_the_students_commands(kits, tmp_path):
    kit = kits("elevens")
    listed = kit.grader("--help").stdout
    commands = re.findall(r"^  (\w+)", listed.split("Commands:")[1], re.M)
    assert commands == ["check", "labs", "play"], listed
    for command in ("grade", "diagnose", "handout", "kit", "gradescope", "export"):
        done = kit.grader(command, "--help")
        assert done.returncode == 2 and "not in the student kit" in done.stderr, (command, done.stderr)
    hidden = kit.grader("check", str(tmp_path), "--hidden")
    assert hidden.returncode == 2 and "no hidden tests" in hidden.stderr


@pytest.mark.skipif(shutil.which("javac") is None, reason="no JDK (javac) on this machine")
def test_a_java_submission_is_checked_on_its_own_classes(kits):
    done = kits("elevens").grader("check", str(ROOT / "examples" / "elevens-java" / "ada_complete"), "--all")
    assert "14 / 14" in score_line(done.stdout, "A1") and "16 / 16" in score_line(done.stdout, "A2")
    assert "A5 Deck tester, not checked yet: the student kit does not run Java testers yet" in done.stdout
