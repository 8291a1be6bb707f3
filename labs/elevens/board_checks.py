"""Checks the three boards' suites share (A9, A10, A11, bonus Tens): each rule over its whole
domain, boards with exactly one play (or none), a new board's deck, and whole games.

Inputs are built on the grader's side from the game's own rules (games.py), never from the
reference code: selections of every size a rule cares about on boards that hold every pair of
ranks, and boards generated from fixed seeds, so every student gets the same inputs. Calls go
through the sandbox in batches (one round trip for many calls).
"""

import random
from itertools import combinations, permutations

from grader_labs.elevens.games import FULL_DECK, Outcome, Rules
from grader_labs.elevens.own_values import own_rules, values_of
from grader_labs.elevens.planting import SUITS, deck_writes, make_cards, plant, plant_deck, pretty
from grader_labs.elevens.standard_deck import RANKS, SHORT

from grader.checks.assertions import expect, fail, show
from grader.idiom import Twin, call, new

RANKS_SHORT = [SHORT[rank] for rank in RANKS]
SAMPLED = 40  # selections of five cards or more tried per board
MAX_PLAYS = 60  # a 52-card game has at most 52 plays (Thirteens' kings go one by one)


def values_by_name(rules: Rules) -> dict[str, int]:
    """The game's point value of each full rank name (``"ace"``: 1, ...), for planting."""
    return {rank: rules.values[SHORT[rank]] for rank in RANKS}


def describe(codes: list[str | None], places: list[int]) -> str:
    """``"the 5♠ and the 6♣"`` for the cards at these places."""
    return " and ".join(f"the {pretty([codes[k]])}" for k in places)


def selections(rules: Rules, codes: list[str], size: int, rng: random.Random) -> list[list[int]]:
    """Every selection of ``size`` places: pairs in both orders, a play of three or four cards
    (J-Q-K, four of a kind) in every order, any other set in one seeded order."""
    chosen: list[list[int]] = []
    combos = list(combinations(range(rules.places), size))
    if size > 4:  # no play has more than four cards: a sample of the bigger ones is enough
        combos = rng.sample(combos, min(len(combos), SAMPLED))
    for combo in combos:
        if size == 2 or rules.is_play([codes[k] for k in combo]):
            chosen += [list(order) for order in permutations(combo)]
        else:
            order = list(combo)
            rng.shuffle(order)
            chosen.append(order)
    return chosen


def check_is_legal(student, make_board, rules: Rules, boards: list[list[str]], sizes: tuple[int, ...], hint: str) -> None:
    """is_legal on every selection of these sizes on each board (every other one with its deck
    used up), against the rules; the first wrong answer fails, naming the cards selected."""
    board = make_board()
    rules = own_rules(student, board, rules)
    rng = random.Random(len(sizes) * 101 + rules.places)
    for number, codes in enumerate(boards):
        plant_with_deck(student, board, rules, codes, [] if number % 2 else None)  # every other deck used up
        chosen = [sel for size in sizes for sel in (selections(rules, codes, size, rng) if size < rules.places
                                                    else [list(range(rules.places))])]
        got = student.batch(*[board.is_legal.later(sel) for sel in chosen])
        for sel, answer in zip(chosen, got):
            expected = rules.is_play([codes[k] for k in sel])
            # Named only if it fails: a board has hundreds of selections.
            expect(answer, expected, lambda sel=sel: f"{board.label}: {call(None, 'is_legal', sel)}  "
                                             f"({describe(codes, sel) if sel else 'nothing selected'})", hint)


def only_play_board(rules: Rules, play: tuple[str, ...], empties: int, rng: random.Random) -> list[str | None]:
    """A board whose only legal play is the ranks ``play`` (``()``: no play at all), with
    ``empties`` empty places, the rest filled with cards that make no other play."""
    board: list[str | None] = [None] * rules.places
    free = list(range(rules.places))
    rng.shuffle(free)
    deck = FULL_DECK[:]
    rng.shuffle(deck)
    for rank in play:
        code = next(code for code in deck if code[:-1] == rank)
        deck.remove(code)
        board[free.pop()] = code
    for k in free[empties:]:
        code = next(code for code in deck if not _makes_a_play(rules, board, code))
        deck.remove(code)
        board[k] = code
    return board


