"""The grader's own helpers for the 6 Takes! lab, run inside the sandbox beside the student's files.

Suites cannot send Python objects across the sandbox boundary, so everything that must call
student code from the inside lives here: row choosers, an on_place recorder, spy players and
the loops of many games. Every function returns plain data (numbers, lists, dicts with text
keys). Randomness comes from ``random`` (seeded per test by the grader), never a fixed seed.
"""

import random

SUIT = "bull"


def school_penalty(number: int) -> int:
    """The school scale, written independently of the student's takes_cards.py."""
    if number == 55:
        return 9
    if number % 11 == 0:
        return 7
    if number % 10 == 0:
        return 5
    if number % 5 == 0:
        return 4
    return 3


def commercial_penalty(number: int) -> int:
    return school_penalty(number) - 2


def card(number: int, scale: str = "school"):
    from card import Card

    value = school_penalty(number) if scale == "school" else commercial_penalty(number)
    return Card(str(number), SUIT, value)


def cards(numbers: list[int], scale: str = "school") -> list:
    return [card(n, scale) for n in numbers]


def new_rng() -> random.Random:
    return random.Random(random.getrandbits(64))


def number_of(item):
    """A card's number, or a readable stand-in for anything that is not a card."""
    try:
        return int(item.rank())
    except Exception:  # noqa: BLE001 - the student handed back something else: show it
        return repr(item)[:60]


def numbers(items) -> list:
    """Cards as their numbers (see number_of)."""
    return [number_of(item) for item in items]


def rows_of(table) -> list[list]:
    return [numbers(row) for row in table.rows()]


def planted_table(rows: list[list[int]], scale: str = "school"):
    """A reference Table holding exactly ``rows`` (the reference keeps them in ``_rows``)."""
    from takes_table import Table

    table = Table([card(row[0], scale) for row in rows], scale)
    table._rows = [cards(row, scale) for row in rows]
    return table


def cheapest_index(table) -> int:
    rows = table.rows()
    totals = [sum(c.point_value() for c in row) for row in rows]
    return min(range(len(rows)), key=lambda i: (totals[i], len(rows[i]), i))


class CheapestChooser:
    """choose_row(seat, table): the row with the lowest penalty (ties: fewer cards, lower index)."""

    def __init__(self) -> None:
        self.calls: list = []

    def __call__(self, seat, table) -> int:
        index = cheapest_index(table)
        self.calls.append([seat, rows_of(table), index])
        return index

    def seen(self) -> list:
        return self.calls


class FixedChooser(CheapestChooser):
    """choose_row(seat, table): always ``index``."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index

    def __call__(self, seat, table) -> int:
        self.calls.append([seat, rows_of(table), self.index])
        return self.index


class PlaceLog:
    """on_place(seat, card, taken): records [seat, card number, taken numbers, rows as numbers]."""

    def __init__(self, table) -> None:
        self.table = table
        self.entries: list = []

    def __call__(self, seat, card_, taken) -> None:
        self.entries.append([seat, number_of(card_), numbers(taken), rows_of(self.table)])

    def seen(self) -> list:
        return self.entries


def describe_taken(result) -> dict:
    """resolve_turn's or play_turn's answer as plain data: {"type", "seats": [[seat, numbers], ...]}."""
    if not isinstance(result, dict):
        return {"type": type(result).__name__, "seats": None}
    seats = []
    for seat, got in result.items():
        try:
            taken = numbers(got)
        except TypeError:
            taken = repr(got)[:60]
        seats.append([seat if isinstance(seat, int) else repr(seat), taken])
    return {"type": "dict", "seats": sorted(seats, key=lambda pair: str(pair[0]).zfill(3))}


def turn(table, plays: list, chooser, log=None, scale: str = "school") -> dict:
    """Run the student's resolve_turn on ``plays`` ([seat, number] pairs); what it returned, and
    the rows afterwards."""
    from takes_turn import resolve_turn

    hand_in = {seat: card(n, scale) for seat, n in plays}
    before = sum(len(row) for row in table.rows())
    result = resolve_turn(table, hand_in, chooser, log) if log is not None else resolve_turn(table, hand_in, chooser)
    return {"taken": describe_taken(result), "rows": rows_of(table), "before": before}


# --- Activities 1 to 3: dealing a deck, copies of rows, random turns ------------------------

def deck_contents(deck) -> dict:
    """A deck's size, then every card it deals (the reference Deck), as [rank, suit, value]."""
    size = deck.size()
    dealt = []
    for _ in range(200):  # never more than 104 cards: stop a deck that deals forever
        got = deck.deal()
        if got is None:
            break
        dealt.append([got.rank(), got.suit(), got.point_value()])
    return {"size": size, "cards": dealt}


