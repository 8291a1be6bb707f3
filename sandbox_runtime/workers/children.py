"""A forked worker as the zygote sees it, and how a worker ended. Whether a spare handed its seed
is alive is read in handover.py.

Kept apart from zygote.py, which decides what to do with its workers; this module only knows
one worker at a time.
"""

import os


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


def exit_status(status: int) -> dict:
    if os.WIFSIGNALED(status):
        return {"signal": os.WTERMSIG(status)}
    return {"exit_code": os.WEXITSTATUS(status)}
