"""git_tree.py: a student's repository read safely (history, the commit at a deadline, one
commit's files), and never able to run anything or change the clone."""

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from grader.intake import git_tree
from grader.intake.git_tree import GitError
from tests.intake.make_classroom import Commit, clone_state, deadline_time, git, make_commit, new_repo

DEADLINE = deadline_time()


# --- history and the commit at a deadline -------------------------------------------------

def test_commits_are_newest_first_with_aware_times_and_subjects(tmp_path):
    repo = new_repo(tmp_path / "r", [
        Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"}, "Première étape"),
        Commit("2026-12-01T10:00:00-05:00", {"a.py": "2\n"}, "second", author_when="2026-11-01T08:00:00+00:00"),
        Commit("2026-12-02T10:00:00+00:00", {"a.py": "3\n"}, ""),  # an empty subject
    ])
    history = git_tree.commits(repo)
    assert [c.subject for c in history] == ["", "second", "Première étape"]
    assert history[1].committer_time == datetime(2026, 12, 1, 15, 0, tzinfo=timezone.utc)
    assert history[1].committer_time.utcoffset() == timedelta(hours=-5)  # the committer's own offset
    assert history[1].author_time == datetime(2026, 11, 1, 8, 0, tzinfo=timezone.utc)
    assert all(len(c.hash) == 40 for c in history)
    assert history[0].to_dict() == {"hash": history[0].hash, "time": "2026-12-02T10:00:00+00:00", "subject": ""}


def test_an_empty_repository_has_no_commits(tmp_path):
    repo = new_repo(tmp_path / "empty")
    assert not git_tree.has_commits(repo)
    assert git_tree.commits(repo) == []
    assert git_tree.commit_at(repo, DEADLINE) == (None, [])


def test_commit_at_picks_the_last_commit_at_or_before_the_deadline(tmp_path):
    repo = new_repo(tmp_path / "r", [
        Commit("2026-12-01T10:00:00+01:00", {"a.py": "1\n"}, "early"),
        Commit("2026-12-01T23:59:00+01:00", {"a.py": "2\n"}, "at the bell"),  # exactly the deadline: on time
        Commit("2026-12-01T23:59:01+01:00", {"a.py": "3\n"}, "a second late"),
        Commit("2026-12-02T09:00:00+01:00", {"a.py": "4\n"}, "next day"),
    ])
    on_time, later = git_tree.commit_at(repo, DEADLINE)
    assert on_time.subject == "at the bell"
    assert [c.subject for c in later] == ["next day", "a second late"]
    # The same deadline written in another offset is the same moment.
    assert git_tree.commit_at(repo, DEADLINE.astimezone(timezone.utc))[0].subject == "at the bell"


def test_commit_at_with_nothing_on_time(tmp_path):
    repo = new_repo(tmp_path / "r", [Commit("2026-12-05T10:00:00+01:00", {"a.py": "1\n"}, "late")])
    on_time, later = git_tree.commit_at(repo, DEADLINE)
    assert on_time is None and [c.subject for c in later] == ["late"]


def test_commit_at_uses_committer_time_not_author_time(tmp_path):
    # An amend or rebase after the deadline keeps the old author time.
    repo = new_repo(tmp_path / "r", [
        Commit("2026-12-01T10:00:00+01:00", {"a.py": "1\n"}, "on time"),
        Commit("2026-12-03T10:00:00+01:00", {"a.py": "2\n"}, "redone", author_when="2026-12-01T11:00:00+01:00"),
    ])
    on_time, later = git_tree.commit_at(repo, DEADLINE)
    assert on_time.subject == "on time" and [c.subject for c in later] == ["redone"]


def test_commit_at_follows_the_first_parent_line(tmp_path):
    """A branch merged in after the deadline brings commits dated before it; what the student's
    own line held at the deadline is graded, not a side branch's commit."""
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "main 1\n"}, "main one")])
    git(repo, "checkout", "-q", "-b", "side")
    make_commit(repo, Commit("2026-12-01T22:00:00+01:00", {"b.py": "side\n"}, "side work"))
    git(repo, "checkout", "-q", "main")
    make_commit(repo, Commit("2026-12-01T12:00:00+01:00", {"a.py": "main 2\n"}, "main two"))
    git(repo, "merge", "-q", "--no-edit", "side", env={"GIT_COMMITTER_DATE": "2026-12-02T10:00:00+01:00",
                                                        "GIT_AUTHOR_DATE": "2026-12-02T10:00:00+01:00"})
    assert [c.subject for c in git_tree.commits(repo)] == ["Merge branch 'side'", "main two", "main one"]
    on_time, later = git_tree.commit_at(repo, DEADLINE)
    assert on_time.subject == "main two" and len(later) == 1


def test_commit_at_refuses_a_naive_deadline(tmp_path):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"})])
    with pytest.raises(ValueError, match="time zone"):
        git_tree.commit_at(repo, datetime(2026, 12, 1, 23, 59))


