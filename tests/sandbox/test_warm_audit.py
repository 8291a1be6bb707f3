"""A warm worker never serves a test after one that left state behind (sandbox_runtime/warm.py).

Each case is a student function that tries to leave something for the next test outside its own
modules. The test before it runs in a reused worker (so warm workers do serve tests here: a
broken warm mode would fail every case), the case runs, and the test after it must get a fresh
fork, for the reason the case expects: the zygote says why it retired the worker. A second group
shows what is *reset* rather than audited (the student's modules, ``random``, caches), a third
what the runtime does not let a test forge, and the last grades a student whose leftovers would
change grades, in both modes.
"""

import random
import shutil

import pytest

from grader.engine.batch import GradeOptions, grade
from grader.sandbox import SandboxSession, Student
from grader.sandbox.isolation import namespaces_work
from grader.sandbox.launcher import Launcher
from grader.submissions import find_submissions
from tests.classroom import card_with, elevens_rubric
from tests.warm_python import needs_warm

pytestmark = needs_warm

LEVELS = ["process"] + (["namespaces"] if namespaces_work() else [])

CARD = r'''
import builtins, gc, json, os, random, signal, sys, warnings

counter = []


def nothing():
    return "ok"


def count():
    counter.append(1)
    return len(counter)


def first_random():
    return random.random()


def leave(code):
    """Leave something behind, the way ``code`` says; returns "left"."""
    exec(code, {"builtins": builtins, "gc": gc, "json": json, "os": os, "random": random,
                       "signal": signal, "sys": sys, "warnings": warnings})
    return "left"


def seen(expression):
    return eval(expression, {"builtins": builtins, "json": json, "sys": sys, "random": random, "os": os})


class Finalized:
    def __del__(self):
        json.left_by_a_finalizer = True


def finalized():
    return Finalized()  # held by the grader as a handle: collected after the test
'''

