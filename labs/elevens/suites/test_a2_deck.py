"""Activity 2: Deck, small decks first: one card, two cards, then a full 52-card deck.

Runs beside the reference Card, and with the student's ``shuffle`` switched off (rubric key
``disable``), so only the constructor, ``size``, ``is_empty`` and ``deal`` are judged here:
a missing or broken shuffle costs points in Activity 4 alone. The deck is observed only
through its methods and the ``cards`` list the lab asks for.
"""

import pytest
from grader_labs.elevens.standard_deck import ELEVENS_POINTS as VALUES
from grader_labs.elevens.standard_deck import RANKS, SUITS

from grader.checks.assertions import expect, expect_instance, fail
from grader.idiom import Raw, Twin, call, code, new, say, show, size_of, text_of
from grader.sandbox import StudentError
from grader.sandbox.proxy import Remote

EMPTY_HINT = Twin("When size() is 0 the deck is empty: deal() returns None and size() stays 0.",
                  "When size() is 0 the deck is empty: deal() returns null and size() stays 0.")
FULL_DECK = (Raw("<13 ranks>"), Raw("<4 suits>"), Raw("<13 values>"))


def field_calls(cards: list) -> list:
    """rank, suit and point value of each card, to be sent in one round trip."""
    return [method.later() for card in cards for method in (card.rank, card.suit, card.point_value)]


def fields_of(student, cards: list) -> list[tuple]:
    """(rank, suit, point value) of many cards in one round trip."""
    values = student.batch(*field_calls(cards))
    return [tuple(values[i:i + 3]) for i in range(0, len(values), 3)]


def next_fields(answers) -> tuple:
    """The next card's (rank, suit, point value) from ``in_turn`` answers to its field_calls."""
    return tuple(next(answers) for _ in range(3))


def made_by_the_suite(student, triples: list[tuple]) -> list:
    """Cards the suite makes itself from ``triples``, with the Card class beside the deck."""
    return student.batch(*[student.card.Card.later(*triple) for triple in triples])


def read_back(student, triples: list[tuple]) -> list[tuple]:
    """(rank, suit, point value) of cards the suite makes itself from ``triples``, read as every
    dealt card is: what a check on dealt cards expects. Beside the lab's Card these are the
    triples themselves. In the student kit the Card beside the deck is the student's own: a bug
    in it then reads the same on both sides, so it costs points once, in Activity 1, and only
    the Deck is judged here."""
    return fields_of(student, made_by_the_suite(student, triples))


def texts_back(student, triples: list[tuple]) -> list[str]:
    """The text of cards the suite makes itself from ``triples`` (read_back's, for str())."""
    return [str(text) for text in student.batch(*[card.text_later() for card in made_by_the_suite(student, triples)])]


def fields_of_objects(student, cards: list, name) -> list[tuple]:
    """(rank, suit, point value) of each card, failing as checking expect_instance(card, name(i))
    and reading its fields card after card would: the fields of the cards before the first that
    is not an object are read (in one round trip), then that one fails."""
    objects = next((i for i, card in enumerate(cards) if not isinstance(card, Remote)), len(cards))
    got = fields_of(student, cards[:objects])
    if objects < len(cards):
        expect_instance(cards[objects], name(objects))
    return got


# The tests send their calls in batches (Student.in_turn, Student.batch): a round trip to the
# sandbox costs as much as a hundred calls inside one. A deck cannot be in the batch that makes
# it (its calls need it first), nor a card in the batch that deals it. in_turn hands the answers
# back in order, so each check fails where the one-call-at-a-time test did.


def one_card_deck(student):
    return student.deck.Deck(["ace"], ["hearts"], [1])


def two_card_deck(student):
    return student.deck.Deck(["ace", "king"], ["hearts"], [1, 13])


def test_new_1_card_deck_has_size_1(student):
    deck = one_card_deck(student)
    answers = student.in_turn(deck.size.later(), deck.is_empty.later())
    expect(next(answers), 1, call(deck, "size"), "A new deck has every card left to deal.")
    expect(next(answers), False, call(deck, "is_empty"), "A deck with 1 card left is not empty.")


