"""Activity 8: the abstract Board, through the grader's minimal subclass (harness/elevens/probe_board.py).

The student's board.py runs beside the reference Card and Deck; the probe game's own rules are
trivial, so every test here judges a method of Board itself. Each test runs on boards of every
size the lab's games use (9 places for Elevens, 10 for Thirteens, 13 for Tens) and two small
ones, with the full 52-card deck, and stops at the first wrong answer, naming the board.

The calls go in batches (Student.batch, Student.in_turn: a round trip to the sandbox costs as much
as a hundred calls inside one). in_turn hands the answers back in order, so each check fails where
the same calls made one at a time would; where a group of calls used to go in one batch (cards_at),
its first error is still raised before any of its answers is checked. A batch that holds a
student's call begins with one, so that a call that never ends is blamed on the student's code,
not on the grader's own writes (planting.py's), which go after it or alone.
"""

import random

from grader_labs.elevens.planting import (ELEVENS_VALUES, card_calls, card_fields, deck_writes, placed, plant_later,
                                          pretty)
from grader_labs.elevens.standard_deck import ELEVENS_POINTS, RANKS, SHORT, SUITS

from grader.checks.assertions import expect, expect_instance, fail
from grader.idiom import Raw, Twin, call, code, new, say, show
from grader.sandbox import StudentError
from grader.sandbox.proxy import PendingCall, Remote

# Board sizes tried: the three games' (9, 10, 13), and small ones where a loop written for one
# size (a two-card board, a board of one) goes wrong.
SIZES = (1, 2, 3, 4, 9, 10, 13)
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


def probe(student, size: int, *calls: PendingCall):
    """A board of ``size`` places; with ``calls`` (that do not need the board, such as card_calls),
    the board and their answers, in the same round trip."""
    board, *answers = student.batch(student.probe_board.ProbeBoard.later(size, RANKS, SUITS, ELEVENS_POINTS), *calls)
    board.relabel(f"a board with {size} places")
    return (board, answers) if calls else board