def test_a_folder_without_git_is_never_read_as_the_repository_around_it(tmp_path):
    outer = new_repo(tmp_path / "outer", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"})])
    inner = outer / "student"
    inner.mkdir()
    with pytest.raises(GitError, match="not a git repository"):
        git_tree.commits(inner)


def test_the_graders_own_git_environment_is_ignored(tmp_path, monkeypatch):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"}, "mine")])
    other = new_repo(tmp_path / "other", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"}, "other")])
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='touch /tmp/never'")
    assert [c.subject for c in git_tree.commits(repo)] == ["mine"]


def test_replace_refs_and_grafts_do_not_change_the_history(tmp_path):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"}, "real one"),
                                     Commit("2026-12-05T10:00:00+01:00", {"a.py": "2\n"}, "real late")])
    real = git_tree.commits(repo)
    # A replacement for the late commit, dated on time, and a graft that drops its parent.
    fake = git(repo, "commit-tree", real[0].hash + "^{tree}", "-m", "forged on time",
               env={"GIT_COMMITTER_DATE": "2026-12-01T10:00:00+01:00"}).strip()
    git(repo, "replace", real[0].hash, fake)
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "grafts").write_text(real[0].hash + "\n")
    assert git(repo, "log", "-1", "--format=%s").strip() == "forged on time"  # plain git is fooled
    assert git_tree.commits(repo) == real


# --- one commit's files ---------------------------------------------------------------------

def test_export_writes_the_commits_files_and_not_the_working_tree(tmp_path):
    repo = new_repo(tmp_path / "r", [
        Commit("2026-11-30T10:00:00+01:00", {"deck.py": "one\n", "src/game/board.py": "board\n"}),
        Commit("2026-12-01T10:00:00+01:00", {"deck.py": "two\n", "notes é.txt": "accent\n"}),
        Commit("2026-12-02T10:00:00+01:00", {"deck.py": "late\n", "src/game/board.py": None}),
    ])
    (repo / "deck.py").write_text("uncommitted\n")
    (repo / "untracked.py").write_text("x\n")
    git(repo, "add", "untracked.py")  # staged, still not committed
    before = clone_state(repo)
    on_time, _ = git_tree.commit_at(repo, DEADLINE)
    target = tmp_path / "out"
    target.mkdir()
    assert git_tree.export_tree(repo, on_time.hash, target) == []
    assert sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file()) == [
        "deck.py", "notes é.txt", "src/game/board.py"]
    assert (target / "deck.py").read_text() == "two\n"
    assert clone_state(repo) == before  # status, HEAD, refs, index and every file's mtime


def test_export_skips_links_and_submodules_and_says_so(tmp_path):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"deck.py": "d\n"},
                                            links={"secret.py": "/etc/passwd", "up/x.py": "../../.."},
                                            submodules={"vendor/lib": "3" * 40})])
    target = tmp_path / "out"
    target.mkdir()
    skipped = git_tree.export_tree(repo, git_tree.commits(repo)[0].hash, target)
    assert skipped == ["secret.py (a symbolic link, not followed)", "up/x.py (a symbolic link, not followed)",
                       "vendor/lib (a submodule, not fetched)"]
    assert [p.name for p in target.rglob("*") if not p.is_dir()] == ["deck.py"]
    assert not any(p.is_symlink() for p in target.rglob("*"))


def test_export_caps_the_number_and_size_of_files(tmp_path):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "x" * 100, "b.py": "y\n"})])
    head = git_tree.commits(repo)[0].hash
    for limits, words in (({"max_entries": 1}, "2 files"), ({"max_bytes": 50}, "MB")):
        target = tmp_path / f"out{len(words)}"
        target.mkdir()
        with pytest.raises(GitError, match=words):
            git_tree.export_tree(repo, head, target, **limits)
        assert list(target.iterdir()) == []


def crafted_commit(repo: Path, entries: list[str]) -> str:
    """A commit whose tree is made with ``git mktree`` from ``entries`` (lines of ls-tree
    output), which writes names that ``git add`` never would."""
    tree = git(repo, "mktree", input="".join(f"{line}\n" for line in entries).encode()).strip()
    return git(repo, "commit-tree", tree, "-m", "crafted").strip()


@pytest.mark.parametrize("name", ["..", ".git", ".GIT"])
def test_export_refuses_a_tree_with_a_name_that_leaves_it(tmp_path, name):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"})])
    blob = git(repo, "rev-parse", "HEAD:a.py").strip()
    inner = git(repo, "mktree", input=f"100644 blob {blob}\tconfig\n".encode()).strip()
    commit = crafted_commit(repo, [f"040000 tree {inner}\t{name}", f"100644 blob {blob}\tok.py"])
    target = tmp_path / "jail" / "out"
    target.mkdir(parents=True)
    with pytest.raises(GitError, match="points outside"):
        git_tree.export_tree(repo, commit, target)
    assert sorted(p.name for p in (tmp_path / "jail").rglob("*")) == ["out"]


def test_export_refuses_a_name_that_is_not_a_commit_hash(tmp_path):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"})])
    for bad in ("HEAD", "--output=/tmp/x", "a" * 39):
        with pytest.raises(ValueError):
            git_tree.export_tree(repo, bad, tmp_path)
