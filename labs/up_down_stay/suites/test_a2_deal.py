"""Activity 2: uds_deal.deal_hands, beside the reference Card, Deck and uds_cards.

Equal hands of size // n, dealt round-robin; the remainder stays in the deck. Two statistical
checks (labs/up_down_stay/checks.py states their rates): the card left over for 3 players is
any of the 52 equally often, and a given card reaches seat 0 with probability 17/52.
"""

import pytest
from grader_labs.up_down_stay.checks import LEFTOVER, LEFTOVER_DEALS, SEAT0, SEAT0_DEALS

from grader.checks.assertions import expect, fail

EQUAL_HINT = ("Every player gets the same number of cards: 52 // n each, dealt one at a time around the table. "
              "The 52 % n cards that are left stay in the deck.")


def deal(student, players: int):
    deck = student.uds_cards.make_standard_deck()
    hands = student.uds_deal.deal_hands(deck, players)
    if type(hands) is not list or any(type(hand) is not list for hand in hands):
        fail(f"deal_hands(<52-card deck>, {players})\n  expected: a list of {players} lists of cards\n  got:      {hands!r}", EQUAL_HINT)
    return deck, hands


# One run each for 2, 3, 5 and 52 players, then one for every other count the game allows on the
# full deck and 2 to 7 players on a 7-card deck (any deck's size counts).
SIZES = [[(52, 2)], [(52, 3)], [(52, 5)], [(52, 52)],
         [(52, n) for n in range(4, 52) if n != 5] + [(7, n) for n in range(2, 8)]]
# Fewer than 2 players, or more players than cards.
IMPOSSIBLE = [[(52, 0)], [(52, 1)], [(52, 53)], [(52, -1), (7, 8)]]


def ids(groups: list) -> list:
    return [str(group[0][1]) if len(group) == 1 else "other counts and decks" for group in groups]


@pytest.mark.parametrize("deals", SIZES, ids=ids(SIZES))
def test_hand_sizes_and_cards_left(student, deals):
    for size, players, hands, left in student.uds_probes.deal_sizes([list(d) for d in deals]):
        call = f"deal_hands(<{size}-card deck>, {players})"
        expect(hands, [size // players] * players, f"the hand sizes from {call}", EQUAL_HINT)
        expect(left, size % players, f"deck.size() after {call}",
               "Deal with deck.deal() and leave the cards that do not divide evenly in the deck.")


@pytest.mark.parametrize("deals", IMPOSSIBLE, ids=ids(IMPOSSIBLE))
def test_impossible_player_counts_raise_value_error(student, deals):
    for size, players in deals:
        got = student.uds_probes.deal_error(size, players)
        if got != "ValueError":
            fail(f"deal_hands(<{size}-card deck>, {players})\n  expected: a ValueError\n  got:      "
                 + (f"a {got}" if got else "no error"),
                 "raise ValueError(...) when there are fewer than 2 players or more players than cards (deck.size()).")


@pytest.mark.parametrize("players", [3, 5])
def test_every_card_is_dealt_once_or_left_in_the_deck(student, players):
    deck, hands = deal(student, players)
    cards = [card for hand in hands for card in hand] + deck.deal.repeat(deck.size())
    fields = student.uds_probes.card_fields(cards)
    if None in fields:
        fail(f"deal_hands(<52-card deck>, {players}) put None into a hand", EQUAL_HINT)
    expect(len({tuple(f) for f in fields}), 52, f"different cards in the hands and the deck after deal_hands(<52-card deck>, {players})",
           "Each card goes to exactly one hand, or stays in the deck.")
    expect(len(fields), 52, f"cards in the hands plus cards left in the deck after deal_hands(<52-card deck>, {players})",
           "Each card goes to exactly one hand, or stays in the deck.")


def test_the_card_left_over_is_any_card_equally_often(student):
    # Union of exact per-card binomial bands: false failure <= 1e-6; power >= 0.999 against no
    # card left, always the same card, or one card twice as likely (checks.py).
    got = student.uds_probes.deal_statistics(LEFTOVER_DEALS, 3, timeout=30)
    if got["no_leftover"]:
        fail(f"deal_hands(<52-card deck>, 3), {LEFTOVER_DEALS} times\n  expected: exactly 1 card left in the deck every time\n"
             f"  got:      a different number {got['no_leftover']} times", EQUAL_HINT)
    odd = LEFTOVER.unusual(got["leftover"])
    if odd:
        band = LEFTOVER.band
        fail(f"the card left in the deck after deal_hands(<shuffled 52-card deck>, 3), over {LEFTOVER_DEALS} deals\n"
             f"  expected: each of the 52 cards left over between {band.low} and {band.high} times\n"
             f"  got:      {len(odd)} card(s) outside that range (counts {sorted(got['leftover'][i] for i in odd)})",
             "Deal from the shuffled deck with deck.deal(); do not choose which card stays behind. "
             "(A correct deal fails this check once in a million gradings.)")


def test_a_card_reaches_seat_0_with_probability_17_in_52(student):
    # Exact binomial band: false failure <= 1e-6, power >= 0.999 against 18/52 (seat 0 with 18 cards).
    got = student.uds_probes.deal_statistics(SEAT0_DEALS, 3, timeout=60)
    if got["seat0"] not in SEAT0.band:
        band = SEAT0.band
        fail(f"how often the ace of spades is in hand 0 after deal_hands(<shuffled 52-card deck>, 3), over {SEAT0_DEALS} deals\n"
             f"  expected: between {band.low} and {band.high} times (17 of 52 cards go to seat 0)\n  got:      {got['seat0']}",
             EQUAL_HINT + " (A correct deal fails this check once in a million gradings.)")


# Advisory (reported, worth 0 by default): the handout asks for a round-robin deal, but the
# section of the contract that lists the graded checks does not, and no rule of the game
# depends on which card of a shuffled deck reaches which seat.
def test_hands_are_dealt_round_robin(student):
    deck = student.uds_probes.planted_deck([[str(v), "spades", v] for v in range(1, 8)])
    hands = student.uds_deal.deal_hands(deck, 3)
    values = [[f[2] for f in student.uds_probes.card_fields(hand)] for hand in hands]
    expect(values, [[1, 4], [2, 5], [3, 6]], "deal_hands(<deck dealing 1, 2, ..., 7 in that order>, 3), as values",
           "Going further: deal one card to each seat in turn (seat 0, 1, 2, then seat 0 again), with deck.deal().")
    expect(deck.size(), 1, "deck.size() after dealing 7 cards to 3 players", EQUAL_HINT)
