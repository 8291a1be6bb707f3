"""One sandbox: a zygote process holding the student's compiled files, forking a worker per test.

Lifecycle: ``start()`` stages the folder and launches the zygote; ``load()`` checks that the
student's modules import (in a child of the zygote: no code of the student's runs in the zygote
itself, sandbox_runtime/workers/zygote.py); ``worker(seed)`` gives a fresh worker for one test, which
imports them; ``close()`` kills
every process the sandbox started and removes its folder. If a test kills the zygote itself,
the next ``worker()`` starts a new one, so one bad test cannot take the rest down.

What one test costs is mostly waiting, so the sandbox keeps the waits off its path
(sandbox_runtime/workers/zygote.py): the zygote forks each worker while the test before it runs;
``worker()`` only sends the "fork" (its reply is read with the first call); ``finish()`` only
tells the worker to exit, and its "ended" is awaited when something needs it: the test's
printed output (``output_since``, ``WorkerLink.output``) or the next ``worker()``. Nothing is
sent for the next test before the last one's end is in: only then are the worker and
everything it started known to be gone, and its output complete.
"""

import os
import secrets
import tempfile
import time
from pathlib import Path

from grader.sandbox.channel import Channel
from grader.sandbox.errors import (
    SandboxCrashed,
    SandboxTimeout,
    StudentError,
    StudentLoadError,
    error_details,
)
from grader.sandbox.launcher import Launcher, LauncherError
from grader.sandbox.limits import Limits
from grader.sandbox.staging import StagedFolder


