"""The versions a student's Up/Down/Stay tester is run against in Activity 6, read from
buggy_variants/up-down-stay/ by grader/testers/wrong_versions.py; this module fixes the lab's choices.

A run holds the student's tester, ONE student file in the version under test (reference,
second correct version, or a named buggy variant: variants.yaml's ``buggy`` list, each naming
its ``file``), and the reference of every other file the tester may import, so each run judges
one file alone.
"""

from grader_labs.up_down_stay import LAB

from grader.testers.wrong_versions import WrongVersions

TESTED_FILES = ("uds_cards.py", "uds_deal.py", "uds_changes.py", "uds_predictions.py", "uds_game.py")
# Everything a tester may import: the given files, the five files above, and the simulation
# (a tester may check it too; it is never the file under test).
TESTER_FILES = ("card.py", "deck.py", "uds_players.py", *TESTED_FILES, "uds_simulation.py")
VERSIONS = WrongVersions(LAB, TESTER_FILES)
