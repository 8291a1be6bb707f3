"""Reading one student's git repository safely: its history and one commit's files.

A student controls everything they commit, and, when a repository reaches the teacher some way
other than a fresh clone, its ``.git/config`` and ``.git/info`` too. Git reads that config on
every command, and several settings in it name programs to run: ``core.fsmonitor``,
``core.pager``/``pager.*``, ``gpg.program`` (run by ``git log`` itself once ``log.showSignature``
is on, whatever ``--format`` says), filters (``git archive`` runs ``smudge`` filters), diff
``textconv`` and ``diff.external``, hooks, ``core.sshCommand``, ``remote.*.uploadpack``,
credential helpers, and a remote URL like ``ext::sh -c ...`` that git would "fetch" from when
a partial clone (``extensions.partialClone``) misses an object. So every git command here:

- uses only plumbing that runs none of those: ``rev-parse``, ``log`` without patches,
  ``ls-tree`` and ``cat-file --batch`` (raw blobs, no filters, no textconv), ``config --get``.
  Never ``git checkout`` or ``git archive``: they write through filters, and checkout writes
  the clone's index and HEAD, which grading must not change;
- overrides the rest on the command line (``SAFE_CONFIG``), which beats any config file, and
  includes (``include.path``) too since those only add to the repository's level;
- blocks every transport (``GIT_ALLOW_PROTOCOL`` empty), so no fetch, lazy or not, can start;
- reads no system or user config, never prompts, never pages, ignores replace refs and grafts
  (both let a repository show commits other than the ones it holds), and is killed, with
  anything it started, after ``GIT_TIMEOUT`` seconds (a config may ``include`` a FIFO);
- names the repository with ``--git-dir``, so that a folder without its own ``.git`` is never
  read as part of a repository above it. The grader often runs as root over clones another
  user made, which git refuses to discover ("dubious ownership") because of the settings
  neutralised above; an explicit ``--git-dir`` is not subject to that check in git 2.39, and
  ``safe.directory=*`` is given as well for a git that checks it anyway.

tests/intake/test_git_tree.py sets each of those settings to a program that leaves a marker
file, checks the marker appears when plain git is used, and never appears here.

Commit times are written by the student's own machine (``GIT_COMMITTER_DATE`` sets any time),
so they can be forged; the times GitHub saw the pushes are not in a clone. Grading "the last
commit before the deadline" therefore trusts the student's clock, and says so to the teacher.
"""

import os
import re
import signal
import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from grader.intake import safe_paths
from grader.intake.names import readable
from grader.intake.class_folder import MAX_ENTRIES, MAX_UNPACKED_BYTES

GIT_TIMEOUT = 60.0  # seconds for one git command; a class of clones reads in well under one each
# Settings given with -c: the command line outranks every config file, included ones too.
SAFE_CONFIG = (
    ("safe.directory", "*"),
    ("core.fsmonitor", "false"),
    ("core.hooksPath", "/dev/null"),
    ("core.pager", "cat"),
    ("core.sshCommand", "false"),
    ("core.askPass", "false"),
    ("core.commitGraph", "false"),  # the commits themselves, not a cache of their dates
    ("credential.helper", ""),
    ("protocol.allow", "never"),
    ("log.showSignature", "false"),  # else git log runs gpg.program on a signed commit
    ("log.mailmap", "false"),  # a mailmap is a file git would read for names we never show
    ("gpg.program", "false"),
    ("gpg.ssh.program", "false"),
    ("gpg.x509.program", "false"),
    ("color.ui", "never"),
    ("i18n.logOutputEncoding", "UTF-8"),
    ("advice.graftFileDeprecated", "false"),  # GIT_GRAFT_FILE below names an empty file
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
)
# The clone's commits on its first-parent line: full hash, committer time (epoch, ISO),
# author time (epoch, ISO), subject; fields split by NUL, commits ended by NUL (-z).
LOG_FORMAT = "%H%x00%ct%x00%cI%x00%at%x00%aI%x00%s"
LOG_FIELDS = 6
HASH = re.compile(r"[0-9a-f]{40}([0-9a-f]{24})?")
LINK_MODE = "120000"
SUBMODULE_MODE = "160000"


class GitError(RuntimeError):
    """Git could not read the repository (or is not installed); the message says what git said."""


