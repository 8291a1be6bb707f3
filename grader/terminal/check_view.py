"""What `grader check` makes of one student's results before printing them: which files it used,
which activities are done, in progress or not started, and the next step.

A student part-way through a lab has most files still as the starter left them; their tests
fail by the hundred with the same NotImplementedError, and listing each one hides the few that
matter. So an activity whose files are still the starter's is one line ("not started"), and the
check ends with what to do next: the first activity, in the rubric's order, not done yet.
"""

from dataclasses import dataclass, field, replace
from pathlib import Path

from grader.engine.plan import SubmissionPlan

from grader.engine.planning import plan_submission
from grader.idiom import PYTHON, source_file, speaking
from grader.idiom.java import JavaIdiom
from grader.results.replay import ReplayTarget, check_command, quote
from grader.results.model import ActivityResult, SubmissionResult
from grader.lab.rubric import Rubric

NOT_WRITTEN = "NotImplementedError"  # what every starter function raises


@dataclass
class CheckView:
    """What print_check needs beyond the results (every field may be left empty)."""

    folder: str = ""  # the folder or zip checked, as the opening line shows it
    lab: str = ""
    files: list[str] = field(default_factory=list)  # the student's files the check used
    not_started: dict[str, str] = field(default_factory=dict)  # activity id -> why it counts as not started
    elsewhere: str = ""  # the command to run instead, when the files seem to be in a subfolder
    next_step: str = ""
    all_command: str = ""  # the command that shows everything (`grader check FOLDER --all`), for one screen's check
    chosen: list[str] = field(default_factory=list)  # the activities checked, when --activity chose them


def check_view(rubric: Rubric, result: SubmissionResult | None, source: Path, folder: Path, target: ReplayTarget,
               only: list[str] | None = None) -> CheckView:
    """The view of ``result`` (None before grading: only what the opening line needs).

    ``source`` is the folder or zip as given, ``folder`` the one graded (unwrapped or unpacked).
    """
    plan = plan_submission(rubric, "check", folder, only)
    view = CheckView(str(source), rubric.lab, files_used(plan), chosen=list(only or []))
    if not plan.activities and not plan.waiting:
        view.elsewhere = subfolder_command(rubric, folder, source, target)
    if result is not None:
        with speaking(JavaIdiom() if plan.language == "java" else PYTHON):  # files named as the student's are
            view.not_started = not_started(rubric, result, plan)
            view.next_step = "" if view.elsewhere else next_step(rubric, result, view.not_started, target)
    return view


def all_command(rubric: Rubric, target: ReplayTarget, activities: list[str] | None = None, hidden: bool = False,
                base_seed: int = 0) -> str:
    """``grader check FOLDER [--activity A2 ...] --all``: the same check, showing everything
    (one screen's check names it under the first problem)."""
    command = check_command(target.folder, lab=target.lab, extra=target.extra, hidden=hidden, base_seed=base_seed,
                            rubric="" if rubric.is_default else rubric.source)
    return command + "".join(f" --activity {quote(a)}" for a in activities or ()) + " --all"


def started_only(result: SubmissionResult, view: CheckView) -> SubmissionResult:
    """``result`` without the activities not started (what a lab's own word after the check
    may look at: a starter file's NotImplementedError needs no diagnosis)."""
    return replace(result, activities=[a for a in result.activities if a.id not in view.not_started])


def files_used(plan: SubmissionPlan) -> list[str]:
    """The student's files the planned activities grade, each once: ``Widget.py (as widget.py)``
    when the grader uses a file under another name than its own."""
    shown: dict[str, None] = {}
    for activity in plan.activities.values():
        for name in activity.own:
            real = Path(activity.files.get(name, name)).name
            shown[real if real == name else f"{real} (as {name})"] = None
    return list(shown)


def subfolder_command(rubric: Rubric, folder: Path, source: Path, target: ReplayTarget) -> str:
    """When ``folder`` holds none of the lab's files but one of its subfolders does (a handout's
    ``starter/``): the command that checks that subfolder; else ""."""
    if not folder.is_dir():
        return ""
    wanted = {name.lower() for a in rubric.activities for entry in a.files for name in entry.split("|")}
    holding = [sub for sub in sorted(folder.iterdir()) if sub.is_dir() and not sub.name.startswith((".", "__"))
               and any(p.name.lower() in wanted for p in sub.iterdir() if p.is_file())]
    if len(holding) != 1 or not source.is_dir():
        return ""
    return check_command(str(source / holding[0].name), lab=target.lab, rubric="" if rubric.is_default else rubric.source)


