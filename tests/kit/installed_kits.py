"""Student kits as students get them: built by the installed (full) grader's `grader kit`, and
installed alone into a fresh virtual environment, one per lab.

Built once per test session for all pytest-xdist workers, under a file lock (as
tests/integrations/installed.py does for the full grader).
"""

import fcntl
import json
import sys
from pathlib import Path

from tests.integrations.installed import InstalledGrader, run_checked


def shared_kit(base: Path, full: InstalledGrader, lab: str) -> InstalledGrader:
    """``lab``'s kit, built with ``full`` and installed into its own venv under ``base``, once."""
    base.mkdir(parents=True, exist_ok=True)
    done = base / f"{lab}.json"
    with open(base / f"{lab}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            wheels, venv, outside = base / lab / "wheels", base / lab / "venv", base / lab / "outside"
            built = full.grader("kit", "--lab", lab, "-o", str(wheels))
            if built.returncode != 0:
                raise RuntimeError(f"grader kit --lab {lab} failed ({built.returncode}):\n{built.stdout}\n{built.stderr}")
            wheel = next(wheels.glob("*.whl"))
            run_checked([sys.executable, "-m", "venv", str(venv)])
            run_checked([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)])
            outside.mkdir(parents=True)
            done.write_text(json.dumps({"venv": str(venv), "wheel": str(wheel), "outside": str(outside)}))
    paths = json.loads(done.read_text())
    return InstalledGrader(Path(paths["venv"]), Path(paths["wheel"]), Path(paths["outside"]))

