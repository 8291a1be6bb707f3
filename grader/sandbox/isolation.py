"""Isolation levels: what the operating system lets us add around the portable core.

- ``process``: the portable core everywhere: a separate process per sandbox, its own session
  and process group, resource limits, an environment built from scratch, its own copied files,
  ``no_new_privs`` and the system-call filter (grader/sandbox/seccomp.py) where there is one.
- ``namespaces`` (Linux, when the jail can be built here): the launcher runs in its own PID,
  mount and empty network namespaces (and a user namespace when the grader is not root), and
  each sandbox it forks is jailed on its own (sandbox_runtime/jail.py): a PID namespace of its
  own whose end kills everything in it, a root file system of its own holding only what a
  program needs, read-only, no capability, an unprivileged id, and the filter.

``detect()`` tries the strongest level once per process and remembers the answer. Whether the
jail can be built is found out by building one (``namespaces_work``): ``unshare`` may work
where mounting does not (Ubuntu 24.04's AppArmor rule for unprivileged user namespaces, a
container without CAP_SYS_ADMIN), and then the level is ``process``.
"""

import os
import shutil
import sys
from functools import lru_cache

LEVELS = ("namespaces", "process")


def namespace_prefix() -> list[str]:
    """The command that puts the launcher into new PID, mount and network namespaces (and a
    user namespace when the grader is not root), where it may make one per sandbox."""
    flags = ["--pid", "--fork", "--kill-child", "--mount-proc", "--net"]
    if os.geteuid() != 0:
        flags = ["--user", "--map-root-user", *flags]
    return [shutil.which("unshare") or "unshare", *flags]


@lru_cache(maxsize=1)
def namespaces_work() -> bool:
    """Whether a jail can be built here: found out by building one, the way a run measures what
    its jail holds (grader/sandbox/confinement.py), so the run that follows reuses the answer
    instead of starting another sandbox."""
    if not shutil.which("unshare") or not sys.platform.startswith("linux"):
        return False
    from grader.sandbox.confinement import measure  # it starts a launcher, which imports this module

    try:
        return measure("namespaces").private_root
    except Exception:  # noqa: BLE001 - any failure to build it means: not here
        return False


def detect(wanted: str = "auto") -> str:
    """The level to use: ``wanted`` if given and available, else the strongest available."""
    if wanted == "process":
        return "process"
    if wanted in ("auto", "namespaces") and namespaces_work():
        return "namespaces"
    if wanted == "namespaces":
        raise RuntimeError("namespaces were asked for but `unshare` does not work here; use --isolation auto or process")
    return "process"


def launcher_prefix(level: str) -> list[str]:
    return namespace_prefix() if level == "namespaces" else []
