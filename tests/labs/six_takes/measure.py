"""Run in a child process by test_statistics.py, with the lab's reference folder first on
sys.path: plays reference games and prints what an A4 or A6 check would measure, as JSON.
Seeded, so the tests are repeatable."""

import json
import random
import sys

from takes_game import Game
from takes_players import RandomAI
from takes_simulation import simulate


def starters(setups: int, seed: int) -> list:
    rng = random.Random(seed)
    counts = [0] * 104
    for _ in range(setups):
        game = Game([RandomAI(rng) for _ in range(4)], rng)
        game.setup()
        for row in game.table.rows():
            counts[int(row[0].rank()) - 1] += 1
    return counts


def main() -> None:
    what, args = sys.argv[1], [int(a) if a.isdigit() else a for a in sys.argv[2:]]
    if what == "simulate":
        games, seed, policy = args
        print(json.dumps(simulate(4, 7, games, random.Random(seed), policy)["mean_score"]))
    elif what == "starters":
        setups, seed = args
        print(json.dumps(starters(setups, seed)))


if __name__ == "__main__":
    main()
