"""The grader's end of the launcher: one warm process per grading process that forks zygotes.

See ``sandbox_runtime/workers/launcher.py`` for why. The launcher is started with the same flags and
the same scrubbed environment a sandbox gets, from its own copy of the runtime, and is
restarted if it ever dies (student code can signal it: same user). ``Launcher.shared()`` is the
one a grading process uses; it is closed when the process exits.

Every page a launcher has makes each fork from it dearer, so there are three kinds, each shared
by the grading process (``Launcher.shared(testers=..., pytest=...)``): the plain one, for every
activity's sandbox; one that has also imported the runner of students' testers (unittest, ast,
inspect, runpy), for Activity 5's tester sandboxes; and one that has also imported pytest
(sandbox_runtime/testers/pytest_preload.py), for testers that mention pytest. pytest costs about 0.1 s
once, and about 1 ms more on every fork from it.

Lifetime: the launcher dies with the grading process (lifetime.py); its folder is removed by
``close()``, or, after a ``kill -9``, by the next launcher that starts (leftovers.py).

Which level a launcher starts at, when neither its caller nor the run chose one, is found here
too (``detect``): by starting a launcher at the namespaces level and one empty sandbox, and
reading what its jail set up (``jail_report``). Choosing a level needs a launcher, and a
launcher needs a level, so the two live in one module; isolation.py holds what each level is.
"""

import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from functools import lru_cache
from pathlib import Path

from grader.sandbox import leftovers
from grader.sandbox.environment import child_environment, interpreter_command
from grader.sandbox.errors import SandboxCrashed
from grader.sandbox.isolation import launcher_prefix, note_probe, unshare_program
from grader.sandbox.jail_spec import jail_spec
from grader.sandbox.seccomp import seccomp_program
from grader.sandbox.lifetime import die_with_parent_prefix
from grader.sandbox.limits import Limits
from grader.sandbox.pytest_location import pytest_locations
from grader.sandbox.staging import SANDBOX_USER_VARIABLE, StagedFolder, copy_runtime

BOOT = (
    "import sys; sys.path[0:1] = [{runtime!r}]; "
    "from sandbox_runtime.workers.launcher import main; main({socket}, {parent!r}, {preload!r}, {testers!r}, {jail!r})"
)
REPLY_SECONDS = 10.0


class LauncherError(RuntimeError):
    """The launcher could not start a sandbox (it died, or did not answer in time)."""


