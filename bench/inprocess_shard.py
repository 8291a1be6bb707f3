"""The unsafe baseline for bench/full_lab.py: a grading shard with the sandbox taken out.

    python bench/inprocess_shard.py PLAN.json [REPORT.json]

(REPORT.json only if grader.engine.shard still takes one: the arguments are whatever
``grader.engine.shard.pytest_arguments`` asks for, so this follows the engine as it changes.)

Identical to ``grader.engine.shard`` (same plan, same pytest arguments, same plugin, same
suites, same report and records, same scoring) except that nothing runs in a sandbox:

- ``SandboxSession`` is replaced by ``InProcessSession``, which imports the student's files for
  one (submission, activity) into this very process, as graders without a trust boundary do:
  no launcher, no zygote, no fork per test, no pipes. Its tests share that one import (they are
  not isolated from each other), each starting from ``random.seed(seed)``;
- ``OwnTests`` (Activity 5) is replaced by ``InProcessOwnTests``, which runs the student's tester
  in this process against each Deck or Card, with ``runpy``/import exactly as
  sandbox_runtime/testers/running.py does inside the sandbox (the same code, called directly), so a
  tester's AssertionError, SystemExit or other exception is classified the same way.

The only limit kept is a wall-clock alarm per call (as pytest-timeout's signal method does),
because a tester looping on a wrong Deck would otherwise hang the baseline for good. The time
difference between this and ``grader.engine.shard`` is what the sandbox costs. Never used for
grading: student code here can do anything the grading process can.
"""

import atexit
import inspect
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from grader.engine import plugin  # noqa: E402
from grader.engine.lifeline import die_with_parent  # noqa: E402
from grader.engine.shard import pytest_arguments  # noqa: E402
from grader.testers import verdicts  # noqa: E402
from grader.testers.own_tests import OwnTests, PytestUnavailable, TesterRun, describe_failure  # noqa: E402
from grader.testers.transcripts import CAUGHT, NO_CORRECT_RUN  # noqa: E402
from grader.sandbox import Limits, SandboxTimeout, StudentError, StudentLoadError  # noqa: E402
from sandbox_runtime import sources  # noqa: E402
from sandbox_runtime.workers import load_steps  # noqa: E402
from sandbox_runtime.testers import running  # noqa: E402
from sandbox_runtime.wire import failures  # noqa: E402
from sandbox_runtime.workers.operations import Worker  # noqa: E402
from sandbox_runtime.testers.pytest_preload import STATUS as PYTEST_STATUS  # noqa: E402

# Every module name a lab file, the grader's harness or a student's tester can have. Each is
# forgotten before a new set of files is imported, so one activity's (or one variant's) module
# never answers for the next one's. Modules imported from an earlier staging folder under any
# other name (a student's helper) are forgotten too (see forget_lab_modules).
LAB_MODULES = (
    "card", "deck", "shuffler", "board", "elevens_board", "thirteens_board", "tens_board",
    "elevens_simulation", "probe_board",
    "deck_tester", "card_tester", "test_deck", "test_card", "deck_test", "card_test", "student_tester",
)

# All staging folders of this process live here, removed when it ends. Under the working folder,
# which the bench (like `grader grade`) makes an empty folder inside its own scratch, so even a
# killed shard leaves nothing behind once the bench removes its scratch.
SCRATCH = tempfile.mkdtemp(prefix="inprocess-shard-", dir=os.getcwd())
atexit.register(shutil.rmtree, SCRATCH, ignore_errors=True)


def forget_lab_modules(extra: tuple[str, ...] = ()) -> None:
    for name in (*LAB_MODULES, *extra):
        sys.modules.pop(name, None)
    for name, module in list(sys.modules.items()):
        if (getattr(module, "__file__", None) or "").startswith(SCRATCH):
            del sys.modules[name]


def stage(files: dict) -> str:
    """A fresh folder holding copies of ``files`` (name -> source), as the sandbox stages them.

    Fresh every time, and no bytecode is written (``-B`` in the sandbox, sys.dont_write_bytecode
    here): two mutants of the same size copied within one second would otherwise share a stale
    ``__pycache__`` entry, whose check is the source's size and mtime in whole seconds."""
    folder = tempfile.mkdtemp(dir=SCRATCH)
    for name, source in files.items():
        shutil.copyfile(source, Path(folder) / name)
    return folder


class _OutOfTime(BaseException):
    """Raised by the alarm; a BaseException so that a student's ``except Exception`` cannot eat it."""


def _alarm(signum, frame):
    raise _OutOfTime()


def run_limited(seconds: float, function, *args):
    """``(function(*args), False)``, or ``(None, True)`` if it ran out of time.

    The runtime's own code catches every BaseException from student code (and a student's
    ``except BaseException`` could too), turning the alarm into an ordinary error reply; so
    the alarm keeps firing every 50 ms once due, and whether it fired at all is what counts."""
    fired = []

    def alarm(signum, frame):
        fired.append(True)
        _alarm(signum, frame)

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.05)
    try:
        result = function(*args)
    except _OutOfTime:
        result = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return (None, True) if fired else (result, False)


