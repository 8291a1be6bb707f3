"""Gradescope's results.json for one submission (format: docs/integrations.md, "Gradescope").

Gradescope reads one results.json per submission and adds up the ``score`` of its ``tests``, so
every point the grader gives appears in exactly one test entry and the entries add up to the
grade; there is no top-level ``score`` except for a submission with nothing to grade (score 0),
where Gradescope needs one.

How results become entries:

- each test run is one entry, ``"A1 <activity title>: test_name[parameters]"`` numbered
  ``"01.001"``, ``"01.002"``... (the activity's place in the rubric, then the run's place in its
  suite), zero-padded so that the numbers sort the same compared as text, as version numbers or
  as decimals (``A1.10`` came before ``A1.9`` as text, ``A10.1`` before ``A2.1``), ``passed`` or ``failed``, with what went wrong,
  what the code printed and the command that replays it, as Markdown in which nothing the
  student wrote can become markup (markdown_report's ``fenced`` and ``code``);
- an activity whose file is missing, only the starter (not started) or did not load is one entry worth the activity's points,
  with the import error: its tests say nothing more, and listing them would name hidden ones;
- public tests are ``visible``; hidden tests get ``hidden_visibility`` (``after_due_date`` by
  default), so their names and messages stay out of sight until then. The top-level ``output``
  counts only public tests unless hidden ones are visible too: it must not give away a hidden
  result either;
- advisory ("going further") checks are entries worth what the rubric makes them worth (0 unless
  ``advisory: graded``), marked in their name; their status still says passed or failed;
- bonus activities: ``extra_credit`` (default) keeps their points, so the sum is ``total +
  bonus`` and may exceed the assignment's points, which Gradescope shows as extra credit;
  ``apart`` makes them worth 0 there and says in their output what they earned.

Only one submission fits in a results.json: ``OneSubmissionError`` says so otherwise.
"""

import json
from dataclasses import dataclass
from pathlib import Path

from grader.results.replay import replay_command
from grader.reporters.atomic import write_atomically
from grader.reporters.hookspecs import OutputFormat, hookimpl
from grader.reporters.markdown_report import code, fenced
from grader.reporters.wording import (
    GRADER_ERROR_HEADLINE,
    UNUSABLE_HEADLINE,
    in_students_words,
    outcome_words,
    score_of,
)
from grader.results.model import ActivityResult, ClassResults, SubmissionResult, TestResult

VISIBILITIES = ("visible", "after_due_date", "after_published", "hidden")
BONUS_POLICIES = ("extra_credit", "apart")


@dataclass(frozen=True)
class GradescopeOptions:
    """How hidden tests and bonus points appear on Gradescope (see the module docstring)."""

    hidden_visibility: str = "after_due_date"
    bonus: str = "extra_credit"

    def __post_init__(self) -> None:
        if self.hidden_visibility not in VISIBILITIES:
            raise ValueError(f"hidden tests' visibility {self.hidden_visibility!r} is not one Gradescope knows; "
                             f"use one of {', '.join(VISIBILITIES)}")
        if self.bonus not in BONUS_POLICIES:
            raise ValueError(f"bonus {self.bonus!r} is not a bonus policy; use one of {', '.join(BONUS_POLICIES)}")


class OneSubmissionError(ValueError):
    """A results.json for Gradescope or PrairieLearn holds one submission; these results hold several or none."""


def only_submission(results: ClassResults, platform: str) -> SubmissionResult:
    """The one submission of ``results``, or ``OneSubmissionError`` saying what to do."""
    if len(results.submissions) != 1:
        ids = ", ".join(s.id for s in results.submissions[:5]) + (" ..." if len(results.submissions) > 5 else "")
        raise OneSubmissionError(
            f"{platform} reads one submission per results.json, and these results hold {len(results.submissions)}"
            f"{': ' + ids if ids else ''}. Pick one with --student ID, or export the results.json of "
            "`grader check FOLDER --hidden --out DIR`, which grades one submission.")
    return results.submissions[0]


