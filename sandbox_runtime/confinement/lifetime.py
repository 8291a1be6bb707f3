"""Dying with the parent: no sandbox process may outlive the process that started it.

The launcher, each zygote and each worker call ``die_with_parent`` right after they start. On
Linux it asks the kernel (``prctl(PR_SET_PDEATHSIG, SIGKILL)``) to kill the caller the moment
its parent dies, so a grading process killed with ``kill -9`` takes its launcher, the launcher
its zygotes, and each zygote its worker, within milliseconds, even while a worker is stuck in
``while True: pass``. The parent may already have died before the request was made (the
kernel only watches from then on), so the parent's pid is checked once more afterwards.

Elsewhere (macOS) there is no ``prctl``: each of these processes still ends when it next reads
its channel and finds it closed, which a busy zygote or worker does only later.
"""

import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
PR_SET_CHILD_SUBREAPER = 36

try:
    if not sys.platform.startswith("linux"):
        raise OSError("prctl is Linux only")
    import ctypes

    # Looked up once, in the launcher, so a forked child only makes the call.
    _prctl = ctypes.CDLL(None, use_errno=True).prctl
except (ImportError, OSError, AttributeError):
    _prctl = None


def die_with_parent(parent: int | None) -> bool:
    """Be killed when the parent dies; exit now if ``parent`` (its pid) is already gone.

    ``parent`` is None when the caller cannot know its parent's pid (a PID namespace's first
    process sees its parent, outside, as 0). Returns whether the kernel took the request.
    """
    armed = _prctl is not None and _prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    if parent is not None and os.getppid() != parent:
        os._exit(0)  # orphaned before the request was in place: nobody is waiting for us
    return armed


def become_subreaper() -> bool:
    """Be the one orphaned descendants are given to (Linux), rather than init."""
    return _prctl is not None and _prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
