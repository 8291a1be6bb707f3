"""The ``grader`` command group: which commands exist, and what happens around each one.

The integrations' commands (grader/commands/) are imported only when asked for; the student kit
refuses the teacher's commands; a mistyped name gets the nearest real one; an unexpected error
becomes a short report and exit code 70, never a silent success or a page of traceback.
"""

import difflib
import sys
import traceback
from pathlib import Path

import click

from grader.commands.exitcodes import ExitCode, fail
from grader.kit.edition import KIT_COMMANDS, NOT_IN_KIT, is_kit
from grader.sandbox.confinement import UnsafeSandbox


# The commands in grader/commands/ are imported only when one of them is asked for: `grader
# check` runs on every push of every student, and importing every integration costs it time.
LAZY_COMMANDS = ("classroom", "export", "gradescope", "kit", "merge", "play", "prairielearn", "sandbox-profile")


class GraderCommands(click.Group):
    """Runs a command; an unexpected error becomes a short report and exit code 70, never a
    silent success or a page of traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        if is_kit():
            return list(KIT_COMMANDS)
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if is_kit() and name not in KIT_COMMANDS and (name in LAZY_COMMANDS or name in self.commands):
            raise click.UsageError(NOT_IN_KIT.format(command=name))
        if name in LAZY_COMMANDS and name not in self.commands:
            from grader.commands import all_commands

            for command in all_commands():
                self.add_command(command)
        found = super().get_command(ctx, name)
        close = [] if found or ctx.resilient_parsing else difflib.get_close_matches(name, self.list_commands(ctx), n=1)
        if close:  # over every command, the lazy ones too (click's own hint sees only those loaded)
            raise click.UsageError(f"No such command {name!r}. Did you mean {close[0]!r}?", ctx)
        return found

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:  # before grading began (grading says more itself): not click's "Aborted!"
            fail(ExitCode.INTERRUPTED, "interrupted.")
        except UnsafeSandbox as exc:
            fail(ExitCode.USAGE, str(exc))
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            where = traceback.extract_tb(exc.__traceback__)[-1]
            click.echo(f"grader: internal error: {type(exc).__name__}: {exc} (in {Path(where.filename).name} line {where.lineno}). "
                       "This is a bug in the grader, not in any submission; please report it with this message.", err=True)
            sys.exit(ExitCode.INTERNAL)
