"""Building a Canvas "Download Submissions" zip the way Canvas makes one, from a short description.

The names follow Canvas's own source (instructure/canvas-lms, lib/content_zipper.rb and
app/models/attachment.rb; see grader/intake/canvas.py): ``<squished sortable name>_[LATE_]<user
id>_<attachment id>_<file name>``, ``anon_<id>`` under anonymous grading, ``_text.html`` and
``_link.html`` pages with no attachment id, ``name-1.ext`` for a file uploaded again.

    build_download(tmp_path, [
        Student("Bob Smith", 340934, {"deck.py": "..."}, late=True),
        Student("Zoë Ñúñez", 340935, {"deck.py": "..."}, resubmitted={"deck.py": 2}),
        Student("Ann O'Brien-Smith", 340936, {"deck.py": "...", "card.py": "..."}, zipped="elevens.zip"),
    ])

gives ``apcsa-lab-3_submissions.zip`` holding ``smithbob_LATE_340934_208490000_deck.py``,
``ñúñezzoë_340935_208490001_deck-2.py`` and ``obriensmithann_340936_208490002_elevens.zip``.
"""

import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

FIRST_ATTACHMENT_ID = 208490000
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"  # app/models/anonymity.rb


@dataclass
class Student:
    """One student as Canvas knows them, and what they handed in.

    ``files``: name as uploaded -> text (or bytes). ``resubmitted``: uploaded name -> how many
    copies Canvas already had, so ``{"deck.py": 2}`` puts ``deck-2.py`` in the download (and with
    ``keep_earlier`` also ``deck.py`` and ``deck-1.py``, older, as when a student attached every
    version). ``zipped``: the files go into one zip of that name (under ``zip_folder`` inside it,
    if given), with ``zip_junk`` adding a Mac's ``__MACOSX`` and ``.DS_Store``; ``raw_zip`` is
    the zip's bytes as given (a broken zip). ``text_entry`` or ``url``: a text-box or website
    submission instead of files. ``sortable_name``: when Canvas's "Last, First" is not the last
    word first.
    """

    name: str
    user_id: int
    files: dict[str, str | bytes] = field(default_factory=dict)
    late: bool = False
    resubmitted: dict[str, int] = field(default_factory=dict)
    keep_earlier: bool = False
    zipped: str = ""
    zip_folder: str = ""
    zip_junk: bool = False
    raw_zip: bytes | None = None
    text_entry: str = ""
    url: str = ""
    sortable_name: str = ""
    anonymous_id: str = ""


def sortable(name: str) -> str:
    """Canvas's default sortable name: the last word first ("Zoë Ñúñez" -> "Ñúñez, Zoë")."""
    words = name.split()
    return f"{words[-1]}, {' '.join(words[:-1])}" if len(words) > 1 else name


def squish(sortable_name: str) -> str:
    """The name part of a download name, as content_zipper.rb makes it: ``_digits_`` joined up,
    lower-cased, and every character that is not a letter, mark, digit or underscore removed
    (Ruby's ``[[:word:]]``, which keeps accented letters)."""
    joined = sortable_name
    while True:  # Ruby's gsub(/_(\d+)_/, '\1'): each _123_ loses its underscores
        changed = re.sub(r"_(\d+)_", r"\1", joined, count=1)
        if changed == joined:
            break
        joined = changed
    lowered = joined.lower()
    return "".join(c for c in lowered if unicodedata.category(c)[0] in "LM" or unicodedata.category(c) in ("Nd", "Pc"))


def clean_upload_name(name: str) -> str:
    """The uploaded name as it goes into the download: each run of ``\\ / : * ? " < > |`` or NUL
    becomes ``_`` (content_zipper.rb, ``sanitize_attachment_filename``)."""
    return re.sub(r'[\x00/\\:*?"<>|]+', "_", name)


def copy_name(name: str, number: int) -> str:
    """``widget.py`` uploaded again: ``widget-<number>.py``, the number before the whole
    extension as Canvas sees it (attachment.rb, ``make_unique_filename``)."""
    extension = re.search(r"(?:\.[A-Za-z][A-Za-z0-9]*)*\.[A-Za-z0-9]*$", name)
    suffix = extension.group(0) if extension and extension.start() > 0 else ""
    return f"{name[:len(name) - len(suffix)]}-{number}{suffix}"


def anonymous_id_for(user_id: int) -> str:
    """A five-character base58 anonymous id, the same for the same user id (Canvas draws it at
    random)."""
    digits = []
    for _ in range(5):
        user_id, digit = divmod(user_id, len(BASE58))
        digits.append(BASE58[digit])
    return "".join(digits)


def _content(value: str | bytes) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8")


def _student_zip(student: Student) -> bytes:
    if student.raw_zip is not None:
        return student.raw_zip
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        folder = student.zip_folder.strip("/") + "/" if student.zip_folder else ""
        for name, text in student.files.items():
            archive.writestr(folder + name, _content(text))
        if student.zip_junk:
            archive.writestr(folder + ".DS_Store", b"\0\0\0\1Bud1")
            for name in student.files:
                archive.writestr(f"__MACOSX/{folder}._{name}", b"\0\5\26\7")
    return buffer.getvalue()


