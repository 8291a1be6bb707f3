"""<id>/report.md: one student's results, with what went wrong first.

The report opens with the score (and the bonus apart), says in words when the submission could
not be graded or the grader failed on it, shows one table row per activity, and then:

1. what went wrong: every failed test with its message, what the code printed, its seed and
   the command that replays it; files not handed in or that did not load; grader failures;
2. going further: advisory checks (beyond the lab's contract), passed or not, with their worth;
3. what passed.

The report belongs to the teacher, so hidden tests are named (and marked as hidden); it is
written so that it can be handed to the student as it is.

Text a student controls (the submission id, which is a folder name and may hold any
character; messages, notes and printed output, which come from student code) is only ever put
inside a code span (``code``) or a fenced block (``fenced``) whose backticks outnumber any run
inside it, with control characters shown as symbols. Nothing is escaped with backslashes, so the
file reads as well in a text editor as in a Markdown viewer.
"""

import re
from pathlib import Path

from grader.intake.names import report_folder
from grader.reporters.atomic import write_atomically
from grader.reporters.handed_in import handed_in_lines
from grader.reporters.hookspecs import OutputFormat, hookimpl
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
    status_words,
    visible,
)
from grader.results.model import ActivityResult, ClassResults, SubmissionResult, TestResult

SYMBOL = {"passed": "✓", "failed": "✗", "error": "✗", "timeout": "⏱", "skipped": "–", "grader_error": "!"}


def fenced(text: str, info: str = "text") -> str:
    """``text`` as a fenced code block that nothing inside it can close."""
    text = visible(text.replace("\r\n", "\n"), keep_newlines=True).rstrip()
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text}\n{fence}"


def code(text: str) -> str:
    """``text`` as an inline code span, on one line, whatever backticks or markup it holds."""
    text = visible(text)
    if not text:
        return '""'
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * (longest + 1)
    # A span that starts or ends with a backtick or a space needs a space on both sides; the
    # Markdown reader removes exactly one on each side again.
    pad = " " if text[0] in "` " or text[-1] in "` " else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


@in_students_words
def submission_report(sub: SubmissionResult, heading: str = "Report") -> str:
    """The whole report.md of one submission."""
    lines = [f"# {heading}: {code(sub.id)}", ""]
    handed_in = handed_in_lines(sub)
    if handed_in:  # names and file names from the download: only ever in a fenced block
        lines += ["Handed in:", "", fenced("\n".join(handed_in)), ""]
    lines += _headline(sub)
    if sub.activities:
        lines += _overview(sub)
        lines += _what_went_wrong(sub)
        lines += _going_further(sub)
        lines += _what_passed(sub)
    return "\n".join(lines).rstrip("\n") + "\n"


def _headline(sub: SubmissionResult) -> list[str]:
    if sub.status == "unusable":
        return [f"**{UNUSABLE_HEADLINE}:**", "", fenced("\n".join(sub.messages) or "(no reason given)"), "",
                "Nothing in it was graded. Fix the problem (for example, make the zip again from the "
                "folder with the .py files) and hand it in again.", ""]
    lines = []
    if sub.status == "grader_error":
        lines += [f"**{GRADER_ERROR_HEADLINE}**", "",
                  "Grade it again; if the grader fails again, please report it with the log.", ""]
        if sub.messages:
            lines += ["What the grader said:", "", fenced("\n".join(sub.messages)), ""]
        lines += [f"- Score so far: **{score_of(sub.total, sub.max)}** (incomplete)"]
    else:
        lines += [f"- Score: **{score_of(sub.total, sub.max)}**"]
    if sub.bonus_max:
        lines += [f"- Bonus: {score_of(sub.bonus, sub.bonus_max)}"]
    lines.append("")
    if sub.status == "graded" and sub.messages:
        lines += ["Notes from the grader:", "", fenced("\n".join(sub.messages)), ""]
    return lines


def _overview(sub: SubmissionResult) -> list[str]:
    lines = ["| Activity | Score | Status |", "|---|---|---|"]
    for activity in sub.activities:
        lines.append(f"| {activity.id} {activity.title} | {score_of(activity.score, activity.max)} | {_status(activity)} |")
    lines.append("")
    for activity in sub.activities:
        if activity.hidden_not_run:
            lines += [f"{activity.id}: {plural(activity.hidden_not_run, 'hidden test')} not run here; "
                      "the teacher's grade can differ.", ""]
    return lines


def _status(activity: ActivityResult) -> str:
    return code(status_words(activity)) if activity.renamed else status_words(activity)  # a file name is the student's


