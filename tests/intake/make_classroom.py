"""Build a folder of GitHub Classroom clones for tests, as ``gh classroom clone student-repos``
leaves it: ``<assignment>-submissions/<assignment>-<username>/``, each a real git repository
whose ``origin`` is its GitHub URL (github/gh-classroom, cmd/gh-classroom/clone/student-repos/
student-repos.go), with commits at the times a test chooses.

    root = build_clones(tmp_path, [
        Clone("ada", [Commit("2026-12-01T10:00:00+01:00", {"deck.py": "x = 1\\n"})]),
        Clone("bob", kind="empty"),
    ])
    # root == tmp_path / "hw1-submissions", holding hw1-ada/ and hw1-bob/

``example_class()`` describes the class the classroom tests read: an on-time student, a late
one, one with nothing on time, an empty repository, a folder that is not a repository, names
with accents and hyphens, uncommitted edits, a symbolic link and a submodule in a commit.
"""

import os
import subprocess
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

ORG = "ap-cs-class"
DEADLINE = "2026-12-01T23:59:00+01:00"  # example_class()'s deadline


@dataclass
class Commit:
    """One commit: ``files`` written (text, or bytes) or deleted (None) before it; ``when`` is the
    committer time (ISO 8601 with offset), ``author_when`` the author time (default ``when``);
    ``links`` are symbolic links (path: target) and ``submodules`` gitlink entries
    (path: commit hash) added to it."""

    when: str
    files: dict[str, str | bytes | None] = field(default_factory=dict)
    message: str = ""
    author_when: str = ""
    links: dict[str, str] = field(default_factory=dict)
    submodules: dict[str, str] = field(default_factory=dict)


@dataclass
class Clone:
    """One student's clone. ``kind``: "repo" (a repository with ``commits``, oldest first),
    "empty" (``git init`` and nothing committed) or "folder" (a plain folder holding
    ``uncommitted``, no .git: a clone that broke). ``uncommitted`` files are written into the
    working tree after the commits and never committed. ``folder_name`` overrides
    ``<assignment>-<username>``."""

    username: str
    commits: list[Commit] = field(default_factory=list)
    kind: str = "repo"
    uncommitted: dict[str, str] = field(default_factory=dict)
    folder_name: str = ""


def build_clones(tmp_path: Path, students: list[Clone], assignment: str = "hw1") -> Path:
    """Make ``tmp_path/<assignment>-submissions`` holding one clone per student; return it."""
    root = tmp_path / f"{assignment}-submissions"
    root.mkdir(parents=True)
    for student in students:
        folder = root / (student.folder_name or f"{assignment}-{student.username}")
        folder.mkdir()
        if student.kind != "folder":
            git(folder, "init", "-q", "-b", "main")
            git(folder, "remote", "add", "origin", f"https://github.com/{ORG}/{folder.name}.git")
        for commit in student.commits if student.kind == "repo" else []:
            make_commit(folder, commit)
        _write(folder, student.uncommitted)
    return root


def new_repo(path: Path, commits: list[Commit] = ()) -> Path:
    """A fresh repository on branch main at ``path``, with ``commits`` made in order."""
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    for commit in commits:
        make_commit(path, commit)
    return path


def deadline_time() -> datetime:
    """``DEADLINE`` as an aware datetime, for git_tree's own functions."""
    return datetime.fromisoformat(DEADLINE)


def make_commit(repo: Path, commit: Commit) -> str:
    """Apply ``commit`` to the repository ``repo`` and commit it; its hash."""
    _write(repo, commit.files)
    for path, target in commit.links.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, repo / path)
    git(repo, "add", "-A")
    for path, gitlink in commit.submodules.items():
        git(repo, "update-index", "--add", "--cacheinfo", f"160000,{gitlink},{path}")
    env = {"GIT_COMMITTER_DATE": commit.when, "GIT_AUTHOR_DATE": commit.author_when or commit.when}
    git(repo, "commit", "-q", "--allow-empty", "--allow-empty-message", "-m", commit.message, env=env)
    return git(repo, "rev-parse", "HEAD").strip()


