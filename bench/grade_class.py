"""Benchmark: grade a class of N submissions on A1 + A2 and print where the time goes.

    python bench/grade_class.py [N]        (default N = 200)

Prints submissions per second and seconds per submission for the sandboxed grader, the same
suites run in-process against the same files (the unsafe way: student code imported into the
grading process, no fork, no pipes), the ratio of the two, and the cost of sandbox start-up and
of one round trip. A script that prints numbers, not a test: nothing here can fail a build.
"""

import importlib
import inspect
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.engine.batch import GradeOptions, grade  # noqa: E402
from grader.rubric import load_rubric  # noqa: E402
from grader.sandbox import SandboxSession, Student, StudentError  # noqa: E402
from grader.submissions import find_submissions  # noqa: E402
from sandbox_runtime.operations import Worker  # noqa: E402

SOURCES = [ROOT / "reference"] + sorted(p for p in (ROOT / "examples" / "class").iterdir() if p.is_dir())


def build_class(root: Path, n: int) -> list[Path]:
    folders = []
    for i in range(n):
        source = SOURCES[i % len(SOURCES)]
        folder = root / f"s{i:04d}"
        folder.mkdir()
        for name in ("card.py", "deck.py"):
            if (source / name).exists():
                shutil.copyfile(source / name, folder / name)
        folders.append(folder)
    return folders


class InProcessLink:
    """The proxy's link, answered by the runtime's Worker in this very process (unsafe)."""

    def __init__(self, folder: str) -> None:
        self.worker = Worker(folder)

    def request(self, message: dict, call: str, timeout: float | None = None):
        reply = self.worker.answer(message)
        if "error" in reply:
            raise StudentError(call, reply["error"])
        return reply["ok"]


def suite_calls(activity):
    module = importlib.import_module(f"grader.suites.{activity.suite[:-3]}")
    for name, function in vars(module).items():
        if not name.startswith("test_") or not inspect.isfunction(function):
            continue
        marks = [m for m in getattr(function, "pytestmark", []) if m.name == "parametrize"]
        if not marks:
            yield function, {}
            continue
        argname, values = marks[0].args[0], marks[0].args[1]
        for value in values:
            yield function, {argname: value}


def run_in_process(folders: list[Path], rubric) -> float:
    started = time.perf_counter()
    for folder in folders:
        for activity in rubric.activities:
            if not all((folder / f).exists() for f in activity.files):
                continue
            staged = Path(tempfile.mkdtemp())
            for name in activity.files:
                shutil.copyfile(folder / name, staged / name)
            for name in activity.stand_ins:
                shutil.copyfile(ROOT / "reference" / name, staged / name)
            for module in ("card", "deck"):
                sys.modules.pop(module, None)
            sys.path.insert(0, str(staged))
            try:
                for module in activity.modules:
                    importlib.import_module(module)
                if activity.disable:
                    sys.modules["deck"].Deck.shuffle = lambda self: None
                for function, kwargs in suite_calls(activity):
                    student = Student(InProcessLink(str(staged)), activity.modules)
                    try:
                        function(student, **kwargs)
                    except Exception:  # noqa: BLE001 - failures are expected for buggy students
                        pass
            except Exception:  # noqa: BLE001 - a file that does not import
                pass
            finally:
                sys.path.remove(str(staged))
                shutil.rmtree(staged)
    return time.perf_counter() - started


def sandbox_costs() -> tuple[float, float]:
    files = {"card.py": ROOT / "reference" / "card.py"}
    starts = []
    for _ in range(10):
        t = time.perf_counter()
        session = SandboxSession(files, ["card"])
        session.load()
        starts.append(time.perf_counter() - t)
        session.close()
    session = SandboxSession(files, ["card"])
    session.load()
    link = session.worker(1)
    card = Student(link, ["card"]).card.Card("ace", "hearts", 1)
    t = time.perf_counter()
    for _ in range(2000):
        card.rank()
    trip = (time.perf_counter() - t) / 2000
    link.finish()
    session.close()
    return sorted(starts)[len(starts) // 2], trip


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rubric = load_rubric()
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "class"
        root.mkdir()
        folders = build_class(root, n)
        found = find_submissions(root, Path(scratch))
        started = time.perf_counter()
        results = grade(rubric, found, GradeOptions(), Path(scratch))
        sandboxed = time.perf_counter() - started
        baseline = run_in_process(folders, rubric)
    tests = sum(len(a.tests) for s in results.submissions for a in s.activities)
    start, trip = sandbox_costs()
    sessions = sum(1 for s in results.submissions for a in s.activities if a.status != "missing")
    print(f"submissions: {n} (A1 + A2), tests run: {tests}")
    print(f"sandboxed:   {sandboxed:.2f} s wall, {n / sandboxed:.1f} submissions/s, {sandboxed / n * 1000:.1f} ms per submission")
    print(f"in-process:  {baseline:.2f} s (one core, unsafe baseline), {baseline / n * 1000:.1f} ms per submission")
    print(f"ratio:       {sandboxed / baseline:.2f}x the in-process time")
    print(f"sandbox start + load: {start * 1000:.1f} ms each, {sessions} sandboxes -> {start * sessions:.2f} s of CPU")
    print(f"one round trip: {trip * 1e6:.0f} us")


if __name__ == "__main__":
    main()