def _what_went_wrong(sub: SubmissionResult) -> list[str]:
    """Problems in activity order; files not handed in come last, in one short list."""
    lines = ["## What went wrong", ""]
    before = len(lines)
    missing = [a for a in sub.activities if a.status == "missing" and not optional_and_missing(a)]
    unstarted = [a for a in sub.activities if a.status == "not_started"]
    for activity in sub.activities:
        if not (activity.status == "graded" or not_there(activity)) or (activity.status == "graded" and activity.note):
            lines += _activity_problem(activity)
        if activity.status in ("graded", "grader_error"):
            for group in group_failures([t for t in activity.tests if not t.advisory and t.outcome != "passed"]):
                lines += _group_details(activity, group)
    if missing:
        lines += ["### Not handed in", ""]
        lines += [f"- {a.id} {a.title} (0 / {points(a.max)}): {code(a.note) if a.note else 'no file'}" for a in missing]
        lines.append("")
    if unstarted:
        lines += ["### Not started (only the starter code)", ""]
        lines += [f"- {a.id} {a.title} (0 / {points(a.max)}): {code(a.note)}" for a in unstarted]
        lines.append("")
    if len(lines) == before:
        lines += ["Nothing: every test passed.", ""]
    return lines


def _activity_problem(activity: ActivityResult) -> list[str]:
    words = "" if activity.status == "graded" else f": {ACTIVITY_WORDS.get(activity.status, activity.status)}"
    lines = [f"### {activity.id} {activity.title} ({score_of(activity.score, activity.max)}){words}", ""]
    if activity.note:
        lines += [fenced(activity.note), ""]
    if activity.status == "not_loaded" and activity.tests:
        lines += [f"None of its {plural(len(activity.tests), 'test')} could run.", ""]
    return lines


def _test_details(activity: ActivityResult, test: TestResult, worth: str) -> list[str]:
    hidden = ", hidden test" if test.visibility == "hidden" else ""
    what = outcome_words(test.outcome)
    lines = [f"### {SYMBOL.get(test.outcome, '?')} {activity.id} {code(test.name)} ({worth}{hidden}): {what}", ""]
    if test.outcome != "passed" or test.message:
        lines += [fenced(test.message or "(no message)"), ""]
    if test.output.strip():
        lines += ["What the code printed during this test:", "", fenced(test.output), ""]
    if test.replay:
        lines += ["Run this test again on its own:", "", fenced(test.replay, "sh"), ""]
    return lines


def _group_details(activity: ActivityResult, group: FailureGroup) -> list[str]:
    """A failed test in full, then one line for the tests that failed the same way."""
    lines = _test_details(activity, group.first, run_worth(activity, group.first))
    if group.alike:
        names = ", ".join(code(t.name) for t in group.alike)
        lines += [f"… and {len(group.alike)} more like it{alike_worth(group.tests)}: {names}.", ""]
    return lines


def _going_further(sub: SubmissionResult) -> list[str]:
    found = [(a, t) for a in sub.activities if a.status in ("graded", "grader_error") for t in a.tests if t.advisory]
    if not found:
        return []
    lines = ["## Going further", "",
             "Checks beyond what the lab asks for. They are worth 0 points unless the rubric grades them.", ""]
    lines += [f"- {SYMBOL.get(t.outcome, '?')} {a.id} {code(t.name)}: {outcome_words(t.outcome)}, "
              f"{advisory_worth(t)}" for a, t in found]
    lines.append("")
    for activity in sub.activities:
        for group in group_failures([t for a, t in found if a is activity and t.outcome != "passed"]):
            lines += _group_details(activity, group)
    return lines


def _what_passed(sub: SubmissionResult) -> list[str]:
    lines = ["## What passed", ""]
    before = len(lines)
    for activity in sub.activities:
        groups: dict[str, list[TestResult]] = {}
        for test in activity.tests:
            if not test.advisory:
                groups.setdefault(base_name(test.name), []).append(test)
        passed = [(name, runs) for name, runs in groups.items() if any(t.outcome == "passed" for t in runs)]
        if passed:
            lines += [f"### {activity.id} {activity.title}: {score_of(activity.score, activity.max)}", ""]
            lines += [_passed_line(name, runs) for name, runs in passed]
            lines.append("")
    if len(lines) == before:
        lines += ["No test passed yet.", ""]
    return lines


def _passed_line(name: str, runs: list[TestResult]) -> str:
    ok = [t for t in runs if t.outcome == "passed"]
    hidden = ", hidden test" if any(t.visibility == "hidden" for t in runs) else ""
    earned = points(sum(t.points for t in runs))
    worth = points(sum(t.max_points for t in runs))
    if len(runs) == 1:
        return f"- ✓ {code(runs[0].name)} ({earned} / {worth}{hidden})"
    counted = f"all {len(runs)} runs" if len(ok) == len(runs) else f"{len(ok)} of {len(runs)} runs"
    return f"- ✓ {code(name)}: {counted} passed ({earned} / {worth}{hidden})"


def write_markdown_reports(results: ClassResults, folder: Path) -> list[Path]:
    return [write_atomically(report_folder(folder, sub.id) / "report.md", submission_report(sub, results.heading)) for sub in results.submissions]


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("markdown", "<id>/report.md: one plain-text report per student, failures first",
                         "", write_markdown_reports, folder=True)]