def test_1_card_deck_deals_its_card(student):
    deck = one_card_deck(student)
    card = expect_instance(deck.deal(), call(deck, "deal"), Twin("deal() should return the Card, not None, while size() > 0.",
                                                                 "deal() should return the Card, not null, while size() > 0."))
    expect(fields_of(student, [card])[0], read_back(student, [("ace", "hearts", 1)])[0],
           f"rank, suit and point value of the card from {call(deck, 'deal')}")


def test_1_card_deck_is_empty_after_one_deal(student):
    deck = one_card_deck(student)
    answers = student.in_turn(deck.deal.later(), deck.size.later(), deck.is_empty.later())
    next(answers)
    expect(next(answers), 0, f"{call(deck, 'size')} after one deal()")
    expect(next(answers), True, f"{call(deck, 'is_empty')} after one deal()",
           Twin("is_empty() is True exactly when size() is 0.", "isEmpty() is true exactly when size() is 0."))


def test_empty_deck_deals_none_again_and_again(student):
    deck = one_card_deck(student)
    deal, size = deck.deal.later(), deck.size.later()
    answers = student.in_turn(deal, *[deal, size] * 3)
    next(answers)
    for attempt in range(1, 4):
        expect(next(answers), None, f"deal() number {attempt + 1} from {deck.label}", EMPTY_HINT)
        expect(next(answers), 0, f"{call(deck, 'size')} after {attempt + 1} deals", say(EMPTY_HINT) + " It must never go below 0.")


def test_2_card_deck_counts_down(student):
    deck = two_card_deck(student)
    size, is_empty, deal = deck.size.later(), deck.is_empty.later(), deck.deal.later()
    answers = student.in_turn(size, is_empty, deal, size, is_empty, deal, size, is_empty)
    for dealt, left in enumerate([2, 1, 0]):
        expect(next(answers), left, f"{call(deck, 'size')} after {dealt} deal(s)")
        expect(next(answers), left == 0, f"{call(deck, 'is_empty')} after {dealt} deal(s)")
        if left:
            next(answers)


def test_2_card_deck_deals_both_cards_once(student):
    deck = two_card_deck(student)
    dealt = student.in_turn(deck.deal.later(), deck.deal.later())
    first = expect_instance(next(dealt), f"first {call(deck, 'deal')}")
    second = expect_instance(next(dealt), f"second {call(deck, 'deal')}")
    got = sorted(fields_of(student, [first, second]))
    expect(got, sorted(read_back(student, [("ace", "hearts", 1), ("king", "hearts", 13)])), f"the two cards dealt by {deck.label} (in either order)",
           "Each card should be dealt exactly once.")


def test_constructor_pairs_each_rank_with_its_value_in_every_suit(student):
    deck = student.deck.Deck(["A", "B", "C"], ["Giraffes", "Lions"], [2, 1, 6])
    deal = deck.deal.later()
    answers = student.in_turn(*[deal] * 7)
    dealt = [next(answers) for _ in range(6)]
    got = sorted(fields_of_objects(student, dealt, lambda i: f"deal() number {i + 1} from {deck.label}"))
    wanted = sorted(read_back(student, [(r, s, v) for s in ["Giraffes", "Lions"] for r, v in zip("ABC", [2, 1, 6])]))
    expect(got, wanted, f"the cards dealt by {deck.label}", "ranks[i] goes with values[i], once in each suit.")
    expect(next(answers), None, "deal() number 7 from a 6-card deck", EMPTY_HINT)


