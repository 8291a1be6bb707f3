"""``JvmSession``: one activity of one Java submission, with the interface of ``SandboxSession``.

The engine (grader/engine/plugin.py) and the suites' proxies (grader/sandbox/proxy.py) use a
session through ``worker(seed)``, ``output_end()``, ``output_since()``, ``modules`` and
``close()``, and a test's link through ``request()``, ``finish()`` and ``output()``; this class
answers all of them for Java:

- the activity's classes are compiled once per session, or taken from the process's cache when
  another activity compiled the same files (compiling.py); a compile error is the load error
  of every test of the activity (``JavaCompileError``, in student terms);
- a JVM never serves two submissions (``submission_jvm``): the submission's first Java
  activity starts one (launched before its classes compile, so the two overlap), its later
  activities reuse it, and the engine ends it when the submission's grading ends
  (``end_submission_jvm``); each test is a ``load`` with the test's seed: a fresh class loader,
  so no static field survives a test;
- a test that leaves a thread alive (the JVM counts every thread not its own, and its own
  threads running student code, when the test's output is read) gets the JVM replaced before
  the next test: Thread.stop is not enough against a thread that catches ThreadDeath;
- a call that overruns its deadline kills the JVM (its whole process group) and the next test
  starts a new one; a JVM that died is replaced the same way; either way the test is reported
  like a Python sandbox's (``SandboxTimeout``, ``SandboxCrashed``);
- what the student printed comes back through the protocol (``{"op": "output"}``) when the
  test finishes, capped at the limits' ``output_bytes``.
"""

import atexit
import secrets
import shutil
import time
from dataclasses import replace
from pathlib import Path

from grader.idiom.java import JavaIdiom
from grader.java.compiling import CACHE, Compiled
from grader.java.members import read_classes
from grader.java.program import NOT_MINE, NOTES_SHOWN, ProgramRuns
from grader.java.theirs import error_in, with_their_versions
from grader.java.stubs import ClassFileError, disable_methods
from grader.java.jvm_user import jvm_owner, share_with_jvm
from grader.java.worker import JvmProcess, JvmStartError, wait_ready
from grader.sandbox.errors import SandboxCrashed, SandboxError, SandboxTimeout, StudentError, StudentLoadError
from grader.sandbox.launcher import detect
from grader.sandbox.launcher import Launcher
from grader.sandbox.leftovers import make_folder
from grader.sandbox.limits import Limits
from grader.sandbox.staging import SandboxUserError

# Student threads alive after any reply: this many means something is spawning without end, and
# the JVM is replaced at once. At a test's end, any thread left at all replaces it (end_test).
THREADS_BEFORE_RESTART = 50
# The one JVM of this process, and whose it is: (submission, limits).
_CURRENT: dict[str, tuple[tuple[str, str], JvmProcess]] = {}


class JavaCompileError(StudentLoadError):
    """A class under test did not compile: javac's first error, with the student's file and line."""

    def __init__(self, details: dict) -> None:
        self.details = details
        frames = details.get("frames") or []
        if frames:
            where = f"{frames[0]['file']} line {frames[0]['line']}"
            code = f"\n{frames[0]['code']}" if frames[0].get("code") else ""
        else:
            where, code = details.get("inside") or f"{details.get('module', '?')}.java", ""
        more = details.get("errors", 1) - 1
        also = f" (and {more} more error{'s' if more > 1 else ''} after it)" if more > 0 else ""
        SandboxError.__init__(
            self,
            f"{where} does not compile: {details['message']}{code}\n{also.strip() + ' ' if also else ''}Every test of this "
            f"activity needs the class to compile: run `javac {Path(where.split(' line ')[0]).name}` and fix the first "
            "error it shows.")


def submission_jvm(submission: str, limits: Limits) -> JvmProcess:
    """The JVM of ``submission`` (not started yet if new). Asking for another submission's ends
    the one before: a JVM never serves two submissions, whatever order the engine runs them in."""
    key = (submission, repr(limits))
    current = _CURRENT.get("jvm")
    if current is not None and current[0] == key:
        return current[1]
    end_submission_jvm()
    jvm = JvmProcess(limits, Launcher.run_level or detect())
    _CURRENT["jvm"] = (key, jvm)
    return jvm


