"""``grader export FORMAT RESULTS.json [-o PATH]``: any output format, from a results.json that
``grader grade`` or ``grader check --out`` wrote earlier, without grading again.

Every format a reporter offers (grader/reporters/hookspecs.py) is a subcommand of its own
name, so a format shipped by another package appears here with no change to this module.
Formats that need more than the results (Canvas needs the teacher's gradebook) add their own
subcommand to ``export_group``.
"""

from pathlib import Path

import click

from grader.exitcodes import ExitCode
from grader.reporters import output_formats
from grader.reporters.hookspecs import OutputFormat
from grader.reporters.results_json import ResultsFileError, read_results_json
from grader.suite_index import closest

results_argument = click.argument("results_file", metavar="RESULTS.json", type=click.Path(dir_okay=False, path_type=Path))


class ExportCommands(click.Group):
    """Subcommands: the ones added explicitly, then one per output format."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(output_formats()))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        if command is not None:
            return command
        found = output_formats().get(name)
        if found is None:
            names = self.list_commands(ctx)
            raise click.UsageError(f"there is no format {name!r}{closest(name, names)}. Formats: {', '.join(names)}.")
        return format_command(found)


@click.group("export", cls=ExportCommands)
def export_group() -> None:
    """Write results.json in another format: `grader export FORMAT RESULTS.json -o PATH`."""


def format_command(output: OutputFormat) -> click.Command:
    @click.command(output.name, help=f"{output.summary}.")
    @results_argument
    @click.option("-o", "--output", "path", type=click.Path(path_type=Path), default=None,
                  help=f"Where to write it (default: {output.default_name or 'the current folder'}"
                       f"{', a folder' if output.folder else ''}).")
    def command(results_file: Path, path: Path | None) -> None:
        results = load_results(results_file)
        target = (path or Path(output.default_name or ".")).resolve()
        written = output.write(results, target)
        click.echo(f"Wrote {len(written)} file{'s' if len(written) != 1 else ''}: {target}")

    return command


def load_results(path: Path):
    """The ClassResults in a results.json, or exit 3 with what is wrong."""
    try:
        return read_results_json(path.resolve())
    except ResultsFileError as exc:
        click.echo(f"grader: {exc}", err=True)
        raise SystemExit(ExitCode.BAD_INPUT) from None
