"""One sandbox: a zygote process holding the student's loaded files, forking a worker per test.

Lifecycle: ``start()`` stages the folder and launches the zygote; ``load()`` imports the
student's modules once; ``worker(seed)`` forks a fresh worker for one test; ``close()`` kills
every process the sandbox started and removes its folder. If a test kills the zygote itself,
the next ``worker()`` starts a new one, so one bad test cannot take the rest down.
"""

import os
import secrets
import tempfile
import time
from pathlib import Path

from grader.sandbox.channel import Channel
from grader.sandbox.errors import SandboxCrashed, SandboxTimeout, StudentError, StudentLoadError
from grader.sandbox.launcher import Launcher, LauncherError
from grader.sandbox.limits import Limits
from grader.sandbox.staging import StagedFolder


class SandboxSession:
    def __init__(self, files: dict[str, Path], modules: list[str], limits: Limits = Limits(),
                 disable: tuple[str, ...] = (), launcher: Launcher | None = None,
                 own: tuple[str, ...] | None = None) -> None:
        """``files``: name in the sandbox -> file to copy; ``modules``: what to import once.

        ``own`` names (as in ``files``) the student's own files: error messages quote lines of
        those only, never of the lab's stand-ins, the grader's harness or a class under test.
        None counts every file as the student's.
        """
        self.files = files
        self.modules = modules
        self.disable = list(disable)
        self.own = None if own is None else list(own)
        self.limits = limits
        self.folder: StagedFolder | None = None
        self.pid: int | None = None  # the zygote's; also its process group
        self.launcher = launcher or Launcher.shared()
        self.channel: Channel | None = None
        self.output = tempfile.TemporaryFile()  # unnamed: student code cannot swap it out
        self.worker_pids: set[int] = set()
        self.load_error: dict | None = None

    # -- lifecycle -----------------------------------------------------------------------
    def start(self) -> None:
        self.folder = StagedFolder(self.files)
        try:
            self.pid, cmd_write, reply_read = self.launcher.spawn(
                self.folder.work, self.folder.home, self.limits.for_child(), self.output.fileno())
        except BaseException as exc:
            self.folder.remove()
            self.folder = None
            if isinstance(exc, LauncherError):
                raise SandboxCrashed("starting the sandbox", {"exit_code": str(exc)}) from None
            raise
        self.channel = Channel(cmd_write, reply_read)

    def load(self) -> None:
        """Import the student's modules in the zygote; StudentLoadError if any fails."""
        if self.pid is None:
            self.start()
        try:
            self.request({"op": "load", "modules": self.modules, "disable": self.disable, "own": self.own},
                         "loading your files", self.limits.load_seconds)
        except StudentError as exc:
            self.load_error = exc.details
            raise StudentLoadError(exc.details) from None
        except (SandboxTimeout, SandboxCrashed) as exc:
            self.load_error = {"type": type(exc).__name__, "message": str(exc), "module": self.modules[-1]}
            self.close()
            raise StudentLoadError(self.load_error) from None

    def worker(self, seed: int) -> "WorkerLink":
        if self.load_error is not None:
            raise StudentLoadError(self.load_error)
        if self.pid is None:
            self._restart()  # the zygote died in an earlier test
        try:
            reply = self.request({"op": "fork", "seed": seed}, "starting a test", self.limits.load_seconds)
        except SandboxCrashed:
            if self.pid is not None:
                raise
            # The zygote was gone (killed from an earlier test): one fresh start, then retry.
            self._restart()
            reply = self.request({"op": "fork", "seed": seed}, "starting a test", self.limits.load_seconds)
        self.worker_pids.add(reply["pid"])
        return WorkerLink(self, reply["pid"])

    def close(self) -> None:
        groups = list(self.worker_pids) + ([self.pid] if self.pid else [])
        if groups:
            self.launcher.end(groups, reap=self.pid)
        if self.channel is not None:
            self.channel.close()
        if self.folder is not None:
            self.folder.remove()
        self.pid = self.channel = self.folder = None
        self.worker_pids.clear()

    def _restart(self) -> None:
        self.close()
        self.load()

    # -- talking -------------------------------------------------------------------------
    def request(self, message: dict, call: str, timeout: float, worker_pid: int | None = None):
        """Send one request and wait for its reply; the reply's "ok" value, or an exception."""
        # An unguessable id per request: a line the student's code writes to the channel (it can
        # find the descriptor) is only believed if it names this exact request.
        message = {**message, "id": secrets.randbits(62)}
        deadline = time.monotonic() + timeout
        try:
            self.channel.send(message)
            while True:
                reply = self.channel.receive(deadline)
                if reply.get("event") == "ended":
                    self.worker_pids.discard(reply.get("pid"))
                    raise SandboxCrashed(call, reply)
                if reply.get("id") != message["id"]:
                    continue  # a stale reply from a worker that was given up on
                if "error" in reply:
                    raise StudentError(call, reply["error"])
                return reply.get("ok")
        except TimeoutError:
            self._abandon(worker_pid)
            raise SandboxTimeout(call, timeout) from None
        except (EOFError, BrokenPipeError):
            self.close()
            raise SandboxCrashed(call, {"exit_code": "unknown (the sandbox closed)"}) from None

    def _abandon(self, worker_pid: int | None) -> None:
        """Kill a worker that ran out of time and wait for the zygote to report its end."""
        if worker_pid is None:
            self.close()
            return
        self.launcher.end([worker_pid])
        self.worker_pids.discard(worker_pid)
        try:
            deadline = time.monotonic() + 5
            while self.channel.receive(deadline).get("event") != "ended":
                pass
        except (TimeoutError, EOFError):
            self.close()

    def output_end(self) -> int:
        return os.fstat(self.output.fileno()).st_size

    def output_since(self, offset: int) -> tuple[str, int]:
        """What the student's code printed after ``offset``, capped, and the new end offset."""
        end = os.fstat(self.output.fileno()).st_size
        data = os.pread(self.output.fileno(), self.limits.output_bytes, offset)
        text = data.decode("utf-8", errors="replace")
        if end - offset > len(data):
            text += f"\n... ({end - offset - len(data)} more bytes of output not shown)"
        return text, end


class WorkerLink:
    """The connection to one forked worker: one test's worth of student state."""

    def __init__(self, session: SandboxSession, pid: int) -> None:
        self.session = session
        self.pid = pid
        self.alive = True

    def request(self, message: dict, call: str, timeout: float | None = None):
        if not self.alive:
            raise SandboxCrashed(call, {"exit_code": "unknown (it had already stopped)"})
        try:
            return self.session.request(message, call, timeout or self.session.limits.call_seconds, self.pid)
        except (SandboxCrashed, SandboxTimeout):
            self.alive = False
            raise

    def finish(self) -> None:
        """Tell the worker to exit and wait for the zygote to confirm it has."""
        if not self.alive or self.session.channel is None:
            return
        self.alive = False
        try:
            self.session.channel.send({"op": "exit"})
            deadline = time.monotonic() + self.session.limits.call_seconds
            while self.session.channel.receive(deadline).get("event") != "ended":
                pass
        except (TimeoutError, EOFError, BrokenPipeError):
            self.session.launcher.end([self.pid])
            self.session.close()
        self.session.worker_pids.discard(self.pid)
        if self.session.channel is not None:
            self.session.channel.discard_pending()  # nothing one test wrote reaches the next
