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

import atexit
import importlib
import os
import shutil
import sys
import threading
from functools import lru_cache

LEVELS = ("namespaces", "process")


def namespace_prefix() -> list[str]:
    """The command that puts the launcher into new PID, mount and network namespaces (and a
    user namespace when the grader is not root), where it may make one per sandbox."""
    flags = ["--pid", "--fork", "--kill-child", "--mount-proc", "--net"]
    if os.geteuid() != 0:
        flags = ["--user", "--map-root-user", *flags]
    return [shutil.which("unshare") or "unshare", *flags]


# Held while the answer is being found (by probe_early's thread, or by the caller itself), so
# the probe runs once and every caller gets its answer.
_FINDING = threading.Lock()
# How long a command that ends early waits for the probe it started (it takes about 0.1 s).
PROBE_EXIT_WAIT_SECONDS = 10.0


def namespaces_work() -> bool:
    """Whether a jail can be built here: found out by building one, the way a run measures what
    its jail holds (grader/sandbox/confinement.py), so the run that follows reuses the answer
    instead of starting another sandbox. Waits for a probe ``probe_early`` started."""
    with _FINDING:
        return _namespaces_work()


def probe_early(argv: list[str]) -> None:
    """Start finding out whether a jail can be built, in a thread, when ``argv`` (the command
    line after ``grader``) is a ``grade`` or ``check`` that will ask: the probe's launcher and
    empty sandbox (about 0.1 s, nearly all of it in processes of their own) then start while the
    command is still importing and planning. ``namespaces_work`` waits for its answer.

    The modules the probe needs are imported here, before the thread starts, so no module is
    ever imported by two threads at once."""
    if not argv or argv[0] not in ("grade", "check") or {"-h", "--help"} & set(argv):
        return
    if any(arg == "--isolation=process" or (arg == "--isolation" and nxt == "process")
           for arg, nxt in zip(argv, [*argv[1:], ""])):
        return
    for module in ("grader.sandbox.confinement", "grader.sandbox.session"):  # the probe's, imported in this thread
        importlib.import_module(module)

    _FINDING.acquire()  # released by the thread once the answer is in the cache

    def find() -> None:
        try:
            _namespaces_work()
        except BaseException:  # noqa: BLE001 - the caller will try again and say what went wrong
            pass
        finally:
            _FINDING.release()

    threading.Thread(target=find, name="isolation-probe", daemon=True).start()
    atexit.register(_let_the_probe_finish)


def _let_the_probe_finish() -> None:
    """A command that ends before it asks (a typo in its folder, say) waits at exit for the probe
    to finish, so the probe removes its own launcher and sandbox instead of being cut off with
    their folders left in the temporary folder."""
    if _FINDING.acquire(timeout=PROBE_EXIT_WAIT_SECONDS):
        _FINDING.release()


@lru_cache(maxsize=1)
def _namespaces_work() -> bool:
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
