"""Building a Blackboard Learn "Assignment File Download" zip the way Blackboard makes one.

Each attempt is ``<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>``: that name with
``.txt`` is Blackboard's receipt (written even when it says nothing), and each file handed in is
that name, ``_`` and the file's name (see grader/intake/blackboard.py for the sources).

    build_download(tmp_path, [
        Student("Bob Smith", "bsmith", {"deck.py": "..."}),
        Student("Zoë Ñúñez", "znunez", attempts=[
            Attempt({"deck.py": "# first\\n"}, when=datetime(2024, 9, 15, 20, 0)),
            Attempt({"deck.py": "# second\\n"}, when=datetime(2024, 9, 16, 23, 59, 30)),
        ]),
    ])

gives ``gradebook_APCSA_Lab203_2024-09-17-08-00-00.zip`` holding
``Lab 3_bsmith_attempt_2024-09-16-22-00-00.txt``, ``Lab 3_bsmith_attempt_2024-09-16-22-00-00_deck.py``
and both of Zoë's attempts.
"""

import io
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

DEFAULT_WHEN = datetime(2024, 9, 16, 22, 0, 0)


@dataclass
class Attempt:
    """One attempt: ``files`` (name as uploaded -> text or bytes) at ``when`` (the server's local
    time). ``text``: what the student wrote in the Submission Field (HTML); ``comment``: their
    comment. ``stored``: original name -> the name Blackboard stores the file under when it
    changes it (the receipt keeps the original). ``zipped`` puts the files in one zip of that
    name (under ``zip_folder``); ``raw_zip`` is a zip's bytes as given. ``receipt=False`` leaves
    Blackboard's .txt out (a teacher deleted them)."""

    files: dict[str, str | bytes] = field(default_factory=dict)
    when: datetime = DEFAULT_WHEN
    text: str = ""
    comment: str = ""
    stored: dict[str, str] = field(default_factory=dict)
    zipped: str = ""
    zip_folder: str = ""
    raw_zip: bytes | None = None
    receipt: bool = True


@dataclass
class Student:
    """A student as Blackboard knows them; ``files``/``when`` are a one-attempt shorthand for
    ``attempts``."""

    name: str
    username: str
    files: dict[str, str | bytes] = field(default_factory=dict)
    when: datetime = DEFAULT_WHEN
    attempts: list[Attempt] = field(default_factory=list)

    def all_attempts(self) -> list[Attempt]:
        return self.attempts or [Attempt(self.files, self.when)]


def us_date(when: datetime, zone: str) -> str:
    """Blackboard's ``Date Submitted`` in US English: ``Thursday, December 12, 2024 1:22:26 PM EST``."""
    hour = when.hour % 12 or 12
    return f"{when:%A, %B} {when.day}, {when.year} {hour}:{when:%M:%S} {'AM' if when.hour < 12 else 'PM'} {zone}".rstrip()


def receipt(student: Student, attempt: Attempt, assignment: str, prefix: str, zone: str, names: list[tuple[str, str]]) -> str:
    """The .txt Blackboard writes for an attempt."""
    lines = [f"Name: {student.name} ({student.username})", f"Assignment: {assignment}",
             f"Date Submitted: {us_date(attempt.when, zone)}", "Current Grade: Needs Grading", "",
             "Submission Field:", attempt.text or "There is no student submission text data for this assignment.", "",
             "Comments:", attempt.comment or "There are no student comments for this assignment.", "", "Files:"]
    if not names:
        lines.append("No files were attached to this submission.")
    for index, (original, stored) in enumerate(names):
        if index:
            lines.append("")
        lines += [f"\tOriginal filename: {original}", f"\tFilename: {prefix}_{stored}"]
    return "\n".join(lines) + "\n"


def _content(value: str | bytes) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8")


def _zip_of(attempt: Attempt) -> bytes:
    if attempt.raw_zip is not None:
        return attempt.raw_zip
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        folder = attempt.zip_folder.strip("/") + "/" if attempt.zip_folder else ""
        for name, text in attempt.files.items():
            archive.writestr(folder + name, _content(text))
    return buffer.getvalue()


