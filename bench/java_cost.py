"""Benchmark: what one Java submission costs on A1 + A2, and where the time goes.

    python bench/java_cost.py [N] [--jobs J]      (default N = 10, J = 1)
    python bench/java_cost.py N --full             the whole lab (every activity) on N copies of
                                                   the Java demo's ada_complete and of its Python twin

Grades N copies of the Java reference (reference/elevens/java/) and, for comparison, N copies
of the Python reference, each class in its own `grade` run with J grading processes, and prints
seconds per submission; then the parts of a Java submission's cost measured alone: javac for
one activity, the JVM's start, one test's load and one call. A script that prints numbers, not
a test.
"""

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.engine.batch import GradeOptions, grade  # noqa: E402
from grader.java.compiling import compile_activity  # noqa: E402
from grader.java.worker import JvmProcess, wait_ready  # noqa: E402
from grader.lab.registry import get_lab  # noqa: E402
from grader.lab.rubric import load_rubric  # noqa: E402
from grader.sandbox.limits import Limits  # noqa: E402
from grader.intake.class_folder import find_submissions  # noqa: E402

JAVA = ROOT / "reference" / "elevens" / "java"
PYTHON = ROOT / "reference" / "elevens"


def make_class(root: Path, count: int, source: Path, names: tuple[str, ...]) -> Path:
    for i in range(count):
        folder = root / f"s{i:03d}"
        folder.mkdir(parents=True)
        for name in names:
            shutil.copyfile(source / name, folder / name)
    return root


def seconds_per_submission(root: Path, count: int, jobs: int, only: list[str] | None = None) -> float:
    rubric = load_rubric(lab=get_lab("elevens"))
    with tempfile.TemporaryDirectory() as work:
        subs = find_submissions(root, Path(work))
        started = time.perf_counter()
        options = GradeOptions(jobs=jobs, only_activities=["A1", "A2"] if only is None else only)
        results = grade(rubric, subs, options, Path(work))
        elapsed = time.perf_counter() - started
    assert all(s.total == s.max for s in results.submissions), [(s.id, s.total) for s in results.submissions]
    return elapsed / count


def parts() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        javac = []
        for i in range(3):
            started = time.perf_counter()
            compiled = compile_activity({"Deck": JAVA / "Deck.java"}, {"Card": JAVA / "Card.java"}, Path(scratch) / str(i))
            javac.append(time.perf_counter() - started)
        print(f"javac, one activity (Deck beside the Card stand-in): median {statistics.median(javac):.3f} s")
        jvm = JvmProcess(Limits(), "process")
        started = time.perf_counter()
        jvm.start()
        wait_ready(jvm)
        print(f"JVM start to its first reply: {time.perf_counter() - started:.3f} s")
        loads, calls = [], []
        for seed in range(30):
            started = time.perf_counter()
            jvm.channel.send({"op": "load", "id": seed, "classpath": [str(compiled.classes)], "student": ["Deck"], "seed": seed})
            while jvm.channel.receive(time.monotonic() + 10).get("id") != seed:
                pass
            loads.append(time.perf_counter() - started)
            started = time.perf_counter()
            jvm.channel.send({"op": "call", "id": 1000 + seed, "module": "deck", "name": "Deck",
                              "args": [["a", "b"], ["x"], [1, 2]]})
            while jvm.channel.receive(time.monotonic() + 10).get("id") != 1000 + seed:
                pass
            calls.append(time.perf_counter() - started)
        jvm.kill()
        print(f"one test's load (fresh class loader): median {statistics.median(loads) * 1000:.1f} ms; "
              f"a constructor call: median {statistics.median(calls) * 1000:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("count", nargs="?", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--full", action="store_true")
    args = parser.parse_args()
    if args.full:
        demo = ROOT / "examples"
        with tempfile.TemporaryDirectory() as tmp:
            for language, source in (("Java", demo / "elevens-java" / "ada_complete"), ("Python", demo / "elevens" / "ada_complete")):
                root = Path(tmp) / language
                for i in range(args.count):
                    shutil.copytree(source, root / f"s{i:03d}")
                seconds = seconds_per_submission(root, args.count, args.jobs, only=[])
                print(f"whole lab, {args.count} submissions, {args.jobs} grading process(es): {language} {seconds:.3f} s per submission")
        return
    with tempfile.TemporaryDirectory() as tmp:
        java = seconds_per_submission(make_class(Path(tmp) / "java", args.count, JAVA, ("Card.java", "Deck.java")),
                                      args.count, args.jobs)
        python = seconds_per_submission(make_class(Path(tmp) / "python", args.count, PYTHON, ("card.py", "deck.py")),
                                        args.count, args.jobs)
    print(f"A1 + A2, {args.count} submissions, {args.jobs} grading process(es): Java {java:.3f} s per submission, "
          f"Python {python:.3f} s per submission")
    parts()


if __name__ == "__main__":
    main()
