"""The statistics behind every randomized assertion, with their error rates stated and exact.

Rules every statistical check of the grader follows (docs/statistics.md has the numbers):

- a correct implementation fails it with probability at most ``FALSE_FAILURE`` (1e-6), over
  the per-test seeds;
- each named wrong implementation it targets fails it with probability at least ``POWER``
  (0.999);
- both are computed exactly from binomial tails, with no normal or chi-square approximation:
  a uniformity check over k outcomes accepts each outcome's count inside a band whose two
  tails hold at most FALSE_FAILURE / k, so by the union bound the whole check fails a correct
  shuffle with probability at most FALSE_FAILURE. Power is bounded from below by the single
  outcome a biased shuffle favours or avoids most, which ignores the help of all the others.

The sample sizes are the smallest that meet both rates: each sample is grading time.
"""

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

FALSE_FAILURE = 1e-6
POWER = 0.999


@lru_cache(maxsize=64)
def _pmf(n: int, p: float) -> tuple[float, ...]:
    """P(X = k) for X ~ Binomial(n, p), k = 0..n, from log-gamma so large n is exact enough."""
    if p <= 0.0 or p >= 1.0:
        return tuple(float(k == (n if p >= 1.0 else 0)) for k in range(n + 1))
    log_p, log_q = math.log(p), math.log1p(-p)
    base = math.lgamma(n + 1)
    return tuple(math.exp(base - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * log_p + (n - k) * log_q)
                 for k in range(n + 1))


def below(n: int, p: float, k: int) -> float:
    """P(X < k)."""
    return math.fsum(_pmf(n, p)[:max(k, 0)])


def above(n: int, p: float, k: int) -> float:
    """P(X > k)."""
    return math.fsum(_pmf(n, p)[max(k + 1, 0):])


@dataclass(frozen=True)
class Band:
    """The counts ``low..high`` (inclusive) that a check accepts."""

    low: int
    high: int

    def __contains__(self, count: int) -> bool:
        return self.low <= count <= self.high

    def outside_probability(self, n: int, p: float) -> float:
        """How likely a count from Binomial(n, p) falls outside the band."""
        return below(n, p, self.low) + above(n, p, self.high)


def acceptance_band(n: int, p: float, alpha: float) -> Band:
    """The narrowest band whose lower and upper tails under Binomial(n, p) are each <= alpha / 2."""
    pmf = _pmf(n, p)
    low, tail = 0, 0.0
    while low < n and tail + pmf[low] <= alpha / 2:
        tail += pmf[low]
        low += 1
    high, tail = n, 0.0
    while high > 0 and tail + pmf[high] <= alpha / 2:
        tail += pmf[high]
        high -= 1
    return Band(low, high)


@dataclass(frozen=True)
class UniformityCheck:
    """Every one of ``outcomes`` equally likely, judged from ``samples`` independent draws."""

    outcomes: int
    samples: int

    @cached_property  # an exact tail sum over every count: worth computing once
    def band(self) -> Band:
        return acceptance_band(self.samples, 1 / self.outcomes, FALSE_FAILURE / self.outcomes)

    def false_failure_bound(self) -> float:
        """Union bound over the outcomes: at most FALSE_FAILURE by construction."""
        return self.outcomes * self.band.outside_probability(self.samples, 1 / self.outcomes)

    def power_against(self, probabilities: list[float]) -> float:
        """A lower bound on the chance of failing a shuffle with these outcome probabilities."""
        band = self.band
        return max(band.outside_probability(self.samples, q) for q in probabilities)

    def unusual(self, counts: list[int]) -> list[int]:
        """The outcomes whose counts fall outside the band (empty: the check passes)."""
        band = self.band
        return [i for i, count in enumerate(counts) if count not in band]


@dataclass(frozen=True)
class RateCheck:
    """An event of probability ``rate``, judged from how often it happens in ``samples`` tries.

    When the rate itself is only known to lie in an interval (a win rate measured by
    simulation), give its upper end as ``rate_high``: the band then reaches from the lower
    tail at ``rate`` to the upper tail at ``rate_high``, which keeps the false-failure bound
    for every true rate in between.
    """

    rate: float
    samples: int
    rate_high: float | None = None

    @cached_property  # an exact tail sum over every count: worth computing once
    def band(self) -> Band:
        low = acceptance_band(self.samples, self.rate, FALSE_FAILURE)
        if self.rate_high is None:
            return low
        return Band(low.low, acceptance_band(self.samples, self.rate_high, FALSE_FAILURE).high)

    def false_failure_bound(self) -> float:
        """The worst case over the interval of true rates (its two ends)."""
        rates = [self.rate] if self.rate_high is None else [self.rate, self.rate_high]
        return max(self.band.outside_probability(self.samples, r) for r in rates)

    def power_against(self, wrong_rate: float) -> float:
        return self.band.outside_probability(self.samples, wrong_rate)


def smallest_samples(make, alternatives: list, start: int = 10) -> int:
    """The smallest sample size at which ``make(n)`` has POWER against every alternative.

    Doubling, then bisection: power grows with n, apart from the small wiggles discreteness
    causes, which the tests of this module check around the chosen value.
    """
    def enough(n: int) -> bool:
        check = make(n)
        return all(check.power_against(alt) >= POWER for alt in alternatives)

    high = start
    while not enough(high):
        high *= 2
    low = high // 2
    while high - low > 1:
        middle = (low + high) // 2
        if enough(middle):
            high = middle
        else:
            low = middle
    return high
