"""The statistical checks of the 6 Takes! lab, with their rates (docs/labs/six-takes.md).

Activity 4 (a Game deals fairly and lets RandomAI choose) uses exact binomial bands from
grader.checks.statistics. Activity 6 (the simulation's mean score, CautiousAI's mean score) judges a
mean of many game scores; that is not a binomial count, so it uses a normal bound, made
conservative three ways: the critical value is the two-sided 1e-7 normal quantile (ten times
stricter than the 1e-6 promised, as room for the skew of the score distribution), the per-game
standard deviation is rounded up from its measurement, and the reference value's own
uncertainty (its 95% half-width from 10^5 games, packs.md §3.2) widens the band on both sides.
Power against each named wrong version uses its measured mean minus its own uncertainty.
tests/labs/six_takes/test_statistics.py proves every stated rate.
"""

import math
from dataclasses import dataclass
from statistics import NormalDist

from grader.checks.statistics import (
    FALSE_FAILURE,
    POWER,
    Band,
    UniformityCheck,
    acceptance_band,
    smallest_samples,
)

# ---- Activity 4: exact binomial bands ---------------------------------------------------------

# Where RandomAI's card sits in its 10-card hand on a game's first turn: uniform over 0..9.
# Named wrong Games: plays the hand's first card, its last card (pop()), or offers the player
# hand[:-1] (the last card is never played). 160 picks give power 0.999 against all three.
POSITION_ALTERNATIVES = {"always the first card": [1.0] + [0.0] * 9, "always the last card": [0.0] * 9 + [1.0],
                         "never the last card": [1 / 9] * 9 + [0.0]}
POSITION_PICKS = 160  # = smallest_samples(lambda n: UniformityCheck(10, n), POSITION_ALTERNATIVES.values())
PLAYERS_FOR_PICKS = 10  # 10 seats: 10 picks per game set up


def position_check() -> UniformityCheck:
    return UniformityCheck(10, POSITION_PICKS)


# How often each card starts a row: Binomial(setups, 4/104) for every card; each card's band
# holds at most FALSE_FAILURE / 104 (union bound over the 104 cards). Named wrong Games: one
# card can never start a row (p = 0), one card starts twice as often (8/104).
STARTER_RATE = 4 / 104
STARTER_ALTERNATIVES = {"a card that never starts a row": 0.0, "a card twice as likely to start a row": 8 / 104}
STARTER_SETUPS = 2706  # = smallest_samples(StarterCheck, STARTER_ALTERNATIVES.values())


@dataclass(frozen=True)
class StarterCheck:
    setups: int

    @property
    def band(self) -> Band:
        return acceptance_band(self.setups, STARTER_RATE, FALSE_FAILURE / 104)

    def false_failure_bound(self) -> float:
        return 104 * self.band.outside_probability(self.setups, STARTER_RATE)

    def power_against(self, rate: float) -> float:
        return self.band.outside_probability(self.setups, rate)


def starter_check() -> StarterCheck:
    return StarterCheck(STARTER_SETUPS)


# ---- Activity 6: means of game scores (normal bound, conservative) -----------------------------

Z_FALSE = NormalDist().inv_cdf(1 - 1e-7 / 2)  # 5.33: the 1e-7 two-sided quantile, for a 1e-6 promise
Z_POWER = NormalDist().inv_cdf(POWER)  # 3.09


@dataclass(frozen=True)
class Target:
    """A mean known to lie in ``mean ± half`` whose per-game standard deviation is at most ``sd``."""

    mean: float
    half: float
    sd: float


@dataclass(frozen=True)
class MeanCheck:
    """Accept a sample mean of ``games`` games within the band around ``target``."""

    target: Target
    games: int

    @property
    def half_width(self) -> float:
        return self.target.half + Z_FALSE * self.target.sd / math.sqrt(self.games)

    @property
    def low(self) -> float:
        return self.target.mean - self.half_width

    @property
    def high(self) -> float:
        return self.target.mean + self.half_width

    def false_failure_bound(self) -> float:
        """Normal model, worst true mean inside the reference's interval."""
        return 2 * (1 - NormalDist().cdf(Z_FALSE))

    def power_against(self, wrong: Target) -> float:
        """Normal model, with the wrong version's true mean at the end of its interval nearest the band."""
        se = wrong.sd / math.sqrt(self.games)
        if wrong.mean > self.target.mean:
            return 1 - NormalDist(wrong.mean - wrong.half, se).cdf(self.high)
        return NormalDist(wrong.mean + wrong.half, se).cdf(self.low)


