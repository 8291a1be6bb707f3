"""Benchmark: grade a class of N submissions on A1 + A2 and print where the time goes.

    python bench/grade_class.py [N]        (default N = 200)
    python bench/grade_class.py N --full   the whole lab: runs bench/full_lab.py N (other options
                                           are passed on to it, e.g. --quick)

Prints submissions per second and seconds per submission for the sandboxed grader, the same
suites run in-process against the same files (the unsafe way: student code imported into the
grading process, no fork, no pipes; see inprocess_shard.py), the ratio of the two, and the cost of sandbox start-up and
of one round trip. A script that prints numbers, not a test: nothing here can fail a build.
"""

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.engine import batch  # noqa: E402
from grader.engine.batch import GradeOptions, grade  # noqa: E402
from grader.lab.registry import get_lab  # noqa: E402
from grader.lab.rubric import load_rubric  # noqa: E402
from grader.sandbox import SandboxSession, Student  # noqa: E402
from grader.intake.class_folder import find_submissions  # noqa: E402

UNSAFE_SHARD = [sys.executable, str(ROOT / "bench" / "inprocess_shard.py")]

SOURCES = [ROOT / "reference" / "elevens"] + sorted(p for p in (ROOT / "examples" / "elevens").iterdir() if p.is_dir())


def build_class(root: Path, n: int, names: tuple[str, ...] = ("card.py", "deck.py")) -> list[Path]:
    folders = []
    for i in range(n):
        source = SOURCES[i % len(SOURCES)]
        folder = root / f"s{i:04d}"
        folder.mkdir()
        for name in names:
            if (source / name).exists():
                shutil.copyfile(source / name, folder / name)
        folders.append(folder)
    return folders


def timed_grade(rubric, root: Path, scratch: Path, shard_command: list[str] | None = None,
                activities: tuple[str, ...] = ()):
    """Grade the class with the real pipeline; optionally with another shard program."""
    saved = batch.SHARD_COMMAND
    if shard_command:
        batch.SHARD_COMMAND = shard_command
    try:
        work = Path(tempfile.mkdtemp(dir=scratch))
        found = find_submissions(root, work)
        started = time.perf_counter()
        results = grade(rubric, found, GradeOptions(only_activities=list(activities)), work)
        return results, time.perf_counter() - started
    finally:
        batch.SHARD_COMMAND = saved


def sandbox_costs() -> tuple[float, float]:
    files = {"card.py": ROOT / "reference" / "elevens" / "card.py"}
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
    if "--full" in sys.argv:
        # The whole lab, with its in-process baseline, start-up, per-activity and memory figures.
        import full_lab
        sys.argv = [str(ROOT / "bench" / "full_lab.py")] + [a for a in sys.argv[1:] if a != "--full"]
        full_lab.main()
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rubric = load_rubric(lab=get_lab("elevens"))
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "class"
        root.mkdir()
        build_class(root, n)
        results, sandboxed = timed_grade(rubric, root, Path(scratch), activities=("A1", "A2"))
        unsafe, baseline = timed_grade(rubric, root, Path(scratch), UNSAFE_SHARD, activities=("A1", "A2"))
    same = [s.total for s in results.submissions] == [s.total for s in unsafe.submissions]
    tests = sum(len(a.tests) for s in results.submissions for a in s.activities)
    start, trip = sandbox_costs()
    sessions = sum(1 for s in results.submissions for a in s.activities if a.status != "missing")
    print(f"submissions: {n} (A1 + A2), tests run: {tests}")
    print(f"sandboxed:   {sandboxed:.2f} s wall, {n / sandboxed:.1f} submissions/s, {sandboxed / n * 1000:.1f} ms per submission")
    print(f"in-process:  {baseline:.2f} s wall, {baseline / n * 1000:.1f} ms per submission "
          f"(same shards, pytest and scoring, student code imported; totals {'agree' if same else 'DIFFER'})")
    print(f"ratio:       {sandboxed / baseline:.2f}x the in-process time")
    print(f"sandbox start + load: {start * 1000:.1f} ms each, {sessions} sandboxes -> {start * sessions:.2f} s of CPU")
    print(f"one round trip: {trip * 1e6:.0f} us")


if __name__ == "__main__":
    main()
