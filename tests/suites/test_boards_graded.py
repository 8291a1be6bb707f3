"""A realistic wrong version of each board and simulation method loses points in its own
activity and nowhere else; the reference gets full marks whatever the seed."""

import shutil
from functools import cache

import pytest

from tests.classroom import (
    elevens_rubric as load_elevens_rubric,
    grade_class,
    grading_activities,
    reference_submission,
    reference_with,
    staged,
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
    "a_king_worth_12_pairs_with_an_ace": ("thirteens_board.py", {
        "POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]": "POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12]"}, "A10"),
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

# Right versions that make a choice the guide leaves open (games.Rules.open_ranks): full marks.
# The guide gives Thirteens' king no value and Tens no values at all; a board that finds its
# kings (or quartets) by a value of its own must be planted with that value.
RIGHT = {
    "a_king_worth_13_found_by_its_value": ("thirteens_board.py", {
        "POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]": "POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]",
        '            if card is not None and card.rank() == "king":\n': "            if card is not None and card.point_value() == 13:\n"}),
    "tens_faces_worth_20_to_50": ("tens_board.py", {
        "POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]": "POINT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 30, 40, 50]"}),
}


# Only the activities that grade a board or the simulation: A1-A6 never load a board file (their
# files and stand-ins hold none), so a wrong board cannot reach them, and grading them for every
# copy of the reference took most of this module's time. Every activity that can load the wrong
# file is graded, so "in its own activity only" is still checked where it can fail.
BOARD_ACTIVITIES = ["A8", "A9", "A10", "A11", "A11b", "bonus-tens"]
# The deliberate endless loop is graded with a short per-call limit: it times out whatever the
# limit, and the test about it checks that the message names the limit it was given.
ENDLESS = "never_ends"
ENDLESS_SECONDS = 0.5


@cache
def elevens_rubric():
    return load_elevens_rubric()


def board_activities_of(file: str) -> list[str]:
    """The board activities that stage a student's copy of ``file`` (tests/classroom.py:
    grading_activities); test_a_wrong_file_reaches_only_the_activities_that_grade_it checks
    that every other one holds the reference's bytes for each wrong version here."""
    return [a for a in grading_activities(elevens_rubric(), file) if a in BOARD_ACTIVITIES]


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory):
    subs = {"correct": reference_submission()}
    for name, (file, changes, _) in WRONG.items():
        subs[name] = {**reference_submission(), file: reference_with(file, changes)}
    for name, (file, changes) in RIGHT.items():
        subs[name] = {**reference_submission(), file: reference_with(file, changes)}
    return write_class(tmp_path_factory.mktemp("class"), subs)


@pytest.fixture(scope="module")
def graded(tmp_path_factory, class_folder):
    """submission -> {activity id: ActivityResult}, and the reference's SubmissionResult.

    The reference is graded in every board activity. Each wrong version is graded only in the
    activities that grade its file (board_activities_of): in every other one its sandbox holds
    byte-identical files to the reference's (checked below), and grading is deterministic, so it
    scores there exactly what the reference scores, full marks (test_the_reference_gets_full_marks).
    Grading those copies again proved nothing more and took most of this module's time.
    One grading process each (jobs=1): which process grades a test changes no result."""
    runs = [(["correct"], BOARD_ACTIVITIES, 2.0)]
    by_file: dict[str, list[str]] = {}
    for name, (file, _, _) in WRONG.items():
        if name != ENDLESS:
            by_file.setdefault(file, []).append(name)
    for name, (file, _) in RIGHT.items():
        by_file.setdefault(file, []).append(name)
    runs += [(names, board_activities_of(file), 2.0) for file, names in by_file.items()]
    runs.append(([ENDLESS], board_activities_of(WRONG[ENDLESS][0]), ENDLESS_SECONDS))
    activities, reference = {}, None
    for names, only, seconds in runs:
        root = tmp_path_factory.mktemp("class")
        for name in names:
            shutil.copytree(class_folder / name, root / name)
        results = grade_class(root, tmp_path_factory.mktemp("work"), limits={"call_seconds": seconds},
                              only_activities=only, jobs=1)
        for name in names:
            activities[name] = {a.id: a for a in results.submission(name).activities}
        if names == ["correct"]:
            reference = results.submission("correct")
    return activities, reference


def scores_below_max(graded, sub_id: str) -> set[str]:
    return {a.id for a in graded[0][sub_id].values() if a.score < a.max}


def test_the_reference_gets_full_marks(graded):
    correct = graded[1]
    assert all(a.status == "graded" and a.score == a.max for a in correct.activities)
    assert correct.total == correct.max and correct.bonus == correct.bonus_max == 8  # the bonus is kept apart


@pytest.mark.parametrize("name", list(RIGHT))
def test_a_choice_the_guide_leaves_open_loses_nothing(graded, name):
    assert scores_below_max(graded, name) == set(), [(t.name, t.message) for a in graded[0][name].values()
                                                      for t in a.tests if t.outcome != "passed"]


@pytest.mark.parametrize("name", list(WRONG))
def test_a_wrong_method_loses_points_in_its_own_activity_only(graded, name):
    assert scores_below_max(graded, name) == {WRONG[name][2]}


@pytest.mark.parametrize("name", list(WRONG))
def test_a_wrong_file_reaches_only_the_activities_that_grade_it(class_folder, name):
    """Why ``graded`` grades each wrong version only where its file is graded: in every other
    board activity its sandbox is the reference's, byte for byte."""
    file, _, owner = WRONG[name]
    assert owner in board_activities_of(file)
    rubric = elevens_rubric()
    for activity in BOARD_ACTIVITIES:
        if activity not in board_activities_of(file):
            assert staged(rubric, class_folder / name, activity) == staged(rubric, class_folder / "correct", activity) is not None, (name, activity)


def test_a_simulation_that_never_ends_is_a_timeout_with_a_clear_message(graded):
    activity = graded[0]["never_ends"]["A11b"]
    # simulate(0) (advisory: the guide never asks for it) plays no game, so it ends even here.
    assert {t.outcome for t in activity.tests if not t.advisory} == {"timeout"}
    assert f"did not finish within {ENDLESS_SECONDS:g} s" in activity.tests[0].message


# The activities whose checks sample (docs/statistics.md: the shuffles, the simulation) or run a
# tester against shuffling versions. Every other activity's checks are exact and draw nothing
# from the run's seed ("Checks that are not statistical"), so grading them many times would prove
# nothing the single full-marks test above does not.
SEEDED_ACTIVITIES = ["A3", "A4", "A5", "A5b", "A11b"]
# An end-to-end look, not the proof: each check's false-failure rate is bounded, and the bound
# proved, in docs/statistics.md (tests/statistics/). Ten base seeds are ten different draws for
# every seeded test (engine/seeds.py); each costs a grading of five activities (about 2.5 s).
SEEDS = range(1, 11)


def test_the_reference_gets_full_marks_with_10_different_seeds(tmp_path):
    root = write_class(tmp_path / "class", {"ref": reference_submission()})
    for seed in SEEDS:
        work = tmp_path / f"work{seed}"
        work.mkdir()
        # One grading process (jobs=1): a test's seed depends on the base seed, the activity and
        # the test only (engine/seeds.py), never on which process runs it.
        results = grade_class(root, work, base_seed=seed, only_activities=SEEDED_ACTIVITIES, jobs=1)
        ref = results.submission("ref")
        assert all(a.score == a.max for a in ref.activities), (seed, [(a.id, t.name, t.message) for a in ref.activities for t in a.tests if t.outcome != "passed"])
