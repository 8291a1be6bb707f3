"""Isolation levels: what the operating system lets us add around the portable core.

- ``process``: the portable core everywhere: a separate process per sandbox, its own session
  and process group, resource limits, an environment built from scratch, its own copied files,
  ``no_new_privs`` and the system-call filter (grader/sandbox/seccomp.py) where there is one.
- ``namespaces`` (Linux, when the jail can be built here): the launcher runs in its own PID,
  mount and empty network namespaces (and a user namespace when the grader is not root), and
  each sandbox it forks is jailed on its own (sandbox_runtime/confinement/jail.py): a PID namespace of its
  own whose end kills everything in it, a root file system of its own holding only what a
  program needs, read-only, no capability, an unprivileged id, and the filter.

``detect()`` (launcher.py) tries the strongest level once per process and remembers the answer.
Whether the jail can be built is found out by building one (``namespaces_work``, launcher.py): ``unshare`` may work
where mounting does not (Ubuntu 24.04's AppArmor rule for unprivileged user namespaces, a
container without CAP_SYS_ADMIN), and then the level is ``process``; ``no_jail_warning`` says so
in the run's summary, naming AppArmor's rule when it is on, with the fix (``grader
sandbox-profile``: a copy of ``unshare`` that an AppArmor profile lets create user namespaces,
which ``unshare_program`` then prefers).
"""

import os
import shutil
import sys

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


# Whether this process probed for the jail, and the error that stopped it (shortened), for
# ``no_jail_warning``. The probe (grader/sandbox/launcher.py, ``namespaces_work``) writes it
# through ``note_probe``.
_PROBE: dict = {}


def note_probe(error: str = "") -> None:
    """Record that this process's jail probe ran, and, when it failed, why (shortened)."""
    _PROBE["ran"] = True
    if error:
        _PROBE["error"] = " ".join(error.split())[:200]


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


def launcher_prefix(level: str) -> list[str]:
    return namespace_prefix() if level == "namespaces" else []
