"""The first process in a sandbox: compiles the student's files once, then gives every test a
fresh forked worker, which imports them, so no state leaks from one test to the next.

Started by the launcher with its channel on two inherited pipe descriptors. The zygote itself
only answers "load" and "fork"; a worker answers everything else until it is told to exit, and
the zygote then reports how the worker ended ("ended", with its exit status), which is how the
grader learns of a crash.

**No code of the student's runs in the zygote.** It outlives every test of its sandbox, so code
that ran in it (a file's import, and what that import installed: a fork hook, a wrapped
``os.fork``, a replaced function of this runtime) could count the tests and tell each worker how
many came before. So the zygote only compiles the sandbox's files; the load's imports run in a
child forked for that alone (loading.py), and each worker imports the student's files itself,
from that compiled code, once its test is handed to it (spare.py). A tester's sandbox
(``testers``, ``host``) imports only the lab's own files, in the zygote: the student's tester
runs in each worker.

**Each test's worker is forked ahead of it.** Right after "load", and then for each test, the
zygote forks the next test's worker (the *spare*): while the current test runs if that one
lasts more than a millisecond, else just after reporting its end, while the grader is busy with
what it does between tests. A spare has run nothing of any test: it waits on a socket only the
zygote writes to, holding no seed, its output pointed at /dev/null and every signal blocked. On
"fork" the zygote hands it over: it makes the spare its own process group and sends it the
test's seed over that socket, and only then replies with its pid. The spare points its output
back at the output file, drops any signal that came while it waited, unblocks the others and
seeds ``random``, all before it reads the test's first request: so the grader's first call
reaches a process that is already there and already past the page faults a new fork takes
(``Worker.warm_up``). The zygote never reads the command pipe while a worker owns it, and the
grader sends a test's first request only after the zygote's reply, so nothing meant for a
worker passes through the zygote.

**The end of a worker does not wait for its exit.** A worker told to exit flushes what it
printed, points its stdout and stderr at /dev/null and says "done" on its socket. The zygote
then kills the worker's process group (the worker and anything it started) and reports "ended"
at once, while the kernel is still tearing the process down; it is reaped later. A worker that
dies any other way is seen through its pidfd (Linux) and reported with its real exit status.
Without pidfds (macOS) the zygote waits for the exit, as before.

Each "ended" carries the token the grader sent with that "fork", which the worker never saw (it
was forked before the token existed), so student code cannot fake the end of its own test.
"""

import _signal  # the signal module's C functions: its wrappers make enums, which touch many pages
import gc
import os
import select
import signal
import socket
import sys
import time

from sandbox_runtime import sources
from sandbox_runtime.wire import failures, framing
from sandbox_runtime.confinement.limits import apply_limits
from sandbox_runtime.workers.children import Child, exit_status, open_pidfd
from sandbox_runtime.workers.handover import answered
from sandbox_runtime.workers.load_steps import compile_stand_ins, disable, load
from sandbox_runtime.workers.loading import import_standard_library, load_in_child, offer_folder
from sandbox_runtime.workers.spare import spare_main
from sandbox_runtime.workers.wiping import remember_descriptions, restore_descriptions, wipe, writable_places


try:
    from _socket import socketpair as _socketpair  # without socket.py's wrapper objects
except ImportError:
    _socketpair = socket.socketpair


FORK_AFTER = 0.001
KILL, CONTINUE = int(signal.SIGKILL), int(signal.SIGCONT)
BLOCKABLE = {int(number) for number in signal.valid_signals()} - {KILL, int(signal.SIGSTOP)}


