"""The standard 52-card deck as the suites and the diagnosis build it, and the short names
(A, 2, ..., 10, J, Q, K) that planted boards and games are written in."""

RANKS = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
ELEVENS_POINTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0]  # the lab's values, in RANKS order
SHORT = {rank: {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}.get(rank, rank) for rank in RANKS}
