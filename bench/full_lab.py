"""Benchmark: the whole Elevens lab (every activity, Activity 5 included) on a class of N.

    python bench/full_lab.py [N] [--quick] [--isolation auto|namespaces|process] [--jobs J]
                             [--per-activity-n M] [--demo-every K] [--runs R]

The class: N submissions, every K-th (default 6th) one of the demo students of examples/elevens
(the zip fay_zipped.zip included, first in their cycle), the others copies of the reference
(reference/*.py and answers.yaml, without __init__.py). It prints, all measured in this one run:

1. wall seconds per submission for the sandboxed grader: the engine alone
   (``grader.engine.batch.grade``, in a helper process of this script) and the whole
   ``grader grade`` command (start-up and report writing included);
2. the in-process baseline, "the way other graders do it": ONE pytest process per submission
   over the same suites, student code imported into it (bench/inprocess_shard.py: no sandbox,
   no fork per test), J (default 2) at a time; whether its totals agree with the sandboxed ones,
   per kind of submission, and every test whose outcome differs;
3. the ratio of the two;
4. fixed start-up costs: ``grader check`` on one complete submission, one in-process pytest run
   of the same (public) tests on the same folder, their ratio, and ``grader grade`` on a class of
   one (each the whole command's wall time, median of R runs), and ``grader check --activity A6``,
   which starts no sandbox (Activity 6 reads answers.yaml as data): the command's fixed part;
5. per activity: the class of M graded with only that activity, wall and CPU per submission,
   beside the sum of the tests' own durations (pytest's clock) in the main sandboxed and
   in-process runs; a "none" row is the fixed cost of a run that selects no test;
6. peak memory: the largest shard, the whole command's process tree, the in-process runs;

and, last, a Markdown table with the exact command line, ready for docs/architecture.md.
``--quick``: R = 3 instead of 5, M = 20 instead of 50 (never more than N).

CPU times come from getrusage of processes this script waited for, which include only the
descendants each of them reaped. At the ``namespaces`` level the launcher's zygotes and workers
live in a PID namespace whose processes are not all reaped into that count, so CPU is only
accurate with ``--isolation process``; the level used is printed next to every CPU figure.

A script that prints numbers, not a test: nothing here can fail a build. Everything it creates
is inside one temporary folder, removed at the end (also on Ctrl-C).
"""

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab_runs import (  # noqa: E402 - also puts the repository on the path
    GRADER_CLI,
    INPROCESS_SHARD,
    QUIET,
    build_class,
    median,
    one_checked_submission,
    run_baseline,
    run_cli,
    run_engine,
    run_measured,
    shard_env,
)

from grader.lab.registry import get_lab  # noqa: E402
from grader.lab.rubric import load_rubric  # noqa: E402
from grader.sandbox.launcher import detect  # noqa: E402

NOTHING = "__no_test_has_this_name__"


# -- comparing results ----------------------------------------------------------------------

def summary(sub: dict) -> dict:
    """The parts of a submission's result (results.json shape) the comparison looks at."""
    return {
        "total": sub["total"], "bonus": sub.get("bonus", 0.0), "status": sub["status"],
        "activities": {a["id"]: (a["status"], a["score"]) for a in sub.get("activities", [])},
        "tests": {f"{a['id']} {t['name']}": (t["outcome"], t.get("message", "")) for a in sub.get("activities", []) for t in a["tests"]},
    }


