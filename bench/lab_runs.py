"""The runs bench/full_lab.py measures: the class it builds, a command timed with its
children's CPU and memory, the sandboxed engine in a helper process (this file, run as
``lab_runs.py --engine-helper SPEC.json``, so its children's rusage is its shards'), the whole
``grader grade`` command, and the in-process baseline (bench/inprocess_shard.py, J at a time).
"""

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.engine.plan import GradingPlan

from grader.engine.planning import plan_submission  # noqa: E402
from grader.engine.records import read_records  # noqa: E402
from grader.engine.scoring import score_submission  # noqa: E402
from grader.lab.registry import get_lab  # noqa: E402
from grader.results.model import SubmissionResult  # noqa: E402
from grader.lab.rubric import load_rubric  # noqa: E402
from grader.intake.class_folder import find_submissions  # noqa: E402

INPROCESS_SHARD = [sys.executable, str(ROOT / "bench" / "inprocess_shard.py")]
HELPER = [sys.executable, str(Path(__file__).resolve()), "--engine-helper"]
REFERENCE = ROOT / "reference" / "elevens"
DEMO = ROOT / "examples" / "elevens"
_script = Path(sys.executable).parent / "grader"
GRADER_CLI = [str(_script)] if _script.exists() else [sys.executable, "-c", "from grader.cli import main; main()"]


# -- the class ------------------------------------------------------------------------------

def demo_sources() -> list[Path]:
    """The demo students, the zip first (so that even a small class has one)."""
    zips = sorted(DEMO.glob("*.zip"))
    folders = sorted(p for p in DEMO.iterdir() if p.is_dir())
    return zips + folders


def kind_of(source: Path) -> str:
    return "reference" if source == REFERENCE else source.stem


