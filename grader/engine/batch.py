"""Grading a class: split the submissions across trusted shard processes, watch them, score.

Each shard is a separate ``python -m grader.engine.shard`` process running pytest over its part
of the class (one per core by default). A shard that dies or overruns its time is killed, and
its unfinished submissions get an ``error`` result rather than disappearing.
"""

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from grader import __version__
from grader.engine.lifeline import Lifeline
from grader.engine.plan import GradingPlan
from grader.engine.planning import plan_submission
from grader.engine.records import read_records, write_records
from grader.engine.resume import folder_digest, save_whole, survey
from grader.engine.scoring import score_submission
from grader.engine.work_units import assign, work_units
from grader.intake.late import apply_lateness
from grader.java.javac import SOCKET_ENV
from grader.java.jdk import jdk_problem
from grader.java.shared_javac import SharedCompiler
from grader.results.replay import ReplayTarget
from grader.results.model import ClassResults, SubmissionResult
from grader.lab.rubric import Rubric
from grader.sandbox.confinement import enforce, measure
from grader.sandbox.launcher import detect
from grader.sandbox.seccomp import seccomp_program
from grader.intake.class_folder import Submission

# How a shard is started. A module constant so that bench/ can swap in its unsafe baseline.
SHARD_COMMAND = [sys.executable, "-m", "grader.engine.shard"]
# How long an interrupted shard may take to close its sandboxes before it is killed.
STOP_GRACE_SECONDS = 5.0


@dataclass
class GradeOptions:
    base_seed: int = 0
    jobs: int = 0  # 0: one shard per core
    visibility: list[str] = field(default_factory=lambda: ["public", "hidden"])
    only_tests: list[str] = field(default_factory=list)
    only_activities: list[str] = field(default_factory=list)
    submission_seconds: float = 120.0
    limits: dict = field(default_factory=dict)
    isolation: str = "auto"  # auto | namespaces | process (grader/sandbox/isolation.py)
    # Let student code run as root where the machine cannot jail it (grader/sandbox/confinement.py).
    allow_unconfined_root: bool = False


def grade(rubric: Rubric, submissions: list[Submission], options: GradeOptions, work: Path,
          on_done: Callable[[str], None] = lambda sub_id: None, saved: Path | None = None) -> ClassResults:
    """Grade the class. Each submission's records are saved in ``saved`` (default: inside
    ``work``) as it finishes, with a digest of its files; a submission already saved there from
    the files it holds now is not graded again (--resume, engine/resume.py)."""
    level = detect(options.isolation)  # once, here, so every shard uses and reports the same
    confinement = measure(level)  # what student code will hold, before any of it runs
    enforce(confinement, options.allow_unconfined_root)
    records_dir = saved or work / "records"
    records_dir.mkdir(parents=True, exist_ok=True)
    plans = [plan_submission(rubric, s.id, s.folder, options.only_activities) for s in submissions if not s.problem]
    for plan in plans:
        plan.digest = folder_digest(Path(plan.folder))
    # Submissions saved by an earlier run (--resume) from the files they hold now are kept.
    earlier = survey(records_dir, {p.id: p.digest for p in plans}).kept
    for plan in plans:
        if not plan.activities and plan.id not in earlier:  # nothing to run: saved as graded
            write_records(records_dir, plan.id, [], plan.digest)
            earlier[plan.id] = []
    wanted = max(1, options.jobs or os.cpu_count() or 1)
    to_grade = work_units(rubric, [p for p in plans if p.id not in earlier], wanted)
    jobs = max(1, min(wanted, len(to_grade) or 1))
    shards = assign(rubric, to_grade, jobs)
    units_of = {p.id: [u.key for u in to_grade if u.id == p.id] for p in plans}
    lifeline = Lifeline()
    running: list[RunningShard] = []
    # One warm javac for the run when more than one process compiles Java (java/shared_javac.py).
    compiler = SharedCompiler()
    compiling = sum(1 for shard in shards if any(unit.language == "java" for unit in shard))
    try:
        shared = compiler.start() if compiling > 1 else {}
        running = [_start_shard(rubric, shard, options, level, work, i, records_dir, lifeline, shared)
                   for i, shard in enumerate(shards) if shard]
        left = {p.id: set(units_of[p.id]) for p in plans}
        owner = {key: sub_id for sub_id, keys in units_of.items() for key in keys}
        digest_of = {p.id: p.digest for p in plans}

        def unit_done(key: str) -> None:
            sub_id = owner.get(key)
            if sub_id is None or key not in left[sub_id]:
                return  # not a unit of this run: a shard's progress line is never a reason to crash
            left[sub_id].discard(key)
            if not left[sub_id]:
                if units_of[sub_id] != [sub_id]:
                    save_whole(records_dir, sub_id, units_of[sub_id], digest_of[sub_id])
                on_done(sub_id)

        # Submissions saved by an earlier run, or with no activity to run, are finished already.
        for plan in plans:
            if not left[plan.id]:
                on_done(plan.id)
        _watch(running, unit_done)
    finally:
        # Normally every shard has ended; after Ctrl-C or an error, none may go on. Each is
        # asked first (it then removes its sandboxes' folders), and killed if it does not end.
        for shard in running:
            if shard.process.poll() is None:
                shard.process.terminate()
        for shard in running:
            _stop(shard, grace=STOP_GRACE_SECONDS)
        compiler.stop()
        lifeline.close()
    troubles = {sub.id: trouble for shard in running if (trouble := _shard_trouble(shard)) for sub in shard.plan.submissions}
    everyone = _grading_plan(rubric, plans, options, level)
    replays = {s.id: ReplayTarget.of(s.source, rubric.lab, rubric.is_default, s.replay_args) for s in submissions if not s.problem}
    results: dict[str, SubmissionResult] = {}
    for plan in plans:
        parts = [earlier[plan.id]] if plan.id in earlier else [read_records(records_dir, key) for key in units_of[plan.id]]
        finished = all(part is not None for part in parts)
        records = [record for part in parts if part for record in part]
        results[plan.id] = score_submission(rubric, everyone, plan.id, records, finished, replays[plan.id])
        if plan.id in troubles and not finished:
            results[plan.id].messages.append(troubles[plan.id])
        if plan.language == "java" and (problem := jdk_problem()):
            # The grader's problem, not the student's: never a score of 0 that looks like one.
            results[plan.id].status = "grader_error"
            results[plan.id].messages.append(problem)
    for s in submissions:
        if s.problem:
            results[s.id] = SubmissionResult(s.id, "unusable", 0.0, rubric.total_max, [s.problem])
            on_done(s.id)
        if s.note:  # why its id is not its folder's name (grader/intake/names.py)
            results[s.id].messages.append(s.note)
        apply_lateness(rubric, results[s.id], s.identity)
    return ClassResults(rubric.lab, [results[s.id] for s in submissions], options.base_seed, level, __version__,
                        title=rubric.title, confinement=asdict(confinement))


