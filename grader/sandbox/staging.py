"""The folder a sandbox runs in: copies, never links, of exactly the files it may see.

    <root>/work/     the student's files under test + reference stand-ins
    <root>/home/     the child's empty working folder and HOME

Only the files an activity declares are copied, so a student's ``random.py``, ``conftest.py`` or
``sitecustomize.py`` never reaches the sandbox at all. The in-sandbox runtime is not in here:
the launcher imported it from its own copy before any sandbox existed.

A grader running as root can have student code run as an unprivileged user instead: it names
the user in ``GRADER_SANDBOX_USER`` (the Gradescope autograder does). ``work/`` and ``home/``
then belong to that user, ``<root>`` stays root's (mode 0711: passable, not listable, so leftover
clean-up still finds it), and the launcher's new zygote, seeing a home that belongs to someone
else, becomes that user before it runs anything (sandbox_runtime/workers/launcher.py). That user must be
able to read Python's standard library, which a Python installed under /root is not: the
Gradescope autograder checks this before it sets the variable (integrations/gradescope/sandbox_user.py).
"""

import os
import shutil
import stat
from importlib.util import find_spec
from pathlib import Path

from grader.sandbox.leftovers import make_folder

SANDBOX_USER_VARIABLE = "GRADER_SANDBOX_USER"


class SandboxUserError(RuntimeError):
    """``GRADER_SANDBOX_USER`` cannot be honoured; the message says why and what to do."""


def sandbox_owner() -> tuple[int, int] | None:
    """The (uid, gid) student code should run as, from ``GRADER_SANDBOX_USER`` (a user name or
    a uid), or None to run it as the grader's own user (unset, or root)."""
    wanted = os.environ.get(SANDBOX_USER_VARIABLE, "")
    if not wanted:
        return None
    import pwd  # Unix only, like the variable

    try:
        entry = pwd.getpwuid(int(wanted)) if wanted.isdigit() else pwd.getpwnam(wanted)
    except KeyError:
        raise SandboxUserError(f"{SANDBOX_USER_VARIABLE}={wanted!r} names no user on this machine. Create it "
                               f"(useradd --system {wanted}) or unset {SANDBOX_USER_VARIABLE}.") from None
    if entry.pw_uid == 0:
        return None
    if os.geteuid() != 0:
        raise SandboxUserError(f"{SANDBOX_USER_VARIABLE} is set, but only a grader running as root can run student "
                               f"code as another user. Run the grader as root, or unset {SANDBOX_USER_VARIABLE}.")
    return entry.pw_uid, entry.pw_gid


def _reachable(folder: Path, uid: int, gid: int) -> bool:
    """Whether ``uid``/``gid`` (with no other groups) may pass through ``folder`` and its parents."""
    for path in (folder, *folder.parents):
        info = path.stat()
        if info.st_uid == uid:
            bit = stat.S_IXUSR
        elif info.st_gid == gid:
            bit = stat.S_IXGRP
        else:
            bit = stat.S_IXOTH
        if not info.st_mode & bit:
            return False
    return True

# Located, not imported: the runtime is only ever executed inside a sandbox.
RUNTIME_PACKAGE = Path(find_spec("sandbox_runtime").origin).parent
RUNTIME_FILES = sorted(RUNTIME_PACKAGE.rglob("*.py"))  # its subpackages' too


def copy_runtime(folder: Path) -> Path:
    """A fresh copy of the runtime package, subpackages and all, under ``folder``; returns the
    folder for sys.path."""
    package = folder / "sandbox_runtime"
    package.mkdir(parents=True)
    for source in RUNTIME_FILES:
        target = package / source.relative_to(RUNTIME_PACKAGE)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    return folder


class StagedFolder:
    def __init__(self, files: dict[str, Path], parent: Path | None = None) -> None:
        """``files`` maps the name inside the sandbox (``widget.py``) to the file to copy.

        The folder is named after this process (leftovers.py); if a copy fails, it is removed
        before the error goes on.
        """
        self.root = make_folder("sandbox", parent)
        self.work = self.root / "work"
        self.home = self.root / "home"
        try:
            for folder in (self.work, self.home):
                folder.mkdir()
            for name, source in files.items():
                (self.work / name).parent.mkdir(parents=True, exist_ok=True)  # a tester in tests/
                shutil.copyfile(source, self.work / name)
            # Readable by the jail's unprivileged id whatever the teacher's umask; only the jail
            # can reach them (the root folder above is the grader's alone, 0700).
            for path in (self.work, *self.work.rglob("*")):
                os.chmod(path, 0o755 if path.is_dir() else 0o644, follow_symlinks=False)
            owner = sandbox_owner()
            if owner is not None:
                self._give_to(*owner)
        except BaseException:
            self.remove()
            raise

    def _give_to(self, uid: int, gid: int) -> None:
        """Hand ``work/`` and ``home/`` to the sandbox user (see the module docstring)."""
        if not _reachable(self.root.parent, uid, gid):
            raise SandboxUserError(f"the sandbox user (uid {uid}) cannot enter {self.root.parent} or a folder above it, "
                                   "so it could not reach its files. Set TMPDIR to a folder everyone may enter, such as /tmp.")
        os.chmod(self.root, 0o711)
        for folder in (self.work, self.home):
            for path in (folder, *folder.rglob("*")):
                os.chown(path, uid, gid, follow_symlinks=False)

    def rewrite(self, name: str, data: bytes) -> None:
        """Put ``data`` in the staged file ``name``, in place: the same file (inode, owner, mode)
        with its modification time kept, so nothing about it says it was written again.

        The student's code may have replaced the file meanwhile (outside the namespaces level its
        folder is writable): a link is never followed, and a link, a special file or a missing
        file is replaced by a new regular file of the folder's owner.
        """
        path = self.work / name
        flags = os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(path, flags)
        except OSError:
            fd = None
        if fd is not None:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
                os.close(fd)
                fd = None
        if fd is None:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
            owner = self.work.stat()
            if (owner.st_uid, owner.st_gid) != (os.geteuid(), os.getegid()):
                os.fchown(fd, owner.st_uid, owner.st_gid)
            info = None
        try:
            os.ftruncate(fd, 0)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if info is not None and os.utime in os.supports_fd:
                os.utime(fd, ns=(info.st_atime_ns, info.st_mtime_ns))
        finally:
            os.close(fd)

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
