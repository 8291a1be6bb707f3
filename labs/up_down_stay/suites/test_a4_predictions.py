"""Activity 4: uds_predictions: is_valid_prediction, find_match and match_score.

The seed's example change string first, then every prediction of 1 to 3 letters against every
change string of up to 4 letters. A prediction scores only as one unbroken block: no letters
skipped (a subsequence) and no credit for a piece of it. Validity with several max_len values.
"""

import itertools

import pytest

from grader.checks.assertions import expect

CHANGES = "UDDUUDDUSUU"
MATCH_HINT = ("The prediction must appear in the change string as one unbroken block (like `pred in change_str`): "
              "no skipping letters, and no points for a part of it.")

# prediction, first index, score, why
CASES = [
    ("UUDDUSU", 3, 7, "the seed's example"),
    ("UUDDUSUU", 3, 8, "one letter longer, still there"),
    (CHANGES, 0, 11, "the whole change string"),
    (CHANGES + "U", -1, 0, "longer than the change string"),
    ("UDUD", -1, 0, "only there if letters are skipped"),
    ("DUUD", 2, 4, "a block in the middle"),
    ("SS", -1, 0, "a stay happens once only"),
    ("S", 8, 1, "one letter"),
    ("D", 1, 1, "the first D"),
    ("UDDUUDDUSUUU", -1, 0, "the string plus a U: its beginning matches, it does not"),
]


# Beyond the example: every prediction of 1 to 3 letters against every change string of 0 to 4
# letters (the first letter, the last, the whole string, no match), judged by `in` on this side.
SHORT = ["".join(p) for n in (1, 2, 3) for p in itertools.product("UDS", repeat=n)]
STRINGS = ["".join(p) for n in range(5) for p in itertools.product("UDS", repeat=n)]


def sweep(student, name: str) -> None:
    """Calls ``name`` on every short prediction against every short change string."""
    function = getattr(student.uds_predictions, name)
    cases = [(pred, text, text.find(pred), len(pred) if pred in text else 0, "") for text in STRINGS for pred in SHORT]
    got = student.batch(*[function.later(pred, text) for pred, text, _, _, _ in cases])
    hint = MATCH_HINT + (" Return the first index where it starts, or -1." if name == "find_match"
                         else " The score is len(pred) when it matches, else 0.")
    for value, (pred, text, index, score, why) in zip(got, cases):
        wanted = index if name == "find_match" else score
        if value != wanted or type(value) is not int:
            expect(value, wanted, f"{name}({pred!r}, {text!r})", hint)


# One run per example case, then one run for the whole sweep of short predictions.
SWEEP = (None, None, None, "every prediction of 1 to 3 letters against every change string of up to 4 letters")
IDS = [case[3] for case in CASES] + ["every short prediction"]


def check(student, name: str, pred, index, score, why) -> None:
    if pred is None:
        sweep(student, name)
        return
    wanted = index if name == "find_match" else score
    got = getattr(student.uds_predictions, name)(pred, CHANGES)
    expect(got, wanted, f"{name}({pred!r}, {CHANGES!r})  ({why})", MATCH_HINT + (
        " Return the first index where it starts, or -1." if name == "find_match" else " The score is len(pred) when it matches, else 0."))


@pytest.mark.parametrize("pred, index, score, why", CASES + [SWEEP], ids=IDS)
def test_find_match(student, pred, index, score, why):
    check(student, "find_match", pred, index, score, why)


@pytest.mark.parametrize("pred, index, score, why", CASES + [SWEEP], ids=IDS)
def test_match_score(student, pred, index, score, why):
    check(student, "match_score", pred, index, score, why)


def test_a_prediction_longer_than_the_changes_scores_0(student):
    changes = "UD" * 25 + "U"  # 51 changes of a 52-card row
    for pred in ["U" + changes, changes + "D", "UD" * 26]:
        expect(student.uds_predictions.match_score(pred, changes), 0, f"match_score(<{len(pred)} letters>, <51 changes>)",
               "A row of 52 cards has only 51 changes, so a longer prediction can never match.")


# One run per prediction checked against max_len 17, then one run for other max_len values.
INVALID = [[("", 17)], [("UXD", 17)], [("U D", 17)], [("UDX", 17)], [("", 1), ("SX", 52), ("DUS?", 4)]]
VALID = [[("U", 17)], [("D", 17)], [("S", 17)], [("UDS", 17)], [("SSS", 17)], [("UDUDUDUDUDUDUDUDU", 17)],
         [("D", 1), ("SU", 2), ("UDS", 5), ("DDSSUU", 26), ("S" * 51, 51), ("UD" * 12, 52)]]


def ids(groups: list) -> list:
    return [repr(group[0][0]) if len(group) == 1 else "other max_len" for group in groups]


@pytest.mark.parametrize("cases", INVALID, ids=ids(INVALID))
def test_invalid_predictions(student, cases):
    got = student.batch(*[student.uds_predictions.is_valid_prediction.later(pred, n) for pred, n in cases])
    for value, (pred, n) in zip(got, cases):
        expect(value, False, f"is_valid_prediction({pred!r}, {n})",
               "A prediction has at least one letter, and every letter is U, D or S.")


@pytest.mark.parametrize("cases", VALID, ids=ids(VALID))
def test_valid_predictions(student, cases):
    got = student.batch(*[student.uds_predictions.is_valid_prediction.later(pred, n) for pred, n in cases])
    for value, (pred, n) in zip(got, cases):
        expect(value, True, f"is_valid_prediction({pred!r}, {n})",
               "Any 1 to max_len letters, each U, D or S, is a valid prediction.")
