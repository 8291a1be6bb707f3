"""The Markdown job summary a grading step writes to ``$GITHUB_STEP_SUMMARY``: the points per
activity in a table, then what went wrong, in words a student can act on.

GitHub renders it as Markdown on the run's page. Anything that came from a student's code (a
message, a test parameter) goes inside a code span or a fenced block longer than any backtick
run in it, so it cannot become a link, a heading or HTML. GitHub takes at most 1 MiB per step,
so messages are cut shorter until the summary fits in ``MAX_SUMMARY_BYTES``.
"""

import re

from grader.kit.edition import is_kit
from grader.reporters.wording import ACTIVITY_WORDS, in_students_words, outcome_words, score_of, visible
from grader.results.model import ActivityResult, SubmissionResult, TestResult

MAX_SUMMARY_BYTES = 900_000
MESSAGE_CAPS = (3000, 500, 0)


@in_students_words
def job_summary(result: SubmissionResult, activities: list[ActivityResult]) -> str:
    """The summary, with messages shortened as needed to stay under ``MAX_SUMMARY_BYTES``."""
    for cap in MESSAGE_CAPS:
        text = _summary(result, activities, cap)
        if len(text.encode("utf-8")) <= MAX_SUMMARY_BYTES:
            return text
    cut = text.encode("utf-8")[:MAX_SUMMARY_BYTES].decode("utf-8", errors="ignore")
    return cut + "\n\n(The rest of this summary was cut: GitHub keeps at most 1 MB per step. The log has everything.)\n"


def _summary(result: SubmissionResult, activities: list[ActivityResult], cap: int) -> str:
    earned = sum(a.score for a in activities)
    most = sum(a.max for a in activities)
    names = ", ".join(f"{a.id} {a.title}" for a in activities) or "nothing"
    lines = [f"## Grader: {names}", "", f"**{score_of(earned, most)} points**", ""]
    if result.status == "grader_error":
        lines += ["> [!WARNING]", "> The grader itself failed, so this score is incomplete. This is not your fault: "
                  "tell your teacher, and include a link to this page.", ""]
    if result.status == "unusable":
        lines += ["Your folder could not be checked:", "", *(_fenced(m, cap) for m in result.messages), ""]
    lines += ["| Activity | Points | Tests passed | Status |", "|---|---:|---:|---|"]
    for activity in activities:
        counted = [t for t in activity.tests if not (t.advisory and t.max_points == 0)]
        passed = sum(t.outcome == "passed" for t in counted)
        lines.append(f"| {activity.id} {_cell(activity.title)} | {score_of(activity.score, activity.max)} | "
                     f"{passed} / {len(counted)} | {ACTIVITY_WORDS.get(activity.status, activity.status)} |")
    # A file that did not load fails every test with the same message: its note says it once.
    problems = [(a, t) for a in activities if a.status in ("graded", "grader_error")
                for t in a.tests if t.outcome != "passed" and not (t.advisory and t.max_points == 0)]
    notes = [a for a in activities if a.note]
    if problems or notes:
        lines += ["", "### What went wrong", ""]
    for activity in notes:
        lines += [f"- **{activity.id} {_cell(activity.title)}**: {ACTIVITY_WORDS.get(activity.status, activity.status)}", "",
                  _fenced(activity.note, cap, indent="  "), ""]
    for activity, test in problems:
        lines += _problem(activity, test, cap)
    further = [(a, t) for a in activities for t in a.tests if t.advisory and t.max_points == 0 and t.outcome != "passed"]
    if further:
        lines += ["", "### Going further (worth 0 points)", "",
                  "These checks go beyond what the lab asks; the log of this step says what they found.", ""]
        lines += [f"- {activity.id} {_code(test.name)}: {outcome_words(test.outcome)}" for activity, test in further]
    lines += ["", closing_line()]
    return "\n".join(lines) + "\n"


def closing_line() -> str:
    """The summary's last line, true of the grader that ran: the student kit holds the public
    tests only (docs/kit.md), so nothing runs here that `grader check` does not run at home."""
    if is_kit():
        return ("Run `grader check` in your folder to see the same tests on your own computer: this step ran the "
                "student kit, which holds the public tests only. Your teacher's grading also runs hidden tests, "
                "so your grade can differ.")
    return ("Run `grader check` in your folder to see the public tests on your own computer "
            "(hidden tests run only here and in your teacher's grading).")


def _problem(activity: ActivityResult, test: TestResult, cap: int) -> list[str]:
    worth = score_of(test.points, test.max_points)
    if test.visibility == "hidden":
        return [f"- {activity.id} {_code(test.name)} (hidden test, {worth}): {outcome_words(test.outcome)}"]
    where = f" at {_code(test.file)} line {test.line}" if test.file and test.line else ""
    lines = [f"- {activity.id} {_code(test.name)} ({worth}): {outcome_words(test.outcome)}{where}"]
    if test.message.strip() and cap:
        lines += ["", _fenced(test.message, cap, indent="  ")]
    if test.replay:
        lines += ["", f"  Run it again on your computer: {_code(test.replay)}"]
    return lines + [""]


def _fenced(text: str, cap: int, indent: str = "") -> str:
    """``text`` in a fenced block that nothing inside can close."""
    if cap and len(text) > cap:
        text = text[:cap] + "\n… (cut here: the log of this step has the whole message)"
    text = visible(text.rstrip(), keep_newlines=True)
    fence = "`" * max(3, _longest_backticks(text) + 1)
    body = "\n".join(indent + line for line in text.splitlines())
    return f"{indent}{fence}text\n{body}\n{indent}{fence}"


def _code(text: str) -> str:
    """``text`` as an inline code span that nothing inside can close (for lists, not tables)."""
    text = visible(text)
    ticks = "`" * (_longest_backticks(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _cell(text: str) -> str:
    """``text`` for a table cell: a ``|`` would end the cell."""
    return visible(text).replace("|", "\\|")


def _longest_backticks(text: str) -> int:
    return max((len(run) for run in re.findall(r"`+", text)), default=0)
