"""The class page's histogram of totals, as inline SVG (no script, no image file, prints well).

Totals are binned by tenths of the maximum: 0-9 %, 10-19 %, ... 90-100 % (full marks fall in
the last bar). Only complete totals count: an unusable submission has none, and a submission
the grader failed on has an incomplete one; the caption says how many were left out and why,
so a bar never quietly holds a fake zero.
"""

from statistics import median

from grader.reporters.html.markup import Markup, el
from grader.reporters.html.parts import percent
from grader.reporters.wording import plural, points
from grader.results.model import ClassResults, SubmissionResult

BINS = 10
WIDTH, HEIGHT = 360, 176
LEFT, RIGHT, TOP, BOTTOM = 12, 348, 18, 150


def complete(results: ClassResults) -> list[SubmissionResult]:
    """The submissions whose total is a real total: graded to the end, with points to earn."""
    return [s for s in results.submissions if s.status == "graded" and s.max > 0]


def histogram_bins(results: ClassResults) -> list[int]:
    """How many complete totals fall in each tenth of the maximum."""
    counts = [0] * BINS
    for sub in complete(results):
        ratio = min(max(sub.total / sub.max, 0.0), 1.0)
        counts[min(int(ratio * BINS + 1e-9), BINS - 1)] += 1
    return counts


def histogram(results: ClassResults) -> Markup:
    """A ``figure``: the bars, their counts, the axis in percent, and a caption in words."""
    counts = histogram_bins(results)
    tallest = max(counts) or 1
    step = (RIGHT - LEFT) / BINS
    shapes = [el("line", x1=LEFT, y1=BOTTOM, x2=RIGHT, y2=BOTTOM, class_="axis")]
    for index, count in enumerate(counts):
        low, high = index * 100 // BINS, (index + 1) * 100 // BINS - (0 if index == BINS - 1 else 1)
        height = round((BOTTOM - TOP) * count / tallest, 1)
        x = round(LEFT + index * step + 1.5, 1)
        shapes.append(el("rect", el("title", f"{low}–{high}%: {plural(count, 'student')}"), class_="bar",
                         x=x, y=round(BOTTOM - height, 1), width=round(step - 3, 1), height=height,
                         data_bin=index, data_count=count))
        if count:
            shapes.append(el("text", count, x=round(x + (step - 3) / 2, 1), y=round(BOTTOM - height - 4, 1),
                             text_anchor="middle"))
    for index in range(0, BINS + 1, 2):
        shapes.append(el("text", f"{index * 100 // BINS}%", x=round(LEFT + index * step, 1), y=BOTTOM + 16,
                         text_anchor="middle"))
    svg = el("svg", el("title", "Totals, in tenths of the maximum"), *shapes, class_="histogram",
             viewBox=f"0 0 {WIDTH} {HEIGHT}", role="img", aria_label=_caption(results))
    return el("figure", svg, el("figcaption", _caption(results)))


def _caption(results: ClassResults) -> str:
    shown = complete(results)
    if not shown:
        words = "No complete total yet."
    else:
        maximum = max(s.max for s in shown)
        middle = median(s.total / s.max for s in shown)
        words = (f"Totals of {plural(len(shown), 'student')}, in tenths of the maximum ({points(maximum)} points). "
                 f"Median: {percent(middle, 1.0)}.")
    left_out = []
    unusable = sum(s.status == "unusable" for s in results.submissions)
    incomplete = sum(s.status == "grader_error" for s in results.submissions)
    if unusable:
        left_out.append(f"{unusable} could not be graded")
    if incomplete:
        left_out.append(f"{incomplete} incomplete because the grader failed")
    return words + (f" Not counted: {', '.join(left_out)}." if left_out else "")
