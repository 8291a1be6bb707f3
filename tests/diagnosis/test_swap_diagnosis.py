"""`grader diagnose` on a lab without a diagnosis of its own names the wrong function of a file
with one bug: every named student bug of the two card-game labs, and what it says otherwise."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from grader.commands.exitcodes import ExitCode
from grader.lab.registry import LabInputError, get_lab
from grader.diagnosis.swapping import diagnose_by_swapping
from tests.classroom import grading_activities, lab_rubric, staged
from tests.lab_loader import ROOT


def named_bugs(lab: str) -> list[tuple[str, str, str, str]]:
    data = yaml.safe_load((ROOT / "buggy_variants" / lab / "variants.yaml").read_text(encoding="utf-8"))
    return [(lab, bug["id"], bug["file"], bug["method"]) for key, bugs in data.items() if key != "correct" for bug in bugs]


def diagnose(lab: str, path: Path) -> tuple[int, str]:
    said: list[str] = []
    code = diagnose_by_swapping(get_lab(lab), path, said.append)
    return code, "\n".join(said)


NAMED_BUGS = named_bugs("up-down-stay") + named_bugs("six-takes")


def bug_groups() -> dict[tuple[str, int], list[tuple[str, str, str, str]]]:
    """The named bugs in folders of a few students' files, each file with one bug: group
    (lab, k) holds the k-th named bug of each of the lab's files.

    One diagnosis of such a folder says what the diagnosis of each file alone says: every activity
    of these labs grades one file (its rubric ``files``), staged beside the reference's stand-ins
    and the reference's copy of any lab file it imports (engine/planning.py), never another student
    file, so the other bugs of the folder cannot reach it; and each hybrid is graded with that one
    file only (swapping._grade_hybrids). checked_alone below holds that to a group, file by file.
    Diagnosing them together grades a folder twice instead of each file twice."""
    groups: dict[tuple[str, int], list] = {}
    seen: dict[tuple[str, str], int] = {}
    for lab, bug, file, method in NAMED_BUGS:
        k = seen[lab, file] = seen.get((lab, file), -1) + 1
        groups.setdefault((lab, k), []).append((lab, bug, file, method))
    return groups


def group_folder(base: Path, lab: str, bugs) -> Path:
    folder = base / f"{lab}-group"
    folder.mkdir()
    for _, bug, file, _ in bugs:
        shutil.copyfile(ROOT / "buggy_variants" / lab / bug / file, folder / file)
    return folder


def verdicts(said: str) -> dict[str, list[str]]:
    """The diagnosis's lines by the file each verdict is about ("uds_game.py (A5 ...):" heads one)."""
    found: dict[str, list[str]] = {}
    for line in said.splitlines():
        if not line.startswith(" "):
            current = found.setdefault(line.split(" (", 1)[0], [])
        current.append(line)
    return found


@pytest.fixture(scope="module")
def diagnosed(tmp_path_factory) -> dict[tuple[str, str], tuple[int, list[str]]]:
    """(lab, file) of each named bug -> the diagnosis's exit code and its verdict on that file."""
    out = {}
    for (lab, _), bugs in bug_groups().items():
        code, said = diagnose(lab, group_folder(tmp_path_factory.mktemp("group"), lab, bugs))
        for _, bug, file, _ in bugs:
            out[lab, bug] = code, verdicts(said).get(file, [])
    return out


@pytest.mark.parametrize("lab, bug, file, method", NAMED_BUGS, ids=lambda value: value if isinstance(value, str) else "")
def test_each_named_bug_is_blamed_on_its_own_function(diagnosed, lab, bug, file, method):
    code, lines = diagnosed[lab, bug]
    said = "\n".join(lines)
    assert code == 1 and len(lines) >= 2, said
    header, blamed = lines[:2]
    assert header.startswith(f"{file} (") and "is wrong: with the lab's own" in blamed, said
    # A constant table (ElevensValues' VALUES) is where that bug lives, not the function it feeds.
    assert blamed.strip().split(" is wrong")[0].split(".")[-1] in (method, "VALUES"), said


@pytest.mark.parametrize("lab, k", list(bug_groups()))
def test_in_a_group_each_file_is_graded_as_if_alone(tmp_path, lab, k):
    """The premise of ``diagnosed``: in the group's folder, each activity that grades a file of
    the group stages exactly what it stages for that file alone."""
    rubric = lab_rubric(lab)
    bugs = bug_groups()[lab, k]
    group = group_folder(tmp_path, lab, bugs)
    for _, bug, file, _ in bugs:
        alone = tmp_path / bug
        alone.mkdir()
        shutil.copyfile(group / file, alone / file)
        graders = grading_activities(rubric, file)
        assert graders
        for activity_id in graders:
            assert staged(rubric, group, activity_id) == staged(rubric, alone, activity_id) is not None, (bug, activity_id)


def test_the_reference_has_nothing_wrong(tmp_path):
    for name in ("uds_cards.py", "uds_changes.py"):
        shutil.copyfile(ROOT / "reference" / "up-down-stay" / name, tmp_path / name)
    code, said = diagnose("up-down-stay", tmp_path)
    assert code == 0 and "No problem found" in said


def test_two_bugs_in_two_functions_are_not_pinned_on_one(tmp_path):
    # SubsequenceMatch's find_match, and PartialCredit's match_score on top of it.
    text = (ROOT / "buggy_variants" / "up-down-stay" / "SubsequenceMatch" / "uds_predictions.py").read_text()
    honest = "    return len(pred) if find_match(pred, change_str) >= 0 else 0\n"
    partial = ("    for length in range(len(pred), 0, -1):\n        if find_match(pred[:length], change_str) >= 0:\n"
               "            return length\n    return 0\n")
    assert honest in text
    (tmp_path / "uds_predictions.py").write_text(text.replace(honest, partial))
    code, said = diagnose("up-down-stay", tmp_path / "uds_predictions.py")
    assert code == 1 and "no single function is to blame" in said


def test_a_folder_with_none_of_the_labs_files_is_bad_input(tmp_path):
    (tmp_path / "notes.txt").write_text("nothing yet\n")
    with pytest.raises(LabInputError, match="holds none of the six-takes lab's files"):
        diagnose("six-takes", tmp_path)


def test_the_command_finds_the_lab_from_the_folder(tmp_path):
    (tmp_path / "mine").mkdir()
    for name in ("card.py", "deck.py", "uds_players.py"):
        shutil.copyfile(ROOT / "reference" / "up-down-stay" / name, tmp_path / "mine" / name)
    shutil.copyfile(ROOT / "buggy_variants" / "up-down-stay" / "FlippedSign" / "uds_changes.py", tmp_path / "mine" / "uds_changes.py")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "diagnose", "mine"], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)
    assert done.returncode == 1, done.stderr
    assert "changes is wrong" in done.stdout and "uds_changes.py (A3" in done.stdout


def test_a_students_zip_is_diagnosed_like_their_folder(tmp_path):
    import zipfile

    with zipfile.ZipFile(tmp_path / "cho.zip", "w") as archive:
        archive.write(ROOT / "buggy_variants" / "six-takes" / "SeatOrder" / "takes_turn.py", "project/takes_turn.py")
    code, said = diagnose("six-takes", tmp_path / "cho.zip")
    assert code == 1 and "resolve_turn is wrong" in said
    (tmp_path / "broken.zip").write_bytes(b"not a zip")
    with pytest.raises(LabInputError, match="could not be opened as a zip"):
        diagnose("six-takes", tmp_path / "broken.zip")
