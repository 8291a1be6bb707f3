"""Activity 3: perfect and selection shuffles, flip and are_permutations in the reference."""

import itertools
import random
from collections import Counter

import pytest


def test_eight_perfect_shuffles_of_52_give_back_the_deck(ref):
    values = list(range(52))
    for round_ in range(1, 9):
        ref["shuffler"].perfect_shuffle(values)
        assert (values == list(range(52))) == (round_ == 8)


@pytest.mark.parametrize(
    "before, after",
    [
        ([], []),
        ([1], [1]),
        ([1, 2], [1, 2]),
        ([1, 2, 3], [1, 3, 2]),
        ([1, 2, 3, 4], [1, 3, 2, 4]),
        ([1, 2, 3, 4, 5], [1, 4, 2, 5, 3]),
    ],
)
def test_perfect_shuffle_takes_the_larger_half_first(ref, before, after):
    ref["shuffler"].perfect_shuffle(before)
    assert before == after


def test_selection_shuffle_is_in_place_and_reaches_every_order_of_three(ref):
    seen = Counter()
    for _ in range(6000):
        values = [1, 2, 3]
        assert ref["shuffler"].selection_shuffle(values) is None
        seen[tuple(values)] += 1
    assert set(seen) == set(itertools.permutations([1, 2, 3]))
    assert all(800 < count < 1200 for count in seen.values()), seen


def test_the_lab_question_random_sequence_reverses_four_values(ref, monkeypatch):
    # r = 0, 1, 1 for k = 3, 2, 1 is the only sequence that turns 1 2 3 4 into 4 3 2 1: the
    # answer key of the Activity 3 question. The last draw must be 1, a swap with itself.
    draws = iter([0, 1, 1])
    monkeypatch.setattr(random, "randint", lambda low, high: next(draws))
    values = [1, 2, 3, 4]
    ref["shuffler"].selection_shuffle(values)
    assert values == [4, 3, 2, 1]


def test_flip_is_heads_two_thirds_of_the_time(ref):
    heads = sum(ref["shuffler"].flip() == "heads" for _ in range(30000))
    assert 19500 < heads < 20500  # 2/3 of 30000 is 20000; 500 is about 6 standard deviations
    assert {ref["shuffler"].flip() for _ in range(100)} == {"heads", "tails"}


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ([1, 2, 3], [3, 1, 2], True),
        ([], [], True),
        ([1, 2, 3], [1, 2], False),
        ([1, 2, 3], [1, 2, 4], False),
        ([1, 4], [2, 3], False),  # same sum
        ([1, 1, 2], [1, 2, 2], False),  # same values, other counts
        ([1, 1, 2], [2, 1, 1], True),
    ],
)
def test_are_permutations(ref, a, b, expected):
    assert ref["shuffler"].are_permutations(a, b) is expected
