"""Activity 3: shuffling lists in place, flipping a weighted coin, comparing as permutations.

The perfect shuffle and are_permutations are checked exactly. selection_shuffle and flip are
random: their statistical checks have stated error rates (labs/elevens/shuffle_checks.py).
"""

import random

from grader_labs.elevens.shuffle_checks import (
    KEEP_CALLS,
    ORDER_ITEMS,
    expect_every_place_changes,
    expect_permutation,
    expect_rate,
    expect_uniform_orders,
)

from grader.checks.assertions import expect, fail, show
from grader.idiom import Twin, call, method, say

PERFECT_HINT = Twin("Split the list into a first half of (n + 1) // 2 items and the rest, then interleave: "
                    "first half on positions 0, 2, 4, ..., second half on 1, 3, 5, ....",
                    "Split the array into a first half of (n + 1) / 2 items and the rest, then interleave: "
                    "first half on positions 0, 2, 4, ..., second half on 1, 3, 5, ....")


def perfect(values: list) -> list:
    half = (len(values) + 1) // 2
    result = [None] * len(values)
    result[0::2], result[1::2] = values[:half], values[half:]
    return result


def after(student, function: str, values: list) -> list:
    """The list passed in, as the student's in-place function left it."""
    return getattr(student.shuffler, function).sample(1, values, observe=[["arg", 0]])[0]


# Every length from an empty list to a full deck, odd and even: one test, stopping at the first
# wrong length and naming it. And two beyond 256, odd and even: the guide's shuffles take an
# array of any length, and a length compared with `is` (CPython shares one int object only up to
# 256) or a loop written for 52 items shows only there.
LENGTHS = range(53)
LONG = (300, 301)


def test_perfect_shuffle_is_exact(student):
    # 1 to n, as the lab's [1, 2, 3, 4, 5], never 0: a place the shuffle forgets to fill keeps
    # its starting value, which in a new Java int[] is 0 and so would look right for a 0. Every
    # length in one round trip; the first wrong one fails, named.
    lists = [list(range(1, length + 1)) for length in (*LENGTHS, *LONG)]
    shuffle = student.shuffler.perfect_shuffle
    answers = student.in_turn(*[shuffle.sample_later(1, values, observe=[["arg", 0]]) for values in lists])
    for values in lists:
        expect(next(answers)[0], perfect(values), lambda values=values: call(student.shuffler, "perfect_shuffle", values),
               PERFECT_HINT)


def test_eight_perfect_shuffles_restore_52_cards(student):
    values = list(range(52))
    for _ in range(8):
        values = after(student, "perfect_shuffle", values)
    expect(values, list(range(52)), f"{method('perfect_shuffle')} applied 8 times to [0, 1, ..., 51]", PERFECT_HINT)


# Lists of every length up to a full deck (distinct values, made from a fixed seed so the grade
# never changes), one with repeats, and one of 300 values from -300 to 999 (0 among them).
KEEP_LISTS = ([random.Random(length).sample(range(100), length) for length in LENGTHS] + [[5, 5, 1, 5]]
              + [random.Random(300).sample([v for v in range(-300, 1000) if v], 299) + [0]])


def test_selection_shuffle_keeps_every_item(student):
    for values in KEEP_LISTS:
        for got in student.shuffler.selection_shuffle.sample(KEEP_CALLS, values, observe=[["arg", 0]]):
            expect_permutation(got, values, lambda values=values: f"{call(student.shuffler, 'selection_shuffle', values)} "
                                                                  f"{say(Twin('(the list afterwards)', '(the array afterwards)'))}")


def test_selection_shuffle_makes_every_order_equally_likely(student):
    items = list(range(ORDER_ITEMS))
    # Drawn in stages from the same worker, so the random stream simply continues.
    shuffle = student.shuffler.selection_shuffle
    expect_uniform_orders(lambda count: shuffle.sample(count, items, observe=[["arg", 0]]), items,
                          call(student.shuffler, "selection_shuffle", items))
    # Every other length: a fair shuffle moves every place some time in 20 calls (a shuffle that
    # skips its work on 52 items, or on odd lengths, does not); docs/statistics.md.
    for values in KEEP_LISTS:
        expect_every_place_changes(shuffle.sample(KEEP_CALLS, values, observe=[["arg", 0]]), values,
                                   call(student.shuffler, "selection_shuffle", values))


