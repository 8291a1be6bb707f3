"""Building sandbox_jvm and talking to it over its JSON lines, for the tests of tests/jvm.

Nothing here is the grader's integration (the lead wires the engine to the JVM later): it is
the smallest honest client of the protocol, with a deadline on every reply so a broken worker
fails a test instead of hanging the run.
"""

import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "sandbox_jvm" / "src"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# The flags the worker needs (sandbox_jvm/README.md explains each one).
JVM_FLAGS = [
    "-Djava.security.manager=allow",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED",
    "--add-opens", "java.base/java.util=ALL-UNNAMED",
    "-XX:+UseSerialGC",
    "-XX:-UsePerfData",
    "-Xshare:auto",
]


def tools_missing() -> str | None:
    """Why the JVM tests cannot run here, or None when java and javac are both installed."""
    for tool in ("javac", "java"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed: the JVM sandbox cannot be built or started"
    return None


def compile_java(sources: list[Path], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["javac", "-nowarn", "-d", str(out), *map(str, sources)],
                          check=False, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"javac failed:\n{done.stderr}")
    return out


def build(workdir: Path) -> tuple[Path, Path]:
    """The worker's classes and the fixtures' classes, compiled into ``workdir``."""
    worker = compile_java(sorted((SOURCES / "sandbox_jvm").glob("*.java")), workdir / "worker")
    fixtures = compile_java(sorted(FIXTURES.glob("*.java")), workdir / "fixtures")
    return worker, fixtures


class Jvm:
    """One running worker. ``ask`` sends a request and returns its reply (the whole dict)."""

    def __init__(self, worker: Path, heap: str = "96m", stderr_path: Path | None = None,
                 flags: tuple[str, ...] = (), cwd: Path | None = None) -> None:
        self.stderr = open(stderr_path or os.devnull, "wb")  # noqa: SIM115 - lives as long as the JVM
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            ["java", f"-Xmx{heap}", *JVM_FLAGS, *flags, "-cp", str(worker), "sandbox_jvm.Main"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, cwd=cwd)
        self.next_id = 0
        self.buffer = b""

    def ask(self, op: str, timeout: float = 20.0, **fields) -> dict:
        self.next_id += 1
        request = {"op": op, "id": self.next_id, **fields}
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()
        reply = json.loads(self.read_line(timeout))
        assert reply["id"] == self.next_id, reply
        return reply

    def ok(self, op: str, **fields):
        """The value of a reply that must have succeeded."""
        reply = self.ask(op, **fields)
        assert "ok" in reply, reply
        return reply["ok"]

    def read_line(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                self.close()
                raise TimeoutError("the JVM worker did not answer in time")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError(f"the JVM worker ended (exit code {self.process.wait()})")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr.close()
