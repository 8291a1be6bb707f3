"""What the jail is told (sandbox_runtime/confinement/jail.py): which folders student code may read, as whom.

Student code sees, read-only and at their usual paths, only what a Python or Java program needs
to run: the system's programs and libraries (``/usr``, and the ``/bin``, ``/lib*`` links or
folders beside it), the few files of ``/etc`` the dynamic linker and the JDK read, the Python
installation the sandbox runs (its standard library; never a site-packages or dist-packages
folder, which may hold the grader: each is covered by an empty folder), and the JDK when it lives outside ``/usr``. Nothing under the teacher's home is there
unless it is one of those (a Python installed by pyenv under ``/root`` is bound alone, not
``/root``).

As whom: when the grader runs as root, student code runs as ``GRADER_SANDBOX_USER`` if that is
set, else as a dedicated id that owns nothing on the machine (``DEDICATED_ID``). A grader that
is not root runs it as id 1000 of a user namespace of its own (the jail decides that part).
"""

import os
import sys
from functools import lru_cache
from pathlib import Path

from grader.sandbox.staging import sandbox_owner

# Just below Debian's and Ubuntu's "nobody" (65534), in the range they reserve and never hand
# out: no file or process of the machine belongs to it.
DEDICATED_ID = 65533

SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# passwd and group: the JVM names its user from them (user.name), and they hold nothing secret.
ETC = ("/etc/passwd", "/etc/group", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/alternatives",
       "/etc/java-17-openjdk", "/etc/java-21-openjdk", "/etc/ssl/certs/java")


def student_ids(namespaces: bool) -> tuple[int, int] | None:
    """(uid, gid) for student code when the grader is root (see the module docstring).

    At the process level there is no file system of the sandbox's own, so the dedicated id
    could not even read Python's standard library when it lives under /root: student code then
    runs as ``GRADER_SANDBOX_USER`` if set, else stays root (None), which only a teacher's
    explicit choice allows (grader/sandbox/confinement.py)."""
    owner = sandbox_owner()
    if owner is not None or not namespaces:
        return owner
    return DEDICATED_ID, DEDICATED_ID


@lru_cache(maxsize=1)
def read_only_paths() -> tuple[str, ...]:
    """The folders and files bound read-only into every sandbox, most general first."""
    paths = [path for path in (*SYSTEM, *ETC) if os.path.lexists(path)]
    for prefix in {sys.base_prefix, sys.base_exec_prefix}:
        if not _under_any(prefix, paths):
            paths.append(prefix)
    java_home = os.environ.get("JAVA_HOME")
    if java_home and Path(java_home).is_dir() and not _under_any(java_home, paths):
        paths.append(str(Path(java_home).resolve()))
    return tuple(paths)


# Where a Python keeps installed packages: the grader itself may be there (a teacher who
# installed it without a virtual environment; a Gradescope image; a student's kit), and with it
# every reference solution and hidden test. Each one under a bound folder is covered by an empty
# read-only tmpfs in the jail. Student code needs none of them (the sandbox runtime is standard
# library only, and pytest is imported before the jail for the testers that use it).
PACKAGE_FOLDERS = ("lib/python3*/site-packages", "lib/python3*/dist-packages", "lib/python3/dist-packages",
                   "local/lib/python3*/site-packages", "local/lib/python3*/dist-packages")


@lru_cache(maxsize=1)
def hidden_paths() -> tuple[str, ...]:
    """The package folders inside the read-only paths, to be covered (PACKAGE_FOLDERS)."""
    import glob

    bases = {os.path.realpath(p) for p in (sys.base_prefix, sys.base_exec_prefix, "/usr")}
    found = {os.path.realpath(match) for base in bases for pattern in PACKAGE_FOLDERS
             for match in glob.glob(os.path.join(base, pattern)) if os.path.isdir(match)}
    bound = list(read_only_paths())
    return tuple(sorted(path for path in found if _under_any(path, bound)))


def _under_any(path: str, folders: list[str]) -> bool:
    real = os.path.realpath(path)
    return any(real == os.path.realpath(folder) or real.startswith(os.path.realpath(folder) + os.sep)
               for folder in folders if os.path.isdir(folder))


def jail_spec(namespaces: bool, root: Path, seccomp: bytes | None) -> dict:
    """The launcher's ``jail_spec`` argument (plain data: it crosses into the sandbox)."""
    uid, gid = student_ids(namespaces) or (None, None)
    return {"namespaces": namespaces, "root": str(root), "read_only": list(read_only_paths()), "hidden": list(hidden_paths()),
            "uid": uid, "gid": gid, "seccomp": seccomp.hex() if seccomp else ""}
