"""Activity 2: Deck, small decks first: one card, two cards, then a full 52-card deck.

Runs beside the reference Card, and with the student's ``shuffle`` switched off (rubric key
``disable``), so only the constructor, ``size``, ``is_empty`` and ``deal`` are judged here:
a missing or broken shuffle costs points in Activity 4 alone. The deck is observed only
through its methods and the ``cards`` list the lab asks for.
"""

import pytest
from grader_labs.elevens.standard_deck import ELEVENS_POINTS as VALUES
from grader_labs.elevens.standard_deck import RANKS, SUITS

from grader.assertions import expect, expect_instance, fail
from grader.idiom import Raw, Twin, call, code, new, say, show, size_of, text_of
from grader.sandbox import StudentError

EMPTY_HINT = Twin("When size() is 0 the deck is empty: deal() returns None and size() stays 0.",
                  "When size() is 0 the deck is empty: deal() returns null and size() stays 0.")
FULL_DECK = (Raw("<13 ranks>"), Raw("<4 suits>"), Raw("<13 values>"))


def fields(card) -> tuple:
    return (card.rank(), card.suit(), card.point_value())


def fields_of(student, cards: list) -> list[tuple]:
    """(rank, suit, point value) of many cards in one round trip."""
    calls = [method.later() for card in cards for method in (card.rank, card.suit, card.point_value)]
    values = student.batch(*calls)
    return [tuple(values[i:i + 3]) for i in range(0, len(values), 3)]


def one_card_deck(student):
    return student.deck.Deck(["ace"], ["hearts"], [1])


def two_card_deck(student):
    return student.deck.Deck(["ace", "king"], ["hearts"], [1, 13])


def test_new_1_card_deck_has_size_1(student):
    deck = one_card_deck(student)
    expect(deck.size(), 1, call(deck, "size"), "A new deck has every card left to deal.")
    expect(deck.is_empty(), False, call(deck, "is_empty"), "A deck with 1 card left is not empty.")


def test_1_card_deck_deals_its_card(student):
    deck = one_card_deck(student)
    card = expect_instance(deck.deal(), call(deck, "deal"), Twin("deal() should return the Card, not None, while size() > 0.",
                                                                 "deal() should return the Card, not null, while size() > 0."))
    expect(fields(card), ("ace", "hearts", 1), f"rank, suit and point value of the card from {call(deck, 'deal')}")


def test_1_card_deck_is_empty_after_one_deal(student):
    deck = one_card_deck(student)
    deck.deal()
    expect(deck.size(), 0, f"{call(deck, 'size')} after one deal()")
    expect(deck.is_empty(), True, f"{call(deck, 'is_empty')} after one deal()",
           Twin("is_empty() is True exactly when size() is 0.", "isEmpty() is true exactly when size() is 0."))


def test_empty_deck_deals_none_again_and_again(student):
    deck = one_card_deck(student)
    deck.deal()
    for attempt in range(1, 4):
        expect(deck.deal(), None, f"deal() number {attempt + 1} from {deck.label}", EMPTY_HINT)
        expect(deck.size(), 0, f"{call(deck, 'size')} after {attempt + 1} deals", say(EMPTY_HINT) + " It must never go below 0.")


def test_2_card_deck_counts_down(student):
    deck = two_card_deck(student)
    for dealt, left in enumerate([2, 1, 0]):
        expect(deck.size(), left, f"{call(deck, 'size')} after {dealt} deal(s)")
        expect(deck.is_empty(), left == 0, f"{call(deck, 'is_empty')} after {dealt} deal(s)")
        if left:
            deck.deal()


def test_2_card_deck_deals_both_cards_once(student):
    deck = two_card_deck(student)
    first = expect_instance(deck.deal(), f"first {call(deck, 'deal')}")
    second = expect_instance(deck.deal(), f"second {call(deck, 'deal')}")
    got = sorted([fields(first), fields(second)])
    expect(got, [("ace", "hearts", 1), ("king", "hearts", 13)], f"the two cards dealt by {deck.label} (in either order)",
           "Each card should be dealt exactly once.")


