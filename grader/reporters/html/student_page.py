"""<id>/report.html: one student's results, what went wrong first, as a page to look at.

The same content and order as report.md (markdown_report.py), with the same words (wording.py):
a banner when the submission could not be graded or the grader failed on it; the score with the
bonus apart; a row per activity, coloured as in the class heat-map; then what went wrong (each
failed test with its message, where in the student's own file it broke, what the code printed,
its seed and the command that replays it), "going further" (advisory checks), and what passed.

Hidden tests are named and marked, as in report.md: the page is the teacher's, written so it
can be handed to the student as it is. It has no script at all.
"""

from pathlib import Path

from grader.intake.names import report_folder
from grader.reporters.atomic import write_atomically
from grader.reporters.handed_in import handed_in_lines
from grader.reporters.hookspecs import OutputFormat, hookimpl
from grader.reporters.html.markup import Markup, el, join, page
from grader.reporters.html.parts import (
    SYMBOL,
    activity_class,
    activity_mark,
    activity_words,
    heading,
    percent,
)
from grader.reporters.grouping import FailureGroup, group_failures
from grader.reporters.wording import (
    ACTIVITY_WORDS,
    GRADER_ERROR_HEADLINE,
    UNUSABLE_HEADLINE,
    advisory_worth,
    alike_worth,
    base_name,
    in_students_words,
    not_there,
    optional_and_missing,
    outcome_words,
    plural,
    points,
    run_worth,
    score_of,
)
from grader.results.model import ActivityResult, ClassResults, SubmissionResult, TestResult


@in_students_words
def student_page(sub: SubmissionResult, title: str = "Report") -> str:
    """The whole report.html of one submission."""
    body = [heading(f"{title} · report", sub.id), _handed_in(sub), _banner(sub)]
    if sub.status != "unusable":
        body.append(_scores(sub))
    if sub.activities:
        body += [_overview(sub), _what_went_wrong(sub), _going_further(sub), _what_passed(sub)]
    return page(f"{title}: {sub.id}", body)


def _handed_in(sub: SubmissionResult) -> Markup:
    """Who handed it in, when, and lateness (reporters/handed_in.py), when it came from an LMS."""
    lines = handed_in_lines(sub)
    return el("ul", [el("li", line) for line in lines], class_="handed-in") if lines else Markup("")


def _banner(sub: SubmissionResult) -> Markup:
    said = el("pre", "\n".join(sub.messages)) if sub.messages else Markup("")
    if sub.status == "unusable":
        return el("div", el("strong", UNUSABLE_HEADLINE), el("pre", "\n".join(sub.messages) or "(no reason given)"),
                  el("p", "Nothing in it was graded. Fix the problem (for example, make the zip again from the folder "
                          "with the .py files) and hand it in again."), class_="banner", role="alert")
    if sub.status == "grader_error":
        return el("div", el("strong", GRADER_ERROR_HEADLINE),
                  el("p", "Grade it again; if the grader fails again, please report it with the log."),
                  el("p", "What the grader said:") if sub.messages else None, said, class_="banner grader", role="alert")
    return join(el("p", "Notes from the grader:"), said) if sub.messages else Markup("")


def _scores(sub: SubmissionResult) -> Markup:
    label = "Score so far (incomplete)" if sub.status == "grader_error" else "Score"
    parts = [el("div", el("span", label, class_="label"),
                el("span", score_of(sub.total, sub.max), class_="big", data_total=points(sub.total), data_max=points(sub.max)),
                el("meter", min=0, max=sub.max or 1, value=sub.total, low=round(sub.max / 2, 2), high=round(sub.max * 0.8, 2),
                   optimum=sub.max or 1, title=percent(sub.total, sub.max)),
                el("span", percent(sub.total, sub.max), class_="label"), class_="score")]
    if sub.bonus_max:
        parts.append(el("div", el("span", "Bonus, apart from the score", class_="label"),
                        el("span", score_of(sub.bonus, sub.bonus_max), class_="big", data_bonus=points(sub.bonus)),
                        class_="score bonus-score"))
    return el("div", parts, class_="scores")


def _overview(sub: SubmissionResult) -> Markup:
    rows = [el("tr", el("td", a.id, " ", a.title, data_label="Activity"),
               el("td", activity_mark(a), class_=f"cell {activity_class(a)}", data_label="Score",
                  title=score_of(a.score, a.max)),
               el("td", score_of(a.score, a.max), class_="num", data_label="Points"),
               el("td", activity_words(a), data_label="Status"), data_activity=a.id)
            for a in sub.activities]
    head = el("thead", el("tr", el("th", "Activity"), el("th", ""), el("th", "Points", class_="num"), el("th", "Status")))
    notes = [el("p", f"{a.id}: {plural(a.hidden_not_run, 'hidden test')} not run here; the teacher's grade can differ.",
                class_="muted") for a in sub.activities if a.hidden_not_run]
    return join(el("table", head, el("tbody", rows), class_="overview"), notes)


