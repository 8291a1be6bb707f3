"""The one way an untrusted name becomes a path on disk: zip entries, LMS file names, git paths.

Students choose these names, and the grader (often root, before any sandbox exists) writes
them. Once, a zip entry named ``\\tmp\\x`` passed a check made before ``\\`` was read as a
separator and was written to ``/tmp/x``; a ``.pth`` dropped that way into the grader's own
site-packages forged grades. So every such name goes through ``check_name`` (or
``check_part`` for one component) and every such file is created by ``Tree.create``.

Rules for a name (each breach names the entry with ``repr``, the rule, and the fix):

- ``\\`` is a separator, as on Windows: every rule below is checked on the name with ``\\``
  read as ``/``, so no spelling can differ between the check and the write;
- no absolute path in any spelling: ``/x``, ``\\x``, ``//server/share``, ``\\\\server\\share``,
  ``\\\\?\\C:\\x`` (all start with a separator), ``C:\\x`` and ``C:x`` (a drive letter);
- no part made only of dots (``..``, ``.``, ``...``) and no empty part (``a//b``); a folder's
  entry may end with one ``/``;
- no control character (NUL included) and no ``:`` (a drive, or a hidden Windows stream);
- no Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, CONIN$, CONOUT$), with or
  without an extension (``con.py``): no Windows computer can hold such a file;
- at most ``MAX_PART_BYTES`` bytes (UTF-8) a part, ``MAX_NAME_BYTES`` a name, ``MAX_DEPTH``
  parts.

Rules for an archive (``unpack_zip``):

- at most ``max_entries`` entries and ``max_bytes`` bytes unpacked (a student's zip:
  ``MAX_ENTRIES`` = 2000 and ``MAX_UNPACKED_BYTES`` = 20 MB; a class download: its caller's
  larger limits). The sizes the zip declares are checked before anything is written, and the
  bytes really written are counted too, since a zip can lie about them;
- two entries whose names are the same once case and Unicode normalisation are set aside
  (``Widget.py`` and ``widget.py``; ``Zoë`` in NFC and in NFD), or a file and a folder of one
  name, refuse the archive: a Mac or Windows computer holds only one of them, so which one is
  the student's work would be a guess, and the grade would depend on the teacher's computer;
- a password-protected entry refuses the archive;
- links (``S_IFLNK`` in the entry's external attributes) and other special files are never
  made: they are left out and listed in ``Unpacked.skipped`` (a project zipped with its
  ``.venv`` holds links, and its work is still graded). Zips have no hard links.

``strict`` (a student's own zip) refuses the whole archive at its first bad name, before
anything is written; ``lenient`` (a class download, where one student's odd file name must not
stop the class) leaves each bad entry out and lists it. Either way nothing named badly is ever
written.

Writing (``Tree``): every folder on the way is created here and opened with ``O_NOFOLLOW`` from
its parent's descriptor, and every file is created with ``O_CREAT | O_EXCL | O_NOFOLLOW``, so no
link already in the target (or swapped in meanwhile) is ever followed, and no file already
there is written through (``replace=True`` unlinks a regular file first). The destination is
also checked to lie inside the target, as a last guard should a rule above ever be wrong.

Every failure is ``Refused`` (a ValueError), whose message is ready for the student's report;
callers turn it into that submission's problem, never an error of the run.
"""

import os
import re
import stat
import struct
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from grader.intake.names import shown

MAX_UNPACKED_BYTES = 20 << 20
MAX_ENTRIES = 2000
MAX_PART_BYTES = 255  # what ext4, APFS and NTFS allow for one path component
MAX_NAME_BYTES = 1024
MAX_DEPTH = 64
CHUNK = 1 << 16
WHERE = "\x00where\x00"  # in a rule: what the name would leave (a NUL never shows in a shown() name)
# Windows opens these as devices in any folder, with any extension; ¹²³ count as digits there.
DEVICE_NAMES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                          *(f"{port}{n}" for port in ("COM", "LPT") for n in "123456789\u00b9\u00b2\u00b3")})
_DRIVE = re.compile(r"[A-Za-z]:")
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_NEW_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
# What zipfile may raise on a hostile archive, from opening it to reading its last byte.
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, NotImplementedError, RuntimeError,
               ValueError, zlib.error, struct.error, KeyError, IndexError, OverflowError)
REMAKE = "make the zip again from your folder"


class Refused(ValueError):
    """An untrusted name or archive the grader will not write; ``str()`` is the message."""


