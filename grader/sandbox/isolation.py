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

import json
import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

LEVELS = ("namespaces", "process")


def namespace_prefix() -> list[str]:
    """The command that puts the launcher into new PID, mount and network namespaces (and a
    user namespace when the grader is not root), where it may make one per sandbox."""
    flags = ["--pid", "--fork", "--kill-child", "--mount-proc", "--net"]
    if os.geteuid() != 0:
        flags = ["--user", "--map-root-user", *flags]
    return [shutil.which("unshare") or "unshare", *flags]


# Built in a throw-away folder, exactly as a zygote builds it; exits 0 only if every step held.
PROBE = """
import json, os, sys, tempfile
sys.path[0:0] = [{runtime!r}]
from sandbox_runtime import jail
spec = json.loads({spec!r})
base = tempfile.mkdtemp()
for name in ("root", "work", "home"):
    os.mkdir(os.path.join(base, name))
    spec[name] = os.path.join(base, name)
jail.unshare(jail.CLONE_NEWPID)
pid = os.fork()
if pid == 0:
    try:
        jail.enter(spec, bytes.fromhex(spec.pop("seccomp")))
        os._exit(0 if os.listdir("/proc") and os.getuid() != 0 else 1)
    except BaseException:
        os._exit(1)
_, status = os.waitpid(pid, 0)
os._exit(0 if status == 0 else 1)
"""


@lru_cache(maxsize=1)
def namespaces_work() -> bool:
    if not shutil.which("unshare") or not sys.platform.startswith("linux"):
        return False
    from grader.sandbox.jail_spec import jail_spec
    from grader.sandbox.seccomp import seccomp_program
    from grader.sandbox.staging import RUNTIME_FILES

    spec = jail_spec(True, Path("/"), seccomp_program())
    probe = PROBE.format(runtime=str(RUNTIME_FILES[0].parent.parent), spec=json.dumps(spec))
    try:
        done = subprocess.run([*namespace_prefix(), sys.executable, "-S", "-B", "-c", probe], capture_output=True,
                              timeout=20, env={"PATH": "/usr/bin:/bin"}, cwd="/")
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
