"""deadline.py: the deadline a teacher types, as an exact moment, or a message saying how to
write it."""

import time
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from grader.intake.deadline import DeadlineError, parse_deadline

PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture
def local_zone(monkeypatch):
    """Set the machine's zone for one test (the C library reads TZ), and restore it after."""
    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()
    yield set_zone
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("text, expected", [
    ("2026-12-01 23:59", datetime(2026, 12, 1, 23, 59, tzinfo=PARIS)),
    ("2026-12-01T23:59:00", datetime(2026, 12, 1, 23, 59, tzinfo=PARIS)),
    ("2026-12-01T23:59:30", datetime(2026, 12, 1, 23, 59, 30, tzinfo=PARIS)),
    ("2026-12-01", datetime(2026, 12, 1, 23, 59, 59, tzinfo=PARIS)),  # the end of that day
    ("  2026-12-01 23:59  ", datetime(2026, 12, 1, 23, 59, tzinfo=PARIS)),
    ("2026-07-01 12:00", datetime(2026, 7, 1, 12, 0, tzinfo=PARIS)),  # summer time: +02:00
])
def test_forms_read_in_the_named_zone(text, expected):
    parsed = parse_deadline(text, "Europe/Paris")
    assert parsed == expected and parsed.utcoffset() == expected.utcoffset()


@pytest.mark.parametrize("text, offset", [
    ("2026-12-01T23:59:00Z", timedelta(0)),
    ("2026-12-01 23:59Z", timedelta(0)),
    ("2026-12-01T23:59:00+05:30", timedelta(hours=5, minutes=30)),
    ("2026-12-01T23:59:00-0500", timedelta(hours=-5)),
    ("2026-12-01T23:59-05", timedelta(hours=-5)),
    ("2026-12-01+01:00", timedelta(hours=1)),
])
def test_an_offset_in_the_text_wins_over_the_zone(text, offset):
    parsed = parse_deadline(text, "America/New_York")
    assert parsed.utcoffset() == offset
    assert parsed.replace(tzinfo=None) in (datetime(2026, 12, 1, 23, 59), datetime(2026, 12, 1, 23, 59, 59))


def test_without_a_zone_the_machines_own_is_used(local_zone):
    local_zone("America/New_York")
    assert parse_deadline("2026-12-01 23:59") == datetime(2026, 12, 2, 4, 59, tzinfo=timezone.utc)
    assert parse_deadline("2026-07-01 12:00").utcoffset() == timedelta(hours=-4)
    local_zone("Asia/Tokyo")
    assert parse_deadline("2026-12-01").utcoffset() == timedelta(hours=9)


@pytest.mark.parametrize("text, words", [
    ("tomorrow", "is not a date and time the grader reads"),
    ("12/01/2026", "is not a date and time the grader reads"),
    ("2026-12-01 11:59 PM", "is not a date and time the grader reads"),
    ("2026-02-30", "is not a real date or time"),
    ("2026-12-01 24:00", "is not a real date or time"),
    ("2026-12-01 23:60", "is not a real date or time"),
    ("2026-12-01T23:59+25:00", "not a real UTC offset"),
    ("", "is not a date and time the grader reads"),
])
def test_a_bad_deadline_says_what_is_accepted(text, words):
    with pytest.raises(DeadlineError) as caught:
        parse_deadline(text, "Europe/Paris")
    message = str(caught.value)
    assert words in message and repr(text) in message
    assert "2026-12-01 23:59" in message and "2026-12-01T23:59:00" in message  # the forms, and an example
    assert isinstance(caught.value, ValueError)


def test_an_unknown_zone_names_the_nearest():
    with pytest.raises(DeadlineError, match=r"'Europe/Pariss' is not one the grader knows. Did you mean Europe/Paris"):
        parse_deadline("2026-12-01", "Europe/Pariss")
    for bad in ("../../etc/passwd", "/etc/localtime", "Nowhere/Atlantis", ""):
        with pytest.raises(DeadlineError, match="IANA name"):
            parse_deadline("2026-12-01", bad)


def test_a_time_the_clocks_skip_is_refused():
    # 2026-03-08 02:00 in New York: the clocks go from 02:00 straight to 03:00.
    with pytest.raises(DeadlineError) as caught:
        parse_deadline("2026-03-08 02:30", "America/New_York")
    message = str(caught.value)
    assert "does not exist in America/New_York" in message and "jump forward" in message
    assert "UTC-05:00 to UTC-04:00" in message and "2026-03-08T02:30:00-05:00" in message
    assert parse_deadline("2026-03-08 03:00", "America/New_York").utcoffset() == timedelta(hours=-4)


def test_a_time_the_clocks_repeat_is_refused():
    # 2026-10-25 03:00 in Paris: the clocks go back to 02:00, so 02:30 happens twice.
    with pytest.raises(DeadlineError) as caught:
        parse_deadline("2026-10-25 02:30", "Europe/Paris")
    message = str(caught.value)
    assert "happens twice in Europe/Paris" in message and "go back" in message
    assert "2026-10-25T02:30:00+02:00" in message and "2026-10-25T02:30:00+01:00" in message
    # Written with its offset, either reading is accepted.
    assert parse_deadline("2026-10-25T02:30:00+01:00", "Europe/Paris").utcoffset() == timedelta(hours=1)


def test_gaps_and_folds_in_the_machines_zone_too(local_zone):
    local_zone("Australia/Sydney")  # the southern hemisphere: forward in October, back in April
    with pytest.raises(DeadlineError, match="does not exist in this computer's time zone"):
        parse_deadline("2026-10-04 02:30")
    with pytest.raises(DeadlineError, match="happens twice in this computer's time zone"):
        parse_deadline("2026-04-05 02:30")
    assert parse_deadline("2026-04-05 03:30").utcoffset() == timedelta(hours=10)
