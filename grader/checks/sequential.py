"""Statistical checks that draw their samples in stages and stop once the evidence is enough.

A sequential check has a fixed schedule of *looks*: after n_1 < n_2 < ... < n_K samples in all
(each stage draws the samples up to the next look, continuing the same random stream) it looks
at the counts and

- **fails** the implementation when some count is outside that look's *rejection band*;
- **passes** it early (looks before the last only) when the counts are inside a narrow
  "clearly fine" region: every count inside the look's *acceptance band* and, for a uniformity
  check, the counts spread no more than a fair shuffle's usually do (Pearson's statistic at most
  ``c_k``, kept as an integer bound on the sum of the squared counts);
- otherwise draws up to the next look.

At the last look it passes exactly when no count is outside the rejection band.

Both error rates are accounted for over the whole schedule (docs/statistics.md has the figures;
``tests/statistics`` recomputes them):

- **False failure.** Only a count outside a rejection band fails a correct implementation, so
  by the union bound over looks and outcomes the check fails one with probability at most
  sum_k outcomes * P(a count at look k is outside R_k), each term an exact binomial tail.
  Stopping early can only remove failures. Each rejection band holds alpha_k / (2 * outcomes)
  in each tail, with sum_k alpha_k <= FALSE_FAILURE (alpha spending).
- **Power.** A wrong implementation escapes only by being passed early at some look or by
  keeping every count inside the last rejection band, so

      P(it passes) <= sum_{k<K} P(acceptance region at look k) + min_j P(count j in R_K),

  each term bounded from above exactly (binomial) or by Chernoff's inequality (see
  ``acceptance_bound``). The acceptance regions are sized so that the sum stays under
  1 - POWER for every named wrong version.

For a single rate (one count) everything is computed exactly instead, by following the count
from look to look (``rate_figures``).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from grader.checks.statistics import Band, acceptance_band

PASS, FAIL, MORE = "pass", "fail", "more"


# ---------------------------------------------------------------------------------------------
# Exact binomial pieces that only look at the counts that matter (the designs evaluate
# thousands of them; summing the whole pmf each time would take seconds).

def _log_pmf(n: int, p: float, k: int) -> float:
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def binomial_between(n: int, p: float, low: float, high: float) -> float:
    """P(low <= X <= high) for X ~ Binomial(n, p), summed over those counts only."""
    low, high = max(math.ceil(low), 0), min(math.floor(high), n)
    if high < low:
        return 0.0
    if p <= 0.0 or p >= 1.0:
        return float(low <= (n if p >= 1.0 else 0) <= high)
    return min(1.0, math.fsum(math.exp(_log_pmf(n, p, k)) for k in range(low, high + 1)))


def binomial_pmf(n: int, p: float) -> list[float]:
    if p <= 0.0 or p >= 1.0:
        return [float(k == (n if p >= 1.0 else 0)) for k in range(n + 1)]
    return [math.exp(_log_pmf(n, p, k)) for k in range(n + 1)]


def chernoff_at_most(values: Sequence[float], probabilities: Sequence[float], n: int, limit: float) -> float:
    """An upper bound on P(V_1 + ... + V_n <= limit), the V_t independent draws of ``values``
    with these ``probabilities``: min over theta >= 0 of exp(theta * limit) * E[exp(-theta V)]^n.

    Any theta gives a valid bound (Chernoff's inequality); the search only makes it tight.
    """
    support = [(v, q) for v, q in zip(values, probabilities) if q > 0]
    if n * min(v for v, _ in support) > limit:
        return 0.0  # even the smallest draws every time add up to more
    if n * max(v for v, _ in support) <= limit:
        return 1.0

    def log_bound(theta: float) -> float:
        top = max(-theta * v for v, _ in support)
        return theta * limit + n * (top + math.log(math.fsum(q * math.exp(-theta * v - top) for v, q in support)))

    low, high = 0.0, 1.0
    while high < 1e9 and log_bound(2 * high) < log_bound(high):
        high *= 2
    high *= 2
    for _ in range(200):  # ternary search: log_bound is convex in theta
        a, b = low + (high - low) / 3, high - (high - low) / 3
        if log_bound(a) < log_bound(b):
            high = b
        else:
            low = a
    return min(1.0, math.exp(min(log_bound(0.0), log_bound((low + high) / 2))))


# ---------------------------------------------------------------------------------------------
# The checks as the suites run them.

@dataclass(frozen=True)
class Look:
    """What the check decides after ``samples`` samples in all.

    ``accept`` and ``spread`` (looks before the last): the check passes early when every count
    is inside ``accept`` and the sum of the squared counts is at most ``spread``.
    """

    samples: int
    reject: Band
    accept: Band | None = None
    spread: int | None = None

    def pearson_limit(self, outcomes: int) -> float | None:
        """The bound on Pearson's statistic that ``spread`` stands for (uniform outcomes)."""
        if self.spread is None:
            return None
        return (outcomes * self.spread - self.samples ** 2) / self.samples


def _check_schedule(looks: tuple[Look, ...]) -> None:
    sizes = [look.samples for look in looks]
    if not looks or sizes != sorted(set(sizes)) or sizes[0] <= 0:
        raise ValueError(f"looks must come after a growing number of samples: {sizes}")
    if looks[-1].accept is not None or looks[-1].spread is not None:
        raise ValueError("the last look passes exactly what its rejection band accepts")


@dataclass(frozen=True)
class SequentialUniformity:
    """Every one of ``outcomes`` equally likely, judged look by look."""

    outcomes: int
    looks: tuple[Look, ...]

    def __post_init__(self) -> None:
        _check_schedule(self.looks)

    @property
    def most_samples(self) -> int:
        return self.looks[-1].samples

    def unusual(self, look: int, counts: Sequence[int]) -> list[int]:
        """The outcomes whose counts are outside the rejection band of this look."""
        band = self.looks[look].reject
        return [i for i, count in enumerate(counts) if count not in band]

    def judge(self, look: int, counts: Sequence[int]) -> str:
        """FAIL, PASS or MORE for these counts of every outcome after ``looks[look].samples``."""
        this = self.looks[look]
        if len(counts) != self.outcomes or sum(counts) != this.samples:
            raise ValueError(f"expected {self.outcomes} counts adding up to {this.samples}")
        if self.unusual(look, counts):
            return FAIL
        if look == len(self.looks) - 1:
            return PASS
        if (this.accept is not None and all(count in this.accept for count in counts)
                and (this.spread is None or sum(count * count for count in counts) <= this.spread)):
            return PASS
        return MORE


@dataclass(frozen=True)
class SequentialRate:
    """An event of probability ``rate``, judged look by look from how often it happened."""

    rate: float
    looks: tuple[Look, ...]

    def __post_init__(self) -> None:
        _check_schedule(self.looks)

    @property
    def most_samples(self) -> int:
        return self.looks[-1].samples

    def judge(self, look: int, count: int) -> str:
        this = self.looks[look]
        if count not in this.reject:
            return FAIL
        if look == len(self.looks) - 1 or (this.accept is not None and count in this.accept):
            return PASS
        return MORE


# ---------------------------------------------------------------------------------------------
# Uniformity: the design's arithmetic (used by the tests and to refresh the constants).

def acceptance_bound(outcomes: int, look: Look, q: Sequence[float]) -> float:
    """An upper bound on the chance that outcome probabilities ``q`` land in ``look``'s
    "clearly fine" region (every count in ``accept``, Pearson's statistic at most c).

    It is the smallest of these, each an upper bound on its own:

    - for each outcome j: P(count j inside ``accept``), exact (count j is Binomial(n, q_j));
    - Pearson's statistic T <= c forces, for any weights w adding up to 0, the weighted sum
      L = sum_i w_i * count_i to satisfy |L| <= sqrt(c * n * p * sum_i w_i^2) (Cauchy-Schwarz,
      because L = sum_i w_i (count_i - n p)); with w = q - p, the direction in which q differs
      from uniform, L is a sum of n independent draws with mean n * sum_i w_i^2 > 0, and its
      chance of staying that low is bounded by Chernoff's inequality.
    """
    n, p = look.samples, 1 / outcomes
    if look.accept is None:
        return 0.0
    bound = min(binomial_between(n, qi, look.accept.low, look.accept.high) for qi in sorted(set(q)))
    c = look.pearson_limit(outcomes)
    if c is not None and bound > 0:
        w = [qi - p for qi in q]  # adds up to 0: sum q = 1 = outcomes * p
        norm = math.fsum(x * x for x in w)
        if norm > 0:
            limit = math.sqrt(max(c, 0.0) * n * p * norm)
            bound = min(bound, chernoff_at_most(w, q, n, limit))
    return bound


def final_miss(check: SequentialUniformity, q: Sequence[float]) -> float:
    """An upper bound on P(no count leaves the last rejection band): the likeliest outcome to stay."""
    last = check.looks[-1]
    return min(binomial_between(last.samples, qi, last.reject.low, last.reject.high) for qi in sorted(set(q)))


def pass_bound(check: SequentialUniformity, q: Sequence[float]) -> float:
    """An upper bound on the chance of passing a wrong shuffle with outcome probabilities q."""
    early = math.fsum(acceptance_bound(check.outcomes, look, q) for look in check.looks[:-1])
    return min(1.0, early + final_miss(check, q))


def power_bound(check: SequentialUniformity, q: Sequence[float]) -> float:
    """A lower bound on the chance of failing it, over the whole schedule of looks."""
    return 1.0 - pass_bound(check, q)


def uniform_false_failure_bound(check: SequentialUniformity) -> float:
    """Union bound over looks and outcomes, each term an exact binomial tail."""
    p = 1 / check.outcomes
    return math.fsum(check.outcomes * look.reject.outside_probability(look.samples, p) for look in check.looks)


def expected_samples_bound(check: SequentialUniformity, q: Sequence[float]) -> float:
    """An upper bound on the mean number of samples a wrong shuffle gets drawn:
    P(drawing past look k) <= P(not failed at look k) <= min_j P(count j inside R_k)."""
    looks = check.looks
    total = looks[0].samples
    for this, following in zip(looks, looks[1:]):
        stay = min(binomial_between(this.samples, qi, this.reject.low, this.reject.high) for qi in sorted(set(q)))
        total += (following.samples - this.samples) * stay
    return total


def design_uniformity(outcomes: int, sizes: Sequence[int], alphas: Sequence[float], accept_tail: float,
                      betas: Sequence[float], alternatives: Sequence[Sequence[float]],
                      pearson_cap: float) -> SequentialUniformity:
    """The check with these looks: rejection bands spending ``alphas`` (one per look), and
    before the last look an acceptance band holding ``accept_tail`` in each tail plus the
    largest bound on the spread (Pearson's statistic at most ``pearson_cap``) that keeps every
    alternative's chance of being accepted there at most ``betas[k]`` (no early pass at a look
    where even a perfectly even count would be too likely under some alternative).
    """
    p = 1 / outcomes
    looks = []
    for index, (n, alpha) in enumerate(zip(sizes, alphas)):
        reject = acceptance_band(n, p, alpha / outcomes)
        if index == len(sizes) - 1 or betas[index] <= 0:
            looks.append(Look(n, reject))
            continue
        accept = acceptance_band(n, p, 2 * accept_tail)

        def fine(spread: int) -> bool:
            look = Look(n, reject, accept, spread)
            return all(acceptance_bound(outcomes, look, q) <= betas[index] for q in alternatives)

        low = -(-n * n // outcomes)  # the smallest possible sum of squares: perfectly even counts
        high = math.floor((n * n + pearson_cap * n) / outcomes)
        if not fine(low):
            looks.append(Look(n, reject))
            continue
        while high - low > 1:
            middle = (low + high) // 2
            if fine(middle):
                low = middle
            else:
                high = middle
        looks.append(Look(n, reject, accept, high if fine(high) else low))
    return SequentialUniformity(outcomes, tuple(looks))


# ---------------------------------------------------------------------------------------------
# One rate: everything exact, by following the count from look to look.

@dataclass(frozen=True)
class RateFigures:
    """Exact probabilities of a sequential rate check when the true rate is ``rate``."""

    fail: float
    passes: float
    expected_samples: float


def rate_figures(check: SequentialRate, rate: float) -> RateFigures:
    """Follow the distribution of the count through the looks: at each look the mass outside
    the rejection band fails, the mass inside the acceptance band passes, the rest goes on."""
    going = [1.0]  # P(count = c and still drawing), before any sample
    drawn, failed, passed, expected = 0, 0.0, 0.0, 0.0
    for index, look in enumerate(check.looks):
        expected += (look.samples - drawn) * math.fsum(going)
        step = binomial_pmf(look.samples - drawn, rate)
        after = [0.0] * (len(going) + len(step) - 1)
        for c, mass in enumerate(going):
            if mass:
                for d, chance in enumerate(step):
                    after[c + d] += mass * chance
        drawn, going = look.samples, after
        last = index == len(check.looks) - 1
        for c, mass in enumerate(going):
            if c not in look.reject:
                failed += mass
                going[c] = 0.0
            elif last or (look.accept is not None and c in look.accept):
                passed += mass
                going[c] = 0.0
    return RateFigures(failed, passed, expected)


def design_rate(rate: float, sizes: Sequence[int], alphas: Sequence[float], betas: Sequence[float],
                wrong_rates: Sequence[float]) -> SequentialRate:
    """Rejection bands spending ``alphas``; before the last look, the widest acceptance band
    centred on the expected count whose chance under every wrong rate is at most ``betas[k]``."""
    looks = []
    for index, (n, alpha) in enumerate(zip(sizes, alphas)):
        reject = acceptance_band(n, rate, alpha)
        accept = None
        if index < len(sizes) - 1 and betas[index] > 0:
            centre = round(n * rate)
            width = -1
            while (centre - width - 1 >= reject.low and centre + width + 1 <= reject.high
                   and all(binomial_between(n, r, centre - width - 1, centre + width + 1) <= betas[index]
                           for r in wrong_rates)):
                width += 1
            accept = Band(centre - width, centre + width) if width >= 0 else None
        looks.append(Look(n, reject, accept))
    return SequentialRate(rate, tuple(looks))

