"""Activities 6–10: the rules of Elevens, Thirteens and Tens, on planted boards."""

import itertools

import pytest

from tests.lab.conftest import parse_card, stack_deck

ELEVENS_VALUES = dict(zip(
    ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0],
))


def plant(board, texts: str, values=ELEVENS_VALUES) -> None:
    """Put the cards named in ``texts`` ('5♠ 4♥ -') on the board; '-' is an empty slot."""
    Card = type(board.deck.cards[0])
    board.cards = [None if t == "-" else parse_card(t, Card, values) for t in texts.split()]


def all_legal_plays(board) -> set[frozenset[str]]:
    found = set()
    indexes = board.card_indexes()
    for n in range(1, len(indexes) + 1):
        for chosen in itertools.combinations(indexes, n):
            if board.is_legal(list(chosen)):
                found.add(frozenset(str(board.cards[k]) for k in chosen))
    return found


@pytest.fixture
def elevens(ref):
    return ref["elevens_board"].ElevensBoard()


def test_the_lab_question_board_has_exactly_two_plays(elevens):
    plant(elevens, "5♠ 4♥ 2♦ 6♣ A♠ J♥ K♦ 5♣ 2♠")
    names = lambda *t: frozenset(str(parse_card(x, type(elevens.cards[0]), ELEVENS_VALUES)) for x in t)
    assert all_legal_plays(elevens) == {names("5♠", "6♣"), names("6♣", "5♣")}


@pytest.mark.parametrize(
    "texts, selected, legal",
    [
        ("A♠ 10♥ -", [0, 1], True),
        ("A♠ 10♠ -", [0, 1], True),  # suits are ignored
        ("J♠ Q♥ K♦", [0, 1, 2], True),
        ("J♠ Q♥ K♦", [2, 0, 1], True),
        ("J♠ J♥ Q♦", [0, 1, 2], False),  # no partial face sets
        ("J♠ Q♥ K♦ J♣", [0, 1, 2, 3], False),
        ("J♠ A♥ 10♦", [0, 1], False),  # a face card is worth 0, never part of a pair
        ("5♠ 6♥ 9♦", [0, 1, 2], False),  # a pair plus one more card
        ("5♠ 6♥ -", [0], False),
        ("5♠ 5♥ -", [0, 1], False),
        ("5♠ - 6♥", [0, 1], False),  # an empty slot is never part of a play
    ],
)
def test_elevens_is_legal(elevens, texts, selected, legal):
    plant(elevens, texts)
    assert elevens.is_legal(selected) is legal


@pytest.mark.parametrize(
    "texts, possible",
    [
        ("5♠ 4♥ 2♦ 6♣ A♠ J♥ K♦ 5♣ 2♠", True),
        ("J♠ 2♥ Q♦ 3♣ K♠ 4♥ 2♦ 4♣ 2♠", True),
        ("2♦ K♣ K♦ 7♦ 3♣ 7♣ 3♥ 5♠ Q♦", False),
        ("- - 6♣ - - - - 5♣ -", True),
        ("- - - - - - - - -", False),
    ],
)
def test_elevens_another_play_is_possible(elevens, texts, possible):
    plant(elevens, texts)
    assert elevens.another_play_is_possible() is possible


SAMPLE_GAME = [
    # (board before the play, the cards removed); the replacements come from the stacked deck
    ("K♠ 10♦ J♣ 2♣ 2♥ 9♦ 3♥ 5♠ 5♦", [3, 5]),
    ("K♠ 10♦ J♣ 7♦ 2♥ Q♠ 3♥ 5♠ 5♦", [0, 2, 5]),
    ("A♠ 10♦ 9♣ 7♦ 2♥ 7♣ 3♥ 5♠ 5♦", [2, 4]),
    ("A♠ 10♦ 10♠ 7♦ 3♣ 7♣ 3♥ 5♠ 5♦", [0, 2]),
    ("2♠ 10♦ 9♠ 7♦ 3♣ 7♣ 3♥ 5♠ 5♦", [0, 2]),
    ("A♣ 10♦ K♦ 7♦ 3♣ 7♣ 3♥ 5♠ 5♦", [0, 1]),
    ("6♦ K♣ K♦ 7♦ 3♣ 7♣ 3♥ 5♠ 5♦", [0, 8]),
]
SAMPLE_END = "2♦ K♣ K♦ 7♦ 3♣ 7♣ 3♥ 5♠ Q♦"
SAMPLE_REPLACEMENTS = "7♦ Q♠ A♠ 9♣ 7♣ 10♠ 3♣ 2♠ 9♠ A♣ K♦ 6♦ K♣ 2♦ Q♦"


