"""A Java tester's failure on a wrong version counts only if the Deck answered it differently
(grader/testers/transcripts.py; the JVM side: sandbox_jvm/src/sandbox_jvm/Recorder.java).

A Java tester shares its JVM with every version it runs against, and a JVM keeps state across
class loaders that no Java API resets (docs/testers.md, "Java testers"): the string table, the
identity-hash sequence, the heap. ``hostile_java_oracle/DeckTester.java`` keeps a count of its
runs in the string table, so it knows the gate's two correct runs from the rest: it passes the
correct Decks and fails every wrong one, which used to be full marks. ``String.intern()`` and
``URLConnection``'s defaults no longer carry a count (sandbox_jvm's JvmWide,
test_java_no_count_between_tests.py), so it has the JDK intern its marks (``new Locale(s)``
interns ``s``): a counter that still works, and must earn nothing. Each mode does something
different with the Deck before failing; none may count as a catch:

- ``counter``: never calls the Deck (its record is empty in every run);
- ``random``: draws one extra ``Math.random()`` before building the Deck in a "wrong" run (the
  lab's classes draw from their own generator, so the shuffle is the same);
- ``overflow`` and ``memory``: builds the Deck from a full stack or a full heap (an Error as the
  answer is opaque: another call, never another answer);
- ``callback``: hands ``matches`` a Card subclass of its own that lies (the tester's object makes
  the step opaque);
- ``identity``: calls the dealt cards in a HashSet's order, which follows identity hashes.

The lab's own testers, run the same way, are credited with every wrong version they fail.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.java.session import end_submission_jvm
from grader.java.testers import JavaOwnTests
from grader.sandbox import Limits
from grader.sandbox.launcher import namespaces_work
from grader.testers.transcripts import CAUGHT, compare, judge
from grader_labs.elevens.variants import run_tester, variant_file

HERE = Path(__file__).resolve().parent / "hostile_java_oracle"
ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens" / "java"
WRONG = [("Buggy1", "deck.py"), ("Buggy2", "deck.py"), ("Buggy3", "deck.py"), ("Buggy4", "deck.py"),
         ("Buggy5", "deck.py"), ("mutants", "deck-001.py"), ("mutants", "deck-007.py"), ("mutants", "deck-013.py")]

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")


def runs_of(tester: Path, name: str, wrong: list[tuple[str, str]], submission: str) -> tuple[list, list]:
    """The tester's runs on the correct versions (gate order: first), then on ``wrong``, in one JVM."""
    own = JavaOwnTests({tester.name: tester}, 7, Limits(output_bytes=1 << 20, call_seconds=20), submission=submission)
    try:
        correct = [run_tester(own, name, version) for version in ("reference", "Correct")]
        return correct, [run_tester(own, name, variant_file(folder, file)) for folder, file in wrong]
    finally:
        end_submission_jvm()


def attacker(tmp_path: Path, mode: str, honest: bool = False) -> Path:
    folder = tmp_path / f"{mode}{'-honest' if honest else ''}"
    folder.mkdir()
    text = (HERE / "DeckTester.java").read_text(encoding="utf-8").replace("/*MODE*/", mode)
    text = text.replace("/*HONEST*/false", "true" if honest else "false")
    (folder / "DeckTester.java").write_text(text, encoding="utf-8")
    return folder / "DeckTester.java"


@pytest.mark.parametrize("mode", ["counter", "random", "overflow", "memory", "callback", "identity"])
def test_an_oracle_that_is_not_the_deck_catches_nothing(tmp_path, mode):
    correct, wrong = runs_of(attacker(tmp_path, mode), "deck.py", WRONG, f"java-oracle-{mode}")
    # The attack works on outcomes: it accepts both correct Decks and rejects every wrong one...
    assert [run.outcome for run in correct] == ["passed", "passed"], [run.message for run in correct]
    assert [run.outcome for run in wrong] == ["failed"] * len(WRONG), [run.message for run in wrong]
    # ...and every record is there and the worker's,
    assert all(run.transcript is not None for run in correct + wrong)
    # but no failure is the Deck's doing: a wrong version counts as caught only where the same
    # calls, made by the tester without its oracle, get an answer no correct Deck gives.
    verdicts = [judge(run.transcript, [r.transcript for r in correct]) for run in wrong]
    if mode == "counter":
        differs = [False] * len(WRONG)
    else:
        plain_correct, plain = runs_of(attacker(tmp_path, mode, honest=True), "deck.py", WRONG, f"java-plain-{mode}")
        differs = [all(compare(run.transcript, r.transcript) == CAUGHT for r in plain_correct) for run in plain]
    assert sum(not d for d in differs) >= 3, differs  # versions answering these calls as a correct Deck does
    assert [v for v, d in zip(verdicts, differs) if not d and v == CAUGHT] == [], list(zip(WRONG, verdicts, differs))


@pytest.mark.parametrize("tester, name, wrong", [
    ("DeckTester.java", "deck.py", WRONG),
    ("CardTester.java", "card.py", [("CardBuggy1", "card.py"), ("CardBuggy2", "card.py"), ("CardBuggy3", "card.py"),
                                    ("CardBuggy4", "card.py"), ("mutants", "card-001.py"), ("mutants", "card-004.py")]),
])
def test_the_labs_own_testers_are_credited_with_every_failure(tester, name, wrong):
    correct, runs = runs_of(REFERENCE / tester, name, wrong, f"java-honest-{name}")
    assert [run.outcome for run in correct] == ["passed", "passed"]
    assert all(run.transcript is not None and run.transcript.count > 0 for run in correct)
    failed = [(version, run) for version, run in zip(wrong, runs) if run.outcome == "failed"]
    assert len(failed) == len(wrong), [run.message for run in runs]
    assert [judge(run.transcript, [r.transcript for r in correct]) for _, run in failed] == [CAUGHT] * len(failed)


@pytest.mark.skipif(not namespaces_work(), reason="user/PID/mount namespaces are not available here")
def test_the_counting_tester_scores_0_when_graded(tmp_path):
    folder = tmp_path / "counting"
    folder.mkdir()
    for name in ("Card.java", "Deck.java"):
        shutil.copyfile(REFERENCE / name, folder / name)
    shutil.copyfile(attacker(tmp_path, "counter"), folder / "DeckTester.java")
    done = subprocess.run([sys.executable, "-c", "from grader.cli import main; main()", "check", str(folder),
                           "--activity", "A5"], cwd=tmp_path, capture_output=True, text=True, timeout=900)
    line = next(line for line in done.stdout.splitlines() if line.strip().startswith("A5 "))
    assert " 0 / 18" in line, done.stdout + done.stderr
