"""Planning a submission: which activities it can be graded on, with which files, and why the
others cannot (the plan itself, plain data, is plan.py's).

A Java submission is planned by grader/java/planning.py; everything else here: the rubric's file
names found in the folder (FolderFiles), misnamed files graded as written, starter copies told
apart from started work, and the lab files a student's file imports staged beside it.
"""

import os
from pathlib import Path

from grader.engine import misnamed
from grader.engine.plan import ActivityPlan, SubmissionPlan
from grader.engine.starter_copy import is_starter_copy
from grader.kit.edition import is_kit
from grader.kit.own_files import kit_files
from grader.lab.file_imports import imported_lab_files, is_tester, lab_files
from grader.lab.rubric import Activity, Rubric


def java_planner(rubric: Rubric, folder: Path, found: "FolderFiles"):
    """The Java planner when ``folder`` is a Java submission (grader/java/planning.py), else None."""
    from grader.java.planning import JavaPlanner

    return JavaPlanner.for_folder(rubric, folder, set(found.present))


def plan_submission(rubric: Rubric, submission_id: str, folder: Path, only: list[str] | None = None) -> SubmissionPlan:
    """Which activities this submission can be graded on, and why the others cannot.

    ``only``: the activity ids a filtered run grades (``--activity``); the others are not planned.
    """
    plan = SubmissionPlan(id=submission_id, folder=str(folder))
    found = FolderFiles(folder)
    lab_names = {name for a in rubric.activities for entry in (*a.files, *a.stand_ins) for name in entry.split("|")}
    java = java_planner(rubric, folder, found)
    aliases: dict[str, str] = {}
    if java is not None:
        plan.language = "java"
    else:
        aliases = misnamed_aliases(rubric, found, lab_names, plan)
    for activity in rubric.activities:
        if only and activity.id not in only:
            continue
        if java is not None and java.plans(activity):
            java.plan(activity, plan)
            continue
        wanted: dict[str, Path] = {}
        missing = []
        starter = []
        for entry in activity.files:
            names = entry.split("|")
            # One name: that file, staged under that name (other files import it by that name), or
            # a file named like it but for case, "_" and "-" (Widget.py), said in every report. Several
            # names (a tester): any of them, or a usual spelling of one (WidgetTester.py, tests/test_widget.py).
            matches = (found.exact(names[0]) or found.near(names[0], lab_names)) if len(names) == 1 else found.loose(names)
            if not matches:
                missing.append(entry)
            for staged, path in matches.items():
                handed_in = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else path.name
                if path.name not in names:
                    plan.renamed.setdefault(activity.id, {})[staged if len(names) == 1 else _closest(names, path.name)] = handed_in
                starter.append(is_starter_copy(rubric, names, path))
            wanted.update(matches)
        if missing:
            plan.notes[activity.id] = found.why_missing(missing)
            continue
        if starter and all(starter):
            plan.not_started.append(activity.id)
            plan.notes[activity.id] = not_started_note(list(wanted))
            continue
        files = {name: str(path.resolve()) for name, path in wanted.items()}
        yours: dict[str, str] = {}
        if is_kit():  # no reference files: the student's own stand in (grader/kit/own_files.py)
            kit = kit_files(rubric, activity, found.as_named(lab_names), wanted)
            if kit.problem:
                plan.notes[activity.id] = kit.problem
                plan.waiting.append(activity.id)
                continue
            files.update(kit.stand_ins)
            yours = kit.yours
            imported = kit.imported
        else:
            files.update({name: str(rubric.stand_in_folder / name) for name in activity.stand_ins})
            imported = reference_imports(rubric, activity, files)
            files.update(imported)
        files.update({name: str(rubric.harness_folder / name) for name in activity.harness})
        plan.activities[activity.id] = ActivityPlan(
            id=activity.id, files=files, modules=activity.modules, disable=list(activity.disable), own=list(wanted),
            yours=yours, imported=list(imported), aliases=dict(aliases),
        )
    return plan


def misnamed_aliases(rubric: Rubric, found: "FolderFiles", lab_names: set[str], plan: SubmissionPlan) -> dict[str, str]:
    """The module names the student gave the lab's files (``Widget`` for ``widget.py``) -> the lab's,
    for every activity of the submission (an ``--activity A2`` run too: its Gadget.py imports Widget);
    and, in ``plan``, where the student's files import each one by that name."""
    names = lab_files(rubric)
    near = {name: path for name in sorted(names) if not found.exact(name) for path in found.near(name, lab_names).values()}
    aliases = misnamed.aliases(names, near)
    files = {**{f"{path.parent.name}/{name}": path for name, path in found.nested.items()}, **found.present}
    plan.misnamed_imports = {module: sites for module, sites in misnamed.imports_of(set(aliases), files).items() if sites}
    return aliases


def planned_imports(rubric: Rubric, folder: Path) -> dict[str, list[str]]:
    """Activity id -> the lab files its plan for ``folder`` stages because its files import
    them: what a kit's ``--activity`` must check first besides the rubric's stand-ins."""
    plan = plan_submission(rubric, "", folder)
    return {activity_id: activity.imported for activity_id, activity in plan.activities.items()}


def reference_imports(rubric: Rubric, activity: Activity, files: dict[str, str]) -> dict[str, str]:
    """The lab's reference of each lab file the ``files`` staged for ``activity`` import (the
    student's through their imports, the stand-ins through theirs), but never of a file it
    grades: name -> path. A tester activity stages none (its runs stage the lab's files)."""
    if is_tester(activity):
        return {}
    reference = rubric.stand_in_folder
    allowed = earlier_work(rubric, activity)

    def locate(name: str) -> Path | None:
        return reference / name if name in allowed and (reference / name).is_file() else None

    found = imported_lab_files(rubric, {name: Path(path) for name, path in files.items()}, locate, activity.files)
    return {name: str(path) for name, path in found.items() if path is not None}


