"""The ``grader`` subcommands beyond grading itself (grade, check, diagnose, handout live in
grader/cli.py), one module each. cli.py registers every command listed in ``COMMANDS``."""

from grader.commands.export import export_group

COMMANDS = [export_group]
