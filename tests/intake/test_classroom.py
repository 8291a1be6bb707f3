"""classroom.py: a folder of GitHub Classroom clones read as one student per clone, each graded
at the commit the deadline picks, and the clones left untouched."""

from datetime import datetime

import pytest

from grader.intake import classroom
from grader.intake.layouts import IntakeOptions
from grader.intake.model import IntakeError
from tests.intake.make_classroom import DEADLINE, Clone, Commit, build_clones, clone_state, example_class

ON_TIME = IntakeOptions(deadline=datetime.fromisoformat(DEADLINE))
LATE_GRADED = IntakeOptions(deadline=datetime.fromisoformat(DEADLINE), late_grade=True)


@pytest.fixture
def clones(tmp_path):
    return build_clones(tmp_path / "download", example_class())


def read(root, tmp_path, options):
    scratch = tmp_path / "scratch"
    scratch.mkdir(exist_ok=True)
    students = classroom.read(root, scratch, options)
    for student in students:
        assert student.folder is None or student.folder.parent == scratch
    return {student.key: student for student in students}


def files(folder):
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_recognise_counts_the_clones(clones, tmp_path):
    evidence = "hw1-submissions holds 6 git repositories (clones like hw1-ada, hw1-eve) and 1 folder that is not one"
    assert classroom.recognise(clones) == evidence
    # The zip of the submissions folder unpacks to a folder wrapping it.
    assert classroom.recognise(tmp_path / "download") == evidence


def test_recognise_leaves_a_plain_class_folder_alone(tmp_path):
    root = tmp_path / "class"
    for name in ("ada", "bob", "cy"):
        (root / name).mkdir(parents=True)
        (root / name / "deck.py").write_text("x\n")
    assert classroom.recognise(root) == ""
    (root / "bob" / ".git").mkdir()  # one student handed in their folder with its .git
    assert classroom.recognise(root) == ""


def test_every_folder_is_one_entry_named_by_its_github_username(clones, tmp_path):
    students = read(clones, tmp_path, ON_TIME)
    assert sorted(students) == sorted(["ada", "zoë-müller", "jean-luc", "eve", "mallory", "ghost", "exactly"])
    ada = students["ada"].identity
    assert ada.lms == "classroom" and ada.name == "ada" and ada.source == "hw1-ada"
    assert ada.ids == {"github_username": "ada", "github_repository": "ap-cs-class/hw1-ada"}


def test_the_on_time_commit_is_graded_not_the_working_tree(clones, tmp_path):
    ada = read(clones, tmp_path, ON_TIME)["ada"]
    assert files(ada.folder) == {"card.py": "# card\n", "deck.py": "# final\n"}  # not the uncommitted edit
    assert ada.identity.commit["subject"] == "finish"
    assert ada.identity.commit["time"] == ada.identity.submitted_at == "2026-12-01T20:00:00+01:00"
    assert ada.identity.late is False and ada.identity.late_work == {}


def test_a_commit_at_the_deadline_is_on_time(clones, tmp_path):
    exactly = read(clones, tmp_path, ON_TIME)["exactly"]
    assert exactly.identity.late is False and files(exactly.folder) == {"deck.py": "# just in time\n"}


def test_late_commits_are_reported_but_not_graded(clones, tmp_path):
    zoe = read(clones, tmp_path, ON_TIME)["zoë-müller"]
    assert files(zoe.folder) == {"deck.py": "# on time\n"}
    assert zoe.identity.commit["subject"] == "Première version"
    assert zoe.identity.late is False and zoe.identity.late_seconds is None
    assert zoe.identity.late_work["commits"] == 2
    assert zoe.identity.late_work["last_time"] == "2026-12-03T18:30:00+01:00"  # committer time, not the older author time


def test_with_late_grade_the_latest_commit_is_graded_and_late(clones, tmp_path):
    students = read(clones, tmp_path, LATE_GRADED)
    zoe = students["zoë-müller"]
    assert files(zoe.folder) == {"deck.py": "# late 2\n"}
    assert zoe.identity.late is True
    assert zoe.identity.late_seconds == (2 * 24 * 3600) - (23 * 60 + 59 - 18 * 60 - 30) * 60  # 2 d less 5 h 29 min
    assert zoe.identity.commit["hash"] == zoe.identity.late_work["last_hash"]
    assert students["ada"].identity.late is False  # nothing after the deadline: still on time


def test_no_commit_on_time_is_a_problem_entry_unless_late_work_is_graded(clones, tmp_path):
    jean = read(clones, tmp_path, ON_TIME)["jean-luc"]
    assert jean.folder is None
    assert jean.problem.startswith("no commit at or before the deadline 2026-12-01 23:59:00+01:00; "
                                   "first commit at 2026-12-02 10:00:00-05:00 (2 commits, all later)")
    assert "--late-grade" in jean.problem
    assert jean.identity.late is True and jean.identity.late_work["commits"] == 2
    graded = read(clones, tmp_path, LATE_GRADED)["jean-luc"]
    assert files(graded.folder) == {"deck.py": "# late only 2\n"}
    assert graded.identity.late_seconds == 17 * 3600 + 60  # 11:00 -05:00 is 17:00 +01:00: 17 h 1 min after 23:59


