"""Reading a Blackboard Learn assignment download (Grade Center, "Assignment File Download"): one
flat folder, every file of every attempt named after the attempt.

Each attempt is ``<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>`` and comes as that name
with ``.txt`` (Blackboard's receipt) and, for each file handed in, that name, ``_`` and the file's
name. The receipt reads::

    Name: Bob Smith (bsmith)
    Assignment: Lab 3
    Date Submitted: Thursday, December 12, 2024 1:22:26 PM EST
    Current Grade: Needs Grading

    Submission Field:
    There is no student submission text data for this assignment.

    Comments:
    There are no student comments for this assignment.

    Files:
    \tOriginal filename: widget.py
    \tFilename: Lab 3_bsmith_attempt_2024-12-12-13-22-26_widget.py

("No files were attached to this submission." when there are none.) The layout and wording are
those that public readers of these downloads rely on: BraeWebb/chalkbox
(src/main/java/chalkbox/collectors/BlackboardCollector.java: the tab-indented
``Original filename``/``Filename`` pairs, the username in brackets), matthew-e-brown/bb-gradebook
(src/parse/datafile.rs: the section order, the "no text/comments/files" sentences, the date
format ``%A, %B %-d, %Y %-I:%M:%S %p %Z``), vangef/BBGradebookOrganiser (utils/organiser.py:
the username just before ``_attempt_``) and kwurst/bb-file-cleanup (the receipt written even
when it says nothing). Blackboard sometimes stores a file under a changed name; the receipt's
``Original filename`` is the student's own, so it is preferred.

The receipt is the authority on who: its ``Name`` line gives the full name and the username
(an assignment name or a username may hold ``_``, so the file name alone cannot tell where one
ends); a file whose receipt is missing is read from its name, the username being the part
before ``_attempt_`` after the last ``_``. The latest attempt of a student is graded; the files
of earlier ones are listed as superseded, every receipt as ignored.

What a student writes, and where: the Submission Field (the text box) and the Comments sit in
the receipt below its one-line fields, and each file's name follows the attempt's prefix. So
the one-line fields (Name, Assignment, Date Submitted) are read from the receipt's head only,
above its first section, the first of each: a text box holding ``Name: Bob Smith (bsmith)`` used
to make the writer's attempt Bob's latest, graded in place of his work. And a name holding
``_attempt_<stamp>`` twice (``Lab 3_eve_attempt_<t1>_x_bsmith_attempt_<t2>.txt``, a file Eve
named ``x_bsmith_attempt_<t2>.txt``) reads as two attempts, even as a receipt whose text she
wrote: it is never a receipt, it is a file of the first attempt when that attempt's receipt
lists it, and otherwise it is refused, by name (model.py, ``refused_entry``). A receipt lists
only its own attempt's files: a name it lists that starts otherwise is not read.

Times: the file name's time has no zone. ``submitted_at`` is the receipt's ``Date Submitted``
with its offset when its zone is one of ``ZONE_OFFSETS`` (US zones, UTC/GMT, and a few of
Europe and Australia, where Blackboard writes the server's zone abbreviation), and otherwise the
time without an offset (``2024-12-12T13:22:26``), since an abbreviation like IST names several
zones. ``late`` stays None: the download does not say, the deadline comparison is the caller's.
Receipts in a language other than English are read from file names only (names, not labels).
"""

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from grader.intake.flat_download import StudentFolder, descend_wrapper, describe_other, top_level
from grader.intake.layouts import IntakeOptions
from grader.intake.model import Identity, IntakeError, IntakeStudent, quoted, refused_entry
from grader.intake.names import shown

NAME = "blackboard"

_STAMP = r"(?P<stamp>\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d)"
_RECEIPT = re.compile(r"(?P<prefix>.+_attempt_" + _STAMP + r")\.txt", re.DOTALL)
_ATTEMPT_FILE = re.compile(r"(?P<prefix>.+?_attempt_" + _STAMP + r")_(?P<rest>.+)", re.DOTALL)
_MARKER = re.compile(r"_attempt_\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d")  # what Blackboard writes once per name
_SECTIONS = ("Submission Field:", "Comments:", "Files:")
NO_TEXT = "There is no student submission text data for this assignment."
NO_COMMENTS = "There are no student comments for this assignment."
NO_FILES = "No files were attached to this submission."
ZONE_OFFSETS = {"UTC": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8,
                "PDT": -7, "AKST": -9, "AKDT": -8, "HST": -10, "BST": 1, "CET": 1, "CEST": 2, "AEST": 10, "AEDT": 11}
# US English ("Thursday, December 12, 2024 1:22:26 PM") and British English ("Thursday, 12
# December 2024 13:22:26 o'clock"), the zone abbreviation after either.
_DATE_FORMATS = ("%A, %B %d, %Y %I:%M:%S %p", "%A, %d %B %Y %H:%M:%S o'clock", "%A, %d %B %Y %H:%M:%S")


