"""Grading mutants the way a student is graded: each mutant is one submission folder (the lab's
reference with one file changed), and the whole class of mutants goes through ``grader grade``
with hidden tests, limited to the activities that own the changed file (a bug costs points once,
so no other activity could lose a point for it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .operators import Mutant


@dataclass
class Verdict:
    """What grading did to one mutant: killed (lost a graded point, or did not load) or not."""

    mutant: Mutant
    activities: tuple[str, ...]
    killed: bool
    failed: list[str] = field(default_factory=list)  # "A1 test_rank[king-...]" per graded test lost
    note: str = ""  # e.g. "not_loaded", "timed_out"


def owners(rubric: Path) -> dict[str, tuple[str, ...]]:
    """Student file -> the activities that grade it, leaving out testers (an activity with
    ``uses``: it grades the student's tester, not a class) and data files."""
    owned: dict[str, list[str]] = {}
    for activity in yaml.safe_load(rubric.read_text(encoding="utf-8"))["activities"]:
        if activity.get("uses"):
            continue
        for entry in activity.get("files", []):
            for name in str(entry).split("|"):
                if name.endswith(".py"):
                    owned.setdefault(name, []).append(activity["id"])
    return {name: tuple(ids) for name, ids in owned.items()}


def reference_files(reference: Path) -> list[Path]:
    return sorted(p for p in reference.iterdir()
                  if p.is_file() and p.suffix in (".py", ".yaml", ".java") and p.name != "__init__.py")


def grade_mutants(lab: str, reference: Path, mutants: list[Mutant], activities: tuple[str, ...],
                  work: Path, jobs: int, seed: int = 0) -> list[Verdict]:
    """Grades ``mutants`` (all of one file) as one class; the reference itself goes first, as
    the control that must get full marks. ``reference`` is the folder of the edition mutated:
    the lab's Python reference, or its ``java/`` folder (then every submission is Java)."""
    classroom = write_class(reference, mutants, work / "class")
    out = work / "out"
    command = [sys.executable, "-m", "grader.cli", "grade", str(classroom), "--out", str(out), "--lab", lab,
               "--jobs", str(jobs), "--seed", str(seed)]
    for activity in activities:
        command += ["--activity", activity]
    done = subprocess.run(command, capture_output=True, text=True)
    results_file = out / "results.json"
    if not results_file.exists():
        raise RuntimeError(f"grader grade wrote no results.json (exit {done.returncode}):\n{done.stderr[-3000:]}")
    results = {s["id"]: s for s in json.loads(results_file.read_text(encoding="utf-8"))["submissions"]}
    control = _verdict(None, results.get("reference"), activities)
    if control.killed:
        raise RuntimeError("the unchanged reference lost points, so no mutant can be judged: "
                           + "; ".join(control.failed or [control.note]))
    return [_verdict(m, results.get(m.id), activities) for m in mutants]


def write_class(reference: Path, mutants: list[Mutant], classroom: Path) -> Path:
    """A class folder: the reference as ``reference``, and each mutant as a submission of its own."""
    shutil.rmtree(classroom.parent, ignore_errors=True)
    classroom.mkdir(parents=True)
    given = reference_files(reference)
    for name, mutant in {"reference": None, **{m.id: m for m in mutants}}.items():
        folder = classroom / name
        folder.mkdir()
        for path in given:
            shutil.copy2(path, folder / path.name)
        if mutant is not None:
            (folder / mutant.file).write_text(mutant.source, encoding="utf-8")
    return classroom


def _verdict(mutant: Mutant | None, result: dict | None, activities: tuple[str, ...]) -> Verdict:
    if result is None:
        return Verdict(mutant, activities, True, note="no result (unusable submission)")
    failed, notes = [], []
    for activity in result["activities"]:
        if activity["id"] not in activities:
            continue
        if activity["status"] != "graded":
            notes.append(f"{activity['id']} {activity['status']}")
            continue
        for test in activity["tests"]:
            if test.get("advisory") or test["max_points"] == 0:
                continue
            if test["points"] < test["max_points"]:
                failed.append(f"{activity['id']} {test['name']}")
    return Verdict(mutant, activities, bool(failed or notes), failed, "; ".join(notes))


def java_owners(rubric: Path, java_activities: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Java file -> the activities that grade it (``Widget.java`` is the twin of ``widget.py``)."""
    from grader.java.sources import java_file

    found = {}
    for name, activities in owners(rubric).items():
        graded = tuple(a for a in activities if a in java_activities)
        if graded:
            found[java_file(name)] = graded
    return found


def compiling(mutants: list[Mutant], java_reference: Path, jobs: int) -> list[Mutant]:
    """The mutants that compile beside the rest of the Java reference: a token change that does
    not compile is no mutant a student could hand in. One JVM compiles them all
    (java/CompileEach.java), since starting ``javac`` once a mutant costs a second each."""
    import tempfile

    others = [p for p in java_reference.glob("*.java") if not p.stem.endswith("Tester")]
    with tempfile.TemporaryDirectory(prefix="audit-javac-") as tmp:
        folders = []
        for i, mutant in enumerate(mutants):
            folder = Path(tmp) / str(i)
            folder.mkdir()
            for path in others:
                shutil.copy2(path, folder / path.name)
            (folder / mutant.file).write_text(mutant.source, encoding="utf-8")
            folders.append(folder)
        listing = Path(tmp) / "folders.txt"
        listing.write_text("\n".join(map(str, folders)) + "\n", encoding="utf-8")
        done = subprocess.run(["java", str(Path(__file__).parent / "java" / "CompileEach.java"), str(listing)],
                              capture_output=True, text=True)
        compiled = {line.split(" ", 1)[1] for line in done.stdout.splitlines() if line.startswith("ok ")}
        if not compiled and mutants:
            raise RuntimeError(f"no mutant compiled; is a JDK installed? {done.stderr[-2000:]}")
    return [m for m, folder in zip(mutants, folders) if str(folder) in compiled]
