"""Exit codes of the ``grader`` command, the same for every subcommand."""

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0  # grading finished; for `check`: every test that ran passed
    TESTS_FAILED = 1  # `check` only: at least one test failed (or nothing could be checked)
    USAGE = 2  # the command line was wrong (click's own code for this)
    BAD_INPUT = 3  # the submissions folder, a submission or an output folder is unusable
    BAD_RUBRIC = 4  # the rubric file is missing or invalid
    INTERNAL = 70  # the grader itself failed; results written so far are kept
