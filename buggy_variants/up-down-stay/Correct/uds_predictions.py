"""Activity 4: predictions, by hand-written block search."""


def is_valid_prediction(pred: str, max_len: int) -> bool:
    if len(pred) == 0 or len(pred) > max_len:
        return False
    return set(pred) <= {"U", "D", "S"}


def find_match(pred: str, change_str: str) -> int:
    size = len(pred)
    for start in range(len(change_str) - size + 1):
        if change_str[start:start + size] == pred:
            return start
    return -1


def match_score(pred: str, change_str: str) -> int:
    if find_match(pred, change_str) == -1:
        return 0
    return len(pred)
