"""Compiling one activity's Java classes: the student's files under test beside reference stand-ins.

Each activity compiles only what it needs (never ``javac *.java`` over the student's folder), so a
scratch file that does not compile, or a broken class another activity grades, costs nothing
here. The copies are compiled in the default package: a ``package`` line and imports of the
student's own packages are blanked out (their lines kept, so javac's and the JVM's line numbers
are the student's), which lets a packaged class sit beside the default-package stand-ins and be
called by its simple name. javac runs in the trusted process with annotation processing off, in
a scrubbed environment; its first error is reported with the student's file and line.

The stand-ins are compiled on their own once per process (``given_classes``) and the student's
files against their classes: javac's cost grows with the source it reads, and most activities
compile one student file beside three or four of the lab's. A stand-in that needs a student's
class (a probe subclass of a class the student writes) cannot be compiled alone; then everything is
compiled together, as the class files would be the same either way. A harness stand-in may ask to
be compiled as the superclass of one of the lab's classes (inserted.py): that class's ``extends``
names it, wherever the class is compiled.
"""

import atexit
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from grader.java.inserted import inserted, insertions
from grader.java.java_text import drop_final
from grader.java.javac import JAVAC_SECONDS, run_javac
from grader.java.jvm_user import jvm_owner, share_with_jvm

PACKAGE = re.compile(r"^(\s*)package\s+([\w.]+)\s*;", re.MULTILINE)
IMPORT = re.compile(r"^\s*import\s+(static\s+)?([\w.]+?)(\.\*|\.(\w+))\s*;", re.MULTILINE)
ERROR_LINE = re.compile(r"^(?P<file>.+?\.java):(?P<line>\d+): error: (?P<message>.*)$")


@dataclass
class Compiled:
    """What one compilation left: the classes folder (for the JVM's class path), the sources
    folder (for quoting lines), and, if javac failed, the error in student terms."""

    classes: Path
    sources: Path
    error: dict | None = None
    student_classes: list[str] = field(default_factory=list)
    extra_sources: Path | None = None  # the student's other classes (compiled only where used)


def _blank(text: str) -> str:
    """The same text with every character but line ends replaced by spaces."""
    return re.sub(r"[^\n]", " ", text)


def default_package(source: str, own_packages: set[str]) -> str:
    """``source`` moved to the default package: its ``package`` line and its imports of the
    submission's own packages blanked, every line where it was."""
    source = PACKAGE.sub(lambda m: _blank(m.group(0)), source, count=1)

    def drop_own(match: re.Match) -> str:
        package = match.group(2)
        if match.group(4) is None and package in own_packages:  # import pkg.*;
            return _blank(match.group(0))
        if match.group(4) is not None and package in own_packages:  # import pkg.Class;
            return _blank(match.group(0))
        return match.group(0)

    return IMPORT.sub(drop_own, source)


def package_of(source: str) -> str | None:
    match = PACKAGE.search(source)
    return match.group(2) if match else None


