"""A stand-in ElevensBoard whose games the grader dealt, for Activity 11b (the simulation).

``ElevensBoard`` here is the lab's ElevensBoard (the one staged beside the student's file: the
reference in the grader, the student's own in the kit), except for where its cards come from:
each game is dealt from the next deck order the trusted suite sent (``deal_from``). The
suite chose those orders from games whose end it worked out with its own rules
(labs/elevens/known_games.py), so it knows exactly how many of them are won, and the student's
``simulate`` must return exactly that fraction. Everything else is the lab's board, playing the
real game: whatever order the plays are made in, a deck order is won or lost the same
(tests/lab proves it).

Knowing the count is not enough: a game must be played. The board writes down every change to
its places (``cards[k] = ...``, which is how the lab's Board plays: ``deal``,
``replace_selected_cards``): the place, and whether the card put there is the one its deck
dealt next. Any other change (a card from elsewhere, a slice, ``append``, a new ``cards`` list
or deck, a card dealt and never placed) is counted as such. The suite gets these records, plain
data, and plays each game again on its own side (known_games.replay): only legal plays, refilled
from the deck in order, up to the game's end, make a game played. Nothing here decides that.

Every reading of the guide gives the known fraction. A game begins at the first use of the
board after a deal (the constructor's or ``new_game()``'s), not at the deal: a loop that makes a
new board per game, one that calls ``new_game()`` on one board, and one that does both all play
the same games in the same order, and a deal never played (the constructor's, before the first
``new_game()``) uses no order. Only ``new_game``, ``size`` and ``str`` (a debugging print) leave
a deal unplayed. The board's deck is a small deck of this file's own that keeps the lab's Deck
contract (``cards``, ``size``, ``is_empty``, ``deal``, ``shuffle``), so no student's Deck
internals are needed. Once the orders run out, each further game is dealt a winning order
(``EXTRA``), so playing one game too many always changes the answer.

The suite sends the orders of each of its runs (``deal_from``), then calls the student's
``simulate`` as any test does and asks for the record of every game begun (``games_played``,
which moves on to the next run's orders) after each: the same calls in both editions (Java:
java/KnownBoard.java). Only plain data crosses back.
"""

import card as _card_module
import elevens_board as _lab

_LAB_BOARD = _lab.ElevensBoard
# Reading these never begins a game: they do not depend on the cards (new_game, size) or only
# show them (str, a debugging print before new_game()).
_QUIET = {"newgame", "size", "tostring"}
_RUNS: list = []  # the orders of each simulate call still to come
_SCHEDULE: list = []  # the deck orders still to deal in this call, each a list of [rank, suit, value]
_EXTRA: list = []  # the order dealt to every game after the schedule (a won one)
_GAMES: list = []  # the record of every game begun in this call, in order
_PATCHED: list = []  # the modules whose ElevensBoard is this file's until games_played()


def _squash(name: str) -> str:
    """A method name with case and underscores set aside: ``is_empty`` is ``isEmpty``."""
    return "".join(name.split("_")).casefold()


class _KnownGame:
    """What one dealt game's board saw: every write to a place as [place, 1 if the card put
    there is the one the deck dealt next else 0 (None: the deck was empty)], and how many other
    changes were made (``other``). ``fresh``: cards the deck dealt that no place holds yet."""

    def __init__(self, board) -> None:
        self.board = board
        self.writes: list = []
        self.other = 0
        self.fresh: list = []
        self.places = None
        self.deck = None
        self.closed = False

    def close(self) -> None:
        """The game is over (its board began another, or the suite asks): the board must still
        hold this game's places and deck, and every card dealt must have been placed."""
        if self.closed:
            return
        self.closed = True
        state = object.__getattribute__(self.board, "__dict__")
        if state.get("cards") is not self.places or state.get("deck") is not self.deck:
            self.other += 1
        if self.fresh:
            self.other += 1

    def record(self) -> dict:
        self.close()
        return {"writes": self.writes, "other_changes": self.other}


class _KnownDeck:
    """The undealt part of one planted deck order: the lab's Deck contract, nothing more."""

    def __init__(self, cards: list, dealt: list, game: _KnownGame) -> None:
        self.cards = list(reversed(cards)) + list(dealt)  # every card, dealt or not; deals from the end
        self._left = list(reversed(cards))  # the undealt cards, the next one last
        self._known_game = game

    def size(self) -> int:
        return len(self._left)

    def is_empty(self) -> bool:
        return not self._left

    def deal(self):
        if not self._left:
            return None
        card = self._left.pop()
        self._known_game.fresh.append(card)
        return card

    def shuffle(self) -> None:
        """A board that shuffles its deck mid-game is outside the guide; keeping the order keeps
        the game the grader dealt."""

    def __getattr__(self, name: str):
        # isEmpty, Size, ...: any spelling of a Deck method, as the lab's naming rule allows.
        for candidate in ("size", "is_empty", "deal", "shuffle"):
            if _squash(candidate) == _squash(name):
                return getattr(self, candidate)
        raise AttributeError(name)


