"""Running a student's own tester against classes that are right and classes that are wrong,
each run in a fresh process.

A lab's tester activity names the files a run holds beside the student's tester: the file
under test (the one that changes from run to run: the reference, a second correct version, a
buggy variant or a mutant) and the lab's stand-ins for what it depends on, always under the
same names, so nothing in a path, a file name or the environment tells the tester which
version it has.

**A sandbox per run, on one staged folder.** Each run of a submission's tester has a sandbox of
its own (``WarmTesters``: its own zygote, PID namespace, /tmp and home, so no counter tells one
run from another), started on the folder every run of that tester shares: a zygote forked from
the launcher that has the testers' runner loaded. It imports each of the lab's stand-ins when
that is safe (it does not import the file under test), or compiles it when it does, and reads,
classifies and compiles the student's tester files. The run is one fork of it, which first
forks the run's *host*: the version under test travels as source text in
the run's first request, which only the host reads, and lives in that process alone; the tester
imports a module that forwards to it through the lab's interface (sandbox_runtime/hosting/host.py,
guest.py; docs/testers.md, "A tester sees only what the class does"). No version of the file
under test is ever in the sandbox folder. The host records the run's conversation and signs
it (grader/testers/transcripts.py): a failure on a wrong version counts only if the class answered
differently (grader/testers/verdicts.py). The folder is removed when the tester or a stand-in
changes, when the grading engine moves on to another activity (``close_warm_sandboxes``, called
by grader/engine/plugin.py) and at exit.

How a run ends, for scoring (docs/testers.md):

- *passed*: every tester file ran to its end: a script to its last line, a unittest file
  through its TestCases, a pytest file through its tests (the runner in the sandbox picks the
  style from the file's contents: sandbox_runtime/testers/styles.py);
- *failed*: an assertion or any other exception, or ``sys.exit`` part-way, even with code 0;
- a failure catches a wrong class when it is the tester's own check firing (an AssertionError,
  a failed ``self.assert...``, ``pytest.fail`` or a ``pytest.raises`` that saw nothing), or any
  other error in a tester that has checks of its own (see ``contains_assert``);
- *timeout*: it did not finish. On a correct class that is a rejection; on a wrong class it is
  **not** a catch, because a tester that waits forever has told nobody anything.
"""

import ast
import atexit
import hashlib
import os
import secrets
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from grader.lab.file_imports import imported_names
from grader.sandbox import Limits, SandboxSession
from grader.sandbox.channel import Channel
from grader.sandbox.errors import (
    SandboxCrashed,
    SandboxTimeout,
    StudentError,
    StudentLoadError,
)
from grader.sandbox.launcher import Launcher, LauncherError
from grader.sandbox.staging import StagedFolder
from grader.testers.interface import interface_of
from grader.testers.transcripts import KEY_BYTES, Transcript, verify


class PytestUnavailable(RuntimeError):
    """The tester imports pytest and the grader could not provide it: the grader's fault."""


# A run's time limit is this many times the call limit: every call of the class under test is a
# round trip to its host (docs/testers.md), which a tester that calls it thousands of times (a
# hundred games against a Buggy class that never ends a tie) pays for, more on a loaded machine.
HOSTED_SLOWDOWN = 3


class HostUnavailable(RuntimeError):
    """The process that holds the class under test could not be started: the grader's fault."""


@dataclass(frozen=True)
class TesterRun:
    outcome: str  # passed | failed | timeout
    message: str = ""
    output: str = ""
    by_assertion: bool = False  # it failed with an AssertionError (its own check fired)
    # What the class under test answered, as its host recorded and signed it (grader/testers/transcripts.py);
    # None when the run relayed none the grader could verify (it crashed, or the tester tampered).
    transcript: Transcript | None = None
    # For a failed run on a wrong version: the runs of the correct versions it is compared with
    # (grader/testers/wrong_versions.py attaches them; grader/testers/verdicts.py judges).
    compared_with: "tuple[TesterRun, ...] | None" = None
    under_test: str = ""  # the lab's file the version stood for (its file name), with compared_with

    @property
    def passed(self) -> bool:
        return self.outcome == "passed"