class Zygote:
    def __init__(self, cmd_fd: int, reply_fd: int, staging_dir: str) -> None:
        self.cmd_fd = cmd_fd
        self.reply_fd = reply_fd
        self.staging_dir = staging_dir
        self.reader = framing.LineReader(cmd_fd)
        self.spare: Child | None = None
        self.current: Child | None = None
        self.unreaped: list[int] = []  # workers killed after "done": collected later
        self.output: int | None = None  # the output file, once stdout and stderr point elsewhere
        self.mask: set | None = None  # the signal mask each worker's test begins with
        self.host = False  # each worker forks a host for the class under test first (hosting/host.py)
        # What each worker imports once its test is handed to it: (modules, methods switched
        # off); None in a tester's sandbox, whose zygote imported the lab's files itself.
        self.imports: tuple[list, list] | None = None
        self.wiped = writable_places()
        # The descriptions every worker shares with this process (wiping.py), as they are before
        # any code of the student's ran: stdin, the output file (stdout for now), the pipes.
        self.shared = remember_descriptions([0, 1, cmd_fd, reply_fd])

    def serve(self) -> None:
        while True:
            try:
                request = self.reader.read_request()
            except EOFError:
                os._exit(0)
            op = request.get("op")
            if op == "load":
                reply = self.load(request)
                framing.write_message(self.reply_fd, {"id": request.get("id"), **reply})
                if "ok" in reply:
                    self.sweep()  # what the loader's imports started ends here
                    self.quiet()
                    self.clean()  # and what they left: the first test finds what every test finds
                    gc.freeze()  # the compiled files: no worker's collection touches them
                    self.spare = self.fork_spare()
            elif op == "fork":
                self.run_worker(request)
            else:
                framing.write_message(self.reply_fd, {"id": request.get("id"), "error": {
                    "type": "ProtocolError", "message": f"zygote cannot {op!r}", "frames": []}})

    # -- loading -------------------------------------------------------------------------------
    def load(self, request: dict) -> dict:
        failures.set_own(request.get("own"))  # before any import: its errors are described too
        sources.alias(request.get("aliases"))  # Widget -> widget: a misnamed file, imported by the name the student gave it
        self.host = bool(request.get("host"))
        modules, switched_off = request.get("modules", []), request.get("disable", [])
        if self.host or request.get("testers"):  # the lab's own files only: imported here, once
            reply = load(modules, self.staging_dir)
            if "ok" in reply:
                reply = disable(switched_off, self.staging_dir) or reply
        else:
            offered = offer_folder(self.staging_dir)
            reply = load_in_child(modules, switched_off, self.staging_dir)
            import_standard_library(reply.pop("stdlib", None), offered, self.staging_dir)
            self.imports = (list(modules), list(switched_off))
        if "ok" in reply:
            reply = compile_stand_ins(request.get("compile", []), self.staging_dir) or reply
        if "ok" in reply and request.get("testers"):
            from sandbox_runtime.testers import running  # imported by a tester launcher already

            running.prepare(request["testers"], self.staging_dir)
        return reply

    def quiet(self) -> None:
        """After the load, nothing from outside reaches the zygote, or a spare before its test.

        Its stdout and stderr point at /dev/null (a worker points them back at the output file
        once it has imported the student's files, when its test begins), so nothing printed in
        the zygote, in a spare or at import lands in a test's output. Every signal that can be
        blocked is, so no signal another test sent reaches a worker before its test (a worker
        drops what came while it waited before it unblocks them).
        """
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - streams the student's files broke: theirs to see
            pass
        try:
            self.output = os.dup(1)
        except OSError:
            self.output = None  # the student's files closed stdout: every worker finds it so
            self.shared = [entry for entry in self.shared if entry[0] != 1]
        else:
            self.shared = [(self.output if fd == 1 else fd, flags, size) for fd, flags, size in self.shared]
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            os.close(null)
            self.shared += remember_descriptions([1])  # the workers' stdout while they import the student's files
        self.mask = _signal.pthread_sigmask(_signal.SIG_BLOCK, BLOCKABLE)

    # -- one test ------------------------------------------------------------------------------
    def run_worker(self, request: dict) -> None:
        # Lean on purpose: every page the zygote touches while a spare shares it is copied, for
        # every test. Plain ints, one write per message, nothing made that need not be.
        self.reap()
        child = self.current = self.hand_over(int(request.get("seed", 0)))
        request_id, token = request.get("id"), request.get("token")
        if type(request_id) is not int or type(token) is not str or not token.isalnum():
            request_id, token = 0, ""  # not from the grader: it sends both, plain
        os.write(self.reply_fd, b'{"id":%d,"ok":{"pid":%d}}\n' % (request_id, child.pid))
        # The next test's spare is forked while this one runs, unless this one ends within
        # FORK_AFTER seconds: then its end is reported first, and the spare forked after, while the
        # grader is busy with what it does between tests.
        # A tester's sandbox (``host``) serves one run and is closed after it: no spare for it.
        status = self.wait_for_end(child, None if self.host else FORK_AFTER)
        if status is None:
            self.spare = self.fork_spare()
            status = self.wait_for_end(child)
        self.current = None
        try:
            os.killpg(child.pid, KILL)  # the worker, if it is still going, and all it started
        except OSError:
            pass
        self.sweep(ended=child.pid)
        self.clean()
        child.close()
        # The leading newline ends any line a dying worker left half-written.
        how = b'"exit_code":%d' % status["exit_code"] if "exit_code" in status else b'"signal":%d' % status["signal"]
        os.write(self.reply_fd, b'\n{"event":"ended","pid":%d,"token":"%s",%s}\n' % (child.pid, token.encode(), how))
        if self.spare is None and not self.host:
            self.spare = self.fork_spare()

    def clean(self) -> None:
        """Empty the places a test can write and reset the descriptions it shares with this
        process (wiping.py), once nothing of the test is left alive (sweep)."""
        wipe(self.wiped)
        restore_descriptions(self.shared)

    def hand_over(self, seed: int) -> Child:
        """The spare, made the test's worker: its own process group, its seed sent."""
        message = b"%d\n" % seed
        for _ in range(3):
            child, self.spare = self.spare or self.fork_spare(), None
            try:
                os.kill(child.pid, CONTINUE)  # a spare someone stopped is woken, a dead one found
                if os.waitpid(child.pid, os.WNOHANG)[0] == 0:
                    os.setpgid(child.pid, child.pid)
                    os.write(child.sock, message)
                    if answered(child):
                        return child
            except (OSError, ChildProcessError):
                pass
            self._discard(child)
        raise RuntimeError("no worker could be started")

    def _discard(self, child: Child) -> None:
        try:
            os.kill(child.pid, KILL)
            os.waitpid(child.pid, 0)
        except (OSError, ChildProcessError):
            pass
        child.close()

    def fork_spare(self) -> Child:
        ours, theirs = (end.detach() for end in _socketpair())
        # The new process keeps only its own end: not the zygote's ends of the others' sockets.
        keep_closed = [ours] + [fd for c in (self.spare, self.current) if c is not None
                                for fd in (c.sock, c.pidfd) if fd is not None]
        inherited = (self.output, self.mask, self.host, self.imports)
        # No flush of stdout here: the zygote prints nothing after the load (quiet).
        zygote = os.getpid()
        pid = os.fork()
        if pid == 0:
            try:
                for fd in keep_closed:
                    os.close(fd)
                spare_main(theirs, zygote, self.cmd_fd, self.reply_fd, self.staging_dir, *inherited)
            finally:
                os._exit(70)
        os.close(theirs)
        return Child(pid, ours, open_pidfd(pid))

    def wait_for_end(self, child: Child, timeout: float | None = None) -> dict | None:
        """How the worker ended: ``{"exit_code": 0}`` when it said "done", else its real status;
        None if it has not ended within ``timeout`` seconds."""
        if child.pidfd is None:
            if timeout is not None:
                return None
            _, status = os.waitpid(child.pid, 0)
            return exit_status(status)
        watched = [child.sock, child.pidfd]
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            readable, _, _ = select.select(watched, [], [], left)
            if not readable:
                return None
            if child.pidfd in readable:
                _, status = os.waitpid(child.pid, 0)
                return exit_status(status)
            try:
                said = os.read(child.sock, 64)
            except OSError:
                said = b""
            if said.startswith(b"done"):
                self.unreaped.append(child.pid)
                return {"exit_code": 0}
            if not said:  # it closed its end: only its death can tell now
                watched.remove(child.sock)

    def sweep(self, ended: int | None = None) -> None:
        """As its PID namespace's first process (the jail), end every process of the namespace
        but this one: what the student's files started at import, or a test started and hid
        from its process group (a daemon holding the channel's descriptors), cannot reach any
        test after. ``ended``: the worker just killed, still being torn down.

        Usually there is nothing to do, and the listing says so. Otherwise ``kill(-1)``, which
        in a namespace's first process reaches every other process of the namespace at once,
        so nothing forked meanwhile escapes (a kill per listed pid would race a fork); the
        spare dies with them and is forked again. Orphans come to this process: all of them are
        collected here, so none is listed next time."""
        if os.getpid() != 1:
            return
        known = {1, ended, *self.unreaped} | ({self.spare.pid} if self.spare is not None else set())
        try:
            others = [int(name) for name in os.listdir("/proc") if name.isdigit() and int(name) not in known]
        except OSError:
            return
        if not others:
            return
        try:
            os.kill(-1, KILL)
        except OSError:
            pass
        if self.spare is not None:
            self._discard(self.spare)
        self.spare = None
        while True:  # every child is dying now: collect them all, orphans included
            try:
                os.waitpid(-1, 0)
            except ChildProcessError:
                break
            except InterruptedError:
                continue
        self.unreaped.clear()

    def reap(self) -> None:
        """Collect the workers killed after "done" (a zombie's pid cannot be reused)."""
        for pid in list(self.unreaped):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                self.unreaped.remove(pid)


def main(cmd_fd: int, reply_fd: int, staging_dir: str, limits: dict) -> None:
    apply_limits(limits)
    sys.path.append(staging_dir)  # after the standard library, so no student file shadows it
    sys.stdin = None
    Zygote(cmd_fd, reply_fd, staging_dir).serve()

