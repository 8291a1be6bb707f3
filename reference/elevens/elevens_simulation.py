"""Activity 11: estimate how often Elevens is won when every possible play is made.

Run as a script: ``python elevens_simulation.py 10000`` prints the percentage of games won.
"""

import sys

from elevens_board import ElevensBoard


def play_one_game(board: ElevensBoard) -> bool:
    """Deal a new game, play until stuck, and say whether the board was cleared."""
    board.new_game()
    while board.play_if_possible():
        pass
    return board.game_is_won()


def simulate(games: int) -> float:
    """The fraction (0.0 to 1.0) of ``games`` games that were won."""
    if games <= 0:
        return 0.0
    board = ElevensBoard()
    wins = sum(play_one_game(board) for _ in range(games))
    return wins / games


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"Won {simulate(count) * 100:.2f}% of {count} games")
