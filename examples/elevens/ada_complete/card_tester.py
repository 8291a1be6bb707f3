"""Activity 5: a systematic tester for Card. Stops at the first wrong answer.

Cards c3, c4 and c5 each differ from c1 in exactly one field, so a method that reads the wrong
field, or ``matches`` written with ``or`` instead of ``and``, is caught.
"""

from card import Card


def test_accessors() -> None:
    c1 = Card("ace", "hearts", 1)
    c6 = Card("queen", "clubs", 3)
    assert c1.rank() == "ace", f"rank of c1 should be 'ace', got {c1.rank()!r}"
    assert c1.suit() == "hearts", f"suit of c1 should be 'hearts', got {c1.suit()!r}"
    assert c1.point_value() == 1, f"point value of c1 should be 1, got {c1.point_value()!r}"
    assert c6.rank() == "queen", f"rank of c6 should be 'queen', got {c6.rank()!r}"
    assert c6.suit() == "clubs", f"suit of c6 should be 'clubs', got {c6.suit()!r}"
    assert c6.point_value() == 3, f"point value of c6 should be 3, got {c6.point_value()!r}"


def test_matches() -> None:
    c1 = Card("ace", "hearts", 1)
    c2 = Card("ace", "hearts", 1)
    one_difference = [Card("ace", "hearts", 2), Card("ace", "spades", 1), Card("king", "hearts", 1)]
    assert c1.matches(c1), "a card should match itself"
    assert c1.matches(c2), "two cards with the same rank, suit and value should match"
    for other in one_difference + [Card("queen", "clubs", 3)]:
        assert not c1.matches(other), f"{c1} should not match {other}"


def test_str() -> None:
    assert str(Card("ace", "hearts", 1)) == "ace of hearts (point value = 1)"
    assert str(Card("queen", "clubs", 3)) == "queen of clubs (point value = 3)"


if __name__ == "__main__":
    test_accessors()
    test_matches()
    test_str()
    print("All tests passed!")
