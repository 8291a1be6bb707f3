"""The sequential checks run on simulated counts: many gradings of a correct shuffle and of each
named wrong one, drawn from the multinomial (binomial for flip) rather than through the sandbox.

This is the evidence beside the proofs of test_sequential.py: the simulated decisions are the
grader's own (``run_uniformity`` is checked against ``SequentialUniformity.judge``), a correct
shuffle practically never fails, each wrong one is failed as often as the bounds promise, and
the simulated figures on docs/statistics.md (the mean samples of a correct shuffle, where it
stops) are what the simulation gives. Seeds are fixed: the test is the same on every run.
"""

import math
import zlib

import numpy as np
import pytest
from grader_labs.elevens.shuffle_checks import FLIP_CHECK, ORDER_CHECK, ORDER_SAMPLES
from grader_labs.elevens.shuffle_models import FLIP_MODELS, FLIP_RATE

from grader.checks.sequential import FAIL, MORE, PASS, pass_bound, rate_figures
from tests.statistics import doc
from tests.statistics.simulate import run_rate, run_uniformity, uniformity_paths
from tests.statistics.test_sequential import ALTERNATIVES, HARDEST, ONE_ORDER, UNIFORM

SIZES = [look.samples for look in ORDER_CHECK.looks]
CORRECT_RUNS = 200_000
WRONG_RUNS = 20_000


@pytest.fixture(scope="module")
def correct_runs():
    return run_uniformity(ORDER_CHECK, UNIFORM, CORRECT_RUNS, seed=20240611)


def close_to(simulated: float, stated: float, standard_error: float, unit: float) -> bool:
    """Within 5 standard errors, plus the rounding of the stated figure."""
    return abs(simulated - stated) <= 5 * standard_error + unit / 2


def test_the_simulation_decides_as_the_grader_does():
    for q, seed in ((UNIFORM, 1), (ALTERNATIVES[HARDEST], 2), (ALTERNATIVES["swap with any index: r from 0..n-1"], 3)):
        paths = uniformity_paths(ORDER_CHECK, q, 1500, seed)
        runs = run_uniformity(ORDER_CHECK, q, len(paths), seed, paths=paths)
        for path, samples, failed in zip(paths, runs.samples, runs.failed):
            for index, look in enumerate(ORDER_CHECK.looks):
                verdict = ORDER_CHECK.judge(index, [int(c) for c in path[index]])
                if verdict != MORE:
                    break
            assert (look.samples, verdict) == (samples, FAIL if failed else PASS)


def test_a_correct_shuffle_practically_never_fails(correct_runs):
    # At most 1e-6 per grading: 200,000 gradings fail none, or very rarely one or two.
    assert correct_runs.failed.sum() <= 2


def test_the_simulated_figures_for_a_correct_shuffle_are_the_pages(correct_runs):
    samples = correct_runs.samples
    rows = {row["a correct shuffle"]: row["figure"] for row in doc.table("a correct shuffle")}
    mean = samples.mean()
    assert close_to(mean, doc.number(rows["mean samples (simulated, 1,000,000 gradings)"]),
                    samples.std() / math.sqrt(len(samples)), 1)
    assert np.median(samples) == doc.number(rows["median samples"])
    assert np.percentile(samples, 99) == doc.number(rows["99th percentile of samples"])
    shares = correct_runs.stopped_at(SIZES)
    for row, share in zip(doc.table("look"), shares):
        stated = doc.number(row["a correct shuffle stops here (simulated)"])
        digits = row["a correct shuffle stops here (simulated)"].rstrip("%").split(".")
        unit = 10 ** -(len(digits[1]) if len(digits) > 1 else 0) / 100
        assert close_to(share, stated, math.sqrt(max(stated * (1 - stated), 1e-6) / CORRECT_RUNS), unit), (row, share)
    # The prose says the same as the table.
    text = doc.text()
    stated_mean = doc.number(rows["mean samples (simulated, 1,000,000 gradings)"])
    assert f"{ORDER_SAMPLES / stated_mean:.1f} times fewer on average" in text
    last_share = doc.number(doc.table("look")[-1]["a correct shuffle stops here (simulated)"])
    assert f"one in {round(1 / last_share, -3):,.0f} gradings" in text


@pytest.mark.parametrize("model", [*ALTERNATIVES, "reseeding"])
def test_each_named_wrong_shuffle_is_failed_as_often_as_its_bound_says(model):
    q = ONE_ORDER if model == "reseeding" else ALTERNATIVES[model]
    runs = run_uniformity(ORDER_CHECK, q, WRONG_RUNS, seed=zlib.crc32(model.encode()))
    bound = pass_bound(ORDER_CHECK, q)
    # Passes are at most the bound (under 1e-3) up to chance: 20,000 gradings at 1e-3 pass 20
    # on average, and more than 45 with probability under 1e-6; a bound of 0 means none.
    assert runs.passed.sum() <= (45 if bound > 0 else 0)
    label = "reseeding on every call" if model == "reseeding" else model.split(":")[0]
    row = next(r for r in doc.table("wrong version") if r["wrong version"] == label)
    samples = runs.samples
    stated = doc.number(row["mean samples (simulated)"])
    assert close_to(samples.mean(), stated, samples.std() / math.sqrt(len(samples)) + 1e-9, 1)
    assert samples.max() <= ORDER_CHECK.most_samples


def test_the_flip_check_simulated_agrees_with_its_exact_figures():
    for rate, runs_count in [(FLIP_RATE, 1_000_000), *[(r, 100_000) for r in FLIP_MODELS.values()]]:
        runs = run_rate(FLIP_CHECK, rate, runs_count, seed=int(rate * 1000) + 1)
        exact = rate_figures(FLIP_CHECK, rate)
        failed = runs.failed.mean()
        assert close_to(failed, exact.fail, math.sqrt(max(exact.fail * (1 - exact.fail), 1e-7) / runs_count), 0)
        assert close_to(runs.samples.mean(), exact.expected_samples, runs.samples.std() / math.sqrt(runs_count) + 1e-9, 0)
