"""git_tree.py: a student's repository read safely (history, the commit at a deadline, one
commit's files), and never able to run anything or change the clone."""

import os
import subprocess
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from grader.intake import git_tree
from grader.intake.git_tree import GitError
from tests.intake.make_classroom import Commit, clone_state, git, make_commit

DEADLINE = datetime(2026, 12, 1, 23, 59, tzinfo=timezone(timedelta(hours=1)))


def new_repo(path: Path, commits: list[Commit] = ()) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    for commit in commits:
        make_commit(path, commit)
    return path


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


# --- hostile repositories ------------------------------------------------------------------

def marker_program(tmp_path: Path, name: str) -> str:
    """A program that leaves the file markers/<name> when run, and exits 0 quietly."""
    programs = tmp_path / "programs"
    programs.mkdir(exist_ok=True)
    (tmp_path / "markers").mkdir(exist_ok=True)
    program = programs / f"{name}.sh"
    program.write_text(f"#!/bin/sh\ntouch '{tmp_path / 'markers' / name}'\nexit 0\n")
    program.chmod(0o755)
    return str(program)


def markers(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "markers").iterdir())


HOOK_NAMES = ("pre-commit", "post-commit", "post-checkout", "post-index-change", "reference-transaction",
              "pre-auto-gc", "post-rewrite", "fsmonitor-watchman", "pre-push", "post-merge")


def hostile_repo(tmp_path: Path) -> Path:
    """A repository whose .git/config sets every setting that can run a program to a marker
    program (plus an included file that sets more), whose committed .gitattributes sends every
    file through a filter and a diff driver, whose hooks all leave markers, and whose newest
    commit is signed (git log runs gpg.program on it when log.showSignature is on)."""
    repo = new_repo(tmp_path / "hostile", [
        Commit("2026-11-30T10:00:00+01:00", {"deck.py": "raw content\n", ".gitattributes": "* filter=evil diff=evil\n"},
               "Première version"),
        Commit("2026-12-01T10:00:00+01:00", {"deck.py": "raw content 2\n"}, "second"),
    ])
    head = git(repo, "rev-parse", "HEAD").strip()
    signed = (f"tree {git(repo, 'rev-parse', 'HEAD^{tree}').strip()}\nparent {head}\n"
              "author S <s@example.edu> 1796200000 +0100\ncommitter S <s@example.edu> 1796200000 +0100\n"
              "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n")
    commit = git(repo, "hash-object", "-t", "commit", "-w", "--stdin", input=signed.encode()).strip()
    git(repo, "update-ref", "refs/heads/main", commit)
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    for hook in HOOK_NAMES:
        for folder in (hooks, repo / ".git" / "hooks"):
            Path(folder, hook).write_text(f"#!/bin/sh\nexec '{marker_program(tmp_path, 'hook-' + hook)}'\n")
            Path(folder, hook).chmod(0o755)
    included = tmp_path / "included.config"
    included.write_text(f"[gpg]\n\tprogram = {marker_program(tmp_path, 'included-gpg')}\n"
                        f"[core]\n\tfsmonitor = {marker_program(tmp_path, 'included-fsmonitor')}\n")
    fifo = tmp_path / "mailmap.fifo"
    os.mkfifo(fifo)  # a mailmap git would block on, were it read
    m = lambda name: marker_program(tmp_path, name)  # noqa: E731
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "attributes").write_text("* filter=evil diff=evil\n")
    with open(repo / ".git" / "config", "a") as config:
        config.write(f"""
[core]
\tfsmonitor = {m('fsmonitor')}
\thooksPath = {hooks}
\tpager = {m('pager')}
\tsshCommand = {m('ssh')}
\tgitProxy = {m('git-proxy')}
\taskPass = {m('askpass')}
\teditor = {m('editor')}
\talternateRefsCommand = {m('alternate-refs')}
\tattributesFile = {repo / '.git' / 'info' / 'attributes'}
[pager]
\tlog = {m('pager-log')}
\tconfig = {m('pager-config')}
[sequence]
\teditor = {m('sequence-editor')}
[log]
\tshowSignature = true
\tmailmap = true
[mailmap]
\tfile = {fifo}
[gpg "ssh"]
\tprogram = {m('gpg-ssh')}
[diff]
\texternal = {m('diff-external')}
[diff "evil"]
\ttextconv = {m('textconv')}
[filter "evil"]
\tsmudge = {m('smudge')}
\tclean = {m('clean')}
\tprocess = {m('filter-process')}
\trequired = true
[credential]
\thelper = !{m('credential')}
[remote "origin"]
\turl = ext::{m('ext-transport')}
\tuploadpack = {m('uploadpack')}
\tpromisor = true
[protocol]
\tallow = always
[uploadpack]
\tpackObjectsHook = {m('pack-objects-hook')}
[trace2]
\teventTarget = {tmp_path / 'markers' / 'trace2-event'}
[color]
\tui = always
[i18n]
\tlogOutputEncoding = ISO-8859-1
[gc]
\tauto = 1
[include]
\tpath = {included}
""")
    return repo


