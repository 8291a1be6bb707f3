"""The command that runs one test again, alone, with the seed it had: printed in every report.

It names the submission by the path the teacher (or student) graded, made absolute: the folder
or the .zip itself, never ``.``. Pasted in the class folder, in a report's folder or anywhere
else, it checks that submission and no other (``.`` checked whatever folder the shell was in).
``--lab`` is added when the files alone would not tell the lab (a zip is always told), a hidden
test needs ``--hidden``, a run with another base seed ``--seed``, a teacher's rubric ``--rubric``.

Every part is quoted for a POSIX shell: spaces, quotes, brackets and non-ASCII letters with
``shlex`` (any sh); a part holding a line break or another control character in ANSI-C quotes
(``$'a\\nb'``: bash, zsh, not dash), so the command stays on one line and can be copied whole.
"""

import shlex
from dataclasses import dataclass
from pathlib import Path

CURRENT_FOLDER = "."  # what a command run in the student's own folder may name instead (Gradescope)


@dataclass(frozen=True)
class ReplayTarget:
    """How the replay commands of one submission name it: its folder or zip, and ``--lab``."""

    folder: str = CURRENT_FOLDER
    lab: str = ""
    # Options that pick one student out of an LMS download (``--student ID --from canvas``,
    # and a deadline when one was given): the download is named, never a scratch copy.
    extra: tuple[str, ...] = ()

    @classmethod
    def of(cls, source: str, lab_id: str, rubric_is_default: bool = True, extra: tuple[str, ...] = ()) -> "ReplayTarget":
        """The target for a submission given as ``source`` ("" when unknown: ``.``)."""
        if not source:
            return cls()
        return cls(source, lab_flag(lab_id, Path(source), rubric_is_default), extra)


def replay_command(activity_id: str, test_name: str, *, hidden: bool = False, base_seed: int = 0,
                   rubric: str = "", folder: str = CURRENT_FOLDER, lab: str = "", extra: tuple[str, ...] = ()) -> str:
    """``grader check FOLDER [--lab LAB] --activity A --test NAME ...``, ready to paste."""
    return check_command(folder, lab=lab, activity=activity_id, test=test_name, hidden=hidden, base_seed=base_seed,
                         rubric=rubric, extra=extra)


def check_command(folder: str = CURRENT_FOLDER, *, lab: str = "", activity: str = "", test: str = "",
                  hidden: bool = False, base_seed: int = 0, rubric: str = "", extra: tuple[str, ...] = ()) -> str:
    """``grader check FOLDER`` with the options given (an empty one is left out), quoted;
    ``extra`` (which student of a download) right after the folder."""
    parts = ["grader", "check", folder, *extra]
    for option, value in (("--lab", lab), ("--activity", activity), ("--test", test)):
        if value:
            parts += [option, value]
    if hidden:
        parts.append("--hidden")
    if base_seed:
        parts += ["--seed", str(base_seed)]
    if rubric:
        parts += ["--rubric", rubric]
    return " ".join(quote(part) for part in parts)


def quote(part: str) -> str:
    """``part`` as one word of a POSIX shell command, on one line."""
    if part.isprintable():
        return shlex.quote(part)
    escaped = []
    for char in part:
        if char in "\\'":
            escaped.append("\\" + char)
        elif char.isprintable():
            escaped.append(char)
        else:
            code = ord(char)
            escaped.append(f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "$'" + "".join(escaped) + "'"


def lab_flag(lab_id: str, source: Path, rubric_is_default: bool = True) -> str:
    """The ``--lab`` a replay of ``source`` needs: "" when the folder alone tells ``lab_id`` (or
    a teacher's rubric, which names its lab, is in the command), else ``lab_id``.

    A zip is always told: `grader check` would look for the lab beside it, not inside it.
    """
    from grader.lab.registry import LabError, detect_lab, installed_labs

    if not rubric_is_default or len(installed_labs()) <= 1:
        return ""
    if not source.is_dir():
        return lab_id
    try:
        return "" if detect_lab(source).id == lab_id else lab_id
    except LabError:
        return lab_id
