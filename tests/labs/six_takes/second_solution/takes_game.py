"""6 Takes!, Activity 4 (second solution): the state is private and shown through read-only properties."""

from takes_cards import make_deck
from takes_table import Table
from takes_turn import resolve_turn

HAND, ROWS = 10, 4


class Game:
    def __init__(self, players, rng, turns: int = 7, scale: str = "school") -> None:
        if not 2 <= len(players) <= 10:
            raise ValueError("6 Takes! is for 2 to 10 players")
        if not 1 <= turns <= HAND:
            raise ValueError("a game has 1 to 10 turns")
        self._players = tuple(players)
        self._rng = rng
        self._turns = turns
        self._scale = scale
        self._hands = [[] for _ in self._players]
        self._piles = [[] for _ in self._players]
        self._table = None
        self._undealt = []
        self._done = 0

    @property
    def hands(self) -> list:
        return [list(hand) for hand in self._hands]

    @property
    def piles(self) -> list:
        return [list(pile) for pile in self._piles]

    @property
    def table(self):
        return self._table

    @property
    def undealt(self) -> list:
        return list(self._undealt)

    def setup(self) -> None:
        deck = make_deck(self._scale)
        cards = []
        while not deck.is_empty():
            cards.append(deck.deal())
        self._rng.shuffle(cards)
        seats = len(self._players)
        # One card to each seat in turn, ten times round the table.
        self._hands = [cards[seat:HAND * seats:seats] for seat in range(seats)]
        rest = cards[HAND * seats:]
        self._table = Table(rest[:ROWS], self._scale)
        self._undealt = rest[ROWS:]
        self._piles = [[] for _ in range(seats)]
        self._done = 0

    def play_turn(self) -> dict:
        if self._table is None:
            self.setup()
        picks = {seat: player.choose_card(list(self._hands[seat]), self._table)
                 for seat, player in enumerate(self._players)}
        for seat, card in picks.items():
            self._hands[seat] = [mine for mine in self._hands[seat] if mine is not card]
        taken = resolve_turn(self._table, picks, lambda seat, table: self._players[seat].choose_row(table))
        for seat, cards in taken.items():
            self._piles[seat] += cards
        self._done += 1
        return taken

    def play(self) -> list:
        if self._table is None:
            self.setup()
        for _ in range(self._turns - self._done):
            self.play_turn()
        return self._scores()

    def _scores(self) -> list:
        return [sum(card.point_value() for card in pile) for pile in self._piles]

    def winners(self) -> list:
        scores = self._scores()
        return [seat for seat, score in enumerate(scores) if score == min(scores)]