class BadName(Refused):
    """One name broke a rule. ``rule`` finishes "the entry NAME ..." and may hold ``WHERE``
    (what the name would leave: "the folder it is unpacked in", "the zip"); ``outside`` says the
    name would land outside the target."""

    def __init__(self, name: str, rule: str, fix: str, outside: bool = False) -> None:
        self.name, self.rule, self.fix, self.outside = name, rule, fix, outside
        super().__init__(f"{shown(name)} {self.said()}")

    def said(self, where: str = "the folder it is unpacked in") -> str:
        """The rule and the fix, as words that follow the entry's name."""
        return f"{self.rule.replace(WHERE, where)}; {self.fix}"


def check_name(name: str, is_dir: bool = False, fix: str = REMAKE) -> tuple[str, ...]:
    """The parts of the relative path ``name`` (``\\`` read as ``/``), or ``BadName``.
    ``is_dir``: a folder's entry, which may end with one separator."""
    text = name.replace("\\", "/")
    if text.startswith("/"):
        raise BadName(name, f"points outside {WHERE}: it starts with {shown(name[:1])}, the top of a disk "
                            "(an absolute path)", fix, outside=True)
    if _DRIVE.match(text):
        raise BadName(name, f"points outside {WHERE}: it starts with the drive {text[:2]!r} (an absolute path)",
                      fix, outside=True)
    if is_dir and text.endswith("/"):
        text = text[:-1]
    parts = tuple(text.split("/"))
    for part in parts:
        _check_dots(part, name, fix)  # first: a name that climbs out is named as such
    for part in parts:
        check_part(part, name, fix)
    if len(parts) > MAX_DEPTH or len(os.fsencode(text)) > MAX_NAME_BYTES:
        raise BadName(name, f"is nested too deep or too long (over {MAX_DEPTH} folders or {MAX_NAME_BYTES} bytes)",
                      "move your files nearer the top of your folder and " + fix)
    return parts


def check_part(part: str, name: str | None = None, fix: str = REMAKE) -> str:
    """``part`` when it is one plain path component, else ``BadName`` (naming ``name``, the
    whole name it came from, when given). LMS file names come through here."""
    whole = part if name is None else name
    rename = "rename the file and " + fix
    if part == "":
        raise BadName(whole, "has an empty part (two separators in a row, or nothing at all)", fix)
    if "/" in part or "\\" in part:
        raise BadName(whole, "holds a path separator ('/' or '\\'), so it is not one plain name", rename, outside=True)
    _check_dots(part, whole, fix)
    if any(unicodedata.category(char) == "Cc" for char in part):
        raise BadName(whole, "holds an invisible control character (a line break, tab, NUL, ...)", rename)
    if ":" in part:
        raise BadName(whole, "holds ':', which Windows reads as a drive letter or a hidden stream", rename)
    stem = part.split(".")[0]
    if stem.rstrip(" ").upper() in DEVICE_NAMES:
        raise BadName(whole, f"uses {shown(stem)}, a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9), "
                             "which no Windows computer can hold as a file", rename)
    try:
        size = len(os.fsencode(part))
    except UnicodeEncodeError:
        raise BadName(whole, "holds a character no file name on this computer can hold", rename) from None
    if size > MAX_PART_BYTES:
        raise BadName(whole, f"has a part longer than {MAX_PART_BYTES} bytes", rename)
    return part


def _check_dots(part: str, name: str, fix: str) -> None:
    """``BadName`` for a part made of dots (and spaces, which Windows drops): ``.``, ``..``, ``. .``"""
    if "." in part and not part.strip(". "):
        climbs = part.count(".") > 1
        raise BadName(name, ("points outside {where}: it has " if climbs else "has ").replace("{where}", WHERE)
                      + f"the part {shown(part)}, made only of dots", fix, outside=climbs)


