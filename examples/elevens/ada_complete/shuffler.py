"""Activity 3: shuffling lists of numbers in place, plus the activity's two questions."""

import random
from collections import Counter


def perfect_shuffle(values: list) -> None:
    """Split in two and interleave, starting with the first half.

    For an odd length the first half is the larger one: it has (n + 1) // 2 items, which land
    on the even positions.
    """
    half = (len(values) + 1) // 2
    first, second = values[:half], values[half:]
    values[0::2] = first
    values[1::2] = second


def selection_shuffle(values: list) -> None:
    """Efficient selection shuffle: each of the n! orders is equally likely."""
    for k in range(len(values) - 1, 0, -1):
        r = random.randint(0, k)
        values[k], values[r] = values[r], values[k]


def flip() -> str:
    """A weighted coin: "heads" with probability 2/3, "tails" with 1/3."""
    return "heads" if random.randrange(3) < 2 else "tails"


def are_permutations(a: list, b: list) -> bool:
    """True when b holds exactly the values of a, each as many times, in any order."""
    return len(a) == len(b) and Counter(a) == Counter(b)


perfectShuffle = perfect_shuffle
selectionShuffle = selection_shuffle
arePermutations = are_permutations
