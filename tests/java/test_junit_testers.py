"""JUnit testers (JUnit 4 and Jupiter) graded in Activities 5 and 5b as main-and-assert testers are
(docs/java.md, "Activity 5: the testers"; grader/java/testers.py, sandbox_jvm/.../JUnit.java).

- black-box: ``grader grade`` of a student whose ``DeckTest.java`` is JUnit 4 and whose
  ``CardTest.java`` is Jupiter: full marks in A5 and A5b (every Buggy class, every mutant
  caught, both correct versions accepted), in the jail;
- a Jupiter ``DeckTest`` catches Buggy1-5 and passes the references;
- a hostile JUnit tester (JUnit's own reflection helpers, its class loader, files, a thread left
  behind, ``System.exit``, a test that never ends) is contained as a main tester is;
- what the worker runs of JUnit (expected exceptions, @Ignore, assumptions, repeated tests, time
  limits, set-up order), what it does not (a parameterized test: said, never guessed), a class
  with no test (it catches nothing, and its runs say so), and no JUnit jars (the grader's
  problem, never the student's 0).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.java import junit
from grader.java.session import end_submission_jvm
from grader.java.testers import JavaOwnTests, contains_java_assert
from grader.sandbox import Limits
from grader.testers.verdicts import expect_caught
from grader_labs.elevens.variants import run_tester, variant_file
from tests.security.probes import probes_of

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens" / "java"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "junit"
DECKS = [("reference", "deck.py"), ("Correct", "deck.py")] + [(f"Buggy{i}", "deck.py") for i in range(1, 6)]

pytestmark = [
    pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK"),
    pytest.mark.skipif(not (junit.FOLDER / "junit4.jar").exists() or not (junit.FOLDER / "junit-jupiter-api.jar").exists(),
                       reason="needs JUnit: apt-get install junit4 junit5"),
]


def runs_of(tester: Path, versions: list[tuple[str, str]], under_test: str = "deck.py",
            limits: Limits = Limits(), name: str | None = None) -> list:
    """The tester's runs against each version, in order, in one JVM of its own."""
    own = JavaOwnTests({name or tester.name: tester}, 7, limits, submission=f"junit-{tester.parent.name}")
    try:
        return [run_tester(own, under_test, variant_file(folder, file)) for folder, file in versions]
    finally:
        end_submission_jvm()


def test_a_class_with_junit_tests_and_a_jupiter_card_tester_get_full_marks(tmp_path):
    """Black-box, as a teacher grades: JUnit 4 DeckTest.java and Jupiter CardTest.java."""
    student = tmp_path / "class" / "ada"
    student.mkdir(parents=True)
    for source in (REFERENCE / "Card.java", REFERENCE / "Deck.java", FIXTURES / "junit4" / "DeckTest.java",
                   FIXTURES / "jupiter" / "CardTest.java"):
        shutil.copyfile(source, student / source.name)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "class", "--out", "out", "--activity", "A5",
                           "--activity", "A5b"], cwd=tmp_path, capture_output=True, text=True, timeout=900,
                          env={**os.environ, "TMPDIR": str(scratch)})
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    activities = {a["id"]: a for a in results["submissions"][0]["activities"]}
    failing = [(t["name"], t["message"]) for a in activities.values() for t in a["tests"] if t["outcome"] != "passed"]
    assert (activities["A5"]["score"], activities["A5b"]["score"]) == (18.0, 10.0), failing
    assert all(t["outcome"] == "passed" for t in activities["A5"]["tests"]) and len(activities["A5"]["tests"]) > 20


def test_a_jupiter_deck_tester_catches_every_buggy_deck_and_passes_the_correct_ones():
    runs = runs_of(FIXTURES / "jupiter" / "DeckTest.java", DECKS)
    assert [run.outcome for run in runs] == ["passed"] * 2 + ["failed"] * 5, [run.message for run in runs]
    assert [run.by_assertion for run in runs[2:6]] == [True] * 4  # AssertionFailedError is an AssertionError
    assert "the test dealsTheCardThenNull() failed (AssertionFailedError" in runs[2].message
    assert "at DeckTest.java line 43: assertTrue(one.isEmpty());" in runs[2].message  # the student's line, not JUnit's
    assert "IndexOutOfBoundsException" in runs[6].message and "DeckTest.java line 28" in runs[6].message


def test_a_jupiter_card_tester_catches_every_buggy_card():
    cards = [("reference", "card.py"), ("Correct", "card.py")] + [(f"CardBuggy{i}", "card.py") for i in range(1, 5)]
    runs = runs_of(FIXTURES / "jupiter" / "CardTest.java", cards, "card.py")
    assert [run.outcome for run in runs] == ["passed"] * 2 + ["failed"] * 4, [run.message for run in runs]


def test_a_hostile_junit_tester_is_contained():
    """JUnit's helpers get no right the student's code lacks; files and leftovers as for main testers."""
    runs = runs_of(FIXTURES / "hostile" / "DeckTest.java", DECKS[:4])
    assert [run.outcome for run in runs] == ["passed"] * 4, [run.message for run in runs]
    probes = [probes_of(run.output) for run in runs]
    assert all(found == probes[0] for found in probes), probes
    found = probes[0]
    assert found["leftover threads seen"] == "0" and found["thread started"] == "true"
    for path in ("/etc/passwd", "/etc/shadow", "/proc/self/fd/1", "/proc/self/environ"):
        assert found[f"read {path}"].startswith("refused: "), (path, found)
    assert found["ReflectionSupport private field"] == "refused: SecurityException"
    assert found["ReflectionUtils.makeAccessible"] == "refused: SecurityException"
    assert found["JUnit's class loader"] == "refused: SecurityException"
    assert found["load a management class"] == "refused: ClassNotFoundException"