def git(repo: Path, *args: str, env: dict[str, str] | None = None, input: bytes | None = None,
        check: bool = True) -> str:
    """Run the test's own git in ``repo`` (a trusted repository the test made): no user or
    system config, a fixed identity; its output ("" on failure when not ``check``)."""
    full_env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    full_env.update({"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Student",
                     "GIT_AUTHOR_EMAIL": "student@example.edu", "GIT_COMMITTER_NAME": "Student",
                     "GIT_COMMITTER_EMAIL": "student@example.edu", **(env or {})})
    done = subprocess.run(["git", "-c", "safe.directory=*", "-c", "log.showSignature=false", *args], cwd=repo,
                          env=full_env, input=input, capture_output=True, check=False)
    if done.returncode and not check:
        return ""
    if done.returncode:
        raise AssertionError(f"git {' '.join(args)} failed: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode("utf-8", "replace")


def _write(folder: Path, files: dict[str, str | bytes | None]) -> None:
    for path, text in files.items():
        target = folder / path
        if text is None:
            target.unlink()
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, bytes):  # a binary file (a wheel in .github/grader/)
                target.write_bytes(text)
            else:
                target.write_text(text, encoding="utf-8")


SUBMODULE_HASH = "3" * 40


def example_class() -> list[Clone]:
    """The class the classroom tests read, against ``DEADLINE`` (2026-12-01 23:59 +01:00):

    - ada: two commits on time, uncommitted edits in her working tree afterwards;
    - zoë-müller (accents, a hyphen): on time, then two late commits;
    - jean-luc: only commits after the deadline (a different offset, -05:00);
    - eve: an empty repository;
    - mallory: a commit with a symbolic link out of the repository and a submodule entry;
    - hw1-ghost: a folder that is not a repository;
    - exactly: a commit at the deadline to the second (on time: at or before).
    """
    return [
        Clone("ada", [Commit("2026-11-28T09:00:00+01:00", {"deck.py": "# draft\n"}, "start"),
                      Commit("2026-12-01T20:00:00+01:00", {"deck.py": "# final\n", "card.py": "# card\n"}, "finish")],
              uncommitted={"deck.py": "# edited after the deadline, never committed\n", "notes.txt": "scratch\n"}),
        Clone("zoë-müller", [Commit("2026-12-01T12:00:00+01:00", {"deck.py": "# on time\n"}, "Première version"),
                             Commit("2026-12-02T08:00:00+01:00", {"deck.py": "# late 1\n"}, "late fix"),
                             Commit("2026-12-03T18:30:00+01:00", {"deck.py": "# late 2\n"}, "later fix",
                                    author_when="2026-11-30T10:00:00+01:00")]),
        Clone("jean-luc", [Commit("2026-12-02T10:00:00-05:00", {"deck.py": "# late only\n"}, "first"),
                           Commit("2026-12-02T11:00:00-05:00", {"deck.py": "# late only 2\n"}, "second")]),
        Clone("eve", kind="empty"),
        Clone("mallory", [Commit("2026-12-01T09:00:00+01:00", {"deck.py": "# mine\n"}, "with extras",
                                 links={"secret.py": "/etc/passwd"}, submodules={"vendor/lib": SUBMODULE_HASH})]),
        Clone("ghost", kind="folder", uncommitted={"deck.py": "# not a clone\n"}),
        Clone("exactly", [Commit(DEADLINE, {"deck.py": "# just in time\n"}, "at the bell")]),
    ]


def clone_state(repo: Path, ask_git: bool = True) -> dict:
    """Everything reading a clone could change: every file under it (the .git folder and the
    working tree) with its size and modification time, and (``ask_git``) git's own view of the
    status, HEAD and refs. Equal before and after: the clone was not touched. Not ``ask_git``
    for a hostile repository: git status would run its programs."""
    files = {}
    for path in sorted(repo.rglob("*")):
        info = path.lstat()
        files[str(path.relative_to(repo))] = (info.st_mode, info.st_size, info.st_mtime_ns)
    state: dict = {"files": files}
    if ask_git and (repo / ".git").exists() and git(repo, "rev-parse", "--verify", "-q", "HEAD", check=False):
        # Without optional locks: the test's own status must not refresh and rewrite the index.
        state["status"] = git(repo, "status", "--porcelain", "--untracked-files=all", env={"GIT_OPTIONAL_LOCKS": "0"})
        state["head"] = git(repo, "rev-parse", "HEAD")
        state["refs"] = git(repo, "for-each-ref")
    return state