class InProcessLink:
    def __init__(self, folder: str, limits: Limits, seed: int) -> None:
        self.worker = Worker(folder)
        self.limits = limits
        self.seed = seed  # the test's seed, which some suites pass on (a simulation's own games)

    def request(self, message: dict, call: str, timeout: float | None = None):
        seconds = timeout or self.limits.call_seconds
        reply, expired = run_limited(seconds, self.worker.answer, message)
        if expired:
            raise SandboxTimeout(call, seconds)
        if "error" in reply:
            raise StudentError(call, reply["error"])
        return reply["ok"]

    def finish(self) -> None:
        pass


class InProcessSession:
    """Same interface as SandboxSession; the student's modules live in the grading process."""

    def __init__(self, files, modules, limits=None, disable=(), launcher=None, own=None, warm=False, aliases=None) -> None:
        self.modules = modules
        self.limits = limits or Limits()
        self.folder = stage(files)
        forget_lab_modules(tuple(Path(name).stem for name in files))
        sys.path.insert(0, self.folder)
        failures.set_own(None if own is None else list(own))
        sources.alias(aliases)  # a misnamed file, imported by the name the student gave it (as the zygote does)
        # The sandbox's own loading steps (sandbox_runtime/workers/load_steps.py), run here in the grading process.
        reply, expired = run_limited(self.limits.load_seconds, self._load, modules, list(disable))
        if expired:
            reply = {"error": {"type": "SandboxTimeout", "message": f"loading took over {self.limits.load_seconds:g} s",
                               "frames": [], "module": modules[-1] if modules else "?"}}
        self.load_error = reply.get("error")

    def _load(self, modules: list[str], disable: list[str]) -> dict:
        reply = load_steps.load(modules, self.folder)
        if "ok" in reply:
            reply = load_steps.disable(disable, self.folder) or reply
        return reply

    def worker(self, seed: int, fresh: bool = False) -> InProcessLink:
        if self.load_error is not None:
            raise StudentLoadError(self.load_error)
        import random
        random.seed(seed)
        return InProcessLink(self.folder, self.limits, seed)

    def output_end(self) -> int:
        return 0

    def output_since(self, offset: int) -> tuple[str, int]:
        return "", 0

    def close(self) -> None:
        if self.folder in sys.path:
            sys.path.remove(self.folder)
        shutil.rmtree(self.folder, ignore_errors=True)


class InProcessOwnTests(OwnTests):
    """Activity 5 without a sandbox: the student's tester runs in this process, once per class."""

    def run(self, under_test: tuple[str, Path], stand_ins: dict[str, Path], reference: Path | None = None) -> TesterRun:
        # The same folder shape as the sandbox's: the tester file(s), the version under test
        # under its usual name, and the lab's reference of every other file. (``reference``
        # narrows what a sandboxed tester reaches of the version to the reference's interface;
        # here the tester imports the version itself, as graders without a sandbox do.)
        varying, version = under_test
        files = {**self.tester_files, **stand_ins, varying: version}
        folder = stage(files)
        # The files of this run replace whatever modules of those names were imported before.
        forget_lab_modules(tuple(Path(name).stem for name in files))
        sys.path.insert(0, folder)
        failures.set_own(list(self.tester_files))
        import random
        random.seed(self.seed)
        try:
            for name in sorted(self.tester_files):
                # runpy for a script, an import for a unittest or pytest file: the sandbox's own code
                reply, expired = run_limited(self.limits.call_seconds, running.run_tester, name, folder)
                if expired:
                    return TesterRun("timeout", f"{name} did not finish within {self.limits.call_seconds:g} s")
                if reply.get("how") == "no pytest":
                    raise PytestUnavailable(f"{name}: no pytest ({reply.get('why')})")
                if not reply.get("passed"):
                    error = reply.get("error") or {}
                    by_assertion = error.get("assertion") is True or error.get("type") == "AssertionError"
                    return TesterRun("failed", describe_failure(name, reply), "", by_assertion)
            return TesterRun("passed")
        finally:
            sys.path.remove(folder)
            forget_lab_modules(tuple(Path(name).stem for name in files))
            shutil.rmtree(folder, ignore_errors=True)


def judge_without_records(wrong, correct) -> str:
    """A failure on a wrong version counts when the tester passed every correct version: what a
    grader without a sandbox does, having no host to record what the class answered
    (grader/testers/transcripts.py). The sandboxed grader credits the same failures, plus its check
    that each one came from the class, which an honest tester (the demo class's) always passes."""
    return NO_CORRECT_RUN if not correct else CAUGHT


def main(argv: list[str]) -> int:
    die_with_parent()  # as a real shard does: a killed bench takes its baseline runs with it
    sys.dont_write_bytecode = True
    PYTEST_STATUS["available"] = True  # pytest is right here: a tester's `import pytest` just works
    plugin.SandboxSession = InProcessSession
    plugin.OwnTests = InProcessOwnTests
    verdicts.judge = judge_without_records
    wanted = len(inspect.signature(pytest_arguments).parameters)
    return int(pytest.main(pytest_arguments(*argv[:wanted])))  # -p loads the patched plugin


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