def _makes_a_play(rules: Rules, board: list[str | None], code: str) -> bool:
    cards = [c for c in board if c is not None]
    sizes = {2} | {len(group) for group in rules.groups}
    return any(rules.is_play([code, *others]) for size in sizes for others in combinations(cards, size - 1))


def plant_with_deck(student, board, rules: Rules, codes: list[str | None], deck: list[str] | None) -> str:
    """Plant a board (and its deck, unless ``deck`` is None); the deck's state, in words."""
    plant(student, board, ["_" if code is None else code for code in codes], values_by_name(rules))
    if deck is None:
        return "the deck as dealt"
    plant_deck(student, board, deck, values_by_name(rules))
    return "the deck used up" if not deck else f"{len(deck)} cards left in the deck"


def play_boards(rules: Rules, kind: str, seed: int) -> list[tuple[list[str | None], list[str] | None, tuple[str, ...]]]:
    """Boards (with a deck state) whose only play is of this kind: ``pair`` (every pair of ranks
    that make a play), ``group`` (every group) or ``none``; each with the ranks of its play."""
    rng = random.Random(seed)
    if kind == "pair":
        plays = [(a, b) for i, a in enumerate(RANKS_SHORT) for b in RANKS_SHORT[i:] if rules.is_play([a + "s", b + "h"])]
    elif kind == "group":
        plays = list(rules.groups)
    else:
        plays = [()] * 6
    decks = [None, ["2c", "3d"], []]
    boards = []
    for n, play in enumerate(plays):
        empties = rng.randrange(0, rules.places - len(play))
        boards.append((only_play_board(rules, play, empties, rng), decks[n % 3], play))
    return boards



def check_another_play(student, make_board, rules: Rules, case: str, explicit: dict, generated: dict, hint: str) -> None:
    """One case of another_play_is_possible: a named board of ``explicit`` (codes, deck, answer)
    or a kind of ``generated`` boards (play_boards), all checked in turn."""
    board = make_board()
    rules = own_rules(student, board, rules)
    if case in explicit:
        codes, deck, answer = explicit[case]
        cases = [(codes, deck, answer, case)]
    else:
        cases = [(codes, deck, bool(play), f"only {'-'.join(play)} makes a play" if play else "no play")
                 for codes, deck, play in play_boards(rules, generated[case], seed=rules.places)]
    trips = Trips(student)
    made = made_for(student, rules, [(codes, deck) for codes, deck, _, _ in cases])
    for (codes, deck, answer, why), cards in zip(cases, made):
        state = plant_queued(trips, board, codes, deck, cards)
        played = f"{board.label}, {state}: {call(None, 'another_play_is_possible')}  ({why})"
        trips.first(board.another_play_is_possible.later(),
                    lambda got, answer=answer, played=played: expect(got, answer, played, hint))
    trips.send()


class Trips:
    """Calls queued to go to the sandbox together, each with what to do with its answer.

    Answers are handed on in order (Student.in_turn): a call that raised raises when its turn
    comes, after every check of the answers before it, as when each call went alone. The
    student's method under test (``first``) always opens a round trip of its own, since a
    round trip that runs out of time or crashes is named by its first call: the message names
    that method, as it did when it went alone."""

    def __init__(self, student) -> None:
        self.student = student
        self.queue: list = []

    def add(self, pending, then=None) -> None:
        self.queue.append((pending, then))

    def first(self, pending, then=None) -> None:
        """The method under test: what is queued goes first, and this call opens the next trip."""
        self.send()
        self.add(pending, then)

    def snapshot(self, board, places: int, then) -> None:
        """The card in every place (or None): ``then`` gets the list once every answer is in
        (the first call that raised raises first, as with one batch)."""
        cards: list = []
        for k in range(places):
            self.add(board.card_at.later(k), cards.append if k < places - 1 else
                     lambda card: (cards.append(card), then(cards)))

    def send(self) -> None:
        queue, self.queue = self.queue, []
        if queue:
            for (_, then), answer in zip(queue, self.student.in_turn(*[pending for pending, _ in queue])):
                if then is not None:
                    then(answer)


