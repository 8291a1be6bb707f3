"""Processes below a command under test, from /proc (Linux): what must be gone when it stops;
and names for the ones a test looks for machine-wide."""

import secrets
from pathlib import Path


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid``, found from /proc (Linux)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def sleep_seconds(whole: int) -> str:
    """A `sleep` argument of about ``whole`` seconds that no other run on the machine uses.

    A test that looks for a leftover `sleep` by its command line (``pgrep -f``) must find only
    the one its own student file started, not another run's (a second pytest worker, another
    checkout's suite) still inside the same test.
    """
    return f"{whole}.{secrets.randbelow(10 ** 9):09d}"
