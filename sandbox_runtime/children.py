"""A forked worker as the zygote sees it, and what the zygote reads from one: whether a spare
handed its seed is alive, and how a worker ended.

Kept apart from zygote.py, which decides what to do with its workers; this module only knows
one worker at a time.
"""

import os
import select
import time

from sandbox_runtime.spare import READY


def open_pidfd(pid: int) -> int | None:
    """A pidfd of ``pid``, to wait for its end with select, or None (not Linux, or it is gone)."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


class Child:
    """A forked worker as the zygote sees it: its pid, the zygote's end of its socket, its pidfd."""

    def __init__(self, pid: int, sock: int, pidfd: int | None) -> None:
        self.pid = pid
        self.sock = sock
        self.pidfd = pidfd

    def close(self) -> None:
        for fd in (self.sock, self.pidfd):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


def answered(child: Child, within: float = 10.0) -> bool:
    """Whether a spare handed its seed answered READY (spare.py) within ``within`` seconds: it
    has the seed, has imported the student's files, and is alive. Nothing else is on its socket
    yet, unless those imports wrote there: then it is not ready, and the test gets no worker."""
    got, deadline = b"", time.monotonic() + within
    while len(got) < len(READY):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([child.sock], [], [], left)[0]:
            return False
        try:
            chunk = os.read(child.sock, len(READY) - len(got))
        except OSError:
            return False
        if not chunk:
            return False
        got += chunk
    return got == READY


def exit_status(status: int) -> dict:
    if os.WIFSIGNALED(status):
        return {"signal": os.WTERMSIG(status)}
    return {"exit_code": os.WEXITSTATUS(status)}
