"""The grader as it is deployed: built with ``pip wheel``, installed (not editable) into a fresh
virtual environment, and run from a folder with no source tree in reach.

The tests of every integration that ships the grader somewhere (Gradescope's zip, a Classroom
runner, a PrairieLearn image) use ``InstalledGrader`` so that a module, an asset or a data file
missing from the wheel fails them, as it would fail for the students. Building and installing
takes about 20 seconds, so it happens once per test session (tests/integrations/conftest.py),
and once in all when pytest-xdist runs several workers: the first one builds, the others wait
for it under a file lock and reuse the result.

The wheel is built from a copy of the checkout, so a ``build/`` folder left in the checkout by
an earlier build (which setuptools would reuse, with files since deleted) never leaks into it.
"""

import fcntl
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.lab_loader import ROOT

DISTRIBUTION = "elevens-grader"
# Not part of what is shipped: version control, environments, build leftovers, caches.
SKIPPED = (".git", ".venv*", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".pytest_cache", "node_modules")


@dataclass(frozen=True)
class InstalledGrader:
    venv: Path
    wheel: Path
    outside: Path  # an empty folder far from the checkout, to run commands in

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def env(self, **extra: str) -> dict[str, str]:
        """The environment a deployed grader sees: its own venv first on PATH, nothing of ours."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PYTEST", "GITHUB_"))}
        env.update(PATH=f"{self.bin}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}", VIRTUAL_ENV=str(self.venv))
        env.update(extra)
        return env

    def grader(self, *args: str, cwd: Path | None = None, timeout: float = 600, **env: str) -> subprocess.CompletedProcess:
        """``grader ARGS`` with the installed console script, from ``cwd`` (default: ``outside``)."""
        return subprocess.run([str(self.bin / "grader"), *args], capture_output=True, text=True,
                              cwd=cwd or self.outside, env=self.env(**env), timeout=timeout)

    def run_python(self, *args: str, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
        """The venv's Python in isolated mode (-I: no current folder, no PYTHON* variables)."""
        return subprocess.run([str(self.python), "-I", *args], capture_output=True, text=True,
                              cwd=cwd or self.outside, env=self.env(), timeout=timeout)


def build_and_install(base: Path) -> InstalledGrader:
    """Copy the checkout, ``pip wheel`` it, make a venv and ``pip install`` the wheel, in ``base``."""
    source, wheels, venv, outside = base / "source", base / "wheels", base / "venv", base / "outside"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*SKIPPED), symlinks=True)
    run_checked([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--quiet", "-w", str(wheels)])
    shutil.rmtree(source)
    wheel = next(wheels.glob("*.whl"))
    run_checked([sys.executable, "-m", "venv", str(venv)])
    run_checked([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)])
    outside.mkdir()
    return InstalledGrader(venv, wheel, outside)


def shared_installed_grader(base: Path) -> InstalledGrader:
    """``build_and_install`` into ``base`` once, whichever process asks first; the others wait."""
    base.mkdir(parents=True, exist_ok=True)
    done = base / "installed.json"
    with open(base / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            installed = build_and_install(base / "grader")
            done.write_text(json.dumps({"venv": str(installed.venv), "wheel": str(installed.wheel),
                                        "outside": str(installed.outside)}))
    paths = json.loads(done.read_text())
    return InstalledGrader(Path(paths["venv"]), Path(paths["wheel"]), Path(paths["outside"]))


def run_checked(command: list[str]) -> None:
    """Run ``command``; its output in the error when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