CASES = {
    # threads and processes
    "thread": "import threading; threading.Thread(target=__import__('time').sleep, args=(2,), daemon=True).start()",
    "raw thread": "import _thread, time; _thread.start_new_thread(time.sleep, (2,))",
    "child": "pid = os.fork()\nif pid == 0:\n    __import__('time').sleep(2); os._exit(0)",
    "orphaned grandchild": ("pid = os.fork()\nif pid == 0:\n    if os.fork() == 0:\n        __import__('time').sleep(2)\n"
                            "    os._exit(0)\nos.waitpid(pid, 0)"),
    "finished child": "pid = os.fork()\nif pid == 0:\n    os._exit(0)\n__import__('time').sleep(0.05)",
    "new process group": "os.setpgid(0, os.getsid(0))",
    # signals
    "signal handler": "signal.signal(signal.SIGUSR1, lambda *a: None)",
    "ignored signal": "signal.signal(signal.SIGUSR2, signal.SIG_IGN)",
    "signal mask": "signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR2])",
    "alarm": "signal.setitimer(signal.ITIMER_REAL, 100)",
    "wakeup fd": "r, w = os.pipe(); os.set_blocking(w, False); signal.set_wakeup_fd(w)",
    # builtins and sys
    "builtin added": "builtins.left_behind = 1",
    "builtin replaced": "builtins.ascii = lambda x: ''",
    "sys.path": "sys.path.append('/tmp')",
    "sys.meta_path": "sys.meta_path.insert(0, object())",
    "sys.path_hooks": "sys.path_hooks.append(lambda path: None)",
    "module added": "sys.modules['left_behind'] = type(sys)('left_behind')",
    "module replaced": "sys.modules['json'] = type(sys)('json')",
    "module removed": "del sys.modules['json']",
    "module imported": "import fractions",
    "displayhook": "sys.displayhook = lambda value: None",
    "excepthook": "sys.excepthook = lambda *a: None",
    "trace": "sys.settrace(lambda *a: None)",
    "profile": "sys.setprofile(lambda *a: None)",
    "recursion limit": "sys.setrecursionlimit(500)",
    "stdout replaced": "sys.stdout = open(os.devnull, 'w')",
    "stdout reconfigured": "sys.stdout.reconfigure(line_buffering=True)",
    "int digits": "sys.set_int_max_str_digits(1000)",
    "switch interval": "sys.setswitchinterval(0.5)",
    "sys attribute": "sys.dont_write_bytecode = not sys.dont_write_bytecode",
    "monitoring": "sys.monitoring.use_tool_id(3, 'mine')",
    "asyncgen hooks": "sys.set_asyncgen_hooks(firstiter=lambda gen: None)",
    "audit hook": "sys.addaudithook(lambda event, args: None)",
    "fork hook": "os.register_at_fork(after_in_child=lambda: None)",
    "codec search function": "import codecs; codecs.register(lambda name: None)",
    "coroutine origin tracking": "sys.set_coroutine_origin_tracking_depth(5)",
    "codec error handler": "import codecs; codecs.register_error('left', lambda e: ('', e.end))",
    # through a ctypes function the runtime already holds: no audited event, seen by the kernel
    "process name": "sys.modules['sandbox_runtime.lifetime']._prctl(15, b'renamed', 0, 0, 0)",
    "subreaper turned off": "sys.modules['sandbox_runtime.lifetime']._prctl(36, 0, 0, 0, 0)",
    # the standard library's and the runtime's objects
    "stdlib function": "json.load = lambda *a, **k: 'forged'",
    "random function": "random.randint = lambda a, b: a",
    "random generator attribute": "random._inst.left_behind = 1",
    "stdlib class": "json.JSONEncoder.item_separator = ';'",
    "stdlib object": "json._default_encoder.indent = 4",
    "keyword defaults": "json.dump.__kwdefaults__['indent'] = 4",
    "function code": "json.load.__code__ = (lambda fp, **k: 1).__code__",
    "function defaults": "os.makedirs.__defaults__ = (0o700, True)",
    "runtime class": "sys.modules['sandbox_runtime.operations'].Worker.sample = lambda *a: []",
    "runtime module": "sys.modules['sandbox_runtime.values'].MAX_ITEMS = 1",
    "runtime object": "sys.modules['sandbox_runtime.sources'].FINDER.loaders['fractions'] = None",
    "main module": "sys.modules['__main__'].left_behind = 1",
    "disarming the watchers": "sys.modules['sandbox_runtime.watching'].ARMED['fd'] = -1; json.left_behind = 1",
    "abc registration": "import collections.abc; collections.abc.Sequence.register(frozenset)",
    "warnings filter": "warnings.simplefilter('ignore')",
    "gc disabled": "gc.disable()",
    "gc threshold": "gc.set_threshold(1)",
    "gc callback": "gc.callbacks.append(lambda *a: None)",
    "atexit": "import atexit; atexit.register(print)",
    # the process
    "descriptor left open": "os.open(os.devnull, os.O_RDONLY)",
    # The student's old module is never collected (what a test leaves in cycles never is), so
    # neither is the file it holds: its descriptor stays open, as it would until the process ended.
    "open file kept by the student": "sys.modules['card'].kept = open(os.devnull)",
    "stdin replaced": "fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 0); os.close(fd)",
    "output made appending": "import fcntl; fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_APPEND)",
    "cwd": "os.chdir('/')",
    "umask": "os.umask(0)",
    "environment": "os.environ['LEFT_BEHIND'] = '1'",
    "C environment": "os.putenv('LEFT_BEHIND', '1')",
    "resource limit": "import resource; resource.setrlimit(resource.RLIMIT_CORE, (0, 0))",
    "priority": "os.nice(1)",
    "affinity": "os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}) if len(os.sched_getaffinity(0)) > 1 else os.nice(1)",
    # reaching the runtime's own objects
    "gc objects": "gc.get_objects()",
    "frames": "sys._getframe(1)",
    "generator frame": "g = (i for i in ()); g.gi_frame",
    "ctypes": "import ctypes; ctypes.string_at(ctypes.addressof(ctypes.c_int(1)), 1)",
    "forged messages": "import os\nfor fd in range(3, 40):\n    try: os.write(fd, b'done 1\\nidle 1\\n')\n    except OSError: pass",
}

