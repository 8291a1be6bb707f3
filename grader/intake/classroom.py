"""GitHub Classroom: a folder of student repositories, as ``gh classroom clone student-repos``
leaves it, each graded at the commit the deadline picks.

The layout, from github/gh-classroom (cmd/gh-classroom/clone/student-repos/student-repos.go and
clone/utils/clone-repository.go): the clones go into ``<directory>/<assignment slug>-submissions/``,
one folder per accepted assignment named after its repository (``Repository.Name``), cloned with
``gh repo clone <owner>/<name> -- <path>``, so each clone's ``origin`` is the student's GitHub
repository. A folder that already exists is skipped ("Skip existing repo"), so a clone that broke
half-way stays broken until the teacher removes it. Classroom names a student's repository
``<assignment prefix>-<GitHub username>`` (a group's ``<prefix>-<team>``; see the folder names
quoted in github/gh-classroom issue #29). ``gh classroom pull`` later brings new commits into the
same folders.

What is graded is a commit, never the working tree: uncommitted edits in a clone are the
teacher's or nobody's, not the student's hand-in. The files of that commit are read out of git's
object store (git_tree.py) into the student's scratch folder, and the clone is left exactly as
it was. Commit times come from the student's machine (git_tree.py says why that matters). With
``--template`` each clone's ``.github/`` (the Classroom workflow and kit, which compute the
points Classroom shows) is compared with the teacher's template (classroom_github.py).
"""

import re
import shutil
import tempfile
from datetime import datetime
from os.path import commonprefix
from pathlib import Path

from grader.intake import classroom_github, git_tree
from grader.intake.git_tree import CommitInfo, GitError
from grader.intake.layouts import IntakeOptions
from grader.intake.model import Identity, IntakeError, IntakeStudent
from grader.intake.names import readable

NAME = "classroom"
SUBMISSIONS_SUFFIX = "-submissions"  # gh classroom's folder: <assignment slug>-submissions
MAX_WRAPPERS = 3  # folders gone down through to reach the clones (a zip of the folder, ...)
# A GitHub remote (github.com or a GitHub Enterprise host), with or without user info: only the
# owner/name is kept, never a token that an https URL can carry.
GITHUB_REMOTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*://)?(?:[^@/]*@)?[^/:]*github[^/:]*(?::\d+)?[:/]"
                           r"(?P<owner>[^/:@]+)/(?P<name>[^/]+?)(?:\.git)?/?$")


def recognise(root: Path) -> str:
    """Evidence that ``root`` (or the one folder inside it) holds clones: "" unless most of its
    folders are git repositories. Most, not any: a plain class folder where one student's
    folder happens to hold a .git is still a plain class folder, graded as it stands."""
    try:
        folder = _clone_folder(root)
        children = _children(folder)
        repos = [child for child in children if _is_repository(child)]
    except OSError:
        return ""
    if not repos or len(repos) * 2 <= len(children):
        return ""
    examples = ", ".join(readable(repo.name) for repo in repos[:2])
    others = len(children) - len(repos)
    extra = f" and {others} folder{'s' if others != 1 else ''} that {'is' if others == 1 else 'are'} not one" if others else ""
    return (f"{readable(folder.name)} holds {len(repos)} git repositor{'y' if len(repos) == 1 else 'ies'} "
            f"(clones like {examples}){extra}")


def read(root: Path, scratch: Path, options: IntakeOptions) -> list[IntakeStudent]:
    """One ``IntakeStudent`` per folder among the clones, in name order: a repository graded
    at its commit, or a problem saying why not (a folder that is not a repository, no commits,
    nothing on time); each written into a fresh folder under ``scratch``."""
    if shutil.which("git") is None:
        raise IntakeError("Reading GitHub Classroom clones needs the git command, which is not installed here. "
                          "Install git (https://git-scm.com/downloads) and run again.")
    folder = _clone_folder(root)
    children = _children(folder)
    repos = [child for child in children if _is_repository(child)]
    if not repos:
        raise IntakeError(f"{readable(folder.name)} holds no git repositories: a GitHub Classroom class is a folder of "
                          "clones, one per student, each with its .git folder, as 'gh classroom clone student-repos' "
                          "makes it. Point the grader at that folder (usually <assignment>-submissions).")
    prefix = assignment_prefix([repo.name for repo in repos], folder.name)
    expected = classroom_github.read_template(options.template) if options.template else None
    students = []
    for child in children:
        if child in repos:
            students.append(_read_clone(child, prefix, scratch, options, expected))
        else:
            students.append(_not_a_clone(child, prefix))
    return students


def assignment_prefix(names: list[str], folder_name: str = "") -> str:
    """The part of every clone's name that names the assignment (``hw1-`` in ``hw1-ada``).

    gh classroom's own folder, ``<slug>-submissions``, says it exactly; failing that, the
    longest common prefix of two or more names, cut back to its last '-' (``hw1-a`` of
    ``hw1-ada`` and ``hw1-alan`` is ``hw1-``); a single clone in a folder of another name
    keeps its whole name, as nothing tells the assignment from the username.
    """
    if folder_name.endswith(SUBMISSIONS_SUFFIX):
        slug = folder_name[:-len(SUBMISSIONS_SUFFIX)] + "-"
        if len(slug) > 1 and all(name.startswith(slug) and len(name) > len(slug) for name in names):
            return slug
    if len(names) < 2:
        return ""
    common = commonprefix(names)
    return common[:common.rfind("-") + 1]


