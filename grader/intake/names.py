"""Submission ids: the name of a student's folder or zip, made safe for every place an id goes.

An id becomes a table cell on the teacher's terminal, a gradebook row, a key in results.json,
a link in index.html and the name of the student's report folder in the output folder. A
folder name can hold anything but ``/``, and a name an LMS builds from what a student typed (a
Gradescope submitter's name, a Blackboard receipt's) can hold that too: ``../x`` or ``/etc``
once named report folders outside the output folder, and ``./Bob`` wrote over Bob's report.
Any of them can hold a line break or U+2028 (which splits a line-based
file), an escape sequence (which drives a terminal), an invisible bidi override (which makes a
name read as another), hundreds of bytes, only spaces, or the name of one of the run's own
outputs (``gradebook.csv``, whose report folder would stop the gradebook from being written).
Every such name is still graded, under an id that:

- is in Unicode NFC form, so ``Zoë`` typed on a Mac (NFD) and on Windows (NFC) is one name;
- shows every control, format and separator character as a visible symbol (``␊`` for a line
  break, ``[U+2028]``), and a space at either end as ``␠``;
- holds no path separator (``/`` and a backslash are shown as ``∕`` and ``⧵``) and is not made of
  dots only (``..`` is shown as ``(..)``), so it is always one folder inside the output folder;
- is at most ``MAX_ID_CHARS`` characters and ``MAX_ID_BYTES`` bytes before any suffix below (a
  long name is cut and ends in a short hash of the full one, so two long names stay apart);
- is none of the output folder's own names (checked without regard to case);
- is unique, also without regard to case (a Mac or Windows output folder holds one of ``Ada``
  and ``ada``): a second submission with the same id (``ada/`` beside ``ada.zip``, or two names
  that differ only as above) gets `` (2)``, `` (3)`` ...

A name that needs no change keeps it, and always before any changed one, so an honest student
is never renamed because of someone else's odd name. Each change comes with a note for the
student's report and one for the teacher's summary.
"""

import hashlib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

MAX_ID_CHARS = 100
SHOWN_CHARS = 60  # of a long name, in a message
MAX_ID_BYTES = 200  # UTF-8; a file name may have 255, and the id also names a folder
# Categories shown as a symbol: control, format (bidi overrides, zero-width), surrogate,
# private use, unassigned, and the line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
CHARACTER_WORDS = {"\n": "a line break", "\r": "a line break", "\t": "a tab", "\x1b": "an escape character"}
PLAIN_ADVICE = "name your folder or zip with only letters, digits, '-' and '_' (for example ada_lovelace)."
SEPARATORS = {"/": "\u2215", "\\": "\u29f5"}  # DIVISION SLASH, REVERSE SOLIDUS OPERATOR: look alike, name no folder


@dataclass(frozen=True)
class Naming:
    """The id a submission is graded under, and what to tell about it if it is not its name."""

    id: str
    name: str  # the folder's or zip's name as found (a zip's without .zip)
    student_note: str = ""  # for the student's report: written for the student
    teacher_note: str = ""  # for the class summary

    @property
    def renamed(self) -> bool:
        return self.id != self.name


def shown(name: str) -> str:
    """``name`` quoted, with every invisible or line-breaking character as an escape (Python's
    ``repr``: ``'new\\nline'``), for a message that must name the original; a long name is cut."""
    if len(name) > SHOWN_CHARS:
        return f"{name[:SHOWN_CHARS]!r}… ({len(name)} characters)"
    return repr(name)


def readable(name: str) -> str:
    """``name`` as it is when it needs no change, else ``shown(name)``: for messages that name a
    file the student handed in."""
    cleaned, reasons = _clean_text(name)
    plain = cleaned == name and not reasons and len(name) <= MAX_ID_CHARS and len(name.encode("utf-8", "surrogateescape")) <= MAX_ID_BYTES
    return name if plain else shown(name)


def clean_id(name: str) -> tuple[str, list[str]]:
    """``name`` made safe as an id (NFC, symbols for hidden characters, spaces at the ends, no
    path separator, not only dots, length), and what was wrong with it, in words that finish
    "the name ..."."""
    cleaned, reasons = _clean_text(name)
    if any(c in SEPARATORS for c in cleaned):
        reasons.append("holds a slash, which would make it a path to another folder")
        cleaned = "".join(SEPARATORS.get(c, c) for c in cleaned)
    if set(cleaned) == {"."}:
        reasons.append("is only dots, which names a folder of its own (the one it is in, or the one above)")
        cleaned = f"({cleaned})"
    if len(cleaned) > MAX_ID_CHARS or len(cleaned.encode("utf-8")) > MAX_ID_BYTES:
        reasons.append(f"is longer than {MAX_ID_CHARS} characters")
        cleaned = _shortened(cleaned, name)
    return cleaned or "submission", reasons