# Reset for every test, not audited: what the next test sees of them (PROBES) is as it was.
CASES.update({
    "student module": "sys.modules['card'].counter.extend([1, 2, 3])",
    "random": "random.seed(99); random.random()",
    "caches": "import linecache, re; linecache.cache['left'] = (1, None, ['x'], 'left'); re.compile('le+ft')",
    "student class": "sys.modules['card'].Finalized.left = 1",
})
PROBES = {
    "student module": "len(sys.modules['card'].counter)",
    "random": "random.random() == __import__('random').Random(3).random()",
    "caches": "'left' in __import__('linecache').cache",
    "student class": "hasattr(sys.modules['card'].Finalized, 'left')",
}
RESET = {"student module": 0, "random": True, "caches": False, "student class": False}

# What each case is expected to be caught as (the zygote's reason, in part).
CAUGHT = {
    "thread": "thread", "raw thread": "thread", "child": "child", "orphaned grandchild": "child",
    "finished child": "child", "new process group": "process group",
    "signal handler": "signal handler", "ignored signal": "signal handler", "signal mask": "signal mask",
    "alarm": "interval timers", "wakeup fd": "wakeup fd",
    "trace": ("audited event", "hook of the interpreter"), "profile": ("audited event", "hook of the interpreter"),
    "audit hook": "audited event", "stdout replaced": ("descriptors", "watched dict"),
    "environment": ("watched dict", "audited event"),
    "recursion limit": "recursion limit", "stdout reconfigured": "stream settings", "int digits": "int max str digits",
    "switch interval": "switch interval", "monitoring": "hook of the interpreter", "asyncgen hooks": "hook of the interpreter",
    "module added": "modules", "module replaced": "replaced", "module removed": "modules", "module imported": "modules",
    "sys.path": "list", "sys.meta_path": "list", "sys.path_hooks": "list", "warnings filter": "list",
    "gc callback": "list", "abc registration": "ABC", "gc disabled": "gc state", "gc threshold": "gc state",
    "atexit": "atexit", "descriptor left open": "descriptors", "open file kept by the student": "descriptors", "stdin replaced": "descriptors",
    "output made appending": "descriptors", "umask": "umask", "priority": "priority", "affinity": ("affinity", "priority"),
    "function code": "audited event", "function defaults": "audited event", "gc objects": "audited event",
    "frames": "audited event", "generator frame": "audited event", "ctypes": "audited event",
    "cwd": ("audited event", "cwd"), "resource limit": ("audited event", "resource limits"),
    "C environment": "audited event", "forged messages": "nonce", "fork hook": "audited event",
    "codec search function": "audited event", "coroutine origin tracking": "coroutine origin",
    "codec error handler": "audited event", "process name": "kernel", "subreaper turned off": "subreaper",
    "random generator attribute": "random generator",
}
WATCHED = "watched dict"  # every other case changes a dict the worker shares with later tests


@pytest.fixture(scope="module", params=LEVELS)
def session(request, tmp_path_factory):
    card = tmp_path_factory.mktemp("warm") / "card.py"
    card.write_text(CARD, encoding="utf-8")
    launcher = Launcher(request.param)
    session = SandboxSession({"card.py": card}, ["card"], launcher=launcher, warm=True)
    session.load()
    yield session
    session.close()
    launcher.close()


def one_test(session: SandboxSession, seed: int, function: str, *args):
    link = session.worker(seed)
    try:
        return getattr(Student(link, ["card"]).card, function)(*args), link
    finally:
        link.finish()
        session.output_since(0)


@pytest.mark.parametrize("case", sorted(set(CASES) - set(RESET)))
def test_a_test_that_leaves_something_behind_is_the_last_its_worker_serves(session, case):
    one_test(session, 1, "nothing")  # after the case before: a fresh fork, or the worker it left clean
    left, link = one_test(session, 2, "leave", CASES[case])
    assert left == "left"
    assert link.reused, "the test before left nothing: its worker must serve this one"
    retired_before = len(session.retired)
    _, after = one_test(session, 3, "nothing")
    assert not after.reused, f"{case}: the worker served another test"
    assert len(session.retired) == retired_before + 1
    reason = session.retired[-1]
    expected = CAUGHT.get(case, WATCHED)
    expected = (expected,) if isinstance(expected, str) else expected
    assert any(part in reason for part in expected), f"{case}: retired because {reason!r}, expected {expected!r}"