@in_students_words
def gradescope_document(sub: SubmissionResult, options: GradescopeOptions = GradescopeOptions(),
                        base_seed: int = 0) -> dict:
    """Gradescope's results.json for one submission, as a dict."""
    tests = [entry for place, activity in enumerate(sub.activities, 1)
             for entry in _activity_entries(activity, place, options, base_seed)]
    document: dict = {
        "output": summary(sub, options),
        "output_format": "md",
        "test_output_format": "md",
        "tests": tests,
        "execution_time": round(sum(t.duration for a in sub.activities for t in a.tests)),
        # Only the status: a total would tell anyone who can read this file the hidden tests' result.
        "extra_data": {"grader": {"status": sub.status}},
    }
    if not tests:
        document["score"] = 0.0  # Gradescope needs a score somewhere; nothing was graded
    return document


def failure_document(headline: str, detail: str = "") -> dict:
    """The results.json written when grading did not get as far as a result: score 0, and only
    ``headline`` and ``detail`` (which must not say anything that helps a student cheat)."""
    output = f"**{headline}**" + (f"\n\n{detail}" if detail else "")
    return {"score": 0.0, "output": output, "output_format": "md", "tests": [],
            "extra_data": {"grader": {"status": "grader_error"}}}


def summary(sub: SubmissionResult, options: GradescopeOptions) -> str:
    """The top-level output: what happened, in a few lines, with no hidden test's result in it
    unless hidden tests are visible."""
    if sub.status == "unusable":
        return f"**{UNUSABLE_HEADLINE}:**\n\n" + fenced("\n".join(sub.messages) or "(no reason given)")
    lines = []
    if sub.status == "grader_error":
        lines += [f"**{GRADER_ERROR_HEADLINE}** Your teacher can see what happened and run the autograder again.", ""]
    shows_hidden = options.hidden_visibility == "visible"
    ran = [a for a in sub.activities if a.status in ("graded", "grader_error")]
    runs = [t for a in ran if not a.bonus for t in a.tests]
    public = [t for t in runs if t.visibility == "public" and not t.advisory]
    hidden = [t for a in ran for t in a.tests if t.visibility != "public"]
    if shows_hidden:
        bonus = f" (bonus: {score_of(sub.bonus, sub.bonus_max)})" if sub.bonus_max else ""
        lines.append(f"- Score: **{score_of(sub.total, sub.max)}**{bonus}")
    if public:
        passed = [t for t in public if t.outcome == "passed"]
        lines.append(f"- Public tests: {len(passed)} of {len(public)} passed "
                     f"({score_of(sum(t.points for t in public), sum(t.max_points for t in public))} points)")
    bonus_runs = [t for a in ran if a.bonus for t in a.tests]
    if bonus_runs and not shows_hidden and all(t.visibility == "public" for t in bonus_runs):
        lines.append(f"- Bonus: {score_of(sub.bonus, sub.bonus_max)} points"
                     + (" (extra credit)" if options.bonus == "extra_credit" else " (counted apart)"))
    if hidden and not shows_hidden:
        when = {"after_due_date": "after the due date", "after_published": "when your teacher publishes the grades",
                "hidden": "to your teacher only"}[options.hidden_visibility]
        lines.append(f"- Hidden tests: {len(hidden)}; their results are shown {when}.")
    for activity in sub.activities:
        if activity.status == "missing" and not activity.bonus:
            lines.append(f"- {activity.id} {activity.title}: not handed in (0 points).")
        elif activity.status == "not_started":
            lines.append(f"- {activity.id} {activity.title}: not started, only the starter code (0 points).")
        elif activity.status == "not_loaded":
            lines.append(f"- {activity.id} {activity.title}: the file did not load (0 points); the test "
                         f"{code(_entry_name(activity, 'the file loads'))} shows the error.")
    if not lines:
        lines.append("- Nothing was graded.")
    return "\n".join(lines)