def build_class(root: Path, n: int, every: int) -> dict[str, str]:
    """N submissions in ``root``; returns submission id -> kind ("reference" or the demo's name)."""
    root.mkdir(parents=True)
    demos = demo_sources()
    reference_files = [p for p in REFERENCE.iterdir() if p.suffix in (".py", ".yaml") and p.name != "__init__.py"]
    kinds = {}
    for i in range(n):
        is_demo = every > 0 and i % every == every - 1
        source = demos[(i // every) % len(demos)] if is_demo else REFERENCE
        sub_id = f"s{i:04d}" if source == REFERENCE else f"s{i:04d}-{source.stem}"
        if source.is_file():  # the zip, copied as it is: the grader unpacks it
            shutil.copyfile(source, root / f"{sub_id}{source.suffix}")
        else:
            folder = root / sub_id
            folder.mkdir()
            files = reference_files if source == REFERENCE else [p for p in source.iterdir() if p.is_file()]
            for path in files:
                shutil.copyfile(path, folder / path.name)
        kinds[sub_id] = kind_of(source)
    return kinds


# -- running and measuring a command --------------------------------------------------------

@dataclass
class Measured:
    wall: float
    cpu: float  # user + system of the process and every descendant it reaped
    maxrss_kb: int  # the largest of those processes
    code: int


def one_checked_submission(scratch: Path, rubric, name: str) -> tuple[Path, Path]:
    """One complete submission (the reference) and, in ``scratch/name``, the plan of its public
    tests that an in-process run reads (``plan.json``) and an empty working folder (``cwd``):
    what ``grader check`` grades, for the commands timed side by side. (the submission's folder,
    the work folder)."""
    one = scratch / "one"
    if not one.exists():
        build_class(one, 1, 0)
    folder = one / "s0000"
    work = scratch / name
    work.mkdir()
    plan = GradingPlan(rubric_path=rubric.source, submissions=[plan_submission(rubric, "s0000", folder)],
                       visibility=["public"], records_dir="")
    (work / "plan.json").write_text(plan.to_json())
    (work / "cwd").mkdir()
    return folder, work


QUIET = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}


def run_measured(command: list[str], **popen) -> Measured:
    started = time.perf_counter()
    process = subprocess.Popen(command, **popen)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    return Measured(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, process.returncode)


def shard_env() -> dict[str, str]:
    """The environment batch.py gives a shard."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return env


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# -- the sandboxed engine, in a helper process (so its children's rusage is its shards') -----

def engine_helper(spec_path: str) -> None:
    """``lab_runs.py --engine-helper SPEC.json``: grade with the real engine, write what was measured."""
    from grader.engine.batch import GradeOptions, grade

    spec = json.loads(Path(spec_path).read_text())
    work = Path(spec["work"])
    rubric = load_rubric(lab=get_lab("elevens"))
    (work / "unpacked").mkdir()
    found = find_submissions(Path(spec["root"]), work / "unpacked")
    options = GradeOptions(jobs=spec["jobs"], isolation=spec["isolation"],
                           only_activities=spec["only_activities"], only_tests=spec["only_tests"])
    self0, children0 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    results = grade(rubric, found, options, work)
    wall = time.perf_counter() - started
    self1, children1 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    records = {s.id: read_records(work / "records", s.id) or [] for s in found}
    Path(spec["out"]).write_text(json.dumps({
        "wall": wall,
        "cpu_self": (self1.ru_utime + self1.ru_stime) - (self0.ru_utime + self0.ru_stime),
        "cpu_children": (children1.ru_utime + children1.ru_stime) - (children0.ru_utime + children0.ru_stime),
        "maxrss_children_kb": children1.ru_maxrss,  # the largest shard (or what a shard reaped)
        "maxrss_self_kb": self1.ru_maxrss,
        "level": results.sandbox,
        "submissions": [asdict(s) for s in results.submissions],
        "durations": activity_durations(records),
    }))


def run_engine(root: Path, scratch: Path, args, activities=(), tests=()) -> dict:
    work = Path(tempfile.mkdtemp(dir=scratch, prefix="engine-"))
    spec = {"root": str(root), "work": str(work), "jobs": args.jobs, "isolation": args.isolation,
            "only_activities": list(activities), "only_tests": list(tests), "out": str(work / "measured.json")}
    (work / "spec.json").write_text(json.dumps(spec))
    measured = run_measured([*HELPER, str(work / "spec.json")], stdin=subprocess.DEVNULL)
    if measured.code != 0:
        raise SystemExit(f"the engine helper failed with code {measured.code}")
    data = json.loads((work / "measured.json").read_text())
    data["process_maxrss_kb"] = measured.maxrss_kb
    shutil.rmtree(work, ignore_errors=True)
    return data


def activity_durations(records: dict[str, list[dict]]) -> dict[str, list[float]]:
    """activity id -> [sum of the tests' durations over the class, number of test runs]."""
    out: dict[str, list[float]] = {}
    for recs in records.values():
        for record in recs:
            entry = out.setdefault(record["activity"], [0.0, 0])
            entry[0] += record.get("duration", 0.0)
            entry[1] += 1
    return out


# -- the whole command ----------------------------------------------------------------------

def run_cli(root: Path, scratch: Path, args) -> tuple[Measured, dict]:
    out = Path(tempfile.mkdtemp(dir=scratch, prefix="cli-")) / "out"
    with open(out.parent / "log.txt", "wb") as log:
        measured = run_measured([*GRADER_CLI, "grade", str(root), "--out", str(out), "--jobs", str(args.jobs),
                                 "--isolation", args.isolation], stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    results = json.loads((out / "results.json").read_text()) if (out / "results.json").exists() else {}
    if measured.code not in (0, 70):
        print(f"  (grader grade exited {measured.code}: {(out.parent / 'log.txt').read_text()[-400:]})")
    shutil.rmtree(out.parent, ignore_errors=True)
    return measured, results


# -- the in-process baseline: one pytest process per submission, J at a time ----------------

def run_baseline(root: Path, scratch: Path, args, rubric, visibility=("public", "hidden")) -> dict:
    work = Path(tempfile.mkdtemp(dir=scratch, prefix="inprocess-"))
    (work / "unpacked").mkdir()
    found = find_submissions(root, work / "unpacked")
    records_dir = work / "records"
    records_dir.mkdir()
    plans = [plan_submission(rubric, s.id, s.folder) for s in found if not s.problem]
    jobs = []
    for index, plan in enumerate(plans):
        if not plan.activities:
            continue
        one = GradingPlan(rubric_path=rubric.source, submissions=[plan], visibility=list(visibility),
                          records_dir=str(records_dir))
        plan_file = work / f"plan-{index}.json"
        plan_file.write_text(one.to_json())
        cwd = work / f"cwd-{index}"
        cwd.mkdir()
        jobs.append(([*INPROCESS_SHARD, str(plan_file), str(work / f"report-{index}.json")], cwd))

    def one_run(job) -> Measured:
        command, cwd = job
        with open(cwd / "log.txt", "wb") as log:
            return run_measured(command, cwd=cwd, env=shard_env(), stdin=subprocess.DEVNULL, stdout=log, stderr=log)

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        runs = list(pool.map(one_run, jobs))
    wall = time.perf_counter() - started
    bad = [(job, run.code) for job, run in zip(jobs, runs) if run.code not in (0, 1)]
    if bad:
        print(f"  {len(bad)} in-process run(s) did not end normally (pytest exit code not 0 or 1); the first:")
    for (command, cwd), code in bad[:2]:
        log = (cwd / "log.txt").read_text(errors="replace").splitlines()
        clues = [line for line in log if line.startswith(("E ", "ERROR")) or "Error" in line] or log[-4:]
        print(f"    exit {code}: " + "\n      ".join(clues[:6]))
    everyone = GradingPlan(rubric_path=rubric.source, submissions=plans, visibility=list(visibility))
    records = {p.id: read_records(records_dir, p.id) for p in plans}
    results = []
    for s in found:
        if s.problem:
            results.append(SubmissionResult(s.id, "unusable", 0.0, rubric.total_max, [s.problem]))
            continue
        plan = next(p for p in plans if p.id == s.id)
        finished = records[s.id] is not None or not plan.activities
        results.append(score_submission(rubric, everyone, s.id, records[s.id] or [], finished))
    shutil.rmtree(work, ignore_errors=True)
    return {"wall": wall, "runs": runs, "submissions": [asdict(r) for r in results],
            "durations": activity_durations({k: v or [] for k, v in records.items()})}


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--engine-helper":
    engine_helper(sys.argv[2])
