"""Each named wrong shuffle, written as a student would, loses points in its own activity only."""

import re

import pytest
from grader_labs.elevens.shuffle_checks import FLIP_CHECK, ORDER_CHECK

from tests.classroom import grade_class, reference_text, reference_with, write_class

LOOP = "    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(0, k)\n"
DECK_LOOP = "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(0, k)  # 0..k inclusive: every order equally likely\n"

# name -> (shuffler.py loop, deck.py loop); each keeps the swap line that follows.
WRONG = {
    "any_index": ("    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(0, len(values) - 1)\n",
                  "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(0, len(self.cards) - 1)\n"),
    "every_position_any_index": ("    for k in range(len(values)):\n        r = random.randint(0, len(values) - 1)\n",
                                 "        for k in range(len(self.cards)):\n            r = random.randint(0, len(self.cards) - 1)\n"),
    "every_position_counting_down": ("    for k in range(len(values) - 1, -1, -1):\n        r = random.randint(0, len(values) - 1)\n",
                                     "        for k in range(len(self.cards) - 1, -1, -1):\n            r = random.randint(0, len(self.cards) - 1)\n"),
    "sattolo": ("    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(0, k - 1)\n",
                "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(0, k - 1)\n"),
    "never_zero": ("    for k in range(len(values) - 1, 0, -1):\n        r = random.randint(1, k)\n",
                   "        for k in range(len(self.cards) - 1, 0, -1):\n            r = random.randint(1, k)\n"),
    "never_swaps": ("    for k in range(len(values) - 1, -1, 1):\n        r = random.randint(0, k)\n",
                    "        for k in range(len(self.cards) - 1, -1, 1):\n            r = random.randint(0, k)\n"),
    "reseeds": ("    random.seed(2024)\n" + LOOP, "        random.seed(2024)\n" + DECK_LOOP),
}
FLIP = '"heads" if random.randrange(3) < 2 else "tails"'
FLIPS = {"fair_flip": '"heads" if random.randrange(2) < 1 else "tails"',
         "swapped_flip": '"tails" if random.randrange(3) < 2 else "heads"'}
# A right Deck the guide allows: it remembers how many cards it was built with, and the shuffle
# resets the count to that (through the guide's methods the list never changes length).
REMEMBERS_LENGTH = {"        self._undealt = len(self.cards)\n        self.shuffle()\n":
                    "        self._total = len(self.cards)\n        self._undealt = self._total\n        self.shuffle()\n",
                    "        for k in range(len(self.cards) - 1, 0, -1):\n":
                    "        for k in range(self._total - 1, 0, -1):\n",
                    "            self.cards[k], self.cards[r] = self.cards[r], self.cards[k]\n        self._undealt = len(self.cards)\n":
                    "            self.cards[k], self.cards[r] = self.cards[r], self.cards[k]\n        self._undealt = self._total\n"}
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
    for name, flip in FLIPS.items():
        subs[name] = {"shuffler.py": reference_with("shuffler.py", {FLIP: flip})}
    subs["remembers_its_length"] = {"card.py": reference_text("card.py"),
                                    "deck.py": reference_with("deck.py", REMEMBERS_LENGTH)}
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    # One grading process (jobs=1): a test's seed depends on the base seed, the activity and the
    # test only (engine/seeds.py), never on which process runs it.
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A2", "A3", "A4"], jobs=1)


def lost(results, sub_id: str) -> dict[str, set[str]]:
    """Activity id -> names of the tests that did not pass."""
    return {a.id: {t.name.split("[")[0] for t in a.tests if t.outcome != "passed"}
            for a in results.submission(sub_id).activities if a.status != "missing"}


def test_the_correct_files_score_full_marks(graded):
    assert lost(graded, "correct") == {"A2": set(), "A3": set(), "A4": set()}


def test_a_deck_that_remembers_its_length_scores_full_marks(graded):
    assert lost(graded, "remembers_its_length") == {"A2": set(), "A4": set()}


@pytest.mark.parametrize("name", list(WRONG))
def test_a_wrong_shuffle_loses_only_the_uniformity_tests(graded, name):
    assert lost(graded, name) == {"A2": set(), "A3": {UNIFORM_A3}, "A4": {UNIFORM_A4}}


@pytest.mark.parametrize("name", list(FLIPS))
def test_a_wrong_flip_loses_only_the_flip_test(graded, name):
    assert lost(graded, name) == {"A3": {"test_flip_gives_heads_two_times_in_three"}}


def message(results, sub_id: str, activity_id: str, test: str) -> str:
    activity = next(a for a in results.submission(sub_id).activities if a.id == activity_id)
    return next(t.message for t in activity.tests if t.name == test)


def test_the_failure_message_names_the_orders_the_band_the_samples_and_the_rule(graded):
    # Sattolo's shuffle never makes 18 of the 24 orders: it fails at the first look.
    first = ORDER_CHECK.looks[0]
    text = message(graded, "sattolo", "A3", UNIFORM_A3)
    assert f"selection_shuffle([0, 1, 2, 3]), {first.samples:,} times: every one of the 24 orders should come up about 42 times" in text
    assert f"between {first.reject.low} and {first.reject.high} times" in text
    assert len(re.findall(r"\n    \[\d, \d, \d, \d\]: \d+ times", text)) == 4  # the 4 most unusual orders
    assert f"in stages, up to {ORDER_CHECK.most_samples:,} calls in all" in text
    assert "(the counts ran from 0 to " in text
    assert "random.randint(0, k)" in text
    deck = message(graded, "sattolo", "A4", UNIFORM_A4)
    assert f"shuffle() (the rearrangement it made), {first.samples:,} times" in deck


def test_the_hardest_mistake_is_failed_later_and_the_message_says_when(graded):
    text = message(graded, "every_position_any_index", "A3", UNIFORM_A3)
    drawn = int(text.split("), ")[1].split(" times")[0].replace(",", ""))
    assert drawn in [look.samples for look in ORDER_CHECK.looks] and drawn > ORDER_CHECK.looks[0].samples


def test_the_flip_message_says_how_many_flips_and_the_band(graded):
    text = message(graded, "fair_flip", "A3", "test_flip_gives_heads_two_times_in_three")
    drawn = int(text.split("flip(), ")[1].split(" times")[0])
    look = next(look for look in FLIP_CHECK.looks if look.samples == drawn)
    assert f"between {look.reject.low} and {look.reject.high}" in text and "random.randrange(3)" in text
