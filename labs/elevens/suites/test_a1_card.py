"""Activity 1: Card, tested the way Activity 5 teaches, over every card a game can make.

Each accessor and ``str`` are checked on all 52 ranks and suits, with point values from the
three games of the lab (Elevens, Thirteens and Tens), so every value from 0 to 13 is met, and on
a card per suit worth more than 256 (the guide's point value is any int): a Card that is right
for an ace but wrong for a king, a diamond, a 10 or a large value is caught. ``matches`` is
checked both ways round (``a.matches(b)`` and ``b.matches(a)``), against the card itself, a
duplicate, and cards that differ from it in exactly one field (catching ``or`` for ``and``, a
missing field, and a comparison that is not ``==``).
"""

import pytest
from grader_labs.elevens.standard_deck import RANKS, SUITS

from grader.checks.assertions import expect
from grader.idiom import Twin, call, text_of
from grader.sandbox import StudentError

# One value list per suit, so all 52 cards together carry every point value 0..13.
GAME_VALUES = {
    "spades": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0],       # Elevens
    "hearts": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0],     # Thirteens
    "diamonds": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],  # Tens
    "clubs": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0],        # Elevens again
}
# And one card per suit whose point value is beyond 256. The guide's constructor takes any int
# ("int cardPointValue"), and CPython shares one object for each int from -5 to 256, so a Card
# that compares point values with `is` instead of `==` passes every test above and fails here:
# each number sent to the sandbox is decoded into an int object of its own, so the duplicate
# card's value is equal to the card's, not the same object (tests/tools/test_identity_operator.py).
BIG_VALUES = {"spades": 257, "hearts": 1_000, "diamonds": 4_096, "clubs": 65_537}


def cards_of(suit: str) -> list[tuple[str, str, int]]:
    return [(rank, suit, value) for rank, value in zip(RANKS, GAME_VALUES[suit])] + [("king", suit, BIG_VALUES[suit])]


def make_all(student, all_fields: list[tuple[str, str, int]]) -> list:
    """A card for each of these field triples, made in one round trip (a Card whose constructor
    throws fails the test there, as making them one by one would)."""
    return student.batch(*[student.card.Card.later(*fields) for fields in all_fields])


# A test sends its calls in batches (Student.batch, Student.in_turn): a round trip to the sandbox
# costs as much as a hundred calls inside one, and these are a thousand calls per student.
# in_turn hands the answers back in order, so each check fails where a one-call-at-a-time loop
# would (a wrong answer before an exception is still reported as the wrong answer).
@pytest.mark.parametrize("suit", SUITS)
def test_rank(student, suit):
    all_fields = cards_of(suit)
    cards = make_all(student, all_fields)
    for fields, card, got in zip(all_fields, cards, student.in_turn(*[card.rank.later() for card in cards])):
        expect(got, fields[0], call(card, "rank"), Twin(
            "rank() should give back the first value passed to Card(...), for every rank.",
            "rank() should return the first value passed to new Card(...), for every rank."))


@pytest.mark.parametrize("suit", SUITS)
def test_suit(student, suit):
    all_fields = cards_of(suit)
    cards = make_all(student, all_fields)
    for fields, card, got in zip(all_fields, cards, student.in_turn(*[card.suit.later() for card in cards])):
        expect(got, fields[1], call(card, "suit"), Twin(
            "suit() should give back the second value passed to Card(...), for every suit.",
            "suit() should return the second value passed to new Card(...), for every suit."))


@pytest.mark.parametrize("suit", SUITS)
def test_point_value(student, suit):
    all_fields = cards_of(suit)
    cards = make_all(student, all_fields)
    for fields, card, got in zip(all_fields, cards, student.in_turn(*[card.point_value.later() for card in cards])):
        expect(got, fields[2], call(card, "point_value"), Twin(
            "point_value() should give back the number passed to Card(...), as a number, not text, whatever the rank.",
            "pointValue() should return the int passed to new Card(...), whatever the rank."))


