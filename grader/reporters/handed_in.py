"""Who handed a submission in, when, and whether it was late: the words every output uses.

The terminal table, index.html, each report and gradebook.csv say the same thing about a
submission from an LMS download (grader/intake/), built here once: the student as the LMS names
them, the ids an import matches on, the time handed in (or the commit graded), and lateness with
any penalty. A plain class folder has no identity, and every function here then says nothing.
"""

from grader.results.model import SubmissionResult

LMS_WORDS = {"canvas": "Canvas", "moodle": "Moodle", "blackboard": "Blackboard", "gradescope": "Gradescope",
             "classroom": "GitHub Classroom"}
# The id each LMS's grade import matches on, first found wins.
MAIN_IDS = ("canvas_user_id", "moodle_participant_id", "blackboard_username", "gradescope_submission_id",
            "github_username")
GRADEBOOK_COLUMNS = ("name", "lms", "lms_id", "email", "handed_in", "late", "late_penalty", "commit")


def main_id(identity: dict) -> str:
    ids = identity.get("ids", {})
    return next((str(ids[key]) for key in MAIN_IDS if ids.get(key)), "")


def late_tag(sub: SubmissionResult) -> str:
    """A word or two for a table cell: "late", "late −20%", "on time", or "" when unknown."""
    late = sub.identity.get("late")
    if late is None:
        return ""
    if not late:
        return "on time"
    percent = sub.late_penalty.get("percent")
    return f"late −{percent:g}%" if percent else "late"


def handed_in_lines(sub: SubmissionResult) -> list[str]:
    """Sentences for a report: who, when or which commit, lateness and penalty, versions left out."""
    identity = sub.identity
    if not identity:
        return []
    lms = LMS_WORDS.get(identity.get("lms", ""), identity.get("lms", ""))
    who = identity.get("name") or sub.id
    ids = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in identity.get("ids", {}).items() if value)
    lines = [f"From {lms}: {who}" + (f" ({ids})" if ids else "") + "."]
    others = [s for s in identity.get("students", []) if s.get("name") and s.get("name") != who]
    if others:
        lines.append("Handed in with: " + ", ".join(s["name"] for s in others) + ".")
    commit = identity.get("commit") or {}
    if commit:
        subject = f" \u201c{commit['subject']}\u201d" if commit.get("subject") else ""
        lines.append(f"Graded at commit {commit.get('hash', '')[:12]} of {commit.get('time', '?')}{subject}.")
    elif identity.get("submitted_at"):
        lines.append(f"Handed in {identity['submitted_at']}.")
    lines += _late_lines(sub)
    work = identity.get("late_work") or {}
    if work.get("commits"):
        lines.append(f"Work after the deadline, not graded: {work['commits']} commit(s), the last "
                     f"{str(work.get('last_hash', ''))[:12]} of {work.get('last_time', '?')}.")
    if identity.get("superseded"):
        lines.append("Earlier versions not graded (the latest was): " + ", ".join(identity["superseded"]) + ".")
    return lines


def _late_lines(sub: SubmissionResult) -> list[str]:
    late = sub.identity.get("late")
    if late is None:
        return []
    if not late:
        return ["On time."]
    seconds = sub.identity.get("late_seconds")
    how_late = f"Late by {_duration(seconds)}" if seconds else "Late (the download does not say by how much)"
    note = sub.late_penalty.get("note", "")
    if sub.late_penalty.get("points"):
        return [f"{how_late}: {note}; {sub.late_penalty['points']:g} points off."]
    return [f"{how_late}." + (f" {note[0].upper()}{note[1:]}." if note and "rubric" in note else "")]


def gradebook_cells(sub: SubmissionResult) -> list[str]:
    """The cells of GRADEBOOK_COLUMNS for one submission."""
    identity = sub.identity
    if not identity:
        return [""] * len(GRADEBOOK_COLUMNS)
    students = identity.get("students") or []
    email = "; ".join(s.get("email", "") for s in students if s.get("email"))
    late = identity.get("late")
    commit = identity.get("commit") or {}
    return [identity.get("name", ""), identity.get("lms", ""), main_id(identity), email,
            identity.get("submitted_at", ""), "" if late is None else ("late" if late else "on time"),
            f"{sub.late_penalty['points']:g}" if sub.late_penalty.get("points") else "", commit.get("hash", "")]


def _duration(seconds: int) -> str:
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [f"{days} day{'s' if days != 1 else ''}"] if days else []
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if minutes and not days:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    return " ".join(parts) or f"{seconds} seconds"