def test_a_finalizer_that_runs_after_the_test_is_audited_too(session):
    one_test(session, 1, "nothing")
    one_test(session, 2, "finalized")
    _, after = one_test(session, 3, "nothing")
    assert not after.reused and WATCHED in session.retired[-1]


def test_the_students_own_modules_and_random_are_fresh_in_every_test_and_the_worker_is_kept(session):
    one_test(session, 1, "nothing")
    reused = []
    for seed in range(4):
        count, link = one_test(session, seed, "count")
        assert count == 1  # the module-level list a test appended to is a new one in the next test
        value, link2 = one_test(session, seed, "first_random")
        assert value == random.Random(seed).random()
        reused += [link.reused, link2.reused]
    assert all(reused)


@pytest.mark.parametrize("case", sorted(RESET))
def test_what_the_worker_resets_keeps_it_serving_and_reaches_no_later_test(session, case):
    one_test(session, 1, "nothing")
    one_test(session, 2, "leave", CASES[case])
    found, after = one_test(session, 3, "seen", PROBES[case])
    assert after.reused, f"{case}: the worker was retired ({session.retired[-1:]}), though this is reset"
    assert found == RESET[case], f"{case}: the next test saw {found!r}"


@pytest.mark.parametrize("level", LEVELS)
def test_a_student_whose_leftovers_would_change_grades_gets_the_same_grade_in_both_modes(level, tmp_path):
    # rank() is right only when an earlier call left a count in builtins: in a fresh fork it is
    # always the first call, so every test of rank fails; a warm worker that kept serving after
    # such a test would pass the later ones.
    rank = ("        import builtins\n        calls = getattr(builtins, 'rank_calls', 0)\n"
            "        builtins.rank_calls = calls + 1\n        return self._rank if calls else 'wrong'\n")
    folder = tmp_path / "class" / "lefty"
    folder.mkdir(parents=True)
    (folder / "card.py").write_text(card_with({"        return self._rank\n": rank}), encoding="utf-8")
    results = {}
    for fresh in (False, True):
        found = find_submissions(tmp_path / "class", tmp_path / f"scratch-{fresh}")
        options = GradeOptions(only_activities=["A1"], isolation=level, fresh_process_per_test=fresh, jobs=1,
                               allow_unconfined_root=level == "process")
        work = tmp_path / f"work-{fresh}"
        work.mkdir()
        graded = grade(elevens_rubric(), found, options, work).submissions[0]
        results[fresh] = (graded.total, {(t.name, t.outcome) for a in graded.activities for t in a.tests})
        shutil.rmtree(work)
    assert results[False] == results[True]
    outcomes = dict(results[True][1])
    assert any("rank" in name and outcome != "passed" for name, outcome in outcomes.items())


def test_a_file_slower_to_execute_again_than_a_fork_ends_warm_service_for_its_sandbox(tmp_path):
    card = tmp_path / "card.py"
    card.write_text("TABLE = sum(i * i for i in range(2_000_000))\n\ndef nothing():\n    return 'ok'\n", encoding="utf-8")
    session = SandboxSession({"card.py": card}, ["card"], warm=True)
    try:
        session.load()
        links = [one_test(session, seed, "nothing")[1] for seed in range(4)]
    finally:
        session.close()
    assert [link.reused for link in links] == [False] * 4
    assert session.retired[0] == "slow"


def test_what_a_thread_left_running_would_print_later_reaches_no_test(session):
    one_test(session, 1, "nothing")
    left, _ = one_test(session, 2, "leave", "import threading, time\n"
                                            "def late():\n    time.sleep(0.2)\n    print('printed after the test', flush=True)\n"
                                            "threading.Thread(target=late).start()")
    assert left == "left"
    __import__("time").sleep(0.4)
    link = session.worker(3)
    offset = session.output_end()
    assert Student(link, ["card"]).card.nothing() == "ok"
    link.finish()
    assert session.output_since(offset)[0] == ""
    assert not link.reused and "thread" in session.retired[-1]
