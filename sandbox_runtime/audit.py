"""What a test could leave behind in a warm worker outside the student's modules, and whether it did.

A warm worker (warm.py) takes a ``Baseline`` before its first test, while it is still exactly
a fresh fork, and after each test (once the student's files have been executed anew) asks
``Baseline.difference()``: the first thing that is not as it was, or None. Any difference
retires the worker: the next test gets a fresh fork, as in the fresh mode.

The shared dictionaries (modules, classes, ``builtins``, ``sys``'s attributes) are watched, not
compared (watching.py), and a few events no comparison can see afterwards are reported as they
happen by an audit hook (``install_hook``: a new audit hook, a trace function, ``gc`` and frame
introspection, ctypes, a function's code replaced). This module compares the rest, the state of
the process itself: threads, children, signals, descriptors, working folder, umask, resource
limits, interpreter settings, ``sys.modules``, and the lists and sets modules hold.

Every comparison either uses identity (``is``) or compares values only C functions made (ints,
strings, tuples of them), so an object that claims to equal anything cannot pass, and no code
of the student's runs during the audit.
"""

import _signal
import _thread
import abc
import atexit
import fcntl
import gc
import io
import operator
import os
import signal
import sys
import types

from sandbox_runtime import lifetime

try:
    import resource
except ImportError:  # not on Windows
    resource = None

try:
    import ctypes
except ImportError:
    ctypes = None

AUDITED = b"!"  # written on the worker's socket by the audit hook; watching.CHANGED by the watchers
_is = operator.is_

# Audit events after which the worker cannot be trusted for another test: they reach state no
# comparison sees (the interpreter's audit hooks, a trace function while it runs, the frames and
# objects of the runtime itself, raw memory) or change what the next test would inherit.
REPORTED = frozenset({
    "sys.addaudithook", "sys.settrace", "sys.setprofile", "sys._getframe", "sys._current_frames",
    "sys._current_exceptions", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
    "ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle", "ctypes.cdata", "ctypes.cdata/buffer",
    "ctypes.string_at", "ctypes.wstring_at", "ctypes.addressof", "ctypes.call_function",
    "os.putenv", "os.unsetenv", "os.chdir", "os.chroot", "resource.setrlimit", "resource.prlimit",
    "sys.monitoring.register_callback", "cpython._PySys_ClearAuditHooks", "setopencodehook",
})
# Reading these reaches a frame, and from it every frame of the runtime below the student's.
FRAME_ATTRIBUTES = frozenset({"gi_frame", "cr_frame", "ag_frame"})
# Setting these on a function or class of the standard library or the runtime changes it without
# touching a dict (its code, its defaults, its bases): a watcher cannot see it.
ATTRIBUTES_OUTSIDE_DICTS = frozenset({"__code__", "__defaults__", "__kwdefaults__", "__bases__",
                                      "__name__", "__qualname__", "__class__"})


def install_hook(fd: int, student_modules: frozenset) -> None:
    """Report the events above by writing AUDITED on ``fd``. ``student_modules``: the names of
    the modules executed anew for each test, whose own functions and classes may change freely.

    The hook holds only immutable values (its defaults), so student code cannot quietly change
    what it does: replacing its defaults or code is itself an event it reports. It never raises
    (an exception from an audit hook would make the student's call fail, which it would not in
    a fresh process)."""

    def hook(event, args, _reported=REPORTED, _frames=FRAME_ATTRIBUTES, _outside=ATTRIBUTES_OUTSIDE_DICTS,
             _write=os.write, _fd=fd, _mark=AUDITED, _students=student_modules, _function=types.FunctionType,
             _type=type, _module=type.__dict__["__module__"].__get__, _error=Exception):
        try:
            if event in _reported:
                _write(_fd, _mark)
            elif event == "object.__getattr__":
                if args[1] in _frames:
                    _write(_fd, _mark)
            elif event == "object.__setattr__" or event == "object.__delattr__":
                target, name = args[0], args[1]
                if name in _outside:
                    kind = _type(target)
                    if kind is _function:
                        owner = target.__globals__.get("__name__")
                    elif isinstance(target, _type):
                        owner = _module(target)
                    else:
                        owner = None
                    if owner not in _students:
                        _write(_fd, _mark)
        except _error:
            pass

    sys.addaudithook(hook)


# Functions that register a callback in a list of the interpreter's own, which no Python code can
# list: a fork hook runs in every later fork, a codec search function in every later lookup.
REGISTRATIONS = (("os", "register_at_fork"), ("posix", "register_at_fork"), ("codecs", "register"),
                 ("_codecs", "register"), ("codecs", "unregister"), ("_codecs", "unregister"),
                 ("codecs", "register_error"), ("_codecs", "register_error"))