class _Places(list):
    """A board's places (``cards``) that write down every change for the game's record: a
    write of the deck's next card or of None (the lab's ``deal``) is a move the suite replays;
    anything else is an other change. Reading is the list's own."""

    def __init__(self, cards: list, game: _KnownGame) -> None:
        super().__init__(cards)
        self._known_game = game

    def _other(self) -> None:
        game = self._known_game
        if game.places is self:  # a copy of the board (copy.copy) is not the game's board
            game.other += 1

    def __setitem__(self, index, value) -> None:
        game = self._known_game
        if game.places is self and type(index) is int and -len(self) <= index < len(self):
            if value is None:
                game.writes.append([index % len(self), 0])
            elif game.fresh and value is game.fresh[0]:
                game.fresh.pop(0)
                game.writes.append([index % len(self), 1])
            else:
                game.other += 1
        else:
            self._other()
        super().__setitem__(index, value)


def _changes(name: str):
    """A list method that changes the places other than by a write to one place."""
    method = getattr(list, name)

    def changed(self, *args, **kwargs):
        self._other()
        return method(self, *args, **kwargs)

    changed.__name__ = name
    return changed


for _name in ("__delitem__", "__iadd__", "__imul__", "append", "extend", "insert", "pop", "remove", "clear",
              "sort", "reverse"):
    setattr(_Places, _name, _changes(_name))


class ElevensBoard(_LAB_BOARD):
    """The lab's ElevensBoard, each game dealt from the grader's next deck order."""

    def __init__(self) -> None:
        super().__init__()
        self._known_hold = False
        self._known_pending = True
        self._known_game = None

    def __getattribute__(self, name: str):
        get = object.__getattribute__
        state = get(self, "__dict__")
        if state.get("_known_pending") and not state.get("_known_hold") and not name.startswith("_") \
                and _squash(name) not in _QUIET:
            state["_known_pending"] = False
            get(self, "_known_begin")()
        return get(self, name)

    def _known_begin(self) -> None:
        """Deal the next order: its first cards onto the board, the rest into a fresh deck. The
        game this board played before is over."""
        state = object.__getattribute__(self, "__dict__")
        if state.get("_known_game") is not None:
            state["_known_game"].close()
        order = _SCHEDULE.pop(0) if _SCHEDULE else _EXTRA
        game = _KnownGame(self)
        _GAMES.append(game)
        made = [_card_module.Card(rank, suit, value) for rank, suit, value in order]
        places = len(state["cards"])
        game.places = _Places(made[:places], game)
        game.deck = _KnownDeck(made[places:], made[:places], game)
        state["cards"], state["deck"], state["_known_game"] = game.places, game.deck, game

    def _known_quietly(self, method, *args):
        state = object.__getattribute__(self, "__dict__")
        held, state["_known_hold"] = state.get("_known_hold"), True
        try:
            return method(*args)
        finally:
            state["_known_hold"] = held

    def new_game(self) -> None:
        """A new game: it is dealt from the next order when it is first played."""
        object.__getattribute__(self, "__dict__")["_known_pending"] = True

    def size(self) -> int:
        return self._known_quietly(super().size)

    def __str__(self) -> str:
        return self._known_quietly(super().__str__)

    newGame = new_game
    toString = __str__


def deal_from(runs: list, extra: list) -> None:
    """Until the last ``games_played()``, every ElevensBoard the student's simulation makes (by
    ``elevens_board.ElevensBoard`` or its own name for it) is this one. ``runs``: for each of the
    suite's coming ``simulate`` calls, the deck orders its games are dealt (each order a list
    of [rank, suit, value]); ``extra``: the order of every game past them."""
    import elevens_simulation

    _RUNS[:] = [[list(order) for order in orders] for orders in runs]
    _EXTRA[:] = list(extra)
    _PATCHED[:] = [module for module in (_lab, elevens_simulation)
                   if getattr(module, "ElevensBoard", None) is _LAB_BOARD]
    for module in _PATCHED:
        module.ElevensBoard = ElevensBoard
    _next_run()


def _next_run() -> None:
    _SCHEDULE[:] = _RUNS.pop(0) if _RUNS else []
    _GAMES.clear()


def games_played() -> list:
    """The record of every game begun since the run's orders were set, in the order begun: its
    ``writes`` ([place, 1 or 0] each) and ``other_changes`` (see _KnownGame). The next run's
    orders are set; after the last run the lab's ElevensBoard is back in its place."""
    played = [game.record() for game in _GAMES]
    if _RUNS:
        _next_run()
    else:
        for module in _PATCHED:
            module.ElevensBoard = _LAB_BOARD
        _PATCHED.clear()
        _SCHEDULE.clear()
        _GAMES.clear()
    return played
