"""Up/Down/Stay, Activity 4 (second solution): matching by sliding a window."""


def is_valid_prediction(pred, max_len: int) -> bool:
    return isinstance(pred, str) and 0 < len(pred) <= max_len and set(pred) <= {"U", "D", "S"}


def find_match(pred: str, change_str: str) -> int:
    width = len(pred)
    for start in range(len(change_str) - width + 1):
        if change_str[start:start + width] == pred:
            return start
    return -1


def match_score(pred: str, change_str: str) -> int:
    return len(pred) if pred and find_match(pred, change_str) != -1 else 0
