"""Many gradings of the sequential checks at once, from counts drawn straight from the
multinomial (binomial for a rate) instead of through the sandbox: what the checks would decide
for a shuffle with these outcome probabilities, over many seeds.

numpy comes with the dev extras (through scipy).
"""

from dataclasses import dataclass

import numpy as np

from grader.checks.sequential import SequentialRate, SequentialUniformity


@dataclass
class Runs:
    samples: np.ndarray  # samples drawn in each grading
    failed: np.ndarray   # bool: the grading failed the shuffle

    @property
    def passed(self) -> np.ndarray:
        return ~self.failed

    def stopped_at(self, sizes: list[int]) -> np.ndarray:
        """The share of gradings that stopped at each look."""
        return np.bincount(np.searchsorted(sizes, self.samples), minlength=len(sizes)) / len(self.samples)


def uniformity_paths(check: SequentialUniformity, q, runs: int, seed: int) -> np.ndarray:
    """The counts at every look of ``runs`` gradings that never stop (runs x looks x outcomes)."""
    rng = np.random.default_rng(seed)
    sizes = np.diff([0] + [look.samples for look in check.looks])
    steps = np.stack([rng.multinomial(size, np.asarray(q, dtype=float) / np.sum(q), size=runs) for size in sizes], axis=1)
    return np.cumsum(steps, axis=1)


def run_uniformity(check: SequentialUniformity, q, runs: int, seed: int, paths: np.ndarray | None = None) -> Runs:
    """``paths`` (from ``uniformity_paths``) replaces the draws, to compare with ``check.judge``."""
    rng = np.random.default_rng(seed)
    q = np.asarray(q, dtype=float) / np.sum(q)
    counts = np.zeros((runs, check.outcomes), dtype=np.int64)
    going = np.ones(runs, dtype=bool)
    samples = np.zeros(runs, dtype=np.int64)
    failed = np.zeros(runs, dtype=bool)
    drawn = 0
    last = len(check.looks) - 1
    for index, look in enumerate(check.looks):
        rows = np.flatnonzero(going)
        if paths is None:
            counts[rows] += rng.multinomial(look.samples - drawn, q, size=len(rows))
        else:
            counts[rows] = paths[rows, index]
        drawn = look.samples
        c = counts[rows]
        bad = ((c < look.reject.low) | (c > look.reject.high)).any(axis=1)
        if index == last:
            good = ~bad
        elif look.accept is not None:
            good = (~bad & ((c >= look.accept.low) & (c <= look.accept.high)).all(axis=1)
                    & ((c * c).sum(axis=1) <= look.spread))
        else:
            good = np.zeros(len(rows), dtype=bool)
        stop = bad | good
        failed[rows[bad]] = True
        samples[rows[stop]] = look.samples
        going[rows[stop]] = False
    return Runs(samples, failed)


def run_rate(check: SequentialRate, rate: float, runs: int, seed: int) -> Runs:
    rng = np.random.default_rng(seed)
    count = np.zeros(runs, dtype=np.int64)
    going = np.ones(runs, dtype=bool)
    samples = np.zeros(runs, dtype=np.int64)
    failed = np.zeros(runs, dtype=bool)
    drawn = 0
    last = len(check.looks) - 1
    for index, look in enumerate(check.looks):
        rows = np.flatnonzero(going)
        count[rows] += rng.binomial(look.samples - drawn, rate, size=len(rows))
        drawn = look.samples
        c = count[rows]
        bad = (c < look.reject.low) | (c > look.reject.high)
        if index == last:
            good = ~bad
        elif look.accept is not None:
            good = ~bad & (c >= look.accept.low) & (c <= look.accept.high)
        else:
            good = np.zeros(len(rows), dtype=bool)
        stop = bad | good
        failed[rows[bad]] = True
        samples[rows[stop]] = look.samples
        going[rows[stop]] = False
    return Runs(samples, failed)