@dataclass(frozen=True)
class CommitInfo:
    """One commit as its author's machine dated it (see the module docstring: forgeable)."""

    hash: str
    committer_time: datetime  # timezone-aware, in the offset the committer's machine used
    author_time: datetime
    subject: str

    def to_dict(self) -> dict[str, str]:
        """The commit as ``Identity.commit`` stores it."""
        return {"hash": self.hash, "time": self.committer_time.isoformat(), "subject": self.subject}


def git_env() -> dict[str, str]:
    """The environment every git command runs in: the grader's own, less anything that steers
    git (GIT_DIR, GIT_CONFIG_PARAMETERS, GIT_EXEC_PATH, ... from a CI job or a hook), plus
    the settings that make git read nothing but the repository and reach nothing outside it."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    env.update({
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_ASKPASS": "false",
        "SSH_ASKPASS": "false",
        "GIT_PAGER": "cat",
        "PAGER": "cat",
        "GIT_ALLOW_PROTOCOL": "",  # empty list: no transport at all, whatever protocol.* says
        "GIT_PROTOCOL_FROM_USER": "0",
        "GIT_NO_REPLACE_OBJECTS": "1",
        "GIT_GRAFT_FILE": os.devnull,
        "GIT_OPTIONAL_LOCKS": "0",  # a read never refreshes and rewrites the index
        "LC_ALL": "C",  # git's messages in one language, as the teacher's docs show them
    })
    return env


def run_git(repo: Path, args: list[str], stdin: bytes = b"", ok_codes: tuple[int, ...] = (0,)) -> tuple[int, bytes]:
    """(exit code, stdout) of ``git args`` on the repository in the folder ``repo``, run as the
    module docstring says; ``GitError`` for an exit code not in ``ok_codes`` or a timeout."""
    timeout = GIT_TIMEOUT
    git_dir = Path(repo).resolve() / ".git"
    command = ["git", "--no-pager", "--no-replace-objects", f"--git-dir={git_dir}"]
    for key, value in SAFE_CONFIG:
        command += ["-c", f"{key}={value}"]
    command += args
    try:
        process = subprocess.Popen(command, cwd=git_dir.parent, env=git_env(), stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    except FileNotFoundError as exc:
        raise GitError("the git command is not installed; reading repositories needs it (install git)") from exc
    try:
        out, err = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        # The whole session: git may have started helpers of its own.
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise GitError(f"git {args[0]} took more than {timeout:g} s on {git_dir.parent.name} and was stopped") from None
    if process.returncode not in ok_codes:
        said = err.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git {args[0]} failed on {git_dir.parent.name}: {' / '.join(said[-3:]) or process.returncode}")
    return process.returncode, out


def has_commits(repo: Path) -> bool:
    """Whether HEAD names a commit (False for a repository with no commits yet)."""
    code, _ = run_git(repo, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], ok_codes=(0, 1))
    return code == 0


def commits(repo: Path) -> list[CommitInfo]:
    """HEAD's first-parent history, newest first ([] for a repository with no commits).

    First parent: the line of commits the student's branch moved along. A merge brings in
    commits made elsewhere (a teacher's update, a partner's branch), dated when they were
    made there, which say nothing about when this branch held what.
    """
    if not has_commits(repo):
        return []
    _, out = run_git(repo, ["log", "--first-parent", "--no-show-signature", "--no-mailmap", "--no-color",
                            "-s", "-z", f"--format={LOG_FORMAT}", "HEAD", "--"])
    fields = out.decode("utf-8", "replace").split("\0")
    if fields and fields[-1] == "":
        fields.pop()
    if len(fields) % LOG_FIELDS:
        raise GitError(f"git log gave output that cannot be read for {Path(repo).name}")
    history = []
    for start in range(0, len(fields), LOG_FIELDS):
        hash_, ctime, ciso, atime, aiso, subject = fields[start:start + LOG_FIELDS]
        history.append(CommitInfo(hash_, _when(ctime, ciso, hash_), _when(atime, aiso, hash_), subject))
    return history


def commit_at(repo: Path, deadline: datetime) -> tuple[CommitInfo | None, list[CommitInfo]]:
    """(the commit graded at ``deadline``, the commits after it) in HEAD's first-parent
    history, by committer time: see ``split_at``."""
    return split_at(commits(repo), deadline)


def split_at(history: list[CommitInfo], deadline: datetime) -> tuple[CommitInfo | None, list[CommitInfo]]:
    """(the commit graded at ``deadline``, the commits after it) of ``history`` (newest first).

    Walking from the newest, the graded commit is the first whose committer time is at or
    before the deadline; the commits walked past before it are the late work (newest first);
    ``None`` when no commit is on time. Its ancestors count as part of it even if one is dated
    later (clocks that disagree, or a rebase): what the branch held at that commit is graded.
    Committer time, not author time: ``git commit --amend`` and ``rebase`` keep the author time
    of work redone after the deadline, while the committer time says when this commit was
    made. Both are set by the student's machine and can be forged; GitHub's push times are
    not in a clone.
    """
    if deadline.tzinfo is None or deadline.utcoffset() is None:
        raise ValueError("the deadline must carry its time zone")
    for index, commit in enumerate(history):
        if commit.committer_time <= deadline:
            return commit, history[:index]
    return None, history


def remote_url(repo: Path) -> str | None:
    """``remote.origin.url`` as the repository's config says (None when there is none)."""
    code, out = run_git(repo, ["config", "--get", "remote.origin.url"], ok_codes=(0, 1))
    url = out.decode("utf-8", "replace").strip() if code == 0 else ""
    return url or None


