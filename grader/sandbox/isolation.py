"""Isolation levels: what the operating system lets us add around the portable core.

- ``process``: the portable core everywhere: a separate process per sandbox, its own session
  and process group, resource limits, an environment built from scratch, its own copied files.
- ``namespaces`` (Linux, when ``unshare`` works here): the launcher and every sandbox it forks
  also run in their own PID namespace (they cannot see or signal any process outside, and
  /proc shows only them, so no other process's environment can be read there), an empty
  network namespace (no network at all) and a mount namespace in which the whole file system
  is read-only (nothing a student writes can change the grader, the reference files or another
  student's folder; the sandbox's channel and output are descriptors opened outside, which stay
  writable); as a non-root user, inside a user namespace as well. When the launcher ends, the
  kernel ends every process in the namespace, so nothing a student starts can outlive grading.

``detect()`` tries the strongest level once per process and remembers the answer.
"""

import os
import shutil
import subprocess
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
    if not shutil.which("unshare"):
        return False
    try:
        done = subprocess.run([*namespace_prefix(), "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


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
