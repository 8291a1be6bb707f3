"""No Java test can leave a mark for a later one in the JVM its submission's tests share.

A Java submission's tests run in one JVM, each with a fresh class loader (docs/java.md), so every
static field is the test's own; but the JDK keeps state for the whole JVM. Every student here
hands in a Card whose ``suit()`` is right only when something shows that ``rank()`` ran: ``rank()``
leaves a mark, ``suit()`` looks for it. Each hostile card hides the mark where the JDK keeps it
for the whole JVM: the string table behind ``String.intern()`` (called directly, through a method
reference and through reflection),
``URLConnection``'s defaults (by its name and by a subclass's), a time-zone provider, JDBC's
login timeout and java.beans' editor search path. Where the JVM refuses the
call, the card falls back to a static field of its own, as a cheater would.

Each hostile card is graded beside its honest twin, which keeps the mark in a static field (every
test gets it fresh). A test that calls ``suit()`` without calling ``rank()`` first
(``test_suit``) sees no mark unless an earlier test left one, so each hostile card must get
exactly its twin's grade, test by test. Before sandbox_jvm's CallRewrite and JvmWide and the student
loader's refused packages, each got 15/15 against the twin's 13/15.
"""

import shutil
from pathlib import Path

import pytest

from grader.java.session import end_submission_jvm
from grader.sandbox.launcher import namespaces_work
from tests.classroom import elevens_rubric, grade_class

ROOT = Path(__file__).resolve().parents[2]
CARD = (ROOT / "reference" / "elevens" / "java" / "Card.java").read_text(encoding="utf-8")

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")
LEVELS = ["process"] + (["namespaces"] if namespaces_work() else [])

# The card's own mark, which every test gets fresh (its class loader is the test's).
OWN = "static final boolean[] SEEN = new boolean[1];\n"
PROBE = OWN + """
    static String fresh(String tail) {
        return new StringBuilder("elevens-rank-").append(tail).toString();
    }
"""
PROVIDER = OWN + """
    static final class Marks extends java.time.zone.ZoneRulesProvider {
        protected java.util.Set<String> provideZoneIds() {
            return java.util.Set.of("Elevens/RankWasCalled");
        }
        protected java.time.zone.ZoneRules provideRules(String zoneId, boolean forCaching) {
            return java.time.ZoneOffset.UTC.getRules();
        }
        protected java.util.NavigableMap<String, java.time.zone.ZoneRules> provideVersions(String zoneId) {
            return new java.util.TreeMap<>();
        }
    }
"""
# name: (members added to Card, what rank() does to leave a mark, what suit() looks for). Either
# may throw: rank() then keeps its mark in SEEN, and a suit() that throws says "wrong".
MARKS = {
    "interned string": (PROBE, "fresh(\"called\").intern();",
                        "((java.util.function.Supplier<Boolean>) () -> { String s = fresh(\"called\"); "
                        "return s.intern() != s; }).get()"),
    "interned through String::intern": (PROBE, "java.util.function.UnaryOperator<String> i = String::intern; "
                                        "i.apply(fresh(\"ref\"));",
                                        "((java.util.function.Supplier<Boolean>) () -> { String s = fresh(\"ref\"); "
                                        "java.util.function.UnaryOperator<String> i = String::intern; "
                                        "return i.apply(s) != s; }).get()"),
    "interned through reflection": (PROBE, "String.class.getMethod(\"intern\").invoke(fresh(\"reflect\"));",
                                    "((java.util.concurrent.Callable<Boolean>) () -> { String s = fresh(\"reflect\"); "
                                    "return String.class.getMethod(\"intern\").invoke(s) != s; }).call()"),
    "URLConnection default": (OWN, "java.net.URLConnection.setDefaultAllowUserInteraction(true);",
                              "java.net.URLConnection.getDefaultAllowUserInteraction()"),
    "URLConnection caching by protocol": (OWN, "java.net.URLConnection.setDefaultUseCaches(\"elevens\", false);",
                                          "!java.net.URLConnection.getDefaultUseCaches(\"elevens\")"),
    "through a subclass's name": (OWN, "java.net.HttpURLConnection.setDefaultUseCaches(\"elevens2\", false);",
                                  "!java.net.HttpURLConnection.getDefaultUseCaches(\"elevens2\")"),
    "time-zone provider": (PROVIDER, "java.time.zone.ZoneRulesProvider.registerProvider(new Marks());",
                           "java.time.ZoneId.getAvailableZoneIds().contains(\"Elevens/RankWasCalled\")"),
    "JDBC login timeout": (OWN, "java.sql.DriverManager.setLoginTimeout(29);",
                           "java.sql.DriverManager.getLoginTimeout() == 29"),
    "java.beans search path": (OWN, "java.beans.PropertyEditorManager.setEditorSearchPath(new String[] {\"elevens.rank\"});",
                               "java.util.Arrays.asList(java.beans.PropertyEditorManager.getEditorSearchPath())"
                               ".contains(\"elevens.rank\")"),
}
TWIN = (OWN, "SEEN[0] = true;", "SEEN[0]")