def entries(students: list[Student], assignment: str = "Lab 3", zone: str = "EDT") -> list[tuple[str, bytes]]:
    """(name, bytes) of every file Blackboard puts in the download for ``students``."""
    result: list[tuple[str, bytes]] = []
    for student in students:
        for attempt in student.all_attempts():
            prefix = f"{assignment}_{student.username}_attempt_{attempt.when:%Y-%m-%d-%H-%M-%S}"
            uploads = ([(attempt.zipped or "submission.zip", _zip_of(attempt))] if attempt.zipped or attempt.raw_zip
                       else [(name, _content(text)) for name, text in attempt.files.items()])
            names = [(original, attempt.stored.get(original, original)) for original, _ in uploads]
            if attempt.receipt:
                text = receipt(student, attempt, assignment, prefix, zone, names)
                result.append((f"{prefix}.txt", text.encode("utf-8")))
            result += [(f"{prefix}_{stored}", data) for (_, stored), (_, data) in zip(names, uploads)]
    return result


def build_download(tmp_path: Path, students: list[Student], assignment: str = "Lab 3", zone: str = "EDT",
                   extra: dict[str, str | bytes] | None = None,
                   zip_name: str = "gradebook_APCSA_Lab203_2024-09-17-08-00-00.zip") -> Path:
    """The zip a teacher gets from Blackboard's "Assignment File Download" for ``students``,
    written in ``tmp_path``. ``zone``: the abbreviation Blackboard writes after each time;
    ``extra``: more entries as they are (a stray file, ``__MACOSX/...``)."""
    path = tmp_path / zip_name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries(students, assignment, zone) + [(n, _content(t)) for n, t in (extra or {}).items()]:
            archive.writestr(name, data)
    return path


def sample_class(files: dict[str, str]) -> list[Student]:
    """A class of 20 with everything a real download holds, each student handing in ``files``
    (name -> text) unless their case says otherwise: several attempts, a zip, accents, spaces
    and hyphens in names, two Bob Smiths, usernames with ``_`` and ``.``, a file Blackboard
    stored under another name, an empty file, an empty attempt after a real one, text only, a
    broken zip, a misnamed file, an attempt without its receipt. Keys of the class as read are
    ``Full Name (username)`` (``username`` alone without a receipt)."""
    first, *_ = files
    renamed = {("My " + name if name == first else name): text for name, text in files.items()}
    early, late = datetime(2024, 9, 15, 20, 0, 0), datetime(2024, 9, 16, 23, 59, 30)
    return [
        Student("Bob Smith", "bsmith", dict(files)),
        Student("Bob Smith", "bsmith2", dict(files)),
        Student("Zoë Ñúñez", "znunez", attempts=[Attempt({first: "# first try\n"}, early), Attempt(dict(files), late)]),
        Student("Ann O'Brien-Smith", "ann.obrien_smith", attempts=[Attempt(dict(files), zipped="lab.zip", zip_folder="Lab")]),
        Student("José Álvarez-Núñez", "jalvarez", attempts=[Attempt(dict(files), stored={first: first.replace(".", "_1.")})]),
        Student("Mary Jane van der Berg", "mvanderberg", dict(files)),
        Student("Empty File", "efile", {first: ""}),
        Student("Gave Up", "gaveup", attempts=[Attempt(dict(files), early), Attempt({}, late)]),
        Student("Text Only", "tonly", attempts=[Attempt(text="<p>my code is below</p>")]),
        Student("Broken Zip", "bzip", attempts=[Attempt(raw_zip=b"PK\3\4 broken", zipped="lab.zip")]),
        Student("Misnamed Files", "mfiles", renamed),
        Student("No Receipt", "noreceipt", attempts=[Attempt(dict(files), receipt=False)]),
        *[Student(f"Student{n} Plain", f"plain{n}", dict(files)) for n in range(8)],
    ]