def not_started(rubric: Rubric, result: SubmissionResult, plan: SubmissionPlan) -> dict[str, str]:
    """The activities whose files are still the starter's, and why each counts as not started.

    The results may say so themselves (status ``not_started``); else an activity counts as not
    started when every file of the student's it grades is byte for byte the lab's starter file,
    or when each of its failed tests ran into a NotImplementedError (a function not written yet)
    and more of its tests failed than passed.
    """
    starter = getattr(rubric.home, "starter", None)
    found: dict[str, str] = {}
    for activity in result.activities:
        if activity.status == "not_started":
            found[activity.id] = activity.note or "only the starter code"
        elif activity.status == "graded" and activity.id in plan.activities:
            if _is_starter(plan, activity.id, starter):
                found[activity.id] = f"{_files(rubric, activity.id)} is still the starter file"
            elif _not_written(activity):
                found[activity.id] = f"not written yet (its tests stop at {NOT_WRITTEN})"
    return found


def _is_starter(plan: SubmissionPlan, activity_id: str, starter: Path | None) -> bool:
    if starter is None or not starter.is_dir():
        return False
    activity = plan.activities[activity_id]
    paths = [Path(activity.files[name]) for name in activity.own if name in activity.files]
    return bool(paths) and all((starter / p.name).is_file() and (starter / p.name).read_bytes() == p.read_bytes()
                               for p in paths)


def _files(rubric: Rubric, activity_id: str) -> str:
    """The files an activity grades, by their first name: ``widget.py``, ``a.py, b.py`` (for a
    Java student, ``Widget.java``: grader/idiom/)."""
    return ", ".join(source_file(entry.split("|")[0]) for entry in rubric.activity(activity_id).files)


def _not_written(activity: ActivityResult) -> bool:
    counted = [t for t in activity.tests if not t.advisory and t.outcome != "skipped"]
    failed = [t for t in counted if t.outcome != "passed"]
    return bool(failed) and len(failed) > len(counted) - len(failed) and all(NOT_WRITTEN in t.message for t in failed)


def is_done(activity: ActivityResult) -> bool:
    """Every test the check ran passed (hidden tests aside): nothing left to do here."""
    return activity.status == "graded" and bool(activity.tests) and all(
        t.outcome == "passed" for t in activity.tests if not t.advisory)


def next_step(rubric: Rubric, result: SubmissionResult, started_not: dict[str, str], target: ReplayTarget) -> str:
    """``A1 done. Next: FILE, A2 TITLE — `grader check … --activity A2```, or that all is done."""
    if result.status == "unusable":
        return ""
    activities = [a for a in result.activities if not a.bonus]
    done = [a.id for a in activities if is_done(a)]
    said = f"{_listed(done)} done. " if done else ""
    todo = next((a for a in activities if not is_done(a) and a.status != "waiting"), None)
    if todo is None:
        extra = next((a for a in result.activities if a.bonus and not is_done(a)), None)
        if extra is None:
            return "Every activity passes the tests run here." if activities else ""
        return f"{said}Every activity passes the tests run here. If you like, the bonus: {_step(rubric, extra, target)}"
    if todo.status in ("graded", "grader_error", "not_loaded") and todo.id not in started_not:
        return f"{said}Next: {_step(rubric, todo, target, finish=True)}"
    return f"{said}Next: {_step(rubric, todo, target)}"


def _step(rubric: Rubric, activity: ActivityResult, target: ReplayTarget, finish: bool = False) -> str:
    """``FILE, A2 TITLE — `grader check … --activity A2```, or ``finish A2 TITLE (FILE) — …``."""
    files = _files(rubric, activity.id)
    command = check_command(target.folder, lab=target.lab, extra=target.extra, activity=activity.id,
                            rubric="" if rubric.is_default else rubric.source)
    what = f"finish {activity.id} {activity.title} ({files})" if finish else f"{files}, {activity.id} {activity.title}"
    return f"{what} — `{command}`"


def _listed(ids: list[str]) -> str:
    return ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} and {ids[-1]}"
