"""Java words for a Java student, Python words for a Python student, end to end (issue 28, point 4).

Black-box: ``grader check`` on a wrong Java Card and Deck (tests/java/fixtures/words/java: the
classes in ``src/cards/`` with a package line) and on their Python twin (fixtures/words/python),
Activities 1 and 2, with ``--out`` and ``--junit-xml`` as a teacher or CI would ask. What each
student reads is compared with a golden file; refresh both after an intended change with

    GRADER_UPDATE_WORDS_GOLDEN=1 python -m pytest -n 0 tests/java/test_java_words.py

and read the diff. The bugs are the same in both: clubs lost by suit(), aces worth 11, matches
joined with or, is_empty misspelled, deal reading past the end (an exception in the student's
own line, which the Java report names by its path in the submission).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from grader.java.members import read_classes

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "words"
GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = bool(os.environ.get("GRADER_UPDATE_WORDS_GOLDEN"))

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")

PYTHON_WORDS = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|point_value|is_empty|\bIndexError\b|\braised\b|'clubs'")
JAVA_WORDS = re.compile(r"\bnull\b|\btrue\b|\bfalse\b|pointValue|isEmpty|IndexOutOfBoundsException|new Card\(|\"clubs\"|\bthrew\b")


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> dict[str, dict]:
    """Each student checked once: what the terminal showed, results.json, report.md, JUnit XML."""
    base = tmp_path_factory.mktemp("words")
    scratch = base / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "COLUMNS": "200", "NO_COLOR": "1"}
    seen = {}
    for language in ("java", "python"):
        shutil.copytree(FIXTURES / language, base / language)
        done = subprocess.run([sys.executable, "-m", "grader.cli", "check", language, "--activity", "A1", "--activity", "A2", "--all",
                               "--out", f"{language}-out", "--junit-xml", f"{language}.xml"],
                              capture_output=True, text=True, cwd=base, env=env, timeout=600)
        out = base / f"{language}-out"
        assert (out / "results.json").is_file(), done.stdout + done.stderr
        results = json.loads((out / "results.json").read_text(encoding="utf-8"))
        (sub,) = results["submissions"]
        seen[language] = {"terminal": done.stdout.replace(str(base), "<tmp>"), "results": results,
                          "report": (out / sub["id"] / "report.md").read_text(encoding="utf-8"),
                          "junit": (base / f"{language}.xml").read_text(encoding="utf-8")}
    return seen


def messages(seen: dict) -> str:
    return "\n".join(t["message"] for a in seen["results"]["submissions"][0]["activities"] for t in a["tests"])


def read(text: str) -> str:
    """What a student reads of ``text``: test names left out (``test_point_value`` names the test in
    both languages: a replay command needs it)."""
    return re.sub(r"\btest_\w+(\[[^\]]*\])?", "<test>", text)


def junit_text(xml: str) -> str:
    """The words of a JUnit file: every element's text and message, not its markup."""
    root = ET.fromstring(xml)
    return "\n".join([*(e.text or "" for e in root.iter()), *(e.get("message", "") for e in root.iter())])


@pytest.mark.parametrize("language", ["java", "python"])
def test_what_grader_check_shows_matches_the_golden_file(checked, language):
    golden = GOLDEN / f"words_{language}.txt"
    if UPDATE:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(checked[language]["terminal"], encoding="utf-8")
    assert checked[language]["terminal"] == golden.read_text(encoding="utf-8")


def test_a_java_student_reads_java(checked):
    java = checked["java"]
    text = messages(java)
    for wanted in ('new Card("ace", "clubs", 1).suit()\n  expected: "clubs"\n  got:      null',
                   'new Card("ace", "spades", 1).pointValue()',
                   "expected: false\n  got:      true",
                   "Hint: pointValue() should return the int passed to new Card(...)",
                   "(use `&&`, not `||`;",
                   'new Deck(new String[] {"ace"}, new String[] {"hearts"}, new int[] {1}).isEmpty() could not be called: '
                   "Deck has no method or field named isEmpty",
                   "threw IndexOutOfBoundsException: Index 1 out of bounds for length 1 at src/cards/Deck.java line 35, in deal():"):
        assert wanted in text
    for where in map(read, (text, java["terminal"], java["report"], junit_text(java["junit"]))):
        assert not PYTHON_WORDS.search(where), PYTHON_WORDS.search(where).group()
    assert "src/cards/Deck.java line 35" in java["report"] and "pointValue()" in java["junit"]
    located = [(t["file"], t["line"]) for a in java["results"]["submissions"][0]["activities"] for t in a["tests"] if t["file"]]
    assert located and set(located) == {("src/cards/Deck.java", 35)}  # annotations point at the student's own file
    assert "Next: finish A1 Card (Card.java)" in java["terminal"]


def test_a_python_student_reads_python(checked):
    python = checked["python"]
    text = messages(python)
    for wanted in ("Card('ace', 'clubs', 1).suit()\n  expected: 'clubs'\n  got:      None",
                   "Card('ace', 'spades', 1).point_value()",
                   "expected: False\n  got:      True",
                   "(use `and`, not `or`, and `==` for each)",
                   "Deck(['ace'], ['hearts'], [1]).is_empty() raised NameNotFound: Deck has no method or attribute called 'is_empty'",
                   "raised IndexError: list index out of range at deck.py line 23, in deal:"):
        assert wanted in text
    for where in map(read, (text, python["terminal"], python["report"], junit_text(python["junit"]))):
        assert not JAVA_WORDS.search(where), JAVA_WORDS.search(where).group()
    assert "Next: finish A1 Card (card.py)" in python["terminal"]


def test_both_students_lose_the_same_points(checked):
    def scores(seen):
        return {a["id"]: a["score"] for a in seen["results"]["submissions"][0]["activities"]}

    assert scores(checked["java"]) == scores(checked["python"]) == {"A1": 8.5, "A2": 1.0}


def test_declared_members_are_read_from_the_compiled_classes(tmp_path):
    source = tmp_path / "Widget.java"
    source.write_text("import java.util.List;\npublic class Widget extends Thing {\n  private int[] parts;\n"
                      "  private List<String> names;\n  public Widget(String[] a, int b) {}\n"
                      "  public static boolean isShiny(List<Integer> places) { return true; }\n"
                      "  int pointValue() { return 0; }\n  class Inner { void x() {} }\n}\n"
                      "class Thing { public void findJQK(int[][] grid, char c, double d) {} }\n")
    subprocess.run(["javac", "-d", str(tmp_path / "out"), str(source)], check=True, capture_output=True, timeout=120)
    found = read_classes(tmp_path / "out")
    widget, thing = found["Widget"], found["Thing"]
    assert widget.superclass == "Thing" and widget.fields == {"parts": "[I", "names": "Ljava/util/List;"}
    assert {(m.name, m.params, m.static) for m in widget.methods} == {
        ("<init>", ("[Ljava/lang/String;", "I"), False), ("isShiny", ("Ljava/util/List;",), True), ("pointValue", (), False)}
    assert [(m.name, m.params) for m in thing.methods if m.name != "<init>"] == [("findJQK", ("[[I", "C", "D"))]
    assert "Widget$Inner" in found
