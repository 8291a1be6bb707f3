"""Student code as an unprivileged user, when Gradescope starts the autograder as root.

Gradescope runs ``run_autograder`` as root, and every process of the sandbox would be root too:
student code could then read the teacher's rubric, overwrite ``results.json``, raise its own
resource limits or read the submission's metadata (which holds earlier results, hidden tests
included). So, when we are root, we:

1. make sure the sandbox user exists (``useradd --system``; ``grader-student`` by default);
2. check that it can start this Python and import from its standard library (a Python
   installed under ``/root`` cannot be), since a student's ``import math`` would otherwise fail
   and look like the student's mistake;
3. take every permission of "others" off the autograder's own folders and files (the rubric
   and settings in ``source/``, ``results/``, the submission's metadata) and off the installed
   grader (its suites, the lab's answer key), so the sandbox user can read none of them;
4. name the user in ``GRADER_SANDBOX_USER`` for the grading processes: every sandbox's folder
   is then given to it and its zygote runs as it (grader/sandbox/staging.py,
   sandbox_runtime/workers/launcher.py).

If any step fails, student code runs as root, as before, and the reason goes to the log (the
instructor's "Autograder Output"), never to the student.
"""

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from grader.sandbox.staging import SANDBOX_USER_VARIABLE

# Modules that live in files of the standard library, not in the interpreter, so importing
# them proves the user can read it (math and _json are compiled modules in lib-dynload).
PROBE = "import math, json, pkgutil, unittest, decimal; print('ok')"


class SandboxUserError(RuntimeError):
    """The sandbox user cannot be used; the message says why."""


def ensure_user(name: str, run: Callable = subprocess.run) -> tuple[int, int]:
    """The uid and gid of ``name``, created as a system user with no home and no login if missing."""
    import pwd

    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        command = ["useradd", "--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", name]
        try:
            done = run(command, capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SandboxUserError(f"could not create the user {name} ({exc})") from None
        if done.returncode != 0:
            raise SandboxUserError(f"`{' '.join(command)}` failed: {done.stderr.strip() or done.returncode}")
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            raise SandboxUserError(f"useradd said it created {name}, but there is no such user") from None
    if entry.pw_uid == 0:
        raise SandboxUserError(f"the user {name} is root (uid 0)")
    return entry.pw_uid, entry.pw_gid


def can_run_python(uid: int, gid: int) -> str:
    """"" if ``uid`` can start this Python and import from its standard library; else why not."""
    try:
        done = subprocess.run([sys.executable, "-S", "-s", "-B", "-c", PROBE], user=uid, group=gid, extra_groups=[],
                              capture_output=True, text=True, timeout=30, cwd="/", env={"PATH": "/usr/bin:/bin"})
    except (OSError, subprocess.SubprocessError) as exc:
        return f"starting {sys.executable} as uid {uid} failed ({exc})"
    if done.returncode != 0 or done.stdout.strip() != "ok":
        last = (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
        return f"uid {uid} cannot run {sys.executable} with its standard library ({last})"
    return ""


def hide_from_others(paths: list[Path]) -> list[Path]:
    """Take the group's and others' permissions off each path that exists; the ones changed.

    A folder with mode 0700 keeps everyone but its owner (root) out of all it holds."""
    changed = []
    for path in paths:
        try:
            mode = path.stat().st_mode
            os.chmod(path, mode & ~0o077)
        except OSError:
            continue
        changed.append(path)
    return changed


def use_sandbox_user(name: str, private: list[Path], log: Callable[[str], None] = print,
                     probe: Callable[[int, int], str] | None = None) -> bool:
    """Run student code as ``name`` from now on (see the module docstring); whether it will.
    ``probe(uid, gid)`` says why the user cannot run Python ("" if it can): ``can_run_python``."""
    probe = probe or can_run_python
    if name == "root":
        log("Student code runs as root: the autograder was built with --sandbox-user root.")
        return False
    if os.geteuid() != 0:
        log(f"Student code runs as this user (uid {os.geteuid()}): only root could switch to {name}.")
        return False
    try:
        uid, gid = ensure_user(name)
        problem = probe(uid, gid)
        if problem:
            raise SandboxUserError(problem)
    except SandboxUserError as exc:
        log(f"WARNING: student code runs as root, because {exc}.")
        return False
    hidden = hide_from_others(private)
    os.environ[SANDBOX_USER_VARIABLE] = name
    log(f"Student code runs as {name} (uid {uid}); hidden from it: {', '.join(str(p) for p in hidden) or 'nothing'}.")
    return True