class SandboxSession:
    def __init__(self, files: dict[str, Path], modules: list[str], limits: Limits = Limits(),
                 disable: tuple[str, ...] = (), launcher: Launcher | None = None,
                 own: tuple[str, ...] | None = None, compiled: tuple[str, ...] = (),
                 testers: tuple[str, ...] = (), host: bool = False, aliases: dict[str, str] | None = None) -> None:
        """``files``: name in the sandbox -> file to copy; ``modules``: what to import once.

        ``own`` names (as in ``files``) the student's own files: error messages quote lines of
        those only, never of the lab's stand-ins, the grader's harness or a class under test.
        None counts every file as the student's.

        ``compiled``: modules compiled once in the zygote but imported only when something
        imports them (a stand-in that imports a class given per run); ``testers``: the student's
        tester files, read, classified and compiled once in the zygote (sandbox_runtime/testers/running.py).

        ``host``: each worker forks a host for the class under test before anything else, and
        the test's first request must be that class's "host" (sandbox_runtime/hosting/host.py).

        ``aliases``: module names a student gave the lab's files -> the lab's (``Widget`` -> ``widget``),
        importable under both (sandbox_runtime/sources.py, ``alias``).
        """
        self.files = dict(files)
        self.modules = modules
        self.disable = list(disable)
        self.own = None if own is None else list(own)
        self.compiled = list(compiled)
        self.testers = list(testers)
        self.host = host
        self.aliases = dict(aliases or {})
        self.limits = limits
        self.folder: StagedFolder | None = None
        self.pid: int | None = None  # the zygote's; also its process group
        self.launcher = launcher or Launcher.shared()
        self.channel: Channel | None = None
        self.output = tempfile.TemporaryFile()  # unnamed: student code cannot swap it out
        self.worker_pids: set[int] = set()
        self.load_error: dict | None = None
        self.current: WorkerLink | None = None  # the test in progress, or ending

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
        request = {"op": "load", "modules": self.modules, "disable": self.disable, "own": self.own}
        if self.compiled:
            request["compile"] = self.compiled
        if self.testers:
            request["testers"] = self.testers
        if self.host:
            request["host"] = True
        if self.aliases:
            request["aliases"] = self.aliases
        try:
            self.request(request, "loading your files", self.limits.load_seconds)
        except StudentError as exc:
            self.load_error = exc.details
            raise StudentLoadError(exc.details) from None
        except (SandboxTimeout, SandboxCrashed) as exc:
            self.load_error = {"type": type(exc).__name__, "message": str(exc), "module": self._last_file()}
            self.close()
            raise StudentLoadError(self.load_error) from None

    def _last_file(self) -> str:
        """The module a load was busy with, for its error message."""
        if self.modules:
            return self.modules[-1]
        return os.path.splitext(self.testers[-1])[0] if self.testers else "?"

    def worker(self, seed: int) -> "WorkerLink":
        """A fresh worker for one test, forked from the zygote, which imports the student's files
        and is seeded with ``seed`` before any of the test's code runs."""
        if self.load_error is not None:
            raise StudentLoadError(self.load_error)
        if self.current is not None:
            self.current.finish()
            self.await_end()
        if self.pid is None:
            self._restart()  # the zygote died in an earlier test
        # Each test's output starts at the top of the file: what one test printed does not count
        # against the next one's file size limit (the file is shared by every process of the
        # sandbox, and so is its offset). The last test's output has been read, or never will be.
        os.ftruncate(self.output.fileno(), 0)
        os.lseek(self.output.fileno(), 0, os.SEEK_SET)
        link = WorkerLink(self, seed)
        self.current = link
        link.send_fork()
        return link

    def close(self) -> None:
        if self.pid:  # its workers (numbered as the zygote knows them), then the zygote, in one request
            self.launcher.end(list(self.worker_pids), reap=self.pid, within=self.pid)
        if self.channel is not None:
            self.channel.close()
        if self.folder is not None:
            self.folder.remove()
        self.pid = self.channel = self.folder = None
        self.worker_pids.clear()
        if self.current is not None:
            self.current.alive = self.current.ending = False
        self.current = None

    def _restart(self) -> None:
        self.close()
        self.load()

    def replace_file(self, name: str, path: Path, data: bytes | None = None) -> None:
        """From now on the sandbox folder's ``name`` holds a copy of ``path`` (for a restart too).

        Written in place (the same file, its first modification time kept) by the grader, between
        tests: a tester given each class under test as source text sees the same text in its
        folder. A link or a special file a student put there (it can write to its folder outside
        the namespaces level) is replaced, never followed.
        """
        self.files[name] = path
        if self.folder is not None:
            self.folder.rewrite(name, path.read_bytes() if data is None else data)

    # -- talking -------------------------------------------------------------------------
    def request(self, message: dict, call: str, timeout: float, link: "WorkerLink | None" = None):
        """Send one request and wait for its reply; the reply's "ok" value, or an exception.

        With a ``link``, the request goes to that test's worker: its "fork" reply is read first
        if it has not been, and an "ended" event for that worker means it died.
        """
        try:
            if link is not None:
                link.started()
            # An unguessable id per request: a line the student's code writes to the channel (it can
            # find the descriptor) is only believed if it names this exact request.
            message = {**message, "id": secrets.randbits(62)}
            self.channel.send(message)
            return self._reply(message["id"], call, time.monotonic() + timeout, link)
        except TimeoutError:
            self._abandon(link.pid if link is not None else None)
            raise SandboxTimeout(call, timeout) from None
        except (EOFError, BrokenPipeError):
            self.close()
            raise SandboxCrashed(call, {"exit_code": "unknown (the sandbox closed)"}) from None

    def _reply(self, request_id: int, call: str, deadline: float, link: "WorkerLink | None"):
        while True:
            reply = self.channel.receive(deadline)
            if reply.get("event") == "ended":
                if link is None or not link.ended_by(reply):
                    continue  # not this worker's end (or a line student code wrote to look like one)
                self.worker_pids.discard(link.pid)
                raise SandboxCrashed(call, reply)
            if reply.get("id") != request_id:
                continue  # a stale reply from a worker that was given up on
            if "error" in reply:
                raise StudentError(call, error_details(reply["error"]))
            return reply.get("ok")

    def _abandon(self, worker_pid: int | None) -> None:
        """Kill a worker that ran out of time and wait for the zygote to report its end."""
        link, self.current = self.current, None
        if link is not None:
            link.alive = link.ending = False
        if worker_pid is None:
            self.close()
            return
        self.launcher.end([worker_pid], within=self.pid)
        self.worker_pids.discard(worker_pid)
        try:
            deadline = time.monotonic() + 5
            while not (link is not None and link.ended_by(self.channel.receive(deadline))):
                pass
            if link is not None:
                link.end_offset = self.output_end()
        except (TimeoutError, EOFError):
            self.close()

    def await_end(self) -> None:
        """Wait for the "ended" of the worker told to exit, if that is still to come."""
        link = self.current
        if link is None:
            return
        if link.alive:
            return  # still running its test: nothing to wait for
        self.current = None
        if not link.ending:
            return
        link.ending = False
        if self.channel is not None:
            try:
                deadline = time.monotonic() + self.limits.call_seconds
                while not link.ended_by(self.channel.receive(deadline)):
                    pass
            except (TimeoutError, EOFError):
                self.launcher.end([link.pid], within=self.pid)
                self.close()
        self.worker_pids.discard(link.pid)
        if self.channel is not None:
            self.channel.discard_pending()  # nothing one test wrote reaches the next
        link.end_offset = self.output_end()

    def output_end(self) -> int:
        return os.fstat(self.output.fileno()).st_size

    def output_since(self, offset: int) -> tuple[str, int]:
        """What the student's code printed after ``offset``, capped, and the new end offset
        (once the worker told to exit has ended: until then its output may not be complete)."""
        self.await_end()
        return self.output_between(offset, self.output_end())

    def output_between(self, offset: int, end: int) -> tuple[str, int]:
        data = os.pread(self.output.fileno(), min(self.limits.output_bytes, max(end - offset, 0)), offset)
        text = data.decode("utf-8", errors="replace")
        if end - offset > len(data):
            text += f"\n... ({end - offset - len(data)} more bytes of output not shown)"
        return text, end


