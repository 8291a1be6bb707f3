"""The student handout: starter files, and Activity 5's buggy Decks, sealed.

    OUT/README.md                   what to do, how to check, then the lab's specification (docs/lab.md)
    OUT/starter/                    every starter file, answers.yaml included
    OUT/activity5/Buggy1/ ... Buggy5/   deck.py only: a sealed buggy Deck (grader/lab/sealed_source.py)

The lab gives its buggy Decks so that students find the bugs by testing, not by reading. A
sealed deck.py is plain Python that carries its class compressed and runs it on import, so it
loads on every Python the student may have (a .pyc loads only on the teacher's version).

No Buggy folder holds a card.py: the buggy Decks use the student's own card.py, copied beside
deck.py with the student's deck_tester.py. The reference Card is Activity 1's answer. Buggy5
(the lab's "all four bugs" Deck) is sealed too: its source is the reference Deck with four
changed lines, so handing it out as source would hand out Activities 2 and 4.
"""

import shutil
from pathlib import Path

from grader_labs.elevens.files import lab_file as asset_path

from grader.lab.handouts import CHECK_YOUR_WORK, check_empty, readme_text
from grader.lab.sealed_source import sealed_module

BUGGY = ("Buggy1", "Buggy2", "Buggy3", "Buggy4", "Buggy5")


def write_handout(out: Path) -> list[Path]:
    """Write the handout into ``out`` (new or empty); the files written."""
    from grader_labs.elevens import LAB

    check_empty(out)
    written = []
    starter = out / "starter"
    starter.mkdir(parents=True)
    for source in sorted(asset_path("starter").iterdir()):
        if source.suffix in (".py", ".yaml") and source.name != "__init__.py":
            written.append(Path(shutil.copyfile(source, starter / source.name)))
    for variant in BUGGY:
        folder = out / "activity5" / variant
        folder.mkdir(parents=True)
        written.append(write_sealed_deck(variant, folder / "deck.py"))
    readme = out / "README.md"
    readme.write_text(readme_text(LAB, README + "\n" + CHECK_YOUR_WORK.format(lab=LAB.id) + ACTIVITY5), encoding="utf-8")
    written.append(readme)
    return written


def write_sealed_deck(variant: str, target: Path) -> Path:
    """The lab's ``variant`` Deck as a sealed deck.py at ``target``."""
    source = asset_path("buggy_variants", f"{variant}/deck.py").read_text(encoding="utf-8")
    bugs = "Several of its methods are wrong." if variant == "Buggy5" else "One of its methods is wrong."
    note = SEALED_NOTE.format(variant=variant, bugs=bugs)
    target.write_text(sealed_module(source, note, label=variant, requires=("card",)), encoding="utf-8")
    return target


SEALED_NOTE = """\
deck.py ({variant}): a Deck with planted bugs, for Activity 5. {bugs}
Find out which by testing, not by reading: run your deck_tester.py in this folder.

It uses your own card.py: copy your card.py and your deck_tester.py into this folder, then run
    python deck_tester.py
The Deck's code is packed below so that you test it instead of reading it. It is ordinary
Python and runs on any Python 3.10 or newer. (Like the Java lab's .class files it can be
unpacked; that is not the exercise.)
"""

README = """# Elevens lab (Python edition): your files

- `starter/`: the files you complete, one per class, and `answers.yaml` for the questions.
- `activity5/Buggy1` to `Buggy5`: five Decks with planted bugs, for Activity 5.
- Below: how to check your work, what to do in Activity 5, then the lab's specification (what
  every file must do, and what the grader checks).
"""

ACTIVITY5 = """
## Activity 5: find the bugs by testing

Buggy1 to Buggy4 each have one wrong method; Buggy5 has several.

1. Finish your `card.py` (Activity 1) and write your `deck_tester.py`.
2. Copy your `card.py` and your `deck_tester.py` into each Buggy folder, beside its `deck.py`.
3. In each Buggy folder, run `python deck_tester.py`.

A good tester fails on every Buggy deck. For each one: which method is wrong, and which of
your tests showed it? The Buggy decks are packed so that you test them instead of reading
them; they run on any Python 3.10 or newer.
"""
