"""Activity 1: uds_cards.make_standard_deck and card_value, beside the reference Card and Deck.

The deck must be the standard 52 cards valued by their number (ace 1 ... king 13), suits
ignored. The student's card.py and deck.py are not graded here (they were in Elevens).
"""

from grader.checks.assertions import expect, expect_instance, fail

VALUE_HINT = ("Only the number counts in Up/Down/Stay: ace 1, 2 to 10 as printed, jack 11, queen 12, king 13. "
              "Elevens gave J, Q and K 0 points: do not reuse its values.")
# Every rank by the name the handout gives it, and its number.
NUMBERS = {"ace": 1, **{str(n): n for n in range(2, 11)}, "jack": 11, "queen": 12, "king": 13}
RANKS_HINT = 'Name the ranks "ace", "2", ..., "10", "jack", "queen", "king" (lower case), as the handout does.'


def dealt_cards(student) -> list:
    deck = expect_instance(student.uds_cards.make_standard_deck(), "make_standard_deck()",
                           "Return a Deck built with Deck(ranks, suits, values).")
    size = deck.size()
    expect(size, 52, "make_standard_deck().size()", "A standard deck has 13 ranks in each of 4 suits, no jokers.")
    cards = deck.deal.repeat(52)
    if any(card is None for card in cards):
        fail("make_standard_deck() ran out of cards before 52 were dealt", "Pass all 13 ranks and all 4 suits to Deck.")
    return cards


def fields(student, cards: list) -> list[tuple]:
    calls = [m.later() for card in cards for m in (card.rank, card.suit, card.point_value)]
    values = student.batch(*calls)
    return [tuple(values[i:i + 3]) for i in range(0, len(values), 3)]


def test_deck_has_52_different_cards(student):
    got = fields(student, dealt_cards(student))
    pairs = {(rank, suit) for rank, suit, _ in got}
    expect(len(pairs), 52, "the number of different (rank, suit) pairs among the 52 cards of make_standard_deck()",
           "Every card of the standard deck exactly once: 13 ranks times 4 suits.")
    expect(len({suit for _, suit, _ in got}), 4, "the number of different suits", "4 suits.")
    expect(len({rank for rank, _, _ in got}), 13, "the number of different ranks", "13 ranks, ace to king.")


def test_values_are_four_of_each_1_to_13(student):
    got = sorted(value for _, _, value in fields(student, dealt_cards(student)))
    expect(got, sorted(list(range(1, 14)) * 4), "the sorted point values of the 52 cards of make_standard_deck()", VALUE_HINT)


def test_named_ranks_have_their_numbers(student):
    got = fields(student, dealt_cards(student))
    by_rank: dict = {}
    for rank, _, value in got:
        by_rank.setdefault(str(rank), set()).add(value)
    expect(sorted(by_rank), sorted(NUMBERS), "the ranks of the cards of make_standard_deck(), sorted", RANKS_HINT)
    for rank, value in NUMBERS.items():
        expect(sorted(by_rank[rank]), [value], f"the point value of every {rank} in make_standard_deck()", VALUE_HINT)


def test_same_rank_same_value_in_every_suit(student):
    got = fields(student, dealt_cards(student))
    by_rank: dict = {}
    for rank, _, value in got:
        by_rank.setdefault(rank, set()).add(value)
    mixed = sorted(str(rank) for rank, values in by_rank.items() if len(values) > 1)
    expect(mixed, [], "ranks whose cards have different values in different suits", "Suits never matter: a 7 is worth 7 in every suit.")


def test_card_value_is_the_point_value(student):
    cards = dealt_cards(student)
    values = student.batch(*[student.uds_cards.card_value.later(card) for card in cards])
    points = student.batch(*[card.point_value.later() for card in cards])
    for card, value, point in zip(cards, values, points):
        if value != point or type(value) is not type(point):
            expect(value, point, f"card_value({card.text()})", "card_value(card) returns card.point_value().")


def test_card_value_of_planted_cards(student):
    for rank, suit, value in [("king", "clubs", 13), ("ace", "hearts", 1), ("7", "spades", 7)]:
        card = student.card.Card(rank, suit, value)
        expect(student.uds_cards.card_value(card), value, f"card_value(Card({rank!r}, {suit!r}, {value}))",
               "card_value(card) returns card.point_value().")


def test_cards_keep_the_elevens_card_api(student):
    card = dealt_cards(student)[0]
    rank, suit, value = card.rank(), card.suit(), card.point_value()
    if type(rank) is not str or type(suit) is not str or type(value) is not int or isinstance(value, bool):
        fail(f"rank(), suit(), point_value() of a card from make_standard_deck()\n  expected: text, text, a whole number\n"
             f"  got:      {rank!r}, {suit!r}, {value!r}", "Build the deck with the lab's Deck(ranks, suits, values): ranks and suits are text, values whole numbers.")
    twin = student.card.Card(rank, suit, value)
    expect(card.matches(twin), True, f"a card from make_standard_deck() .matches(Card({rank!r}, {suit!r}, {value}))",
           "The cards must be the lab's Card objects.")
