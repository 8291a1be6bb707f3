"""Saying in the report that an activity ran on the student's own version of a given class.

grader/java/theirs.py grades a class that compiles only beside the student's own version of a
class the lab gives (their ``Widget.java`` in place of the lab's) with that version. Whether
that is fair depends on the version, so once every activity of the submission is scored, each
such activity's note names the student's files it used and says whether each passes all the
tests of the activity that grades it (the kit's rule: grader/kit/own_files.py ``passes``):

- it passes: nothing known is wrong with it, and the activity is graded as it is;
- it does not (or its activity was not graded in this run): the activity is graded with it all
  the same, since nothing else compiles with the student's class, and the note says that a
  mistake in that file may show here too and that its own activity comes first.
"""

from pathlib import Path

from grader.java.sources import class_name
from grader.kit.own_files import passes
from grader.results.model import ActivityResult
from grader.lab.rubric import Rubric


def note_given_own(rubric: Rubric, activities: list[ActivityResult], records: list[dict]) -> None:
    """Add to each activity's note (in place) which given classes ran in the student's version."""
    by_id = {a.id: a for a in activities}
    for result in activities:
        used = sorted({name for r in records if r["activity"] == result.id for name in r.get("given_own", [])})
        if not used or result.status != "graded":
            continue
        parts = []
        for name in used:
            owners = [a for a in rubric.activities if any(class_name(f) == Path(name).stem for f in a.files)]
            graded = [by_id[a.id] for a in owners if a.id in by_id]
            ids = ", ".join(a.id for a in owners) or "no activity"
            if owners and len(graded) == len(owners) and all(passes(g) for g in graded):
                parts.append(f"graded with your own {name}, not the lab's, because your code compiles only with it; "
                             f"it passes every test of {ids}, so this is fair to you.")
            elif owners and len(graded) < len(owners):
                parts.append(f"graded with your own {name}, not the lab's, because your code compiles only with it; "
                             f"{ids} was not graded in this run, so whether {Path(name).name} itself is right was not checked.")
            elif any(g.status == "not_loaded" for g in graded):
                parts.append(f"graded with your own {name}, not the lab's, because your code compiles only with it; "
                             f"{ids} could not run it (see {ids}: the grader's own code there uses it as the lab "
                             "describes it), so whether it is right was not checked, and a mistake in it may also "
                             "show here.")
            else:
                parts.append(f"graded with your own {name}, not the lab's, because your code compiles only with it; "
                             f"it does not pass every test of {ids}, so a mistake in it may also show here. "
                             f"Fix {ids} first.")
        note = " ".join(parts)
        result.note = f"{note} {result.note}".strip()


def activity_notes(activities: list[ActivityResult], records: list[dict]) -> None:
    """Add the note each activity's session gave (how it was graded: a program run through its
    main) to the activity's note (in place)."""
    for result in activities:
        notes = list(dict.fromkeys(r["activity_note"] for r in records
                                   if r["activity"] == result.id and r.get("activity_note")))
        if notes and result.status == "graded":
            result.note = (" ".join(notes) + (f" {result.note}" if result.note else "")).strip()
