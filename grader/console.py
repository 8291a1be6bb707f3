"""What the grader prints on the terminal: a progress bar, the class summary, a student's check."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from grader.reporters.markdown_report import replay_command
from grader.results import ClassResults, SubmissionResult

console = Console(highlight=False)
if not console.is_terminal:
    console.width = max(console.width, 160)  # logs and CI: room for a column per activity
CELL = {"missing": "–", "error": "err"}
MARK = {"passed": "[green]✓[/]", "failed": "[red]✗[/]", "error": "[red]✗[/]", "timeout": "[yellow]⏱[/]", "skipped": "–"}


@contextmanager
def progress_bar(total: int) -> Iterator:
    with Progress(TextColumn("grading"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task("grading", total=total)
        yield lambda _sub_id: progress.advance(task)


def print_summary(results: ClassResults) -> None:
    activity_ids = [a.id for a in results.submissions[0].activities] if results.submissions else []
    table = Table(title=f"{results.lab}: {len(results.submissions)} submissions",
                  caption=f"– no file to grade, err could not be graded; sandbox level: {results.sandbox}; "
                          f"base seed {results.base_seed}")
    table.add_column("student", no_wrap=True)
    for activity_id in activity_ids:
        table.add_column(activity_id, justify="right")
    table.add_column("total", justify="right", no_wrap=True)
    for sub in results.submissions:
        cells = [f"{a.score:g}" if a.status == "graded" else CELL.get(a.status, a.status) for a in sub.activities]
        total = f"{sub.total:g}/{sub.max:g}" + ("" if sub.status == "graded" else " (error)")
        table.add_row(escape(sub.id), *cells, total)
    console.print(table)


def print_check(result: SubmissionResult, base_seed: int) -> None:
    for activity in result.activities:
        console.print(f"\n[bold]{activity.id} {escape(activity.title)}[/]: {activity.score:g} / {activity.max:g}  ({activity.status})")
        if activity.note:
            console.print(f"  {escape(activity.note)}")
        for test in activity.tests:
            console.print(f"  {MARK.get(test.outcome, '?')} {escape(test.name)}")
            if test.outcome != "passed":
                for line in test.message.splitlines():
                    console.print(f"      {escape(line)}")
                console.print(f"      [dim]replay: {escape(replay_command(activity, test.name, base_seed))}[/]")
                if test.output.strip():
                    console.print("      [dim]your code printed:[/]")
                    for line in test.output.rstrip().splitlines()[:10]:
                        console.print(f"        {escape(line)}")
        if activity.hidden_not_run:
            console.print(f"  [dim]{activity.hidden_not_run} hidden test(s) were not run: your teacher's grade can differ.[/]")
    for message in result.messages:
        console.print(f"[red]{escape(message)}[/]")
    console.print(f"\n[bold]Total (public tests): {result.total:g} / {result.max:g}[/]")


def print_diagnosis(deck: Path, findings: list) -> None:
    if not findings:
        console.print(f"No problem found in {escape(str(deck))} by the diagnosis probes "
                      "(constructor, is_empty, deal, shuffle). `grader check` runs the full tests.")
        return
    console.print(f"[bold]What looks wrong in {escape(str(deck))}:[/]")
    for finding in findings:
        console.print(f"  [red]✗[/] [bold]{escape(finding.method)}[/]: {escape(finding.seen)}")
        console.print(f"      Likely: {escape(finding.likely)}")
