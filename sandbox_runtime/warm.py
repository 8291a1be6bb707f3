"""A warm worker: one forked process that serves test after test of its sandbox, each with fresh
student state, as long as nothing a test did can reach the next.

The zygote (zygote.py) forks a worker as in the fresh mode; in the warm mode, when the worker
has answered its test's "exit", it does not exit. It says "done" (its output is complete; the
zygote reports the test's end to the grader at once) and then, while the grader is busy with
what it does between tests, makes itself ready for another (``Ward.between_tests``):

1. what the runtime holds of the test goes (its handles to objects, its request buffer), the
   student's modules leave ``sys.modules``, and a garbage collection runs the finalizers of the
   test's objects now, not during the next test;
2. the student's files and their stand-ins are executed anew, from the code compiled at load
   (renewal.py), and the caches that change on every test by design (``linecache``, the ``re``
   caches, the import locks) are put back as they were;
3. the audit (audit.py) compares what a test could change outside those modules with what the
   worker had before its first test, while it was still exactly a fresh fork.

If all is as it was, and no watched dict changed (watching.py) and no audited event happened
(audit.install_hook), it says "idle" and waits for its next test's seed, like a spare; otherwise
it says why and exits, and the zygote forks a fresh worker for the next test. A renewal that takes
longer than a fork would (``SLOW_SECONDS``) ends warm service for the whole sandbox.

Every message on the socket carries the nonce the zygote sent with the test's seed, which
student code never receives: a line it writes on the socket cannot pass for the runtime's.
"""

import gc
import os
import sys
import time

from sandbox_runtime import audit, lifetime, watching
from sandbox_runtime.renewal import Renewal

SLOW_SECONDS = 0.02  # a renewal slower than this costs more than the fork it saves


class Ward:
    """Set up in a warm worker before its first test (it is a fresh fork then); asked after each."""

    def __init__(self, sock: int, renewal: Renewal, lists: list, sets: list, resets: list) -> None:
        self.renewal = renewal
        lifetime.become_subreaper()  # a grandchild whose parent exits becomes this process's child
        audit.install_hook(sock, renewal.names)
        audit.report_registrations(sock)
        watching.arm(sock)
        self.resets = [(held, dict(held)) for held in resets]
        self.baseline = audit.Baseline(renewal.names, lists, sets)
        # The collection runs from a namespace of its own: a warning a finalizer gives (an unclosed
        # file's ResourceWarning) is registered there, not in a module another test shares.
        self.collect = eval("lambda: collect()", {"collect": gc.collect, "__name__": "sandbox_runtime.collection"})

    def between_tests(self) -> str | None:
        """Fresh student state for the next test, then the audit: None, or why this worker ends."""
        started = time.perf_counter()
        self.renewal.forget()
        self.collect()  # the test's objects, and the finalizers some of them have, go now
        problem = self.renewal.execute()
        if problem is not None:
            return problem
        for held, saved in self.resets:
            held.clear()
            held.update(saved)
        if time.perf_counter() - started > SLOW_SECONDS:
            return "slow"
        return self.baseline.difference()


def prepare(renewal: Renewal) -> tuple[list, list, list]:
    """In the zygote, once its load is done: the lists and sets modules hold (compared after each
    test), and the dicts reset after each test. The dicts are watched from here on
    (watching.watch_modules: the launcher watched what it had already imported)."""
    watching.watch_modules(skip=renewal.names)
    watching.watch(sys.modules.get("os").environ._data if hasattr(os.environ, "_data") else None)
    lists, sets, seen = [], [], set()
    for name, module in list(sys.modules.items()):
        if name in renewal.names or not hasattr(module, "__dict__"):
            continue
        for value in list(module.__dict__.values()):
            if id(value) in seen:
                continue
            if type(value) is list:
                seen.add(id(value))
                lists.append(value)
            elif type(value) is set:
                seen.add(id(value))
                sets.append(value)
    resets = []
    for module_name, name in watching.RESET:
        held = getattr(sys.modules.get(module_name), name, None)
        if type(held) is dict and all(held is not other for other in resets):
            resets.append(held)
    return lists, sets, resets


def send(sock: int, text: bytes) -> None:
    """One line to the zygote."""
    while text:
        text = text[os.write(sock, text):]
