"""Reading a Canvas "Download Submissions" zip: one flat folder, every file named after its student.

The names, as Canvas's own source makes them (instructure/canvas-lms):

- lib/content_zipper.rb (``get_filename``, ``add_upload_submission``, ``sanitize_user_name``,
  ``sanitize_file_name``, ``sanitize_attachment_filename``): an uploaded file is
  ``<name>_<user id>_<attachment id>_<file name as uploaded>``, with ``LATE`` after the name when
  Canvas marks the submission late (``smithbob_LATE_340934_208490284_widget.py``). The name is the
  student's sortable name ("Smith, Bob") lower-cased with every character that is not a letter,
  mark, digit or underscore removed: ``smithbob``, ``ñúñezzoë`` for "Ñúñez, Zoë" (accents stay),
  ``obriensmithann`` for "O'Brien-Smith, Ann"; a ``_digits_`` inside a name is joined up so that
  the ids can be found. Anonymous grading leaves the name out and uses ``anon_<anonymous id>``
  (five base58 characters, app/models/anonymity.rb): ``LATE_anon_Ab3xY_208490284_widget.py``.
  The uploaded name keeps everything but ``\\ / : * ? " < > |`` and NUL (each run becomes
  ``_``). A text-entry submission is ``<name>_<user id>_text.html``, a website URL
  ``..._link.html``: no attachment id. A group submission comes under one member's name.
- app/models/attachment.rb (``make_unique_filename``): a student who uploads ``widget.py`` again
  while an earlier one is in their Canvas files gets ``widget-1.py``, then ``widget-2.py`` up to
  7, then ``widget-<uuid>.py``; the number goes before the whole extension as Canvas sees it
  (``report-1.tar.gz``). The highest number is the newest and is graded as ``widget.py``.
- app/models/assignment.rb (``infer_comment_context_from_filename``): Canvas reads its own
  names back by taking the first two all-digit parts as user id and attachment id.

Whose file it is: Canvas writes the ids in the middle, between two parts a student writes: the
name on the left (``sanitize_user_name`` joins ``_digits_`` up, but a name may still end in
``_99999``, and removing punctuation can make ``_99999_`` of ``_99999._``) and the file's name
on the right (``_`` and digits kept). So neither "the first ids" nor "the last ids" is safe: a
student named "Smith, Bob_99999" uploading ``lab.zip`` gives
``smithbob_99999_<her id>_<attachment>_lab.zip``, which Canvas's own rule, and this reader's before,
filed under Bob (user 99999), unpacking her zip into his folder. Every split of a name into
``<name>_<user id>_<attachment id>_<file>`` is tried (checked against lib/content_zipper.rb at
instructure/canvas-lms 05e9653c: ``get_filename``, ``add_upload_submission``); a name with more
than one is refused, by name (model.py, ``refused_entry``), and goes into no one's folder. A
file uploaded under a name that starts with digits and ``_`` (``2024_12_notes.py``) reads two
ways too, and is refused the same way.

Only the current submission's files are in the download, and no times: ``late`` is True when
``LATE`` is there and None otherwise (the download does not say "on time").
"""

import re
from dataclasses import dataclass
from pathlib import Path

from grader.intake.flat_download import StudentFolder, descend_wrapper, describe_other, top_level
from grader.intake.layouts import IntakeOptions
from grader.intake.model import Identity, IntakeError, IntakeStudent, quoted, refused_entry
from grader.intake.names import shown

NAME = "canvas"

