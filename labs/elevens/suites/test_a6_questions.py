"""The lab's questions that have exactly one right answer, answered in answers.yaml.

Feedback says what was wrong and gives a hint, never the answer itself. Questions that ask for
an explanation are not autograded; docs/lab.md lists them.

Each test first checks the answer's format (it is there, and reads as the kind of answer asked:
a whole number, a list of them, plays made of cards), then whether it is right. The student kit
holds none of these answers (each question has few possible answers, so any trace of one gives
it away: grader/lab/answer_key.py), so there a test stops after the format, and its points are the
teacher's to give (grader/kit/teacher_checks.py).
"""

from pathlib import Path

from grader_labs.elevens.card_notation import parse_card
from grader.lab.answer_key import AnswerKey
from grader.checks.assertions import fail, show
from grader.idiom import Twin, say

# The right answers: in clear for the teacher's grader; in the student kit, only which questions it
# leaves to the teacher.
KEY = AnswerKey.load(Path(__file__).with_name("answer_key.yaml"))

MISSING = "Copy answers.yaml from the starter files and fill in the answer after the colon."


def answer(answers: dict, key: str, question: str):
    if key not in answers or answers[key] in (None, "", []):
        fail(f"{question}\n  answers.yaml has no answer for `{key}`", MISSING)
    return answers[key]


def wrong(key: str, question: str, given, hint: str) -> None:
    fail(f"{question}\n  your answer (`{key}`): {show(given)}\n  That is not right.", hint)


def unreadable(key: str, question: str, given, kind: str) -> None:
    fail(f"{question}\n  your answer (`{key}`): {show(given)}\n  That is not {kind}.",
         "Write it with digits (12, not twelve), in the form the question's example shows.")


def teacher_checks(key: str) -> bool:
    """Whether this grader holds no answer to ``key`` (the student kit): the format was all it could check."""
    return KEY.teacher_checks(key)


def as_int(value):
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def as_int_list(value):
    if not isinstance(value, list):
        return None
    numbers = [as_int(item) for item in value]
    return None if None in numbers else numbers


def test_deck_size_question(answers):
    question = say(Twin("Activity 2: how many cards are in Deck(['jack', 'queen', 'king'], ['blue', 'red'], [11, 12, 13])?",
                        'Activity 2: how many cards are in new Deck(new String[] {"jack", "queen", "king"}, '
                        'new String[] {"blue", "red"}, new int[] {11, 12, 13})?'))
    given = answer(answers, "deck_size", question)
    if as_int(given) is None:
        unreadable("deck_size", question, given, "a whole number, such as 12")
    if teacher_checks("deck_size"):
        return
    if not KEY.is_right("deck_size", as_int(given)):
        wrong("deck_size", question, given, "The deck holds one card for every rank in every suit.")


def test_selection_shuffle_question(answers):
    question = ("Activity 3: which random numbers r (for k = 3, then 2, then 1) make the selection "
                "shuffle turn [1, 2, 3, 4] into [4, 3, 2, 1]? Answer as a list like [2, 0, 1].")
    given = answer(answers, "selection_shuffle_r", question)
    if as_int_list(given) is None or len(given) != 3:
        unreadable("selection_shuffle_r", question, given, "a list of three whole numbers, such as [2, 0, 1]")
    if teacher_checks("selection_shuffle_r"):
        return
    if not KEY.is_right("selection_shuffle_r", as_int_list(given)):
        wrong("selection_shuffle_r", question, given,
              "Trace it on paper: each step swaps the item at k with the item at r. Write down the list after each swap.")


def test_plays_question(answers):
    question = ("Activity 6: list every play on the board 5♠ 4♥ 2♦ 6♣ A♠ J♥ K♦ 5♣ 2♠, each as a list of "
                "cards, like [[\"5S\", \"6C\"], ...].")
    given = answer(answers, "plays", question)
    plays = set()
    for play in given if isinstance(given, list) else [given]:
        cards = [parse_card(c) for c in play] if isinstance(play, list) else [None]
        if None in cards:
            fail(f"{question}\n  could not read the play {show(play)}",
                 "Write each play as a list of cards such as [\"5S\", \"6C\"] or [\"5♠\", \"6♣\"].")
        plays.add(frozenset(cards))
    if teacher_checks("plays"):
        return
    # Each play as the key holds it: its cards as [rank, suit] pairs, sorted.
    normalised = [sorted([list(card) for card in play]) for play in plays]
    not_plays = [play for play in normalised if not KEY.is_member("plays", play)]
    if not_plays or len(normalised) != KEY.count("plays"):
        hint = ("Some of your plays are not plays: two cards must add up to 11, or be one J, one Q and one K."
                if not_plays else "A play is missing: check every pair of cards, and the face cards.")
        wrong("plays", question, given, hint)


def test_card_indexes_question(answers):
    question = say(Twin("Activity 7: what does card_indexes() return when cards holds J♥ 6♣ None 2♠ None None A♠ 4♥ None?",
                        "Activity 7: what does cardIndexes() return when cards holds J♥ 6♣ null 2♠ null null A♠ 4♥ null?"))
    given = answer(answers, "card_indexes", question)
    if as_int_list(given) is None:
        unreadable("card_indexes", question, given, "a list of whole numbers, such as [2, 5]")
    if teacher_checks("card_indexes"):
        return
    if not KEY.is_right("card_indexes", as_int_list(given)):
        wrong("card_indexes", question, given, Twin("card_indexes() lists the places (0 to 8) that hold a card, smallest first.",
                                                    "cardIndexes() lists the places (0 to 8) that hold a card, smallest first."))
