"""The Elevens lab (AP CS A): Card, Deck, shuffles, an abstract Board and its games, a
simulation, and the students' own testers. docs/lab.md is its handout and grading contract.

Its files are the bundled lab folders (``reference/elevens/``, ...); its suites are in
``suites/``; its trusted helpers beside them: planting boards and decks (planting.py), whole
games by the rules (games.py), the statistical shuffle checks (shuffle_checks.py,
shuffle_models.py), the wrong classes students' testers must catch (variants.py), the Deck
diagnosis (diagnosis/) and the handouts (handout.py, java_handout.py).
"""

from pathlib import Path

from grader.lab.assets import bundled_lab
from grader.java.contract import OptionalMethod
from grader.lab.registry import JavaProgram, PlayableGame


def _diagnose(path: Path) -> int:
    from grader_labs.elevens.diagnosis.paths import diagnose_path

    return diagnose_path(path)


def _handout(out: Path) -> list[Path]:
    from grader_labs.elevens.handout import write_handout

    return write_handout(out)


def _java_handout(out: Path) -> list[Path]:
    from grader_labs.elevens.java_handout import write_java_handout

    return write_java_handout(out)


def _after_check(rubric, result, folder: Path, shown_as: Path) -> None:
    from grader_labs.elevens.diagnosis.after_check import offer_diagnosis

    offer_diagnosis(rubric, result, folder, shown_as)


def _causes(rubric, result, folder: Path) -> list[str]:
    from grader_labs.elevens.diagnosis.after_check import name_causes

    return name_causes(rubric, result, folder)


def _read_share_won(text: str, games: int) -> tuple[float | None, str]:
    from grader_labs.elevens.simulation_output import read_share_won

    return read_share_won(text, games)


# The methods an activity adds to a file an earlier activity already grades: a Java activity none
# of whose methods is written (missing, or still the starter's placeholder) is "not started"
# (docs/java.md). Only such activities are listed: a file's first activity is judged by the file
# (a Card that does not compile yet is someone's work, and its compiler error is what helps).
JAVA_METHODS = (
    ("A4", ("Deck.shuffle",)),
    ("A11", ("ElevensBoard.findPairSum11", "ElevensBoard.findJQK", "ElevensBoard.playIfPossible")),
)

# The AP guide asks for playIfPossible on ElevensBoard only (Activity 11); a Thirteens or Tens
# board copied from it carries the placeholder. For a Java board the tests that call it are
# advisory, declared or not (grader/java/contract.py); Python's handout asks for it.
_PLAY_TESTS = ("test_play_if_possible_makes_one_play_or_none", "test_a_whole_game_from_a_planted_deck_ends_as_the_rules_say")
_AP_FILES = "the AP lab's own files"
JAVA_OPTIONAL_METHODS = (
    OptionalMethod("A10", "ThirteensBoard.playIfPossible", _PLAY_TESTS, _AP_FILES),
    OptionalMethod("bonus-tens", "TensBoard.playIfPossible", _PLAY_TESTS, _AP_FILES),
)

LAB = bundled_lab(
    "elevens",
    "AP CS A Elevens lab (Python edition)",
    __file__,
    spec="lab.md",
    diagnose=_diagnose,
    handout=_handout,
    java_handout=_java_handout,
    after_check=_after_check,
    causes=_causes,
    mutation="grader_labs.elevens.mutation",
    # Graded in Java too (docs/java.md): the same suites call Card.java and Deck.java.
    java_activities=("A1", "A2", "A3", "A4", "A5", "A5b", "A8", "A9", "A10", "A11", "A11b", "bonus-tens"),
    java_methods=JAVA_METHODS,
    java_optional_methods=JAVA_OPTIONAL_METHODS,
    # The College Board's ElevensSimulation has only a main (GAMES_TO_PLAY games, a debugging
    # switch, the share won printed): simulate(n) runs it with GAMES_TO_PLAY = n (docs/java.md).
    java_programs=(JavaProgram("elevens_simulation", "simulate", count="GAMES_TO_PLAY",
                               quiet=("I_AM_DEBUGGING", "DEBUG", "DEBUGGING"), read=_read_share_won),),
    # `grader play`: each board on the lab's own Card, Deck and Board, as its activity grades it;
    # --lab-board serves the game from its rules (games.py), in the kit too.
    games=(
        PlayableGame("elevens", "Elevens", "elevens_board.py", "ElevensBoard", ("card.py", "deck.py", "board.py"),
                     rules="grader_labs.elevens.games:ELEVENS"),
        PlayableGame("thirteens", "Thirteens", "thirteens_board.py", "ThirteensBoard", ("card.py", "deck.py", "board.py"),
                     rules="grader_labs.elevens.games:THIRTEENS"),
        PlayableGame("tens", "Tens", "tens_board.py", "TensBoard", ("card.py", "deck.py", "board.py"),
                     rules="grader_labs.elevens.games:TENS"),
    ),
)
