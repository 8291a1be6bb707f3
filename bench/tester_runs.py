"""The cost of one run of a student's tester (Activity 5 of Elevens): the reference deck and card
testers, each run against every version the suites use, ``--rounds`` times, in one warm sandbox.

    python bench/tester_runs.py [--rounds 5]

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

from grader.own_tests import OwnTests, close_warm_sandboxes  # noqa: E402
from grader.sandbox import Limits  # noqa: E402
from grader_labs.elevens.variants import buggy, live_mutants, run_tester, variant_file  # noqa: E402


def versions(kind: str, file: str) -> list[Path]:
    ids = ["reference", "Correct", *buggy(kind)]
    return [variant_file(v, file) for v in ids] + [variant_file("mutants", f"{m}.py") for m in live_mutants(file)]


def measure(tester: Path, file: str, kind: str, rounds: int) -> None:
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
    rounds = parser.parse_args().rounds
    reference = ROOT / "reference" / "elevens"
    measure(reference / "deck_tester.py", "deck.py", "deck", rounds)
    measure(reference / "card_tester.py", "card.py", "card", rounds)
