"""In the student kit, the student's own files stand where the full grader puts the lab's.

The full grader runs an activity's file beside the lab's reference versions of the files it
depends on (its ``stand_ins``), and runs a student's tester against the lab's correct classes
(its ``uses``). The kit holds no reference version, so it uses the student's own file, and only
once every activity that grades that file passes all its (kit) tests: then the file behaves as
the lab asks as far as the kit can tell, and a bug in it is not charged a second time. Until
then the activity waits, and says which activity to finish first.

The same holds for a lab file a student's file imports (their own earlier work, read from its
imports: grader/lab/file_imports.py): the full grader stages the lab's reference of it, the kit the
student's own, and the activity waits until the file's owning activity passes.

A file no activity of the lab grades (a file reused from an earlier lab) is used as
it is, and the activity says so. A file the lab gives students unchanged is in the kit
(``reference/`` keeps exactly the files identical to the starter's), and is used from there.

Two halves: ``kit_files`` when planning (which file goes where), ``wait_for_owners`` when
scoring (which activity must wait).
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from grader.lab.file_imports import imported_lab_files, is_tester
from grader.results.model import ActivityResult
from grader.lab.rubric import Activity, Rubric


@dataclass
class KitFiles:
    """What an activity runs with in the kit: ``stand_ins`` (name -> path, for the sandbox),
    ``yours`` (name -> path of the student's files a tester is run against), or ``problem``."""

    stand_ins: dict[str, str] = field(default_factory=dict)
    yours: dict[str, str] = field(default_factory=dict)
    problem: str = ""
    imported: list[str] = field(default_factory=list)  # of ``stand_ins``: those staged because a file imports them


def owners(rubric: Rubric, name: str) -> list[Activity]:
    """The activities that grade the file ``name`` (every activity whose ``files`` list it)."""
    return [a for a in rubric.activities if name in a.files]


def kit_files(rubric: Rubric, activity: Activity, present: dict[str, Path], graded: dict[str, Path] | None = None) -> KitFiles:
    """Where each file ``activity`` depends on comes from, given the student's files ``present``
    and ``graded`` (name -> path: the files it grades, whose imports are staged too)."""
    given = rubric.stand_in_folder

    def locate(name: str) -> Path | None:
        return given / name if (given / name).is_file() else present.get(name)

    found = KitFiles()
    missing = []
    for name in dict.fromkeys((*activity.stand_ins, *activity.uses)):
        path = locate(name)
        if path is None:
            missing.append(name)
        elif name in activity.stand_ins:
            found.stand_ins[name] = str(path.resolve())
        else:
            found.yours[name] = str(path.resolve())
    if is_tester(activity):  # a tester's runs stage the files it may import (wrong_versions.py)
        found.imported = tester_needs(rubric, activity, locate, graded or {})
    else:
        staged = {**{name: Path(path) for name, path in found.stand_ins.items()}, **(graded or {})}
        for name, path in imported_lab_files(rubric, staged, locate, activity.files).items():
            if path is None:
                missing.append(name)
            else:
                found.stand_ins[name] = str(path.resolve())
                found.imported.append(name)
    # A tester may import any of the student's files besides the ones it is run against.
    for name, path in present.items():
        if name.endswith(".py") and name not in activity.files:
            found.yours.setdefault(name, str(path.resolve()))
    if missing:
        found.problem = _waiting_for_files(rubric, list(dict.fromkeys(missing)))  # a stand-in may be an import too
    return found


def tester_needs(rubric: Rubric, activity: Activity, locate, testers: dict[str, Path]) -> list[str]:
    """Of a tester activity's ``uses``, the ones its runs need: the file under test (the first)
    and the lab files the student's testers, or that file, import, directly or through one
    another. A tester that never imports an earlier file does not wait for that file's activities."""
    under_test = activity.uses[0]
    staged = dict(testers)
    if (path := locate(under_test)) is not None:
        staged[under_test] = path
    reached = imported_lab_files(rubric, staged, locate)
    return [name for name in activity.uses if name == under_test or name in reached]


def _waiting_for_files(rubric: Rubric, missing: list[str]) -> str:
    parts = []
    for name in missing:
        owning = owners(rubric, name)
        parts.append(f"{name} ({', '.join(a.id for a in owning)})" if owning else name)
    return ("in the student kit this activity runs on your own "
            f"{', '.join(parts)}, and it is not in your folder. Write {'it' if len(missing) == 1 else 'them'} first.")


def dependencies(rubric: Rubric, activity: Activity, imported: Iterable[str] = ()) -> list[Activity]:
    """The activities whose files ``activity`` runs with (never itself), ``imported`` (the lab
    files its plan stages because its files import them) included. For a tester activity whose
    plan named what its runs need (``imported``, tester_needs), only those of its ``uses``."""
    uses = () if is_tester(activity) and imported else activity.uses
    names = {*activity.stand_ins, *uses, *imported}
    given = rubric.stand_in_folder
    return [a for a in rubric.activities if a.id != activity.id and any(n in a.files and not (given / n).is_file() for n in names)]


def with_dependencies(rubric: Rubric, wanted: list[str], imported: dict[str, list[str]] | None = None) -> list[str]:
    """``wanted`` activity ids and every activity they wait for, in the rubric's order;
    ``imported``: activity id -> the lab files its plan stages for imports (plan.planned_imports)."""
    imported = imported or {}
    chosen = set(wanted)
    changed = True
    while changed:
        changed = False
        for activity in rubric.activities:
            if activity.id in chosen:
                for needed in dependencies(rubric, activity, imported.get(activity.id, ())):
                    if needed.id not in chosen:
                        chosen.add(needed.id)
                        changed = True
    return [a.id for a in rubric.activities if a.id in chosen]


def passes(result: ActivityResult) -> bool:
    """Whether an activity passed everything the kit ran of it."""
    counted = [t for t in result.tests if not t.advisory]  # going further than the lab is never required
    return result.status == "graded" and bool(counted) and all(t.outcome == "passed" for t in counted)


def wait_for_owners(rubric: Rubric, results: list[ActivityResult], imported: dict[str, list[str]] | None = None,
                    records: list[dict] | None = None) -> None:
    """Adjust, in place and in the rubric's order, each activity that runs on the student's own
    copy of a file whose own activities do not all pass (an activity that runs on their earlier
    file, which other activities grade), so that a bug in that file costs points once, in the activity that owns it:

    - when an owning activity could not run at all (the file is missing, not started, or
      itself waiting), nothing of this activity can be trusted: it waits as a whole ("not
      checked yet"), and says which activity to finish first;
    - when the owning activities ran and some of their checks fail, this activity's checks
      count as they came out, except those that failed inside that file (an error raised in
      it: ``records``' ``inside``): those are "not checked yet", worth nothing, and the note
      says why. A wrong answer from that file that this activity's checks notice can still
      cost points here; the note says that fixing the file may fix them too.

    ``imported``: activity id -> the lab files its plan stages for imports (ActivityPlan.imported)."""
    imported = imported or {}
    inside = {(r.get("activity"), r.get("name")): r.get("inside") for r in records or () if r.get("inside")}
    by_id = {r.id: r for r in results}
    for activity in rubric.activities:
        result = by_id.get(activity.id)
        if result is None or result.status in ("missing", "not_started", "waiting"):
            continue
        mine = imported.get(activity.id, ())
        used = {*activity.stand_ins, *(() if is_tester(activity) and mine else activity.uses), *mine}
        waiting = [a for a in dependencies(rubric, activity, used) if a.id not in by_id or not passes(by_id[a.id])]
        if not waiting:
            continue
        names = sorted({n for a in waiting for n in a.files if n in used})
        if is_tester(activity) or any(a.id not in by_id or by_id[a.id].status != "graded" for a in waiting):
            result.status = "waiting"
            result.score = 0.0
            result.tests = []
            result.note = (f"in the student kit this activity runs on your own {', '.join(names)} "
                           f"in place of the lab's, so it waits until {_listed(waiting)} "
                           f"pass{'es' if len(waiting) == 1 else ''} all {'its' if len(waiting) == 1 else 'their'} tests. "
                           f"Finish {waiting[0].id} first.")
            continue
        _set_aside_failures_inside(result, activity, names, waiting, inside)


def _set_aside_failures_inside(result: ActivityResult, activity: Activity, names: list[str],
                               waiting: list[Activity], inside: dict) -> None:
    """The checks of ``result`` that failed inside one of ``names`` (the student's files whose
    activities ``waiting`` do not pass yet) become "not checked yet", worth nothing."""
    set_aside = 0
    for test in result.tests:
        where = inside.get((activity.id, test.name))
        if test.outcome == "passed" or where not in names:
            continue
        owner = next(a.id for a in waiting if where in a.files)
        test.outcome, test.points = "skipped", 0.0
        test.message = (f"not checked yet: this check stopped with an error inside your {where}, which {owner} "
                        f"does not pass yet, so it cannot tell whether your {', '.join(activity.files)} is right. "
                        f"It is checked again once {owner} passes.\n{test.message}")
        set_aside += 1
    result.score = round(sum(t.points for t in result.tests), 2)
    files = ", ".join(names)
    counted = f"{set_aside} check{'s' if set_aside != 1 else ''} that stopped inside it {'are' if set_aside != 1 else 'is'} not checked yet; " \
        if set_aside else ""
    note = (f"in the student kit this activity runs on your own {files}, and {_listed(waiting)} "
            f"do{'es' if len(waiting) == 1 else ''} not pass yet: {counted}a failure here may come from {files} too. "
            f"Finish {waiting[0].id} first.")
    result.note = f"{result.note} {note}".strip()


def _listed(activities: list[Activity]) -> str:
    names = [f"{a.id} ({a.title})" for a in activities]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