class Launcher:
    _shared: "dict[tuple[bool, bool], Launcher]" = {}  # by (runs testers, preloads pytest)
    # The level the run already chose (set once from the plan, so a shard does not detect it
    # again); None outside a grading run, where the strongest available is used.
    run_level: str | None = None
    # What the last sandbox's jail set up, as the zygote reported it before any student code ran
    # (sandbox_runtime/confinement/jail.py): uid, gid, capabilities, filter, namespaces. For the summary.
    jail_record: dict | None = None
    # The filter the run compiled (set from the plan, like ``run_level``); None: compile it here.
    run_filter: bytes | None = None

    def __init__(self, level: str | None = None, pytest: bool = False, testers: bool = False) -> None:
        self.level = level or self.run_level or detect()
        self.pytest = pytest
        self.testers = testers or pytest  # pytest is only ever wanted by a tester
        self.process: subprocess.Popen | None = None
        self.socket: socket.socket | None = None
        self.folder: Path | None = None

    @classmethod
    def shared(cls, pytest: bool = False, testers: bool = False) -> "Launcher":
        """This process's launcher of a kind: ``testers=True``, the one that has the testers'
        runner loaded; ``pytest=True``, the one that also preloads pytest."""
        key = (testers or pytest, pytest)
        if key not in cls._shared:
            cls._shared[key] = cls(pytest=pytest, testers=testers)
            atexit.register(cls._shared[key].close)
        return cls._shared[key]

    def start(self) -> None:
        leftovers.remove_orphans()  # a killed run's folders: their owner is gone
        self.folder = leftovers.make_folder("launcher")
        try:
            self._start_process()
        except BaseException:
            self.close()
            raise

    def _start_process(self) -> None:
        runtime = copy_runtime(self.folder / "runtime")
        home = self.folder / "home"
        home.mkdir()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        # Whoever is our direct child must die with us (lifetime.py): the launcher itself at the
        # process level, checking that its parent is still this process; `unshare` at the
        # namespaces level, through setpriv (inside, the launcher sees its parent as pid 0).
        if self.level == "process":
            parent, prefix = os.getpid(), []
        else:
            parent, prefix = None, [*die_with_parent_prefix(), *launcher_prefix(self.level)]
        preload = pytest_locations() if self.pytest else None
        root = self.folder / "root"  # where each zygote builds its own root file system
        root.mkdir()
        spec = jail_spec(self.level == "namespaces", root, self.run_filter or seccomp_program())
        boot = BOOT.format(runtime=str(runtime), socket=theirs.fileno(), parent=parent, preload=preload,
                           testers=self.testers, jail=spec)
        try:
            self.process = subprocess.Popen(
                [*prefix, *interpreter_command(boot)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                cwd=home, env=child_environment(home), pass_fds=(theirs.fileno(),),
                start_new_session=True, close_fds=True,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.settimeout(REPLY_SECONDS)
        self.socket = ours

    def spawn(self, work: Path, home: Path, limits: dict, output_fd: int) -> tuple[int, int, int]:
        """Fork a zygote for one sandbox: its pid, and our ends of its command and reply pipes."""
        cmd_read, cmd_write = os.pipe()
        reply_read, reply_write = os.pipe()
        request = {"op": "spawn", "work": str(work), "home": str(home), "limits": limits,
                   "env": child_environment(home)}
        try:
            reply = self._ask(request, [cmd_read, reply_write, output_fd])
        except BaseException:
            os.close(cmd_write)
            os.close(reply_read)
            raise
        finally:
            os.close(cmd_read)
            os.close(reply_write)
        if "pid" not in reply:
            os.close(cmd_write)
            os.close(reply_read)
            raise LauncherError(reply.get("error", "the sandbox launcher refused to start a sandbox"))
        Launcher.jail_record = reply.get("jail")
        return int(reply["pid"]), cmd_write, reply_read

    def end(self, groups: list[int], reap: int | None = None, within: int | None = None) -> None:
        """Kill these process groups and, if given, end and collect the zygote ``reap``. ``within``: the
        zygote whose workers ``groups`` are, numbered as it knows them (in the jail, a PID
        namespace of its own: the launcher finds them by those numbers).

        Sent to the launcher because in a PID namespace only it knows what the numbers mean.
        If the launcher is gone, so is everything it started (it took its namespace with it, or
        its zygotes went to init with nothing left to signal them by).
        """
        if self.socket is None:
            return
        try:
            self._ask({"op": "end", "kill": groups, "reap": reap, "within": within}, [], may_restart=False)
        except LauncherError:
            pass

    def _ask(self, request: dict, fds: list[int], may_restart: bool = True) -> dict:
        """Send one request and wait for its reply. A dead or stuck launcher is replaced and
        the request tried once more, unless ``may_restart`` is off (a new launcher could not
        act on an old one's processes)."""
        for _ in range(2 if may_restart else 1):
            if self.socket is None or self.process.poll() is not None:
                if not may_restart:
                    raise LauncherError("no launcher")
                self.close()
                self.start()
            try:
                socket.send_fds(self.socket, [json.dumps(request).encode()], fds)
                data = self.socket.recv(1 << 16)
                if data:
                    return json.loads(data)
            except OSError:
                pass
            self.close()
        raise LauncherError(f"the sandbox launcher did not answer a {request['op']!r} request")

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
        if self.process is not None:
            try:
                os.killpg(self.process.pid, 9)
            except OSError:
                pass
            self.process.wait()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
        self.process = self.socket = self.folder = None


# Held while the answer is being found (by probe_early's thread, or by the caller itself), so
# the probe runs once and every caller gets its answer.
_FINDING = threading.Lock()
# How long a command that ends early waits for the probe it started (it takes about 0.1 s).
PROBE_EXIT_WAIT_SECONDS = 10.0


def namespaces_work() -> bool:
    """Whether a jail can be built here: found out by building one, the way a run measures what
    its jail holds (``jail_report``, which grader/sandbox/confinement.py reads), so the run that
    follows reuses the answer instead of starting another sandbox. Waits for a probe
    ``probe_early`` started."""
    with _FINDING:
        return _namespaces_work()


def probe_early(argv: list[str]) -> None:
    """Start finding out whether a jail can be built, in a thread, when ``argv`` (the command
    line after ``grader``) is a ``grade`` or ``check`` that will ask: the probe's launcher and
    empty sandbox (about 0.1 s, nearly all of it in processes of their own) then start while the
    command is still importing and planning. ``namespaces_work`` waits for its answer.

    The probe needs only what this module imported when it was imported, before the thread
    starts, so no module of the grader is ever imported by two threads at once."""
    if not argv or argv[0] not in ("grade", "check") or {"-h", "--help"} & set(argv):
        return
    if any(arg == "--isolation=process" or (arg == "--isolation" and nxt == "process")
           for arg, nxt in zip(argv, [*argv[1:], ""])):
        return
    _FINDING.acquire()  # released by the thread once the answer is in the cache

    def find() -> None:
        try:
            _namespaces_work()
        except BaseException:  # noqa: BLE001 - the caller will try again and say what went wrong
            pass
        finally:
            _FINDING.release()

    threading.Thread(target=find, name="isolation-probe", daemon=True).start()
    atexit.register(_let_the_probe_finish)


def _let_the_probe_finish() -> None:
    """A command that ends before it asks (a typo in its folder, say) waits at exit for the probe
    to finish, so the probe removes its own launcher and sandbox instead of being cut off with
    their folders left in the temporary folder."""
    if _FINDING.acquire(timeout=PROBE_EXIT_WAIT_SECONDS):
        _FINDING.release()


@lru_cache(maxsize=1)
def _namespaces_work() -> bool:
    note_probe()
    if not unshare_program() or not sys.platform.startswith("linux"):
        return False
    try:
        return jail_report("namespaces").get("root") == "private"
    except Exception as exc:  # noqa: BLE001 - any failure to build it means: not here
        note_probe(str(exc))
        return False


def detect(wanted: str = "auto") -> str:
    """The level to use: ``wanted`` if given and available, else the strongest available."""
    if wanted == "process":
        return "process"
    if wanted in ("auto", "namespaces") and namespaces_work():
        return "namespaces"
    if wanted == "namespaces":
        raise RuntimeError("namespaces were asked for but `unshare` does not work here; use --isolation auto or process")
    return "process"


def jail_report(level: str) -> dict:
    """What the jail of a sandbox at ``level`` set up, as its zygote reported it before any student
    code could exist (sandbox_runtime/confinement/jail.py): one empty sandbox, started, read and
    ended once per level and sandbox user in a process. The level's probe and the run's summary
    both read it."""
    return dict(_jail_report(level, os.environ.get(SANDBOX_USER_VARIABLE, "")))


@lru_cache(maxsize=8)
def _jail_report(level: str, sandbox_user: str) -> dict:
    launcher = Launcher(level=level)
    folder = StagedFolder({})
    output = tempfile.TemporaryFile()
    pid, pipes = None, ()
    try:
        try:
            pid, *pipes = launcher.spawn(folder.work, folder.home, Limits().for_child(), output.fileno())
        except LauncherError as exc:  # as a sandbox's own start says it (grader/sandbox/session.py)
            raise SandboxCrashed("starting the sandbox", {"exit_code": str(exc)}) from None
        return dict(Launcher.jail_record or {})
    finally:  # ended as a sandbox's session ends: its zygote, then its pipes, then its folder
        if pid:
            launcher.end([], reap=pid, within=pid)
        for fd in pipes:
            os.close(fd)
        folder.remove()
        output.close()
        launcher.close()