def fewest_games(target: Target, wrongs) -> int:
    """The fewest games with power POWER against every wrong version (the bound only grows with n)."""
    games = 1
    while not all(MeanCheck(target, games).power_against(w) >= POWER for w in wrongs):
        games += 1
    return games


# Why 5.33 standard errors are enough: the one-sided Edgeworth correction to a normal tail at z
# is about 1 + g (z^3 - 3z) / 6 for a mean whose skewness is g (a game's skewness over the square
# root of the number of games). Measured per-game skewness: 0.15 for the simulation's mean
# (g = 0.007) and 1.21 for CautiousAI's score (g = 0.022), so the true tail at 5.33 is at most
# about 1.5 x 1e-7, well under the 1e-6 promised.
#
# simulate(4, 7, games, rng): mean penalty per player per game, all RandomAI, cheapest rows:
# 17.367 ± 0.03 (packs.md §3.2; an independent 200,000-game run here gave 17.377 ± 0.013, sd
# 2.95); the per-game sd of the per-player mean is used as 3.0. The random-row policy: 18.680 ± 0.045, sd 2.84 measured on 20,000 games
# (used as 2.9); its mean, measured again here, was 18.692.
SIMULATION = Target(17.367, 0.03, 3.0)
SIMULATION_WRONG = {"the random-row policy": Target(18.68, 0.045, 2.9),
                    "the commercial scale": Target(7.657, 0.03, 2.0),
                    "10 turns instead of 7": Target(27.951, 0.03, 4.0)}
SIMULATION_GAMES = 406  # = fewest_games(SIMULATION, SIMULATION_WRONG.values())

# CautiousAI in seat 0 against three RandomAI, n = 4, 7 turns: 8.24 ± 0.06 (packs.md §3.2;
# independent runs here gave 8.220 ± 0.063 over 100,000 games and 8.176 ± 0.115 over 30,000,
# sd 10.15 to 10.17, used as 10.5). Named wrong
# CautiousAIs, 20,000 games each (mean ± 2 standard errors, sd rounded up):
# NoGap (ties by number only, skipping the gap) 10.19 ± 0.17, sd 11.75;
# RowZero (takes row 0 instead of the cheapest) 10.60 ± 0.17, sd 11.93;
# SixthFree (a 6th card costs nothing) 16.70 ± 0.20, sd 14.0; RandomAI itself 17.34.
# Two other wrong versions are too close to be told apart by any affordable sample and are
# not claimed: TooLowFree (a too-low card costs nothing) 8.15, HighestTie (ties by the higher
# number) 7.02 (it plays better than the specified AI, but differently).
CAUTIOUS = Target(8.24, 0.06, 10.5)
CAUTIOUS_WRONG = {"NoGap": Target(10.19, 0.17, 12.0), "RowZero": Target(10.60, 0.17, 12.0),
                  "SixthFree": Target(16.70, 0.20, 14.0), "RandomAI": Target(17.34, 0.06, 13.0)}
CAUTIOUS_GAMES = 2925  # = fewest_games(CAUTIOUS, CAUTIOUS_WRONG.values())


def simulation_check() -> MeanCheck:
    return MeanCheck(SIMULATION, SIMULATION_GAMES)


def cautious_check() -> MeanCheck:
    return MeanCheck(CAUTIOUS, CAUTIOUS_GAMES)


__all__ = [
    "CAUTIOUS",
    "CAUTIOUS_GAMES",
    "CAUTIOUS_WRONG",
    "POSITION_ALTERNATIVES",
    "POSITION_PICKS",
    "SIMULATION",
    "SIMULATION_GAMES",
    "SIMULATION_WRONG",
    "STARTER_ALTERNATIVES",
    "STARTER_SETUPS",
    "MeanCheck",
    "StarterCheck",
    "Target",
    "UniformityCheck",
    "cautious_check",
    "fewest_games",
    "position_check",
    "simulation_check",
    "smallest_samples",
    "starter_check",
]
