"""A stand-in ElevensBoard whose games the grader dealt, for Activity 11b (the simulation).

``ElevensBoard`` here is the lab's ElevensBoard (the one staged beside the student's file: the
reference in the grader, the student's own in the kit), except for where its cards come from:
each game is dealt from the next deck order the trusted suite sent (``deal_from``). The
suite chose those orders from games whose end it worked out with its own rules
(labs/elevens/games.py), so it knows exactly how many of them are won, and the student's
``simulate`` must return exactly that fraction: only a loop that plays every game to its end
and counts the won ones can. Everything else is the lab's board, playing the real game: whatever
order the plays are made in, a deck order is won or lost the same (tests/lab proves it).

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
``simulate`` as any test does and asks how many games began (``games_begun``, which moves on to
the next run's orders) after each: the same calls in both editions (Java: java/KnownBoard.java).
Only plain data crosses back.
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
_BEGUN = [0]
_PATCHED: list = []  # the modules whose ElevensBoard is this file's until games_begun()


def _squash(name: str) -> str:
    """A method name with case and underscores set aside: ``is_empty`` is ``isEmpty``."""
    return "".join(name.split("_")).casefold()


class _KnownDeck:
    """The undealt part of one planted deck order: the lab's Deck contract, nothing more."""

    def __init__(self, cards: list, dealt: list) -> None:
        self.cards = list(reversed(cards)) + list(dealt)  # every card, dealt or not; deals from the end
        self._left = list(reversed(cards))  # the undealt cards, the next one last

    def size(self) -> int:
        return len(self._left)

    def is_empty(self) -> bool:
        return not self._left

    def deal(self):
        return self._left.pop() if self._left else None

    def shuffle(self) -> None:
        """A board that shuffles its deck mid-game is outside the guide; keeping the order keeps
        the game the grader dealt."""

    def __getattr__(self, name: str):
        # isEmpty, Size, ...: any spelling of a Deck method, as the lab's naming rule allows.
        for candidate in ("size", "is_empty", "deal", "shuffle"):
            if _squash(candidate) == _squash(name):
                return getattr(self, candidate)
        raise AttributeError(name)


class ElevensBoard(_LAB_BOARD):
    """The lab's ElevensBoard, each game dealt from the grader's next deck order."""

    def __init__(self) -> None:
        super().__init__()
        self._known_hold = False
        self._known_pending = True

    def __getattribute__(self, name: str):
        get = object.__getattribute__
        state = get(self, "__dict__")
        if state.get("_known_pending") and not state.get("_known_hold") and not name.startswith("_") \
                and _squash(name) not in _QUIET:
            state["_known_pending"] = False
            get(self, "_known_begin")()
        return get(self, name)

    def _known_begin(self) -> None:
        """Deal the next order: its first cards onto the board, the rest into a fresh deck."""
        order = _SCHEDULE.pop(0) if _SCHEDULE else _EXTRA
        _BEGUN[0] += 1
        made = [_card_module.Card(rank, suit, value) for rank, suit, value in order]
        state = object.__getattribute__(self, "__dict__")
        places = len(state["cards"])
        state["cards"] = made[:places]
        state["deck"] = _KnownDeck(made[places:], made[:places])

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
    """Until the last ``games_begun()``, every ElevensBoard the student's simulation makes (by
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
    _BEGUN[0] = 0


def games_begun() -> int:
    """How many games began since the run's orders were set; the next run's orders are set, and
    after the last run the lab's ElevensBoard is back in its place."""
    begun = _BEGUN[0]
    if _RUNS:
        _next_run()
    else:
        for module in _PATCHED:
            module.ElevensBoard = _LAB_BOARD
        _PATCHED.clear()
        _SCHEDULE.clear()
    return begun