def _clean_text(name: str) -> tuple[str, list[str]]:
    """``name`` safe to show on one line (NFC, symbols for hidden characters, spaces at the
    ends), and what was wrong with it: what ``readable`` needs of a file's path too."""
    reasons: list[str] = []
    text = unicodedata.normalize("NFC", name)
    hidden = sorted({c for c in text if _hidden(c)})
    if hidden:
        reasons.append("holds " + _list([_character_words(c) for c in hidden]))
    core = text.strip(" ")
    lead, trail = len(text) - len(text.lstrip(" ")), len(text) - len(text.rstrip(" "))
    if not core:
        reasons.append("is only spaces" if text else "is empty")
        lead, trail = len(text), 0
    elif lead or trail:
        reasons.append("starts or ends with a space")
    return "␠" * lead + "".join(_symbol(c) if _hidden(c) else c for c in core) + "␠" * trail, reasons


def assign_ids(found: list[tuple[str, str]], reserved: frozenset[str] = frozenset()) -> list[Naming]:
    """One ``Naming`` per ``(name, where)``, in the same order; ``where`` describes the entry for
    messages ("the folder ada", "ada.zip"); ``reserved``: names the output folder uses itself."""
    taken_lower = {r.casefold() for r in reserved}
    cleaned = [clean_id(name) for name, _ in found]
    ids: dict[int, str] = {}
    first_of: dict[str, int] = {}
    for index, ((name, _), (candidate, reasons)) in enumerate(zip(found, cleaned)):
        if candidate == name and not reasons and candidate.casefold() not in taken_lower and candidate.casefold() not in first_of:
            ids[index] = candidate
            first_of[candidate.casefold()] = index
    namings: list[Naming] = []
    for index, ((name, where), (candidate, reasons)) in enumerate(zip(found, cleaned)):
        if index in ids:
            namings.append(Naming(candidate, name))
            continue
        why = list(reasons)
        if candidate.casefold() in taken_lower:
            why.append("is the name of one of the grader's own output files")
            candidate = f"{candidate} (student)"
        if candidate.casefold() in first_of:
            first = first_of[candidate.casefold()]
            other = found[first][1]
            form = (" (the same letters, stored in another Unicode form)" if unicodedata.is_normalized("NFC", name) is False
                    else " (only capital and small letters differ)" if ids[first] != candidate else "")
            why.append(f"is the same as that of another submission, {other}{form}")
        final = _unused(candidate, first_of)
        ids[index], first_of[final.casefold()] = final, index
        # A name only brought to NFC looks the same everywhere: nothing to tell.
        namings.append(_renamed(final, name, where, why) if why else Naming(final, name))
    return namings


def _renamed(new_id: str, name: str, where: str, why: list[str]) -> Naming:
    reasons = _list(why)
    student = (f"Your submission, {where}, has a name that {reasons}. So that every report can show and store it "
               f"safely, and apart from everyone else's, it appears as \"{new_id}\" in the reports. This does not change "
               f"your grade. Next time: {PLAIN_ADVICE}")
    teacher = f"{where}: its name {reasons}; graded and reported as \"{new_id}\"."
    return Naming(new_id, name, student, teacher)


def _unused(candidate: str, taken: dict[str, int]) -> str:
    """``candidate``, or it with the first free `` (n)``; ``taken`` holds ids casefolded."""
    if candidate.casefold() not in taken:
        return candidate
    number = 2
    while f"{candidate} ({number})".casefold() in taken:
        number += 1
    return f"{candidate} ({number})"


def report_folder(out_dir: Path, submission_id: str) -> Path:
    """The folder of one student's reports in ``out_dir``: always exactly one level inside it.
    Every id from ``assign_ids`` is such a name; this is the last guard should one ever not be."""
    if (not submission_id or submission_id in (".", "..") or "/" in submission_id or "\\" in submission_id
            or "\x00" in submission_id):
        raise ValueError(f"the submission id {submission_id!r} is not one folder name: ids come from "
                         "grader.intake.names.assign_ids, which never makes such an id")
    return out_dir / submission_id


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in HIDDEN_CATEGORIES or (char.isspace() and char != " ")


def _symbol(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ␊ ␉ ␛
    if code == 0x7F:
        return "␡"
    return f"[U+{code:04X}]"


def _character_words(char: str) -> str:
    words = CHARACTER_WORDS.get(char)
    if words:
        return words
    kind = {"Zl": "a line separator", "Zp": "a paragraph separator", "Cf": "an invisible formatting character",
            "Cs": "a byte that is not UTF-8 text", "Cn": "a character Unicode does not define"}
    return f"{kind.get(unicodedata.category(char), 'an invisible character')} (U+{ord(char):04X})"


def _list(items: list[str]) -> str:
    unique = list(dict.fromkeys(items))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " and " + unique[-1]


def _shortened(cleaned: str, name: str) -> str:
    """The start of ``cleaned``, then "…" and 8 hex digits of the full name's hash."""
    tail = "…" + hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    room_chars, room_bytes = MAX_ID_CHARS - len(tail), MAX_ID_BYTES - len(tail.encode("utf-8"))
    kept, used = [], 0
    for char in cleaned[:room_chars]:
        size = len(char.encode("utf-8"))
        if used + size > room_bytes:
            break
        kept.append(char)
        used += size
    return "".join(kept) + tail