def test_full_deck_deals_52_different_cards(student):
    deck = student.deck.Deck(RANKS, SUITS, VALUES)
    deal = deck.deal.later()
    answers = student.in_turn(deck.size.later(), *[deal] * 53)
    expect(next(answers), 52, call(new("Deck", *FULL_DECK), "size"))
    dealt = [next(answers) for _ in range(52)]
    if any(card is None for card in dealt):
        fail(f"a 52-card deck returned {show(None)} on deal() number {dealt.index(None) + 1}", EMPTY_HINT)
    for number, card in enumerate(dealt, start=1):
        expect_instance(card, f"deal() number {number} from a full deck")
    got = sorted(fields_of(student, dealt))
    wanted = sorted(read_back(student, [(r, s, v) for s in SUITS for r, v in zip(RANKS, VALUES)]))
    expect(got, wanted, "the 52 cards dealt by a full deck", "Every card must be dealt exactly once.")
    expect(next(answers), None, "deal() number 53 from a full deck", EMPTY_HINT)


def test_cards_list_keeps_every_card(student):
    deck = student.deck.Deck(["A", "B", "C"], ["Giraffes", "Lions"], [2, 1, 6])
    # One round trip per deal (not five): each deal and the read of `cards` after it go with the
    # fields of the card dealt before, in the order the checks need them.
    cards, deal = deck.get_later("cards"), deck.deal.later()
    answers = student.in_turn(cards, cards)
    expect(len_of_cards(deck, next(answers)), 6, size_of(deck, "cards"), Twin("The constructor puts every card in the list attribute `cards`.",
                                                                                "The constructor puts every card in the field `cards`, a List<Card>."))
    listed = next(answers)
    answers = student.in_turn(*field_calls(listed), deal, cards)
    before = [next_fields(answers) for _ in listed]
    for dealt in range(1, 7):
        card = expect_instance(next(answers), f"deal() number {dealt} from {deck.label}")
        expect(len_of_cards(deck, next(answers)), 6, f"{size_of(deck, 'cards')} after {dealt} deal(s)", ALGORITHM_2)
        # Algorithm 2: the count goes down by one and the card dealt is cards[count], so the
        # dealt cards are always cards[size():], the last card of the list first.
        answers = student.in_turn(*field_calls([card]), *([deal, cards] if dealt < 6 else [cards]))
        expect(next_fields(answers), before[6 - dealt],
               f"deal() number {dealt} from {deck.label} (cards holds {', '.join(map(show, before))})", ALGORITHM_2)
    expect(fields_of(student, next(answers)), before, f"{deck.label}.cards after dealing every card",
           "deal() never moves or changes the cards in the list; it only lowers the count.")


ALGORITHM_2 = Twin("Use the lab's Algorithm 2: deal() lowers the count by one and returns cards[count]; "
                   "nothing is removed from the list.",
                   "Use the lab's Algorithm 2: deal() lowers size by one and returns cards.get(size); "
                   "nothing is removed from the list.")


def len_of_cards(deck, cards):
    """The length of ``cards``, read from ``deck``'s field of that name."""
    if type(cards) is not list:
        fail(f"{deck.label}.cards\n  expected: a list of cards\n  got:      {code(cards)}",
             Twin("Store the cards in a list attribute named `cards`.", "Keep the cards in a field named `cards`, a List<Card>."))
    return len(cards)


