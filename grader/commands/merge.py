"""``grader merge OUT1 OUT2 … --out OUT``: join the parts of a class graded with ``--shard I/N``.

Writes into OUT exactly what one unsplit ``grader grade`` would have: results.json, the gradebook
and every report (grader/results/sharding.py checks that the parts make one class).
"""

import sys
from pathlib import Path

import click

from grader.terminal.console import print_run_problems, print_summary
from grader.commands.exitcodes import ExitCode, fail, run_exit_code
from grader.reporters import write_run_outputs
from grader.reporters.results_json import ResultsFileError, read_results_json
from grader.results.sharding import ShardError, merge_results


@click.command("merge")
@click.argument("parts", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the joined results.json, gradebook and reports.")
def merge_command(parts: tuple[Path, ...], out_dir: Path) -> None:
    """Join the output folders (or results.json files) of every `grader grade --shard I/N` part."""
    loaded = []
    for part in parts:
        path = (part / "results.json" if part.is_dir() else part).resolve()
        try:
            loaded.append((str(part), read_results_json(path)))
        except ResultsFileError as exc:
            fail(ExitCode.BAD_INPUT, str(exc))
    try:
        results = merge_results(loaded)
    except ShardError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    written = write_run_outputs(results, out_dir.resolve())
    print_summary(results)
    print_run_problems(results)
    click.echo(f"Joined {len(loaded)} parts; wrote {len(written)} files to {out_dir}")
    sys.exit(run_exit_code(results))

