"""A point value the guide leaves open may be any value that keeps the guide's plays (games.Rules.with_values)."""

from grader_labs.elevens.games import ELEVENS, RANKS, TENS, THIRTEENS
from grader_labs.elevens.own_values import values_of


def with_value(rules, **changes):
    return {**rules.values, **{rank.replace("_", ""): value for rank, value in changes.items()}}


def test_a_thirteens_king_may_be_worth_anything_that_pairs_with_nothing():
    for king in (0, 13, 14, 300, -1):
        assert THIRTEENS.with_values(with_value(THIRTEENS, K=king)).values["K"] == king


def test_a_thirteens_king_that_pairs_is_refused():
    for king in range(1, 13):  # K + (13 - K) would be a pair worth 13
        assert THIRTEENS.with_values(with_value(THIRTEENS, K=king)) is None


def test_only_the_open_ranks_may_differ():
    assert THIRTEENS.with_values(with_value(THIRTEENS, A=14)) is None
    assert ELEVENS.with_values(with_value(ELEVENS, K=13)) is None  # Elevens' values are given code
    assert THIRTEENS.with_values({**THIRTEENS.values, "K": True}) is None
    assert THIRTEENS.with_values({rank: 1 for rank in RANKS[:-1]}) is None


def test_tens_faces_may_take_any_values_that_make_no_pair():
    assert TENS.with_values({**TENS.values, "10": 20, "J": 30, "Q": 40, "K": 50}) is not None
    assert TENS.with_values({**TENS.values, "J": 0, "Q": 0, "K": 0}) is None  # 10 + J would be worth 10
    assert TENS.with_values({**TENS.values, "K": 5}) is None


def test_values_read_off_a_deck_must_agree_rank_by_rank():
    assert values_of(["king", 13, "ace", 1, "king", 13]) == {"K": 13, "A": 1}
    assert values_of(["king", 13, "king", 0]) is None
    assert values_of(["joker", 0]) is None
    assert values_of(["king", "13"]) is None