def folded(part: str) -> str:
    """``part`` as a case-insensitive, normalisation-insensitive file system sees it (Unicode's
    canonical caseless match): ``Widget.py``, ``widget.py`` and ``WIDGET.PY`` fold alike."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", part).casefold())


class Names:
    """The names seen so far in one archive or tree, to refuse two that one computer could not
    hold side by side: the same up to case or normalisation, the same file twice, or one name
    both a file and a folder."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, ...], tuple[str, bool]] = {}  # folded parts -> (as spelled, is a folder)

    def add(self, name: str, parts: tuple[str, ...], is_dir: bool, fix: str = REMAKE) -> None:
        """Record ``parts`` (its folders too), or ``BadName`` when it clashes with an earlier name."""
        for depth in range(1, len(parts) + 1):
            key = tuple(folded(p) for p in parts[:depth])
            spelled, folder = "/".join(parts[:depth]), depth < len(parts) or is_dir
            earlier = self._seen.get(key)
            if earlier is None:
                self._seen[key] = (spelled, folder)
            elif earlier[0] != spelled:
                raise BadName(name, f"clashes with {shown(earlier[0])}: the names differ only in upper and lower "
                                    "case or in how accents are encoded, and a Mac or Windows computer holds only "
                                    "one of them", "rename or remove one of them and " + fix)
            elif not (earlier[1] and folder):
                raise BadName(name, f"is there twice (as {'a folder' if earlier[1] else 'a file'} and as "
                                    f"{'a folder' if folder else 'a file'})", "remove one of them and " + fix)


class Tree:
    """Files created under the folder ``root`` (which must exist) by checked parts: no link is
    followed, no folder is made elsewhere, no existing file is written through. ``fix``: what
    a refusal tells the student to do (a zip's default; an LMS upload's is to upload again)."""

    def __init__(self, root: Path, fix: str = REMAKE) -> None:
        self.root = Path(os.path.abspath(root))
        self.fix = fix

    def create(self, parts: tuple[str, ...], replace: bool = False, name: str | None = None) -> BinaryIO:
        """A new file at ``root/parts`` opened for writing, its folders made as needed; an
        existing regular file there is replaced when ``replace``, else refused. ``Refused``
        (naming ``name``, the entry as the student wrote it) when it cannot be created."""
        shown_as = name if name is not None else "/".join(parts)
        destination = os.path.normpath(os.path.join(self.root, *parts))
        if not parts or not destination.startswith(str(self.root).rstrip(os.sep) + os.sep):
            raise BadName(shown_as, "points outside the folder it is unpacked in", self.fix, outside=True)
        try:
            folder = self._folder(parts[:-1])
            try:
                return os.fdopen(self._new_file(folder, parts[-1], replace), "wb")
            finally:
                os.close(folder)
        except FileExistsError:
            raise BadName(shown_as, "is there twice (or a folder of that name is)",
                          "remove one and " + self.fix) from None
        except OSError as exc:
            raise Refused(f"{shown(shown_as)} could not be written ({exc.strerror or exc}); {self.fix}") from None

    def _folder(self, parts: tuple[str, ...]) -> int:
        """A descriptor of ``root/parts``, each folder made if missing and never a link."""
        descriptor = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
        try:
            for part in parts:
                try:
                    os.mkdir(part, 0o777, dir_fd=descriptor)
                except FileExistsError:
                    pass  # made by an earlier entry; opened without following links below
                inner = os.open(part, _DIR_FLAGS, dir_fd=descriptor)  # ELOOP/ENOTDIR for a link or a file
                os.close(descriptor)
                descriptor = inner
        except BaseException:
            os.close(descriptor)
            raise
        return descriptor

    @staticmethod
    def _new_file(folder: int, part: str, replace: bool) -> int:
        try:
            return os.open(part, _NEW_FILE_FLAGS, 0o666, dir_fd=folder)
        except FileExistsError:
            if not replace or not stat.S_ISREG(os.stat(part, dir_fd=folder, follow_symlinks=False).st_mode):
                raise
            os.unlink(part, dir_fd=folder)  # the name only: a hard-linked original is untouched
            return os.open(part, _NEW_FILE_FLAGS, 0o666, dir_fd=folder)