def sample_game_deck(card_class) -> list:
    first = SAMPLE_GAME[0][0].split() + SAMPLE_REPLACEMENTS.split()
    rest = [f"{r}{s}" for s in "♠♥♦♣" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    order = first + [t for t in rest if t not in first]
    assert len(order) == 52
    return [parse_card(t, card_class, ELEVENS_VALUES) for t in order]


def board_text(board) -> str:
    return " ".join("-" if c is None else str(c) for c in board.cards)


def test_the_lab_sample_game_step_by_step(elevens):
    Card = type(elevens.cards[0])
    stack_deck(elevens, sample_game_deck(Card))
    for expected, removed in SAMPLE_GAME:
        plant_copy = type(elevens)()
        plant(plant_copy, expected)
        assert board_text(elevens) == board_text(plant_copy)
        assert elevens.is_legal(removed)
        elevens.replace_selected_cards(removed)
    plant(plant_copy, SAMPLE_END)
    assert board_text(elevens) == board_text(plant_copy)
    assert not elevens.another_play_is_possible()
    assert not elevens.game_is_won()
    assert elevens.deck_size() == 52 - 9 - len(SAMPLE_REPLACEMENTS.split())


def test_the_sample_deck_is_lost_whichever_plays_are_chosen(elevens):
    stack_deck(elevens, sample_game_deck(type(elevens.cards[0])))
    while elevens.play_if_possible():
        pass
    assert not elevens.game_is_won()


def test_refills_stop_when_the_deck_is_empty(ref):
    # A 12-card game: after the deal only 3 cards are left to refill with.
    board_module = ref["board"]

    class Tiny(board_module.Board):
        def __init__(self):
            super().__init__(9, ["ace", "10", "jack"], ["spades", "hearts", "diamonds", "clubs"], [1, 10, 0])

        def is_legal(self, selected):
            return True

        def another_play_is_possible(self):
            return True

    board = Tiny()
    assert board.deck_size() == 3
    board.replace_selected_cards([0, 1, 2, 3])
    assert board.cards[3] is None and board.card_indexes() == [0, 1, 2, 4, 5, 6, 7, 8]
    assert board.deck_size() == 0 and not board.game_is_won()
    board.cards = [None] * 9
    assert board.is_empty() and board.game_is_won()


def test_board_is_abstract(ref):
    with pytest.raises(TypeError):
        ref["board"].Board(9, ["ace"], ["hearts"], [1])


def test_a_java_style_subclass_satisfies_the_abstract_board(ref):
    class JavaStyle(ref["board"].Board):
        def __init__(self):
            super().__init__(2, ["ace"], ["hearts", "spades"], [1])

        def isLegal(self, selected):
            return len(selected) == 2

        def anotherPlayIsPossible(self):
            return False

    board = JavaStyle()
    assert board.is_legal([0, 1]) and board.isLegal([0, 1])
    assert board.another_play_is_possible() is False
    assert board.cardIndexes() == board.card_indexes() == [0, 1]


THIRTEENS_VALUES = dict(zip(ELEVENS_VALUES, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]))
TENS_VALUES = dict(zip(ELEVENS_VALUES, range(1, 14)))


@pytest.mark.parametrize(
    "texts, selected, legal",
    [
        ("K♠ Q♥ A♦", [0], True),
        ("K♠ Q♥ A♦", [1, 2], True),
        ("K♠ K♥ A♦", [0, 1], False),
        ("6♠ 7♥ A♦", [0, 1], True),
        ("Q♠ - A♦", [0], False),
        ("J♠ 2♥ A♦", [0, 1, 2], False),
    ],
)
def test_thirteens_is_legal(ref, texts, selected, legal):
    board = ref["thirteens_board"].ThirteensBoard()
    plant(board, texts + " - - - - - - -", THIRTEENS_VALUES)
    assert board.is_legal(selected) is legal


@pytest.mark.parametrize(
    "texts, selected, legal",
    [
        ("5♠ 5♥ A♦ -", [0, 1], True),
        ("A♠ 9♥ 10♦ -", [0, 1], True),
        ("10♠ 10♥ 10♦ 10♣", [0, 1, 2, 3], True),
        ("K♠ K♥ K♦ K♣", [0, 1, 2, 3], True),
        ("K♠ K♥ K♦ Q♣", [0, 1, 2, 3], False),
        ("9♠ 9♥ 9♦ 9♣", [0, 1, 2, 3], False),
        ("10♠ A♥ - -", [0, 1], False),
        ("J♠ 2♥ A♦ 7♣", [0, 1, 2], False),
    ],
)
def test_tens_is_legal(ref, texts, selected, legal):
    board = ref["tens_board"].TensBoard()
    plant(board, texts + " - - - - - - - - -", TENS_VALUES)
    assert board.is_legal(selected) is legal
