"""Grading processes end when the ``grader`` command that started them ends, however it ends.

A shard must not outlive the command: after ``kill -9`` or a crash nobody would read its
results, and it would go on using the machine (and holding sandboxes). Two mechanisms, because
neither covers every case alone:

- on Linux the kernel sends the shard SIGKILL when its parent dies (``PR_SET_PDEATHSIG``, set by
  the shard first thing; it then checks that its parent is still the command, in case the
  command died before that);
- everywhere, the shard holds the read end of a pipe whose only write end is the command's; a
  thread in the shard sees end-of-file when the command is gone and ends the process.
"""

import ctypes
import os
import signal
import sys
import threading

PR_SET_PDEATHSIG = 1
# The environment variables that tell a shard its lifeline descriptor and its parent's pid.
LIFELINE_ENV = "GRADER_LIFELINE_FD"
PARENT_ENV = "GRADER_PARENT_PID"


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies; end now if that already happened.

    Called by the child itself rather than as a ``preexec_fn``, which is unsafe in a parent
    that runs threads (the progress bar does).
    """
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the pipe below still works
    expected = os.environ.get(PARENT_ENV)
    if expected is not None and os.getppid() != int(expected):
        os._exit(70)  # the command died before we could ask to be told


class Lifeline:
    """The command's end of the pipe. Keep it open for as long as the children may run."""

    def __init__(self) -> None:
        self.read_fd, self.write_fd = os.pipe()
        os.set_inheritable(self.read_fd, True)

    def child_env(self) -> dict[str, str]:
        return {LIFELINE_ENV: str(self.read_fd), PARENT_ENV: str(os.getpid())}

    def close(self) -> None:
        for fd in (self.read_fd, self.write_fd):
            try:
                os.close(fd)
            except OSError:
                pass


def watch_parent() -> None:
    """In a shard: end this process (and so its sandboxes) as soon as the command is gone."""
    fd = os.environ.get(LIFELINE_ENV)
    if fd is None:
        return
    descriptor = int(fd)

    def wait_for_end() -> None:
        try:
            while os.read(descriptor, 1):
                pass
        except OSError:
            pass
        os._exit(70)  # nothing to save: the command that would read our results is gone

    threading.Thread(target=wait_for_end, name="lifeline", daemon=True).start()
