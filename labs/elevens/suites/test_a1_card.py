"""Activity 1: Card, tested the way Activity 5 teaches.

Accessors are checked on cards whose fields all differ, so a method that returns the wrong
field is caught; ``matches`` is checked against itself, a duplicate, and three cards that each
differ from it in exactly one field (catching ``or`` for ``and`` and copy-paste slips).
"""

import pytest

from grader.assertions import expect

CARDS = [("ace", "hearts", 1), ("queen", "clubs", 3), ("7", "spades", 12)]
ONE_DIFFERENCE = {
    "rank": ("king", "hearts", 1),
    "suit": ("ace", "spades", 1),
    "point value": ("ace", "hearts", 2),
}


def make(student, fields):
    return student.card.Card(*fields)


@pytest.mark.parametrize("fields", CARDS, ids=lambda f: "-".join(map(str, f)))
def test_rank(student, fields):
    card = make(student, fields)
    expect(card.rank(), fields[0], f"{card.label}.rank()", "rank() should give back the first value passed to Card(...).")


@pytest.mark.parametrize("fields", CARDS, ids=lambda f: "-".join(map(str, f)))
def test_suit(student, fields):
    card = make(student, fields)
    expect(card.suit(), fields[1], f"{card.label}.suit()", "suit() should give back the second value passed to Card(...).")


@pytest.mark.parametrize("fields", CARDS, ids=lambda f: "-".join(map(str, f)))
def test_point_value(student, fields):
    card = make(student, fields)
    expect(card.point_value(), fields[2], f"{card.label}.point_value()", "point_value() should give back the number passed to Card(...), as a number, not text.")


def test_matches_itself_and_a_duplicate(student):
    card = make(student, CARDS[0])
    expect(card.matches(card), True, f"c.matches(c) where c = {card.label}", "A card always matches itself.")
    twin = make(student, CARDS[0])
    expect(card.matches(twin), True, f"{card.label}.matches({twin.label})", "Two cards with the same rank, suit and point value match.")


@pytest.mark.parametrize("field", list(ONE_DIFFERENCE))
def test_does_not_match_a_card_with_one_difference(student, field):
    card = make(student, CARDS[0])
    other = make(student, ONE_DIFFERENCE[field])
    expect(card.matches(other), False, f"{card.label}.matches({other.label})",
           f"These cards differ only in {field}. matches must check rank AND suit AND point value (use `and`, not `or`).")


def test_does_not_match_a_completely_different_card(student):
    card = make(student, CARDS[0])
    other = make(student, CARDS[1])
    expect(card.matches(other), False, f"{card.label}.matches({other.label})")


@pytest.mark.parametrize("fields", CARDS[:2], ids=lambda f: "-".join(map(str, f)))
def test_str(student, fields):
    card = make(student, fields)
    expected = f"{fields[0]} of {fields[1]} (point value = {fields[2]})"
    expect(card.text(), expected, f"str({card.label})", "Check spaces, the word 'of', and the brackets exactly.")