def end_submission_jvm() -> None:
    """Kill the current submission's JVM (the engine calls this when the submission is graded)."""
    current = _CURRENT.pop("jvm", None)
    if current is not None:
        current[1].kill()


atexit.register(end_submission_jvm)


class JvmSession:
    def __init__(self, files: dict[str, Path], modules: list[str], limits: Limits = Limits(),
                 disable: tuple[str, ...] = (), own: tuple[str, ...] | None = None,
                 submission: str | None = None, extras: dict[str, Path] | None = None,
                 theirs: dict[str, Path] | None = None, programs: tuple = ()) -> None:
        """``files``: each Java file by its name in the submission (``src/pkg/Box.java``) or,
        for a reference stand-in, its own name (``Widget.java``); ``own``: which of them are the
        student's. ``modules``: the names the suites use (``box``), as for Python.
        ``submission``: whose files these are (sessions of one submission share its JVM); None:
        a JVM of this session's own. ``extras``: the student's other classes, by their name in
        the submission (compiled where the classes under test use them). ``theirs``: the
        student's own versions of stand-ins, by their name in the submission, tried when the
        classes under test compile only with them (theirs.py). ``programs``: the lab's
        ``JavaProgram``s (a function a student may have written as a ``main``: program.py)."""
        self.submission = submission if submission is not None else f"session-{id(self)}"
        self.files = dict(files)
        self.modules = list(modules)
        self.limits = limits
        self.disable = list(disable)
        own_names = set(self.files) if own is None else set(own)
        self.student = {Path(name).stem: path for name, path in self.files.items() if name in own_names}
        self.shown_as = {Path(name).stem: name for name in self.files if name in own_names}
        self.stand_ins = {Path(name).stem: path for name, path in self.files.items() if name not in own_names}
        self.extras = {Path(name).stem: path for name, path in (extras or {}).items()}
        self.shown_as.update({Path(name).stem: name for name in (extras or {})})
        self.theirs = dict(theirs or {})
        self.given_own: list[str] = []  # the stand-ins graded in the student's own version (theirs.py)
        self.programs = ProgramRuns(programs, self.student)
        self.scratch: Path | None = None
        self.compiled: Compiled | None = None
        self.load_error: dict | None = None
        self.jvm: JvmProcess | None = None
        self.last_output = ""
        self.current: JvmLink | None = None
        self.lingering = 0  # the last reply's count of threads left alive
        # The lab's own Java spellings (grader/idiom/java.py), set by the engine; the idiom
        # messages speak once the classes are compiled.
        self.spellings: frozenset[str] = frozenset()
        self._idiom: JavaIdiom | None = None
        self._idiom_of: Compiled | None = None

    @property
    def idiom(self) -> JavaIdiom:
        """How this activity's messages name the student's calls, values and files, in Java
        (the declared names are read from the compiled classes once)."""
        if self._idiom is None or (self.compiled is not None and self._idiom_of is not self.compiled):
            classes = read_classes(self.compiled.classes) if self.compiled is not None and self.load_error is None else {}
            self._idiom = JavaIdiom(classes, self.spellings, self.shown_as, {*self.student, *self.extras})
            self._idiom_of = self.compiled
        return self._idiom

    # -- lifecycle -----------------------------------------------------------------------
    def start(self) -> None:
        self.jvm = submission_jvm(self.submission, self.limits)
        if not self.jvm.alive:
            try:
                self.jvm.start()  # it starts while the classes compile; _jvm_ready waits for it
            except (JvmStartError, OSError) as exc:
                raise SandboxCrashed("starting the Java sandbox", {"exit_code": f"unknown ({exc})"}, java=True) from None
        if self.compiled is None:
            try:
                self.compiled = self._compile()
            except SandboxUserError as exc:
                raise SandboxCrashed("compiling your classes", {"exit_code": f"unknown ({exc})"}, java=True) from None
            if self.compiled.error is None:
                self.programs.inspect(self.compiled.classes)
            if self.compiled.error is not None:
                self.load_error = self.compiled.error
            elif self.disable:
                # The cached classes are shared: switch the method off in a copy of our own.
                self.scratch = make_folder("sandbox")
                classes = self.scratch / "classes"
                shutil.copytree(self.compiled.classes, classes)
                self.compiled = replace(self.compiled, classes=classes)
                try:
                    disable_methods(self.compiled.classes, self.disable)
                    share_with_jvm(self.scratch, jvm_owner())
                except (ClassFileError, ValueError, OSError, SandboxUserError) as exc:
                    raise SandboxCrashed("switching off a method another activity grades", {"exit_code": f"unknown ({exc})"}, java=True) from None

    def _compile(self) -> Compiled:
        """The activity's classes beside the lab's stand-ins; if they compile only beside the
        student's own versions of some stand-ins, beside those (theirs.py), remembered in
        ``given_own``. With a program's constants made settable (program.py) unless that
        alone stops the class compiling."""
        def attempt(student: dict[str, Path], stand_ins: dict[str, Path], shown_as: dict[str, str]) -> Compiled:
            unfinal = self.programs.unfinal()
            compiled = CACHE.compile(student, stand_ins, shown_as, self.extras, unfinal)
            if compiled.error is not None and unfinal:
                plain = CACHE.compile(student, stand_ins, shown_as, self.extras)
                if plain.error is None:
                    self.programs.settable = False
                    return plain
            return compiled

        compiled = attempt(self.student, self.stand_ins, self.shown_as)
        if compiled.error is None or not self.theirs:
            return compiled
        choice = with_their_versions(self.theirs, self.student, self.stand_ins, self.shown_as, attempt)
        if choice is None:
            return compiled
        self.given_own, theirs_compiled, usable = choice
        if not usable:  # not even with theirs: show the error their own code meets, if it is in a graded file
            self.given_own = []
            return theirs_compiled if error_in(theirs_compiled, self.student) else compiled
        self.student = {**self.student, **{Path(name).stem: self.theirs[name] for name in self.given_own}}
        self.shown_as = {**self.shown_as, **{Path(name).stem: name for name in self.given_own}}
        return theirs_compiled

    def load(self) -> None:
        """Compile the activity's classes (once); JavaCompileError if they do not compile."""
        if self.compiled is None:
            self.start()
        if self.load_error is not None:
            raise JavaCompileError(self.load_error)

    def _jvm_ready(self) -> JvmProcess:
        jvm = self.jvm = submission_jvm(self.submission, self.limits)
        if jvm.alive and jvm.worn_out():
            jvm.kill()
        try:
            if not jvm.alive:
                jvm.start()
            if not jvm.ready:
                wait_ready(jvm)
        except (JvmStartError, OSError) as exc:
            raise SandboxCrashed("starting the Java sandbox", {"exit_code": f"unknown ({exc})"}, java=True) from None
        return jvm

    def worker(self, seed: int) -> "JvmLink":
        """A fresh class loader for one test, seeded with ``seed`` before any student code runs."""
        self.load()
        if self.current is not None:
            self.current.finish()
        jvm = self._jvm_ready()
        link = JvmLink(self, seed)
        self.current = link
        sources = [jvm.visible(folder) for folder in (self.compiled.sources, self.compiled.extra_sources) if folder]
        request = {"op": "load", "classpath": [jvm.visible(self.compiled.classes)],
                   "student": sorted({*self.student, *self.extras}), "seed": seed, "assertions": True, "sources": sources}
        try:
            reply = link.request(request, "loading your classes", self.limits.load_seconds)
        except StudentError as exc:
            raise self.idiom.load_error({**exc.details, "module": ", ".join(sorted(self.student))}) from None
        jvm.loads += 1
        link.seeding = reply.get("seeding") if isinstance(reply, dict) else None
        return link

    def activity_note(self) -> str:
        """What the activity's report says of how it was graded (a program run through its main)."""
        return self.programs.note()

    def output_end(self) -> int:
        return 0

    def output_since(self, offset: int) -> tuple[str, int]:
        """What the last test printed (read when it finished), capped."""
        if self.current is not None:
            self.current.finish()
        return self.last_output, 0

    def end_test(self) -> tuple[str, int]:
        """Read what the test printed, and replace the JVM if the test left any thread alive
        (the next test gets a new JVM), so no later test shares the JVM with that thread."""
        got = self.request({"op": "output"}, "reading your output", self.limits.call_seconds)
        if self.lingering and self.jvm is not None:
            self.jvm.kill()
        if not isinstance(got, dict):
            return "", 0
        dropped = got.get("dropped", 0)
        return str(got.get("text", "")), dropped if isinstance(dropped, int) else 0

    def close(self) -> None:
        """Forget this session's classes. The submission's JVM stays for its next activity (its
        next load discards these classes); the engine ends it with the submission."""
        if self.current is not None:
            self.current.finish()
        self.current = None
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
        self.scratch = None

    # -- talking -------------------------------------------------------------------------
    def request(self, message: dict, call: str, timeout: float):
        jvm = self.jvm
        if jvm is None or not jvm.alive:
            raise SandboxCrashed(call, {"exit_code": "unknown (the Java sandbox had already stopped)"}, java=True)
        message = {**message, "id": secrets.randbits(62)}
        try:
            jvm.channel.send(message)
            deadline = time.monotonic() + timeout
            while True:
                reply = jvm.channel.receive(deadline)
                if reply.get("id") == message["id"]:
                    break
        except TimeoutError:
            jvm.kill()
            raise SandboxTimeout(call, timeout) from None
        except (EOFError, OSError):
            ended = jvm.exit_status()
            jvm.kill()
            raise SandboxCrashed(call, ended, java=True) from None
        self.lingering = reply.get("threads") if isinstance(reply.get("threads"), int) else 0
        if self.lingering > THREADS_BEFORE_RESTART:
            jvm.kill()  # the reply stands; the next test gets a new JVM
        if "error" in reply:
            raise self.idiom.student_error(call, reply["error"])
        return reply.get("ok")