def mutate_rows(table) -> list:
    """Change what rows() returned (add to a row, drop a row); the rows the table then holds."""
    rows = table.rows()
    rows[0].append(card(104))
    rows[-1].clear()
    rows.pop()
    return rows_of(table)


# --- Activity 4: games -------------------------------------------------------------------------

def random_players(n: int) -> list:
    from takes_players import RandomAI

    return [RandomAI(new_rng()) for _ in range(n)]


def state(game) -> dict:
    """Everything on and off the table, as numbers; the points of every card counted."""
    hands = [numbers(hand) for hand in game.hands]
    rows = rows_of(game.table)
    piles = [numbers(pile) for pile in game.piles]
    undealt = numbers(game.undealt)
    every = [c for group in (*game.hands, *game.table.rows(), *game.piles, game.undealt) for c in group]
    try:
        points = sum(c.point_value() for c in every)
    except Exception:  # noqa: BLE001
        points = None
    return {"hands": hands, "rows": rows, "piles": piles, "undealt": undealt, "points": points}


def game_trace(n: int, turns: int, games: int = 1, scale: str = "school") -> list:
    """Seeded games played turn by turn: each game's state after setup and after every turn,
    with what play_turn returned. The first step's ``draws`` says whether setup() drew from the
    Game's rng (the players have their own)."""
    from takes_game import Game

    traces = []
    for _ in range(games):
        rng = new_rng()
        game = Game(random_players(n), rng, turns, scale)
        before = rng.getstate()
        game.setup()
        steps = [{"state": state(game), "returned": None, "draws": rng.getstate() != before}]
        for _ in range(turns):
            returned = describe_taken(game.play_turn())
            steps.append({"state": state(game), "returned": returned})
        traces.append(steps)
    return traces


def played_game(n: int, turns: int, turn_first: bool = False, scale: str = "school") -> dict:
    """Game(...).play() with no setup() first (``turn_first``: play_turn() first, then play()):
    the scores, the piles, the hands (winners() has a check of its own), and ``kept``: whether
    every card in a hand or pile after that first turn was still in that hand or pile after
    play() (None without a first turn)."""
    from takes_game import Game

    game = Game(random_players(n), new_rng(), turns, scale)
    kept = None
    if turn_first:
        game.play_turn()
        before = [numbers(hand) for hand in game.hands], [numbers(pile) for pile in game.piles]
    scores = game.play()
    if turn_first:
        hands, piles = [numbers(hand) for hand in game.hands], [numbers(pile) for pile in game.piles]
        kept = (all(set(now) <= set(old) for now, old in zip(hands, before[0]))
                and all(set(old) <= set(now) for now, old in zip(piles, before[1])))
    return {"scores": scores, "piles": [sum(c.point_value() for c in pile) for pile in game.piles],
            "hand_sizes": [len(hand) for hand in game.hands], "kept": kept}


def winners_after_games(n: int, turns: int, games: int, scale: str = "school") -> list:
    """``games`` games of RandomAI played out: each one's pile totals and what winners() says.

    The piles are only read, never set: the handout promises a readable ``piles``, which a
    read-only property satisfies."""
    from takes_game import Game

    played = []
    for _ in range(games):
        game = Game(random_players(n), new_rng(), turns, scale)
        game.play()
        played.append({"piles": [sum(c.point_value() for c in pile) for pile in game.piles], "winners": game.winners()})
    return played


