"""Activity 11: how often is Elevens won? Run: ``python elevens_simulation.py 1000``."""

import sys

from elevens_board import ElevensBoard


def simulate(games: int) -> float:
    """Play ``games`` games, each with ``new_game()`` then ``play_if_possible()`` until it
    returns False, and return the fraction won (0.0 to 1.0)."""
    raise NotImplementedError("simulate (Activity 11)")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"Won {simulate(count) * 100:.2f}% of {count} games")
