"""The Java student handout, as the AP lab hands it out: the starter classes, and Activity 5's
buggy Decks as compiled classes only.

    OUT/README.md                          what to do, how to run a tester against a Buggy Deck
    OUT/starter/*.java, answers.yaml       the Java starter (starter/elevens/java/; it compiles as it is)
                                           and the questions of Activity 6, as in the Python handout
    OUT/activity5/Buggy1/ ... Buggy5/      Deck.class only: a Deck with planted bugs

No source of a Buggy Deck, of a correct version or of the reference is handed out (a Buggy Deck is
the reference with a line or two changed, so its source would hand out Activities 2 and 4). Each
Buggy Deck is compiled from the lab's Java variant (buggy_variants/elevens/java/) against the
reference Card, and only its own class files are kept (no Card.class: that is Activity 1's
answer; the student's own Card runs beside it). They are compiled:

- without debugging information (``-g:none``): no line numbers, no source file name, no names
  of local variables or parameters;
- for Java 8 (``--release 8``), so that they load on any JDK a school may have.

What a ``.class`` still reveals: the class's fields and methods with their types, and each
method's logic as bytecode, which ``javap -c`` lists and a decompiler turns back into Java close
to the original. That is the AP lab's own choice (its Buggy classes are ``.class`` files), and
like the Python edition's sealed decks it keeps the bug a thing to find by testing: reading it
takes a tool and effort the exercise does not ask for.
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

from grader_labs.elevens.files import lab_file as asset_path

from grader.lab.handouts import CHECK_YOUR_WORK, check_empty
from grader.java.javac import run_javac
from grader.lab.registry import LabInputError

BUGGY = ("Buggy1", "Buggy2", "Buggy3", "Buggy4", "Buggy5")
CLASS_FILE_FLAGS = ["-g:none", "--release", "8", "-proc:none", "-implicit:none", "-nowarn", "-encoding", "UTF-8"]


def write_java_handout(out: Path) -> list[Path]:
    """Write the Java handout into ``out`` (new or empty); the files written."""
    from grader.java.jdk import jdk_problem
    from grader_labs.elevens import LAB

    problem = jdk_problem()
    if problem:
        raise LabInputError(f"the Java handout compiles the Buggy Decks, and {problem}")
    check_empty(out)
    written = []
    starter = out / "starter"
    starter.mkdir(parents=True)
    for source in [*sorted((asset_path("starter") / "java").glob("*.java")), asset_path("starter", "answers.yaml")]:
        written.append(Path(shutil.copyfile(source, starter / source.name)))
    for variant in BUGGY:
        written += compile_buggy_deck(variant, out / "activity5" / variant)
    readme = out / "README.md"
    readme.write_text(README + CHECK_YOUR_WORK.format(lab=LAB.id), encoding="utf-8")
    written.append(readme)
    return written


def compile_buggy_deck(variant: str, folder: Path) -> list[Path]:
    """The lab's ``variant`` Deck compiled into ``folder``: its class files only."""
    with tempfile.TemporaryDirectory(prefix="elevens-java-handout-") as scratch_name:
        scratch = Path(scratch_name)
        sources, classes = scratch / "src", scratch / "classes"
        sources.mkdir()
        classes.mkdir()
        shutil.copyfile(asset_path("buggy_variants", f"java/{variant}/Deck.java"), sources / "Deck.java")
        shutil.copyfile(asset_path("reference", "java/Card.java"), sources / "Card.java")  # to compile against only
        try:
            code, messages = run_javac([*CLASS_FILE_FLAGS, "-d", str(classes), "-sourcepath", str(sources),
                                        str(sources / "Deck.java")], scratch)
        except subprocess.TimeoutExpired:
            code, messages = 1, "javac did not finish"
        if code != 0:
            raise LabInputError(f"the lab's {variant} Deck did not compile (a problem of the grader's files, not "
                                f"yours): {messages.strip()[:500]}")
        folder.mkdir(parents=True)
        return [Path(shutil.copyfile(path, folder / path.name)) for path in sorted(classes.glob("Deck*.class"))
                if path.name == "Deck.class" or path.name.startswith("Deck$")]


README = """# Elevens lab (Java): your files

- `starter/`: the classes you complete (each method you write says `// TODO`, and its comment
  says what it must do), the testers you write, `DeckTester.java` and `CardTester.java`, and
  `answers.yaml` for the questions. The classes compile as they are: put them in a folder (or an
  IDE project) of your own and work there.
- `activity5/Buggy1` to `Buggy5`: five Decks with planted bugs, for Activity 5, as compiled
  classes (`Deck.class`) only. Buggy1 to Buggy4 each have one wrong method; Buggy5 has several.

## Activity 5: find the bugs by testing

1. Finish your `Card.java` (Activity 1) and write your `DeckTester.java`.
2. Copy your `Card.java` and your `DeckTester.java` into each Buggy folder, beside its
   `Deck.class`. Do not copy your `Deck.java` there: the Buggy `Deck.class` is the Deck to test.
3. In each Buggy folder, compile your files against the Buggy Deck and run your tester with
   assertions on:

       javac -cp . Card.java DeckTester.java
       java -ea -cp . DeckTester

   (On Windows the same commands work in a Command Prompt.) Without `-ea`, Java skips every
   `assert`, and a tester built on them passes everything.

A good tester fails on every Buggy Deck. For each one: which method is wrong, and which of your
tests showed it? Test the Decks instead of reading them: a `.class` file holds no source code.

If your tester uses JUnit (`DeckTest.java` with `@Test` methods), run it the same way with the
JUnit jars on the class path, for example with JUnit 4:
`javac -cp .:junit4.jar Card.java DeckTest.java` then
`java -cp .:junit4.jar:hamcrest-core.jar org.junit.runner.JUnitCore DeckTest`
(use `;` instead of `:` on Windows), or in your IDE with the Buggy `Deck.class` in place of
your `Deck.java`.

"""
