"""The results of a grading run: plain dataclasses, turned into results.json.

A ``ClassResults`` exists even when grading crashed: a submission the grader could not finish
has status ``grader_error`` and a message, never a missing row.

Who is at fault is part of every status, because a teacher must never mistake the grader's
failure for a student's zero:

- ``not_loaded`` (activity), ``unusable`` (submission): the student's file or zip is the problem;
- ``grader_error`` (test, activity, submission): the grader failed; the score is incomplete and
  the command exits with code 70.
"""

from dataclasses import asdict, dataclass, field

# Test outcomes. Only "passed" earns points.
OUTCOMES = ("passed", "failed", "error", "timeout", "skipped", "grader_error")
# Activity statuses. "not_started": every file of the activity is the lab's starter file,
# unchanged, so it was not run (engine/starter_copy.py). "waiting" only in a student kit: the
# activity runs on the student's own copy of a file another activity grades, and waits until that
# activity passes (grader/kit/).
ACTIVITY_STATUSES = ("graded", "missing", "not_started", "not_loaded", "grader_error", "waiting")
# What happened to an activity, in one word, for tables and the gradebook (``activity_state``):
# the status, or for a graded one what a teacher would want to know first.
ACTIVITY_STATES = ("graded", "misnamed", "timed_out", "scored_0", *ACTIVITY_STATUSES[1:])
# Submission statuses.
SUBMISSION_STATUSES = ("graded", "unusable", "grader_error")


@dataclass
class TestResult:
    __test__ = False  # a result record, not a pytest test class

    name: str  # the test function, with its own parameters: test_rank[ace-hearts-1]
    outcome: str  # one of OUTCOMES
    points: float
    max_points: float
    message: str = ""
    seed: int | None = None
    output: str = ""
    visibility: str = "public"
    # A check beyond the lab's contract: reported ("going further"), worth 0 unless the rubric
    # says `advisory: graded`.
    advisory: bool = False
    replay: str = ""  # the command that runs this test alone, ready to paste
    duration: float = 0.0  # seconds the test took, set-up and tear-down included
    # Where in the student's own code the test's error was raised (the last frame in their
    # files), for annotations and JUnit; "" / None when the test did not end in their code.
    file: str = ""
    line: int | None = None


@dataclass
class ActivityResult:
    id: str
    title: str
    status: str  # one of ACTIVITY_STATUSES
    score: float
    max: float
    note: str = ""
    tests: list[TestResult] = field(default_factory=list)
    hidden_not_run: int = 0
    bonus: bool = False  # a bonus activity: its score goes to SubmissionResult.bonus, never to total
    # The lab's name -> the name the student gave the file, for each file graded under the lab's
    # name although named otherwise (Widget.py for widget.py); ``note`` says so too.
    renamed: dict[str, str] = field(default_factory=dict)

    @property
    def timed_out(self) -> bool:
        """Whether a test of it ran out of time (an endless loop, most often)."""
        return any(t.outcome == "timeout" for t in self.tests)

    @property
    def state(self) -> str:
        """One of ACTIVITY_STATES: the status; for a graded activity, ``timed_out`` when a test ran
        out of time, else ``misnamed`` when a file had another name, else ``scored_0`` for no point."""
        if self.status != "graded":
            return self.status
        if self.timed_out:
            return "timed_out"
        if self.renamed:
            return "misnamed"
        return "scored_0" if self.score <= 0 < self.max else "graded"


@dataclass
class SubmissionResult:
    id: str
    status: str  # one of SUBMISSION_STATUSES
    total: float  # never more than max: bonus points are kept apart
    max: float
    messages: list[str] = field(default_factory=list)
    activities: list[ActivityResult] = field(default_factory=list)
    bonus: float = 0.0
    bonus_max: float = 0.0
    # Likely causes of the student's failures that the lab's diagnosis names (Lab.causes), in a
    # teacher's words; index.html groups them across the class. Empty when the lab names none.
    causes: list[str] = field(default_factory=list)
    # Who the LMS says handed it in and when (grader/intake/model.py's Identity as plain data):
    # empty for a plain class folder.
    identity: dict = field(default_factory=dict)
    # What the rubric's late policy took off ``total`` (grader/intake/late.py): {} when the
    # work is not late, else {"days", "percent", "points", "note"}.
    late_penalty: dict = field(default_factory=dict)
    # The language the student wrote in (``SubmissionPlan.language``): every report words what
    # it adds around a test's message in it (grader/reporters/wording.py, grader/idiom/).
    language: str = "python"


@dataclass
class ClassResults:
    lab: str
    submissions: list[SubmissionResult]
    base_seed: int = 0
    sandbox: str = "process"
    grader_version: str = ""
    # Set when this is one part of a class graded with `--shard I/N` (grader/results/sharding.py).
    shard: dict | None = None
    title: str = ""  # the lab's title, as the rubric gives it: the reports' heading
    # What student code ran with, measured before the run (grader/sandbox/confinement.py).
    confinement: dict = field(default_factory=dict)
    # The ids of the students, read from GitHub Classroom clones with --template, whose .github/
    # differs from the template (identity["github_changes"]): the points Classroom showed them
    # may be forged. Written from the submissions' identities (to_dict), so it always agrees.
    github_changed: list[str] = field(default_factory=list)

    @property
    def heading(self) -> str:
        return self.title or self.lab

    def to_dict(self) -> dict:
        """Plain data, each activity with its ``state`` too (worked out, never read back)."""
        data = asdict(self)
        for sub, plain in zip(self.submissions, data["submissions"]):
            for activity, entry in zip(sub.activities, plain["activities"]):
                entry["state"] = activity.state
        data["github_changed"] = [sub.id for sub in self.submissions if sub.identity.get("github_changes")]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "ClassResults":
        """The inverse of ``to_dict``. Unknown keys are an error: they mean another format."""
        subs = []
        for sub in data["submissions"]:
            activities = [ActivityResult(**{**{k: v for k, v in a.items() if k != "state"},
                                            "tests": [TestResult(**t) for t in a["tests"]]}) for a in sub["activities"]]
            subs.append(SubmissionResult(**{**sub, "activities": activities}))
        return cls(**{**data, "submissions": subs})

    def submission(self, submission_id: str) -> SubmissionResult:
        return next(s for s in self.submissions if s.id == submission_id)

    @property
    def grader_failed(self) -> list[SubmissionResult]:
        """Submissions whose grade is incomplete because the grader itself failed."""
        return [s for s in self.submissions if s.status == "grader_error"]

    @property
    def unusable(self) -> list[SubmissionResult]:
        """Submissions that could not be graded at all because of what was handed in."""
        return [s for s in self.submissions if s.status == "unusable"]


def round_points(value: float) -> float:
    """Points are shown to two decimals; rounding here keeps JSON and CSV in agreement."""
    return round(value, 2)


def split_points(points: float, runs: int) -> list[float]:
    """``points`` shared by ``runs`` test runs, in hundredths that add up exactly.

    2 points over 3 runs are 0.67, 0.67 and 0.66, not three times 0.67 (= 2.01): whatever a
    report shows per test adds up to what it shows for the activity.
    """
    if runs <= 0:
        return []
    hundredths = round(points * 100)
    base, extra = divmod(hundredths, runs)
    return [(base + (1 if i < extra else 0)) / 100 for i in range(runs)]