def test_without_a_deadline_head_is_graded_with_no_lateness(clones, tmp_path):
    students = read(clones, tmp_path, IntakeOptions())
    assert files(students["zoë-müller"].folder) == {"deck.py": "# late 2\n"}
    assert files(students["ada"].folder) == {"card.py": "# card\n", "deck.py": "# final\n"}
    assert all(s.identity.late is None and s.identity.late_work == {} for s in students.values())


def test_an_empty_repository_and_a_plain_folder_are_problem_entries(clones, tmp_path):
    students = read(clones, tmp_path, ON_TIME)
    assert students["eve"].folder is None and "no commits" in students["eve"].problem
    ghost = students["ghost"]
    assert ghost.folder is None and "not a git repository" in ghost.problem
    assert ghost.identity.source == "hw1-ghost"


def test_links_and_submodules_are_left_out_and_listed(clones, tmp_path):
    mallory = read(clones, tmp_path, ON_TIME)["mallory"]
    assert files(mallory.folder) == {"deck.py": "# mine\n"}
    assert mallory.identity.ignored == ["secret.py (a symbolic link, not followed)",
                                        "vendor/lib (a submodule, not fetched)"]


def test_reading_changes_no_clone(clones, tmp_path):
    before = {clone.name: clone_state(clone) for clone in clones.iterdir()}
    read(clones, tmp_path, LATE_GRADED)
    read(clones, tmp_path, ON_TIME)
    assert {clone.name: clone_state(clone) for clone in clones.iterdir()} == before
    assert before["hw1-ada"]["status"] == " M deck.py\n?? notes.txt\n"  # the edits are still there


def test_a_crafted_tree_is_that_students_problem_only(tmp_path):
    from tests.intake.make_classroom import git

    root = build_clones(tmp_path, [Clone("ada", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"})]),
                                   Clone("bob", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"})])])
    bob = root / "hw1-bob"
    blob = git(bob, "rev-parse", "HEAD:a.py").strip()
    tree = git(bob, "mktree", input=f"100644 blob {blob}\t..\n".encode()).strip()
    commit = git(bob, "commit-tree", tree, "-p", "HEAD", "-m", "crafted",
                 env={"GIT_COMMITTER_DATE": "2026-11-30T11:00:00+01:00"}).strip()
    git(bob, "update-ref", "refs/heads/main", commit)
    students = read(root, tmp_path, ON_TIME)
    assert students["ada"].folder is not None and not students["ada"].problem
    assert students["bob"].folder is None and "points outside" in students["bob"].problem
    assert students["bob"].identity.commit["subject"] == "crafted"


def test_a_folder_with_no_clones_is_refused(tmp_path):
    (tmp_path / "class" / "ada").mkdir(parents=True)
    with pytest.raises(IntakeError, match="holds no git repositories"):
        classroom.read(tmp_path / "class", tmp_path, ON_TIME)


@pytest.mark.parametrize("names, folder, prefix", [
    (["hw1-ada", "hw1-bob"], "hw1-submissions", "hw1-"),
    (["lab-2-deck-ada", "lab-2-deck-alan", "lab-2-deck-bob"], "somewhere", "lab-2-deck-"),
    (["hw1-ada", "hw1-alan"], "x", "hw1-"),  # the common "hw1-a" is cut back to its last '-'
    # Usernames that share a hyphenated start: only gh classroom's folder name tells them apart.
    (["hw1-cs-ada", "hw1-cs-bob"], "hw1-submissions", "hw1-"),
    (["hw1-cs-ada", "hw1-cs-bob"], "copied", "hw1-cs-"),
    (["hw1-ada"], "x", ""),  # one clone, nothing to compare with
    (["hw1-ada"], "hw1-submissions", "hw1-"),
    (["ada", "bob"], "x", ""),
    (["hw1-ada", "other-bob"], "hw1-submissions", ""),
])
def test_assignment_prefix(names, folder, prefix):
    assert classroom.assignment_prefix(names, folder) == prefix


def test_username_keeps_a_name_that_is_all_prefix():
    assert classroom.username("hw1-ada", "hw1-") == "ada"
    assert classroom.username("hw1-", "hw1-") == "hw1-"
    assert classroom.username("ada", "hw1-") == "ada"


@pytest.mark.parametrize("url, repository", [
    ("https://github.com/ap-cs/hw1-ada.git", "ap-cs/hw1-ada"),
    ("https://x-access-token:ghp_secret@github.com/ap-cs/hw1-ada", "ap-cs/hw1-ada"),  # the token is dropped
    ("git@github.com:ap-cs/hw1-ada.git", "ap-cs/hw1-ada"),
    ("ssh://git@github.com/ap-cs/hw1-ada.git", "ap-cs/hw1-ada"),
    ("https://gitlab.com/ap-cs/hw1-ada.git", ""),
    ("/home/teacher/hw1-ada", ""),
    (None, ""),
])
def test_github_repository(url, repository):
    assert classroom.github_repository(url) == repository
