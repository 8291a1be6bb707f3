"""Running the grader as an ordinary user, from a root test run (CI runs as root).

The project's virtual environment usually sits on a Python under /root (pyenv), which no other
user may enter, so the ordinary user gets the grader the way a pip user would: the project's
wheel installed in a fresh venv (the integration tests' shared build, tests/integrations/
installed.py), whose site-packages the system's own Python (``/usr/bin/python3``) runs through
``setpriv`` with an unprivileged uid and no groups.
"""

import os
import shutil
import subprocess
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
    if system_python() is None:
        return "no Python 3.10+ outside /root for an ordinary user to run"
    return None


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


def run_as_ordinary_user(site: Path, args: list[str], cwd: Path, env: dict | None = None,
                         timeout: float = 600) -> subprocess.CompletedProcess:
    """``python -m grader.cli ARGS`` as the ordinary user, in ``cwd`` (which it must be able to write)."""
    let_in(cwd)
    home = cwd / ".home"
    home.mkdir(exist_ok=True)
    for path in (cwd, home):
        os.chown(path, ORDINARY_ID, ORDINARY_ID)
    command = ["setpriv", f"--reuid={ORDINARY_ID}", f"--regid={ORDINARY_ID}", "--clear-groups",
               system_python(), "-c", "import sys; from grader.cli import main; sys.argv[0] = 'grader'; main()", *args]
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(home), "PYTHONPATH": str(site), "LANG": "C.UTF-8",
                   "TMPDIR": str(home), **(env or {})}
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=timeout)
