"""Running javac: through one warm compiler per grading process, or a javac process as fallback.

A javac process spends most of its 0.3 to 0.5 s starting its JVM; the warm compiler
(``sandbox_jvm.CompileServer``, the JDK's own ``javax.tools`` compiler behind a pipe) answers
the same command in a few tens of milliseconds once warm. It is trusted code: no student code
runs in it (the grader always passes ``-proc:none``). If it fails in any way (it died, it did
not answer in time, it could not start) it is killed and the command is run by a javac
process instead, so a compiler problem can cost time but never a result. It is replaced after
``RESTART_AFTER`` compilations so nothing it keeps between them can grow without end.

When the command grades with several processes, it starts one compiler for all of them
(shared_javac.py) and tells them its socket in ``GRADER_JAVAC_SOCKET``: they connect to it
instead of starting their own, and fall back to their own if it cannot be reached.
"""

import atexit
import os
import select
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

JAVAC_SECONDS = 120.0
RESTART_AFTER = 300
# Only for the fallback javac process: it is a short-lived JVM, so its start-up is most of its cost.
PROCESS_FLAGS = ["-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xshare:auto", "-J-Xmx256m"]


SOCKET_ENV = "GRADER_JAVAC_SOCKET"


def compiler_command(*extra: str) -> list[str]:
    """The command of a warm compiler (``sandbox_jvm.CompileServer``), with ``extra`` arguments."""
    from grader.java.worker import worker_classes

    # TieredStopAtLevel=1: the quick compiler only. Over the few hundred compilations a server
    # makes (RESTART_AFTER), the optimising compiler's own work never pays off: measured on
    # two of a lab's classes, 64 ms of CPU per compilation with it, 33 ms without, at 181.
    return [shutil.which("java") or "java", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto", "-Xmx512m",
            "-XX:TieredStopAtLevel=1", "-cp", str(worker_classes()), "sandbox_jvm.CompileServer", *extra]


def compiler_env() -> dict[str, str]:
    home = Path(os.environ.get("TMPDIR", "/tmp"))
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": str(home)}


def end_compiler(process: subprocess.Popen) -> None:
    """Kill a compiler's whole process group, wait for it, close our ends of its pipes."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass
    process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()


class _WarmCompiler:
    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.connection: socket.socket | None = None  # to the run's shared compiler, when there is one
        self.shared_failed = False  # it failed once: this process uses a compiler of its own
        self.used = 0
        self.broken = False  # it could not start here: do not try again in this process

    def start(self) -> None:
        shared = os.environ.get(SOCKET_ENV)
        if shared and not self.shared_failed:
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                connection.connect(shared)
                self.connection, self.used = connection, 0
                return
            except OSError:
                connection.close()
                self.shared_failed = True
        self.process = subprocess.Popen(compiler_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=compiler_env(), start_new_session=True,
                                        close_fds=True)
        self.used = 0

    @property
    def alive(self) -> bool:
        return self.connection is not None or (self.process is not None and self.process.poll() is None)

    def run(self, args: list[str], timeout: float) -> tuple[int, str]:
        """javac's exit code and messages; OSError/TimeoutError when the compiler failed."""
        if any("\t" in arg or "\n" in arg for arg in args):
            raise OSError("an argument the line protocol cannot carry")
        # A compiler of our own is replaced now and then; the run's shared one lives as long as the run.
        if not self.alive or (self.connection is None and self.used >= RESTART_AFTER):
            self.kill()
            self.start()
        self.used += 1
        request = ("\t".join(args) + "\n").encode("utf-8")
        if self.connection is not None:
            self.connection.sendall(request)
        else:
            self.process.stdin.write(request)
            self.process.stdin.flush()
        deadline = time.monotonic() + timeout
        header = self._read_until(lambda data: b"\n" in data, deadline)
        line, rest = header.split(b"\n", 1)
        code, size = (int(part) for part in line.split())
        body = rest + self._read_until(lambda data: len(rest) + len(data) >= size, deadline, rest) if len(rest) < size else rest
        return code, body[:size].decode("utf-8", errors="replace")

    def _read_until(self, done, deadline: float, already: bytes = b"") -> bytes:
        data = b""
        fd = self.connection.fileno() if self.connection is not None else self.process.stdout.fileno()
        while not done(data):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError("the warm compiler did not answer in time")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise OSError("the warm compiler ended")
            data += chunk
        return data

    def kill(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        if self.process is not None:
            end_compiler(self.process)
        self.process = None


_COMPILER = _WarmCompiler()
atexit.register(_COMPILER.kill)


def run_javac(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run javac with ``args`` (absolute paths): its exit code and its messages.
    subprocess.TimeoutExpired if even the javac process overran ``JAVAC_SECONDS``."""
    if not _COMPILER.broken and shutil.which("java"):
        try:
            return _COMPILER.run(args, JAVAC_SECONDS)
        except (OSError, TimeoutError, ValueError) as exc:
            shared = _COMPILER.connection is not None
            _COMPILER.shared_failed |= shared  # the rest of this process compiles on its own
            _COMPILER.kill()
            if isinstance(exc, OSError) and _COMPILER.used <= 1 and not shared:
                _COMPILER.broken = True
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": str(cwd)}
    done = subprocess.run(["javac", *PROCESS_FLAGS, *args], capture_output=True, text=True, timeout=JAVAC_SECONDS,
                          cwd=cwd, env=env, stdin=subprocess.DEVNULL)
    return done.returncode, done.stderr + done.stdout