class WorkerLink:
    """The connection to one forked worker: one test's worth of student state."""

    # The language of the code behind this link: a lab's helper that reaches into its own
    # reference classes (a private field's name) may need it; grader/java/session.py says "java".
    language = "python"

    def __init__(self, session: SandboxSession, seed: int) -> None:
        self.session = session
        self.seed = seed
        self.pid: int | None = None  # known once the zygote's reply to "fork" is read
        self.alive = True
        self.ending = False  # told to exit; its "ended" not read yet
        self.fork_id: int | None = None
        # The zygote puts this in the "ended" it reports for this worker. The worker was forked
        # before the token existed and never sees it, so student code cannot fake its own end.
        self.token = secrets.token_hex(16)
        self.start_offset = session.output_end()
        self.end_offset: int | None = None

    # -- starting ------------------------------------------------------------------------
    def send_fork(self) -> None:
        """Ask the zygote for this test's worker (a restart first if the zygote is gone)."""
        session = self.session
        for attempt in range(2):
            self.fork_id = secrets.randbits(62)
            try:
                session.channel.send({"op": "fork", "seed": self.seed, "token": self.token, "id": self.fork_id})
                return
            except TimeoutError:
                session._abandon(None)
                raise SandboxTimeout("starting a test", session.limits.load_seconds) from None
            except OSError:  # the pipe is broken: the zygote died in an earlier test
                if attempt:
                    session.close()
                    raise SandboxCrashed("starting a test", {"exit_code": "unknown (the sandbox closed)"}) from None
                self._restart_session()

    def started(self) -> None:
        """Read the zygote's reply to "fork" (the worker's pid), once. If the zygote had died
        meanwhile, no code of this test has run anywhere: start a new one and ask again."""
        if self.pid is not None:
            return
        session = self.session
        for attempt in range(2):
            try:
                reply = session._reply(self.fork_id, "starting a test", time.monotonic() + session.limits.load_seconds, None)
                break
            except TimeoutError:
                session._abandon(None)
                raise SandboxTimeout("starting a test", session.limits.load_seconds) from None
            except (EOFError, OSError):
                if attempt:
                    session.close()
                    raise SandboxCrashed("starting a test", {"exit_code": "unknown (the sandbox closed)"}) from None
                self._restart_session()
                self.send_fork()
        try:
            self.pid = int(reply["pid"])
        except (TypeError, KeyError, ValueError):  # not the zygote's answer: something in the sandbox forged it
            session.close()
            raise SandboxCrashed("starting a test", {"exit_code": "unknown (the sandbox answered nonsense)"}) from None
        session.worker_pids.add(self.pid)

    def _restart_session(self) -> None:
        session = self.session
        session._restart()
        session.current = self
        self.alive = True
        self.start_offset = session.output_end()

    def ended_by(self, message: dict) -> bool:
        return message.get("event") == "ended" and message.get("token") == self.token

    # -- talking -------------------------------------------------------------------------
    def request(self, message: dict, call: str, timeout: float | None = None):
        if not self.alive:
            raise SandboxCrashed(call, {"exit_code": "unknown (it had already stopped)"})
        try:
            return self.session.request(message, call, timeout or self.session.limits.call_seconds, self)
        except (SandboxCrashed, SandboxTimeout):
            self.alive = False
            raise

    def finish(self) -> None:
        """Tell the worker to exit. Its end is awaited when something needs it (the output, the
        next worker): ``SandboxSession.await_end``."""
        session = self.session
        if not self.alive or session.channel is None or session.current is not self:
            self.alive = False
            return
        self.alive = False
        try:
            self.started()
            session.channel.send({"op": "exit"})
            self.ending = True
        except (TimeoutError, EOFError, BrokenPipeError, SandboxCrashed, SandboxTimeout):
            if self.pid is not None:
                session.launcher.end([self.pid], within=session.pid)
            session.close()

    def output(self) -> str:
        """What this test's code printed (capped): its worker is finished and awaited first."""
        self.finish()
        if self.session.current is self:
            self.session.await_end()
        end = self.end_offset if self.end_offset is not None else self.session.output_end()
        return self.session.output_between(self.start_offset, end)[0]
