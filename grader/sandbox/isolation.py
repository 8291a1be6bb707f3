"""Isolation levels: what the operating system lets us add around the portable core.

- ``process``: the portable core everywhere: a separate process per sandbox, its own session
  and process group, resource limits, an environment built from scratch, its own copied files,
  ``no_new_privs`` and the system-call filter (grader/sandbox/seccomp.py) where there is one.
- ``namespaces`` (Linux, when the jail can be built here): the launcher runs in its own PID,
  mount and empty network namespaces (and a user namespace when the grader is not root), and
  each sandbox it forks is jailed on its own (sandbox_runtime/confinement/jail.py): a PID namespace of its
  own whose end kills everything in it, a root file system of its own holding only what a
  program needs, read-only, no capability, an unprivileged id, and the filter.

``detect()`` tries the strongest level once per process and remembers the answer. Whether the
jail can be built is found out by building one (``namespaces_work``): ``unshare`` may work
where mounting does not (Ubuntu 24.04's AppArmor rule for unprivileged user namespaces, a
container without CAP_SYS_ADMIN), and then the level is ``process``; ``no_jail_warning`` says so
in the run's summary, naming AppArmor's rule when it is on, with the fix (``grader
sandbox-profile``: a copy of ``unshare`` that an AppArmor profile lets create user namespaces,
which ``unshare_program`` then prefers).
"""

import atexit
import importlib
import os
import shutil
import sys
import threading
from functools import lru_cache

LEVELS = ("namespaces", "process")

# Ubuntu 23.10 and later (on by default since 24.04, GitHub's runners included): a program with no
# AppArmor profile of its own that creates a user namespace is moved to the `unprivileged_userns`
# profile, which denies every capability in it, so the jail's mounts fail for an ordinary user.
RESTRICTION_SYSCTL = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns"
# The copy of util-linux's unshare that `grader sandbox-profile` has the teacher install, root's
# and runnable by the teacher's group only; its AppArmor profile (same command) names this path
# and lets it create user namespaces. The launcher, and so the jail, then run under that profile.
PROFILED_UNSHARE = "/usr/local/libexec/elevens-grader/unshare"
PROFILE_FILE = "/etc/apparmor.d/elevens-grader"


def namespace_prefix() -> list[str]:
    """The command that puts the launcher into new PID, mount and network namespaces (and a
    user namespace when the grader is not root), where it may make one per sandbox."""
    flags = ["--pid", "--fork", "--kill-child", "--mount-proc", "--net"]
    if os.geteuid() != 0:
        flags = ["--user", "--map-root-user", *flags]
    return [unshare_program() or "unshare", *flags]


def unshare_program() -> str | None:
    """The ``unshare`` to start the launcher with: the AppArmor-profiled copy when it is installed
    and trustworthy (root's, in a folder of root's, writable by nobody else: the grader runs it
    as the teacher) and this user may run it; else the system's; None when there is none."""
    if profiled_unshare_ready():
        return PROFILED_UNSHARE
    return shutil.which("unshare")


def profiled_unshare_ready() -> bool:
    """Whether ``PROFILED_UNSHARE`` is there, safe to run (see ``unshare_program``) and ours to run."""
    try:
        for path in (PROFILED_UNSHARE, os.path.dirname(PROFILED_UNSHARE)):
            info = os.lstat(path)  # a link reads as mode 0777: refused below, never followed
            if info.st_uid != 0 or info.st_mode & 0o022:
                return False
    except OSError:
        return False
    return os.access(PROFILED_UNSHARE, os.X_OK)


def apparmor_restricts_userns() -> bool:
    """Whether AppArmor's rule for unprivileged user namespaces is on here and applies to us (it
    spares root, who holds CAP_SYS_ADMIN)."""
    try:
        with open(RESTRICTION_SYSCTL) as file:
            on = file.read().strip() not in ("", "0")
    except OSError:
        return False
    return on and os.geteuid() != 0


def no_jail_warning(uid: int | None) -> str:
    """What the summary says when student code ran without the jail: as whom, what that exposes,
    why (the teacher's choice, AppArmor's rule when it is on, or the jail probe's own error) and
    the fix."""
    who = f"as you (uid {uid})" if uid == os.getuid() else ("as root" if uid == 0 else f"as uid {uid}")
    exposed = ("which is not a security boundary: it can read every file that user can read, see that user's "
               "processes and reach this machine's network.")
    if not _PROBE.get("ran"):  # never probed: the teacher asked for this level
        return f"Student code runs {who} at the process level you asked for (--isolation process), {exposed}"
    said = f"The grader could not build its jail here, so student code runs {who} at the process level, {exposed}"
    if not sys.platform.startswith("linux"):
        return f"{said} Only Linux has the namespaces the jail is built from: grade on Linux when that matters."
    if apparmor_restricts_userns():
        rule = "kernel.apparmor_restrict_unprivileged_userns = 1"
        if profiled_unshare_ready():
            return (f"{said} The reason is most likely Ubuntu's AppArmor restriction on user namespaces ({rule}): "
                    f"{PROFILED_UNSHARE} is installed, but its AppArmor profile does not seem to be loaded. Fix: "
                    f"`sudo apparmor_parser -r {PROFILE_FILE}` (`grader sandbox-profile` shows every step again).")
        return (f"{said} The reason: Ubuntu's AppArmor restricts user namespaces here ({rule}). Fix, once per "
                "machine: run `grader sandbox-profile` and the command it prints (it needs sudo), or grade as root.")
    why = f" (the jail's probe said: {_PROBE['error']})" if _PROBE.get("error") else ""
    return (f"{said} User namespaces are off here, or a container forbids them{why}. Grade on a machine where "
            "`unshare --user --map-root-user --mount true` works.")


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


# Whether this process probed for the jail, and the error that stopped it (shortened), for
# ``no_jail_warning``.
_PROBE: dict = {}


@lru_cache(maxsize=1)
def _namespaces_work() -> bool:
    _PROBE["ran"] = True
    if not unshare_program() or not sys.platform.startswith("linux"):
        return False
    from grader.sandbox.confinement import measure  # it starts a launcher, which imports this module

    try:
        return measure("namespaces").private_root
    except Exception as exc:  # noqa: BLE001 - any failure to build it means: not here
        _PROBE["error"] = " ".join(str(exc).split())[:200]
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
