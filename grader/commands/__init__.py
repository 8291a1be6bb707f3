"""The ``grader`` subcommands beyond grading itself (grade, check, diagnose, handout live in
grader/cli.py), one module each. cli.py registers every command listed in ``COMMANDS``."""

from grader.commands.export import export_group
from grader.commands.merge import merge_command

COMMANDS = [export_group, merge_command]