@pytest.mark.parametrize("suit", SUITS)
def test_matches_itself_and_a_duplicate(student, suit):
    all_fields = cards_of(suit)
    made = make_all(student, [fields for fields in all_fields for _ in range(2)])
    pairs = list(zip(made[::2], made[1::2]))
    answers = student.in_turn(*[c.matches.later(d) for card, twin in pairs
                                for c, d in ((card, card), (card, twin), (twin, card))])
    for card, twin in pairs:
        expect(next(answers), True, f"c.matches(c) where c = {card.label}", "A card always matches itself.")
        expect(next(answers), True, call(card, "matches", twin), "Two cards with the same rank, suit and point value match.")
        expect(next(answers), True, call(twin, "matches", card), "Two cards with the same rank, suit and point value match.")


def one_difference(fields: tuple[str, str, int]) -> dict[str, tuple[str, str, int]]:
    """Cards that differ from ``fields`` in one field, on both sides of it (a neighbour below and
    above), so a comparison such as ``>=`` in place of ``==`` shows in one of the two calls."""
    rank, suit, value = fields
    r, s = RANKS.index(rank), SUITS.index(suit)
    return {
        "rank": (RANKS[(r + 1) % len(RANKS)], suit, value),
        "rank ": (RANKS[r - 1], suit, value),
        "suit": (rank, SUITS[(s + 1) % len(SUITS)], value),
        "point value": (rank, suit, value + 1),
        "point value ": (rank, suit, value - 1 if value else value + 2),
    }


@pytest.mark.parametrize("suit", SUITS)
def test_does_not_match_a_card_with_one_difference(student, suit):
    # Per card: the card, then each of its one-field neighbours; made in one round trip.
    groups = [(fields, one_difference(fields)) for fields in cards_of(suit)]
    made = iter(make_all(student, [f for fields, others in groups for f in (fields, *others.values())]))
    checks = []  # (card, other, which field differs)
    for fields, others in groups:
        card = next(made)
        checks += [(card, next(made), field) for field in others]
    answers = student.in_turn(*[c.matches.later(d) for card, other, _ in checks for c, d in ((card, other), (other, card))])
    for card, other, field in checks:
        hint = Twin(f"These cards differ only in {field.strip()}. matches must check rank AND suit AND point value "
                    "(use `and`, not `or`, and `==` for each), whichever card you call it on.",
                    f"These cards differ only in {field.strip()}. matches must check rank AND suit AND point value "
                    "(use `&&`, not `||`; `.equals` for the Strings and `==` for the point value), whichever card "
                    "you call it on.")
        expect(next(answers), False, call(card, "matches", other), hint)
        expect(next(answers), False, call(other, "matches", card), hint)


def test_does_not_match_a_completely_different_card(student):
    pairs = [(("ace", "hearts", 1), ("queen", "clubs", 3)), (("king", "diamonds", 13), ("2", "spades", 0))]
    for first, second in pairs:
        card, other = make_all(student, [first, second])
        expect(card.matches(other), False, call(card, "matches", other))
        expect(other.matches(card), False, call(other, "matches", card))


def made_in_turn(student, all_fields: list[tuple[str, str, int]]) -> tuple[list, StudentError | None]:
    """The cards for these field triples, made in one round trip, up to the first whose
    constructor throws, and that error (None if every card was made)."""
    made = student.in_turn(*[student.card.Card.later(*fields) for fields in all_fields])
    cards = []
    for _ in all_fields:
        try:
            cards.append(next(made))
        except StudentError as error:
            return cards, error
    return cards, None


@pytest.mark.parametrize("suit", SUITS)
def test_str(student, suit):
    # The cards made in one round trip and their texts read in another (not 26). A constructor
    # that throws fails the test only after the texts of the cards before it are checked, as
    # when each card was made and read in turn.
    all_fields = cards_of(suit)
    cards, error = made_in_turn(student, all_fields)
    for fields, card, got in zip(all_fields, cards, student.in_turn(*[card.text_later() for card in cards])):
        expected = f"{fields[0]} of {fields[1]} (point value = {fields[2]})"
        expect(got, expected, text_of(card), "Check spaces, the word 'of', and the brackets exactly.")
    if error is not None:
        raise error
