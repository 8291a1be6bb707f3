"""Watching the interpreter's shared dictionaries, so a warm worker knows when any of them changed.

A warm worker (warm.py) serves many tests of one sandbox. Between tests it executes the
student's files anew, but everything else in the process is shared by those tests: the standard
library's modules, this runtime's modules and classes, ``builtins``, ``sys``. A test that
assigns ``json.dumps = ...``, ``random.randint = ...``, adds a name to ``builtins`` or changes
a class of the runtime would leave that change to the next test. Comparing every such entry
after every test costs more than the fork it replaces (about 12,000 entries, over a
millisecond here), so instead every one of those dictionaries is *watched* (CPython 3.12's dict
watchers, ``PyDict_AddWatcher``, reached through ctypes): any change to any of them, by Python
or C code, calls ``_changed`` before it happens, and in an armed worker that writes one byte on
the worker's socket to its zygote, which then retires the worker. Watching costs nothing while
nothing changes, so the check is free on the test's path.

What is watched (``watch_modules``): the ``__dict__`` of every module, and one level down from
it, of every dict, plain object (its ``__dict__``) and class (its ``__dict__``) a module holds, and
the keyword defaults and attribute dicts of its functions; then one level further for the
objects' and classes' dicts. The launcher watches what it has imported before any sandbox exists
(so this costs once per grading process); a warm zygote adds the modules the student's files
brought in. A few dicts change on every test by design (caches: ``linecache.cache``, the ``re``
caches, the import locks) and are *reset* instead of watched (warm.py); ``sys.modules`` and
the random generator's state are handled there too.

Lists and sets cannot be watched; warm.py compares the few a module holds. What no watcher
sees is listed in docs/security.md ("Warm workers").

Outside an armed worker (the launcher, a zygote, any worker of the fresh mode) the callback
runs and writes nothing. The switch is itself a watched dict (``ARMED``): disarming it from
student code is reported by the watcher before it takes effect.

Python 3.10 and 3.11 have no dict watchers: ``AVAILABLE`` is False, and the sandbox gives every
test a fresh fork (the fresh mode) there.
"""

import atexit
import gc
import os
import sys
import types

try:
    import ctypes

    _api = ctypes.pythonapi
    _CALLBACK = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
    _add_watcher = _api.PyDict_AddWatcher
    _add_watcher.argtypes = [_CALLBACK]
    _add_watcher.restype = ctypes.c_int
    _watch = _api.PyDict_Watch
    _watch.argtypes = [ctypes.c_int, ctypes.py_object]
    _watch.restype = ctypes.c_int
    _clear_watcher = _api.PyDict_ClearWatcher
    _clear_watcher.argtypes = [ctypes.c_int]
    AVAILABLE = sys.version_info >= (3, 12)
except (ImportError, AttributeError, OSError):  # no ctypes, or a Python without dict watchers
    AVAILABLE = False

# Where a change is reported: the worker's socket to its zygote, once the worker is armed.
ARMED = {"fd": -1}
CHANGED = b"~"  # the byte a watcher writes; the audit hook writes AUDITED (warm.py)

# Dicts that change on every test by design: reset after each test instead (warm.py).
RESET = (("linecache", "cache"), ("re", "_cache"), ("re", "_cache2"), ("encodings", "_cache"),
         ("importlib._bootstrap", "_module_locks"), ("_frozen_importlib", "_module_locks"))
# Objects whose own dict is state a test is expected to change and the next one resets:
# the generator behind ``random.random`` and friends, reseeded before every test.
UNWATCHED_OBJECTS = (("random", "_inst"),)


def _changed(event, dictionary, key, value, _armed=ARMED, _write=os.write, _mark=CHANGED, _error=Exception):
    """Called by CPython before any watched dict changes. Never raises (a watcher that raises
    would make the student's assignment fail, which it would not in a fresh process)."""
    try:
        fd = _armed["fd"]
        if fd >= 0:
            _write(fd, _mark)
    except _error:
        pass
    return 0


