"""Activity 7: estimating how often a prediction matches, by playing many rounds."""

import random


def estimate_match_probability(pred: str, num_players: int, games: int, rng: random.Random,
                               strategy: str = "random") -> float:
    """The fraction of `games` rounds whose change string contains pred.

    strategy "random": every seat is a RandomPlayer(rng, pred). strategy "highest": seat 1 is a
    HighestPlayer(pred), every other seat random. Each game uses a fresh standard deck put in
    order by rng.
    """
    raise NotImplementedError("estimate_match_probability (Activity 7)")


# Written answer (not graded): which prediction length would you choose against one opponent, and why?