def plain_git(repo: Path, *args: str) -> subprocess.CompletedProcess:
    """git as a teacher would run it by hand, trusting the repository (the control group)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    env.update({"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})
    return subprocess.run(["git", "-c", "safe.directory=*", *args], cwd=repo, env=env, capture_output=True,
                          timeout=30, stdin=subprocess.DEVNULL)


QUIET_FILTER = ("-c", "filter.evil.process=", "-c", "filter.evil.required=false")  # lets a later program be reached
CONTROLS = [  # (git arguments, the marker plain git leaves)
    (("-c", "log.mailmap=false", "log", "-1", "--format=%H"), "included-gpg"),  # gpg.program from an include
    (("status",), "included-fsmonitor"),
    (("archive", "HEAD"), "filter-process"),
    ((*QUIET_FILTER, "-c", "log.mailmap=false", "diff", "HEAD~2", "HEAD~1"), "diff-external"),
    ((*QUIET_FILTER, "-c", "log.mailmap=false", "diff", "--no-ext-diff", "HEAD~2", "HEAD~1"), "textconv"),
    ((*QUIET_FILTER, "-c", "core.fsmonitor=false", "-c", "user.name=T", "-c", "user.email=t@example.edu",
      "commit", "--allow-empty", "-m", "x"), "hook-pre-commit"),
    (("fetch", "origin"), "ext-transport"),
    (("fetch", "ssh://example.edu/x.git"), "ssh"),
]


@pytest.mark.parametrize("args, marker", CONTROLS, ids=[marker for _, marker in CONTROLS])
def test_the_hostile_repository_runs_programs_under_plain_git(tmp_path, args, marker):
    """The control group: each program is live when git is used as usual, so the test that
    follows proves something when no marker appears."""
    repo = hostile_repo(tmp_path)
    plain_git(repo, *args)
    assert marker in markers(tmp_path)


def test_reading_a_hostile_repository_runs_nothing_and_reads_it_right(tmp_path, monkeypatch):
    monkeypatch.setattr(git_tree, "GIT_TIMEOUT", 15.0)  # the mailmap FIFO would hang a careless read
    repo = hostile_repo(tmp_path)
    before = clone_state(repo, ask_git=False)  # every file in .git: index, HEAD, refs, config
    history = git_tree.commits(repo)
    assert [c.subject for c in history] == ["signed", "second", "Première version"]  # UTF-8, no colours
    on_time, later = git_tree.commit_at(repo, DEADLINE)
    assert on_time.subject == "second" and [c.subject for c in later] == ["signed"]
    assert git_tree.remote_url(repo).startswith("ext::")
    target = tmp_path / "out"
    target.mkdir()
    assert git_tree.export_tree(repo, on_time.hash, target) == []
    assert (target / "deck.py").read_text() == "raw content 2\n"  # no filter ran on it
    assert markers(tmp_path) == []
    assert clone_state(repo, ask_git=False) == before


def test_a_partial_clone_never_fetches_a_missing_object(tmp_path):
    """A partial clone fetches a missing object from its promisor remote, and an ext:: URL
    makes that fetch any command: reading must fail instead."""
    repo = new_repo(tmp_path / "partial", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "a\n", "b.py": "b\n"})])
    blob = git(repo, "rev-parse", "HEAD:b.py").strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    for key, value in (("core.repositoryformatversion", "1"), ("extensions.partialClone", "origin"),
                       ("remote.origin.url", f"ext::{marker_program(tmp_path, 'lazy-fetch')}"),
                       ("remote.origin.promisor", "true"), ("protocol.ext.allow", "always")):
        git(repo, "config", key, value)
    plain_git(repo, "cat-file", "-p", blob)
    assert markers(tmp_path) == ["lazy-fetch"]  # the control: plain git runs it
    (tmp_path / "markers" / "lazy-fetch").unlink()
    target = tmp_path / "out"
    target.mkdir()
    with pytest.raises(GitError, match="clone the repository again in full"):
        git_tree.export_tree(repo, git_tree.commits(repo)[0].hash, target)
    assert markers(tmp_path) == []


def test_a_config_that_blocks_git_is_stopped_by_the_timeout(tmp_path, monkeypatch):
    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"})])
    os.mkfifo(tmp_path / "blocks")
    git(repo, "config", "include.path", str(tmp_path / "blocks"))
    monkeypatch.setattr(git_tree, "GIT_TIMEOUT", 1.0)
    started = time.monotonic()
    with pytest.raises(GitError, match="took more than 1 s"):
        git_tree.commits(repo)
    assert time.monotonic() - started < 10
    still_running = [pid for pid in os.listdir("/proc") if pid.isdigit() and _cmdline_mentions(pid, repo)]
    assert still_running == []


def _cmdline_mentions(pid: str, repo: Path) -> bool:
    try:
        return str(repo).encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a repository to another user needs root")
def test_a_repository_owned_by_another_user_is_read(tmp_path):
    """The grader runs as root in CI over clones another user made; git refuses those
    ("dubious ownership") unless told they are safe, which the settings above make true."""
    repo = new_repo(tmp_path / "theirs", [Commit("2026-11-30T10:00:00+01:00", {"a.py": "1\n"}, "theirs")])
    for path in [repo, *repo.rglob("*")]:
        os.chown(path, 65534, 65534, follow_symlinks=False)
    control = subprocess.run(["git", "log"], cwd=repo, capture_output=True, text=True,
                             env={**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})
    assert "dubious ownership" in control.stderr
    assert [c.subject for c in git_tree.commits(repo)] == ["theirs"]
    target = tmp_path / "out"
    target.mkdir()
    git_tree.export_tree(repo, git_tree.commits(repo)[0].hash, target)
    assert (target / "a.py").read_text() == "1\n"


PROJECT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not (PROJECT / ".git").exists() or PROJECT.stat().st_uid == os.geteuid(),
                    reason="needs the project's own checkout to belong to another user (run as, e.g., nobody)")
def test_a_checkout_owned_by_another_user_is_read_without_root():
    """The same without root: run as another user, this project's own checkout is such a repository."""
    control = subprocess.run(["git", "log", "-1"], cwd=PROJECT, capture_output=True, text=True,
                             env={**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})
    assert "dubious ownership" in control.stderr
    assert git_tree.commits(PROJECT)[0].hash == git_tree.run_git(PROJECT, ["rev-parse", "HEAD"])[1].decode().strip()