def report_registrations(fd: int) -> None:
    """In a warm worker, before it is armed: each function above reports its calls as an
    audited event (writes AUDITED on ``fd``), then does what it always did."""
    for module_name, name in REGISTRATIONS:
        module = sys.modules.get(module_name)
        original = getattr(module, name, None)
        if original is not None:
            setattr(module, name, _reporting(original, fd))


def _reporting(original, fd: int):
    def registering(*args, _original=original, _write=os.write, _fd=fd, _mark=AUDITED, _error=Exception, **kwargs):
        try:
            _write(_fd, _mark)
        except _error:
            pass
        return _original(*args, **kwargs)

    registering.__name__ = registering.__qualname__ = original.__name__
    registering.__doc__ = original.__doc__
    return registering


class Baseline:
    """The process as a fresh fork has it, for comparison after each test."""

    def __init__(self, student_modules: frozenset, lists: list, sets: list) -> None:
        self.students = student_modules
        modules = {name: module for name, module in sys.modules.items() if name not in student_modules}
        self.module_names, self.module_objects = tuple(modules), tuple(modules.values())
        self.present = frozenset(name for name in sys.modules if name in student_modules)
        # ``__all__`` lists (a third of the items, read only by ``import *``) are compared by value:
        # a fast comparison that could be fooled only by an element replaced in place by an object
        # that claims to equal the old one; every other list by identity.
        self.lists = [(held, tuple(held)) for held in lists if not _names(held)]
        self.names = [(held, list(held)) for held in lists if _names(held)]
        # Sets by identity too: an unchanged set iterates its items in the same order.
        self.lists += [(held, tuple(held)) for held in sets]
        self.handlers = _handlers()
        self.objects = _interpreter_objects()
        self.values = _process_values()
        self.descriptors = _descriptors()
        self.kernel = _kernel_status()
        self.random_names = _random_names()

    def difference(self) -> str | None:
        """The first thing that is not as it was, in words; None if nothing differs."""
        kernel = _kernel_status()
        if _thread._count() or kernel.get(b"Threads", b"1") != b"1":
            return "a thread is still running"
        if _has_children():
            return "a child process is still there"
        if os.getpgid(0) != os.getpid():  # the zygote made it a group of its own for its first test
            return "it left its process group"
        if not _subreaper():
            return "it is no longer the subreaper of its descendants"
        modules = sys.modules
        if len(modules) != len(self.module_names) + len(self.present):
            return "modules were imported or removed"
        if not all(map(_is, map(modules.get, self.module_names), self.module_objects)):
            replaced = next(name for name, module in zip(self.module_names, self.module_objects) if modules.get(name) is not module)
            return f"sys.modules[{replaced!r}] was replaced"
        for name in self.present:
            if name not in modules:
                return f"the student's module {name} is missing"
        for held, items in self.lists:
            if len(held) != len(items) or not all(map(_is, held, items)):
                return "a list or set held by a module changed"
        for held, items in self.names:
            if held != items:
                return "a list or set held by a module changed"
        handlers = _handlers()
        if len(handlers) != len(self.handlers) or not all(map(_is, handlers, self.handlers)):
            return "a signal handler changed"
        if _random_names() != self.random_names:  # its state is reseeded for each test, its names are not
            return "the random generator was given an attribute"
        objects = _interpreter_objects()
        if not all(map(_is, objects, self.objects)):
            return "a hook of the interpreter changed (trace, profile, asyncgen or monitoring)"
        values = _process_values()
        if values != self.values:  # built-in values only, made by C functions: no object of the student's
            return "a setting of the process changed (" + _which(values, self.values) + ")"
        if _descriptors() != self.descriptors:
            return "open descriptors changed"
        if kernel != self.kernel:
            changed = sorted(key.decode() for key in set(kernel) | set(self.kernel) if kernel.get(key) != self.kernel.get(key))
            return "what the kernel holds of the process changed (" + ", ".join(changed) + ")"
        return None


def _names(held: list) -> bool:
    """Whether ``held`` is a module's ``__all__`` (its items all exactly ``str``)."""
    return any(held is getattr(module, "__all__", None) for module in list(sys.modules.values())) \
        and {str}.issuperset(map(type, held))


_NAMES = ("cwd", "umask", "resource limits", "recursion limit", "switch interval", "int max str digits",
          "dlopen flags", "gc state", "atexit callbacks", "ABC registrations", "interval timers",
          "wakeup fd", "session", "priority", "ids", "CPU affinity", "stream settings",
          "signal mask", "coroutine origin tracking")


def _which(values: tuple, expected: tuple) -> str:
    for name, value, old in zip(_NAMES, values, expected):
        if value != old:
            return name
    return "?"


def _handlers() -> tuple:
    return tuple(_signal.getsignal(number) for number in _SIGNALS)


_SIGNALS = sorted(int(number) for number in signal.valid_signals() if number not in (signal.SIGKILL, signal.SIGSTOP))


