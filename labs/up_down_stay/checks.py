"""The statistical checks of the Up/Down/Stay suites: what each expects, how many samples it
takes, and its stated error rates (proved in tests/labs/up_down_stay/test_statistics.py).

Every check is exact: each outcome's count must fall in a band from binomial tails
(grader.checks.statistics), with the 1e-6 false-failure budget split evenly over the outcomes, so by
the union bound a correct submission fails a check with probability at most 1e-6. Power is
bounded from below by the single outcome a wrong version moves most. Sample sizes are the
smallest that reach power 0.999 against every named wrong version (``smallest_samples``).
"""

import math
from dataclasses import dataclass, field
from functools import cached_property

from grader.checks.statistics import (
    FALSE_FAILURE,
    Band,
    RateCheck,
    UniformityCheck,
    acceptance_band,
    smallest_samples,
)


@dataclass(frozen=True)
class DistributionCheck:
    """Outcomes with known probabilities (``expected``), judged from ``samples`` draws; an
    outcome outside ``expected`` fails the check at once (a correct version never gives one)."""

    expected: tuple[tuple[str, float], ...]
    samples: int

    @cached_property
    def bands(self) -> dict[str, Band]:
        alpha = FALSE_FAILURE / len(self.expected)
        return {outcome: acceptance_band(self.samples, p, alpha) for outcome, p in self.expected}

    def false_failure_bound(self) -> float:
        return math.fsum(self.bands[o].outside_probability(self.samples, p) for o, p in self.expected)

    def power_against(self, wrong: dict[str, float]) -> float:
        """A lower bound on the chance of failing a version with these outcome probabilities."""
        bands = self.bands
        unexpected = math.fsum(p for o, p in wrong.items() if o not in bands)
        best = 1 - (1 - unexpected) ** self.samples if unexpected > 0 else 0.0
        for outcome, band in bands.items():
            best = max(best, band.outside_probability(self.samples, wrong.get(outcome, 0.0)))
        return best

    def unusual(self, counts: dict[str, int]) -> list[str]:
        """The outcomes whose counts are impossible or outside their band (empty: passes)."""
        bands = self.bands
        odd = [o for o, c in counts.items() if o not in bands and c > 0]
        return odd + [o for o, band in bands.items() if counts.get(o, 0) not in band]


def smallest_distribution_samples(expected: dict[str, float], wrong: list[dict[str, float]]) -> int:
    frozen = tuple(expected.items())
    return smallest_samples(lambda n: DistributionCheck(frozen, n), wrong)


# --- A2: dealing three hands ---------------------------------------------------------------
# The one card left when 3 players share 52 is uniform over the 52 cards. Wrong versions: a deal
# that leaves no card (RaggedDeal: every count 0), one that always leaves the same card, and one
# that leaves some card twice as often as it should (the one that sets the size).
LEFTOVER_WRONG = {
    "no card left (RaggedDeal)": [0.0] * 52,
    "always the same card": [1.0] + [0.0] * 51,
    "one card twice as likely": [2 / 52] + [(50 / 52) / 51] * 51,
}
LEFTOVER_DEALS = 5433  # smallest_samples(lambda n: UniformityCheck(52, n), wrong), checked by a test
LEFTOVER = UniformityCheck(52, LEFTOVER_DEALS)

# A given card lands in seat 0 with probability 17/52 (it is the undealt card 1 time in 52).
# RaggedDeal gives seat 0 eighteen cards: 18/52.
SEAT0_RATE = 17 / 52
SEAT0_WRONG = {"seat 0 gets 18 cards (RaggedDeal)": 18 / 52}
SEAT0_DEALS = 38461  # smallest_samples(lambda n: RateCheck(SEAT0_RATE, n), wrong), checked by a test
SEAT0 = RateCheck(SEAT0_RATE, SEAT0_DEALS)

# --- A3: changes of shuffled mini-decks and full decks ---------------------------------------
THREE_DISTINCT = {"UU": 1 / 6, "UD": 1 / 3, "DU": 1 / 3, "DD": 1 / 6}
# "AnchorFirst": every card compared with the row's first card instead of its neighbour.
THREE_DISTINCT_WRONG = {"compares with the first card": {"UU": 1 / 3, "DD": 1 / 3, "UD": 1 / 6, "DU": 1 / 6}}
ONE_PAIR = {"SU": 1 / 3, "UD": 1 / 3, "DS": 1 / 3}
ONE_PAIR_WRONG = {"U and D swapped (FlippedSign)": {"SD": 1 / 3, "DU": 1 / 3, "US": 1 / 3},
                  "one letter too few (FencePost, L - 2)": {"S": 1 / 3, "U": 1 / 3, "D": 1 / 3},
                  "one letter too many (FencePost, L)": {"SSU": 1 / 3, "UUD": 1 / 3, "DDS": 1 / 3}}
