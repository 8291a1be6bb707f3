"""Activity 11: seeded simulations agree with the published win rates, and strategy is moot."""

import random
from itertools import combinations

import pytest

from tests.lab.conftest import stack_deck

# Win rates measured over 1.5 M games (shared/facts/elevens.md), with the half-width of a 99.9%
# band for this test's game count: 3.3 * sqrt(p (1 - p) / n).
GAMES = 12000


def win_rate(board, games: int) -> float:
    wins = 0
    for _ in range(games):
        board.new_game()
        while board.play_if_possible():
            pass
        wins += board.game_is_won()
    return wins / games


@pytest.mark.parametrize(
    "module, cls, expected",
    [
        ("elevens_board", "ElevensBoard", 0.1068),
        ("thirteens_board", "ThirteensBoard", 0.6275),
        ("tens_board", "TensBoard", 0.0918),
    ],
)
def test_seeded_win_rates_match_the_published_rates(ref, module, cls, expected):
    random.seed(11)
    rate = win_rate(getattr(ref[module], cls)(), GAMES)
    half_width = 3.3 * (expected * (1 - expected) / GAMES) ** 0.5
    assert abs(rate - expected) < half_width, f"{cls}: {rate:.4f} vs {expected}"


def test_simulate_returns_a_fraction(ref):
    random.seed(5)
    rate = ref["elevens_simulation"].simulate(500)
    assert isinstance(rate, float) and 0.0 <= rate <= 1.0
    assert ref["elevens_simulation"].simulate(0) == 0.0


def play_randomly(board, chooser: random.Random) -> None:
    """Make a uniformly chosen legal play until none is left (any strategy, not the reference's)."""
    while True:
        plays = legal_plays(board)
        if not plays:
            return
        board.replace_selected_cards(chooser.choice(plays))


def legal_plays(board) -> list[list[int]]:
    idx = board.card_indexes()
    plays = [list(c) for c in combinations(idx, 2) if board.is_legal(list(c))]
    for size in (1, 3, 4):
        plays += [list(c) for c in combinations(idx, size) if board.is_legal(list(c))]
    return plays


@pytest.mark.parametrize(
    "module, cls",
    [("elevens_board", "ElevensBoard"), ("thirteens_board", "ThirteensBoard"), ("tens_board", "TensBoard")],
)
def test_the_order_of_plays_never_changes_the_outcome(ref, module, cls):
    board_class = getattr(ref[module], cls)
    random.seed(3)
    for game in range(60):
        board = board_class()
        order = list(reversed(board.deck.cards))
        endings = set()
        for strategy in range(3):
            stack_deck(board, order)
            if strategy == 0:
                while board.play_if_possible():
                    pass
            else:
                play_randomly(board, random.Random(game * 10 + strategy))
            # Which of two equal-ranked cards a play takes changes suits, never ranks.
            left = tuple(sorted(c.rank() for c in board.cards if c is not None))
            endings.add((board.game_is_won(), left, board.deck_size()))
        assert len(endings) == 1, f"game {game}: {endings}"


@pytest.mark.parametrize("module, cls, game, decks", [
    ("elevens_board", "ElevensBoard", "ELEVENS", 500),
    ("thirteens_board", "ThirteensBoard", "THIRTEENS", 200),
    ("tens_board", "TensBoard", "TENS", 200),
])
def test_the_graders_own_rules_agree_with_the_reference(ref, module, cls, game, decks):
    """labs/elevens/games.py decides the expected end of the suites' planted games."""
    from grader_labs.elevens import games

    rules = getattr(games, game)
    names = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    short = {v: k for k, v in names.items()}
    for seed in range(decks):
        order = games.FULL_DECK[:]
        random.Random(seed).shuffle(order)
        board = getattr(ref[module], cls)()
        stack_deck(board, [ref["card"].Card(names.get(code[:-1], code[:-1]), suits[code[-1]], rules.values[code[:-1]]) for code in order])
        while board.play_if_possible():
            pass
        left = sorted(short.get(c.rank(), c.rank()) for c in board.cards if c is not None)
        expected = rules.play_out(order)
        assert (board.game_is_won(), tuple(left), board.deck_size()) == (expected.won, expected.ranks_left, expected.deck_left), seed


def test_the_graders_own_is_play_agrees_with_the_reference_is_legal(ref):
    """Every selection of up to four cards on boards of each game: games.Rules.is_play, which
    the suites' expected answers come from, says what the reference's is_legal says."""
    from itertools import combinations

    from grader_labs.elevens import games

    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    names = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    for module, cls, rules in (("elevens_board", "ElevensBoard", games.ELEVENS),
                               ("thirteens_board", "ThirteensBoard", games.THIRTEENS),
                               ("tens_board", "TensBoard", games.TENS)):
        for seed in range(8):
            codes = games.FULL_DECK[:]
            random.Random(seed).shuffle(codes)
            codes = codes[:rules.places]
            board = getattr(ref[module], cls)()
            board.cards = [ref["card"].Card(names.get(c[:-1], c[:-1]), suits[c[-1]], rules.values[c[:-1]]) for c in codes]
            for size in range(5):
                for combo in combinations(range(rules.places), size):
                    assert board.is_legal(list(combo)) == rules.is_play([codes[k] for k in combo]), (cls, codes, combo)
