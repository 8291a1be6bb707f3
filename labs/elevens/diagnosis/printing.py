"""How a Deck's diagnosis is printed on the terminal (for `grader diagnose` and `grader check`)."""

from pathlib import Path

from rich.markup import escape

from grader.terminal.screen import console


def print_diagnosis(deck: Path, findings: list) -> None:
    if not findings:
        console.print(f"No problem found in {escape(str(deck))} by the diagnosis probes "
                      "(constructor, size, is_empty, deal, shuffle). `grader check` runs the full tests.")
        return
    console.print(f"[bold]What looks wrong in {escape(str(deck))}:[/]")
    for finding in findings:
        console.print(f"  [red]✗[/] [bold]{escape(finding.method)}[/]: {escape(finding.seen)}")
        console.print(f"      Likely: {escape(finding.likely)}")
