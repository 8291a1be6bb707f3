"""A class folder of honest students (copied from examples/elevens) beside hostile entries, and
`grader grade` run on it as a teacher would: the helpers the tests in this folder share."""

import csv
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.lab_loader import ROOT

EXAMPLES = ROOT / "examples" / "elevens"
# Honest students: one with full marks, one with the lab's Buggy1 (a partial score).
HONEST = ("ada_complete", "dev_bugs")


@dataclass
class GradeRun:
    """What one `grader grade` left: its exit code and printing, and the outputs, parsed."""

    done: subprocess.CompletedProcess
    out: Path
    results: dict  # results.json
    rows: list[dict]  # gradebook.csv

    @property
    def by_id(self) -> dict[str, dict]:
        return {s["id"]: s for s in self.results["submissions"]}

    @property
    def stdout_words(self) -> str:
        """Standard output with its line wrapping undone, for phrases that may wrap."""
        return " ".join(self.done.stdout.split())


def copy_example(name: str, root: Path, as_name: str | None = None) -> Path:
    """An example student's folder copied into ``root`` (under another name if given)."""
    target = root / (as_name or name)
    shutil.copytree(EXAMPLES / name, target)
    return target


def grade(root: Path, out: Path, *activities: str) -> GradeRun:
    """`grader grade ROOT --out OUT --activity ...`, run as a separate process; the outputs parsed
    (which fails the test if one is missing or does not parse)."""
    options = [arg for activity in activities for arg in ("--activity", activity)]
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", str(root), "--out", str(out), *options],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode != 70, f"the grader crashed:\n{done.stdout}\n{done.stderr}"
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    with open(out / "gradebook.csv", encoding="utf-8-sig", newline="") as table:
        rows = list(csv.DictReader(table))
    return GradeRun(done, out, results, rows)


def honest_alone(tmp: Path, *activities: str) -> dict[str, dict]:
    """Each honest student's results.json entry when graded in a class of their own."""
    found = {}
    for name in HONEST:
        root = tmp / f"alone-{name}"
        root.mkdir()
        copy_example(name, root)
        found[name] = grade(root, tmp / f"alone-{name}-out", *activities).by_id[name]
    return found