class SpyPlayer:
    """Plays a random card, and writes down what it was shown each time it was asked, and
    whether it was asked for a row (``rows_asked``)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seen: list = []
        self.rows_asked = 0

    def choose_card(self, hand, table):
        self.seen.append([numbers(hand), rows_of(table)])
        return hand[self.rng.randrange(len(hand))]

    def choose_row(self, table) -> int:
        self.rows_asked += 1
        return cheapest_index(table)


def spy_game(n: int, turns: int) -> list:
    """A game of spies: per turn, the hands and rows before it, and what each spy was shown."""
    from takes_game import Game

    spies = [SpyPlayer(new_rng()) for _ in range(n)]
    game = Game(spies, new_rng(), turns)
    game.setup()
    report = []
    for _ in range(turns):
        hands, rows = [numbers(hand) for hand in game.hands], rows_of(game.table)
        for spy in spies:
            spy.seen = []
            spy.rows_asked = 0
        game.play_turn()
        played = [sorted(set(before) - set(numbers(hand))) for before, hand in zip(hands, game.hands)]
        report.append({"hands": hands, "rows": rows, "seen": [spy.seen for spy in spies],
                       "played": played, "rows_asked": [spy.rows_asked for spy in spies]})
    return report


def pick_positions(games: int, n: int = 10) -> list:
    """The place in its 10-card hand of each card played on a game's first turn (-1: not one card)."""
    from takes_game import Game

    positions = []
    for _ in range(games):
        game = Game(random_players(n), new_rng())
        game.setup()
        before = [numbers(hand) for hand in game.hands]
        game.play_turn()
        for seat, hand in enumerate(game.hands):
            gone = [i for i, number in enumerate(before[seat]) if number not in numbers(hand)]
            positions.append(gone[0] if len(gone) == 1 and len(hand) == len(before[seat]) - 1 else -1)
    return positions


def starter_counts(setups: int, n: int = 4) -> dict:
    """How often each card 1..104 starts a row over ``setups`` fresh setups."""
    from takes_game import Game

    counts = [0] * 105
    odd = 0
    for _ in range(setups):
        game = Game(random_players(n), new_rng())
        game.setup()
        rows = game.table.rows()
        if len(rows) != 4 or any(len(row) != 1 for row in rows):
            odd += 1
            continue
        for row in rows:
            number = number_of(row[0])
            if isinstance(number, int) and 1 <= number <= 104:
                counts[number] += 1
    return {"counts": counts[1:], "odd": odd}


# --- Activity 6: CautiousAI in a reference Game -------------------------------------------------

def cautious_scores(games: int, opponents: int = 3, turns: int = 7) -> list:
    """Seat 0 is the student's CautiousAI, the others RandomAI; seat 0's score in each game."""
    from takes_game import Game
    from takes_simulation import CautiousAI

    rng = new_rng()
    scores = []
    for _ in range(games):
        scores.append(Game([CautiousAI(new_rng())] + random_players(opponents), rng, turns).play()[0])
    return scores


def cautious_pick(rows: list[list[int]], hand: list[int]):
    """The number of the card the student's CautiousAI plays from ``hand`` on a planted table."""
    from takes_simulation import CautiousAI

    return number_of(CautiousAI().choose_card(cards(hand), planted_table(rows)))


# --- Activity 2: a whole game's cards through the student's Table -------------------------------

def table_trace(starters: list[int], plays: list[int], choices: list[int], scale: str) -> list:
    """The student's Table(starters) receives ``plays`` one at a time: place(card) when
    target_row finds a row, else take_row(choice, card). Per step, before the card: the
    target_row of every number not yet on the table or played (``targets``, in number order);
    after it: what was taken, rows(), ends() and every row_penalty."""
    from takes_table import Table

    table = Table(cards(starters, scale), scale)
    used = set(starters)
    steps = []
    for number, choice in zip(plays, choices):
        targets = [table.target_row(card(n, scale)) for n in range(1, 105) if n not in used]
        used.add(number)
        played = card(number, scale)
        taken = table.take_row(choice, played) if table.target_row(played) is None else table.place(played)
        steps.append({"targets": targets, "taken": numbers(taken), "rows": rows_of(table), "ends": list(table.ends()),
                      "penalties": [table.row_penalty(i) for i in range(len(starters))]})
    return steps


def turn_trace(starters: list[int], turns: list) -> list:
    """The student's resolve_turn on a reference Table(starters), turn after turn (each turn a
    list of [seat, number] plays), the cheapest-row chooser answering rule 4: per turn what it
    returned (describe_taken) and the rows afterwards."""
    from takes_table import Table
    from takes_turn import resolve_turn

    table = Table(cards(starters))
    found = []
    for plays in turns:
        result = resolve_turn(table, {seat: card(n) for seat, n in plays}, CheapestChooser())
        found.append({"taken": describe_taken(result), "rows": rows_of(table)})
    return found
