"""The ``grader`` subcommands beyond grading itself (grade, check, diagnose, handout live in
grader/cli.py), one module each. cli.py registers them only when one of them is asked for
(``all_commands``): importing every integration would cost each ``grader check`` its time, so
nothing is imported when this package is. grade and check use two modules of it themselves:
intake.py (a class as an LMS hands it over) and arguments.py (what they make of their arguments).
What every command shares is here too: exit codes (exitcodes.py), option types whose errors
say the fix (option_types.py), the lab a command uses (lab_choice.py) and what --activity and
--test select (selection.py).

Must not import: grader.cli.
"""


def all_commands() -> list:
    """Every command of this package (imported now), for cli.py to register."""
    from grader.commands.canvas import canvas_command
    from grader.commands.classroom import classroom_group
    from grader.commands.export import export_group
    from grader.commands.gradescope import gradescope_group
    from grader.commands.kit import kit_command
    from grader.commands.lms_export import blackboard_command, moodle_command
    from grader.commands.merge import merge_command
    from grader.commands.play import play_command
    from grader.commands.prairielearn import prairielearn_group
    from grader.commands.sandbox_profile import sandbox_profile_command

    for command in (canvas_command, blackboard_command, moodle_command):
        export_group.add_command(command)
    return [export_group, merge_command, classroom_group, play_command, kit_command, gradescope_group, prairielearn_group,
            sandbox_profile_command]
