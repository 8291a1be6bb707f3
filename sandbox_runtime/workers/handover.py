"""Handing a test to its spare, both ends of it: the zygote writes the test's seed on the spare's
socket as one line; the spare reads it (``read_line``), imports the student's files and answers
READY; the zygote waits for that answer (``answered``) before it tells the grader the pid.

Kept apart from zygote.py and spare.py, the two ends, so that neither imports the other for it.
"""

import os
import select
import time

from sandbox_runtime.workers.children import Child

# What a spare answers to its seed, once it has imported the student's files and before the
# test's first request is read. Only that answer proves the spare alive: one killed a moment ago
# (an earlier test's code can, at the process level) may not have died yet when the zygote
# looks, and the test handed to it would die with it.
READY = b"go\n"


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


def read_line(sock: int) -> bytes:
    """One line from the zygote; exits if the zygote is gone without sending one."""
    line = b""
    while not line.endswith(b"\n"):
        try:
            chunk = os.read(sock, 64)
        except OSError:
            chunk = b""
        if not chunk:
            os._exit(0)  # the zygote is gone without handing this one over
        line += chunk
    return line
