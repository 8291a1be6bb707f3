"""Folders the grader builds once and keeps between runs, private and checked before every use:
the compiled JVM worker (``sandbox_jvm``), built once per version of its sources, and the lab's
own Java classes (the versions a tester runs against: grader/java/testers.py), once per version
of the lab's files and of the JDK.

The worker's classes run as the trusted side (``CompileServer``, the grader's warm javac) and
as the guard around student code, so a planted copy would run as the grader; the lab's classes
are hidden tests, so they are never shared with the JVM's user (they reach a JVM only as bytes
in a load request). A cache is kept in the temporary folder as
``grader-<kind>-<uid>-<hash of what it is built from>`` rather than under
``$XDG_CACHE_HOME``: a JVM that runs as ``GRADER_SANDBOX_USER`` must read it, and root's home is
closed to that user. So that the shared temporary folder cannot be used against us:

- it is built in a folder of our own made by ``mkdtemp`` (0700, a random name no one else can
  have made) and renamed into place, so it is never seen half built and never pre-created by us
  under a name someone else chose;
- before each use, the folder and everything in it must be ours (not links, owned by our user,
  writable by no one else, readable by nobody but us and the JVM's group) and match
  ``MANIFEST.sha256``, which we wrote at build time: the SHA-256 of every file, no file more or
  less, and the hash of the sources it was built from;
- a cache that is ours but fails the check is removed and built again; one that is not ours
  (another user planted it, or it is a link) is left alone, and this process builds a private
  copy in a fresh ``mkdtemp`` folder instead, used by this process only and removed at exit.
"""

import atexit
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

from grader.java.jvm_user import share_with_jvm

MANIFEST = "MANIFEST.sha256"
_PRIVATE: dict[str, Path] = {}  # digest -> this process's own build, when the shared one was refused


class JvmBuildError(RuntimeError):
    """The worker could not be built (a grader problem, never the student's)."""


def sources_digest(sources: list[Path]) -> str:
    return hashlib.sha256(b"".join(p.name.encode() + p.read_bytes() for p in sources)).hexdigest()[:16]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _ours(info: os.stat_result) -> str | None:
    """Why a file or folder of the cache cannot be trusted, from its lstat; None if it can."""
    if stat.S_ISLNK(info.st_mode) or not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
        return "it is a link or a special file"
    if info.st_uid != os.geteuid():
        return f"it belongs to uid {info.st_uid}, not to us (uid {os.geteuid()})"
    if info.st_mode & 0o027:
        return f"others may change or read it (mode {oct(info.st_mode & 0o777)})"
    return None


def cache_problem(folder: Path, digest: str) -> str | None:
    """Why the cache in ``folder`` must not be used; None when it is exactly what we built."""
    try:
        top = os.lstat(folder)
    except FileNotFoundError:
        return "missing"
    if (why := _ours(top)) or not stat.S_ISDIR(top.st_mode):
        return why or "it is not a folder"
    expected: dict[str, str] = {}
    try:
        lines = (folder / MANIFEST).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return "its manifest is missing"
    if not lines or lines[0] != f"sources {digest}":
        return "its manifest is for other sources"
    for line in lines[1:]:
        hash_, _, name = line.partition("  ")
        expected[name] = hash_
    found: dict[str, str] = {}
    for root, dirs, files in os.walk(folder):
        for name in [*dirs, *files]:
            path = Path(root) / name
            if why := _ours(os.lstat(path)):
                return f"{path.relative_to(folder)}: {why}"
            if name in files:
                found[path.relative_to(folder).as_posix()] = _sha256(path)
    found.pop(MANIFEST, None)
    if found != expected:
        return "its files are not the ones its manifest lists"
    return None


def _build(kind: str, digest: str, make: Callable[[Path], None], owner: tuple[int, int] | None) -> Path:
    """A new private folder holding what ``make`` wrote into it, and its manifest."""
    building = Path(tempfile.mkdtemp(prefix=f"grader-{kind}-building-{os.geteuid()}-{digest}-"))
    try:
        make(building)
        hashes = sorted((p.relative_to(building).as_posix(), _sha256(p)) for p in building.rglob("*") if p.is_file())
        (building / MANIFEST).write_text("".join([f"sources {digest}\n", *(f"{h}  {n}\n" for n, h in hashes)]),
                                         encoding="utf-8")
        for path in [building, *building.rglob("*")]:
            os.chmod(path, 0o700 if path.is_dir() else 0o600)
        share_with_jvm(building, owner)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    return building


def _compile_worker(sources: list[Path]) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        done = subprocess.run(["javac", "-nowarn", "-d", str(folder), *map(str, sources)],
                              capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise JvmBuildError(f"the JVM worker did not compile: {done.stderr[-2000:]}")
    return make


def worker_classes(sources: list[Path], owner: tuple[int, int] | None) -> Path:
    """The folder of the compiled worker for ``sources``, checked; ``owner``: the JVM's user, who
    gets read access (and no one else)."""
    if not sources:
        raise JvmBuildError("the JVM worker's sources are missing")
    return cached_folder("jvm", sources_digest(sources), _compile_worker(sources), owner)


def cached_folder(kind: str, digest: str, make: Callable[[Path], None], owner: tuple[int, int] | None) -> Path:
    """The checked folder ``grader-<kind>-<uid>-<digest>``, built by ``make`` (which fills the
    folder it is given) when it is missing or fails the check. ``owner``: the JVM's user, who
    gets read access; None: nobody but us."""
    target = Path(tempfile.gettempdir()) / f"grader-{kind}-{os.geteuid()}-{digest}"
    private = _PRIVATE.get(f"{kind}-{digest}")
    if private is not None and cache_problem(private, digest) is None:
        share_with_jvm(private, owner)
        return private
    problem = cache_problem(target, digest)
    if problem is None:
        share_with_jvm(target, owner)  # the JVM's user may differ from the last run's
        return target
    if problem != "missing" and _removable(target):
        shutil.rmtree(target, ignore_errors=True)
    built = _build(kind, digest, make, owner)
    try:
        os.rename(built, target)  # atomic; fails if the name is taken (another process of ours won)
        return target
    except OSError:
        pass
    if cache_problem(target, digest) is None:
        shutil.rmtree(built, ignore_errors=True)
        share_with_jvm(target, owner)
        return target
    print(f"grader: not using the cache {target} ({cache_problem(target, digest)}); "
          "this process uses a private copy", file=sys.stderr)
    _PRIVATE[f"{kind}-{digest}"] = built
    atexit.register(shutil.rmtree, built, True)
    return built


def _removable(target: Path) -> bool:
    """Whether the cache is a real folder of ours (so it may be removed and rebuilt)."""
    try:
        info = os.lstat(target)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid()