_TAIL = r"(?:(?P<aid>\d+)_(?P<original>.+)|(?P<kind>text|link)\.html)"
# After the student's part: the user id, then the attachment id and the file, or a text or link page.
_NAMED_TAIL = re.compile(r"_(?P<uid>\d+)_" + _TAIL, re.DOTALL)
# The student's part holds no white space or slash (Canvas removed them), LATE after it when late.
_NAMED_HEAD = re.compile(r"(?P<name>[^\s/\\]*?)(?P<late>_LATE)?", re.DOTALL)
_ANONYMOUS = re.compile(r"(?P<prefix>(?P<late>LATE_)?anon_(?P<anon>[1-9A-HJ-NP-Za-km-z]+))_" + _TAIL, re.DOTALL)
# Canvas's extension (attachment.rb): every ".letter..." part at the end, so "a.tar.gz" -> ".tar.gz".
_EXTENSION = re.compile(r"(?:\.[A-Za-z][A-Za-z0-9]*)*\.[A-Za-z0-9]*$")
_COPY = re.compile(r"-(?:(?P<number>[1-9][0-9]{0,2})|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$")
_UUID_RANK = 1000  # after -1 ... -7 Canvas gives up counting and adds a uuid: newer than any number


@dataclass(frozen=True)
class CanvasFile:
    """One file of the download, its name taken apart."""

    path: Path
    prefix: str  # everything before the attachment id: the student's part of the name
    name: str  # the squished name ("" when anonymous)
    user_id: str
    anonymous_id: str
    late: bool
    attachment_id: str  # "" for a text or link page
    original: str  # the name the student gave the file, or "" for a text or link page
    kind: str  # "file", "text" or "link"

    @property
    def student(self) -> str:
        """What tells two students apart: the user id (two Bob Smiths are two students)."""
        return f"anon:{self.anonymous_id}" if self.anonymous_id else f"user:{self.user_id}"


def parse_name(path: Path) -> CanvasFile | None:
    """The parts of a Canvas download name, or None when the name is not one or reads as more
    than one (``readings`` says how)."""
    found = readings(path)
    return found[0] if len(found) == 1 else None


def readings(path: Path) -> list[CanvasFile]:
    """Every way the name reads as Canvas's: anonymous (``anon_<id>`` at the start), and each
    place a ``_<user id>_`` can start after a name. A name Canvas wrote for a student whose own
    parts hold no ``_<digits>_`` reads one way; more than one reading means a student's part is
    shaped like Canvas's ids."""
    found = []
    anonymous = _ANONYMOUS.fullmatch(path.name)
    if anonymous:
        found.append(_file(path, anonymous.groupdict(), "", anonymous["prefix"]))
    for start in [index for index, char in enumerate(path.name) if char == "_"]:
        tail = _NAMED_TAIL.fullmatch(path.name, start)
        head = _NAMED_HEAD.fullmatch(path.name[:start]) if tail else None
        if tail and head:
            prefix = path.name[:tail.end("uid")]
            found.append(_file(path, {**tail.groupdict(), "late": head["late"]}, head["name"], prefix))
    return found


def _file(path: Path, parts: dict, name: str, prefix: str) -> CanvasFile:
    return CanvasFile(path=path, prefix=prefix, name=name, user_id=parts.get("uid") or "",
                      anonymous_id=parts.get("anon") or "", late=bool(parts["late"]),
                      attachment_id=parts["aid"] or "", original=parts["original"] or "",
                      kind="file" if parts["aid"] else parts["kind"])


def _owner(found: CanvasFile) -> str:
    """One reading in words, for a refusal: ``user 99999 ('smithbob')``."""
    if found.anonymous_id:
        return f"anonymous student {found.anonymous_id}"
    return f"user {found.user_id} ({quoted(found.name)})"


def split_copy_number(name: str) -> tuple[str, int]:
    """(``name`` without Canvas's copy number, the number): ``widget-2.py`` -> (``widget.py``, 2),
    ``widget.py`` -> (``widget.py``, 0); a uuid counts as newer than any number."""
    extension = _EXTENSION.search(name)
    suffix = extension.group(0) if extension and extension.start() > 0 else ""
    stem = name[:len(name) - len(suffix)]
    copy = _COPY.search(stem)
    if copy is None or copy.start() == 0:
        return name, 0
    number = int(copy["number"]) if copy["number"] else _UUID_RANK
    return stem[:copy.start()] + suffix, number


