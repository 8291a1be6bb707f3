"""The grader's own helpers for Up/Down/Stay, run inside the sandbox beside the student's files.

Players the suites script or spy on, decks in a planted order, and the loops of thousands of
deals or shuffles behind the statistical checks: each returns plain data (lists and dicts of
numbers and text), and the trusted suite does the statistics. Randomness comes from the
sandbox's ``random``, which the grader seeds per test; nothing here fixes a seed of its own.
Student modules are imported inside the functions that need them, so this file loads in every
activity whatever files that activity holds.
"""

import random
from contextlib import contextmanager

from card import Card
from deck import Deck

SUITS = ["spades", "hearts", "diamonds", "clubs"]


def new_rng() -> random.Random:
    """A Random for the student's ``rng`` parameters, seeded from the test's own seed."""
    return random.Random(random.getrandbits(64))


def planted_deck(cards: list) -> Deck:
    """A (reference) Deck whose deal() gives ``cards`` ([rank, suit, value] each) in this order.

    The reference Deck deals from the end of ``cards`` and counts down ``_undealt``.
    """
    deck = Deck(["ace"], ["spades"], [1])
    deck.cards = [Card(rank, suit, value) for rank, suit, value in reversed(cards)]
    deck._undealt = len(cards)
    return deck


def deal_error(size: int, players: int):
    """The kind of error (its class name) the student's deal_hands raises for ``players`` on a
    fresh deck of ``size`` cards (see deal_sizes), or None when it returns."""
    from uds_deal import deal_hands

    try:
        deal_hands(fresh_deck(size), players)
    except Exception as error:  # noqa: BLE001 (the kind is the answer)
        return type(error).__name__
    return None


def fresh_deck(size: int) -> Deck:
    """A fresh make_standard_deck() for 52, else a planted deck of ``size`` different cards."""
    from uds_cards import make_standard_deck

    return make_standard_deck() if size == 52 else planted_deck([[str(v), "spades", v] for v in range(1, size + 1)])


def deal_sizes(deals: list) -> list:
    """The student's deal_hands on each [deck size, num_players]: a fresh make_standard_deck()
    for 52, else a planted deck of that many different cards. Each result is [deck size,
    num_players, the hand sizes (None unless a list of lists), the deck's size afterwards]."""
    from uds_deal import deal_hands

    found = []
    for size, players in deals:
        deck = fresh_deck(size)
        hands = deal_hands(deck, players)
        lists = isinstance(hands, list) and all(isinstance(hand, list) for hand in hands)
        found.append([size, players, [len(hand) for hand in hands] if lists else None, deck.size()])
    return found


def card_fields(cards: list) -> list:
    """[rank, suit, value] of each card (None stays None), to read a row in one round trip."""
    return [None if card is None else [card.rank(), card.suit(), card.point_value()] for card in cards]


class CallLog:
    """What spies saw, shared by every spy at one table: ``events`` is plain data."""

    def __init__(self) -> None:
        self.events: list = []

    def placed(self) -> int:
        return sum(1 for event in self.events if event[0] == "choose")


class ScriptedPlayer:
    """A player that does exactly what the suite wrote.

    ``prediction``: a string for every game, or a list with one string per game (the last one
    repeats). ``rng``: a Random whose state ``draws`` notes (as a hash) when the player is made
    and at each prediction, so a suite can tell whether it was drawn from in between. ``choices``: the values to place, in order (the first card of that value in the
    hand); None, or a value not in the hand, places the first card.
    """

    def __init__(self, prediction, choices=None, rng=None) -> None:
        self.predictions = [prediction] if isinstance(prediction, str) else list(prediction)
        self.choices = list(choices) if choices is not None else None
        self.games = 0
        self.moves = 0
        self.rng = rng  # its state is noted when made and at each predict: was it drawn from?
        self.draws: list = [] if rng is None else [hash(tuple(rng.getstate()[1]))]

    def predict(self, hand, num_players):
        if self.rng is not None:
            self.draws.append(hash(tuple(self.rng.getstate()[1])))
        prediction = self.predictions[min(self.games, len(self.predictions) - 1)]
        self.games += 1
        return prediction

    def choose_card(self, hand, row):
        wanted = self.choices[self.moves] if self.choices is not None and self.moves < len(self.choices) else None
        self.moves += 1
        for index, card in enumerate(hand):
            if card.point_value() == wanted:
                return index
        return 0


class SpyPlayer(ScriptedPlayer):
    """A scripted player that writes every call into a shared CallLog.

    ``["predict", seat, hand size, num_players, cards placed so far]`` and
    ``["choose", seat, hand size, row length]``. "Cards placed so far" counts every spy's
    choose calls before this predict: the row it could have seen.
    """

    def __init__(self, log: CallLog, seat: int, prediction, choices=None) -> None:
        super().__init__(prediction, choices)
        self.log = log
        self.seat = seat

    def predict(self, hand, num_players):
        self.log.events.append(["predict", self.seat, len(hand), num_players, self.log.placed()])
        return super().predict(hand, num_players)

    def choose_card(self, hand, row):
        self.log.events.append(["choose", self.seat, len(hand), len(row)])
        return super().choose_card(hand, row)


def card_index(card) -> int:
    """0..51: suit-major, value-minor (one number per card of the standard deck)."""
    return SUITS.index(card.suit()) * 13 + card.point_value() - 1


