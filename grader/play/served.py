"""The lab's own game, served by the grader itself: what `grader play --lab-board` plays.

Students play the lab's game before they write a board (a lab may hand out a working game for
that), so the student kit must play it too; yet the kit holds none of the lab's classes in any
form (docs/kit.md). So nothing of the lab's class design runs here: the grader keeps the game as
plain data (a short code per place, and the codes still to come) and asks only the lab's *rule
code* (``PlayableGame.rules``, in the lab's own package) for its pieces and two answers: are
these pieces a play, and is there a play on this board. That code speaks in codes, not in the
student's API, so it can stand in for no student file; tests/kit/test_kit_clean.py checks that.

The page and its JSON are the same as for a student's board (table.py), so the one page plays
both. No sandbox is needed: no student code runs.
"""

import random
from dataclasses import dataclass, field
from importlib import import_module
from typing import Protocol

from grader.lab.registry import PlayableGame
from grader.play.table import Tally

class GameRules(Protocol):
    """What a lab's rule code gives `grader play` (grader/lab/registry.py, ``PlayableGame.rules``)."""

    places: int

    def codes(self) -> list[str]: ...  # every piece of the game, as a short code

    def face(self, code: str) -> tuple[str, str]: ...  # a piece's two words on the page (its rank and suit)

    def is_play(self, codes: list[str]) -> bool: ...

    def find_play(self, board: list[str | None]) -> list[int]: ...


def load_rules(game: PlayableGame) -> GameRules:
    """The object ``game.rules`` names ("module:attribute"); a ValueError for the lab's author
    names the bad value, the rule and the fix."""
    module, _, attribute = (game.rules or "").partition(":")
    try:
        rules = getattr(import_module(module), attribute)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ValueError(f"the game {game.id}'s rules {game.rules!r} cannot be loaded ({exc}): "
                         "PlayableGame.rules must name 'module:attribute' of an installed module") from None
    missing = [name for name in ("places", "codes", "face", "is_play", "find_play") if not hasattr(rules, name)]
    if missing:
        raise ValueError(f"the game {game.id}'s rules {game.rules!r} have no {', '.join(missing)} "
                         "(grader/play/served.py, GameRules, says what they need)")
    return rules


def shuffled_codes(rules: GameRules, seed: int) -> list[str]:
    """Every piece of the game as a code, shuffled by ``seed`` (the same seed, the same game)."""
    codes = list(rules.codes())
    random.Random(seed).shuffle(codes)
    return codes


def shown(rules: GameRules, code: str | None, index: int) -> dict:
    """A place as the page shows it (the same as a student's board's: table.py)."""
    if code is None:
        return {"index": index, "rank": None, "suit": None}
    rank, suit = rules.face(code)
    return {"index": index, "rank": rank, "suit": suit}


@dataclass
class ServedTable:
    """The lab's game for one browser page: the same calls as a GameTable (state, replace,
    restart, close), answered in this process from the lab's rules."""

    game: PlayableGame
    rules: GameRules
    first_seed: int
    replay: str = ""  # the command that plays it again, but for its seed (commands/play.py)
    tally: Tally = field(default_factory=Tally)
    seed: int = 0
    moves: int = 0
    counted: bool = False
    on_table: list[str | None] = field(default_factory=list)  # one code (or None) per place
    undealt: list[str] = field(default_factory=list)  # the next one first

    def state(self) -> dict:
        if not self.on_table:
            self._start(self.first_seed)
        return self._state()

    def restart(self) -> dict:
        if self.moves and not self.counted:
            self.tally.played += 1  # a game given up still counts as played
        self._start(self.seed + 1 if self.on_table else self.first_seed)
        return self._state()

    def replace(self, selected: list[int]) -> dict:
        if not self.on_table:
            return self.state()
        chosen = sorted(set(selected))
        if not chosen or any(not 0 <= k < len(self.on_table) or self.on_table[k] is None for k in chosen):
            return self._state("not a legal selection")
        if not self.rules.is_play([self.on_table[k] for k in chosen]):
            return self._state("not a legal selection")
        for k in chosen:  # refill each place from the top of the undealt cards, while they last
            self.on_table[k] = self.undealt.pop(0) if self.undealt else None
        self.moves += 1
        return self._state()

    def close(self) -> None:
        """Nothing to end: no sandbox, no process."""

    def _start(self, seed: int) -> None:
        codes = shuffled_codes(self.rules, seed)
        self.seed, self.moves, self.counted = seed, 0, False
        self.on_table, self.undealt = list(codes[:self.rules.places]), codes[self.rules.places:]

    def _state(self, note: str = "") -> dict:
        over = ""
        if not self.undealt and all(code is None for code in self.on_table):
            over = "won"
        elif not self.rules.find_play(self.on_table):
            over = "stuck"
        if over and not self.counted:
            self.counted = True
            self.tally.played += 1
            self.tally.won += over == "won"
        return {"game": self.game.id, "title": self.game.title, "seed": self.seed,
                "places": [shown(self.rules, code, k) for k, code in enumerate(self.on_table)], "undealt": len(self.undealt),
                "over": over, "note": note, "problem": "", "next": "", "won": self.tally.won,
                "played": self.tally.played, "replay": f"{self.replay or 'grader play --lab-board'} --seed {self.seed}"}
