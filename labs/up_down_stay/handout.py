"""The student handout: the starter files (as every lab hands them out), and the lab's handout
text in the README when the grader runs from a checkout (docs/ is not installed with a wheel;
then the README says where to find it).

    OUT/starter/     every starter file: card.py, deck.py, uds_players.py and the files to complete
    OUT/README.md    what the folder holds, and the handout text when it is available
"""

from pathlib import Path

from grader.assets import REPOSITORY
from grader.handouts import starter_handout

HANDOUT = REPOSITORY / "docs" / "labs" / "up-down-stay.md"
README = """# Up/Down/Stay lab: student files

`starter/` holds the files you complete (uds_cards.py, uds_deal.py, uds_changes.py,
uds_predictions.py, uds_game.py, uds_tester.py, uds_simulation.py) and the files you are given:
card.py and deck.py (the Elevens reference; the grader always uses its own copies) and
uds_players.py. Check your work with `grader check starter` at any time.
"""


def write_handout(out: Path) -> list[Path]:
    from grader_labs.up_down_stay import LAB

    written = starter_handout(LAB, out)  # refuses a folder that is not empty
    text = README
    if HANDOUT.is_file():
        text += "\n---\n\n" + HANDOUT.read_text(encoding="utf-8")
    else:
        text += "\nThe rules and the grading contract are in the grader's docs/labs/up-down-stay.md.\n"
    readme = out / "README.md"
    readme.write_text(text, encoding="utf-8")  # in place of the plain one
    return written
