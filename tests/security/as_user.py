"""Running the grader as an ordinary user, from a root test run (CI runs as root).

The project's virtual environment usually sits on a Python under /root (pyenv), which no other
user may enter, so the ordinary user gets the grader the way a pip user would: the project's
wheel and the files of its dependencies, installed into a world-readable folder, run by the
system's own Python (``/usr/bin/python3``) through ``setpriv`` with an unprivileged uid and no
groups. Built once per test session (a few seconds).
"""

import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from tests.lab_loader import ROOT

ORDINARY_ID = 54321  # a uid and gid no file or process of the machine has
REQUIRES = ("click", "pytest", "pyyaml", "rich", "pyseccomp")


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


def _copy_distribution(name: str, site: Path, seen: set[str]) -> None:
    """Copy an installed distribution's files, and those of what it requires, into ``site``."""
    key = name.lower().replace("_", "-")
    if key in seen:
        return
    seen.add(key)
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return
    for file in dist.files or []:
        source = Path(dist.locate_file(file))
        if source.is_file() and ".." not in file.parts and "__pycache__" not in file.parts:
            target = site / file
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    for requirement in dist.requires or []:
        if "extra ==" not in requirement:
            _copy_distribution(requirement.split(";")[0].split("[")[0].split(">")[0].split("<")[0].split("=")[0]
                               .split("!")[0].split("~")[0].strip(), site, seen)


def install_for_ordinary_user(folder: Path) -> Path:
    """The grader's wheel and its dependencies in ``folder/site``, readable by everyone."""
    wheels = folder / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "-w", str(wheels), str(ROOT)], check=True, capture_output=True)
    site = folder / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target", str(site),
                    *map(str, wheels.glob("*.whl"))], check=True, capture_output=True)
    seen: set[str] = {"elevens-grader"}
    for name in REQUIRES:
        _copy_distribution(name, site, seen)
    let_in(folder)
    for path in (folder, *folder.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    return site


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