class _NoUnicodeFlag(zipfile.ZipInfo):
    """A zip entry whose UTF-8 name is stored without the "this name is UTF-8" flag, as rubyzip
    writes it unless told otherwise (``Zip.unicode_names``)."""

    def _encodeFilenameFlags(self):  # noqa: N802 - zipfile's own name
        return self.filename.encode("utf-8"), self.flag_bits


def entries(students: list[Student], anonymous: bool = False) -> list[tuple[str, bytes]]:
    """(name, bytes) of every file Canvas puts in the download for ``students``."""
    result: list[tuple[str, bytes]] = []
    attachment_id = FIRST_ATTACHMENT_ID
    for student in students:
        if anonymous:
            anonymous_id = student.anonymous_id or anonymous_id_for(student.user_id)
            who = "_".join(filter(None, ["LATE" if student.late else "", f"anon_{anonymous_id}"]))
        else:
            who = "_".join(filter(None, [squish(student.sortable_name or sortable(student.name)),
                                         "LATE" if student.late else "", str(student.user_id)]))
        if student.text_entry:
            result.append((f"{who}_text.html", f"<html><body>{student.text_entry}</body></html>".encode()))
            continue
        if student.url:
            result.append((f"{who}_link.html", f'<meta http-equiv="refresh" content="0; url={student.url}">'.encode()))
            continue
        uploads: list[tuple[str, bytes]] = []
        if student.zipped or student.raw_zip is not None:
            uploads.append((student.zipped or "submission.zip", _student_zip(student)))
        else:
            for name, text in student.files.items():
                copies = student.resubmitted.get(name, 0)
                if student.keep_earlier:
                    uploads += [(copy_name(name, n) if n else name, b"# an earlier version\n") for n in range(copies)]
                uploads.append((copy_name(name, copies) if copies else name, _content(text)))
        for name, data in uploads:
            result.append((f"{who}_{attachment_id}_{clean_upload_name(name)}", data))
            attachment_id += 1
    return result


def build_download(tmp_path: Path, students: list[Student], anonymous: bool = False,
                   extra: dict[str, str | bytes] | None = None, unicode_flag: bool = True,
                   zip_name: str = "apcsa-lab-3_submissions.zip") -> Path:
    """The zip a teacher gets from Canvas's "Download Submissions" for ``students``, written in
    ``tmp_path``. ``extra``: more entries as they are (a stray file, ``__MACOSX/...``, a folder
    when a name ends in ``/``). ``unicode_flag=False`` stores UTF-8 names without zip's UTF-8
    flag, as rubyzip does by default (a reader then sees them as cp437 unless it checks)."""
    path = tmp_path / zip_name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries(students, anonymous) + [(n, _content(t)) for n, t in (extra or {}).items()]:
            kind = zipfile.ZipInfo if unicode_flag else _NoUnicodeFlag
            info = kind(name, (2024, 9, 16, 23, 59, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return path


def unpack(archive: Path, target: Path) -> Path:
    """The download unpacked into ``target`` as the grader's core does (links skipped, nothing
    outside ``target``), for tests that hand a folder to the reader."""
    from grader.intake.class_folder import extract_zip

    target.mkdir(parents=True, exist_ok=True)
    problem = extract_zip(archive, target)
    assert not problem, problem
    return target


def sample_class(files: dict[str, str]) -> list[Student]:
    """A class of 20 with everything a real download holds, each student handing in ``files``
    (name -> text) unless their case says otherwise: late, uploaded again, zipped (with a Mac's
    junk), accents, spaces, hyphens, two Bob Smiths, an empty file, an empty zip, a broken zip,
    a misnamed file, text-box and website submissions. Keys of the class as read are the
    squished names (``smithbob`` twice)."""
    first, *_ = files
    renamed = {("My " + name if name == first else name): text for name, text in files.items()}
    return [
        Student("Bob Smith", 340934, dict(files), late=True),
        Student("Bob Smith", 340935, dict(files)),
        Student("Zoë Ñúñez", 340936, dict(files), resubmitted={first: 2}, keep_earlier=True),
        Student("Ann O'Brien-Smith", 340937, dict(files), zipped="lab.zip", zip_folder="Lab", zip_junk=True),
        Student("José Álvarez-Núñez", 340938, dict(files), late=True, resubmitted={first: 1}),
        Student("Mary Jane van der Berg", 340939, dict(files)),
        Student("Empty File", 340940, {first: ""}),
        Student("Empty Zip", 340941, {}, zipped="lab.zip"),
        Student("Broken Zip", 340942, raw_zip=b"PK\3\4 broken", zipped="lab.zip"),
        Student("Misnamed Files", 340943, renamed),
        Student("Text Box", 340944, text_entry="<p>my code is below</p>"),
        Student("Web Site", 340945, url="https://github.com/someone/lab"),
        *[Student(f"Student{n} Plain", 340946 + n, dict(files)) for n in range(8)],
    ]