@dataclass
class Receipt:
    """What Blackboard's .txt for one attempt says."""

    name: str = ""  # "Bob Smith"
    username: str = ""
    assignment: str = ""
    date_submitted: str = ""  # as written
    text: str = ""  # the Submission Field, "" when Blackboard says there is none
    comments: str = ""
    files: list[tuple[str, str]] = field(default_factory=list)  # (original name, name in the download)


@dataclass
class Attempt:
    """One attempt: its receipt (if any) and its files in the download."""

    prefix: str  # <assignment>_<username>_attempt_<stamp>
    stamp: str
    receipt_path: Path | None = None
    receipt: Receipt | None = None
    files: list[Path] = field(default_factory=list)

    @property
    def username(self) -> str:
        if self.receipt and self.receipt.username:
            return self.receipt.username
        head = self.prefix[:-len("_attempt_") - len(self.stamp)]
        return head.rsplit("_", 1)[-1]


def parse_receipt(text: str) -> Receipt:
    """The fields of a receipt (English labels); missing ones stay empty."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    receipt = Receipt()
    # The one-line fields are Blackboard's head, above the first section: below it a student
    # writes (the text box, the comments), and a line there may read "Name: ...".
    head_end = next((index for index, line in enumerate(lines) if line.rstrip() in _SECTIONS), len(lines))
    seen = set()
    for line in lines[:min(12, head_end)]:
        label, _, value = line.partition(":")
        value = value.strip()
        if label in seen:
            continue  # the first is Blackboard's
        seen.add(label)
        if label == "Name":
            opening, closing = value.rfind("("), value.rfind(")")
            if 0 <= opening < closing:
                receipt.name, receipt.username = value[:opening].strip(), value[opening + 1:closing].strip()
            else:
                receipt.name = value
        elif label == "Assignment":
            receipt.assignment = value
        elif label == "Date Submitted":
            receipt.date_submitted = value
    heads = [index for index, line in enumerate(lines) if line.rstrip() in _SECTIONS]
    # The Submission Field is HTML, so its own lines never read "Comments:"; the comments are the
    # student's words and might, so the Files section starts at the last "Files:".
    text_at = next((i for i in heads if lines[i].rstrip() == "Submission Field:"), None)
    comments_at = next((i for i in heads if lines[i].rstrip() == "Comments:" and (text_at is None or i > text_at)),
                       None)
    files_at = max((i for i in heads if lines[i].rstrip() == "Files:"), default=None)
    if text_at is not None:
        receipt.text = _section(lines, text_at, comments_at or files_at, NO_TEXT)
    if comments_at is not None:
        receipt.comments = _section(lines, comments_at, files_at, NO_COMMENTS)
    if files_at is not None:
        original = None
        for line in lines[files_at + 1:]:
            label, _, value = line.strip().partition(": ")
            if label == "Original filename":
                original = value
            elif label == "Filename":
                receipt.files.append((original if original is not None else value, value))
                original = None
    return receipt


def _section(lines: list[str], start: int, end: int | None, nothing: str) -> str:
    body = "\n".join(lines[start + 1:end]).strip()
    return "" if body == nothing else body


def submitted_at(receipt: Receipt | None, stamp: str) -> str:
    """ISO 8601 time of the attempt: the receipt's, with its offset when its zone is known,
    else the file name's time without an offset."""
    if receipt and receipt.date_submitted:
        written = receipt.date_submitted
        head, _, zone = written.rpartition(" ")
        for when, zone in ((written, ""), (head, zone)):
            for form in _DATE_FORMATS:
                try:
                    parsed = datetime.strptime(when, form)
                except ValueError:
                    continue
                if zone in ZONE_OFFSETS:
                    return parsed.replace(tzinfo=timezone(timedelta(hours=ZONE_OFFSETS[zone]))).isoformat()
                return parsed.isoformat()
    return datetime.strptime(stamp, "%Y-%m-%d-%H-%M-%S").isoformat()


def _attempts(folder: Path) -> tuple[dict[str, Attempt], list[Path], list[Path]]:
    """Every attempt in the download by prefix, the files that belong to none, and the files
    refused because their names read as two attempts."""
    files, _ = top_level(folder)
    attempts: dict[str, Attempt] = {}
    markers = {path: len(_MARKER.findall(path.name)) for path in files}
    for path in files:
        match = _RECEIPT.fullmatch(path.name)
        if match and markers[path] == 1:  # with the marker twice it is a student's file (or no one's)
            receipt = parse_receipt(path.read_text(encoding="utf-8", errors="replace"))
            attempts[match["prefix"]] = Attempt(match["prefix"], match["stamp"], path, receipt)
    # A receipt vouches for the files of its own attempt only.
    vouched = {stored for attempt in attempts.values() for _, stored in attempt.receipt.files
               if stored.startswith(attempt.prefix + "_")}
    stray, refused = [], []
    receipt_paths = {a.receipt_path for a in attempts.values()}
    for path in files:
        if path in receipt_paths:
            continue
        match = _ATTEMPT_FILE.fullmatch(path.name)  # the first marker: Blackboard's, left of the student's name
        if match is None:
            stray.append(path)
        elif markers[path] > 1 and path.name not in vouched:
            refused.append(path)
        else:  # without a receipt, the attempt is read from the name alone
            attempts.setdefault(match["prefix"], Attempt(match["prefix"], match["stamp"])).files.append(path)
    return attempts, stray, refused