def compare(kinds: dict[str, str], sandboxed: list[dict], inprocess: list[dict], cli: dict) -> list[str]:
    """Print, per kind, whether the totals agree; and every test whose outcome differs."""
    a = {s["id"]: summary(s) for s in sandboxed}
    b = {s["id"]: summary(s) for s in inprocess}
    c = {s["id"]: summary(s) for s in cli.get("submissions", [])}
    lines = []
    print("\ntotals (total + bonus) per kind of submission: sandboxed engine | grader grade | in-process")
    for kind in dict.fromkeys(kinds.values()):
        ids = [i for i, k in kinds.items() if k == kind]
        engine_totals = sorted({(a[i]["total"], a[i]["bonus"]) for i in ids})
        cli_totals = sorted({(c[i]["total"], c[i]["bonus"]) for i in ids if i in c})
        base_totals = sorted({(b[i]["total"], b[i]["bonus"]) for i in ids})
        agree = all(a[i]["total"] == b[i]["total"] and a[i]["bonus"] == b[i]["bonus"] for i in ids)
        agree_cli = all(i in c and c[i]["total"] == a[i]["total"] and c[i]["bonus"] == a[i]["bonus"] for i in ids)
        failed_runs = sum(1 for i in ids if b[i]["status"] == "grader_error" and not b[i]["tests"])
        verdict = "agree" if agree else "DIFFER" + (f", {failed_runs} in-process run(s) failed" if failed_runs else "")
        print(f"  {kind:16s} x{len(ids):<3d} {fmt_totals(engine_totals):>14s} | {fmt_totals(cli_totals):>14s} | "
              f"{fmt_totals(base_totals):>14s}   in-process {verdict}" + ("" if agree_cli else ", grader grade DIFFERS"))
        lines.append(f"{kind} x{len(ids)}: {fmt_totals(engine_totals)} sandboxed, {fmt_totals(base_totals)} in-process ({verdict})")
        if not agree:
            unfinished = [i for i in ids if b[i]["status"] == "grader_error" and not b[i]["tests"]]
            differ = [i for i in ids if (a[i]["total"], a[i]["bonus"]) != (b[i]["total"], b[i]["bonus"])]
            first = next((i for i in differ if i not in unfinished), differ[0])
            differing = [name for name in sorted(set(a[first]["tests"]) | set(b[first]["tests"]))
                         if (a[first]["tests"].get(name) or ("-",))[0] != (b[first]["tests"].get(name) or ("-",))[0]]
            if unfinished:
                print(f"      {len(unfinished)} of them have no in-process result at all (their pytest run failed: see above)")
            print(f"      {first} (status sandboxed {a[first]['status']}, in-process {b[first]['status']}): "
                  f"{len(differing)} test(s) with another outcome" + (", the first 8:" if len(differing) > 8 else ":"))
            for name in differing[:8 if first not in unfinished else 0]:
                x, y = a[first]["tests"].get(name), b[first]["tests"].get(name)
                print(f"      {name}: sandboxed {x[0] if x else '-'}, in-process {y[0] if y else '-'}")
                for label, result in (("sandboxed", x), ("in-process", y)):
                    if result and result[1]:
                        print(f"        {label}: {result[1][:300]!r}")
    return lines


def fmt_totals(totals) -> str:
    return ", ".join(f"{t:g}" + (f"+{b:g}" if b else "") for t, b in totals) or "-"


# -- start-up costs -------------------------------------------------------------------------