def test_system_exit_in_a_junit_test_ends_the_run_and_rejects_the_class():
    [run] = runs_of(FIXTURES / "exits" / "DeckTest.java", DECKS[:1])
    assert run.outcome == "failed"
    assert "stopped early with System.exit(0)" in run.message and "DeckTest.java line 15" in run.message
    assert "after exit" not in run.output  # nothing after the exit ran


def test_a_junit_test_that_never_ends_catches_nothing():
    runs = runs_of(FIXTURES / "hangs" / "DeckTest.java", [DECKS[0], ("Buggy1", "deck.py")],
                   limits=Limits(call_seconds=3))
    assert [run.outcome for run in runs] == ["passed", "timeout"], [run.message for run in runs]


def test_a_junit_class_with_no_test_catches_nothing_and_says_so():
    tester = FIXTURES / "empty" / "DeckTest.java"
    runs = runs_of(tester, [DECKS[0], ("Buggy1", "deck.py")])
    assert [run.outcome for run in runs] == ["passed", "passed"]
    assert "has no JUnit test (no method marked @Test), so it checks nothing" in runs[1].message
    own = JavaOwnTests({"DeckTest.java": tester}, 7, Limits())
    with pytest.raises(BaseException, match="has no JUnit test"):  # pytest's Failed: the report says why
        expect_caught(own, runs[1], "Buggy1", "isEmpty", "a hint")


def test_what_the_grader_cannot_run_is_named():
    [run] = runs_of(FIXTURES / "unsupported" / "DeckTest.java", DECKS[:1])
    assert run.outcome == "failed"
    assert "uses @ParameterizedTest (on sizeIsTheNumberOfRanks())" in run.message and "cannot run" in run.message


FEATURES = """
import static org.junit.Assert.*;
import org.junit.*;

public class DeckTest {
    private static final StringBuilder seen = new StringBuilder();
    private int fresh = 0;

    @BeforeClass public static void first() { seen.append("BC "); }
    @Before public void before() { seen.append("B "); fresh++; }
    @After public void after() { seen.append("A "); }
    @AfterClass public static void last() { System.out.println("PROBE order\\t" + seen + "AC"); }

    @Test public void a() { assertEquals("a new DeckTest for each test", 1, fresh); seen.append("a "); }
    @Test(expected = ArithmeticException.class) public void b() { seen.append("b "); int zero = 0; System.out.println(1 / zero); }
    @Ignore @Test public void c() { fail("ignored"); }
    @Test public void d() { Assume.assumeTrue(false); fail("never: the assumption stopped it"); }
    @Test public void e() { assertEquals(1, new Deck(new String[] {"a"}, new String[] {"s"}, new int[] {1}).size()); }
}
"""

TIME_LIMITS = """
import org.junit.jupiter.api.*;
import java.util.concurrent.TimeUnit;

class DeckTest {
    static int runs = 0;
    @RepeatedTest(3) void counted() { runs++; }
    @AfterAll static void report() { System.out.println("PROBE repeated\\t" + runs); }
    @Test @Timeout(value = 20, unit = TimeUnit.MILLISECONDS) void slow() throws Exception { Thread.sleep(300); }
}
"""


@pytest.mark.parametrize("source, outcome, expected", [
    (FEATURES, "passed", {"order": "BC B a A B b A B A B A AC"}),
    (TIME_LIMITS, "failed", {"repeated": "3"}),
], ids=["junit4-lifecycle", "jupiter-time-limits"])
def test_what_the_worker_runs_of_junit(tmp_path, source, outcome, expected):
    tester = tmp_path / "DeckTest.java"
    tester.write_text(source, encoding="utf-8")
    [run] = runs_of(tester, DECKS[:1])
    assert run.outcome == outcome, run.message
    assert probes_of(run.output) == expected, run.output
    if outcome == "failed":
        assert "the test slow() failed (TestTimedOutException: slow() timed out after 20 milliseconds)" in run.message


def test_junit_checks_count_as_the_testers_own(tmp_path):
    """A crash counts as a catch only in a tester that checks something: assertEquals does."""
    checks = tmp_path / "DeckTest.java"
    checks.write_text("class DeckTest { @org.junit.Test void t() { org.junit.Assert.assertEquals(1, 1); } }\n")
    calls_only = tmp_path / "CardTest.java"
    calls_only.write_text("class CardTest { @org.junit.Test void t() { new Card(\"a\", \"s\", 1).rank(); } }\n")
    assert contains_java_assert(checks) and not contains_java_assert(calls_only)


def test_without_the_jars_a_junit_tester_is_the_graders_problem(monkeypatch, tmp_path):
    monkeypatch.setattr(junit, "FOLDER", tmp_path)
    own = JavaOwnTests({"DeckTest.java": FIXTURES / "junit4" / "DeckTest.java"}, 7, Limits(), submission="no-jars")
    try:
        with pytest.raises(junit.JUnitUnavailable, match="needs JUnit: apt-get install junit4 junit5"):
            run_tester(own, "deck.py", variant_file("reference", "deck.py"))
    finally:
        end_submission_jvm()
    assert junit.junit_jars(set()) == []  # a main tester needs none