def made_for(student, rules: Rules, boards: list[tuple[list[str | None], list[str] | None]]) -> list[list]:
    """The cards of these boards and decks (plant_queued), all made in one round trip."""
    codes = [code for board, deck in boards for code in [*_underscored(board), *(deck or [])]]
    made = make_cards(student, codes, values_by_name(rules))
    cards, at = [], 0
    for board, deck in boards:
        size = len(board) + len(deck or [])
        cards.append(made[at:at + size])
        at += size
    return cards


def _underscored(codes: list[str | None]) -> list[str]:
    return ["_" if code is None else code for code in codes]


def plant_queued(trips: Trips, board, codes: list[str | None], deck: list[str] | None, cards: list) -> str:
    """plant_with_deck's calls (the same, in the same order, under the same names), queued on
    ``trips`` with cards already made (made_for: the board's, then the deck's); sent only to
    learn the deck (board.deck), whose own calls go with what comes next."""
    board_cards, deck_cards = cards[:len(codes)], cards[len(codes):]
    trips.add(board.set_later("cards", board_cards))
    board.relabel(f"the board {pretty(_underscored(codes))}")
    if deck is None:
        return "the deck as dealt"
    got: list = []
    trips.add(board.get_later("deck"), got.append)
    trips.send()
    for write in deck_writes(got[0], deck_cards):
        trips.add(write)
    return "the deck used up" if not deck else f"{len(deck)} cards left in the deck"


def snapshot(student, board, places: int) -> list:
    """The card in every place (or None), in one round trip."""
    return student.batch(*[board.card_at.later(k) for k in range(places)])


def check_play_if_possible(student, make_board, rules: Rules, kind: str, hint: str) -> None:
    """On boards with exactly one play: it is made, exactly its places are refilled from the
    deck, True; on boards with none: False and nothing changes."""
    board = make_board()
    rules = own_rules(student, board, rules)
    boards = play_boards(rules, kind, seed=rules.places + 1)
    trips = Trips(student)
    for (codes, deck, play), cards in zip(boards, made_for(student, rules, [(codes, deck) for codes, deck, _ in boards])):
        state = plant_queued(trips, board, codes, deck, cards)
        before: list = []
        deck_before: list = []
        trips.snapshot(board, rules.places, before.extend)
        trips.add(board.deck_size.later(), deck_before.append)
        played = f"{board.label}, {state}: {call(None, 'play_if_possible')}"
        if not play:
            trips.first(board.play_if_possible.later(), lambda got, played=played: expect(
                got, False, played, Twin("There is no play on this board: return False.",
                                         "There is no play on this board: return false.")))

            def unchanged(changed: bool, played=played) -> None:
                if changed:
                    fail(f"{played} returned {show(False)} but changed the board or the deck",
                         "When there is no play, leave every card where it is.")
            trips.snapshot(board, rules.places, lambda after, before=before, unchanged=unchanged: unchanged(after != before))
            trips.add(board.deck_size.later(),
                      lambda size, deck_before=deck_before, unchanged=unchanged: unchanged(size != deck_before[0]))
            continue
        places = sorted(k for k in range(rules.places) if codes[k] is not None and codes[k][:-1] in play)
        make_it = Twin(f"The only play here is {describe(codes, places)}: make it and return True.",
                       f"The only play here is {describe(codes, places)}: make it and return true.")
        trips.first(board.play_if_possible.later(), lambda got, played=played, make_it=make_it: expect(got, True, played, make_it))
        after: list = []

        def check_changed(cards: list, before=before, after=after, played=played, places=places) -> None:
            after.extend(cards)
            changed = [k for k in range(rules.places) if after[k] != before[k]]
            expect(changed, places, f"{played}: the places that changed", hint)

        def check_deck(size: int, after=after, deck_before=deck_before, played=played, places=places) -> None:
            refilled = sum(after[k] is not None for k in places)
            expect([size, refilled], [max(deck_before[0] - len(places), 0), min(deck_before[0], len(places))],
                   f"{played}: [cards left in the deck, played places that got a new card]",
                   Twin("Refill each played place with the next card of the deck (replace_selected_cards does it).",
                        "Refill each played place with the next card of the deck (replaceSelectedCards does it)."))
        trips.snapshot(board, rules.places, check_changed)
        trips.add(board.deck_size.later(), check_deck)
    trips.send()


