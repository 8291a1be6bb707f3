"""git_tree.py against hostile repositories: every setting a repository could use to run a
program is planted, shown to run under plain git, and shown not to run under ours (as root and
as another user); partial clones, blocking configs and foreign owners are read safely.
The history and export tests are in test_git_tree.py."""

import os
import subprocess
import time
from pathlib import Path

import pytest

from grader.intake import git_tree
from grader.intake.git_tree import GitError
from tests.intake.make_classroom import Commit, clone_state, deadline_time, git, new_repo


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
    on_time, later = git_tree.commit_at(repo, deadline_time())
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
