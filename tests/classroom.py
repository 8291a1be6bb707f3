"""Small generated classes for tests: folders of student files written on the fly."""

from pathlib import Path

from tests.lab_loader import ROOT

REFERENCE = ROOT / "reference" / "elevens"


def reference_text(name: str) -> str:
    return (REFERENCE / name).read_text(encoding="utf-8")


def reference_submission() -> dict[str, str]:
    """Every file of the finished lab, as the teacher's answer key has it."""
    files = [*sorted(REFERENCE.glob("*.py")), REFERENCE / "answers.yaml"]
    return {path.name: path.read_text(encoding="utf-8") for path in files if path.name != "__init__.py"}


def reference_with(name: str, replacements: dict[str, str], header: str = "") -> str:
    """A reference file with some lines replaced: {"old line": "new line(s)"}."""
    text = reference_text(name)
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    return header + text


def card_with(method_body_replacements: dict[str, str], header: str = "") -> str:
    return reference_with("card.py", method_body_replacements, header)


def lab_rubric(lab_id: str):
    """A lab's own rubric (several labs are installed, so a test names the one it means)."""
    from grader.lab.registry import get_lab
    from grader.lab.rubric import load_rubric

    return load_rubric(lab=get_lab(lab_id))


def elevens_rubric():
    return lab_rubric("elevens")


def grade_class(root: Path, scratch: Path, rubric=None, **options):
    """Grade a generated class with the real engine (the Elevens rubric unless another is given); the ClassResults."""
    from grader.engine.batch import GradeOptions, grade
    from grader.intake.class_folder import find_submissions

    found = find_submissions(root, scratch)
    return grade(rubric or elevens_rubric(), found, GradeOptions(**options), scratch)


def write_class(root: Path, submissions: dict[str, dict[str, str]]) -> Path:
    for sub_id, files in submissions.items():
        folder = root / sub_id
        folder.mkdir(parents=True)
        for name, text in files.items():  # a name may hold a subfolder: tests/test_deck.py
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, encoding="utf-8")
    return root


def grading_activities(rubric, name: str) -> list[str]:
    """The activities whose rubric ``files`` name ``name`` (a tester's ``a.py|b.py`` entry names
    each): the only ones that stage a student's copy of that file. Every other activity stages
    the lab's reference copy (a stand-in, or a file a staged file imports: grader/lab/file_imports.py)
    or nothing, so a copy of the reference with only that file changed holds the reference's
    bytes there (``staged`` shows it), and grading, being deterministic, scores it as the
    reference. Tests that grade such copies grade them in these activities only."""
    return [a.id for a in rubric.activities if any(name in entry.split("|") for entry in a.files)]


def staged(rubric, folder: Path, activity_id: str) -> dict | None:
    """What ``activity_id``'s sandbox would hold for the submission in ``folder`` (engine/planning.py):
    each staged file's bytes, the modules loaded in advance, the methods switched off and the
    student's own names; None when the activity is not graded for it (a file is missing)."""
    from grader.engine.planning import plan_submission

    submission = plan_submission(rubric, folder.name, folder, [activity_id])
    plan = submission.activities.get(activity_id)
    if plan is None:
        return None
    return {"files": {name: Path(path).read_bytes() for name, path in plan.files.items()},
            "modules": plan.modules, "disable": plan.disable, "own": plan.own, "language": plan.language,
            "renamed": submission.renamed.get(activity_id, {})}  # a misnamed file costs a deduction


def merged_results(parts):
    """One ClassResults holding the submissions of several gradings of the same lab (the first's
    seed and sandbox level)."""
    results = parts[0]
    for part in parts[1:]:
        results.submissions.extend(part.submissions)
    return results


def same_as_reference(rubric, folder: Path, reference: Path) -> list[str]:
    """The activities whose sandbox would hold, for the submission in ``folder``, byte-identical
    files to the one for ``reference`` (``staged``): the grader, being deterministic, grades the
    submission there exactly as it grades the reference."""
    return [a.id for a in rubric.activities
            if (mine := staged(rubric, folder, a.id)) is not None and mine == staged(rubric, reference, a.id)]


def grade_unlike_reference(rubric, submissions, reference: Path, reference_result, scratch: Path, **options):
    """Grade ``submissions`` (grader.intake.class_folder.Submission) except where they are the reference:
    each is graded in the activities where its sandbox differs from the reference's (or that
    are not graded for it: missing, not started), and its result in every other activity is
    ``reference_result``'s (the reference graded in full, under the same options): its sandbox
    there holds byte-identical files (same_as_reference) and grading is deterministic, so
    grading it again would give that very result. Totals are added up as scoring adds them
    (engine/scoring.py: the non-bonus activities' scores and maxima). One SubmissionResult per
    submission, in order; the activities taken from the reference are listed in ``note_same``."""
    import copy

    from grader.engine.batch import GradeOptions, grade
    from grader.results.model import round_points

    options.setdefault("jobs", 1)  # a few small gradings: one grading process each costs least
    same = {s.id: same_as_reference(rubric, s.folder, reference) for s in submissions}
    reference_activities = {a.id: a for a in reference_result.activities}
    assert all(reference_activities[a].status == "graded" for ids in same.values() for a in ids)
    groups: dict[tuple[str, ...], list] = {}
    for sub in submissions:
        groups.setdefault(tuple(a.id for a in rubric.activities if a.id not in same[sub.id]), []).append(sub)
    graded = {}
    for number, (activities, subs) in enumerate(groups.items()):
        if activities:
            work = scratch / f"unlike-{number}"
            work.mkdir(parents=True)
            for result in grade(rubric, subs, GradeOptions(only_activities=list(activities), **options), work).submissions:
                graded[result.id] = result
    results = []
    for sub in submissions:
        result = graded.get(sub.id) or copy.deepcopy(reference_result)
        result.id = sub.id
        own = {a.id: a for a in result.activities} if sub.id in graded else {}
        result.activities = [own[a.id] if a.id in own else copy.deepcopy(reference_activities[a.id])
                             for a in rubric.activities if a.id in own or a.id in same[sub.id]]
        counted = [a for a in result.activities if not a.bonus]
        extra = [a for a in result.activities if a.bonus]
        result.total, result.max = round_points(sum(a.score for a in counted)), round_points(sum(a.max for a in counted))
        result.bonus, result.bonus_max = round_points(sum(a.score for a in extra)), round_points(sum(a.max for a in extra))
        result.note_same = same[sub.id]
        results.append(result)
    return results
