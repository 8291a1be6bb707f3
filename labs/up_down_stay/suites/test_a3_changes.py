"""Activity 3: uds_changes.row_values and changes, beside the reference Card, Deck and uds_cards.

Exact vectors first (the seed's example row, the shortest rows, each letter), then exact
distributions: shuffled mini-decks whose change strings have known probabilities, and the
letter at a random place of a shuffled full deck (labs/up_down_stay/checks.py states the rates).
"""

import pytest
from grader_labs.up_down_stay.checks import (
    LETTER_GAMES,
    LETTERS_CHECK,
    MINI_SHUFFLES,
    ONE_PAIR_CHECK,
    THREE_DISTINCT_CHECK,
)

from grader.checks.assertions import expect, fail

EXAMPLE = [2, 6, 5, 4, 7, 9, 7, 1, 2, 2, 5, 8]
LETTER_HINT = ("Compare each value with the one before it: 'U' if it is higher, 'D' if lower, 'S' if equal. "
               "A row of L values has L - 1 changes.")

VECTORS = [
    (EXAMPLE, "UDDUUDDUSUU", "the example row"),
    ([], "", "an empty row"),
    ([7], "", "one card"),
    ([5, 5], "S", "two equal values"),
    ([1, 13], "U", "ace then king"),
    ([13, 1], "D", "king then ace"),
    ([12, 13], "U", "queen then king"),
    ([3, 3, 3, 9, 1], "SSUD", "several stays"),
]


@pytest.mark.parametrize("values, answer, why", VECTORS, ids=[v[2] for v in VECTORS])
def test_changes(student, values, answer, why):
    expect(student.uds_changes.changes(values), answer, f"changes({values})  ({why})", LETTER_HINT)


@pytest.mark.parametrize("length", [2, 3, 12, 51, 52])
def test_changes_has_one_letter_fewer_than_values(student, length):
    values = [(5 * i * i + 3) % 13 + 1 for i in range(length)]  # ups, downs and stays, no randomness
    got = student.uds_changes.changes(values)
    expect(len(got) if isinstance(got, str) else got, length - 1, f"len(changes({values}))", LETTER_HINT)


def test_row_values_reads_each_card(student):
    cards = [("7", "clubs", 7), ("king", "hearts", 13), ("ace", "spades", 1), ("queen", "diamonds", 12)]
    row = student.batch(*[student.card.Card.later(*c) for c in cards])
    expect(student.uds_changes.row_values(row), [7, 13, 1, 12], "row_values([7♣, K♥, A♠, Q♦])",
           "row_values gives each card's value (card_value(card)), in the row's order.")
    expect(student.uds_changes.row_values([]), [], "row_values([])")


def test_suits_are_ignored(student):
    row = student.batch(student.card.Card.later("7", "clubs", 7), student.card.Card.later("7", "hearts", 7))
    expect(student.uds_changes.changes(student.uds_changes.row_values(row)), "S", "changes(row_values([7♣, 7♥]))",
           "Only the numbers count: two 7s in different suits are a stay.")


def _mini(student, check, values):
    counts = student.uds_probes.change_counts(values, MINI_SHUFFLES)
    odd = check.unusual(counts)
    if odd:
        wanted = ", ".join(f"{o!r} {b.low}..{b.high}" for o, b in check.bands.items())
        fail(f"changes(v) for {MINI_SHUFFLES} random orders v of {values}\n  expected: each result this many times: {wanted}\n"
             f"  got:      {counts}",
             LETTER_HINT + " (A correct changes() fails this check once in a million gradings.)")


def test_changes_of_shuffled_1_2_3(student):
    # Exact per-outcome bands: false failure <= 1e-6; power >= 0.999 against comparing with the first card.
    _mini(student, THREE_DISTINCT_CHECK, [1, 2, 3])


def test_changes_of_shuffled_1_1_2(student):
    # Any string but SU, UD, DS fails at once (FlippedSign, FencePost); false failure <= 1e-6.
    _mini(student, ONE_PAIR_CHECK, [1, 1, 2])


def test_letters_of_shuffled_full_decks(student):
    # The letter at a random place is S with probability 3/51 (mean #S = 3), U and D 24/51 each
    # (mean #U = mean #D = 24). False failure <= 1e-6; power >= 0.999 against "equal read as U"
    # and Elevens values (J, Q, K = 0).
    counts = student.uds_probes.letter_counts(LETTER_GAMES, timeout=30)
    odd = LETTERS_CHECK.unusual(counts)
    if odd:
        wanted = ", ".join(f"{o} {b.low}..{b.high}" for o, b in LETTERS_CHECK.bands.items())
        fail(f"the letter at a random place of changes(row_values(row)) for {LETTER_GAMES} shuffled 52-card rows\n"
             f"  expected: {wanted} (and always 51 letters)\n  got:      {counts}",
             LETTER_HINT + " Neighbours are equal 3 times in 51, so about 3 of the 51 letters are S. "
             "(A correct version fails this check once in a million gradings.)")
