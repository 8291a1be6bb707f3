"""Running the grader as an ordinary user, from a root test run (CI runs as root).

The project's virtual environment usually sits on a Python under /root (pyenv), which no other
user may enter, so the ordinary user gets the grader the way a pip user would: the project's
wheel installed in a fresh venv (the integration tests' shared build, tests/integrations/
installed.py), whose site-packages a Python of the same version runs through ``setpriv`` with
an unprivileged uid and no groups. That Python is the system's own (``/usr/bin/python3``) when
it is the venv's version; otherwise a copy of the venv's own base Python in a folder everyone
may enter (``portable_python``), so that the ordinary-user attacks run on every Python the suite
runs on (CI's 3.12 is pyenv's, under /root).
"""

import fcntl
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ORDINARY_ID = 54321  # a uid and gid no file or process of the machine has


def system_python() -> str | None:
    """A Python 3.10+ every user may run, or None."""
    for candidate in ("/usr/bin/python3", "/usr/local/bin/python3"):
        if os.path.exists(candidate):
            done = subprocess.run([candidate, "-c", "import sys; print(sys.version_info >= (3, 10))"],
                                  capture_output=True, text=True)
            if done.stdout.strip() == "True":
                return candidate
    return None


def why_not() -> str | None:
    """Why the ordinary-user case cannot run here, or None when it can."""
    if os.geteuid() != 0:
        return "already an ordinary user: the plain tests are this case"
    if not shutil.which("setpriv"):
        return "setpriv (util-linux) is not installed"
    return None


# Short on purpose: the copy's interpreter finds its libpython through a path written into it,
# which may only be replaced by one no longer than the original (see _point_at).
PORTABLE_ROOT = Path("/tmp/gpy")
# Not needed to run the grader, and most of the interpreter's size.
PORTABLE_SKIPPED = ("test", "idlelib", "tkinter", "turtledemo", "ensurepip", "site-packages", "lib2to3")


def portable_python() -> str | None:
    """This test run's Python, copied where an ordinary user may run it, or None when it cannot be.

    The copy holds the interpreter, its shared library and its standard library (not its tests
    or site-packages); it is made once per machine and Python version, under a lock, and reused
    while it is root's and nobody else may write to it. An interpreter linked to a shared
    libpython names that library's folder in its RUNPATH (pyenv: ``/root/.pyenv/versions/
    3.12.1/lib``), which the ordinary user cannot enter, so the copy's RUNPATH is rewritten in
    place to the copy's own lib folder."""
    base = Path(sys.base_prefix)
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    executable = base / "bin" / f"python{version}"
    if not executable.is_file():
        return None
    target = PORTABLE_ROOT / version
    ready = target / "ready"
    PORTABLE_ROOT.mkdir(mode=0o755, exist_ok=True)
    info = PORTABLE_ROOT.lstat()
    if info.st_uid != 0 or info.st_mode & 0o022 or PORTABLE_ROOT.is_symlink():
        return None  # someone else's folder: never run what they could have put there
    os.chmod(PORTABLE_ROOT, 0o755)
    with open(PORTABLE_ROOT / f"{version}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not ready.is_file():
            shutil.rmtree(target, ignore_errors=True)
            for folder in ("bin", "lib"):
                (target / folder).mkdir(parents=True)
            shutil.copy2(executable, target / "bin" / executable.name)
            for library in (base / "lib").glob(f"libpython{version}*.so*"):
                shutil.copy2(library, target / "lib" / library.name)
            shutil.copytree(base / "lib" / f"python{version}", target / "lib" / f"python{version}",
                            ignore=shutil.ignore_patterns(*PORTABLE_SKIPPED), symlinks=True)
            if not _point_at(target / "bin" / executable.name, base / "lib", target / "lib"):
                return None
            for path in (target, *target.rglob("*")):
                if not path.is_symlink():
                    os.chmod(path, os.stat(path).st_mode | (0o755 if path.is_dir() else 0o444))
            ready.write_text(str(executable))
    copy = str(target / "bin" / executable.name)
    done = subprocess.run(["setpriv", f"--reuid={ORDINARY_ID}", f"--regid={ORDINARY_ID}", "--clear-groups",
                           copy, "-c", "import json, ssl, sqlite3, ctypes; print('ok')"],
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    return copy if done.stdout.strip() == "ok" else None


def _point_at(executable: Path, old: Path, new: Path) -> bool:
    """Rewrite the RUNPATH ``old`` inside ``executable`` to ``new`` (padded with NULs), in place.
    True when the interpreter names no such folder (a static build) or it was rewritten."""
    data = executable.read_bytes()
    before, after = str(old).encode() + b"\0", str(new).encode() + b"\0"
    if before not in data:
        return True
    if len(after) > len(before):
        return False
    executable.write_bytes(data.replace(before, after.ljust(len(before), b"\0")))
    return True


def ordinary_python(installed) -> str | None:
    """A Python the ordinary user may run whose version is the deployed venv's: the system's,
    else a portable copy of the venv's own (``portable_python``), or None."""
    if same_version(installed):
        return system_python()
    venv_version = next((installed.venv / "lib").glob("python3.*")).name
    if venv_version != f"python{sys.version_info[0]}.{sys.version_info[1]}":
        return None
    return portable_python()


def site_for_ordinary_user(installed) -> Path:
    """The site-packages of the deployed grader (tests/integrations/installed.py: the wheel,
    installed in a fresh venv), made readable by everyone, for the system's Python to run.
    Its packages must be for the system Python's version: the caller checks ``same_version``."""
    site = next((installed.venv / "lib").glob("python3.*")) / "site-packages"
    let_in(site)
    for path in (installed.venv, *installed.venv.rglob("*")):
        if not path.is_symlink():
            os.chmod(path, os.stat(path).st_mode | (0o755 if path.is_dir() else 0o644))
    return site


def same_version(installed) -> bool:
    """Whether the system's Python can import what the deployed venv holds (same 3.x)."""
    venv_version = next((installed.venv / "lib").glob("python3.*")).name
    if system_python() is None:
        return False
    done = subprocess.run([system_python(), "-c", "import sys; print(f'python{sys.version_info[0]}.{sys.version_info[1]}')"],
                          capture_output=True, text=True)
    return done.stdout.strip() == venv_version


def let_in(folder: Path) -> None:
    """Make ``folder`` and the folders above it enterable by the ordinary user (pytest's own
    temporary folders are root's alone)."""
    for path in (folder, *folder.parents):
        if path == Path("/"):
            break
        os.chmod(path, os.stat(path).st_mode | 0o005)


@dataclass(frozen=True)
class OrdinaryUserGrader:
    """The deployed grader as the ordinary user runs it: its site-packages and a Python to run them."""

    site: Path
    python: str


def run_as_ordinary_user(deployed: OrdinaryUserGrader, args: list[str], cwd: Path, env: dict | None = None,
                         timeout: float = 600) -> subprocess.CompletedProcess:
    """``python -m grader.cli ARGS`` as the ordinary user, in ``cwd`` (which it must be able to write)."""
    let_in(cwd)
    home = cwd / ".home"
    home.mkdir(exist_ok=True)
    for path in (cwd, home):
        os.chown(path, ORDINARY_ID, ORDINARY_ID)
    command = ["setpriv", f"--reuid={ORDINARY_ID}", f"--regid={ORDINARY_ID}", "--clear-groups",
               deployed.python, "-c", "import sys; from grader.cli import main; sys.argv[0] = 'grader'; main()", *args]
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(home), "PYTHONPATH": str(deployed.site), "LANG": "C.UTF-8",
                   "TMPDIR": str(home), **(env or {})}
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=timeout)
