"""Activity 4: Deck.shuffle, beside the reference Card.

The suite plants its own cards in ``deck.cards`` and watches their order there, so a broken
constructor or ``deal`` (Activity 2's) cannot cost points here; only the test of the undealt
count has to ask ``size()``, and it checks the reset only where ``deal()`` lowered the count.
A planted list always has as many cards as the deck was built with: a Deck may remember its
length from the constructor (the guide's Deck never changes it), and that is correct.
"""

from grader_labs.elevens.shuffle_checks import (
    DECK_SHUFFLES,
    ORDER_ITEMS,
    expect_every_place_changes,
    expect_permutation,
    expect_permutations,
    expect_uniform_orders,
)
from grader_labs.elevens.standard_deck import ELEVENS_POINTS, RANKS, SUITS

from grader.checks.assertions import expect, fail
from grader.sandbox.errors import StudentError
from grader.idiom import Raw, Twin, call
from grader.idiom import new as made

CARD_NAMES = [["self"], ["attr", "cards"], ["each", "__str__"]]


def deck_holding(student, ranks: list[str], suits: list[str]):
    """A student Deck of these ranks and suits whose ``cards`` are reference Cards we made, in
    this order (as many as the deck was built with)."""
    deck = student.deck.Deck(ranks, suits, [1] * len(ranks))
    deck.set("cards", student.batch(*[student.card.Card.later(rank, suit, 1) for suit in suits for rank in ranks]))
    return deck.relabel(f"a Deck holding {len(ranks) * len(suits)} cards")


# Every length from no card to a full deck, and one beyond 256 (the guide's Deck holds whatever
# its arrays make): a shuffle right for 4, 6 and 52 cards but wrong for one other length (odd
# lengths, a loop written for 52 cards, a count compared with `is`, which CPython answers like
# `==` only up to 256) fails here.
LENGTHS = [*range(53), 300]
KEEP_HINT = "shuffle() only swaps cards inside the list `cards`; it never removes, adds or copies one."
UNDEALT_HINT = Twin("After shuffling, every card is undealt again: set the count back to len(cards).",
                    "After shuffling, every card is undealt again: set size back to cards.size().")


def decks_of_every_length(student) -> list[tuple[object, list[str]]]:
    """(deck, the text of its cards in order) for a planted deck of each of LENGTHS, as
    deck_holding makes them, in four round trips rather than three per deck."""
    decks = student.batch(*[student.deck.Deck.later([f"r{i}" for i in range(length)], ["spades"], [1] * length)
                            for length in LENGTHS])
    cards = iter(student.batch(*[student.card.Card.later(f"r{i}", "spades", 1) for length in LENGTHS for i in range(length)]))
    held = [[next(cards) for _ in range(length)] for length in LENGTHS]
    student.batch(*[deck.set_later("cards", mine) for deck, mine in zip(decks, held)])
    # The text of each planted card as the Card beside the deck writes it (names_made).
    texts = iter(student.batch(*[card.text_later() for mine in held for card in mine]))
    return [(deck.relabel(f"a Deck holding {length} cards"), [str(next(texts)) for _ in range(length)])
            for deck, length in zip(decks, LENGTHS)]


def names_made(student, ranks: list[str], suits: list[str]) -> list[str]:
    """The text of the cards deck_holding plants, in their order, as the Card beside the deck
    writes them: beside the lab's Card, "ace of spades (point value = 1)". In the student kit the
    Card is the student's own, so a bug in its text shows the same on both sides and costs points
    once, in Activity 1; only the order is judged here."""
    made = student.batch(*[student.card.Card.later(rank, suit, 1) for suit in suits for rank in ranks])
    return [str(text) for text in student.batch(*[card.text_later() for card in made])]


