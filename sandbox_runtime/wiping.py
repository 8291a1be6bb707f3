"""Emptying the places a test can write, so nothing one test leaves is there for the next.

The zygote calls ``wipe`` after every test (zygote.py): a tester cannot count its runs with a
file, or leave a note for the next version of the class it tests.
"""

import os


def writable_places() -> list[str]:
    """Where a test can leave files for the next one: its home and, in the jail, its private
    /tmp (the first process of its own PID namespace has its own mount namespace too; at the
    process level /tmp is the machine's, and is left alone)."""
    places = [os.environ.get("HOME", "")]
    if os.getpid() == 1:
        places.append("/tmp")
    return [place for place in places if place and place != "/" and os.path.isdir(place)]


def wipe(places: list[str]) -> None:
    """Empty ``places`` after each test, so nothing written in one test (a counter in /tmp or
    in the home) is there for the next: a tester cannot count its runs, or leave a note for
    the next version. Links are removed, never followed; a folder made unwritable is made
    writable again first (it is this process's own user's)."""
    for place in places:
        try:
            device = os.stat(place).st_dev
            entries = list(os.scandir(place))
        except OSError:
            continue
        for entry in entries:
            _remove(entry.path, device)


def _remove(path: str, device: int) -> None:
    """Remove ``path`` and what is under it, staying on ``device``: what is mounted below (the
    sandbox's own folders, under the jail's /tmp) is not this place's to empty."""
    try:
        info = os.lstat(path)
        if info.st_dev != device:
            return
        if os.path.isdir(path) and not os.path.islink(path):
            if info.st_uid == os.getuid():
                os.chmod(path, 0o700)
            for entry in list(os.scandir(path)):
                _remove(entry.path, device)
            os.rmdir(path)
        else:
            os.unlink(path)
    except OSError:
        pass