def export_tree(repo: Path, commit_hash: str, target: Path, max_bytes: int = MAX_UNPACKED_BYTES,
                max_entries: int = MAX_ENTRIES) -> list[str]:
    """Write the files of commit ``commit_hash`` into the folder ``target``; what was skipped,
    in words ("lib (a submodule, not fetched)").

    Read from git's object store (``ls-tree`` then ``cat-file --batch``), so the clone's
    checkout, index and refs are never touched and no filter runs. Symbolic links and
    submodules are skipped and reported, never followed. A path that breaks a rule of
    grader/intake/safe_paths.py (the one place an untrusted name becomes a path: an empty,
    ``.`` or ``..`` part in any separator spelling, an absolute path, a control character, a
    Windows device name, ...), that has a ``.git`` part (which git itself never commits, but a
    crafted tree can hold), or that differs from another only by case or Unicode normalisation
    (a Mac or Windows clone holds only one) refuses the whole commit, as does one over
    ``max_entries`` files or ``max_bytes`` bytes: ``GitError``. Files are written by
    ``safe_paths.Tree``: never through a link, never over another file.
    """
    if not HASH.fullmatch(commit_hash):
        raise ValueError(f"not a commit hash: {commit_hash!r}")
    name = Path(repo).name
    try:
        _, out = run_git(repo, ["ls-tree", "-r", "-z", "-l", "--full-tree", commit_hash])
    except GitError as exc:
        # Sizes come from the objects: a partial or broken clone fails here (or shows "BAD" below).
        raise GitError(f"{exc}; the files of commit {commit_hash[:10]} cannot be read: clone the repository "
                       "again in full") from None
    entries = [line for line in out.decode("utf-8", "surrogateescape").split("\0") if line]
    if len(entries) > max_entries:
        raise GitError(f"{name} holds {len(entries)} files at commit {commit_hash[:10]}, more than the "
                       f"{max_entries} the grader reads; keep only your own work in the repository")
    skipped: list[str] = []
    blobs: list[tuple[str, str, tuple[str, ...], str]] = []  # (mode, object, parts, path as named)
    seen = safe_paths.Names()
    total = 0
    for entry in entries:
        info, _, path_text = entry.partition("\t")
        mode, kind, obj, size = info.split(maxsplit=3)
        path = _safe_path(path_text, name, commit_hash)
        if mode == LINK_MODE:
            skipped.append(f"{_shown(path_text)} (a symbolic link, not followed)")
        elif mode == SUBMODULE_MODE or kind == "commit":
            skipped.append(f"{_shown(path_text)} (a submodule, not fetched)")
        elif kind == "blob":
            if not size.strip().isdigit():
                raise GitError(f"{name} lacks the contents of {_shown(path_text)} at commit {commit_hash[:10]} "
                               "(a partial or broken clone): clone the repository again in full")
            total += int(size)
            _add_name(seen, path_text, path, name, commit_hash)
            blobs.append((mode, obj, path, path_text))
        else:
            skipped.append(f"{_shown(path_text)} (a {kind}, not a file)")
    if total > max_bytes:
        raise GitError(f"{name} holds {total >> 20} MB at commit {commit_hash[:10]}, more than the "
                       f"{max_bytes >> 20} MB the grader reads; keep only your own work in the repository")
    contents = _blobs(repo, sorted({obj for _, obj, _, _ in blobs}), max_bytes)
    tree = safe_paths.Tree(target)
    for _, obj, path, path_text in blobs:
        problem = _write(tree, path, path_text, contents[obj])
        if problem:
            skipped.append(problem)
    return skipped


