"""Emptying the places a test can write, and resetting what a test shares with its zygote, so
nothing one test leaves is there for the next.

The zygote calls ``wipe`` and ``restore_descriptions`` after every test (zygote.py): a tester
cannot count its runs with a file, or leave a note for the next version of the class it tests,
and a student's class cannot leave a mark that a later test's code looks for.
"""

import fcntl
import os
import struct


class Place:
    """A folder a test can write (``path``), and the mode and times it had before any test: the
    folder itself is the student's to ``chmod``, ``utime`` and tag with extended attributes, so
    emptying it is not enough."""

    def __init__(self, path: str) -> None:
        info = os.stat(path)
        self.path, self.mode, self.times = path, info.st_mode & 0o7777, (info.st_atime_ns, info.st_mtime_ns)


def writable_places() -> list[Place]:
    """Where a test can leave files for the next one: its home and, in the jail, its private
    /tmp (the first process of its own PID namespace has its own mount namespace too; at the
    process level /tmp is the machine's, and is left alone)."""
    places = [os.environ.get("HOME", "")]
    if os.getpid() == 1:
        places.append("/tmp")
    return [Place(place) for place in places if place and place != "/" and os.path.isdir(place)]


def wipe(places: list[Place]) -> None:
    """Empty ``places`` after each test, so nothing written in one test (a counter in /tmp or
    in the home) is there for the next: a tester cannot count its runs, or leave a note for
    the next version. Links are removed, never followed; a folder made unwritable is made
    writable again first (it is this process's own user's). Then each place gets back its
    own mode and times and loses the extended attributes a test set on it (``user.*``: tmpfs
    keeps them since Linux 6.6), which a later test could otherwise read."""
    for place in places:
        try:
            if os.path.islink(place.path):
                continue  # a test replaced the folder with a link (the process level): never followed
            os.chmod(place.path, place.mode)  # first: a test may have made it unreadable (0o000)
            device = os.stat(place.path).st_dev
            entries = list(os.scandir(place.path))
        except OSError:
            continue
        for entry in entries:
            _remove(entry.path, device)
        _reset_folder(place)


def _reset_folder(place: Place) -> None:
    try:
        for name in os.listxattr(place.path, follow_symlinks=False):
            try:
                os.removexattr(place.path, name, follow_symlinks=False)
            except OSError:
                pass  # one this user may not remove (security.*) is not one it could set either
    except (OSError, AttributeError):  # no extended attributes here (macOS has no os.listxattr)
        pass
    try:
        os.utime(place.path, ns=place.times, follow_symlinks=False)
    except OSError:
        pass


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


# -- the open file descriptions a test shares with its zygote -------------------------------------
# Every worker inherits the zygote's stdin (/dev/null), its command and reply pipes and the output
# file, and the zygote's /dev/null as stdout and stderr while the student's files are imported
# (spare.py). A dup'ed or inherited descriptor is the same open file description, whose state
# lives on after the test: status flags (O_APPEND, O_NONBLOCK, O_ASYNC...), the owner and signal
# for SIGIO, a pipe's capacity, flock and OFD locks. A test could set one and a later test read it.
_UNLOCK = getattr(fcntl, "F_OFD_SETLK", None)
_WHOLE_FILE = struct.pack("hhqqi4x", fcntl.F_UNLCK, os.SEEK_SET, 0, 0, 0)  # struct flock, l_pid 0 for OFD
_GETSIG, _SETSIG = getattr(fcntl, "F_GETSIG", None), getattr(fcntl, "F_SETSIG", None)  # Linux only
_PIPE_SIZE = (getattr(fcntl, "F_GETPIPE_SZ", None), getattr(fcntl, "F_SETPIPE_SZ", None))


def remember_descriptions(fds: list[int]) -> list[tuple[int, int, int | None]]:
    """(descriptor, status flags, pipe capacity or None) of each of ``fds`` that is open, as the
    zygote set them up, before any test: what ``restore_descriptions`` puts back."""
    saved = []
    for fd in dict.fromkeys(fds):
        try:
            flags = fcntl.fcntl(fd, fcntl.F_GETFL)
        except OSError:
            continue
        capacity = None
        if _PIPE_SIZE[0] is not None:
            try:
                capacity = fcntl.fcntl(fd, _PIPE_SIZE[0])
            except OSError:
                capacity = None  # not a pipe
        saved.append((fd, flags, capacity))
    return saved


def restore_descriptions(saved: list[tuple[int, int, int | None]]) -> None:
    """Put back what ``remember_descriptions`` saw, and release what a test left on them: its
    flock and OFD locks, and the process it named to receive SIGIO. Each setting is read first
    and written only when a test changed it (reading costs a fraction of writing): about 15 µs a
    test for the five descriptions, nearly all of it the unconditional unlocks."""
    for fd, flags, capacity in saved:
        for get, put, wanted in ((fcntl.F_GETFL, fcntl.F_SETFL, flags), (fcntl.F_GETOWN, fcntl.F_SETOWN, 0),
                                 (_GETSIG, _SETSIG, 0), (_PIPE_SIZE[0], _PIPE_SIZE[1], capacity)):
            if get is None or wanted is None:
                continue
            try:
                if fcntl.fcntl(fd, get) != wanted:
                    fcntl.fcntl(fd, put, wanted)
            except OSError:
                pass
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass
        if _UNLOCK is not None:
            try:
                fcntl.fcntl(fd, _UNLOCK, _WHOLE_FILE)
            except OSError:
                pass
