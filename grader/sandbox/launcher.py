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
"""

import atexit
import json
import os
import shutil
import socket
import subprocess
from pathlib import Path

from grader.sandbox import leftovers
from grader.sandbox.environment import child_environment, interpreter_command
from grader.sandbox.isolation import detect, launcher_prefix
from grader.sandbox.jail_spec import jail_spec
from grader.sandbox.seccomp import seccomp_program
from grader.sandbox.lifetime import die_with_parent_prefix
from grader.sandbox.pytest_location import pytest_locations
from grader.sandbox.staging import copy_runtime

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