def test_constructor_pairs_each_rank_with_its_value_in_every_suit(student):
    deck = student.deck.Deck(["A", "B", "C"], ["Giraffes", "Lions"], [2, 1, 6])
    dealt = [deck.deal() for _ in range(6)]
    got = sorted(fields(expect_instance(c, f"deal() number {i + 1} from {deck.label}")) for i, c in enumerate(dealt))
    wanted = sorted((r, s, v) for s in ["Giraffes", "Lions"] for r, v in zip("ABC", [2, 1, 6]))
    expect(got, wanted, f"the cards dealt by {deck.label}", "ranks[i] goes with values[i], once in each suit.")
    expect(deck.deal(), None, "deal() number 7 from a 6-card deck", EMPTY_HINT)


def test_full_deck_deals_52_different_cards(student):
    deck = student.deck.Deck(RANKS, SUITS, VALUES)
    expect(deck.size(), 52, call(new("Deck", *FULL_DECK), "size"))
    dealt = deck.deal.repeat(52)
    if any(card is None for card in dealt):
        fail(f"a 52-card deck returned {show(None)} on deal() number {dealt.index(None) + 1}", EMPTY_HINT)
    for number, card in enumerate(dealt, start=1):
        expect_instance(card, f"deal() number {number} from a full deck")
    got = sorted(fields_of(student, dealt))
    wanted = sorted((r, s, v) for s in SUITS for r, v in zip(RANKS, VALUES))
    expect(got, wanted, "the 52 cards dealt by a full deck", "Every card must be dealt exactly once.")
    expect(deck.deal(), None, "deal() number 53 from a full deck", EMPTY_HINT)


def test_cards_list_keeps_every_card(student):
    deck = student.deck.Deck(["A", "B", "C"], ["Giraffes", "Lions"], [2, 1, 6])
    expect(len_of_cards(deck), 6, size_of(deck, "cards"), Twin("The constructor puts every card in the list attribute `cards`.",
                                                                "The constructor puts every card in the field `cards`, a List<Card>."))
    before = fields_of(student, deck.get("cards"))
    for dealt in range(1, 7):
        card = expect_instance(deck.deal(), f"deal() number {dealt} from {deck.label}")
        expect(len_of_cards(deck), 6, f"{size_of(deck, 'cards')} after {dealt} deal(s)", ALGORITHM_2)
        # Algorithm 2: the count goes down by one and the card dealt is cards[count], so the
        # dealt cards are always cards[size():], the last card of the list first.
        expect(fields(card), before[6 - dealt],
               f"deal() number {dealt} from {deck.label} (cards holds {', '.join(map(show, before))})", ALGORITHM_2)
    expect(fields_of(student, deck.get("cards")), before, f"{deck.label}.cards after dealing every card",
           "deal() never moves or changes the cards in the list; it only lowers the count.")


ALGORITHM_2 = Twin("Use the lab's Algorithm 2: deal() lowers the count by one and returns cards[count]; "
                   "nothing is removed from the list.",
                   "Use the lab's Algorithm 2: deal() lowers size by one and returns cards.get(size); "
                   "nothing is removed from the list.")


def len_of_cards(deck):
    cards = deck.get("cards")
    if type(cards) is not list:
        fail(f"{deck.label}.cards\n  expected: a list of cards\n  got:      {code(cards)}",
             Twin("Store the cards in a list attribute named `cards`.", "Keep the cards in a field named `cards`, a List<Card>."))
    return len(cards)


@pytest.mark.parametrize("deals", [1, 3, 5])
def test_size_counts_only_undealt_cards(student, deals):
    deck = student.deck.Deck(["A", "B", "C"], ["Giraffes", "Lions"], [2, 1, 6])
    for _ in range(deals):
        deck.deal()
    expect(deck.size(), 6 - deals, f"{call(deck, 'size')} after {deals} deal(s)", "size() is the number of cards left to deal.")


def test_str_returns_text(student):
    """Some text for a deck as built, part dealt and dealt out: a str that breaks once cards are
    dealt (an index past the dealt cards) gives no text. A deal() that raises costs points in the
    dealing tests, not here."""
    deck = two_card_deck(student)
    for dealt in range(3):
        if dealt:
            try:
                deck.deal()
            except StudentError:
                return
        text = deck.text()
        if not isinstance(text, str) or not text:
            fail(f"{text_of(deck)} after {dealt} deal(s)\n  expected: some text describing the deck\n  got:      {code(text)}")
