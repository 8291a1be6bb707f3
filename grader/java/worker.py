"""The warm JVM: ``sandbox_jvm`` built once, started under the sandbox's limits, killed whole.

One JVM serves every Java test of a grading process; each test's ``load`` gives it a fresh class
loader (sandbox_jvm/README.md), so paying the JVM's start once is all that is shared. The JVM is
started like a Python sandbox's launcher (grader/sandbox/launcher.py):

- in its own session and process group, killed as a group, and tied to the grading process by
  ``setpriv --pdeathsig KILL`` where that works (lifetime.py);
- at the namespaces level inside the same ``unshare`` prefix (its own PID namespace, so nothing
  it starts outlives it; no network; a read-only file system), isolation.py;
- under ``prlimit`` rlimits (CPU seconds, file size, open files, processes if asked), a heap
  (``-Xmx``), stack, metaspace and code cache of fixed size, in its own empty working folder and
  HOME, with a scrubbed environment; its stderr (the JVM's own warnings, never the student's
  output, which comes back through the protocol) goes to a file.

The worker's classes are compiled once per version of its sources and cached in the temporary
folder (``grader-jvm-<hash>``), shared by every process of this user.
"""

import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

from grader.assets import REPOSITORY
from grader.sandbox.channel import Channel
from grader.sandbox.isolation import launcher_prefix
from grader.sandbox.leftovers import make_folder
from grader.sandbox.lifetime import die_with_parent_prefix
from grader.sandbox.limits import Limits



def _worker_sources() -> Path:
    """sandbox_jvm's sources: the repository's in a checkout, else the wheel's copy."""
    local = REPOSITORY / "sandbox_jvm" / "src" / "sandbox_jvm"
    if local.is_dir():
        return local
    spec = find_spec("grader_assets.sandbox_jvm")
    if spec is None or not spec.submodule_search_locations:
        return local
    return Path(list(spec.submodule_search_locations)[0]) / "src" / "sandbox_jvm"


WORKER_SOURCES = _worker_sources()
HEAP = "256m"
# Why each flag: sandbox_jvm/README.md. TieredStopAtLevel=1: student calls are short, and the
# quick compiler makes the first ones faster; headless: a Swing class may be compiled, never shown.
JVM_FLAGS = [
    f"-Xmx{HEAP}", "-Xss1m", "-XX:MaxMetaspaceSize=128m", "-XX:ReservedCodeCacheSize=48m",
    "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto", "-XX:TieredStopAtLevel=1",
    "-Djava.security.manager=allow",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED",
    "--add-opens", "java.base/java.util=ALL-UNNAMED",
    "-Dfile.encoding=UTF-8", "-Djava.awt.headless=true",
]
# The whole JVM's CPU time, over every test it serves: a backstop behind each call's wall-clock
# deadline. The JVM is replaced before a test once it has used half of it.
CPU_SECONDS_PER_JVM = 600
START_SECONDS = 30.0


class JvmStartError(RuntimeError):
    """The worker could not be built or started (a grader problem, never the student's)."""


def worker_classes() -> Path:
    """The compiled worker, built on first use and cached by the hash of its sources."""
    sources = sorted(WORKER_SOURCES.glob("*.java"))
    if not sources:
        raise JvmStartError(f"the JVM worker's sources are missing from {WORKER_SOURCES}")
    digest = hashlib.sha256(b"".join(p.name.encode() + p.read_bytes() for p in sources)).hexdigest()[:16]
    target = Path(tempfile.gettempdir()) / f"grader-jvm-{os.getuid()}-{digest}"
    if (target / "sandbox_jvm" / "Main.class").is_file():
        return target
    building = Path(tempfile.mkdtemp(prefix=f"grader-jvm-building-{digest}-"))
    try:
        done = subprocess.run(["javac", "-nowarn", "-d", str(building), *map(str, sources)],
                              capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise JvmStartError(f"the JVM worker did not compile: {done.stderr[-2000:]}")
        try:
            os.rename(building, target)  # atomic: another process may have won the race
        except OSError:
            pass
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return target


def jvm_command(classes: Path, limits: Limits, level: str) -> list[str]:
    rlimits = [f"--cpu={CPU_SECONDS_PER_JVM}", f"--fsize={limits.file_size_bytes}", "--nofile=256", "--core=0"]
    if limits.processes:
        rlimits.append(f"--nproc={limits.processes}")
    prlimit = [shutil.which("prlimit") or "prlimit", *rlimits, "--"]
    java = [shutil.which("java") or "java", *JVM_FLAGS, "-cp", str(classes), "sandbox_jvm.Main"]
    return [*die_with_parent_prefix(), *launcher_prefix(level), *prlimit, *java]


class JvmProcess:
    """One running worker JVM and the channel to it."""

    def __init__(self, limits: Limits, level: str) -> None:
        self.limits = limits
        self.level = level
        self.process: subprocess.Popen | None = None
        self.channel: Channel | None = None
        self.folder: Path | None = None
        self.loads = 0

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        classes = worker_classes()
        self.folder = make_folder("sandbox")
        home = self.folder / "home"
        home.mkdir()
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        command = jvm_command(classes, self.limits, self.level)
        command.insert(command.index("-cp"), f"-Djava.io.tmpdir={home}")
        command.insert(command.index("-cp"), f"-XX:ErrorFile={self.folder / 'hs_err.log'}")
        with open(self.folder / "jvm-stderr.log", "wb") as stderr:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                            cwd=home, env=env, start_new_session=True, close_fds=True)
        self.channel = Channel(self.process.stdin.fileno(), self.process.stdout.fileno())
        self.loads = 0

    def cpu_seconds(self) -> float:
        """CPU time the JVM has used so far (Linux; 0 where /proc is missing)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    def worn_out(self) -> bool:
        """Whether the JVM should be replaced before the next test (its CPU backstop half used)."""
        return self.cpu_seconds() > CPU_SECONDS_PER_JVM / 2

    def kill(self) -> None:
        """Kill the JVM's whole process group (and at the namespaces level its namespace) and wait."""
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                pass
            for stream in (self.process.stdin, self.process.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self.process = self.channel = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def exit_status(self) -> dict:
        """How the JVM ended, as the Python sandbox reports a worker's end."""
        if self.process is None:
            return {"exit_code": "unknown"}
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return {"exit_code": "unknown (it stopped answering)"}
        return {"signal": -code} if code < 0 else {"exit_code": code}


def wait_ready(jvm: JvmProcess) -> float:
    """Seconds until the JVM answers its first request (a ping); JvmStartError if it never does."""
    started = time.monotonic()
    try:
        jvm.channel.send({"op": "threads", "id": -1})
        while jvm.channel.receive(started + START_SECONDS).get("id") != -1:
            pass
    except (TimeoutError, EOFError, OSError) as exc:
        log = ""
        if jvm.folder is not None and (jvm.folder / "jvm-stderr.log").exists():
            log = (jvm.folder / "jvm-stderr.log").read_text(errors="replace")[-1500:]
        jvm.kill()
        raise JvmStartError(f"the JVM worker did not start ({type(exc).__name__}): {log}") from None
    return time.monotonic() - started
