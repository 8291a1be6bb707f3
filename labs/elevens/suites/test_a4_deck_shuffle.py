"""Activity 4: Deck.shuffle, beside the reference Card.

The suite plants its own cards in ``deck.cards`` and watches their order there, so a broken
constructor or ``deal`` (Activity 2's) cannot cost points here; only the test of the undealt
count has to ask ``size()``.
"""

from grader_labs.elevens.shuffle_checks import (
    ORDER_ITEMS,
    expect_permutation,
    expect_permutations,
    expect_uniform_orders,
)
from grader_labs.elevens.standard_deck import RANKS, SUITS

from grader.assertions import expect

CARD_NAMES = [["self"], ["attr", "cards"], ["each", "__str__"]]


def deck_holding(student, ranks: list[str], suits: list[str]):
    """A student Deck whose ``cards`` are reference Cards we made, in this order."""
    deck = student.deck.Deck(["ace"], ["spades"], [1])
    deck.set("cards", student.batch(*[student.card.Card.later(rank, suit, 1) for suit in suits for rank in ranks]))
    return deck.relabel(f"a Deck holding {len(ranks) * len(suits)} cards")


def test_shuffle_keeps_every_card_exactly_once(student):
    deck = deck_holding(student, RANKS, SUITS)
    full = [f"{rank} of {suit} (point value = 1)" for suit in SUITS for rank in RANKS]
    for number, names in enumerate(deck.shuffle.sample(3, observe=CARD_NAMES), start=1):
        expect_permutation(names, full, f"{deck.label}.cards after shuffle() number {number}",
                           "shuffle() only swaps cards inside the list `cards`; it never removes, adds or copies one.")


def test_shuffle_makes_every_card_undealt_again(student):
    # A 1-card deck given 6 cards: only a shuffle that resets the count from len(cards) says 6.
    # (Dealing first would make a broken deal() cost points here too; it belongs to Activity 2.)
    deck = deck_holding(student, ["A", "B", "C"], ["Giraffes", "Lions"])
    deck.shuffle()
    expect(deck.size(), 6, f"{deck.label}.size() after shuffle()",
           "After shuffling, every card is undealt again: set the count back to len(cards).")


def test_shuffle_makes_every_order_equally_likely(student):
    ranks = RANKS[:ORDER_ITEMS]
    deck = deck_holding(student, ranks, ["spades"])
    # Each shuffle starts from the order the last one left; what must be uniform is the
    # rearrangement each shuffle makes, so compare every order with the one before it. The
    # check draws in stages: the first stage shuffles once more than it observes, and each later
    # stage's first order is compared with the last order of the stage before.
    last, shuffles = [], 0  # the order the stage before ended with; shuffles so far

    def moves(count: int) -> list[list]:
        nonlocal last, shuffles
        orders = deck.shuffle.sample(count + (0 if last else 1), observe=[["self"], ["attr", "cards"], ["each", "rank"]])
        expect_permutations(orders, ranks, f"the ranks in {deck.label}.cards after shuffle()", first=shuffles + 1)
        shuffles += len(orders)
        orders, last = last + orders, orders[-1:]
        return [[ranks[before.index(card)] for card in now] for before, now in zip(orders, orders[1:])]

    expect_uniform_orders(moves, ranks, f"{deck.label}.shuffle() (the rearrangement it made)")