def _blobs(repo: Path, objects: list[str], max_bytes: int) -> dict[str, bytes]:
    """Each object's raw contents, read in one ``cat-file --batch`` (sizes checked beforehand,
    so the output is bounded; a missing object is an error, never fetched)."""
    if not objects:
        return {}
    _, out = run_git(repo, ["cat-file", "--batch"], stdin="".join(f"{obj}\n" for obj in objects).encode())
    contents: dict[str, bytes] = {}
    position = 0
    for obj in objects:
        header_end = out.index(b"\n", position)
        header = out[position:header_end].decode("ascii", "replace").split()
        if len(header) != 3 or header[0] != obj or header[1] != "blob":
            raise GitError(f"{Path(repo).name}: object {obj[:10]} could not be read ({' '.join(header[1:])})")
        size = int(header[2])
        if size > max_bytes:
            raise GitError(f"{Path(repo).name}: a file larger than {max_bytes >> 20} MB")
        contents[obj] = out[header_end + 1:header_end + 1 + size]
        position = header_end + 1 + size + 1  # the newline after each object
    return contents


def _safe_path(text: str, name: str, commit_hash: str) -> tuple[str, ...]:
    """``text`` as checked parts of a path inside the export, or ``GitError`` when it breaks a
    rule of safe_paths (or has a ``.git`` part)."""
    crafted = "git never makes such a name, so the repository was crafted: make it again from your files"
    try:
        parts = safe_paths.check_name(text, fix="commit and push again")
    except safe_paths.BadName as exc:
        said = exc.said("the repository")
        if exc.outside:
            said = f"{exc.rule.replace(safe_paths.WHERE, 'the repository')}; {crafted}"
        raise GitError(f"{name} at commit {commit_hash[:10]} holds a file named {_shown(text)}, which {said}") from None
    if any(part.lower() == ".git" for part in parts):
        raise GitError(f"{name} at commit {commit_hash[:10]} holds a file named {_shown(text)}, which points "
                       f"outside the repository (into its .git folder); {crafted}")
    return parts


def _add_name(seen: safe_paths.Names, text: str, parts: tuple[str, ...], name: str, commit_hash: str) -> None:
    """Record a file's path, or ``GitError`` when it clashes with an earlier one (``Widget.py``
    beside ``widget.py``: which one is the student's work would depend on the teacher's computer)."""
    try:
        seen.add(text, parts, is_dir=False, fix="commit and push again (git rm --cached removes one)")
    except safe_paths.BadName as exc:
        raise GitError(f"{name} at commit {commit_hash[:10]} holds a file named {_shown(text)}, which "
                       f"{exc.said('the repository')}") from None


def _write(tree: safe_paths.Tree, parts: tuple[str, ...], text: str, data: bytes) -> str:
    """Write one file (never over another, never through a link); "" when written, else what was
    skipped and why."""
    try:
        with tree.create(parts, name=text) as out:
            out.write(data)
    except safe_paths.Refused as exc:
        return f"{_shown(text)} (could not be written: {exc})"
    except OSError as exc:
        return f"{_shown(text)} (could not be written: {exc.strerror or exc})"
    return ""


def _shown(text: str) -> str:
    """A path as a message shows it: as it is when plain, else quoted with escapes."""
    return readable(text.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def _when(epoch: str, iso: str, commit_hash: str) -> datetime:
    """An aware datetime in the committer's own offset (UTC when git's ISO form is unreadable,
    as a crafted commit's can be)."""
    try:
        instant = datetime.fromtimestamp(int(epoch), timezone.utc)
    except (ValueError, OverflowError, OSError) as exc:
        raise GitError(f"commit {commit_hash[:10]} has a date that cannot be read ({epoch!r})") from exc
    try:
        return instant.astimezone(datetime.fromisoformat(iso).tzinfo)
    except (ValueError, TypeError, OverflowError):
        return instant
