"""Activity 1: penalty(number, scale) and make_deck(scale), beside the reference Card and Deck.

The school scale is the assignment's table (3 to 9 points); the commercial scale is the
published game's (1 to 7). Both are graded: the handout pins that the table is the default.
"""

import pytest

from grader.checks.assertions import expect, fail, show
from grader.sandbox import StudentError

SCHOOL = [(55, 9), (11, 7), (99, 7), (10, 5), (100, 5), (15, 4), (5, 4), (1, 3), (104, 3), (66, 7), (45, 4), (33, 7)]
COMMERCIAL = [(55, 7), (11, 5), (99, 5), (10, 3), (100, 3), (15, 2), (5, 2), (1, 1), (104, 1)]
RULES_HINT = ("Check 55 first (9 points), then the other multiples of 11 (7), then multiples of 10 (5), then the "
              "other numbers ending in 5 (4); every other card is worth 3.")
COMMERCIAL_HINT = "On the commercial scale each card is worth 2 points less: 55 is 7, 11s are 5, 10s are 3, 5s are 2, the rest 1."


def school(number: int) -> int:
    return 9 if number == 55 else 7 if number % 11 == 0 else 5 if number % 10 == 0 else 4 if number % 5 == 0 else 3


@pytest.mark.parametrize("number, points", SCHOOL, ids=[str(n) for n, _ in SCHOOL])
def test_school_penalty(student, number, points):
    expect(student.takes_cards.penalty(number), points, f"penalty({number})", RULES_HINT)
    expect(student.takes_cards.penalty(number, "school"), points, f"penalty({number}, 'school')", RULES_HINT)


@pytest.mark.parametrize("number, points", COMMERCIAL, ids=[str(n) for n, _ in COMMERCIAL])
def test_commercial_penalty(student, number, points):
    expect(student.takes_cards.penalty(number, "commercial"), points, f"penalty({number}, 'commercial')", COMMERCIAL_HINT)


def test_how_many_cards_have_each_penalty(student):
    values = student.batch(*[student.takes_cards.penalty.later(n) for n in range(1, 105)])
    counts = {points: sum(1 for v in values if v == points) for points in (9, 7, 5, 4, 3)}
    wrong = [n for n, v in zip(range(1, 105), values) if v != school(n)]
    if counts != {9: 1, 7: 8, 5: 10, 4: 9, 3: 76}:
        fail(f"how many cards 1..104 get each penalty\n  expected: {{9: 1, 7: 8, 5: 10, 4: 9, 3: 76}}\n"
             f"  got:      {counts}\n  (cards with a wrong penalty: {wrong[:10]})", RULES_HINT)
    # Then every card, on both scales: a swap of two cards' penalties keeps the counts.
    for scale, rule, hint in (("school", school, RULES_HINT), ("commercial", lambda n: school(n) - 2, COMMERCIAL_HINT)):
        got = student.batch(*[student.takes_cards.penalty.later(n, scale) for n in range(1, 105)])
        for number, value in zip(range(1, 105), got):
            if value != rule(number) or type(value) is not int:
                expect(value, rule(number), f"penalty({number}, {scale!r})", hint)


def deck_of(student, *scale: str) -> dict:
    deck = student.takes_cards.make_deck(*scale)
    call = f"make_deck({', '.join(repr(s) for s in scale)})"
    try:
        return student.takes_probes.deck_contents(deck)
    except StudentError as error:
        fail(f"{call} did not give a Deck that can be dealt: {error}",
             "Return Deck(ranks, suits, values) built with the Elevens Deck: ranks '1'..'104', suits ['bull'].")


@pytest.mark.parametrize("scale, total", [((), 379), (("school",), 379), (("commercial",), 171)],
                         ids=["default", "school", "commercial"])
def test_deck_totals(student, scale, total):
    contents = deck_of(student, *scale)
    call = f"make_deck({', '.join(repr(s) for s in scale)})"
    expect(sum(value for _, _, value in contents["cards"]), total, f"the point values of all cards of {call} added up",
           COMMERCIAL_HINT if scale == ("commercial",) else
           RULES_HINT + " The school scale is the default: make_deck(scale='school').")


@pytest.mark.parametrize("args", [(0,), (105,), (-3,), (12, "classic")], ids=["0", "105", "-3", "unknown scale"])
def test_penalty_rejects_what_is_not_a_card(student, args):
    call = f"penalty({', '.join(repr(a) for a in args)})"
    try:
        got = student.takes_cards.penalty(*args)
    except StudentError as error:
        expect(error.details["type"], "ValueError", f"{call} raised an error, but of the wrong kind",
               "raise ValueError(...) for a number outside 1..104 or a scale other than 'school' or 'commercial'.")
        return
    fail(f"{call}\n  expected: a ValueError\n  got:      {show(got)}",
         "Cards are numbered 1 to 104 and the scales are 'school' and 'commercial': raise ValueError for anything else.")


def test_deck_has_104_different_numbered_cards(student):
    contents = deck_of(student)
    expect(contents["size"], 104, "make_deck().size()", "One card for each number 1 to 104, in one suit.")
    ranks = sorted(rank for rank, _, _ in contents["cards"]) if all(type(r) is str for r, _, _ in contents["cards"]) else None
    expect(ranks, sorted(str(n) for n in range(1, 105)), "the ranks of the cards make_deck() deals, sorted",
           "The ranks are the numbers as text: [str(n) for n in range(1, 105)].")
    expect(sorted({suit for _, suit, _ in contents["cards"]}), ["bull"], "the suits of make_deck()'s cards",
           "The deck has one suit: ['bull'].")
    # Judged against the student's own penalty(), so a wrong penalty costs points in the penalty
    # tests and the totals only, not here again.
    theirs = student.batch(*[student.takes_cards.penalty.later(int(rank)) for rank, _, _ in contents["cards"]])
    wrong = [[rank, value, own] for (rank, _, value), own in zip(contents["cards"], theirs) if value != own]
    expect(wrong, [], "cards of make_deck() whose point value is not penalty(number) ([rank, value, penalty])",
           "Pass the penalties as the values: [penalty(n, scale) for n in range(1, 105)].")
