"""Activity 4: checking and scoring predictions."""


def is_valid_prediction(pred: str, max_len: int) -> bool:
    """True when pred has 1 to max_len letters and every letter is "U", "D" or "S"."""
    raise NotImplementedError("is_valid_prediction (Activity 4)")


def find_match(pred: str, change_str: str) -> int:
    """The first index where pred occurs in change_str as one unbroken block, or -1."""
    raise NotImplementedError("find_match (Activity 4)")


def match_score(pred: str, change_str: str) -> int:
    """len(pred) when pred occurs in change_str as one unbroken block, else 0."""
    raise NotImplementedError("match_score (Activity 4)")
