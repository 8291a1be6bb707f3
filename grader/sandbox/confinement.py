"""What student code runs with, measured before a run, and the rule for when that is too little.

Before a class is graded, one empty sandbox is started at the run's level and its zygote
reports, before any student code could exist, what its jail set up (sandbox_runtime/confinement/jail.py):
its uid and gid, its capability sets, ``no_new_privs``, whether the system-call filter is on,
whether it has a file system of its own. That record goes into the summary and results.json
(``confinement``), so what held is stated, not assumed.

The rule: student code may never run as root unless the teacher says so. Where the machine
allows too little to protect the teacher (no user namespaces, so no private file system and
no private process table; or no libseccomp, so no filter) and the grader is root, grading
stops with an explanation, unless the teacher passes ``--allow-unconfined-root``. A grader
that is not root is told, loudly, what student code could still reach.
"""

import os
from dataclasses import dataclass, field
from functools import lru_cache

from grader.sandbox.isolation import no_jail_warning
from grader.sandbox.launcher import jail_report
from grader.sandbox.seccomp import availability
from grader.sandbox.staging import SANDBOX_USER_VARIABLE

ALLOW_FLAG = "--allow-unconfined-root"


class UnsafeSandbox(RuntimeError):
    """Student code would run as root without the jail; the message says why and what to do."""


@dataclass
class Confinement:
    """What a sandbox's student code holds (plain data, as results.json keeps it)."""

    level: str
    uid: int | None = None
    gid: int | None = None
    user_namespace: bool = False
    capabilities: str = ""  # the effective set, in hex, as /proc/self/status shows it
    no_new_privs: bool = False
    seccomp_filter: bool = False
    private_root: bool = False
    warnings: list[str] = field(default_factory=list)

    @property
    def as_root(self) -> bool:
        return self.uid == 0 and not self.user_namespace

    def summary(self) -> str:
        """One line for the run's summary."""
        who = "root" if self.as_root else f"uid {self.uid}" + (" in a user namespace" if self.user_namespace else "")
        caps = "no capabilities" if self.capabilities.strip("0") == "" else f"capabilities {self.capabilities}"
        parts = [who, caps, "system-call filter on" if self.seccomp_filter else "NO system-call filter",
                 "a file system and process table of its own" if self.private_root else "the machine's file system"]
        return "Student code ran as " + ", ".join(parts) + "."


def measure(level: str) -> Confinement:
    """Start one empty sandbox at ``level`` and read what its jail reported."""
    return _measure(level, os.environ.get(SANDBOX_USER_VARIABLE, ""))


@lru_cache(maxsize=8)
def _measure(level: str, sandbox_user: str) -> Confinement:
    record = jail_report(level)  # one empty sandbox, started once per level (and sandbox user)
    held = record.get("capabilities", {})
    found = Confinement(level=level, uid=record.get("uid"), gid=record.get("gid"),
                        user_namespace=bool(record.get("user_namespace")), capabilities=held.get("CapEff", ""),
                        no_new_privs=held.get("NoNewPrivs") == "1", seccomp_filter=held.get("Seccomp") == "2",
                        private_root=record.get("root") == "private")
    found.warnings = _warnings(found)
    return found


def _warnings(found: Confinement) -> list[str]:
    said = []
    if not found.private_root:
        said.append(no_jail_warning(found.uid))  # as whom, what it exposes, why here, and the fix
    if not found.seccomp_filter:
        said.append(f"No system-call filter: {availability() or 'the kernel refused it'}.")
    return said


def enforce(found: Confinement, allow_root: bool) -> None:
    """Refuse a run that would give student code root, unless the teacher chose to allow it."""
    if not found.as_root or allow_root:
        return
    raise UnsafeSandbox(
        "student code would run as root here: " + " ".join(found.warnings or ["the jail could not drop root."]) +
        f" Either grade where user namespaces work, or set {SANDBOX_USER_VARIABLE} to an unprivileged user that "
        f"can read Python's standard library, or, only if you trust every submission, pass {ALLOW_FLAG}.")
