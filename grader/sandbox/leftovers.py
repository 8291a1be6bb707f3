"""The sandbox's temporary folders, named after their owner so a killed run's are found again.

A launcher keeps its copy of the runtime in ``grader-launcher-…`` and each sandbox its files in
``grader-sandbox-…``, both in the temporary folder; ``grader check`` and ``grader diagnose`` keep
their scratch (an unpacked zip, the run's records) in ``grader-check-…`` and ``grader-diagnose-…``. A normal end removes them (``close()``, and
an ``atexit`` hook for the shared launcher). A grading process killed with ``kill -9`` cannot,
so each folder's name carries its owner, ``<pid namespace>-<pid>-``, and every launcher that
starts removes the folders whose owner no longer exists. Only folders of this user and of this
PID namespace are considered: a pid means nothing in another namespace (a container sharing
the temporary folder), and there its owner may well be alive.
"""

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PATTERN = re.compile(r"^grader-(?:launcher|sandbox|check|diagnose)-(\d+)-(\d+)-")


def _namespace() -> int:
    try:
        return os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        return 0  # no /proc (macOS): one namespace


def owner_prefix(kind: str) -> str:
    """``grader-<kind>-<namespace>-<pid>-``: the start of a folder name this process owns."""
    return f"grader-{kind}-{_namespace()}-{os.getpid()}-"


def make_folder(kind: str, parent: Path | None = None) -> Path:
    """A new, empty folder (``kind`` is "launcher" or "sandbox") named after this process."""
    return Path(tempfile.mkdtemp(prefix=owner_prefix(kind), dir=parent))


@contextmanager
def owned_folder(kind: str) -> Iterator[Path]:
    """A folder named after this process for the ``with`` block, removed when it ends: what
    ``tempfile.TemporaryDirectory`` gives, but found again by ``remove_orphans`` after a kill -9."""
    folder = make_folder(kind)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def remove_orphans(parent: Path | None = None) -> list[Path]:
    """Remove the folders left by processes of this namespace that have died; which ones."""
    folder = Path(parent or tempfile.gettempdir())
    namespace, uid = _namespace(), os.getuid()
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = PATTERN.match(entry.name)
        if not match or int(match.group(1)) != namespace or _alive(int(match.group(2))):
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or entry.stat(follow_symlinks=False).st_uid != uid:
                continue
        except OSError:
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(Path(entry.path))
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: alive
    return True
