"""Activity 8: the abstract Board, through the grader's minimal subclass (harness/probe_board.py).

The student's board.py runs beside the reference Card and Deck; the probe game's own rules are
trivial, so every test here judges a method of Board itself. Each test runs on boards of every
size the lab's games use (9 places for Elevens, 10 for Thirteens, 13 for Tens) and two small
ones, with the full 52-card deck, and stops at the first wrong answer, naming the board.
"""

import random

from grader_labs.elevens.planting import ELEVENS_VALUES, card_fields, plant, plant_deck, pretty
from grader_labs.elevens.standard_deck import ELEVENS_POINTS, RANKS, SHORT, SUITS

from grader.assertions import expect, expect_instance, fail
from grader.idiom import Raw, Twin, call, code, new, say, show
from grader.sandbox import StudentError

SIZES = (1, 4, 9, 10, 13)
DECK_CARDS = 52
# Every card of the deck in the notation boards are planted in ("As", "10h", "Kc"), and its text.
CODES = [SHORT[rank] + suit[0] for suit in SUITS for rank in RANKS]
TEXTS = {f"{rank} of {suit} (point value = {value})" for suit in SUITS for rank, value in zip(RANKS, ELEVENS_POINTS)}
CARD_TEXTS = [["self"], ["attr", "cards"], ["each", "__str__"]]
ABSTRACT_HINT = Twin("Make Board an abstract class: class Board(ABC), with is_legal and another_play_is_possible marked @abstractmethod.",
                     "Make Board an abstract class: `public abstract class Board`, with isLegal and anotherPlayIsPossible "
                     "declared `public abstract`.")
# What a board made from Board itself should end in: Python's TypeError; in Java, the grader's
# refusal to make an object of an abstract class (reported with the same type).
ABSTRACT_REFUSAL = Twin("a TypeError, because Board is abstract",
                        "no board at all, because Board is abstract (Java never makes an object of an abstract class)")


def probe(student, size: int):
    board = student.probe_board.ProbeBoard(size, RANKS, SUITS, ELEVENS_POINTS)
    return board.relabel(f"a board with {size} places")