def check_new_board(student, board, rules: Rules, hint: str) -> None:
    """A new board: its places, and a deck of exactly the lab's 52 cards with the game's values
    (where the guide leaves a value open, any value that keeps its plays: own_values.py)."""
    answers = student.in_turn(board.size.later(), board.deck_size.later(), board.get_later("deck"))
    expect([next(answers), next(answers)], [rules.places, 52 - rules.places],
           f"{new(rules.name + 'Board')}: [{call(None, 'size')}, {call(None, 'deck_size')}]", hint)
    cards = next(answers).get("cards")
    fields = student.batch(*[getter.later() for card in cards for getter in (card.rank, card.suit, card.point_value)])
    theirs = values_of([field for i, field in enumerate(fields) if i % 3 != 1])
    rules = (rules.with_values(theirs) if theirs else None) or rules
    got = sorted(tuple(fields[i:i + 3]) for i in range(0, len(fields), 3))
    want = sorted((rank, suit, rules.values[SHORT[rank]]) for rank in RANKS for suit, _ in SUITS.values())
    if got != want:
        missing = [card for card in want if card not in got][:3]
        extra = [card for card in got if card not in want][:3]
        fail(f"{new(rules.name + 'Board')}: the cards of its deck (deck.cards, all 52, dealt or not)\n"
             f"  expected: the 52 cards ace..king of spades, hearts, diamonds and clubs, worth {_values_text(rules)}\n"
             f"  got:      {len(got)} cards; not there: {show([_card_text(c) for c in missing])}; "
             f"not expected: {show([_card_text(c) for c in extra])}",
             "Pass Board the lab's lists of ranks, suits and point values (the starter's RANKS, SUITS and POINT_VALUES), unchanged."
             + (f" The guide leaves the value of {', '.join(rules.open_ranks)} to you: any value that pairs with no other card."
                if rules.open_ranks else ""))


def _values_text(rules: Rules) -> str:
    return ", ".join(f"{short} {rules.values[short]}" for short in RANKS_SHORT)


def _card_text(card: tuple) -> str:
    rank, suit, value = card
    return f"{rank} of {suit} (point value = {value})"


def game_ids(games: list[tuple[list[str], Outcome]]) -> list[str]:
    """Test ids for planted games: ``won-1``, ``lost-0``, ..."""
    return [f"{'won' if outcome.won else 'lost'}-{i}" for i, (_, outcome) in enumerate(games)]


def check_whole_game(student, make_board, rules: Rules, order: list[str], outcome: Outcome) -> None:
    """Deal ``order`` onto a new board, call play_if_possible until it returns False, and
    compare the end (won, ranks left, cards left in the deck) with the rules'."""
    board = make_board()
    rules = own_rules(student, board, rules)
    trips = Trips(student)
    plant_queued(trips, board, order[:rules.places], order[rules.places:],
                 made_for(student, rules, [(order[:rules.places], order[rules.places:])])[0])
    trips.send()
    board.relabel(f"a game of {rules.name} dealt from a planted deck starting {pretty(order[:rules.places])}")
    for _ in range(MAX_PLAYS):
        if board.play_if_possible() is not True:
            break
    else:
        fail(f"{board.label}: {call(None, 'play_if_possible')} still returned {show(True)} after {MAX_PLAYS} plays",
             Twin("Return False once no play is left; a 52-card game cannot last that long.",
                  "Return false once no play is left; a 52-card game cannot last that long."))
    left = [card for card in snapshot(student, board, rules.places) if card is not None]
    ranks = sorted(SHORT.get(rank, rank) for rank in student.batch(*[card.rank.later() for card in left]))
    won, deck_left = student.batch(board.game_is_won.later(), board.deck_size.later())
    expect([won, ranks, deck_left], [outcome.won, list(outcome.ranks_left), outcome.deck_left],
           f"{board.label}: [won?, ranks left on the board, cards left in the deck] after playing until no play is left",
           "Whatever order the plays are made in, a deck always ends the same way. Check that every legal play is found.")
