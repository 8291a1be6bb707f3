"""In the student kit, the student's own files stand where the full grader puts the lab's.

The full grader runs an activity's file beside the lab's reference versions of the files it
depends on (its ``stand_ins``), and runs a student's tester against the lab's correct classes
(its ``uses``). The kit holds no reference version, so it uses the student's own file, and only
once every activity that grades that file passes all its (kit) tests: then the file behaves as
the lab asks as far as the kit can tell, and a bug in it is not charged a second time. Until
then the activity waits, and says which activity to finish first.

A file no activity of the lab grades (an Elevens ``card.py`` reused by another lab) is used as
it is, and the activity says so. A file the lab gives students unchanged is in the kit
(``reference/`` keeps exactly the files identical to the starter's), and is used from there.

Two halves: ``kit_files`` when planning (which file goes where), ``wait_for_owners`` when
scoring (which activity must wait).
"""

from dataclasses import dataclass, field
from pathlib import Path

from grader.results import ActivityResult
from grader.rubric import Activity, Rubric


@dataclass
class KitFiles:
    """What an activity runs with in the kit: ``stand_ins`` (name -> path, for the sandbox),
    ``yours`` (name -> path of the student's files a tester is run against), or ``problem``."""

    stand_ins: dict[str, str] = field(default_factory=dict)
    yours: dict[str, str] = field(default_factory=dict)
    problem: str = ""


def owners(rubric: Rubric, name: str) -> list[Activity]:
    """The activities that grade the file ``name`` (deck.py: A2 and A4)."""
    return [a for a in rubric.activities if name in a.files]


def kit_files(rubric: Rubric, activity: Activity, present: dict[str, Path]) -> KitFiles:
    """Where each file ``activity`` depends on comes from, given the student's files ``present``."""
    given = rubric.stand_in_folder
    found = KitFiles()
    missing = []
    for name in dict.fromkeys((*activity.stand_ins, *activity.uses)):
        if (given / name).is_file():
            path = given / name
        elif name in present:
            path = present[name]
        else:
            missing.append(name)
            continue
        if name in activity.stand_ins:
            found.stand_ins[name] = str(path.resolve())
        else:
            found.yours[name] = str(path.resolve())
    # A tester may import any of the student's files besides the ones it is run against.
    for name, path in present.items():
        if name.endswith(".py") and name not in activity.files:
            found.yours.setdefault(name, str(path.resolve()))
    if missing:
        found.problem = _waiting_for_files(rubric, missing)
    return found


def _waiting_for_files(rubric: Rubric, missing: list[str]) -> str:
    parts = []
    for name in missing:
        owning = owners(rubric, name)
        parts.append(f"{name} ({', '.join(a.id for a in owning)})" if owning else name)
    return ("in the student kit this activity runs on your own "
            f"{', '.join(parts)}, and it is not in your folder. Write {'it' if len(missing) == 1 else 'them'} first.")


def dependencies(rubric: Rubric, activity: Activity) -> list[Activity]:
    """The activities whose files ``activity`` runs with (never itself)."""
    names = {*activity.stand_ins, *activity.uses}
    given = rubric.stand_in_folder
    return [a for a in rubric.activities if a.id != activity.id and any(n in a.files and not (given / n).is_file() for n in names)]


def with_dependencies(rubric: Rubric, wanted: list[str]) -> list[str]:
    """``wanted`` activity ids and every activity they wait for, in the rubric's order."""
    chosen = set(wanted)
    changed = True
    while changed:
        changed = False
        for activity in rubric.activities:
            if activity.id in chosen:
                for needed in dependencies(rubric, activity):
                    if needed.id not in chosen:
                        chosen.add(needed.id)
                        changed = True
    return [a.id for a in rubric.activities if a.id in chosen]


def passes(result: ActivityResult) -> bool:
    """Whether an activity passed everything the kit ran of it."""
    counted = [t for t in result.tests if not t.advisory]  # going further than the lab is never required
    return result.status == "graded" and bool(counted) and all(t.outcome == "passed" for t in counted)


def wait_for_owners(rubric: Rubric, results: list[ActivityResult]) -> None:
    """Turn each activity whose files' own activities do not all pass into a "waiting" one (in
    place), in the rubric's order, so a chain waits as a whole (A8 waits for A2, A9 for A8)."""
    by_id = {r.id: r for r in results}
    for activity in rubric.activities:
        result = by_id.get(activity.id)
        if result is None or result.status in ("missing", "not_started", "waiting"):
            continue
        waiting = [a for a in dependencies(rubric, activity) if a.id not in by_id or not passes(by_id[a.id])]
        if not waiting:
            continue
        names = sorted({n for a in waiting for n in a.files if n in {*activity.stand_ins, *activity.uses}})
        result.status = "waiting"
        result.score = 0.0
        result.tests = []
        result.note = (f"in the student kit this activity runs on your own {', '.join(names)} "
                       f"in place of the lab's, so it waits until {_listed(waiting)} "
                       f"pass{'es' if len(waiting) == 1 else ''} all {'its' if len(waiting) == 1 else 'their'} tests. "
                       f"Finish {waiting[0].id} first.")


def _listed(activities: list[Activity]) -> str:
    names = [f"{a.id} ({a.title})" for a in activities]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
