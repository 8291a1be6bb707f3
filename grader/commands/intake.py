"""The command line's side of reading a class as an LMS hands it over (grader/intake/).

``intake_options`` adds ``--from``, ``--deadline``, ``--timezone`` and ``--late-grade`` to a
command; ``open_class`` turns what the teacher gave (a plain class folder, a class zip, or an
LMS download, zip or folder) into the entries `grader grade` grades, and ``pick_student`` finds
one student of a download for `grader check --student`. Every problem is a one-line error with
the exit code for bad input; the scratch folder the download is unpacked into is the caller's,
so a run removes it however it ends.
"""

import difflib
import functools
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.intake import classroom_github, safe_paths
from grader.intake.download import Download, download_entries, open_download
from grader.intake.late import compare_with_deadline
from grader.intake.layouts import IntakeOptions, layout_names
from grader.intake.model import IntakeError
from grader.intake.names import shown
from grader.intake.class_folder import Entry

INTAKE_FOLDER = ".grader-intake"  # inside `grader grade`'s output folder


def intake_options(command):
    """The options that say how to read the class (each command that takes a class has them)."""
    @click.option("--from", "layout", type=click.Choice(layout_names(), case_sensitive=False), default=None,
                  help="What SUBMISSIONS is, when it is not told apart by its layout: an LMS's download "
                       "(zip or unpacked folder) or a folder of GitHub Classroom clones.")
    @click.option("--deadline", default=None, metavar="'YYYY-MM-DD HH:MM'",
                  help="Grade each repository at its last commit at or before this time, and mark work handed in "
                       "after it as late (downloads that state submission times are compared with it too).")
    @click.option("--timezone", "timezone", default=None, metavar="ZONE",
                  help="The deadline's time zone, e.g. America/Chicago (default: this machine's).")
    @click.option("--late-grade", is_flag=True,
                  help="Repositories: grade the latest commit even when it is after the deadline (it is marked late).")
    @click.option("--template", "template", default=None, metavar="DIR",
                  type=click.Path(exists=True, file_okay=False, path_type=Path),
                  help="GitHub Classroom: your template repository; the summary names every student whose .github/ "
                       "(workflow, kit) differs from it, as the points Classroom showed them may be forged.")
    @functools.wraps(command)
    def wrapper(*args, layout, deadline, timezone, late_grade, template, **kwargs):
        kwargs["intake"] = IntakeChoice(layout.lower() if layout else None, _deadline(deadline, timezone), late_grade,
                                        deadline or "", timezone or "", template.resolve() if template else None)
        return command(*args, **kwargs)
    return wrapper


@dataclass(frozen=True)
class IntakeChoice:
    layout: str | None
    deadline: datetime | None
    late_grade: bool
    deadline_text: str = ""  # as typed, for replay commands
    timezone_text: str = ""
    template: Path | None = None  # Classroom: the teacher's template repository (classroom_github.py)

    @property
    def options(self) -> IntakeOptions:
        return IntakeOptions(self.deadline, self.late_grade, self.template)

    def replay_args(self, layout: str, student_id: str) -> tuple[str, ...]:
        """What a replay command needs to pick this student out of the same download again."""
        args = ("--student", student_id, "--from", layout)
        if self.deadline_text:
            args += ("--deadline", self.deadline_text)
        if self.timezone_text:
            args += ("--timezone", self.timezone_text)
        if self.late_grade:
            args += ("--late-grade",)
        return args


def _deadline(text: str | None, zone: str | None) -> datetime | None:
    if text is None:
        if zone is not None:
            fail(ExitCode.USAGE, "--timezone says which zone the --deadline is in, and no --deadline was given. "
                                 "Add --deadline 'YYYY-MM-DD HH:MM', or leave out --timezone.")
        return None
    from grader.intake.deadline import parse_deadline

    try:
        return parse_deadline(text, zone)
    except ValueError as exc:
        fail(ExitCode.USAGE, f"--deadline: {exc}")


def open_class(path: Path, scratch: Path, choice: IntakeChoice, reserved: frozenset[str]) -> tuple[list[Entry] | None, Download | None]:
    """The entries of an LMS download or class zip at ``path`` (None for a plain class folder,
    which the caller reads as always), and the download they came from."""
    if not path.exists():
        return None, None  # the plain path says what is missing, as it always has
    try:
        download = open_download(path, scratch, choice.layout, choice.options)
    except IntakeError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    if choice.template is not None and (download is None or download.layout != "classroom"):
        fail(ExitCode.USAGE, f"--template compares GitHub Classroom clones' .github/ with your template repository, and "
                             f"{path} is not a folder of Classroom clones. Leave out --template.")
    if download is None:
        if choice.deadline is not None and choice.layout is None:
            fail(ExitCode.USAGE, f"--deadline needs submissions that carry times: {path} is a plain class folder (one "
                                 "folder or zip per student), which holds none. Leave out --deadline.")
        return None, None
    if not download.layout:
        return None, download  # a zip of plain student folders: graded from its unpacked folder
    entries = download_entries(download, reserved)
    for entry in entries:
        compare_with_deadline(entry.identity, choice.deadline)
    return [_replayable(e, path, download.layout, choice) for e in entries], download


def _replayable(entry: Entry, path: Path, layout: str, choice: IntakeChoice) -> Entry:
    from dataclasses import replace

    return replace(entry, source=str(path), replay_args=choice.replay_args(layout, entry.id))


