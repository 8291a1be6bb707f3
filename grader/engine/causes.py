"""Named causes: what a lab's diagnosis says is behind a student's failures, for the teacher.

A lab may name the likely cause of a failure better than any test message (a diagnosis
that probes one class: "deal(): the count is lowered before the empty check"). After `grader grade` has
scored the class, and while the submissions' folders are still there, the lab's ``causes`` hook
(grader/lab/registry.py) is asked about each graded submission; what it names is kept in the
submission's ``causes`` (results.json) and grouped across the class on index.html. The core knows
no lab: without the hook nothing happens.

A diagnosis runs student code (in its own sandbox), so it can fail like any grading step; it
then names nothing for that student, and the run goes on: a cause is help, never a grade.
"""

import logging
from pathlib import Path

from grader.kit.edition import is_kit
from grader.results.model import ClassResults
from grader.lab.rubric import Rubric
from grader.intake.class_folder import Submission

log = logging.getLogger(__name__)


def name_causes(rubric: Rubric, submissions: list[Submission], results: ClassResults) -> None:
    """Fill each graded submission's ``causes`` from the lab's hook (in place)."""
    hook = rubric.home.causes if rubric.home is not None else None
    if hook is None or is_kit():
        return
    folders: dict[str, Path] = {s.id: s.folder for s in submissions if not s.problem}
    for sub in results.submissions:
        if sub.status != "graded" or sub.id not in folders:
            continue
        try:
            sub.causes = [str(cause) for cause in hook(rubric, sub, folders[sub.id]) or []]
        except Exception as exc:  # noqa: BLE001 - a diagnosis that fails names nothing; the grades stand
            log.warning("the lab's diagnosis failed on %s: %s", sub.id, exc)
