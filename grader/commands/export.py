"""``grader export FORMAT RESULTS.json [-o PATH]``: any output format, from a results.json that
``grader grade`` or ``grader check --out`` wrote earlier, without grading again.

Every format a reporter offers (grader/reporters/hookspecs.py) is a subcommand of its own
name, so a format shipped by another package appears here with no change to this module.
Formats that need more than the results (Canvas needs the teacher's gradebook) add their own
subcommand to ``export_group``.
"""

import os
from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.reporters import output_formats
from grader.reporters.hookspecs import OutputFormat
from grader.reporters.results_json import ResultsFileError, read_results_json
from grader.lab.suite_index import closest

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
    @click.option("-o", "--output", "path", type=click.Path(), default=None, help=_output_help(output))
    def command(results_file: Path, path: str | None) -> None:
        target = output_path(output, path)
        results = load_results(results_file)
        written = output.write(results, target)
        click.echo(f"Wrote {len(written)} file{'s' if len(written) != 1 else ''}: {target}")

    return command


def _output_help(output: OutputFormat) -> str:
    if output.folder:
        return ("The folder to write into (default: the current folder). This format writes several files, "
                "so a file name (existing, or with a suffix such as .md) is refused.")
    return (f"The file to write (default: {output.default_name} in the current folder); "
            f"given a folder, {output.default_name} inside it.")


def output_path(output: OutputFormat, given: str | None) -> Path:
    """Where ``output`` goes for ``-o given``.

    A one-file format writes the file named, or its default name inside a folder named
    (existing, or written with a trailing /). A format that writes several files takes a folder
    and refuses what looks like a file: an existing file, or a name with a suffix that is not an
    existing folder (`-o export.md` used to make a folder named export.md)."""
    if given is None:
        return Path(output.default_name or ".").resolve()
    path = Path(given).resolve()
    names_folder = given.endswith(("/", os.sep)) or path.is_dir()
    if not output.folder:
        return path / output.default_name if names_folder and output.default_name else path
    if path.is_file() or (path.suffix and not names_folder):
        fail(ExitCode.USAGE, f"-o {given}: {output.name} writes several files ({output.summary}), so -o takes a "
                             f"folder, not a file name. Give a folder, e.g. -o reports (a folder whose "
                             "name has a dot must exist first), or leave out -o to write into the current folder.")
    return path


def load_results(path: Path):
    """The ClassResults in a results.json, or exit 3 with what is wrong."""
    try:
        return read_results_json(path.resolve())
    except ResultsFileError as exc:
        click.echo(f"grader: {exc}", err=True)
        raise SystemExit(ExitCode.BAD_INPUT) from None
