"""GitHub Classroom: the workflow a student repository runs (``grader classroom init``) and what
``grader check --github`` writes for Classroom's reporter inside it.

- workflow.py: ``.github/workflows/classroom.yml``, one grading step per activity;
- runner_result.py: the ``result`` output, in the format Classroom's reporter reads;
- summary.py, annotations.py: the job summary and the ``::error`` notes on a student's lines;
- publish.py: the part ``grader check --github`` calls.

docs/integrations.md ("GitHub Classroom") is the teacher's guide.

Must not import: grader.terminal, grader.integrations.gradescope.
"""

from grader.integrations.github.annotations import commands_off
from grader.integrations.github.publish import (
    GitHubOutputError,
    for_the_log,
    github_exit_code,
    publish,
)
from grader.integrations.github.workflow import WorkflowError, write_workflow

__all__ = ["GitHubOutputError", "commands_off", "WorkflowError", "for_the_log", "github_exit_code", "publish", "write_workflow"]