def _readings(path: Path) -> list[str]:
    """The attempts a name holding the marker twice reads as, in words, for its refusal."""
    owners = []
    for marker in _MARKER.finditer(path.name):
        head = path.name[:marker.start()]
        owners.append(f"username {quoted(head.rsplit('_', 1)[-1])} (attempt {marker.group()[len('_attempt_'):]})")
    return owners


def recognise(root: Path) -> str:
    """Evidence that ``root`` is a Blackboard download: most of its files are attempt files."""
    folder = descend_wrapper(root)
    files, _ = top_level(folder)
    attempts, stray, _ = _attempts(folder)
    receipts = [a.receipt_path.name for a in attempts.values() if a.receipt_path]
    if not attempts or 2 * len(stray) >= len(files):
        return ""
    example = shown(receipts[0] if receipts else next(iter(attempts.values())).files[0].name)
    return (f"{len(files) - len(stray)} of {len(files)} files named like Blackboard's "
            f"Assignment_username_attempt_date, {len(receipts)} of them attempt receipts (for example {example})")


def stray_files(root: Path) -> list[str]:
    """The download's entries that belong to no attempt, for the teacher to see in a warning."""
    folder = descend_wrapper(root)
    _, others = top_level(folder)
    return [path.name for path in _attempts(folder)[1]] + [describe_other(path) for path in others]


def read(root: Path, scratch: Path, options: IntakeOptions) -> list[IntakeStudent]:
    """Every student in the download, their latest attempt's files in a folder of their own."""
    folder = descend_wrapper(root)
    attempts, _, refused = _attempts(folder)
    if not attempts and not refused:
        files, _ = top_level(folder)
        seen = ", ".join(shown(path.name) for path in files[:5]) or "no files"
        raise IntakeError(f"{folder} holds no file named the way Blackboard names an assignment download (seen: "
                          f"{seen}). Blackboard's Grade Center \"Assignment File Download\" names each file "
                          "Assignment_username_attempt_YYYY-MM-DD-HH-MM-SS_file, beside a .txt for each attempt. "
                          "Give the zip Blackboard downloaded (or the folder it unpacks to), unchanged.")
    by_student: dict[str, list[Attempt]] = {}
    for attempt in attempts.values():
        by_student.setdefault(attempt.username, []).append(attempt)
    return ([_read_student(sorted(group, key=lambda a: a.stamp), scratch) for _, group in sorted(by_student.items())]
            + [refused_entry(NAME, path.name, _readings(path)) for path in refused])


def _read_student(attempts: list[Attempt], scratch: Path) -> IntakeStudent:
    latest = attempts[-1]
    target = StudentFolder(scratch)
    for attempt in attempts:
        if attempt.receipt_path:
            target.ignored.append(attempt.receipt_path.name)
        if attempt is not latest:
            target.superseded += [path.name for path in attempt.files]
    # Only what the receipt lists of its own attempt (a file's name may carry a line that reads "Filename: ...").
    originals = {stored: original for original, stored in (latest.receipt.files if latest.receipt else [])
                 if stored.startswith(latest.prefix + "_")}
    for path in latest.files:
        original = originals.get(path.name) or path.name[len(latest.prefix) + 1:]
        if original.lower().endswith(".zip"):
            target.add_zip(path, path.name)
        else:
            target.add_file(path, original, path.name)
    present = {path.name for path in latest.files}
    for stored in originals:
        if stored not in present:
            target.problems.append(f"Blackboard lists {shown(stored)} but the download does not hold it; "
                                   "download the assignment again")
    folder, problem = target.finish()
    receipt = latest.receipt or Receipt()
    if not latest.files:
        earlier = " (an earlier attempt had files; the latest attempt is graded)" if target.superseded else ""
        problem = ("wrote in Blackboard's text box instead of attaching files" if receipt.text
                   else "the latest attempt has no files") + earlier
    username = latest.username
    identity = Identity(lms=NAME, name=receipt.name, ids={"blackboard_username": username},
                        submitted_at=submitted_at(latest.receipt, latest.stamp), late=None,
                        superseded=target.superseded, ignored=target.ignored, source=latest.prefix)
    key = f"{receipt.name} ({username})" if receipt.name else username
    return IntakeStudent(key=key, folder=folder, identity=identity, problem=problem)