def copy_in(source: Path, tree: Tree, parts: tuple[str, ...], replace: bool = False, name: str | None = None) -> None:
    """The regular file ``source`` copied to ``tree``'s ``parts`` (``source`` opened with
    O_NOFOLLOW and O_NONBLOCK, then checked to be a regular file: a link or a FIFO swapped in for
    it since it was listed is neither read nor waited on). ``Refused`` when it cannot be."""
    try:
        reader = os.open(source, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise Refused(f"{shown(name or source.name)} could not be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(os.fstat(reader).st_mode):
        os.close(reader)
        raise Refused(f"{shown(name or source.name)} is not a regular file, so it was not copied")
    with os.fdopen(reader, "rb") as src, tree.create(parts, replace, name) as out:
        try:
            while chunk := src.read(CHUNK):
                out.write(chunk)
        except OSError as exc:
            raise Refused(f"{shown(name or source.name)} could not be copied ({exc.strerror or exc})") from None


@dataclass
class Unpacked:
    """What ``unpack_zip`` wrote and what it left out (in words, for the teacher's lists)."""

    files: int = 0
    skipped: list[str] = field(default_factory=list)


def unpack_zip(archive: Path, target: Path, max_bytes: int = MAX_UNPACKED_BYTES, max_entries: int = MAX_ENTRIES,
               advice: str = "zip only your .py files", lenient: bool = False, replace: bool = False) -> Unpacked:
    """``archive`` unpacked into the existing folder ``target`` under the rules above;
    ``Refused`` (the message names the zip, the entry, the rule and the fix) when it cannot be.
    ``replace``: a regular file already in ``target`` (not one of this zip's) may be replaced."""
    called = shown(archive.name)
    try:
        opened = zipfile.ZipFile(archive)
    except _ZIP_ERRORS as exc:
        raise Refused(f"{called} could not be opened as a zip ({exc}); make the zip again") from None
    with opened:
        infos = opened.infolist()
        if len(infos) > max_entries or sum(i.file_size for i in infos) > max_bytes:
            raise Refused(f"{called} unpacks to more than {max_bytes >> 20} MB or {max_entries} files; {advice}")
        done = Unpacked()
        plan = _plan(infos, called, lenient, done)
        tree, written = Tree(target), 0
        for info, parts, name in plan:
            # The entry is opened before its file is made (an unknown compression fails here); a
            # zip found broken halfway leaves part of its files, and the caller drops the target.
            try:
                source = opened.open(info)
            except _ZIP_ERRORS as exc:
                raise _unreadable(called, name, exc) from None
            with source, tree.create(parts, replace, name) as out:
                try:
                    while chunk := source.read(CHUNK):
                        written += len(chunk)
                        if written > max_bytes:
                            raise Refused(f"{called} unpacks to more than {max_bytes >> 20} MB; {advice}")
                        out.write(chunk)
                except Refused:
                    raise
                except _ZIP_ERRORS as exc:
                    raise _unreadable(called, name, exc) from None
            done.files += 1
    return done


def _unreadable(called: str, name: str, exc: BaseException) -> Refused:
    return Refused(f"{called} could not be read as a zip at {shown(name)} ({exc}); make the zip again")


def _plan(infos: list[zipfile.ZipInfo], called: str, lenient: bool,
          done: Unpacked) -> list[tuple[zipfile.ZipInfo, tuple[str, ...], str]]:
    """(entry, checked parts, name) for each regular file to write, every name checked before
    anything is written. Strict: the first bad entry refuses the archive. Lenient: it is left
    out and listed in ``done.skipped``."""
    names, plan = Names(), []
    for info in infos:
        name = entry_name(info)
        mode = info.external_attr >> 16
        is_dir = info.filename.endswith("/") or stat.S_ISDIR(mode)
        try:
            parts = check_name(name, is_dir)
            if info.flag_bits & 0x1:
                raise BadName(name, "is protected by a password", "make the zip again without one")
            if stat.S_IFMT(mode) not in (0, stat.S_IFREG, stat.S_IFDIR):
                what = "a link" if stat.S_ISLNK(mode) else "not a regular file"
                done.skipped.append(f"{shown(name)} ({what}, never made)")
                continue
            names.add(name, parts, is_dir)
        except BadName as exc:
            if not lenient:
                raise Refused(f"{called} has an entry {shown(name)} that {exc.said('the zip')}") from None
            rule = exc.rule.replace(WHERE, "the download")
            done.skipped.append(f"{shown(name)} (left out: it {rule})")
            continue
        if not is_dir:
            plan.append((info, parts, name))
    return plan


def archive_names(archive: Path, limit: int) -> list[str] | None:
    """The first ``limit`` entry names of ``archive`` (as ``entry_name`` reads them) for a quick
    look, nothing written; None when it is no readable zip. Never raises for a hostile zip."""
    try:
        with zipfile.ZipFile(archive) as opened:
            return [entry_name(info) for info in opened.infolist()[:limit]]
    except _ZIP_ERRORS:
        return None


def entry_name(info: zipfile.ZipInfo) -> str:
    """The name of a zip entry as its maker meant it. Zips made without the "names are UTF-8"
    flag (macOS's Archive Utility, Windows' own zips, rubyzip as Canvas uses it) still hold UTF-8
    names, which Python reads as code page 437 (``ZoÃ«`` for ``Zoë``); such a name is read again as
    UTF-8 when it is valid UTF-8, which a real code page 437 name with accents almost never is."""
    name = info.filename
    if info.flag_bits & 0x800:
        return name
    try:
        return name.encode("cp437").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return name
