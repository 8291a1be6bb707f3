"""The deadline a teacher types, as an exact moment: ``parse_deadline("2026-12-01 23:59", None)``.

Accepted: ``2026-12-01 23:59``, ``2026-12-01T23:59:00``, and ``2026-12-01`` (the end of that
day, 23:59:59), each optionally followed by an offset (``+01:00``, ``-0500``) or ``Z``. Without
an offset the time is read in the named IANA zone (``--timezone Europe/Paris``) or else in the
machine's own zone. A wall-clock time that the zone skips (clocks going forward) or passes twice
(clocks going back) is refused, naming which: guessing would move the deadline by an hour.
Pure: no I/O beyond the zone database.
"""

import difflib
import re
import time
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

FORMS = ("2026-12-01 23:59", "2026-12-01T23:59:00", "2026-12-01 (the end of the day, 23:59:59)",
         "any of them with an offset: 2026-12-01T23:59:00+01:00 or ...Z for UTC")
PATTERN = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})"
    r"(?:[T ](?P<hour>\d{2}):(?P<minute>\d{2})(?::(?P<second>\d{2}))?)?"
    r"\s*(?P<offset>Z|z|[+-]\d{2}(?::?\d{2})?)?")


class DeadlineError(ValueError):
    """A deadline or time zone that cannot be read; the message is for the teacher."""


def parse_deadline(text: str, zone: str | None = None) -> datetime:
    """The moment ``text`` names, timezone-aware. An offset in ``text`` wins over ``zone``
    (it is exact); ``zone`` is an IANA name; neither: the machine's local zone."""
    cleaned = text.strip()
    match = PATTERN.fullmatch(cleaned)
    if not match:
        raise DeadlineError(_bad(text, "is not a date and time the grader reads"))
    try:
        day = datetime.strptime(match["date"], "%Y-%m-%d")
        if match["hour"] is None:
            wall = day.replace(hour=23, minute=59, second=59)
        else:
            wall = day.replace(hour=int(match["hour"]), minute=int(match["minute"]), second=int(match["second"] or 0))
    except ValueError as exc:
        raise DeadlineError(_bad(text, f"is not a real date or time ({exc})")) from None
    if match["offset"]:
        return wall.replace(tzinfo=_offset(match["offset"], text))
    if zone is None:
        return _in_zone(wall, None, f"this computer's time zone ({'/'.join(time.tzname)})", text)
    return _in_zone(wall, _zone(zone), zone, text)


def _bad(text: str, what: str) -> str:
    return (f"The deadline {text!r} {what}. Write it as one of: {'; '.join(FORMS)}. "
            "For example: --deadline '2026-12-01 23:59' --timezone America/New_York")


def _offset(text: str, whole: str) -> timezone:
    if text in ("Z", "z"):
        return timezone.utc
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if hours > 23 or minutes > 59:
        raise DeadlineError(_bad(whole, f"has the offset {text}, which is not a real UTC offset"))
    sign = -1 if text[0] == "-" else 1
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _zone(name: str) -> ZoneInfo:
    """The IANA zone ``name``, or a ``DeadlineError`` naming the nearest real ones."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        # ValueError: a name like "../x" or "/etc/x" that zoneinfo refuses to look up.
        near = difflib.get_close_matches(name, sorted(available_timezones()), n=3)
        hint = f" Did you mean {' or '.join(near)}?" if near else ""
        raise DeadlineError(f"The time zone {name!r} is not one the grader knows.{hint} Give an IANA name such as "
                            "Europe/Paris, America/New_York or UTC (the list: "
                            "https://en.wikipedia.org/wiki/List_of_tz_database_time_zones).") from None


def _in_zone(wall: datetime, zone: tzinfo | None, zone_name: str, text: str) -> datetime:
    """``wall`` (naive) as the moment it is in ``zone`` (None: local), refusing a time the zone
    skips or repeats. ``fold`` picks the first or second reading of a repeated time; the two
    agree except in a gap or a fold, and only a fold survives the round trip through UTC."""
    readings = [_aware(wall.replace(fold=fold), zone) for fold in (0, 1)]
    offsets = sorted({reading.utcoffset() for reading in readings})
    if len(offsets) == 1:
        return readings[0].replace(fold=0)
    shown = wall.strftime("%Y-%m-%d %H:%M:%S")
    # Which offset a fold picks in a gap differs between zoneinfo and the C library, so the
    # message orders them itself: clocks going forward raise the offset, going back lower it.
    low, high = (wall.replace(tzinfo=timezone(offset)).isoformat() for offset in offsets)
    if _wall(readings[0], zone) == wall:
        raise DeadlineError(
            f"The deadline {text!r} happens twice in {zone_name}: the clocks go back that night (UTC{_hours(offsets[1])} "
            f"to UTC{_hours(offsets[0])}), so {shown} is both {high} and, an hour later, {low}. "
            f"Write the one you mean with its offset, e.g. --deadline '{high}'.")
    raise DeadlineError(
        f"The deadline {text!r} does not exist in {zone_name}: the clocks jump forward that night (UTC"
        f"{_hours(offsets[0])} to UTC{_hours(offsets[1])}) and skip {shown}. Give a time outside the jump, or "
        f"one with its offset, e.g. --deadline '{low}'.")


def _aware(wall: datetime, zone: tzinfo | None) -> datetime:
    """``wall`` made aware in ``zone``; None: the machine's zone, by the C library's rules for
    that date (daylight saving included), as a fixed offset."""
    return wall.replace(tzinfo=zone) if zone is not None else wall.astimezone()


def _wall(moment: datetime, zone: tzinfo | None) -> datetime:
    """The naive wall-clock time ``moment`` shows in ``zone`` (None: the machine's zone)."""
    # Through UTC: astimezone() into the zone a time already has returns it unchanged.
    utc = moment.astimezone(timezone.utc)
    return (utc.astimezone(zone) if zone is not None else utc.astimezone()).replace(tzinfo=None)


def _hours(offset: timedelta | None) -> str:
    minutes = int((offset or timedelta()).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