def test_flip_gives_heads_two_times_in_three(student):
    def flips(count: int) -> list:
        got = student.shuffler.flip.repeat(count)
        odd = [outcome for outcome in got if type(outcome) is not str or outcome not in ("heads", "tails")]
        if odd:
            fail(f"{call(student.shuffler, 'flip')}\n  expected: {show('heads')} or {show('tails')}\n  got:      {show(odd[0])}",
                 "flip() returns the text \"heads\" or \"tails\".")
        return got

    expect_rate(flips, "heads", "2 in 3", call(student.shuffler, "flip"), Twin(
        "Pick one of three equally likely numbers (random.randrange(3)) and give heads for two of them.",
        "Pick one of three equally likely numbers ((int) (Math.random() * 3)) and give heads for two of them."))


# The lab's question 2 asks about two arrays "of the same length but with no duplicate
# elements": only such pairs are its contract. A solution written to it (for example "same
# length, and every value of a is in b") is right, so these cases cost points.
PERMUTATION_CASES = [
    ([1, 2, 3], [3, 1, 2], True, "same values, new order"),
    ([], [], True, "two empty lists"),
    ([1, 2, 3], [1, 2, 3], True, "same order"),
    ([5, 9, 2, 7], [7, 2, 9, 5], True, "four values reversed"),
    ([1, 4], [2, 3], False, "same sum, different values"),
    ([0, 3], [1, 2], False, "same sum and length"),
    ([1, 2, 3], [1, 2, 4], False, "one value differs"),
]
# Going further than the guide: repeated values and different lengths. Advisory (worth 0 unless
# the rubric grades advisory checks): the guide rules these inputs out.
BEYOND_THE_GUIDE = [
    ([4, 4, 1], [1, 4, 4], True, "repeated values"),
    ([1, 2, 3], [1, 2], False, "different lengths"),
    ([1, 2], [1, 2, 3], False, "different lengths, the other way"),
    ([1, 1, 2], [1, 2, 2], False, "same values, different counts"),
    ([1, 2, 2], [1, 1, 2], False, "same values, different counts, the other way"),
]
PERMUTATION_HINT = "b is a permutation of a when it holds the same values, each the same number of times."


def generated_permutation_cases() -> list[tuple[list, list, bool, str]]:
    """Same-length, no-repeat pairs of every length from 1 to 52, and of 300, from a fixed seed:
    b a rearrangement of a; b with one value replaced by a new one; b with two values moved apart
    by the same amount (the same sum, the same length); and, where a holds 0, b with that 0
    replaced. The values run from -300 to 999 (a multiple of 3, so a value plus or minus 1 is
    new): negative, zero, and beyond 256, where values compared with `is` stop matching (CPython
    shares one int object only up to 256). Half the lists hold 0: a check that marks the values
    it found with 0 (or skips 0) then answers wrongly."""
    cases = []
    for length in (*range(1, 53), 300):
        rng = random.Random(1000 + length)
        a = rng.sample(range(-300, 1000, 3), length)
        if length % 2 == 0 and 0 not in a:
            a[rng.randrange(length)] = 0
        b = a[:]
        rng.shuffle(b)
        cases.append((a, b, True, f"{length} values, rearranged"))
        other = b[:]
        other[rng.randrange(length)] += 1
        cases.append((a, other, False, f"{length} values, one changed"))
        if length >= 2:
            i, j = rng.sample(range(length), 2)
            trap = b[:]
            trap[i], trap[j] = trap[i] - 1, trap[j] + 1
            cases.append((a, trap, False, f"{length} values, two changed, same sum"))
        if 0 in b:
            no_zero = b[:]
            no_zero[b.index(0)] = 1
            cases.append((a, no_zero, False, f"{length} values, the 0 changed to 1"))
    return cases


def expect_permutation_answers(student, cases: list, hint: str) -> None:
    """Every case in one round trip; the first wrong answer fails, named."""
    answers = student.batch(*[student.shuffler.are_permutations.later(a, b) for a, b, _, _ in cases])
    for (a, b, answer, why), got in zip(cases, answers):
        expect(got, answer, lambda a=a, b=b, why=why: f"{call(student.shuffler, 'are_permutations', a, b)}  ({why})", hint)


def test_are_permutations(student):
    expect_permutation_answers(student, PERMUTATION_CASES + generated_permutation_cases(), PERMUTATION_HINT)


def test_are_permutations_beyond_the_guide(student):
    expect_permutation_answers(student, BEYOND_THE_GUIDE,
                               "Going further than the lab asks: count how many times each value appears in each list.")
