"""A student's Java tester (``WidgetTester.java``, run as ``java -ea WidgetTester``) against
right and wrong versions of the class it tests, with the interface of ``grader.testers.own_tests.OwnTests``.

The tester activity's suite names each version by the Python file of the lab
(``buggy_variants/<lab>/Buggy2/widget.py``); its Java twin is found by a rule: the same place
under the lab folder's ``java/`` subfolder, the class named after the file under test
(``buggy_variants/<lab>/java/Buggy2/Widget.java``), and for a version whose file has a name of its
own (a mutant, ``mutants/widget-007.py``) a folder of that name
(``java/mutants/widget-007/Widget.java``). A version with no Java twin cannot be run: that run is
reported as the grader's problem, never as the student's.

Costs: each version and each stand-in is compiled once per grading process (they are the lab's
files); the student's tester is compiled once, against the reference (kept by its files' content
for the process's last few testers: the engine makes a ``JavaOwnTests`` per test, and compiling
the tester for every run was most of Activity 5's cost); each run
is one ``load`` (a fresh class loader over the tester's classes, and the version's and the
stand-ins' sealed) and one ``run_tester`` in the submission's JVM, with ``-ea`` (assertions on),
the same seed for every run, and the tester's printed output kept. A run that leaves a thread
alive gets the JVM replaced before the next run (session.py, ``end_test``).

**JUnit testers** (a class with ``@Test`` methods, JUnit 4 or Jupiter) are graded the same way:
the tester is compiled against the JUnit jars of the system (junit.py), each load carries them
as ``libraries`` (a fresh loader of theirs per run, so nothing of JUnit's outlives a run), and
the worker runs the tests itself (sandbox_jvm/src/sandbox_jvm/JUnit.java). A run passes when
every test passes and fails at the first test that fails or raises, or at a ``System.exit``; a
JUnit class with no test catches nothing, and its runs say so. Without the jars, the run is the
grader's problem (``JUnitUnavailable``), never the student's 0.

The tester sees the lab's classes only by what they do (docs/testers.md, "Java testers"): they
are compiled without debugging information (``-g:none``: no line numbers, no source file name),
read into memory and their folder removed at once, and each load carries their bytes
(``sealed``): the JVM defines them from those bytes, so no file of theirs is ever in the JVM's
jail, and it answers no request for a class file's bytes. The tester's own compiled folder holds
its classes only (the reference it was compiled against is removed, sources included).
"""

import atexit
import base64
import hashlib
import os
import re
import secrets
import shutil
from pathlib import Path

from grader.java.compiling import compile_activity
from grader.java.junit import junit_families, junit_jars
from grader.java.recording import RecordingError, instrument
from grader.java.session import JvmSession
from grader.java.sources import class_name
from grader.java.worker_cache import JvmBuildError, cached_folder
from grader.testers.own_tests import TesterRun
from grader.sandbox.errors import SandboxError
from grader.sandbox.leftovers import make_folder
from grader.sandbox.limits import Limits
from grader.testers.transcripts import KEY_BYTES, Transcript, verify

ASSERT = re.compile(r"\bassert\b|\bthrow\s+new\b")
# A JUnit check: assertEquals(...), assertThat(...), assertThrows(...), fail(...), or
# @Test(expected = ...), which checks that the call raised.
JUNIT_CHECK = re.compile(r"\b(?:assert[A-Z]\w*|fail)\s*\(|\bexpected\s*=")
COMMENTS_AND_TEXT = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.DOTALL)


class NoJavaTwin(RuntimeError):
    """A version the suite runs has no Java twin in the lab's files (the grader's problem)."""


def java_twin(version: Path, file_under_test: str) -> Path:
    """The Java file standing for ``version`` (a Python file of the lab), by the module's rule."""
    java_name = f"{class_name(file_under_test)}.java"
    for root in version.parents:
        relative = version.relative_to(root)
        place = relative.parent if relative.name == file_under_test or relative.stem == Path(file_under_test).stem \
            else relative.with_suffix("")
        twin = root / "java" / place / java_name
        if twin.is_file():
            return twin
        if (root / "java").is_dir():
            break
    raise NoJavaTwin(f"the lab has no Java version of {version.name} (looked for {java_name} under a java/ folder)")


