"""The student handout: starter files, and Activity 5's buggy Decks the way the lab ships them.

    OUT/starter/                    every starter file, answers.yaml included
    OUT/activity5/Buggy1/ ... Buggy4/   deck.pyc (bytecode only), card.py, deck_tester.py
    OUT/activity5/Buggy5/           deck.py as source (the lab's "fix it yourself" exercise)

The lab gives Buggy1-4 as compiled classes so students find the bug by testing, not by
reading; a ``deck.pyc`` next to no ``deck.py`` is imported by Python the same way. Bytecode
only runs on the Python version that made it, so the handout says which one that is.
"""

import py_compile
import shutil
import sys
from pathlib import Path

from grader_labs.elevens.files import lab_file as asset_path

from grader.labs import LabInputError

COMPILED = ("Buggy1", "Buggy2", "Buggy3", "Buggy4")
SOURCE = ("Buggy5",)


class HandoutError(LabInputError):
    pass


def write_handout(out: Path) -> list[Path]:
    if out.exists() and any(out.iterdir()):
        raise HandoutError(f"{out} is not empty. Give a new or empty folder, so no file of yours is overwritten.")
    written = []
    starter = out / "starter"
    starter.mkdir(parents=True)
    for source in sorted(asset_path("starter").iterdir()):
        if source.suffix in (".py", ".yaml") and source.name != "__init__.py":
            written.append(Path(shutil.copyfile(source, starter / source.name)))
    for variant in COMPILED + SOURCE:
        folder = out / "activity5" / variant
        folder.mkdir(parents=True)
        deck = asset_path("buggy_variants", f"{variant}/deck.py")
        if variant in COMPILED:
            # dfile: the name in tracebacks is plain deck.py, never the variant's folder.
            written.append(Path(py_compile.compile(str(deck), cfile=str(folder / "deck.pyc"), dfile="deck.py", doraise=True)))
        else:
            written.append(Path(shutil.copyfile(deck, folder / "deck.py")))
        written.append(Path(shutil.copyfile(asset_path("reference", "card.py"), folder / "card.py")))
        written.append(Path(shutil.copyfile(asset_path("starter", "deck_tester.py"), folder / "deck_tester.py")))
    readme = out / "README.md"
    readme.write_text(README.format(version=f"{sys.version_info.major}.{sys.version_info.minor}"), encoding="utf-8")
    written.append(readme)
    return written


README = """# Elevens lab (Python edition): student files

- `starter/`: the files you complete, one per class, plus `answers.yaml` for the questions.
- `activity5/Buggy1` to `Buggy4`: four Decks with one bug each, as compiled bytecode
  (`deck.pyc`) so you find the bug by testing. Put your `deck_tester.py` in each folder and run
  `python deck_tester.py` there: which method is wrong, and why?
- `activity5/Buggy5`: a Deck with several bugs, as source. Use your tester to find and fix them.

The `.pyc` files run only on Python {version}, the version that made them.
"""
