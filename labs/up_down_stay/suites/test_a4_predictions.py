"""Activity 4: uds_predictions: is_valid_prediction, find_match and match_score.

All on the seed's example change string. A prediction scores only as one unbroken block:
no letters skipped (a subsequence) and no credit for a piece of it.
"""

import pytest

from grader.assertions import expect

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
IDS = [case[3] for case in CASES]


@pytest.mark.parametrize("pred, index, score, why", CASES, ids=IDS)
def test_find_match(student, pred, index, score, why):
    expect(student.uds_predictions.find_match(pred, CHANGES), index, f"find_match({pred!r}, {CHANGES!r})  ({why})",
           MATCH_HINT + " Return the first index where it starts, or -1.")


@pytest.mark.parametrize("pred, index, score, why", CASES, ids=IDS)
def test_match_score(student, pred, index, score, why):
    expect(student.uds_predictions.match_score(pred, CHANGES), score, f"match_score({pred!r}, {CHANGES!r})  ({why})",
           MATCH_HINT + " The score is len(pred) when it matches, else 0.")


def test_a_prediction_longer_than_the_changes_scores_0(student):
    changes = "UD" * 25 + "U"  # 51 changes of a 52-card row
    for pred in ["U" + changes, changes + "D", "UD" * 26]:
        expect(student.uds_predictions.match_score(pred, changes), 0, f"match_score(<{len(pred)} letters>, <51 changes>)",
               "A row of 52 cards has only 51 changes, so a longer prediction can never match.")


@pytest.mark.parametrize("pred", ["", "UXD", "U D", "UDX"])
def test_invalid_predictions(student, pred):
    expect(student.uds_predictions.is_valid_prediction(pred, 17), False, f"is_valid_prediction({pred!r}, 17)",
           "A prediction has at least one letter, and every letter is U, D or S.")


@pytest.mark.parametrize("pred", ["U", "D", "S", "UDS", "SSS", "UDUDUDUDUDUDUDUDU"])
def test_valid_predictions(student, pred):
    expect(student.uds_predictions.is_valid_prediction(pred, 17), True, f"is_valid_prediction({pred!r}, 17)",
           "Any 1 to max_len letters, each U, D or S, is a valid prediction.")
