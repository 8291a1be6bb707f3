"""The student handout: the starter files (as every lab hands them out) and a README with what
the folder holds, how to check it, and the lab's specification (docs/labs/up-down-stay.md).

    OUT/starter/     every starter file: card.py, deck.py, uds_players.py and the files to complete
    OUT/README.md    what the folder holds, then the specification
"""

from pathlib import Path

from grader.lab.handouts import CHECK_YOUR_WORK, starter_handout

README = """# Up/Down/Stay lab: your files

`starter/` holds the files you complete (uds_cards.py, uds_deal.py, uds_changes.py,
uds_predictions.py, uds_game.py, uds_tester.py, uds_simulation.py) and the files you are given:
card.py and deck.py (a Card and a Deck like the ones you wrote in Elevens; the grader always
uses its own copies) and uds_players.py.

"""


def write_handout(out: Path) -> list[Path]:
    from grader_labs.up_down_stay import LAB

    return starter_handout(LAB, out, README + CHECK_YOUR_WORK.format(lab=LAB.id))  # refuses a folder that is not empty