def _grading_plan(rubric: Rubric, plans, options: GradeOptions, level: str, progress: str = "", records_dir: str = "") -> GradingPlan:
    return GradingPlan(
        rubric_path=rubric.source, submissions=plans, base_seed=options.base_seed,
        visibility=options.visibility, only_tests=options.only_tests,
        only_activities=options.only_activities, limits=options.limits,
        submission_seconds=options.submission_seconds, progress_file=progress, isolation=level,
        seccomp_filter=(seccomp_program() or b"").hex(),
        records_dir=records_dir,
    )


@dataclass
class RunningShard:
    plan: GradingPlan
    process: subprocess.Popen
    log: Path  # the shard's own output: pytest's, never a student's
    progress: Path
    deadline: float
    read_upto: int = 0  # bytes of the progress file already reported


def _start_shard(rubric: Rubric, plans, options: GradeOptions, level: str, work: Path, index: int,
                 records_dir: Path, lifeline: Lifeline, shared: dict[str, str]) -> RunningShard:
    progress = work / f"progress-{index}.txt"
    progress.write_text("")
    plan = _grading_plan(rubric, plans, options, level, str(progress), str(records_dir))
    plan_file = work / f"plan-{index}.json"
    plan_file.write_text(plan.to_json())
    log_path = work / f"shard-{index}.log"
    empty = work / f"cwd-{index}"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    env.update(lifeline.child_env())
    env.pop(SOCKET_ENV, None)  # only the compiler of this run, never one named from outside
    env.update(shared)
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [*SHARD_COMMAND, str(plan_file)],
            cwd=empty, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            pass_fds=(lifeline.read_fd,),
        )
    # Every submission has its own budget; the shard as a whole gets the sum plus start-up.
    deadline = time.monotonic() + 30 + options.submission_seconds * 1.5 * len(plans)
    return RunningShard(plan, process, log_path, progress, deadline)


def _shard_trouble(shard: RunningShard) -> str:
    """What went wrong in the grader itself (not in student code), for the results; "" if nothing.

    pytest exits 0 (all passed), 1 (some failed) or 5 (a filter left no test to run) after a
    normal run; anything else (a suite that failed to import, an internal error, a kill) is the
    grader's fault, and the end of the shard's log is the teacher's best clue.
    """
    code = shard.process.returncode
    if code in (0, 1, 5):
        return ""
    tail = shard.log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-6:] if shard.log.exists() else []
    return f"the grader's own test process ended with code {code}: " + " | ".join(tail)


def _watch(running: list[RunningShard], on_done: Callable[[str], None]) -> None:
    """Report submissions as their shards finish them; kill a shard that overruns its time."""
    while True:
        busy = False
        for shard in running:
            with open(shard.progress, "rb") as progress:
                progress.seek(shard.read_upto)
                new = progress.read()
            complete = new[:new.rfind(b"\n") + 1]  # a line still being written waits for the next look
            shard.read_upto += len(complete)
            for line in complete.split(b"\n")[:-1]:  # never str.splitlines: an id may hold U+2028
                on_done(_progress_key(line))
            if shard.process.poll() is None:
                busy = True
                if time.monotonic() > shard.deadline:
                    _stop(shard)
        if not busy and not any(_unread(shard) for shard in running):
            break
        # Up to 50 ms until the next look, but no longer than the first running shard takes to end:
        # `grader check` waits for one shard, and its end is noticed at once.
        still = next((shard for shard in running if shard.process.poll() is None), None)
        if still is None:
            time.sleep(0.01)  # every shard has ended: only their last progress lines are left to read
        else:
            try:
                still.process.wait(timeout=0.05)
            except subprocess.TimeoutExpired:
                pass


def _progress_key(line: bytes) -> str:
    """A unit's key from one line of a shard's progress file (a JSON string, see plugin.py)."""
    try:
        key = json.loads(line)
    except ValueError:
        return ""
    return key if isinstance(key, str) else ""


def _stop(shard: RunningShard, grace: float = 0.0) -> None:
    """End a shard: wait up to ``grace`` seconds for it to end by itself, then kill it."""
    try:
        shard.process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    if shard.process.poll() is None:
        shard.process.kill()
    shard.process.wait()


def _unread(shard: RunningShard) -> bool:
    return shard.progress.stat().st_size > shard.read_upto