def recognise(root: Path) -> str:
    """Evidence that ``root`` is a Canvas download: most of its files are named the Canvas way."""
    files, _ = top_level(descend_wrapper(root))
    counted = [(len(found) > 1, path.name) for path in files if (found := readings(path))]
    if not counted or 2 * len(counted) <= len(files):
        return ""
    example = min(counted)[1]  # one read one way, when there is one
    return (f"{len(counted)} of {len(files)} files named like Canvas's student_userid_attachmentid_file "
            f"(for example {shown(example)})")


def stray_files(root: Path) -> list[str]:
    """The download's own entries that are not named the Canvas way (a folder ends in ``/``, a
    link says so): not read, for the teacher to see in a warning."""
    files, others = top_level(descend_wrapper(root))
    return [path.name for path in files if not readings(path)] + [describe_other(path) for path in others]


def read(root: Path, scratch: Path, options: IntakeOptions) -> list[IntakeStudent]:
    """Every student in the download, their files in a folder of their own under ``scratch``."""
    folder = descend_wrapper(root)
    files, _ = top_level(folder)
    read_as = [(path, found) for path in files if (found := readings(path))]
    parsed = [found[0] for _, found in read_as if len(found) == 1]
    refused = [refused_entry(NAME, path.name, [_owner(f) for f in found]) for path, found in read_as if len(found) > 1]
    if not read_as:
        seen = ", ".join(shown(path.name) for path in files[:5]) or "no files"
        raise IntakeError(f"{folder} holds no file named the way Canvas names a download (seen: {seen}). Canvas's "
                          "\"Download Submissions\" names each file student_userid_attachmentid_file, for example "
                          "smithbob_340934_208490284_widget.py. Give the zip Canvas downloaded (or the folder it "
                          "unpacks to), unchanged.")
    by_student: dict[str, list[CanvasFile]] = {}
    for found in parsed:
        by_student.setdefault(found.student, []).append(found)
    return [_read_student(group, scratch) for group in by_student.values()] + refused


def _read_student(files: list[CanvasFile], scratch: Path) -> IntakeStudent:
    first = files[0]
    target = StudentFolder(scratch)
    pages = [f for f in files if f.kind != "file"]
    target.ignored += [f.path.name for f in pages]  # Canvas's page for text or a link: no code
    uploads = sorted((f for f in files if f.kind == "file"), key=lambda f: int(f.attachment_id))
    versions: dict[str, list[tuple[tuple[int, int], CanvasFile]]] = {}
    for upload in uploads:
        base, number = split_copy_number(upload.original)
        versions.setdefault(base, []).append(((number, int(upload.attachment_id)), upload))
    chosen: list[tuple[str, CanvasFile]] = []
    for base, found in versions.items():
        found.sort(key=lambda version: version[0])  # the highest copy number is the newest upload
        target.superseded += [upload.path.name for _, upload in found[:-1]]
        chosen.append((base, found[-1][1]))
    for base, upload in sorted(chosen, key=lambda pair: int(pair[1].attachment_id)):  # in upload order
        if base.lower().endswith(".zip"):
            target.add_zip(upload.path, upload.path.name)
        else:
            target.add_file(upload.path, base, upload.path.name)
    folder, problem = target.finish()
    if not uploads and pages:
        what = "typed text into Canvas's text box" if pages[0].kind == "text" else "submitted a website address"
        problem = f"{what} instead of uploading files; there is nothing to grade"
    ids = {"canvas_anonymous_id": first.anonymous_id} if first.anonymous_id else {"canvas_user_id": first.user_id}
    if uploads:
        ids["canvas_attachment_ids"] = ",".join(upload.attachment_id for upload in uploads)
    identity = Identity(lms=NAME, name=first.name, ids=ids, late=True if any(f.late for f in files) else None,
                        superseded=target.superseded, ignored=target.ignored, source=first.prefix)
    key = first.name or (f"anon_{first.anonymous_id}" if first.anonymous_id else f"canvas user {first.user_id}")
    return IntakeStudent(key=key, folder=folder, identity=identity, problem=problem)