def entry_number(activity_place: int, run: int) -> str:
    """Gradescope's ``number`` of a test: ``01.001``. Three digits after the dot keep decimal
    order right up to 999 runs per activity, two before it up to 99 activities."""
    return f"{activity_place:02d}.{run:03d}"


def _activity_entries(activity: ActivityResult, place: int, options: GradescopeOptions, base_seed: int) -> list[dict]:
    apart = activity.bonus and options.bonus == "apart"
    if activity.status in ("missing", "not_started"):
        optional = activity.bonus and activity.status == "missing"
        return [{"name": _entry_name(activity, "handed in" if activity.status == "missing" else "started"), "number": entry_number(place, 1),
                 "score": 0.0, "max_score": 0.0 if optional or apart else activity.max,
                 **({} if optional else {"status": "failed"}), "visibility": "visible",
                 "output": ("An optional bonus, not handed in: no points lost.\n\n" if optional else "")
                 + fenced(activity.note or "The file was not found.")}]
    if activity.status == "not_loaded":
        return [{"name": _entry_name(activity, "the file loads"), "number": entry_number(place, 1),
                 "score": 0.0, "max_score": 0.0 if apart else activity.max, "status": "failed",
                 "visibility": "visible",
                 "output": "Importing the file failed, so none of this activity's tests could run:\n\n"
                           + fenced(activity.note or "(no error message)")}]
    entries = [_test_entry(activity, test, entry_number(place, n), options, base_seed, apart)
               for n, test in enumerate(activity.tests, 1)]
    if activity.status == "grader_error":
        entries.append({"name": _entry_name(activity, "the grader failed"), "number": entry_number(place, len(entries) + 1),
                        "score": 0.0, "max_score": 0.0, "status": "failed", "visibility": "visible",
                        "output": f"**{GRADER_ERROR_HEADLINE}**\n\n" + fenced(activity.note)})
    return entries


def _test_entry(activity: ActivityResult, test: TestResult, number: str, options: GradescopeOptions,
                base_seed: int, apart: bool) -> dict:
    label = test.name + (" (going further)" if test.advisory else "")
    return {
        "name": _entry_name(activity, label),
        "number": number,
        "score": 0.0 if apart else test.points,
        "max_score": 0.0 if apart else test.max_points,
        "status": "passed" if test.outcome == "passed" else "failed",
        "visibility": "visible" if test.visibility == "public" else options.hidden_visibility,
        "output": entry_output(activity, test, base_seed, apart),
    }


def entry_output(activity: ActivityResult, test: TestResult, base_seed: int = 0, apart: bool = False) -> str:
    """One test's output, in Markdown: the outcome, the message, what the code printed, how to
    replay it. The replay uses the lab's own rubric: a student has no copy of the teacher's."""
    parts = [f"**{outcome_words(test.outcome)}**"]
    if test.advisory:
        parts.append("A check that goes further than the lab asks (\"going further\").")
    if apart:
        parts.append(f"Bonus, counted apart: {score_of(test.points, test.max_points)} points.")
    if test.message:
        parts.append(fenced(test.message))
    if test.output:
        parts += ["What the code printed:", fenced(test.output)]
    if test.outcome != "passed":
        replay = replay_command(activity.id, test.name, hidden=test.visibility == "hidden", base_seed=base_seed)
        parts.append(f"Run it again, alone, in your folder: {code(replay)}")
    return "\n\n".join(parts)


def _entry_name(activity: ActivityResult, what: str) -> str:
    return f"{activity.id} {activity.title}: {what}"


def write_gradescope_json(results: ClassResults, path: Path, options: GradescopeOptions = GradescopeOptions()) -> list[Path]:
    document = gradescope_document(only_submission(results, "Gradescope"), options, results.base_seed)
    return [write_atomically(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")]


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("gradescope", "Gradescope's results.json, for one submission (docs/integrations.md)",
                         "gradescope.json", write_gradescope_json, in_grade=False)]
