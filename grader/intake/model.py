"""What an LMS download becomes: one ``IntakeStudent`` per student, with the identity the LMS
gave them, before any grading.

A layout reader (canvas.py, moodle.py, ...) turns a download into these. Each student's files
are written into a folder of their own under the run's scratch folder, under the names the lab
expects (the LMS's prefixes removed), so that the rest of the grader sees exactly what it sees
for a hand-made class folder: one folder per student. Everything here is plain data, stored in
results.json as it is (``Identity.to_dict``), so it never carries an object a later reader must
trust.
"""

from dataclasses import asdict, dataclass, field
from pathlib import Path


class IntakeError(ValueError):
    """The download cannot be read as the layout it claims to be: the message says what was
    seen, the rule it breaks and what to do (for the teacher)."""


@dataclass
class Identity:
    """Who a submission belongs to and when it was handed in, as the LMS says.

    ``ids`` keys name where the value comes from, so an export can match on the right one:
    ``canvas_user_id``, ``canvas_attachment_ids`` (comma separated), ``canvas_anonymous_id``
    (anonymous grading), ``moodle_participant_id``, ``moodle_group_id`` (team submissions),
    ``blackboard_username``, ``gradescope_submission_id``, ``github_username``,
    ``github_repository`` (``owner/name`` of the clone's origin).
    """

    lms: str  # canvas, moodle, blackboard, gradescope, classroom
    name: str = ""  # the student's name as the LMS shows it ("Bob Smith", "smithbob")
    ids: dict[str, str] = field(default_factory=dict)
    # Gradescope (and any group submission): every student on it, each {"name", "sid", "email"}.
    students: list[dict[str, str]] = field(default_factory=list)
    submitted_at: str = ""  # ISO 8601 with its offset, when the download says it
    # True when the LMS (or the deadline given) says the work is late, False when it says on
    # time, None when nothing says either way (a Moodle download holds no times).
    late: bool | None = None
    late_seconds: int | None = None  # how late, when known (the penalty needs it)
    # A repository graded at a commit: {"hash", "time" (ISO 8601), "subject"}; and the work
    # after the deadline, when there is any: {"commits": n, "last_hash", "last_time"}.
    commit: dict[str, str] = field(default_factory=dict)
    late_work: dict = field(default_factory=dict)
    superseded: list[str] = field(default_factory=list)  # earlier versions not graded, as named in the download
    ignored: list[str] = field(default_factory=list)  # files the LMS adds, left out of grading
    source: str = ""  # where in the download this student's work was, as named there
    # GitHub Classroom with --template: each file of the clone's .github/ that is not the
    # template's, {"path", "change": added|removed|changed, "commit"} (classroom_github.py);
    # [] when it all matches; None when not compared. Classroom's points for a student with a
    # change may be forged; the grade is the grader's either way.
    github_changes: list[dict] | None = None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Identity":
        return cls(**data)


@dataclass
class IntakeStudent:
    """One student's work from a download: ``key`` is the name the grader's id is made from
    (grader/intake/names.py makes it safe and unique), ``folder`` holds their files (``None`` with
    ``problem`` set when nothing gradable came out of the download for them)."""

    key: str
    folder: Path | None
    identity: Identity
    problem: str = ""  # in the teacher's and student's words, e.g. an empty submission or a bad zip
    # For the teacher, when something about this entry is worth knowing but does not stop its
    # grading (a Gradescope folder the metadata does not list, say).
    note: str = ""
    # True for an entry of the download refused because its name reads as more than one
    # student's (``refused_entry``): graded as no one's, listed in the summary.
    refused: bool = False


def refused_entry(lms: str, entry: str, readings: list[str]) -> IntakeStudent:
    """An entry of a download whose name can be read as more than one student's work, as a
    student with nothing to grade, so that it shows in the summary and results.json as
    ``unusable`` with the reason, and goes into no one's folder.

    Why refuse rather than guess: the name mixes what the LMS wrote (ids) with what a student
    wrote (their display name, their file's name), and a student can shape their part to look
    like the LMS's. Any rule that picks one reading ("the first id", "the last id") lets some
    choice of name file the work under another student's id, where it would replace or join
    that student's files. Refusing costs only the entry's own author, who is told why.

    ``readings``: each way the name reads, in words ("participant 99999 ('Bob Smith')").
    """
    who = " or ".join(readings) if len(readings) <= 2 else ", ".join(readings[:-1]) + f" or {readings[-1]}"
    problem = (f"Refused: the {lms.capitalize()} download's entry {quoted(entry)} can be read as the work of {who}, "
               "so the grader cannot tell whose it is and graded it as no one's (a display name or a file "
               "name shaped like the LMS's ids reads this way, by chance or to have work filed under another "
               f"student). No other student's files depend on it. Check in {lms.capitalize()} whose it is; its owner "
               "can hand it in again under a plain file name.")
    identity = Identity(lms=lms, source=entry)
    return IntakeStudent(key=entry, folder=None, identity=identity, problem=problem, refused=True)


def quoted(name: str) -> str:
    """``name`` in quotes, whole (the teacher must find it in the download), every invisible or
    line-breaking character written as an escape."""
    return repr(name)
