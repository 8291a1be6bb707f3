"""The JVM worker: ``sandbox_jvm`` started under the sandbox's limits, killed whole.

A JVM serves one submission at most (session.py); each test's ``load`` gives it a fresh class
loader (sandbox_jvm/README.md). The JVM is started like a Python sandbox's launcher
(grader/sandbox/launcher.py):

- in its own session and process group, killed as a group, and tied to the grading process by
  ``setpriv --pdeathsig KILL`` where that works (lifetime.py);
- at the namespaces level inside the same ``unshare`` prefix (its own PID namespace, so nothing
  it starts outlives it; no network), isolation.py, then in the same jail as a Python
  sandbox's zygote (sandbox_runtime/confinement/jail.py): a root file system of its own, no capability, an
  unprivileged id where the grader is root (``GRADER_SANDBOX_USER``'s, else the dedicated one:
  jvm_user.py), ``no_new_privs`` and the system-call filter;
- under ``prlimit`` rlimits (CPU seconds, file size, open files, processes if asked), a heap
  (``-Xmx``), stack, metaspace and code cache of fixed size, in its own empty working folder and
  HOME (which the JVM empties at every load: ``sandbox_jvm.scratch``), with a scrubbed
  environment; its stderr (the JVM's own warnings, never the student's output, which comes back
  through the protocol) goes to a file.

``jvm_command`` is the one place the command is put together; ``jail_prefix`` is what goes in
front of it (swap it for a stronger jail). The worker's classes come from worker_cache.py.
"""

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from importlib.util import find_spec
from pathlib import Path

from grader.lab.assets import REPOSITORY
from grader.java.jvm_user import give_home, jvm_owner, share_with_jvm
from grader.java.worker_cache import JvmBuildError
from grader.java.worker_cache import worker_classes as cached_worker_classes
from grader.sandbox.channel import Channel
from grader.sandbox.isolation import launcher_prefix
from grader.sandbox.jail_spec import jail_spec
from grader.sandbox.launcher import Launcher
from grader.sandbox.leftovers import make_folder
from grader.sandbox.lifetime import die_with_parent_prefix
from grader.sandbox.limits import Limits
from grader.sandbox.seccomp import seccomp_program
from grader.sandbox.staging import RUNTIME_PACKAGE, SandboxUserError


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
# quick compiler makes the first ones faster; headless: a Swing class may be compiled, never shown;
# no attach listener: nothing outside may load an agent into it, and it starts no thread later.
JVM_FLAGS = [
    f"-Xmx{HEAP}", "-Xss1m", "-XX:MaxMetaspaceSize=128m", "-XX:ReservedCodeCacheSize=48m",
    "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto", "-XX:TieredStopAtLevel=1",
    "-XX:+DisableAttachMechanism",
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
    """The compiled worker (built on first use, private, checked against its manifest), readable
    by the JVM's user."""
    try:
        return cached_worker_classes(sorted(WORKER_SOURCES.glob("*.java")), jvm_owner())
    except (JvmBuildError, SandboxUserError) as exc:
        raise JvmStartError(f"{exc} (sources: {WORKER_SOURCES})") from None


# Run by the interpreter that becomes the JVM: it jails itself, then execs (sandbox_runtime/confinement/jail.py).
JAIL_EXEC = "import json, sys; sys.path[0:0] = [{runtime!r}]; from sandbox_runtime.confinement.jail import exec_jailed; " \
            "exec_jailed(json.loads(sys.argv[1]), sys.argv[2:])"


def jail_prefix(level: str, folder: Path, classes: Path) -> list[str]:
    """What the JVM is started inside: tied to our life, the level's namespaces, then the same
    jail as a Python sandbox's zygote (sandbox_runtime/confinement/jail.py): at the namespaces level a root
    file system of its own where it sees the system, the JDK, the worker's ``classes`` and
    ``folder/visible`` (what ``JvmProcess.visible`` copied there) read-only, and a private home;
    at every level no capability, an unprivileged id where the grader is root, and the filter."""
    spec = jail_spec(level == "namespaces", folder / "root", Launcher.run_filter or seccomp_program())
    spec.update(work=str(folder / "visible"), home=str(folder / "home"),
                read_only=[*spec["read_only"], str(classes)])
    runtime = str(RUNTIME_PACKAGE.parent)
    boot = JAIL_EXEC.format(runtime=runtime)
    return [*die_with_parent_prefix(), *launcher_prefix(level), sys.executable, "-S", "-B", "-c", boot, json.dumps(spec)]


def jvm_command(classes: Path, home: Path, limits: Limits, prefix: list[str]) -> list[str]:
    """The whole command that starts the worker JVM in ``home``, inside ``prefix``."""
    rlimits = [f"--cpu={CPU_SECONDS_PER_JVM}", f"--fsize={limits.file_size_bytes}", "--nofile=256", "--core=0"]
    if limits.processes:
        rlimits.append(f"--nproc={limits.processes}")
    prlimit = [shutil.which("prlimit") or "prlimit", *rlimits, "--"]
    # sandbox_jvm.scratch: the folder the JVM empties at every load (RunState.java), its home.
    java = [shutil.which("java") or "java", *JVM_FLAGS, f"-Djava.io.tmpdir={home}", f"-Dsandbox_jvm.scratch={home}",
            f"-XX:ErrorFile={home / 'hs_err.log'}", "-cp", str(classes), "sandbox_jvm.Main"]
    return [*prefix, *prlimit, *java]


class JvmProcess:
    """One running worker JVM and the channel to it."""

    def __init__(self, limits: Limits, level: str) -> None:
        self.limits = limits
        self.level = level
        self.process: subprocess.Popen | None = None
        self.channel: Channel | None = None
        self.folder: Path | None = None
        self.loads = 0
        self.ready = False  # it has answered its first request

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        """Launch the JVM and return at once (``wait_ready`` waits for its first answer), so
        the submission's classes can compile meanwhile."""
        try:
            owner = jvm_owner()
            classes = worker_classes()
            self.folder = make_folder("sandbox")
            home = self.folder / "home"
            for folder in (home, self.folder / "visible", self.folder / "root"):
                folder.mkdir()
            give_home(home, owner)
            share_with_jvm(self.folder / "visible", owner)
            command = jvm_command(classes, home, self.limits, jail_prefix(self.level, self.folder, classes))
        except SandboxUserError as exc:
            raise JvmStartError(str(exc)) from None
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        with open(self.folder / "jvm-stderr.log", "wb") as stderr:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                            cwd=home, env=env, start_new_session=True, close_fds=True)
        self.channel = Channel(self.process.stdin.fileno(), self.process.stdout.fileno())
        self.loads = 0
        self.ready = False

    def visible(self, folder: Path) -> str:
        """Where the JVM finds a copy of ``folder`` (compiled classes, sources): in its jail it
        sees nothing of the grader's folders but the copies made here, once per folder."""
        if self.folder is None:
            return str(folder)
        copies = self.folder / "visible"
        name = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
        target = copies / name
        if not target.exists() and folder.is_dir():
            building = copies / f".{name}.part"
            shutil.rmtree(building, ignore_errors=True)
            shutil.copytree(folder, building, symlinks=False, ignore_dangling_symlinks=True)
            for path in (building, *building.rglob("*")):
                os.chmod(path, 0o755 if path.is_dir() else 0o644)
            share_with_jvm(building, jvm_owner())
            os.rename(building, target)
        return str(target)

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
        self.ready = False
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
    jvm.ready = True
    return time.monotonic() - started
