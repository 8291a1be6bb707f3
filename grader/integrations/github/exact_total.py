"""Scores for Classroom's reporter whose floating-point sum is exactly the grader's total.

The reporter (classroom-resources/autograding-grading-reporter, src/notify-classroom.js) starts
at 0 and adds every test's ``score`` of every runner whose ``max_score`` is not 0, in the order of
its ``runners`` input, as JavaScript numbers (IEEE doubles), then hands ``Points <sum>/<max>``
to Classroom. The grader's points are hundredths (grader/results/model.py), and most hundredths have no
exact double: 0.67 + 0.67 + ... drifts, and Classroom shows ``160.00000000000003``.

So each grading step makes its running sum land on the double nearest to the exact decimal
total. Step *j* is told, through ``GRADER_TOTAL_BEFORE``, the exact total of the steps before it
(the ``total`` output of the previous step, a decimal such as ``33.67``). By induction the
reporter's sum before step *j* is the double nearest that decimal. Step *j* keeps every score as
it is except the last non-zero one, which it sets to the double that makes the sum land exactly
on the double nearest to (total before + this step's points): at most a few units in the last
place away from the true score, invisible at the two decimals anyone reads, and the total
Classroom records is the grader's, to the last digit.

Steps with ``max_score`` 0 are skipped by the reporter, so they pass the total on unchanged.
"""

import math

TOTAL_VARIABLE = "GRADER_TOTAL_BEFORE"
MAX_NUDGES = 64  # a correct landing needs one or two; more means a bug, never an endless loop


def cents(points: float) -> int:
    """Points (hundredths, as the grader rounds them) as a whole number of hundredths."""
    return round(points * 100)


def parse_total(text: str | None) -> tuple[int, float]:
    """The previous step's ``total`` output: the exact total in hundredths, and the double the
    reporter's sum holds after that step (``"3367 33.67"``). (0, 0.0) for the first step, or for
    a value that is not ours (a workflow written before this output existed)."""
    try:
        whole, reached = (text or "").split()
        return int(whole), float(reached)
    except ValueError:
        return 0, 0.0


def format_total(hundredths: int, reached: float) -> str:
    """What ``parse_total`` reads back; ``repr`` of a double reads back as the same double."""
    return f"{hundredths} {reached!r}"


def js_sum(start: float, scores: list[float]) -> float:
    """What the reporter's ``acc.totalPoints += score`` loop ends on: left to right, in doubles."""
    total = start
    for score in scores:
        total += score
    return total


def landed_scores(scores: list[float], before: int, start: float) -> tuple[list[float], int, float]:
    """``scores`` adjusted by a few units in the last place so that adding them, in order, to
    ``start`` (the reporter's sum so far) ends on the double nearest the exact new total; that
    total in hundredths, and the double the sum really ends on (the target, but for a step of
    a single test where no double lands there: the next step then makes up for it)."""
    after = before + sum(cents(score) for score in scores)
    target = after / 100  # int / int is correctly rounded in Python
    nonzero = [index for index, score in enumerate(scores) if cents(score) != 0]
    if not nonzero:
        return list(scores), after, js_sum(start, scores)
    last = nonzero[-1]
    landed = _land(scores, last, start, target)
    if landed is None:
        # One addend can miss: the exact sum may fall halfway between two doubles. Moving
        # another score by a unit of the target's last place shifts the sum off that tie.
        unit = math.ulp(target)
        tries = ([*scores[:j], scores[j] + k * unit / 2, *scores[j + 1:]]
                 for j in range(len(scores)) if j != last for k in (1, -1, 2, -2))
        landed = next((found for trial in tries if (found := _land(trial, last, start, target)) is not None), None)
    if landed is None:
        landed = list(scores)
    return landed, after, js_sum(start, landed)


def _land(scores: list[float], last: int, start: float, target: float) -> list[float] | None:
    """``scores`` with ``scores[last]`` chosen so that the whole sum is ``target``; None if no
    double does it."""
    landed = list(scores)
    prefix = js_sum(start, landed[:last])
    value = target - prefix
    for _ in range(MAX_NUDGES):
        landed[last] = value
        reached = js_sum(start, landed)
        if reached == target:
            return landed
        value = math.nextafter(value, math.inf if reached < target else -math.inf)
    return None