def contains_java_assert(path: Path) -> bool:
    """Whether a Java tester checks anything itself (comments and strings ignored): an ``assert``
    statement, a ``throw new ...`` of an exception it chose (``if (...) throw new
    RuntimeException(...)``), or a JUnit check (``assertEquals(...)``, ``fail(...)``, ``@Test(expected = ...)``),
    as the Python edition counts ``self.assert...`` (grader/testers/own_tests.py, ``contains_assert``)."""
    code = COMMENTS_AND_TEXT.sub(" ", path.read_text(encoding="utf-8", errors="replace"))
    return bool(ASSERT.search(code) or JUNIT_CHECK.search(code))


_COMPILED: dict[tuple, dict[str, str]] = {}  # the lab's files, compiled once per process
_SCRATCH: list[Path] = []
# The last testers compiled (two activities of one submission, and a little room), oldest first.
_TESTERS: dict[tuple, tuple[Path, tuple[Path, Path] | None, str | None]] = {}
TESTERS_KEPT = 4


def _lab_classes(files: dict[str, Path]) -> dict[str, str]:
    """The lab's own classes (class name -> file) compiled together without debugging
    information: each class file by its binary name (``Widget``, ``Widget$1``), base64-encoded
    for a load's ``sealed``. Compiled once per version of the files and of the JDK and kept in
    a private cache between runs (worker_cache.py: ours alone, checked before each use, never
    shared with the JVM's user); read once per process."""
    key = tuple(sorted((name, str(path)) for name, path in files.items()))
    if key not in _COMPILED:
        try:
            folder = cached_folder("lab", _lab_digest(files), lambda into: _compile_lab(files, into), None)
        except (JvmBuildError, OSError) as exc:
            raise NoJavaTwin(str(exc)) from None
        _COMPILED[key] = {path.stem: base64.b64encode(path.read_bytes()).decode("ascii")
                          for path in sorted(folder.glob("*.class"))}
    return _COMPILED[key]


# Bump when the lab's classes are compiled differently (the flags of compile_activity, debug=False);
# the recording transform (recording.py) is part of the digest by its own text.
LAB_BUILD = "2"
RECORDING_SOURCE = Path(__file__).with_name("recording.py")


