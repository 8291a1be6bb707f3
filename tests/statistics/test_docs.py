"""Every exact figure in docs/statistics.md, recomputed (the simulated ones: test_simulation.py)."""

import math
from fractions import Fraction

import pytest
from grader_labs.elevens.shuffle_checks import (
    DECK_SHUFFLES,
    FLIP_CHECK,
    FLIP_DESIGN,
    ORDER_CHECK,
    ORDER_DESIGN,
    KEEP_CALLS,
    MOVE_MIN_ITEMS,
    ORDER_SAMPLES,
    stay_bound,
)
from grader_labs.elevens.shuffle_models import (
    FLIP_MODELS,
    FLIP_RATE,
    order_probabilities,
    wrong_models,
)

from grader.checks.sequential import (
    acceptance_bound,
    expected_samples_bound,
    final_miss,
    pass_bound,
    rate_figures,
    uniform_false_failure_bound,
)
from grader.checks.statistics import UniformityCheck
from tests.statistics import doc
from tests.statistics.test_sequential import ALTERNATIVES, HARDEST, ONE_ORDER

ORDER_ROWS = "look"
WRONG_ROWS = "wrong version"
# The page's names for the wrong versions are the models' names up to the colon.
LABELS = {name.split(":")[0]: name for name in wrong_models()}
RESEEDING = "reseeding on every call"


def band(b) -> str:
    return f"{b.low} to {b.high}"


def test_the_order_looks_table():
    rows = doc.table(ORDER_ROWS)  # the first "look" table is the orders'; the flip's comes later
    assert [row["samples in all"] for row in rows] == [f"{look.samples:,}" for look in ORDER_CHECK.looks]
    q = ALTERNATIVES[HARDEST]
    for number, (row, look) in enumerate(zip(rows, ORDER_CHECK.looks), start=1):
        assert row["look"] == str(number)
        assert row["fails if an order's count is outside"] == band(look.reject)
        if look.accept is None:
            assert row["passes early if every count is within"] == "never passes early"
            assert row["and Pearson's statistic is at most"] == ""
        else:
            assert row["passes early if every count is within"] == band(look.accept)
            assert row["and Pearson's statistic is at most"] == f"{look.pearson_limit(24):.1f}"
        last = number == len(ORDER_CHECK.looks)
        chance = final_miss(ORDER_CHECK, q) if last else acceptance_bound(24, look, q)
        assert row["the hardest named mistake passes here (bound)"] == doc.sci(chance)


def test_the_order_budgets_stated_in_prose():
    text = doc.text()
    alphas = ORDER_DESIGN["alphas"]
    assert alphas[:-1] == (2e-7 / 11,) * 11 and alphas[-1] == 8e-7 and len(ORDER_CHECK.looks) == 12
    assert "α_k =\n2 × 10⁻⁷ / 11 at each of the 11 looks before the last and 8 × 10⁻⁷ at the last" in text
    assert f"Σ β_k = {math.fsum(ORDER_DESIGN['betas']) / 1e-4:.2f} × 10⁻⁴" in text
    assert ORDER_DESIGN["pearson_cap"] == 50 and "the largest c_k (at most 50)" in text
    assert ORDER_DESIGN["accept_tail"] == 1e-4 and "hold 10⁻⁴ of a fair shuffle's count in each\ntail" in text
    # "the smallest multiple of 100 that keeps the total under 10⁻³": checked in test_sequential
    # (1% fewer falls short) and here for the round number.
    assert ORDER_CHECK.most_samples % 100 == 0


def test_the_correct_shuffle_table_exact_rows():
    rows = {row["a correct shuffle"]: row["figure"] for row in doc.table("a correct shuffle")}
    assert rows["false failure (bound)"] == doc.sci(uniform_false_failure_bound(ORDER_CHECK))
    assert rows["most samples (the last look)"] == f"{ORDER_CHECK.most_samples:,}"
    text = doc.text()
    assert f"drew {ORDER_SAMPLES:,} samples every time" in text
    assert f"draws {ORDER_CHECK.most_samples - ORDER_SAMPLES} more" in text


