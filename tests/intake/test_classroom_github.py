"""Classroom integrity: `grader grade --from classroom --template DIR` names every student whose
.github/ (the workflow and the kit `grader classroom init` wrote) is not the template's, in the
summary and in results.json, and grades them all the same.

The template is made as a teacher makes it (`grader handout`, then `grader classroom init`,
committed); each clone starts from its files, as Classroom creates a student's repository, and
then: ada only does her work, ben adds one line to the workflow (the forged-points attack),
cy adds a workflow after the deadline (so only his latest commit, where Classroom's points come
from, has it), and dee replaces the kit's wheel.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from grader.intake import classroom, classroom_github
from grader.intake.layouts import IntakeOptions
from grader.intake.model import IntakeError
from tests.classroom import reference_text
from tests.intake.make_classroom import DEADLINE, Clone, Commit, build_clones, git, make_commit
from tests.lab_loader import ROOT

WORKFLOW = ".github/workflows/classroom.yml"
FORGED = ('        run: "echo result=$(echo \'{\\"version\\":1,\\"status\\":\\"pass\\",\\"max_score\\":14,\\"tests\\":'
          '[{\\"name\\":\\"all\\",\\"status\\":\\"pass\\",\\"score\\":14}]}\' | base64 -w0) >> $GITHUB_OUTPUT"\n')
ON_TIME, LATE = "2026-12-01T20:00:00+01:00", "2026-12-02T09:00:00+01:00"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    home = tmp_path_factory.mktemp("teacher")
    template = home / "template"
    assert run("handout", "--lab", "elevens", str(template), cwd=home).returncode == 0
    init = run("classroom", "init", "--lab", "elevens", "--activity", "A1", "--activity", "A2", cwd=template)
    assert init.returncode == 0, init.stdout + init.stderr
    assert f"--template {template}" in init.stdout  # init tells the teacher how to check the clones
    git(template, "init", "-q", "-b", "main")
    make_commit(template, Commit("2026-11-20T10:00:00+01:00", {}, "the assignment"))
    files = {p.relative_to(template).as_posix(): p.read_bytes() for p in template.rglob("*")
             if p.is_file() and ".git" not in p.relative_to(template).parts}
    [wheel] = [name for name in files if name.endswith(".whl")]
    workflow = files[WORKFLOW].decode("utf-8")
    forged_line = next(line for line in workflow.splitlines(keepends=True) if "--activity A1 --github" in line)
    start = Commit("2026-11-21T10:00:00+01:00", dict(files), "Initial commit")
    work = {"card.py": reference_text("card.py")}
    students = [
        Clone("ada", [start, Commit(ON_TIME, work, "card")]),
        Clone("ben", [start, Commit(ON_TIME, {**work, WORKFLOW: workflow.replace(forged_line, forged_line + FORGED)}, "ok")]),
        Clone("cy", [start, Commit(ON_TIME, work, "card"),
                     Commit(LATE, {".github/workflows/points.yml": "name: points\non: push\njobs: {}\n"}, "more")]),
        Clone("dee", [start, Commit(ON_TIME, {**work, wheel: files[wheel] + b"\0"}, "card")]),
    ]
    root = build_clones(home, students, assignment="elevens")
    return home, template, root, wheel


def read(root: Path, tmp_path: Path, template: Path | None) -> dict:
    scratch = tmp_path / "scratch"
    scratch.mkdir(exist_ok=True)
    options = IntakeOptions(deadline=__import__("datetime").datetime.fromisoformat(DEADLINE), template=template)
    return {s.key: s for s in classroom.read(root, scratch, options)}


def test_exactly_the_three_changed_clones_are_named_with_their_files(made, tmp_path):
    _, template, root, wheel = made
    students = read(root, tmp_path, template)
    changes = {key: [(c["path"], c["change"]) for c in s.identity.github_changes] for key, s in students.items()}
    assert changes == {"ada": [], "ben": [(WORKFLOW, "changed")], "cy": [(".github/workflows/points.yml", "added")],
                       "dee": [(wheel, "changed")]}
    cy = students["cy"].identity
    assert cy.late_work["commits"] == 1 and cy.github_changes[0]["commit"] == cy.late_work["last_hash"]  # at HEAD
    assert students["ben"].identity.github_changes[0]["commit"] == students["ben"].identity.commit["hash"]
    notes = classroom_github.notes([(key, s.identity.to_dict()) for key, s in students.items()])
    assert notes[0].startswith("3 of 4 clones' .github/ differ from your template")
    named = [line.split()[0] for line in notes[1:]]
    assert named == ["ben", "cy", "dee"] and "changed .github/workflows/classroom.yml" in notes[1]


def test_the_template_can_be_a_plain_folder_and_must_hold_a_github_folder(made, tmp_path):
    _, template, root, _ = made
    plain = tmp_path / "plain"
    subprocess.run(["cp", "-r", str(template), str(plain)], check=True)
    subprocess.run(["rm", "-rf", str(plain / ".git")], check=True)
    students = read(root, tmp_path, plain)
    assert sorted(key for key, s in students.items() if s.identity.github_changes) == ["ben", "cy", "dee"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(IntakeError, match="has no .github/ folder"):
        read(root, tmp_path, tmp_path / "empty")


def test_a_removed_file_and_a_link_are_changes_too():
    expected = {".github/a.yml": b"a\n", ".github/b.yml": b"b\n"}
    listed = {".github/a.yml": ("120000", classroom_github.blob_id(b"a\n", 40))}
    assert classroom_github.differences(expected, listed, "c0") == [
        {"path": ".github/a.yml", "change": "changed", "commit": "c0"},
        {"path": ".github/b.yml", "change": "removed", "commit": "c0"}]
    same = {".github/a.yml": ("100644", classroom_github.blob_id(b"a\n", 40))}
    assert classroom_github.differences({".github/a.yml": b"a\n"}, same, "c0") == []


def test_without_a_template_nothing_is_compared_and_the_summary_says_whose_word_the_points_are(made, tmp_path):
    _, _, root, _ = made
    students = read(root, tmp_path, None)
    assert all(s.identity.github_changes is None for s in students.values())
    [note] = classroom_github.notes([(key, s.identity.to_dict()) for key, s in students.items()])
    assert "each student's word" in note and "--template DIR" in note


def test_grade_names_them_in_the_summary_and_results_json_and_grades_them_all(made):
    home, template, root, _ = made
    done = run("grade", root.name, "--out", "out", "--activity", "A1", "--template", str(template),
               "--deadline", "2026-12-01 23:59", "--timezone", "Europe/Paris", cwd=home)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    notes = done.stdout.split("About the download:")[1]
    assert "3 of 4 clones' .github/ differ from your template" in notes
    assert [line.split()[0] for line in notes.splitlines() if line.startswith("    ")] == ["ben", "cy", "dee"]
    results = json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))
    assert results["github_changed"] == ["ben", "cy", "dee"]
    subs = {s["id"]: s for s in results["submissions"]}
    assert subs["ada"]["identity"]["github_changes"] == []
    assert [c["path"] for c in subs["ben"]["identity"]["github_changes"]] == [WORKFLOW]
    assert all(s["total"] == s["max"] > 0 for s in subs.values())  # the grader's grade, whatever .github/ holds
    documented = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    assert "`github_changed`" in documented and "`github_changes`" in documented


def test_template_is_refused_for_a_plain_class_folder(made, tmp_path):
    _, template, _, _ = made
    (tmp_path / "class" / "ada").mkdir(parents=True)
    done = run("grade", str(tmp_path / "class"), "--out", str(tmp_path / "out"), "--template", str(template), cwd=tmp_path)
    assert done.returncode == ExitCode.USAGE and "not a folder of Classroom clones" in done.stderr, done.stderr
