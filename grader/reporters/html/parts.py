"""Pieces both HTML pages share: heat-map cells, their legend, status words and links.

One function decides how an activity looks (``activity_cell``), so the class heat-map, a
student's own table and the legend that explains them can never disagree.
"""

from collections.abc import Iterable
from urllib.parse import quote

from grader.reporters.html.markup import Markup, el, join
from grader.reporters.wording import points, score_of, status_words
from grader.results.model import ActivityResult

# What a test's outcome looks like in a list (as in report.md).
# (No clock for a timeout, unlike report.md: too many fonts lack one; the words say "took too long".)
SYMBOL = {"passed": "✓", "failed": "✗", "error": "✗", "timeout": "✗", "skipped": "–", "grader_error": "!"}

# How an activity with no score of the student's making is drawn, and what the legend says.
MARK = {"missing": "–", "not_started": "○", "not_loaded": "✗", "grader_error": "!", "waiting": "…"}
MARK_WORDS = {
    "missing": "not handed in (0 points)",
    "not_started": "not started: only the starter code, unchanged (0 points)",
    "not_loaded": "handed in but did not load (0 points)",
    "grader_error": "the grader failed: no score yet, not the student's fault",
    "waiting": "not checked yet: waits for another activity to pass (student kit)",
}
# Marks after a score: what a teacher should know about how it was earned (one each, in this order).
SUFFIX = {"timed_out": "↻", "misnamed": "*"}
SUFFIX_WORDS = {
    "timed_out": "after a score: a test ran out of time (an endless loop, most often)",
    "misnamed": "after a score: a file's name differed from the lab's only by letter case, _ or -, and it was graded under the lab's name",
}


def suffixes(activity: ActivityResult) -> str:
    """The marks after an activity's score (SUFFIX): ``↻*`` for a misnamed file that looped."""
    if activity.status != "graded":
        return ""
    return (SUFFIX["timed_out"] if activity.timed_out else "") + (SUFFIX["misnamed"] if activity.renamed else "")


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
    """What an activity's cell shows: its score and its marks (SUFFIX), or the status mark."""
    return MARK.get(activity.status, points(activity.score) + suffixes(activity))


def activity_words(activity: ActivityResult) -> str:
    """``4 of 5 tests passed, file named Widget.py``, or what its status means (wording.status_words)."""
    return status_words(activity)


def activity_cell(activity: ActivityResult, *, bonus_column: bool = False, label: str = "", **attributes: object) -> Markup:
    """A heat-map ``td``: coloured by score / max, with the number (or mark) and a tooltip."""
    classes = ["cell", activity_class(activity)] + (["bonus"] if bonus_column else [])
    tooltip = f"{activity.id} {activity.title}: {score_of(activity.score, activity.max)}, {activity_words(activity)}"
    sort_key = "" if activity.status == "grader_error" else points(activity.score)
    return el("td", activity_mark(activity), class_=" ".join(classes), title=tooltip,
              data_sort=sort_key, data_label=label or activity.id, **attributes)


def legend(activities: Iterable[ActivityResult] = ()) -> Markup:
    """What the heat-map's colours and marks mean: the ramp, and each mark these activities use."""
    ramp = el("span", [el("span", class_=f"h{step}") for step in range(11)], class_="ramp", aria_hidden="true")
    items = [el("li", ramp, "score / max, from 0 (red) to full marks (dark blue)")]
    activities = list(activities)
    used = {a.status for a in activities if a.status in MARK}
    used |= {state for a in activities for state, mark in SUFFIX.items() if mark in suffixes(a)}
    for status, words in MARK_WORDS.items():
        if status in used:
            items.append(el("li", el("span", MARK[status], class_=f"swatch st-{status}"), words))
    for state, words in SUFFIX_WORDS.items():
        if state in used:
            items.append(el("li", el("span", SUFFIX[state], class_="swatch"), words))
    items.append(el("li", "Bonus activities come after the total: counted apart, never in it."))
    return el("ul", items, class_="legend", aria_label="legend")


def report_href(submission_id: str) -> str:
    """The link from index.html to a student's report.html: the id is a folder name, any character."""
    return f"{quote(submission_id, safe='')}/report.html"


def heading(kicker: str, title: str) -> Markup:
    return join(el("p", kicker, class_="kicker"), el("h1", title))