def pick_student(entries: list[Entry], wanted: str | None, download: Download, path: Path) -> Entry:
    """The entry `grader check DOWNLOAD --student WANTED` means: by its id, its name in the LMS,
    or any id the LMS gave (a username, a user id), in any case."""
    names = [e.id for e in entries]
    if wanted is None:
        fail(ExitCode.USAGE, f"{path} is a {download.layout} download of {len(entries)} students ({download.evidence}). "
                             f"Say whose work to check with --student, e.g. --student {_quoted(names[0])}.")
    key = wanted.strip().casefold()
    for entry in entries:
        known = [entry.id, entry.identity.get("name", ""), *entry.identity.get("ids", {}).values()]
        if key in (str(value).strip().casefold() for value in known if value):
            return entry
    close = difflib.get_close_matches(wanted, names, n=3, cutoff=0.5)
    hint = f" Did you mean {', '.join(_quoted(c) for c in close)}?" if close else ""
    fail(ExitCode.USAGE, f"--student {shown(wanted)}: no student of this {download.layout} download has that name or id."
                         f"{hint} The students: {', '.join(_quoted(n) for n in names[:20])}"
                         f"{' ...' if len(names) > 20 else ''}.")


def _quoted(name: str) -> str:
    from grader.results.replay import quote

    return quote(name)


def scratch_for_intake(out_dir: Path | None = None) -> Path:
    """A private folder for a download's unpacked copy, removed when the command ends however
    it ends (a normal exit, an error, Ctrl-C). `grader grade` keeps it in its output folder
    (``OUT/.grader-intake``), as it keeps all its scratch, so even a killed run leaves nothing in
    the system's temporary folder, and the next run into that folder clears what it left."""
    import atexit
    import shutil
    import tempfile

    if out_dir is None:
        folder = Path(tempfile.mkdtemp(prefix="grader-intake-"))
    else:
        folder = out_dir / INTAKE_FOLDER
        shutil.rmtree(folder, ignore_errors=True)
        try:
            folder.mkdir(parents=True)
        except OSError as exc:
            fail(ExitCode.BAD_INPUT, f"the output folder {out_dir} cannot be written ({exc.strerror}). "
                                     "Give --out a folder you can write to.")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def print_download_notes(notes: list[str]) -> None:
    """The notes about the download, under their own heading, after the summary."""
    if notes:
        click.echo("")
        click.echo("About the download:")
        for note in notes:
            click.echo(f"  {note}")


def download_notes(download: Download) -> list[str]:
    """What the teacher should know about the download beyond the grades: how it was read,
    entries of its zip left out (safe_paths' rules), files that belong to no student, entries
    refused because their names read as more than one student's, earlier versions not graded,
    files the LMS added."""
    notes = []
    if download.left_out:
        notes.append(f"Not unpacked from the download's zip ({len(download.left_out)}; a student's work that needs "
                     "one is reported as missing): "
                     + ", ".join(download.left_out[:10]) + (" ..." if len(download.left_out) > 10 else ""))
    if not download.layout:
        return notes
    notes.insert(0, f"Read as a {download.layout} download: {download.evidence}.")
    if download.strays:
        notes.append(f"{len(download.strays)} file(s) in the download belong to no student and were not graded: "
                     + ", ".join(shown(name) for name in download.strays[:10]) + (" ..." if len(download.strays) > 10 else ""))
    refused = [s.key for s in download.students if s.refused]
    if refused:  # each is also an unusable row, with the readings, in the summary and results.json
        notes.append(f"{len(refused)} entr{'y' if len(refused) == 1 else 'ies'} of the download refused, graded as no "
                     "one's, because each name can be read as more than one student's (the list above says whose): "
                     + ", ".join(shown(name) for name in refused[:10]) + (" ..." if len(refused) > 10 else ""))
    superseded = sum(len(s.identity.superseded) for s in download.students)
    if superseded:
        notes.append(f"{superseded} earlier version(s) of resubmitted files were not graded (the latest was); "
                     "each student's report lists theirs.")
    if download.layout == "classroom":  # whose .github/ (workflow, kit) is not the template's
        notes += classroom_github.notes([(s.key, s.identity.to_dict()) for s in download.students])
    return notes


def student_of_download(folder: Path, student: str | None, intake: IntakeChoice) -> Entry | None:
    """The entry of the one student `grader check --student` names in a download, or None when
    ``folder`` is a student's own folder or zip (checked as always)."""
    if student is None and intake.layout is None and intake.deadline is None and not has_clones(folder) \
            and not looks_like_download(folder):
        return None
    entries, download = open_class(folder, scratch_for_intake(), intake, frozenset())
    if entries is None:
        if student is not None:
            fail(ExitCode.USAGE, f"--student picks one student out of an LMS download, and {folder} is one student's "
                                 "own work. Leave out --student.")
        return None
    return pick_student(entries, student, download, folder)


def is_download(path: Path, intake: IntakeChoice) -> bool:
    """Whether `grader grade` will unpack or read ``path`` as a download (then its scratch goes
    in the output folder); a plain class folder needs none."""
    return path.is_file() or intake.layout is not None or has_clones(path) or (path.is_dir() and looks_like_download(path))


def has_clones(folder: Path) -> bool:
    """Whether ``folder`` holds git clones (a Classroom class), without reading any of them."""
    return folder.is_dir() and any((child / ".git").exists() for child in folder.iterdir() if child.is_dir())


def looks_like_download(folder: Path) -> bool:
    """Whether a zip or folder holds an LMS's download rather than one student's work: a quick
    look at its names (a student's zip is never unpacked twice for this)."""
    from grader.intake.layouts import detect_names

    if folder.is_dir():
        return detect_names([child.name for child in folder.iterdir()])
    names = safe_paths.archive_names(folder, 5000)  # never raises, whatever the zip holds
    return names is not None and detect_names(names)