def deck_shape(cards: int) -> tuple[list[str], list[str], list[int]]:
    """Ranks, suits and values for a deck of ``cards`` cards: as many suits (up to 4) as divide
    the number evenly, so the decks vary in both lists, as the guide's own examples do. Ranks
    are named apart (``r0``, ``r1``, ...) so that every card of a deck is a different card."""
    suits = next(count for count in (4, 3, 2, 1) if cards % count == 0)
    return [f"r{i}" for i in range(cards // suits)], SUITS[:suits], list(range(1, cards // suits + 1))


SIZE_HINT = "size() is the number of cards left to deal."
EMPTY_WHEN_ZERO = Twin("is_empty() is True exactly when size() is 0.", "isEmpty() is true exactly when size() is 0.")
DEAL_HINT = Twin("deal() should return a Card, not None, while size() > 0.",
                 "deal() should return a Card, not null, while size() > 0.")


# Every deck size from the empty deck to a full one, and one beyond 256 (the guide's Deck is made
# from any arrays of ranks, suits and values): a size(), is_empty() or deal() that is right for
# the 1-, 2-, 6- and 52-card decks above but wrong for one other size, or for one count on the
# way down (a full deck after one deal), fails here, as does a count compared with `is` (CPython
# shares one int object only up to 256).
DECK_SIZES = {"every size from 0 to 52": list(range(53)), "300 cards (75 ranks, 4 suits)": [300]}


@pytest.mark.parametrize("sizes", list(DECK_SIZES))
def test_size_counts_only_undealt_cards(student, sizes):
    """size() and is_empty() before and after every deal, deal() giving a card while size() > 0
    and None after, and each card of the deck dealt exactly once, on decks of every size. Three
    round trips in all: the decks, their calls, the text of every card dealt."""
    shapes = [deck_shape(cards) for cards in DECK_SIZES[sizes]]
    decks = student.batch(*[student.deck.Deck.later(*shape) for shape in shapes])
    calls = []
    for deck, cards in zip(decks, DECK_SIZES[sizes]):
        size, is_empty, deal = deck.size.later(), deck.is_empty.later(), deck.deal.later()
        calls += [size, is_empty, deal] * cards + [size, is_empty, deal, size]
    answers = student.in_turn(*calls)
    dealt = []
    for deck, shape, cards in zip(decks, shapes, DECK_SIZES[sizes]):
        made = new("Deck", *shape) if cards <= 6 else new("Deck", Raw(f"<{len(shape[0])} ranks>"),
                                                          Raw(f"<{len(shape[1])} suits>"), Raw(f"<{len(shape[2])} values>"))
        for deals in range(cards + 1):
            left = cards - deals
            # The names are written only on failure (thousands of checks).
            expect(next(answers), left, lambda deals=deals: f"{call(made, 'size')} after {deals} deal(s)", SIZE_HINT)
            expect(next(answers), left == 0, lambda deals=deals: f"{call(made, 'is_empty')} after {deals} deal(s)",
                   EMPTY_WHEN_ZERO)
            card = next(answers)
            if left:
                dealt.append(card if isinstance(card, Remote) else
                             expect_instance(card, f"deal() number {deals + 1} from {made}", DEAL_HINT))
            else:
                expect(card, None, lambda deals=deals: f"deal() number {deals + 1} from {made}", EMPTY_HINT)
        expect(next(answers), 0, f"{call(made, 'size')} after dealing from an empty {cards}-card deck", EMPTY_HINT)
    texts = iter(student.batch(*[card.text_later() for card in dealt]))
    every = [[(rank, suit, value) for suit in suits for rank, value in zip(ranks, values)] for ranks, suits, values in shapes]
    expected = iter(texts_back(student, [triple for triples in every for triple in triples]))
    for shape, cards in zip(shapes, DECK_SIZES[sizes]):
        wanted = sorted(next(expected) for _ in range(cards))
        expect(sorted(next(texts) for _ in range(cards)), wanted, f"the cards dealt by a {cards}-card deck, in any order",
               "Every card of the deck must be dealt exactly once: one card for each (rank, value) pair in each suit.")


def test_str_returns_text(student):
    """Some text for a deck as built, part dealt and dealt out: a str that breaks once cards are
    dealt (an index past the dealt cards) gives no text. A deal() that raises costs points in the
    dealing tests, not here."""
    deck = two_card_deck(student)
    # Each text goes with the deal after it, so nothing runs after a deal that throws.
    text_call, deal = deck.text_later(), deck.deal.later()
    for dealt in range(3):
        answers = student.in_turn(text_call, *([deal] if dealt < 2 else []))
        text = next(answers)
        if not isinstance(text, str) or not text:
            fail(f"{text_of(deck)} after {dealt} deal(s)\n  expected: some text describing the deck\n  got:      {code(text)}")
        if dealt < 2:
            try:
                next(answers)
            except StudentError:
                return