def pattern(size: int, seed: int) -> list[str]:
    """A row of ``size`` different cards with some places empty (at least one card), fixed by
    ``seed`` so that the grade never changes."""
    rng = random.Random(seed * 100 + size)
    codes = rng.sample(CODES, size)
    for k in rng.sample(range(size), size // 3):
        codes[k] = "_"
    return codes


def texts_later(board) -> PendingCall:
    """The text of the card in each place, read without changing the board (board.size.sample,
    observing each card's text), as a call not sent yet: its answer is [texts]."""
    return board.size.sample_later(1, observe=CARD_TEXTS)


def full_deal_calls(board) -> list:
    """The calls check_full_deal checks the answers of, in its order."""
    return [texts_later(board), board.deck_size.later()]


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
        row = pattern(size, 1)
        board, made = probe(student, size, *card_calls(student, row, ELEVENS_VALUES))
        first, first_name = board.size.later(), call(board, "size")
        write = plant_later(board, row, placed(row, made))
        answers = student.in_turn(first, write, board.size.later())
        expect(next(answers), size, first_name, Twin("size() is the number of places, empty or not: len(self.cards).",
                                                     "size() is the number of places, empty or not: cards.length."))
        next(answers)  # the planting
        expect(next(answers), size, call(board, "size"), Twin("size() counts empty places too: it is len(self.cards).",
                                                              "size() counts empty places too: it is cards.length."))


def test_a_new_board_deals_a_card_into_every_place(student):
    for size in SIZES:
        board = probe(student, size)
        answers = student.in_turn(*[board.card_at.later(k) for k in range(size)], *full_deal_calls(board))
        cards = [next(answers) for _ in range(size)]  # as cards_at: the first error before any check
        for k, card in enumerate(cards):
            expect_instance(card, f"{call(board, 'card_at', k)} right after it was made",
                            "The constructor deals one card from the deck into every place.")
        check_full_deal(answers, board, size, "right after it was made", "The constructor deals one card from the deck into every place.")


def check_full_deal(answers, board, size: int, when: str, hint: str) -> None:
    """Every place holds a different card of the board's deck, and the deck has the rest.
    ``answers``: the answers to full_deal_calls(board), in turn (Student.in_turn)."""
    texts = next(answers)[0]
    if len(set(texts)) != size or not set(texts) <= TEXTS:
        fail(f"the cards on {board.label} {when}\n  expected: {size} different cards of the deck the board was made with\n"
             f"  got:      {', '.join(map(str, texts))}",
             hint + say(Twin(" The deck is Deck(ranks, suits, point_values).", " The deck is new Deck(ranks, suits, pointValues).")))
    expect(next(answers), DECK_CARDS - size, f"{call(board, 'deck_size')} {when} ({DECK_CARDS} cards, {size} dealt)",
           Twin("deck_size() is how many cards the deck has left.", "deckSize() is how many cards the deck has left."))


def test_deal_fills_one_place_from_the_deck(student):
    for size in SIZES:
        board = probe(student, size)
        for k in sorted({0, size - 1}):
            write = plant_later(board, ["_"] * size, [None] * size)
            _, deck, *made = student.batch(write, board.get_later("deck"), *card_calls(student, ["Kh", "7d"], ELEVENS_VALUES))
            student.batch(*deck_writes(deck, made))
            answers = student.in_turn(board.deal.later(k), board.card_at.later(k))
            next(answers)  # the deal
            card = expect_instance(next(answers), f"{call(board, 'card_at', k)} after {call(None, 'deal', k)}",
                                   "deal(k) puts the next card of the deck into place k.")
            answers = student.in_turn(card.text_later(), board.deck_size.later(), board.card_indexes.later())
            expect(next(answers), "king of hearts (point value = 0)",
                   f"the card in place {k} after deal({k}) (the deck deals K♥ next, then 7♦)", "deal(k) puts the next card of the deck into place k.")
            expect(next(answers), 1, f"{call(board, 'deck_size')} after {call(None, 'deal', k)} (it was 2)")
            expect(next(answers), [k], f"{call(board, 'card_indexes')} after {call(None, 'deal', k)}",
                   "deal(k) fills place k and no other.")


def test_deal_leaves_an_empty_place_once_the_deck_is_empty(student):
    for size in SIZES:
        board = probe(student, size)
        left = DECK_CARDS - size
        # Deal the whole deck into place 0 (the first error of these deals is raised, before any check).
        *_, left_now = student.batch(*[board.deal.later(0) for _ in range(left)], board.deck_size.later())
        expect(left_now, 0, f"{call(board, 'deck_size')} after {call(None, 'deal', 0)} {left} times (the deck had {left} cards)")
        answers = student.in_turn(*[later for k in range(size) for later in (board.deal.later(k), board.card_at.later(k))])
        for k in range(size):
            next(answers)  # deal(k)
            expect(next(answers), None, f"{call(board, 'card_at', k)} after {call(None, 'deal', k)} with an empty deck",
                   Twin("When the deck is empty, deal(k) leaves place k empty (None), even if a card was there.",
                        "When the deck is empty, deal(k) leaves place k empty (null), even if a card was there."))


def test_card_at_gives_the_card_in_that_place(student):
    for size in SIZES:
        row = pattern(size, 2)
        board, made = probe(student, size, *card_calls(student, row, ELEVENS_VALUES))
        planted = placed(row, made)
        student.batch(plant_later(board, row, planted))
        for k, (card, got) in enumerate(zip(planted, cards_at(student, board, size))):
            if got != card:
                fail(f"{call(board, 'card_at', k)}\n  expected: the card in place {k} "
                     f"({'empty: ' + show(None) if card is None else card.label})\n  got:      {code(got)}",
                     Twin("card_at(k) returns self.cards[k].", "cardAt(k) returns cards[k]."))


def test_replace_selected_cards_refills_only_those_places(student):
    for size in SIZES:
        rounds = []  # (count, row, selected): the row's first size cards are planted, the others dealt
        for count in range(1, min(size, 4) + 1):
            rng = random.Random(size * 10 + count)
            row = rng.sample(CODES, size + count)
            selected = rng.sample(range(size), count)  # in no particular order
            rounds.append((count, row, selected))
        # Each round's cards are made with the calls before it (the probe's, the last round's).
        board, made = probe(student, size, *card_calls(student, rounds[0][1], ELEVENS_VALUES))
        for turn, (count, row, selected) in enumerate(rounds):
            before, dealt = made[:size], made[size:]
            write = plant_later(board, row[:size], before)
            _, deck = student.batch(write, board.get_later("deck"))
            student.batch(*deck_writes(deck, dealt))
            answers = student.in_turn(board.replace_selected_cards.later(selected), *[board.card_at.later(k) for k in range(size)])
            next(answers)  # the replacing
            replaced = f"{call(board, 'replace_selected_cards', selected)} (the deck deals {pretty(row[size:])})"
            now = [next(answers) for _ in range(size)]  # as cards_at: the first error before any check
            for k in range(size):
                if k not in selected and now[k] != before[k]:
                    fail(f"{replaced}: place {k} changed, but it was not selected", "Only the selected places are refilled.")
            # The text of each selected place's card, up to the first place that holds no object
            # (expect_instance fails there, after the texts before it, as one call at a time did).
            shown = []
            for k in selected:
                if not isinstance(now[k], Remote):
                    break
                shown.append(now[k])
            answers = student.in_turn(*[card.text_later() for card in shown], board.deck_size.later())
            got = []
            for k in selected:
                expect_instance(now[k], f"{call(board, 'card_at', k)} after {replaced}")
                got.append(str(next(answers)))
            got.sort()
            wanted = sorted(f"{rank} of {suit} (point value = {value})" for rank, suit, value in
                            (card_fields(code, ELEVENS_VALUES) for code in row[size:]))
            expect(got, wanted, f"the cards in places {sorted(selected)} after {replaced}",
                   "Deal a new card from the deck into each selected place.")
            expect(next(answers), 0, f"{call(board, 'deck_size')} after {replaced} (it was {count})")
            following = card_calls(student, rounds[turn + 1][1], ELEVENS_VALUES) if turn + 1 < len(rounds) else []
            answers = student.in_turn(board.replace_selected_cards.later(selected),  # the deck is empty now
                                      *[board.card_at.later(k) for k in selected], *following)
            next(answers)
            for k in selected:
                expect(next(answers), None,
                       f"{call(board, 'card_at', k)} after {call(None, 'replace_selected_cards', selected)} with an empty deck",
                       Twin("With the deck empty, each selected place is left empty (None).",
                            "With the deck empty, each selected place is left empty (null)."))
            made = list(answers)  # the next round's cards


def test_card_indexes_lists_the_places_that_hold_a_card(student):
    for size in SIZES:
        row = pattern(size, 3)
        decks = (["Kh"], [])  # with cards left in the deck, then with the deck used up; the row planted each time
        board, made = probe(student, size, *[later for deck in decks for codes in (deck, row)
                                             for later in card_calls(student, codes, ELEVENS_VALUES)])
        made = iter(made)
        cards = [(placed(deck, made), placed(row, made)) for deck in decks]
        (deck,) = student.batch(board.get_later("deck"))
        for turn, (deck_codes, (deck_cards, row_cards)) in enumerate(zip(decks, cards)):
            student.batch(*deck_writes(deck, deck_cards), plant_later(board, row, row_cards))
            name = f"{call(board, 'card_indexes')} ({len(deck_codes)} card(s) left in the deck)"
            asked = board.card_indexes.later()
            # After the check: the next turn's deck; after the last, an empty row and its card_indexes.
            after = [board.get_later("deck")] if turn == 0 else [plant_later(board, ["_"] * size, [None] * size),
                                                                 board.card_indexes.later()]
            answers = student.in_turn(asked, *after)
            expect(next(answers), [k for k, code in enumerate(row) if code != "_"], name,
                   Twin("List the places k where cards[k] is not None, smallest first.",
                        "List the places k where cards[k] is not null, smallest first."))
            if turn == 0:
                deck = next(answers)
        next(answers)  # the planting of the empty row
        expect(next(answers), [], call(board, "card_indexes"), "A board with no cards has no card indexes: [].")


def test_is_empty_only_when_no_place_holds_a_card(student):
    for size in SIZES:
        board, (king,) = probe(student, size, *card_calls(student, ["Kh"], ELEVENS_VALUES))
        # Each call, and its check's name, has the board's name at its turn (plant_later renames it).
        calls, names = [board.is_empty.later()], [f"{call(board, 'is_empty')} right after it was made"]
        for codes in (["_"] * size, ["_"] * (size - 1) + ["Kh"]):
            calls += [plant_later(board, codes, placed(codes, [king])), board.is_empty.later()]
            names.append(call(board, "is_empty"))
        answers = student.in_turn(*calls)
        expect(next(answers), False, names[0])
        next(answers)  # the planting
        expect(next(answers), True, names[1], "No card in any place: the board is empty.")
        next(answers)
        expect(next(answers), False, names[2], "One card left means the board is not empty.")


def test_game_is_won_only_when_deck_and_board_are_both_empty(student):
    for size in SIZES:
        row = pattern(size, 4)
        board, made = probe(student, size, *card_calls(student, row, ELEVENS_VALUES), *card_calls(student, ["Kh"], ELEVENS_VALUES))
        (deck,) = student.batch(board.get_later("deck"))
        student.batch(*deck_writes(deck, []), plant_later(board, row, placed(row, made)))
        first = board.game_is_won.later()
        first_name = f"{call(board, 'game_is_won')} with an empty deck but cards on the board"
        write = plant_later(board, ["_"] * size, [None] * size)
        answers = student.in_turn(first, write, board.game_is_won.later(), board.get_later("deck"))
        expect(next(answers), False, first_name, "The game is won only when the board is empty too.")
        next(answers)  # the planting
        expect(next(answers), True, f"{call(board, 'game_is_won')} with an empty deck and an empty board")
        student.batch(*deck_writes(next(answers), made[-1:]))  # the deck deals K♥
        expect(board.game_is_won(), False, f"{call(board, 'game_is_won')} with an empty board but 1 card still in the deck",
               "The game is won only when the deck is empty too.")


def test_new_game_deals_a_full_board_from_a_full_deck(student):
    for size in SIZES:
        row = pattern(size, 5)
        board, made = probe(student, size, *card_calls(student, row, ELEVENS_VALUES))
        deals = [board.deal.later(0) for _ in range(20)]  # 20 cards fewer in the deck
        student.batch(*deals, plant_later(board, row, placed(row, made)))
        answers = student.in_turn(board.new_game.later(), board.card_indexes.later(), *full_deal_calls(board))
        next(answers)  # the new game
        expect(next(answers), list(range(size)), f"{call(board, 'card_indexes')} after {call(None, 'new_game')}",
               Twin("new_game() shuffles the deck and deals every place again.",
                    "newGame() shuffles the deck and deals every place again."))
        check_full_deal(answers, board, size, f"after {call(None, 'new_game')}",
                        say(Twin("new_game() shuffles the deck (all its cards) and deals every place again.",
                                 "newGame() shuffles the deck (all its cards) and deals every place again.")))


def test_str_returns_text(student):
    text = probe(student, 3).text()
    if not isinstance(text, str) or not text:
        fail(f"{say(Twin('str(a board)', 'toString() of a board'))}\n  expected: some text showing the cards\n  got:      {code(text)}")
