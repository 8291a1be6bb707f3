"""``grader export blackboard`` and ``grader export moodle``: the grade-import file each LMS
documents, filled from results.json (the formats: grader/integrations/blackboard_grades.py and
grader/integrations/moodle_worksheet.py).

A class graded from that LMS's download carries each student's id in the LMS (the Blackboard
username, the Moodle participant id; grader/intake/), so rows are matched with no manual work; a
class graded from plain folders is matched by folder name. Like `grader export canvas`, a
submission that was not graded leaves its student's cell as it was (never a made-up 0), and
everything left out is listed: a submission whose score is not in the file (not graded, no row
for it, a row the LMS would skip) with exit code 3 (70 when the grader failed on a submission); a
student who handed nothing in as a note, with exit code 0, as an ordinary absence.
"""

from pathlib import Path

import click

from grader.commands.export import load_results, results_argument
from grader.commands.exitcodes import ExitCode, fail
from grader.reporters.atomic import write_atomically
from grader.reporters.wording import plural, visible
from grader.results.model import ClassResults, SubmissionResult

_NOT_GRADED = {"unusable": "could not be graded (see its report)",
               "grader_error": "the grader failed on it, so its score is incomplete"}


def scores_for(results: ClassResults, id_key: str, with_bonus: bool) -> tuple[dict[str, float], list[str]]:
    """(LMS id -> score for every graded submission, lines about the ones left out)."""
    scores, left_out = {}, []
    for sub in results.submissions:
        key = (sub.identity.get("ids", {}).get(id_key) if sub.identity else None) or sub.id
        if sub.status != "graded":
            left_out.append(f"{visible(sub.id)}: {_NOT_GRADED.get(sub.status, sub.status)}; its cell is left as it was")
            continue
        scores[str(key)] = sub.total + (sub.bonus if with_bonus else 0.0)
    return scores, left_out


def _section(title: str, lines: list[str]) -> None:
    if lines:
        click.echo("")
        click.echo(title)
        for line in lines:
            click.echo(f"  - {line}")


def _exit(results: ClassResults, problems: bool) -> None:
    """70 when the grader failed on a submission, 3 when a score is missing from the file
    (``problems``), else 0: a student who handed nothing in is a note, not a failure."""
    if results.grader_failed:
        raise SystemExit(ExitCode.INTERNAL)
    raise SystemExit(ExitCode.BAD_INPUT if problems else ExitCode.OK)


def _write(target: Path, data: bytes) -> None:
    try:
        write_atomically(target, data)
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"cannot write {target} ({exc.strerror}). Give -o a file in a folder you can write to.")


def _same_file(output: Path, given: Path | None) -> None:
    if given is not None and output.resolve() == given.resolve():
        fail(ExitCode.USAGE, f"-o {output} is the downloaded file itself. Write to a new file so the download stays "
                             "as the LMS gave it.")


@click.command("blackboard")
@results_argument
@click.option("--gradebook", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="The Full Grade Center download (Work Offline, Download: the .xls or .csv) to fill one column of.")
@click.option("--column", default=None,
              help="The Grade Center column to fill, as its header reads, e.g. 'Lab 3 [Total Pts: 166 Score] |123456' "
                   "(with --gradebook, the title or the |id alone is enough).")
@click.option("--with-bonus", is_flag=True, help="Add the bonus points to the score.")
@click.option("-o", "--output", "path", type=click.Path(dir_okay=False, path_type=Path), default=Path("blackboard-upload.csv"),
              show_default=True, help="The file to upload in Grade Center (Work Offline, Upload).")
