"""Each named wrong shuffle, written as a student would, loses points in its own activity only."""

import pytest

from tests.classroom import grade_class, reference_text, reference_with, write_class

LOOP = "    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(0, k)\n"
DECK_LOOP = "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(0, k)  # 0..k inclusive: every order equally likely\n"

# name -> (shuffler.py loop, deck.py loop); each keeps the swap line that follows.
WRONG = {
    "any_index": ("    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(0, len(values) - 1)\n",
                  "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(0, len(self.cards) - 1)\n"),
    "every_position_any_index": ("    for k in range(len(values)):\n        r = random.randint(0, len(values) - 1)\n",
                                 "        for k in range(len(self.cards)):\n            r = random.randint(0, len(self.cards) - 1)\n"),
    "sattolo": ("    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(0, k - 1)\n",
                "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(0, k - 1)\n"),
    "never_zero": ("    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(1, k)\n",
                   "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(1, k)\n"),
    "never_swaps": ("    for k in range(len(values) - 1, -1, 1):\n        r = random.randint(0, k)\n",
                    "        for k in range(len(self.cards) - 1, -1, 1):\n            r = random.randint(0, k)\n"),
    "reseeds": ("    random.seed(2024)\n" + LOOP, "        random.seed(2024)\n" + DECK_LOOP),
}
UNIFORM_A3 = "test_selection_shuffle_makes_every_order_equally_likely"
UNIFORM_A4 = "test_shuffle_makes_every_order_equally_likely"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    subs = {"correct": {name: reference_text(name) for name in ("card.py", "deck.py", "shuffler.py")}}
    for name, (shuffler_loop, deck_loop) in WRONG.items():
        subs[name] = {
            "card.py": reference_text("card.py"),
            "shuffler.py": reference_with("shuffler.py", {LOOP: shuffler_loop}),
            "deck.py": reference_with("deck.py", {DECK_LOOP: deck_loop}),
        }
    subs["fair_flip"] = {"shuffler.py": reference_with("shuffler.py", {"random.randrange(3) < 2": "random.randrange(2) < 1"})}
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A2", "A3", "A4"])


def lost(results, sub_id: str) -> dict[str, set[str]]:
    """Activity id -> names of the tests that did not pass."""
    return {a.id: {t.name.split("[")[0] for t in a.tests if t.outcome != "passed"}
            for a in results.submission(sub_id).activities if a.status != "missing"}


def test_the_correct_files_score_full_marks(graded):
    assert lost(graded, "correct") == {"A2": set(), "A3": set(), "A4": set()}


@pytest.mark.parametrize("name", list(WRONG))
def test_a_wrong_shuffle_loses_only_the_uniformity_tests(graded, name):
    assert lost(graded, name) == {"A2": set(), "A3": {UNIFORM_A3}, "A4": {UNIFORM_A4}}


def test_a_fair_coin_loses_only_the_flip_test(graded):
    assert lost(graded, "fair_flip") == {"A3": {"test_flip_gives_heads_two_times_in_three"}}


def test_the_failure_message_names_the_orders_and_the_rule(graded):
    activity = next(a for a in graded.submission("sattolo").activities if a.id == "A3")
    message = next(t.message for t in activity.tests if t.name == UNIFORM_A3)
    assert "every one of the 24 orders should come up about 498 times" in message
    assert "random.randint(0, k)" in message
