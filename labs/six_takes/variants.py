"""The versions a student's 6 Takes! tester is run against in Activity 5, read from
buggy_variants/six-takes/ by grader/testers/wrong_versions.py; this module fixes the lab's choices.

A tester run swaps ONE of the four graded files (takes_cards.py, takes_table.py,
takes_turn.py, takes_game.py) for the version under test; every other file it may import
(those, the given files and the simulation) is the reference's, under its usual name.
"""

from grader_labs.six_takes import LAB

from grader.kit.edition import is_kit
from grader.testers.wrong_versions import YOURS, WrongVersions

# variants.yaml's kinds, by the file each one replaces.
KINDS = {"cards": "takes_cards.py", "table": "takes_table.py", "turn": "takes_turn.py", "game": "takes_game.py"}
# A tester may import any of the lab's modules: the simulation is never varied, but a tester that
# also checks it must find it.
TESTER_FILES = ("card.py", "deck.py", "takes_players.py", "takes_simulation.py", *KINDS.values())
VERSIONS = WrongVersions(LAB, TESTER_FILES)


def correct() -> list[tuple[str, str]]:
    """(folder, file) pairs a tester must accept: the reference, then each file of every second
    correct version on its own. A student kit has neither: its tester must accept the student's
    own version of each file (grader/kit/own_files.py)."""
    if is_kit():
        return [(YOURS, name) for name in KINDS.values()]
    pairs = [("reference", "takes_cards.py")]
    for entry in VERSIONS.variants["correct"]:
        pairs += [(entry["id"], name) for name in entry["files"]]
    return pairs
