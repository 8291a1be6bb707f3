"""Activity 5: a systematic tester for Deck, small decks first. Stops at the first wrong answer.

A 1-card deck, then a 2-card deck (which may deal its cards in either order), then shuffles of a
full deck, then a check that shuffling a 3-card deck reaches all six of its orders. Each check says what it called and what came back.
"""

from deck import Deck


def check_empty(deck: Deck) -> None:
    assert deck.is_empty(), "is_empty() is False for a deck with no cards left"
    assert deck.size() == 0, f"size() is {deck.size()} for a deck with no cards left, should be 0"
    for _ in range(2):
        assert deck.deal() is None, "deal() on an empty deck should return None"
    assert deck.size() == 0, f"size() went to {deck.size()} after dealing from an empty deck"


def test_1_card_deck() -> None:
    deck = Deck(["ace"], ["hearts"], [1])
    assert deck.size() == 1, f"size() of a new 1-card deck is {deck.size()}, should be 1"
    assert not deck.is_empty(), "is_empty() is True for a new 1-card deck"
    card = deck.deal()
    assert card is not None, "deal() returned None for a 1-card deck"
    assert (card.rank(), card.suit(), card.point_value()) == ("ace", "hearts", 1), f"dealt {card}"
    check_empty(deck)


def test_2_card_deck() -> None:
    deck = Deck(["ace", "king"], ["hearts"], [1, 13])
    assert deck.size() == 2, f"size() of a new 2-card deck is {deck.size()}, should be 2"
    first = deck.deal()
    assert first is not None, "first deal() from a 2-card deck returned None"
    assert deck.size() == 1, f"size() after one deal is {deck.size()}, should be 1"
    assert not deck.is_empty(), "is_empty() is True with one card left"
    second = deck.deal()
    assert second is not None, "second deal() from a 2-card deck returned None"
    dealt = sorted((c.rank(), c.point_value()) for c in (first, second))
    assert dealt == [("ace", 1), ("king", 13)], f"dealt {first} and {second}"
    check_empty(deck)


def test_shuffle() -> None:
    ranks = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
    suits = ["spades", "hearts", "diamonds", "clubs"]
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0]
    deck = Deck(ranks, suits, values)
    for _ in range(10):
        deck.deal()
    deck.shuffle()
    assert deck.size() == 52, f"size() after shuffle is {deck.size()}, should be 52"
    dealt = [deck.deal() for _ in range(52)]
    assert None not in dealt, "a shuffled 52-card deck ran out before 52 deals"
    names = {str(card) for card in dealt}
    assert len(names) == 52, f"a shuffled deck dealt only {len(names)} different cards"
    # Two shuffled decks dealing the same 52-card order by chance has probability 1/52!.
    other = Deck(ranks, suits, values)
    assert [str(other.deal()) for _ in range(52)] != [str(c) for c in dealt], (
        "two shuffled decks dealt identical sequences: shuffle() does not shuffle"
    )
    check_empty(deck)


def test_shuffle_reaches_every_order() -> None:
    # A 3-card deck has 6 orders; a correct shuffle misses one of them in 600 shuffles with
    # probability below 6 * (5/6)**600, about 1e-47. A shuffle that never moves some card, or
    # never swaps a card with itself, never reaches some orders at all.
    # A new deck each time: each one is shuffled once, from the same starting order. (Shuffling
    # one deck again and again can wander into every order even when a single shuffle cannot.)
    seen = set()
    for _ in range(600):
        deck = Deck(["a", "b", "c"], ["spades"], [1, 2, 3])
        seen.add(tuple(card.rank() for card in deck.cards))
    assert len(seen) == 6, f"600 shuffles of a 3-card deck reached only {len(seen)} of its 6 orders"


if __name__ == "__main__":
    test_1_card_deck()
    test_2_card_deck()
    test_shuffle()
    test_shuffle_reaches_every_order()
    print("All tests passed!")