# FlippedSign keeps {1, 2, 3}'s distribution (it is symmetric): the {1, 1, 2} deck catches it.
MINI_SHUFFLES = 440  # smallest_distribution_samples(THREE_DISTINCT, wrong), checked by a test
THREE_DISTINCT_CHECK = DistributionCheck(tuple(THREE_DISTINCT.items()), MINI_SHUFFLES)
ONE_PAIR_CHECK = DistributionCheck(tuple(ONE_PAIR.items()), MINI_SHUFFLES)

# On a shuffled full deck, neighbours share a value with probability 3/51, so the letter at a
# place picked at random is S with probability 3/51 and U, D with 24/51 each: the mean #S over
# the 51 changes is 3 and the mean #U is 24. One place per shuffle keeps the counts binomial.
LETTERS = {"U": 24 / 51, "D": 24 / 51, "S": 3 / 51}
_ELEVENS_S = (12 * 11 + 10 * 4 * 3) / (52 * 51)  # J, Q, K all worth 0: any two faces "stay"
LETTERS_WRONG = {"equal values read as U": {"U": 27 / 51, "D": 24 / 51, "S": 0.0},
                 "Elevens values (J, Q, K = 0)": {"U": (1 - _ELEVENS_S) / 2, "D": (1 - _ELEVENS_S) / 2, "S": _ELEVENS_S}}
LETTER_GAMES = 3562  # smallest_distribution_samples(LETTERS, wrong), checked by a test
LETTERS_CHECK = DistributionCheck(tuple(LETTERS.items()), LETTER_GAMES)


# --- A7: match probabilities against section 3.1's figures ---------------------------------
def reference_interval(rate: float, games: int = 10**6, digits: int = 4) -> tuple[float, float]:
    """Where the true rate lies, given a figure measured on ``games`` games and rounded to
    ``digits`` decimals: 5 standard errors (missed with probability 5.7e-7) plus the rounding."""
    reach = 5 * math.sqrt(rate * (1 - rate) / games) + 0.5 * 10**-digits
    return max(rate - reach, 0.0), min(rate + reach, 1.0)


@dataclass(frozen=True)
class SimulationCase:
    """One call of estimate_match_probability and what it must come close to."""

    pred: str
    players: int
    strategy: str
    rate: float  # section 3.1, 10^6 games
    games: int  # the smallest count with power 0.999 against every wrong version (a test checks it)
    wrong: dict[str, float] = field(default_factory=dict)  # named wrong versions: their rates

    @property
    def interval(self) -> tuple[float, float]:
        return reference_interval(self.rate)

    def check(self, games: int) -> RateCheck:
        low, high = self.interval
        return RateCheck(low, games, high)

    def smallest_games(self) -> int:
        return smallest_samples(self.check, list(self.wrong.values()))


# Wrong versions: the two strategies mixed up, and a match test that ignores the prediction's
# last letter (a loop one short). The "one short" rates were measured on 40,000 games with the
# reference (0.5806 and 0.8807); the figures here are moved 5 standard errors towards the right
# answer, so the power stated is a lower bound.
SIMULATION_CASES = {
    "UDUDUDUD-random": SimulationCase("UDUDUDUD", 2, "random", 0.3982, 564,
                                      {"strategy mixed up (highest)": 0.9448, "last letter ignored": 0.5683}),
    "UDUDUDUDUD-highest": SimulationCase("UDUDUDUDUD", 2, "highest", 0.8164, 2900,
                                         {"strategy mixed up (random)": 0.1620, "last letter ignored": 0.8722}),
    "UUU-random": SimulationCase("UUU", 2, "random", 0.7216, 55,
                                 {"strategy mixed up (highest)": 0.0, "last letter ignored": 0.99958}),
    # With one letter, ignoring it leaves "": found everywhere (1.0), or worth len("") = 0 points (0.0).
    "S-random": SimulationCase("S", 2, "random", 0.9546, 2393,
                               {"strategy mixed up (highest)": 0.9136, "last letter ignored, found everywhere": 1.0,
                                "last letter ignored, never scores": 0.0}),
}