def blackboard_command(results_file: Path, gradebook: Path | None, column: str | None, with_bonus: bool, path: Path) -> None:
    """The file to upload to Blackboard Learn's Grade Center, matched on each student's username."""
    from grader.integrations import blackboard_grades as bb

    results = load_results(results_file)
    _same_file(path, gradebook)
    scores, left_out = scores_for(results, "blackboard_username", with_bonus)
    try:
        if gradebook is not None:
            text, encoding = bb.decode(gradebook.read_bytes())
            filled = bb.fill_downloaded(text, column or results.heading, scores)
            data, column_name, written = bb.encode(filled.text, encoding), filled.column, len(filled.written)
            unmatched = [f"{visible(name)}: no row has this Username" for name in filled.unmatched]
            no_score = [f"{visible(name)} ({visible(user)}): no graded submission; cell unchanged" for user, name in filled.no_score]
        else:
            if column is None:
                fail(ExitCode.USAGE, "--column is needed without --gradebook: give the header of the Grade Center "
                                     "column to fill, e.g. --column 'Lab 3 [Total Pts: 166 Score] |123456' (the |id is "
                                     "in the column's header of a Grade Center download).")
            rows = [_blackboard_row(sub, scores) for sub in results.submissions if sub.status == "graded"]
            data, column_name, written = bb.new_upload(column, rows).encode("utf-8-sig"), column, len(rows)
            unmatched, no_score = [], []
    except bb.BlackboardGradesError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    except OSError as exc:
        fail(ExitCode.BAD_INPUT, f"cannot read {gradebook} ({exc.strerror}).")
    _write(path.resolve(), data)
    click.echo(f"Filled {visible(column_name)!r} for {plural(written, 'student')}. Wrote {path.resolve()}: upload it in "
               "Grade Center with Work Offline, Upload.")
    _section("Not in the file:", left_out + unmatched)
    _section("Note: left as they were (no graded submission):", no_score)
    _exit(results, bool(left_out or unmatched))


def _blackboard_row(sub: SubmissionResult, scores: dict[str, float]) -> tuple[str, str, str, float]:
    username = str((sub.identity.get("ids", {}).get("blackboard_username") if sub.identity else None) or sub.id)
    name = (sub.identity.get("name") or "") if sub.identity else ""
    first, _, last = name.rpartition(" ") if " " in name else ("", "", name)
    return last, first, username, scores[username]


@click.command("moodle")
@results_argument
@click.option("--worksheet", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="The assignment's grading worksheet (View all submissions, Grading action, Download grading "
                   "worksheet) to fill the Grade column of.")
@click.option("--with-bonus", is_flag=True, help="Add the bonus points to the score.")
@click.option("-o", "--output", "path", type=click.Path(dir_okay=False, path_type=Path), default=Path("moodle-grades.csv"),
              show_default=True, help="The file to upload in the assignment (Grading action, Upload grading worksheet).")
def moodle_command(results_file: Path, worksheet: Path | None, with_bonus: bool, path: Path) -> None:
    """The grading worksheet to upload to a Moodle assignment, matched on each participant id."""
    from grader.integrations import moodle_worksheet as mw

    results = load_results(results_file)
    _same_file(path, worksheet)
    scores, left_out = scores_for(results, "moodle_participant_id", with_bonus)
    without, skipped, unmatched = [], [], []
    try:
        if worksheet is not None:
            filled = mw.fill_worksheet(worksheet.read_text(encoding="utf-8"), scores)
            text, written = filled.text, len(filled.written)
            unmatched = [f"Participant {visible(pid)}: not in the worksheet" for pid in filled.unmatched]
            without = [f"{visible(name)} (Participant {visible(pid)}, {visible(status)})" for pid, name, status in filled.without_score]
            skipped = [f"{visible(name)} (Participant {visible(pid)}): {visible(why)}" for pid, name, why in filled.skipped]
        else:
            rows = [(_moodle_id(sub), (sub.identity or {}).get("name", "") or sub.id, sub.total + (sub.bonus if with_bonus else 0.0),
                     sub.max) for sub in results.submissions if sub.status == "graded"]
            text, written = mw.new_worksheet(rows), len(rows)
    except mw.WorksheetError as exc:
        fail(ExitCode.BAD_INPUT, str(exc))
    except (OSError, UnicodeDecodeError) as exc:
        fail(ExitCode.BAD_INPUT, f"cannot read {worksheet} as the UTF-8 worksheet Moodle gives ({exc}). Download it again.")
    _write(path.resolve(), text.encode("utf-8"))
    click.echo(f"Filled the Grade of {plural(written, 'participant')}. Wrote {path.resolve()}: upload it in the "
               "assignment with Grading action, Upload grading worksheet.")
    _section("Not in the file:", left_out + unmatched)
    _section("Note: left as they were (no graded submission):", without)
    _section("Moodle would skip these:", skipped)
    _exit(results, bool(left_out or unmatched or skipped))


def _moodle_id(sub: SubmissionResult) -> str:
    return str((sub.identity.get("ids", {}).get("moodle_participant_id") if sub.identity else None) or sub.id)