class JvmLink:
    """One test's view of the JVM: the requests of the proxies, and the test's printed output."""

    language = "java"

    @property
    def idiom(self) -> JavaIdiom:
        return self.session.idiom

    def __init__(self, session: JvmSession, seed: int) -> None:
        self.session = session
        self.seed = seed
        self.alive = True
        self.seeding: dict | str | None = None
        self.text: str | None = None
        self.notes: dict[str, int] = {}  # what the grader read for the test (program.py), and how often
        self.program_output: list[str] = []  # what a program run printed (read back mid-test)

    def request(self, message: dict, call: str, timeout: float | None = None):
        programs = self.session.programs
        if programs.active:
            reply = programs.answer(self, message, call, timeout or self.session.limits.call_seconds)
            if reply is not NOT_MINE:
                return reply
        return self.raw_request(message, call, timeout)

    def note(self, text: str) -> None:
        """Keep what was read for the test's message: each different reading once, counted."""
        self.notes[text] = self.notes.get(text, 0) + 1

    def message_notes(self) -> str:
        """What a failed test's message adds: what the grader read on the test's behalf (the
        first few different readings, each with how many runs gave it)."""
        if not self.notes:
            return ""
        shown = [f"{text}{f'  ({count} runs)' if count > 1 else ''}" for text, count in list(self.notes.items())[:NOTES_SHOWN]]
        more = len(self.notes) - len(shown)
        extra = f"\n  (and {more} other reading{'s' if more > 1 else ''})" if more > 0 else ""
        return "What the grader read:\n  " + "\n  ".join(shown) + extra

    def raw_request(self, message: dict, call: str, timeout: float | None = None):
        if not self.alive:
            raise SandboxCrashed(call, {"exit_code": "unknown (it had already stopped)"}, java=True)
        try:
            return self.session.request(message, call, timeout or self.session.limits.call_seconds)
        except (SandboxCrashed, SandboxTimeout):
            self.alive = False
            raise

    def finish(self) -> None:
        """End the test: read what it printed (the next load discards it anyway)."""
        if self.text is not None:
            return
        self.text = ""
        if self.alive:
            self.alive = False
            try:
                text, dropped = self.session.end_test()
                text = "".join(self.program_output) + text
                cap = self.session.limits.output_bytes
                data = text.encode("utf-8")
                if len(data) > cap or dropped:
                    more = max(len(data) - cap, 0) + dropped
                    text = data[:cap].decode("utf-8", errors="replace") + f"\n... ({more} more bytes of output not shown)"
                self.text = text
            except SandboxError:
                self.text = ""
        self.session.last_output = self.text
        if self.session.current is self:
            self.session.current = None

    def output(self) -> str:
        self.finish()
        return self.text or ""
