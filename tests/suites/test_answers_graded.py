"""answers.yaml: right answers in any reasonable spelling pass, wrong ones get a hint and never
the answer, and a hostile file is refused as data."""

import pytest

from grader_labs.elevens.card_notation import parse_card
from tests.classroom import REFERENCE, grade_class, write_class

RIGHT_ANOTHER_WAY = ('deck_size: "6"\nselection_shuffle_r: ["0", 1, 1]\n'
                     'plays:\n  - ["6 of clubs", "5♣"]\n  - [5s, 6c]\ncard_indexes: [0, 1, 3, 6, 7]\n')
WRONG = "deck_size: 9\nselection_shuffle_r: [0, 1, 2]\nplays: [[5S, 6C]]\ncard_indexes: [0, 1, 3, 6, 7, 8]\n"
ALIASES = "a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: [*b, *b, *b, *b]\n"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    subs = {
        "key": {"answers.yaml": (REFERENCE / "answers.yaml").read_text(encoding="utf-8")},
        "another_way": {"answers.yaml": RIGHT_ANOTHER_WAY},
        "wrong": {"answers.yaml": WRONG},
        "aliases": {"answers.yaml": ALIASES},
        "huge": {"answers.yaml": "deck_size: 6\n" + "# padding\n" * 5000},
        "not_yaml": {"answers.yaml": "deck_size: [6\n"},
    }
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A6"], jobs=1)


def results_of(results, sub_id: str) -> dict:
    return {t.name: t for t in results.submission(sub_id).activities[0].tests}


@pytest.mark.parametrize("sub_id", ["key", "another_way"])
def test_right_answers_score_full_marks(graded, sub_id):
    sub = graded.submission(sub_id)
    assert sub.total == sub.max == 6


def test_wrong_answers_get_a_hint_but_not_the_answer(graded):
    tests = results_of(graded, "wrong")
    assert {t.outcome for t in tests.values()} == {"failed"}
    assert "your answer (`deck_size`): 9" in tests["test_deck_size_question"].message
    assert "A play is missing" in tests["test_plays_question"].message
    assert "[0, 1, 1]" not in tests["test_selection_shuffle_question"].message
    assert "[0, 1, 3, 6, 7]" not in tests["test_card_indexes_question"].message.replace("[0, 1, 3, 6, 7, 8]", "")


@pytest.mark.parametrize("sub_id, words", [
    ("aliases", "uses a YAML alias"),
    ("huge", "is over 20 kB"),
    ("not_yaml", "could not be read near line"),
])
def test_an_unusable_file_is_refused_with_a_reason(graded, sub_id, words):
    tests = results_of(graded, sub_id)
    assert all(t.outcome == "failed" and words in t.message for t in tests.values())


@pytest.mark.parametrize("text, card", [
    ("5♠", ("5", "spades")), ("5S", ("5", "spades")), ("10h", ("10", "hearts")), ("K♦", ("king", "diamonds")),
    ("queen of clubs", ("queen", "clubs")), (" a s ", ("ace", "spades")), ("11S", None), ("5X", None), (5, None),
])
def test_card_spellings(text, card):
    assert parse_card(text) == card
