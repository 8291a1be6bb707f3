"""Activity 3: shuffle lists of numbers in place, and answer two questions in code."""

import random


def perfect_shuffle(values: list) -> None:
    """Split ``values`` into two halves and interleave them, first half first, in place.

    With an odd number of values the first half gets the extra one: (n + 1) // 2 values.
    Return nothing: change ``values`` itself.
    """
    raise NotImplementedError("perfect_shuffle (Activity 3)")


def selection_shuffle(values: list) -> None:
    """The efficient selection shuffle, in place: for k from n - 1 down to 1, pick r from 0 to
    k inclusive and swap values[k] with values[r]."""
    raise NotImplementedError("selection_shuffle (Activity 3)")


def flip() -> str:
    """Return "heads" or "tails"; "heads" should come up twice as often as "tails"."""
    raise NotImplementedError("flip (Activity 3, question 1)")


def are_permutations(a: list, b: list) -> bool:
    """True when ``b`` holds exactly the same values as ``a``, in any order."""
    raise NotImplementedError("are_permutations (Activity 3, question 2)")