class OwnTests:
    """The student's tester files of one submission, ready to run against any version of a file."""

    # Student kit only: the student's own files, which stand for the lab's (grader/kit/own_files.py).
    yours: dict[str, Path] = {}
    # The module names the student gave the lab's files -> the lab's (Widget -> widget: grader/engine/planning.py).
    aliases: dict[str, str] = {}

    def __init__(self, tester_files: dict[str, Path], seed: int, limits: Limits) -> None:
        self.tester_files = tester_files
        self.seed = seed
        self.limits = limits
        self.has_assertions = any(contains_assert(path) for path in tester_files.values())
        # Only a tester that mentions pytest runs beside it: forks from the launcher that has
        # pytest loaded cost about 1 ms more each (grader/sandbox/launcher.py).
        self.needs_pytest = any(mentions_pytest(path) for path in tester_files.values())

    def run(self, under_test: tuple[str, Path], stand_ins: dict[str, Path], reference: Path | None = None) -> TesterRun:
        """Run the tester with ``under_test`` (its name in the sandbox, and the version to use)
        beside the lab's ``stand_ins`` (name -> file). ``reference``: the lab's reference of the
        file under test, whose interface is all the tester reaches of any version (without it,
        the version's own: grader/testers/interface.py)."""
        varying, version = under_test
        session = WARM.session(self, stand_ins, varying)
        interface = interface_of(reference or version, tuple(sorted(name[:-3] for name in stand_ins)))
        module = varying[:-3]
        link = session.worker(self.seed)
        # This run's secret: the host signs its record of the run with it (grader/testers/transcripts.py).
        key = secrets.token_bytes(KEY_BYTES)
        transcript = None
        try:
            # The first request of the run is read by the host the worker has just forked, never
            # by the tester's process: the version's text, and the key, reach only the host.
            try:
                link.request({"op": "host", "module": module, "path": str(session.folder.work / varying),
                              "source": version.read_bytes().decode("utf-8", "surrogateescape"),
                              "interface": interface, "seed": self.seed, "key": key.hex()}, f"loading {varying}")
            except (SandboxTimeout, SandboxCrashed, StudentError) as error:
                raise HostUnavailable(f"the grader could not start {varying} for your tester: {error}") from None
            for name in sorted(self.tester_files):
                request = {"op": "run_tester", "file": name, "host": {"module": module, "interface": interface}}
                seconds = self.limits.call_seconds * HOSTED_SLOWDOWN
                try:
                    reply = link.request(request, f"running {name}", seconds)
                except SandboxTimeout:
                    return TesterRun("timeout", f"{name} did not finish within {seconds:g} s", link.output())
                except (SandboxCrashed, StudentError) as error:
                    return TesterRun("failed", f"{name}: {error}", link.output())
                if reply.get("how") == "no pytest":
                    raise PytestUnavailable(f"{name} imports pytest, but the grader could not provide pytest inside "
                                            f"the sandbox ({reply.get('why') or 'unknown reason'})")
                if reply.get("how") == "no host":
                    raise HostUnavailable(f"the grader could not start {varying} for your tester")
                # The record so far: each file's reply relays the whole run's (the host is shared).
                transcript = verify(reply.get("transcript"), key)
                if not reply.get("passed"):
                    error = reply.get("error") or {}
                    by_assertion = error.get("assertion") is True or error.get("type") == "AssertionError"
                    return TesterRun("failed", describe_failure(name, reply), link.output(), by_assertion, transcript)
            return TesterRun("passed", "", link.output(), transcript=transcript)
        finally:
            link.finish()