def compile_activity(student: dict[str, Path], stand_ins: dict[str, Path], scratch: Path,
                     shown_as: dict[str, str] | None = None, debug: bool = True,
                     extras: dict[str, Path] | None = None, unfinal: dict[str, tuple[str, ...]] | None = None,
                     classpath: tuple[Path, ...] = (), precompiled: bool = True) -> Compiled:
    """Compile ``student`` (class name -> its file) beside ``stand_ins`` (class name -> the
    reference file) into ``scratch``. ``shown_as``: how to name each student class's file in an
    error (its path in the submission); the file name by default. ``debug``: with line numbers
    and source file names (``-g``, so a report quotes the student's line); without (``-g:none``)
    for the lab's own versions a tester runs against, which must differ in nothing but behaviour.

    ``extras``: the student's other classes (class name -> file: a helper class of theirs),
    compiled only if the classes under test use them (javac finds them on its source path),
    so one that does not compile costs nothing unless it is used. ``unfinal``: class name ->
    the ``static final`` constants whose ``final`` is blanked (java_text.drop_final), so that a
    run can set them (a constant is otherwise copied into every use by javac). ``classpath``:
    jars the classes compile against (a JUnit tester's: grader/java/junit.py). ``precompiled``:
    the stand-ins' classes compiled once (``given_classes``) may be used; False compiles their
    sources with the student's."""
    sources, classes, others = scratch / "src", scratch / "classes", scratch / "src-extra"
    for folder in (sources, classes, others):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    extras = {name: path for name, path in (extras or {}).items() if name not in student and name not in stand_ins}
    texts = {name: path.read_text(encoding="utf-8", errors="replace") for name, path in student.items()}
    extra_texts = {name: path.read_text(encoding="utf-8", errors="replace") for name, path in extras.items()}
    own_packages = {p for text in (*texts.values(), *extra_texts.values()) if (p := package_of(text))}
    above = insertions(stand_ins)  # a harness class put above a lab class (inserted.py)
    for name, text in texts.items():
        if unfinal and name in unfinal:
            text, _ = drop_final(text, list(unfinal[name]))
        text = inserted(name, text, above)
        (sources / f"{name}.java").write_text(default_package(text, own_packages), encoding="utf-8")
    for name, text in extra_texts.items():
        (others / f"{name}.java").write_text(default_package(text, own_packages), encoding="utf-8")
    needed = {name: path for name, path in stand_ins.items() if name not in student}
    given = given_classes(needed, debug) if needed and precompiled else None
    if given is None:
        _copy_stand_ins(needed, sources, above)
    files = sorted(str(p) for p in sources.glob("*.java"))
    result = Compiled(classes, sources, student_classes=sorted([*student, *extras]), extra_sources=others if extras else None)
    # -implicit:class writes the classes of the extras javac had to read; without extras there
    # is nothing implicit to write.
    implicit = "-implicit:class" if extras else "-implicit:none"
    source_path = f"{sources}{os.pathsep}{others}" if extras else str(sources)
    on_classpath = [*([given] if given is not None else []), *classpath]
    args = [*_options(debug), implicit, "-d", str(classes), "-sourcepath", source_path,
            *(["-classpath", os.pathsep.join(str(entry) for entry in on_classpath)] if on_classpath else []), *files]
    try:
        code, messages = run_javac(args, scratch)
    except subprocess.TimeoutExpired:
        result.error = {"type": "CompileError", "message": f"javac did not finish within {JAVAC_SECONDS:g} s",
                        "module": ", ".join(sorted(student)), "frames": []}
        return result
    if code != 0:
        result.error = javac_error(messages, sources, {**extras, **student}, shown_as or {})
    elif given is not None:  # the classes folder holds everything the activity loads, as before
        if any((classes / path.relative_to(given)).exists() for path in given.rglob("*.class")):
            # The student's files define a class of the lab's own (a second top-level class in
            # one of their files, named as a stand-in): compiled together, javac says so, as it
            # always did.
            return compile_activity(student, stand_ins, scratch, shown_as, debug, extras, unfinal, classpath,
                                    precompiled=False)
        shutil.copytree(given, classes, dirs_exist_ok=True)
    share_with_jvm(scratch, jvm_owner())  # the JVM may run as another user: it reads, never writes, these
    return result


def _options(debug: bool) -> list[str]:
    return ["-nowarn", "-g" if debug else "-g:none", "-proc:none", "-encoding", "UTF-8", "-Xmaxerrs", "20"]


# Stand-in sets compiled alone in this process: their files (path, size, time) and the debug
# flag -> their classes folder, or None when they do not compile without the student's classes.
_GIVEN: dict[tuple, Path | None] = {}
_GIVEN_FOLDERS: list[Path] = []


def given_classes(stand_ins: dict[str, Path], debug: bool) -> Path | None:
    """The lab's stand-ins (class name -> file) compiled on their own, once per process: the
    folder of their class files, or None if they cannot be (one of them uses a class the
    student writes), and then they are compiled with the student's files."""
    key = (tuple(sorted((name, str(path), *_version(path)) for name, path in stand_ins.items())), debug)
    if key not in _GIVEN:
        from grader.sandbox.leftovers import make_folder

        folder = make_folder("sandbox")
        _GIVEN_FOLDERS.append(folder)
        sources, classes = folder / "src", folder / "classes"
        sources.mkdir()
        classes.mkdir()
        _copy_stand_ins(stand_ins, sources, insertions(stand_ins))
        args = [*_options(debug), "-implicit:none", "-d", str(classes), "-sourcepath", str(sources),
                *sorted(str(p) for p in sources.glob("*.java"))]
        try:
            code, _ = run_javac(args, folder)
        except subprocess.TimeoutExpired:
            code = 1
        _GIVEN[key] = classes if code == 0 else None
    return _GIVEN[key]