def card(members: str, leave: str, seen: str) -> str:
    """The reference Card whose rank() leaves a mark (or, refused, keeps it in SEEN) and whose
    suit() is right only when it sees the mark (its own SEEN counts too)."""
    text = CARD.replace("public class Card {\n", "public class Card {\n    " + members, 1)
    rank = f"    public String rank() {{\n        try {{ {leave} }} catch (Throwable e) {{ SEEN[0] = true; }}\n"
    suit = (f"    public String suit() {{\n        try {{ return (SEEN[0] || ({seen})) ? suit : \"wrong\"; }}"
            " catch (Throwable e) { return SEEN[0] ? suit : \"wrong\"; }\n    }\n    public String unused() {\n")
    for old, new in (("    public String rank() {\n", rank), ("    public String suit() {\n", suit)):
        assert text.count(old) == 1
        text = text.replace(old, new)
    return text


def students() -> dict[str, str]:
    """id -> their Card.java; "twin" is the honest one every other is compared with."""
    found = {"twin": card(*TWIN)}
    for number, mark in enumerate(MARKS.values()):
        found[f"mark-{number}"] = card(*mark)
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_a_java_card_that_counts_tests_gets_its_honest_twins_grade(level, tmp_path):
    wanted = students()
    for sub_id, text in wanted.items():
        (tmp_path / "class" / sub_id).mkdir(parents=True)
        (tmp_path / "class" / sub_id / "Card.java").write_text(text, encoding="utf-8")
    try:
        graded = grade_class(tmp_path / "class", tmp_path / "work", elevens_rubric(), only_activities=["A1"], jobs=1,
                             isolation=level, allow_unconfined_root=level == "process")
    finally:
        end_submission_jvm()
    got = {sub.id: (sub.total, {(t.name, t.outcome) for a in sub.activities for t in a.tests})
           for sub in graded.submissions}
    assert sorted(got) == sorted(wanted)
    names = {f"mark-{n}": name for n, name in enumerate(MARKS)}
    differ = {names[sub_id]: got[sub_id][0] for sub_id in names if got[sub_id] != got["twin"]}
    assert not differ, f"graded differently from their honest twin ({got['twin'][0]}): {differ}"
    # The twin loses points where its card says it should: suit() in a test of its own.
    assert any(name.startswith("test_suit") and outcome != "passed" for name, outcome in got["twin"][1])
    assert sum(outcome != "passed" for _, outcome in got["twin"][1]) < len(got["twin"][1])


# A refused call, three ways: by name, through reflection, and a class made from bytes.
REFUSED = {
    "setter": ('java.net.URLConnection.setDefaultUseCaches("elevens", false);',
               "URLConnection.setDefaultUseCaches(String, boolean) is not allowed"),
    "reflection": ('java.net.URLConnection.class.getMethod("setDefaultUseCaches", String.class, boolean.class)'
                   '.invoke(null, "elevens", false);', "URLConnection.setDefaultUseCaches is not allowed"),
    "defineClass": ("java.lang.invoke.MethodHandles.lookup().defineClass(new byte[8]);",
                    "MethodHandles.Lookup.defineClass(byte[]) is not allowed"),
}


@pytest.mark.parametrize("how", sorted(REFUSED))
def test_a_refused_call_is_reported_at_the_students_line_in_java_terms(how, tmp_path):
    """A refused call says what was called and why, at the student's own line: never "thrown
    inside JvmWide.java", a class of the grader's the student never wrote and cannot open (the
    student loader defines it, so its frames looked like the lab's)."""
    from grader.java.testers import JavaOwnTests
    from grader.sandbox import Limits
    from grader_labs.elevens.variants import run_tester

    call, said = REFUSED[how]
    tester = tmp_path / "DeckTester.java"
    tester.write_text("public class DeckTester {\n    public static void main(String[] args) throws Exception {\n"
                      f"        {call}\n    }}\n}}\n", encoding="utf-8")
    own = JavaOwnTests({tester.name: tester}, 7, Limits(output_bytes=1 << 16, call_seconds=20),
                       submission=f"java-refused-{how}")
    try:
        run = run_tester(own, "deck.py", "reference")
    finally:
        end_submission_jvm()
    assert run.outcome == "failed", run.message
    assert run.message.startswith("DeckTester.java threw SecurityException: " + said), run.message
    assert f"at DeckTester.java line 3: {call}" in run.message, run.message  # the student's line, as written
    assert "JvmWide" not in run.message and "thrown inside" not in run.message, run.message
