"""Who the JVM runs as, and how the files it must read are opened to that user only.

The JVM is started in the same jail as a Python sandbox's zygote (grader/java/worker.py,
sandbox_runtime/confinement/jail.py), which drops every capability and, when the grader is root, becomes
``GRADER_SANDBOX_USER`` (as for the Python sandbox, grader/sandbox/staging.py) or, in the jail,
the dedicated id (grader/sandbox/jail_spec.py): ``jvm_owner`` says which.

The JVM must read its compiled classes, the student's classes and their sources, all written by
the grader (root). Those folders are given to the user's *group*, read-only (dirs 0750, files
0640, owner root): the JVM can read them, no other user can, and nothing in them is the JVM's to
change. Only the JVM's home (its working and temporary folder) belongs to the user itself.
"""

import os
import stat
from pathlib import Path

from grader.sandbox.staging import SandboxUserError, sandbox_owner


def jvm_owner() -> tuple[int, int] | None:
    """The (uid, gid) the JVM runs as, or None for the grader's own user.

    SandboxUserError when ``GRADER_SANDBOX_USER`` names no user or the grader is not root."""
    from grader.sandbox.jail_spec import student_ids

    return student_ids(jailed()) if os.geteuid() == 0 else sandbox_owner()


def jailed() -> bool:
    """Whether the JVM runs in the jail (the namespaces level), where what it reads is bound in
    at its own path: the folders above it need not be passable on the machine."""
    from grader.sandbox.launcher import detect
    from grader.sandbox.launcher import Launcher

    return (Launcher.run_level or detect()) == "namespaces"


def _passable(folder: Path, uid: int, gid: int) -> bool:
    """Whether ``uid``/``gid`` (no other groups) may pass through every folder above ``folder``."""
    for path in folder.parents:
        info = path.stat()
        bit = stat.S_IXUSR if info.st_uid == uid else stat.S_IXGRP if info.st_gid == gid else stat.S_IXOTH
        if not info.st_mode & bit:
            return False
    return True


def share_with_jvm(folder: Path, owner: tuple[int, int] | None) -> None:
    """Let the JVM's user read ``folder`` (and everything in it), and no one else but us.

    Links are never followed and never shared. Nothing to do when the JVM runs as ourselves."""
    if owner is None:
        return
    uid, gid = owner
    if not jailed() and not _passable(folder, uid, gid):
        raise SandboxUserError(f"the sandbox user (uid {uid}) cannot enter {folder.parent} or a folder above it, so "
                               "the JVM could not read its classes. Set TMPDIR to a folder everyone may enter, such as /tmp.")
    for root, dirs, files in os.walk(folder):
        for name in [None, *dirs, *files]:
            path = Path(root) if name is None else Path(root) / name
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                continue
            os.chown(path, -1, gid, follow_symlinks=False)
            os.chmod(path, 0o750 if stat.S_ISDIR(info.st_mode) else 0o640)


def give_home(home: Path, owner: tuple[int, int] | None) -> None:
    """The JVM's working folder: its user's own (it may write there); its parent passable."""
    if owner is None:
        return
    share_with_jvm(home.parent, owner)
    os.chown(home, *owner, follow_symlinks=False)
    os.chmod(home, 0o700)
