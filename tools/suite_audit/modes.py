"""``audit_suites.py --modes``: grade the mutants in both isolation modes and compare.

Warm workers (the default; sandbox_runtime/warm.py) must grade exactly as a fresh process per
test does (``--fresh-process-per-test``). The mutants are the largest set of wrong classes the
project has, too many for the test suite: this grades one file's mutants (and the reference) as
one class twice, once per mode, alternating which goes first from file to file, and compares
every test of every submission (outcome, points, message). It prints, per file, the mutants and
test runs compared, the differences (each one listed), and each mode's wall time.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from .grading import write_class
from .operators import Mutant


@dataclass
class Comparison:
    file: str
    mutants: int
    tests: int = 0
    differences: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


def compare_modes(lab: str, reference: Path, mutants: list[Mutant], activities: tuple[str, ...],
                  work: Path, jobs: int, seed: int = 0, fresh_first: bool = False) -> Comparison:
    classroom = write_class(reference, mutants, work / "class")
    found = Comparison(mutants[0].file if mutants else "?", len(mutants))
    results = {}
    for mode in (("fresh", "warm") if fresh_first else ("warm", "fresh")):
        out = work / f"out-{mode}"
        command = [sys.executable, "-m", "grader.cli", "grade", str(classroom), "--out", str(out), "--lab", lab,
                   "--jobs", str(jobs), "--seed", str(seed)]
        command += [arg for activity in activities for arg in ("--activity", activity)]
        if mode == "fresh":
            command.append("--fresh-process-per-test")
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True)
        found.seconds[mode] = time.monotonic() - started
        results_file = out / "results.json"
        if not results_file.exists():
            raise RuntimeError(f"grader grade ({mode}) wrote no results.json (exit {done.returncode}):\n{done.stderr[-3000:]}")
        results[mode] = {s["id"]: s for s in json.loads(results_file.read_text(encoding="utf-8"))["submissions"]}
    warm, fresh = results["warm"], results["fresh"]
    for sub_id in sorted(set(warm) | set(fresh)):
        a, b = _tests(warm.get(sub_id)), _tests(fresh.get(sub_id))
        found.tests += len(b)
        for name in sorted(set(a) | set(b)):
            if a.get(name) != b.get(name):
                found.differences.append(f"{sub_id} {name}: warm {a.get(name)}, fresh {b.get(name)}")
    return found


def _tests(result: dict | None) -> dict[str, tuple]:
    if result is None:
        return {}
    tests = {f"{a['id']} status": (a["status"], a["score"]) for a in result["activities"]}
    for activity in result["activities"]:
        for test in activity["tests"]:
            tests[f"{activity['id']} {test['name']}"] = (test["outcome"], test["points"], test.get("message", ""))
    return tests


def report(comparisons: list[Comparison]) -> str:
    lines = ["| file | mutants | test runs compared | differences | warm s | fresh s |", "|---|---|---|---|---|---|"]
    for c in comparisons:
        lines.append(f"| {c.file} | {c.mutants} | {c.tests} | {len(c.differences)} | "
                     f"{c.seconds.get('warm', 0):.1f} | {c.seconds.get('fresh', 0):.1f} |")
    total = sum(len(c.differences) for c in comparisons)
    lines.append(f"\n{sum(c.mutants for c in comparisons)} mutants, {sum(c.tests for c in comparisons)} test runs "
                 f"compared, {total} differences.")
    for c in comparisons:
        lines += [f"- {line}" for line in c.differences]
    return "\n".join(lines)
