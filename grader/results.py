"""The results of a grading run: plain dataclasses, turned into results.json.

A ``ClassResults`` exists even when grading crashed: a submission the grader could not finish
has status ``error`` and a message, never a missing row.
"""

from dataclasses import asdict, dataclass, field


@dataclass
class TestResult:
    __test__ = False  # a result record, not a pytest test class

    name: str
    outcome: str  # passed | failed | error | timeout | skipped
    points: float
    max_points: float
    message: str = ""
    seed: int | None = None
    output: str = ""
    visibility: str = "public"


@dataclass
class ActivityResult:
    id: str
    title: str
    status: str  # graded | missing | error
    score: float
    max: float
    note: str = ""
    tests: list[TestResult] = field(default_factory=list)
    hidden_not_run: int = 0


@dataclass
class SubmissionResult:
    id: str
    status: str  # graded | error
    total: float
    max: float
    messages: list[str] = field(default_factory=list)
    activities: list[ActivityResult] = field(default_factory=list)


@dataclass
class ClassResults:
    lab: str
    submissions: list[SubmissionResult]
    base_seed: int = 0
    sandbox: str = "process"
    grader_version: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    def submission(self, submission_id: str) -> SubmissionResult:
        return next(s for s in self.submissions if s.id == submission_id)


def round_points(value: float) -> float:
    """Points are shown to two decimals; rounding here keeps JSON and CSV in agreement."""
    return round(value, 2)