def test_the_power_table():
    rows = doc.table(WRONG_ROWS)
    named = {row[WRONG_ROWS] for row in rows}
    assert named == set(LABELS) | {RESEEDING}, "every named wrong shuffle has a row, and only those"
    for row in rows:
        q = ONE_ORDER if row[WRONG_ROWS] == RESEEDING else order_probabilities(LABELS[row[WRONG_ROWS]], 4)
        early = math.fsum(acceptance_bound(24, look, q) for look in ORDER_CHECK.looks[:-1])
        assert row["passed early (bound)"] == doc.sci(early)
        assert row["no order leaves the last band (bound)"] == doc.sci(final_miss(ORDER_CHECK, q))
        power = row["power (lower bound)"].replace("*", "")
        assert power.startswith(doc.chance_of_failing(pass_bound(ORDER_CHECK, q)))
        assert row["mean samples (bound)"] == f"{expected_samples_bound(ORDER_CHECK, q):,.0f}"


def test_the_fixed_size_check_the_diagnosis_uses():
    check = UniformityCheck(24, ORDER_SAMPLES)
    assert (f"each count between {check.band.low} and {check.band.high},\n"
            f"false failure at most {doc.sci(check.false_failure_bound())}") in doc.text()


def test_the_flip_looks_table():
    orders, flip_rows = doc.tables("look")  # the orders' table comes first
    assert "samples in all" in orders[0] and "flips in all" in flip_rows[0]
    assert [row["flips in all"] for row in flip_rows] == [str(look.samples) for look in FLIP_CHECK.looks]
    for row, look in zip(flip_rows, FLIP_CHECK.looks):
        assert row["fails if heads are outside"] == band(look.reject)
        assert row["passes early if heads are within"] == (band(look.accept) if look.accept else "never passes early")
    text = doc.text()
    assert FLIP_DESIGN["alphas"] == (2e-7 / 8,) * 8 + (8e-7,)
    assert "α = 2 × 10⁻⁷ / 8 at each look before the last and 8 × 10⁻⁷ at the last" in text
    assert f"(Σ β_k = {math.fsum(FLIP_DESIGN['betas']) / 1e-4:.1f} × 10⁻⁴)" in text
    assert FLIP_CHECK.most_samples % 10 == 0 and f"At most {FLIP_CHECK.most_samples} flips are drawn" in text


def test_the_flip_figures_table():
    rows = {row["version"]: row for row in doc.table("version")}
    correct = rate_figures(FLIP_CHECK, FLIP_RATE)
    assert rows["correct"]["fails (exact)"] == f"{doc.sci(correct.fail)} (the false failure)"
    assert rows["correct"]["mean flips (exact)"] == f"{correct.expected_samples:.1f}"
    for name, rate in FLIP_MODELS.items():
        row = rows[name.split(":")[0]]
        figures = rate_figures(FLIP_CHECK, rate)
        assert row["fails (exact)"].replace("*", "").startswith(doc.chance_of_failing(figures.passes))
        assert row["mean flips (exact)"] == f"{figures.expected_samples:.1f}"
    assert set(rows) == {"correct"} | {name.split(":")[0] for name in FLIP_MODELS}


@pytest.mark.parametrize("heading", ["look", "wrong version", "a correct shuffle", "version"])
def test_the_page_has_each_table(heading):
    assert doc.table(heading)


def test_the_every_place_changes_table():
    rows = {row["shuffle check"]: row for row in doc.table("shuffle check")}
    a3 = math.fsum(float(stay_bound(length, KEEP_CALLS)) for length in [*range(53), 300])
    assert rows["`selection_shuffle` moves every place (A3)"]["false failure (bound)"] == doc.sci(a3)
    assert rows["`selection_shuffle` moves every place (A3)"]["calls on each"] == str(KEEP_CALLS)
    assert rows["`Deck.shuffle` moves every card (A4)"]["false failure (bound)"] == doc.sci(float(stay_bound(52, DECK_SHUFFLES)))
    assert rows["`Deck.shuffle` moves every card (A4)"]["calls on each"] == str(DECK_SHUFFLES)
    assert rows["`Deck.shuffle` moves every card of 300 (A4)"]["false failure (bound)"] == doc.sci(float(stay_bound(300, DECK_SHUFFLES)))
    assert rows["a new deck comes shuffled (A4)"]["false failure (bound)"] == doc.sci(1 / math.factorial(52))
    assert MOVE_MIN_ITEMS == 3 and "Lists of fewer than 3 items are not judged this way." in doc.text()
    assert a3 <= 1e-6 and stay_bound(52, DECK_SHUFFLES) <= Fraction(1, 10**6)
    # The bound is the union over places of a fair shuffle keeping one place's item every time.
    assert stay_bound(4, 3) == 4 * Fraction(1, 4) ** 3 and stay_bound(2, KEEP_CALLS) == 0