def _lab_digest(files: dict[str, Path]) -> str:
    """What the lab's compiled classes depend on: the files (by name and content), the JDK's
    javac (its real path, size and time) and how they are compiled."""
    digest = hashlib.sha256(f"lab classes {LAB_BUILD}\n".encode())
    digest.update(hashlib.sha256(RECORDING_SOURCE.read_bytes()).digest())
    javac = Path(os.path.realpath(shutil.which("javac") or "javac"))
    info = javac.stat() if javac.exists() else None
    digest.update(f"{javac} {info.st_size if info else 0} {info.st_mtime_ns if info else 0}\n".encode())
    for name, path in sorted(files.items()):
        digest.update(f"{name}\n".encode() + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def _compile_lab(files: dict[str, Path], into: Path) -> None:
    """Compile the lab's classes in a scratch folder of their own, their class files into ``into``:
    each one rewritten first so that the tester's calls into it are recorded (recording.py)."""
    scratch = make_folder("sandbox")
    try:
        recorded = scratch / "recorded"
        recorded.mkdir()
        sources = {}
        for name, path in files.items():
            try:
                text = instrument(path.read_text(encoding="utf-8"), name)
            except RecordingError as error:
                raise JvmBuildError(str(error)) from None
            sources[name] = recorded / f"{name}.java"
            sources[name].write_text(text, encoding="utf-8")
        compiled = compile_activity(sources, {}, scratch, debug=False)
        if compiled.error is not None:
            raise JvmBuildError(f"the lab's own Java classes do not compile: {compiled.error.get('message')}")
        for path in sorted(compiled.classes.glob("*.class")):
            shutil.copyfile(path, into / path.name)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


class JavaOwnTests:
    """The student's Java tester of one submission, ready to run against any version of a class."""

    needs_pytest = False

    def __init__(self, tester_files: dict[str, Path], seed: int, limits: Limits, submission: str | None = None) -> None:
        """``submission``: whose tester this is (its runs use that submission's JVM)."""
        self.tester_files = tester_files  # its name in the submission -> the file
        self.seed = seed
        self.limits = limits
        self.has_assertions = any(contains_java_assert(path) for path in tester_files.values())
        self.classes = {Path(name).stem: path for name, path in tester_files.items()}
        self.shown_as = {Path(name).stem: name for name in tester_files}
        self.session = JvmSession({}, [], limits, submission=submission)
        self.compiled: tuple[Path, Path] | None = None  # (classes, sources) of the tester
        self.compile_error: str | None = None
        self.junit = bool(junit_families(list(tester_files.values())))
        self.libraries: list[Path] | None = None  # the JUnit jars, once found

    def _compile_tester(self, reference: dict[str, Path]) -> None:
        """Compile the tester once, against the reference versions of the classes it uses.

        Once per process, not once per object: the engine makes a JavaOwnTests for every test of
        the activity (one run each), and compiling the tester was most of a run's cost."""
        if self.compiled is not None or self.compile_error is not None:
            return
        key = (_files_key(self.tester_files), _files_key(reference), tuple(map(str, self.libraries or ())))
        if key not in _TESTERS:
            _TESTERS[key] = _compiled_tester(self.classes, reference, self.shown_as, tuple(self.libraries or ()))
            while len(_TESTERS) > TESTERS_KEPT:
                scratch, _, _ = _TESTERS.pop(next(iter(_TESTERS)))
                shutil.rmtree(scratch, ignore_errors=True)
        _, self.compiled, self.compile_error = _TESTERS[key]

    def run(self, under_test: tuple[str, Path], stand_ins: dict[str, Path], reference: Path | None = None) -> TesterRun:
        """Run every tester class with ``main`` against ``under_test`` (the lab's file name, and
        the version) beside the Java twins of ``stand_ins``."""
        name, version = under_test
        varying = class_name(name)
        helpers = {class_name(other): java_twin(path, other) for other, path in stand_ins.items()}
        reference_twin = java_twin(_reference_of(version, stand_ins, name), name)
        if self.libraries is None:  # JUnitUnavailable is the grader's problem: it is not caught here
            self.libraries = junit_jars(junit_families(list(self.tester_files.values())))
        self._compile_tester({varying: reference_twin, **helpers})
        if self.compile_error is not None:
            return TesterRun("failed", self.compile_error)
        lab = _lab_classes({varying: java_twin(version, name), **helpers})
        tester_classes, tester_sources = self.compiled
        session = self.session
        # This run's secret: the worker signs its record of the calls with it (grader/testers/transcripts.py).
        key = secrets.token_bytes(KEY_BYTES)
        transcript: Transcript | None = Transcript(b"", 0)
        outputs: list[str] = []
        notes: list[str] = []  # a passed run's remarks: a JUnit class with no tests checks nothing
        for tester in sorted(self.classes):
            session.current = None
            try:
                jvm = session._jvm_ready()
                link = _Link(session)
                session.current = link
                load = {"op": "load", "classpath": [jvm.visible(tester_classes)], "sealed": lab,
                        "student": sorted(self.classes), "seed": self.seed, "assertions": True,
                        "sources": [jvm.visible(tester_sources)], "transcript": {"key": key.hex()}}
                if self.libraries:  # the jail binds them where they are (junit.py)
                    load["libraries"] = [str(jar) for jar in self.libraries]
                link.request(load, "loading your tester", self.limits.load_seconds)
                jvm.loads += 1
                reply = link.request({"op": "run_tester", "class": tester, "junit": self.junit}, f"running {tester}",
                                     self.limits.call_seconds)
            except SandboxError as error:
                output = _output(session)
                if getattr(error, "outcome", "") == "timeout":
                    return TesterRun("timeout", f"{tester}.java did not finish within {self.limits.call_seconds:g} s",
                                     output)
                return TesterRun("failed", f"{tester}.java: {error}", output)
            outputs.append(_output(session))
            transcript = _joined(transcript, verify(reply.get("transcript"), key))
            if not reply.get("passed"):
                error = reply.get("error") or {}
                return TesterRun("failed", _describe(tester, reply), "".join(outputs), error.get("assertion") is True,
                                 transcript)
            if reply.get("how") == "no tests":
                notes.append(_no_tests(tester, reply))
        return TesterRun("passed", " ".join(notes), "".join(outputs), transcript=transcript)


def _joined(before: Transcript | None, part: Transcript | None) -> Transcript | None:
    """The run's record so far, then one tester class's (each class is a load of its own, signed
    with the run's key): None as soon as one part is missing or not the worker's."""
    if before is None or part is None:
        return None
    return Transcript(before.steps + part.steps, before.count + part.count)


def _files_key(files: dict[str, Path]) -> tuple:
    """Files by name, path, size and content: a tester changed in place is compiled again."""
    return tuple(sorted((name, str(path), hashlib.sha256(path.read_bytes()).hexdigest()) for name, path in files.items()))


def _compiled_tester(classes: dict[str, Path], reference: dict[str, Path], shown_as: dict[str, str],
                     libraries: tuple[Path, ...]) -> tuple[Path, tuple[Path, Path] | None, str | None]:
    """(scratch folder, (classes, sources) of the tester's own classes, compile error)."""
    scratch = make_folder("sandbox")
    _SCRATCH.append(scratch)
    compiled = compile_activity(classes, reference, scratch, shown_as, classpath=libraries)
    if compiled.error is not None:
        from grader.java.session import JavaCompileError

        return scratch, None, str(JavaCompileError(compiled.error))
    for name in reference:  # only the tester's own classes and sources stay: the version comes per run
        for leftover in (*compiled.classes.glob(f"{name}.class"), *compiled.classes.glob(f"{name}$*.class"),
                         *compiled.sources.glob(f"{name}.java")):
            leftover.unlink()
    return scratch, (compiled.classes, compiled.sources), None


def _reference_of(version: Path, stand_ins: dict[str, Path], name: str) -> Path:
    """The lab's reference of the file under test: beside the stand-ins (they are references)."""
    for path in stand_ins.values():
        return path.parent / name
    return version


class _Link:
    """The smallest link a tester run needs: requests through the session, no proxies."""

    def __init__(self, session: JvmSession) -> None:
        self.session = session

    def request(self, message: dict, call: str, timeout: float):
        return self.session.request(message, call, timeout)


def _output(session: JvmSession) -> str:
    """What the run printed; the JVM is replaced if the run left a thread alive."""
    try:
        text, _ = session.end_test()
    except SandboxError:
        return ""
    return text[: session.limits.output_bytes]


# What the worker runs of a JUnit class (sandbox_jvm/src/sandbox_jvm/JUnit.java), for a student
# whose tester uses something else.
JUNIT_SUPPORTED = ("@Test (with expected = and timeout =), @Before/@BeforeEach, @After/@AfterEach, "
                   "@BeforeClass/@BeforeAll, @AfterClass/@AfterAll, @Ignore/@Disabled, @RepeatedTest and @Timeout")


def _describe(tester: str, reply: dict) -> str:
    """What went wrong in a run, in Java terms."""
    error = reply.get("error") or {}
    how = reply.get("how")
    if how == "missing":
        return f"{tester}.java has no `public static void main(String[] args)` to run, and no JUnit test (@Test)"
    if how == "unsupported":
        return (f"{tester}.java uses {reply.get('feature')}, which the grader cannot run: it runs JUnit tests "
                f"written with {JUNIT_SUPPORTED}, one new {tester} per test")
    where = next(iter(reversed(error.get("frames", []))), None)
    line = f" at {where['file']} line {where['line']}: {where.get('code', '')}" if where else ""
    test = f" in {reply['test']}()" if reply.get("test") else ""
    if how == "exit":
        return f"{tester}.java stopped early with System.exit({reply.get('exit_code')}){line}"
    message = f": {error.get('message')}" if error.get("message") else ""
    inside = f" (thrown inside {error['inside']})" if error.get("inside") else ""
    if reply.get("style") == "junit" and error.get("assertion"):
        return f"{tester}.java: the test {reply.get('test')}() failed ({error.get('type')}{message}){line}"
    return f"{tester}.java threw {error.get('type', 'an exception')}{message}{test}{line}{inside}"


def _no_tests(tester: str, reply: dict) -> str:
    """Why a JUnit class passed without checking anything."""
    if reply.get("tests") or reply.get("skipped"):
        return (f"({tester}.java ran no test: each one is marked @Ignore or @Disabled, or stopped on an assumption, "
                "so it checked nothing.)")
    return f"({tester}.java has no JUnit test (no method marked @Test), so it checks nothing and catches no bug.)"


def remove_scratch() -> None:
    """Remove every folder this process compiled testers and the lab's versions into."""
    for folder in _SCRATCH:
        shutil.rmtree(folder, ignore_errors=True)
    _SCRATCH.clear()
    _COMPILED.clear()
    _TESTERS.clear()


atexit.register(remove_scratch)

