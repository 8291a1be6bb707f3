"""<id>/report.md: what passed, what failed and why, and how to replay each failure.

Everything that came from student code (messages, printed output) is shown inside fenced code
blocks whose fence is longer than any run of backticks in the text, so nothing a student
writes can turn into Markdown or HTML in the teacher's viewer.
"""

import re
from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.hookspecs import hookimpl
from grader.results import ActivityResult, ClassResults, SubmissionResult

SYMBOL = {"passed": "✓", "failed": "✗", "error": "✗", "timeout": "⏱", "skipped": "–"}


def fenced(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text.rstrip()}\n{fence}"


def plain(text: str) -> str:
    """Text for a Markdown line outside code: markup characters are escaped."""
    return re.sub(r"([\\`*_{}\[\]<>()#+!|~])", r"\\\1", text)


def replay_command(activity: ActivityResult, test_name: str, base_seed: int) -> str:
    seed = f" --seed {base_seed}" if base_seed else ""
    base = test_name.split("[", 1)[0]
    return f"grader check . --activity {activity.id} --test {base}{seed}"


def submission_report(sub: SubmissionResult, base_seed: int) -> str:
    lines = [f"# Elevens lab: {plain(sub.id)}", "", f"**Total: {sub.total:g} / {sub.max:g}**", ""]
    lines += [f"> {plain(message)}" for message in sub.messages]
    lines += ["", "| Activity | Score | Status |", "|---|---|---|"]
    for activity in sub.activities:
        lines.append(f"| {activity.id} {plain(activity.title)} | {activity.score:g} / {activity.max:g} | {activity.status} |")
    for activity in sub.activities:
        lines += ["", f"## {activity.id} {plain(activity.title)}: {activity.score:g} / {activity.max:g}", ""]
        if activity.note:
            lines += [fenced(activity.note), ""]
        for test in activity.tests:
            lines.append(f"- {SYMBOL.get(test.outcome, '?')} `{test.name}` ({test.points:g} / {test.max_points:g}) {test.outcome}")
        # A file that did not load fails every test the same way: the note above says it once.
        problems = [] if activity.status == "error" else [t for t in activity.tests if t.outcome != "passed"]
        for test in problems:
            lines += ["", f"### {test.name}: {test.outcome}", "", fenced(test.message or "(no message)")]
            lines += ["", f"Seed {test.seed}. Replay this test alone: `{replay_command(activity, test.name, base_seed)}`"]
            if test.output.strip():
                lines += ["", "What your code printed during this test:", "", fenced(test.output)]
        if activity.hidden_not_run:
            lines += ["", f"{activity.hidden_not_run} hidden test(s) were not run here."]
    return "\n".join(lines) + "\n"


@hookimpl
def grader_write_reports(results: ClassResults, out_dir: Path) -> list[Path]:
    return [
        write_atomically(out_dir / sub.id / "report.md", submission_report(sub, results.base_seed))
        for sub in results.submissions
    ]