def username(name: str, prefix: str) -> str:
    """The GitHub username (or team) a clone's folder name holds after the assignment prefix."""
    return name[len(prefix):] if prefix and name.startswith(prefix) and len(name) > len(prefix) else name


def github_repository(url: str | None) -> str:
    """``owner/name`` of a GitHub remote URL, "" for any other (credentials never kept)."""
    match = GITHUB_REMOTE.match(url or "")
    return f"{match['owner']}/{match['name']}" if match else ""


def _read_clone(repo: Path, prefix: str, scratch: Path, options: IntakeOptions,
                expected: dict[str, bytes] | None = None) -> IntakeStudent:
    """One clone: its graded commit's files in a fresh scratch folder, and who and when; with
    ``expected`` (the template's .github/ files), what its .github/ changed."""
    login = username(repo.name, prefix)
    identity = Identity(lms=NAME, name=login, ids={"github_username": login}, source=repo.name)
    try:
        remote = github_repository(git_tree.remote_url(repo))
        if remote:
            identity.ids["github_repository"] = remote
        history = git_tree.commits(repo)
    except GitError as exc:
        return IntakeStudent(login, None, identity, problem=f"{exc}; clone the repository again")
    if not history:
        return IntakeStudent(login, None, identity, problem=(
            f"{readable(repo.name)} is a repository with no commits: nothing was committed and pushed"))
    graded = _graded_commit(history, identity, options)
    if expected is not None:
        try:  # the graded commit, then the latest: Classroom's points come from the latest push
            identity.github_changes = classroom_github.clone_changes(
                repo, [c.hash for c in (graded, history[0]) if c is not None], expected)
        except GitError as exc:
            return IntakeStudent(login, None, identity, problem=f"{exc}; clone the repository again")
    if graded is None:
        first = history[-1].committer_time
        return IntakeStudent(login, None, identity, problem=(
            f"no commit at or before the deadline {_shown(options.deadline)}; first commit at {_shown(first)} "
            f"({len(history)} commit{'s' if len(history) != 1 else ''}, all later). Commit times come from the "
            "student's computer. To grade late work, run with --late-grade"))
    identity.commit = graded.to_dict()
    identity.submitted_at = graded.committer_time.isoformat()
    folder = Path(tempfile.mkdtemp(prefix="student-", dir=scratch))
    try:
        identity.ignored = git_tree.export_tree(repo, graded.hash, folder)
    except GitError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        return IntakeStudent(login, None, identity, problem=str(exc))
    return IntakeStudent(login, folder, identity)


def _graded_commit(history: list[CommitInfo], identity: Identity, options: IntakeOptions) -> CommitInfo | None:
    """The commit to grade (None: nothing on time and late work not wanted), recording lateness
    on ``identity``. Without a deadline, HEAD's commit and no lateness. With one, the last
    commit at or before it (on time: ``late`` False), and the commits after it in ``late_work``;
    with ``late_grade`` the latest commit instead, late by its time minus the deadline. Nothing
    on time and no ``late_grade``: None, with ``late`` True (the work exists, but late)."""
    deadline = options.deadline
    if deadline is None:
        return history[0]
    on_time, later = git_tree.split_at(history, deadline)
    if later:
        identity.late_work = {"commits": len(later), "last_hash": later[0].hash,
                              "last_time": later[0].committer_time.isoformat()}
    if later and (options.late_grade or on_time is None):
        identity.late = True
        if not options.late_grade:
            return None
        identity.late_seconds = int((later[0].committer_time - deadline).total_seconds())
        return later[0]
    identity.late = False
    return on_time


def _not_a_clone(folder: Path, prefix: str) -> IntakeStudent:
    """A folder among the clones that is not a repository: still an entry, so the teacher sees it."""
    login = username(folder.name, prefix)
    identity = Identity(lms=NAME, name=login, ids={"github_username": login}, source=folder.name)
    if folder.is_symlink():
        problem = f"{readable(folder.name)} is a link, which the grader does not follow; put the clone itself here"
    else:
        problem = (f"{readable(folder.name)} is a folder, not a git repository (it has no .git inside): a clone that "
                   "stopped half-way? gh classroom skips folders that already exist, so remove it and clone again")
    return IntakeStudent(login, None, identity, problem=problem)


def _clone_folder(root: Path) -> Path:
    """``root``, or the folder the clones are in when ``root`` only wraps it (the zip of an
    ``hw1-submissions`` folder unpacks to a folder holding just that folder)."""
    folder = root
    for _ in range(MAX_WRAPPERS):
        children = _children(folder)
        if _is_repository(folder) or len(children) != 1 or _is_repository(children[0]) or children[0].is_symlink():
            break
        folder = children[0]
    return folder


def _children(folder: Path) -> list[Path]:
    """The folders (and links) in ``folder`` that could be clones, by name; hidden ones and the
    Mac's zip leftovers are not students."""
    return sorted((child for child in folder.iterdir()
                   if not child.name.startswith(".") and child.name != "__MACOSX"
                   and child.is_dir()), key=lambda child: child.name)


def _is_repository(path: Path) -> bool:
    """A clone: a real folder (not a link) with a .git folder, or a .git file pointing at one."""
    if path.is_symlink() or not path.is_dir():
        return False
    marker = path / ".git"
    return not marker.is_symlink() and (marker.is_dir() or marker.is_file())


def _shown(moment: datetime | None) -> str:
    return moment.isoformat(sep=" ") if moment else "(none)"