def earlier_work(rubric: Rubric, activity: Activity) -> set[str]:
    """The lab files whose reference an import may bring beside ``activity``'s files: the files
    no activity grades (given), and those graded by an activity that comes before the last one
    grading a file of ``activity`` (a file graded up to A4 may import a file A3 grades).

    Never a later file: whatever is staged is readable by student code, so an Activity 1 file
    that imports the last activity's file must not bring its reference solution within reach."""
    order = {a.id: i for i, a in enumerate(rubric.activities)}
    own = set(activity.files)
    horizon = max(order[a.id] for a in rubric.activities if a.id == activity.id or own & set(a.files))
    owners: dict[str, list[int]] = {}
    for other in rubric.activities:
        for name in other.files:
            owners.setdefault(name, []).append(order[other.id])
    return {name for name in lab_files(rubric) if name not in owners or min(owners[name]) <= horizon}


def squash(name: str) -> str:
    """A file name as the loose match sees it: WidgetTester.py, widget_tester.py, Widget-Tester.py
    -> widgettester.py."""
    return name.replace("_", "").replace("-", "").lower()


def _closest(names: list[str], handed_in: str) -> str:
    """Which of a tester's names a file is a spelling of (the first, when none is)."""
    return next((name for name in names if squash(name) == squash(handed_in)), names[0])


def rename_note(renamed: dict[str, str], deduction: float = 0.0, imports: dict[str, list[str]] | None = None) -> str:
    """What a report says of files graded under the lab's name: ``named Widget.py; graded as
    widget.py``, and (``imports``: the student's module name -> where their files import it by
    that name) which imports to change with the name."""
    imports = imports or {}
    parts = []
    for name, given in renamed.items():
        fix = misnamed.imports_note(given, name, imports.get(Path(given).stem, []) if "/" not in given else [])
        why = " (the lab and its other files look for that name)" + fix if fix else ": the lab and its other files look for that name"
        parts.append(f"named {given}; graded as {name}. Rename it to {name}{why}")
    cost = f" ({deduction:g} point{'' if deduction == 1 else 's'} off for the name)" if deduction else ""
    return "; ".join(parts) + cost + "."


def not_started_note(names: list[str]) -> str:
    """What a report says of an activity whose files are the starter's, unchanged."""
    listed = " and ".join(names)
    return (f"not started: {listed} {'is' if len(names) == 1 else 'are'} still the starter file{'' if len(names) == 1 else 's'}, "
            "unchanged, so there is nothing of yours to grade yet (0 points).")


class FolderFiles:
    """The regular files of a submission folder (and of its tests/ subfolder), read once.

    Links are never followed: a link named like a student file could point at another student's file or at
    a file of the teacher's, which would then be copied into the sandbox.
    """

    SUBFOLDERS = ("tests", "test")

    def __init__(self, folder: Path) -> None:
        entries = list(folder.iterdir()) if folder.is_dir() else []
        self.present = {p.name: p for p in entries if _usable(p)}
        self.links = {p.name for p in entries if p.is_symlink()}
        self.unreadable = {p.name for p in entries if p.is_file() and not p.is_symlink() and p.name not in self.present}
        self.nested: dict[str, Path] = {}
        for sub in self.SUBFOLDERS:
            inner = folder / sub
            if inner.is_dir() and not inner.is_symlink():
                for p in sorted(inner.iterdir()):
                    if _usable(p):
                        self.nested.setdefault(p.name, p)

    def exact(self, name: str) -> dict[str, Path]:
        return {name: self.present[name]} if name in self.present else {}

    def near(self, name: str, taken: set[str] = frozenset()) -> dict[str, Path]:
        """A file named like ``name`` but for case, "_" and "-" (Widget.py, Widget-Box.py), under
        ``name``; never a file that has a name in ``taken`` (another file of the lab)."""
        key = squash(name)
        found = sorted(given for given in self.present if squash(given) == key and given not in taken)
        return {name: self.present[found[0]]} if found else {}

    def as_named(self, names: set[str]) -> dict[str, Path]:
        """The folder's files by name, with each of ``names`` that is missing but handed in under a
        near name (``near``) added under its own name."""
        named = dict(self.present)
        for name in sorted(names):
            if name not in named:
                named.update(self.near(name, names))
        return named

    def loose(self, names: list[str]) -> dict[str, Path]:
        """Every file whose name is one of ``names`` once case and underscores are ignored,
        in the folder or its tests/ subfolder, under its own name."""
        keys = {squash(name) for name in names}
        found = {name: path for name, path in self.present.items() if squash(name) in keys}
        for name, path in self.nested.items():
            if squash(name) in keys and name not in found:
                found[name] = path
        return found

    def why_missing(self, entries: list[str]) -> str:
        notes = []
        lowered = {name.lower(): name for name in self.present}
        for entry in entries:
            names = entry.split("|")
            first = names[0]
            if first in self.links:
                notes.append(f"{first} is a link, not a file: hand in the file itself")
            elif first in self.unreadable:
                notes.append(f"{first} cannot be read by the grader: check the file's permissions")
            elif len(names) > 1:
                notes.append(f"no tester file was found: name it {' or '.join(names)}")
            elif first.lower() in lowered:
                notes.append(f"found {lowered[first.lower()]} but the grader looks for {first}: rename the file to exactly {first}")
            else:
                notes.append(f"{first} was not found in your folder")
        return "; ".join(notes) + "."


def _usable(path: Path) -> bool:
    return path.is_file() and not path.is_symlink() and os.access(path, os.R_OK)