def startup(scratch: Path, args, rubric) -> dict:
    """``grader check`` on one complete submission, one in-process pytest run of the same public
    tests on the same folder, and ``grader grade`` on a class of one: the whole command's wall
    time, median of R runs, interleaved so that noise hits all three alike."""
    folder, work = one_checked_submission(scratch, rubric, "startup")
    cwd = work / "cwd"
    check, inproc, grade_one, no_sandbox = [], [], [], []
    quiet = QUIET
    for run in range(args.runs):
        check.append(run_measured([*GRADER_CLI, "check", str(folder), "--isolation", args.isolation], **quiet))
        # Activity 6 reads answers.yaml as data: no sandbox starts, so this is the command's own
        # fixed cost (start-up, rubric, pytest start and collection of every suite, report).
        no_sandbox.append(run_measured([*GRADER_CLI, "check", str(folder), "--activity", "A6",
                                        "--isolation", args.isolation], **quiet))
        m = run_measured([*INPROCESS_SHARD, str(work / "plan.json"), str(work / "report.json")], cwd=cwd,
                         env=shard_env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        inproc.append(m)
        out = work / f"out-{run}"
        m = run_measured([*GRADER_CLI, "grade", str(folder.parent), "--out", str(out), "--isolation", args.isolation],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        grade_one.append(m)
        shutil.rmtree(out, ignore_errors=True)
    codes = {"check": {m.code for m in check}, "check A6": {m.code for m in no_sandbox},
             "in-process": {m.code for m in inproc}, "grade": {m.code for m in grade_one}}
    return {"check": median([m.wall for m in check]), "inprocess": median([m.wall for m in inproc]),
            "check_a6": median([m.wall for m in no_sandbox]),
            "grade_one": median([m.wall for m in grade_one]), "codes": codes,
            "check_cpu": median([m.cpu for m in check]), "inprocess_cpu": median([m.cpu for m in inproc])}


# -- the report -----------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=200, help="submissions in the class (default 200)")
    parser.add_argument("--quick", action="store_true", help="3 runs for medians (not 5), per-activity class of 20 (not 50)")
    parser.add_argument("--isolation", default="auto", choices=("auto", "namespaces", "process"))
    parser.add_argument("--jobs", type=int, default=2, help="processes at once, for both the grader and the baseline (default 2)")
    parser.add_argument("--per-activity-n", type=int, help="class size for the per-activity table (0: skip it)")
    parser.add_argument("--demo-every", type=int, default=6, help="every K-th submission is a demo student (0: none)")
    parser.add_argument("--runs", type=int, help="runs per start-up median")
    parser.add_argument("--per-activity-isolation", choices=("auto", "namespaces", "process"),
                        help="sandbox level for the per-activity table only (default: --isolation); "
                             "`process` makes its CPU column exact")
    args = parser.parse_args()
    args.runs = args.runs or (3 if args.quick else 5)
    per_n = args.per_activity_n if args.per_activity_n is not None else (20 if args.quick else 50)
    per_n = min(per_n, args.n)
    command = "python bench/full_lab.py " + " ".join(sys.argv[1:])
    rubric = load_rubric(lab=get_lab("elevens"))
    load_before = os.getloadavg()

    with tempfile.TemporaryDirectory(prefix="full-lab-bench-") as tmp:
        scratch = Path(tmp)
        kinds = build_class(scratch / "class", args.n, args.demo_every)
        counts = {k: list(kinds.values()).count(k) for k in dict.fromkeys(kinds.values())}
        print(f"{command}\n{os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}, "
              f"load average {load_before[0]:.2f} at the start")
        print(f"class: {args.n} submissions: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
        print(f"{len(rubric.activities)} activities: {' '.join(a.id for a in rubric.activities)}; --jobs {args.jobs}")

        n = args.n
        engine = run_engine(scratch / "class", scratch, args)
        level = engine["level"]
        tests = sum(int(c) for _, c in engine["durations"].values())
        print(f"\n1. sandboxed ({level} level), {tests} test runs ({tests / n:.0f} per submission)")
        print(f"   engine (batch.grade):   {engine['wall']:7.2f} s wall  {engine['wall'] / n:6.3f} s per submission  "
              f"CPU {(engine['cpu_children'] + engine['cpu_self']) / n:.3f} s per submission ({level})")
        cli, cli_results = run_cli(scratch / "class", scratch, args)
        print(f"   grader grade (CLI):     {cli.wall:7.2f} s wall  {cli.wall / n:6.3f} s per submission  "
              f"CPU {cli.cpu / n:.3f} s per submission ({level})")

        base = run_baseline(scratch / "class", scratch, args, rubric)
        runs = base["runs"]
        print(f"\n2. in-process baseline: one pytest process per submission, {args.jobs} at a time, {len(runs)} processes")
        print(f"   {base['wall']:7.2f} s wall  {base['wall'] / n:6.3f} s per submission  "
              f"CPU {sum(r.cpu for r in runs) / n:.3f} s per submission; one process: median {median([r.wall for r in runs]):.2f} s wall")
        agreement = compare(kinds, engine["submissions"], base["submissions"], cli_results)

        ratio_engine = engine["wall"] / base["wall"]
        ratio_cli = cli.wall / base["wall"]
        print(f"\n3. ratio sandboxed / in-process: engine {ratio_engine:.2f}x, whole command {ratio_cli:.2f}x")

        up = startup(scratch, args, rubric)
        print(f"\n4. start-up (one complete submission, whole command wall, median of {args.runs}):")
        print(f"   grader check (public tests):                   {up['check']:.2f} s   (CPU {up['check_cpu']:.2f} s)")
        print(f"   in-process pytest, same public tests, folder:  {up['inprocess']:.2f} s   (CPU {up['inprocess_cpu']:.2f} s)")
        print(f"   ratio:                                          {up['check'] / up['inprocess']:.2f}x")
        print(f"   grader grade, class of one:                     {up['grade_one']:.2f} s")
        print(f"   grader check --activity A6 (starts no sandbox):  {up['check_a6']:.2f} s   (the command's fixed part)")
        print("   exit codes: " + ", ".join(f"{k} {sorted(v)}" for k, v in up["codes"].items()))

        per_activity = []
        per_level = detect(args.per_activity_isolation or args.isolation)
        if per_n > 0:
            small = scratch / "small"
            build_class(small, per_n, args.demo_every)
            per_args = argparse.Namespace(**{**vars(args), "isolation": per_level})
            print(f"\n5. per activity: a class of {per_n} graded with only that activity (engine, --jobs {args.jobs}, "
                  f"{per_level} level{'' if per_level == 'process' else ': its CPU column misses sandbox processes'})")
            print("   'tests' columns: the sum of the tests' own durations (pytest's clock, set-up to tear-down) in the")
            print(f"   main runs of the class of {n} ({level} level), per submission; 'none': a run that selects no test")
            print(f"   {'activity':10s} {'runs/sub':>8s} {'wall ms/sub':>11s} {'CPU ms/sub':>10s} "
                  f"{'tests sandboxed':>15s} {'tests in-process':>16s} {'ratio':>6s}")
            rows = [("none", (), (NOTHING,))] + [(a.id, (a.id,), ()) for a in rubric.activities]
            for label, only, tests_filter in rows:
                measured = run_engine(small, scratch, per_args, only, tests_filter)
                wall = measured["wall"] / per_n * 1000
                cpu = (measured["cpu_children"] + measured["cpu_self"]) / per_n * 1000
                sandboxed_tests = engine["durations"].get(label, [0.0, 0])
                inprocess_tests = base["durations"].get(label, [0.0, 0])
                s_ms, i_ms = sandboxed_tests[0] / n * 1000, inprocess_tests[0] / n * 1000
                ratio = f"{s_ms / i_ms:.1f}x" if i_ms else "-"
                per_activity.append((label, sandboxed_tests[1] / n, wall, cpu, s_ms, i_ms, ratio))
                print(f"   {label:10s} {sandboxed_tests[1] / n:8.1f} {wall:11.0f} {cpu:10.0f} {s_ms:15.0f} {i_ms:16.0f} {ratio:>6s}")
            print(f"   sum of the activity rows: {sum(r[2] for r in per_activity[1:]):.0f} ms/sub wall, "
                  f"{sum(r[3] for r in per_activity[1:]):.0f} ms/sub CPU (each row includes the fixed cost of 'none'); "
                  f"tests: {sum(r[4] for r in per_activity[1:]):.0f} ms sandboxed, {sum(r[5] for r in per_activity[1:]):.0f} ms in-process")

        largest_base = max((r.maxrss_kb for r in runs), default=0)
        print("\n6. peak memory (max RSS of one process)")
        print(f"   largest shard (engine run):                     {engine['maxrss_children_kb'] / 1024:6.0f} MB")
        print(f"   grader grade: largest process of its tree:      {cli.maxrss_kb / 1024:6.0f} MB")
        print(f"   in-process: largest per-submission pytest:      {largest_base / 1024:6.0f} MB")
        load_after = os.getloadavg()
        print(f"\nload average {load_after[0]:.2f} at the end (2-core machine: above 2 means the numbers are noisy)")

        print("\n--- for docs/architecture.md " + "-" * 40)
        print(f"\n`{command}` ({os.cpu_count()} cores, {level} level, --jobs {args.jobs}; class of {n}: "
              + ", ".join(f"{v} {k}" for k, v in counts.items()) + f"; {len(rubric.activities)} activities, "
              f"{tests / n:.0f} test runs per submission; load average {load_before[0]:.1f} -> {load_after[0]:.1f}):\n")
        print("| | wall per submission |\n|---|---|")
        print(f"| sandboxed, engine (`grader.engine.batch.grade`) | {engine['wall'] / n:.3f} s |")
        print(f"| sandboxed, whole `grader grade` command | {cli.wall / n:.3f} s |")
        print(f"| in-process baseline: one pytest process per submission, {args.jobs} at a time (`bench/inprocess_shard.py`) | {base['wall'] / n:.3f} s |")
        print(f"| ratio sandboxed / in-process | {ratio_engine:.2f}x (engine), {ratio_cli:.2f}x (command) |")
        print("\n| one complete submission, whole command | wall |\n|---|---|")
        print(f"| `grader check` (public tests) | {up['check']:.2f} s |")
        print(f"| one in-process pytest run, same tests | {up['inprocess']:.2f} s |")
        print(f"| ratio | {up['check'] / up['inprocess']:.2f}x |")
        print(f"| `grader grade`, class of one | {up['grade_one']:.2f} s |")
        print(f"| `grader check --activity A6` (no sandbox: the command's own fixed cost) | {up['check_a6']:.2f} s |")
        if per_activity:
            print(f"\n| activity (class of {per_n}, {per_level} level) | test runs | wall ms/sub | CPU ms/sub | "
                  f"its tests, sandboxed, ms/sub | its tests, in-process, ms/sub | ratio |")
            print("|---|---|---|---|---|---|---|")
            for label, count, wall, cpu, s_ms, i_ms, ratio in per_activity:
                print(f"| {label} | {count:.1f} | {wall:.0f} | {cpu:.0f}{'' if per_level == 'process' else ' (lower bound)'} "
                      f"| {s_ms:.0f} | {i_ms:.0f} | {ratio} |")
        print(f"\nPeak RSS: largest shard {engine['maxrss_children_kb'] / 1024:.0f} MB, `grader grade` tree "
              f"{cli.maxrss_kb / 1024:.0f} MB, in-process pytest {largest_base / 1024:.0f} MB. Totals: " + "; ".join(agreement) + ".")


if __name__ == "__main__":
    main()