_WATCHER: int | None = None
_CALLBACK_OBJECT = None  # kept alive as long as the process: the interpreter holds only its address
_SEEN_MODULES: set[str] = set()
_SEEN: set[int] = set()  # ids of dicts already watched (the objects stay alive: they are a module's)


def start() -> bool:
    """Register the watcher (once per process: the launcher) and watch every module imported so
    far. Forked processes inherit both."""
    global _WATCHER, _CALLBACK_OBJECT
    if not AVAILABLE:
        return False
    if _WATCHER is None:
        _CALLBACK_OBJECT = _CALLBACK(_changed)
        watcher = _add_watcher(_CALLBACK_OBJECT)
        if watcher < 0:
            return False
        _WATCHER = watcher
        atexit.register(_stop)  # an interpreter that shuts down normally frees watched dicts
        _watch(_WATCHER, ARMED)
    watch_modules()
    return True


def active() -> bool:
    return _WATCHER is not None


def _stop() -> None:
    if _WATCHER is not None:
        _clear_watcher(_WATCHER)


def arm(fd: int) -> None:
    """From now on a change to any watched dict writes CHANGED on ``fd`` (a warm worker's socket)."""
    ARMED["fd"] = fd


def watch(dictionary) -> None:
    if _WATCHER is not None and type(dictionary) is dict and id(dictionary) not in _SEEN:
        _SEEN.add(id(dictionary))
        _watch(_WATCHER, dictionary)


def watch_modules(skip: frozenset = frozenset()) -> None:
    """Watch the modules imported since the last call (see the module docstring), but not those
    named in ``skip`` (the student's files, executed anew for every test)."""
    if _WATCHER is None:
        return
    reset = {id(getattr(sys.modules.get(module), name, None)) for module, name in RESET}
    unwatched = {id(getattr(sys.modules.get(module), name, None)) for module, name in UNWATCHED_OBJECTS}
    reset.discard(id(None))
    for name, module in list(sys.modules.items()):
        if name in _SEEN_MODULES or name in skip or type(module) is not types.ModuleType:
            continue
        _SEEN_MODULES.add(name)
        namespace = module.__dict__
        watch(namespace)
        for value in list(namespace.values()):
            if id(value) in reset or id(value) in unwatched or value is sys.modules:
                continue
            for inner in _dicts_of(value, reset):
                watch(inner)


def _dicts_of(value, reset: set) -> list:
    """The dicts ``value`` holds at its first level (itself if a dict; an object's or a class's
    own dict, and the dicts and objects' dicts that one holds; a function's keyword defaults and
    attributes)."""
    kind = type(value)
    if kind is dict:
        return [value]
    if kind is types.FunctionType:
        return [d for d in (value.__kwdefaults__, value.__dict__) if type(d) is dict]
    if kind is types.ModuleType or kind is types.BuiltinFunctionType:
        return []
    own = _own_dict(value)
    if own is None:
        return []
    found = [own]
    for inner in list(own.values()):
        if id(inner) in reset:
            continue
        if type(inner) is dict:
            found.append(inner)
        elif type(inner) is not types.ModuleType and not isinstance(inner, type):
            deeper = _own_dict(inner) if type(inner) not in (types.FunctionType, types.BuiltinFunctionType) else None
            if deeper is not None:
                found.append(deeper)
    return found


def _own_dict(value) -> dict | None:
    """The dict behind an object's attributes, or a (Python-defined) class's namespace."""
    if isinstance(value, type):
        if not value.__flags__ & (1 << 9):  # Py_TPFLAGS_HEAPTYPE: built-in types cannot change
            return None
        proxy = type.__dict__["__dict__"].__get__(value)
        referents = gc.get_referents(proxy)
        return referents[0] if referents and type(referents[0]) is dict else None
    try:
        own = object.__getattribute__(value, "__dict__")
    except (AttributeError, TypeError):
        return None
    return own if type(own) is dict else None
