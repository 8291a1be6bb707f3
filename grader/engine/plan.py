"""The grading plan: plain data that tells a trusted pytest process what to grade.

Written by the command line, read by the pytest plugin in another process, so it is JSON and
holds only paths, names and numbers.
"""

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from grader.assets import asset_path
from grader.rubric import Rubric


@dataclass
class ActivityPlan:
    id: str
    files: dict[str, str]  # name inside the sandbox -> absolute path to copy from
    modules: list[str]
    disable: list[str] = field(default_factory=list)


@dataclass
class SubmissionPlan:
    id: str
    folder: str
    activities: dict[str, ActivityPlan] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)  # activity id -> why it is missing


@dataclass
class GradingPlan:
    rubric_path: str
    submissions: list[SubmissionPlan]
    base_seed: int = 0
    visibility: list[str] = field(default_factory=lambda: ["public", "hidden"])
    only_tests: list[str] = field(default_factory=list)
    only_activities: list[str] = field(default_factory=list)
    limits: dict = field(default_factory=dict)
    submission_seconds: float = 120.0
    progress_file: str = ""
    isolation: str = "process"
    records_dir: str = ""  # where each finished submission's records are saved (records.py)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str) -> "GradingPlan":
        data = json.loads(text)
        subs = []
        for sub in data.pop("submissions"):
            activities = {k: ActivityPlan(**v) for k, v in sub.pop("activities").items()}
            subs.append(SubmissionPlan(activities=activities, **sub))
        return cls(submissions=subs, **data)


def plan_submission(rubric: Rubric, submission_id: str, folder: Path) -> SubmissionPlan:
    """Which activities this submission can be graded on, and why the others cannot."""
    plan = SubmissionPlan(id=submission_id, folder=str(folder))
    # Links are never followed: a link named card.py could point at another student's file or
    # at a file of the teacher's, which would then be copied into the sandbox.
    entries = list(folder.iterdir()) if folder.is_dir() else []
    present = {p.name: p for p in entries if p.is_file() and not p.is_symlink() and os.access(p, os.R_OK)}
    links = {p.name for p in entries if p.is_symlink()}
    unreadable = {p.name for p in entries if p.is_file() and not p.is_symlink() and p.name not in present}
    for activity in rubric.activities:
        # An entry "a.py|b.py" is satisfied by either file; every one present is used.
        missing = [entry.split("|")[0] for entry in activity.files if not any(n in present for n in entry.split("|"))]
        if missing:
            linked = [name for name in missing if name in links]
            locked = [name for name in missing if name in unreadable]
            if linked:
                plan.notes[activity.id] = f"{', '.join(linked)} is a link, not a file: hand in the file itself"
            elif locked:
                plan.notes[activity.id] = f"{', '.join(locked)} cannot be read by the grader: check the file's permissions"
            else:
                plan.notes[activity.id] = _missing_note(missing, present)
            continue
        wanted = [name for entry in activity.files for name in entry.split("|") if name in present]
        files = {name: str(present[name].resolve()) for name in wanted}
        files.update({name: str(asset_path("reference", name)) for name in activity.stand_ins})
        files.update({name: str(asset_path("harness", name)) for name in activity.harness})
        plan.activities[activity.id] = ActivityPlan(
            id=activity.id, files=files, modules=activity.modules, disable=list(activity.disable)
        )
    return plan


def _missing_note(missing: list[str], present: dict[str, Path]) -> str:
    notes = []
    lowered = {name.lower(): name for name in present}
    for name in missing:
        near = lowered.get(name.lower())
        if near:
            notes.append(f"found {near} but the grader looks for {name}: rename the file to exactly {name}")
        else:
            notes.append(f"{name} was not found in your folder")
    return "; ".join(notes) + "."