def _what_went_wrong(sub: SubmissionResult) -> Markup:
    """Problems in activity order; files not handed in come last, in one short list."""
    parts = []
    missing = [a for a in sub.activities if a.status == "missing" and not optional_and_missing(a)]
    unstarted = [a for a in sub.activities if a.status == "not_started"]
    for activity in sub.activities:
        if not (activity.status == "graded" or not_there(activity)) or (activity.status == "graded" and activity.note):
            parts.append(_activity_problem(activity))
        if activity.status in ("graded", "grader_error"):
            parts += [_group_details(activity, group) for group in
                      group_failures([t for t in activity.tests if not t.advisory and t.outcome != "passed"])]
    if missing:
        items = [el("li", el("span", "–", class_="sym"), f"{a.id} {a.title} (0 / {points(a.max)}): ",
                    a.note or "no file") for a in missing]
        parts.append(el("section", el("h3", "Not handed in"), el("ul", items, class_="plain"), class_="test"))
    if unstarted:
        items = [el("li", el("span", "○", class_="sym"), f"{a.id} {a.title} (0 / {points(a.max)}): ", a.note)
                 for a in unstarted]
        parts.append(el("section", el("h3", "Not started (only the starter code)"), el("ul", items, class_="plain"),
                        class_="test", id="not-started"))
    if not parts:
        parts.append(el("p", "Nothing: every test passed."))
    return el("section", el("h2", "What went wrong"), parts, id="wrong")


def _activity_problem(activity: ActivityResult) -> Markup:
    words = "" if activity.status == "graded" else f": {ACTIVITY_WORDS.get(activity.status, activity.status)}"
    could_not_run = (el("p", f"None of its {plural(len(activity.tests), 'test')} could run.")
                     if activity.status == "not_loaded" and activity.tests else None)
    return el("section", el("h3", f"{activity.id} {activity.title} ({score_of(activity.score, activity.max)}){words}"),
              el("pre", activity.note) if activity.note else None, could_not_run,
              class_="test grader" if activity.status == "grader_error" else "test")


def _test_details(activity: ActivityResult, test: TestResult, worth: str) -> Markup:
    hidden = [" ", el("span", "hidden test", class_="tag")] if test.visibility == "hidden" else []
    title = el("h3", el("span", SYMBOL.get(test.outcome, "?"), class_=f"sym {test.outcome}"), activity.id, " ",
               el("code", test.name), f" ({worth})", hidden)
    parts = [title, el("p", outcome_words(test.outcome), class_="what"),
             el("pre", test.message or "(no message)", class_="message")]
    if test.file:
        line = f", line {test.line}" if test.line is not None else ""
        parts.append(el("p", "Where it broke in the student's code: ", el("code", test.file), line, class_="where"))
    if test.output.strip():
        parts += [el("p", "What the code printed during this test:"), el("pre", test.output, class_="output")]
    if test.replay:
        parts += [el("p", "Run this test again on its own:"), el("pre", el("code", test.replay), class_="replay")]
    kind = "advisory" if test.advisory else "grader" if test.outcome == "grader_error" else ""
    return el("section", parts, class_=f"test {kind}".strip(), data_test=test.name, data_outcome=test.outcome)


def _group_details(activity: ActivityResult, group: FailureGroup) -> Markup:
    """A failed test in full, then one line for the tests that failed the same way."""
    details = _test_details(activity, group.first, run_worth(activity, group.first))
    if not group.alike:
        return details
    names = [part for t in group.alike for part in (", " if t is not group.alike[0] else "", el("code", t.name))]
    return join(details, el("p", f"… and {len(group.alike)} more like it{alike_worth(group.tests)}: ", names,
                            class_="alike"))


def _going_further(sub: SubmissionResult) -> Markup:
    found = [(a, t) for a in sub.activities if a.status in ("graded", "grader_error") for t in a.tests if t.advisory]
    if not found:
        return Markup("")
    items = [el("li", el("span", SYMBOL.get(t.outcome, "?"), class_=f"sym {t.outcome}"), a.id, " ", el("code", t.name),
                f": {outcome_words(t.outcome)}, {advisory_worth(t)}") for a, t in found]
    details = [_group_details(activity, group) for activity in sub.activities
               for group in group_failures([t for a, t in found if a is activity and t.outcome != "passed"])]
    return el("section", el("h2", "Going further"),
              el("p", "Checks beyond what the lab asks for. They are worth 0 points unless the rubric grades them.",
                 class_="muted"), el("ul", items, class_="plain"), details, id="further")


def _what_passed(sub: SubmissionResult) -> Markup:
    parts = []
    for activity in sub.activities:
        groups: dict[str, list[TestResult]] = {}
        for test in activity.tests:
            if not test.advisory:
                groups.setdefault(base_name(test.name), []).append(test)
        passed = [(name, runs) for name, runs in groups.items() if any(t.outcome == "passed" for t in runs)]
        if passed:
            parts += [el("h3", f"{activity.id} {activity.title}: {score_of(activity.score, activity.max)}"),
                      el("ul", [_passed_item(name, runs) for name, runs in passed], class_="plain")]
    return el("section", el("h2", "What passed"), parts or el("p", "No test passed yet."), id="passed")


def _passed_item(name: str, runs: list[TestResult]) -> Markup:
    ok = [t for t in runs if t.outcome == "passed"]
    hidden = ", hidden test" if any(t.visibility == "hidden" for t in runs) else ""
    worth = f"{points(sum(t.points for t in runs))} / {points(sum(t.max_points for t in runs))}{hidden}"
    mark = el("span", "✓", class_="sym passed")
    if len(runs) == 1:
        return el("li", mark, el("code", runs[0].name), f" ({worth})")
    counted = f"all {len(runs)} runs" if len(ok) == len(runs) else f"{len(ok)} of {len(runs)} runs"
    return el("li", mark, el("code", name), f": {counted} passed ({worth})")


def write_student_pages(results: ClassResults, folder: Path) -> list[Path]:
    return [write_atomically(report_folder(folder, sub.id) / "report.html", student_page(sub, results.heading)) for sub in results.submissions]


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("html-reports", "<id>/report.html: one page per student, failures first; opens from disk",
                         "", write_student_pages, folder=True)]
