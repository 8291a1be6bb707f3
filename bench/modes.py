"""Benchmark: the sandboxed grader against the in-process baseline, side by side.

    python bench/modes.py [N] [--rounds R] [--jobs J] [--isolation auto|namespaces|process]
                          [--check-runs C] [--skip-class]

The class is bench/full_lab.py's (N submissions, every 6th a demo student; every activity,
Activity 5 included). Each round grades it two ways, in an order that alternates from round to
round so that a machine getting busier or quieter hits both alike:

- sandboxed: ``grader.engine.batch.grade`` as ``grader grade`` runs it (a fresh fork of the
  sandbox's zygote per test, which imports the student's files: docs/architecture.md,
  "Per-test isolation");
- in-process: bench/inprocess_shard.py, one pytest process per submission with the student's
  code imported into it, J at a time (no sandbox at all).

Then ``grader check`` on one complete submission (and one in-process pytest run of the same
public tests) and ``grader check --activity A1``, C times each, interleaved. It prints every
measurement, then per way the median and the range (min-max) of wall seconds per submission,
the sandboxed/in-process ratio of each round (range), and whether both gave every submission
the same total. A script that prints numbers: nothing here can fail a build.

(Until warm workers were retired it also graded with them; their last numbers are in
docs/architecture.md, "What grading costs, measured".)
"""

import argparse
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab_runs import (  # noqa: E402 - also puts the repository on the path
    GRADER_CLI,
    INPROCESS_SHARD,
    QUIET,
    build_class,
    one_checked_submission,
    run_baseline,
    run_engine,
    run_measured,
    shard_env,
)

from grader.lab.registry import get_lab  # noqa: E402
from grader.lab.rubric import load_rubric  # noqa: E402


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.3f} (range {min(values):.3f}-{max(values):.3f}, n={len(values)})"


def grade_class_rounds(args, scratch: Path, rubric) -> None:
    kinds = build_class(scratch / "class", args.n, 6)
    n = len(kinds)
    walls = {"sandboxed": [], "in-process": []}
    ratios, agree = [], []
    order = list(walls)
    for r in range(args.rounds):
        measured = {}
        for way in order[r % 2:] + order[:r % 2]:
            if way == "in-process":
                measured[way] = run_baseline(scratch / "class", scratch, args, rubric)
            else:
                measured[way] = run_engine(scratch / "class", scratch, args)
            walls[way].append(measured[way]["wall"] / n)
            print(f"  round {r + 1}: {way:10s} {measured[way]['wall']:7.1f} s, {measured[way]['wall'] / n:.3f} s per submission",
                  flush=True)
        ratios.append(measured["sandboxed"]["wall"] / measured["in-process"]["wall"])
        totals = [{s["id"]: (s["total"], s.get("bonus", 0.0)) for s in measured[w]["submissions"]} for w in order]
        agree.append(totals[0] == totals[1])
    print(f"\nclass of {n}, {args.rounds} rounds (wall seconds per submission):")
    for way, values in walls.items():
        print(f"  {way:10s} {spread(values)}")
    print(f"  sandboxed / in-process, per round: {spread(ratios)}")
    print(f"  both gave every submission the same total in every round: {all(agree)}")


def check_rounds(args, scratch: Path, rubric) -> None:
    folder, work = one_checked_submission(scratch, rubric, "check")
    base = [*GRADER_CLI, "check", str(folder), "--isolation", args.isolation]
    commands = {
        "check": base,
        "in-process run": [*INPROCESS_SHARD, str(work / "plan.json"), str(work / "report.json")],
        "check A1": [*base, "--activity", "A1"],
    }
    walls = {name: [] for name in commands}
    names = list(commands)
    for r in range(args.check_runs):
        for name in names[r % len(names):] + names[:r % len(names)]:
            extra = {"cwd": work / "cwd", "env": shard_env()} if name == "in-process run" else {}
            walls[name].append(run_measured(commands[name], **QUIET, **extra).wall)
    print(f"\none complete submission, whole command wall seconds, {args.check_runs} runs each, interleaved:")
    for name, values in walls.items():
        print(f"  {name:15s} {spread(values)}")
    ratio = [w / b for w, b in zip(walls["check"], walls["in-process run"])]
    print(f"  check / in-process run, pairwise: {spread(ratio)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--isolation", default="auto", choices=("auto", "namespaces", "process"))
    parser.add_argument("--check-runs", type=int, default=5)
    parser.add_argument("--skip-class", action="store_true", help="only the `grader check` measurements")
    args = parser.parse_args()
    rubric = load_rubric(lab=get_lab("elevens"))
    print(f"python bench/modes.py {' '.join(sys.argv[1:])}\n{os.cpu_count()} cores, {platform.python_implementation()} "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f} at the start")
    with tempfile.TemporaryDirectory(prefix="modes-bench-") as tmp:
        if not args.skip_class:
            grade_class_rounds(args, Path(tmp), rubric)
        check_rounds(args, Path(tmp), rubric)
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end (2 cores: above 2, the numbers are noisy)")


if __name__ == "__main__":
    main()