def test_shuffle_keeps_every_card_exactly_once(student):
    deck = deck_holding(student, RANKS, SUITS)
    full = names_made(student, RANKS, SUITS)
    for number, names in enumerate(deck.shuffle.sample(3, observe=CARD_NAMES), start=1):
        expect_permutation(names, full, f"{deck.label}.cards after shuffle() number {number}", KEEP_HINT)
    planted = decks_of_every_length(student)
    answers = student.in_turn(*[deck.shuffle.sample_later(1, observe=CARD_NAMES) for deck, _ in planted])
    for deck, names in planted:
        expect_permutation(next(answers)[0], names, lambda deck=deck: f"{deck.label}.cards after shuffle()", KEEP_HINT)


# Decks of these sizes are shuffled, then dealt one card and shuffled again: each time, the
# count must be back to every card.
RESET_LENGTHS = (1, 2, 3, 6, 52, 300)


def test_shuffle_makes_every_card_undealt_again(student):
    for length in RESET_LENGTHS:
        deck = deck_holding(student, [f"r{i}" for i in range(length)], ["spades"])
        deck.shuffle()
        expect(deck.size(), length, f"{call(deck, 'size')} after shuffle()", UNDEALT_HINT)
        # After a deal: a deal() that raises or does not lower the count (Activity 2's bug)
        # leaves nothing to reset, and that deck is passed over, so the bug costs points once.
        try:
            dealt = student.batch(deck.deal.later(), deck.size.later())[1]
        except StudentError:
            continue
        if dealt != length - 1:
            continue
        deck.shuffle()
        expect(deck.size(), length, f"{call(deck, 'size')} after deal() and then shuffle()", UNDEALT_HINT)


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

    expect_uniform_orders(moves, ranks, f"{call(deck, 'shuffle')} (the rearrangement it made)")
    # And on a full deck: each shuffle is a fair rearrangement, so some place keeping its card
    # through 5 of them is a shuffle that skips its work on 52 cards (docs/statistics.md).
    full = deck_holding(student, RANKS, SUITS)
    start = names_made(student, RANKS, SUITS)
    expect_every_place_changes(full.shuffle.sample(DECK_SHUFFLES, observe=CARD_NAMES), start, call(full, "shuffle"))
    # And on 300 cards, where a loop written for 52 leaves 248 cards where they were; a fair
    # shuffle keeps some place through 5 shuffles with probability at most 300 / 300**5 (1.2e-10).
    long_ranks = [f"r{i}" for i in range(75)]
    long = deck_holding(student, long_ranks, SUITS)
    start = names_made(student, long_ranks, SUITS)
    expect_every_place_changes(long.shuffle.sample(DECK_SHUFFLES, observe=CARD_NAMES), start, call(long, "shuffle"))


def test_a_new_deck_comes_shuffled(student):
    # The constructor "finally calls shuffle()": two new full decks must not come out in the same
    # order (a fair shuffle gives two decks the same order once in 52! ≈ 8 × 10^67). Activity 2
    # switches shuffle off, so only this activity can see the call. When the student's own
    # shuffle() gives the same order twice from the same start (it moves nothing, or reseeds
    # random), that bug is the shuffle's and costs points in the tests above, not here too.
    build = student.deck.Deck.later(RANKS, SUITS, ELEVENS_POINTS)
    first, second = student.batch(build, build)
    new = [names_in(deck) for deck in (first, second)]
    if new[0] != new[1] or not shuffles_differ(first):
        return
    fail(f"two new decks: {made('Deck', Raw('<13 ranks>'), Raw('<4 suits>'), Raw('<13 values>'))}, made twice\n"
         "  expected: the 52 cards in two different orders (the constructor shuffles each new deck)\n"
         f"  got:      the same order both times, starting {', '.join(map(str, new[0][:3]))}, ...",
         "The constructor's last step is to call shuffle(), so that every new deck comes out in a new order.")


def names_in(deck) -> list:
    """The text of each card in ``deck.cards``, in order, read without changing the deck."""
    return deck.size.sample(1, observe=CARD_NAMES)[0]


def shuffles_differ(deck) -> bool:
    """Whether two shuffles of ``deck`` from the same order give two different orders."""
    start = deck.get("cards")
    orders = []
    for _ in range(2):
        deck.set("cards", start)
        orders.append(deck.shuffle.sample(1, observe=CARD_NAMES)[0])
    return orders[0] != orders[1]
