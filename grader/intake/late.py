"""Late work: whether a submission is late, and what a rubric's late policy takes off for it.

Lateness comes from the download (Canvas's LATE mark), from a deadline the teacher gives
compared with a time the download states (Blackboard's attempt time, Gradescope's
``created_at``, a commit's time), or from nowhere (a Moodle download holds no times). It is
always shown; points come off only when the rubric states a policy:

    late: {per_day: 10%, max_days: 3}

``per_day`` is taken off the total for each day or part of a day late, counted from the
deadline; ``max_days`` caps the days counted (work 5 days late loses 30% here, never more),
and may be left out for no cap. The penalty never takes the total below 0. A submission that
is late by an unknown amount (Canvas says LATE but not by how much) loses nothing, and its
report says why, so that no student is penalised by a guess.
"""

import math
from dataclasses import dataclass
from datetime import datetime

DAY_SECONDS = 24 * 60 * 60


class LatePolicyError(ValueError):
    """The rubric's ``late:`` entry is malformed: the message gives the value, the rule and a fix."""


@dataclass(frozen=True)
class LatePolicy:
    per_day: float  # a fraction of the total, 0 < per_day <= 1
    max_days: int | None = None

    def describe(self) -> str:
        cap = f", for at most {self.max_days} day{'s' if self.max_days != 1 else ''}" if self.max_days else ""
        return f"{_percent(self.per_day)} of the total per day late (each started day counts){cap}"


def parse_policy(raw) -> LatePolicy | None:
    """The policy from a rubric's ``late:`` value (None when the rubric states none)."""
    if raw is None:
        return None
    example = "write e.g. `late: {per_day: 10%, max_days: 3}`, or leave `late:` out for no penalty"
    if not isinstance(raw, dict) or set(raw) - {"per_day", "max_days"} or "per_day" not in raw:
        raise LatePolicyError(f"late: {raw!r} must be a mapping with per_day (and optionally max_days); {example}")
    per_day = _fraction(raw["per_day"])
    if per_day is None or not 0 < per_day <= 1:
        raise LatePolicyError(f"late.per_day: {raw['per_day']!r} is not a share of the total between 0% and 100%; {example}")
    max_days = raw.get("max_days")
    if max_days is not None and (isinstance(max_days, bool) or not isinstance(max_days, int) or max_days < 1):
        raise LatePolicyError(f"late.max_days: {max_days!r} is not a whole number of days (1 or more); {example}")
    return LatePolicy(per_day, max_days)


def compare_with_deadline(identity: dict, deadline: datetime | None) -> None:
    """Set ``late`` and ``late_seconds`` of an identity from its ``submitted_at`` and the
    deadline, where the download itself did not say (a repository's reader decides for itself)."""
    if deadline is None or identity.get("lms") == "classroom" or not identity.get("submitted_at"):
        return
    submitted = datetime.fromisoformat(identity["submitted_at"])
    if submitted.tzinfo is None:  # the download gave a local time without its zone: read it in the deadline's
        submitted = submitted.replace(tzinfo=deadline.tzinfo)
    seconds = math.ceil((submitted - deadline).total_seconds())
    identity["late"] = seconds > 0
    identity["late_seconds"] = max(seconds, 0) if seconds > 0 else None


def penalty(policy: LatePolicy | None, identity: dict, total: float) -> dict:
    """What the policy takes off ``total`` for this identity: {} when nothing is late, else
    {"days", "percent", "points", "note"} (points 0, with a note, when the policy cannot apply)."""
    if not identity.get("late"):
        return {}
    seconds = identity.get("late_seconds")
    if policy is None:
        return {"days": _days(seconds), "percent": 0.0, "points": 0.0, "note": "late; the rubric states no late penalty"}
    if seconds is None:
        return {"days": None, "percent": 0.0, "points": 0.0,
                "note": "late, but the download does not say by how much, so no penalty was taken"}
    days = _days(seconds)
    counted = min(days, policy.max_days) if policy.max_days else days
    share = min(policy.per_day * counted, 1.0)
    return {"days": days, "percent": round(share * 100, 2), "points": round(total * share, 2),
            "note": f"{days} day{'s' if days != 1 else ''} late: {_percent(share)} off ({policy.describe()})"}


def _days(seconds: int | None) -> int | None:
    return None if seconds is None else max(1, math.ceil(seconds / DAY_SECONDS))


def _fraction(value) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) / 100 if value > 1 else float(value)  # 10 means 10%, 0.1 means 10%
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            return float(value.strip()[:-1]) / 100
        except ValueError:
            return None
    return None


def _percent(share: float) -> str:
    return f"{share * 100:g}%"


def apply_lateness(rubric, result, identity: dict) -> None:
    """Give a graded ``result`` its submission's identity, and take the rubric's late penalty
    off its total (never below 0). Work that could not be graded keeps its identity only."""
    result.identity = dict(identity)
    taken = penalty(rubric.late, identity, result.total) if identity else {}
    if taken and result.status == "graded":
        result.total = max(0.0, round(result.total - taken["points"], 2))
        result.late_penalty = taken
