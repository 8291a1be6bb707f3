"""The Python versions the grader supports (pyproject's requires-python, and each one since),
and where this machine has each: for the tests that run something on every version."""

import glob
import os
import shutil
import subprocess

VERSIONS = ("3.10", "3.11", "3.12", "3.13")


def interpreter(version: str) -> tuple[str | None, str]:
    """A working ``python<version>``, or None and why there is none."""
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    candidates = sorted(glob.glob(f"{pyenv}/versions/{version}.*/bin/python{version}"), reverse=True)
    candidates += [found for found in [shutil.which(f"python{version}")] if found]
    for candidate in candidates:
        done = subprocess.run([candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                              capture_output=True, text=True, timeout=30)
        if done.returncode == 0 and done.stdout.strip() == version:
            return candidate, ""
    tried = ", ".join(candidates) or f"no python{version} on PATH or under {pyenv}/versions"
    return None, f"Python {version} not found on this machine (tried: {tried})"