def deal_statistics(deals: int, num_players: int = 3) -> dict:
    """Deal ``deals`` fresh shuffled standard decks with the student's deal_hands.

    ``leftover``: how often each card (card_index) was the one left in the deck;
    ``no_leftover``: deals that left no card (or several); ``seat0``: deals in which the
    ace of spades went to seat 0.
    """
    from uds_cards import make_standard_deck
    from uds_deal import deal_hands

    leftover = [0] * 52
    no_leftover = seat0 = 0
    # One reference deck, its cards reshuffled and its count reset for every deal: the same
    # uniform deck as a new make_standard_deck(), at half the cost (this loop is grading time).
    deck = make_standard_deck()
    cards = list(deck.cards)
    ace_of_spades = next(card for card in cards if card.point_value() == 1 and card.suit() == "spades")
    for _ in range(deals):
        deck.cards = list(cards)
        random.shuffle(deck.cards)
        deck._undealt = len(cards)
        hands = deal_hands(deck, num_players)
        if deck.size() == 1:
            leftover[card_index(deck.deal())] += 1
        else:
            no_leftover += 1
        if any(card is ace_of_spades for card in hands[0]):
            seat0 += 1
    return {"leftover": leftover, "no_leftover": no_leftover, "seat0": seat0}


def change_counts(values: list, shuffles: int) -> dict:
    """How often the student's changes() gives each string, over random orders of ``values``."""
    from uds_changes import changes

    counts: dict = {}
    values = list(values)
    for _ in range(shuffles):
        random.shuffle(values)
        got = changes(list(values))
        key = got if isinstance(got, str) else repr(got)
        counts[key] = counts.get(key, 0) + 1
    return counts


def letter_counts(games: int) -> dict:
    """Shuffle a full deck ``games`` times; each time read the letter of the student's change
    string (row_values, then changes) at one place picked uniformly from the 51.

    Keys "U", "D", "S", and "other" (anything else, or a string that is not 51 letters long).
    """
    from uds_cards import make_standard_deck
    from uds_changes import changes, row_values

    counts = {"U": 0, "D": 0, "S": 0, "other": 0}
    deck = make_standard_deck()
    row = list(deck.cards)
    for _ in range(games):
        random.shuffle(row)
        got = changes(row_values(list(row)))
        letter = got[random.randrange(51)] if isinstance(got, str) and len(got) == 51 else "other"
        counts[letter if letter in counts else "other"] += 1
    return counts


class Watch:
    """What the spies saw while the given players were watched (``seated_spies``): the seats
    where a ``highest`` and a ``random`` player laid cards, how many cards each kind laid
    (``moves``), and every card laid, in the order laid (``laid``: the card object, or None when
    the index chosen was not one of the hand's; ``row_lengths``: how long the row the player was
    shown was, for each)."""

    def __init__(self) -> None:
        self.seats: dict = {"highest": set(), "random": set()}
        self.moves: dict = {"highest": 0, "random": 0}
        self.laid: list = []
        self.row_lengths: list = []


@contextmanager
def seated_spies(num_players: int):
    """While inside, the given players (``uds_players.HighestPlayer`` and ``RandomPlayer``, and
    the simulation's own names for them) are spies that play exactly as they would and write
    every card they lay into the Watch yielded. Each spy notes the seat of the card it lays
    (len(row) % num_players) and the card itself, the moment the lab's play_round asks it."""
    import uds_players
    import uds_simulation

    given = {"highest": uds_players.HighestPlayer, "random": uds_players.RandomPlayer}
    watch = Watch()

    def spy(kind: str):
        class Spy(given[kind]):
            def choose_card(self, hand, row):
                watch.seats[kind].add(len(row) % num_players)
                watch.moves[kind] += 1
                index = super().choose_card(hand, row)
                watch.laid.append(hand[index] if type(index) is int and -len(hand) <= index < len(hand) else None)
                watch.row_lengths.append(len(row))
                return index
        Spy.__name__ = given[kind].__name__
        return Spy

    spies = {kind: spy(kind) for kind in given}
    names = {"HighestPlayer": "highest", "RandomPlayer": "random"}
    patched = [(module, name, given[kind]) for module in (uds_players, uds_simulation) for name, kind in names.items()
               if getattr(module, name, None) is given[kind]]
    for module, name, _ in patched:
        setattr(module, name, spies[names[name]])
    try:
        yield watch
    finally:
        for module, name, original in patched:
            setattr(module, name, original)


def estimate_with_spies(pred: str, num_players: int, games: int, rng, strategy: str) -> dict:
    """The student's estimate_match_probability, with the given players replaced by spies
    (seated_spies): ``estimate``; the seats where a ``highest`` and a ``random`` player laid
    cards, and how many cards each laid (``moves``); and ``watched``, how many of the games the
    spies saw (each num_players * (52 // num_players) cards laid in turn, the row in order) have
    ``pred`` in their change string, or None when the cards laid do not make whole games."""
    import uds_simulation
    from uds_cards import card_value

    with seated_spies(num_players) as watch:
        got = uds_simulation.estimate_match_probability(pred, num_players, games, rng, strategy)
    laid = [None if card is None else card_value(card) for card in watch.laid]
    return {"estimate": got, "highest": sorted(watch.seats["highest"]), "random": sorted(watch.seats["random"]),
            "moves": watch.moves, "watched": watched_matches(pred, laid, num_players * (52 // num_players))}


def watched_matches(pred: str, laid: list, per_game: int):
    """How many rows of ``per_game`` values in ``laid`` have ``pred`` in their change string (U up,
    D down, S the same, as the handout defines it), or None when ``laid`` is not whole rows."""
    if per_game <= 0 or len(laid) % per_game or None in laid:
        return None
    matches = 0
    for start in range(0, len(laid), per_game):
        row = laid[start:start + per_game]
        changes = "".join("U" if b > a else "D" if b < a else "S" for a, b in zip(row, row[1:]))
        matches += pred in changes
    return matches
