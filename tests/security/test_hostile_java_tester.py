"""A student's Java tester earns credit only by testing: it cannot tell the Deck it is run against
apart by anything but what the Deck does (docs/testers.md, "Java testers").

- ``hostile_java/probes/DeckTester.java`` tries every channel a Java tester has (the class's
  bytes as a resource, in any folder it can list, its code source; reflection on its structure,
  private fields, Unsafe; the frames and line numbers of an error; counters in files, system
  properties, thread names and ids, the worker thread, the JDK's settable defaults, the
  management API, the process's start; the seed) and prints what each gave. Run against the
  correct Decks, the lab's Buggy Decks and mutants of every method, it prints the same thing for
  every one, but for the second correct Deck's structure (it is written differently on purpose)
  and the channels docs/testers.md lists as still open.
- every Java version of the lab but the second correct ones has the reference's structure, as
  reflection shows it (``javap -p`` of the classes as the grader compiles them).
- ``leftover`` leaves a thread behind in every run and never sees an earlier run's.
- ``cheat`` passes exactly when something other than behaviour says the Deck is a correct one (its
  bytes, or a count kept from run to run saying this is one of the first two runs, which are the
  gate's): graded as a student's Activity 5, it scores 0. (Before the lab's classes were sealed
  and the counters put back, it scored 18/18.)
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.java.compiling import compile_activity
from grader.java.session import end_submission_jvm
from grader.java.testers import JavaOwnTests
from grader.sandbox import Limits
from grader.sandbox.launcher import namespaces_work
from grader_labs.elevens.variants import run_tester, variant_file
from tests.security.probes import probes_of

HERE = Path(__file__).resolve().parent / "hostile_java"
ROOT = Path(__file__).resolve().parents[2]
JAVA = ROOT / "buggy_variants" / "elevens" / "java"
REFERENCE = ROOT / "reference" / "elevens" / "java"
VERSIONS = [("reference", "deck.py"), ("Correct", "deck.py"), ("Buggy1", "deck.py"), ("Buggy2", "deck.py"),
            ("Buggy3", "deck.py"), ("Buggy4", "deck.py"), ("Buggy5", "deck.py"), ("mutants", "deck-001.py"),
            ("mutants", "deck-007.py"), ("mutants", "deck-012.py"), ("mutants", "deck-020.py")]
# Written differently on purpose (docs/testers.md): recognising it only lets a tester accept it.
SECOND_CORRECT_STRUCTURE = {"declared fields", "declared methods"}

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")


def runs_of(tester: Path, versions: list[tuple[str, str]], submission: str) -> list:
    own = JavaOwnTests({"DeckTester.java": tester}, 7, Limits(output_bytes=1 << 20, call_seconds=20),
                       submission=submission)
    try:
        return [run_tester(own, "deck.py", variant_file(folder, name)) for folder, name in versions]
    finally:
        end_submission_jvm()


@pytest.fixture(scope="module")
def probed() -> list[dict[str, str]]:
    runs = runs_of(HERE / "probes" / "DeckTester.java", VERSIONS, "hostile-java-probes")
    assert [run.outcome for run in runs] == ["passed"] * len(VERSIONS), [run.message for run in runs]
    return [probes_of(run.output) for run in runs]


def test_every_channel_gives_the_same_answer_for_every_deck(probed):
    first = probed[0]
    assert len(first) > 50, first
    for (folder, name), found in zip(VERSIONS, probed):
        differs = {channel: (first[channel], found.get(channel)) for channel in first
                   if found.get(channel) != first[channel] and not channel.startswith("remaining: ")}
        allowed = SECOND_CORRECT_STRUCTURE if folder == "Correct" else set()
        assert set(differs) <= allowed, (folder, name, differs)


@pytest.mark.parametrize("channel, expected", [
    ("resource Deck.class", "null"),
    ("resource /Deck.class", "null"),
    ("resource URL", "null"),
    ("context loader resource", "null"),
    ("system resource", "null"),
    ("own class resource", "null"),
    ("class loader", "sandbox_jvm.StudentLoader@<id>"),  # its own loader: no permission asked, nothing to read
    ("code source location", "null"),
    ("card code source location", "null"),
    ("class files naming Deck", "[]"),
    ("inner class Deck$1", "refused: ClassNotFoundException"),
    ("parameter names", "[java.lang.String[] arg0, java.lang.String[] arg1, int[] arg2]"),
    ("private field", "refused: SecurityException"),
    ("private lookup", "refused: SecurityException"),
    ("unsafe", "refused: SecurityException"),
    ("trySetAccessible", "refused: SecurityException"),
    ("frames of an error", "[Deck.<init> null:-1]"),
    ("counter in the working folder", "0"),
    ("counter in the temporary folder", "0"),
    ("counter in a property", "0"),
    ("new thread's name and id", None),  # the same in every run (checked above), whatever it is
    ("shutdown hook", "refused: SecurityException"),
    ("default uncaught handler", "refused: SecurityException"),
    ("security property", "refused: SecurityException"),
    ("proxy selector", "refused: SecurityException"),
    ("logging", "refused: NoClassDefFoundError"),
    ("preferences", "refused: SecurityException"),
    ("serial filter", "refused: SecurityException"),
    ("management: classes loaded", "refused: NoClassDefFoundError"),
    ("management: uptime", "refused: NoClassDefFoundError"),
    ("process start", "refused: SecurityException"),
])
def test_what_a_channel_gives(probed, channel, expected):
    assert channel in probed[0]
    if expected is not None:
        assert probed[0][channel] == expected


def test_the_worker_thread_is_as_it_was(probed):
    assert all(found["this thread's name"] == probed[0]["this thread's name"] for found in probed)
    assert "hostile run" not in probed[0]["this thread's name"]


def javap(classes: list[Path]) -> list[str]:
    """What reflection shows of each class (``javap -p``: every member, private ones too)."""
    done = subprocess.run(["javap", "-p", *map(str, classes)], capture_output=True, text=True, timeout=300, check=True)
    return [block.strip() for block in done.stdout.split("\n}") if block.strip()]


@pytest.mark.parametrize("kind", ["Deck", "Card"])
def test_every_wrong_version_has_the_references_structure(kind, tmp_path):
    versions = {"reference": REFERENCE / f"{kind}.java"}
    versions |= {path.parent.relative_to(JAVA).as_posix(): path for path in sorted(JAVA.rglob(f"{kind}.java"))}
    other = "Card" if kind == "Deck" else "Deck"
    compiled = []
    for index, (name, path) in enumerate(versions.items()):
        out = compile_activity({kind: path}, {other: REFERENCE / f"{other}.java"}, tmp_path / str(index), debug=False)
        assert out.error is None, (name, out.error)
        compiled.append(out.classes / f"{kind}.class")
    shown = dict(zip(versions, javap(compiled)))
    assert len(shown) == len(versions) > 10
    differ = sorted(name for name, text in shown.items() if text != shown["reference"])
    assert differ == ["Correct"], differ


def test_a_thread_left_behind_is_never_seen_by_a_later_run():
    versions = VERSIONS[:4]
    runs = runs_of(HERE / "leftover" / "DeckTester.java", versions, "hostile-java-leftover")
    assert [run.outcome for run in runs] == ["passed"] * len(versions), [run.message for run in runs]
    assert [probes_of(run.output)["leftover threads seen"] for run in runs] == ["0"] * len(versions)


def java_hash(data: bytes) -> int:
    """Java's ``Arrays.hashCode(byte[])``."""
    value = 1
    for byte in data:
        value = (31 * value + (byte - 256 if byte > 127 else byte)) & 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def cheat_folder(root: Path) -> Path:
    """A submission whose deck tester is the cheat, told the correct Decks' class files (as
    compiled with and without debugging information)."""
    known = set()
    for index, source in enumerate((REFERENCE / "Deck.java", JAVA / "Correct" / "Deck.java")):
        for debug in (True, False):
            out = compile_activity({"Deck": source}, {"Card": REFERENCE / "Card.java"}, root / f"known{index}{debug}", debug=debug)
            known.add(java_hash((out.classes / "Deck.class").read_bytes()))
    folder = root / "cheat"
    folder.mkdir()
    for name in ("Card.java", "Deck.java"):
        shutil.copyfile(REFERENCE / name, folder / name)
    cheat = (HERE / "cheat" / "DeckTester.java").read_text(encoding="utf-8")
    cheat = cheat.replace("/*KNOWN*/", ", ".join(map(str, sorted(known))))
    (folder / "DeckTester.java").write_text(cheat, encoding="utf-8")
    return folder


@pytest.mark.skipif(not namespaces_work(), reason="user/PID/mount namespaces are not available here")
def test_the_cheat_scores_0(tmp_path):
    folder = cheat_folder(tmp_path)
    done = subprocess.run([sys.executable, "-c", "from grader.cli import main; main()", "check", str(folder),
                           "--activity", "A5"], cwd=tmp_path, capture_output=True, text=True, timeout=900)
    line = next(line for line in done.stdout.splitlines() if line.strip().startswith("A5 "))
    assert " 0 / 18" in line, done.stdout + done.stderr
