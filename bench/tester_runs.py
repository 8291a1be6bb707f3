"""The cost of one run of a student's tester (Activity 5 of Elevens): the reference deck and card
testers, each run against every version the suites use, ``--rounds`` times, in one warm sandbox.

    python bench/tester_runs.py [--rounds 5] [--java]

With ``--java``, the Java lab's ``DeckTester.java`` and ``CardTester.java`` instead, each run a
load in the submission's JVM (grader/java/testers.py); the JVM's start is not counted.

Prints the median wall time per run and per submission (all versions once), and the outcomes,
so a change to the machinery can be measured beside the commit before it.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.testers.own_tests import OwnTests, close_warm_sandboxes  # noqa: E402
from grader.sandbox import Limits  # noqa: E402
import grader.lab.registry  # noqa: E402,F401 - makes grader_labs importable
from grader_labs.elevens.variants import buggy, live_mutants, run_tester, variant_file  # noqa: E402


def versions(kind: str, file: str) -> list[Path]:
    ids = ["reference", "Correct", *buggy(kind)]
    return [variant_file(v, file) for v in ids] + [variant_file("mutants", f"{m}.py") for m in live_mutants(file)]


def measure(tester: Path, file: str, kind: str, rounds: int) -> None:
    """Print the median time of ``rounds`` passes of ``tester`` over every version of ``file``."""
    if tester.suffix == ".java":
        from grader.java.testers import JavaOwnTests

        own = JavaOwnTests({tester.name: tester}, 1, Limits(), submission="bench")
    else:
        own = OwnTests({tester.name: tester}, 1, Limits())
    paths = versions(kind, file)
    run_tester(own, file, paths[0])  # the warm sandbox is started once per submission: not counted
    totals, outcomes = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        outcomes = [run_tester(own, file, path).outcome for path in paths]
        totals.append(time.perf_counter() - start)
    close_warm_sandboxes()
    median = statistics.median(totals)
    print(f"{tester.name}: {len(paths)} runs, {median * 1000:.0f} ms per submission, "
          f"{median / len(paths) * 1000:.2f} ms per run; passed {outcomes.count('passed')}, "
          f"failed {outcomes.count('failed')}, timeout {outcomes.count('timeout')}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--java", action="store_true", help="the Java lab's testers, in the submission's JVM")
    options = parser.parse_args()
    reference = ROOT / "reference" / "elevens"
    if options.java:
        measure(reference / "java" / "DeckTester.java", "deck.py", "deck", options.rounds)
        measure(reference / "java" / "CardTester.java", "card.py", "card", options.rounds)
    else:
        measure(reference / "deck_tester.py", "deck.py", "deck", options.rounds)
        measure(reference / "card_tester.py", "card.py", "card", options.rounds)
