"""Whether a GitHub Classroom clone's ``.github/`` is still the teacher's template's.

GitHub Classroom's points (the Actions tab, Classroom's dashboard) are computed inside each
student's repository, by the workflow and the kit in its ``.github/`` folder
(``grader classroom init`` writes ``.github/workflows/classroom.yml`` and
``.github/grader/grader_kit_LAB-….whl``, and ``.github/grader/rubric.yaml`` with ``--install
--rubric``). The student can change all of it: one line in the workflow forges any points,
and nothing signs them. The teacher's own grading of the clones (``grader grade``) never uses
those points, so a student's grade is the grader's whatever their ``.github/`` holds; what a
changed ``.github/`` tells the teacher is that the points Classroom showed may be forged.

The expected content is the teacher's template repository, given with ``--template DIR``: the
folder ``grader classroom init`` wrote into (or any clone of the template). That is the one
source that is the teacher's own: a clone's history is the student's to rewrite, and what init
would write depends on the options it was given and the grader's version. When ``DIR`` is a git
repository, its last commit's ``.github/`` is read (what was pushed, not an edit in progress);
otherwise the files on disk.

Each clone's ``.github/`` is compared, file by file, at the commit graded and at its latest
commit (where Classroom's latest points come from), by git object ids: a file's id is the
hash of its bytes, so nothing is read from a clone but its tree listing (``ls-tree``, as
git_tree.py runs git: no program of the student's runs).
"""

import hashlib
from pathlib import Path

from grader.intake.git_tree import HASH, GitError, has_commits, run_git
from grader.intake.model import IntakeError
from grader.intake.names import readable

FOLDER = ".github"
MAX_CHANGES = 100  # per student in results.json: a class of honest students has none
LINK_MODES = ("120000", "160000")  # a symbolic link, a submodule: never what the template holds


def read_template(folder: Path) -> dict[str, bytes]:
    """The template's ``.github/`` files: path (``.github/...``) -> bytes. IntakeError when it
    has none, with the fix."""
    folder = Path(folder)
    if (folder / ".git").is_dir():
        try:
            files = _committed(folder) if has_commits(folder) else {}
        except GitError as exc:
            raise IntakeError(f"--template {folder}: {exc}. Give the folder of your template repository.") from None
        where = "its last commit"
    else:
        files = {path.relative_to(folder).as_posix(): path.read_bytes()
                 for path in sorted((folder / FOLDER).rglob("*")) if path.is_file() and not path.is_symlink()}
        where = "it"
    if not files:
        raise IntakeError(f"--template {folder}: {where} has no {FOLDER}/ folder. Give the folder of your template "
                          "repository, where `grader classroom init` wrote .github/workflows/classroom.yml (commit "
                          "and push what it wrote).")
    return files


def _committed(repo: Path) -> dict[str, bytes]:
    """The ``.github/`` files of the last commit of the teacher's repository ``repo``."""
    listed = _listing(repo, "HEAD")
    files = {}
    for path, (mode, obj) in listed.items():
        if mode not in LINK_MODES and HASH.fullmatch(obj):
            _, data = run_git(repo, ["cat-file", "blob", obj])
            files[path] = data
    return files


def _listing(repo: Path, commit: str) -> dict[str, tuple[str, str]]:
    """path -> (mode, object id) of every entry under ``.github/`` at ``commit``."""
    _, out = run_git(repo, ["ls-tree", "-r", "-z", "--full-tree", commit, "--", FOLDER])
    found = {}
    for entry in out.split(b"\0"):
        if not entry:
            continue
        info, _, path = entry.partition(b"\t")
        mode, _kind, obj = info.decode("ascii", "replace").split(maxsplit=2)
        found[path.decode("utf-8", "backslashreplace")] = (mode, obj)
    return found


def blob_id(data: bytes, length: int) -> str:
    """The id git gives a file of these bytes (SHA-1, or SHA-256 for a repository that uses it)."""
    algorithm = hashlib.sha256 if length == 64 else hashlib.sha1
    return algorithm(b"blob %d\0" % len(data) + data).hexdigest()


def differences(expected: dict[str, bytes], listed: dict[str, tuple[str, str]], commit: str) -> list[dict]:
    """``{"path", "change": added|removed|changed, "commit"}`` for each file of ``.github/`` at
    ``commit`` (``listed``) that is not the template's (``expected``), in path order."""
    found = []
    for path in sorted(set(expected) | set(listed)):
        if path not in listed:
            change = "removed"
        elif path not in expected:
            change = "added"
        else:
            mode, obj = listed[path]
            if mode not in LINK_MODES and obj == blob_id(expected[path], len(obj)):
                continue
            change = "changed"
        found.append({"path": path, "change": change, "commit": commit})
    return found


def clone_changes(repo: Path, commits: list[str], expected: dict[str, bytes]) -> list[dict]:
    """What differs from the template in the clone ``repo`` at each of ``commits`` (the graded
    one first, then the latest), each file once (where first seen), at most ``MAX_CHANGES``."""
    found: list[dict] = []
    seen: set[tuple[str, str]] = set()
    for commit in dict.fromkeys(commits):
        for change in differences(expected, _listing(repo, commit), commit):
            if (change["path"], change["change"]) not in seen:
                seen.add((change["path"], change["change"]))
                found.append(change)
    return found[:MAX_CHANGES]


def notes(identities: list[tuple[str, dict]]) -> list[str]:
    """For the summary's notes: who changed their ``.github/`` (``identities``: (name shown,
    identity dict) of every clone), or that nothing was compared."""
    checked = [(name, identity) for name, identity in identities if identity.get("github_changes") is not None]
    if not checked:
        return ["GitHub Classroom's points (Actions tab, Classroom's dashboard) are each student's word: the workflow "
                "in their own repository computes them, and they can change it. Your grades here never use them. Add "
                "--template DIR (your template repository) to name the students whose .github/ differs from it."]
    changed = [(name, identity) for name, identity in checked if identity["github_changes"]]
    if not changed:
        return [f"Every clone's .github/ ({len(checked)} checked) matches your template: the points GitHub Classroom "
                "showed came from your workflow and kit."]
    lines = [f"{len(changed)} of {len(checked)} clones' .github/ differ from your template, so the points GitHub Classroom "
             "showed them may be forged (their grades here are the grader's own, as always):"]
    for name, identity in changed:
        items = [f"{change['change']} {readable(change['path'])}" for change in identity["github_changes"]]
        more = f", and {len(items) - 3} more" if len(items) > 3 else ""
        lines.append(f"  {readable(name)} ({readable(identity.get('source', ''))}): {', '.join(items[:3])}{more}")
    return lines
