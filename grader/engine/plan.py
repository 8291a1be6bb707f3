"""The grading plan: plain data that tells a trusted pytest process what to grade.

Written by the command line, read by the pytest plugin in another process, so it is JSON and
holds only paths, names and numbers. How a submission's plan is made is planning.py's (the Java
planner's is grader/java/planning.py); both fill these classes, which import neither.
"""

import json
from dataclasses import asdict, dataclass, field


@dataclass
class ActivityPlan:
    id: str
    files: dict[str, str]  # name inside the sandbox -> absolute path to copy from
    modules: list[str]
    disable: list[str] = field(default_factory=list)
    own: list[str] = field(default_factory=list)  # names (in the sandbox) of the student's own files
    language: str = "python"  # "java": graded through the JVM (grader/java/)
    # Student kit only (grader/kit/own_files.py): the student's files a tester is run against.
    yours: dict[str, str] = field(default_factory=dict)
    # The lab files staged only because a staged file imports them (grader/lab/file_imports.py): present,
    # never imported in advance (not in ``modules``).
    imported: list[str] = field(default_factory=list)
    # Java only (grader/java/planning.py), names in the submission -> paths: the student's other
    # classes (compiled where used), and their own versions of the stand-ins (tried when the
    # classes under test compile only with them: grader/java/theirs.py).
    extras: dict[str, str] = field(default_factory=dict)
    theirs: dict[str, str] = field(default_factory=dict)
    # Java only (grader/java/contract.py): the rubric's tests that call a method the student's
    # handout never declared, not run; the activity's points are shared by its other tests.
    outside_contract: list[str] = field(default_factory=list)
    contract_note: str = ""
    # The module names the student gave the lab's files -> the lab's (Widget -> widget): importable
    # under both in the sandbox, so their files run as written (engine/misnamed.py).
    aliases: dict[str, str] = field(default_factory=dict)


@dataclass
class SubmissionPlan:
    id: str
    folder: str
    activities: dict[str, ActivityPlan] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)  # activity id -> why it is missing
    # Activities whose files are the lab's starter files, unchanged (engine/starter_copy.py).
    not_started: list[str] = field(default_factory=list)
    # activity id -> {the lab's name: the name the student gave it} for files graded under the
    # lab's name although named otherwise (Widget.py for widget.py): every report says so.
    renamed: dict[str, dict[str, str]] = field(default_factory=dict)
    # The student's module name of such a file (Widget) -> where their files import it by that
    # name ("Gadget.py line 10"): the report says to change those imports too (engine/misnamed.py).
    misnamed_imports: dict[str, list[str]] = field(default_factory=dict)
    # Student kit only: activities that wait for a file of the student's another activity grades.
    waiting: list[str] = field(default_factory=list)
    # When a submission's activities are split across grading processes (engine/work_units.py),
    # each part saves its records and reports its end under its own key.
    records_key: str = ""
    language: str = "python"  # the submission's, told by its files (grader/java/planning.py)
    digest: str = ""  # of the submission's files, saved with its records for --resume (engine/resume.py)

    @property
    def key(self) -> str:
        return self.records_key or self.id


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
    # The system-call filter, compiled once by the grading run (hex; grader/sandbox/seccomp.py),
    # so each grading process need not load libseccomp and compile it again.
    seccomp_filter: str = ""
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