def _interpreter_objects() -> tuple:
    objects = [sys.gettrace(), sys.getprofile(), *sys.get_asyncgen_hooks()]
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is not None:
        objects += [monitoring.get_tool(tool) for tool in range(6)]
    return tuple(objects)


def _process_values() -> tuple:
    mask = os.umask(0o077)
    os.umask(mask)
    limits = tuple(resource.getrlimit(number) for number in _LIMITS) if resource is not None else ()
    wakeup = _signal.set_wakeup_fd(-1)
    if wakeup != -1:
        _signal.set_wakeup_fd(wakeup)
    timers = tuple(_signal.getitimer(which) for which in (_signal.ITIMER_REAL, _signal.ITIMER_VIRTUAL, _signal.ITIMER_PROF))
    streams = tuple((stream.line_buffering, stream.write_through) if type(stream) is io.TextIOWrapper else None
                    for stream in (sys.stdout, sys.stderr))
    return (
        _cwd(), mask, limits, sys.getrecursionlimit(), sys.getswitchinterval(),
        sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0,
        sys.getdlopenflags() if hasattr(sys, "getdlopenflags") else 0,
        (gc.isenabled(), gc.get_threshold(), gc.get_debug()),
        atexit._ncallbacks(), abc.get_cache_token(), timers, wakeup,
        os.getsid(0), os.getpriority(os.PRIO_PROCESS, 0),
        (os.getresuid(), os.getresgid(), tuple(os.getgroups())) if hasattr(os, "getresuid") else (),
        tuple(sorted(os.sched_getaffinity(0))) if hasattr(os, "sched_getaffinity") else (),
        streams, frozenset(_signal.pthread_sigmask(_signal.SIG_BLOCK, [])), sys.get_coroutine_origin_tracking_depth(),
    )


_LIMITS = tuple(getattr(resource, name) for name in dir(resource) if name.startswith("RLIMIT_")) if resource else ()


def _cwd() -> str:
    try:
        return os.getcwd()
    except OSError:
        return ""  # removed from under us: differs from any real folder


# What the kernel says of the process (Linux): threads, signal dispositions (a handler set through
# ctypes' sigaction never shows in the signal module), name, capabilities, no_new_privs, seccomp
# filters (prctl through a ctypes function the runtime holds is no audited event), CPU and
# memory node sets. Pending signals are not compared: the next test drops them before it starts.
_KERNEL_KEYS = frozenset({b"Name", b"Umask", b"Threads", b"SigBlk", b"SigIgn", b"SigCgt", b"CapInh", b"CapPrm",
                          b"CapEff", b"CapBnd", b"CapAmb", b"NoNewPrivs", b"Seccomp", b"Seccomp_filters",
                          b"Cpus_allowed_list", b"Mems_allowed_list", b"Speculation_Store_Bypass"})


def _kernel_status() -> dict:
    try:
        with open("/proc/self/status", "rb") as status:
            text = status.read()
    except OSError:
        return {}  # no /proc (macOS): the comparisons above are all there is
    found = {}
    for line in text.split(b"\n"):
        key, _, value = line.partition(b":")
        if key in _KERNEL_KEYS:
            found[key] = value.strip()
    return found


def _random_names() -> tuple:
    """The attributes of ``random``'s shared generator: the watchers leave its dict alone (every
    test changes its state, and each test's seed resets it), so an attribute added is looked for here."""
    generator = getattr(sys.modules.get("random"), "_inst", None)
    own = getattr(generator, "__dict__", None)
    return tuple(own) if type(own) is dict else ()


def running_descendants() -> bool:
    """Whether a thread or a child process of the test may still be running (cheap: at the end of
    every test, before its output is declared complete)."""
    return bool(_thread._count()) or _kernel_status().get(b"Threads", b"1") != b"1" or _has_children()


def _subreaper() -> bool:
    """Whether orphaned descendants still come to this process (Linux; elsewhere always True)."""
    if lifetime._prctl is None:
        return True
    flag = ctypes.c_int()
    return lifetime._prctl(37, ctypes.byref(flag), 0, 0, 0) != 0 or flag.value == 1  # PR_GET_CHILD_SUBREAPER


def _has_children() -> bool:
    """Whether this process has any child, running or finished. A warm worker is a child subreaper
    (Linux), so a grandchild whose parent exited is its child too."""
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return False
    return True


def _descriptors() -> tuple:
    """Every open descriptor: what it is (device, inode, type) and its status flags (so an output
    made non-blocking or appending is seen)."""
    folder = "/proc/self/fd" if os.path.isdir("/proc/self/fd") else "/dev/fd"
    found = []
    for name in sorted(os.listdir(folder), key=int):
        fd = int(name)
        try:
            info = os.fstat(fd)
            found.append((fd, info.st_dev, info.st_ino, info.st_mode, fcntl.fcntl(fd, fcntl.F_GETFL)))
        except OSError:
            continue  # the listing's own descriptor, closed again
    return tuple(found)
