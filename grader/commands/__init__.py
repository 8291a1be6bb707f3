"""The ``grader`` subcommands beyond grading itself (grade, check, diagnose, handout live in
grader/cli.py), one module each. cli.py registers every command listed in ``COMMANDS``."""

from grader.commands.canvas import canvas_command
from grader.commands.classroom import classroom_group
from grader.commands.export import export_group
from grader.commands.gradescope import gradescope_group
from grader.commands.kit import kit_command
from grader.commands.lms_export import blackboard_command, moodle_command
from grader.commands.merge import merge_command
from grader.commands.play import play_command
from grader.commands.prairielearn import prairielearn_group

export_group.add_command(canvas_command)
export_group.add_command(blackboard_command)
export_group.add_command(moodle_command)

COMMANDS = [export_group, merge_command, classroom_group, play_command, kit_command]
COMMANDS.append(gradescope_group)
COMMANDS.append(prairielearn_group)
