"""A warm worker: one forked process that serves test after test of its sandbox, each with fresh
student state, as long as nothing a test did can reach the next.

The zygote (zygote.py) forks a worker as in the fresh mode; in the warm mode, when the worker
has answered its test's "exit", it does not exit. It says "done" (its output is complete; the
zygote reports the test's end to the grader at once) and then, while the grader is busy with
what it does between tests, makes itself ready for another (``Ward.between_tests``):

1. what the runtime holds of the test goes (its handles to objects, its request buffer), and
   the student's modules leave ``sys.modules``;
2. the student's files and their stand-ins are executed anew, from the code compiled at load
   (renewal.py), and the caches that change on every test by design (``linecache``, the ``re``
   caches, the import locks) are put back as they were;
3. everything the process holds is frozen out of the garbage collector's sight (``gc.freeze``):
   what the test left in reference cycles is never collected, so no finalizer of one test's
   objects runs during another (in a fresh fork none runs at all: the worker exits without
   finalizing). A worker that grows too large this way, or has served ``MAX_TESTS``, retires;
4. the audit (audit.py) compares what a test could change outside those modules with what the
   worker had before its first test, while it was still exactly a fresh fork.

If all is as it was, and no watched dict changed (watching.py) and no audited event happened
(audit.install_hook), it says "idle" and waits for its next test's seed, like a spare; otherwise
it says why and exits, and the zygote forks a fresh worker for the next test. A renewal that takes
more CPU than a fork would (``SLOW_SECONDS``) ends warm service for the whole sandbox.

Every message on the socket carries the nonce the zygote sent with the test's seed, which
student code never receives: a line it writes on the socket cannot pass for the runtime's.
"""

import gc
import os
import sys
import time

try:
    import resource
except ImportError:  # not on Windows
    resource = None

from sandbox_runtime import audit, lifetime, watching
from sandbox_runtime.renewal import Renewal

SLOW_SECONDS = 0.02  # a renewal using more CPU than this costs more than the fork it saves
MAX_TESTS = 100  # then a fresh fork: what the tests left in cycles stays until the worker ends
MAX_GROWTH_KB = 64 << 10  # the same, once its peak memory has grown this much


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
        # The test's objects are let go from a namespace of its own: a warning a finalizer gives
        # (an unclosed file's ResourceWarning) is registered there, not in a module tests share.
        self.release = eval("lambda worker: worker.handles.objects.clear()", {"__name__": "sandbox_runtime.release"})
        self.served = 0
        self.peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss if resource is not None else 0

    def between_tests(self, worker) -> str | None:
        """Fresh student state for the next test, then the audit: None, or why this worker ends."""
        started = time.thread_time()  # CPU, not wall: a busy machine must not turn warm workers off
        self.served += 1
        self.release(worker)  # objects only the test's handles held: their finalizers run now, audited
        self.renewal.forget()
        problem = self.renewal.execute()
        if problem is not None:
            return problem
        for held, saved in self.resets:
            held.clear()
            held.update(saved)
        gc.freeze()
        if time.thread_time() - started > SLOW_SECONDS:
            return "slow"
        if self.served >= MAX_TESTS:
            return "it served its share of tests"
        if resource is not None and resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - self.peak > MAX_GROWTH_KB:
            return "it grew too large"
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