class WarmTesters:
    """The sandbox of the tester being graded, loaded and ready for its next run: one at a time.

    **A fresh sandbox for every run.** Runs forked from one sandbox would share its PID namespace,
    its /tmp and home file systems and its age: a tester that never asked the class anything could
    count its runs (its pid, an inode number, /proc/loadavg's last pid, how long ago process 1
    started) and, as the correct versions are run first, fail exactly on the wrong ones. A sandbox
    serves one run only: every run starts as pid 2 of its own namespace with new file systems, and
    there is nothing left of an earlier run to count (docs/testers.md). What the runs share is
    still done once per run, before the tester starts: the stand-ins imported, the tester compiled.

    Every run's sandbox uses the same staged folder, its times set to the run's start: the paths a
    tester sees (its file, its home) are the same in every run, and so is the folder's age.
    """

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.current: SandboxSession | None = None
        self.folder: StagedFolder | None = None  # the tester's files, for every run's sandbox
        self.spent = False  # the current sandbox has served its run

    def session(self, own: OwnTests, stand_ins: dict[str, Path], varying: str) -> SandboxSession:
        launcher = Launcher.shared(testers=True, pytest=own.needs_pytest)
        testers = tuple(sorted((name, str(path), _digest(path)) for name, path in own.tester_files.items()))
        helpers = tuple(sorted((name, str(path), _digest(path)) for name, path in stand_ins.items()))
        key = (launcher, testers, helpers, varying, own.limits, tuple(sorted(own.aliases.items())))
        if key != self.key or self.folder is None:
            self.close()
            self.folder = StagedFolder({**own.tester_files, **stand_ins})
            self.key = key
        if self.current is None or self.spent:
            self._end_run()
            _empty_home(self.folder)
            self.current = _start(own, launcher, stand_ins, varying, self.folder)
            _touch(self.folder)  # last: the run starts now, in a folder as new as itself
        self.spent = True
        return self.current

    def _end_run(self) -> None:
        session, self.current, self.spent = self.current, None, False
        if session is not None:
            try:
                session.close()
            except Exception:  # noqa: BLE001 - ending a sandbox must not fail a test
                pass

    def close(self) -> None:
        self._end_run()
        folder, self.folder, self.key = self.folder, None, None
        if folder is not None:
            folder.remove()


class RunSession(SandboxSession):
    """The sandbox of one run, on the staged folder every run of the tester shares (its own
    processes, namespaces and file systems; only the folder outlives it)."""

    def __init__(self, staged: StagedFolder, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.staged = staged

    def start(self) -> None:
        """As ``SandboxSession.start``, on the shared folder instead of a new one."""
        self.folder = self.staged
        try:
            self.pid, cmd_write, reply_read = self.launcher.spawn(
                self.folder.work, self.folder.home, self.limits.for_child(), self.output.fileno())
        except LauncherError as exc:
            self.folder = None
            raise SandboxCrashed("starting the sandbox", {"exit_code": str(exc)}) from None
        except BaseException:
            self.folder = None
            raise
        self.channel = Channel(cmd_write, reply_read)

    def close(self) -> None:
        self.folder = None  # the tester's folder: WarmTesters removes it
        super().close()


def _empty_home(folder: StagedFolder) -> None:
    """Before a run's sandbox starts: nothing an earlier run wrote in the home is left (at the
    process level the sandbox writes to the real folder; in namespaces it gets a fresh tmpfs)."""
    for path in sorted(folder.home.glob("*")):
        try:
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
        except OSError:
            pass


def _touch(folder: StagedFolder) -> None:
    """Every time of the folder and its files set to now, just before the run: nothing there tells
    how long ago the tester's first run began."""
    for path in (folder.root, folder.work, folder.home, *folder.work.rglob("*")):
        try:
            os.utime(path, follow_symlinks=False)
        except OSError:
            pass


def _start(own: OwnTests, launcher: Launcher, stand_ins: dict[str, Path], varying: str,
           folder: StagedFolder) -> SandboxSession:
    """A loaded tester sandbox. Each stand-in is imported in the zygote unless it imports the
    file under test; then it is only compiled there. The file under test is not in its folder:
    each run's version goes to that run's host alone."""
    files = {**own.tester_files, **stand_ins}
    needs = {name[:-3]: imported_names(path.read_bytes()) for name, path in stand_ins.items()}
    waiting = {varying[:-3]}  # the file under test, and every stand-in that imports it, even through another
    while True:
        more = {module for module, names in needs.items() if names & waiting} - waiting
        if not more:
            break
        waiting |= more
    imported = [module for module in sorted(needs) if module not in waiting]
    compiled = [module for module in sorted(needs) if module in waiting]
    testers = tuple(sorted(own.tester_files))
    for prepared in (testers, ()):  # without preparing the tester files, if that is what broke
        session = RunSession(folder, files, imported, own.limits, own=tuple(own.tester_files),
                             launcher=launcher, compiled=tuple(compiled), testers=prepared, host=True,
                             aliases=own.aliases)
        try:
            session.load()
            return session
        except StudentLoadError:
            session.close()
            if not prepared:
                raise
    raise AssertionError("unreachable")


WARM = WarmTesters()
atexit.register(WARM.close)


def close_warm_sandboxes() -> None:
    """End the warm tester sandbox, if any (its processes and its folder)."""
    WARM.close()


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def contains_assert(path: Path) -> bool:
    """Whether a tester file checks anything itself, found by parsing it (never running it).

    A check is an ``assert`` statement, a ``raise`` of an exception the tester chose (its own
    ``CheckFailed``, an ``AssertionError``, a ``ValueError``: a tester may signal a failure any way
    Python allows; a bare ``raise`` only passes on one it caught), a unittest
    ``self.assert...(...)``/``self.fail(...)``, or ``pytest.raises``/``pytest.fail`` (also
    imported by name from pytest). A crash counts
    as catching a wrong class only in a tester that checks something itself: otherwise a file
    that just calls every method would "catch" every class that raises.
    """
    try:
        return _checks_itself(path.read_bytes()[:200_000])
    except OSError:
        return False


@lru_cache(maxsize=16)  # the plugin asks once per test, of the same file
def _checks_itself(source: bytes) -> bool:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    from_pytest = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                   and node.module == "pytest" for alias in node.names if alias.name in PYTEST_CHECKS}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert) or (isinstance(node, ast.Raise) and node.exc is not None):
            return True
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.value.id == "self" and (func.attr.startswith("assert") or func.attr == "fail"):
                return True
            if func.value.id == "pytest" and func.attr in PYTEST_CHECKS:
                return True
        if isinstance(func, ast.Name) and func.id in from_pytest:
            return True
    return False


