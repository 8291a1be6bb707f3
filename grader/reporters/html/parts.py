"""Pieces both HTML pages share: heat-map cells, their legend, status words and links.

One function decides how an activity looks (``activity_cell``), so the class heat-map, a
student's own table and the legend that explains them can never disagree.
"""

from urllib.parse import quote

from grader.reporters.html.markup import Markup, el, join
from grader.reporters.wording import ACTIVITY_WORDS, plural, points, score_of
from grader.results import ActivityResult

# What a test's outcome looks like in a list (as in report.md).
# (No clock for a timeout, unlike report.md: too many fonts lack one; the words say "took too long".)
SYMBOL = {"passed": "✓", "failed": "✗", "error": "✗", "timeout": "✗", "skipped": "–", "grader_error": "!"}

# How an activity with no score of the student's making is drawn, and what the legend says.
MARK = {"missing": "–", "not_loaded": "✗", "grader_error": "!", "waiting": "…"}
MARK_WORDS = {
    "missing": "not handed in (0 points)",
    "not_loaded": "handed in but did not load (0 points)",
    "grader_error": "the grader failed: no score yet, not the student's fault",
    "waiting": "not checked yet: waits for another activity to pass (student kit)",
}


def heat_step(score: float, maximum: float) -> int:
    """0 to 10: the tenth of the maximum the score reached (10 only for full marks)."""
    if maximum <= 0:
        return 10
    ratio = min(max(score / maximum, 0.0), 1.0)
    return 10 if ratio >= 1 else min(int(ratio * 10), 9)


def percent(score: float, maximum: float) -> str:
    """``66%``, rounded down so that a near miss never shows as 100%."""
    if maximum <= 0:
        return "–"
    return f"{int(min(score / maximum, 1.0) * 100 + 1e-9)}%"


def activity_class(activity: ActivityResult) -> str:
    """The CSS class of an activity's cell: a heat step, or its status when it has no score."""
    if activity.status in MARK:
        return f"st-{activity.status}"
    return f"h{heat_step(activity.score, activity.max)}"


def activity_mark(activity: ActivityResult) -> str:
    """What an activity's cell shows: its score, or the status mark."""
    return MARK.get(activity.status, points(activity.score))


def activity_words(activity: ActivityResult) -> str:
    """``4 of 5 tests passed``, or what its status means (wording.ACTIVITY_WORDS)."""
    words = ACTIVITY_WORDS.get(activity.status, activity.status)
    graded = [t for t in activity.tests if not t.advisory]
    if activity.status == "graded" and graded:
        words = f"{sum(t.outcome == 'passed' for t in graded)} of {plural(len(graded), 'test')} passed"
    return f"bonus, {words}" if activity.bonus else words


def activity_cell(activity: ActivityResult, *, bonus_column: bool = False, label: str = "", **attributes: object) -> Markup:
    """A heat-map ``td``: coloured by score / max, with the number (or mark) and a tooltip."""
    classes = ["cell", activity_class(activity)] + (["bonus"] if bonus_column else [])
    tooltip = f"{activity.id} {activity.title}: {score_of(activity.score, activity.max)}, {activity_words(activity)}"
    sort_key = "" if activity.status == "grader_error" else points(activity.score)
    return el("td", activity_mark(activity), class_=" ".join(classes), title=tooltip,
              data_sort=sort_key, data_label=label or activity.id, **attributes)


def legend() -> Markup:
    """What the heat-map's colours and marks mean."""
    ramp = el("span", [el("span", class_=f"h{step}") for step in range(11)], class_="ramp", aria_hidden="true")
    items = [el("li", ramp, "score / max, from 0 (red) to full marks (dark blue)")]
    for status, words in MARK_WORDS.items():
        items.append(el("li", el("span", MARK[status], class_=f"swatch st-{status}"), words))
    items.append(el("li", "Bonus activities come after the total: counted apart, never in it."))
    return el("ul", items, class_="legend", aria_label="legend")


def report_href(submission_id: str) -> str:
    """The link from index.html to a student's report.html: the id is a folder name, any character."""
    return f"{quote(submission_id, safe='')}/report.html"


def heading(kicker: str, title: str) -> Markup:
    return join(el("p", kicker, class_="kicker"), el("h1", title))
