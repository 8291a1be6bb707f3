"""`grader handout --lab elevens --java OUT`, black-box: the Java starter, and the Buggy Decks as
class files only (labs/elevens/java_handout.py).

One handout is written for the module; each test reads it as a student or a teacher would: the
starter compiles as it is; a student's Card and tester compile against a Buggy ``Deck.class`` and
the tester catches it; no source of the reference, of a Buggy or of a correct version is in it;
and a class file carries no debugging information and loads on Java 8.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.java.splicing import members

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "elevens" / "java"
JAVA_VARIANTS = ROOT / "buggy_variants" / "elevens" / "java"
BUGGY = ["Buggy1", "Buggy2", "Buggy3", "Buggy4", "Buggy5"]

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")


@pytest.fixture(scope="module")
def handout(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("java-handout")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "handout", "--lab", "elevens", "--java", "out"],
                          cwd=base, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return base / "out"


def test_it_holds_the_starter_and_the_buggy_decks_as_classes(handout):
    files = sorted(path.relative_to(handout).as_posix() for path in handout.rglob("*") if path.is_file())
    starter = sorted(f"starter/{path.name}" for path in (ROOT / "starter" / "elevens" / "java").glob("*.java"))
    assert files == sorted(["README.md", "starter/answers.yaml", *starter, *(f"activity5/{v}/Deck.class" for v in BUGGY)])
    readme = (handout / "README.md").read_text()
    assert "java -ea -cp . DeckTester" in readme and "grader check --lab elevens" in readme


def test_no_answer_is_in_it(handout):
    """No file holds the source of any method of the reference or of a Buggy or correct version,
    beyond what the starter gives (its headings and the methods it hands out whole)."""
    texts = {path: path.read_bytes().decode("utf-8", "replace") for path in handout.rglob("*") if path.is_file()}
    starter_texts = "\n".join((ROOT / "starter" / "elevens" / "java" / path.name).read_text()
                              for path in (ROOT / "starter" / "elevens" / "java").glob("*.java"))
    secrets = [*REFERENCE.glob("*.java"), *JAVA_VARIANTS.glob("*/*.java")]
    leaked = []
    for source in secrets:
        text = source.read_text()
        for member in members(text, source.stem):
            body = " ".join(text[member.start:member.end].split())
            if body in " ".join(starter_texts.split()):
                continue  # handed out in the starter on purpose (the same in every version)
            if any(body in " ".join(found.split()) for found in texts.values()):
                leaked.append(f"{source.relative_to(ROOT)}: {member.label}")
    assert not leaked
    assert len(secrets) > 15


def test_a_class_file_has_no_debugging_information_and_loads_on_java_8(handout):
    classes = [str(handout / "activity5" / v / "Deck.class") for v in BUGGY]
    shown = subprocess.run(["javap", "-v", "-p", *classes], capture_output=True, text=True, timeout=300, check=True).stdout
    for attribute in ("LineNumberTable", "LocalVariableTable", "SourceFile", "MethodParameters"):
        assert attribute not in shown
    assert re.findall(r"major version: (\d+)", shown) == ["52"] * len(BUGGY)
    assert "Card" in shown  # it uses the student's Card, which is not in the handout


def test_a_student_compiles_against_a_buggy_deck_and_the_tester_catches_it(handout, tmp_path):
    started = tmp_path / "mine"
    shutil.copytree(handout / "starter", started)
    compiled = subprocess.run(["javac", *(p.name for p in started.glob("*.java"))], cwd=started,
                              capture_output=True, text=True, timeout=300)
    assert compiled.returncode == 0, compiled.stderr  # the starter compiles as it is
    for variant in ("Buggy4", "Buggy5"):
        folder = tmp_path / variant
        shutil.copytree(handout / "activity5" / variant, folder)
        shutil.copyfile(REFERENCE / "Card.java", folder / "Card.java")  # the student's finished Card
        shutil.copyfile(REFERENCE / "DeckTester.java", folder / "DeckTester.java")  # a good tester
        done = subprocess.run("javac -cp . Card.java DeckTester.java && java -ea -cp . DeckTester", shell=True,
                              cwd=folder, capture_output=True, text=True, timeout=300)
        assert done.returncode != 0 and "All tests passed!" not in done.stdout, done.stdout + done.stderr
        assert ("AssertionError" if variant == "Buggy4" else "IndexOutOfBoundsException") in done.stderr
        assert not (folder / "Deck.java").exists() and (folder / "Deck.class").exists()  # javac never rebuilt it
