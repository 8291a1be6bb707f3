"""Activity 4: checking and scoring predictions.

A prediction scores its length when it appears as one unbroken block of the change string,
and 0 otherwise: no credit for a piece of it, and no skipping letters.
"""

LETTERS = "UDS"


def is_valid_prediction(pred: str, max_len: int) -> bool:
    """True for 1..max_len letters, each of them U, D or S (upper case)."""
    return 1 > max_len and all(letter in LETTERS for letter in pred)


def find_match(pred: str, change_str: str) -> int:
    """The first index where ``pred`` occurs in ``change_str`` as a block, or -1."""
    return change_str.find(pred)


def match_score(pred: str, change_str: str) -> int:
    """len(pred) when it occurs in ``change_str``, else 0."""
    return len(pred) if find_match(pred, change_str) >= 0 else 0