def pattern(size: int, seed: int) -> list[str]:
    """A row of ``size`` different cards with some places empty (at least one card), fixed by
    ``seed`` so that the grade never changes."""
    rng = random.Random(seed * 100 + size)
    codes = rng.sample(CODES, size)
    for k in rng.sample(range(size), size // 3):
        codes[k] = "_"
    return codes


def texts_on(board) -> list:
    """The text of the card in each place, read in one round trip without changing the board."""
    return board.size.sample(1, observe=CARD_TEXTS)[0]


def cards_at(student, board, size: int) -> list:
    """card_at(k) for every place, in one round trip."""
    return student.batch(*[board.card_at.later(k) for k in range(size)])


def test_board_itself_cannot_be_created(student):
    try:
        made = student.board.Board(4, RANKS, SUITS, ELEVENS_POINTS)
    except StudentError as error:
        kind = str(error.details["type"])
        if kind != "TypeError":
            fail(Twin(f"Board(4, ...) raised an error, but of the wrong kind\n  expected: 'TypeError'\n  got:      {kind!r}",
                      f"new Board(4, ...) threw {kind}\n  expected: {ABSTRACT_REFUSAL.java}\n  got:      {kind}"),
                 ABSTRACT_HINT)
        return
    fail(f"{new('Board', Raw('4'), Raw('...'))}\n  expected: {say(ABSTRACT_REFUSAL)}\n  got:      {code(made)}", ABSTRACT_HINT)


def test_size_is_the_number_of_places(student):
    for size in SIZES:
        board = probe(student, size)
        expect(board.size(), size, call(board, "size"), Twin("size() is the number of places, empty or not: len(self.cards).",
                                                             "size() is the number of places, empty or not: cards.length."))
        plant(student, board, pattern(size, 1), ELEVENS_VALUES)
        expect(board.size(), size, call(board, "size"), Twin("size() counts empty places too: it is len(self.cards).",
                                                             "size() counts empty places too: it is cards.length."))


def test_a_new_board_deals_a_card_into_every_place(student):
    for size in SIZES:
        board = probe(student, size)
        for k, card in enumerate(cards_at(student, board, size)):
            expect_instance(card, f"{call(board, 'card_at', k)} right after it was made",
                            "The constructor deals one card from the deck into every place.")
        check_full_deal(student, board, size, "right after it was made", "The constructor deals one card from the deck into every place.")


def check_full_deal(student, board, size: int, when: str, hint: str) -> None:
    """Every place holds a different card of the board's deck, and the deck has the rest."""
    texts = texts_on(board)
    if len(set(texts)) != size or not set(texts) <= TEXTS:
        fail(f"the cards on {board.label} {when}\n  expected: {size} different cards of the deck the board was made with\n"
             f"  got:      {', '.join(map(str, texts))}",
             hint + say(Twin(" The deck is Deck(ranks, suits, point_values).", " The deck is new Deck(ranks, suits, pointValues).")))
    expect(board.deck_size(), DECK_CARDS - size, f"{call(board, 'deck_size')} {when} ({DECK_CARDS} cards, {size} dealt)",
           Twin("deck_size() is how many cards the deck has left.", "deckSize() is how many cards the deck has left."))


def test_deal_fills_one_place_from_the_deck(student):
    for size in SIZES:
        board = probe(student, size)
        for k in sorted({0, size - 1}):
            plant(student, board, ["_"] * size, ELEVENS_VALUES)
            plant_deck(student, board, ["Kh", "7d"], ELEVENS_VALUES)
            board.deal(k)
            card = expect_instance(board.card_at(k), f"{call(board, 'card_at', k)} after {call(None, 'deal', k)}",
                                   "deal(k) puts the next card of the deck into place k.")
            expect(card.text(), "king of hearts (point value = 0)",
                   f"the card in place {k} after deal({k}) (the deck deals K♥ next, then 7♦)", "deal(k) puts the next card of the deck into place k.")
            expect(board.deck_size(), 1, f"{call(board, 'deck_size')} after {call(None, 'deal', k)} (it was 2)")
            expect(board.card_indexes(), [k], f"{call(board, 'card_indexes')} after {call(None, 'deal', k)}",
                   "deal(k) fills place k and no other.")


def test_deal_leaves_an_empty_place_once_the_deck_is_empty(student):
    for size in SIZES:
        board = probe(student, size)
        left = DECK_CARDS - size
        student.batch(*[board.deal.later(0) for _ in range(left)])  # deal the whole deck into place 0
        expect(board.deck_size(), 0, f"{call(board, 'deck_size')} after {call(None, 'deal', 0)} {left} times (the deck had {left} cards)")
        for k in range(size):
            board.deal(k)
            expect(board.card_at(k), None, f"{call(board, 'card_at', k)} after {call(None, 'deal', k)} with an empty deck",
                   Twin("When the deck is empty, deal(k) leaves place k empty (None), even if a card was there.",
                        "When the deck is empty, deal(k) leaves place k empty (null), even if a card was there."))


def test_card_at_gives_the_card_in_that_place(student):
    for size in SIZES:
        board = probe(student, size)
        planted = plant(student, board, pattern(size, 2), ELEVENS_VALUES)
        for k, (card, got) in enumerate(zip(planted, cards_at(student, board, size))):
            if got != card:
                fail(f"{call(board, 'card_at', k)}\n  expected: the card in place {k} "
                     f"({'empty: ' + show(None) if card is None else card.label})\n  got:      {code(got)}",
                     Twin("card_at(k) returns self.cards[k].", "cardAt(k) returns cards[k]."))


def test_replace_selected_cards_refills_only_those_places(student):
    for size in SIZES:
        board = probe(student, size)
        for count in range(1, min(size, 4) + 1):
            rng = random.Random(size * 10 + count)
            row = rng.sample(CODES, size + count)
            selected = rng.sample(range(size), count)  # in no particular order
            before = plant(student, board, row[:size], ELEVENS_VALUES)
            plant_deck(student, board, row[size:], ELEVENS_VALUES)
            board.replace_selected_cards(selected)
            replaced = f"{call(board, 'replace_selected_cards', selected)} (the deck deals {pretty(row[size:])})"
            now = cards_at(student, board, size)
            for k in range(size):
                if k not in selected and now[k] != before[k]:
                    fail(f"{replaced}: place {k} changed, but it was not selected", "Only the selected places are refilled.")
            got = sorted(str(expect_instance(now[k], f"{call(board, 'card_at', k)} after {replaced}").text()) for k in selected)
            wanted = sorted(f"{rank} of {suit} (point value = {value})" for rank, suit, value in
                            (card_fields(code, ELEVENS_VALUES) for code in row[size:]))
            expect(got, wanted, f"the cards in places {sorted(selected)} after {replaced}",
                   "Deal a new card from the deck into each selected place.")
            expect(board.deck_size(), 0, f"{call(board, 'deck_size')} after {replaced} (it was {count})")
            board.replace_selected_cards(selected)  # the deck is empty now
            for k in selected:
                expect(board.card_at(k), None,
                       f"{call(board, 'card_at', k)} after {call(None, 'replace_selected_cards', selected)} with an empty deck",
                       Twin("With the deck empty, each selected place is left empty (None).",
                            "With the deck empty, each selected place is left empty (null)."))


def test_card_indexes_lists_the_places_that_hold_a_card(student):
    for size in SIZES:
        board = probe(student, size)
        row = pattern(size, 3)
        for deck in (["Kh"], []):  # with cards left in the deck, then with the deck used up
            plant_deck(student, board, deck, ELEVENS_VALUES)
            plant(student, board, row, ELEVENS_VALUES)
            expect(board.card_indexes(), [k for k, code in enumerate(row) if code != "_"],
                   f"{call(board, 'card_indexes')} ({len(deck)} card(s) left in the deck)",
                   Twin("List the places k where cards[k] is not None, smallest first.",
                        "List the places k where cards[k] is not null, smallest first."))
        plant(student, board, ["_"] * size, ELEVENS_VALUES)
        expect(board.card_indexes(), [], call(board, "card_indexes"), "A board with no cards has no card indexes: [].")


def test_is_empty_only_when_no_place_holds_a_card(student):
    for size in SIZES:
        board = probe(student, size)
        expect(board.is_empty(), False, f"{call(board, 'is_empty')} right after it was made")
        plant(student, board, ["_"] * size, ELEVENS_VALUES)
        expect(board.is_empty(), True, call(board, "is_empty"), "No card in any place: the board is empty.")
        plant(student, board, ["_"] * (size - 1) + ["Kh"], ELEVENS_VALUES)
        expect(board.is_empty(), False, call(board, "is_empty"), "One card left means the board is not empty.")


def test_game_is_won_only_when_deck_and_board_are_both_empty(student):
    for size in SIZES:
        board = probe(student, size)
        row = pattern(size, 4)
        plant_deck(student, board, [], ELEVENS_VALUES)
        plant(student, board, row, ELEVENS_VALUES)
        expect(board.game_is_won(), False, f"{call(board, 'game_is_won')} with an empty deck but cards on the board",
               "The game is won only when the board is empty too.")
        plant(student, board, ["_"] * size, ELEVENS_VALUES)
        expect(board.game_is_won(), True, f"{call(board, 'game_is_won')} with an empty deck and an empty board")
        plant_deck(student, board, ["Kh"], ELEVENS_VALUES)
        expect(board.game_is_won(), False, f"{call(board, 'game_is_won')} with an empty board but 1 card still in the deck",
               "The game is won only when the deck is empty too.")


def test_new_game_deals_a_full_board_from_a_full_deck(student):
    for size in SIZES:
        board = probe(student, size)
        student.batch(*[board.deal.later(0) for _ in range(20)])  # 20 cards fewer in the deck
        plant(student, board, pattern(size, 5), ELEVENS_VALUES)
        board.new_game()
        expect(board.card_indexes(), list(range(size)), f"{call(board, 'card_indexes')} after {call(None, 'new_game')}",
               Twin("new_game() shuffles the deck and deals every place again.",
                    "newGame() shuffles the deck and deals every place again."))
        check_full_deal(student, board, size, f"after {call(None, 'new_game')}",
                        say(Twin("new_game() shuffles the deck (all its cards) and deals every place again.",
                                 "newGame() shuffles the deck (all its cards) and deals every place again.")))


def test_str_returns_text(student):
    text = probe(student, 3).text()
    if not isinstance(text, str) or not text:
        fail(f"{say(Twin('str(a board)', 'toString() of a board'))}\n  expected: some text showing the cards\n  got:      {code(text)}")
