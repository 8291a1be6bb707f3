"""Activity 4: a whole round of 6 Takes!."""

import random

from card import Card
from takes_cards import make_deck  # noqa: F401 - for your code
from takes_players import Player
from takes_table import Table  # noqa: F401 - for your code
from takes_turn import resolve_turn  # noqa: F401 - for your code


class Game:
    def __init__(self, players: list[Player], rng: random.Random, turns: int = 7, scale: str = "school") -> None:
        """Raise ValueError for fewer than 2 or more than 10 players, or turns outside 1..10.
        Keep readable attributes: hands (a list of cards per seat), piles (the cards each seat
        has taken), table (a Table, after setup) and undealt (the cards nobody got). The grader
        only reads them: plain attributes and read-only properties both do."""
        raise NotImplementedError("Game (Activity 4)")

    def setup(self) -> None:
        """Shuffle a make_deck() with rng, deal 10 cards to each seat, then 4 row starters from
        the cards left; the rest are undealt. In which order the cards go out is up to you."""
        raise NotImplementedError("Game.setup (Activity 4)")

    def play_turn(self) -> dict[int, list[Card]]:
        """Call setup() first if it has not run. Ask every player for a card (its own hand and the
        table only), remove the cards from the hands, then resolve the turn; taken cards go to
        the piles. Returns seat -> cards taken this turn."""
        raise NotImplementedError("Game.play_turn (Activity 4)")

    def play(self) -> list[int]:
        """Call setup() first if it has not run; play the remaining turns; each seat's score."""
        raise NotImplementedError("Game.play (Activity 4)")

    def winners(self) -> list[int]:
        """Every seat with the lowest score (the sum of its pile's point values)."""
        raise NotImplementedError("Game.winners (Activity 4)")