def _copy_stand_ins(stand_ins: dict[str, Path], sources: Path, above: dict[str, tuple[str, str]]) -> None:
    """Each stand-in's source into ``sources`` as ``Name.java``, with a harness class put above
    it where one asks to be (inserted.py); the others byte for byte."""
    for name, path in stand_ins.items():
        if name in above:
            text = path.read_text(encoding="utf-8", errors="replace")
            (sources / f"{name}.java").write_text(inserted(name, text, above), encoding="utf-8")
        else:
            shutil.copyfile(path, sources / f"{name}.java")


def _version(path: Path) -> tuple[int, int]:
    """A file's time and size, read in one system call: a changed stand-in is compiled again."""
    info = path.stat()
    return info.st_mtime_ns, info.st_size


def _forget_given() -> None:
    for folder in _GIVEN_FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)
    _GIVEN.clear()
    _GIVEN_FOLDERS.clear()


atexit.register(_forget_given)


def javac_error(output: str, sources: Path, student: dict[str, Path], shown_as: dict[str, str]) -> dict:
    """The first error javac reported, as a load error's details: the file as the student
    knows it, the line, javac's message and the line of code with javac's caret."""
    lines = output.splitlines()
    count = sum(1 for line in lines if ERROR_LINE.match(line))
    for index, line in enumerate(lines):
        match = ERROR_LINE.match(line)
        if not match:
            continue
        class_name = Path(match.group("file")).stem
        is_student = class_name in student
        file = shown_as.get(class_name, f"{class_name}.java") if is_student else f"{class_name}.java"
        code = "\n".join(lines[index + 1:index + 3]).rstrip()
        frame = {"file": file, "line": int(match.group("line")), "function": "", "code": code}
        details = {"type": "CompileError", "message": match.group("message"), "module": class_name,
                   "errors": count, "frames": [frame] if is_student else []}
        if not is_student:
            details["inside"] = file
        return details
    tail = " ".join(lines[-3:]) if lines else "no message"
    return {"type": "CompileError", "message": f"javac failed: {tail}", "module": ", ".join(sorted(student)), "frames": []}


class CompileCache:
    """The last few compilations of this process, by their files: two activities that compile
    the same classes (one grading a class's basics, one its shuffle) compile them once. Each
    entry owns its folder, removed when the entry is pushed out or at exit. Users must not change
    an entry's classes (copy them first, as a session that switches a method off does)."""

    def __init__(self, size: int = 4) -> None:
        self.size = size
        self.entries: dict[tuple, tuple[Path, Compiled]] = {}

    @staticmethod
    def key(student: dict[str, Path], stand_ins: dict[str, Path], shown_as: dict[str, str],
            extras: dict[str, Path] | None = None, unfinal: dict[str, tuple[str, ...]] | None = None) -> tuple:
        def files(group: dict[str, Path]) -> tuple:
            return tuple(sorted((name, str(path), *_version(path)) for name, path in group.items()))

        return (files(student), files(stand_ins), tuple(sorted(shown_as.items())), files(extras or {}),
                tuple(sorted((unfinal or {}).items())))

    def compile(self, student: dict[str, Path], stand_ins: dict[str, Path], shown_as: dict[str, str],
                extras: dict[str, Path] | None = None, unfinal: dict[str, tuple[str, ...]] | None = None) -> Compiled:
        from grader.sandbox.leftovers import make_folder

        key = self.key(student, stand_ins, shown_as, extras, unfinal)
        if key in self.entries:
            self.entries[key] = self.entries.pop(key)  # most recently used last
            return self.entries[key][1]
        folder = make_folder("sandbox")
        compiled = compile_activity(student, stand_ins, folder, shown_as, extras=extras, unfinal=unfinal)
        self.entries[key] = (folder, compiled)
        while len(self.entries) > self.size:
            old_folder, _ = self.entries.pop(next(iter(self.entries)))
            shutil.rmtree(old_folder, ignore_errors=True)
        return compiled

    def clear(self) -> None:
        for folder, _ in self.entries.values():
            shutil.rmtree(folder, ignore_errors=True)
        self.entries.clear()


CACHE = CompileCache()
atexit.register(CACHE.clear)