PYTEST_CHECKS = ("raises", "fail")


def mentions_pytest(path: Path) -> bool:
    """Whether a tester may import pytest: its text names it anywhere (kept simple on purpose:
    a wrong yes costs a little time, a wrong no would cost the student the activity)."""
    try:
        return b"pytest" in path.read_bytes()[:200_000]
    except OSError:
        return False


def describe_failure(name: str, reply: dict) -> str:
    """What went wrong in a tester run, for the student: which test, what, and where."""
    error = reply.get("error", {})
    test = f" in {reply['test']}()" if reply.get("test") else ""
    if reply.get("case"):
        test += f" with the parameters [{reply['case']}]"
    how = reply.get("how")
    if how == "unknown fixture":
        return (f"{name}{test} asks for a fixture named {reply.get('fixture')!r}, which {name} does not define. "
                "The grader runs your tests without pytest's built-in fixtures (tmp_path, capsys, monkeypatch, "
                "request...) and without conftest.py: define the fixture in the same file with @pytest.fixture, "
                "or build what the test needs inside the test")
    if how == "unsupported":
        return (f"{name}{test} uses {reply.get('feature')}, which the grader cannot run: it runs pytest-style tests "
                "with plain fixtures, parametrize, raises, approx, skip and xfail only")
    if how == "no tests":
        return f"{name} has no test that could run (did every test get skipped, or is a TestCase empty?)"
    if how == "unexpected success":
        return f"{name}{test} was marked as expected to fail, but it passed"
    where = next(iter(reversed(error.get("frames", []))), None)
    line = f" at {where['file']} line {where['line']}: {where['code']}" if where else ""
    inside = f" (raised inside {error['inside']})" if error.get("inside") else ""
    if how == "exit":
        return f"{name} stopped early with sys.exit({reply.get('exit_code')}){test}{line}"
    message = f": {error.get('message')}" if error.get("message") else ""
    return f"{name} raised {error.get('type', 'an error')}{message}{test}{line}{inside}"
