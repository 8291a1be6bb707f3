"""Activity 8: the abstract Board, through the grader's minimal subclass (harness/probe_board.py).

The student's board.py runs beside the reference Card and Deck; the probe game's own rules are
trivial, so every test here judges a method of Board itself.
"""

from grader_labs.elevens.planting import ELEVENS_VALUES, plant

from grader.assertions import expect, expect_instance, fail
from grader.sandbox import StudentError

RANKS, SUITS, VALUES = ["ace", "2", "3"], ["spades", "hearts"], [1, 2, 3]  # a 6-card deck
BUILD = "ProbeBoard(4, ['ace', '2', '3'], ['spades', 'hearts'], [1, 2, 3])"


def probe(student, size: int = 4):
    return student.probe_board.ProbeBoard(size, RANKS, SUITS, VALUES).relabel(f"a board with {size} places")


def test_board_itself_cannot_be_created(student):
    try:
        made = student.board.Board(4, RANKS, SUITS, VALUES)
    except StudentError as error:
        expect(error.details["type"], "TypeError", "Board(4, ...) raised an error, but of the wrong kind",
               "Make Board an abstract class: class Board(ABC), with is_legal and another_play_is_possible marked @abstractmethod.")
        return
    fail(f"Board(4, ...)\n  expected: a TypeError, because Board is abstract\n  got:      {made!r}",
         "Make Board an abstract class: class Board(ABC), with is_legal and another_play_is_possible marked @abstractmethod.")


def test_size_is_the_number_of_places(student):
    board = probe(student, 5)
    expect(board.size(), 5, f"{board.label}.size()", "size() is the number of places, empty or not: len(self.cards).")
    plant(student, board, ["As", "_", "_", "2s", "_"], ELEVENS_VALUES)
    expect(board.size(), 5, f"{board.label}.size()", "size() counts empty places too: it is len(self.cards).")


def test_a_new_board_deals_a_card_into_every_place(student):
    board = probe(student, 4)
    for k in range(4):
        expect_instance(board.card_at(k), f"{board.label}.card_at({k}) right after it was made",
                        "The constructor deals one card from the deck into every place.")
    expect(board.deck_size(), 2, f"{board.label}.deck_size() (6 cards, 4 dealt)", "deck_size() is how many cards the deck has left.")


def test_deal_fills_one_place_from_the_deck(student):
    board = probe(student, 4)
    plant(student, board, ["As", "_", "2s", "3s"], ELEVENS_VALUES)
    board.deal(1)
    expect_instance(board.card_at(1), f"{board.label}.card_at(1) after deal(1)", "deal(k) puts the next card of the deck into place k.")
    expect(board.deck_size(), 1, f"{board.label}.deck_size() after deal(1) (it was 2)")


def test_deal_leaves_an_empty_place_once_the_deck_is_empty(student):
    board = probe(student, 6)
    plant(student, board, ["As", "_", "2s", "3s", "Ah", "2h"], ELEVENS_VALUES)
    board.deal(1)
    expect(board.card_at(1), None, f"{board.label}.card_at(1) after deal(1) with an empty deck",
           "When the deck is empty, deal(k) leaves place k empty (None).")


def test_card_at_gives_the_card_in_that_place(student):
    board = probe(student, 4)
    cards = plant(student, board, ["As", "_", "2s", "3h"], ELEVENS_VALUES)
    for k, card in enumerate(cards):
        got = board.card_at(k)
        if got != card:
            fail(f"{board.label}.card_at({k})\n  expected: the card in place {k} ({'empty: None' if card is None else card.label})\n  got:      {got!r}",
                 "card_at(k) returns self.cards[k].")


def test_replace_selected_cards_refills_only_those_places(student):
    board = probe(student, 4)
    before = plant(student, board, ["As", "2h", "2s", "3h"], ELEVENS_VALUES)
    board.replace_selected_cards([0, 2])
    for k in (1, 3):
        if board.card_at(k) != before[k]:
            fail(f"{board.label}: place {k} changed after replace_selected_cards([0, 2])", "Only the selected places are refilled.")
    for k in (0, 2):
        now = expect_instance(board.card_at(k), f"{board.label}.card_at({k}) after replace_selected_cards([0, 2])")
        if now == before[k]:
            fail(f"{board.label}: place {k} still holds its old card after replace_selected_cards([0, 2])",
                 "Deal a new card from the deck into each selected place.")
    expect(board.deck_size(), 0, f"{board.label}.deck_size() after replacing 2 cards (it was 2)")


def test_card_indexes_lists_the_places_that_hold_a_card(student):
    board = probe(student, 6)
    plant(student, board, ["As", "_", "2s", "_", "_", "3h"], ELEVENS_VALUES)
    expect(board.card_indexes(), [0, 2, 5], f"{board.label}.card_indexes()", "List the places k where cards[k] is not None, smallest first.")
    plant(student, board, ["_"] * 6, ELEVENS_VALUES)
    expect(board.card_indexes(), [], f"{board.label}.card_indexes()", "A board with no cards has no card indexes: [].")


def test_is_empty_only_when_no_place_holds_a_card(student):
    board = probe(student, 3)
    plant(student, board, ["_", "_", "_"], ELEVENS_VALUES)
    expect(board.is_empty(), True, f"{board.label}.is_empty()")
    plant(student, board, ["_", "Kh", "_"], ELEVENS_VALUES)
    expect(board.is_empty(), False, f"{board.label}.is_empty()", "One card left means the board is not empty.")


def test_game_is_won_only_when_deck_and_board_are_both_empty(student):
    board = probe(student, 6)  # the 6-card deck is dealt out: deck empty
    expect(board.game_is_won(), False, f"{board.label}.game_is_won() with an empty deck but 6 cards on the board")
    plant(student, board, ["_"] * 6, ELEVENS_VALUES)
    expect(board.game_is_won(), True, f"{board.label}.game_is_won() with an empty deck and an empty board")
    fresh = probe(student, 2)
    plant(student, fresh, ["_", "_"], ELEVENS_VALUES)
    expect(fresh.game_is_won(), False, f"{fresh.label}.game_is_won() with an empty board but 4 cards still in the deck",
           "The game is won only when the deck is empty too.")


def test_new_game_deals_a_full_board_from_a_full_deck(student):
    board = probe(student, 4)
    plant(student, board, ["_", "_", "As", "_"], ELEVENS_VALUES)
    board.new_game()
    expect(board.card_indexes(), [0, 1, 2, 3], f"{board.label}.card_indexes() after new_game()", "new_game() shuffles the deck and deals every place again.")
    expect(board.deck_size(), 2, f"{board.label}.deck_size() after new_game() (6 cards, 4 dealt)")


def test_str_returns_text(student):
    text = probe(student, 3).text()
    if not isinstance(text, str) or not text:
        fail(f"str(a board)\n  expected: some text showing the cards\n  got:      {text!r}")
