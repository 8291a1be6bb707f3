"""One warm javac for every grading process of a run.

Each grading process keeps a warm compiler (javac.py); its start and warm-up cost more CPU than
a hundred compilations once it is warm, so with two processes grading Java the second warm-up
was a tenth of the run's compile time. The command (engine/batch.py) starts one compiler for
the run when more than one process will compile Java, listening on a Unix socket in a private
folder of its own (0700, the launcher's naming, so a ``kill -9`` leaves nothing for good), and
hands the socket to the processes in ``GRADER_JAVAC_SOCKET``. Trusted side only: no student code
runs in it (every command has ``-proc:none``), and no sandbox can reach the folder.

If it does not start, or a process cannot reach it, that process starts its own: a shared
compiler can save time but never cost a result.
"""

import os
import select
import shutil
import subprocess
import time
from pathlib import Path

from grader.java.javac import SOCKET_ENV, compiler_command, compiler_env, end_compiler

START_SECONDS = 30.0


class SharedCompiler:
    """The run's compiler: ``start()`` gives the environment the grading processes need."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.folder: Path | None = None

    def start(self) -> dict[str, str]:
        """Start it and wait until it listens; {} (each process compiles alone) if it cannot."""
        from grader.java.jdk import jdk_problem
        from grader.sandbox.leftovers import make_folder
        from grader.sandbox.lifetime import die_with_parent_prefix

        if jdk_problem():
            return {}
        try:
            self.folder = make_folder("sandbox")
            path = self.folder / "javac.sock"
            command = [*die_with_parent_prefix(), *compiler_command("--socket", str(path))]
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, env=compiler_env(), start_new_session=True,
                                            close_fds=True)
            if self._listening():
                return {SOCKET_ENV: str(path)}
        except (OSError, RuntimeError):
            pass
        self.stop()
        return {}

    def _listening(self) -> bool:
        deadline = time.monotonic() + START_SECONDS
        fd = self.process.stdout.fileno()
        data = b""
        while b"\n" not in data:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return False
            chunk = os.read(fd, 256)
            if not chunk:
                return False
            data += chunk
        return data.startswith(b"listening")

    def stop(self) -> None:
        if self.process is not None:
            end_compiler(self.process)
            self.process = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
