"""A realistic wrong version of each board and simulation method loses points in its own
activity and nowhere else; the reference gets full marks whatever the seed."""

import pytest

from tests.classroom import (
    grade_class,
    reference_submission,
    reference_with,
    write_class,
)

WRONG = {
    # A8: Board
    "card_indexes_keeps_empty_places": ("board.py", {
        "        return [k for k, card in enumerate(self.cards) if card is not None]\n":
        "        return list(range(len(self.cards)))\n"}, "A8"),
    "won_when_the_board_is_empty": ("board.py", {
        "        return self.deck.is_empty() and self.is_empty()\n": "        return self.is_empty()\n"}, "A8"),
    "board_is_not_abstract": ("board.py", {"class Board(ABC):": "class Board:", "    @abstractmethod\n": ""}, "A8"),
    "size_is_the_cards_dealt": ("board.py", {"        return len(self.cards)\n": "        return len([c for c in self.cards if c is not None])\n"}, "A8"),
    "deal_always_fills_place_0": ("board.py", {"        self.cards[k] = self.deck.deal()\n": "        self.cards[0] = self.deck.deal()\n"}, "A8"),
    "deck_size_counts_dealt_cards_too": ("board.py", {"        return self.deck.size()\n": "        return len(self.deck.cards)\n"}, "A8"),
    "card_at_off_by_one": ("board.py", {"        return self.cards[k]\n": "        return self.cards[k - 1]\n"}, "A8"),
    "replace_only_the_first": ("board.py", {"        for k in selected:\n": "        for k in selected[:1]:\n"}, "A8"),
    "is_empty_with_any": ("board.py", {"        return all(card is None for card in self.cards)\n": "        return any(card is None for card in self.cards)\n"}, "A8"),
    "new_game_does_not_deal": ("board.py", {"        self.deck.shuffle()\n        self._deal_my_cards()\n": "        self.deck.shuffle()\n"}, "A8"),
    # A9: ElevensBoard rules
    "any_three_faces_are_legal": ("elevens_board.py", {
        "        if len(selected) == 3:\n            return bool(self.find_jqk(selected))\n":
        "        if len(selected) == 3:\n            return all(self.cards[k] is not None and self.cards[k].point_value() == 0 for k in selected)\n"}, "A9"),
    "another_play_ignores_jqk": ("elevens_board.py", {
        "        return bool(self.find_pair_sum11(on_board) or self.find_jqk(on_board))\n":
        "        return bool(self.find_pair_sum11(on_board))\n"}, "A9"),
    # A11: finding and making plays
    "find_returns_positions_in_selected": ("elevens_board.py", {
        "                    return [first, second]\n": "                    return [selected.index(first), selected.index(second)]\n"}, "A11"),
    "play_does_not_refill": ("elevens_board.py", {
        "            self.replace_selected_cards(pair)\n": "            for k in pair:\n                self.cards[k] = None\n"}, "A11"),
    "find_jqk_returns_ranks": ("elevens_board.py", {
        '            return [found["jack"], found["queen"], found["king"]]\n': '            return ["jack", "queen", "king"]\n'}, "A11"),
    # A10: Thirteens
    "a_lone_king_is_not_legal": ("thirteens_board.py", {
        "            return bool(self.find_king(selected))\n": "            return False\n"}, "A10"),
    "another_play_ignores_kings": ("thirteens_board.py", {
        "        return bool(self.find_pair_sum13(on_board) or self.find_king(on_board))\n":
        "        return bool(self.find_pair_sum13(on_board))\n"}, "A10"),
    # bonus: Tens
    "any_four_faces_are_a_quartet": ("tens_board.py", {
        "            if len(by_rank.get(rank, [])) == 4:\n                return by_rank[rank]\n":
        "            pass\n        faces = [k for ks in by_rank.values() for k in ks]\n        if len(faces) == 4:\n            return faces\n"}, "bonus-tens"),
    "another_play_ignores_quartets": ("tens_board.py", {
        "        return bool(self.find_pair_sum10(on_board) or self.find_quartet(on_board))\n":
        "        return bool(self.find_pair_sum10(on_board))\n"}, "bonus-tens"),
    # A11b: simulation
    "no_new_game": ("elevens_simulation.py", {"    board.new_game()\n": ""}, "A11b"),
    "counts_the_games_lost": ("elevens_simulation.py", {"    return board.game_is_won()\n": "    return not board.game_is_won()\n"}, "A11b"),
    "never_ends": ("elevens_simulation.py", {"    while board.play_if_possible():\n        pass\n": "    while True:\n        board.play_if_possible()\n"}, "A11b"),
}


# Only the activities that grade a board or the simulation: A1-A6 never load a board file (their
# files and stand-ins hold none), so a wrong board cannot reach them, and grading them for every
# copy of the reference took most of this module's time. Every activity that can load the wrong
# file is graded, so "in its own activity only" is still checked where it can fail.
BOARD_ACTIVITIES = ["A8", "A9", "A10", "A11", "A11b", "bonus-tens"]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    subs = {"correct": reference_submission()}
    for name, (file, changes, _) in WRONG.items():
        subs[name] = {**reference_submission(), file: reference_with(file, changes)}
    root = write_class(tmp_path_factory.mktemp("class"), subs)
    return grade_class(root, tmp_path_factory.mktemp("work"), limits={"call_seconds": 2.0},
                       only_activities=BOARD_ACTIVITIES)


def scores_below_max(results, sub_id: str) -> set[str]:
    return {a.id for a in results.submission(sub_id).activities if a.score < a.max}


def test_the_reference_gets_full_marks(graded):
    correct = graded.submission("correct")
    assert all(a.status == "graded" and a.score == a.max for a in correct.activities)
    assert correct.total == correct.max and correct.bonus == correct.bonus_max == 8  # the bonus is kept apart


@pytest.mark.parametrize("name", list(WRONG))
def test_a_wrong_method_loses_points_in_its_own_activity_only(graded, name):
    assert scores_below_max(graded, name) == {WRONG[name][2]}


def test_a_simulation_that_never_ends_is_a_timeout_with_a_clear_message(graded):
    activity = next(a for a in graded.submission("never_ends").activities if a.id == "A11b")
    assert {t.outcome for t in activity.tests} == {"timeout"}
    assert "did not finish within 2 s" in activity.tests[0].message


# The activities whose checks sample (docs/statistics.md: the shuffles, the simulation) or run a
# tester against shuffling versions. Every other activity's checks are exact and draw nothing
# from the run's seed ("Checks that are not statistical"), so grading them 20 times would prove
# nothing the single full-marks test above does not.
SEEDED_ACTIVITIES = ["A3", "A4", "A5", "A5b", "A11b"]


def test_the_reference_gets_full_marks_with_20_different_seeds(tmp_path):
    root = write_class(tmp_path / "class", {"ref": reference_submission()})
    for seed in range(1, 21):
        work = tmp_path / f"work{seed}"
        work.mkdir()
        results = grade_class(root, work, base_seed=seed, only_activities=SEEDED_ACTIVITIES)
        ref = results.submission("ref")
        assert all(a.score == a.max for a in ref.activities), (seed, [(a.id, t.name, t.message) for a in ref.activities for t in a.tests if t.outcome != "passed"])
