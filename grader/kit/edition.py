"""Which grader is installed: the teacher's full package or a student kit.

A kit wheel holds ``grader/kit/kit.json`` (written by build.py, never present in a checkout or
the full wheel); everything that behaves differently in a kit asks ``kit_manifest()``.
"""

import json
from functools import lru_cache
from pathlib import Path

MANIFEST = Path(__file__).with_name("kit.json")
# What a kit's `grader` offers: a student's commands, nothing that needs an answer.
KIT_COMMANDS = ("check", "labs", "play")


@lru_cache(maxsize=1)
def kit_manifest() -> dict | None:
    """The kit's manifest ({"lab", "version", "teacher_checks": the rubric entries whose points are
    the teacher's, by activity: teacher_checks.py}), or None in the full grader."""
    if not MANIFEST.is_file():
        return None
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def is_kit() -> bool:
    return kit_manifest() is not None


NOT_IN_KIT = ("`grader {command}` is not in the student kit: the kit only checks your own work "
              "(`grader check`), plays your boards (`grader play`) and lists the lab (`grader labs`). "
              "Your teacher grades with the full grader.")

# What `grader check` says first in a kit (grader/terminal/check_output.py), so nobody mistakes its total
# for the teacher's grade.
KIT_HEADLINE = ("Student kit: public tests only, and no answers. An activity that needs another of your files "
                "uses yours once that file's own activity passes (docs/kit.md).")
